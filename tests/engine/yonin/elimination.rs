//! Elimination and its after-effects: the flipped king (裏王), the frozen hand, powerless
//! pieces that anyone may capture, play going on clockwise from the eliminated player, and
//! the original rules' hand transfer.

use shogiban::engine::yonin::{self, TurnReason};
use shogiban::engine::EliminationReason::{Mate, NoMove};
use shogiban::engine::IllegalMove;

use super::support::*;

/// S drops a gold on 5b, defended by the pawn on 5c: N is mated. N holds a gold in hand;
/// N's rook on 5d covers rank d (so E's king may not go to 1d) until N is out; E's rook
/// on 5f faces it.
const MATE: &str = "4nK4/9/4sP4/4nR4/wK7eK/4eR4/9/4sG4/4sK4 S G/-/G/- SWNE 1";

#[test]
fn mate_eliminates_and_play_goes_on_clockwise_from_the_eliminated() {
    let mut pos = singles(MATE);
    assert!(!legal(&pos).is_empty());
    let effects = play(&mut pos, "G*5b");
    assert_eq!(effects.eliminated.as_slice(), &[(N, Mate)]);
    assert_eq!(pos.alive(), seats(&[S, W, E]));
    // Clockwise from N, not from S: E moves next and W waits.
    assert_eq!(pos.turn(), E);
    assert_eq!(yonin::turn_reason(&pos), TurnReason::InTurn);
    // The king stays where it stands, flipped: the text lists N as out, and N's hand
    // keeps its gold.
    assert_eq!(
        yonin::to_text(&pos),
        "4nK4/4sG4/4sP4/4nR4/wK7eK/4eR4/9/4sG4/4sK4 E -/-/G/- SWE 2"
    );
}

#[test]
fn the_eliminated_players_pieces_are_powerless_but_still_there() {
    let mut pos = singles(MATE);
    // While N plays, its rook covers 1d.
    let mut before = pos.clone();
    before.set_turn(E);
    assert!(!legal(&before).contains(&"1e1d".to_string()));

    play(&mut pos, "G*5b");
    assert!(
        legal(&pos).contains(&"1e1d".to_string()),
        "the rook gives no check now"
    );
    // The rook still blocks: E's rook on 5f cannot pass it up the file.
    assert_eq!(
        refusal(&pos, "5f5c"),
        IllegalMove::Blocked {
            from: "5f".into(),
            to: "5c".into()
        }
    );
}

#[test]
fn a_powerless_piece_is_captured_into_the_captors_hand() {
    let mut pos = singles(MATE);
    play(&mut pos, "G*5b");
    let effects = play(&mut pos, "E: Rx5d");
    assert_eq!(effects.captured.map(|p| p.owner()), Some(N));
    assert_eq!(
        yonin::to_text(&pos),
        "4nK4/4sG4/4sP4/4eR4/wK7eK/9/9/4sG4/4sK4 S -/-/G/R SWE 3"
    );
    // E may drop the rook on its next turn.
    play(&mut pos, "5i4i");
    play(&mut pos, "9e9f");
    assert_eq!(pos.turn(), E);
    assert!(legal(&pos).contains(&"R*8h".to_string()));
}

#[test]
fn the_flipped_king_is_a_permanent_obstacle() {
    let mut pos = singles(MATE);
    play(&mut pos, "G*5b");
    play(&mut pos, "1e1f");
    // S's gold stands next to the flipped king and may not take it.
    assert_eq!(pos.turn(), S);
    assert_eq!(refusal(&pos, "5b5a"), IllegalMove::CaptureKing("5a".into()));
    assert!(pos
        .piece_at(pos.geometry().parse_square("5a").unwrap())
        .is_some());
    assert_eq!(pos.king_square(N), pos.geometry().parse_square("5a"));
    assert!(!pos.in_check(N), "nobody is in check on a flipped king");
}

