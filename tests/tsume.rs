//! The committed tsume bank (`data/tsume/standard.txt`): every problem the bot may post
//! is proven again by the solver, with the conventions of
//! `shogiban::computer::tsume::prove_tsume` (a unique answer at every attacking move, the
//! longest defence, no piece to spare, no redundant piece), and its answer must be the
//! one the bank records.

use shogiban::computer::tsume::prove_tsume_with;
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
