//! Opening the store (`src/store/mod.rs`): addresses and paths, the migrations it runs, a
//! file from before PostgreSQL, and everything read back after a restart.

use std::collections::HashSet;

use common::backends::{fresh_db, Backend};
use common::ids::*;
use common::on_both_backends;
use shogiban::service::ratings::Outcome;
use shogiban::store::Pool;
use shogiban::store::{LeaderboardQuery, Store, StoreError};
use tempfile::TempDir;

use crate::support::*;

async fn migrations_create_every_table_and_index(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    let names: Vec<String> = match store.pool() {
        Pool::Sqlite(pool) => sqlx::query_scalar(
            "SELECT name FROM sqlite_master WHERE type IN ('table', 'index', 'trigger')",
        )
        .fetch_all(pool)
        .await
        .unwrap(),
        Pool::Postgres(pool) => sqlx::query_scalar(
            "SELECT tablename::text FROM pg_tables WHERE schemaname = 'public'
             UNION ALL SELECT indexname::text FROM pg_indexes WHERE schemaname = 'public'
             UNION ALL SELECT tgname::text FROM pg_trigger WHERE NOT tgisinternal",
        )
        .fetch_all(pool)
        .await
        .unwrap(),
    };
    let names: HashSet<&str> = names.iter().map(String::as_str).collect();
    for expected in [
        "users",
        "guilds",
        "guild_settings",
        "challenges",
        "challenge_invitees",
        "games",
        "seats",
        "moves",
        "ratings",
        "games_one_active_per_channel",
        "games_active_by_deadline",
        "games_active_by_reminder",
        "challenges_open_by_expiry",
        "seats_by_user",
        "ratings_leaderboard",
        "moves_are_append_only",
        "offers",
        "games_by_channel",
        "announcements",
        "announcements_undelivered",
        "announcements_by_game",
        "write_checks",
        "game_threads",
        "game_threads_unarchived",
        "player_settings",
        "vacations",
        "vacations_by_user",
        "vacations_to_announce",
        "notification_settings",
        "notification_digests_due",
        "work_claims",
        "rating_recomputations",
    ] {
        assert!(names.contains(expected), "missing {expected}");
    }
    if let Pool::Sqlite(pool) = store.pool() {
        let journal: String = sqlx::query_scalar("PRAGMA journal_mode")
            .fetch_one(pool)
            .await
            .unwrap();
        assert_eq!(journal, "wal");
        let foreign_keys: i64 = sqlx::query_scalar("PRAGMA foreign_keys")
            .fetch_one(pool)
            .await
            .unwrap();
        assert_eq!(foreign_keys, 1);
    }
}

#[tokio::test]
async fn open_accepts_urls_and_paths_and_creates_the_file() {
    let dir = TempDir::new().unwrap();
    let by_url = dir.path().join("by-url.db");
    assert!(!by_url.exists());
    let store = Store::open(&format!("sqlite://{}", by_url.display()))
        .await
        .unwrap();
    store.upsert_user(ALICE, "Alice", T0).await.unwrap();
    store.close().await;
    assert!(by_url.exists());

    let by_path = dir.path().join("by-path.db");
    Store::open(by_path.to_str().unwrap())
        .await
        .unwrap()
        .close()
        .await;
    assert!(by_path.exists());

    let memory = Store::open("sqlite::memory:").await.unwrap();
    memory.upsert_user(BOB, "Bob", T0).await.unwrap();
    assert!(memory.user(BOB).await.unwrap().is_some());

    let missing_dir = dir.path().join("no-such-dir").join("x.db");
    let error = Store::open(missing_dir.to_str().unwrap())
        .await
        .unwrap_err();
    assert!(matches!(error, StoreError::Open { .. }), "{error}");
    assert!(error.to_string().contains("no-such-dir"), "{error}");
}

