//! The two databases the store runs on, SQLite and PostgreSQL, behind one set of queries.
//!
//! Every query is written once, in SQL both accept: numbered placeholders (`$1`, `$2`, ...;
//! SQLite reads them as numbered parameters), `TRUE`/`FALSE`, `BIGINT` times and ids, JSON
//! as `TEXT`, `INSERT ... RETURNING` and `ON CONFLICT ... DO UPDATE`. The [`on!`] and
//! [`on_pool!`] macros expand a query body once per backend, with sqlx's database type
//! inferred from the executor, so the text is never duplicated. What genuinely differs is
//! here and nowhere else: how a write transaction starts, the row locks that stand in, on
//! PostgreSQL, for SQLite's single writer (see [`Conn::lock`]), and how a commit whose
//! answer was lost is found out (see [`WriteWatch`]).

use std::future::Future;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Arc;
use std::time::Duration;

use sqlx::pool::PoolConnection;
use sqlx::{PgConnection, PgPool, Postgres, Sqlite, SqliteConnection, SqlitePool, Transaction};

use super::outage::Reachability;
use super::{ChallengeId, GameId, GuildId, StoreError, StoreResult};

/// Which database a store runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl std::fmt::Display for Backend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Sqlite => "sqlite",
            Self::Postgres => "postgres",
        })
    }
}

/// The connection pool of either backend.
#[derive(Clone, Debug)]
pub enum Pool {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

impl Pool {
    pub fn backend(&self) -> Backend {
        match self {
            Self::Sqlite(_) => Backend::Sqlite,
            Self::Postgres(_) => Backend::Postgres,
        }
    }

    /// The SQLite pool, if the store runs on SQLite.
    pub fn sqlite(&self) -> Option<&SqlitePool> {
        match self {
            Self::Sqlite(pool) => Some(pool),
            Self::Postgres(_) => None,
        }
    }

    /// The PostgreSQL pool, if the store runs on PostgreSQL.
    pub fn postgres(&self) -> Option<&PgPool> {
        match self {
            Self::Sqlite(_) => None,
            Self::Postgres(pool) => Some(pool),
        }
    }

    pub async fn close(&self) {
        match self {
            Self::Sqlite(pool) => pool.close().await,
            Self::Postgres(pool) => pool.close().await,
        }
    }

    /// A connection from the pool.
    pub(crate) async fn acquire(&self) -> StoreResult<Pooled> {
        Ok(match self {
            Self::Sqlite(pool) => Pooled::Sqlite(pool.acquire().await?),
            Self::Postgres(pool) => Pooled::Postgres(pool.acquire().await?),
        })
    }

    /// Starts a write transaction. SQLite takes its write lock at once (`BEGIN
    /// IMMEDIATE`), so a transaction never finds its snapshot stale half-way; PostgreSQL
    /// runs at READ COMMITTED, where every write is guarded by the version it read, a
    /// unique index, or a lock taken with [`Conn::lock`].
    ///
    /// `reachability` is told how the commit went (a commit ends an outage; a failure that
    /// says the database cannot be reached begins one).
    pub(super) async fn begin_write(&self, reachability: Arc<Reachability>) -> StoreResult<Tx> {
        let mut tx = self.begin_unwatched().await?;
        tx.reachability = Some(reachability);
        Ok(tx)
    }

    /// Starts a write transaction whose commit tells nobody how it went (the outage probe's).
    pub(super) async fn begin_unwatched(&self) -> StoreResult<Tx> {
        let inner = match self {
            Self::Sqlite(pool) => TxInner::Sqlite(pool.begin_with("BEGIN IMMEDIATE").await?),
            Self::Postgres(pool) => TxInner::Postgres(pool.begin().await?, pool.clone()),
        };
        Ok(Tx {
            inner,
            reachability: None,
        })
    }

