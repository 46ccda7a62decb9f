//! Standing draw offers and takeback requests. They live in their own table, keyed by game
//! and kind, so an answer given after a restart still finds them. Whether an offer has
//! lapsed (moves played since) is the service's call; ending a game or taking moves back
//! removes its offers.

use super::announcements::announce;
use super::backend::{on, on_pool, Lock};
use super::games::version_mismatch;
use super::{
    Announce, GameId, GameVersion, NewOffer, Offer, OfferKind, Store, StoreError, StoreResult,
};

const OFFER_COLUMNS: &str = "game_id, kind, seat, user_id, ply, created_at";

impl Store {
    /// Records an offer in an active game at version `at` (replacing a standing offer of
    /// the same kind), stamped with the game's current ply. The offer's user must sit in
    /// its seat ([`StoreError::NotSeated`]); a game changed since `at` was read gives
    /// [`StoreError::Conflict`] and records nothing. The offer's `announcements` are decided
    /// from the stored offer and stored with it.
    pub async fn put_offer(
        &self,
        at: GameVersion,
        offer: &NewOffer,
        announcements: impl Announce<Offer>,
        now: i64,
    ) -> StoreResult<Offer> {
        let mut tx = self.begin_write().await?;
        let conn = &mut tx.conn();
        // The version is checked, then the offer written with the game's ply: under the
        // game's lock, so no move lands in between.
        conn.lock(Lock::Game(at.id)).await?;
        if let Some(error) = version_mismatch(conn, at).await? {
            return Err(error);
        }
        let stored: Option<Offer> = on!(conn, c => sqlx::query_as(&format!(
            "INSERT INTO offers (game_id, kind, seat, user_id, ply, created_at)
             SELECT s.game_id, $1, s.seat, s.user_id, g.ply, $2
             FROM seats s JOIN games g ON g.id = s.game_id
             WHERE s.game_id = $3 AND s.seat = $4 AND s.user_id = $5
             ON CONFLICT (game_id, kind) DO UPDATE SET
                 seat = excluded.seat, user_id = excluded.user_id, ply = excluded.ply,
                 created_at = excluded.created_at
             RETURNING {OFFER_COLUMNS}"
        ))
        .bind(offer.kind)
        .bind(now)
        .bind(at.id)
        .bind(i64::from(offer.seat))
        .bind(offer.user_id)
        .fetch_optional(c)
        .await)?;
        let Some(stored) = stored else {
            return Err(StoreError::NotSeated {
                game_id: at.id,
                seat: offer.seat,
                user_id: offer.user_id,
            });
        };
        announce(conn, announcements, &stored, now).await?;
        tx.commit().await?;
        Ok(stored)
    }

    /// The standing offers of a game (draw before takeback).
    pub async fn offers(&self, game_id: GameId) -> StoreResult<Vec<Offer>> {
        let offers = on_pool!(&self.pool, p => sqlx::query_as(&format!(
            "SELECT {OFFER_COLUMNS} FROM offers WHERE game_id = $1 ORDER BY kind"
        ))
        .bind(game_id)
        .fetch_all(p)
        .await)?;
        Ok(offers)
    }

    /// Removes a game's offer of one kind (declined or withdrawn), with what that announces
    /// (decided from the removed offer, and stored only if there was one); says whether
    /// there was one.
    pub async fn remove_offer(
        &self,
        game_id: GameId,
        kind: OfferKind,
        announcements: impl Announce<Offer>,
        now: i64,
    ) -> StoreResult<bool> {
        let mut tx = self.begin_write().await?;
        let conn = &mut tx.conn();
        let removed: Option<Offer> = on!(conn, c => sqlx::query_as(&format!(
            "DELETE FROM offers WHERE game_id = $1 AND kind = $2 RETURNING {OFFER_COLUMNS}"
        ))
        .bind(game_id)
        .bind(kind)
        .fetch_optional(c)
        .await)?;
        let Some(removed) = removed else {
            return Ok(false);
        };
        announce(conn, announcements, &removed, now).await?;
        tx.commit().await?;
        Ok(true)
    }
}
