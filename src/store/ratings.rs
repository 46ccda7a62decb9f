//! Rating rows and leaderboards. The numbers are computed by the service
//! (`service::ratings`); the store keeps them and the win/loss/draw record. A server's
//! ratings in a variant can also be computed again from its rated games, in the order they
//! ended (`rating_recomputations` lists the ones asked for).

use super::backend::{on, on_pool, placeholders, Conn, Lock, IN_LIST_CHUNK};

use super::play::rate_and_record;
use super::{
    narrow, narrow_opt, GameId, GuildId, LeaderboardQuery, PlayerRating, RatingUpdate, RatingValue,
    SeatPlace, SeatRating, Store, StoreError, StoreResult, Tally, UserId,
};

/// A server's ratings in one variant, to be computed again from its rated games (a row of
/// `rating_recomputations` not yet done).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatingRecomputation {
    pub guild_id: GuildId,
    pub variant: String,
    /// Why it was asked for (the migration that asked).
    pub reason: String,
}

/// A finished, rated game as a recomputation replays it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatedGame {
    pub game_id: GameId,
    /// Its final places by seat.
    pub places: Vec<SeatPlace>,
    pub finished_at: i64,
}

#[derive(sqlx::FromRow)]
struct RecomputationRow {
    guild_id: GuildId,
    variant: String,
    reason: String,
}

#[derive(sqlx::FromRow)]
struct RatedGameRow {
    id: GameId,
    finished_at: i64,
}

#[derive(sqlx::FromRow)]
struct PlaceRow {
    #[sqlx(try_from = "i64")]
    seat: u8,
    place: Option<i64>,
}

const RATING_COLUMNS: &str = "r.guild_id, r.variant, r.user_id, u.display_name, r.rating, \
     r.deviation, r.volatility, r.games_played, r.wins, r.losses, r.draws, r.updated_at";

#[derive(sqlx::FromRow)]
struct RatingRow {
    guild_id: GuildId,
    variant: String,
    user_id: UserId,
    display_name: Option<String>,
    rating: f64,
    deviation: f64,
    volatility: Option<f64>,
    #[sqlx(try_from = "i64")]
    games_played: u32,
    #[sqlx(try_from = "i64")]
    wins: u32,
    #[sqlx(try_from = "i64")]
    losses: u32,
    #[sqlx(try_from = "i64")]
    draws: u32,
    updated_at: i64,
}

impl From<RatingRow> for PlayerRating {
    fn from(row: RatingRow) -> Self {
        Self {
            guild_id: row.guild_id,
            variant: row.variant,
            user_id: row.user_id,
            display_name: row.display_name,
            value: RatingValue {
                rating: row.rating,
                deviation: row.deviation,
                volatility: row.volatility,
            },
            games_played: row.games_played,
            wins: row.wins,
            losses: row.losses,
            draws: row.draws,
            updated_at: row.updated_at,
        }
    }
}

/// A seat joined with its player's rating, which may not exist yet.
#[derive(sqlx::FromRow)]
struct SeatRatingRow {
    #[sqlx(try_from = "i64")]
    seat: u8,
    seat_user_id: UserId,
    seat_display_name: Option<String>,
    rating: Option<f64>,
    deviation: Option<f64>,
    volatility: Option<f64>,
    games_played: Option<i64>,
    wins: Option<i64>,
    losses: Option<i64>,
    draws: Option<i64>,
    updated_at: Option<i64>,
}

impl Store {
    /// A player's rating in one guild and variant; `None` before their first rated game.
    pub async fn rating(
        &self,
        guild_id: GuildId,
        variant: &str,
        user_id: UserId,
    ) -> StoreResult<Option<PlayerRating>> {
        let row: Option<RatingRow> = on_pool!(&self.pool, p => sqlx::query_as(&format!(
            "SELECT {RATING_COLUMNS} FROM ratings r JOIN users u ON u.id = r.user_id
             WHERE r.guild_id = $1 AND r.variant = $2 AND r.user_id = $3"
        ))
        .bind(guild_id)
        .bind(variant)
        .bind(user_id)
        .fetch_optional(p)
        .await)?;
        Ok(row.map(Into::into))
    }

    /// A player's ratings in every variant they have played rated in a guild.
    pub async fn ratings_of_user(
        &self,
        guild_id: GuildId,
        user_id: UserId,
    ) -> StoreResult<Vec<PlayerRating>> {
        let rows: Vec<RatingRow> = on_pool!(&self.pool, p => sqlx::query_as(&format!(
            "SELECT {RATING_COLUMNS} FROM ratings r JOIN users u ON u.id = r.user_id
             WHERE r.guild_id = $1 AND r.user_id = $2
             ORDER BY r.variant"
        ))
        .bind(guild_id)
        .bind(user_id)
        .fetch_all(p)
        .await)?;
        Ok(rows.into_iter().map(Into::into).collect())
    }

