//! The Discord front end: poise commands, autocomplete, buttons and message formatting,
//! a thin translation between Discord and the service.
//!
//! [`run`] connects and serves until a shutdown future completes. Each slash command is one
//! documented async function (its doc comment is the description users see) listed in
//! [`commands`]; button clicks are dispatched by the verb of their stateless custom id in
//! `buttons`; every error ends in one handler that answers the user privately.
//!
//! Adding a command: an `async fn` with `#[poise::command(slash_command)]` taking a
//! [`Context`] and returning `Result<(), Error>`, whose doc comment (at most 100 characters)
//! Discord shows as its description; it calls the service through `ctx.data()`, wrapped in
//! `deadline::command` when the work may be slow (that defers the answer before Discord's
//! 3 seconds run out), returns an [`Error`] for what the user cannot do, and is listed in
//! [`commands`]. The `/help` command list follows by itself.
//!
//! Files: `challenge`, `play`, `offers`, `lists` and `help` hold the commands and the
//! handlers of their buttons; `format` writes every text users read; `post` turns a
//! message into whichever Discord builder the answer needs; `outbox` posts what the
//! service announces (boards, results, offers, reminders, ...).
//!
//! A command or click that changes a game answers its user privately ("your move was
//! played"); what the channel sees comes from the service's announcements, stored with the
//! change and posted by `outbox`, so a failure of Discord between the two never loses it.

mod analysis;
mod buttons;
mod challenge;
pub mod config;
pub mod custom_id;
mod deadline;
mod error;
mod format;
mod game;
pub mod health;
mod help;
pub mod i18n;
mod identify;
mod ids;
mod lists;
mod offers;
mod outbox;
mod play;
mod post;
mod puzzle;
mod refusals;
mod replay;
mod review;
mod server_settings;
mod settings;
mod threads;
mod vacation;

use std::future::Future;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use crate::service::Service;

pub use config::{Config, ConfigError, Delivery, Sharding};
pub use custom_id::{CustomId, CustomIdError};
pub use error::Error;
pub use help::HelpTopic;

/// How long a command or click may work before its answer is deferred. Discord drops an
/// interaction not answered within 3 seconds; deferring earlier than needed would make
/// every refusal public (a deferred answer inherits the deferral's visibility).
pub const DEFAULT_DEFER_AFTER: Duration = Duration::from_millis(1500);

/// How long a command or click may wait for the database before it is given up and its
/// user told that nothing was changed (`DATABASE_GIVE_UP_MS`; see `deadline`).
pub const DEFAULT_GIVE_UP: Duration = Duration::from_secs(5);

/// State shared by every command and button handler: the game service, read with
/// `ctx.data()`.
#[derive(Debug, Clone)]
pub struct Data {
    service: Service,
    defer_after: Duration,
    give_up: Duration,
    counters: std::sync::Arc<health::Counters>,
}

impl Data {
    /// Shared state over the game service.
    pub fn new(service: Service) -> Self {
        Self {
            service,
            defer_after: DEFAULT_DEFER_AFTER,
            give_up: DEFAULT_GIVE_UP,
            counters: std::sync::Arc::default(),
        }
    }

    /// Defers every answer still being worked on after `after` (zero: defers at once).
    pub fn with_defer_after(mut self, after: Duration) -> Self {
        self.defer_after = after;
        self
    }

    /// Gives up the work of a command or click that has changed nothing after `after`
    /// (see `deadline`).
    pub fn with_give_up(mut self, after: Duration) -> Self {
        self.give_up = after;
        self
    }

    /// The game service.
    pub fn service(&self) -> &Service {
        &self.service
    }

    /// What this process counted for the health report.
    pub fn counters(&self) -> &health::Counters {
        &self.counters
    }
}

/// What a command receives.
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// Why the bot stopped other than by a requested shutdown.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// With `DISCORD_API_BASE` or `DISCORD_REST_PROXY` set, the gateway address must come
    /// from there; serenity would otherwise fall back to the real gateway without a word.
    #[error("could not get the gateway address from {api_base}: {source}")]
    Gateway {
        api_base: String,
        source: serenity::Error,
    },
    #[error("the Discord client failed: {0}")]
    Client(#[from] serenity::Error),
    /// `HEALTH_ADDR` could not be listened on (taken, or not an address of this machine).
    #[error("cannot serve the health endpoints on HEALTH_ADDR={addr}: {source}")]
    HealthAddr {
        addr: std::net::SocketAddr,
        source: std::io::Error,
    },
    /// `SHARDS=auto` needs Discord's recommendation.
    #[error(
        "SHARDS=auto needs the shard count Discord recommends, but GET /gateway/bot failed: {0}"
    )]
    GatewayBot(serenity::Error),
}

