//! A fake Discord on 127.0.0.1 for end-to-end tests: the REST routes the bot uses and a
//! gateway WebSocket, so the real serenity/poise client can run against it.
//!
//! The fake records every REST call, lets a test wait for one, pushes interactions through
//! the gateway, and enforces Discord's limits (3 s to answer an interaction, 25 autocomplete
//! choices, 5 rows of 5 buttons, 100-character custom ids, upload size). Each breach is
//! answered with the error Discord would give and recorded as a violation; tests end with
//! [`FakeDiscord::assert_no_violations`].
//!
//! It also behaves as Discord does where retries matter: a channel message with a `nonce`
//! and `enforce_nonce` that repeats one the bot sent in the last few minutes returns the
//! message already made instead of making another. And it fails on purpose when a test
//! asks ([`FakeDiscord::fail`]): a status for the next calls on a route, a 429 with
//! Discord's rate-limit headers, or a connection dropped before or after doing what the
//! call asked.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, TryLockError};
use std::time::{Duration, Instant};

use axum::extract::DefaultBodyLimit;
use axum::routing::get;
use axum::Router;
use hyper_util::rt::TokioIo;
use hyper_util::service::TowerToHyperService;
use serde_json::{json, Value};
use tokio::sync::{mpsc, watch, Notify};
use tower::ServiceExt;

use super::fixtures::{kind, InteractionBuilder, APPLICATION_ID};

mod gateway;
mod rest;

/// How long Discord waits for the first response to an interaction.
pub const RESPONSE_DEADLINE: Duration = Duration::from_secs(3);
/// How long the `*_default` waits of this module wait before failing the test.
pub const DEFAULT_WAIT: Duration = Duration::from_secs(15);
/// The token the fake accepts.
pub const TOKEN: &str = "fake-bot-token.for-tests-only";
/// Interaction response and message flag: only the user who acted can see it.
pub const EPHEMERAL: u64 = 1 << 6;
/// How long Discord remembers a message's nonce for `enforce_nonce` ("the past few
/// minutes").
pub const NONCE_WINDOW: Duration = Duration::from_secs(5 * 60);
/// The path of a channel's messages, for [`FakeDiscord::fail`].
pub const CHANNEL_MESSAGES: &str = "/api/v10/channels/*/messages";
/// The path of every interaction's first response, for [`FakeDiscord::fail`].
pub const INTERACTION_CALLBACKS: &str = "/api/v10/interactions/*/*/callback";

/// How the fake fails a call on purpose (see [`FakeDiscord::fail`]).
#[derive(Debug, Clone, PartialEq)]
pub enum Failure {
    /// Answers with this status and Discord's error body, doing nothing.
    Status(u16),
    /// Answers 429 as Discord does, doing nothing: `retry-after` in whole seconds (rounded
    /// up), the `x-ratelimit-*` headers of an exhausted bucket, a body with the exact
    /// `retry_after`; `global` adds `x-ratelimit-global`.
    RateLimited { retry_after: Duration, global: bool },
    /// Closes the connection without answering, doing nothing.
    Drop,
    /// Does what the call asks, then closes the connection without answering.
    DropAfter,
}

/// A failure waiting for the calls it applies to.
#[derive(Debug, Clone)]
struct Fault {
    method: String,
    /// Path segments; `*` matches any one segment.
    path: Vec<String>,
    /// Calls still to fail; `u32::MAX` until [`FakeDiscord::recover`].
    remaining: u32,
    failure: Failure,
}

impl Fault {
    fn matches(&self, method: &str, path: &str) -> bool {
        let segments: Vec<&str> = path.split('/').collect();
        self.method == method
            && segments.len() == self.path.len()
            && self
                .path
                .iter()
                .zip(&segments)
                .all(|(pattern, segment)| pattern == "*" || pattern == segment)
    }
}

/// The connection a request came on, so that a fault can drop it unanswered, and the port
/// of the fake it reached.
#[derive(Clone)]
pub(crate) struct Connection {
    dropped: Arc<Notify>,
    port: u16,
}

impl Connection {
    /// Closes the connection now, without an answer to the request being handled: never
    /// returns (the request's handler is dropped with the connection).
    pub(crate) async fn drop_unanswered(&self) {
        self.dropped.notify_one();
        std::future::pending::<()>().await;
    }
}

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

