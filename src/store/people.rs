//! Users, guilds and per-guild settings.

use super::backend::{on, on_pool, Conn};

use super::{Guild, GuildId, Store, StoreResult, User, UserId};

impl Store {
    /// Records a user, or refreshes the cached display name of a known one.
    pub async fn upsert_user(&self, id: UserId, display_name: &str, now: i64) -> StoreResult<User> {
        let user: User = on_pool!(&self.pool, p => sqlx::query_as(
            "INSERT INTO users (id, display_name, created_at, updated_at)
             VALUES ($1, $2, $3, $3)
             ON CONFLICT (id) DO UPDATE SET display_name = excluded.display_name,
                                            updated_at = excluded.updated_at
             RETURNING id, display_name, created_at, updated_at",
        )
        .bind(id)
        .bind(display_name)
        .bind(now)
        .fetch_one(p)
        .await)?;
        Ok(user)
    }

    /// A user the bot has seen.
    pub async fn user(&self, id: UserId) -> StoreResult<Option<User>> {
        let user: Option<User> = on_pool!(&self.pool, p => sqlx::query_as(
            "SELECT id, display_name, created_at, updated_at FROM users WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(p)
        .await)?;
        Ok(user)
    }

    /// Records a guild, or refreshes the cached name of a known one.
    pub async fn upsert_guild(&self, id: GuildId, name: &str, now: i64) -> StoreResult<Guild> {
        let guild: Guild = on_pool!(&self.pool, p => sqlx::query_as(
            "INSERT INTO guilds (id, name, created_at, updated_at)
             VALUES ($1, $2, $3, $3)
             ON CONFLICT (id) DO UPDATE SET name = excluded.name,
                                            updated_at = excluded.updated_at
             RETURNING id, name, created_at, updated_at",
        )
        .bind(id)
        .bind(name)
        .bind(now)
        .fetch_one(p)
        .await)?;
        Ok(guild)
    }

    /// A guild the bot has seen.
    pub async fn guild(&self, id: GuildId) -> StoreResult<Option<Guild>> {
        let guild: Option<Guild> = on_pool!(&self.pool, p => sqlx::query_as("SELECT id, name, created_at, updated_at FROM guilds WHERE id = $1")
                .bind(id)
                .fetch_optional(p)
                .await)?;
        Ok(guild)
    }

    /// One setting of a guild.
    pub async fn setting(&self, guild_id: GuildId, key: &str) -> StoreResult<Option<String>> {
        let value = on_pool!(&self.pool, p => sqlx::query_scalar("SELECT value FROM guild_settings WHERE guild_id = $1 AND key = $2")
                .bind(guild_id)
                .bind(key)
                .fetch_optional(p)
                .await)?;
        Ok(value)
    }

    /// Every setting of a guild, by key.
    pub async fn settings(&self, guild_id: GuildId) -> StoreResult<Vec<(String, String)>> {
        let rows = on_pool!(&self.pool, p => sqlx::query_as("SELECT key, value FROM guild_settings WHERE guild_id = $1 ORDER BY key")
                .bind(guild_id)
                .fetch_all(p)
                .await)?;
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
        let conn = &mut tx.conn();
        ensure_guild(conn, guild_id, now).await?;
        on!(conn, c => sqlx::query(
            "INSERT INTO guild_settings (guild_id, key, value, updated_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value,
                                                       updated_at = excluded.updated_at",
        )
        .bind(guild_id)
        .bind(key)
        .bind(value)
        .bind(now)
        .execute(c)
        .await
        .map(|done| done.rows_affected()))?;
        tx.commit().await?;
        Ok(())
    }

    /// Removes one setting of a guild (back to the default); says whether it was set. A
    /// transaction of its own, so that a request's watch sees it (see `WriteWatch`).
    pub async fn remove_setting(&self, guild_id: GuildId, key: &str) -> StoreResult<bool> {
        let mut tx = self.begin_write().await?;
        let conn = &mut tx.conn();
        let done = on!(conn, c => sqlx::query("DELETE FROM guild_settings WHERE guild_id = $1 AND key = $2")
            .bind(guild_id)
            .bind(key)
            .execute(c)
            .await
        .map(|done| done.rows_affected()))?;
        tx.commit().await?;
        Ok(done > 0)
    }
}

/// Makes sure a user row exists (name unknown until [`Store::upsert_user`]).
pub(super) async fn ensure_user(conn: &mut Conn<'_>, id: UserId, now: i64) -> StoreResult<()> {
    on!(conn, c => sqlx::query(
        "INSERT INTO users (id, created_at, updated_at) VALUES ($1, $2, $2)
         ON CONFLICT (id) DO NOTHING",
    )
    .bind(id)
    .bind(now)
    .execute(c)
    .await
        .map(|done| done.rows_affected()))?;
    Ok(())
}

/// Makes sure a guild row exists (name unknown until [`Store::upsert_guild`]).
pub(super) async fn ensure_guild(conn: &mut Conn<'_>, id: GuildId, now: i64) -> StoreResult<()> {
    on!(conn, c => sqlx::query(
        "INSERT INTO guilds (id, created_at, updated_at) VALUES ($1, $2, $2)
         ON CONFLICT (id) DO NOTHING",
    )
    .bind(id)
    .bind(now)
    .execute(c)
    .await
        .map(|done| done.rows_affected()))?;
    Ok(())
}
