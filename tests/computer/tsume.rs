//! The committed tsume bank (`data/tsume/standard.txt`): every problem the bot may post
//! is proven again by the solver, with the conventions of
//! `shogiban::computer::tsume::prove_tsume` (a unique answer at every attacking move, the
//! longest defence, no piece to spare, no redundant piece), and its answer must be the
//! one the bank records.

use rand::SeedableRng;
use shogiban::computer::tsume::{
    compose_once, from_game_position, game_positions, prove_tsume, prove_tsume_with, NotTsume,
    GAME_PLIES_BACK,
};
use shogiban::engine::{standard, Position};
use shogiban::service::puzzles::{puzzle_bank, read_bank};

/// The nodes each solve of the bank's proofs was given when it was composed (the bank's
/// header says so).
const BANK_NODES: u64 = 20_000;

#[test]
fn every_problem_of_the_bank_is_proven_unique_with_its_answer() {
    let bank = puzzle_bank();
    assert!(bank.len() >= 3, "{} problems", bank.len());
    for problem in bank {
        let proven = prove_tsume_with(&problem.sfen, BANK_NODES)
            .unwrap_or_else(|why| panic!("#{} {}: {why}", problem.number, problem.sfen));
        assert_eq!(proven.length, problem.length, "#{}", problem.number);
        assert_eq!(
            proven.solution_usi(),
            problem.solution,
            "#{}",
            problem.number
        );
    }
}

#[test]
fn the_bank_mixes_lengths() {
    let bank = puzzle_bank();
    for length in [3, 5] {
        assert!(
            bank.iter().any(|p| p.length == length),
            "no mate in {length}"
        );
    }
}

#[test]
fn a_bank_line_with_a_wrong_count_of_moves_is_refused() {
    let bad = "3 +P1k6/2g6/4S4/9/9/9/9/9/9 b GS2r2b2g2s4n4l17p 1 G*8a 7a6a";
    assert!(read_bank(bad).is_err());
}

/// A mate in three the composer made: G*8a K-6a S*5b, the tokin on 9a guarding the
/// gold.
const THREE: &str = "+P1k6/2g6/4S4/9/9/9/9/9/9 b GS2r2b2g2s4n4l17p 1";

#[test]
fn a_unique_tsume_is_accepted_with_its_answer() {
    let t = prove_tsume(THREE).expect("a tsume");
    assert_eq!(t.length, 3);
    assert_eq!(t.solution_usi(), ["G*8a", "7a6a", "S*5b"]);
}

