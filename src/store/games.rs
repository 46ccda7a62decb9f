//! Creating and finding games, their move logs, and what the scheduler must do next.

use std::collections::{HashMap, HashSet};

use super::backend::{on, on_pool, placeholders, Conn, IN_LIST_CHUNK};

use super::announcements::announce;
use super::error::violates;
use super::people::{ensure_guild, ensure_user};
use super::{
    narrow_opt, parse_json, Announce, ChallengeId, ChallengeStatus, ChannelId, Game, GameId,
    GameStatus, GameVersion, GuildId, MoveRecord, NewGame, Seat, Store, StoreError, StoreResult,
    UserId,
};

const GAME_COLUMNS: &str = "id, guild_id, channel_id, challenge_id, variant, rule_options, \
     rated, status, state, version, ply, seconds_per_move, bank_seconds, turn_started_at, \
     deadline_at, remind_at, reminder_sent, result, created_at, updated_at, finished_at";

#[derive(sqlx::FromRow)]
pub(super) struct GameRow {
    id: GameId,
    guild_id: GuildId,
    channel_id: ChannelId,
    challenge_id: Option<ChallengeId>,
    variant: String,
    rule_options: String,
    rated: bool,
    status: GameStatus,
    state: String,
    version: i64,
    #[sqlx(try_from = "i64")]
    ply: u32,
    seconds_per_move: Option<i64>,
    bank_seconds: Option<i64>,
    turn_started_at: Option<i64>,
    deadline_at: Option<i64>,
    remind_at: Option<i64>,
    reminder_sent: bool,
    result: Option<String>,
    created_at: i64,
    updated_at: i64,
    finished_at: Option<i64>,
}

#[derive(sqlx::FromRow)]
struct SeatRow {
    game_id: GameId,
    #[sqlx(try_from = "i64")]
    seat: u8,
    user_id: UserId,
    display_name: Option<String>,
    place: Option<i64>,
    rating_before: Option<f64>,
    rating_after: Option<f64>,
    bank_left: Option<i64>,
}

impl Store {
    /// Creates a game and its seats in one transaction. With a `challenge_id`, the
    /// challenge turns `accepted` in the same transaction; if it is no longer open
    /// ([`StoreError::ChallengeNotOpen`]) or the channel already has an active game
    /// ([`StoreError::ChannelBusy`]), nothing is written. What the new game announces (its
    /// first board) is decided from the created game and stored with it.
    pub async fn create_game(
        &self,
        game: &NewGame,
        announcements: impl Announce<Game>,
        now: i64,
    ) -> StoreResult<Game> {
        self.create_game_under(game, None, announcements, now).await
    }

    /// [`Store::create_game`] for a game played in a thread of its own (`game.channel_id`)
    /// under `parent`: the thread is recorded with the game, in its transaction.
    pub async fn create_game_in_thread(
        &self,
        game: &NewGame,
        parent: ChannelId,
        announcements: impl Announce<Game>,
        now: i64,
    ) -> StoreResult<Game> {
        self.create_game_under(game, Some(parent), announcements, now)
            .await
    }

