//! A fake Discord on 127.0.0.1 for end-to-end tests: the REST routes the bot uses and a
//! gateway WebSocket, so the real serenity/poise client can run against it.
//!
//! The fake records every REST call, lets a test wait for one, pushes interactions through
//! the gateway, and enforces Discord's limits (3 s to answer an interaction, 25 autocomplete
//! choices, 5 rows of 5 buttons, 100-character custom ids, upload size). Each breach is
//! answered with the error Discord would give and recorded as a violation; tests end with
//! [`FakeDiscord::assert_no_violations`].

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::ws::{Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, FromRequest, Multipart, Request, State};
use axum::http::{header, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use futures::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::sync::{mpsc, watch};

use super::fixtures::{self, kind, InteractionBuilder, APPLICATION_ID, BOT_NAME};
use super::limits;

/// How long Discord waits for the first response to an interaction.
pub const RESPONSE_DEADLINE: Duration = Duration::from_secs(3);
/// How long the `*_default` waits of this module wait before failing the test.
pub const DEFAULT_WAIT: Duration = Duration::from_secs(15);
/// The token the fake accepts.
pub const TOKEN: &str = "fake-bot-token.for-tests-only";
/// Interaction response and message flag: only the user who acted can see it.
pub const EPHEMERAL: u64 = 1 << 6;

/// Interaction callback types on the wire.
pub mod callback {
    pub const MESSAGE: u64 = 4;
    pub const DEFERRED_MESSAGE: u64 = 5;
    pub const DEFERRED_UPDATE: u64 = 6;
    pub const UPDATE_MESSAGE: u64 = 7;
    pub const AUTOCOMPLETE: u64 = 8;
    pub const MODAL: u64 = 9;
}

/// A file uploaded in a multipart request.
#[derive(Debug, Clone)]
pub struct UploadedFile {
    /// Form field, e.g. `files[0]`.
    pub field: String,
    pub filename: String,
    pub content_type: Option<String>,
    pub bytes: Vec<u8>,
}

/// One REST request the bot made, and how the fake answered it.
#[derive(Debug, Clone)]
pub struct RestCall {
    pub method: String,
    /// The path without the query, e.g. `/api/v10/interactions/7/tok/callback`.
    pub path: String,
    pub query: Option<String>,
    pub content_type: Option<String>,
    /// Whether the request carried the bot token.
    pub authorized: bool,
    /// The JSON body, or `payload_json` of a multipart body.
    pub json: Option<Value>,
    /// Files of a multipart body.
    pub files: Vec<UploadedFile>,
    /// The status the fake answered with.
    pub status: u16,
    /// The message this call created or changed, as Discord would now show it.
    pub message: Option<Value>,
}

impl RestCall {
    /// Whether this is `method` on `path` (query ignored).
    pub fn is(&self, method: &str, path: &str) -> bool {
        self.method == method && self.path == path
    }

    /// Whether this is the first-response callback of `sent`.
    pub fn is_callback_for(&self, sent: &SentInteraction) -> bool {
        self.is("POST", &sent.callback_path())
    }

    /// Whether this is a follow-up or an edit through the interaction webhook of `sent`.
    pub fn is_webhook_for(&self, sent: &SentInteraction) -> bool {
        self.path.starts_with(&format!(
            "/api/v10/webhooks/{APPLICATION_ID}/{}",
            sent.token
        ))
    }

    /// Whether this registers the command list (globally, or in `guild` if given).
    pub fn is_command_registration(&self, guild: Option<u64>) -> bool {
        let path = match guild {
            Some(guild) => {
                format!("/api/v10/applications/{APPLICATION_ID}/guilds/{guild}/commands")
            }
            None => format!("/api/v10/applications/{APPLICATION_ID}/commands"),
        };
        self.is("PUT", &path)
    }

    /// The callback type of an interaction response.
    pub fn callback_type(&self) -> Option<u64> {
        self.json.as_ref()?.get("type")?.as_u64()
    }

    /// The message part of the request: `data` of an interaction response, else the body.
    pub fn message_payload(&self) -> Option<&Value> {
        let json = self.json.as_ref()?;
        if self.path.ends_with("/callback") {
            json.get("data")
        } else {
            Some(json)
        }
    }

    /// The text the bot sent.
    pub fn content(&self) -> Option<&str> {
        self.message_payload()?.get("content")?.as_str()
    }

    /// Whether the message is private to the user who acted.
    pub fn is_ephemeral(&self) -> bool {
        self.message_payload()
            .and_then(|payload| payload.get("flags"))
            .and_then(Value::as_u64)
            .is_some_and(|flags| flags & EPHEMERAL != 0)
    }

    /// The custom ids of every component, row by row.
    pub fn custom_ids(&self) -> Vec<String> {
        let rows = self
            .message_payload()
            .and_then(|payload| payload.get("components"))
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        rows.iter()
            .filter_map(|row| row.get("components").and_then(Value::as_array))
            .flatten()
            .filter_map(|component| component.get("custom_id").and_then(Value::as_str))
            .map(str::to_owned)
            .collect()
    }

    /// Autocomplete choices offered, as (name, value) pairs.
    pub fn choices(&self) -> Vec<(String, Value)> {
        self.json
            .as_ref()
            .and_then(|json| json.pointer("/data/choices"))
            .and_then(Value::as_array)
            .map(|choices| {
                choices
                    .iter()
                    .map(|choice| {
                        let name = choice["name"].as_str().unwrap_or_default().to_owned();
                        (name, choice["value"].clone())
                    })
                    .collect()
            })
            .unwrap_or_default()
    }
}

/// An interaction the fake dispatched.
#[derive(Debug, Clone)]
pub struct SentInteraction {
    pub id: u64,
    pub token: String,
    pub kind: u64,
}

impl SentInteraction {
    pub fn callback_path(&self) -> String {
        format!("/api/v10/interactions/{}/{}/callback", self.id, self.token)
    }
}

/// What the fake knows about the gateway connection.
#[derive(Debug, Clone, Default)]
pub struct GatewayStatus {
    /// WebSocket connections opened.
    pub connections: u32,
    /// IDENTIFY messages received.
    pub identifies: u32,
    /// Heartbeats received (each answered).
    pub heartbeats: u32,
    /// Whether a connection is open and READY has been sent on it.
    pub ready: bool,
    /// Close codes the bot sent, in order.
    pub close_codes: Vec<u16>,
    /// Intents asked for in the last IDENTIFY.
    pub intents: Option<u64>,
}

/// The running fake. Dropping it stops the server.
pub struct FakeDiscord {
    addr: SocketAddr,
    shared: Arc<Shared>,
    server: tokio::task::JoinHandle<()>,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        self.server.abort();
    }
}

