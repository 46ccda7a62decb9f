//! Check priority (seed 001, 手番の移動について): after every move the first checked player
//! clockwise from the mover answers at once; otherwise the next player clockwise moves.

use shogiban::engine::yonin::{self, TurnReason};

use super::support::*;

fn answering(by: &[shogiban::engine::Seat]) -> TurnReason {
    TurnReason::AnsweringCheck { by: seats(by) }
}

#[test]
fn without_a_check_the_turn_goes_clockwise() {
    let mut pos = yonin::start(false);
    for (mv, next) in [("5g5f", W), ("7e6e", N), ("5c5d", E), ("3e4e", S)] {
        play(&mut pos, mv);
        assert_eq!(pos.turn(), next, "after {mv}");
        assert_eq!(yonin::turn_reason(&pos), TurnReason::InTurn);
    }
}

#[test]
fn checking_the_opposite_player() {
    // S's rook reaches 5d and checks N, who answers before W; then play goes on from N,
    // so E moves next and W has been skipped.
    let text = "4nK4/9/9/3sR5/wK7eK/9/9/9/4sK4 S -/-/-/- SWNE 1";
    let mut quiet = singles(text);
    play(&mut quiet, "6d6c");
    assert_eq!(quiet.turn(), W, "a quiet move passes to W");

    let mut pos = singles(text);
    let effects = play(&mut pos, "6d5d");
    assert_eq!(effects.checks, seats(&[N]));
    assert_eq!(pos.turn(), N);
    assert_eq!(yonin::turn_reason(&pos), answering(&[S]));
    play(&mut pos, "5a4a");
    assert_eq!(pos.turn(), E);
    assert_eq!(yonin::turn_reason(&pos), TurnReason::InTurn);
    play(&mut pos, "1e1f");
    assert_eq!(pos.turn(), S);
}

#[test]
fn checking_the_player_on_the_right_gives_another_move() {
    // E moves just before S: after E answers, it is S's turn again.
    let mut pos = singles("4nK4/9/9/9/wKwG6eK/7sR1/9/9/4sK4 S -/-/-/- SWNE 1");
    play(&mut pos, "2f2e");
    assert_eq!(pos.turn(), E);
    assert_eq!(yonin::turn_reason(&pos), answering(&[S]));
    play(&mut pos, "1e1d");
    assert_eq!(pos.turn(), S);
    assert_eq!(yonin::turn_reason(&pos), TurnReason::InTurn);
}

#[test]
fn checking_the_player_on_the_left_passes_on_to_the_opposite() {
    let mut pos = singles("4nK4/9/9/9/wK6eGeK/2sR6/9/9/4sK4 S -/-/-/- SWNE 1");
    play(&mut pos, "7f7e");
    assert_eq!(pos.turn(), W);
    assert_eq!(yonin::turn_reason(&pos), answering(&[S]));
    play(&mut pos, "9e9d");
    assert_eq!(pos.turn(), N);
}

#[test]
fn a_double_check_is_answered_clockwise_from_the_mover() {
    // The rook on 5e checks N (up the file) and E (along the rank); W is shielded by its
    // gold. N is nearer clockwise from S, so N answers first, then E, then S moves on.
    let mut pos = singles("4nK4/9/9/9/wKwG1sR4eK/9/9/9/4sK4 S -/-/-/- SWNE 1");
    let effects = play(&mut pos, "6e5e");
    assert_eq!(effects.checks, seats(&[N, E]));
    assert_eq!(pos.turn(), N);
    play(&mut pos, "5a4a");
    assert_eq!(pos.turn(), E, "E is still in check, so E answers next");
    assert_eq!(yonin::turn_reason(&pos), answering(&[S]));
    play(&mut pos, "1e1d");
    assert_eq!(pos.turn(), S);
}

#[test]
fn a_triple_check_is_answered_by_all_three_in_order() {
    let mut pos = singles("4nK4/9/9/9/wK7eK/9/9/9/4sK4 S R/-/-/- SWNE 1");
    let effects = play(&mut pos, "R*5e");
    assert_eq!(effects.checks, seats(&[W, N, E]));
    for (answer, next) in [("9e9d", N), ("5a4a", E), ("1e1d", S)] {
        assert_eq!(yonin::turn_reason(&pos), answering(&[S]));
        play(&mut pos, answer);
        assert_eq!(pos.turn(), next, "after {answer}");
    }
    assert_eq!(yonin::turn_reason(&pos), TurnReason::InTurn);
}

#[test]
fn a_discovered_check_by_a_third_player_passes_the_turn() {
    // S's silver steps off rank a and uncovers W's rook against N's king: N answers next,
    // the check being W's, not S's.
    let mut pos = singles("wR1sS1nK4/9/9/9/wK7eK/9/9/9/4sK4 S -/-/-/- SWNE 1");
    let effects = play(&mut pos, "7a8b");
    assert_eq!(effects.checks, seats(&[N]));
    assert_eq!(pos.turn(), N);
    assert_eq!(yonin::turn_reason(&pos), answering(&[W]));
    play(&mut pos, "5a5b");
    assert_eq!(pos.turn(), E);
}

#[test]
fn a_checked_player_may_not_ignore_the_check() {
    let mut pos = singles("4nK4/9/9/3sR5/wK7eK/9/9/9/4sK4 S -/-/-/- SWNE 1");
    play(&mut pos, "6d5d");
    // N's king stays on the file: refused, and every legal move leaves the file.
    assert_eq!(
        refusal(&pos, "5a5b"),
        shogiban::engine::IllegalMove::SelfCheck
    );
    let mut answers = legal(&pos);
    answers.sort();
    assert_eq!(answers, ["5a4a", "5a4b", "5a6a", "5a6b"]);
}

#[test]
fn a_live_king_is_never_captured_while_checks_are_pending() {
    // N, in check from S's rook, has its own rook on E's king: N must answer, and
    // taking E's king is not a legal answer (nor any move).
    let pos = singles("4nK3nR/9/4sR4/9/wK7eK/9/9/9/4sK4 N -/-/-/- SWNE 1");
    assert!(pos.in_check(N) && pos.in_check(E));
    assert_eq!(
        refusal(&pos, "1a1e"),
        shogiban::engine::IllegalMove::CaptureKing("1e".into())
    );
}