    async fn create_game_under(
        &self,
        game: &NewGame,
        parent: Option<ChannelId>,
        announcements: impl Announce<Game>,
        now: i64,
    ) -> StoreResult<Game> {
        if game.seats.is_empty() || game.seats.len() > usize::from(u8::MAX) {
            return Err(StoreError::Invalid(format!(
                "a game needs between 1 and 255 seats, not {}",
                game.seats.len()
            )));
        }

        let distinct: HashSet<UserId> = game.seats.iter().copied().collect();
        if game.rated && distinct.len() != game.seats.len() {
            return Err(StoreError::Invalid(
                "a rated game needs a different player in every seat".into(),
            ));
        }

        let mut tx = self.begin_write().await?;
        let conn = &mut tx.conn();
        ensure_guild(conn, game.guild_id, now).await?;
        for &user_id in &game.seats {
            ensure_user(conn, user_id, now).await?;
        }
        if let Some(challenge_id) = game.challenge_id {
            accept_challenge(conn, challenge_id, now).await?;
        }

        let inserted = on!(conn, c => sqlx::query_scalar(
            "INSERT INTO games (guild_id, channel_id, challenge_id, variant, rule_options, rated,
                                state, seconds_per_move, bank_seconds, turn_started_at,
                                deadline_at, remind_at, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
             RETURNING id",
        )
        .bind(game.guild_id)
        .bind(game.channel_id)
        .bind(game.challenge_id)
        .bind(&game.variant)
        .bind(game.rule_options.to_string())
        .bind(game.rated)
        .bind(&game.state)
        .bind(game.seconds_per_move)
        .bind(game.bank_seconds)
        .bind(game.clock.started_at)
        .bind(game.clock.deadline_at)
        .bind(game.clock.remind_at)
        .bind(now)
        .bind(now)
        .fetch_one(c)
        .await);
        let id: GameId = match inserted {
            Ok(id) => id,
            Err(e) if violates(&e, "games_one_active_per_channel", "games.channel_id") => {
                return Err(StoreError::ChannelBusy(game.channel_id));
            }
            Err(e) => return Err(e.into()),
        };

        for (&user_id, seat) in game.seats.iter().zip(0u8..) {
            on!(conn, c => sqlx::query("INSERT INTO seats (game_id, seat, user_id) VALUES ($1, $2, $3)")
                .bind(id)
                .bind(i64::from(seat))
                .bind(user_id)
                .execute(c)
                .await
        .map(|done| done.rows_affected()))?;
        }
        if let Some(parent) = parent {
            on!(conn, c => sqlx::query(
                "INSERT INTO game_threads (game_id, parent_channel_id) VALUES ($1, $2)",
            )
            .bind(id)
            .bind(parent)
            .execute(c)
            .await
            .map(|done| done.rows_affected()))?;
        }
        let created = load_game(conn, id)
            .await?
            .ok_or(StoreError::GameNotFound(id))?;
        announce(conn, announcements, &created, now).await?;
        tx.commit().await?;
        Ok(created)
    }

    /// A game by id, whatever its status.
    pub async fn game(&self, id: GameId) -> StoreResult<Option<Game>> {
        let mut pooled = self.pool.acquire().await?;
        let conn = &mut pooled.conn();
        load_game(conn, id).await
    }

