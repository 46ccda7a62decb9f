//! The outbox: what must be said in a channel because of a change, written by the write that
//! makes the change, in its transaction, and the bookkeeping of its delivery.
//!
//! Every write that calls for an announcement takes an [`Announce`]: the announcements
//! themselves, or a function that decides them from what the write left (the game after a
//! move, a new challenge with its number), run inside the transaction. Nothing is announced
//! unless the change is stored, and no change is stored without its announcements.
//!
//! Delivery is claimed, one announcement per channel at a time and in order: a worker claims
//! the first undelivered announcement of each channel (a later one never overtakes it), for a
//! lease. The claim names the process; a claim whose process died is taken over once its
//! lease has run out. Each claim is an attempt, and the outcome of an attempt is written only
//! by the claim that made it (the claimer and the attempt number must still match). The
//! statements are plain SQL that any database with `UPDATE ... RETURNING` runs, and a claim
//! is one guarded `UPDATE`, so several processes on one database never claim the same row.

use super::backend::{on, on_pool, Conn};
use serde_json::Value;

use super::{
    parse_json, AnnouncementId, ChallengeId, ChannelId, GameId, MessageId, Store, StoreResult,
};

/// An announcement to store with a change.
#[derive(Clone, Debug, PartialEq)]
pub struct NewAnnouncement {
    pub channel_id: ChannelId,
    pub game_id: Option<GameId>,
    pub challenge_id: Option<ChallengeId>,
    /// What is announced, in a word (e.g. `move`, `result`), for queries and operators.
    pub kind: String,
    /// What to say, in the service's terms; opaque to the store.
    pub payload: Value,
}

/// The announcements a write makes, decided from what the write left (`T`: the game as the
/// write leaves it, the stored challenge, the removed offer, ...). Implemented by `()` for a
/// write that announces nothing, by a `Vec` of announcements decided beforehand, and by any
/// `FnOnce(&T) -> StoreResult<Vec<NewAnnouncement>>`, which runs inside the write's
/// transaction (a failure rolls the write back).
pub trait Announce<T: ?Sized>: Send {
    fn announcements(self, written: &T) -> StoreResult<Vec<NewAnnouncement>>;
}

impl<T: ?Sized> Announce<T> for () {
    fn announcements(self, _: &T) -> StoreResult<Vec<NewAnnouncement>> {
        Ok(Vec::new())
    }
}

impl<T: ?Sized> Announce<T> for Vec<NewAnnouncement> {
    fn announcements(self, _: &T) -> StoreResult<Vec<NewAnnouncement>> {
        Ok(self)
    }
}

impl<T: ?Sized, F> Announce<T> for F
where
    F: FnOnce(&T) -> StoreResult<Vec<NewAnnouncement>> + Send,
{
    fn announcements(self, written: &T) -> StoreResult<Vec<NewAnnouncement>> {
        self(written)
    }
}

/// An announcement claimed for delivery.
#[derive(Clone, Debug, PartialEq)]
pub struct ClaimedAnnouncement {
    pub id: AnnouncementId,
    pub channel_id: ChannelId,
    pub game_id: Option<GameId>,
    pub challenge_id: Option<ChallengeId>,
    pub kind: String,
    pub payload: Value,
    pub created_at: i64,
    /// The claim: pass it back with the outcome of the attempt.
    pub claim: Claim,
}

/// Who claimed an announcement, and which attempt the claim is (1 for the first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claim {
    pub worker: String,
    pub attempt: u32,
}

/// An announcement as stored, with where its delivery stands.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredAnnouncement {
    pub id: AnnouncementId,
    pub channel_id: ChannelId,
    pub game_id: Option<GameId>,
    pub challenge_id: Option<ChallengeId>,
    pub kind: String,
    pub payload: Value,
    pub created_at: i64,
    pub attempts: u32,
    pub next_attempt_ms: i64,
    pub claimed_by: Option<String>,
    pub lease_until_ms: Option<i64>,
    pub delivered_ms: Option<i64>,
    pub message_id: Option<MessageId>,
    pub abandoned_ms: Option<i64>,
    pub last_error: Option<String>,
}

