//! A game table for end-to-end tests: a fake Discord, the real bot over a temporary SQLite
//! file, a hand-set clock, and the steps players take (challenge, accept, move, click).

use std::time::Duration;

use serde_json::Value;
use shogiban::discord::Data;
use shogiban::service::{ManualClock, Service, Settings};
use tempfile::TempDir;

use super::bot::RunningBot;
use super::fake_discord::{FakeDiscord, RestCall, SentInteraction, DEFAULT_WAIT};
use super::fixtures::{InteractionBuilder, TestUser, CHANNEL_ID, GUILD_ID};

/// A moment in 2026, where the table's clock starts.
pub const START_TIME: i64 = 1_790_000_000;

/// `/challenge` variant choice indexes, for [`Table::start_game`].
pub const STANDARD: i64 = 0;
pub const YONIN: i64 = 1;
pub const DAIDAI: i64 = 3;

/// What a move command produced: the interaction, the bot's answer carrying the board, and
/// the time from sending the command to that answer.
pub struct Played {
    pub sent: SentInteraction,
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

/// The real bot at a fake Discord, over a database file of its own.
pub struct Table {
    pub fake: FakeDiscord,
    pub service: Service,
    pub clock: ManualClock,
    bot: Option<RunningBot>,
    database_url: String,
    defer_after: Option<Duration>,
    _dir: TempDir,
}

impl Table {
    /// A table whose bot answers as in production.
    pub async fn open() -> Self {
        Self::open_with(None).await
    }

    /// A table whose bot defers every answer still being worked on after `defer_after`.
    pub async fn open_with(defer_after: Option<Duration>) -> Self {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let database_url = format!("sqlite://{}", dir.path().join("games.db").display());
        let clock = ManualClock::new(START_TIME);
        let service = open_service(&database_url, &clock).await;
        let fake = FakeDiscord::start().await;
        let mut table = Self {
            fake,
            service,
            clock,
            bot: None,
            database_url,
            defer_after,
            _dir: dir,
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
        let bot =
            RunningBot::start_with_data(&self.fake, &[("DISCORD_GUILD_ID", &guild)], self.data());
        self.bot = Some(bot);
        // Commands are registered once the bot is set up and ready for interactions.
        let what = "command registration by the started bot";
        self.fake
            .wait_for(what, DEFAULT_WAIT, |call| {
                call.is_command_registration(Some(GUILD_ID)) && call.at > started
            })
            .await;
    }

    /// Stops the bot as SIGTERM does, then starts a new one on the same database file, with
    /// a fresh service over it, as a restarted process would.
    pub async fn restart(&mut self) {
        let bot = self.bot.take().expect("a running bot");
        bot.stop().await.expect("clean shutdown");
        self.fake
            .wait_for_gateway_close(Duration::from_secs(5))
            .await;
        self.service = open_service(&self.database_url, &self.clock).await;
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
    /// database file, as a new process would.
    pub async fn start_again(&mut self) {
        self.service = open_service(&self.database_url, &self.clock).await;
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

    /// `/challenge` by `by`; returns the bot's answer.
    pub async fn challenge(&self, interaction: InteractionBuilder, by: &TestUser) -> RestCall {
        self.ask(interaction.by(by)).await.1
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
        assert!(
            !challenge.is_ephemeral(),
            "the challenge was refused: {:?}",
            challenge.content()
        );
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
        let (start, _) = self.fake.answer_with_file(&click).await;
        start
    }

    /// `/move` as `user`, waiting for the answer with the board.
    pub async fn play(&self, user: &TestUser, text: &str) -> Played {
        let sent = self
            .fake
            .send(
                &InteractionBuilder::slash("move")
                    .string("move", text)
                    .by(user),
            )
            .await;
        let (answer, latency) = self.fake.answer_with_file(&sent).await;
        Played {
            sent,
            answer,
            latency,
        }
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

async fn open_service(database_url: &str, clock: &ManualClock) -> Service {
    Service::open(database_url, clock.clone(), Settings::default())
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
