//! Property tests for standard shogi: random playouts never panic, the SFEN round-trips at
//! every ply, the incremental hash equals the recomputed one, and all 40 pieces stay
//! accounted for; arbitrary text never panics the parsers; the quick legality test of one
//! move agrees with the move list.

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use shogiban::engine::shogi::ShogiPosition;
use shogiban::engine::standard::{self, BLACK, WHITE};
use shogiban::engine::{Game, Move, Position, RuleOptions, Variant};

fn piece_count(pos: &ShogiPosition) -> usize {
    let board = pos
        .geometry()
        .squares()
        .filter(|&sq| pos.piece_at(sq).is_some())
        .count();
    let hands: usize = [BLACK, WHITE]
        .iter()
        .flat_map(|&s| pos.hand(s).map(|(_, n)| n as usize).collect::<Vec<_>>())
        .sum();
    board + hands
}

#[test]
fn random_playouts_keep_every_invariant() {
    let mut ended = 0;
    for seed in 0..2000u64 {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut game = Game::new(Variant::Standard, RuleOptions::defaults(Variant::Standard));
        while !game.is_over() {
            let moves = game.legal_moves();
            assert!(
                !moves.is_empty(),
                "seed {seed}: no moves but the game goes on"
            );
            let m = moves[rng.gen_range(0..moves.len())];
            game.play(&m)
                .unwrap_or_else(|e| panic!("seed {seed}: legal move refused: {e}"));
            let pos = game.position().as_shogi().expect("a shogi position");
            let sfen = standard::to_sfen(pos);
            let back = standard::from_sfen(&sfen)
                .unwrap_or_else(|e| panic!("seed {seed}: {sfen} does not read back: {e}"));
            assert_eq!(&back, pos, "seed {seed}: {sfen}");
            assert_eq!(standard::to_sfen(&back), sfen);
            assert_eq!(pos.hash(), pos.compute_hash(), "seed {seed}: {sfen}");
            assert_eq!(back.hash(), pos.hash(), "seed {seed}: {sfen}");
            assert_eq!(piece_count(pos), 40, "seed {seed}: {sfen}");
        }
        ended += 1;
    }
    assert_eq!(ended, 2000);
}

#[test]
fn every_generated_move_reads_back_in_every_notation() {
    let mut rng = StdRng::seed_from_u64(7);
    let mut game = Game::new(Variant::Standard, RuleOptions::defaults(Variant::Standard));
    for _ in 0..120 {
        if game.is_over() {
            break;
        }
        let moves = game.legal_moves();
        for m in &moves {
            let mut copy = game.clone();
            let played = copy.play(m).unwrap().played.unwrap();
            for text in [&played.coordinate, &played.western, &played.japanese] {
                assert_eq!(&game.parse_move(text).unwrap(), m, "{text}");
            }
        }
        let m = moves[rng.gen_range(0..moves.len())];
        game.play(&m).unwrap();
    }
}

proptest! {
    #[test]
    fn arbitrary_sfen_text_never_panics(text in ".{0,120}") {
        let _ = standard::from_sfen(&text);
    }

    #[test]
    fn sfen_like_text_never_panics(
        board in "[1-9kKrRbBgGsSnNlLpP+/]{0,90}",
        side in "[bwx]",
        hand in "[0-9rRbBgGsSnNlLpP-]{0,12}",
        number in "[0-9]{0,4}",
    ) {
        let _ = standard::from_sfen(&format!("{board} {side} {hand} {number}"));
    }

    #[test]
    fn arbitrary_move_text_never_panics(text in ".{0,24}") {
        let game = Game::new(Variant::Standard, RuleOptions::defaults(Variant::Standard));
        let _ = game.parse_move(&text);
    }

    #[test]
    fn move_like_text_never_panics(text in "[0-9a-zA-Z*+=x\\-]{0,10}") {
        let game = Game::new(Variant::Standard, RuleOptions::defaults(Variant::Standard));
        let _ = game.parse_move(&text);
    }
}

/// The test the search makes of a move kept from an earlier search: exactly the listed
/// moves pass. Candidates are this position's moves, the moves of the two positions
/// before it (the other side's, and the mover's own before the last reply: pinned,
/// blocked or now ignoring a check), and each with its promotion flipped.
#[test]
fn a_move_passes_the_legality_test_exactly_when_it_is_listed() {
    for (variant, seeds, plies) in [
        (Variant::Standard, 40, 300),
        (Variant::Yonin, 40, 300),
        (Variant::DaiDai, 4, 150),
    ] {
        for seed in 0..seeds {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut game = Game::new(variant, RuleOptions::defaults(variant));
            let mut earlier: Vec<Vec<Move>> = Vec::new();
            let (mut tested, mut refused) = (0, 0);
            while !game.is_over() && game.history().len() < plies {
                let pos = game.position();
                let legal = game.legal_moves();
                let mut candidates: Vec<Move> = legal.clone();
                for list in earlier.iter().rev().take(2) {
                    candidates.extend(list.iter().copied());
                }
                let flipped: Vec<Move> = candidates
                    .iter()
                    .filter(|m| !m.is_drop())
                    .map(|m| Move::board(m.from, m.to, !m.promote))
                    .collect();
                candidates.extend(flipped);
                for m in &candidates {
                    let listed = legal.contains(m);
                    assert_eq!(
                        pos.is_legal_move(m),
                        listed,
                        "{variant} seed {seed} ply {}: {} listed {listed}",
                        game.history().len(),
                        pos.to_text()
                    );
                    tested += 1;
                    refused += usize::from(!listed);
                }
                let m = legal[rng.gen_range(0..legal.len())];
                earlier.push(legal);
                game.play(&m).unwrap();
            }
            assert!(
                refused > tested / 4,
                "{variant} seed {seed}: too few illegal candidates"
            );
        }
    }
}

/// What the search asks before it makes a move: whether the move gives check, told from
/// the board as it stands, is what playing it reports, for every legal move of random
/// games (drops, promotions, discovered checks and captures of a checker included). Yonin
/// answers only by playing (a move there can uncover a third seat's slider).
#[test]
fn a_check_told_before_the_move_is_the_check_after_it() {
    let mut checks = 0;
    let mut tested = 0;
    for seed in 0..40u64 {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut game = Game::new(Variant::Standard, RuleOptions::defaults(Variant::Standard));
        while !game.is_over() && game.history().len() < 300 {
            let pos = game.position();
            let legal = game.legal_moves();
            for m in &legal {
                let mut after = pos.clone();
                let played = !after.play_unchecked(m).checks.is_empty();
                assert_eq!(
                    pos.gives_check_unplayed(m),
                    Some(played),
                    "seed {seed}: {} then {}",
                    pos.to_text(),
                    pos.coordinate(m)
                );
                tested += 1;
                checks += usize::from(played);
            }
            let m = legal[rng.gen_range(0..legal.len())];
            game.play(&m).unwrap();
        }
    }
    assert!(
        checks > tested / 100,
        "{checks} checks among {tested} moves"
    );
    let yonin = Game::new(Variant::Yonin, RuleOptions::defaults(Variant::Yonin));
    let m = yonin.legal_moves()[0];
    assert_eq!(yonin.position().gives_check_unplayed(&m), None);
}
