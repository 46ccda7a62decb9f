//! Where generated moves go. Each variant has one legal-move generator, written against
//! [`Sink`]: a list keeps the moves, a [`Counter`] only counts them (perft's last ply), and
//! [`Any`] stops at the first (is there a legal move at all?). The two that never look at
//! a move say so ([`Sink::COUNTS_ONLY`]), and a generator may then hand them a number of
//! moves at once, counted from bitboards without making the moves. [`Find`] looks for one
//! given move, and tells a generator that filters to skip every other.

use super::bitboard::{self, Bits};
use super::geometry::Sq;
use super::moves::Move;
use super::piece::KindId;

/// A receiver of generated moves.
pub trait Sink {
    /// The sink never looks at the moves it takes, only at how many: a generator may pass
    /// it counts through [`Sink::push_count`] instead of moves.
    const COUNTS_ONLY: bool = false;

    /// The sink keeps only moves that take a piece: a generator may leave out moves onto
    /// empty squares that pass over nothing (it still walks the squares to find the
    /// captures beyond).
    const CAPTURES_ONLY: bool = false;

    /// Takes a move; returns `true` to stop generating.
    fn push(&mut self, m: Move) -> bool;

    /// Takes drops of `kind` on each of `squares`, in order; returns `true` to stop. A
    /// counter adds them in one step (bulk counting), without making each move.
    #[inline]
    fn push_drops(&mut self, kind: KindId, squares: &[Sq]) -> bool {
        squares.iter().any(|&to| self.push(Move::drop(kind, to)))
    }

    /// The squares of a 9x9 board (as bits) that board moves of the piece of `kind` on bit
    /// `from` must end on to interest the sink: a drop-shogi generator leaves out the
    /// piece's other moves (and the piece, where none of its squares is wanted). A filter
    /// that keeps few moves (the checks) says which it may keep; every square by default.
    #[inline]
    fn board_targets(&mut self, from: usize, kind: KindId) -> Bits {
        let _ = (from, kind);
        Bits::MAX
    }

    /// As [`Sink::board_targets`], for drops of `kind`.
    #[inline]
    fn drop_targets(&mut self, kind: KindId) -> Bits {
        let _ = kind;
        Bits::MAX
    }

    /// The one square whose piece's moves interest the sink, if only one does: a
    /// generator that cannot filter by target bits (dai dai shogi's) generates that
    /// piece's moves alone.
    #[inline]
    fn only_from(&self) -> Option<Sq> {
        None
    }

    /// Takes `n` moves at once; returns `true` to stop. Generators call it only for sinks
    /// that set [`Sink::COUNTS_ONLY`], which must then implement it.
    #[inline]
    fn push_count(&mut self, n: usize) -> bool {
        unreachable!("{n} moves counted into a sink that keeps moves")
    }
}

impl Sink for Vec<Move> {
    #[inline]
    fn push(&mut self, m: Move) -> bool {
        Vec::push(self, m);
        false
    }
}

/// Counts moves without keeping them.
#[derive(Copy, Clone, Debug, Default)]
pub struct Counter(pub usize);

impl Sink for Counter {
    const COUNTS_ONLY: bool = true;

    #[inline]
    fn push(&mut self, _: Move) -> bool {
        self.0 += 1;
        false
    }

    #[inline]
    fn push_drops(&mut self, _: KindId, squares: &[Sq]) -> bool {
        self.0 += squares.len();
        false
    }

    #[inline]
    fn push_count(&mut self, n: usize) -> bool {
        self.0 += n;
        false
    }
}

/// Whether any move exists: stops the generator at the first.
#[derive(Copy, Clone, Debug, Default)]
pub struct Any(pub bool);

impl Sink for Any {
    const COUNTS_ONLY: bool = true;

    #[inline]
    fn push(&mut self, _: Move) -> bool {
        self.0 = true;
        true
    }

    #[inline]
    fn push_drops(&mut self, _: KindId, squares: &[Sq]) -> bool {
        self.0 |= !squares.is_empty();
        self.0
    }

    #[inline]
    fn push_count(&mut self, n: usize) -> bool {
        self.0 |= n > 0;
        self.0
    }
}

/// Whether one given move is among the legal ones: stops at it, and asks a filtering
/// generator (the drop-shogi one) for no move of another piece or to another square, so
/// that testing a move kept from an earlier search costs a fraction of listing them all.
#[derive(Copy, Clone, Debug)]
pub struct Find {
    wanted: Move,
    /// The wanted move's origin and destination as bits of a 9x9 board (`None` for a drop
    /// or off such a board, where nothing is filtered).
    from: Option<Bits>,
    to: Option<Bits>,
    pub found: bool,
}

impl Find {
    pub fn new(wanted: Move) -> Find {
        let from = if wanted.is_drop() {
            None
        } else {
            bitboard::try_bit(wanted.from)
        };
        Find {
            wanted,
            from,
            to: bitboard::try_bit(wanted.to),
            found: false,
        }
    }
}

impl Sink for Find {
    #[inline]
    fn push(&mut self, m: Move) -> bool {
        self.found = m == self.wanted;
        self.found
    }

    #[inline]
    fn only_from(&self) -> Option<Sq> {
        (!self.wanted.is_drop()).then_some(self.wanted.from)
    }

    #[inline]
    fn board_targets(&mut self, from: usize, _: KindId) -> Bits {
        match (self.wanted.drop, self.from, self.to) {
            (None, Some(f), Some(t)) if f == 1 << from => t,
            (None, Some(_), Some(_)) | (Some(_), _, Some(_)) => 0,
            _ => Bits::MAX,
        }
    }

    #[inline]
    fn drop_targets(&mut self, kind: KindId) -> Bits {
        match (self.wanted.drop, self.to) {
            (Some(k), Some(t)) if k == kind => t,
            (_, Some(_)) => 0,
            _ => Bits::MAX,
        }
    }
}
