//! The computer players: always a legal move, mates taken and mate threats parried in real
//! positions of every variant, levels that are stronger the higher they go, and an outside
//! USI engine (Debian's fairy-stockfish) whose every answer is checked.
//!
//! Searches here are limited by nodes and seeded, so each test plays the same games every
//! run whatever the machine's speed.

use std::sync::Arc;

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

use shogiban::computer::usi::{Source, UsiEngine};
use shogiban::computer::{choose, Level, Limits};
use shogiban::engine::{EndReason, Game, Position, Seat, SeatSet, Variant};

use common::games::{game_at, new_game, play};

fn limits(nodes: u64, seed: u64) -> Limits {
    Limits {
        nodes: Some(nodes),
        seed: Some(seed),
        ..Limits::default()
    }
}

fn level(n: u8) -> Level {
    Level::new(n).unwrap()
}

#[test]
fn a_legal_move_from_every_random_position_of_every_variant() {
    let mut rng = StdRng::seed_from_u64(7);
    let mut asked = 0;
    for variant in Variant::ALL {
        let games = if variant == Variant::DaiDai { 6 } else { 12 };
        for g in 0..games {
            let mut game = new_game(variant);
            for ply in 0..160 {
                if game.is_over() {
                    break;
                }
                let legal = game.legal_moves();
                if ply % 2 == 0 {
                    let lv = level(1 + (ply as u8 / 2) % 8);
                    let choice = choose(&game, lv, limits(300, g * 1000 + ply))
                        .unwrap_or_else(|e| panic!("{variant} ply {ply}: {e}"));
                    assert!(
                        legal.contains(&choice.mv),
                        "{variant}: {} is not legal in {}",
                        choice.text,
                        game.position().to_text()
                    );
                    assert_eq!(game.parse_move(&choice.text).unwrap(), choice.mv);
                    asked += 1;
                }
                let m = *legal.choose(&mut rng).unwrap();
                game.play(&m).unwrap();
            }
            // Once the game is over, there is nothing to choose.
            if game.is_over() {
                assert!(choose(&game, level(3), Limits::default()).is_err());
            }
        }
    }
    assert!(asked > 2000, "{asked} positions asked");
}