#[derive(sqlx::FromRow)]
struct ClaimRow {
    id: AnnouncementId,
    channel_id: ChannelId,
    game_id: Option<GameId>,
    challenge_id: Option<ChallengeId>,
    kind: String,
    payload: String,
    created_at: i64,
    #[sqlx(try_from = "i64")]
    attempts: u32,
    claimed_by: String,
}

#[derive(sqlx::FromRow)]
struct StoredRow {
    id: AnnouncementId,
    channel_id: ChannelId,
    game_id: Option<GameId>,
    challenge_id: Option<ChallengeId>,
    kind: String,
    payload: String,
    created_at: i64,
    #[sqlx(try_from = "i64")]
    attempts: u32,
    next_attempt_ms: i64,
    claimed_by: Option<String>,
    lease_until_ms: Option<i64>,
    delivered_ms: Option<i64>,
    message_id: Option<MessageId>,
    abandoned_ms: Option<i64>,
    last_error: Option<String>,
}

const STORED_COLUMNS: &str = "id, channel_id, game_id, challenge_id, kind, payload, created_at, \
     attempts, next_attempt_ms, claimed_by, lease_until_ms, delivered_ms, message_id, \
     abandoned_ms, last_error";

/// The first undelivered announcement of every channel: the only one of each that may be
/// delivered now, so that a channel's announcements appear in the order they were made.
const CHANNEL_HEADS: &str = "SELECT MIN(id) FROM announcements
     WHERE delivered_ms IS NULL AND abandoned_ms IS NULL
     GROUP BY channel_id";

/// Stores the announcements of a write, in its transaction.
pub(super) async fn insert_announcements(
    conn: &mut Conn<'_>,
    announcements: &[NewAnnouncement],
    now: i64,
) -> StoreResult<()> {
    for announcement in announcements {
        on!(conn, c => sqlx::query(
            "INSERT INTO announcements (channel_id, game_id, challenge_id, kind, payload,
                                        created_at)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(announcement.channel_id)
        .bind(announcement.game_id)
        .bind(announcement.challenge_id)
        .bind(&announcement.kind)
        .bind(announcement.payload.to_string())
        .bind(now)
        .execute(c)
        .await
        .map(|done| done.rows_affected()))?;
    }
    Ok(())
}

/// Decides and stores a write's announcements about what it wrote.
pub(super) async fn announce<T: ?Sized>(
    conn: &mut Conn<'_>,
    announce: impl Announce<T>,
    written: &T,
    now: i64,
) -> StoreResult<()> {
    let announcements = announce.announcements(written)?;
    insert_announcements(conn, &announcements, now).await
}

