//! Random playouts to the end, singles and doubles, through the game layer: no panic,
//! every game ends by a rule, all 36 pieces stay accounted for, and the position text
//! (and the stored game) reads back exactly at every ply. Seeds are fixed, so a failure
//! names a game that can be replayed.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use shogiban::engine::shogi::ShogiPosition;
use shogiban::engine::yonin;
use shogiban::engine::{EndReason, Game, GameResult, RuleOptions, Seat, Variant};

fn shogi(game: &Game) -> &ShogiPosition {
    game.position().as_shogi().expect("a drop-shogi position")
}

fn pieces(pos: &ShogiPosition) -> u32 {
    let board = pos
        .geometry()
        .squares()
        .filter(|&sq| pos.piece_at(sq).is_some())
        .count() as u32;
    let hands: u32 = (0..4u8)
        .flat_map(|s| pos.hand(Seat(s)).map(|(_, n)| n as u32).collect::<Vec<_>>())
        .sum();
    board + hands
}

fn check_invariants(game: &Game, context: &str) {
    let pos = shogi(game);
    assert_eq!(pieces(pos), yonin::PIECES, "{context}");
    assert_eq!(pos.hash(), pos.compute_hash(), "{context}");
    let text = yonin::to_text(pos);
    let read = yonin::from_text(&text, pos.spec().doubles)
        .unwrap_or_else(|e| panic!("{context}: {text:?} does not read back: {e}"));
    assert_eq!(&read, pos, "{context}: {text}");
    assert_eq!(yonin::to_text(&read), text, "{context}");
    // Everyone out of the game is in the record, each once.
    assert_eq!(
        game.eliminations().len(),
        4 - pos.alive().len(),
        "{context}"
    );
    if !game.is_over() {
        let me = game.seat_to_move().expect("someone is to move");
        assert!(pos.alive().contains(me), "{context}");
        // If anyone is in check, it is the player to move (check priority), unless an
        // outside elimination came since (it only lifts checks).
        let outside = game.eliminations().iter().any(|e| e.by.is_none());
        if !pos.checked_seats().is_empty() && !outside {
            assert!(pos.in_check(me), "{context}: {text}");
        }
    }
}

fn check_result(result: &GameResult, game: &Game, context: &str) {
    let pos = shogi(game);
    let doubles = pos.spec().doubles;
    match result.reason {
        EndReason::LastSurvivor => assert!(!doubles && pos.alive().len() == 1, "{context}"),
        EndReason::PairEliminated => assert!(doubles && pos.alive().len() == 3, "{context}"),
        EndReason::MoveLimit => assert_eq!(pos.ply(), 300, "{context}"),
        EndReason::Repetition => assert!(result.is_void(), "{context}"),
        EndReason::Declaration => assert!(pos.ply() >= 250, "{context}"),
        EndReason::Resignation | EndReason::Timeout => assert!(pos.is_decided(), "{context}"),
        other => panic!("{context}: a yonin game ended by {other:?}"),
    }
    if let Some(places) = &result.places {
        assert_eq!(places.len(), 4, "{context}");
        assert!(places.contains(&1), "{context}");
        for seat in 0..4u8 {
            // The survivors rank above everyone eliminated.
            if pos.alive().contains(Seat(seat)) && !doubles {
                for other in 0..4u8 {
                    if !pos.alive().contains(Seat(other)) {
                        assert!(places[seat as usize] < places[other as usize], "{context}");
                    }
                }
            }
        }
    }
}

/// Plays one random game to the end; now and then a player runs out of time, tries to
/// resign or to declare, and the stored game is read back.
fn playout(variant: Variant, seed: u64) -> EndReason {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = Game::new(variant, RuleOptions::defaults(variant));
    let context = |game: &Game| format!("{variant} seed {seed} ply {}", shogi(game).ply());
    check_invariants(&game, &context(&game));
    while !game.is_over() {
        let me = game.seat_to_move().expect("someone is to move");
        if rng.gen_ratio(1, 400) {
            let seat = Seat(rng.gen_range(0..4u8));
            let alive = shogi(&game).alive().contains(seat);
            assert_eq!(game.timeout(seat).is_ok(), alive, "{}", context(&game));
        } else if rng.gen_ratio(1, 200) {
            let seat = Seat(rng.gen_range(0..4u8));
            let allowed = shogi(&game).alive().contains(seat) && shogi(&game).alive().len() == 2;
            assert_eq!(game.resign(seat).is_ok(), allowed, "{}", context(&game));
        } else if shogi(&game).ply() >= 250 && rng.gen_ratio(1, 10) {
            let pos = shogi(&game);
            let valid = yonin::declaration_failure(pos).is_none();
            assert_eq!(game.declare(me).is_ok(), valid, "{}", context(&game));
        } else {
            let moves = game.legal_moves();
            assert!(!moves.is_empty(), "{}: nothing to play", context(&game));
            let m = moves[rng.gen_range(0..moves.len())];
            game.play(&m)
                .unwrap_or_else(|e| panic!("{}: a legal move refused: {e}", context(&game)));
        }
        check_invariants(&game, &context(&game));
        if rng.gen_ratio(1, 50) {
            let back = Game::from_state(&game.to_state())
                .unwrap_or_else(|e| panic!("{}: stored game: {e}", context(&game)));
            assert_eq!(back.position(), game.position(), "{}", context(&game));
            assert_eq!(back.result(), game.result(), "{}", context(&game));
        }
    }
    let result = game.result().expect("the game is over").clone();
    check_result(&result, &game, &context(&game));
    result.reason
}

fn playouts(variant: Variant, games: u64) -> Vec<(EndReason, usize)> {
    let mut tally: Vec<(EndReason, usize)> = Vec::new();
    for seed in 0..games {
        let reason = playout(variant, seed);
        match tally.iter_mut().find(|(r, _)| *r == reason) {
            Some((_, n)) => *n += 1,
            None => tally.push((reason, 1)),
        }
    }
    tally
}

#[test]
fn singles_playouts_end_by_a_rule() {
    let tally = playouts(Variant::Yonin, 2_000);
    eprintln!("singles: {tally:?}");
    // Random play does reach the board's own ending as well as the move limit.
    assert!(
        tally.iter().any(|(r, _)| *r == EndReason::LastSurvivor),
        "{tally:?}"
    );
}

#[test]
fn doubles_playouts_end_by_a_rule() {
    let tally = playouts(Variant::YoninDoubles, 2_000);
    eprintln!("doubles: {tally:?}");
    assert!(
        tally.iter().any(|(r, _)| *r == EndReason::PairEliminated),
        "{tally:?}"
    );
}