#[test]
fn a_mate_in_one_is_taken_at_every_level() {
    let cases = [
        // Standard: the gold drop on 5b, defended by the pawn.
        (Variant::Standard, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1", "G*5b"),
        // Dai dai: White's queen to 2p, defended by the gold on 3o, mates the king on 1q.
        (
            Variant::DaiDai,
            "8,k,8/17/17/17/17/17/17/17/17/17/15,q,1/17/17/17/14,g,2/17/16,K w - 1",
            "2k2p",
        ),
    ];
    for (variant, position, mate) in cases {
        let game = game_at(variant, position);
        let mut after = game.clone();
        play(&mut after, mate);
        assert_eq!(
            after.result().unwrap().reason,
            EndReason::Checkmate,
            "{mate} mates"
        );
        for n in 1..=8 {
            // Any move that wins at once will do (from 2o the queen leaves Black no move).
            let choice = choose(&game, level(n), limits(5_000, n as u64)).unwrap();
            let mover = game.position().turn();
            let mut after = game.clone();
            let result = after.play(&choice.mv).unwrap().result;
            let won = result
                .as_ref()
                .is_some_and(|r| r.winners() == vec![mover] && r.reason != EndReason::Resignation);
            assert!(won, "{variant} level {n} chose {}: {result:?}", choice.text);
        }
    }
}

#[test]
fn yonin_takes_the_mate_that_eliminates_a_player() {
    // S drops a gold on 5b, defended by the pawn on 5c: N is mated and out.
    let game = game_at(
        Variant::Yonin,
        "4nK4/9/4sP4/4nR4/wK7eK/4eR4/9/4sG4/4sK4 S G/-/G/- SWNE 1",
    );
    let expected = game.parse_move("G*5b").unwrap();
    for n in [4, 6, 8] {
        let choice = choose(&game, level(n), limits(20_000, 1)).unwrap();
        assert_eq!(choice.mv, expected, "level {n} chose {}", choice.text);
    }
    let mut after = game.clone();
    let report = after.play(&expected).unwrap();
    assert_eq!(report.eliminated.len(), 1);
}

#[test]
fn yonin_sees_the_reply_of_the_opponent_who_moves_last() {
    // E's silver on 6d attacks S's undefended rook on 5e; W and N move before E. Best-Reply
    // Search answers S's move with the strongest reply of any one opponent, so two plies
    // show E taking the rook, where the turn order alone would need four.
    let game = game_at(
        Variant::Yonin,
        "8nK/9/9/3eS5/4sR4/9/wK8/8eK/4sK4 S -/-/-/- SWNE 1",
    );
    let pos = game.position();
    let rook = pos.geometry().square(4, 4);
    assert_eq!(pos.piece_at(rook).map(|p| p.owner()), Some(Seat(0)));
    let opponents = SeatSet::EMPTY.with(Seat(1)).with(Seat(2)).with(Seat(3));
    assert!(pos.is_attacked_by(rook, opponents), "the rook is attacked");
    let shallow = Limits {
        depth: Some(2),
        ..limits(20_000, 1)
    };
    for n in [5, 8] {
        let choice = choose(&game, level(n), shallow).unwrap();
        assert_eq!(
            choice.mv.from, rook,
            "level {n} left the rook to E and played {}",
            choice.text
        );
        let mut after = game.clone();
        after.play(&choice.mv).unwrap();
        assert!(
            !after.position().is_attacked_by(choice.mv.to, opponents),
            "level {n} played {} where an opponent takes the rook",
            choice.text
        );
    }
}

#[test]
fn a_one_move_mate_threat_is_parried() {
    // White threatens G*5h (defended by the tokin on 5g). Black must do something about it.
    let game = game_at(Variant::Standard, "k8/8R/9/9/9/9/4+p4/9/4K4 b g 1");
    let threat = {
        let mut passive = game_at(Variant::Standard, "k8/8R/9/9/9/9/4+p4/9/4K4 w g 1");
        play(&mut passive, "G*5h");
        passive.result().map(|r| r.reason)
    };
    assert_eq!(threat, Some(EndReason::Checkmate), "the threat is real");
    for n in [5, 8] {
        let choice = choose(&game, level(n), limits(30_000, 3)).unwrap();
        let mut after = game.clone();
        after.play(&choice.mv).unwrap();
        for reply in after.legal_moves() {
            let mut answered = after.clone();
            let report = answered.play(&reply).unwrap();
            assert_ne!(
                report.result.map(|r| r.reason),
                Some(EndReason::Checkmate),
                "level {n} played {} and {} mates",
                choice.text,
                after.position().coordinate(&reply)
            );
        }
    }
}

#[test]
fn a_mate_threat_past_the_horizon_is_seen_by_quiescence() {
    // The same threat at a depth of one ply: only quiescence, which answers a check with
    // every evasion and looks at quiet checks at its first ply, sees G*5h mate.
    let game = game_at(Variant::Standard, "k8/8R/9/9/9/9/4+p4/9/4K4 b g 1");
    let shallow = Limits {
        depth: Some(1),
        ..limits(30_000, 5)
    };
    let choice = choose(&game, level(8), shallow).unwrap();
    let mut after = game.clone();
    after.play(&choice.mv).unwrap();
    let mut answered = after.clone();
    let mate = answered
        .parse_move("G*5h")
        .ok()
        .filter(|m| after.legal_moves().contains(m))
        .map(|m| answered.play(&m).unwrap().result.map(|r| r.reason));
    assert_ne!(
        mate,
        Some(Some(EndReason::Checkmate)),
        "at depth 1 level 8 played {} and G*5h mates",
        choice.text
    );
}

#[test]
fn quiescence_mate_in_one_sees_the_threat_its_quiet_checks_saw() {
    // The same threat with quiescence's quiet checks replaced by a mate in one at its first
    // ply (the `qmate` feature): the defence must still be found at a depth of one ply.
    use shogiban::computer::eval::Evaluator;
    use shogiban::computer::search::{Budget, Features, Searcher};
    use shogiban::computer::table::Table;
    use shogiban::engine::{AnyPosition, SeatSet};
    let game = game_at(Variant::Standard, "k8/8R/9/9/9/9/4+p4/9/4K4 b g 1");
    let AnyPosition::Shogi(pos) = game.position() else {
        unreachable!("standard shogi")
    };
    let legal = game.legal_moves();
    let eval = Evaluator::new(pos);
    let team = SeatSet::EMPTY.with(game.position().turn());
    let budget = Budget {
        deadline: None,
        nodes: Some(30_000),
        depth: 1,
    };
    let features = Features::DEFAULT.switched("qmate,qmove_count", true);
    let found = Searcher::with_table(&eval, team, budget, Vec::new(), Arc::new(Table::new(1)))
        .with_features(features)
        .run(pos, &legal, false);
    let chosen = found.scored[0].0;
    let mut after = game.clone();
    after.play(&chosen).unwrap();
    let mate = after
        .parse_move("G*5h")
        .ok()
        .filter(|m| after.legal_moves().contains(m))
        .map(|m| after.clone().play(&m).unwrap().result.map(|r| r.reason));
    assert_ne!(
        mate,
        Some(Some(EndReason::Checkmate)),
        "at depth 1 with qmate the search played {} and G*5h mates",
        game.position().coordinate(&chosen)
    );
}

#[test]
fn every_search_feature_off_still_chooses_a_legal_move() {
    use shogiban::computer::eval::Evaluator;
    use shogiban::computer::search::{Budget, Features, Searcher};
    use shogiban::computer::table::Table;
    use shogiban::engine::{AnyPosition, SeatSet};
    let game = game_at(
        Variant::Standard,
        "ln1g3nl/1r3kg2/p2pppsp1/2ps2p1p/1p7/2P1P1P2/PPSP1P1PP/2G1S2R1/LN2KG1NL b Bb 1",
    );
    let AnyPosition::Shogi(pos) = game.position() else {
        unreachable!("standard shogi")
    };
    let legal = game.legal_moves();
    let eval = Evaluator::new(pos);
    let team = SeatSet::EMPTY.with(game.position().turn());
    for off in [
        "null",
        "lmr",
        "futility",
        "razoring",
        "move_count",
        "see",
        "qchecks",
        "qevasions",
        "counter_move",
        "check_extension",
        "aspiration",
        "improving",
        "iir",
        "lmr_deep",
        "lmp_deep",
        "null_deep",
        "capture_history",
        "cont_history",
        "qmate",
        "qmove_count",
        "lmr_checks",
        "cut_lmr",
        "lmp_all",
        "hang_prune",
        "prune_checks",
        "prune_captures",
        "qtable",
        "history_prune",
        "singular",
        "root_lmr",
        "qevasion_prune",
    ] {
        let budget = Budget {
            deadline: None,
            nodes: Some(20_000),
            depth: 64,
        };
        let found = Searcher::with_table(&eval, team, budget, Vec::new(), Arc::new(Table::new(1)))
            .with_features(Features::without(off))
            .run(pos, &legal, false);
        assert!(found.depth >= 2, "without {off}: depth {}", found.depth);
        assert!(legal.contains(&found.scored[0].0), "without {off}");
    }
}

#[test]
fn no_forbidden_repetition_is_chosen() {
    // Kings only: shuffling back to the start a fourth time would be sennichite (a draw,
    // which the computer may pick); in yonin a perpetual checker must deviate, and in dai
    // dai the repetition rule forbids some moves: the computer only ever picks from the
    // game's own legal moves, so every pick plays.
    let mut game = game_at(Variant::Standard, "4k4/9/9/9/9/9/9/9/4K4 b - 1");
    for _ in 0..40 {
        if game.is_over() {
            break;
        }
        let choice = choose(&game, level(8), limits(2_000, 5)).unwrap();
        assert!(game.legal_moves().contains(&choice.mv));
        game.play(&choice.mv).unwrap();
    }
    // Dai dai: a lion shuffling attacks; a position seen three times forbids the fourth.
    let mut game = game_at(
        Variant::DaiDai,
        "8,k,8/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/8,K,8 b - 1",
    );
    for _ in 0..60 {
        if game.is_over() {
            break;
        }
        let choice = choose(&game, level(6), limits(2_000, 9)).unwrap();
        game.play(&choice.mv)
            .unwrap_or_else(|e| panic!("{} refused: {e}", choice.text));
    }
}

/// Plays one game: `players[seat]` is `Some(level)` for the computer, `None` for a random
/// mover. Returns the finished game (or the game at `max_plies`).
fn match_game(
    variant: Variant,
    players: &[Option<u8>],
    seed: u64,
    nodes: u64,
    max_plies: usize,
) -> Game {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = new_game(variant);
    for ply in 0..max_plies {
        let Some(seat) = game.seat_to_move() else {
            break;
        };
        let m = match players[seat.index()] {
            Some(n) => {
                let choice =
                    choose(&game, level(n), limits(nodes, seed * 7919 + ply as u64)).unwrap();
                if choice.resign {
                    game.resign(seat).unwrap();
                    break;
                }
                choice.mv
            }
            None => *game.legal_moves().choose(&mut rng).unwrap(),
        };
        game.play(&m).unwrap();
    }
    game
}

#[test]
fn level_8_beats_a_random_mover_in_standard_shogi_and_dai_dai() {
    for (variant, nodes, plies) in [
        (Variant::Standard, 4_000, 400),
        (Variant::DaiDai, 20_000, 800),
    ] {
        for (seed, computer) in [(1, 0usize), (2, 1usize)] {
            let mut players = [None, None];
            players[computer] = Some(8);
            let game = match_game(variant, &players, seed, nodes, plies);
            let result = game.result().unwrap_or_else(|| {
                panic!("{variant}: no result after {} plies", game.history().len())
            });
            assert_eq!(
                result.winners(),
                vec![Seat(computer as u8)],
                "{variant}: {result:?} after {} plies",
                game.history().len()
            );
        }
    }
}

#[test]
fn level_8_finishes_first_in_yonin_against_three_random_movers() {
    for seed in 1..=2 {
        let game = match_game(
            Variant::Yonin,
            &[Some(8), None, None, None],
            seed,
            3_000,
            600,
        );
        let result = game.result().expect("the game ends");
        assert_eq!(result.winners(), vec![Seat(0)], "{result:?}");
    }
}

#[test]
fn level_8_beats_level_1_at_least_nine_times_in_ten() {
    let mut wins = 0;
    for seed in 0..10u64 {
        let computer = (seed % 2) as usize;
        let mut players = [Some(1), Some(1)];
        players[computer] = Some(8);
        let game = match_game(Variant::Standard, &players, 100 + seed, 3_000, 300);
        if game
            .result()
            .is_some_and(|r| r.winners() == vec![Seat(computer as u8)])
        {
            wins += 1;
        }
    }
    assert!(wins >= 9, "level 8 won {wins} of 10");
}

fn fairy_stockfish() -> UsiEngine {
    let path = ["/usr/games/fairy-stockfish", "/usr/bin/fairy-stockfish"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists())
        .expect(
            "fairy-stockfish must be installed: scripts/install-test-deps installs Debian's package",
        );
    UsiEngine::new(path, Vec::new())
}

#[test]
fn fairy_stockfish_answers_are_checked_and_played() {
    let mut engine = fairy_stockfish();
    let mut game = new_game(Variant::Standard);
    for _ in 0..6 {
        let limits = Limits {
            movetime: Some(std::time::Duration::from_millis(50)),
            ..Limits::default()
        };
        let (choice, source) = engine.choose(&game, level(8), limits).unwrap();
        assert_eq!(source, Source::Engine);
        assert!(game.legal_moves().contains(&choice.mv));
        game.play(&choice.mv).unwrap();
    }
    // It takes a mate in one like our own player.
    let game = game_at(Variant::Standard, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    let (choice, _) = engine.choose(&game, level(8), Limits::default()).unwrap();
    assert_eq!(choice.text, "G*5b");
}

#[test]
fn a_broken_engine_is_replaced_by_the_built_in_player() {
    let game = new_game(Variant::Standard);
    // A program that is not an engine at all: it exits at once.
    let mut broken = UsiEngine::new("/bin/true", Vec::new());
    let (choice, source) = broken.choose(&game, level(3), limits(500, 1)).unwrap();
    assert!(matches!(source, Source::BuiltIn(_)), "{source:?}");
    assert!(game.legal_moves().contains(&choice.mv));
    // One that answers an illegal move.
    let script = "read a; echo usiok; read b; read c; echo readyok; read d; read e; read f; echo 'bestmove 5e5d'; sleep 5";
    let mut liar = UsiEngine::new("/bin/sh", vec!["-c".into(), script.into()]);
    let (choice, source) = liar.choose(&game, level(3), limits(500, 1)).unwrap();
    match source {
        Source::BuiltIn(why) => assert!(why.contains("5e5d"), "{why}"),
        other => panic!("{other:?}"),
    }
    assert!(game.legal_moves().contains(&choice.mv));
    // A missing program.
    let mut missing = UsiEngine::new("/nonexistent/engine", Vec::new());
    let (choice, _) = missing.choose(&game, level(3), limits(500, 1)).unwrap();
    assert!(game.legal_moves().contains(&choice.mv));
}
