//! Tsume made from the server's own games, on SQLite and PostgreSQL: a finished game of
//! standard shogi looked at once across processes, the problem its final attack makes
//! kept, and the server's next day taking it as its daily puzzle (not the day it was made
//! on), answered like any other, and remembered for that day.

use common::backends::Backend;

use crate::support::*;
use shogiban::computer::tsume::prove_tsume;
use shogiban::engine::Variant;
use shogiban::service::puzzles::PuzzleAnswer;
use shogiban::service::{Service, Settings, TimeLimit};

/// A Fairy-Stockfish self-play game (40 ms a move, two random first moves) that Black
/// won by checkmate at its 151st move. Three plies before the end Black has a mate in
/// three that makes a proper tsume.
const MATED: [&str; 151] = [
    "6i6h", "7a7b", "7g7f", "5a6b", "1g1f", "3a3b", "4i5h", "5c5d", "1f1e", "8c8d", "5i4i", "9c9d",
    "7i7h", "8d8e", "8h7g", "8b8d", "2h1h", "8d6d", "1h1f", "2c2d", "1f2f", "3b2c", "7g6f", "4a3b",
    "8i7g", "3c3d", "6f2b+", "3b2b", "B*3a", "B*5e", "2f5f", "2b3b", "3a6d", "6c6d", "R*8b",
    "B*4e", "8b8e+", "4e2g+", "3i3h", "2g2h", "1i1g", "P*8c", "5f2f", "2h1h", "7f7e", "6b5b",
    "7e7d", "2a3c", "2f5f", "7c7d", "5h4h", "3c2e", "1g1f", "5b6c", "P*7e", "7d7e", "4g4f", "8a7c",
    "8e8f", "1h2h", "4i5i", "2e1g", "2i1g", "3b4b", "N*2i", "2c3b", "4f4e", "4c4d", "5f2f", "2h3i",
    "5g5f", "3i4h", "5i4h", "G*7f", "B*9f", "6c6b", "5f5e", "7f8f", "8g8f", "9d9e", "9f7d", "R*8d",
    "7d4g", "7c6e", "5e5d", "6e7g", "7h7g", "P*5c", "G*7d", "8d9d", "2f2d", "N*6e", "5d5c+",
    "6b5c", "P*5d", "5c6b", "B*5c", "4b5c", "5d5c+", "6b5c", "2d2b+", "9d7d", "2b3b", "7d9d",
    "S*4c", "5c6c", "7g6f", "6c7c", "N*8e", "7c8d", "G*8b", "G*6b", "3b3d", "B*7d", "3d4d", "P*5d",
    "4d5d", "7b6c", "5d2d", "P*5f", "4g5f", "P*5d", "P*7c", "5d5e", "5f4g", "7e7f", "4c5d", "6c5d",
    "2d5d", "S*5g", "6f5g", "6e5g+", "6h5g", "S*5c", "5d5e", "6d6e", "4g6e", "7f7g+", "S*6f",
    "9d9c", "S*7e", "8d9d", "7e7d", "9e9f", "8e9c+", "9d9c", "8b8c", "9c9d", "R*8d", "9d9e",
    "9g9f",
];

async fn mated_game(f: &Fixture) -> shogiban::store::GameId {
    let game = f
        .start(
            CHANNEL,
            Variant::Standard,
            &[ALICE, BOB],
            TimeLimit::Unlimited,
        )
        .await
        .game_id;
    f.play_all(CHANNEL, &MATED).await;
    let row = f.service.store().game(game).await.unwrap().unwrap();
    assert_eq!(row.status, shogiban::store::GameStatus::Finished);
    game
}

on_both_backends!(a_finished_game_becomes_the_next_days_puzzle);

async fn a_finished_game_becomes_the_next_days_puzzle(backend: Backend) {
    let f = Fixture::on(backend).await;
    let game = mated_game(&f).await;

    // Two processes on one database: the game is looked at once.
    let other = Service::open(&f.path, f.clock.clone(), Settings::default())
        .await
        .unwrap();
    let (a, b) = tokio::join!(f.service.make_game_puzzle(), other.make_game_puzzle());
    assert_eq!(
        [a.unwrap(), b.unwrap()].iter().filter(|&&did| did).count(),
        1,
        "one process looks at the game"
    );
    assert!(!f.service.make_game_puzzle().await.unwrap(), "nothing left");

    // Made today, it waits for tomorrow: today's puzzle stays the bank's.
    let today = f.service.puzzle_today(GUILD, ALICE).await.unwrap();
    assert_eq!(today.game_id, None);

    f.clock.advance(DAY);
    let view = f.service.puzzle_today(GUILD, ALICE).await.unwrap();
    assert_eq!(view.game_id, Some(game), "{view:?}");
    assert_eq!(view.number as i64, game.0);
    assert_eq!(view.length, 3);
    // A proper tsume, proven again, with the answer the puzzle expects.
    let proven = prove_tsume(&view.sfen).expect("a proper tsume");
    assert_eq!(proven.solution_usi(), view.solution);
    // Every player of the server gets the same puzzle that day.
    let bob = f.service.puzzle_today(GUILD, BOB).await.unwrap();
    assert_eq!(bob.sfen, view.sfen);

    // Answered like any other: the first move, then the mate.
    let first = f
        .service
        .answer_puzzle(GUILD, ALICE, &view.solution[0])
        .await
        .unwrap();
    assert!(
        matches!(first, PuzzleAnswer::Right { streak: None, .. }),
        "{first:?}"
    );
    let last = f
        .service
        .answer_puzzle(GUILD, ALICE, &view.solution[2])
        .await
        .unwrap();
    assert!(
        matches!(
            last,
            PuzzleAnswer::Right {
                streak: Some(1),
                ..
            }
        ),
        "{last:?}"
    );

    // The next day is the bank's again (the game's problem was used), and yesterday's
    // answer is the game's problem.
    f.clock.advance(DAY);
    let next = f.service.puzzle_today(GUILD, ALICE).await.unwrap();
    assert_eq!(next.game_id, None);
    let yesterday = f.service.puzzle_yesterday(GUILD, ALICE).await.unwrap();
    assert_eq!(yesterday.game_id, Some(game));
    assert_eq!(yesterday.sfen, view.sfen);
}