    /// The active game in a channel, if any (there is at most one).
    pub async fn active_game_in_channel(&self, channel_id: ChannelId) -> StoreResult<Option<Game>> {
        let mut pooled = self.pool.acquire().await?;
        let conn = &mut pooled.conn();
        let row: Option<GameRow> = on!(conn, c => sqlx::query_as(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE channel_id = $1 AND status = 'active'"
        ))
        .bind(channel_id)
        .fetch_optional(c)
        .await)?;
        Ok(with_seats(conn, row.into_iter().collect()).await?.pop())
    }

    /// The most recent game played in a channel, whatever its status.
    pub async fn latest_game_in_channel(&self, channel_id: ChannelId) -> StoreResult<Option<Game>> {
        let mut pooled = self.pool.acquire().await?;
        let conn = &mut pooled.conn();
        let row: Option<GameRow> = on!(conn, c => sqlx::query_as(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE channel_id = $1 ORDER BY id DESC LIMIT 1"
        ))
        .bind(channel_id)
        .fetch_optional(c)
        .await)?;
        Ok(with_seats(conn, row.into_iter().collect()).await?.pop())
    }

    /// The active games a user sits in across channels, oldest first: in every guild, or
    /// only in `guild_id` if given.
    pub async fn active_games_of_user(
        &self,
        user_id: UserId,
        guild_id: Option<GuildId>,
    ) -> StoreResult<Vec<Game>> {
        let mut pooled = self.pool.acquire().await?;
        let conn = &mut pooled.conn();
        let rows: Vec<GameRow> = on!(conn, c => sqlx::query_as(&format!(
            "SELECT {GAME_COLUMNS} FROM games
             WHERE status = 'active'
               AND id IN (SELECT game_id FROM seats WHERE user_id = $1)
               AND ($2 IS NULL OR guild_id = $2)
             ORDER BY id"
        ))
        .bind(user_id)
        .bind(guild_id)
        .fetch_all(c)
        .await)?;
        with_seats(conn, rows).await
    }

    /// The active games in which a user with an id in `first..=last` holds a seat, oldest
    /// first (the service keeps a range of ids for players that are not people).
    pub async fn active_games_seating(
        &self,
        first: UserId,
        last: UserId,
    ) -> StoreResult<Vec<Game>> {
        let mut pooled = self.pool.acquire().await?;
        let conn = &mut pooled.conn();
        let rows: Vec<GameRow> = on!(conn, c => sqlx::query_as(&format!(
            "SELECT {GAME_COLUMNS} FROM games
             WHERE status = 'active'
               AND id IN (SELECT game_id FROM seats WHERE user_id BETWEEN $1 AND $2)
             ORDER BY id"
        ))
        .bind(first)
        .bind(last)
        .fetch_all(c)
        .await)?;
        with_seats(conn, rows).await
    }

    /// The active games of a guild, oldest first.
    pub async fn active_games_in_guild(&self, guild_id: GuildId) -> StoreResult<Vec<Game>> {
        let mut pooled = self.pool.acquire().await?;
        let conn = &mut pooled.conn();
        let rows: Vec<GameRow> = on!(conn, c => sqlx::query_as(&format!(
            "SELECT {GAME_COLUMNS} FROM games
             WHERE guild_id = $1 AND status = 'active'
             ORDER BY id"
        ))
        .bind(guild_id)
        .fetch_all(c)
        .await)?;
        with_seats(conn, rows).await
    }

    /// The ended games (finished, aborted or void) a user sat in, most recent first; only
    /// those of one guild if `guild_id` is given. A page of `limit` games after `offset`.
    pub async fn game_history(
        &self,
        user_id: UserId,
        guild_id: Option<GuildId>,
        limit: u32,
        offset: u32,
    ) -> StoreResult<Vec<Game>> {
        let mut pooled = self.pool.acquire().await?;
        let conn = &mut pooled.conn();
        let rows: Vec<GameRow> = on!(conn, c => sqlx::query_as(&format!(
            "SELECT {GAME_COLUMNS} FROM games
             WHERE status <> 'active'
               AND id IN (SELECT game_id FROM seats WHERE user_id = $1)
               AND ($2 IS NULL OR guild_id = $2)
             ORDER BY finished_at DESC, id DESC
             LIMIT $3 OFFSET $4"
        ))
        .bind(user_id)
        .bind(guild_id)
        .bind(i64::from(limit))
        .bind(i64::from(offset))
        .fetch_all(c)
        .await)?;
        with_seats(conn, rows).await
    }

    /// The move log of a game, in order.
    pub async fn moves(&self, game_id: GameId) -> StoreResult<Vec<MoveRecord>> {
        let moves = on_pool!(&self.pool, p => sqlx::query_as(
            "SELECT game_id, ply, seat, user_id, notation, readable, position, played_at
             FROM moves WHERE game_id = $1 ORDER BY ply",
        )
        .bind(game_id)
        .fetch_all(p)
        .await)?;
        Ok(moves)
    }

    /// One move of a game's log, by ply (1 is the first move).
    pub async fn move_at(&self, game_id: GameId, ply: u32) -> StoreResult<Option<MoveRecord>> {
        let found = on_pool!(&self.pool, p => sqlx::query_as(
            "SELECT game_id, ply, seat, user_id, notation, readable, position, played_at
             FROM moves WHERE game_id = $1 AND ply = $2",
        )
        .bind(game_id)
        .bind(i64::from(ply))
        .fetch_optional(p)
        .await)?;
        Ok(found)
    }

    /// Active games whose turn has run out (`deadline_at <= now`), earliest first.
    pub async fn due_deadlines(&self, now: i64) -> StoreResult<Vec<Game>> {
        self.due_games(DEADLINE_DUE, "deadline_at", now, None).await
    }

    /// The game `id` if its turn has run out by `now`, read afresh (as [`Store::due_deadlines`]
    /// would list it): what a process checks once it has claimed the timeout.
    pub async fn due_deadline(&self, id: GameId, now: i64) -> StoreResult<Option<Game>> {
        Ok(self
            .due_games(DEADLINE_DUE, "deadline_at", now, Some(id))
            .await?
            .pop())
    }

    /// Active games whose player should be reminded now (`remind_at <= now`, not yet
    /// reminded this turn, turn not yet run out), earliest first.
    pub async fn due_reminders(&self, now: i64) -> StoreResult<Vec<Game>> {
        self.due_games(REMINDER_DUE, "remind_at", now, None).await
    }

    /// The game `id` if its player should be reminded now, read afresh (as
    /// [`Store::due_reminders`] would list it).
    pub async fn due_reminder(&self, id: GameId, now: i64) -> StoreResult<Option<Game>> {
        Ok(self
            .due_games(REMINDER_DUE, "remind_at", now, Some(id))
            .await?
            .pop())
    }

    /// The games for which `due` (a condition on `$1`, the time) holds at `now`, ordered by
    /// `order` then id; only the game `only` if given.
    async fn due_games(
        &self,
        due: &str,
        order: &str,
        now: i64,
        only: Option<GameId>,
    ) -> StoreResult<Vec<Game>> {
        let mut pooled = self.pool.acquire().await?;
        let conn = &mut pooled.conn();
        let one = if only.is_some() { " AND id = $2" } else { "" };
        let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE {due}{one} ORDER BY {order}, id");
        let rows: Vec<GameRow> = on!(conn, c => {
            let mut query = sqlx::query_as(&sql).bind(now);
            if let Some(id) = only {
                query = query.bind(id);
            }
            query.fetch_all(c).await
        })?;
        with_seats(conn, rows).await
    }

    /// Records that this turn's reminder is sent, with the reminder itself (`announcements`,
    /// decided from the game). `Ok(true)` if this call marked it, `Ok(false)` if it was
    /// already marked (so two sweeps never both send it; nothing is announced then);
    /// [`StoreError::Conflict`] if the turn has moved on since `at` was read.
    pub async fn mark_reminder_sent(
        &self,
        at: GameVersion,
        announcements: impl Announce<Game>,
        now: i64,
    ) -> StoreResult<bool> {
        let mut tx = self.begin_write().await?;
        let conn = &mut tx.conn();
        let done = on!(conn, c => sqlx::query(
            "UPDATE games SET reminder_sent = TRUE
             WHERE id = $1 AND version = $2 AND status = 'active' AND reminder_sent = FALSE",
        )
        .bind(at.id)
        .bind(at.version)
        .execute(c)
        .await
        .map(|done| done.rows_affected()))?;
        if done == 1 {
            let game = load_game(conn, at.id)
                .await?
                .ok_or(StoreError::GameNotFound(at.id))?;
            announce(conn, announcements, &game, now).await?;
            tx.commit().await?;
            return Ok(true);
        }
        match version_mismatch(conn, at).await? {
            Some(error) => Err(error),
            None => Ok(false),
        }
    }

    /// The earliest time anything is scheduled: a turn deadline, a reminder not yet sent,
    /// a challenge expiry, the end of a vacation, a player's daily digest or a thread to
    /// archive. The scheduler sleeps until then (or until a write changes the schedule);
    /// after a restart it asks again, so nothing is lost.
    pub async fn next_scheduled_at(&self) -> StoreResult<Option<i64>> {
        let next = on_pool!(&self.pool, p => sqlx::query_scalar(
            "SELECT MIN(at) FROM (
                 SELECT MIN(deadline_at) AS at FROM games
                 WHERE status = 'active' AND deadline_at IS NOT NULL
                 UNION ALL
                 SELECT MIN(remind_at) FROM games
                 WHERE status = 'active' AND reminder_sent = FALSE AND remind_at IS NOT NULL
                 UNION ALL
                 SELECT MIN(expires_at) FROM challenges WHERE status = 'open'
                 UNION ALL
                 SELECT MIN(ends_at) FROM vacations WHERE end_announced = FALSE
                 UNION ALL
                 SELECT MIN(digest_next_at) FROM notification_settings WHERE mode = 'digest'
                 UNION ALL
                 SELECT MIN(g.finished_at + $1) FROM game_threads t
                 JOIN games g ON g.id = t.game_id
                 WHERE t.archived_at IS NULL AND g.finished_at IS NOT NULL
             ) AS due",
        )
        .bind(THREAD_ARCHIVE_DELAY)
        .fetch_one(p)
        .await)?;
        Ok(next)
    }

    /// The thread a game is played in, if it has one of its own.
    pub async fn game_thread(&self, game_id: GameId) -> StoreResult<Option<GameThread>> {
        let thread = on_pool!(&self.pool, p => sqlx::query_as(
            "SELECT t.game_id, g.channel_id AS thread_id, t.parent_channel_id, t.archived_at
             FROM game_threads t JOIN games g ON g.id = t.game_id
             WHERE t.game_id = $1",
        )
        .bind(game_id)
        .fetch_optional(p)
        .await)?;
        Ok(thread)
    }

    /// The threads of the games going on under a channel, by game number: where a
    /// command used in the channel itself is sent.
    pub async fn active_game_threads_under(
        &self,
        parent: ChannelId,
    ) -> StoreResult<Vec<(GameThread, Vec<UserId>)>> {
        let rows: Vec<(GameId, ChannelId, ChannelId, Option<i64>, UserId)> = on_pool!(&self.pool, p => sqlx::query_as(
                "SELECT t.game_id, g.channel_id, t.parent_channel_id, t.archived_at, s.user_id
                 FROM game_threads t
                 JOIN games g ON g.id = t.game_id
                 JOIN seats s ON s.game_id = g.id
                 WHERE t.parent_channel_id = $1 AND g.status = 'active'
                 ORDER BY t.game_id, s.seat",
            )
            .bind(parent)
            .fetch_all(p)
            .await)?;
        let mut threads: Vec<(GameThread, Vec<UserId>)> = Vec::new();
        for (game_id, thread_id, parent_channel_id, archived_at, user) in rows {
            match threads.last_mut() {
                Some((thread, players)) if thread.game_id == game_id => players.push(user),
                _ => threads.push((
                    GameThread {
                        game_id,
                        thread_id,
                        parent_channel_id,
                        archived_at,
                    },
                    vec![user],
                )),
            }
        }
        Ok(threads)
    }

    /// The threads of games that ended [`THREAD_ARCHIVE_DELAY`] or more before `now` and
    /// are not archived yet, oldest first.
    pub async fn due_thread_archives(&self, now: i64) -> StoreResult<Vec<GameThread>> {
        let due = on_pool!(&self.pool, p => sqlx::query_as(
            "SELECT t.game_id, g.channel_id AS thread_id, t.parent_channel_id, t.archived_at
             FROM game_threads t JOIN games g ON g.id = t.game_id
             WHERE t.archived_at IS NULL AND g.finished_at IS NOT NULL
               AND g.finished_at + $1 <= $2
             ORDER BY g.finished_at, t.game_id",
        )
        .bind(THREAD_ARCHIVE_DELAY)
        .bind(now)
        .fetch_all(p)
        .await)?;
        Ok(due)
    }

    /// Marks a game's thread archived, with what that announces (the archiving itself is
    /// delivered as an announcement), in one transaction. `Ok(false)` if it already was.
    pub async fn archive_thread(
        &self,
        thread: &GameThread,
        announcements: impl Announce<GameThread>,
        now: i64,
    ) -> StoreResult<bool> {
        let mut tx = self.begin_write().await?;
        let conn = &mut tx.conn();
        // One statement checks and writes: on PostgreSQL a concurrent archiver waits for
        // this row and then finds `archived_at` set, so only one announces.
        let archived = on!(conn, c => sqlx::query(
            "UPDATE game_threads SET archived_at = $1 WHERE game_id = $2 AND archived_at IS NULL",
        )
        .bind(now)
        .bind(thread.game_id)
        .execute(c)
        .await
        .map(|done| done.rows_affected()))?;
        if archived != 1 {
            return Ok(false);
        }
        announce(conn, announcements, thread, now).await?;
        tx.commit().await?;
        Ok(true)
    }
}