#[test]
fn the_frozen_hand_stays_and_nobody_uses_it() {
    let mut pos = singles(MATE);
    play(&mut pos, "G*5b");
    for mv in ["1e1f", "5i4i", "9e9d", "1f1e", "4i5i"] {
        play(&mut pos, mv);
        assert_eq!(
            pos.hand(N).collect::<Vec<_>>(),
            [(shogiban::engine::kinds::GOLD, 1)]
        );
    }
    // Nobody else gained a gold to drop: S dropped its own.
    for seat in [S, W, E] {
        assert_eq!(pos.hand_count(seat, shogiban::engine::kinds::GOLD), 0);
    }
}

#[test]
fn the_original_rules_give_the_hand_to_the_eliminator() {
    let mut pos = singles(MATE);
    pos.set_hand_to_eliminator(true);
    play(&mut pos, "G*5b");
    assert_eq!(
        yonin::to_text(&pos),
        "4nK4/4sG4/4sP4/4nR4/wK7eK/4eR4/9/4sG4/4sK4 E G/-/-/- SWE 2"
    );
}

#[test]
fn no_legal_move_without_check_also_eliminates() {
    // W has only its king, boxed in by S's gold, silver and (after the move) rook on the
    // 8 file, yet not in check: W is out when its turn comes.
    let mut pos = singles("4nK4/9/sG8/9/wK7eK/9/sS8/2sR6/4sK4 S -/-/-/- SWNE 1");
    let effects = play(&mut pos, "7h8h");
    assert_eq!(effects.eliminated.as_slice(), &[(W, NoMove)]);
    assert!(effects.checks.is_empty());
    assert_eq!(pos.turn(), N);
    assert_eq!(
        yonin::to_text(&pos),
        "4nK4/9/sG8/9/wK7eK/9/sS8/1sR7/4sK4 N -/-/-/- SNE 2"
    );
}

#[test]
fn one_move_can_eliminate_two_players() {
    // The rook dropped on 9a mates W down the file and N along the rank, each boxed in by
    // its own pawns. Both are credited to S, W first (clockwise from S), and E moves next.
    let mut pos = singles("4nK4/3nPnPnP3/9/1wP7/wKwP6eK/1wP7/9/9/4sK4 S R/-/-/- SWNE 1");
    let effects = play(&mut pos, "R*9a");
    assert_eq!(effects.eliminated.as_slice(), &[(W, Mate), (N, Mate)]);
    assert_eq!(pos.alive(), seats(&[S, E]));
    assert_eq!(pos.turn(), E);
    assert!(
        pos.seat_to_move().is_some(),
        "two are left: the game goes on"
    );
}

#[test]
fn the_last_survivor_ends_the_game() {
    // Two left (S and E): S mates E with a gold drop, and nobody is to move any more.
    let mut pos = singles("9/9/9/7eSeG/nK7eK/9/8sG/9/wK3sK2sR1 S G/-/-/- SE 40");
    let effects = play(&mut pos, "G*1f");
    assert_eq!(effects.eliminated.as_slice(), &[(E, Mate)]);
    assert!(pos.is_decided());
    assert_eq!(pos.seat_to_move(), None);
    assert_eq!(yonin::turn_reason(&pos), TurnReason::GameOver);
    assert!(legal(&pos).is_empty());
    // The text still reads back, with the game over.
    assert_eq!(
        yonin::to_text(&pos),
        "9/9/9/7eSeG/nK7eK/8sG/8sG/9/wK3sK2sR1 E -/-/-/- S 41"
    );
}

#[test]
fn a_position_whose_player_to_move_has_no_move_is_refused() {
    // Play would have eliminated W already (see above), so the text cannot say W is to move.
    let err =
        yonin::from_text("4nK4/9/sG8/9/wK7eK/9/sS8/1sR7/4sK4 W -/-/-/- SWNE 2", false).unwrap_err();
    assert!(err.to_string().contains("no legal move"), "{err}");
}
