//! Rating history: the rating (and its deviation) each rated game left a player with, read
//! back from the seats of finished, rated games in the order they ended.

use super::backend::{on_pool, placeholders, IN_LIST_CHUNK};
use super::{GameId, GuildId, Store, StoreResult, UserId};

/// A player's rating after one rated game.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingPoint {
    pub user_id: UserId,
    pub variant: String,
    pub game_id: GameId,
    /// When the game ended (UNIX seconds).
    pub finished_at: i64,
    /// The rating after the game, in the rating system's own units.
    pub rating: f64,
    /// Its deviation after the game; `None` for seats rated before deviations were noted
    /// and not yet computed again.
    pub deviation: Option<f64>,
}

#[derive(sqlx::FromRow)]
struct PointRow {
    user_id: UserId,
    variant: String,
    game_id: GameId,
    finished_at: i64,
    rating_after: f64,
    deviation_after: Option<f64>,
}

impl Store {
    /// The rating history of `users` in a guild, in one variant or (`None`) in all:
    /// one point per finished, rated game, by the time the games ended (then by game).
    pub async fn rating_history(
        &self,
        guild_id: GuildId,
        variant: Option<&str>,
        users: &[UserId],
    ) -> StoreResult<Vec<RatingPoint>> {
        let mut points = Vec::new();
        for chunk in users.chunks(IN_LIST_CHUNK) {
            let sql = format!(
                "SELECT s.user_id, g.variant, g.id AS game_id, g.finished_at,
                        s.rating_after, s.deviation_after
                 FROM seats s JOIN games g ON g.id = s.game_id
                 WHERE g.guild_id = $1 AND ($2 IS NULL OR g.variant = $2)
                   AND g.rated AND g.status = 'finished' AND g.finished_at IS NOT NULL
                   AND s.rating_after IS NOT NULL AND s.user_id IN ({})
                 ORDER BY g.finished_at, g.id, s.seat",
                placeholders(3, chunk.len())
            );
            let rows: Vec<PointRow> = on_pool!(&self.pool, p => {
                let mut query = sqlx::query_as(&sql).bind(guild_id).bind(variant);
                for user in chunk {
                    query = query.bind(*user);
                }
                query.fetch_all(p).await
            })?;
            points.extend(rows.into_iter().map(|row| RatingPoint {
                user_id: row.user_id,
                variant: row.variant,
                game_id: row.game_id,
                finished_at: row.finished_at,
                rating: row.rating_after,
                deviation: row.deviation_after,
            }));
        }
        if users.len() > IN_LIST_CHUNK {
            points.sort_by_key(|p| (p.finished_at, p.game_id));
        }
        Ok(points)
    }
}
