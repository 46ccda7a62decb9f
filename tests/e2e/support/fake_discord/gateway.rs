//! The fake gateway: HELLO, heartbeat acknowledgements, READY after IDENTIFY (RESUMED after
//! a RESUME of a session it knows, unless the test refuses resumes), then the dispatches a
//! test pushes; a test may close every connection with a close code, as Discord does.

use std::sync::Arc;

use axum::extract::ws::{Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use futures::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::sync::mpsc;

use super::{Outgoing, Shared, TOKEN};

use crate::support::fixtures::{self, APPLICATION_ID};

pub(super) async fn gateway(ws: WebSocketUpgrade, State(shared): State<Arc<Shared>>) -> Response {
    let refused = shared
        .state()
        .gateway
        .refused_until
        .is_some_and(|until| std::time::Instant::now() < until);
    if refused {
        return axum::http::StatusCode::SERVICE_UNAVAILABLE.into_response();
    }
    ws.on_upgrade(move |socket| serve_gateway(socket, shared))
}

async fn serve_gateway(socket: WebSocket, shared: Arc<Shared>) {
    let (mut sink, mut stream) = socket.split();
    let (sender, mut outgoing) = mpsc::unbounded_channel::<Outgoing>();
    let writer = tokio::spawn(async move {
        while let Some(message) = outgoing.recv().await {
            let frame = match message {
                Outgoing::Text(text) => WsMessage::Text(text),
                Outgoing::Close(code) => {
                    let close = axum::extract::ws::CloseFrame {
                        code,
                        reason: "closed by the fake Discord".into(),
                    };
                    let _ = sink.send(WsMessage::Close(Some(close))).await;
                    break;
                }
            };
            if sink.send(frame).await.is_err() {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let connection = {
        let mut state = shared.state();
        state.gateway.connections += 1;
        u64::from(state.gateway.connections)
    };
    let interval = u64::try_from(shared.heartbeat_interval.as_millis()).unwrap_or(u64::MAX);
    let hello = json!({ "op": 10, "d": { "heartbeat_interval": interval } });
    let _ = sender.send(Outgoing::Text(hello.to_string()));

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
                on_gateway_frame(&shared, connection, &sender, &frame);
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

    shared
        .state()
        .gateway
        .sessions
        .retain(|(number, _)| *number != connection);
    drop(sender);
    let _ = writer.await;
    shared.changed.send_replace(());
}

fn on_gateway_frame(
    shared: &Shared,
    connection: u64,
    sender: &mpsc::UnboundedSender<Outgoing>,
    frame: &Value,
) {
    let text = |value: Value| Outgoing::Text(value.to_string());
    let mut state = shared.state();
    match frame.get("op").and_then(Value::as_u64) {
        Some(1) => {
            state.gateway.heartbeats += 1;
            let _ = sender.send(text(json!({ "op": 11 })));
        }
        Some(2) => {
            state.gateway.identifies += 1;
            state.gateway.intents = frame.pointer("/d/intents").and_then(Value::as_u64);
            let token = frame.pointer("/d/token").and_then(Value::as_str);
            if token != Some(TOKEN) && token != Some(&format!("Bot {TOKEN}")) {
                state
                    .violations
                    .push("IDENTIFY carried the wrong token".to_owned());
                let _ = sender.send(text(json!({ "op": 9, "d": false })));
                return;
            }
            // The shard asked for decides which servers' events this connection gets.
            let shard = match frame.pointer("/d/shard").and_then(Value::as_array) {
                None => [0, 1],
                Some(pair) => match pair.as_slice() {
                    [id, count] => match (id.as_u64(), count.as_u64()) {
                        (Some(id), Some(count)) if count > 0 && id < count => [id, count],
                        _ => {
                            state
                                .violations
                                .push(format!("IDENTIFY with a bad shard: {frame}"));
                            let _ = sender.send(text(json!({ "op": 9, "d": false })));
                            return;
                        }
                    },
                    _ => {
                        state
                            .violations
                            .push(format!("IDENTIFY with a bad shard: {frame}"));
                        let _ = sender.send(text(json!({ "op": 9, "d": false })));
                        return;
                    }
                },
            };
            // Tests check the pace of IDENTIFYs from these times (Discord's limit: one per
            // rate-limit bucket, shard id modulo max_concurrency, every 5 seconds).
            state
                .gateway
                .identified
                .push((shard, std::time::Instant::now()));
            state
                .gateway
                .sessions
                .retain(|(number, _)| *number != connection);
            state.gateway.sessions.push((
                connection,
                super::Session {
                    shard,
                    sender: sender.clone(),
                    seq: 0,
                },
            ));
            let session_id = format!("session-{connection}");
            state.gateway.resumable.insert(session_id.clone(), shard);
            let ready = json!({
                "v": 10,
                "user": fixtures::bot_user(),
                "guilds": [],
                "session_id": session_id,
                "resume_gateway_url": shared.gateway_url(),
                "shard": shard,
                "application": { "id": APPLICATION_ID.to_string(), "flags": 0 },
            });
            state.dispatch_on(connection, "READY", ready);
        }
        // Presence updates are the bot's own business.
        Some(3) => {}
        // RESUME: a session this fake made goes on, on the new connection, with the events
        // of its shard; any other (or every one, when the test refuses resumes) is invalid
        // and not resumable, so the bot identifies again.
        Some(6) => {
            let session_id = frame.pointer("/d/session_id").and_then(Value::as_str);
            let token = frame.pointer("/d/token").and_then(Value::as_str);
            if token != Some(TOKEN) && token != Some(&format!("Bot {TOKEN}")) {
                state
                    .violations
                    .push("RESUME carried the wrong token".to_owned());
            }
            let known = session_id.and_then(|id| state.gateway.resumable.get(id).copied());
            let Some(shard) = known.filter(|_| !state.gateway.refuse_resumes) else {
                let _ = sender.send(text(json!({ "op": 9, "d": false })));
                return;
            };
            state.gateway.resumes += 1;
            let seq = frame.pointer("/d/seq").and_then(Value::as_u64).unwrap_or(0);
            state
                .gateway
                .sessions
                .retain(|(number, _)| *number != connection);
            state.gateway.sessions.push((
                connection,
                super::Session {
                    shard,
                    sender: sender.clone(),
                    seq,
                },
            ));
            state.dispatch_on(connection, "RESUMED", json!({}));
        }
        Some(op) => state
            .violations
            .push(format!("unexpected gateway op {op}: {frame}")),
        None => state
            .violations
            .push(format!("gateway frame without op: {frame}")),
    }
}
