//! The fake REST API: the routes the bot calls, each checked against Discord's rules.

use std::collections::HashMap;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::{header, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};

use super::{
    assert_serenity_reads, callback, Connection, Failure, RestCall, Shared, UploadedFile,
    NONCE_WINDOW, RESPONSE_DEADLINE, TOKEN,
};
use crate::support::fixtures::{self, kind, APPLICATION_ID, BOT_NAME};
use crate::support::limits;

/// An answer: status, headers and optional JSON body.
struct Answer {
    status: StatusCode,
    headers: Vec<(&'static str, String)>,
    body: Option<Value>,
    /// The message created or changed, to record with the call.
    message: Option<Value>,
    /// Whether the call created a new message.
    created: bool,
}

impl Answer {
    fn no_content() -> Self {
        Self {
            status: StatusCode::NO_CONTENT,
            headers: Vec::new(),
            body: None,
            message: None,
            created: false,
        }
    }

    fn json(body: Value) -> Self {
        Self {
            body: Some(body),
            status: StatusCode::OK,
            ..Self::no_content()
        }
    }

    fn message(message: Value) -> Self {
        Self {
            body: Some(message.clone()),
            message: Some(message),
            status: StatusCode::OK,
            ..Self::no_content()
        }
    }

    /// A message the call made.
    fn created(message: Value) -> Self {
        Self {
            created: true,
            ..Self::message(message)
        }
    }

    /// A Discord error body `{"code", "message"}`.
    fn error(status: StatusCode, code: u64, message: &str) -> Self {
        Self {
            status,
            body: Some(json!({ "code": code, "message": message })),
            ..Self::no_content()
        }
    }

    /// The answer of a failure asked for on purpose, without doing anything.
    fn failure(failure: &Failure) -> Self {
        match failure {
            Failure::Status(status) => {
                let status = StatusCode::from_u16(*status).unwrap_or(StatusCode::BAD_GATEWAY);
                let (code, text) = match status.as_u16() {
                    403 => (50001, "Missing Access".to_owned()),
                    404 => (10003, "Unknown Channel".to_owned()),
                    other => (
                        0,
                        format!("{other}: {}", status.canonical_reason().unwrap_or("")),
                    ),
                };
                Self::error(status, code, &text)
            }
            Failure::RateLimited {
                retry_after,
                global,
            } => {
                let seconds = retry_after.as_secs_f64();
                let mut headers = vec![
                    // Discord rounds the header up to whole seconds; the body is exact.
                    ("retry-after", format!("{}", seconds.ceil().max(1.0))),
                    ("x-ratelimit-limit", "5".to_owned()),
                    ("x-ratelimit-remaining", "0".to_owned()),
                    ("x-ratelimit-reset-after", format!("{seconds:.3}")),
                    (
                        "x-ratelimit-reset",
                        format!("{:.3}", unix_seconds() + seconds),
                    ),
                    ("x-ratelimit-bucket", "fake-bucket".to_owned()),
                    (
                        "x-ratelimit-scope",
                        if *global { "global" } else { "user" }.to_owned(),
                    ),
                ];
                if *global {
                    headers.push(("x-ratelimit-global", "true".to_owned()));
                }
                Self {
                    status: StatusCode::TOO_MANY_REQUESTS,
                    headers,
                    body: Some(json!({
                        "message": "You are being rate limited.",
                        "retry_after": seconds,
                        "global": global,
                    })),
                    message: None,
                    created: false,
                }
            }
            Failure::Drop | Failure::DropAfter => Self::no_content(),
        }
    }
}

fn unix_seconds() -> f64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default()
        .as_secs_f64()
}

pub(super) async fn rest(State(shared): State<Arc<Shared>>, request: Request) -> Response {
    let connection = request.extensions().get::<Connection>().cloned();
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
        at: std::time::Instant::now(),
        method: method.to_string(),
        path,
        query,
        content_type,
        authorized,
        json,
        files,
        status: 0,
        message: None,
        created: false,
        fault: None,
        port: connection.as_ref().map_or(0, |connection| connection.port),
    };

    let fault = shared.state().take_fault(&call.method, &call.path);
    let answer = match &fault {
        Some(Failure::Drop) => None,
        Some(failure @ (Failure::Status(_) | Failure::RateLimited { .. })) => {
            Some(Answer::failure(failure))
        }
        None | Some(Failure::DropAfter) if authorized => Some(route(&shared, &call)),
        None | Some(Failure::DropAfter) => {
            shared.state().violations.push(format!(
                "{} {} without the bot token",
                call.method, call.path
            ));
            Some(Answer::error(
                StatusCode::UNAUTHORIZED,
                0,
                "401: Unauthorized",
            ))
        }
    };
    if let Some(answer) = &answer {
        call.status = answer.status.as_u16();
        call.message.clone_from(&answer.message);
        call.created = answer.created;
    }
    let dropped = matches!(fault, Some(Failure::Drop | Failure::DropAfter));
    if dropped {
        call.status = 0;
        lose_interaction_answer(&shared, &call);
    }
    call.fault = fault;
    {
        let mut state = shared.state();
        if let Some(message) = &call.message {
            let id = message["id"].as_str().unwrap_or_default().to_owned();
            state.messages.insert(id, message.clone());
        }
        state.calls.push(call);
    }
    shared.changed.send_replace(());

    let answer = match answer {
        Some(answer) if !dropped => answer,
        _ => {
            if let Some(connection) = connection {
                connection.drop_unanswered().await;
            }
            return StatusCode::INTERNAL_SERVER_ERROR.into_response();
        }
    };
    let mut response = match answer.body {
        Some(body) => (answer.status, axum::Json(body)).into_response(),
        None => answer.status.into_response(),
    };
    for (name, value) in answer.headers {
        if let Ok(value) = axum::http::HeaderValue::from_str(&value) {
            response.headers_mut().insert(name, value);
        }
    }
    response
}