/// A database file written before PostgreSQL came (migrations 0001 to 0005 applied, their
/// checksums recorded as sqlx records them, a game in progress): it opens without a
/// complaint about changed migrations, keeps its game, and the game goes on.
#[tokio::test]
async fn an_sqlite_file_from_before_postgres_opens_and_plays_on() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("shogiban.db");
    std::fs::copy("tests/fixtures/shogiban-sqlite-0005.db", &path).unwrap();
    let store = Store::open(path.to_str().unwrap())
        .await
        .expect("the migrations it recorded are the ones the store runs");
    let game = store
        .active_game_in_channel(CHANNEL)
        .await
        .unwrap()
        .expect("its game");
    assert_eq!((game.ply, game.version), (1, 1));
    assert_eq!(game.user_at(0), Some(ALICE));
    assert_eq!(store.moves(game.id).await.unwrap()[0].notation, "7g7f");
    let after = store
        .apply_move(
            game.at_version(),
            &move_by(1, BOB, "3c3d", AFTER_7G7F),
            &next_turn(AFTER_7G7F, T0 + 60),
            (),
            T0 + 60,
        )
        .await
        .unwrap();
    assert_eq!(after.ply, 2);
}

async fn everything_survives_a_restart(backend: Backend) {
    let db = fresh_db(backend).await;
    let path = db.url.as_str();

    let store = Store::open(path).await.unwrap();
    store.upsert_user(ALICE, "Alice", T0).await.unwrap();
    store.set_setting(GUILD, "time", "1d", T0).await.unwrap();
    let challenge = store
        .create_challenge(&yonin_challenge(), (), T0)
        .await
        .unwrap();
    let finished = store
        .create_game(&standard_game(OTHER_CHANNEL, BOB, CAROL), (), T0)
        .await
        .unwrap();
    let finished = finish_two_player(&store, finished.at_version(), Outcome::Win, T0 + 5).await;
    let game = store
        .create_game(&standard_game(CHANNEL, ALICE, BOB), (), T0)
        .await
        .unwrap();
    let game = store
        .apply_move(
            game.at_version(),
            &move_by(0, ALICE, "7g7f", AFTER_7G7F),
            &next_turn(AFTER_7G7F, T0 + 10),
            (),
            T0 + 10,
        )
        .await
        .unwrap();
    let moves = store.moves(game.id).await.unwrap();
    let board = store
        .leaderboard(GUILD, "standard", &LeaderboardQuery::default())
        .await
        .unwrap();
    let next = store.next_scheduled_at().await.unwrap();
    store.close().await;
    drop(store);

    let store = Store::open(path).await.unwrap();
    assert_eq!(
        store.active_game_in_channel(CHANNEL).await.unwrap(),
        Some(game.clone())
    );
    assert_eq!(store.game(finished.id).await.unwrap(), Some(finished));
    assert_eq!(store.moves(game.id).await.unwrap(), moves);
    assert_eq!(
        store.challenge(challenge.id).await.unwrap(),
        Some(challenge)
    );
    assert_eq!(
        store.setting(GUILD, "time").await.unwrap().as_deref(),
        Some("1d")
    );
    assert_eq!(
        store
            .leaderboard(GUILD, "standard", &LeaderboardQuery::default())
            .await
            .unwrap(),
        board
    );
    assert_eq!(store.next_scheduled_at().await.unwrap(), next);
    assert_eq!(
        store
            .due_deadlines(T0 + 10 + DAY)
            .await
            .unwrap()
            .first()
            .map(|g| g.id),
        Some(game.id)
    );
    // And play goes on from where it was.
    let game = store
        .apply_move(
            game.at_version(),
            &move_by(1, BOB, "3c3d", "after 3c3d"),
            &next_turn("after 3c3d", T0 + 20),
            (),
            T0 + 20,
        )
        .await
        .unwrap();
    assert_eq!(game.ply, 2);
}

on_both_backends! {
    migrations_create_every_table_and_index,
    everything_survives_a_restart,
}
