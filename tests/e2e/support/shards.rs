//! Bot processes on a sharded gateway: `shogiban serve` started as deployed (its settings in
//! its environment, its log in a file, killed at will), the servers of the two shards of
//! two, and the steps of a game played in a server of either shard through the fake
//! Discord, with the port that answered each interaction.

use std::path::Path;
use std::time::{Duration, Instant};

use super::bot::{shogiban_command, ChildGuard};
use super::fake_discord::{FakeDiscord, RestCall, SentInteraction, DEFAULT_WAIT};
use super::fixtures::{alice, bob, InteractionBuilder, TestUser, GUILD_ID};

/// A server on shard 1 of 2 (`(id >> 22) % 2 == 1`); [`GUILD_ID`] is on shard 0.
pub const SHARD_1_GUILD: u64 = (1 << 22) | 4242;
/// A channel of [`SHARD_1_GUILD`].
pub const SHARD_1_CHANNEL: u64 = 6666;
/// Long enough for a process to start and serenity to start its shards 5 s apart.
pub const SHARDS_UP: Duration = Duration::from_secs(40);

/// `/help` in `guild`, answered.
pub async fn help_in(fake: &FakeDiscord, guild: u64, channel: u64) -> (SentInteraction, RestCall) {
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

/// `shogiban serve` as deployed, its log in a file.
pub struct Serve {
    child: ChildGuard,
    log: tempfile::NamedTempFile,
}

impl Serve {
    /// Starts `serve` on `database_url` (`sqlite://...` or `postgres://...`), talking to
    /// the fake through `api_base` (one per process, so each call tells which process made
    /// it), with the settings `env` on top.
    pub fn start(
        fake: &FakeDiscord,
        api_base: &str,
        database_url: &str,
        env: &[(&str, &str)],
    ) -> Self {
        // A file, not a pipe: a pipe nobody reads until the end could fill up and stall it.
        let log = tempfile::NamedTempFile::new().expect("a log file");
        let mut command = shogiban_command();
        command
            .arg("serve")
            .env("DISCORD_TOKEN", fake.token())
            .env("DISCORD_API_BASE", api_base)
            .env("DISCORD_GUILD_ID", GUILD_ID.to_string())
            .env("DATABASE_URL", database_url)
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

    /// The URL of a SQLite file `database`.
    pub fn sqlite_url(database: &Path) -> String {
        format!("sqlite://{}", database.display())
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(self.log.path()).unwrap_or_default()
    }

    /// Waits for a log line containing `needle` and returns the rest of that line.
    pub async fn logged(&mut self, needle: &str, timeout: Duration) -> String {
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

    /// Kills the process at once (SIGKILL): no shutdown, no goodbye to the gateway, posts
    /// and claims left where they were.
    pub fn kill(&mut self) {
        self.child.0.kill().expect("kill serve");
        self.child.0.wait().expect("reap serve");
    }
}

/// Alice challenges Bob in `guild` with seats as listed (Alice black) and, if given, the
/// time per move `time_per_move` (e.g. `1m`); Bob accepts and the first board is posted.
/// Returns both interactions.
pub async fn a_game_in(
    fake: &FakeDiscord,
    guild: u64,
    channel: u64,
    time_per_move: Option<&str>,
) -> Vec<SentInteraction> {
    let mut command = InteractionBuilder::slash("challenge")
        .integer("seats", 1)
        .user("opponent", &bob());
    if let Some(time) = time_per_move {
        command = command.string("time_per_move", time);
    }
    let sent = fake
        .send(&command.by(&alice()).in_guild(guild, channel))
        .await;
    let answer = fake.answer_to(&sent).await;
    assert!(
        answer.content().unwrap_or_default().contains("is posted"),
        "the challenge was refused: {:?}",
        answer.content()
    );
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
    vec![sent, click]
}

/// `/move text` by `user` in `guild`, which must be played: waits for the mover's
/// confirmation only (the board may still be on its way).
pub async fn move_in(
    fake: &FakeDiscord,
    guild: u64,
    channel: u64,
    user: &TestUser,
    text: &str,
) -> SentInteraction {
    let played = fake
        .send(
            &InteractionBuilder::slash("move")
                .string("move", text)
                .by(user)
                .in_guild(guild, channel),
        )
        .await;
    let answer = fake.answer_to(&played).await;
    assert!(
        answer.content().unwrap_or_default().contains("was played"),
        "{text}: {:?}",
        answer.content()
    );
    played
}

/// Whether `call` is the board posted after move `ply`.
pub fn is_board_after(call: &RestCall, ply: u32) -> bool {
    !call.files.is_empty()
        && call
            .content()
            .is_some_and(|text| text.contains(&format!("move {ply}:")))
}

/// Waits for the board of move `ply` posted in `channel` after `since`.
pub async fn board_after(
    fake: &FakeDiscord,
    channel: u64,
    since: Instant,
    ply: u32,
    wait: Duration,
) {
    fake.posted(
        channel,
        since,
        &format!("the board after move {ply}"),
        wait,
        |call| is_board_after(call, ply),
    )
    .await;
}

/// Alice challenges Bob in `guild` with seats as listed (Alice black), Bob accepts and
/// Alice moves: every interaction of it, in order.
pub async fn a_game_with_a_move(
    fake: &FakeDiscord,
    guild: u64,
    channel: u64,
) -> Vec<SentInteraction> {
    let mut sent = a_game_in(fake, guild, channel, None).await;
    let played = move_in(fake, guild, channel, &alice(), "7g7f").await;
    board_after(fake, channel, played.sent_at, 1, DEFAULT_WAIT).await;
    sent.push(played);
    sent
}

/// The ports every answer to `sent` came through.
pub fn answering_ports(fake: &FakeDiscord, sent: &[SentInteraction]) -> Vec<u16> {
    let mut ports: Vec<u16> = sent
        .iter()
        .flat_map(|sent| fake.answers_to(sent))
        .map(|call| call.port)
        .collect();
    ports.sort_unstable();
    ports.dedup();
    ports
}

/// The messages created in `channel` that match `predicate`: each is one a player sees.
pub fn posts_matching(
    fake: &FakeDiscord,
    channel: u64,
    predicate: impl Fn(&RestCall) -> bool,
) -> Vec<RestCall> {
    fake.channel_posts(channel)
        .into_iter()
        .filter(|call| predicate(call))
        .collect()
}

/// Every announcement stored for `channel` was posted there exactly once: as many messages
/// as announcements, each announcement delivered. Returns the announcements' kinds in order.
pub async fn delivered_once_each(
    fake: &FakeDiscord,
    store: &shogiban::store::Store,
    channel: u64,
) -> Vec<String> {
    let stored = store
        .announcements_in_channel(shogiban::store::ChannelId(channel))
        .await
        .expect("the announcements read");
    let undelivered: Vec<_> = stored.iter().filter(|a| a.delivered_ms.is_none()).collect();
    assert!(undelivered.is_empty(), "not delivered: {undelivered:?}");
    let posts = fake.channel_posts(channel);
    let contents: Vec<&str> = posts.iter().filter_map(|call| call.content()).collect();
    assert_eq!(
        posts.len(),
        stored.len(),
        "messages in channel {channel}: {contents:#?}"
    );
    stored.into_iter().map(|a| a.kind).collect()
}

/// A GET on the health endpoints: the status and the body.
pub async fn get(addr: &str, path: &str) -> (u16, String) {
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
pub fn sample(metrics: &str, name: &str) -> Option<f64> {
    metrics
        .lines()
        .filter(|line| !line.starts_with('#'))
        .find_map(|line| {
            let (key, value) = line.rsplit_once(' ')?;
            (key == name).then(|| value.parse().ok())?
        })
}

/// A forwarder standing for the HTTP rate-limit proxy that every process of a bot sends its
/// REST calls to (`DISCORD_REST_PROXY`): it relays each connection, as it is, to the
/// fake's `upstream` address and counts the connections. Every call it relays reaches the
/// fake on `upstream`'s port, which tells them apart from calls made around it.
pub struct Relay {
    /// Where the processes send their calls.
    pub base: String,
    connections: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    task: tokio::task::JoinHandle<()>,
}

impl Relay {
    /// Starts relaying from a free port of 127.0.0.1 to `upstream` (`http://host:port`).
    pub async fn start(upstream: &str) -> Self {
        let upstream = upstream
            .strip_prefix("http://")
            .expect("an http:// address")
            .to_owned();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind 127.0.0.1:0");
        let base = format!("http://{}", listener.local_addr().expect("local address"));
        let connections = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let counted = std::sync::Arc::clone(&connections);
        let task = tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                counted.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let upstream = upstream.clone();
                tokio::spawn(async move {
                    if let Ok(mut outbound) = tokio::net::TcpStream::connect(&upstream).await {
                        let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                    }
                });
            }
        });
        Self {
            base,
            connections,
            task,
        }
    }

    /// Connections relayed so far.
    pub fn connections(&self) -> usize {
        self.connections.load(std::sync::atomic::Ordering::Relaxed)
    }
}

impl Drop for Relay {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// The address of the health endpoints of `serve`, started with `HEALTH_ADDR=127.0.0.1:0`,
/// as its log tells it.
pub async fn health_addr(serve: &mut Serve) -> String {
    let shown = serve
        .logged("health endpoints on http://", DEFAULT_WAIT)
        .await;
    shown.split('/').next().expect("an address").to_owned()
}

/// Waits until `/healthz` of `addr` answers `status`, and returns its body; fails the test
/// after `timeout` with the last answer.
pub async fn healthz_becomes(addr: &str, status: u16, timeout: Duration) -> String {
    let deadline = Instant::now() + timeout;
    loop {
        let (got, body) = get(addr, "/healthz").await;
        if got == status {
            return body;
        }
        assert!(
            Instant::now() < deadline,
            "/healthz did not answer {status} within {timeout:?}: {got} {body}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}
