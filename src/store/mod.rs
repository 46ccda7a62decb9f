//! Storage: the database pool (SQLite or PostgreSQL), migrations and typed queries. Knows
//! nothing of Discord.
//!
//! [`Store`] owns the connection pool of either backend (see the `backend` module: every
//! query is written once and runs on both, and each backend has its own migrations in
//! `migrations/sqlite/` and `migrations/postgres/`); its methods are grouped by subject in the files of
//! this module (people and settings, challenges, games, moves and endings, ratings). Every
//! method takes the current time as UNIX seconds, so callers and tests decide what "now" is.
//!
//! Writes that change what players see take the announcements the change calls for
//! ([`Announce`]) and store them in the same transaction: the outbox that the front end
//! delivers from (see the `announcements` module).
//!
//! Writes that must not interleave run in one transaction: on SQLite a `BEGIN IMMEDIATE`
//! one (SQLite has one writer at a time; taking the write lock up front means a transaction
//! never finds its snapshot stale half-way); on PostgreSQL a READ COMMITTED one in which
//! every check-then-write first locks what it checks (a row `FOR UPDATE`, or an advisory
//! lock for rows that may not exist yet). Game writes are also optimistic: they name the
//! [`GameVersion`] they were computed from and fail with [`StoreError::Conflict`] if
//! another write landed first, whichever process made it.
//!
//! Scheduled work (timeouts, reminders, expiry, archiving, digests, computer moves) is
//! claimed by one process at a time with a lease (see the `claims` module), so several
//! processes on one database do each item once.
//!
//! When the database cannot be reached, the store says so ([`StoreError::is_unavailable`])
//! and keeps track of the outage (see the `outage` module); a request run inside a
//! [`WriteWatch`] can be told apart, at any moment, between "nothing changed" and "a write
//! may have landed", and its lost commits are looked up afterwards.

mod announcements;
pub(crate) mod backend;
mod challenges;
mod claims;
mod error;
mod games;
mod health;
mod ids;
mod locks;
mod migrate;
mod model;
mod notifications;
mod offers;
mod outage;
mod people;
mod play;
mod preferences;
mod puzzles;
mod rating_history;
mod ratings;
mod reviews;
mod vacations;

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use sqlx::migrate::Migrator;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};

pub use announcements::{
    Announce, Claim, ClaimedAnnouncement, NewAnnouncement, StoredAnnouncement,
};
use backend::Tx;
pub use backend::{Backend, Pool, WriteWatch, COMMIT_CHECK_LIMIT};
pub use claims::{WorkClaim, WorkKind};
pub use error::{StoreError, StoreResult};
pub use games::{GameThread, THREAD_ARCHIVE_DELAY};
pub use health::Workload;
pub use ids::{AnnouncementId, ChallengeId, ChannelId, GameId, GuildId, MessageId, UserId};
pub use locks::SharedLocks;
pub use migrate::{copy_sqlite_to_postgres, CopyReport, MigrateDbError};
pub use model::*;
pub use notifications::{NotificationMode, NotificationSetting};
pub use outage::database_errors_total;
pub use play::unrated;
pub use preferences::PlayerSettingsRow;
pub use puzzles::{GamePuzzle, PuzzleChannel, PuzzleProgress};
pub use rating_history::RatingPoint;
pub use ratings::{RatedGame, RatingRecomputation};
pub use reviews::{NewReview, Queued, ReviewRow, ReviewStatus};
pub use vacations::Vacation;

/// Where the bot keeps its database unless told otherwise.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://shogiban.db";

/// How long a connection waits for another writer before giving up.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a query waits for a connection from the pool (making a new one included)
/// unless [`StoreOptions`] says otherwise: short, so that a database that cannot be reached
/// is found out within a few seconds (see `DATABASE_ACQUIRE_TIMEOUT_MS`).
pub const DEFAULT_ACQUIRE_TIMEOUT: Duration = Duration::from_secs(3);

/// How the store waits for its database.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoreOptions {
    /// How long a query waits for a connection from the pool, the time to make a new one
    /// (and to retry a refused connection) included, before it fails as unavailable.
    pub acquire_timeout: Duration,
}

impl Default for StoreOptions {
    fn default() -> Self {
        Self {
            acquire_timeout: DEFAULT_ACQUIRE_TIMEOUT,
        }
    }
}

