//! The store's error type.

use super::{ChallengeId, ChallengeStatus, ChannelId, GameId, GameStatus, UserId};

/// What went wrong in the store. The variants above [`StoreError::Database`] are outcomes
/// the service is expected to handle (a racing move, a busy channel); the rest are faults.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// Another write reached the game first: it is no longer at the version the caller
    /// read. Nothing was written; reload the game and decide again.
    #[error("game {game_id} changed while this update was prepared (expected version {expected}, found {found})")]
    Conflict {
        game_id: GameId,
        expected: i64,
        found: i64,
    },

    #[error("game {0} does not exist")]
    GameNotFound(GameId),

    #[error("game {game_id} is {status}, not active")]
    GameNotActive { game_id: GameId, status: GameStatus },

    /// The channel already has an active game (one per channel).
    #[error("channel {0} already has an active game")]
    ChannelBusy(ChannelId),

    #[error("challenge {0} does not exist")]
    ChallengeNotFound(ChallengeId),

    /// The challenge was already accepted, declined, cancelled or expired.
    #[error("challenge {id} is {status}, not open")]
    ChallengeNotOpen {
        id: ChallengeId,
        status: ChallengeStatus,
    },

    /// Every seat of the challenge is taken.
    #[error("challenge {0} has no seat left")]
    ChallengeFull(ChallengeId),

    #[error("user {user_id} is not invited to challenge {challenge_id}")]
    NotInvited {
        challenge_id: ChallengeId,
        user_id: UserId,
    },

    /// The seat of a move, place or rating update is not a seat of the game, or the move's
    /// player does not sit there.
    #[error("game {game_id} has no seat {seat} for user {user_id}")]
    NotSeated {
        game_id: GameId,
        seat: u8,
        user_id: UserId,
    },

    /// The caller handed the store something self-contradictory (for example two seats
    /// with the same index, or two rating updates for one seat).
    #[error("invalid input: {0}")]
    Invalid(String),

    /// The rating calculation passed to a finishing write refused the game; nothing was
    /// written.
    #[error("rating update rejected: {0}")]
    RatingRejected(#[source] Box<dyn std::error::Error + Send + Sync>),

    #[error("cannot open the database {url}: {source}")]
    Open {
        url: String,
        #[source]
        source: sqlx::Error,
    },

    /// The database file, its folder or its write-ahead log cannot be written.
    #[error("{}: {why}", path.display())]
    NotWritable {
        path: std::path::PathBuf,
        why: String,
    },

    #[error("database migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),

    /// A stored value does not decode (for example a JSON column that is not JSON).
    #[error("stored data is corrupt: {0}")]
    Corrupt(String),

    #[error("database error: {0}")]
    Database(sqlx::Error),

    /// The connection was lost while a write was being committed, and the database could
    /// not be asked afterwards whether the write landed: it may or may not have.
    #[error("the database did not confirm whether a write was committed")]
    CommitUnknown,

    /// The database did not answer within this long, and the caller stopped waiting.
    #[error("the database did not answer within {} ms", .0.as_millis())]
    NoAnswer(std::time::Duration),
}

impl From<sqlx::Error> for StoreError {
    /// Every error the database gives passes here, which counts it for the health report.
    fn from(error: sqlx::Error) -> Self {
        super::outage::count_database_error();
        Self::Database(error)
    }
}

/// The store's result type.
pub type StoreResult<T> = Result<T, StoreError>;

/// Whether a database error is a violated UNIQUE constraint: the unique index `index`, as
/// PostgreSQL names it, or the columns `columns` (`table.column`), as SQLite names them.
pub(crate) fn violates(error: &sqlx::Error, index: &str, columns: &str) -> bool {
    error.as_database_error().is_some_and(|e| {
        e.is_unique_violation() && (e.constraint() == Some(index) || e.message().contains(columns))
    })
}