/// Notes that the answer to an interaction's response is being dropped: the bot cannot
/// know whether it landed, so a second try that finds it answered is no breach.
fn lose_interaction_answer(shared: &Shared, call: &RestCall) {
    let Some(id) = call
        .path
        .strip_prefix("/api/v10/interactions/")
        .and_then(|rest| rest.split('/').next())
        .and_then(|id| id.parse::<u64>().ok())
    else {
        return;
    };
    if let Some(pending) = shared.state().interactions.get_mut(&id) {
        pending.answer_lost = true;
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
        (Method::GET, ["gateway", "bot"]) => {
            let (shards, max_concurrency) = {
                let state = shared.state();
                (
                    state.gateway.recommended_shards,
                    state.gateway.max_concurrency,
                )
            };
            Answer::json(json!({
                "url": shared.gateway_url(),
                "shards": shards,
                "session_start_limit": {
                    "total": 1000, "remaining": 1000, "reset_after": 0,
                    "max_concurrency": max_concurrency
                },
            }))
        }
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
        (Method::POST, ["users", "@me", "channels"]) => dm_channel(shared, call),
        (Method::POST, ["channels", channel, "messages"]) => channel_message(shared, call, channel),
        (Method::POST, ["channels", channel, "messages", message, "threads"]) => {
            create_thread(shared, call, channel, Some(message))
        }
        (Method::POST, ["channels", channel, "threads"]) => {
            create_thread(shared, call, channel, None)
        }
        (Method::PUT, ["channels", thread, "thread-members", user]) => {
            add_thread_member(shared, call, thread, user)
        }
        (Method::PATCH, ["channels", thread]) => edit_thread(shared, call, thread),
        (Method::PATCH, ["channels", channel, "messages", message]) => {
            edit_channel_message(shared, call, channel, message)
        }
        (Method::DELETE, ["channels", channel, "messages", message]) => {
            delete_channel_message(shared, call, channel, message)
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
        let channel_id = old["channel_id"].as_str().unwrap_or("1").to_owned();
        let fresh = build_message(shared, None, &channel_id, &json!({}), files);
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
            let lost = pending.answer_lost;
            drop(state);
            let why = "Interaction has already been acknowledged.";
            if lost {
                return Answer::error(StatusCode::BAD_REQUEST, 40060, why);
            }
            return refuse(shared, call, StatusCode::BAD_REQUEST, 40060, why);
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
        message,
        ..Answer::no_content()
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
    Answer::created(build_message(
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
        match stored_message(shared, &channel_id, message_id) {
            Some(old) => old,
            None => {
                return refuse(
                    shared,
                    call,
                    StatusCode::NOT_FOUND,
                    10008,
                    "Unknown Message",
                )
            }
        }
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

/// Opens (or finds) the bot's direct-message channel with a user: the same channel for the
/// same user every time, as Discord does.
fn dm_channel(shared: &Shared, call: &RestCall) -> Answer {
    let recipient = call
        .json
        .as_ref()
        .and_then(|json| json.get("recipient_id"))
        .and_then(|id| match id {
            Value::String(text) => text.parse::<u64>().ok(),
            other => other.as_u64(),
        });
    let Some(recipient) = recipient else {
        return invalid_form(shared, call, vec!["recipient_id is missing".into()]);
    };
    let user = [
        fixtures::alice(),
        fixtures::bob(),
        fixtures::carol(),
        fixtures::dave(),
    ]
    .into_iter()
    .find(|user| user.id == recipient)
    .unwrap_or_else(|| fixtures::TestUser::new(recipient, "someone"));
    let channel = json!({
        "id": fixtures::dm_channel_id(recipient).to_string(),
        "type": 1,
        "last_message_id": null,
        "recipients": [user.json()],
    });
    assert_serenity_reads::<serenity::model::channel::PrivateChannel>("a DM channel", &channel);
    Answer::json(channel)
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
    // With `enforce_nonce`, a nonce the bot used in the last few minutes gets the message
    // it made then, as it now is, instead of a new one.
    let nonce = payload
        .get("nonce")
        .filter(|_| payload.get("enforce_nonce").and_then(Value::as_bool) == Some(true))
        .map(|nonce| match nonce {
            Value::String(text) => text.clone(),
            other => other.to_string(),
        });
    if let Some(nonce) = &nonce {
        let mut state = shared.state();
        let earlier = state
            .nonces
            .get(nonce)
            .filter(|(_, at)| at.elapsed() < NONCE_WINDOW)
            .and_then(|(id, _)| state.messages.get(id).cloned());
        if let Some(message) = earlier {
            return Answer::message(message);
        }
        state.nonces.remove(nonce);
    }
    let mut message = build_message(shared, None, channel_id, &payload, &call.files);
    if let Some(nonce) = nonce {
        message["nonce"] = json!(nonce);
        let id = message["id"].as_str().unwrap_or_default().to_owned();
        shared
            .state()
            .nonces
            .insert(nonce, (id, std::time::Instant::now()));
    }
    Answer::created(message)
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
    let Some(old) = stored_message(shared, channel_id, message_id) else {
        return refuse(
            shared,
            call,
            StatusCode::NOT_FOUND,
            10008,
            "Unknown Message",
        );
    };
    Answer::message(edited_message(shared, &old, &payload, &call.files))
}

fn delete_channel_message(
    shared: &Shared,
    call: &RestCall,
    channel_id: &str,
    message_id: &str,
) -> Answer {
    if stored_message(shared, channel_id, message_id).is_none() {
        return refuse(
            shared,
            call,
            StatusCode::NOT_FOUND,
            10008,
            "Unknown Message",
        );
    }
    shared.state().messages.remove(message_id);
    Answer::no_content()
}

/// The stored message `message_id`, if it is in `channel_id`.
fn stored_message(shared: &Shared, channel_id: &str, message_id: &str) -> Option<Value> {
    let state = shared.state();
    let message = state.messages.get(message_id)?;
    (message["channel_id"].as_str() == Some(channel_id)).then(|| message.clone())
}

/// Opens a public thread under `channel`: from message `message` (the thread takes the
/// message's id, and a message has at most one thread, as on Discord), or on its own.
fn create_thread(shared: &Shared, call: &RestCall, channel: &str, message: Option<&str>) -> Answer {
    let payload = call.json.clone().unwrap_or(json!({}));
    let name = payload
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    let length = name.chars().count();
    if !(1..=100).contains(&length) {
        return invalid_form(
            shared,
            call,
            vec![format!(
                "a thread name has 1 to 100 characters, not {length}"
            )],
        );
    }
    let id = match message {
        Some(message) => message.to_owned(),
        None => shared.next_id().to_string(),
    };
    if shared.state().threads.contains_key(&id) {
        return refuse(
            shared,
            call,
            StatusCode::BAD_REQUEST,
            160_004,
            "A thread has already been created for this message",
        );
    }
    let thread = json!({
        "id": id,
        "type": 11,
        "guild_id": fixtures::GUILD_ID.to_string(),
        "parent_id": channel,
        "owner_id": APPLICATION_ID.to_string(),
        "name": name,
        "thread_metadata": {
            "archived": false,
            "auto_archive_duration": payload
                .get("auto_archive_duration")
                .cloned()
                .unwrap_or(json!(1440)),
            "archive_timestamp": "2026-09-21T00:00:00.000000+00:00",
            "locked": false,
        },
        "members": [],
    });
    shared.state().threads.insert(id, thread.clone());
    Answer {
        status: StatusCode::CREATED,
        ..Answer::json(thread)
    }
}

/// Adds a user to a thread the fake opened.
fn add_thread_member(shared: &Shared, call: &RestCall, thread: &str, user: &str) -> Answer {
    let mut state = shared.state();
    let Some(found) = state.threads.get_mut(thread) else {
        drop(state);
        return refuse(
            shared,
            call,
            StatusCode::NOT_FOUND,
            10003,
            "Unknown Channel",
        );
    };
    if let Some(members) = found["members"].as_array_mut() {
        if !members.iter().any(|member| member == user) {
            members.push(json!(user));
        }
    }
    Answer::no_content()
}

/// Archives (or reopens) a thread the fake opened.
fn edit_thread(shared: &Shared, call: &RestCall, thread: &str) -> Answer {
    let payload = call.json.clone().unwrap_or(json!({}));
    let mut state = shared.state();
    let Some(found) = state.threads.get_mut(thread) else {
        drop(state);
        return refuse(
            shared,
            call,
            StatusCode::NOT_FOUND,
            10003,
            "Unknown Channel",
        );
    };
    if let Some(archived) = payload.get("archived").and_then(Value::as_bool) {
        found["thread_metadata"]["archived"] = json!(archived);
    }
    Answer::json(found.clone())
}
