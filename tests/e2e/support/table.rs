//! A game table for end-to-end tests: a fake Discord, the real bot over a database of its
//! own (a temporary SQLite file, or a fresh database on the test binary's PostgreSQL
//! cluster), a hand-set clock, and the steps players take (challenge, accept, move, click).
//!
//! What players see of a change comes in two parts, as in the bot: the private answer to
//! whoever acted ("your move was played"), and the announcement the bot posts in the
//! channel (the board for the next player). The steps here wait for both.

use std::time::{Duration, Instant};

use serde_json::Value;
use shogiban::discord::Data;
use shogiban::service::{ManualClock, Service, Settings};

use super::backends::{fresh_db, Backend, TestDb};
use super::bot::RunningBot;
use super::fake_discord::{FakeDiscord, RestCall, SentInteraction, DEFAULT_WAIT};
use super::fixtures::{InteractionBuilder, TestUser, CHANNEL_ID, GUILD_ID};

/// A moment in 2026, where the table's clock starts.
pub const START_TIME: i64 = 1_790_000_000;

/// `/challenge` variant choice indexes, for [`Table::start_game`].
pub const STANDARD: i64 = 0;
pub const YONIN: i64 = 1;
pub const YONIN_DOUBLES: i64 = 2;
pub const DAIDAI: i64 = 3;

/// What a move command produced: the interaction, the mover's private confirmation, the
/// move's announcement in the channel (the board for the next player), and the time from
/// sending the command to that announcement.
pub struct Played {
    pub sent: SentInteraction,
    pub confirmation: RestCall,
    pub answer: RestCall,
    pub latency: Duration,
}

impl Played {
    pub fn content(&self) -> &str {
        self.answer.content().unwrap_or_default()
    }

    /// The message the answer became, as Discord now shows it.
    pub fn message(&self) -> Value {
        self.answer
            .message
            .clone()
            .expect("the answer is a message")
    }
}

/// The real bot at a fake Discord, over a database of its own.
pub struct Table {
    pub fake: FakeDiscord,
    pub service: Service,
    pub clock: ManualClock,
    bot: Option<RunningBot>,
    database: TestDb,
    defer_after: Option<Duration>,
    /// Settings for the bot beyond the token, the address and the guild.
    env: Vec<(String, String)>,
    /// The game table's settings, as `serve` makes them from its environment.
    settings: Settings,
}

impl Table {
    /// Makes the bot's scheduler look at the clock now: a new challenge (by carol, in another
    /// channel, whose posts the tests never make fail) changes the schedule, so a clock moved
    /// by a test is acted on at once.
    pub async fn poke_scheduler(&self) {
        let (_, answer) = self
            .ask(
                InteractionBuilder::slash("challenge")
                    .in_guild(GUILD_ID, 9999)
                    .by(&super::fixtures::carol()),
            )
            .await;
        assert!(
            answer.content().unwrap_or_default().contains("is posted"),
            "{:?}",
            answer.content()
        );
    }

    /// A table whose bot answers as in production, on SQLite.
    pub async fn open() -> Self {
        Self::on(Backend::Sqlite).await
    }

    /// A table whose bot answers as in production, on `backend`.
    pub async fn on(backend: Backend) -> Self {
        Self::open_configured(backend, None, &[]).await
    }

    /// A table whose bot defers every answer still being worked on after `defer_after`.
    pub async fn open_with(defer_after: Option<Duration>) -> Self {
        Self::open_configured(Backend::Sqlite, defer_after, &[]).await
    }

    /// A table whose bot also reads the settings `env` (e.g. the announcements' retry
    /// times), as `serve` reads them from its environment.
    pub async fn open_with_env(env: &[(&str, &str)]) -> Self {
        Self::open_configured(Backend::Sqlite, None, env).await
    }

    /// A table whose game table has `settings` (e.g. how games are reviewed), on
    /// `backend`.
    pub async fn with_settings(backend: Backend, settings: Settings) -> Self {
        Self::open_set(backend, None, &[], settings).await
    }

    async fn open_configured(
        backend: Backend,
        defer_after: Option<Duration>,
        env: &[(&str, &str)],
    ) -> Self {
        Self::open_set(backend, defer_after, env, Settings::default()).await
    }

    async fn open_set(
        backend: Backend,
        defer_after: Option<Duration>,
        env: &[(&str, &str)],
        settings: Settings,
    ) -> Self {
        let database = fresh_db(backend).await;
        let clock = ManualClock::new(START_TIME);
        let service = open_service(&database.url, &clock, &settings).await;
        let fake = FakeDiscord::start().await;
        let mut table = Self {
            fake,
            service,
            clock,
            bot: None,
            database,
            defer_after,
            env: env
                .iter()
                .map(|(key, value)| ((*key).to_owned(), (*value).to_owned()))
                .collect(),
            settings,
        };
        table.start_bot().await;
        table
    }

