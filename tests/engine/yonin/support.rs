//! Helpers shared by the yonin scenario tests.

use shogiban::engine::shogi::{PlayEffects, ShogiPosition};
use shogiban::engine::yonin;
use shogiban::engine::{IllegalMove, MoveParseError, Position, Seat, SeatSet};

pub use yonin::{E, N, S, W};

/// A singles position from its text (panics with the reason if the text is refused).
pub fn singles(text: &str) -> ShogiPosition {
    yonin::from_text(text, false).unwrap_or_else(|e| panic!("bad position {text:?}: {e}"))
}

/// A doubles position from its text.
pub fn doubles(text: &str) -> ShogiPosition {
    yonin::from_text(text, true).unwrap_or_else(|e| panic!("bad position {text:?}: {e}"))
}

/// A set of seats.
pub fn seats(list: &[Seat]) -> SeatSet {
    list.iter().fold(SeatSet::EMPTY, |set, &s| set.with(s))
}

/// Plays move text (any notation) for the seat to move and checks that the position text
/// still round-trips.
pub fn play(pos: &mut ShogiPosition, text: &str) -> PlayEffects {
    let m = yonin::parse_move(pos, text)
        .unwrap_or_else(|e| panic!("{text} refused in {}: {e}", yonin::to_text(pos)));
    let effects = pos.apply(&m);
    let written = yonin::to_text(pos);
    let read = yonin::from_text(&written, pos.spec().doubles)
        .unwrap_or_else(|e| panic!("{written:?} does not read back: {e}"));
    assert_eq!(&read, pos, "{written}");
    assert_eq!(yonin::to_text(&read), written);
    assert_eq!(read.hash(), pos.hash());
    effects
}

/// The legal moves in coordinate form.
pub fn legal(pos: &ShogiPosition) -> Vec<String> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves.iter().map(|m| yonin::to_coordinate(pos, m)).collect()
}

/// The rule that refuses move text, which must be well-formed.
pub fn refusal(pos: &ShogiPosition, text: &str) -> IllegalMove {
    assert!(
        !legal(pos).contains(&text.to_string()),
        "{text} is among the legal moves"
    );
    match yonin::parse_move(pos, text) {
        Err(MoveParseError::Illegal { reason, .. }) => reason,
        other => panic!("{text}: expected a refusal naming a rule, got {other:?}"),
    }
}
