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