impl FakeDiscord {
    /// Starts the fake on a free port of 127.0.0.1, asking for heartbeats every 41.25 s as
    /// Discord does.
    pub async fn start() -> Self {
        Self::start_with_heartbeat(Duration::from_millis(41_250)).await
    }

    /// Starts the fake asking for a heartbeat every `interval`.
    pub async fn start_with_heartbeat(interval: Duration) -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind 127.0.0.1:0");
        let addr = listener.local_addr().expect("local address");
        let shared = Arc::new(Shared::new(addr, interval));
        let app = Router::new()
            .route("/gw", get(gateway))
            .fallback(rest)
            .layer(DefaultBodyLimit::max(256 * 1024 * 1024))
            .with_state(Arc::clone(&shared));
        let server = tokio::spawn(async move {
            if let Err(why) = axum::serve(listener, app).await {
                eprintln!("fake Discord stopped: {why}");
            }
        });
        Self {
            addr,
            shared,
            server,
        }
    }

    /// What `DISCORD_API_BASE` must be set to.
    pub fn api_base(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// The token the fake accepts.
    pub fn token(&self) -> &'static str {
        TOKEN
    }

    /// Every REST call so far, in order.
    pub fn calls(&self) -> Vec<RestCall> {
        self.shared.state().calls.clone()
    }

    /// Waits until a REST call matching `predicate` has been made (or was made already)
    /// and returns the first one. Fails the test after `timeout`, listing the calls seen.
    pub async fn wait_for(
        &self,
        what: &str,
        timeout: Duration,
        predicate: impl Fn(&RestCall) -> bool,
    ) -> RestCall {
        self.wait_until(what, timeout, |state| {
            state.calls.iter().find(|call| predicate(call)).cloned()
        })
        .await
    }

    /// Waits for the bot's first response to `sent`.
    pub async fn response_to(&self, sent: &SentInteraction) -> RestCall {
        let what = format!("the response to interaction {}", sent.id);
        self.wait_for(&what, DEFAULT_WAIT, |call| call.is_callback_for(sent))
            .await
    }

    /// Waits for the command list to be registered (in `guild`, or globally).
    pub async fn registered_commands(&self, guild: Option<u64>) -> RestCall {
        let what = match guild {
            Some(guild) => format!("command registration in guild {guild}"),
            None => "global command registration".to_owned(),
        };
        self.wait_for(&what, DEFAULT_WAIT, |call| {
            call.is_command_registration(guild)
        })
        .await
    }

    /// Waits until the bot has identified on the gateway and READY has been sent.
    pub async fn wait_until_ready(&self, timeout: Duration) {
        self.wait_until("the gateway to be ready", timeout, |state| {
            state.gateway.ready.then_some(())
        })
        .await
    }

    /// Waits until the bot has sent `count` heartbeats in all.
    pub async fn wait_for_heartbeats(&self, count: u32, timeout: Duration) -> GatewayStatus {
        let what = format!("{count} heartbeats");
        self.wait_until(&what, timeout, |state| {
            (state.gateway.heartbeats >= count).then(|| state.gateway.status())
        })
        .await
    }

    /// Waits until the bot has closed its gateway connection.
    pub async fn wait_for_gateway_close(&self, timeout: Duration) -> GatewayStatus {
        self.wait_until("the bot to close the gateway", timeout, |state| {
            (!state.gateway.close_codes.is_empty() && state.gateway.sender.is_none())
                .then(|| state.gateway.status())
        })
        .await
    }

    /// The state of the gateway connection.
    pub fn gateway_status(&self) -> GatewayStatus {
        self.shared.state().gateway.status()
    }

    /// Dispatches an interaction over the gateway, once the gateway is ready. The payload is
    /// first read back with serenity's own model: a payload serenity cannot read would be
    /// dropped by the bot with only a log line, so it fails the test here instead.
    pub async fn send(&self, interaction: &InteractionBuilder) -> SentInteraction {
        self.wait_until_ready(DEFAULT_WAIT).await;
        let (sent, payload) = self.open(interaction);
        self.shared.state().dispatch("INTERACTION_CREATE", payload);
        sent
    }

    /// Creates an interaction on the fake's side without dispatching it, so a test of the
    /// fake itself can answer it with a plain REST client.
    pub fn open_interaction(&self, interaction: &InteractionBuilder) -> SentInteraction {
        self.open(interaction).0
    }

    /// Makes an interaction look `by` older, to test the response deadline without waiting.
    pub fn age_interaction(&self, sent: &SentInteraction, by: Duration) {
        let mut state = self.shared.state();
        let pending = state
            .interactions
            .get_mut(&sent.id)
            .expect("an interaction the fake created");
        pending.sent_at = pending
            .sent_at
            .checked_sub(by)
            .expect("the clock goes back that far");
    }

    fn open(&self, interaction: &InteractionBuilder) -> (SentInteraction, Value) {
        let id = self.shared.next_id();
        let token = format!("interaction-token-{id}");
        let mut state = self.shared.state();
        let command_id = state.command_ids.get(interaction.name()).copied();
        let payload = interaction.build(id, &token, command_id);
        if let Err(why) = check_interaction_payload(&payload, interaction.kind()) {
            drop(state);
            panic!("{why}");
        }
        state.interactions.insert(
            id,
            PendingInteraction {
                kind: interaction.kind(),
                token: token.clone(),
                sent_at: Instant::now(),
                acknowledged: None,
                attachment_size_limit: interaction.attachment_size_limit_bytes(),
                original: payload.get("message").cloned(),
                channel_id: payload["channel_id"].as_str().unwrap_or("0").to_owned(),
                what: interaction.name().to_owned(),
            },
        );
        state.tokens.insert(token.clone(), id);
        drop(state);
        self.shared.changed.send_replace(());
        let sent = SentInteraction {
            id,
            token,
            kind: interaction.kind(),
        };
        (sent, payload)
    }

    /// Dispatches any other gateway event (e.g. `GUILD_CREATE`) once the gateway is ready.
    pub async fn dispatch(&self, event: &str, data: Value) {
        self.wait_until_ready(DEFAULT_WAIT).await;
        self.shared.state().dispatch(event, data);
    }

    /// Every breach of Discord's rules seen so far, including interactions left unanswered
    /// for longer than Discord waits.
    pub fn violations(&self) -> Vec<String> {
        let state = self.shared.state();
        let mut violations = state.violations.clone();
        for (id, pending) in &state.interactions {
            if pending.acknowledged.is_none() && pending.sent_at.elapsed() > RESPONSE_DEADLINE {
                violations.push(format!(
                    "interaction {id} ({}) got no response within {RESPONSE_DEADLINE:?}",
                    pending.what
                ));
            }
        }
        violations
    }

    /// Fails the test if Discord would have refused anything the bot did.
    pub fn assert_no_violations(&self) {
        let violations = self.violations();
        assert!(
            violations.is_empty(),
            "the bot broke Discord's rules:\n- {}",
            violations.join("\n- ")
        );
    }

    async fn wait_until<T>(
        &self,
        what: &str,
        timeout: Duration,
        check: impl Fn(&Recorded) -> Option<T>,
    ) -> T {
        let mut changed = self.shared.changed.subscribe();
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            changed.borrow_and_update();
            if let Some(found) = check(&self.shared.state()) {
                return found;
            }
            if tokio::time::timeout_at(deadline, changed.changed())
                .await
                .is_err()
            {
                let state = self.shared.state();
                let calls: Vec<String> = state
                    .calls
                    .iter()
                    .map(|call| format!("{} {} -> {}", call.method, call.path, call.status))
                    .collect();
                panic!(
                    "timed out after {timeout:?} waiting for {what}\nREST calls:\n  {}\ngateway: {:?}\nviolations: {:?}",
                    calls.join("\n  "),
                    state.gateway.status(),
                    state.violations,
                );
            }
        }
    }
}

