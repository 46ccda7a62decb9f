//! Players' vacations, and the clocks of their games computed again when one begins or
//! ends, in the same transaction as the change and its announcements.

use super::announcements::announce;
use super::backend::{on, on_pool, placeholders, Conn, IN_LIST_CHUNK};
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
        let sql = format!(
            "SELECT {VACATION_COLUMNS} FROM vacations
             WHERE user_id = $1 AND starts_at <= $2 AND ends_at > $2
             ORDER BY starts_at DESC LIMIT 1"
        );
        let found = on_pool!(&self.pool, p => sqlx::query_as(&sql)
            .bind(user)
            .bind(now)
            .fetch_optional(p)
            .await)?;
        Ok(found)
    }

    /// The seconds of vacation a user took in vacations that began in `[from, to)`.
    pub async fn vacation_used(&self, user: UserId, from: i64, to: i64) -> StoreResult<i64> {
        // PostgreSQL sums BIGINTs as NUMERIC: the cast keeps one type on both backends.
        let used: Option<i64> = on_pool!(&self.pool, p => sqlx::query_scalar(
            "SELECT CAST(SUM(ends_at - starts_at) AS BIGINT) FROM vacations
             WHERE user_id = $1 AND starts_at >= $2 AND starts_at < $3",
        )
        .bind(user)
        .bind(from)
        .bind(to)
        .fetch_one(p)
        .await)?;
        Ok(used.unwrap_or(0))
    }

    /// The vacations of any of `users` that end after `after`, in start order.
    pub async fn vacations_of(&self, users: &[UserId], after: i64) -> StoreResult<Vec<Vacation>> {
        let mut found: Vec<Vacation> = Vec::new();
        for chunk in users.chunks(IN_LIST_CHUNK) {
            let sql = format!(
                "SELECT {VACATION_COLUMNS} FROM vacations
                 WHERE ends_at > $1 AND user_id IN ({})",
                placeholders(2, chunk.len())
            );
            let some: Vec<Vacation> = on_pool!(&self.pool, p => {
                let mut query = sqlx::query_as(&sql).bind(after);
                for &user in chunk {
                    query = query.bind(user);
                }
                query.fetch_all(p).await
            })?;
            found.extend(some);
        }
        // The chunks are read one after another: the order is made once all are in.
        found.sort_by_key(|v| (v.starts_at, v.id));
        Ok(found)
    }

    /// Vacations that have ended by `now` and whose end is not yet announced.
    pub async fn due_vacation_ends(&self, now: i64) -> StoreResult<Vec<Vacation>> {
        let sql = format!(
            "SELECT {VACATION_COLUMNS} FROM vacations
             WHERE end_announced = FALSE AND ends_at <= $1
             ORDER BY ends_at, id"
        );
        let found = on_pool!(&self.pool, p => sqlx::query_as(&sql)
            .bind(now)
            .fetch_all(p)
            .await)?;
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
        let conn = &mut tx.conn();
        ensure_user(conn, user, now).await?;
        // Two vacations started at once by one player must not both pass this check: on
        // PostgreSQL the player's row is locked first (SQLite's write lock already is).
        if let Conn::Postgres(c) = conn {
            sqlx::query("SELECT id FROM users WHERE id = $1 FOR UPDATE")
                .bind(user)
                .fetch_optional(&mut **c)
                .await?;
        }
        let under_way: Option<i64> = on!(conn, c => sqlx::query_scalar(
            "SELECT id FROM vacations WHERE user_id = $1 AND starts_at <= $2 AND ends_at > $2",
        )
        .bind(user)
        .bind(starts_at)
        .fetch_optional(c)
        .await)?;
        if under_way.is_some() {
            return Err(StoreError::Invalid(format!(
                "user {user} is already on vacation"
            )));
        }
        let sql = format!(
            "INSERT INTO vacations (user_id, starts_at, ends_at, created_at)
             VALUES ($1, $2, $3, $4)
             RETURNING {VACATION_COLUMNS}"
        );
        let vacation: Vacation = on!(conn, c => sqlx::query_as(&sql)
            .bind(user)
            .bind(starts_at)
            .bind(ends_at)
            .bind(now)
            .fetch_one(c)
            .await)?;
        reclock_all(conn, clocks, now).await?;
        announce(conn, announcements, &vacation, now).await?;
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
        let conn = &mut tx.conn();
        // The end is clamped into [starts_at, ends_at]: a vacation never ends before it
        // began nor after its planned end. (CASE, as SQLite has no GREATEST/LEAST and
        // PostgreSQL no two-argument MAX/MIN.)
        let sql = format!(
            "UPDATE vacations SET ends_at = CASE WHEN $1 < starts_at THEN starts_at
                                                 WHEN $1 < ends_at THEN $1
                                                 ELSE ends_at END,
                                  end_announced = TRUE
             WHERE id = $2 AND end_announced = FALSE
             RETURNING {VACATION_COLUMNS}"
        );
        let ended: Option<Vacation> = on!(conn, c => sqlx::query_as(&sql)
            .bind(ends_at)
            .bind(id)
            .fetch_optional(c)
            .await)?;
        let Some(ended) = ended else {
            return Ok(None);
        };
        reclock_all(conn, clocks, now).await?;
        announce(conn, announcements, &ended, now).await?;
        tx.commit().await?;
        Ok(Some(ended))
    }
}

/// Writes games' new turn clocks, each guarded by the version it was computed from. A turn
/// whose reminder moves into the future is reminded again.
async fn reclock_all(conn: &mut Conn<'_>, clocks: &[Reclock], now: i64) -> StoreResult<()> {
    for reclock in clocks {
        let done = on!(conn, c => sqlx::query(
            "UPDATE games SET deadline_at = $1, remind_at = $2, version = version + 1,
                              reminder_sent = CASE WHEN $2 > $3 THEN FALSE ELSE reminder_sent END,
                              updated_at = $3
             WHERE id = $4 AND version = $5 AND status = 'active'",
        )
        .bind(reclock.clock.deadline_at)
        .bind(reclock.clock.remind_at)
        .bind(now)
        .bind(reclock.at.id)
        .bind(reclock.at.version)
        .execute(c)
        .await
        .map(|done| done.rows_affected()))?;
        if done != 1 {
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
        reclock_all(&mut tx.conn(), clocks, now).await?;
        tx.commit().await?;
        Ok(())
    }
}