    /// The ratings of a guild and variant, best first (ties: more games first), filtered
    /// and paged by `query`. Whether a listed rating is provisional is for
    /// `service::ratings` to say from its games played and deviation.
    pub async fn leaderboard(
        &self,
        guild_id: GuildId,
        variant: &str,
        query: &LeaderboardQuery,
    ) -> StoreResult<Vec<PlayerRating>> {
        let rows: Vec<RatingRow> = on_pool!(&self.pool, p => sqlx::query_as(&format!(
            "SELECT {RATING_COLUMNS} FROM ratings r JOIN users u ON u.id = r.user_id
             WHERE r.guild_id = $1 AND r.variant = $2
               AND r.games_played >= $3 AND ($4 IS NULL OR r.deviation <= $4)
             ORDER BY r.rating DESC, r.games_played DESC, r.user_id
             LIMIT $5 OFFSET $6"
        ))
        .bind(guild_id)
        .bind(variant)
        .bind(i64::from(query.min_games))
        .bind(query.max_deviation)
        .bind(i64::from(query.limit))
        .bind(i64::from(query.offset))
        .fetch_all(p)
        .await)?;
        Ok(rows.into_iter().map(Into::into).collect())
    }

    /// A player's place on the leaderboard `query` describes (1 is the top; its paging is
    /// ignored), or `None` if the player is not listed on it.
    pub async fn leaderboard_rank(
        &self,
        guild_id: GuildId,
        variant: &str,
        user_id: UserId,
        query: &LeaderboardQuery,
    ) -> StoreResult<Option<u32>> {
        let rank: Option<i64> = on_pool!(&self.pool, p => sqlx::query_scalar(
            "SELECT 1 + (SELECT COUNT(*) FROM ratings o
                         WHERE o.guild_id = r.guild_id AND o.variant = r.variant
                           AND o.games_played >= $4 AND ($5 IS NULL OR o.deviation <= $5)
                           AND (o.rating > r.rating
                                OR (o.rating = r.rating AND o.games_played > r.games_played)
                                OR (o.rating = r.rating AND o.games_played = r.games_played
                                    AND o.user_id < r.user_id)))
             FROM ratings r
             WHERE r.guild_id = $1 AND r.variant = $2 AND r.user_id = $3
               AND r.games_played >= $4 AND ($5 IS NULL OR r.deviation <= $5)",
        )
        .bind(guild_id)
        .bind(variant)
        .bind(user_id)
        .bind(i64::from(query.min_games))
        .bind(query.max_deviation)
        .fetch_optional(p)
        .await)?;
        narrow_opt("leaderboard rank", rank)
    }

    /// How often each of `users` finished in each place in the rated games of a guild and
    /// variant: `(user, place, games)`, by user and place (1 is best). The places of a
    /// player's rated games add up to the games their rating counts.
    pub async fn rated_places(
        &self,
        guild_id: GuildId,
        variant: &str,
        users: &[UserId],
    ) -> StoreResult<Vec<(UserId, u8, u32)>> {
        let mut found = Vec::new();
        for chunk in users.chunks(IN_LIST_CHUNK) {
            let sql = format!(
                "SELECT s.user_id, s.place, COUNT(*) FROM seats s
                 JOIN games g ON g.id = s.game_id
                 WHERE g.guild_id = $1 AND g.variant = $2 AND g.rated AND g.status = 'finished'
                   AND s.place IS NOT NULL AND s.user_id IN ({})
                 GROUP BY s.user_id, s.place
                 ORDER BY s.user_id, s.place",
                placeholders(3, chunk.len())
            );
            let rows: Vec<(UserId, i64, i64)> = on_pool!(&self.pool, p => {
                let mut query = sqlx::query_as(&sql).bind(guild_id).bind(variant);
                for user in chunk {
                    query = query.bind(*user);
                }
                query.fetch_all(p).await
            })?;
            for (user, place, games) in rows {
                found.push((
                    user,
                    narrow("seats.place", place)?,
                    narrow("place count", games)?,
                ));
            }
        }
        Ok(found)
    }

    /// The seats of a game with each player's current rating in the game's guild and
    /// variant (for example to show the stakes before a game).
    pub async fn seat_ratings(&self, game_id: GameId) -> StoreResult<Vec<SeatRating>> {
        let mut pooled = self.pool.acquire().await?;
        let conn = &mut pooled.conn();
        let found: Option<(GuildId, String)> = on!(conn, c => sqlx::query_as("SELECT guild_id, variant FROM games WHERE id = $1")
                .bind(game_id)
                .fetch_optional(c)
                .await)?;
        let Some((guild_id, variant)) = found else {
            return Err(super::StoreError::GameNotFound(game_id));
        };
        load_seat_ratings(conn, game_id, guild_id, &variant).await
    }
}

