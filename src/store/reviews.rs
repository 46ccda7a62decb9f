//! Game reviews: the queue of finished games waiting to be analysed, the claim one process
//! takes on a review while it runs, its progress, and the finished review (kept as JSON,
//! opaque to the store) so that asking again is answered at once.
//!
//! A review is one row per game. Queuing one checks the server's limit of reviews waiting
//! or running in the same transaction as the insert (on PostgreSQL under an advisory lock
//! per server, so two processes cannot both take the last place). Claiming the next review
//! is one guarded `UPDATE` (the oldest queued row, or a running one whose lease ran out),
//! so several processes on one database never run the same review at once; the claimer
//! renews its lease with every progress report, and its writes are guarded by its name, so
//! a process whose review was taken over writes nothing more.

use super::announcements::{insert_announcements, NewAnnouncement};
use super::backend::{on, on_pool, Lock};
use super::{ChannelId, GameId, GuildId, MessageId, Store, StoreResult, UserId};

/// Where a review stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewStatus {
    /// Waiting for the worker.
    Queued,
    /// Being analysed by the process named in the row.
    Running,
    /// Analysed: the review is in the row.
    Done,
    /// The analysis failed (the row says why); asking again queues it again.
    Failed,
}

impl ReviewStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Queued => "queued",
            Self::Running => "running",
            Self::Done => "done",
            Self::Failed => "failed",
        }
    }

    fn parse(text: &str) -> Self {
        match text {
            "queued" => Self::Queued,
            "running" => Self::Running,
            "done" => Self::Done,
            _ => Self::Failed,
        }
    }
}

/// A review as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewRow {
    pub game_id: GameId,
    pub guild_id: GuildId,
    /// Where its progress and result are posted.
    pub channel_id: ChannelId,
    pub requested_by: UserId,
    pub requested_at: i64,
    pub status: ReviewStatus,
    pub claimed_by: Option<String>,
    pub lease_until: Option<i64>,
    /// Positions searched so far, of `progress_total`.
    pub progress_done: u32,
    pub progress_total: u32,
    pub finished_at: Option<i64>,
    /// The finished review, as the service wrote it.
    pub review: Option<String>,
    pub error: Option<String>,
}

#[derive(sqlx::FromRow)]
struct Row {
    game_id: GameId,
    guild_id: GuildId,
    channel_id: ChannelId,
    requested_by: UserId,
    requested_at: i64,
    status: String,
    claimed_by: Option<String>,
    lease_until: Option<i64>,
    progress_done: i32,
    progress_total: i32,
    finished_at: Option<i64>,
    review: Option<String>,
    error: Option<String>,
}

impl From<Row> for ReviewRow {
    fn from(row: Row) -> Self {
        ReviewRow {
            game_id: row.game_id,
            guild_id: row.guild_id,
            channel_id: row.channel_id,
            requested_by: row.requested_by,
            requested_at: row.requested_at,
            status: ReviewStatus::parse(&row.status),
            claimed_by: row.claimed_by,
            lease_until: row.lease_until,
            progress_done: u32::try_from(row.progress_done).unwrap_or(0),
            progress_total: u32::try_from(row.progress_total).unwrap_or(0),
            finished_at: row.finished_at,
            review: row.review,
            error: row.error,
        }
    }
}

const COLUMNS: &str = "game_id, guild_id, channel_id, requested_by, requested_at, status, \
     claimed_by, lease_until, progress_done, progress_total, finished_at, review, error";

/// A review asked for.
#[derive(Clone, Debug, PartialEq)]
pub struct NewReview {
    pub game_id: GameId,
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    pub requested_by: UserId,
}

/// What asking for a review did.
#[derive(Clone, Debug, PartialEq)]
pub enum Queued {
    /// Queued now (a failed review is queued again).
    Queued(ReviewRow),
    /// The game has a review already, waiting, running or done: left as it is.
    Exists(ReviewRow),
    /// The server has `pending` reviews waiting or running, its limit: nothing queued.
    Full { pending: u32 },
}

/// A review row that may be claimed at `$1`: queued, or running under a lease that ran out.
const CLAIMABLE: &str = "(status = 'queued' OR (status = 'running' AND lease_until <= $1))";

