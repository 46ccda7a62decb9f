//! Each player's own settings (`player_settings`): stored as the words the service gives,
//! one option at a time; and the locale of their Discord client.

use super::backend::{on, on_pool};
use super::{people::ensure_user, Store, StoreResult, UserId};

/// A player's stored settings; `None` where the player has not chosen.
#[derive(Clone, Debug, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct PlayerSettingsRow {
    pub notation: Option<String>,
    pub pieces: Option<String>,
}

impl Store {
    /// The locale a player's Discord client last reported, if any.
    pub async fn player_language(&self, user: UserId) -> StoreResult<Option<String>> {
        let language: Option<Option<String>> = on_pool!(&self.pool, p => {
            sqlx::query_scalar("SELECT language FROM player_settings WHERE user_id = $1")
                .bind(user)
                .fetch_optional(p)
                .await
        })?;
        Ok(language.flatten())
    }

    /// Remembers the locale a player's Discord client reported, keeping their settings.
    pub async fn set_player_language(
        &self,
        user: UserId,
        language: &str,
        now: i64,
    ) -> StoreResult<()> {
        let mut tx = self.begin_write().await?;
        let conn = &mut tx.conn();
        ensure_user(conn, user, now).await?;
        on!(conn, c => sqlx::query(
            "INSERT INTO player_settings (user_id, language, updated_at)
             VALUES ($1, $2, $3)
             ON CONFLICT (user_id) DO UPDATE SET
                 language = excluded.language,
                 updated_at = excluded.updated_at",
        )
        .bind(user)
        .bind(language)
        .bind(now)
        .execute(c)
        .await
        .map(|_| ()))?;
        tx.commit().await?;
        Ok(())
    }

    /// A player's settings (all `None` for a player who has chosen nothing).
    pub async fn player_settings(&self, user: UserId) -> StoreResult<PlayerSettingsRow> {
        let row: Option<PlayerSettingsRow> = on_pool!(&self.pool, p => {
            sqlx::query_as("SELECT notation, pieces FROM player_settings WHERE user_id = $1")
                .bind(user)
                .fetch_optional(p)
                .await
        })?;
        Ok(row.unwrap_or_default())
    }

    /// Saves the options given (`Some`), keeping the others as they were; returns the
    /// settings as they now stand.
    pub async fn set_player_settings(
        &self,
        user: UserId,
        change: &PlayerSettingsRow,
        now: i64,
    ) -> StoreResult<PlayerSettingsRow> {
        let mut tx = self.begin_write().await?;
        let conn = &mut tx.conn();
        ensure_user(conn, user, now).await?;
        let row: PlayerSettingsRow = on!(conn, c => sqlx::query_as(
            "INSERT INTO player_settings (user_id, notation, pieces, updated_at)
             VALUES ($1, $2, $3, $4)
             ON CONFLICT (user_id) DO UPDATE SET
                 notation = COALESCE(excluded.notation, player_settings.notation),
                 pieces = COALESCE(excluded.pieces, player_settings.pieces),
                 updated_at = excluded.updated_at
             RETURNING notation, pieces",
        )
        .bind(user)
        .bind(change.notation.as_deref())
        .bind(change.pieces.as_deref())
        .bind(now)
        .fetch_one(c)
        .await)?;
        tx.commit().await?;
        Ok(row)
    }
}
