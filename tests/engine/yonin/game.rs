//! The game-level rules (federation extras, each a rule option on by default): move limit
//! with points ranking, entering-king declaration, no resignation with three or more
//! alive, fourfold repetition voiding the game, perpetual check refused; places and the
//! elimination record; timeouts; the stored form.

use shogiban::engine::EliminationReason;
use shogiban::engine::{
    Elimination, EndReason, Game, GameError, IllegalMove, Refusal, RuleOptions, Seat, Variant,
};

use super::support::*;
use common::games::{game_at, new_game, play_all};
use shogiban::engine::Position;

fn singles_game(text: &str) -> Game {
    game_at(Variant::Yonin, text)
}

fn places(game: &Game) -> Option<Vec<u8>> {
    game.result().and_then(|r| r.places.clone())
}

#[test]
fn the_options_are_on_by_default() {
    let options = RuleOptions::defaults(Variant::Yonin);
    assert_eq!(options.move_limit, Some(300));
    assert_eq!(options.declaration_after, Some(250));
    assert!(options.resignation_needs_two);
    assert!(options.repetition_voids);
    assert!(options.perpetual_check_must_deviate);
    assert!(!options.hand_to_eliminator);
    assert_eq!(RuleOptions::defaults(Variant::YoninDoubles), options);
}

#[test]
fn a_game_starts_with_s_to_move_and_names_seats_in_its_record() {
    let mut g = new_game(Variant::Yonin);
    assert_eq!(g.seat_to_move(), Some(S));
    assert_eq!(g.legal_moves().len(), 9);
    play_all(&mut g, "5g5f W:7e6e");
    assert_eq!(g.history()[0].coordinate, "5g5f");
    assert_eq!(g.history()[0].western, "S: P-5f");
    assert_eq!(g.history()[1].western, "W: P-6e");
    assert_eq!(g.seat_to_move(), Some(N));
    assert!(matches!(
        g.play_text_as(E, "3e4e"),
        Err(GameError::NotYourTurn)
    ));
}

/// E is out (its king flipped on 1e). S holds a rook and a pawn (6 points), W a gold on
/// 8d and a rook in hand (6), N a dragon on 1a and two pawns in hand (7). Move 300 is S's.
const MOVE_300: &str = "4nK3n+R/9/9/1wG7/wK7eK/9/9/9/4sK4 S RP/R/2P/- SWN 300";

#[test]
fn the_move_limit_ranks_the_survivors_by_points_and_ties_share_a_place() {
    let mut g = singles_game(MOVE_300);
    assert!(!g.is_over());
    play_all(&mut g, "5i4h");
    let result = g.result().expect("the game ends after move 300");
    assert_eq!(result.reason, EndReason::MoveLimit);
    // N first (7); S and W share second (6 each); E, out, last.
    assert_eq!(result.places, Some(vec![2, 2, 1, 4]));
    assert_eq!(g.seat_to_move(), None);
    assert!(g.legal_moves().is_empty());
}

#[test]
fn the_move_limit_in_doubles_adds_up_each_pair() {
    // From the start every player has 12 points: the pairs tie.
    let start = shogiban::engine::yonin::START_TEXT.replace("SWNE 1", "SWNE 300");
    let mut g = game_at(Variant::YoninDoubles, &start);
    play_all(&mut g, "5g5f");
    assert_eq!(g.result().unwrap().reason, EndReason::MoveLimit);
    assert_eq!(places(&g), Some(vec![1, 1, 1, 1]));
    // S+N hold 4 + 6 points, W+E 3 + 0: S and N first.
    let mut g = game_at(
        Variant::YoninDoubles,
        "4nK4/9/9/9/wK7eK/9/9/9/4sK4 S 4P/3P/RP/- SWNE 300",
    );
    play_all(&mut g, "5i4h");
    assert_eq!(places(&g), Some(vec![1, 2, 1, 2]));
}