impl Store {
    /// The recomputations of ratings asked for and not yet done, in a stable order.
    pub async fn pending_rating_recomputations(&self) -> StoreResult<Vec<RatingRecomputation>> {
        let rows: Vec<RecomputationRow> = on_pool!(&self.pool, p => sqlx::query_as(
            "SELECT guild_id, variant, reason FROM rating_recomputations
             WHERE done_at IS NULL
             ORDER BY guild_id, variant, reason"
        )
        .fetch_all(p)
        .await)?;
        Ok(rows
            .into_iter()
            .map(|row| RatingRecomputation {
                guild_id: row.guild_id,
                variant: row.variant,
                reason: row.reason,
            })
            .collect())
    }

    /// Computes `job`'s ratings again, in one transaction: every rating row of the server
    /// and variant and every rating noted on their games' seats is dropped, then each
    /// finished, rated game is rated again with `rate` (given the game and its seats with
    /// the ratings as the replay has them so far), in the order the games ended, as
    /// [`Store::finish_game`] rated it then (its end time stands as the rating's time).
    /// Last, the job is marked done at `now`.
    ///
    /// It holds the lock a finishing game of that server and variant takes, so a game
    /// ending meanwhile (in any process) is rated before the replay, and then replayed, or
    /// after it, from the replayed ratings. Returns `false`, changing nothing, when the job
    /// is done already (another process did it first). If `rate` fails, nothing is written
    /// ([`StoreError::RatingRejected`]).
    pub async fn recompute_ratings<F, E>(
        &self,
        job: &RatingRecomputation,
        mut rate: F,
        now: i64,
    ) -> StoreResult<bool>
    where
        F: FnMut(&RatedGame, &[SeatRating]) -> Result<Vec<RatingUpdate>, E> + Send,
        E: std::error::Error + Send + Sync + 'static,
    {
        let (guild_id, variant) = (job.guild_id, job.variant.as_str());
        let mut tx = self.begin_write().await?;
        let conn = &mut tx.conn();
        conn.lock(Lock::Ratings(guild_id, variant)).await?;
        // Read under the lock: a process that did it meanwhile has committed by now.
        let done: Option<Option<i64>> = on!(conn, c => sqlx::query_scalar(
            "SELECT done_at FROM rating_recomputations
             WHERE guild_id = $1 AND variant = $2 AND reason = $3",
        )
        .bind(guild_id)
        .bind(variant)
        .bind(&job.reason)
        .fetch_optional(c)
        .await)?;
        if !matches!(done, Some(None)) {
            return Ok(false);
        }
        on!(conn, c => sqlx::query("DELETE FROM ratings WHERE guild_id = $1 AND variant = $2")
            .bind(guild_id)
            .bind(variant)
            .execute(c)
            .await
            .map(|_| ()))?;
        on!(conn, c => sqlx::query(
            "UPDATE seats SET rating_before = NULL, rating_after = NULL, deviation_after = NULL
             WHERE game_id IN (SELECT id FROM games WHERE guild_id = $1 AND variant = $2)",
        )
        .bind(guild_id)
        .bind(variant)
        .execute(c)
        .await
        .map(|_| ()))?;
        let games: Vec<RatedGameRow> = on!(conn, c => sqlx::query_as(
            "SELECT id, finished_at FROM games
             WHERE guild_id = $1 AND variant = $2 AND rated AND status = 'finished'
               AND finished_at IS NOT NULL
             ORDER BY finished_at, id",
        )
        .bind(guild_id)
        .bind(variant)
        .fetch_all(c)
        .await)?;
        for game in games {
            let places: Vec<PlaceRow> = on!(conn, c => sqlx::query_as(
                "SELECT seat, place FROM seats WHERE game_id = $1 ORDER BY seat",
            )
            .bind(game.id)
            .fetch_all(c)
            .await)?;
            let places = places
                .into_iter()
                .filter_map(|row| row.place.map(|place| (row.seat, place)))
                .map(|(seat, place)| {
                    Ok(SeatPlace {
                        seat,
                        place: narrow("seats.place", place)?,
                    })
                })
                .collect::<StoreResult<Vec<_>>>()?;
            let rated = RatedGame {
                game_id: game.id,
                places,
                finished_at: game.finished_at,
            };
            let rate_one = |seats: &[SeatRating]| rate(&rated, seats);
            rate_and_record(conn, game.id, guild_id, variant, rate_one, game.finished_at).await?;
        }
        let marked = on!(conn, c => sqlx::query(
            "UPDATE rating_recomputations SET done_at = $1
             WHERE guild_id = $2 AND variant = $3 AND reason = $4 AND done_at IS NULL",
        )
        .bind(now)
        .bind(guild_id)
        .bind(variant)
        .bind(&job.reason)
        .execute(c)
        .await
        .map(|done| done.rows_affected()))?;
        if marked != 1 {
            return Err(StoreError::Invalid(format!(
                "the recomputation of {variant} ratings in guild {guild_id} was not pending"
            )));
        }
        tx.commit().await?;
        Ok(true)
    }
}

