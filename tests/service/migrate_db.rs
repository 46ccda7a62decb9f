//! `shogiban migrate-db` as an operator runs it: an SQLite database with games of every
//! variant, finished and in progress, with ratings and a pending offer, copied into a real
//! PostgreSQL database, where the games go on exactly as they would have on SQLite; a
//! target that already holds data, and a source that is missing or not a database, are
//! refused with nothing written.

use std::process::Command;

use crate::support::*;
use common::backends::Backend;
use common::postgres;
use shogiban::engine::Variant;
use shogiban::service::{Service, Settings, TimeLimit};
use shogiban::store::{ChannelId, GameId, GameStatus, Store};
use sqlx::{Connection, PgConnection};

/// Runs the binary; whether it succeeded, its standard output and standard error.
fn shogiban(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_shogiban"))
        .args(args)
        .env_remove("DISCORD_TOKEN")
        .env_remove("DATABASE_URL")
        .output()
        .expect("the binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn channel(n: u64) -> ChannelId {
    ChannelId(800_000_000_000_000_100 + n)
}

/// Rows in a table of a PostgreSQL database, or `None` when the table does not exist.
async fn pg_rows(url: &str, table: &str) -> Option<i64> {
    let mut c = PgConnection::connect(url).await.expect("connect");
    let exists: bool = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM information_schema.tables \
         WHERE table_schema = current_schema() AND table_name = $1)",
    )
    .bind(table)
    .fetch_one(&mut c)
    .await
    .expect("look up the table");
    if !exists {
        return None;
    }
    Some(
        sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {table}"))
            .fetch_one(&mut c)
            .await
            .expect("count rows"),
    )
}

/// Tables of a PostgreSQL database.
async fn pg_tables(url: &str) -> i64 {
    let mut c = PgConnection::connect(url).await.expect("connect");
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema()",
    )
    .fetch_one(&mut c)
    .await
    .expect("count tables")
}

/// The id of the game last played in a channel.
async fn game_in(service: &Service, channel: ChannelId) -> GameId {
    service
        .store()
        .latest_game_in_channel(channel)
        .await
        .expect("read game")
        .expect("a game in the channel")
        .id
}

/// Fills an SQLite game table: standard mated and in progress (with a draw offer and a
/// clock), yonin singles past an elimination, yonin doubles under way, dai dai resigned.
/// Returns the game ids.
async fn fill(f: &Fixture) -> Vec<GameId> {
    let s = &f.service;
    let two = [ALICE, BOB];
    let four = [ALICE, BOB, CAROL, DAVE];

    f.start(channel(1), Variant::Standard, &two, TimeLimit::Unlimited)
        .await;
    f.play_all(channel(1), &STANDARD_MATE).await;

    f.start(channel(2), Variant::Standard, &two, TimeLimit::PerMove(DAY))
        .await;
    f.play_all(channel(2), &["7g7f", "3c3d"]).await;
    s.offer_draw(channel(2), ALICE).await.expect("offer a draw");

    f.start(channel(3), Variant::Yonin, &four, TimeLimit::Unlimited)
        .await;
    f.play_all(channel(3), &YONIN_TO_ELIMINATION).await;

    f.start(
        channel(4),
        Variant::YoninDoubles,
        &four,
        TimeLimit::Unlimited,
    )
    .await;
    f.play_all(channel(4), &["5g5f", "9c8c", "6a7b", "1c2c"])
        .await;

    f.start(
        channel(5),
        Variant::DaiDai,
        &[CAROL, ERIN],
        TimeLimit::Unlimited,
    )
    .await;
    f.play_all(channel(5), &TO_LION[..6]).await;
    s.resign(channel(5), ERIN).await.expect("resign");

    let mut ids = Vec::new();
    for n in 1..=5 {
        ids.push(game_in(s, channel(n)).await);
    }
    ids
}

