//! The daily tsume: each server's puzzle channel and hour, the day's post (once per
//! server and day, whichever process makes it: the day is the post's key), and each
//! player's progress on a day's puzzle, from which streaks and the puzzle leaderboard are
//! counted.

use super::announcements::insert_announcements;
use super::backend::{on, on_pool};
use super::error::violates;
use super::{ChannelId, GameId, GuildId, NewAnnouncement, Store, StoreResult, UserId};

/// Where and when a server's daily puzzle is posted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct PuzzleChannel {
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    /// The hour of the day, in the server's time zone.
    pub hour: i64,
    /// When the next post is due.
    pub next_post_at: i64,
}

/// A player's progress on a server's puzzle of one day.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct PuzzleProgress {
    pub guild_id: GuildId,
    pub user_id: UserId,
    /// The server's date, `YYYY-MM-DD`.
    pub day: String,
    /// The puzzle's position (so a progress row keeps its puzzle whatever the bank holds).
    pub sfen: String,
    /// Attacking moves of the answer found so far.
    pub found: i64,
    pub solved_at: Option<i64>,
    pub gave_up: bool,
}

/// A tsume made from a server's finished game.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct GamePuzzle {
    pub game_id: GameId,
    pub guild_id: GuildId,
    /// The game's ply the problem's position was taken at.
    pub ply: i64,
    /// Plies of the answer.
    pub length: i64,
    /// The problem's position, SFEN, Black to move.
    pub sfen: String,
    /// The answer in USI, moves separated by spaces.
    pub solution: String,
    /// The server's date whose daily puzzle it is, once chosen.
    pub day: Option<String>,
}

const GAME_PUZZLE_COLUMNS: &str = "game_id, guild_id, ply, length, sfen, solution, day";

const CHANNEL_COLUMNS: &str = "guild_id, channel_id, hour, next_post_at";
const PROGRESS_COLUMNS: &str = "guild_id, user_id, day, sfen, found, solved_at, gave_up";

impl Store {
    /// Sets where and at what hour a server's daily puzzle is posted, the next post due at
    /// `next_post_at`.
    pub async fn set_puzzle_channel(
        &self,
        guild: GuildId,
        channel: ChannelId,
        hour: i64,
        next_post_at: i64,
        now: i64,
    ) -> StoreResult<PuzzleChannel> {
        let sql = format!(
            "INSERT INTO puzzle_channels (guild_id, channel_id, hour, next_post_at, updated_at)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (guild_id) DO UPDATE SET
                 channel_id = excluded.channel_id,
                 hour = excluded.hour,
                 next_post_at = excluded.next_post_at,
                 updated_at = excluded.updated_at
             RETURNING {CHANNEL_COLUMNS}"
        );
        let mut tx = self.begin_write().await?;
        let conn = &mut tx.conn();
        let row = on!(conn, c => sqlx::query_as(&sql)
            .bind(guild)
            .bind(channel)
            .bind(hour)
            .bind(next_post_at)
            .bind(now)
            .fetch_one(c)
            .await)?;
        tx.commit().await?;
        Ok(row)
    }

    /// Stops a server's daily puzzle posts. `Ok(false)` if it had none.
    pub async fn clear_puzzle_channel(&self, guild: GuildId) -> StoreResult<bool> {
        let mut tx = self.begin_write().await?;
        let conn = &mut tx.conn();
        let done = on!(conn, c => sqlx::query("DELETE FROM puzzle_channels WHERE guild_id = $1")
            .bind(guild)
            .execute(c)
            .await
            .map(|done| done.rows_affected()))?;
        tx.commit().await?;
        Ok(done > 0)
    }

    /// A server's puzzle channel, if it has one.
    pub async fn puzzle_channel(&self, guild: GuildId) -> StoreResult<Option<PuzzleChannel>> {
        let sql = format!("SELECT {CHANNEL_COLUMNS} FROM puzzle_channels WHERE guild_id = $1");
        let found = on_pool!(&self.pool, p => sqlx::query_as(&sql)
            .bind(guild)
            .fetch_optional(p)
            .await)?;
        Ok(found)
    }

    /// The puzzle posts due at `now`, the earliest first.
    pub async fn due_puzzle_posts(&self, now: i64) -> StoreResult<Vec<PuzzleChannel>> {
        let sql = format!(
            "SELECT {CHANNEL_COLUMNS} FROM puzzle_channels WHERE next_post_at <= $1
             ORDER BY next_post_at, guild_id"
        );
        let found = on_pool!(&self.pool, p => sqlx::query_as(&sql)
            .bind(now)
            .fetch_all(p)
            .await)?;
        Ok(found)
    }