    fn data(&self) -> Data {
        let data = Data::new(self.service.clone());
        match self.defer_after {
            Some(after) => data.with_defer_after(after),
            None => data,
        }
    }

    async fn start_bot(&mut self) {
        let started = std::time::Instant::now();
        let guild = GUILD_ID.to_string();
        let mut env: Vec<(&str, &str)> = vec![("DISCORD_GUILD_ID", &guild)];
        env.extend(self.env.iter().map(|(k, v)| (k.as_str(), v.as_str())));
        let bot = RunningBot::start_with_data(&self.fake, &env, self.data());
        self.bot = Some(bot);
        // Commands are registered once the bot is set up and ready for interactions.
        let what = "command registration by the started bot";
        self.fake
            .wait_for(what, DEFAULT_WAIT, |call| {
                call.is_command_registration(Some(GUILD_ID)) && call.at > started
            })
            .await;
    }

    /// Stops the bot as SIGTERM does, then starts a new one on the same database, with
    /// a fresh service over it, as a restarted process would.
    pub async fn restart(&mut self) {
        let bot = self.bot.take().expect("a running bot");
        bot.stop().await.expect("clean shutdown");
        self.fake
            .wait_for_gateway_close(Duration::from_secs(5))
            .await;
        self.service = open_service(&self.database.url, &self.clock, &self.settings).await;
        self.start_bot().await;
    }

    /// Stops the bot as SIGTERM does, leaving the database as it is.
    pub async fn stop_bot(&mut self) {
        let bot = self.bot.take().expect("a running bot");
        bot.stop().await.expect("clean shutdown");
        self.fake
            .wait_for_gateway_close(Duration::from_secs(5))
            .await;
    }

    /// Starts a bot again after [`Table::stop_bot`], with a fresh service over the same
    /// database, as a new process would.
    pub async fn start_again(&mut self) {
        self.service = open_service(&self.database.url, &self.clock, &self.settings).await;
        self.start_bot().await;
    }

    /// Stops the bot and checks Discord would have accepted everything it did.
    pub async fn close(mut self) {
        if let Some(bot) = self.bot.take() {
            bot.stop().await.expect("clean shutdown");
        }
        self.fake.assert_no_violations();
    }

    /// Sends an interaction and waits for the bot's answer with text.
    pub async fn ask(&self, interaction: InteractionBuilder) -> (SentInteraction, RestCall) {
        let sent = self.fake.send(&interaction).await;
        let answer = self.fake.answer_to(&sent).await;
        (sent, answer)
    }

    /// Waits for the announcement the bot posts in the channel of `sent` after it was sent
    /// that matches `predicate`.
    pub async fn announced_after(
        &self,
        sent: &SentInteraction,
        what: &str,
        predicate: impl Fn(&RestCall) -> bool,
    ) -> RestCall {
        self.fake
            .posted(sent.channel_id, sent.sent_at, what, DEFAULT_WAIT, predicate)
            .await
    }

    /// The announcements the bot posted in `channel` after `since`, in order.
    pub fn posts_since(&self, channel: u64, since: Instant) -> Vec<RestCall> {
        self.fake
            .channel_posts(channel)
            .into_iter()
            .filter(|call| call.at > since)
            .collect()
    }

    /// `/challenge` by `by`, which must be made: checks that the challenger is told
    /// privately, and returns the challenge as posted in the channel.
    pub async fn challenge(&self, interaction: InteractionBuilder, by: &TestUser) -> RestCall {
        let (sent, answer) = self.ask(interaction.by(by)).await;
        assert!(answer.is_ephemeral(), "{:?}", answer.content());
        assert!(
            answer.content().unwrap_or_default().contains("is posted"),
            "the challenge was refused: {:?}",
            answer.content()
        );
        self.announced_after(&sent, "the challenge", |call| {
            call.content()
                .is_some_and(|text| text.contains("**Challenge #"))
        })
        .await
    }

    /// Clicks the button `custom_id` of `message` as `user`; returns the interaction.
    pub async fn click(&self, user: &TestUser, custom_id: &str, message: Value) -> SentInteraction {
        self.fake
            .send(&InteractionBuilder::click(custom_id, message).by(user))
            .await
    }

