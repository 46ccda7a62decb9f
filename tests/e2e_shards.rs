//! The sharded gateway end to end, against the fake Discord's sharded gateway (a
//! connection's IDENTIFY shard decides which servers' events it gets): one process running
//! both shards of two, two processes of the real program with a shard each, `SHARDS=auto`
//! with Discord's `max_concurrency`, the health endpoints of a running process, and the
//! start-up errors of bad settings.

mod support;

use std::path::Path;
use std::time::{Duration, Instant};

use support::bot::{shogiban_command, ChildGuard, RunningBot};
use support::fake_discord::{FakeDiscord, RestCall, SentInteraction, DEFAULT_WAIT};
use support::fixtures::{alice, bob, InteractionBuilder, CHANNEL_ID, GUILD_ID};

/// A server on shard 1 of 2 (`(id >> 22) % 2 == 1`); [`GUILD_ID`] is on shard 0.
const SHARD_1_GUILD: u64 = (1 << 22) | 4242;
/// A channel of [`SHARD_1_GUILD`].
const SHARD_1_CHANNEL: u64 = 6666;
/// Long enough for a process to start and serenity to start its shards 5 s apart.
const SHARDS_UP: Duration = Duration::from_secs(40);

#[test]
fn the_test_servers_sit_on_the_shards_they_are_meant_for() {
    assert_eq!((GUILD_ID >> 22) % 2, 0);
    assert_eq!((SHARD_1_GUILD >> 22) % 2, 1);
}

/// `/help` in `guild`, answered.
async fn help_in(fake: &FakeDiscord, guild: u64, channel: u64) -> (SentInteraction, RestCall) {
    let sent = fake
        .send(&InteractionBuilder::slash("help").in_guild(guild, channel))
        .await;
    let reply = fake.response_to(&sent).await;
    assert!(
        reply.content().unwrap_or_default().contains("yonin"),
        "{:?}",
        reply.content()
    );
    (sent, reply)
}

#[tokio::test]
async fn one_process_runs_both_shards_and_answers_both_servers() {
    let fake = FakeDiscord::start().await;
    let bot = RunningBot::start(&fake, &[("SHARD_COUNT", "2"), ("SHARDS", "0-1")]);

    let status = fake.wait_for_shards(&[[0, 2], [1, 2]], SHARDS_UP).await;
    // Discord allows one IDENTIFY per 5 s in a bucket; max_concurrency is 1 here.
    let [(first, at_first), (second, at_second)] = status.identified[..] else {
        panic!("two IDENTIFYs: {:?}", status.identified);
    };
    assert_eq!((first, second), ([0, 2], [1, 2]));
    let gap = at_second.duration_since(at_first);
    assert!(
        gap >= Duration::from_millis(4900),
        "{gap:?} between IDENTIFYs"
    );
    assert!(
        fake.calls()
            .iter()
            .any(|call| call.is("GET", "/api/v10/gateway/bot")),
        "the bot asks Discord for max_concurrency"
    );

    help_in(&fake, GUILD_ID, CHANNEL_ID).await;
    help_in(&fake, SHARD_1_GUILD, SHARD_1_CHANNEL).await;

    bot.stop().await.expect("clean shutdown");
    fake.assert_no_violations();
}

#[tokio::test]
async fn auto_takes_discords_count_and_starts_a_shard_per_bucket_at_once() {
    let fake = FakeDiscord::start().await;
    fake.recommend_shards(2, 2);
    let bot = RunningBot::start(&fake, &[("SHARDS", "auto")]);

    let status = fake.wait_for_shards(&[[0, 2], [1, 2]], SHARDS_UP).await;
    // Shards 0 and 1 are in different buckets of max_concurrency 2: no 5 s wait between.
    let [(_, at_first), (_, at_second)] = status.identified[..] else {
        panic!("two IDENTIFYs: {:?}", status.identified);
    };
    let gap = at_second.duration_since(at_first);
    assert!(gap < Duration::from_secs(3), "{gap:?} between IDENTIFYs");

    help_in(&fake, SHARD_1_GUILD, SHARD_1_CHANNEL).await;
    help_in(&fake, GUILD_ID, CHANNEL_ID).await;

    bot.stop().await.expect("clean shutdown");
    fake.assert_no_violations();
}

/// `shogiban serve` as deployed, its log in a file.
struct Serve {
    child: ChildGuard,
    log: tempfile::NamedTempFile,
}

