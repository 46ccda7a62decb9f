//! Forbidden moves: uchifuzume against any opponent, pawn drops in front of a flipped
//! king, nifu along each seat's own lines (ranks for W and E), pawns on their last line.

use shogiban::engine::yonin::{self, TurnReason};
use shogiban::engine::EliminationReason::NoMove;
use shogiban::engine::IllegalMove;

use super::support::*;

/// E's king on 1e is hemmed in by its own gold and silver; S's rook covers the 2 file
/// and S's gold on 1g guards 1f. S (whose next player is W, not E) holds a pawn.
const PAWN_MATE: &str = "4nK4/9/9/7eSeG/wK7eK/9/8sG/9/4sK2sR1 S P/-/-/- SWNE 1";

#[test]
fn uchifuzume_against_a_player_who_is_not_next() {
    let pos = singles(PAWN_MATE);
    assert_eq!(refusal(&pos, "P*1f"), IllegalMove::Uchifuzume);
    assert_eq!(refusal(&pos, "S: P*1f"), IllegalMove::Uchifuzume);
    // Other pawn drops are fine.
    assert!(legal(&pos).contains(&"P*1h".to_string()));
}

#[test]
fn a_pawn_drop_check_that_can_be_answered_is_legal() {
    // Without S's gold on 1g, E's king can take the pawn.
    let mut pos = singles("4nK4/9/9/7eSeG/wK7eK/9/9/9/4sK2sR1 S P/-/-/- SWNE 1");
    let effects = play(&mut pos, "P*1f");
    assert_eq!(effects.checks, seats(&[E]));
    assert_eq!(pos.turn(), E);
    assert_eq!(legal(&pos), ["1e1f"]);
}

#[test]
fn a_pawn_drop_that_leaves_a_player_without_a_move_but_not_in_check_is_legal() {
    // W's king has one square left, 9f; S's pawn dropped on 9g covers it without giving
    // check. The drop stands and W is eliminated for having no move when its turn comes.
    let mut pos = singles("4nK4/9/sG8/9/wK7eK/9/9/1sR7/4sK4 S P/-/-/- SWNE 1");
    let effects = play(&mut pos, "P*9g");
    assert_eq!(effects.eliminated.as_slice(), &[(W, NoMove)]);
    assert_eq!(pos.turn(), N);
}

/// N is out: its king on 5a is flipped. S has a pawn on 5c and one in hand, W a pawn in
/// hand and a rook on 9a.
const DEAD_KING: &str = "wR3nK4/9/4sP4/9/wK7eK/9/9/9/4sK4 S P/P/-/- SWE 1";

#[test]
fn a_pawn_may_be_pushed_but_not_dropped_in_front_of_a_flipped_king() {
    let mut pos = singles(DEAD_KING);
    // Pushing is allowed, promoting or not (5b is not S's last line).
    let moves = legal(&pos);
    assert!(moves.contains(&"5c5b".to_string()));
    assert!(moves.contains(&"5c5b+".to_string()));
    play(&mut pos, "5i4i");
    // W may not drop a pawn on 6a, facing the flipped king (W moves towards file 1).
    assert_eq!(pos.turn(), W);
    assert_eq!(refusal(&pos, "P*6a"), IllegalMove::PawnBeforeDeadKing);
    assert!(legal(&pos).contains(&"P*7a".to_string()));
    // Nor may W's rook pass or take the flipped king.
    assert!(legal(&pos).contains(&"9a6a".to_string()));
    assert_eq!(refusal(&pos, "9a5a"), IllegalMove::CaptureKing("5a".into()));
    assert!(yonin::parse_move(&pos, "9a4a").is_err());

    // S, with no pawn on the 5 file, may not drop one on 5b either.
    let pos = singles("wR3nK4/9/5sP3/9/wK7eK/9/9/9/4sK4 S P/P/-/- SWE 1");
    assert_eq!(refusal(&pos, "P*5b"), IllegalMove::PawnBeforeDeadKing);
    assert!(legal(&pos).contains(&"P*6b".to_string()));
}