impl Store {
    /// The review of a game, if one was ever asked for.
    pub async fn review(&self, game_id: GameId) -> StoreResult<Option<ReviewRow>> {
        let row: Option<Row> = on_pool!(&self.pool, p => sqlx::query_as(&format!(
            "SELECT {COLUMNS} FROM reviews WHERE game_id = $1"
        ))
        .bind(game_id)
        .fetch_optional(p)
        .await)?;
        Ok(row.map(ReviewRow::from))
    }

    /// Queues a review of a game unless it has one (a failed one is queued again) or its
    /// server has `limit` reviews waiting or running already.
    pub async fn queue_review(&self, new: &NewReview, limit: u32, now: i64) -> StoreResult<Queued> {
        let mut tx = self.begin_write().await?;
        let conn = &mut tx.conn();
        conn.lock(Lock::Reviews(new.guild_id)).await?;
        let existing: Option<Row> = on!(conn, c => sqlx::query_as(&format!(
            "SELECT {COLUMNS} FROM reviews WHERE game_id = $1"
        ))
        .bind(new.game_id)
        .fetch_optional(c)
        .await)?;
        if let Some(row) = existing.map(ReviewRow::from) {
            if row.status != ReviewStatus::Failed {
                return Ok(Queued::Exists(row));
            }
        }
        let pending: i64 = on!(conn, c => sqlx::query_scalar(
            "SELECT COUNT(*) FROM reviews WHERE guild_id = $1 AND status IN ('queued', 'running')",
        )
        .bind(new.guild_id)
        .fetch_one(c)
        .await)?;
        let pending = u32::try_from(pending).unwrap_or(u32::MAX);
        if pending >= limit {
            return Ok(Queued::Full { pending });
        }
        let row: Row = on!(conn, c => sqlx::query_as(&format!(
            "INSERT INTO reviews (game_id, guild_id, channel_id, requested_by, requested_at, status)
             VALUES ($1, $2, $3, $4, $5, 'queued')
             ON CONFLICT (game_id) DO UPDATE
             SET channel_id = excluded.channel_id, requested_by = excluded.requested_by,
                 requested_at = excluded.requested_at, status = 'queued', claimed_by = NULL,
                 lease_until = NULL, progress_done = 0, progress_total = 0, finished_at = NULL,
                 review = NULL, error = NULL
             RETURNING {COLUMNS}"
        ))
        .bind(new.game_id)
        .bind(new.guild_id)
        .bind(new.channel_id)
        .bind(new.requested_by)
        .bind(now)
        .fetch_one(c)
        .await)?;
        tx.commit().await?;
        Ok(Queued::Queued(row.into()))
    }