#[tokio::test]
async fn every_variant_is_copied_and_its_games_go_on_on_postgres() {
    let f = Fixture::new().await;
    let ids = fill(&f).await;
    let target = postgres::fresh_database().await;

    let (ok, out, err) = shogiban(&[
        "migrate-db",
        "--from",
        &format!("sqlite://{}", f.path),
        "--to",
        &target,
    ]);
    assert!(ok, "migrate-db failed: {err}");
    assert!(out.contains("games: 5 rows"), "{out}");
    assert!(out.contains("moves: 36 rows"), "{out}");
    assert!(out.contains("checksums of 5 games match"), "{out}");
    assert!(
        !out.contains("_sqlx_migrations"),
        "each side keeps its own: {out}"
    );

    let pg = Service::open(&target, f.clock.clone(), Settings::default())
        .await
        .expect("open the copy");
    let (sqlite, copy) = (f.service.store(), pg.store());
    for &id in &ids {
        let game = sqlite.game(id).await.expect("read").expect("game");
        assert_eq!(copy.game(id).await.expect("read"), Some(game.clone()));
        assert_eq!(
            copy.moves(id).await.expect("moves"),
            sqlite.moves(id).await.expect("moves"),
            "the move log of game {id}"
        );
    }
    let finished = sqlite.game(ids[0]).await.unwrap().unwrap();
    assert_eq!(finished.status, GameStatus::Finished);
    assert!(finished
        .seats
        .iter()
        .all(|seat| seat.rating_after.is_some()));
    for variant in [Variant::Standard, Variant::DaiDai] {
        let board = f.service.leaderboard(GUILD, variant, false, 10, 0).await;
        let board = board.expect("leaderboard");
        assert_eq!(board.len(), 2, "{variant} ratings");
        assert_eq!(
            pg.leaderboard(GUILD, variant, false, 10, 0)
                .await
                .expect("leaderboard"),
            board
        );
    }

    // The games go on: the draw offer answered and the same moves played give the same
    // games on both sides.
    let service_pair = [&f.service, &pg];
    for service in service_pair {
        service
            .decline_draw(channel(2), BOB)
            .await
            .expect("the copied offer is there to decline");
        let moves = [
            (channel(2), "2g2f"),
            (channel(4), "5f5e"),
            (channel(3), "1b2c"),
        ];
        for (ch, text) in moves {
            let board = service.board(ch, ALICE).await.expect("board");
            let mover = board.to_move.expect("someone to move").user_id;
            let played = service.play(ch, mover, text).await;
            played.unwrap_or_else(|e| panic!("{text}: {e}"));
        }
    }
    for n in [2, 3, 4] {
        let on_sqlite = sqlite.active_game_in_channel(channel(n)).await.unwrap();
        let on_pg = copy.active_game_in_channel(channel(n)).await.unwrap();
        assert!(on_sqlite.is_some());
        assert_eq!(on_pg, on_sqlite, "channel {n} after a move on both");
    }

    // New rows on the copy get fresh ids, the ones SQLite would have given.
    let new_pg = start_on(
        &pg,
        channel(6),
        Variant::Standard,
        &[BOB, ALICE],
        TimeLimit::Unlimited,
    )
    .await;
    let new_sqlite = start_on(
        &f.service,
        channel(6),
        Variant::Standard,
        &[BOB, ALICE],
        TimeLimit::Unlimited,
    )
    .await;
    let new_id = game_in(&pg, channel(6)).await;
    assert!(
        ids.iter().all(|&id| id.0 < new_id.0),
        "{new_id} after {ids:?}"
    );
    assert_eq!(new_id, game_in(&f.service, channel(6)).await);
    assert_eq!(new_pg.ply, new_sqlite.ply);
}

#[tokio::test]
async fn a_target_holding_data_is_refused_and_left_as_it_was() {
    let source = Fixture::new().await;
    fill(&source).await;
    let target = Fixture::on(Backend::Postgres).await;
    target
        .start(
            channel(9),
            Variant::Standard,
            &[CAROL, DAVE],
            TimeLimit::Unlimited,
        )
        .await;
    let before = target.row(channel(9)).await;

    let (ok, out, err) = shogiban(&["migrate-db", "--from", &source.path, "--to", &target.path]);
    assert!(!ok, "a non-empty target must be refused: {out}");
    assert!(err.contains("is not empty"), "{err}");
    assert!(err.contains("nothing was written"), "{err}");
    assert_eq!(pg_rows(&target.path, "games").await, Some(1));
    assert_eq!(pg_rows(&target.path, "moves").await, Some(0));
    assert_eq!(target.row(channel(9)).await, before);
}

#[tokio::test]
async fn a_missing_or_broken_source_is_named_and_nothing_is_written() {
    let dir = tempfile::TempDir::new().expect("temporary directory");
    let target = postgres::fresh_database().await;

    let missing = dir.path().join("no-such.db");
    let missing_text = missing.to_str().unwrap().to_owned();
    let (ok, _, err) = shogiban(&["migrate-db", "--from", &missing_text, "--to", &target]);
    assert!(!ok);
    assert!(
        err.contains(&missing_text) && err.contains("does not exist"),
        "{err}"
    );
    assert!(!missing.exists(), "the source must not be created");

    let broken = dir.path().join("broken.db");
    std::fs::write(&broken, "these are notes, not a database\n".repeat(200)).unwrap();
    let broken_url = format!("sqlite://{}", broken.display());
    let (ok, _, err) = shogiban(&["migrate-db", "--from", &broken_url, "--to", &target]);
    assert!(!ok);
    assert!(err.contains(&broken_url), "{err}");

    // A database of something else entirely is not taken for shogiban's.
    let other = dir.path().join("other.db");
    let store_less = format!("sqlite://{}?mode=rwc", other.display());
    let mut c = sqlx::SqliteConnection::connect(&store_less).await.unwrap();
    sqlx::query("CREATE TABLE notes (body TEXT)")
        .execute(&mut c)
        .await
        .unwrap();
    c.close().await.unwrap();
    let (ok, _, err) = shogiban(&[
        "migrate-db",
        "--from",
        other.to_str().unwrap(),
        "--to",
        &target,
    ]);
    assert!(!ok);
    assert!(err.contains("is not a shogiban database"), "{err}");

    let (ok, _, err) = shogiban(&["migrate-db", "--from", &broken_url, "--to", &broken_url]);
    assert!(!ok);
    assert!(
        err.contains("--to must name a PostgreSQL database"),
        "{err}"
    );

    assert_eq!(pg_tables(&target).await, 0, "the target was not touched");
    // The target still takes a copy afterwards.
    let f = Fixture::new().await;
    drop(
        Store::open(&f.path)
            .await
            .expect("an empty shogiban database"),
    );
    let (ok, out, err) = shogiban(&["migrate-db", "--from", &f.path, "--to", &target]);
    assert!(ok, "{err}");
    assert!(out.contains("checksums of 0 games match"), "{out}");
}
