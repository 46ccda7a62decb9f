//! Runs the real bot (`shogiban::discord::run`, what `serve` runs) against a fake Discord.

use std::collections::HashMap;
use std::sync::Once;
use std::time::Duration;

use shogiban::discord::{self, Config, Data, RunError};
use shogiban::service::{Service, Settings, SystemClock};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use super::fake_discord::FakeDiscord;

/// How long the bot gets to stop after shutdown is asked for.
pub const STOP_WAIT: Duration = Duration::from_secs(15);

/// The bot, running in a task of the test's runtime. Dropping it aborts the task.
pub struct RunningBot {
    shutdown: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<Result<(), RunError>>>,
}

impl RunningBot {
    /// Starts the bot with `DISCORD_TOKEN` and `DISCORD_API_BASE` pointing at `fake`, plus
    /// `more_env` (e.g. `DISCORD_GUILD_ID`), over a fresh in-memory database. The settings go
    /// through the same parsing as the process environment does in `serve`.
    pub fn start(fake: &FakeDiscord, more_env: &[(&str, &str)]) -> Self {
        prepare_process();
        let config = config(fake, more_env);
        let (shutdown, requested) = oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            let service = Service::open("sqlite::memory:", SystemClock, Settings::default())
                .await
                .expect("an in-memory database opens");
            discord::run(config, Data::new(service), async move {
                let _ = requested.await;
            })
            .await
        });
        Self {
            shutdown: Some(shutdown),
            task: Some(task),
        }
    }

    /// Like [`Self::start`], with the shared state the test prepared (e.g. a service over a
    /// temporary database).
    pub fn start_with_data(fake: &FakeDiscord, more_env: &[(&str, &str)], data: Data) -> Self {
        prepare_process();
        let config = config(fake, more_env);
        let (shutdown, requested) = oneshot::channel::<()>();
        let task = tokio::spawn(discord::run(config, data, async move {
            let _ = requested.await;
        }));
        Self {
            shutdown: Some(shutdown),
            task: Some(task),
        }
    }

    /// Asks the bot to shut down, as SIGTERM does, and returns what `run` returned. Fails
    /// the test if `run` does not return within [`STOP_WAIT`].
    pub async fn stop(mut self) -> Result<(), RunError> {
        if let Some(shutdown) = self.shutdown.take() {
            let _ = shutdown.send(());
        }
        let task = self.task.take().expect("the bot task is there until stop");
        match tokio::time::timeout(STOP_WAIT, task).await {
            Ok(Ok(result)) => result,
            Ok(Err(join_error)) => panic!("the bot task failed: {join_error}"),
            Err(_) => panic!("the bot did not stop within {STOP_WAIT:?} of shutdown"),
        }
    }

    /// Whether `run` has returned (without being asked to stop, that is a failure).
    pub fn has_stopped(&self) -> bool {
        self.task.as_ref().map_or(true, JoinHandle::is_finished)
    }
}

impl Drop for RunningBot {
    fn drop(&mut self) {
        if let Some(task) = &self.task {
            task.abort();
        }
    }
}

/// The settings of a bot talking to `fake`, read as `serve` reads the environment.
fn config(fake: &FakeDiscord, more_env: &[(&str, &str)]) -> Config {
    let mut env: HashMap<String, String> = more_env
        .iter()
        .map(|(key, value)| ((*key).to_owned(), (*value).to_owned()))
        .collect();
    env.insert("DISCORD_TOKEN".into(), fake.token().to_owned());
    env.insert("DISCORD_API_BASE".into(), fake.api_base());
    Config::from_lookup(|name| env.get(name).cloned()).expect("test settings are valid")
}

/// Once per test binary: keep loopback requests off any HTTP proxy of the environment, and
/// show the bot's logs in failing tests (`RUST_LOG` picks the level).
pub fn prepare_process() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        std::env::set_var("NO_PROXY", "127.0.0.1,localhost");
        std::env::set_var("no_proxy", "127.0.0.1,localhost");
        let filter = tracing_subscriber::EnvFilter::try_from_default_env()
            .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn,shogiban=info"));
        let _ = tracing_subscriber::fmt()
            .with_env_filter(filter)
            .with_test_writer()
            .try_init();
    });
}