impl Store {
    /// Claims, for `worker` and until `now_ms + lease_ms`, the first undelivered
    /// announcement of every channel that is due (`next_attempt_ms <= now_ms`) and not
    /// under another live claim, at most `limit` of them, oldest first. A channel whose
    /// first announcement waits (for its retry, or for a claim to run out) has nothing
    /// claimed: its later ones never overtake it.
    pub async fn claim_announcements(
        &self,
        worker: &str,
        now_ms: i64,
        lease_ms: i64,
        limit: u32,
    ) -> StoreResult<Vec<ClaimedAnnouncement>> {
        // The conditions are checked again on the row being updated: with several
        // processes, one that finds the row claimed in between leaves it.
        const CLAIMABLE: &str = "delivered_ms IS NULL AND abandoned_ms IS NULL
               AND next_attempt_ms <= $3
               AND (lease_until_ms IS NULL OR lease_until_ms <= $3)";
        let mut tx = self.begin_write().await?;
        let conn = &mut tx.conn();
        let rows: Vec<ClaimRow> = on!(conn, c => sqlx::query_as(&format!(
            "UPDATE announcements
             SET claimed_by = $1, lease_until_ms = $2, attempts = attempts + 1
             WHERE id IN (SELECT id FROM announcements
                          WHERE id IN ({CHANNEL_HEADS}) AND {CLAIMABLE}
                          ORDER BY id LIMIT $4)
               AND {CLAIMABLE}
             RETURNING id, channel_id, game_id, challenge_id, kind, payload, created_at,
                       attempts, claimed_by"
        ))
        .bind(worker)
        .bind(now_ms.saturating_add(lease_ms))
        .bind(now_ms)
        .bind(i64::from(limit))
        .fetch_all(c)
        .await)?;
        tx.commit().await?;
        let mut claimed = rows
            .into_iter()
            .map(|row| {
                Ok(ClaimedAnnouncement {
                    id: row.id,
                    channel_id: row.channel_id,
                    game_id: row.game_id,
                    challenge_id: row.challenge_id,
                    kind: row.kind,
                    payload: parse_json("announcements.payload", &row.payload)?,
                    created_at: row.created_at,
                    claim: Claim {
                        worker: row.claimed_by,
                        attempt: row.attempts,
                    },
                })
            })
            .collect::<StoreResult<Vec<_>>>()?;
        claimed.sort_by_key(|a| a.id);
        Ok(claimed)
    }

    /// Records that an attempt delivered the announcement (as Discord message `message_id`,
    /// if known). `Ok(false)` if the claim is no longer this attempt's (it ran out and
    /// another claim took the announcement over), in which case nothing is written.
    pub async fn mark_delivered(
        &self,
        id: AnnouncementId,
        claim: &Claim,
        message_id: Option<MessageId>,
        now_ms: i64,
    ) -> StoreResult<bool> {
        let done = on_pool!(&self.pool, p => sqlx::query(
            "UPDATE announcements SET delivered_ms = $1, message_id = $2, last_error = NULL
             WHERE id = $3 AND claimed_by = $4 AND attempts = $5
               AND delivered_ms IS NULL AND abandoned_ms IS NULL",
        )
        .bind(now_ms)
        .bind(message_id)
        .bind(id)
        .bind(&claim.worker)
        .bind(i64::from(claim.attempt))
        .execute(p)
        .await
        .map(|done| done.rows_affected()))?;
        Ok(done == 1)
    }

    /// Releases a claim whose attempt failed, for another attempt at `retry_at_ms` or later,
    /// keeping `error` for operators. `Ok(false)` if the claim is no longer this attempt's.
    pub async fn schedule_retry(
        &self,
        id: AnnouncementId,
        claim: &Claim,
        retry_at_ms: i64,
        error: &str,
    ) -> StoreResult<bool> {
        let done = on_pool!(&self.pool, p => sqlx::query(
            "UPDATE announcements
             SET next_attempt_ms = $1, claimed_by = NULL, lease_until_ms = NULL, last_error = $2
             WHERE id = $3 AND claimed_by = $4 AND attempts = $5
               AND delivered_ms IS NULL AND abandoned_ms IS NULL",
        )
        .bind(retry_at_ms)
        .bind(error)
        .bind(id)
        .bind(&claim.worker)
        .bind(i64::from(claim.attempt))
        .execute(p)
        .await
        .map(|done| done.rows_affected()))?;
        Ok(done == 1)
    }

    /// Gives up an announcement that can never be delivered (Discord refused it for good),
    /// so the channel's later announcements go ahead. `Ok(false)` if the claim is no longer
    /// this attempt's.
    pub async fn abandon_announcement(
        &self,
        id: AnnouncementId,
        claim: &Claim,
        error: &str,
        now_ms: i64,
    ) -> StoreResult<bool> {
        let done = on_pool!(&self.pool, p => sqlx::query(
            "UPDATE announcements SET abandoned_ms = $1, last_error = $2
             WHERE id = $3 AND claimed_by = $4 AND attempts = $5
               AND delivered_ms IS NULL AND abandoned_ms IS NULL",
        )
        .bind(now_ms)
        .bind(error)
        .bind(id)
        .bind(&claim.worker)
        .bind(i64::from(claim.attempt))
        .execute(p)
        .await
        .map(|done| done.rows_affected()))?;
        Ok(done == 1)
    }