    /// Whether the pool was closed (see [`Pool::close`]).
    pub fn is_closed(&self) -> bool {
        match self {
            Self::Sqlite(pool) => pool.is_closed(),
            Self::Postgres(pool) => pool.is_closed(),
        }
    }
}

tokio::task_local! {
    /// The watch of the request whose writes run in this task, if one watches them.
    static WATCH: Arc<WriteWatch>;
}

/// What the write transactions of one request have done, seen from outside the request:
/// how many committed, and whether one is committing now. The request runs inside
/// [`WriteWatch::watch`]; whoever waits for it can then tell, at any moment, whether
/// abandoning it now would leave everything as it was (nothing committed and no commit
/// sent: dropping the request rolls back what it began) or whether it must be waited for,
/// because a commit it sent may land.
///
/// Watched writes also make sure of their outcome: on PostgreSQL a transaction notes its
/// id before it commits, and a commit whose answer is lost (the connection dropped, the
/// server restarted) asks the server afterwards whether that transaction committed
/// (`txid_status`), waiting for the server to come back if it must. A commit thus reports
/// success if and only if the write landed, or [`StoreError::CommitUnknown`] if the server
/// could not be asked within [`COMMIT_CHECK_LIMIT`]. On SQLite a commit that returns an
/// error has not committed (SQLite rolls the transaction back, or it stays open and is
/// rolled back when dropped).
///
/// Single statements written outside a transaction (a player's display name, a server's
/// name) are bookkeeping the request does on the side: they are not watched.
#[derive(Debug, Default)]
pub struct WriteWatch {
    committed: AtomicU32,
    committing: AtomicBool,
}

/// How long a commit whose answer was lost keeps asking the database whether it landed
/// before it says it does not know: longer than Discord lets a request be answered
/// (15 minutes), so an answer is always found if the database comes back in that time.
pub const COMMIT_CHECK_LIMIT: Duration = Duration::from_secs(16 * 60);

impl WriteWatch {
    /// A watch of nothing yet.
    pub fn new() -> Arc<Self> {
        Arc::default()
    }

    /// Runs `request` with its write transactions watched by `self`.
    pub async fn watch<F: Future>(self: &Arc<Self>, request: F) -> F::Output {
        WATCH.scope(Arc::clone(self), request).await
    }

    /// Write transactions of the request that committed.
    pub fn committed(&self) -> u32 {
        self.committed.load(Ordering::SeqCst)
    }

    /// Whether a commit has been sent and its outcome is not known yet.
    pub fn committing(&self) -> bool {
        self.committing.load(Ordering::SeqCst)
    }

    /// Whether the request has changed nothing and cannot any more if it is dropped now:
    /// no transaction committed, and none is committing.
    pub fn untouched(&self) -> bool {
        self.committed() == 0 && !self.committing()
    }

    fn begin_commit(&self) {
        self.committing.store(true, Ordering::SeqCst);
    }

