//! Writes that move a game along: moves, other state changes, and endings with their
//! rating updates. Every one is a single transaction guarded by the game's version.

use std::collections::HashSet;
use std::convert::Infallible;

use super::backend::{on, Conn, Lock};

use super::announcements::announce;
use super::games::{has_duplicates, load_game, version_mismatch};
use super::ratings::{load_seat_ratings, record_rating};
use super::{
    narrow, Announce, Ending, Game, GameEnd, GameId, GameStatus, GameVersion, GuildId, NewMove,
    NextTurn, RatingUpdate, SeatRating, Store, StoreError, StoreResult,
};

/// The rating calculation for endings that change no rating: pass it to
/// [`Store::finish_game`] or [`Store::apply_final_move`] for unrated outcomes.
pub fn unrated(_seats: &[SeatRating]) -> Result<Vec<RatingUpdate>, Infallible> {
    Ok(Vec::new())
}

/// What a finishing write needs to know about the game it ended.
#[derive(sqlx::FromRow)]
struct Ended {
    #[sqlx(try_from = "i64")]
    ply: u32,
    guild_id: GuildId,
    variant: String,
    rated: bool,
}

impl Store {
    /// Appends a move and moves the game on to the next turn, in one transaction, only if
    /// the game is still active at version `at`. If another write landed first, nothing is
    /// written and the result is [`StoreError::Conflict`]. The move's user must sit in
    /// the move's seat ([`StoreError::NotSeated`]). The reminder flag resets for the new
    /// turn. The move's `announcements` are decided from the game as the move leaves it
    /// and stored with it.
    pub async fn apply_move(
        &self,
        at: GameVersion,
        mv: &NewMove,
        next: &NextTurn,
        announcements: impl Announce<Game>,
        now: i64,
    ) -> StoreResult<Game> {
        let mut tx = self.begin_write().await?;
        let conn = &mut tx.conn();
        let ply = continue_game(conn, at, next, 1, now).await?;
        insert_move(conn, at.id, ply, mv, now).await?;
        let game = load_game(conn, at.id)
            .await?
            .ok_or(StoreError::GameNotFound(at.id))?;
        announce(conn, announcements, &game, now).await?;
        tx.commit().await?;
        Ok(game)
    }

    /// Changes an active game's state without a move (for example a yonin player
    /// eliminated by the clock while the others play on), guarded by version `at` like
    /// [`Store::apply_move`].
    pub async fn update_state(
        &self,
        at: GameVersion,
        next: &NextTurn,
        announcements: impl Announce<Game>,
        now: i64,
    ) -> StoreResult<Game> {
        let mut tx = self.begin_write().await?;
        let conn = &mut tx.conn();
        continue_game(conn, at, next, 0, now).await?;
        let game = load_game(conn, at.id)
            .await?
            .ok_or(StoreError::GameNotFound(at.id))?;
        announce(conn, announcements, &game, now).await?;
        tx.commit().await?;
        Ok(game)
    }

    /// Takes the last `plies` moves back in an active game at version `at`, in one
    /// transaction: their rows leave the move log, the ply count goes back, the game takes
    /// `next` (state and clock), and standing offers are withdrawn. Guarded by version `at`
    /// like [`Store::apply_move`].
    pub async fn take_back(
        &self,
        at: GameVersion,
        plies: u32,
        next: &NextTurn,
        announcements: impl Announce<Game>,
        now: i64,
    ) -> StoreResult<Game> {
        let mut tx = self.begin_write().await?;
        let conn = &mut tx.conn();
        let played: Option<i64> = on!(conn, c => sqlx::query_scalar("SELECT ply FROM games WHERE id = $1 AND version = $2")
                .bind(at.id)
                .bind(at.version)
                .fetch_optional(c)
                .await)?;
        if played.is_some_and(|played| i64::from(plies) > played) {
            return Err(StoreError::Invalid(format!(
                "game {} has fewer than {plies} moves to take back",
                at.id
            )));
        }
        let ply = continue_game(conn, at, next, 0, now).await?;
        let kept = ply - plies;
        on!(conn, c => sqlx::query("UPDATE games SET ply = $1 WHERE id = $2")
            .bind(i64::from(kept))
            .bind(at.id)
            .execute(c)
            .await
        .map(|done| done.rows_affected()))?;
        on!(conn, c => sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply > $2")
            .bind(at.id)
            .bind(i64::from(kept))
            .execute(c)
            .await
        .map(|done| done.rows_affected()))?;
        clear_offers(conn, at.id).await?;
        let game = load_game(conn, at.id)
            .await?
            .ok_or(StoreError::GameNotFound(at.id))?;
        announce(conn, announcements, &game, now).await?;
        tx.commit().await?;
        Ok(game)
    }