/// Connections in the pool: readers run side by side under WAL; writers take turns.
const MAX_CONNECTIONS: u32 = 4;

/// Connections to a PostgreSQL server per process: writers run side by side there, so a
/// process serving many servers keeps more of them busy.
const MAX_PG_CONNECTIONS: u32 = 10;

static SQLITE_MIGRATOR: Migrator = sqlx::migrate!("migrations/sqlite");
static POSTGRES_MIGRATOR: Migrator = sqlx::migrate!("migrations/postgres");

/// The database: a pool of SQLite or PostgreSQL connections with the schema migrated.
#[derive(Clone, Debug)]
pub struct Store {
    pool: Pool,
    /// The database file, unless the database lives in memory or on a server.
    file: Option<PathBuf>,
    /// Whether the database can be reached, shared by the store's clones.
    reachability: std::sync::Arc<outage::Reachability>,
}

impl Store {
    /// Opens and migrates the database at `database_url`: a `postgres://` (or
    /// `postgresql://`) URL of a PostgreSQL server, a `sqlite:` URL such as
    /// [`DEFAULT_DATABASE_URL`] or `sqlite::memory:` (created if missing), or a plain file
    /// path. SQLite connections use WAL journaling, full sync, foreign keys and a busy
    /// timeout. Several processes may open one PostgreSQL database at once: its migrator
    /// holds an advisory lock while it migrates.
    pub async fn open(database_url: &str) -> StoreResult<Self> {
        Self::open_with(database_url, StoreOptions::default()).await
    }

    /// Like [`Store::open`], waiting for connections as `options` says.
    pub async fn open_with(database_url: &str, options: StoreOptions) -> StoreResult<Self> {
        if is_postgres_url(database_url) {
            return Self::open_postgres(database_url, options).await;
        }
        let acquire_timeout = options.acquire_timeout;
        let open_error = |source| StoreError::Open {
            url: shown_url(database_url),
            source,
        };
        let in_memory = database_url.starts_with("sqlite:")
            && (database_url.contains(":memory:") || database_url.contains("mode=memory"));
        let options = if database_url.starts_with("sqlite:") {
            SqliteConnectOptions::from_str(database_url).map_err(open_error)?
        } else {
            SqliteConnectOptions::new().filename(database_url)
        };
        let options = options
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(BUSY_TIMEOUT);

        // An in-memory database lives as long as a connection to it: keep exactly one.
        let pool_options = if in_memory {
            SqlitePoolOptions::new()
                .max_connections(1)
                .min_connections(1)
                .idle_timeout(None)
                .max_lifetime(None)
        } else {
            SqlitePoolOptions::new().max_connections(MAX_CONNECTIONS)
        }
        .acquire_timeout(acquire_timeout);
        let file = (!in_memory).then(|| options.get_filename().to_owned());
        let pool = pool_options
            .connect_with(options)
            .await
            .map_err(open_error)?;
        SQLITE_MIGRATOR.run(&pool).await?;
        let pool = Pool::Sqlite(pool);
        Ok(Self {
            reachability: outage::Reachability::new(pool.clone()),
            pool,
            file,
        })
    }

    async fn open_postgres(database_url: &str, options: StoreOptions) -> StoreResult<Self> {
        let open_error = |source| StoreError::Open {
            url: shown_url(database_url),
            source,
        };
        let connect = PgConnectOptions::from_str(database_url).map_err(open_error)?;
        let pool = PgPoolOptions::new()
            .max_connections(MAX_PG_CONNECTIONS)
            .acquire_timeout(options.acquire_timeout)
            .connect_with(connect)
            .await
            .map_err(open_error)?;
        POSTGRES_MIGRATOR.run(&pool).await?;
        let pool = Pool::Postgres(pool);
        Ok(Self {
            reachability: outage::Reachability::new(pool.clone()),
            pool,
            file: None,
        })
    }

    /// Which database the store runs on.
    pub fn backend(&self) -> Backend {
        self.pool.backend()
    }

