//! The game table: challenges, seats, moves, clocks, ratings and leaderboards, over the
//! engine, the renderer and the store. Returns domain results; knows nothing of Discord.
//!
//! [`Service`] is what the front end holds (cheap to clone). Its methods take plain ids
//! and names and return the structs in [`views`]; every refusal is a [`ServiceError`]
//! whose message is meant for the player as it stands.
//!
//! How an action runs: read the game row, rebuild the engine [`Game`](crate::engine::Game)
//! from its stored state (no replay), check who may act, let the engine apply the action,
//! then write the new state in one transaction guarded by the version that was read
//! (a racing write makes this one fail with [`ServiceError::Raced`]), together with what the
//! change announces in the channel ([`Announcement`]): nothing is announced unless it is
//! stored, and nothing is stored without its announcement. The front end delivers
//! announcements from that outbox (see `announce`), so a failure of Discord or of the bot
//! between the change and its announcement delays the announcement but never loses it.
//!
//! Time comes from a [`Clock`]; clock checks run from [`Service::tick`], which reads what
//! is due from the database, so a restarted bot picks up every deadline where it was.

pub mod analysis;
mod announce;
mod challenges;
mod clock;
mod clocks;
mod computer;
mod ending;
mod error;
mod image;
mod lists;
mod notifications;
mod offers;
mod play;
mod preferences;
pub mod puzzles;
pub mod rating_history;
pub mod ratings;
mod replays;
mod review;
mod schedule;
mod server_settings;
mod table;
pub mod time_control;
mod vacations;
pub mod views;
mod work;

use std::sync::Arc;

use tokio::sync::Notify;

use crate::engine::{RuleOptions, Variant};
use crate::store::{Store, UserId};

pub use announce::{now_ms, Announcement, ArchiveThread, Delivery, Reminder, ThreadResult};
pub use clock::{Clock, ManualClock, SystemClock};
pub use computer::{ComputerAnswer, THINKERS};
pub use error::{ServiceError, ServiceResult};
pub use notifications::{next_digest_after, NotificationView, DIGEST_PERIOD};
pub use offers::OfferOutcome;
pub use preferences::{Notation, PieceSet, PlayerSettings, GUILD_LOCALE_SETTING, LANGUAGE_SETTING};
pub use rating_history::{
    rating_chart, rating_chart_png, HistoryPoint, RatingChartText, RatingLine, CHART_TOP,
};
pub use replays::{
    Caption, Captions, ReplayBoard, ReplayFile, ReplayMove, ReplaySeat, ReplayWords, Verdicts,
    MOVES_AROUND,
};
pub use review::{
    ReviewAnswer, ReviewDone, ReviewProgress, ReviewReport, ReviewSettings, ReviewedMove,
    StoredReview, PROGRESS_EVERY, REVIEWS_PER_SERVER,
};
pub use server_settings::{
    ServerSettings, Setting, SettingsChange, DEFAULT_VACATION_DAYS, GAME_THREADS_SETTING,
    MAX_VACATION_DAYS, SETTINGS,
};
pub use vacations::{VacationGame, VacationView};
pub use views::*;
pub use work::DEFAULT_WORK_LEASE;

/// Three days: the default time for one move.
pub const DEFAULT_SECONDS_PER_MOVE: i64 = 3 * 86_400;

/// Limits and defaults of the game table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Time per move when a challenge does not say.
    pub default_seconds_per_move: i64,
    /// The shortest time per move a challenge may ask for.
    pub min_seconds_per_move: i64,
    /// The longest time per move a challenge may ask for.
    pub max_seconds_per_move: i64,
    /// How long a challenge waits for its players.
    pub challenge_lifetime: i64,
    /// How long, in seconds, a process's claim on an item of scheduled work holds: after
    /// that a process that died is taken to be gone, and another does the item.
    pub work_lease: i64,
    /// The name this process claims scheduled work under, unique among the processes on
    /// one database; `None` makes one up from the host name, the process id and a random
    /// suffix.
    pub process_id: Option<String>,
    /// How games are reviewed (`/analyse`).
    pub review: ReviewSettings,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            default_seconds_per_move: DEFAULT_SECONDS_PER_MOVE,
            min_seconds_per_move: 60,
            max_seconds_per_move: 30 * 86_400,
            challenge_lifetime: 86_400,
            work_lease: DEFAULT_WORK_LEASE,
            process_id: None,
            review: ReviewSettings::default(),
        }
    }
}

/// How players get their seats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seating {
    /// Drawn when the game starts (the yonin federation draws lots).
    Random,
    /// By seat index (standard: black, white; yonin: S, W, N, E): the challenger and every
    /// named opponent exactly once; `None` leaves a seat for whoever joins.
    Fixed(Vec<Option<UserId>>),
}

/// The time limit of a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TimeLimit {
    /// The table's default ([`Settings::default_seconds_per_move`]).
    #[default]
    Default,
    /// This many seconds for every move.
    PerMove(i64),
    /// No clock.
    Unlimited,
}