/// When a game's turn has run out, `$1` being the time.
const DEADLINE_DUE: &str = "status = 'active' AND deadline_at <= $1";

/// When a game's player is to be reminded, `$1` being the time: a quarter of the turn's
/// time is left, the reminder is not sent yet, and the turn has not run out.
const REMINDER_DUE: &str = "status = 'active' AND reminder_sent = FALSE AND remind_at <= $1
     AND (deadline_at IS NULL OR deadline_at > $1)";

/// How long after its game ends a game's thread is archived: a day.
pub const THREAD_ARCHIVE_DELAY: i64 = 86_400;

/// A game played in a thread of its own.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct GameThread {
    pub game_id: GameId,
    /// The thread: the game's channel.
    pub thread_id: ChannelId,
    /// The channel the thread hangs from.
    pub parent_channel_id: ChannelId,
    pub archived_at: Option<i64>,
}

/// Turns an open challenge `accepted`, or says why it can't be.
async fn accept_challenge(conn: &mut Conn<'_>, id: ChallengeId, now: i64) -> StoreResult<()> {
    let done = on!(conn, c => sqlx::query(
        "UPDATE challenges SET status = 'accepted', resolved_at = $1
         WHERE id = $2 AND status = 'open'",
    )
    .bind(now)
    .bind(id)
    .execute(c)
    .await
        .map(|done| done.rows_affected()))?;
    if done == 1 {
        return Ok(());
    }
    let status: Option<ChallengeStatus> = on!(conn, c => sqlx::query_scalar("SELECT status FROM challenges WHERE id = $1")
            .bind(id)
            .fetch_optional(c)
            .await)?;
    Err(match status {
        None => StoreError::ChallengeNotFound(id),
        Some(status) => StoreError::ChallengeNotOpen { id, status },
    })
}

