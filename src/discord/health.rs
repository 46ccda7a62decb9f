//! The bot's health, for the operator: a line in the log once a minute (the shards this
//! process runs, their gateway latency, games in progress, work due) and, when `HEALTH_ADDR`
//! is set, two HTTP endpoints for an orchestrator:
//!
//! - `/healthz`: 200 when every shard of this process is connected and the database
//!   takes a write, else 503; the body says which. During a database outage it answers 503
//!   at once, until the store's probe finds the database back.
//! - `/metrics`: Prometheus text format: moves, interactions, errors, database errors,
//!   scheduler lag, announcements pending, games in progress, work due, shards and their
//!   latency.
//!
//! The HTTP side is a few lines of hyper (already in the build through serenity's client),
//! not a web framework: two fixed paths, GET only.

use std::convert::Infallible;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use http_body_util::Full;
use hyper::body::{Bytes, Incoming};
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use poise::serenity_prelude as serenity;
use serenity::{ConnectionStage, ShardManager};

use crate::service::Service;
use crate::store::Workload;

/// How often the health line is logged.
pub const LOG_EVERY: Duration = Duration::from_secs(60);
/// How long `/healthz` waits for the database before calling it down.
const STORE_TIMEOUT: Duration = Duration::from_secs(5);

/// What `/healthz` says while the database is known to be unreachable.
const STORE_DOWN: &str = "unreachable since its last error; waiting for it to come back";

/// What the Discord layer counts since start: interactions received and failures of the bot
/// (not refusals of what a user asked).
#[derive(Debug, Default)]
pub struct Counters {
    interactions: AtomicU64,
    errors: AtomicU64,
}

impl Counters {
    /// Counts an interaction (command, click or autocomplete) received.
    pub fn interaction(&self) {
        self.interactions.fetch_add(1, Ordering::Relaxed);
    }

    /// Counts a failure of the bot (what the log records as an error).
    pub fn error(&self) {
        self.errors.fetch_add(1, Ordering::Relaxed);
    }

    pub fn interactions(&self) -> u64 {
        self.interactions.load(Ordering::Relaxed)
    }

    pub fn errors(&self) -> u64 {
        self.errors.load(Ordering::Relaxed)
    }
}

/// The shards this process runs, decided before connecting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardPlan {
    pub first: u32,
    pub last: u32,
    pub count: u32,
}

impl ShardPlan {
    /// How many shards this process runs.
    pub fn here(&self) -> u32 {
        self.last - self.first + 1
    }
}

impl std::fmt::Display for ShardPlan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.first == self.last {
            write!(f, "shard {} of {}", self.first, self.count)
        } else {
            write!(f, "shards {}-{} of {}", self.first, self.last, self.count)
        }
    }
}

/// One shard as its runner last reported it.
#[derive(Clone, Debug)]
struct ShardState {
    id: u32,
    stage: ConnectionStage,
    latency: Option<Duration>,
}

/// Everything the health report reads, shared by the log line and the endpoints.
#[derive(Clone)]
pub struct Health {
    service: Service,
    counters: Arc<Counters>,
    shards: Arc<ShardManager>,
    plan: ShardPlan,
}

/// The state at one moment.
struct Snapshot {
    plan: ShardPlan,
    shards: Vec<ShardState>,
    /// The database's answer, or why it did not answer.
    store: Result<Workload, String>,
    now: i64,
    moves: u64,
    interactions: u64,
    errors: u64,
    database_errors: u64,
}

impl Snapshot {
    fn shards_connected(&self) -> usize {
        self.shards
            .iter()
            .filter(|shard| shard.stage == ConnectionStage::Connected)
            .count()
    }

    /// Healthy: every shard of the plan connected, and the database answering.
    fn healthy(&self) -> bool {
        self.shards_connected() == self.plan.here() as usize && self.store.is_ok()
    }

    /// The shards as the log shows them: `0 connected 41 ms, 1 connecting`.
    fn shard_list(&self) -> String {
        let mut listed: Vec<String> = Vec::new();
        for shard in &self.shards {
            let mut text = format!("{} {}", shard.id, stage_name(shard.stage));
            if let Some(latency) = shard.latency {
                let _ = write!(text, " {} ms", latency.as_millis());
            }
            listed.push(text);
        }
        let started = self.shards.len();
        let planned = self.plan.here() as usize;
        if started < planned {
            listed.push(format!("{} not started yet", planned - started));
        }
        listed.join(", ")
    }

    /// The `/healthz` answer.
    fn healthz(&self) -> (StatusCode, String) {
        let shards = format!(
            "{} of {} shards connected ({}; {})",
            self.shards_connected(),
            self.plan.here(),
            self.plan,
            self.shard_list()
        );
        let store = match &self.store {
            Ok(_) => "database answers and takes writes".to_owned(),
            Err(why) => format!("database does not answer: {why}"),
        };
        let status = if self.healthy() {
            StatusCode::OK
        } else {
            StatusCode::SERVICE_UNAVAILABLE
        };
        let verdict = if self.healthy() { "ok" } else { "unhealthy" };
        (status, format!("{verdict}\n{shards}\n{store}\n"))
    }