/// Whether serenity reads `payload` as an interaction of type `kind`; if not, why.
pub fn check_interaction_payload(payload: &Value, kind: u64) -> Result<(), String> {
    use serenity::model::application::Interaction;
    let interaction: Interaction = serde_json::from_value(payload.clone())
        .map_err(|why| format!("serenity cannot read this interaction: {why}\n{payload:#}"))?;
    let read_kind = match interaction {
        Interaction::Command(_) => kind::COMMAND,
        Interaction::Component(_) => kind::COMPONENT,
        Interaction::Autocomplete(_) => kind::AUTOCOMPLETE,
        _ => 0,
    };
    if read_kind != kind {
        return Err(format!(
            "serenity read interaction type {read_kind}, not {kind}\n{payload:#}"
        ));
    }
    Ok(())
}

/// Panics unless serenity reads `value` as a `T`: keeps the fake's answers honest.
fn assert_serenity_reads<T: serde::de::DeserializeOwned>(what: &str, value: &Value) {
    if let Err(why) = serde_json::from_value::<T>(value.clone()) {
        panic!("the fake built a {what} serenity cannot read: {why}\n{value:#}");
    }
}

struct PendingInteraction {
    kind: u64,
    token: String,
    sent_at: Instant,
    /// The callback type of the first response.
    acknowledged: Option<u64>,
    attachment_size_limit: u64,
    /// The message the response is (or, for a click, the clicked message).
    original: Option<Value>,
    channel_id: String,
    what: String,
}

