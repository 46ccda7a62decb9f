//! Users, guilds and per-guild settings.

use sqlx::SqliteConnection;

use super::{Guild, GuildId, Store, StoreResult, User, UserId};

impl Store {
    /// Records a user, or refreshes the cached display name of a known one.
    pub async fn upsert_user(&self, id: UserId, display_name: &str, now: i64) -> StoreResult<User> {
        let user: User = sqlx::query_as(
            "INSERT INTO users (id, display_name, created_at, updated_at)
             VALUES (?1, ?2, ?3, ?3)
             ON CONFLICT (id) DO UPDATE SET display_name = excluded.display_name,
                                            updated_at = excluded.updated_at
             RETURNING id, display_name, created_at, updated_at",
        )
        .bind(id)
        .bind(display_name)
        .bind(now)
        .fetch_one(&self.pool)
        .await?;
        Ok(user)
    }

    /// A user the bot has seen.
    pub async fn user(&self, id: UserId) -> StoreResult<Option<User>> {
        let user: Option<User> = sqlx::query_as(
            "SELECT id, display_name, created_at, updated_at FROM users WHERE id = ?",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(user)
    }

    /// Records a guild, or refreshes the cached name of a known one.
    pub async fn upsert_guild(&self, id: GuildId, name: &str, now: i64) -> StoreResult<Guild> {
        let guild: Guild = sqlx::query_as(
            "INSERT INTO guilds (id, name, created_at, updated_at)
             VALUES (?1, ?2, ?3, ?3)
             ON CONFLICT (id) DO UPDATE SET name = excluded.name,
                                            updated_at = excluded.updated_at
             RETURNING id, name, created_at, updated_at",
        )
        .bind(id)
        .bind(name)
        .bind(now)
        .fetch_one(&self.pool)
        .await?;
        Ok(guild)
    }

    /// A guild the bot has seen.
    pub async fn guild(&self, id: GuildId) -> StoreResult<Option<Guild>> {
        let guild: Option<Guild> =
            sqlx::query_as("SELECT id, name, created_at, updated_at FROM guilds WHERE id = ?")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
        Ok(guild)
    }

    /// One setting of a guild.
    pub async fn setting(&self, guild_id: GuildId, key: &str) -> StoreResult<Option<String>> {
        let value =
            sqlx::query_scalar("SELECT value FROM guild_settings WHERE guild_id = ? AND key = ?")
                .bind(guild_id)
                .bind(key)
                .fetch_optional(&self.pool)
                .await?;
        Ok(value)
    }

    /// Every setting of a guild, by key.
    pub async fn settings(&self, guild_id: GuildId) -> StoreResult<Vec<(String, String)>> {
        let rows =
            sqlx::query_as("SELECT key, value FROM guild_settings WHERE guild_id = ? ORDER BY key")
                .bind(guild_id)
                .fetch_all(&self.pool)
                .await?;
        Ok(rows)
    }

    /// Sets (or replaces) one setting of a guild.
    pub async fn set_setting(
        &self,
        guild_id: GuildId,
        key: &str,
        value: &str,
        now: i64,
    ) -> StoreResult<()> {
        let mut tx = self.begin_write().await?;
        ensure_guild(&mut tx, guild_id, now).await?;
        sqlx::query(
            "INSERT INTO guild_settings (guild_id, key, value, updated_at) VALUES (?, ?, ?, ?)
             ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value,
                                                       updated_at = excluded.updated_at",
        )
        .bind(guild_id)
        .bind(key)
        .bind(value)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Removes one setting of a guild (back to the default); says whether it was set.
    pub async fn remove_setting(&self, guild_id: GuildId, key: &str) -> StoreResult<bool> {
        let done = sqlx::query("DELETE FROM guild_settings WHERE guild_id = ? AND key = ?")
            .bind(guild_id)
            .bind(key)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() > 0)
    }
}

/// Makes sure a user row exists (name unknown until [`Store::upsert_user`]).
pub(super) async fn ensure_user(
    conn: &mut SqliteConnection,
    id: UserId,
    now: i64,
) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO users (id, created_at, updated_at) VALUES (?1, ?2, ?2)
         ON CONFLICT (id) DO NOTHING",
    )
    .bind(id)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Makes sure a guild row exists (name unknown until [`Store::upsert_guild`]).
pub(super) async fn ensure_guild(
    conn: &mut SqliteConnection,
    id: GuildId,
    now: i64,
) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO guilds (id, created_at, updated_at) VALUES (?1, ?2, ?2)
         ON CONFLICT (id) DO NOTHING",
    )
    .bind(id)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}
