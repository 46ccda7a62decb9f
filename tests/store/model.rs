//! The stored words of statuses (`src/store/model.rs`).

use common::backends::Backend;
use common::ids::*;
use common::on_both_backends;
use shogiban::store::{ChallengeStatus, GameStatus};

use crate::support::*;

async fn statuses_display_as_stored(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    let game = store
        .create_game(&standard_game(CHANNEL, ALICE, BOB), (), T0)
        .await
        .unwrap();
    let stored: String = on_pool!(store, p => sqlx::query_scalar("SELECT status FROM games WHERE id = $1")
        .bind(game.id.0)
        .fetch_one(p)
        .await
        .unwrap());
    assert_eq!(game.status.to_string(), stored);
    assert_eq!(GameStatus::Void.to_string(), "void");
    assert_eq!(ChallengeStatus::Cancelled.to_string(), "cancelled");
}

on_both_backends! {
    statuses_display_as_stored,
}