/// Discord's limit on IDENTIFY: one per rate-limit bucket (shard id modulo
/// `max_concurrency`) every 5 seconds.
pub const IDENTIFY_INTERVAL: Duration = Duration::from_secs(5);

/// The shards this process starts, and how fast it may start them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartPlan {
    pub shards: health::ShardPlan,
    /// Discord's `session_start_limit.max_concurrency` (1 when not asked).
    pub max_concurrency: u32,
    /// How long to wait before the first IDENTIFY, so that processes started together keep
    /// to Discord's limit between them (see [`StartPlan::stagger`]).
    pub delay: Duration,
    /// Whether the processes take turns through the database (PostgreSQL), which then
    /// replaces the stagger.
    pub shared: bool,
}

impl StartPlan {
    /// The wait before this process starts shard `first` when every process starts at once.
    ///
    /// Within a process serenity's shard queuer (patched, see `vendor/serenity/PATCHES.md`)
    /// starts one shard per IDENTIFY bucket every 5 seconds, so shard `first + j` identifies
    /// `5 s * floor(j / max_concurrency)` after the first. Waiting `5 s * ceil(first /
    /// max_concurrency)` puts every shard `i` of the bot in the 5-second slot
    /// `floor(i / max_concurrency)` when each process's first shard is a multiple of
    /// `max_concurrency`: two shards of one bucket are then never in one slot, whichever
    /// process runs them. Nothing else is shared between the processes, so the slots hold
    /// for processes started together (a deployment); one restarted alone meets only
    /// shards that finished identifying long ago.
    pub fn stagger(first: u32, max_concurrency: u32) -> Duration {
        IDENTIFY_INTERVAL * first.div_ceil(max_concurrency.max(1))
    }
}

/// Decides the shards to start: for `SHARDS=auto` or a shard range, asks Discord
/// (`GET /gateway/bot`) for the recommended count and `session_start_limit`. With `shared`
/// (the processes take turns through the database) there is no stagger.
async fn start_plan(
    http: &serenity::Http,
    sharding: Sharding,
    shared: bool,
) -> Result<StartPlan, RunError> {
    let (first, last, count) = match sharding {
        Sharding::Single => {
            return Ok(StartPlan {
                shards: health::ShardPlan {
                    first: 0,
                    last: 0,
                    count: 1,
                },
                max_concurrency: 1,
                delay: Duration::ZERO,
                shared,
            })
        }
        Sharding::Auto => (None, None, None),
        Sharding::Range { first, last, count } => (Some(first), Some(last), Some(count)),
    };
    let gateway = match (http.get_bot_gateway().await, count) {
        (Ok(gateway), _) => Some(gateway),
        (Err(why), None) => return Err(RunError::GatewayBot(why)),
        (Err(why), Some(_)) => {
            tracing::warn!("GET /gateway/bot failed ({why}): starting one shard every 5 seconds");
            None
        }
    };
    let recommended = gateway.as_ref().map(|gateway| gateway.shards.max(1));
    let count = count.or(recommended).unwrap_or(1);
    let first = first.unwrap_or(0);
    let last = last.unwrap_or(count - 1);
    let max_concurrency = gateway.as_ref().map_or(1, |gateway| {
        u32::try_from(gateway.session_start_limit.max_concurrency)
            .unwrap_or(u32::MAX)
            .max(1)
    });
    let shards = health::ShardPlan { first, last, count };
    let mut delay = if shared {
        Duration::ZERO
    } else {
        StartPlan::stagger(first, max_concurrency)
    };
    if let Some(gateway) = &gateway {
        let limit = &gateway.session_start_limit;
        if let Some(recommended) = recommended.filter(|r| *r > count) {
            tracing::warn!("Discord recommends {recommended} shards; SHARD_COUNT={count} is fewer");
        }
        if limit.remaining < u64::from(shards.here()) {
            let wait = Duration::from_millis(limit.reset_after);
            tracing::warn!(
                "Discord allows {} more gateway sessions until its limit resets: waiting {} s \
                 before starting {} shards",
                limit.remaining,
                wait.as_secs(),
                shards.here()
            );
            delay = delay.max(wait);
        }
    }
    if first % max_concurrency != 0 && !shared {
        tracing::warn!(
            "the first shard, {first}, is not a multiple of Discord's max_concurrency \
             ({max_concurrency}): processes started together may IDENTIFY too fast \
             (serenity then waits and tries again); start each process's range at a multiple"
        );
    }
    Ok(StartPlan {
        shards,
        max_concurrency,
        delay,
        shared,
    })
}

