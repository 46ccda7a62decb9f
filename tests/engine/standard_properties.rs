//! Property tests for standard shogi: random playouts never panic, the SFEN round-trips at
//! every ply, the incremental hash equals the recomputed one, and all 40 pieces stay
//! accounted for; arbitrary text never panics the parsers.

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use shogiban::engine::shogi::ShogiPosition;
use shogiban::engine::standard::{self, BLACK, WHITE};
use shogiban::engine::{Game, RuleOptions, Variant};

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