impl UploadedFile {
    /// Whether the file starts with the PNG signature.
    pub fn is_png(&self) -> bool {
        self.bytes.starts_with(b"\x89PNG\r\n\x1a\n")
    }

    /// Decodes the file as a PNG and returns its width and height; fails the test if it is
    /// not a valid PNG.
    pub fn png_size(&self) -> (u32, u32) {
        let image = image::load_from_memory_with_format(&self.bytes, image::ImageFormat::Png)
            .unwrap_or_else(|why| panic!("{} is not a valid PNG: {why}", self.filename));
        (image.width(), image.height())
    }
}

/// One REST request the bot made, and how the fake answered it.
#[derive(Debug, Clone)]
pub struct RestCall {
    /// When the whole request had arrived.
    pub at: Instant,
    pub method: String,
    /// The path without the query, e.g. `/api/v10/interactions/7/tok/callback`.
    pub path: String,
    // Part of the record of a request, which no test reads yet.
    #[allow(dead_code)]
    pub query: Option<String>,
    // Part of the record of a request, which no test reads yet.
    #[allow(dead_code)]
    pub content_type: Option<String>,
    /// Whether the request carried the bot token.
    // Part of the record of a request, which no test reads yet.
    #[allow(dead_code)]
    pub authorized: bool,
    /// The JSON body, or `payload_json` of a multipart body.
    pub json: Option<Value>,
    /// Files of a multipart body.
    pub files: Vec<UploadedFile>,
    /// The status the fake answered with (0 when the connection was dropped unanswered).
    pub status: u16,
    /// The message this call created or changed, as Discord would now show it.
    pub message: Option<Value>,
    /// Whether this call created a new message (a post answered with an earlier message
    /// through its nonce creates none).
    pub created: bool,
    /// The failure the fake applied to this call on purpose, if any.
    pub fault: Option<Failure>,
    /// The port of the fake the call reached: [`FakeDiscord::addr`]'s, or that of an
    /// address from [`FakeDiscord::another_api_base`] (which tells bot processes apart).
    pub port: u16,
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

    /// Whether this is the bot answering `sent`: its first response, or a follow-up or edit
    /// through its webhook.
    pub fn answers(&self, sent: &SentInteraction) -> bool {
        self.is_callback_for(sent) || self.is_webhook_for(sent)
    }

    /// The PNG files the bot attached.
    pub fn pngs(&self) -> Vec<&UploadedFile> {
        self.files.iter().filter(|file| file.is_png()).collect()
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
    // Part of the record of an interaction, which no test reads yet.
    #[allow(dead_code)]
    pub kind: u64,
    /// The channel it came from.
    pub channel_id: u64,
    /// When the fake dispatched it.
    pub sent_at: Instant,
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
    // No test reads it yet.
    #[allow(dead_code)]
    pub heartbeats: u32,
    /// Whether a connection is open and READY has been sent on it.
    // No test reads it yet.
    #[allow(dead_code)]
    pub ready: bool,
    /// Close codes the bot sent, in order.
    pub close_codes: Vec<u16>,
    /// Intents asked for in the last IDENTIFY.
    pub intents: Option<u64>,
    /// The shards (`[id, count]`) of the connections open and READY, in the order they
    /// identified.
    pub shards: Vec<[u64; 2]>,
    /// Every IDENTIFY that was answered with READY: the shard it asked for and when.
    pub identified: Vec<([u64; 2], Instant)>,
    /// RESUMEs answered with RESUMED: sessions that went on after a dropped connection.
    pub resumes: u32,
}

/// The running fake. Dropping it stops the server.
pub struct FakeDiscord {
    addr: SocketAddr,
    shared: Arc<Shared>,
    server: tokio::task::JoinHandle<()>,
    app: Router,
    /// Servers of [`Self::another_api_base`].
    more_servers: Mutex<Vec<tokio::task::JoinHandle<()>>>,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        self.server.abort();
        if let Ok(servers) = self.more_servers.lock() {
            for server in servers.iter() {
                server.abort();
            }
        }
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
        Self::serve(listener, interval)
    }

    /// Starts the fake again on the address of a fake that was stopped (as Discord comes
    /// back after an outage), with nothing recorded.
    // No test uses it yet.
    #[allow(dead_code)]
    pub async fn start_on(addr: SocketAddr) -> Self {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .expect("bind the old address again");
        Self::serve(listener, Duration::from_millis(41_250))
    }