    fn end_commit(&self, landed: bool) {
        if landed {
            self.committed.fetch_add(1, Ordering::SeqCst);
        }
        self.committing.store(false, Ordering::SeqCst);
    }
}

/// The watch of the request running in this task, if any.
fn current_watch() -> Option<Arc<WriteWatch>> {
    WATCH.try_with(Arc::clone).ok()
}

/// A connection of either backend, borrowed for the statements of one store method.
pub(crate) enum Conn<'c> {
    Sqlite(&'c mut SqliteConnection),
    Postgres(&'c mut PgConnection),
}

/// A pooled connection of either backend.
pub(crate) enum Pooled {
    Sqlite(PoolConnection<Sqlite>),
    Postgres(PoolConnection<Postgres>),
}

impl Pooled {
    pub(crate) fn conn(&mut self) -> Conn<'_> {
        match self {
            Self::Sqlite(c) => Conn::Sqlite(c),
            Self::Postgres(c) => Conn::Postgres(c),
        }
    }
}

/// A write transaction of either backend: rolled back when dropped uncommitted.
pub(crate) struct Tx {
    inner: TxInner,
    reachability: Option<Arc<Reachability>>,
}

enum TxInner {
    Sqlite(Transaction<'static, Sqlite>),
    /// A PostgreSQL transaction keeps its pool, to ask afterwards how a lost commit went.
    Postgres(Transaction<'static, Postgres>, PgPool),
}

impl Tx {
    pub(crate) fn conn(&mut self) -> Conn<'_> {
        match &mut self.inner {
            TxInner::Sqlite(tx) => Conn::Sqlite(tx),
            TxInner::Postgres(tx, _) => Conn::Postgres(tx),
        }
    }

    /// Commits. Inside a [`WriteWatch`], the watch sees the commit under way and its
    /// outcome, and a PostgreSQL commit whose answer is lost is looked up afterwards (see
    /// [`WriteWatch`]).
    pub(crate) async fn commit(self) -> StoreResult<()> {
        let reachability = self.reachability.clone();
        let committed = self.commit_inner().await;
        match (&committed, reachability) {
            (Ok(()), Some(reachability)) => reachability.note_reachable(),
            (Err(error), Some(reachability)) => reachability.note_error(error),
            (_, None) => {}
        }
        committed
    }

    async fn commit_inner(self) -> StoreResult<()> {
        let Some(watch) = current_watch() else {
            match self.inner {
                TxInner::Sqlite(tx) => tx.commit().await?,
                TxInner::Postgres(tx, _) => tx.commit().await?,
            }
            return Ok(());
        };
        match self.inner {
            TxInner::Sqlite(tx) => {
                watch.begin_commit();
                let committed = tx.commit().await;
                watch.end_commit(committed.is_ok());
                Ok(committed?)
            }
            TxInner::Postgres(mut tx, pool) => {
                // The transaction's id, assigned now if it has none: what the server is
                // asked about if the commit's answer is lost. Until the COMMIT is sent,
                // dropping the transaction rolls it back.
                let xid: i64 = sqlx::query_scalar("SELECT txid_current()")
                    .fetch_one(&mut *tx)
                    .await?;
                watch.begin_commit();
                let lost = match tx.commit().await {
                    Ok(()) => {
                        watch.end_commit(true);
                        return Ok(());
                    }
                    Err(error) => error,
                };
                let outcome = commit_outcome(&pool, xid, lost).await;
                watch.end_commit(outcome.is_ok());
                outcome
            }
        }
    }
}

/// How the commit of PostgreSQL transaction `xid`, which failed with `lost`, went: asks the
/// server (`txid_status`) until it answers, for at most [`COMMIT_CHECK_LIMIT`]. `Ok` if the
/// transaction committed after all; `lost` if it did not; [`StoreError::CommitUnknown`] if
/// the server could not tell in time.
async fn commit_outcome(pool: &PgPool, xid: i64, lost: sqlx::Error) -> StoreResult<()> {
    super::outage::count_database_error();
    let deadline = tokio::time::Instant::now() + COMMIT_CHECK_LIMIT;
    let mut wait = Duration::from_millis(200);
    loop {
        let status: Result<Option<String>, sqlx::Error> =
            sqlx::query_scalar("SELECT txid_status($1)")
                .bind(xid)
                .fetch_one(pool)
                .await;
        match status.as_ref().map(Option::as_deref) {
            Ok(Some("committed")) => {
                tracing::info!(xid, "a commit whose answer was lost had landed");
                return Ok(());
            }
            Ok(Some("aborted")) => return Err(StoreError::Database(lost)),
            // Too old to be known (it cannot be, minutes after): nothing more to learn.
            Ok(None) => return Err(StoreError::CommitUnknown),
            // "in progress": the lost session is still ending; or the server is down.
            Ok(Some(_)) | Err(_) => {}
        }
        if tokio::time::Instant::now() + wait > deadline {
            tracing::warn!(
                xid,
                "cannot find out whether a commit whose answer was lost landed: {lost}"
            );
            return Err(StoreError::CommitUnknown);
        }
        tokio::time::sleep(wait).await;
        wait = (wait * 2).min(Duration::from_secs(5));
    }
}

/// What a transaction must hold alone before it reads what it is about to change.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Lock<'a> {
    /// A challenge, while its invitees or status are checked and changed.
    Challenge(ChallengeId),
    /// A game, while a write checks its version and then writes around it.
    Game(GameId),
    /// The ratings of a guild in a variant, while a finishing game reads and updates them
    /// (two games ending at once must not lose an update, and a player's first rating row
    /// does not exist yet to be locked).
    Ratings(GuildId, &'a str),
}

impl Conn<'_> {
    /// Takes `lock` until the transaction ends. On SQLite the write transaction already
    /// excludes every other writer, so there is nothing more to take; on PostgreSQL it is a
    /// row lock (`FOR UPDATE`) or, for rows that may not exist yet, a transaction-scoped
    /// advisory lock.
    pub(crate) async fn lock(&mut self, lock: Lock<'_>) -> StoreResult<()> {
        let Conn::Postgres(c) = self else {
            return Ok(());
        };
        match lock {
            Lock::Challenge(id) => {
                sqlx::query("SELECT id FROM challenges WHERE id = $1 FOR UPDATE")
                    .bind(id)
                    .fetch_optional(&mut **c)
                    .await?;
            }
            Lock::Game(id) => {
                sqlx::query("SELECT id FROM games WHERE id = $1 FOR UPDATE")
                    .bind(id)
                    .fetch_optional(&mut **c)
                    .await?;
            }
            Lock::Ratings(guild_id, variant) => {
                sqlx::query("SELECT pg_advisory_xact_lock($1, $2)")
                    .bind(ADVISORY_RATINGS)
                    .bind(ratings_key(guild_id, variant))
                    .execute(&mut **c)
                    .await?;
            }
        }
        Ok(())
    }
}

/// The first key of the store's two-key advisory locks: which kind of thing is locked.
/// Other users of the database's advisory locks pick other numbers.
pub(crate) const ADVISORY_RATINGS: i32 = 0x5348_0001;

/// A stable 32-bit key for a guild's ratings in a variant (FNV-1a, the same in every
/// process and release; collisions only make two unrelated writes take turns).
fn ratings_key(guild_id: GuildId, variant: &str) -> i32 {
    let mut hash: u32 = 0x811c_9dc5;
    for byte in guild_id.0.to_le_bytes().iter().chain(variant.as_bytes()) {
        hash ^= u32::from(*byte);
        hash = hash.wrapping_mul(0x0100_0193);
    }
    i32::from_ne_bytes(hash.to_ne_bytes())
}

/// Runs a query body on a [`Conn`] (given as `&mut Conn`): the body is expanded once per
/// backend, with `$c` the backend's connection, so the query text is written once.
macro_rules! on {
    ($conn:expr, $c:ident => $body:expr) => {
        match &mut *$conn {
            $crate::store::backend::Conn::Sqlite(connection) => {
                let $c: &mut ::sqlx::SqliteConnection = &mut **connection;
                $body
            }
            $crate::store::backend::Conn::Postgres(connection) => {
                let $c: &mut ::sqlx::PgConnection = &mut **connection;
                $body
            }
        }
    };
}

/// Runs a query body on a [`Pool`], expanded once per backend like [`on!`].
macro_rules! on_pool {
    ($pool:expr, $p:ident => $body:expr) => {
        match $pool {
            $crate::store::backend::Pool::Sqlite(pool) => {
                let $p: &::sqlx::SqlitePool = pool;
                $body
            }
            $crate::store::backend::Pool::Postgres(pool) => {
                let $p: &::sqlx::PgPool = pool;
                $body
            }
        }
    };
}

pub(crate) use {on, on_pool};

/// How many values one `IN` list binds at most: well under both backends' limits on bound
/// parameters (SQLite 32766, PostgreSQL 65535).
pub(crate) const IN_LIST_CHUNK: usize = 500;

/// `IN` list placeholders `$first, $first+1, ...` for `count` values (at least one, so the
/// SQL stays valid; callers skip the query when there is nothing to look up).
pub(crate) fn placeholders(first: usize, count: usize) -> String {
    (first..first + count.max(1))
        .map(|n| format!("${n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratings_keys_are_stable_and_tell_guilds_and_variants_apart() {
        let key = ratings_key(GuildId(900_000_000_000_000_001), "standard");
        assert_eq!(
            key,
            ratings_key(GuildId(900_000_000_000_000_001), "standard")
        );
        assert_ne!(
            key,
            ratings_key(GuildId(900_000_000_000_000_002), "standard")
        );
        assert_ne!(key, ratings_key(GuildId(900_000_000_000_000_001), "yonin"));
    }

    #[test]
    fn placeholders_number_from_the_first() {
        assert_eq!(placeholders(1, 3), "$1, $2, $3");
        assert_eq!(placeholders(2, 0), "$2");
    }
}