    /// The `/metrics` answer, in Prometheus text format 0.0.4.
    fn metrics(&self) -> String {
        let mut out = String::new();
        let mut metric = |name: &str, kind: &str, help: &str, samples: &[(String, String)]| {
            let _ = writeln!(out, "# HELP {name} {help}");
            let _ = writeln!(out, "# TYPE {name} {kind}");
            for (labels, value) in samples {
                let _ = writeln!(out, "{name}{labels} {value}");
            }
        };
        let plain = |value: u64| vec![(String::new(), value.to_string())];
        metric(
            "shogiban_moves_total",
            "counter",
            "Moves played through this process since it started.",
            &plain(self.moves),
        );
        metric(
            "shogiban_interactions_total",
            "counter",
            "Commands, button clicks and autocompletes this process received.",
            &plain(self.interactions),
        );
        metric(
            "shogiban_errors_total",
            "counter",
            "Failures of the bot while answering (logged as errors; refusals not counted).",
            &plain(self.errors),
        );
        metric(
            "shogiban_database_errors_total",
            "counter",
            "Errors the database gave, or answers it did not give in time (server down, \
             connection lost, disk full, ...), in this process since it started.",
            &plain(self.database_errors),
        );
        metric(
            "shogiban_shards",
            "gauge",
            "Gateway shards this process runs.",
            &plain(u64::from(self.plan.here())),
        );
        metric(
            "shogiban_shard_count",
            "gauge",
            "Gateway shards of the whole bot.",
            &plain(u64::from(self.plan.count)),
        );
        let connected: Vec<(String, String)> = (self.plan.first..=self.plan.last)
            .map(|id| {
                let up = self
                    .shards
                    .iter()
                    .any(|shard| shard.id == id && shard.stage == ConnectionStage::Connected);
                (format!("{{shard=\"{id}\"}}"), u8::from(up).to_string())
            })
            .collect();
        metric(
            "shogiban_shard_connected",
            "gauge",
            "1 when the shard's gateway connection is up.",
            &connected,
        );
        let latencies: Vec<(String, String)> = self
            .shards
            .iter()
            .filter_map(|shard| {
                let latency = shard.latency?;
                Some((
                    format!("{{shard=\"{}\"}}", shard.id),
                    format!("{:.3}", latency.as_secs_f64()),
                ))
            })
            .collect();
        metric(
            "shogiban_shard_latency_seconds",
            "gauge",
            "Time from the shard's last heartbeat to Discord's acknowledgement.",
            &latencies,
        );
        metric(
            "shogiban_store_up",
            "gauge",
            "1 when the database took a write for this scrape.",
            &plain(u64::from(self.store.is_ok())),
        );
        if let Ok(work) = &self.store {
            metric(
                "shogiban_games_in_progress",
                "gauge",
                "Active games (all processes).",
                &plain(work.games_in_progress),
            );
            metric(
                "shogiban_due_work",
                "gauge",
                "Clock work due and not yet done (all processes).",
                &[
                    (
                        "{kind=\"timeout\"}".to_owned(),
                        work.due_timeouts.to_string(),
                    ),
                    (
                        "{kind=\"reminder\"}".to_owned(),
                        work.due_reminders.to_string(),
                    ),
                    (
                        "{kind=\"expiry\"}".to_owned(),
                        work.due_expiries.to_string(),
                    ),
                ],
            );
            metric(
                "shogiban_scheduler_lag_seconds",
                "gauge",
                "How long the earliest due timeout, reminder or expiry has waited (0 when none).",
                &plain(work.scheduler_lag(self.now)),
            );
            metric(
                "shogiban_announcements_pending",
                "gauge",
                "Announcements neither delivered nor given up (all processes).",
                &plain(work.announcements_pending),
            );
        }
        out
    }

    /// The line logged once a minute.
    fn log_line(&self) {
        let connected = self.shards_connected();
        match &self.store {
            Ok(work) => tracing::info!(
                "health: {} ({connected} connected: {}); {} games in progress; due: {} \
                 timeouts, {} reminders, {} expiries, {} announcements; scheduler lag {} s",
                self.plan,
                self.shard_list(),
                work.games_in_progress,
                work.due_timeouts,
                work.due_reminders,
                work.due_expiries,
                work.announcements_pending,
                work.scheduler_lag(self.now),
            ),
            // The outage itself is warned of once, when it begins.
            Err(why) => tracing::info!(
                "health: {} ({connected} connected: {}); the database does not answer: {why}",
                self.plan,
                self.shard_list(),
            ),
        }
    }
}