    /// Serves connections itself rather than through `axum::serve`, so that each request
    /// knows its connection and a fault can drop it unanswered.
    fn serve(listener: tokio::net::TcpListener, interval: Duration) -> Self {
        let addr = listener.local_addr().expect("local address");
        let shared = Arc::new(Shared::new(addr, interval));
        let app = Router::new()
            .route("/gw", get(gateway::gateway))
            .fallback(rest::rest)
            .layer(DefaultBodyLimit::max(256 * 1024 * 1024))
            .with_state(Arc::clone(&shared));
        let server = tokio::spawn(accept_loop(listener, app.clone()));
        Self {
            addr,
            shared,
            server,
            app,
            more_servers: Mutex::new(Vec::new()),
        }
    }

    /// Serves the same fake on another port of 127.0.0.1 and returns its base address for
    /// `DISCORD_API_BASE`: each bot process given its own tells by [`RestCall::port`] which
    /// process made a call. The gateway stays on [`Self::addr`].
    pub async fn another_api_base(&self) -> (String, u16) {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind 127.0.0.1:0");
        let addr = listener.local_addr().expect("local address");
        let server = tokio::spawn(accept_loop(listener, self.app.clone()));
        self.more_servers
            .lock()
            .expect("the fake's server list")
            .push(server);
        (format!("http://{addr}"), addr.port())
    }

    /// The address the fake listens on.
    // No test uses it yet.
    #[allow(dead_code)]
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Fails the next `times` calls of `method` on `path` with `failure` (`u32::MAX`: every
    /// call until [`Self::recover`]). In `path`, `*` stands for one segment, e.g.
    /// [`CHANNEL_MESSAGES`]. Faults apply in the order they were asked for.
    pub fn fail(&self, method: &str, path: &str, times: u32, failure: Failure) {
        self.shared.state().faults.push(Fault {
            method: method.to_owned(),
            path: path.split('/').map(str::to_owned).collect(),
            remaining: times,
            failure,
        });
    }

    /// A thread the bot opened, as it now is (its `members` are user ids).
    pub fn thread(&self, id: u64) -> Option<Value> {
        self.shared.state().threads.get(&id.to_string()).cloned()
    }

    /// Lifts every fault still waiting: Discord works again.
    pub fn recover(&self) {
        self.shared.state().faults.clear();
    }

    /// The messages the bot created by posting in `channel`, in the order they were made
    /// (a repeated post answered with an earlier message through its nonce is not one).
    pub fn channel_posts(&self, channel: u64) -> Vec<RestCall> {
        let path = format!("/api/v10/channels/{channel}/messages");
        self.calls()
            .into_iter()
            .filter(|call| call.is("POST", &path) && call.created)
            .collect()
    }

    /// Waits until the bot has created a message in `channel` after `since` that matches
    /// `predicate`, and returns it.
    pub async fn posted(
        &self,
        channel: u64,
        since: Instant,
        what: &str,
        timeout: Duration,
        predicate: impl Fn(&RestCall) -> bool,
    ) -> RestCall {
        let path = format!("/api/v10/channels/{channel}/messages");
        self.wait_for(what, timeout, |call| {
            call.is("POST", &path) && call.created && call.at >= since && predicate(call)
        })
        .await
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

    /// A message as it now is (after any edits), if the bot sent, changed or was clicked on
    /// it.
    pub fn message(&self, id: &str) -> Option<Value> {
        self.shared.state().messages.get(id).cloned()
    }

    /// Waits for the bot's first response to `sent`.
    pub async fn response_to(&self, sent: &SentInteraction) -> RestCall {
        let what = format!("the response to interaction {}", sent.id);
        self.wait_for(&what, DEFAULT_WAIT, |call| call.is_callback_for(sent))
            .await
    }

    /// Waits for the bot's answer to `sent` that carries a file (a first response, a
    /// follow-up or an edit of a deferred answer), and how long after sending `sent` it
    /// arrived.
    pub async fn answer_with_file(&self, sent: &SentInteraction) -> (RestCall, Duration) {
        let what = format!("an answer with a file to interaction {}", sent.id);
        let call = self
            .wait_for(&what, DEFAULT_WAIT, |call| {
                call.answers(sent) && !call.files.is_empty()
            })
            .await;
        let latency = call.at.saturating_duration_since(sent.sent_at);
        (call, latency)
    }

    /// Waits for the bot's answer to `sent` that carries text: the first response unless it
    /// was a deferral, else the follow-up or edit that replaced it.
    pub async fn answer_to(&self, sent: &SentInteraction) -> RestCall {
        let what = format!("an answer with text to interaction {}", sent.id);
        self.wait_for(&what, DEFAULT_WAIT, |call| {
            call.answers(sent) && call.method != "DELETE" && call.content().is_some()
        })
        .await
    }

    /// Every call answering `sent` so far, in order.
    pub fn answers_to(&self, sent: &SentInteraction) -> Vec<RestCall> {
        self.calls()
            .into_iter()
            .filter(|call| call.answers(sent))
            .collect()
    }

    /// Waits for a message the bot posts in `channel` outside any interaction, matching
    /// `predicate`.
    pub async fn channel_message(
        &self,
        channel: u64,
        timeout: Duration,
        predicate: impl Fn(&RestCall) -> bool,
    ) -> RestCall {
        let path = format!("/api/v10/channels/{channel}/messages");
        let what = format!("a message in channel {channel}");
        self.wait_for(&what, timeout, |call| {
            call.is("POST", &path) && predicate(call)
        })
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
            (!state.gateway.sessions.is_empty()).then_some(())
        })
        .await
    }