/// Every slash command, as registered with Discord.
pub fn commands() -> Vec<poise::Command<Data, Error>> {
    let mut commands = vec![
        challenge::challenge(),
        play::play_move(),
        play::board(),
        play::resign(),
        offers::draw(),
        offers::takeback(),
        play::declare(),
        play::abort(),
        lists::games(),
        lists::leaderboard(),
        lists::profile(),
        lists::export(),
        vacation::vacation(),
        server_settings::server_settings(),
        replay::replay(),
        review::analyse(),
        settings::settings(),
        help::help(),
        puzzle::puzzle(),
    ];
    i18n::localize_commands(&mut commands);
    commands
}

/// How long shards get to close their connections after shutdown was asked for.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(10);
/// How often shutdown is asked for again while a shard may still be connecting.
const SHUTDOWN_RETRY: Duration = Duration::from_millis(100);

/// Connects to Discord, registers the commands (in `config.guild_id` if set, else globally)
/// and answers commands and clicks until `shutdown` completes, then disconnects.
///
/// Returns `Ok(())` after a requested shutdown.
pub async fn run(
    config: Config,
    data: Data,
    shutdown: impl Future<Output = ()> + Send,
) -> Result<(), RunError> {
    tracing::info!(?config, "starting");
    let data = data.with_give_up(config.give_up);
    // Bound first: a taken port stops start-up before anything connects.
    let health_listener = match config.health_addr {
        Some(addr) => Some(
            tokio::net::TcpListener::bind(addr)
                .await
                .map_err(|source| RunError::HealthAddr { addr, source })?,
        ),
        None => None,
    };
    let http = build_http(&config);
    if let Some(api_base) = config.api_base.as_ref().or(config.rest_proxy.as_ref()) {
        if let Err(source) = http.get_gateway().await {
            return Err(RunError::Gateway {
                api_base: api_base.clone(),
                source,
            });
        }
    }

    // On PostgreSQL every process of the bot shares the database, which keeps the IDENTIFY
    // limit between them; on SQLite there is one process, which keeps it alone.
    let identify_gate = data
        .service
        .store()
        .shared_locks()
        .map(|locks| std::sync::Arc::new(identify::IdentifyGate::new(locks)));
    let plan = start_plan(&http, config.sharding, identify_gate.is_some()).await?;
    let guild_id = config.guild_id;
    let delivery = config.delivery;
    let service = data.service.clone();
    let service_for_health = data.service.clone();
    let counters = std::sync::Arc::clone(&data.counters);
    let (stop_background, background_stopped) = tokio::sync::watch::channel(false);
    let health_stopped = background_stopped.clone();
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands(),
            on_error: |error| Box::pin(error::on_error(error)),
            pre_command: |ctx| Box::pin(remember_locales(ctx)),
            event_handler: |framework, event| Box::pin(on_event(framework, event)),
            ..Default::default()
        })
        // Owners are for owner-only commands; there are none, so skip asking Discord.
        .initialize_owners(false)
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                tracing::info!("connected as {}", ready.user.name);
                register_commands(ctx, &framework.options().commands, guild_id).await;
                // Setup runs once per start, not on reconnects: one of each per process.
                spawn_background(service, ctx.http.clone(), delivery, background_stopped);
                Ok(data)
            })
        })
        .build();

    let mut client = serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::GUILDS)
        .framework(framework)
        .await?;
    let shard_manager = client.shard_manager.clone();
    shard_manager.set_max_concurrency(plan.max_concurrency);
    if let Some(gate) = identify_gate {
        shard_manager.set_identify_gate(gate);
    }

    let health = health::Health::new(
        service_for_health,
        counters,
        shard_manager.clone(),
        plan.shards,
    );
    if let Some(listener) = health_listener {
        if let Ok(addr) = listener.local_addr() {
            tracing::info!("health endpoints on http://{addr}/healthz and /metrics");
        }
        tokio::spawn(
            health
                .clone()
                .serve(listener, stopped(health_stopped.clone())),
        );
    }
    tokio::spawn(health.log_every_minute(stopped(health_stopped)));

    tracing::info!(
        "running {} (IDENTIFY: {} at a time every 5 s{})",
        plan.shards,
        plan.max_concurrency,
        if plan.shared {
            ", taking turns with the other processes through the database"
        } else {
            ""
        }
    );
    let sharding = config.sharding;
    let delay = plan.delay;
    let shards = plan.shards;
    let start = async move {
        if !delay.is_zero() {
            tracing::info!(
                "waiting {} s before identifying, so processes started together take turns",
                delay.as_secs()
            );
            tokio::time::sleep(delay).await;
        }
        match sharding {
            Sharding::Single => client.start().await,
            // serenity's range end is inclusive: this starts shards first to last.
            _ => {
                client
                    .start_shard_range(shards.first..shards.last, shards.count)
                    .await
            }
        }
    };
    let mut running = std::pin::pin!(start);
    tokio::select! {
        result = &mut running => return result.map_err(RunError::from),
        () = shutdown => {}
    }
    tracing::info!("shutting down");
    // The background tasks also stop when `run` returns and drops the sender.
    let _ = stop_background.send(true);
    // `shutdown_all` only reaches shards that are already running: one still connecting is
    // missed, so ask again until `start` returns.
    let deadline = tokio::time::Instant::now() + SHUTDOWN_GRACE;
    loop {
        shard_manager.shutdown_all().await;
        match tokio::time::timeout(SHUTDOWN_RETRY, &mut running).await {
            Ok(result) => return result.map_err(RunError::from),
            Err(_) if tokio::time::Instant::now() < deadline => {}
            Err(_) => {
                tracing::warn!("the gateway connection did not close in time");
                return Ok(());
            }
        }
    }
}

