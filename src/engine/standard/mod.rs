//! Standard shogi: the rules data for the shared drop-shogi position, SFEN and the
//! impasse declaration's count; the game rules the variant answers for ([`rules`]) and
//! its KIF and CSA records ([`record`], and [`kif_reader`] reading KIF back into a game).

pub mod kif_reader;
pub mod record;
pub mod rules;

use std::sync::OnceLock;

use super::error::PositionError;
use super::geometry::Seat;
use super::kinds::*;
use super::outcome::DeclarationFailure;
use super::position::Position;
use super::shogi::{ShogiPosition, ShogiSpec};
use super::Variant;

pub const BLACK: Seat = Seat(0);
pub const WHITE: Seat = Seat(1);

/// The start position in SFEN.
pub const START_SFEN: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

pub static SPEC: ShogiSpec = ShogiSpec {
    variant: Variant::Standard,
    geometry: Variant::Standard.geometry(),
    kinds: &STANDARD_KINDS,
    hand_kinds: &[ROOK, BISHOP, GOLD, SILVER, KNIGHT, LANCE, PAWN],
    seats: 2,
    quarter_turns: [0, 2, 0, 2],
    zone_depth: 3,
    doubles: false,
    king: KING,
    pawn: PAWN,
    move_examples: "7g7f, P*5e, P-7f, Bx2b+",
    names_mover: false,
    board_kinds: None,
    // Both sides' pieces of one full set.
    set_counts: &[
        (KING, 2),
        (ROOK, 2),
        (BISHOP, 2),
        (GOLD, 4),
        (SILVER, 4),
        (KNIGHT, 4),
        (LANCE, 4),
        (PAWN, 18),
    ],
    kings_required: false,
    tables: OnceLock::new(),
    board81: OnceLock::new(),
};

/// The standard start position.
pub fn start() -> ShogiPosition {
    from_sfen(START_SFEN).expect("the start position is valid")
}

/// Reads an SFEN position (`board side hands [move-number]`).
pub fn from_sfen(text: &str) -> Result<ShogiPosition, PositionError> {
    ShogiPosition::from_text(&SPEC, text)
}

/// Writes a position as SFEN.
pub fn to_sfen(pos: &ShogiPosition) -> String {
    pos.to_text()
}

/// Why an impasse declaration fails, if it does (27-point rule).
pub fn declaration_failure(pos: &ShogiPosition) -> Option<DeclarationFailure> {
    /// Pieces besides the king the declaring side needs in its zone.
    const PIECES_IN_ZONE: usize = 10;
    let me = pos.turn();
    let Some(king) = pos.king_square(me) else {
        return Some(DeclarationFailure::NoKing);
    };
    if !pos.in_zone(king, me) {
        return Some(DeclarationFailure::KingOutsideZone);
    }
    if pos.in_check(me) {
        return Some(DeclarationFailure::InCheck);
    }
    let g = SPEC.geometry;
    let in_zone = g
        .squares()
        .filter(|&sq| sq != king && pos.in_zone(sq, me))
        .filter(|&sq| pos.piece_at(sq).is_some_and(|p| p.owner() == me))
        .count();
    if in_zone < PIECES_IN_ZONE {
        return Some(DeclarationFailure::TooFewPiecesInZone {
            needed: PIECES_IN_ZONE,
            have: in_zone,
        });
    }
    let points = pos.points(me, true);
    let needed = if me == BLACK { 28 } else { 27 };
    if points < needed {
        return Some(DeclarationFailure::TooFewPoints {
            needed,
            have: points,
        });
    }
    None
}