    /// Waits until a READY session serves the events of `guild` (none: shard 0).
    pub async fn wait_until_shard_ready(&self, guild: Option<u64>, timeout: Duration) {
        let what = format!("a gateway session for the shard of guild {guild:?}");
        self.wait_until(&what, timeout, |state| {
            state.gateway.can_dispatch(guild).then_some(())
        })
        .await
    }

    /// Waits until sessions for exactly the shards `shards` (`[id, count]`, any order) are
    /// open and READY.
    pub async fn wait_for_shards(&self, shards: &[[u64; 2]], timeout: Duration) -> GatewayStatus {
        let mut wanted = shards.to_vec();
        wanted.sort_unstable();
        let what = format!("gateway sessions of shards {wanted:?}");
        self.wait_until(&what, timeout, |state| {
            let status = state.gateway.status();
            let mut open = status.shards.clone();
            open.sort_unstable();
            (open == wanted).then_some(status)
        })
        .await
    }

    /// What `/gateway/bot` answers from now on: `shards` recommended, `max_concurrency`
    /// IDENTIFY buckets (both 1 unless set).
    pub fn recommend_shards(&self, shards: u64, max_concurrency: u64) {
        let mut state = self.shared.state();
        state.gateway.recommended_shards = shards;
        state.gateway.max_concurrency = max_concurrency;
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
            (!state.gateway.close_codes.is_empty() && state.gateway.sessions.is_empty())
                .then(|| state.gateway.status())
        })
        .await
    }

    /// Closes every gateway connection with close `code` (4000, "unknown error", is one
    /// after which the bot may resume), as Discord does when it drops a session. The bot
    /// reconnects; whether it may resume is [`Self::refuse_resumes`]'s.
    pub fn close_gateway(&self, code: u16) {
        let mut state = self.shared.state();
        for (_, session) in state.gateway.sessions.drain(..) {
            let _ = session.sender.send(Outgoing::Close(code));
        }
        drop(state);
        self.shared.changed.send_replace(());
    }

    /// Refuses every new gateway connection (HTTP 503) for `how_long`, as Discord's gateway
    /// does when it is down; the connections open stay open.
    pub fn refuse_gateway_for(&self, how_long: Duration) {
        self.shared.state().gateway.refused_until = Some(Instant::now() + how_long);
    }

    /// From now on, answers every RESUME with an invalid session (not resumable), so the
    /// bot must identify again; `false` resumes sessions the fake knows again.
    // No test uses it yet.
    #[allow(dead_code)]
    pub fn refuse_resumes(&self, refuse: bool) {
        self.shared.state().gateway.refuse_resumes = refuse;
    }

    /// The state of the gateway connection.
    pub fn gateway_status(&self) -> GatewayStatus {
        self.shared.state().gateway.status()
    }

    /// Dispatches an interaction over the gateway, once the gateway is ready. The payload is
    /// first read back with serenity's own model: a payload serenity cannot read would be
    /// dropped by the bot with only a log line, so it fails the test here instead.
    pub async fn send(&self, interaction: &InteractionBuilder) -> SentInteraction {
        self.wait_until_shard_ready(interaction.guild(), DEFAULT_WAIT)
            .await;
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
                answer_lost: false,
            },
        );
        state.tokens.insert(token.clone(), id);
        if let Some(message) = payload.get("message") {
            let message_id = message["id"].as_str().unwrap_or_default().to_owned();
            state.messages.entry(message_id).or_insert(message.clone());
        }
        drop(state);
        self.shared.changed.send_replace(());
        let sent = SentInteraction {
            id,
            token,
            kind: interaction.kind(),
            channel_id: payload["channel_id"]
                .as_str()
                .and_then(|id| id.parse().ok())
                .unwrap_or(0),
            sent_at: Instant::now(),
        };
        (sent, payload)
    }

    /// Dispatches any other gateway event (e.g. `GUILD_CREATE`) once the gateway is ready.
    // No test uses it yet.
    #[allow(dead_code)]
    pub async fn dispatch(&self, event: &str, data: Value) {
        self.wait_until_shard_ready(event_guild(&data), DEFAULT_WAIT)
            .await;
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

/// Serves `app` on the connections `listener` accepts, each request knowing its connection
/// (so that a fault can drop it unanswered) and the port it reached.
async fn accept_loop(listener: tokio::net::TcpListener, app: Router) {
    let port = listener.local_addr().map_or(0, |addr| addr.port());
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(why) => {
                eprintln!("fake Discord cannot accept: {why}");
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let dropped = Arc::new(Notify::new());
        let connection = Connection {
            dropped: Arc::clone(&dropped),
            port,
        };
        let service = app.clone().map_request(
            move |mut request: axum::http::Request<hyper::body::Incoming>| {
                request.extensions_mut().insert(connection.clone());
                request.map(axum::body::Body::new)
            },
        );
        tokio::spawn(async move {
            let serving = hyper::server::conn::http1::Builder::new()
                .serve_connection(TokioIo::new(stream), TowerToHyperService::new(service))
                .with_upgrades();
            tokio::select! {
                _ = serving => {}
                // Dropping the connection closes it with no answer sent.
                () = dropped.notified() => {}
            }
        });
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
    /// Whether a response was taken but its answer dropped on purpose: the bot cannot know
    /// it landed, so trying again is no breach.
    answer_lost: bool,
}

/// What the fake sends on a gateway connection.
enum Outgoing {
    /// A JSON frame.
    Text(String),
    /// A close frame with this code; the connection ends.
    Close(u16),
}

/// One gateway connection that has identified (or resumed): its shard, where its
/// dispatches go and their sequence number.
struct Session {
    /// `[shard id, shard count]` from IDENTIFY (`[0, 1]` when it named none).
    shard: [u64; 2],
    sender: mpsc::UnboundedSender<Outgoing>,
    seq: u64,
}

impl Session {
    /// Whether Discord would send an event of `guild` (none: a direct message or an event
    /// without a server) on this session: `(guild_id >> 22) % shard_count`, else shard 0.
    fn serves(&self, guild: Option<u64>) -> bool {
        let [id, count] = self.shard;
        match guild {
            Some(guild) => (guild >> 22) % count.max(1) == id,
            None => id == 0,
        }
    }
}

#[derive(Default)]
struct Gateway {
    /// The READY sessions by connection number, in the order they identified.
    sessions: Vec<(u64, Session)>,
    connections: u32,
    identifies: u32,
    heartbeats: u32,
    close_codes: Vec<u16>,
    intents: Option<u64>,
    identified: Vec<([u64; 2], Instant)>,
    /// What `/gateway/bot` answers: the recommended shard count and `max_concurrency`.
    recommended_shards: u64,
    max_concurrency: u64,
    /// The sessions READY made, by session id, with their shard: what RESUME may name.
    resumable: HashMap<String, [u64; 2]>,
    /// Whether RESUME is refused (an invalid session, not resumable).
    refuse_resumes: bool,
    /// RESUMEs answered with RESUMED.
    resumes: u32,
    /// Until when new gateway connections are refused (503), as during a Discord outage.
    refused_until: Option<Instant>,
}

impl Gateway {
    fn status(&self) -> GatewayStatus {
        GatewayStatus {
            connections: self.connections,
            identifies: self.identifies,
            heartbeats: self.heartbeats,
            ready: !self.sessions.is_empty(),
            close_codes: self.close_codes.clone(),
            intents: self.intents,
            shards: self
                .sessions
                .iter()
                .map(|(_, session)| session.shard)
                .collect(),
            identified: self.identified.clone(),
            resumes: self.resumes,
        }
    }

    /// Whether an event of `guild` has a READY session to go to.
    fn can_dispatch(&self, guild: Option<u64>) -> bool {
        self.sessions
            .iter()
            .any(|(_, session)| session.serves(guild))
    }
}

/// The server an event belongs to (`guild_id` of its payload), which decides its shard.
pub fn event_guild(data: &Value) -> Option<u64> {
    data.get("guild_id")?.as_str()?.parse().ok()
}

struct Recorded {
    calls: Vec<RestCall>,
    /// Failures still to apply, in the order they were asked for.
    faults: Vec<Fault>,
    /// The messages made by posts with an enforced nonce: message id and when.
    nonces: HashMap<String, (String, Instant)>,
    violations: Vec<String>,
    interactions: HashMap<u64, PendingInteraction>,
    tokens: HashMap<String, u64>,
    /// Registered command ids by name.
    command_ids: HashMap<String, u64>,
    /// Messages as they now are, by id: those the bot sent or changed, and those clicked.
    messages: HashMap<String, Value>,
    /// Threads the bot opened, by id, with their `members` (user ids) as the fake keeps
    /// them.
    threads: HashMap<String, Value>,
    gateway: Gateway,
}

impl Recorded {
    /// The failure to apply to a call, if a fault is waiting for it.
    fn take_fault(&mut self, method: &str, path: &str) -> Option<Failure> {
        let index = self
            .faults
            .iter()
            .position(|fault| fault.remaining > 0 && fault.matches(method, path))?;
        let fault = &mut self.faults[index];
        let failure = fault.failure.clone();
        if fault.remaining != u32::MAX {
            fault.remaining -= 1;
            if fault.remaining == 0 {
                self.faults.remove(index);
            }
        }
        Some(failure)
    }

    /// Sends `event` on every session of its shard (as Discord does: each session gets the
    /// events of the servers its shard serves).
    fn dispatch(&mut self, event: &str, data: Value) {
        let guild = event_guild(&data);
        let mut sent = false;
        for (_, session) in &mut self.gateway.sessions {
            if !session.serves(guild) {
                continue;
            }
            session.seq += 1;
            let frame = json!({ "op": 0, "s": session.seq, "t": event, "d": data });
            if session
                .sender
                .send(Outgoing::Text(frame.to_string()))
                .is_err()
            {
                panic!("the gateway connection closed before {event} could be sent");
            }
            sent = true;
        }
        if !sent {
            panic!("no gateway connection of the shard of guild {guild:?} to dispatch {event} on");
        }
    }

    /// Sends `event` on the session of connection `connection` only (READY).
    fn dispatch_on(&mut self, connection: u64, event: &str, data: Value) {
        let Some((_, session)) = self
            .gateway
            .sessions
            .iter_mut()
            .find(|(number, _)| *number == connection)
        else {
            panic!("no gateway session {connection} to dispatch {event} on");
        };
        session.seq += 1;
        let frame = json!({ "op": 0, "s": session.seq, "t": event, "d": data });
        let _ = session.sender.send(Outgoing::Text(frame.to_string()));
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
                faults: Vec::new(),
                nonces: HashMap::new(),
                violations: Vec::new(),
                interactions: HashMap::new(),
                tokens: HashMap::new(),
                command_ids: HashMap::new(),
                messages: HashMap::new(),
                threads: HashMap::new(),
                gateway: Gateway {
                    recommended_shards: 1,
                    max_concurrency: 1,
                    ..Gateway::default()
                },
            }),
            changed: watch::Sender::new(()),
            ids: AtomicU64::new(1_100_000_000_000_000_000),
        }
    }

    fn state(&self) -> MutexGuard<'_, Recorded> {
        // Locks are held only by synchronous code, so waiting long means the same thread
        // asked twice: fail the test instead of hanging it.
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            match self.state.try_lock() {
                Ok(guard) => return guard,
                // A panicking test thread must not hide the calls from the next assertion.
                Err(TryLockError::Poisoned(poisoned)) => return poisoned.into_inner(),
                Err(TryLockError::WouldBlock) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(1));
                }
                Err(TryLockError::WouldBlock) => panic!("the fake's state stayed locked"),
            }
        }
    }

    fn next_id(&self) -> u64 {
        self.ids.fetch_add(1, Ordering::Relaxed)
    }

    fn gateway_url(&self) -> String {
        format!("ws://{}/gw", self.addr)
    }
}