/// A challenge to be made.
#[derive(Clone, Debug, PartialEq)]
pub struct ChallengeRequest {
    pub variant: Variant,
    /// The players invited by name (one for two-player variants, up to three for yonin).
    /// Naming fewer than the game needs leaves the other seats open to anyone.
    pub opponents: Vec<Person>,
    pub seating: Seating,
    pub time_limit: TimeLimit,
    /// Rule options; `None` for the variant's defaults.
    pub rules: Option<RuleOptions>,
    /// Whether the result changes ratings; `None` for the server's default. A game with a
    /// computer seat is never rated: asking for it with a computer named is refused, and a
    /// rated challenge whose open seats are filled with computers starts unrated.
    pub rated: Option<bool>,
    /// Whether the game is to be played in a thread of its own under the channel (opened by
    /// the front end when the last player accepts).
    pub thread: bool,
    /// Each player's time bank in seconds (a reserve a late move eats into); `None` for
    /// none. Needs a time limit.
    pub bank: Option<i64>,
    /// The strength of the computers the challenge seats, now or when its open seats are
    /// filled with computers; `None` for [`Level::DEFAULT`](crate::computer::Level).
    pub level: Option<crate::computer::Level>,
}

impl ChallengeRequest {
    /// A challenge rated as the server says, with random seats, the default clock and the variant's rules.
    pub fn new(variant: Variant, opponents: Vec<Person>) -> Self {
        Self {
            variant,
            opponents,
            seating: Seating::Random,
            time_limit: TimeLimit::Default,
            rules: None,
            rated: None,
            thread: false,
            bank: None,
            level: None,
        }
    }
}

/// The game table. Cloning is cheap: clones share the database, clock and settings.
#[derive(Clone)]
pub struct Service {
    inner: Arc<Inner>,
}

struct Inner {
    store: Store,
    clock: Arc<dyn Clock>,
    settings: Settings,
    /// Woken when a write may have brought the next scheduled time forward.
    schedule_changed: Notify,
    /// Woken when announcements were stored, or a channel's earlier one was delivered.
    announced: Notify,
    /// Bounds the computer players' searches running at once.
    thinkers: computer::Thinkers,
    /// Moves played through this table since it was made (the health report's counter).
    moves_played: std::sync::atomic::AtomicU64,
    /// The servers' locales already stored by this process.
    known_locales: preferences::KnownLocales,
    /// The name this process claims scheduled work under.
    process_id: String,
    /// Woken when a review was queued.
    reviews_queued: Notify,
}

impl std::fmt::Debug for Service {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Service")
            .field("store", &self.inner.store)
            .field("settings", &self.inner.settings)
            .field("process_id", &self.inner.process_id)
            .finish_non_exhaustive()
    }
}

impl Service {
    /// A game table over an open store.
    pub fn new(store: Store, clock: impl Clock, settings: Settings) -> Self {
        let process_id = settings
            .process_id
            .clone()
            .unwrap_or_else(work::process_name);
        Self {
            inner: Arc::new(Inner {
                process_id,
                store,
                clock: Arc::new(clock),
                settings,
                schedule_changed: Notify::new(),
                announced: Notify::new(),
                thinkers: computer::Thinkers::default(),
                moves_played: std::sync::atomic::AtomicU64::new(0),
                known_locales: preferences::KnownLocales::default(),
                reviews_queued: Notify::new(),
            }),
        }
    }

    /// Opens (creating and migrating if needed) the database at `database_url`, builds the
    /// table over it, and computes again the ratings a migration asked for (see
    /// [`Service::recompute_ratings_asked`]).
    pub async fn open(
        database_url: &str,
        clock: impl Clock,
        settings: Settings,
    ) -> ServiceResult<Self> {
        let store = Store::open(database_url).await?;
        let service = Self::new(store, clock, settings);
        service.recompute_ratings_asked().await?;
        Ok(service)
    }

    /// The database underneath.
    pub fn store(&self) -> &Store {
        &self.inner.store
    }

    pub fn settings(&self) -> &Settings {
        &self.inner.settings
    }

    /// The current time as the service's clock tells it.
    pub fn now(&self) -> i64 {
        self.inner.clock.now()
    }

    /// Remembers a user's display name (for leaderboards, histories and records).
    pub async fn remember_name(&self, person: &Person) -> ServiceResult<()> {
        self.store()
            .upsert_user(person.id, &person.name, self.now())
            .await?;
        Ok(())
    }

    /// Moves played (and stored) through this table since it was made, by players and
    /// computer players alike.
    pub fn moves_played(&self) -> u64 {
        self.inner
            .moves_played
            .load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Tells a waiting scheduler to look at the schedule again.
    fn schedule_changed(&self) {
        self.inner.schedule_changed.notify_one();
    }
}