    /// Posts a server's puzzle of `day`: records the post (once per server and day: a
    /// second post of the same day, by this process or another, writes nothing) with its
    /// announcements, and moves the server's next post from `due_at` to `next_at`, in one
    /// transaction. `Ok(true)` if this call made the post.
    #[allow(clippy::too_many_arguments)]
    pub async fn post_puzzle(
        &self,
        guild: GuildId,
        day: &str,
        channel: ChannelId,
        due_at: i64,
        next_at: i64,
        announcements: &[NewAnnouncement],
        now: i64,
    ) -> StoreResult<bool> {
        let mut tx = self.begin_write().await?;
        let conn = &mut tx.conn();
        let posted = on!(conn, c => sqlx::query(
            "INSERT INTO puzzle_posts (guild_id, day, channel_id, posted_at)
             VALUES ($1, $2, $3, $4)
             ON CONFLICT (guild_id, day) DO NOTHING",
        )
        .bind(guild)
        .bind(day)
        .bind(channel)
        .bind(now)
        .execute(c)
        .await
        .map(|done| done.rows_affected()))?;
        if posted == 1 {
            insert_announcements(conn, announcements, now).await?;
        }
        on!(conn, c => sqlx::query(
            "UPDATE puzzle_channels SET next_post_at = $1, updated_at = $2
             WHERE guild_id = $3 AND next_post_at = $4",
        )
        .bind(next_at)
        .bind(now)
        .bind(guild)
        .bind(due_at)
        .execute(c)
        .await
        .map(|_| ()))?;
        tx.commit().await?;
        Ok(posted == 1)
    }

    /// A player's progress on a server's puzzle of `day`, if they have begun it.
    pub async fn puzzle_progress(
        &self,
        guild: GuildId,
        user: UserId,
        day: &str,
    ) -> StoreResult<Option<PuzzleProgress>> {
        let sql = format!(
            "SELECT {PROGRESS_COLUMNS} FROM puzzle_progress
             WHERE guild_id = $1 AND user_id = $2 AND day = $3"
        );
        let found = on_pool!(&self.pool, p => sqlx::query_as(&sql)
            .bind(guild)
            .bind(user)
            .bind(day)
            .fetch_optional(p)
            .await)?;
        Ok(found)
    }

    /// Records a player's step on a day's puzzle: `found` attacking moves found (from
    /// `was_found`), solved at `solved_at` if the answer is complete, or given up. The
    /// row is made on the first step. `Ok(false)`, and nothing written, when the stored
    /// progress is no longer `was_found` (another answer of theirs landed first), or the
    /// puzzle is already solved or given up.
    #[allow(clippy::too_many_arguments)]
    pub async fn record_puzzle_step(
        &self,
        guild: GuildId,
        user: UserId,
        day: &str,
        sfen: &str,
        was_found: i64,
        found: i64,
        solved_at: Option<i64>,
        gave_up: bool,
        now: i64,
    ) -> StoreResult<bool> {
        let mut tx = self.begin_write().await?;
        let conn = &mut tx.conn();
        on!(conn, c => sqlx::query(
            "INSERT INTO puzzle_progress (guild_id, user_id, day, sfen, found, gave_up, updated_at)
             VALUES ($1, $2, $3, $4, 0, $5, $6)
             ON CONFLICT (guild_id, user_id, day) DO NOTHING",
        )
        .bind(guild)
        .bind(user)
        .bind(day)
        .bind(sfen)
        .bind(false)
        .bind(now)
        .execute(c)
        .await
        .map(|_| ()))?;
        let changed = on!(conn, c => sqlx::query(
            "UPDATE puzzle_progress SET found = $1, solved_at = $2, gave_up = $3, updated_at = $4
             WHERE guild_id = $5 AND user_id = $6 AND day = $7 AND found = $8
               AND solved_at IS NULL AND gave_up = $9",
        )
        .bind(found)
        .bind(solved_at)
        .bind(gave_up)
        .bind(now)
        .bind(guild)
        .bind(user)
        .bind(day)
        .bind(was_found)
        .bind(false)
        .execute(c)
        .await
        .map(|done| done.rows_affected()))?;
        if changed != 1 {
            return Ok(false);
        }
        tx.commit().await?;
        Ok(true)
    }

    /// Every puzzle solved in a server: the solver and the day, by player then day.
    pub async fn solved_puzzles(&self, guild: GuildId) -> StoreResult<Vec<(UserId, String)>> {
        let found = on_pool!(&self.pool, p => sqlx::query_as(
            "SELECT user_id, day FROM puzzle_progress
             WHERE guild_id = $1 AND solved_at IS NOT NULL
             ORDER BY user_id, day",
        )
        .bind(guild)
        .fetch_all(p)
        .await)?;
        Ok(found)
    }

