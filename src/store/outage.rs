//! Outages of the database: which errors mean it cannot be reached or cannot take a write
//! (a server stopped or unreachable, a disk full, a file locked by another program), the
//! probe that finds out when it is back, the count of database errors, and the one warning
//! and the one line of the log that mark the start and the end of an outage.
//!
//! Whoever meets an error tells the store ([`Store::note_error`]); the first error that
//! [`StoreError::is_unavailable`] begins an outage, logged once, and starts a probe that
//! tries a real write at growing intervals until one commits, which ends the outage (so
//! does any write that commits meanwhile). The clock, the computer players and the
//! delivery of announcements wait in [`Store::wait_until_reachable`] and go on at once
//! when it ends. The state is the store's own, shared by its clones.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use tokio::sync::watch;

use super::backend::{on, Pool};
use super::{Store, StoreError, StoreResult};

/// Database errors met since the process started (see [`database_errors_total`]).
static DATABASE_ERRORS: AtomicU64 = AtomicU64::new(0);

/// The first wait between two probes of a database found unreachable; each further wait is
/// twice as long, up to [`MAX_PROBE_WAIT`].
const FIRST_PROBE_WAIT: Duration = Duration::from_millis(500);
/// The longest wait between two probes: how late, at most, the bot notices that the
/// database is back.
const MAX_PROBE_WAIT: Duration = Duration::from_secs(8);

/// How many errors the database gave (or how often it did not answer) since this process
/// started, whatever the store that met them: failed connections, lost connections,
/// timeouts, refused writes. Expected outcomes (a write that lost a race, a busy channel)
/// are not errors. `/metrics` shows it as `shogiban_database_errors_total`.
pub fn database_errors_total() -> u64 {
    DATABASE_ERRORS.load(Ordering::Relaxed)
}

/// Counts one database error: every `sqlx` error the store turns into a [`StoreError`].
pub(super) fn count_database_error() {
    DATABASE_ERRORS.fetch_add(1, Ordering::Relaxed);
}

/// An outage that ends less than this long before the next begins is one outage for the
/// log: a database that flaps (or a pool that times out under load) does not flood it.
const QUIET_BETWEEN_OUTAGES: Duration = Duration::from_secs(60);

/// Whether the store's database can be reached, as last found out, and the means to find
/// out when it is back.
#[derive(Debug)]
pub(super) struct Reachability {
    link: Mutex<Link>,
    /// `true` while the database can be reached: what the waiting work watches.
    up: watch::Sender<bool>,
    /// The pool the probe writes through.
    pool: Pool,
}

#[derive(Debug, Default)]
struct Link {
    /// When the current outage was first noticed; `None` while the database answers.
    down_since: Option<Instant>,
    /// Whether the current outage's start was logged (then its end is too).
    logged: bool,
    /// When the last outage ended.
    up_since: Option<Instant>,
}

impl Reachability {
    /// The state of a database that answered when it was opened through `pool`.
    pub(super) fn new(pool: Pool) -> std::sync::Arc<Self> {
        std::sync::Arc::new(Self {
            link: Mutex::default(),
            up: watch::Sender::new(true),
            pool,
        })
    }

