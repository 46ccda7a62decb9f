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
//! Discord shows as its description; it calls the service through `ctx.data()`, answers
//! within 3 seconds (or calls `ctx.defer()` first), returns [`Error::Refused`] for what the
//! user cannot do, and is listed in [`commands`]. The `/help` command list follows by itself.

mod buttons;
pub mod config;
pub mod custom_id;
mod error;
mod help;

use std::future::Future;
use std::time::Duration;

use poise::serenity_prelude as serenity;

pub use config::{Config, ConfigError};
pub use custom_id::{CustomId, CustomIdError};
pub use error::Error;
pub use help::HelpTopic;

/// State shared by every command and button handler.
///
/// Built by the caller of [`run`]; it is where the handle to the game service will live, so
/// a command reads it with `ctx.data()`.
#[derive(Debug, Default)]
pub struct Data {
    _private: (),
}

impl Data {
    /// Shared state with nothing in it yet.
    pub fn new() -> Self {
        Self::default()
    }
}

/// What a command receives.
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// Why the bot stopped other than by a requested shutdown.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// With `DISCORD_API_BASE` set, the gateway address must come from there; serenity would
    /// otherwise fall back to the real gateway without a word.
    #[error("could not get the gateway address from {api_base}: {source}")]
    Gateway {
        api_base: String,
        source: serenity::Error,
    },
    #[error("the Discord client failed: {0}")]
    Client(#[from] serenity::Error),
}

/// Every slash command, as registered with Discord.
pub fn commands() -> Vec<poise::Command<Data, Error>> {
    vec![help::help()]
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
    let http = build_http(&config);
    if let Some(api_base) = &config.api_base {
        if let Err(source) = http.get_gateway().await {
            return Err(RunError::Gateway {
                api_base: api_base.clone(),
                source,
            });
        }
    }

    let guild_id = config.guild_id;
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands(),
            on_error: |error| Box::pin(error::on_error(error)),
            event_handler: |framework, event| Box::pin(on_event(framework, event)),
            ..Default::default()
        })
        // Owners are for owner-only commands; there are none, so skip asking Discord.
        .initialize_owners(false)
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                tracing::info!("connected as {}", ready.user.name);
                register_commands(ctx, &framework.options().commands, guild_id).await;
                Ok(data)
            })
        })
        .build();

    let mut client = serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::GUILDS)
        .framework(framework)
        .await?;
    let shard_manager = client.shard_manager.clone();

    let mut running = std::pin::pin!(client.start());
    tokio::select! {
        result = &mut running => return result.map_err(RunError::from),
        () = shutdown => {}
    }
    tracing::info!("shutting down");
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

/// The REST client: straight to Discord, or through `config.api_base`. Serenity's rate
/// limiter talks to discord.com directly, so it is turned off when a base is set (the proxy
/// is then in charge of rate limits).
fn build_http(config: &Config) -> serenity::Http {
    let builder = serenity::HttpBuilder::new(&config.token);
    match &config.api_base {
        Some(base) => builder.proxy(base).ratelimiter_disabled(true).build(),
        None => builder.build(),
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
    match event {
        serenity::FullEvent::InteractionCreate {
            interaction: serenity::Interaction::Component(click),
        } => buttons::on_click(framework, click).await,
        _ => Ok(()),
    }
}
