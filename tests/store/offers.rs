//! Draw offers and takeback requests (`src/store/offers.rs`).

use common::backends::Backend;
use common::ids::*;
use common::on_both_backends;
use serde_json::json;
use shogiban::store::{
    unrated, Ending, GameEnd, GameVersion, NewOffer, OfferKind, StoreError, UserId,
};

use crate::support::*;

async fn offers_stand_until_answered_replaced_or_the_game_ends(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    let game = store
        .create_game(&standard_game(CHANNEL, ALICE, BOB), (), T0)
        .await
        .unwrap();
    let game = store
        .apply_move(
            game.at_version(),
            &move_by(0, ALICE, "7g7f", AFTER_7G7F),
            &next_turn(AFTER_7G7F, T0 + 1),
            (),
            T0 + 1,
        )
        .await
        .unwrap();
    let draw = NewOffer {
        kind: OfferKind::Draw,
        seat: 0,
        user_id: ALICE,
    };
    let offer = store
        .put_offer(game.at_version(), &draw, (), T0 + 2)
        .await
        .unwrap();
    assert_eq!(
        (offer.game_id, offer.seat, offer.user_id),
        (game.id, 0, ALICE)
    );
    assert_eq!(
        (offer.kind, offer.ply, offer.created_at),
        (OfferKind::Draw, 1, T0 + 2)
    );
    // Offers do not change the game, so a move computed before still lands.
    assert_eq!(
        store.game(game.id).await.unwrap().unwrap().version,
        game.version
    );

    // Someone else's seat, or an old version, records nothing.
    let wrong_seat = NewOffer { seat: 1, ..draw };
    let error = store
        .put_offer(game.at_version(), &wrong_seat, (), T0 + 3)
        .await
        .unwrap_err();
    assert!(
        matches!(error, StoreError::NotSeated { seat: 1, .. }),
        "{error}"
    );
    let stale = GameVersion {
        version: 0,
        ..game.at_version()
    };
    let error = store.put_offer(stale, &draw, (), T0 + 3).await.unwrap_err();
    assert!(matches!(error, StoreError::Conflict { .. }), "{error}");

    // A new offer of the same kind replaces the old one; kinds stand side by side.
    let by_bob = NewOffer {
        seat: 1,
        user_id: BOB,
        ..draw
    };
    store
        .put_offer(game.at_version(), &by_bob, (), T0 + 4)
        .await
        .unwrap();
    let takeback = NewOffer {
        kind: OfferKind::Takeback,
        ..draw
    };
    store
        .put_offer(game.at_version(), &takeback, (), T0 + 5)
        .await
        .unwrap();
    let standing = store.offers(game.id).await.unwrap();
    let kinds: Vec<(OfferKind, UserId)> = standing.iter().map(|o| (o.kind, o.user_id)).collect();
    assert_eq!(
        kinds,
        [(OfferKind::Draw, BOB), (OfferKind::Takeback, ALICE)]
    );

    assert!(store
        .remove_offer(game.id, OfferKind::Takeback, (), T0)
        .await
        .unwrap());
    assert!(!store
        .remove_offer(game.id, OfferKind::Takeback, (), T0)
        .await
        .unwrap());
    assert_eq!(store.offers(game.id).await.unwrap().len(), 1);

    // Ending the game withdraws what still stands.
    let ended = store
        .finish_game(
            game.at_version(),
            None,
            &GameEnd {
                ending: Ending::Aborted,
                result: json!({ "reason": "aborted" }),
                places: Vec::new(),
            },
            unrated,
            (),
            T0 + 6,
        )
        .await
        .unwrap();
    assert!(store.offers(game.id).await.unwrap().is_empty());
    let error = store
        .put_offer(ended.at_version(), &draw, (), T0 + 7)
        .await
        .unwrap_err();
    assert!(matches!(error, StoreError::GameNotActive { .. }), "{error}");
}

on_both_backends! {
    offers_stand_until_answered_replaced_or_the_game_ends,
}
