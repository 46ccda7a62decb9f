//! Shared set-up of the service tests: a game table on a temporary database file with a
//! hand-set clock, the people at it, and helpers that start games through challenges.

use shogiban::engine::Variant;
use shogiban::service::{
    AcceptOutcome, Announcement, BoardImage, BoardPicture, BoardView, ChallengeRequest,
    ManualClock, Outcome, Person, Seating, Service, ServiceError, Settings, TimeLimit,
};
use shogiban::store::{ChannelId, Game, UserId};

use common::backends::{fresh_db, Backend, TestDb};

pub use common::games::{STANDARD_MATE, TO_LION, YONIN_TO_ELIMINATION};
pub use common::ids::*;

pub fn person(id: UserId) -> Person {
    let name = match id {
        ALICE => "Alice",
        BOB => "Bob",
        CAROL => "Carol",
        DAVE => "Dave",
        ERIN => "Erin",
        _ => "Someone",
    };
    Person::new(id, name)
}

/// A game table on a fresh database (an SQLite file or a PostgreSQL database), at time `T0`.
pub struct Fixture {
    /// Kept for its lifetime: an SQLite file is removed when this is dropped.
    _db: TestDb,
    pub path: String,
    pub clock: ManualClock,
    pub service: Service,
}

impl Fixture {
    /// A fixture on an SQLite file.
    pub async fn new() -> Self {
        Self::on(Backend::Sqlite).await
    }

    /// A fixture on `backend`.
    pub async fn on(backend: Backend) -> Self {
        let db = fresh_db(backend).await;
        let path = db.url.clone();
        let clock = ManualClock::new(T0);
        let service = Service::open(&path, clock.clone(), Settings::default())
            .await
            .expect("open service");
        Self {
            _db: db,
            path,
            clock,
            service,
        }
    }

    /// Another service on the same database file and clock, as after a restart.
    pub async fn reopen(&self) -> Service {
        Service::open(&self.path, self.clock.clone(), Settings::default())
            .await
            .expect("reopen service")
    }

    /// Starts a game in `channel` between `players`, seated in that order, through a
    /// challenge by the first and acceptances by the others.
    pub async fn start(
        &self,
        channel: ChannelId,
        variant: Variant,
        players: &[UserId],
        time_limit: TimeLimit,
    ) -> BoardView {
        start_on(&self.service, channel, variant, players, time_limit).await
    }

    /// Starts a standard game of Alice (black) against Bob asked for in `channel` with a
    /// thread of its own, in `thread` (the channel the front end opened for it); returns
    /// its row.
    pub async fn start_in_thread(&self, channel: ChannelId, thread: ChannelId) -> Game {
        let mut request = ChallengeRequest::new(Variant::Standard, vec![person(BOB)]);
        request.seating = Seating::Fixed(vec![Some(ALICE), Some(BOB)]);
        request.thread = true;
        let challenge = self
            .service
            .challenge(GUILD, channel, &person(ALICE), &request)
            .await
            .expect("challenge");
        let started = self
            .service
            .accept_challenge_in(challenge.id, &person(BOB), Some(thread))
            .await
            .expect("accept");
        assert!(
            matches!(started, AcceptOutcome::Started { .. }),
            "the game in the thread starts"
        );
        self.row(thread).await
    }

    /// The announcements stored for `channel`, read back as the delivery reads them, each
    /// stored under its own kind.
    pub async fn announced(&self, channel: ChannelId) -> Vec<Announcement> {
        self.service
            .store()
            .announcements_in_channel(channel)
            .await
            .expect("read announcements")
            .into_iter()
            .map(|stored| {
                let announcement: Announcement =
                    serde_json::from_value(stored.payload).expect("an announcement");
                assert_eq!(stored.kind, announcement.kind());
                announcement
            })
            .collect()
    }

    /// The stored game row of the channel's active game.
    pub async fn row(&self, channel: ChannelId) -> Game {
        self.service
            .store()
            .active_game_in_channel(channel)
            .await
            .expect("read game")
            .expect("an active game")
    }

    /// Plays moves in a channel, each by whoever holds the seat to move.
    pub async fn play_all(&self, channel: ChannelId, moves: &[&str]) -> Vec<Outcome> {
        let mut outcomes = Vec::new();
        for text in moves {
            let board = self
                .service
                .board(channel, ALICE)
                .await
                .expect("board of the game");
            let mover = board.to_move.expect("someone to move").user_id;
            let outcome = self
                .service
                .play(channel, mover, text)
                .await
                .unwrap_or_else(|e| panic!("{text} by {mover}: {e}"));
            outcomes.push(outcome);
        }
        outcomes
    }
}

pub async fn start_on(
    service: &Service,
    channel: ChannelId,
    variant: Variant,
    players: &[UserId],
    time_limit: TimeLimit,
) -> BoardView {
    let challenger = person(players[0]);
    let mut request =
        ChallengeRequest::new(variant, players[1..].iter().map(|&u| person(u)).collect());
    request.seating = Seating::Fixed(players.iter().map(|&u| Some(u)).collect());
    request.time_limit = time_limit;
    let challenge = service
        .challenge(GUILD, channel, &challenger, &request)
        .await
        .expect("challenge");
    let mut started = None;
    for &user in &players[1..] {
        match service
            .accept_challenge(challenge.id, &person(user))
            .await
            .expect("accept")
        {
            AcceptOutcome::Waiting(_) => {}
            AcceptOutcome::Started { game, .. } => started = Some(*game),
        }
    }
    started.expect("the last acceptance starts the game")
}

/// A board of an outcome or a game start, drawn as the delivery of its announcement draws
/// it; fails the test if there is none or it cannot be drawn.
pub async fn drawn(picture: Option<&BoardPicture>) -> BoardImage {
    picture
        .expect("a board to draw")
        .draw()
        .await
        .expect("the board is drawn")
}

/// Whether bytes are a PNG image.
pub fn is_png(bytes: &[u8]) -> bool {
    bytes.starts_with(b"\x89PNG\r\n\x1a\n")
}

/// The message of an error, for assertions on what the player reads.
pub fn message(result: Result<impl std::fmt::Debug, ServiceError>) -> String {
    match result {
        Ok(value) => panic!("expected a refusal, got {value:?}"),
        Err(error) => error.to_string(),
    }
}