fn stage_name(stage: ConnectionStage) -> &'static str {
    match stage {
        ConnectionStage::Connected => "connected",
        ConnectionStage::Connecting => "connecting",
        ConnectionStage::Disconnected => "disconnected",
        ConnectionStage::Handshake => "handshaking",
        ConnectionStage::Identifying => "identifying",
        ConnectionStage::Resuming => "resuming",
        _ => "in another state",
    }
}

impl Health {
    pub fn new(
        service: Service,
        counters: Arc<Counters>,
        shards: Arc<ShardManager>,
        plan: ShardPlan,
    ) -> Self {
        Self {
            service,
            counters,
            shards,
            plan,
        }
    }

    async fn snapshot(&self) -> Snapshot {
        let mut shards: Vec<ShardState> = self
            .shards
            .runners
            .lock()
            .await
            .iter()
            .map(|(id, runner)| ShardState {
                id: id.0,
                stage: runner.stage,
                latency: runner.latency,
            })
            .collect();
        shards.sort_by_key(|shard| shard.id);
        let now = self.service.now();
        let store = self.service.store();
        // A real write, so that a database that answers but cannot take a write (a full
        // disk, a locked file, a read-only server) is not called healthy.
        let answer = async {
            store.probe(now).await?;
            store.workload(now).await
        };
        let store = if !store.is_reachable() {
            Err(STORE_DOWN.to_owned())
        } else {
            match tokio::time::timeout(STORE_TIMEOUT, answer).await {
                Ok(Ok(work)) => Ok(work),
                Ok(Err(why)) => Err(why.to_string()),
                Err(_) => {
                    store.note_error(&crate::store::StoreError::NoAnswer(STORE_TIMEOUT));
                    Err(format!("no answer within {} s", STORE_TIMEOUT.as_secs()))
                }
            }
        };
        Snapshot {
            plan: self.plan,
            shards,
            store,
            now,
            moves: self.service.moves_played(),
            interactions: self.counters.interactions(),
            errors: self.counters.errors(),
            database_errors: crate::store::database_errors_total(),
        }
    }

    /// Logs the health line every [`LOG_EVERY`] until `stop` completes; the first a minute
    /// after start, when the shards have had time to connect.
    pub async fn log_every_minute(self, stop: impl std::future::Future<Output = ()>) {
        tokio::pin!(stop);
        let mut ticks = tokio::time::interval(LOG_EVERY);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        ticks.tick().await;
        loop {
            tokio::select! {
                () = &mut stop => return,
                _ = ticks.tick() => self.snapshot().await.log_line(),
            }
        }
    }

    /// Serves `/healthz` and `/metrics` on `listener` until `stop` completes.
    pub async fn serve(
        self,
        listener: tokio::net::TcpListener,
        stop: impl std::future::Future<Output = ()>,
    ) {
        tokio::pin!(stop);
        loop {
            let stream = tokio::select! {
                () = &mut stop => return,
                accepted = listener.accept() => match accepted {
                    Ok((stream, _)) => stream,
                    Err(why) => {
                        tracing::warn!("health endpoint cannot accept: {why}");
                        tokio::time::sleep(Duration::from_millis(100)).await;
                        continue;
                    }
                },
            };
            let health = self.clone();
            tokio::spawn(async move {
                let service = hyper::service::service_fn(move |request| {
                    let health = health.clone();
                    async move { Ok::<_, Infallible>(health.answer(request).await) }
                });
                let serving = hyper::server::conn::http1::Builder::new()
                    .serve_connection(TokioIo::new(stream), service);
                // A scraper that stops talking does not hold a task forever.
                let _ = tokio::time::timeout(Duration::from_secs(30), serving).await;
            });
        }
    }

    async fn answer(&self, request: Request<Incoming>) -> Response<Full<Bytes>> {
        let path = request.uri().path();
        let (status, content_type, body) = match (request.method(), path) {
            (&Method::GET, "/healthz") => {
                let (status, body) = self.snapshot().await.healthz();
                (status, "text/plain; charset=utf-8", body)
            }
            (&Method::GET, "/metrics") => (
                StatusCode::OK,
                "text/plain; version=0.0.4; charset=utf-8",
                self.snapshot().await.metrics(),
            ),
            (_, "/healthz" | "/metrics") => (
                StatusCode::METHOD_NOT_ALLOWED,
                "text/plain; charset=utf-8",
                "GET only\n".to_owned(),
            ),
            _ => (
                StatusCode::NOT_FOUND,
                "text/plain; charset=utf-8",
                "not found: try /healthz or /metrics\n".to_owned(),
            ),
        };
        let mut response = Response::new(Full::new(Bytes::from(body)));
        *response.status_mut() = status;
        if let Ok(value) = hyper::header::HeaderValue::from_str(content_type) {
            response
                .headers_mut()
                .insert(hyper::header::CONTENT_TYPE, value);
        }
        response
    }
}