    /// Makes a challenge of `variant` (a choice index of `/challenge`) by `players[0]`
    /// naming the others as opponents, in seat order, and has them all accept. Returns the
    /// post that starts the game.
    pub async fn start_game(&self, variant: i64, players: &[&TestUser]) -> RestCall {
        let mut command = InteractionBuilder::slash("challenge")
            .integer("variant", variant)
            .integer("seats", 1);
        for (n, opponent) in players[1..].iter().enumerate() {
            let name = match n {
                0 => "opponent".to_owned(),
                n => format!("opponent{}", n + 1),
            };
            command = command.user(&name, opponent);
        }
        let challenge = self.challenge(command, players[0]).await;
        let challenge_id = challenge
            .custom_ids()
            .into_iter()
            .find(|id| id.starts_with("accept:"))
            .expect("an accept button");
        let mut message = challenge.message.clone().expect("a challenge message");
        let (last, others) = players[1..].split_last().expect("at least two players");
        for player in others {
            let click = self.click(player, &challenge_id, message.clone()).await;
            let update = self.fake.answer_to(&click).await;
            message = update.message.clone().expect("the challenge is updated");
        }
        let click = self.click(last, &challenge_id, message).await;
        self.first_board_after(&click).await
    }

    /// Waits for the first board of a game that `sent` started.
    pub async fn first_board_after(&self, sent: &SentInteraction) -> RestCall {
        self.announced_after(sent, "the first board", |call| {
            !call.files.is_empty()
                && call
                    .content()
                    .is_some_and(|text| text.contains(" begins: "))
        })
        .await
    }

    /// `/move` as `user`, waiting for the mover's private confirmation and for the board in
    /// the channel.
    pub async fn play(&self, user: &TestUser, text: &str) -> Played {
        let sent = self
            .fake
            .send(
                &InteractionBuilder::slash("move")
                    .string("move", text)
                    .by(user),
            )
            .await;
        let confirmation = self.fake.answer_to(&sent).await;
        assert!(
            confirmation.is_ephemeral()
                && confirmation
                    .content()
                    .is_some_and(|text| text.contains("was played")),
            "{text} was not played: {:?}",
            confirmation.content()
        );
        // The first move announced after the command: the channel's announcements come
        // in order, so a computer's answer to it comes later.
        let answer = self
            .announced_after(&sent, "the board after the move", |call| {
                !call.files.is_empty()
                    && call
                        .content()
                        .is_some_and(|text| text.contains(" played **"))
            })
            .await;
        let latency = answer.at.saturating_duration_since(sent.sent_at);
        Played {
            sent,
            confirmation,
            answer,
            latency,
        }
    }

    /// `/move` as `user`, waiting only for the mover's private confirmation (the board may
    /// not be posted yet, or at all).
    pub async fn play_unannounced(&self, user: &TestUser, text: &str) -> RestCall {
        let (_, confirmation) = self
            .ask(
                InteractionBuilder::slash("move")
                    .string("move", text)
                    .by(user),
            )
            .await;
        assert!(
            confirmation.is_ephemeral()
                && confirmation
                    .content()
                    .is_some_and(|answer| answer.contains("was played")),
            "{text} was not played: {:?}",
            confirmation.content()
        );
        confirmation
    }

    /// `/move` as `user` where the move must be refused: returns the private answer.
    pub async fn refused_move(&self, user: &TestUser, text: &str) -> RestCall {
        let (_, answer) = self
            .ask(
                InteractionBuilder::slash("move")
                    .string("move", text)
                    .by(user),
            )
            .await;
        assert!(
            answer.is_ephemeral(),
            "a refusal must be private: {:?}",
            answer.content()
        );
        assert!(answer.files.is_empty(), "a refusal has no board");
        answer
    }

    /// Autocomplete of `/move` for `user` having typed `typed`: the choices offered.
    pub async fn suggestions(&self, user: &TestUser, typed: &str) -> Vec<(String, Value)> {
        let sent = self
            .fake
            .send(
                &InteractionBuilder::autocomplete("move")
                    .focused("move", typed)
                    .by(user),
            )
            .await;
        self.fake.response_to(&sent).await.choices()
    }
}

async fn open_service(database_url: &str, clock: &ManualClock, settings: &Settings) -> Service {
    Service::open(database_url, clock.clone(), settings.clone())
        .await
        .expect("the test database opens")
}

/// The channel games are played in unless a test says otherwise.
pub const GAME_CHANNEL: u64 = CHANNEL_ID;

/// Statistics of latencies: (median, 99th percentile), nearest rank.
pub fn median_and_p99(samples: &[Duration]) -> (Duration, Duration) {
    assert!(!samples.is_empty(), "no samples");
    let mut sorted = samples.to_vec();
    sorted.sort();
    let rank = |q: f64| {
        let index = (q * sorted.len() as f64).ceil() as usize;
        sorted[index.clamp(1, sorted.len()) - 1]
    };
    (rank(0.5), rank(0.99))
}