#[test]
fn the_move_limit_can_be_switched_off() {
    let options = RuleOptions {
        move_limit: None,
        ..RuleOptions::defaults(Variant::Yonin)
    };
    let mut g = Game::from_position(Variant::Yonin, options, MOVE_300).unwrap();
    play_all(&mut g, "5i4h 9e9f");
    assert!(!g.is_over());
}

/// Move 251: S's king stands on 4c, in S's promotion zone. S holds a pawn, W two.
const DECLARE: &str = "4nK4/9/5sK3/9/wK7eK/9/9/9/9 S P/2P/-/- SWNE 251";

#[test]
fn a_declaration_after_move_250_scores_the_game() {
    let mut g = singles_game(DECLARE);
    let report = g.declare(S).expect("a valid declaration");
    let result = report.result.expect("the game ends");
    assert_eq!(result.reason, EndReason::Declaration);
    // W 2 points, S 1, N and E none.
    assert_eq!(result.places, Some(vec![2, 1, 3, 3]));
    assert!(g.is_over());
}

#[test]
fn a_declaration_is_refused_unless_every_condition_holds() {
    let too_early = singles_game(&DECLARE.replace(" 251", " 250"));
    let outside = singles_game("4nK4/9/9/5sK3/wK7eK/9/9/9/9 S P/2P/-/- SWNE 251");
    let in_check = singles_game("4nKnR3/9/5sK3/9/wK7eK/9/9/9/9 S P/2P/-/- SWNE 251");
    for (mut g, expected) in [
        (too_early, "once 250 moves"),
        (outside, "not in your promotion zone"),
        (in_check, "in check"),
    ] {
        let err = g.declare(S).unwrap_err();
        assert!(err.to_string().contains(expected), "{err}");
        assert!(!g.is_over());
    }
    let mut g = singles_game(DECLARE);
    assert!(matches!(g.declare(W), Err(GameError::NotYourTurn)));
    let off = RuleOptions {
        declaration_after: None,
        ..RuleOptions::defaults(Variant::Yonin)
    };
    let mut g = Game::from_position(Variant::Yonin, off, DECLARE).unwrap();
    assert_eq!(
        g.declare(S),
        Err(GameError::NotAllowed(Refusal::EnteringKingDeclarationsOff))
    );
}

#[test]
fn w_declares_with_its_king_in_files_3_to_1() {
    let mut g = singles_game("4nK4/9/9/9/6wK1eK/9/9/9/4sK4 W P/2P/-/- SWNE 260");
    assert!(g.declare(W).is_ok());
}

#[test]
fn resignation_is_refused_with_three_or_more_alive_and_allowed_with_two() {
    let mut g = new_game(Variant::Yonin);
    for seat in [S, N] {
        assert_eq!(
            g.resign(seat).unwrap_err(),
            GameError::NotAllowed(Refusal::ResignationNeedsTwo { alive: 4 })
        );
    }
    assert!(!g.is_over());
    assert!(g.eliminations().is_empty());

    // W and N are out; S and E are left: S may resign, even out of turn.
    let mut g = singles_game("4nK4/9/9/9/wK7eK/9/9/9/4sK4 E P/-/-/- SE 100");
    let report = g.resign(S).unwrap();
    assert_eq!(
        report.eliminated,
        [Elimination {
            seat: S,
            by: None,
            reason: EliminationReason::Resignation,
            ply: 99,
        }]
    );
    let result = report.result.expect("one player left");
    assert_eq!(result.reason, EndReason::Resignation);
    // E first, S second; W and N, out before the record began, share third.
    assert_eq!(result.places, Some(vec![2, 3, 3, 1]));
}