#[derive(Default)]
struct Gateway {
    sender: Option<mpsc::UnboundedSender<String>>,
    connection: u64,
    seq: u64,
    ready: bool,
    connections: u32,
    identifies: u32,
    heartbeats: u32,
    close_codes: Vec<u16>,
    intents: Option<u64>,
}

impl Gateway {
    fn status(&self) -> GatewayStatus {
        GatewayStatus {
            connections: self.connections,
            identifies: self.identifies,
            heartbeats: self.heartbeats,
            ready: self.ready,
            close_codes: self.close_codes.clone(),
            intents: self.intents,
        }
    }
}

struct Recorded {
    calls: Vec<RestCall>,
    violations: Vec<String>,
    interactions: HashMap<u64, PendingInteraction>,
    tokens: HashMap<String, u64>,
    /// Registered command ids by name.
    command_ids: HashMap<String, u64>,
    gateway: Gateway,
}

impl Recorded {
    fn dispatch(&mut self, event: &str, data: Value) {
        let Some(sender) = &self.gateway.sender else {
            panic!("no gateway connection to dispatch {event} on");
        };
        self.gateway.seq += 1;
        let frame = json!({ "op": 0, "s": self.gateway.seq, "t": event, "d": data });
        if sender.send(frame.to_string()).is_err() {
            panic!("the gateway connection closed before {event} could be sent");
        }
    }
}

struct Shared {
    addr: SocketAddr,
    heartbeat_interval: Duration,
    state: Mutex<Recorded>,
    changed: watch::Sender<()>,
    ids: AtomicU64,
}

impl Shared {
    fn new(addr: SocketAddr, heartbeat_interval: Duration) -> Self {
        Self {
            addr,
            heartbeat_interval,
            state: Mutex::new(Recorded {
                calls: Vec::new(),
                violations: Vec::new(),
                interactions: HashMap::new(),
                tokens: HashMap::new(),
                command_ids: HashMap::new(),
                gateway: Gateway::default(),
            }),
            changed: watch::Sender::new(()),
            ids: AtomicU64::new(1_100_000_000_000_000_000),
        }
    }

    fn state(&self) -> MutexGuard<'_, Recorded> {
        // A panicking test thread must not hide the calls from the next assertion.
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn next_id(&self) -> u64 {
        self.ids.fetch_add(1, Ordering::Relaxed)
    }

    fn gateway_url(&self) -> String {
        format!("ws://{}/gw", self.addr)
    }
}

// ---------------------------------------------------------------------------------------
// Gateway

async fn gateway(ws: WebSocketUpgrade, State(shared): State<Arc<Shared>>) -> Response {
    ws.on_upgrade(move |socket| serve_gateway(socket, shared))
}