    fn link(&self) -> std::sync::MutexGuard<'_, Link> {
        self.link.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl StoreError {
    /// Whether this error says the database could not be reached or could not take the
    /// write just now, rather than that something is wrong with the request or the data:
    /// no connection (refused, lost, timed out waiting for one), the server shutting down,
    /// starting up or out of resources, a read-only server after a failover, an SQLite file
    /// locked by another program past the busy timeout, a full disk or an I/O error. Such an
    /// error passes when the database is back.
    pub fn is_unavailable(&self) -> bool {
        match self {
            Self::Database(error) => sqlx_unavailable(error),
            Self::Open { source, .. } => sqlx_unavailable(source),
            Self::CommitUnknown | Self::NoAnswer(_) => true,
            _ => false,
        }
    }
}

fn sqlx_unavailable(error: &sqlx::Error) -> bool {
    use sqlx::Error;
    match error {
        Error::PoolTimedOut
        | Error::PoolClosed
        | Error::Io(_)
        | Error::Tls(_)
        | Error::Protocol(_)
        | Error::WorkerCrashed => true,
        Error::Database(error) => {
            let Some(code) = error.code() else {
                return false;
            };
            if error
                .try_downcast_ref::<sqlx::postgres::PgDatabaseError>()
                .is_some()
            {
                postgres_unavailable(&code)
            } else {
                code.parse::<i32>().is_ok_and(sqlite_unavailable)
            }
        }
        _ => false,
    }
}

/// PostgreSQL's SQLSTATEs of a server that cannot serve the request now: connection
/// exceptions (08), insufficient resources (53: disk full, out of memory, too many
/// connections), operator intervention that ends sessions (57P01 shutdown, 57P02 crash,
/// 57P03 cannot connect now), system errors (58: I/O), and a read-only transaction (25006:
/// a standby, as after a failover).
fn postgres_unavailable(code: &str) -> bool {
    code.starts_with("08")
        || code.starts_with("53")
        || code.starts_with("58")
        || matches!(code, "57P01" | "57P02" | "57P03" | "25006")
}

/// SQLite's result codes (extended codes carry the primary code in their low byte) of a
/// database that cannot be used now: busy and locked (another program holds the lock past
/// the busy timeout), out of memory, read-only, I/O error, full, cannot open.
fn sqlite_unavailable(code: i32) -> bool {
    const BUSY: i32 = 5;
    const LOCKED: i32 = 6;
    const NOMEM: i32 = 7;
    const READONLY: i32 = 8;
    const IOERR: i32 = 10;
    const FULL: i32 = 13;
    const CANTOPEN: i32 = 14;
    matches!(
        code & 0xff,
        BUSY | LOCKED | NOMEM | READONLY | IOERR | FULL | CANTOPEN
    )
}

impl Reachability {
    /// Whether the database answered the last time it was tried: `false` from an error that
    /// [`StoreError::is_unavailable`] until a write commits again.
    pub(super) fn is_reachable(&self) -> bool {
        self.link().down_since.is_none()
    }

    /// Notes `error` if it says the database cannot be reached: the first such error of an
    /// outage logs one warning; the others are quiet. An outage that begins within a minute
    /// of the last one's end is logged only if it lasts a minute. Other errors change
    /// nothing.
    pub(super) fn note_error(self: &std::sync::Arc<Self>, error: &StoreError) {
        if !error.is_unavailable() {
            return;
        }
        let mut link = self.link();
        if link.down_since.is_none() {
            self.up.send_replace(false);
            self.start_probe();
        }
        match link.down_since {
            // An outage that began quietly, right after another, is logged once it lasts.
            Some(since) => {
                if link.logged || since.elapsed() < QUIET_BETWEEN_OUTAGES {
                    return;
                }
            }
            None => {
                link.down_since = Some(Instant::now());
                let after_another = link
                    .up_since
                    .is_some_and(|up| up.elapsed() < QUIET_BETWEEN_OUTAGES);
                if after_another {
                    return;
                }
            }
        }
        link.logged = true;
        tracing::warn!(
            %error,
            "the database cannot be reached: commands are answered that nothing was \
             changed, and the clock, the computer players and the announcements wait for it"
        );
    }

    /// Notes that a write committed: an outage under way has ended, which is logged once.
    pub(super) fn note_reachable(&self) {
        let mut link = self.link();
        let Some(since) = link.down_since.take() else {
            return;
        };
        link.up_since = Some(Instant::now());
        self.up.send_replace(true);
        if std::mem::take(&mut link.logged) {
            tracing::info!(
                "the database answers again after {} s; catching up",
                since.elapsed().as_secs()
            );
        }
    }

    /// Probes the database in the background until a write commits (which ends the
    /// outage), at 0.5 s, 1 s, 2 s, ... at most every 8 s; stops when the outage ends
    /// otherwise or the pool is closed. Outside a Tokio runtime there is nothing to run it
    /// on, and the next write that commits ends the outage instead.
    fn start_probe(self: &std::sync::Arc<Self>) {
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let this = std::sync::Arc::clone(self);
        runtime.spawn(async move {
            let mut wait = FIRST_PROBE_WAIT;
            loop {
                tokio::time::sleep(wait).await;
                if this.is_reachable() || this.pool.is_closed() {
                    return;
                }
                let now = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |since| {
                        i64::try_from(since.as_secs()).unwrap_or(i64::MAX)
                    });
                if stamp_write_check(&this.pool, now).await.is_ok() {
                    this.note_reachable();
                    return;
                }
                wait = (wait * 2).min(MAX_PROBE_WAIT);
            }
        });
    }
}