    /// Claims the next finished game of standard shogi (finished at `finished_since` or
    /// later, oldest first) that no process has looked at for a tsume yet: once claimed,
    /// no process looks at it again. `None` when there is none.
    pub async fn claim_game_for_puzzle(
        &self,
        finished_since: i64,
        now: i64,
    ) -> StoreResult<Option<(GameId, GuildId)>> {
        let next: Option<(GameId, GuildId)> = on_pool!(&self.pool, p => sqlx::query_as(
            "SELECT g.id, g.guild_id FROM games g
             WHERE g.status = 'finished' AND g.variant = 'standard' AND g.finished_at >= $1
               AND NOT EXISTS (SELECT 1 FROM game_puzzles p WHERE p.game_id = g.id)
             ORDER BY g.finished_at, g.id
             LIMIT 1",
        )
        .bind(finished_since)
        .fetch_optional(p)
        .await)?;
        let Some((game, guild)) = next else {
            return Ok(None);
        };
        let mut tx = self.begin_write().await?;
        let conn = &mut tx.conn();
        let claimed = on!(conn, c => sqlx::query(
            "INSERT INTO game_puzzles (game_id, guild_id, claimed_at) VALUES ($1, $2, $3)
             ON CONFLICT (game_id) DO NOTHING",
        )
        .bind(game)
        .bind(guild)
        .bind(now)
        .execute(c)
        .await
        .map(|done| done.rows_affected()))?;
        tx.commit().await?;
        Ok((claimed == 1).then_some((game, guild)))
    }

    /// Keeps the tsume made from a claimed game.
    #[allow(clippy::too_many_arguments)]
    pub async fn store_game_puzzle(
        &self,
        game: GameId,
        ply: i64,
        length: i64,
        sfen: &str,
        solution: &str,
        now: i64,
    ) -> StoreResult<()> {
        let mut tx = self.begin_write().await?;
        let conn = &mut tx.conn();
        on!(conn, c => sqlx::query(
            "UPDATE game_puzzles SET ply = $1, length = $2, sfen = $3, solution = $4, made_at = $5
             WHERE game_id = $6",
        )
        .bind(ply)
        .bind(length)
        .bind(sfen)
        .bind(solution)
        .bind(now)
        .bind(game)
        .execute(c)
        .await
        .map(|_| ()))?;
        tx.commit().await?;
        Ok(())
    }

    /// The tsume from a game that is a server's puzzle of `day`: the one chosen for that
    /// day already, or else, with `choose_made_before` (the day's start), the oldest not
    /// yet posted of those made before it, chosen now for the day, whichever process
    /// chooses first. `None` when the server has none.
    pub async fn game_puzzle_of_day(
        &self,
        guild: GuildId,
        day: &str,
        choose_made_before: Option<i64>,
    ) -> StoreResult<Option<GamePuzzle>> {
        let chosen = format!(
            "SELECT {GAME_PUZZLE_COLUMNS} FROM game_puzzles WHERE guild_id = $1 AND day = $2"
        );
        let found: Option<GamePuzzle> = on_pool!(&self.pool, p => sqlx::query_as(&chosen)
            .bind(guild)
            .bind(day)
            .fetch_optional(p)
            .await)?;
        let Some(made_before) = choose_made_before else {
            return Ok(found);
        };
        if found.is_some() {
            return Ok(found);
        }
        let mut tx = self.begin_write().await?;
        let conn = &mut tx.conn();
        let choose = on!(conn, c => sqlx::query(
            "UPDATE game_puzzles SET day = $1
             WHERE game_id = (
                 SELECT game_id FROM game_puzzles
                 WHERE guild_id = $2 AND day IS NULL AND sfen IS NOT NULL AND made_at < $3
                 ORDER BY made_at, game_id
                 LIMIT 1
             )",
        )
        .bind(day)
        .bind(guild)
        .bind(made_before)
        .execute(c)
        .await
        .map(|_| ()));
        match choose {
            Ok(_) => tx.commit().await?,
            // Another process chose the day's puzzle at the same moment: read its choice.
            Err(e) if violates(&e, "game_puzzles_day", "game_puzzles.guild_id") => drop(tx),
            Err(e) => return Err(e.into()),
        }
        let found = on_pool!(&self.pool, p => sqlx::query_as(&chosen)
            .bind(guild)
            .bind(day)
            .fetch_optional(p)
            .await)?;
        Ok(found)
    }

    /// The tsume from a game of a server with the position `sfen` (a player's progress
    /// keeps the position it was begun on).
    pub async fn game_puzzle_by_sfen(
        &self,
        guild: GuildId,
        sfen: &str,
    ) -> StoreResult<Option<GamePuzzle>> {
        let sql = format!(
            "SELECT {GAME_PUZZLE_COLUMNS} FROM game_puzzles
             WHERE guild_id = $1 AND sfen = $2
             ORDER BY made_at
             LIMIT 1"
        );
        let found = on_pool!(&self.pool, p => sqlx::query_as(&sql)
            .bind(guild)
            .bind(sfen)
            .fetch_optional(p)
            .await)?;
        Ok(found)
    }
}