#[test]
fn two_mating_moves_are_rejected_as_yozume() {
    // G*1b and G*2b both mate, each guarded by a pawn.
    let two = "8k/9/7PP/9/9/9/9/9/9 b G2r2b3g4s4n4l16p 1";
    match prove_tsume(two) {
        Err(NotTsume::Alternative { ply: 1, moves }) => {
            assert!(moves.contains("G*1b") && moves.contains("G*2b"), "{moves}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_piece_left_in_hand_is_rejected() {
    // G*5b mates at once, guarded by the pawn, with a second gold to spare.
    let spare = "4k4/9/4P4/9/9/9/9/9/9 b 2G2r2b2g4s4n4l17p 1";
    assert_eq!(prove_tsume(spare), Err(NotTsume::SparePieces));
}

#[test]
fn a_position_mated_only_after_a_quiet_move_is_not_a_tsume() {
    // White's king is shut in by its own knight and pawn and Black's gold; Black's
    // only check (3c2b) is taken by the king. A mate would need a quiet move first
    // (a tsume allows none), so the prover finds none by checks.
    let quiet = "7nk/8p/6G2/9/9/9/9/9/9 b 2r2b3g4s3n4l17p 1";
    assert_eq!(prove_tsume(quiet), Err(NotTsume::NoMate));
}

#[test]
fn the_conventions_of_the_position_are_checked() {
    let white_short = THREE.replace("17p", "16p");
    assert!(matches!(
        prove_tsume(&white_short),
        Err(NotTsume::DefenderHand(_))
    ));
    let white_to_move = THREE.replace(" b ", " w ");
    assert_eq!(prove_tsume(&white_to_move), Err(NotTsume::WhiteToMove));
    let black_king = "+P1k6/2g6/4S4/9/9/9/9/9/4K4 b GS2r2b2g2s4n4l17p 1";
    assert_eq!(prove_tsume(black_king), Err(NotTsume::Kings));
}

#[test]
fn composing_with_a_seed_repeats() {
    let run = |seed| {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        (0..400).find_map(|_| compose_once(3, &mut rng, 20_000))
    };
    let first = run(1).expect("a mate in three within 400 tries");
    assert_eq!(run(1), Some(first.clone()));
    assert_eq!(
        prove_tsume(&first.sfen).map(|t| t.solution),
        Ok(first.solution)
    );
}

/// A position of a Fairy-Stockfish self-play game, White to move, five plies before
/// White mated (`tests/fixtures/mate/engine-games.tsv`; cshogi's df-pn line there:
/// 5f5h+ 4i5h 6f5g 5h4i G*5i).
const GAME_POSITION: &str =
    "ln1g2snl/2rs1kg2/1ppp1p1pp/p3p1p2/2P4PP/1P1+blPP2/P2n2S2/1g2G1R2/2+b2K1NL w s2p 52";

/// A USI move seen from the other side of the board.
fn turned(usi: &str) -> String {
    usi.chars()
        .map(|c| match c {
            '1'..='9' => char::from(b'0' + 10 - (c as u8 - b'0')),
            'a'..='i' => char::from(b'a' + b'i' - c as u8),
            other => other,
        })
        .collect()
}

#[test]
fn a_game_position_with_a_mate_becomes_a_tsume_seen_from_the_attacker() {
    let t = from_game_position(GAME_POSITION, 100_000).expect("a tsume from the game");
    assert_eq!(t.length, 5);
    // The attacker of the game (White) is Black in the problem, without a king.
    let board = t.sfen.split(' ').next().unwrap();
    assert!(!board.contains('K') && board.contains('k'), "{}", t.sfen);
    // The problem is proven again, with the same answer.
    assert_eq!(
        prove_tsume_with(&t.sfen, 100_000).map(|p| p.solution),
        Ok(t.solution.clone())
    );
    // Turned round, its first move is the game's own mating attack.
    let answer = t.solution_usi();
    assert_eq!(turned(&answer[0]), "5f5h+", "{answer:?}");
}

#[test]
fn a_game_position_without_a_mate_makes_no_tsume() {
    // The start position: no mate by checks for anyone.
    assert_eq!(
        from_game_position(&standard::start().to_text(), 20_000),
        None
    );
}

#[test]
fn a_game_gives_the_positions_of_its_last_moves_with_the_mating_side_to_move() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/games/standard.moves"
    ))
    .unwrap();
    let moves: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .flat_map(str::split_whitespace)
        .collect();
    assert_eq!(moves.len(), 123, "the game's record");
    let start = standard::start().to_text();
    let positions = game_positions(&start, moves.iter().copied()).unwrap();
    // Black made the 123rd move, the mate: Black is to move in every other position back
    // from the one before it.
    assert_eq!(positions.len(), GAME_PLIES_BACK / 2);
    for p in &positions {
        assert_eq!(p.split(' ').nth(1), Some("b"), "{p}");
    }
    let mut before_mate = standard::start();
    for m in &moves[..122] {
        let m = before_mate.parse_move(m).unwrap();
        before_mate.play_quiet(&m);
    }
    assert_eq!(positions.last(), Some(&before_mate.to_text()));
}

#[test]
fn a_game_with_an_illegal_move_is_refused_at_that_move() {
    let start = standard::start().to_text();
    let err = game_positions(&start, ["7g7f", "3c3d", "7f7d"]).unwrap_err();
    assert_eq!(err.ply, 3);
    assert_eq!(err.text, "7f7d");
}