    /// Appends the move that ends a game and ends it, in one transaction: see
    /// [`Store::apply_move`] and [`Store::finish_game`].
    #[allow(clippy::too_many_arguments)]
    pub async fn apply_final_move<F, E>(
        &self,
        at: GameVersion,
        mv: &NewMove,
        state: &str,
        end: &GameEnd,
        rate: F,
        announcements: impl Announce<Game>,
        now: i64,
    ) -> StoreResult<Game>
    where
        F: FnOnce(&[SeatRating]) -> Result<Vec<RatingUpdate>, E> + Send,
        E: std::error::Error + Send + Sync + 'static,
    {
        validate_end(end)?;
        let mut tx = self.begin_write().await?;
        let conn = &mut tx.conn();
        let ended = end_game(conn, at, Some(state), 1, end, now).await?;
        insert_move(conn, at.id, ended.ply, mv, now).await?;
        settle(conn, at.id, &ended, end, rate, now).await?;
        let game = load_game(conn, at.id)
            .await?
            .ok_or(StoreError::GameNotFound(at.id))?;
        announce(conn, announcements, &game, now).await?;
        tx.commit().await?;
        Ok(game)
    }

    /// Ends an active game at version `at` (resignation, timeout, abort, void, or the
    /// result of a move already stored), in one transaction: status and result, the final
    /// `state` if given, the places, and, when the ending is [`Ending::Finished`] and the
    /// game is rated, the players' new ratings.
    ///
    /// `rate` receives every seat with the player's current rating (read under the same
    /// write lock, so two games ending at once can't lose an update) and returns the new
    /// ratings; it is not called for aborted, void or unrated games, which change no
    /// rating. If it fails, nothing is written ([`StoreError::RatingRejected`]).
    ///
    /// The ending's `announcements` are decided from the ended game (its places and the
    /// ratings before and after, as this transaction wrote them) and stored with it.
    pub async fn finish_game<F, E>(
        &self,
        at: GameVersion,
        state: Option<&str>,
        end: &GameEnd,
        rate: F,
        announcements: impl Announce<Game>,
        now: i64,
    ) -> StoreResult<Game>
    where
        F: FnOnce(&[SeatRating]) -> Result<Vec<RatingUpdate>, E> + Send,
        E: std::error::Error + Send + Sync + 'static,
    {
        validate_end(end)?;
        let mut tx = self.begin_write().await?;
        let conn = &mut tx.conn();
        let ended = end_game(conn, at, state, 0, end, now).await?;
        settle(conn, at.id, &ended, end, rate, now).await?;
        let game = load_game(conn, at.id)
            .await?
            .ok_or(StoreError::GameNotFound(at.id))?;
        announce(conn, announcements, &game, now).await?;
        tx.commit().await?;
        Ok(game)
    }
}

/// Moves an active game at version `at` to its next state and turn; returns the new ply.
async fn continue_game(
    conn: &mut Conn<'_>,
    at: GameVersion,
    next: &NextTurn,
    plies: u32,
    now: i64,
) -> StoreResult<u32> {
    let ply: Option<i64> = on!(conn, c => sqlx::query_scalar(
        "UPDATE games SET state = $1, version = version + 1, ply = ply + $2, turn_started_at = $3,
                          deadline_at = $4, remind_at = $5, reminder_sent = FALSE, updated_at = $6
         WHERE id = $7 AND version = $8 AND status = 'active'
         RETURNING ply",
    )
    .bind(&next.state)
    .bind(i64::from(plies))
    .bind(next.clock.started_at)
    .bind(next.clock.deadline_at)
    .bind(next.clock.remind_at)
    .bind(now)
    .bind(at.id)
    .bind(at.version)
    .fetch_optional(c)
    .await)?;
    let Some(ply) = ply else {
        return Err(stale(conn, at).await?);
    };
    if let Some(bank) = next.bank {
        on!(conn, c => sqlx::query("UPDATE seats SET bank_left = $1 WHERE game_id = $2 AND seat = $3")
            .bind(bank.left)
            .bind(at.id)
            .bind(i64::from(bank.seat))
            .execute(c)
            .await
            .map(|_| ()))?;
    }
    narrow("games.ply", ply)
}

/// Ends an active game at version `at`.
async fn end_game(
    conn: &mut Conn<'_>,
    at: GameVersion,
    state: Option<&str>,
    plies: u32,
    end: &GameEnd,
    now: i64,
) -> StoreResult<Ended> {
    let ended: Option<Ended> = on!(conn, c => sqlx::query_as(
        "UPDATE games SET state = COALESCE($1, state), version = version + 1, ply = ply + $2,
                          status = $3, result = $4, deadline_at = NULL, remind_at = NULL,
                          updated_at = $5, finished_at = $6
         WHERE id = $7 AND version = $8 AND status = 'active'
         RETURNING ply, guild_id, variant, rated",
    )
    .bind(state)
    .bind(i64::from(plies))
    .bind(GameStatus::from(end.ending))
    .bind(end.result.to_string())
    .bind(now)
    .bind(now)
    .bind(at.id)
    .bind(at.version)
    .fetch_optional(c)
    .await)?;
    match ended {
        Some(ended) => {
            clear_offers(conn, at.id).await?;
            Ok(ended)
        }
        None => Err(stale(conn, at).await?),
    }
}

