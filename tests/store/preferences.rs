//! Each player's own settings (`src/store/preferences.rs`).

use common::backends::{fresh_db, Backend};
use common::ids::*;
use common::on_both_backends;
use shogiban::store::{PlayerSettingsRow, Store};

async fn a_players_settings_are_saved_one_at_a_time_and_read_back_after_reopening(
    backend: Backend,
) {
    let db = fresh_db(backend).await;
    let path = db.url.as_str();
    let store = Store::open(path).await.unwrap();
    assert_eq!(
        store.player_settings(ALICE).await.unwrap(),
        PlayerSettingsRow::default()
    );
    let notation = PlayerSettingsRow {
        notation: Some("coordinate".into()),
        pieces: None,
    };
    let now = store
        .set_player_settings(ALICE, &notation, 10)
        .await
        .unwrap();
    assert_eq!(now, notation);
    let pieces = PlayerSettingsRow {
        notation: None,
        pieces: Some("international".into()),
    };
    let now = store.set_player_settings(ALICE, &pieces, 20).await.unwrap();
    assert_eq!(now.notation.as_deref(), Some("coordinate"), "kept");
    assert_eq!(now.pieces.as_deref(), Some("international"));
    drop(store);

    let store = Store::open(path).await.unwrap();
    assert_eq!(store.player_settings(ALICE).await.unwrap(), now);
    assert_eq!(
        store.player_settings(BOB).await.unwrap(),
        PlayerSettingsRow::default(),
        "one player's settings are not another's"
    );
}

on_both_backends! {
    a_players_settings_are_saved_one_at_a_time_and_read_back_after_reopening,
}
