//! Players' vacations, and the clocks of their games computed again when one begins or
//! ends, in the same transaction as the change and its announcements.

use sqlx::SqliteConnection;

use super::announcements::announce;
use super::people::ensure_user;
use super::play::stale;
use super::{Announce, NewAnnouncement, Reclock, Store, StoreError, StoreResult, UserId};

/// A player's vacation: the clocks of their games stand still from `starts_at` to
/// `ends_at`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct Vacation {
    pub id: i64,
    pub user_id: UserId,
    pub starts_at: i64,
    pub ends_at: i64,
    /// Whether its end has been announced.
    pub end_announced: bool,
    pub created_at: i64,
}

const VACATION_COLUMNS: &str = "id, user_id, starts_at, ends_at, end_announced, created_at";

impl Store {
    /// The user's vacation under way at `now`, if any.
    pub async fn current_vacation(&self, user: UserId, now: i64) -> StoreResult<Option<Vacation>> {
        let found = sqlx::query_as(&format!(
            "SELECT {VACATION_COLUMNS} FROM vacations
             WHERE user_id = ?1 AND starts_at <= ?2 AND ends_at > ?2
             ORDER BY starts_at DESC LIMIT 1"
        ))
        .bind(user)
        .bind(now)
        .fetch_optional(&self.pool)
        .await?;
        Ok(found)
    }

    /// The seconds of vacation a user took in vacations that began in `[from, to)`.
    pub async fn vacation_used(&self, user: UserId, from: i64, to: i64) -> StoreResult<i64> {
        let used: Option<i64> = sqlx::query_scalar(
            "SELECT SUM(ends_at - starts_at) FROM vacations
             WHERE user_id = ? AND starts_at >= ? AND starts_at < ?",
        )
        .bind(user)
        .bind(from)
        .bind(to)
        .fetch_one(&self.pool)
        .await?;
        Ok(used.unwrap_or(0))
    }

    /// The vacations of any of `users` that end after `after`, in start order.
    pub async fn vacations_of(&self, users: &[UserId], after: i64) -> StoreResult<Vec<Vacation>> {
        let ids: Vec<i64> = users.iter().map(|u| u.0 as i64).collect();
        let found = sqlx::query_as(&format!(
            "SELECT {VACATION_COLUMNS} FROM vacations
             WHERE user_id IN (SELECT value FROM json_each(?)) AND ends_at > ?
             ORDER BY starts_at, id"
        ))
        .bind(serde_json::Value::from(ids).to_string())
        .bind(after)
        .fetch_all(&self.pool)
        .await?;
        Ok(found)
    }

    /// Vacations that have ended by `now` and whose end is not yet announced.
    pub async fn due_vacation_ends(&self, now: i64) -> StoreResult<Vec<Vacation>> {
        let found = sqlx::query_as(&format!(
            "SELECT {VACATION_COLUMNS} FROM vacations
             WHERE end_announced = 0 AND ends_at <= ?
             ORDER BY ends_at, id"
        ))
        .bind(now)
        .fetch_all(&self.pool)
        .await?;
        Ok(found)
    }

    /// Starts a vacation from `starts_at` to `ends_at`, with the clocks of the user's games
    /// computed again and what it announces, in one transaction. Refused
    /// ([`StoreError::Invalid`]) if a vacation of the user is under way; a game that changed
    /// since its clock was computed fails it with [`StoreError::Conflict`].
    pub async fn start_vacation(
        &self,
        user: UserId,
        starts_at: i64,
        ends_at: i64,
        clocks: &[Reclock],
        announcements: Vec<NewAnnouncement>,
        now: i64,
    ) -> StoreResult<Vacation> {
        let mut tx = self.begin_write().await?;
        ensure_user(&mut tx, user, now).await?;
        let under_way: Option<i64> = sqlx::query_scalar(
            "SELECT id FROM vacations WHERE user_id = ?1 AND starts_at <= ?2 AND ends_at > ?2",
        )
        .bind(user)
        .bind(starts_at)
        .fetch_optional(&mut *tx)
        .await?;
        if under_way.is_some() {
            return Err(StoreError::Invalid(format!(
                "user {user} is already on vacation"
            )));
        }
        let vacation: Vacation = sqlx::query_as(&format!(
            "INSERT INTO vacations (user_id, starts_at, ends_at, created_at) VALUES (?, ?, ?, ?)
             RETURNING {VACATION_COLUMNS}"
        ))
        .bind(user)
        .bind(starts_at)
        .bind(ends_at)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?;
        reclock_all(&mut tx, clocks, now).await?;
        announce(&mut tx, announcements, &vacation, now).await?;
        tx.commit().await?;
        Ok(vacation)
    }

    /// Ends a vacation at `ends_at` (now, for one ended early; its planned end otherwise),
    /// with the clocks of the user's games computed again and what it announces, in one
    /// transaction. `Ok(None)` if its end was announced already (by another round, or an
    /// earlier end), and then nothing is written.
    pub async fn end_vacation(
        &self,
        id: i64,
        ends_at: i64,
        clocks: &[Reclock],
        announcements: impl Announce<Vacation>,
        now: i64,
    ) -> StoreResult<Option<Vacation>> {
        let mut tx = self.begin_write().await?;
        let ended: Option<Vacation> = sqlx::query_as(&format!(
            "UPDATE vacations SET ends_at = MAX(starts_at, MIN(ends_at, ?)), end_announced = 1
             WHERE id = ? AND end_announced = 0
             RETURNING {VACATION_COLUMNS}"
        ))
        .bind(ends_at)
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(ended) = ended else {
            return Ok(None);
        };
        reclock_all(&mut tx, clocks, now).await?;
        announce(&mut tx, announcements, &ended, now).await?;
        tx.commit().await?;
        Ok(Some(ended))
    }
}

/// Writes games' new turn clocks, each guarded by the version it was computed from. A turn
/// whose reminder moves into the future is reminded again.
async fn reclock_all(conn: &mut SqliteConnection, clocks: &[Reclock], now: i64) -> StoreResult<()> {
    for reclock in clocks {
        let done = sqlx::query(
            "UPDATE games SET deadline_at = ?1, remind_at = ?2, version = version + 1,
                              reminder_sent = CASE WHEN ?2 > ?3 THEN 0 ELSE reminder_sent END,
                              updated_at = ?3
             WHERE id = ?4 AND version = ?5 AND status = 'active'",
        )
        .bind(reclock.clock.deadline_at)
        .bind(reclock.clock.remind_at)
        .bind(now)
        .bind(reclock.at.id)
        .bind(reclock.at.version)
        .execute(&mut *conn)
        .await?;
        if done.rows_affected() != 1 {
            return Err(stale(conn, reclock.at).await?);
        }
    }
    Ok(())
}

impl Store {
    /// Writes games' new turn clocks (a server's weekend pause changed), in one
    /// transaction; a game that changed since its clock was computed fails it with
    /// [`StoreError::Conflict`].
    pub async fn reclock(&self, clocks: &[Reclock], now: i64) -> StoreResult<()> {
        let mut tx = self.begin_write().await?;
        reclock_all(&mut tx, clocks, now).await?;
        tx.commit().await?;
        Ok(())
    }
}