async fn serve_gateway(socket: WebSocket, shared: Arc<Shared>) {
    let (mut sink, mut stream) = socket.split();
    let (sender, mut outgoing) = mpsc::unbounded_channel::<String>();
    let writer = tokio::spawn(async move {
        while let Some(text) = outgoing.recv().await {
            if sink.send(WsMessage::Text(text)).await.is_err() {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let connection = {
        let mut state = shared.state();
        state.gateway.connections += 1;
        state.gateway.connection = u64::from(state.gateway.connections);
        state.gateway.connection
    };
    let interval = u64::try_from(shared.heartbeat_interval.as_millis()).unwrap_or(u64::MAX);
    let hello = json!({ "op": 10, "d": { "heartbeat_interval": interval } });
    let _ = sender.send(hello.to_string());

    while let Some(Ok(message)) = stream.next().await {
        match message {
            WsMessage::Text(text) => {
                let Ok(frame) = serde_json::from_str::<Value>(&text) else {
                    shared
                        .state()
                        .violations
                        .push(format!("gateway frame is not JSON: {text}"));
                    continue;
                };
                on_gateway_frame(&shared, &sender, &frame);
            }
            WsMessage::Close(frame) => {
                let code = frame.map_or(1005, |frame| frame.code);
                shared.state().gateway.close_codes.push(code);
                break;
            }
            _ => {}
        }
        shared.changed.send_replace(());
    }

    {
        let mut state = shared.state();
        if state.gateway.connection == connection {
            state.gateway.sender = None;
            state.gateway.ready = false;
        }
    }
    drop(sender);
    let _ = writer.await;
    shared.changed.send_replace(());
}

fn on_gateway_frame(shared: &Shared, sender: &mpsc::UnboundedSender<String>, frame: &Value) {
    let mut state = shared.state();
    match frame.get("op").and_then(Value::as_u64) {
        Some(1) => {
            state.gateway.heartbeats += 1;
            let _ = sender.send(json!({ "op": 11 }).to_string());
        }
        Some(2) => {
            state.gateway.identifies += 1;
            state.gateway.intents = frame.pointer("/d/intents").and_then(Value::as_u64);
            let token = frame.pointer("/d/token").and_then(Value::as_str);
            if token != Some(TOKEN) && token != Some(&format!("Bot {TOKEN}")) {
                state
                    .violations
                    .push("IDENTIFY carried the wrong token".to_owned());
                let _ = sender.send(json!({ "op": 9, "d": false }).to_string());
                return;
            }
            state.gateway.sender = Some(sender.clone());
            state.gateway.seq = 0;
            let ready = json!({
                "v": 10,
                "user": fixtures::bot_user(),
                "guilds": [],
                "session_id": format!("session-{}", state.gateway.connections),
                "resume_gateway_url": shared.gateway_url(),
                "shard": [0, 1],
                "application": { "id": APPLICATION_ID.to_string(), "flags": 0 },
            });
            state.dispatch("READY", ready);
            state.gateway.ready = true;
        }
        // Presence updates are the bot's own business.
        Some(3) => {}
        Some(op) => state
            .violations
            .push(format!("unexpected gateway op {op}: {frame}")),
        None => state
            .violations
            .push(format!("gateway frame without op: {frame}")),
    }
}

// ---------------------------------------------------------------------------------------
// REST

/// An answer: status and optional JSON body.
struct Answer {
    status: StatusCode,
    body: Option<Value>,
    /// The message created or changed, to record with the call.
    message: Option<Value>,
}

impl Answer {
    fn no_content() -> Self {
        Self {
            status: StatusCode::NO_CONTENT,
            body: None,
            message: None,
        }
    }

    fn json(body: Value) -> Self {
        Self {
            status: StatusCode::OK,
            body: Some(body),
            message: None,
        }
    }

    fn message(message: Value) -> Self {
        Self {
            status: StatusCode::OK,
            body: Some(message.clone()),
            message: Some(message),
        }
    }

    /// A Discord error body `{"code", "message"}`.
    fn error(status: StatusCode, code: u64, message: &str) -> Self {
        Self {
            status,
            body: Some(json!({ "code": code, "message": message })),
            message: None,
        }
    }
}

async fn rest(State(shared): State<Arc<Shared>>, request: Request) -> Response {
    let method = request.method().clone();
    let path = request.uri().path().to_owned();
    let query = request.uri().query().map(str::to_owned);
    let headers = request.headers();
    let header_text = |name: header::HeaderName| {
        headers
            .get(name)
            .and_then(|value| value.to_str().ok())
            .map(str::to_owned)
    };
    let content_type = header_text(header::CONTENT_TYPE);
    let authorized = header_text(header::AUTHORIZATION).as_deref() == Some(&format!("Bot {TOKEN}"));

    let (json, files) = match read_body(request, content_type.as_deref()).await {
        Ok(body) => body,
        Err(why) => {
            shared
                .state()
                .violations
                .push(format!("{method} {path}: unreadable body: {why}"));
            (None, Vec::new())
        }
    };
    let mut call = RestCall {
        method: method.to_string(),
        path,
        query,
        content_type,
        authorized,
        json,
        files,
        status: 0,
        message: None,
    };

    let answer = if authorized {
        route(&shared, &call)
    } else {
        shared.state().violations.push(format!(
            "{} {} without the bot token",
            call.method, call.path
        ));
        Answer::error(StatusCode::UNAUTHORIZED, 0, "401: Unauthorized")
    };
    call.status = answer.status.as_u16();
    call.message = answer.message;
    shared.state().calls.push(call);
    shared.changed.send_replace(());

    match answer.body {
        Some(body) => (answer.status, axum::Json(body)).into_response(),
        None => answer.status.into_response(),
    }
}

async fn read_body(
    request: Request,
    content_type: Option<&str>,
) -> Result<(Option<Value>, Vec<UploadedFile>), String> {
    if content_type.is_some_and(|kind| kind.starts_with("multipart/form-data")) {
        let mut multipart = Multipart::from_request(request, &())
            .await
            .map_err(|why| why.to_string())?;
        let mut json = None;
        let mut files = Vec::new();
        while let Some(field) = multipart.next_field().await.map_err(|e| e.to_string())? {
            let name = field.name().unwrap_or_default().to_owned();
            let filename = field.file_name().map(str::to_owned);
            let content_type = field.content_type().map(str::to_owned);
            let bytes = field.bytes().await.map_err(|e| e.to_string())?;
            if name == "payload_json" {
                json = Some(serde_json::from_slice(&bytes).map_err(|e| e.to_string())?);
            } else if let Some(filename) = filename {
                files.push(UploadedFile {
                    field: name,
                    filename,
                    content_type,
                    bytes: bytes.to_vec(),
                });
            } else {
                return Err(format!("unexpected form field {name}"));
            }
        }
        return Ok((json, files));
    }
    let bytes = axum::body::to_bytes(Body::new(request.into_body()), usize::MAX)
        .await
        .map_err(|why| why.to_string())?;
    if bytes.is_empty() {
        return Ok((None, Vec::new()));
    }
    let json = serde_json::from_slice(&bytes).map_err(|why| why.to_string())?;
    Ok((Some(json), Vec::new()))
}

fn route(shared: &Shared, call: &RestCall) -> Answer {
    let Some(rest) = call.path.strip_prefix("/api/v10/") else {
        return unhandled(shared, call);
    };
    let segments: Vec<&str> = rest.split('/').collect();
    let app = APPLICATION_ID.to_string();
    let method = Method::from_bytes(call.method.as_bytes()).unwrap_or(Method::GET);
    match (method, segments.as_slice()) {
        (Method::GET, ["gateway"]) => Answer::json(json!({ "url": shared.gateway_url() })),
        (Method::GET, ["gateway", "bot"]) => Answer::json(json!({
            "url": shared.gateway_url(),
            "shards": 1,
            "session_start_limit": {
                "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1
            },
        })),
        (Method::GET, ["oauth2", "applications", "@me"]) => application_info(),
        (Method::PUT, ["applications", a, "commands"]) if *a == app => {
            register_commands(shared, call, None)
        }
        (Method::PUT, ["applications", a, "guilds", guild, "commands"]) if *a == app => {
            register_commands(shared, call, Some(guild))
        }
        (Method::POST, ["interactions", id, token, "callback"]) => {
            interaction_callback(shared, call, id, token)
        }
        (Method::POST, ["webhooks", a, token]) if *a == app => followup(shared, call, token),
        (Method::PATCH, ["webhooks", a, token, "messages", message]) if *a == app => {
            edit_response(shared, call, token, message)
        }
        (Method::GET, ["webhooks", a, token, "messages", "@original"]) if *a == app => {
            original_response(shared, call, token)
        }
        (Method::DELETE, ["webhooks", a, _token, "messages", _message]) if *a == app => {
            Answer::no_content()
        }
        (Method::POST, ["channels", channel, "messages"]) => channel_message(shared, call, channel),
        (Method::PATCH, ["channels", channel, "messages", message]) => {
            edit_channel_message(shared, call, channel, message)
        }
        _ => unhandled(shared, call),
    }
}

fn unhandled(shared: &Shared, call: &RestCall) -> Answer {
    shared.state().violations.push(format!(
        "the fake does not know {} {}",
        call.method, call.path
    ));
    Answer::error(StatusCode::NOT_FOUND, 0, "404: Not Found")
}

/// Records a violation and answers with Discord's "Invalid Form Body".
fn invalid_form(shared: &Shared, call: &RestCall, problems: Vec<String>) -> Answer {
    let mut state = shared.state();
    for problem in &problems {
        state
            .violations
            .push(format!("{} {}: {problem}", call.method, call.path));
    }
    Answer::error(
        StatusCode::BAD_REQUEST,
        50035,
        &format!("Invalid Form Body: {}", problems.join("; ")),
    )
}

fn refuse(shared: &Shared, call: &RestCall, status: StatusCode, code: u64, why: &str) -> Answer {
    shared
        .state()
        .violations
        .push(format!("{} {}: {why}", call.method, call.path));
    Answer::error(status, code, why)
}

fn application_info() -> Answer {
    let info = json!({
        "id": APPLICATION_ID.to_string(),
        "name": BOT_NAME,
        "icon": null,
        "description": "",
        "bot_public": true,
        "bot_require_code_grant": false,
        "owner": fixtures::alice().json(),
        "verify_key": "0000",
        "team": null,
        "flags": 0,
    });
    assert_serenity_reads::<serenity::model::application::CurrentApplicationInfo>(
        "application info",
        &info,
    );
    Answer::json(info)
}

fn register_commands(shared: &Shared, call: &RestCall, guild: Option<&str>) -> Answer {
    let Some(commands) = call.json.as_ref() else {
        return invalid_form(shared, call, vec!["no command list".into()]);
    };
    let problems = limits::check_commands(commands);
    if !problems.is_empty() {
        return invalid_form(shared, call, problems);
    }
    let mut registered = Vec::new();
    let mut ids = HashMap::new();
    for command in commands.as_array().into_iter().flatten() {
        let id = shared.next_id();
        let mut command = command.clone();
        let fields = command.as_object_mut().expect("commands are objects");
        let name = fields
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned();
        fields.insert("id".into(), json!(id.to_string()));
        fields.insert("application_id".into(), json!(APPLICATION_ID.to_string()));
        fields.insert("version".into(), json!(id.to_string()));
        fields.entry("type").or_insert(json!(1));
        fields.entry("description").or_insert(json!(""));
        if let Some(guild) = guild {
            fields.insert("guild_id".into(), json!(guild));
        }
        ids.insert(name, id);
        registered.push(command);
    }
    let registered = Value::Array(registered);
    assert_serenity_reads::<Vec<serenity::model::application::Command>>(
        "command list",
        &registered,
    );
    shared.state().command_ids = ids;
    Answer::json(registered)
}

/// A message object for what the bot sent with `payload`, as Discord would store it.
fn build_message(
    shared: &Shared,
    id: Option<&str>,
    channel_id: &str,
    payload: &Value,
    files: &[UploadedFile],
) -> Value {
    let id = id.map_or_else(|| shared.next_id().to_string(), str::to_owned);
    let mut message = fixtures::message(0, 0, "", json!([]));
    message["id"] = json!(id);
    message["channel_id"] = json!(channel_id);
    for field in ["content", "components", "embeds", "flags"] {
        if let Some(value) = payload.get(field).filter(|value| !value.is_null()) {
            message[field] = value.clone();
        }
    }
    message["attachments"] = Value::Array(
        files
            .iter()
            .map(|file| {
                let attachment_id = shared.next_id();
                json!({
                    "id": attachment_id.to_string(),
                    "filename": file.filename,
                    "size": file.bytes.len(),
                    "url": format!("http://{}/attachments/{attachment_id}/{}", shared.addr, file.filename),
                    "proxy_url": format!("http://{}/attachments/{attachment_id}/{}", shared.addr, file.filename),
                    "content_type": file.content_type,
                })
            })
            .collect(),
    );
    assert_serenity_reads::<serenity::model::channel::Message>("message", &message);
    message
}

/// Applies an edit to a stored message: fields present in `payload` replace the old ones.
fn edited_message(shared: &Shared, old: &Value, payload: &Value, files: &[UploadedFile]) -> Value {
    let mut message = old.clone();
    for field in ["content", "components", "embeds", "flags"] {
        if let Some(value) = payload.get(field) {
            message[field] = if value.is_null() {
                json!(null)
            } else {
                value.clone()
            };
        }
    }
    if !files.is_empty() {
        let fresh = build_message(shared, None, "0", &json!({}), files);
        message["attachments"] = fresh["attachments"].clone();
    }
    message["edited_timestamp"] = json!("2024-01-01T00:00:01.000000+00:00");
    if message["content"].is_null() {
        message["content"] = json!("");
    }
    if message["components"].is_null() {
        message["components"] = json!([]);
    }
    if message["embeds"].is_null() {
        message["embeds"] = json!([]);
    }
    assert_serenity_reads::<serenity::model::channel::Message>("message", &message);
    message
}

fn file_sizes(files: &[UploadedFile]) -> Vec<(String, usize)> {
    files
        .iter()
        .map(|file| (file.filename.clone(), file.bytes.len()))
        .collect()
}

fn interaction_callback(shared: &Shared, call: &RestCall, id: &str, token: &str) -> Answer {
    let Some(body) = call.json.as_ref() else {
        return invalid_form(shared, call, vec!["no interaction response".into()]);
    };
    let response_type = body.get("type").and_then(Value::as_u64).unwrap_or(0);
    let data = body.get("data").cloned().unwrap_or(json!({}));

    let (kind, size_limit, channel_id, original) = {
        let mut state = shared.state();
        let found = id
            .parse::<u64>()
            .ok()
            .and_then(|id| state.interactions.get_mut(&id))
            .filter(|pending| pending.token == token);
        let Some(pending) = found else {
            drop(state);
            return refuse(
                shared,
                call,
                StatusCode::NOT_FOUND,
                10062,
                "Unknown interaction",
            );
        };
        if pending.acknowledged.is_some() {
            drop(state);
            return refuse(
                shared,
                call,
                StatusCode::BAD_REQUEST,
                40060,
                "Interaction has already been acknowledged.",
            );
        }
        let elapsed = pending.sent_at.elapsed();
        if elapsed > RESPONSE_DEADLINE {
            let why = format!(
                "Unknown interaction: first response after {elapsed:?}, more than {RESPONSE_DEADLINE:?}"
            );
            // Discord has forgotten the interaction: later calls fail too.
            pending.acknowledged = Some(0);
            drop(state);
            return refuse(shared, call, StatusCode::NOT_FOUND, 10062, &why);
        }
        (
            pending.kind,
            pending.attachment_size_limit,
            pending.channel_id.clone(),
            pending.original.clone(),
        )
    };

    let allowed: &[u64] = match kind {
        kind::AUTOCOMPLETE => &[callback::AUTOCOMPLETE],
        kind::COMPONENT => &[
            callback::MESSAGE,
            callback::DEFERRED_MESSAGE,
            callback::DEFERRED_UPDATE,
            callback::UPDATE_MESSAGE,
            callback::MODAL,
        ],
        _ => &[
            callback::MESSAGE,
            callback::DEFERRED_MESSAGE,
            callback::MODAL,
        ],
    };
    if !allowed.contains(&response_type) {
        return invalid_form(
            shared,
            call,
            vec![format!(
                "response type {response_type} is not allowed for interaction type {kind}"
            )],
        );
    }

    let mut problems = match response_type {
        callback::AUTOCOMPLETE => limits::check_autocomplete(&data),
        callback::MESSAGE | callback::UPDATE_MESSAGE => limits::check_message(&data),
        _ => Vec::new(),
    };
    problems.extend(limits::check_files(&file_sizes(&call.files), size_limit));
    if !problems.is_empty() {
        let too_large = problems.iter().any(|p| p.contains("attachment size limit"));
        if too_large {
            for problem in problems {
                shared
                    .state()
                    .violations
                    .push(format!("{} {}: {problem}", call.method, call.path));
            }
            return Answer::error(
                StatusCode::PAYLOAD_TOO_LARGE,
                40005,
                "Request entity too large",
            );
        }
        return invalid_form(shared, call, problems);
    }

    let message = match response_type {
        callback::MESSAGE => Some(build_message(shared, None, &channel_id, &data, &call.files)),
        callback::DEFERRED_MESSAGE => {
            let loading =
                json!({ "content": "", "flags": data.get("flags").cloned().unwrap_or(json!(0)) });
            Some(build_message(shared, None, &channel_id, &loading, &[]))
        }
        callback::UPDATE_MESSAGE => original
            .as_ref()
            .map(|old| edited_message(shared, old, &data, &call.files)),
        _ => original.clone(),
    };

    let mut state = shared.state();
    if let Some(pending) = id
        .parse::<u64>()
        .ok()
        .and_then(|id| state.interactions.get_mut(&id))
    {
        pending.acknowledged = Some(response_type);
        if message.is_some() {
            pending.original = message.clone();
        }
    }
    drop(state);
    Answer {
        status: StatusCode::NO_CONTENT,
        body: None,
        message,
    }
}

/// The interaction a webhook token belongs to, if it has been answered.
fn acknowledged_interaction(
    shared: &Shared,
    token: &str,
) -> Option<(u64, u64, Option<Value>, String)> {
    let state = shared.state();
    let id = state.tokens.get(token)?;
    let pending = state.interactions.get(id)?;
    let response = pending
        .acknowledged
        .filter(|&ack| ack != 0 && ack != callback::AUTOCOMPLETE)?;
    Some((
        response,
        pending.attachment_size_limit,
        pending.original.clone(),
        pending.channel_id.clone(),
    ))
}

fn followup(shared: &Shared, call: &RestCall, token: &str) -> Answer {
    let Some((_, size_limit, _, channel_id)) = acknowledged_interaction(shared, token) else {
        return refuse(
            shared,
            call,
            StatusCode::NOT_FOUND,
            10015,
            "Unknown Webhook: follow-up before the interaction was answered",
        );
    };
    let payload = call.json.clone().unwrap_or(json!({}));
    let mut problems = limits::check_message(&payload);
    problems.extend(limits::check_files(&file_sizes(&call.files), size_limit));
    if !problems.is_empty() {
        return invalid_form(shared, call, problems);
    }
    Answer::message(build_message(
        shared,
        None,
        &channel_id,
        &payload,
        &call.files,
    ))
}

fn edit_response(shared: &Shared, call: &RestCall, token: &str, message_id: &str) -> Answer {
    let Some((_, size_limit, original, channel_id)) = acknowledged_interaction(shared, token)
    else {
        return refuse(
            shared,
            call,
            StatusCode::NOT_FOUND,
            10015,
            "Unknown Webhook: edit before the interaction was answered",
        );
    };
    let payload = call.json.clone().unwrap_or(json!({}));
    let mut problems = limits::check_message(&payload);
    problems.extend(limits::check_files(&file_sizes(&call.files), size_limit));
    if !problems.is_empty() {
        return invalid_form(shared, call, problems);
    }
    let old = if message_id == "@original" {
        match original {
            Some(original) => original,
            None => {
                return refuse(
                    shared,
                    call,
                    StatusCode::NOT_FOUND,
                    10008,
                    "Unknown Message",
                );
            }
        }
    } else {
        fixtures::message(
            message_id.parse().unwrap_or(0),
            channel_id.parse().unwrap_or(0),
            "",
            json!([]),
        )
    };
    let message = edited_message(shared, &old, &payload, &call.files);
    if message_id == "@original" {
        let mut state = shared.state();
        if let Some(id) = state.tokens.get(token).copied() {
            if let Some(pending) = state.interactions.get_mut(&id) {
                pending.original = Some(message.clone());
            }
        }
    }
    Answer::message(message)
}

fn original_response(shared: &Shared, call: &RestCall, token: &str) -> Answer {
    match acknowledged_interaction(shared, token).and_then(|(_, _, original, _)| original) {
        Some(message) => Answer::json(message),
        None => refuse(
            shared,
            call,
            StatusCode::NOT_FOUND,
            10008,
            "Unknown Message",
        ),
    }
}

fn channel_message(shared: &Shared, call: &RestCall, channel_id: &str) -> Answer {
    let payload = call.json.clone().unwrap_or(json!({}));
    let mut problems = limits::check_message(&payload);
    problems.extend(limits::check_files(
        &file_sizes(&call.files),
        fixtures::ATTACHMENT_SIZE_LIMIT,
    ));
    let empty = payload
        .get("content")
        .and_then(Value::as_str)
        .unwrap_or("")
        .is_empty()
        && call.files.is_empty()
        && payload
            .get("embeds")
            .and_then(Value::as_array)
            .map_or(true, Vec::is_empty)
        && payload
            .get("components")
            .and_then(Value::as_array)
            .map_or(true, Vec::is_empty);
    if empty {
        problems.push("Cannot send an empty message".into());
    }
    if !problems.is_empty() {
        return invalid_form(shared, call, problems);
    }
    Answer::message(build_message(
        shared,
        None,
        channel_id,
        &payload,
        &call.files,
    ))
}

fn edit_channel_message(
    shared: &Shared,
    call: &RestCall,
    channel_id: &str,
    message_id: &str,
) -> Answer {
    let payload = call.json.clone().unwrap_or(json!({}));
    let problems = limits::check_message(&payload);
    if !problems.is_empty() {
        return invalid_form(shared, call, problems);
    }
    let old = fixtures::message(
        message_id.parse().unwrap_or(0),
        channel_id.parse().unwrap_or(0),
        "",
        json!([]),
    );
    Answer::message(edited_message(shared, &old, &payload, &call.files))
}