/// Withdraws a game's standing offers.
async fn clear_offers(conn: &mut Conn<'_>, game_id: GameId) -> StoreResult<()> {
    on!(conn, c => sqlx::query("DELETE FROM offers WHERE game_id = $1")
        .bind(game_id)
        .execute(c)
        .await
        .map(|done| done.rows_affected()))?;
    Ok(())
}

/// The error for a versioned write that matched no row.
pub(super) async fn stale(conn: &mut Conn<'_>, at: GameVersion) -> StoreResult<StoreError> {
    Ok(version_mismatch(conn, at)
        .await?
        .unwrap_or(StoreError::Conflict {
            game_id: at.id,
            expected: at.version,
            found: at.version,
        }))
}

/// Appends a move at `ply`, checking that its user sits in its seat.
async fn insert_move(
    conn: &mut Conn<'_>,
    game_id: GameId,
    ply: u32,
    mv: &NewMove,
    now: i64,
) -> StoreResult<()> {
    let done = on!(conn, c => sqlx::query(
        "INSERT INTO moves (game_id, ply, seat, user_id, notation, readable, position, played_at)
         SELECT game_id, $1, seat, user_id, $2, $3, $4, $5
         FROM seats WHERE game_id = $6 AND seat = $7 AND user_id = $8",
    )
    .bind(i64::from(ply))
    .bind(&mv.notation)
    .bind(&mv.readable)
    .bind(&mv.position)
    .bind(now)
    .bind(game_id)
    .bind(i64::from(mv.seat))
    .bind(mv.user_id)
    .execute(c)
    .await
        .map(|done| done.rows_affected()))?;
    if done == 0 {
        return Err(StoreError::NotSeated {
            game_id,
            seat: mv.seat,
            user_id: mv.user_id,
        });
    }
    Ok(())
}

fn validate_end(end: &GameEnd) -> StoreResult<()> {
    if has_duplicates(end.places.iter().map(|p| p.seat)) {
        return Err(StoreError::Invalid("a seat has two places".into()));
    }
    if end.places.iter().any(|p| p.place == 0) {
        return Err(StoreError::Invalid("places start at 1".into()));
    }
    Ok(())
}

/// Records the places of an ended game and, for a rated result, the new ratings.
async fn settle<F, E>(
    conn: &mut Conn<'_>,
    game_id: GameId,
    ended: &Ended,
    end: &GameEnd,
    rate: F,
    now: i64,
) -> StoreResult<()>
where
    F: FnOnce(&[SeatRating]) -> Result<Vec<RatingUpdate>, E>,
    E: std::error::Error + Send + Sync + 'static,
{
    for place in &end.places {
        let done = on!(conn, c => sqlx::query("UPDATE seats SET place = $1 WHERE game_id = $2 AND seat = $3")
            .bind(i64::from(place.place))
            .bind(game_id)
            .bind(i64::from(place.seat))
            .execute(c)
            .await
        .map(|done| done.rows_affected()))?;
        if done == 0 {
            return Err(StoreError::Invalid(format!(
                "game {game_id} has no seat {}",
                place.seat
            )));
        }
    }

    if end.ending != Ending::Finished || !ended.rated {
        return Ok(());
    }
    // Read and then updated: two games of one guild and variant ending at once take turns.
    conn.lock(Lock::Ratings(ended.guild_id, &ended.variant))
        .await?;
    rate_and_record(conn, game_id, ended.guild_id, &ended.variant, rate, now).await
}

/// Rates a finished game from its players' current ratings (read in the transaction, whose
/// ratings lock the caller holds) with `rate`, checks the new ratings and records them.
pub(super) async fn rate_and_record<F, E>(
    conn: &mut Conn<'_>,
    game_id: GameId,
    guild_id: GuildId,
    variant: &str,
    rate: F,
    now: i64,
) -> StoreResult<()>
where
    F: FnOnce(&[SeatRating]) -> Result<Vec<RatingUpdate>, E>,
    E: std::error::Error + Send + Sync + 'static,
{
    let seats = load_seat_ratings(conn, game_id, guild_id, variant).await?;
    let updates = rate(&seats).map_err(|e| StoreError::RatingRejected(Box::new(e)))?;
    if has_duplicates(updates.iter().map(|u| u.seat)) {
        return Err(StoreError::Invalid(
            "two rating updates for one seat".into(),
        ));
    }
    let mut users = HashSet::new();
    for update in &updates {
        let value = update.value;
        let finite = value.rating.is_finite()
            && value.deviation.is_finite()
            && value.deviation >= 0.0
            && value.volatility.map_or(true, f64::is_finite);
        if !finite {
            return Err(StoreError::Invalid(format!(
                "rating update for seat {} is not a rating: {value:?}",
                update.seat
            )));
        }
        let Some(seat) = seats.iter().find(|s| s.seat == update.seat) else {
            return Err(StoreError::Invalid(format!(
                "rating update for seat {}, which game {game_id} does not have",
                update.seat
            )));
        };
        if !users.insert(seat.user_id) {
            return Err(StoreError::Invalid(format!(
                "two rating updates for user {} in game {game_id}",
                seat.user_id
            )));
        }
        record_rating(conn, game_id, guild_id, variant, seat, update, now).await?;
    }
    Ok(())
}
