//! Named locks shared by every process on one PostgreSQL database, held for longer than a
//! transaction: session-level advisory locks on a connection of their own, taken without
//! waiting (`pg_try_advisory_lock`) and released by name, or by the server when the
//! connection (or the process) goes away.
//!
//! A lock's key is a hash of the database's name and the lock's name, so that two bots
//! with databases on one server do not share locks.

use sqlx::postgres::PgConnectOptions;
use sqlx::{ConnectOptions, Connection, PgConnection};
use tokio::sync::Mutex;

use super::backend::Pool;
use super::{Store, StoreResult};

/// Locks shared across processes (see the module). One connection serves every lock of a
/// process; it is opened when first needed and again after it failed.
#[derive(Debug)]
pub struct SharedLocks {
    options: PgConnectOptions,
    connection: Mutex<Option<(PgConnection, String)>>,
}

impl Store {
    /// The locks shared by every process on this database: `None` on SQLite, whose
    /// database is one process's.
    pub fn shared_locks(&self) -> Option<SharedLocks> {
        let Pool::Postgres(pool) = self.pool() else {
            return None;
        };
        Some(SharedLocks {
            options: (*pool.connect_options()).clone(),
            connection: Mutex::new(None),
        })
    }
}

impl SharedLocks {
    /// Takes the lock `name` for this process if nobody holds it: `true` if it is now held
    /// here (taking a lock this process holds already counts once more: release it as many
    /// times).
    pub async fn try_lock(&self, name: &str) -> StoreResult<bool> {
        let mut slot = self.connection.lock().await;
        let (connection, database) = match &mut *slot {
            Some(open) => open,
            None => slot.insert(self.connect().await?),
        };
        let taken = sqlx::query_scalar("SELECT pg_try_advisory_lock($1)")
            .bind(lock_key(database, name))
            .fetch_one(&mut *connection)
            .await;
        if taken.is_err() {
            // The server lets go of a lost connection's locks: start again on a new one.
            *slot = None;
        }
        Ok(taken?)
    }

    /// Releases the lock `name`. If the connection that held it is gone, so is the lock.
    pub async fn unlock(&self, name: &str) -> StoreResult<()> {
        let mut slot = self.connection.lock().await;
        let Some((connection, database)) = &mut *slot else {
            return Ok(());
        };
        let released: Result<bool, sqlx::Error> =
            sqlx::query_scalar("SELECT pg_advisory_unlock($1)")
                .bind(lock_key(database, name))
                .fetch_one(&mut *connection)
                .await;
        if released.is_err() {
            *slot = None;
        }
        released?;
        Ok(())
    }

    /// A new connection, with the name of its database.
    async fn connect(&self) -> StoreResult<(PgConnection, String)> {
        let mut connection = self.options.connect().await?;
        let database: String = sqlx::query_scalar("SELECT current_database()")
            .fetch_one(&mut connection)
            .await?;
        Ok((connection, database))
    }

    /// Closes the connection, which releases every lock still held.
    pub async fn close(&self) {
        if let Some((connection, _)) = self.connection.lock().await.take() {
            let _ = connection.close().await;
        }
    }
}

/// The advisory lock key of `name` in `database`: FNV-1a, the same in every process and
/// release.
fn lock_key(database: &str, name: &str) -> i64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in database.bytes().chain([0]).chain(name.bytes()) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    i64::from_ne_bytes(hash.to_ne_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lock_keys_tell_databases_and_names_apart() {
        let key = lock_key("shogiban", "identify-bucket-0");
        assert_eq!(key, lock_key("shogiban", "identify-bucket-0"));
        assert_ne!(key, lock_key("shogiban", "identify-bucket-1"));
        assert_ne!(key, lock_key("other", "identify-bucket-0"));
    }
}
