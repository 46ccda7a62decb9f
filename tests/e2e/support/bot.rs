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

/// The installed program, as the deployment starts it. `SHOGIBAN_TEST_LOG` sets its log
/// level (default `info`).
pub fn shogiban_command() -> std::process::Command {
    let log = std::env::var("SHOGIBAN_TEST_LOG").unwrap_or_else(|_| "info".to_owned());
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_shogiban"));
    command
        .env("NO_PROXY", "127.0.0.1,localhost")
        .env("no_proxy", "127.0.0.1,localhost")
        .env("RUST_LOG", log)
        .env_remove("DISCORD_TOKEN")
        .env_remove("DISCORD_GUILD_ID")
        .env_remove("DISCORD_API_BASE")
        .env_remove("DATABASE_URL")
        .env_remove("ANNOUNCE_RETRY_FIRST_MS")
        .env_remove("ANNOUNCE_RETRY_MAX_MS")
        .env_remove("ANNOUNCE_LEASE_MS")
        .env_remove("DISCORD_REST_PROXY")
        .env_remove("DATABASE_ACQUIRE_TIMEOUT_MS")
        .env_remove("DATABASE_GIVE_UP_MS");
    command
}

/// Kills the child process if the test fails before it exits.
#[cfg(unix)]
pub struct ChildGuard(pub std::process::Child);

#[cfg(unix)]
impl Drop for ChildGuard {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Sends SIGTERM to the child and waits for it to exit.
#[cfg(unix)]
pub async fn stop_with_sigterm(child: &mut ChildGuard) -> std::process::ExitStatus {
    // The shell's own `kill`: no signal crate needed, and no separate binary either.
    let kill = std::process::Command::new("sh")
        .args(["-c", &format!("kill -TERM {}", child.0.id())])
        .status()
        .expect("run kill");
    assert!(kill.success());
    let deadline = std::time::Instant::now() + STOP_WAIT;
    loop {
        if let Some(status) = child.0.try_wait().expect("poll the child") {
            return status;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "serve did not stop on SIGTERM"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