#[test]
fn with_the_option_off_a_resigning_player_is_eliminated_and_play_goes_on() {
    let options = RuleOptions {
        resignation_needs_two: false,
        ..RuleOptions::defaults(Variant::Yonin)
    };
    let mut g = Game::new(Variant::Yonin, options.clone());
    let report = g.resign(S).unwrap();
    assert!(report.result.is_none());
    assert_eq!(report.next, Some(W));
    assert_eq!(g.position().alive(), seats(&[W, N, E]));

    // In doubles a resignation loses the game for the pair.
    let mut g = Game::new(Variant::YoninDoubles, options);
    let result = g.resign(N).unwrap().result.expect("the pair has lost");
    assert_eq!(result.reason, EndReason::Resignation);
    assert_eq!(result.places, Some(vec![2, 1, 2, 1]));
    // By default doubles never allow it: four players are always alive.
    let mut g = Game::new(
        Variant::YoninDoubles,
        RuleOptions::defaults(Variant::YoninDoubles),
    );
    assert!(g.resign(N).is_err());
}

#[test]
fn a_timeout_eliminates_without_credit_and_the_game_goes_on() {
    let mut g = new_game(Variant::Yonin);
    play_all(&mut g, "5g5f");
    let report = g.timeout(W).unwrap();
    assert_eq!(
        report.eliminated,
        [Elimination {
            seat: W,
            by: None,
            reason: EliminationReason::Timeout,
            ply: 1,
        }]
    );
    assert_eq!(report.next, Some(N));
    assert!(g.timeout(W).is_err(), "W is already out");
    // The stored game reads back although the position changed without a move.
    let back = Game::from_state(&g.to_state()).unwrap();
    assert_eq!(back.position(), g.position());
    assert_eq!(back.eliminations(), g.eliminations());

    // Down to two, a timeout ends the game.
    g.timeout(S).unwrap();
    let result = g.timeout(N).unwrap().result.expect("E is left");
    assert_eq!(result.reason, EndReason::Timeout);
    assert_eq!(result.places, Some(vec![3, 4, 2, 1]));
}

#[test]
fn eliminations_are_recorded_with_who_and_why_and_places_follow_their_order() {
    // N is mated by S's gold drop; then the record and the places.
    let mut g = singles_game("4nK4/9/4sP4/4nR4/wK7eK/4eR4/9/4sG4/4sK4 S G/-/G/- SWNE 1");
    let report = g.play(&g.parse_move("G*5b").unwrap()).unwrap();
    assert_eq!(
        report.eliminated,
        [Elimination {
            seat: N,
            by: Some(S),
            reason: EliminationReason::Mate,
            ply: 1,
        }]
    );
    assert_eq!(report.next, Some(E));
    // W times out, then E is down to its last opponent and resigns: S wins.
    g.timeout(W).unwrap();
    let result = g.resign(E).unwrap().result.unwrap();
    assert_eq!(result.places, Some(vec![1, 3, 4, 2]));
    let order: Vec<Seat> = g.eliminations().iter().map(|e| e.seat).collect();
    assert_eq!(order, [N, W, E]);
}

#[test]
fn the_last_survivor_wins_on_the_board() {
    let mut g = singles_game("9/9/9/7eSeG/nK7eK/9/8sG/9/wK3sK2sR1 S G/-/-/- SE 40");
    play_all(&mut g, "G*1f");
    let result = g.result().unwrap();
    assert_eq!(result.reason, EndReason::LastSurvivor);
    assert_eq!(result.winners(), [S]);
    assert_eq!(result.places, Some(vec![1, 3, 3, 2]));
}

#[test]
fn doubles_end_when_a_pair_loses_a_player() {
    let mut g = game_at(
        Variant::YoninDoubles,
        "4nK4/9/9/7eSeG/wK7eK/9/8sG/9/4sK2sR1 S G/-/-/- SWNE 1",
    );
    play_all(&mut g, "G*1f");
    let result = g.result().unwrap();
    assert_eq!(result.reason, EndReason::PairEliminated);
    assert_eq!(result.winners(), [S, N]);
    assert_eq!(result.places, Some(vec![1, 2, 1, 2]));
}

/// Four lone kings, free to step back and forth.
const KINGS: &str = "4nK4/9/9/9/wK7eK/9/9/9/4sK4 S -/-/-/- SWNE 1";
const KING_CYCLE: &str = "5i5h 9e9d 5a5b 1e1f 5h5i 9d9e 5b5a 1f1e";

