//! Rating rows and leaderboards. The numbers are computed by the service
//! (`service::ratings`); the store keeps them and the win/loss/draw record.

use super::backend::{on, on_pool, Conn};

use super::{
    narrow, narrow_opt, GameId, GuildId, LeaderboardQuery, PlayerRating, RatingUpdate, RatingValue,
    SeatRating, Store, StoreResult, Tally, UserId,
};

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
        "UPDATE seats SET rating_before = $1, rating_after = $2 WHERE game_id = $3 AND seat = $4",
    )
    .bind(seat.current.as_ref().map(|c| c.value.rating))
    .bind(update.value.rating)
    .bind(game_id)
    .bind(i64::from(seat.seat))
    .execute(c)
    .await
        .map(|done| done.rows_affected()))?;
    Ok(())
}