    /// The place of a waiting or running review in the queue of every server (1: the
    /// first, running or next), counting the reviews asked for before it; `None` if it is
    /// neither waiting nor running.
    pub async fn review_place(&self, game_id: GameId) -> StoreResult<Option<u32>> {
        let place: Option<i64> = on_pool!(&self.pool, p => sqlx::query_scalar(
            "SELECT (SELECT COUNT(*) FROM reviews o
                     WHERE o.status IN ('queued', 'running')
                       AND (o.requested_at < r.requested_at
                            OR (o.requested_at = r.requested_at AND o.game_id <= r.game_id)))
             FROM reviews r WHERE r.game_id = $1 AND r.status IN ('queued', 'running')",
        )
        .bind(game_id)
        .fetch_optional(p)
        .await)?;
        Ok(place.map(|n| u32::try_from(n).unwrap_or(u32::MAX)))
    }

    /// Claims the next review for `worker` until `now + lease` (seconds): the oldest
    /// queued, or one whose claimer's lease ran out (its process died). `None` when there
    /// is none, or another process took it first.
    pub async fn claim_review(
        &self,
        worker: &str,
        lease: i64,
        now: i64,
    ) -> StoreResult<Option<ReviewRow>> {
        let row: Option<Row> = on_pool!(&self.pool, p => sqlx::query_as(&format!(
            "UPDATE reviews SET status = 'running', claimed_by = $2, lease_until = $3,
                                progress_done = 0
             WHERE game_id = (SELECT game_id FROM reviews WHERE {CLAIMABLE}
                              ORDER BY requested_at, game_id LIMIT 1)
               AND {CLAIMABLE}
             RETURNING {COLUMNS}"
        ))
        .bind(now)
        .bind(worker)
        .bind(now.saturating_add(lease))
        .fetch_optional(p)
        .await)?;
        Ok(row.map(ReviewRow::from))
    }

    /// Notes a running review's progress and renews `worker`'s lease, with what that
    /// announces. `false` (nothing written) if the review is no longer `worker`'s.
    #[allow(clippy::too_many_arguments)]
    pub async fn review_progress(
        &self,
        game_id: GameId,
        worker: &str,
        done: u32,
        total: u32,
        lease: i64,
        now: i64,
        announcements: &[NewAnnouncement],
    ) -> StoreResult<bool> {
        let mut tx = self.begin_write().await?;
        let conn = &mut tx.conn();
        let updated = on!(conn, c => sqlx::query(
            "UPDATE reviews SET progress_done = $1, progress_total = $2, lease_until = $3
             WHERE game_id = $4 AND status = 'running' AND claimed_by = $5",
        )
        .bind(i32::try_from(done).unwrap_or(i32::MAX))
        .bind(i32::try_from(total).unwrap_or(i32::MAX))
        .bind(now.saturating_add(lease))
        .bind(game_id)
        .bind(worker)
        .execute(c)
        .await
        .map(|done| done.rows_affected()))?;
        if updated != 1 {
            return Ok(false);
        }
        insert_announcements(conn, announcements, now).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Ends `worker`'s review of a game: done with `review`, or failed with `error`, with
    /// what that announces. `false` (nothing written) if the review is no longer `worker`'s.
    pub async fn end_review(
        &self,
        game_id: GameId,
        worker: &str,
        outcome: Result<&str, &str>,
        now: i64,
        announcements: &[NewAnnouncement],
    ) -> StoreResult<bool> {
        let (status, review, error) = match outcome {
            Ok(review) => (ReviewStatus::Done, Some(review), None),
            Err(error) => (ReviewStatus::Failed, None, Some(error)),
        };
        let mut tx = self.begin_write().await?;
        let conn = &mut tx.conn();
        let updated = on!(conn, c => sqlx::query(
            "UPDATE reviews SET status = $1, review = $2, error = $3, finished_at = $4,
                                claimed_by = NULL, lease_until = NULL,
                                progress_done = progress_total
             WHERE game_id = $5 AND status = 'running' AND claimed_by = $6",
        )
        .bind(status.as_str())
        .bind(review)
        .bind(error)
        .bind(now)
        .bind(game_id)
        .bind(worker)
        .execute(c)
        .await
        .map(|done| done.rows_affected()))?;
        if updated != 1 {
            return Ok(false);
        }
        insert_announcements(conn, announcements, now).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Puts `worker`'s running review of a game back in the queue (the process stops), to
    /// be analysed again by whichever process claims it next, at once.
    pub async fn requeue_review(&self, game_id: GameId, worker: &str) -> StoreResult<bool> {
        let updated = on_pool!(&self.pool, p => sqlx::query(
            "UPDATE reviews SET status = 'queued', claimed_by = NULL, lease_until = NULL,
                                progress_done = 0
             WHERE game_id = $1 AND status = 'running' AND claimed_by = $2",
        )
        .bind(game_id)
        .bind(worker)
        .execute(p)
        .await
        .map(|done| done.rows_affected()))?;
        Ok(updated == 1)
    }

    /// The message the latest announcement of `kind` about a game in `channel` was posted
    /// as (the review's progress message, which its later progress edits).
    pub async fn announced_message(
        &self,
        game_id: GameId,
        channel_id: ChannelId,
        kind: &str,
    ) -> StoreResult<Option<MessageId>> {
        let message = on_pool!(&self.pool, p => sqlx::query_scalar(
            "SELECT message_id FROM announcements
             WHERE game_id = $1 AND channel_id = $2 AND kind = $3 AND message_id IS NOT NULL
             ORDER BY id DESC LIMIT 1",
        )
        .bind(game_id)
        .bind(channel_id)
        .bind(kind)
        .fetch_optional(p)
        .await)?;
        Ok(message)
    }
}