/// Why a versioned write to a game matched no row: the game is gone, has ended, or is at
/// another version. `None` if it is in fact active at the expected version.
pub(super) async fn version_mismatch(
    conn: &mut Conn<'_>,
    at: GameVersion,
) -> StoreResult<Option<StoreError>> {
    let found: Option<(GameStatus, i64)> = on!(conn, c => sqlx::query_as("SELECT status, version FROM games WHERE id = $1")
            .bind(at.id)
            .fetch_optional(c)
            .await)?;
    Ok(match found {
        None => Some(StoreError::GameNotFound(at.id)),
        Some((status, _)) if status != GameStatus::Active => Some(StoreError::GameNotActive {
            game_id: at.id,
            status,
        }),
        Some((_, version)) if version != at.version => Some(StoreError::Conflict {
            game_id: at.id,
            expected: at.version,
            found: version,
        }),
        Some(_) => None,
    })
}

pub(super) async fn load_game(conn: &mut Conn<'_>, id: GameId) -> StoreResult<Option<Game>> {
    let row: Option<GameRow> = on!(conn, c => sqlx::query_as(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1"))
            .bind(id)
            .fetch_optional(c)
            .await)?;
    Ok(with_seats(conn, row.into_iter().collect()).await?.pop())
}

/// Attaches the seats to game rows, keeping the rows' order.
async fn with_seats(conn: &mut Conn<'_>, rows: Vec<GameRow>) -> StoreResult<Vec<Game>> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let mut seat_rows: Vec<SeatRow> = Vec::new();
    for chunk in rows.chunks(IN_LIST_CHUNK) {
        let sql = format!(
            "SELECT s.game_id, s.seat, s.user_id, u.display_name, s.place,
                    s.rating_before, s.rating_after, s.bank_left
             FROM seats s JOIN users u ON u.id = s.user_id
             WHERE s.game_id IN ({})
             ORDER BY s.game_id, s.seat",
            placeholders(1, chunk.len())
        );
        let found: Vec<SeatRow> = on!(conn, c => {
            let mut query = sqlx::query_as(&sql);
            for row in chunk {
                query = query.bind(row.id);
            }
            query.fetch_all(c).await
        })?;
        seat_rows.extend(found);
    }
    let mut seats: HashMap<GameId, Vec<Seat>> = HashMap::new();
    for row in seat_rows {
        seats.entry(row.game_id).or_default().push(Seat {
            seat: row.seat,
            user_id: row.user_id,
            display_name: row.display_name,
            place: narrow_opt("seats.place", row.place)?,
            rating_before: row.rating_before,
            rating_after: row.rating_after,
            bank_left: row.bank_left,
        });
    }
    rows.into_iter()
        .map(|row| {
            let result = match &row.result {
                Some(text) => Some(parse_json("games.result", text)?),
                None => None,
            };
            Ok(Game {
                id: row.id,
                guild_id: row.guild_id,
                channel_id: row.channel_id,
                challenge_id: row.challenge_id,
                variant: row.variant,
                rule_options: parse_json("games.rule_options", &row.rule_options)?,
                rated: row.rated,
                status: row.status,
                state: row.state,
                version: row.version,
                ply: row.ply,
                seconds_per_move: row.seconds_per_move,
                bank_seconds: row.bank_seconds,
                turn_started_at: row.turn_started_at,
                deadline_at: row.deadline_at,
                remind_at: row.remind_at,
                reminder_sent: row.reminder_sent,
                result,
                created_at: row.created_at,
                updated_at: row.updated_at,
                finished_at: row.finished_at,
                seats: seats.remove(&row.id).unwrap_or_default(),
            })
        })
        .collect()
}

/// Seat numbers that appear more than once.
pub(super) fn has_duplicates(seats: impl IntoIterator<Item = u8>) -> bool {
    let mut seen = HashSet::new();
    !seats.into_iter().all(|s| seen.insert(s))
}
