//! The two databases the store runs on, SQLite and PostgreSQL, behind one set of queries.
//!
//! Every query is written once, in SQL both accept: numbered placeholders (`$1`, `$2`, ...;
//! SQLite reads them as numbered parameters), `TRUE`/`FALSE`, `BIGINT` times and ids, JSON
//! as `TEXT`, `INSERT ... RETURNING` and `ON CONFLICT ... DO UPDATE`. The [`on!`] and
//! [`on_pool!`] macros expand a query body once per backend, with sqlx's database type
//! inferred from the executor, so the text is never duplicated. What genuinely differs is
//! here and nowhere else: how a write transaction starts, and the row locks that stand in,
//! on PostgreSQL, for SQLite's single writer (see [`Conn::lock`]).

use sqlx::pool::PoolConnection;
use sqlx::{PgConnection, PgPool, Postgres, Sqlite, SqliteConnection, SqlitePool, Transaction};

use super::{ChallengeId, GameId, GuildId, StoreResult};

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
    pub(crate) async fn begin_write(&self) -> StoreResult<Tx> {
        Ok(match self {
            Self::Sqlite(pool) => Tx::Sqlite(pool.begin_with("BEGIN IMMEDIATE").await?),
            Self::Postgres(pool) => Tx::Postgres(pool.begin().await?),
        })
    }
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
pub(crate) enum Tx {
    Sqlite(Transaction<'static, Sqlite>),
    Postgres(Transaction<'static, Postgres>),
}

impl Tx {
    pub(crate) fn conn(&mut self) -> Conn<'_> {
        match self {
            Self::Sqlite(tx) => Conn::Sqlite(tx),
            Self::Postgres(tx) => Conn::Postgres(tx),
        }
    }

    pub(crate) async fn commit(self) -> StoreResult<()> {
        match self {
            Self::Sqlite(tx) => tx.commit().await?,
            Self::Postgres(tx) => tx.commit().await?,
        }
        Ok(())
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