    /// The earliest time (UNIX milliseconds) at which a channel's first undelivered
    /// announcement can be claimed: its retry time, or the end of the claim it is under.
    /// `None` when everything has been delivered (or given up).
    pub async fn next_announcement_due_ms(&self) -> StoreResult<Option<i64>> {
        let due = on_pool!(&self.pool, p => sqlx::query_scalar(&format!(
            "SELECT MIN(CASE WHEN lease_until_ms IS NOT NULL AND lease_until_ms > next_attempt_ms
                             THEN lease_until_ms ELSE next_attempt_ms END)
             FROM announcements WHERE id IN ({CHANNEL_HEADS})"
        ))
        .fetch_one(p)
        .await)?;
        Ok(due)
    }

    /// The announcements made about a game, in order, with where their delivery stands.
    pub async fn announcements_of_game(
        &self,
        game_id: GameId,
    ) -> StoreResult<Vec<StoredAnnouncement>> {
        let rows: Vec<StoredRow> = on_pool!(&self.pool, p => sqlx::query_as(&format!(
            "SELECT {STORED_COLUMNS} FROM announcements WHERE game_id = $1 ORDER BY id"
        ))
        .bind(game_id)
        .fetch_all(p)
        .await)?;
        rows.into_iter().map(stored).collect()
    }

    /// The announcements of a channel, in order, with where their delivery stands.
    pub async fn announcements_in_channel(
        &self,
        channel_id: ChannelId,
    ) -> StoreResult<Vec<StoredAnnouncement>> {
        let rows: Vec<StoredRow> = on_pool!(&self.pool, p => sqlx::query_as(&format!(
            "SELECT {STORED_COLUMNS} FROM announcements WHERE channel_id = $1 ORDER BY id"
        ))
        .bind(channel_id)
        .fetch_all(p)
        .await)?;
        rows.into_iter().map(stored).collect()
    }

    /// The last message posted about a game in its own channel (or thread): the board
    /// that shows where it stands. `None` before anything was delivered.
    pub async fn last_game_message(
        &self,
        game_id: GameId,
        channel_id: ChannelId,
    ) -> StoreResult<Option<MessageId>> {
        let message = on_pool!(&self.pool, p => sqlx::query_scalar(
            "SELECT message_id FROM announcements
             WHERE game_id = $1 AND channel_id = $2 AND message_id IS NOT NULL
             ORDER BY id DESC LIMIT 1",
        )
        .bind(game_id)
        .bind(channel_id)
        .fetch_optional(p)
        .await)?;
        Ok(message)
    }

    /// How many announcements are neither delivered nor given up.
    pub async fn undelivered_announcements(&self) -> StoreResult<u64> {
        let count: i64 = on_pool!(&self.pool, p => sqlx::query_scalar(
            "SELECT COUNT(*) FROM announcements
             WHERE delivered_ms IS NULL AND abandoned_ms IS NULL",
        )
        .fetch_one(p)
        .await)?;
        Ok(u64::try_from(count).unwrap_or(0))
    }
}

fn stored(row: StoredRow) -> StoreResult<StoredAnnouncement> {
    Ok(StoredAnnouncement {
        id: row.id,
        channel_id: row.channel_id,
        game_id: row.game_id,
        challenge_id: row.challenge_id,
        kind: row.kind,
        payload: parse_json("announcements.payload", &row.payload)?,
        created_at: row.created_at,
        attempts: row.attempts,
        next_attempt_ms: row.next_attempt_ms,
        claimed_by: row.claimed_by,
        lease_until_ms: row.lease_until_ms,
        delivered_ms: row.delivered_ms,
        message_id: row.message_id,
        abandoned_ms: row.abandoned_ms,
        last_error: row.last_error,
    })
}