/// Commits a stamp of `now` to `write_checks`: a real write, as small as one can be. Not
/// through [`Store::begin_write`], so that a probe's failures are not noted again.
pub(super) async fn stamp_write_check(pool: &Pool, now: i64) -> StoreResult<()> {
    let mut tx = pool.begin_unwatched().await?;
    let conn = &mut tx.conn();
    on!(conn, c => sqlx::query(
        "INSERT INTO write_checks (id, checked_at) VALUES (1, $1)
         ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at",
    )
    .bind(now)
    .execute(c)
    .await
    .map(|done| done.rows_affected()))?;
    tx.commit().await
}

impl Store {
    /// Whether the database answered the last time it was tried: `false` from an error that
    /// [`StoreError::is_unavailable`] until a write commits again.
    pub fn is_reachable(&self) -> bool {
        self.reachability.is_reachable()
    }

    /// Notes `error` if it says the database cannot be reached (see
    /// [`StoreError::is_unavailable`]): the first such error of an outage logs one warning;
    /// the others are quiet. Other errors change nothing.
    pub fn note_error(&self, error: &StoreError) {
        self.reachability.note_error(error);
    }

    /// Finds out whether the database takes a write now: commits one to `write_checks`,
    /// noting the outcome (see [`Store::note_error`]).
    pub async fn probe(&self, now: i64) -> StoreResult<()> {
        let checked = stamp_write_check(&self.pool, now).await;
        match &checked {
            Ok(()) => self.reachability.note_reachable(),
            Err(error) => self.reachability.note_error(error),
        }
        checked
    }

    /// Waits until the database can be reached again (at once if it can, as far as the
    /// store knows): until the outage's probe, or any write, commits.
    pub async fn wait_until_reachable(&self) {
        let mut up = self.reachability.up.subscribe();
        // The sender lives as long as the store; if it were gone there is nothing to wait for.
        let _ = up.wait_for(|up| *up).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlite_codes_of_an_unusable_database_are_told_apart_from_mistakes() {
        // SQLITE_BUSY, SQLITE_FULL, SQLITE_READONLY_DBMOVED (8 | 4 << 8),
        // SQLITE_IOERR_WRITE (10 | 3 << 8), SQLITE_CANTOPEN.
        for code in [5, 13, 1032, 778, 14] {
            assert!(sqlite_unavailable(code), "{code}");
        }
        // SQLITE_ERROR (bad SQL), SQLITE_CONSTRAINT_UNIQUE (19 | 8 << 8), SQLITE_CORRUPT.
        for code in [1, 2067, 11] {
            assert!(!sqlite_unavailable(code), "{code}");
        }
    }

    #[test]
    fn postgres_states_of_an_unusable_server_are_told_apart_from_mistakes() {
        for code in [
            "08006", "08001", "57P01", "57P03", "53100", "58030", "25006",
        ] {
            assert!(postgres_unavailable(code), "{code}");
        }
        // Unique violation, serialization failure, syntax error, query cancelled.
        for code in ["23505", "40001", "42601", "57014"] {
            assert!(!postgres_unavailable(code), "{code}");
        }
    }

    #[test]
    fn connection_errors_are_unavailable_and_others_are_not() {
        let refused = std::io::Error::from(std::io::ErrorKind::ConnectionRefused);
        assert!(StoreError::Database(sqlx::Error::Io(refused)).is_unavailable());
        assert!(StoreError::Database(sqlx::Error::PoolTimedOut).is_unavailable());
        assert!(StoreError::CommitUnknown.is_unavailable());
        assert!(!StoreError::Database(sqlx::Error::RowNotFound).is_unavailable());
        assert!(!StoreError::Corrupt("x".into()).is_unavailable());
    }
}
