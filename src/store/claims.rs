//! Work done once across processes: the claims that make one process, and only one, apply
//! a timeout, send a reminder, expire a challenge, archive a thread, end a vacation, send a
//! digest or think for a computer player, when several processes share one database.
//!
//! A claim is a row of `work_claims` keyed by the kind of work and its item (a game, a
//! challenge, a vacation or a user), naming the process that holds it until `lease_until`.
//! Taking one is a single guarded upsert (`INSERT ... ON CONFLICT DO UPDATE ... WHERE` the
//! lease has run out), atomic on both backends: SQLite has one writer; PostgreSQL locks the
//! conflicting row and checks the condition again on its latest version. A process that
//! dies leaves its claims behind; they are taken over once their lease runs out. The writes
//! the work makes stay guarded on their own (the version check on games, `status = 'open'`
//! on challenges), so a lease that runs out mid-work costs at most a wasted attempt, never
//! a double change. Done work releases its claim (the row is deleted), so the table holds
//! only the work under way, and the claims of dead processes until they are taken over.

use super::backend::on_pool;
use super::{Store, StoreResult};

/// What a claim is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WorkKind {
    /// Applying a game's timeout.
    Timeout,
    /// Sending a game's reminder.
    Reminder,
    /// Expiring a challenge.
    ChallengeExpiry,
    /// Archiving a game's thread.
    ThreadArchive,
    /// Ending a vacation (its games' clocks and its notice).
    VacationEnd,
    /// Sending a player's daily digest.
    Digest,
    /// Thinking and playing a computer player's move in a game.
    ComputerMove,
}

impl WorkKind {
    /// The kind as stored (and logged).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Timeout => "timeout",
            Self::Reminder => "reminder",
            Self::ChallengeExpiry => "challenge-expiry",
            Self::ThreadArchive => "thread-archive",
            Self::VacationEnd => "vacation-end",
            Self::Digest => "digest",
            Self::ComputerMove => "computer-move",
        }
    }
}

/// A claim as stored.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct WorkClaim {
    pub claimed_by: String,
    pub lease_until: i64,
}

impl Store {
    /// Claims `item`'s work of `kind` for `worker` (a name unique to the process) until
    /// `now + lease` (seconds). `Ok(true)` if `worker` holds it now: nobody held it, the
    /// holder's lease had run out, or `worker` held it already (the lease is renewed).
    /// `Ok(false)` if another process holds a live lease on it.
    pub async fn claim_work(
        &self,
        kind: WorkKind,
        item: i64,
        worker: &str,
        lease: i64,
        now: i64,
    ) -> StoreResult<bool> {
        let taken: Option<String> = on_pool!(&self.pool, p => sqlx::query_scalar(
            "INSERT INTO work_claims (kind, item, claimed_by, lease_until) VALUES ($1, $2, $3, $4)
             ON CONFLICT (kind, item) DO UPDATE
             SET claimed_by = excluded.claimed_by, lease_until = excluded.lease_until
             WHERE work_claims.lease_until <= $5 OR work_claims.claimed_by = excluded.claimed_by
             RETURNING claimed_by",
        )
        .bind(kind.as_str())
        .bind(item)
        .bind(worker)
        .bind(now.saturating_add(lease))
        .bind(now)
        .fetch_optional(p)
        .await)?;
        Ok(taken.is_some())
    }

    /// Gives up `worker`'s claim on `item`'s work of `kind` once the work is done (or found
    /// not to be due), so that the item's next work, whoever picks it up, needs no wait. A
    /// claim another process has taken over is left alone.
    pub async fn release_work(&self, kind: WorkKind, item: i64, worker: &str) -> StoreResult<()> {
        on_pool!(&self.pool, p => sqlx::query(
            "DELETE FROM work_claims WHERE kind = $1 AND item = $2 AND claimed_by = $3",
        )
        .bind(kind.as_str())
        .bind(item)
        .bind(worker)
        .execute(p)
        .await
        .map(|done| done.rows_affected()))?;
        Ok(())
    }

    /// Who holds `item`'s work of `kind`, and until when, if anyone claimed it (a claim
    /// whose lease ran out stays until it is taken over or released).
    pub async fn work_claim(&self, kind: WorkKind, item: i64) -> StoreResult<Option<WorkClaim>> {
        let claim = on_pool!(&self.pool, p => sqlx::query_as(
            "SELECT claimed_by, lease_until FROM work_claims WHERE kind = $1 AND item = $2",
        )
        .bind(kind.as_str())
        .bind(item)
        .fetch_optional(p)
        .await)?;
        Ok(claim)
    }
}