    /// Fails when the database cannot be written, so that start-up finds it instead of the
    /// first move: the database file (or its write-ahead log) marked read-only, a folder
    /// where SQLite cannot make its `-wal` and `-shm` files (a read-only folder or
    /// mount), or a database that refuses a real write (a file the process may not write,
    /// which SQLite then opens read-only; a read-only open mode). The write is committed, so
    /// it goes all the way to the write-ahead log; it only stamps `write_checks`.
    pub async fn check_writable(&self, now: i64) -> StoreResult<()> {
        if let Some(file) = &self.file {
            check_file_writable(file)?;
        }
        outage::stamp_write_check(&self.pool, now).await
    }

    /// The underlying pool, for callers that need a query the store does not offer.
    pub fn pool(&self) -> &Pool {
        &self.pool
    }

    /// Waits for running queries and closes every connection.
    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// Starts a write transaction: see [`Pool::begin_write`]. A database that cannot be
    /// reached is noted (see [`Store::note_error`]).
    async fn begin_write(&self) -> StoreResult<Tx> {
        let begun = self
            .pool
            .begin_write(std::sync::Arc::clone(&self.reachability))
            .await;
        if let Err(error) = &begun {
            self.note_error(error);
        }
        begun
    }
}

/// Checks what the file system says about a database file: neither it nor its
/// write-ahead log files are marked read-only, and its folder takes new files. The
/// database file itself is never opened here: closing a second descriptor of a file would
/// drop the locks SQLite holds on it.
fn check_file_writable(file: &Path) -> StoreResult<()> {
    let refused = |path: &Path, why: String| StoreError::NotWritable {
        path: path.to_owned(),
        why,
    };
    let name = file
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default();
    for suffix in ["", "-wal", "-shm"] {
        let path = file.with_file_name(format!("{name}{suffix}"));
        match std::fs::metadata(&path) {
            Ok(meta) if meta.permissions().readonly() => {
                return Err(refused(
                    &path,
                    format!("it is marked read-only ({})", mode(&meta)),
                ));
            }
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(refused(&path, e.to_string())),
        }
    }
    // SQLite makes its -wal and -shm files next to the database.
    let folder = match file.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder,
        _ => Path::new("."),
    };
    let probe = folder.join(format!(".{name}.write-check-{}", std::process::id()));
    match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
    {
        Ok(_) => {
            let _ = std::fs::remove_file(&probe);
            Ok(())
        }
        Err(e) => Err(refused(folder, format!("no file can be made in it: {e}"))),
    }
}

/// File permissions as `ls` shows them in octal, where the platform has them.
fn mode(meta: &std::fs::Metadata) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        format!("mode {:o}", meta.permissions().mode() & 0o7777)
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        "no write permission".to_owned()
    }
}

/// `url` as it may be shown to an operator: the password of a `scheme://user:password@host`
/// address is masked, so no log or error message carries it.
pub fn shown_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    let authority_end = rest.find('/').unwrap_or(rest.len());
    match rest[..authority_end].rfind('@') {
        Some(at) => {
            let credentials = &rest[..at];
            let user = credentials
                .split_once(':')
                .map_or(credentials, |(user, _)| user);
            let masked = if credentials.contains(':') {
                format!("{user}:***")
            } else {
                user.to_owned()
            };
            format!("{scheme}://{masked}{}", &rest[at..])
        }
        None => url.to_owned(),
    }
}

/// Whether `url` names a PostgreSQL server rather than an SQLite file.
pub fn is_postgres_url(url: &str) -> bool {
    url.starts_with("postgres://") || url.starts_with("postgresql://")
}

/// Narrows a stored integer to the model's type (seats, plies, counts), or says which
/// column holds something out of range.
fn narrow<T: TryFrom<i64>>(column: &str, value: i64) -> StoreResult<T> {
    T::try_from(value)
        .map_err(|_| StoreError::Corrupt(format!("column {column} holds {value}, out of range")))
}

/// [`narrow`] for a column that may be NULL.
fn narrow_opt<T: TryFrom<i64>>(column: &str, value: Option<i64>) -> StoreResult<Option<T>> {
    value.map(|value| narrow(column, value)).transpose()
}

/// Parses a JSON column.
fn parse_json(column: &str, text: &str) -> StoreResult<serde_json::Value> {
    serde_json::from_str(text)
        .map_err(|e| StoreError::Corrupt(format!("column {column} is not valid JSON: {e}")))
}