impl Serve {
    fn start(fake: &FakeDiscord, api_base: &str, database: &Path, env: &[(&str, &str)]) -> Self {
        // A file, not a pipe: a pipe nobody reads until the end could fill up and stall it.
        let log = tempfile::NamedTempFile::new().expect("a log file");
        let mut command = shogiban_command();
        command
            .arg("serve")
            .env("DISCORD_TOKEN", fake.token())
            .env("DISCORD_API_BASE", api_base)
            .env("DISCORD_GUILD_ID", GUILD_ID.to_string())
            .env("DATABASE_URL", format!("sqlite://{}", database.display()))
            .env_remove("SHARD_COUNT")
            .env_remove("SHARDS")
            .env_remove("HEALTH_ADDR")
            .stdout(std::process::Stdio::null())
            .stderr(log.reopen().expect("the log file"));
        for (name, value) in env {
            command.env(name, value);
        }
        let child = command.spawn().expect("start shogiban serve");
        Self {
            child: ChildGuard(child),
            log,
        }
    }

    fn log(&self) -> String {
        std::fs::read_to_string(self.log.path()).unwrap_or_default()
    }

    /// Waits for a log line containing `needle` and returns the rest of that line.
    async fn logged(&mut self, needle: &str, timeout: Duration) -> String {
        let deadline = Instant::now() + timeout;
        loop {
            let log = self.log();
            if let Some(line) = log.lines().find(|line| line.contains(needle)) {
                let at = line.find(needle).unwrap_or(0) + needle.len();
                return line[at..].to_owned();
            }
            if let Ok(Some(status)) = self.child.0.try_wait() {
                panic!("serve exited ({status}) before logging {needle:?}:\n{log}");
            }
            assert!(
                Instant::now() < deadline,
                "no {needle:?} in the log within {timeout:?}:\n{log}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Kills the process at once (SIGKILL): no shutdown, no goodbye to the gateway.
    fn kill(&mut self) {
        self.child.0.kill().expect("kill serve");
        self.child.0.wait().expect("reap serve");
    }
}

/// Alice challenges Bob in `guild` with seats as listed (Alice black), Bob accepts and
/// Alice moves: every interaction of it, in order.
async fn a_game_with_a_move(fake: &FakeDiscord, guild: u64, channel: u64) -> Vec<SentInteraction> {
    let sent = fake
        .send(
            &InteractionBuilder::slash("challenge")
                .integer("seats", 1)
                .user("opponent", &bob())
                .by(&alice())
                .in_guild(guild, channel),
        )
        .await;
    fake.answer_to(&sent).await;
    let challenge = fake
        .posted(
            channel,
            sent.sent_at,
            "the challenge",
            DEFAULT_WAIT,
            |call| call.custom_ids().iter().any(|id| id.starts_with("accept:")),
        )
        .await;
    let accept = challenge
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with("accept:"))
        .expect("an accept button");
    let click = fake
        .send(
            &InteractionBuilder::click(&accept, challenge.message.clone().expect("a message"))
                .by(&bob())
                .in_guild(guild, channel),
        )
        .await;
    fake.posted(
        channel,
        click.sent_at,
        "the first board",
        DEFAULT_WAIT,
        |call| {
            !call.files.is_empty()
                && call
                    .content()
                    .is_some_and(|text| text.contains(" begins: "))
        },
    )
    .await;
    let played = fake
        .send(
            &InteractionBuilder::slash("move")
                .string("move", "7g7f")
                .by(&alice())
                .in_guild(guild, channel),
        )
        .await;
    let answer = fake.answer_to(&played).await;
    assert!(
        answer.content().unwrap_or_default().contains("was played"),
        "{:?}",
        answer.content()
    );
    fake.posted(
        channel,
        played.sent_at,
        "the board after move 1",
        DEFAULT_WAIT,
        |call| !call.files.is_empty() && call.content().is_some_and(|text| text.contains("move 1")),
    )
    .await;
    vec![sent, click, played]
}

/// The ports every answer to `sent` came through.
fn answering_ports(fake: &FakeDiscord, sent: &[SentInteraction]) -> Vec<u16> {
    let mut ports: Vec<u16> = sent
        .iter()
        .flat_map(|sent| fake.answers_to(sent))
        .map(|call| call.port)
        .collect();
    ports.sort_unstable();
    ports.dedup();
    ports
}

#[cfg(unix)]
#[tokio::test]
async fn two_processes_each_answer_only_their_own_servers() {
    let fake = FakeDiscord::start().await;
    let (base_0, port_0) = fake.another_api_base().await;
    let (base_1, port_1) = fake.another_api_base().await;
    let dir = tempfile::tempdir().expect("a temporary directory");
    let database = dir.path().join("games.db");
    let mut shard_0 = Serve::start(
        &fake,
        &base_0,
        &database,
        &[("SHARD_COUNT", "2"), ("SHARDS", "0")],
    );
    // One SQLite file is created and migrated by one process at a time (PostgreSQL's
    // migrator takes a lock; SQLite's does not): the second starts once the first runs.
    shard_0.logged("running shard 0 of 2", SHARDS_UP).await;
    let mut shard_1 = Serve::start(
        &fake,
        &base_1,
        &database,
        &[("SHARD_COUNT", "2"), ("SHARDS", "1")],
    );
    shard_1.logged("running shard 1 of 2", SHARDS_UP).await;
    // The second process waits its turn before its IDENTIFY, as if started together.
    shard_1
        .logged("waiting 5 s before identifying", DEFAULT_WAIT)
        .await;
    assert!(!shard_0.log().contains("before identifying"));
    fake.wait_for_shards(&[[0, 2], [1, 2]], SHARDS_UP).await;

    let on_0 = a_game_with_a_move(&fake, GUILD_ID, CHANNEL_ID).await;
    let on_1 = a_game_with_a_move(&fake, SHARD_1_GUILD, SHARD_1_CHANNEL).await;
    assert_eq!(answering_ports(&fake, &on_0), [port_0]);
    assert_eq!(answering_ports(&fake, &on_1), [port_1]);

    // Shard 1's process dies. Its server's interactions wait for it; the other process,
    // which never gets them, answers its own server as before.
    shard_1.kill();
    fake.wait_for_shards(&[[0, 2]], DEFAULT_WAIT).await;
    let (help_0, _) = help_in(&fake, GUILD_ID, CHANNEL_ID).await;
    assert_eq!(answering_ports(&fake, &[help_0]), [port_0]);

    let mut shard_1 = Serve::start(
        &fake,
        &base_1,
        &database,
        &[("SHARD_COUNT", "2"), ("SHARDS", "1")],
    );
    fake.wait_for_shards(&[[0, 2], [1, 2]], SHARDS_UP).await;
    shard_1.logged("running shard 1 of 2", DEFAULT_WAIT).await;
    // The game on shard 1 goes on where it was, answered by the restarted process only.
    let reply = fake
        .send(
            &InteractionBuilder::slash("move")
                .string("move", "3c3d")
                .by(&bob())
                .in_guild(SHARD_1_GUILD, SHARD_1_CHANNEL),
        )
        .await;
    let answer = fake.answer_to(&reply).await;
    assert!(
        answer.content().unwrap_or_default().contains("was played"),
        "{:?}",
        answer.content()
    );
    assert_eq!(answering_ports(&fake, &[reply]), [port_1]);
    for process in [&shard_0, &shard_1] {
        assert!(
            !process.log().contains(fake.token()),
            "the token was logged"
        );
    }
    fake.assert_no_violations();
}

/// A GET on the health endpoints: the status and the body.
async fn get(addr: &str, path: &str) -> (u16, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(addr)
        .await
        .unwrap_or_else(|why| panic!("connect to {addr}: {why}"));
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.expect("send");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.expect("read");
    let status = answer
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("not an HTTP answer: {answer}"));
    let body = answer
        .split_once("\r\n\r\n")
        .map(|(_, body)| body.to_owned())
        .unwrap_or_default();
    (status, body)
}

/// The value of an unlabelled or labelled sample in Prometheus text.
fn sample(metrics: &str, name: &str) -> Option<f64> {
    metrics
        .lines()
        .filter(|line| !line.starts_with('#'))
        .find_map(|line| {
            let (key, value) = line.rsplit_once(' ')?;
            (key == name).then(|| value.parse().ok())?
        })
}

#[cfg(unix)]
#[tokio::test]
async fn health_endpoints_follow_the_shards_and_count_the_moves() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().expect("a temporary directory");
    let mut serve = Serve::start(
        &fake,
        &fake.api_base(),
        &dir.path().join("games.db"),
        &[
            ("SHARD_COUNT", "2"),
            ("SHARDS", "0-1"),
            ("HEALTH_ADDR", "127.0.0.1:0"),
        ],
    );
    let shown = serve
        .logged("health endpoints on http://", DEFAULT_WAIT)
        .await;
    let addr = shown.split('/').next().expect("an address").to_owned();

