//! Eliminations from outside the board (timeout; resignation where allowed): the king
//! flips, the hand freezes, nobody is credited, and the turn passes on by the usual rule.

use shogiban::engine::yonin;
use shogiban::engine::EliminationReason::NoMove;

use super::support::*;

#[test]
fn a_timeout_on_ones_own_turn_passes_the_turn_clockwise() {
    let mut pos = yonin::start(false);
    let effects = pos.eliminate_externally(S);
    assert!(effects.eliminated.is_empty());
    assert_eq!(pos.alive(), seats(&[W, N, E]));
    assert_eq!(pos.turn(), W);
    assert_eq!(
        yonin::to_text(&pos),
        yonin::START_TEXT.replace(" S -/-/-/- SWNE 1", " W -/-/-/- WNE 1")
    );
    // S's pieces are powerless: W may take them like any other.
    play(&mut pos, "W: 7e6e");
}

#[test]
fn the_timed_out_players_pieces_lose_their_power() {
    // S's gold, silver and rook box W's king in; once S is out, they no longer do.
    let text = "4nK4/9/sG8/9/wK7eK/9/sS8/1sR7/4sK4 S -/-/-/- SWNE 1";
    let mut boxed = singles(text);
    boxed.set_turn(W);
    assert!(legal(&boxed).is_empty());
    let mut pos = singles(text);
    let effects = pos.eliminate_externally(S);
    assert!(effects.eliminated.is_empty());
    assert_eq!(pos.turn(), W);
    assert!(legal(&pos).contains(&"9e8e".to_string()));
}

#[test]
fn a_timeout_out_of_turn_leaves_the_player_to_move() {
    let mut pos = yonin::start(false);
    pos.eliminate_externally(N);
    assert_eq!(pos.turn(), S);
    assert_eq!(pos.alive(), seats(&[S, W, E]));
}

#[test]
fn a_timeout_credits_nobody_for_the_eliminations_it_causes() {
    // W has no move (boxed in by E's golds and rook) but it is S's turn. When S times
    // out, W's turn comes and W is out for lack of a move: credited to nobody. Under the
    // original rules S's hand stays frozen too, as nobody eliminated S.
    let mut pos = singles("4nK4/9/eG8/9/wK7eK/9/eG8/1eR7/4sK4 S G/-/-/- SWNE 1");
    pos.set_hand_to_eliminator(true);
    let effects = pos.eliminate_externally(S);
    assert_eq!(effects.eliminated.as_slice(), &[(W, NoMove)]);
    assert_eq!(pos.turn(), N);
    assert_eq!(
        yonin::to_text(&pos),
        "4nK4/9/eG8/9/wK7eK/9/eG8/1eR7/4sK4 N G/-/-/- NE 1"
    );
}