/// One unpromoted pawn of each seat on the board and one in each hand: W's on 7e, S's on
/// 7g, E's on 3c, N's on 5c.
const PAWNS: &str = "4nK4/9/4nP1eP2/9/wK1wP5eK/9/2sP6/9/4sK4 S P/P/P/P SWNE 1";

fn with_turn(text: &str, seat: char) -> String {
    let mut fields: Vec<String> = text.split(' ').map(String::from).collect();
    fields[1] = seat.to_string();
    fields.join(" ")
}

#[test]
fn nifu_uses_files_for_s_and_n_and_ranks_for_w_and_e() {
    // S and N: a second pawn on the same file is refused, another file is fine.
    let s = singles(&with_turn(PAWNS, 'S'));
    assert_eq!(refusal(&s, "P*7c"), IllegalMove::Nifu);
    assert!(
        legal(&s).contains(&"P*4g".to_string()),
        "same rank, other file"
    );
    let n = singles(&with_turn(PAWNS, 'N'));
    assert_eq!(refusal(&n, "P*5f"), IllegalMove::Nifu);
    assert!(legal(&n).contains(&"P*2c".to_string()));

    // W and E: a second pawn on the same rank is refused, the same file is fine.
    let w = singles(&with_turn(PAWNS, 'W'));
    assert_eq!(refusal(&w, "P*4e"), IllegalMove::Nifu);
    assert!(
        legal(&w).contains(&"P*7d".to_string()),
        "same file, other rank"
    );
    let e = singles(&with_turn(PAWNS, 'E'));
    assert_eq!(refusal(&e, "P*6c"), IllegalMove::Nifu);
    assert!(legal(&e).contains(&"P*3d".to_string()));

    // And the position text refuses a board with nifu on a rank.
    let bad = PAWNS.replace("wK1wP5eK", "wK1wP1wP3eK");
    let err = yonin::from_text(&bad, false).unwrap_err();
    assert!(err.to_string().contains("nifu"), "{err}");
}

/// A pawn of each seat one step from its last line (S on 6b, W on 2c, N on 4h, E on 8g),
/// and a pawn in every hand.
const LAST_LINES: &str = "4nK4/3sP5/7wP1/9/wK7eK/9/1eP7/5nP3/4sK4 S P/P/P/P SWNE 1";

#[test]
fn a_pawn_must_promote_on_its_last_line_and_may_not_be_dropped_there() {
    for (seat, push, drop) in [
        ('S', "6b6a", "P*3a"),
        ('W', "2c1c", "P*1g"),
        ('N', "4h4i", "P*3i"),
        ('E', "8g9g", "P*9c"),
    ] {
        let pos = singles(&with_turn(LAST_LINES, seat));
        let moves = legal(&pos);
        assert!(moves.contains(&format!("{push}+")), "{seat}: {push}+");
        assert!(
            matches!(refusal(&pos, push), IllegalMove::DeadPiece { .. }),
            "{seat}"
        );
        assert!(
            matches!(refusal(&pos, drop), IllegalMove::DeadPiece { .. }),
            "{seat}"
        );
    }
    // Promotion is optional one line earlier (S's pawn on 6b came from 6c).
    let pos = singles(
        &LAST_LINES
            .replace("3sP5", "9")
            .replace("/9/wK7eK", "/3sP5/wK7eK"),
    );
    assert!(legal(&pos).contains(&"6d6c".to_string()));
    assert!(legal(&pos).contains(&"6d6c+".to_string()));
}

#[test]
fn self_check_is_refused_against_any_live_opponent() {
    // S's gold on 5h is pinned by N's rook: moving it would expose S's king.
    let pos = singles("4nK4/9/9/4nR4/wK7eK/9/9/4sG4/4sK4 S -/-/-/- SWNE 1");
    assert_eq!(refusal(&pos, "5h4h"), IllegalMove::SelfCheck);
    assert!(legal(&pos).contains(&"5h5g".to_string()));
    assert_eq!(yonin::turn_reason(&pos), TurnReason::InTurn);
}