    // Shard 1 starts 5 s after shard 0: until then the process is not healthy.
    fake.wait_for_shards(&[[0, 2]], SHARDS_UP).await;
    let (status, body) = get(&addr, "/healthz").await;
    assert_eq!(status, 503, "{body}");
    assert!(body.starts_with("unhealthy"), "{body}");
    assert!(!body.contains("2 of 2 shards connected"), "{body}");
    assert!(body.contains("shards 0-1 of 2"), "{body}");

    fake.wait_for_shards(&[[0, 2], [1, 2]], SHARDS_UP).await;
    let deadline = Instant::now() + DEFAULT_WAIT;
    let body = loop {
        let (status, body) = get(&addr, "/healthz").await;
        if status == 200 {
            break body;
        }
        assert!(Instant::now() < deadline, "never healthy: {body}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert!(body.contains("2 of 2 shards connected"), "{body}");
    assert!(body.contains("database answers"), "{body}");

    let (status, metrics) = get(&addr, "/metrics").await;
    assert_eq!(status, 200);
    assert_eq!(
        sample(&metrics, "shogiban_moves_total"),
        Some(0.0),
        "{metrics}"
    );
    assert_eq!(sample(&metrics, "shogiban_games_in_progress"), Some(0.0));

    let sent = a_game_with_a_move(&fake, SHARD_1_GUILD, SHARD_1_CHANNEL).await;
    let (_, metrics) = get(&addr, "/metrics").await;
    assert_eq!(
        sample(&metrics, "shogiban_moves_total"),
        Some(1.0),
        "{metrics}"
    );
    assert_eq!(
        sample(&metrics, "shogiban_games_in_progress"),
        Some(1.0),
        "{metrics}"
    );
    // The last answer may still be on its way when the counter is read.
    let interactions = sample(&metrics, "shogiban_interactions_total").expect("interactions");
    assert!(
        (sent.len() as f64 - 1.0..=sent.len() as f64).contains(&interactions),
        "{metrics}"
    );
    assert_eq!(
        sample(&metrics, "shogiban_errors_total"),
        Some(0.0),
        "{metrics}"
    );
    assert_eq!(sample(&metrics, "shogiban_shards"), Some(2.0), "{metrics}");
    assert_eq!(
        sample(&metrics, "shogiban_shard_connected{shard=\"1\"}"),
        Some(1.0)
    );
    assert_eq!(
        sample(&metrics, "shogiban_scheduler_lag_seconds"),
        Some(0.0)
    );
    assert_eq!(sample(&metrics, "shogiban_store_up"), Some(1.0));
    assert!(
        metrics.contains("# TYPE shogiban_moves_total counter"),
        "{metrics}"
    );
    assert!(sample(&metrics, "shogiban_announcements_pending").is_some());
    assert!(sample(&metrics, "shogiban_due_work{kind=\"timeout\"}").is_some());

    let (status, _) = get(&addr, "/elsewhere").await;
    assert_eq!(status, 404);
    assert!(!serve.log().contains(fake.token()), "the token was logged");
    fake.assert_no_violations();
}

#[tokio::test]
async fn bad_shard_settings_stop_start_up_naming_the_variable() {
    let fake = FakeDiscord::start().await;
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("a port to take");
    let taken = taken.local_addr().expect("its address").to_string();
    let cases = [
        (vec![("SHARDS", "0-1")], "SHARD_COUNT"),
        (vec![("SHARD_COUNT", "0")], "SHARD_COUNT"),
        (vec![("SHARD_COUNT", "2"), ("SHARDS", "1-2")], "SHARDS=1-2"),
        (vec![("SHARD_COUNT", "2"), ("SHARDS", "all")], "SHARDS"),
        (vec![("HEALTH_ADDR", "localhost")], "HEALTH_ADDR"),
        (vec![("HEALTH_ADDR", taken.as_str())], "HEALTH_ADDR"),
    ];
    let dir = tempfile::tempdir().expect("a temporary directory");
    for (env, named) in cases {
        let mut command = shogiban_command();
        command
            .arg("serve")
            .env("DISCORD_TOKEN", fake.token())
            .env("DISCORD_API_BASE", fake.api_base())
            .env(
                "DATABASE_URL",
                format!("sqlite://{}", dir.path().join("games.db").display()),
            );
        for (name, value) in &env {
            command.env(name, value);
        }
        let output = tokio::task::spawn_blocking(move || command.output())
            .await
            .expect("the command ran")
            .expect("run shogiban serve");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{env:?} started:\n{stderr}");
        assert!(stderr.contains(named), "{env:?}:\n{stderr}");
    }
    assert_eq!(fake.gateway_status().connections, 0, "nothing connected");
}