/// Starts what runs beside the commands until `stop` says so: the delivery of
/// announcements, the clock (reminders, timeouts, expiry) and the computer players.
fn spawn_background(
    service: crate::service::Service,
    http: std::sync::Arc<serenity::Http>,
    delivery: Delivery,
    stop: tokio::sync::watch::Receiver<bool>,
) {
    tokio::spawn(outbox::run(
        service.clone(),
        http,
        delivery,
        stopped(stop.clone()),
    ));
    let clock = service.clone();
    let clock_stop = stop.clone();
    tokio::spawn(async move {
        tracing::info!("scheduler started");
        clock.run_scheduler(stopped(clock_stop)).await;
        tracing::info!("scheduler stopped");
    });
    let reviews = service.clone();
    let reviews_stop = stop.clone();
    tokio::spawn(async move { reviews.run_reviews(stopped(reviews_stop)).await });
    tokio::spawn(async move { service.run_computer_players(stopped(stop)).await });
}

/// Remembers the languages that a command's interaction carries: the server's (its
/// `guild_locale`), for what the bot posts there later without an interaction (results,
/// reminders, announcements), and the user's (their client's `locale`), for what is sent to
/// them alone (the turn message, the digest). Nothing here waits for the database, so the
/// command's answer is never held up: what changed is stored in the background (see
/// [`Service::remember_locales`](crate::service::Service::remember_locales)).
async fn remember_locales(ctx: Context<'_>) {
    let poise::Context::Application(app) = ctx else {
        return;
    };
    let user = ids::user(app.interaction.user.id);
    let guild = app
        .interaction
        .guild_id
        .zip(app.interaction.guild_locale.as_deref())
        .map(|(guild, locale)| (ids::guild(guild), locale));
    ctx.data()
        .service()
        .remember_locales(user, &app.interaction.locale, guild);
}

/// Completes once `true` is sent, or the sender is gone.
async fn stopped(mut stop: tokio::sync::watch::Receiver<bool>) {
    while !*stop.borrow_and_update() {
        if stop.changed().await.is_err() {
            return;
        }
    }
}

/// Libraries that, below `info`, log whole requests and gateway payloads: interaction
/// tokens (valid for 15 minutes), the bot token's uses and image bytes. They stay at `info`
/// whatever `RUST_LOG` asks, so no level logs a secret or a body.
const CHATTY_TARGETS: [&str; 9] = [
    "serenity",
    "poise",
    "reqwest",
    "hyper",
    "hyper_util",
    "h2",
    "rustls",
    "tungstenite",
    "tokio_tungstenite",
];

/// The log filter for `RUST_LOG` (default `info`), with the libraries that would log
/// secrets held at `info`.
pub fn log_filter(rust_log: Option<&str>) -> tracing_subscriber::EnvFilter {
    let mut filter = rust_log
        .and_then(|text| tracing_subscriber::EnvFilter::try_new(text).ok())
        .unwrap_or_else(|| tracing_subscriber::EnvFilter::new("info"));
    let verbose = filter
        .max_level_hint()
        .is_some_and(|level| level > tracing::level_filters::LevelFilter::INFO);
    if !verbose {
        return filter;
    }
    for target in CHATTY_TARGETS {
        if let Ok(directive) = format!("{target}=info").parse() {
            filter = filter.add_directive(directive);
        }
    }
    filter
}