#[test]
fn the_fourth_occurrence_of_a_position_voids_the_game() {
    let mut g = singles_game(KINGS);
    for _ in 0..2 {
        play_all(&mut g, KING_CYCLE);
    }
    let (rest, last) = KING_CYCLE.rsplit_once(' ').unwrap();
    play_all(&mut g, rest);
    assert!(!g.is_over(), "the start position has occurred three times");
    play_all(&mut g, last);
    let result = g.result().expect("the fourth occurrence");
    assert_eq!(result.reason, EndReason::Repetition);
    assert!(result.is_void());
    assert_eq!(result.places, None);
}

#[test]
fn repetition_is_checked_before_the_move_limit() {
    // The fourth occurrence comes with move 300.
    let mut g = singles_game(&KINGS.replace("SWNE 1", "SWNE 277"));
    for _ in 0..3 {
        play_all(&mut g, KING_CYCLE);
    }
    assert_eq!(g.position().ply(), 300);
    assert_eq!(g.result().unwrap().reason, EndReason::Repetition);
}

#[test]
fn repetition_can_be_switched_off() {
    let options = RuleOptions {
        repetition_voids: false,
        ..RuleOptions::defaults(Variant::Yonin)
    };
    let mut g = Game::from_position(Variant::Yonin, options, KINGS).unwrap();
    for _ in 0..4 {
        play_all(&mut g, KING_CYCLE);
    }
    assert!(!g.is_over());
}

/// S's rook checks E (the player before S) along rank e and rank d in turn while E's
/// king steps between 1e and 1d: every ply is S's check or E's answer.
const PERPETUAL: &str = "4nK4/4nP4/9/4sR4/wKwG6eK/9/9/9/4sK4 S -/-/-/- SWNE 1";
const PERPETUAL_CYCLE: &str = "5d5e 1e1d 5e5d 1d1e";

#[test]
fn a_perpetual_checker_must_deviate() {
    let mut g = singles_game(PERPETUAL);
    for _ in 0..3 {
        play_all(&mut g, PERPETUAL_CYCLE);
    }
    // The start position is back for the fourth time, but through a perpetual check: the
    // game goes on, and S may not check with 5d5e a fourth time.
    assert!(!g.is_over());
    assert_eq!(g.seat_to_move(), Some(S));
    let m = g.parse_move("5d5e").unwrap();
    assert_eq!(
        g.play(&m).unwrap_err(),
        GameError::Illegal(IllegalMove::PerpetualCheck)
    );
    assert!(!g.legal_moves().contains(&m));
    assert!(!g.legal_move_texts().contains(&"5d5e".to_string()));
    // Anything else goes.
    play_all(&mut g, "5d4d");
    assert!(!g.is_over());
}

#[test]
fn without_the_perpetual_rule_the_checkers_repetition_voids() {
    let options = RuleOptions {
        perpetual_check_must_deviate: false,
        ..RuleOptions::defaults(Variant::Yonin)
    };
    let mut g = Game::from_position(Variant::Yonin, options, PERPETUAL).unwrap();
    for _ in 0..3 {
        play_all(&mut g, PERPETUAL_CYCLE);
    }
    assert_eq!(g.result().unwrap().reason, EndReason::Repetition);
}

#[test]
fn the_original_rules_survive_storage() {
    let options = RuleOptions {
        hand_to_eliminator: true,
        ..RuleOptions::defaults(Variant::Yonin)
    };
    let text = "4nK4/9/4sP4/4nR4/wK7eK/4eR4/9/4sG4/4sK4 S 2G/-/G/- SWNE 1";
    let g = Game::from_position(Variant::Yonin, options, text).unwrap();
    let mut g = Game::from_state(&g.to_state()).unwrap();
    play_all(&mut g, "G*5b");
    assert_eq!(
        g.position().to_text(),
        "4nK4/4sG4/4sP4/4nR4/wK7eK/4eR4/9/4sG4/4sK4 E 2G/-/-/- SWE 2"
    );
}
