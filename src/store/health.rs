//! What the health report reads from the database: whether it answers, the games in
//! progress and the work that is due.

use super::backend::on_pool;
use super::{Store, StoreResult};

/// Games in progress and what the clock has due, at one moment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Workload {
    /// Active games.
    pub games_in_progress: u64,
    /// Active games whose turn has run out, not yet timed out.
    pub due_timeouts: u64,
    /// Reminders due and not yet sent.
    pub due_reminders: u64,
    /// Open challenges past their expiry, not yet expired.
    pub due_expiries: u64,
    /// Announcements neither delivered nor given up.
    pub announcements_pending: u64,
    /// The earliest time anything is scheduled (see [`Store::next_scheduled_at`]); when it
    /// is past, the scheduler is that far behind.
    pub next_scheduled_at: Option<i64>,
}

impl Workload {
    /// Timeouts, reminders and expiries due: what the scheduler has still to do.
    pub fn due(&self) -> u64 {
        self.due_timeouts + self.due_reminders + self.due_expiries
    }

    /// How many seconds the earliest due item has waited at `now` (0 when nothing is due).
    pub fn scheduler_lag(&self, now: i64) -> u64 {
        self.next_scheduled_at
            .map_or(0, |at| u64::try_from(now.saturating_sub(at)).unwrap_or(0))
    }
}

impl Store {
    /// Fails unless the database answers a query.
    pub async fn ping(&self) -> StoreResult<()> {
        // INTEGER on SQLite, int4 on PostgreSQL: both decode as i32.
        let _: i32 = on_pool!(self.pool(), p => sqlx::query_scalar("SELECT 1")
            .fetch_one(p)
            .await)?;
        Ok(())
    }

    /// The games in progress and the work due at `now`. Counts only; the conditions are
    /// those of the scheduler's own queries (`due_deadlines`, `due_reminders`,
    /// `expire_due_challenges`).
    pub async fn workload(&self, now: i64) -> StoreResult<Workload> {
        let (games, timeouts, reminders, expiries): (i64, i64, i64, i64) = on_pool!(self.pool(), p => sqlx::query_as(
            "SELECT
                 (SELECT COUNT(*) FROM games WHERE status = 'active'),
                 (SELECT COUNT(*) FROM games WHERE status = 'active' AND deadline_at <= $1),
                 (SELECT COUNT(*) FROM games
                  WHERE status = 'active' AND reminder_sent = FALSE AND remind_at <= $1
                    AND (deadline_at IS NULL OR deadline_at > $1)),
                 (SELECT COUNT(*) FROM challenges WHERE status = 'open' AND expires_at <= $1)",
        )
        .bind(now)
        .fetch_one(p)
        .await)?;
        let count = |n: i64| u64::try_from(n).unwrap_or(0);
        Ok(Workload {
            games_in_progress: count(games),
            due_timeouts: count(timeouts),
            due_reminders: count(reminders),
            due_expiries: count(expiries),
            announcements_pending: self.undelivered_announcements().await?,
            next_scheduled_at: self.next_scheduled_at().await?,
        })
    }
}