/// Completes on Ctrl-C (SIGINT) or, on Unix, SIGTERM: the `shutdown` future `serve` passes to
/// [`run`].
pub async fn shutdown_signal() {
    let interrupt = async {
        if let Err(why) = tokio::signal::ctrl_c().await {
            tracing::warn!("cannot listen for Ctrl-C: {why}");
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut terminate) => {
                terminate.recv().await;
            }
            Err(why) => {
                tracing::warn!("cannot listen for SIGTERM: {why}");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {}
        () = terminate => {}
    }
}

/// The REST client: straight to Discord, through `config.api_base` (serenity's rate limiter
/// on: it waits out 429 answers and retries; the vendored serenity sends its requests to the
/// base address too, see `vendor/serenity/PATCHES.md`), or through the rate-limit proxy
/// `config.rest_proxy` shared by every process, with serenity's limiter off (the proxy
/// keeps Discord's limits for all of them; a limiter per process would not know of the
/// others' requests).
fn build_http(config: &Config) -> serenity::Http {
    let builder = serenity::HttpBuilder::new(&config.token);
    match (&config.rest_proxy, &config.api_base) {
        (Some(proxy), _) => builder.proxy(proxy).ratelimiter_disabled(true).build(),
        (None, Some(base)) => builder.proxy(base).build(),
        (None, None) => builder.build(),
    }
}

/// Registers the commands. A failure is logged, not fatal: the commands registered by the
/// previous start keep working.
async fn register_commands(
    ctx: &serenity::Context,
    commands: &[poise::Command<Data, Error>],
    guild_id: Option<serenity::GuildId>,
) {
    let result = match guild_id {
        Some(guild_id) => poise::builtins::register_in_guild(ctx, commands, guild_id).await,
        None => poise::builtins::register_globally(ctx, commands).await,
    };
    match (result, guild_id) {
        (Ok(()), Some(guild_id)) => {
            tracing::info!("registered {} commands in guild {guild_id}", commands.len())
        }
        (Ok(()), None) => tracing::info!("registered {} commands globally", commands.len()),
        (Err(why), _) => tracing::error!("could not register the commands: {why}"),
    }
}

/// Gateway events other than commands: button clicks.
async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    if let serenity::FullEvent::InteractionCreate { .. } = event {
        framework.user_data.counters.interaction();
    }
    match event {
        serenity::FullEvent::InteractionCreate {
            interaction: serenity::Interaction::Component(click),
        } => buttons::on_click(framework, click).await,
        _ => Ok(()),
    }
}

#[cfg(test)]
mod log_tests {
    use std::io::Write;
    use std::sync::{Arc, Mutex};

    use super::log_filter;

    /// Everything logged through a subscriber with the filter for `rust_log`.
    fn logged(rust_log: &str, emit: impl FnOnce()) -> String {
        #[derive(Clone, Default)]
        struct Sink(Arc<Mutex<Vec<u8>>>);
        impl Write for Sink {
            fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
                self.0.lock().unwrap().extend_from_slice(bytes);
                Ok(bytes.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let sink = Sink::default();
        let writer = sink.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_env_filter(log_filter(Some(rust_log)))
            .with_writer(move || writer.clone())
            .finish();
        tracing::subscriber::with_default(subscriber, emit);
        let bytes = sink.0.lock().unwrap().clone();
        String::from_utf8_lossy(&bytes).into_owned()
    }

    #[test]
    fn no_level_logs_what_serenity_sends() {
        for level in ["trace", "debug", "shogiban=trace,serenity=trace"] {
            let out = logged(level, || {
                tracing::debug!(target: "serenity::http::client", "POST /interactions/1/secret-token");
                tracing::trace!(target: "serenity::gateway::shard", "payload with a token");
                tracing::debug!(target: "shogiban::discord", "our own debug line");
            });
            assert!(!out.contains("secret-token"), "{level}: {out}");
            assert!(!out.contains("payload with a token"), "{level}: {out}");
            assert!(out.contains("our own debug line"), "{level}: {out}");
        }
        // At the default level, serenity's own information still shows.
        let out = logged("info", || {
            tracing::info!(target: "serenity::gateway::shard", "shard connected");
        });
        assert!(out.contains("shard connected"), "{out}");
    }
}
