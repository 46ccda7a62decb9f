//! Piece kinds as data, and pieces as they stand on a board.
//!
//! Each variant has one table of [`KindDef`]s: code, names, kanji, move pattern and
//! promotion are written there once, and notation, move generation and the renderer all
//! read them from it.

use super::geometry::Seat;

/// Index of a kind in its variant's kind table.
pub type KindId = u8;

/// One line of movement in the owner's own frame (forward is `dy = -1`).
///
/// A unit displacement (`|dx|, |dy| <= 1`) is a step (`range == 1`), a limited slide
/// (`range > 1`) or an unlimited slide (`range == 0`); any other displacement is a jump to
/// exactly that square, over anything in between.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub struct Ray {
    pub dx: i8,
    pub dy: i8,
    pub range: u8,
}

impl Ray {
    pub const fn step(dx: i8, dy: i8) -> Ray {
        Ray { dx, dy, range: 1 }
    }
    pub const fn slide(dx: i8, dy: i8) -> Ray {
        Ray { dx, dy, range: 0 }
    }
    pub const fn limited(dx: i8, dy: i8, range: u8) -> Ray {
        Ray { dx, dy, range }
    }
    pub const fn jump(dx: i8, dy: i8) -> Ray {
        Ray { dx, dy, range: 1 }
    }
    pub fn is_jump(self) -> bool {
        self.dx.abs() > 1 || self.dy.abs() > 1
    }
}

/// Move powers that are not a set of rays (dai dai shogi's multi-step movers).
#[derive(Copy, Clone, Eq, PartialEq, Debug, Default)]
pub enum Special {
    #[default]
    None,
    /// Lion: two king steps with capture on either, or a jump within king distance 2.
    Lion,
    /// Lion dog: up to three squares along each of the eight lines, stepping or jumping.
    LionDog,
    /// Furious fiend: lion move or lion-dog move.
    FuriousFiend,
    /// Great elephant: lion-dog power on the four orthogonals and the two back diagonals.
    GreatElephant,
    /// Hook mover: rook slide, optionally turning 90 degrees once on an empty square.
    HookOrthogonal,
    /// Long-nosed goblin: bishop slide, optionally turning 90 degrees once.
    HookDiagonal,
}

/// A kind of piece: everything the rules, notation and renderer need to know about it.
#[derive(Clone, Debug)]
pub struct KindDef {
    /// Code used in position text and Western notation (`P`, `+P`, `Ln`, `BM`).
    pub code: &'static str,
    /// English name.
    pub name: &'static str,
    /// Kanji drawn on the piece and written in Japanese notation (one or two characters).
    pub kanji: &'static str,
    /// The king's other face (王 for White's king in standard shogi), when there is one.
    pub kanji_alt: Option<&'static str>,
    /// Single-character kanji used in KIF move text (standard shogi), when it differs.
    pub kif: &'static str,
    pub rays: &'static [Ray],
    pub special: Special,
    /// The kind this one becomes on promotion, if it promotes.
    pub promotes_to: Option<KindId>,
    /// The unpromoted kind a captured piece of this kind turns into in hand.
    pub base: KindId,
    /// This kind is itself a promoted form.
    pub promoted: bool,
    /// Loss of this piece loses the game.
    pub royal: bool,
    /// Must promote (or may not be dropped) within this many lines of the far edge:
    /// 1 for pawn and lance, 2 for the knight in standard shogi, 0 otherwise.
    pub dead_depth: u8,
    /// Points for impasse and move-limit scoring.
    pub points: u8,
    /// Size class for drawing (larger for more valuable pieces), 0..=3.
    pub draw_class: u8,
}

/// A piece on the board: kind, owner and whether it has promoted, packed in 16 bits.
///
/// The promoted flag is separate from the kind because in dai dai shogi a promoted piece
/// may have the same kind as an original one (an eastern barbarian promotes to a lion,
/// which must then never promote again).
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub struct Piece(u16);

const OCCUPIED: u16 = 0x8000;
const PROMOTED: u16 = 1 << 9;

/// Cell value of an empty square.
pub const EMPTY: u16 = 0;
/// Cell value of a wall square around the board.
pub const WALL: u16 = 0xFFFF;

impl Piece {
    #[inline]
    pub fn new(kind: KindId, owner: Seat, promoted: bool) -> Piece {
        debug_assert!(kind < 128 && owner.0 < 4);
        Piece(OCCUPIED | (promoted as u16) << 9 | (owner.0 as u16) << 7 | kind as u16)
    }

    /// The piece in a mailbox cell, or `None` for an empty or wall cell.
    #[inline]
    pub fn from_cell(cell: u16) -> Option<Piece> {
        (cell != EMPTY && cell != WALL).then_some(Piece(cell))
    }

    #[inline]
    pub fn cell(self) -> u16 {
        self.0
    }

    #[inline]
    pub fn kind(self) -> KindId {
        (self.0 & 0x7F) as KindId
    }

    #[inline]
    pub fn owner(self) -> Seat {
        Seat(((self.0 >> 7) & 3) as u8)
    }

    #[inline]
    pub fn promoted(self) -> bool {
        self.0 & PROMOTED != 0
    }

    #[inline]
    pub fn with_kind(self, kind: KindId, promoted: bool) -> Piece {
        Piece::new(kind, self.owner(), promoted)
    }
}

/// Owner of the piece in a cell, if the cell holds a piece.
#[inline]
pub fn cell_owner(cell: u16) -> Option<Seat> {
    Piece::from_cell(cell).map(Piece::owner)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_keeps_every_field() {
        for kind in [0u8, 5, 67, 127] {
            for owner in 0..4 {
                for promoted in [false, true] {
                    let p = Piece::new(kind, Seat(owner), promoted);
                    assert_eq!(p.kind(), kind);
                    assert_eq!(p.owner(), Seat(owner));
                    assert_eq!(p.promoted(), promoted);
                    assert_ne!(p.cell(), EMPTY);
                    assert_ne!(p.cell(), WALL);
                    assert_eq!(Piece::from_cell(p.cell()), Some(p));
                }
            }
        }
        assert_eq!(Piece::from_cell(EMPTY), None);
        assert_eq!(Piece::from_cell(WALL), None);
    }
}
