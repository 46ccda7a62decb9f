//! Players' notification settings: how each is told it is their turn (a mention in the
//! channel, a direct message as well, nothing, or a daily digest), and when each digest is
//! due. A digest is sent with the write that moves its due time on a day, so it goes once
//! a day however often the scheduler runs or the bot restarts.

use super::announcements::insert_announcements;
use super::backend::{on, on_pool};
use super::people::ensure_user;
use super::{NewAnnouncement, Store, StoreError, StoreResult, UserId};

/// How a player is told it is their turn.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum NotificationMode {
    /// The channel's board mentions them.
    #[default]
    Mention,
    /// The mention, and a direct message with the board and a link to the game.
    Dm,
    /// No mention in the channel.
    Quiet,
    /// No mention in the channel; one direct message a day lists the games waiting for them.
    Digest,
}

/// A player's notification setting as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct NotificationSetting {
    pub user_id: UserId,
    pub mode: NotificationMode,
    /// With the digest: when the next one is due.
    pub digest_next_at: Option<i64>,
}

super::model::stored_as_text! {
    NotificationMode {
        Mention => "mention",
        Dm => "dm",
        Quiet => "quiet",
        Digest => "digest",
    }
}

const COLUMNS: &str = "user_id, mode, digest_next_at";

impl Store {
    /// A player's notification setting; `None` if they never chose one (a mention).
    pub async fn notification_setting(
        &self,
        user: UserId,
    ) -> StoreResult<Option<NotificationSetting>> {
        let sql = format!("SELECT {COLUMNS} FROM notification_settings WHERE user_id = $1");
        let found = on_pool!(&self.pool, p => sqlx::query_as(&sql)
            .bind(user)
            .fetch_optional(p)
            .await)?;
        Ok(found)
    }

    /// Sets a player's notification mode. Choosing the digest sets its first time to
    /// `digest_at`, unless the player already has the digest (its time of day stays);
    /// another mode forgets it.
    pub async fn set_notification_mode(
        &self,
        user: UserId,
        mode: NotificationMode,
        digest_at: i64,
        now: i64,
    ) -> StoreResult<NotificationSetting> {
        let mut tx = self.begin_write().await?;
        let conn = &mut tx.conn();
        ensure_user(conn, user, now).await?;
        let next = (mode == NotificationMode::Digest).then_some(digest_at);
        let sql = format!(
            "INSERT INTO notification_settings (user_id, mode, digest_next_at, updated_at)
             VALUES ($1, $2, $3, $4)
             ON CONFLICT (user_id) DO UPDATE SET
                 mode = excluded.mode,
                 digest_next_at = CASE
                     WHEN excluded.mode <> 'digest' THEN NULL
                     WHEN notification_settings.digest_next_at IS NOT NULL
                         THEN notification_settings.digest_next_at
                     ELSE excluded.digest_next_at
                 END,
                 updated_at = excluded.updated_at
             RETURNING {COLUMNS}"
        );
        let setting = on!(conn, c => sqlx::query_as(&sql)
            .bind(user)
            .bind(mode)
            .bind(next)
            .bind(now)
            .fetch_one(c)
            .await)?;
        tx.commit().await?;
        Ok(setting)
    }

    /// The digests due at `now`, the earliest first.
    pub async fn due_digests(&self, now: i64) -> StoreResult<Vec<NotificationSetting>> {
        let sql = format!(
            "SELECT {COLUMNS} FROM notification_settings
             WHERE mode = 'digest' AND digest_next_at <= $1
             ORDER BY digest_next_at, user_id"
        );
        let found = on_pool!(&self.pool, p => sqlx::query_as(&sql)
            .bind(now)
            .fetch_all(p)
            .await)?;
        Ok(found)
    }

    /// Moves a player's digest from `due_at` to `next_at` and stores what it says, in one
    /// transaction. `Ok(false)`, and nothing written, if the digest is no longer due at
    /// `due_at` (another round sent it, or the player changed the setting).
    pub async fn send_digest(
        &self,
        user: UserId,
        due_at: i64,
        next_at: i64,
        announcements: &[NewAnnouncement],
        now: i64,
    ) -> StoreResult<bool> {
        if next_at <= due_at {
            return Err(StoreError::Invalid(format!(
                "a digest due at {due_at} must move on, not to {next_at}"
            )));
        }
        let mut tx = self.begin_write().await?;
        let conn = &mut tx.conn();
        let moved = on!(conn, c => sqlx::query(
            "UPDATE notification_settings SET digest_next_at = $1, updated_at = $2
             WHERE user_id = $3 AND mode = 'digest' AND digest_next_at = $4",
        )
        .bind(next_at)
        .bind(now)
        .bind(user)
        .bind(due_at)
        .execute(c)
        .await
        .map(|done| done.rows_affected()))?;
        if moved != 1 {
            return Ok(false);
        }
        insert_announcements(conn, announcements, now).await?;
        tx.commit().await?;
        Ok(true)
    }
}
