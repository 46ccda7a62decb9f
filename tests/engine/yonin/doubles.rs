//! Doubles: partners sit opposite (S+N against W+E). A partner's piece may not be
//! captured, never checks you and never pins your pieces; the first elimination ends the
//! game. Each position is also read as singles to show the difference.

use shogiban::engine::yonin::{self, TurnReason};
use shogiban::engine::EliminationReason::Mate;
use shogiban::engine::IllegalMove;

use super::support::*;

#[test]
fn a_partners_piece_may_not_be_captured() {
    let text = "4nK4/9/4nG4/9/wK7eK/4sR4/9/9/4sK4 S -/-/-/- SWNE 1";
    assert_eq!(
        refusal(&doubles(text), "5f5c"),
        IllegalMove::PartnerPiece("5c".into())
    );
    assert!(legal(&singles(text)).contains(&"5f5c".to_string()));
    // An opponent's piece is fair game in doubles too.
    let against_w = "4nK4/9/4wG4/9/wK7eK/4sR4/9/9/4sK4 S -/-/-/- SWNE 1";
    assert!(legal(&doubles(against_w)).contains(&"5f5c".to_string()));
}

#[test]
fn a_partner_never_gives_check() {
    // N's rook looks down the 5 file at S's king.
    let text = "4nK4/9/9/9/wKwG2nR2eGeK/9/9/9/4sK4 S -/-/-/- SWNE 1";
    let single = singles(text);
    assert!(single.in_check(S));
    assert!(!legal(&single).contains(&"5i5h".to_string()));

    let pair = doubles(text);
    assert!(!pair.in_check(S));
    assert!(pair.checked_seats().is_empty());
    assert_eq!(yonin::turn_reason(&pair), TurnReason::InTurn);
    // S's king may even step onto the rook's file.
    assert!(legal(&pair).contains(&"5i5h".to_string()));
}

#[test]
fn a_partners_move_does_not_change_the_turn_order() {
    // N moves its rook onto S's file: in singles S answers at once, in doubles E moves.
    let text = "4nK4/9/9/3nR5/wK7eK/9/9/9/4sK4 N -/-/-/- SWNE 1";
    let mut single = singles(text);
    play(&mut single, "6d5d");
    assert_eq!(single.turn(), S);
    let mut pair = doubles(text);
    let effects = play(&mut pair, "6d5d");
    assert!(effects.checks.is_empty());
    assert_eq!(pair.turn(), E);
}

#[test]
fn a_partner_never_pins() {
    // S's gold stands between S's king and N's rook.
    let text = "4nK4/9/9/4nR4/wK7eK/9/9/4sG4/4sK4 S -/-/-/- SWNE 1";
    assert_eq!(refusal(&singles(text), "5h4h"), IllegalMove::SelfCheck);
    assert!(legal(&doubles(text)).contains(&"5h4h".to_string()));
}

#[test]
fn the_first_elimination_ends_the_game() {
    // S mates E with a gold drop: in doubles W+E have lost and nobody moves again; in
    // singles play goes on with S to move.
    let text = "4nK4/9/9/7eSeG/wK7eK/9/8sG/9/4sK2sR1 S G/-/-/- SWNE 1";
    let mut pair = doubles(text);
    let effects = play(&mut pair, "G*1f");
    assert_eq!(effects.eliminated.as_slice(), &[(E, Mate)]);
    assert!(pair.is_decided());
    assert_eq!(pair.seat_to_move(), None);
    assert!(legal(&pair).is_empty());

    let mut single = singles(text);
    play(&mut single, "G*1f");
    assert!(!single.is_decided());
    assert_eq!(single.seat_to_move(), Some(S));
}

#[test]
fn a_pawn_drop_in_front_of_a_partners_king_is_no_uchifuzume() {
    // S's pawn on 5b would face N's lone king, hemmed in by S's silvers and golds: in
    // singles that is a pawn-drop mate; in doubles it is no check at all, so the drop is
    // legal (even though it leaves N, and so S's pair, without a move).
    let text = "4nK4/2sS3sS2/3sG1sG3/9/wK7eK/9/9/9/4sK4 S P/-/-/- SWNE 1";
    assert_eq!(refusal(&singles(text), "P*5b"), IllegalMove::Uchifuzume);
    assert!(legal(&doubles(text)).contains(&"P*5b".to_string()));
}
