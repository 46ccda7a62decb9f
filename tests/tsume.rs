//! The committed tsume bank (`data/tsume/standard.txt`): every problem the bot may post
//! is proven again by the solver, with the conventions of
//! `shogiban::computer::tsume::prove_tsume` (a unique answer at every attacking move, the
//! longest defence, no piece to spare, no redundant piece), and its answer must be the
//! one the bank records.

use rand::SeedableRng;
use shogiban::computer::tsume::{compose_once, prove_tsume, prove_tsume_with, NotTsume};
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