pub(super) async fn load_seat_ratings(
    conn: &mut Conn<'_>,
    game_id: GameId,
    guild_id: GuildId,
    variant: &str,
) -> StoreResult<Vec<SeatRating>> {
    let rows: Vec<SeatRatingRow> = on!(conn, c => sqlx::query_as(
        "SELECT s.seat, s.user_id AS seat_user_id, u.display_name AS seat_display_name,
                r.rating, r.deviation, r.volatility, r.games_played, r.wins, r.losses,
                r.draws, r.updated_at
         FROM seats s
         JOIN users u ON u.id = s.user_id
         LEFT JOIN ratings r
                ON r.guild_id = $2 AND r.variant = $3 AND r.user_id = s.user_id
         WHERE s.game_id = $1
         ORDER BY s.seat",
    )
    .bind(game_id)
    .bind(guild_id)
    .bind(variant)
    .fetch_all(c)
    .await)?;
    rows.into_iter()
        .map(|row| {
            let current = match (row.rating, row.deviation) {
                (Some(rating), Some(deviation)) => Some(PlayerRating {
                    guild_id,
                    variant: variant.to_owned(),
                    user_id: row.seat_user_id,
                    display_name: row.seat_display_name,
                    value: RatingValue {
                        rating,
                        deviation,
                        volatility: row.volatility,
                    },
                    games_played: narrow(
                        "ratings.games_played",
                        row.games_played.unwrap_or_default(),
                    )?,
                    wins: narrow("ratings.wins", row.wins.unwrap_or_default())?,
                    losses: narrow("ratings.losses", row.losses.unwrap_or_default())?,
                    draws: narrow("ratings.draws", row.draws.unwrap_or_default())?,
                    updated_at: row.updated_at.unwrap_or_default(),
                }),
                _ => None,
            };
            Ok(SeatRating {
                seat: row.seat,
                user_id: row.seat_user_id,
                current,
            })
        })
        .collect()
}

/// Stores one player's new rating after a game and notes it on their seat.
pub(super) async fn record_rating(
    conn: &mut Conn<'_>,
    game_id: GameId,
    guild_id: GuildId,
    variant: &str,
    seat: &SeatRating,
    update: &RatingUpdate,
    now: i64,
) -> StoreResult<()> {
    let (wins, losses, draws) = match update.tally {
        Tally::Win => (1, 0, 0),
        Tally::Loss => (0, 1, 0),
        Tally::Draw => (0, 0, 1),
    };
    on!(conn, c => sqlx::query(
        "INSERT INTO ratings (guild_id, variant, user_id, rating, deviation, volatility,
                              games_played, wins, losses, draws, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, 1, $7, $8, $9, $10)
         ON CONFLICT (guild_id, variant, user_id) DO UPDATE SET
             rating = excluded.rating,
             deviation = excluded.deviation,
             volatility = excluded.volatility,
             games_played = ratings.games_played + 1,
             wins = ratings.wins + excluded.wins,
             losses = ratings.losses + excluded.losses,
             draws = ratings.draws + excluded.draws,
             updated_at = excluded.updated_at",
    )
    .bind(guild_id)
    .bind(variant)
    .bind(seat.user_id)
    .bind(update.value.rating)
    .bind(update.value.deviation)
    .bind(update.value.volatility)
    .bind(wins)
    .bind(losses)
    .bind(draws)
    .bind(now)
    .execute(c)
    .await
        .map(|done| done.rows_affected()))?;
    on!(conn, c => sqlx::query(
        "UPDATE seats SET rating_before = $1, rating_after = $2, deviation_after = $5
         WHERE game_id = $3 AND seat = $4",
    )
    .bind(seat.current.as_ref().map(|c| c.value.rating))
    .bind(update.value.rating)
    .bind(game_id)
    .bind(i64::from(seat.seat))
    .bind(update.value.deviation)
    .execute(c)
    .await
        .map(|done| done.rows_affected()))?;
    Ok(())
}
