//! The move type shared by every variant.

use super::geometry::Sq;
use super::piece::KindId;

/// One move: a board move (possibly passing through up to two middle squares, as lion and
/// lion-dog moves do, capturing whatever enemy piece stands on them) or a drop from hand.
///
/// Eight-plus bytes and `Copy`, so move lists never allocate per move.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub struct Move {
    /// Origin square; `Sq::NONE` for a drop.
    pub from: Sq,
    /// Destination square (for igui and pass it equals `from`).
    pub to: Sq,
    /// Middle squares visited on the way, in order; `Sq::NONE` where unused.
    pub via: [Sq; 2],
    /// The kind dropped, for drops.
    pub drop: Option<KindId>,
    /// The piece promotes at the end of the move.
    pub promote: bool,
}

impl Move {
    /// An ordinary board move.
    #[inline]
    pub fn board(from: Sq, to: Sq, promote: bool) -> Move {
        Move {
            from,
            to,
            via: [Sq::NONE; 2],
            drop: None,
            promote,
        }
    }

    /// A drop of `kind` from hand onto `to`.
    #[inline]
    pub fn drop(kind: KindId, to: Sq) -> Move {
        Move {
            from: Sq::NONE,
            to,
            via: [Sq::NONE; 2],
            drop: Some(kind),
            promote: false,
        }
    }

    /// A multi-step move through one or two middle squares.
    #[inline]
    pub fn through(from: Sq, via: [Sq; 2], to: Sq, promote: bool) -> Move {
        Move {
            from,
            to,
            via,
            drop: None,
            promote,
        }
    }

    #[inline]
    pub fn is_drop(&self) -> bool {
        self.drop.is_some()
    }

    /// The middle squares actually used.
    pub fn middles(&self) -> impl Iterator<Item = Sq> + '_ {
        self.via.iter().copied().filter(|s| !s.is_none())
    }
}
