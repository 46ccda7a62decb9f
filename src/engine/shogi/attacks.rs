//! Attack tests of the drop-shogi position: whose pieces may attack or take whose, whether
//! a square is attacked (along the eight lines, and by a knight's leap), also on the board
//! as it would be after a move ([`Overlay`], so no copy is made), and check.

use super::*;

/// A hypothetical change to two cells, so an attack test can look at the board as it
/// would be after a move without copying it.
#[derive(Copy, Clone)]
pub(super) struct Overlay {
    pub(super) from: Sq,
    pub(super) to: Sq,
    pub(super) to_cell: u16,
}

impl Overlay {
    /// No change (index 0 is a wall, so mapping it to a wall changes nothing).
    pub(super) const NONE: Overlay = Overlay {
        from: Sq::NONE,
        to: Sq::NONE,
        to_cell: WALL,
    };
}

impl ShogiPosition {
    /// Seats whose pieces attack `seat`'s king: alive, not `seat`, not its partner.
    #[inline]
    pub fn attackers_of(&self, seat: Seat) -> SeatSet {
        let mut set = self.alive.without(seat);
        if let Some(p) = self.spec.partner(seat) {
            set = set.without(p);
        }
        set
    }

    /// Seats whose pieces `seat` may capture: everyone but itself and its partner,
    /// eliminated players included (their kings excepted).
    #[inline]
    pub(super) fn capturable_by(&self, seat: Seat) -> SeatSet {
        let mut set = SeatSet::all(self.spec.seats).without(seat);
        if let Some(p) = self.spec.partner(seat) {
            set = set.without(p);
        }
        set
    }

    /// Whether `seat`'s king is attacked by a live opponent.
    pub fn in_check(&self, seat: Seat) -> bool {
        match self.king_square(seat) {
            Some(k) if self.alive.contains(seat) => {
                self.attacked(k, self.attackers_of(seat), Overlay::NONE)
            }
            _ => false,
        }
    }

    /// Whether the legal move `m` would leave the opponent in check, told from the board
    /// as it stands (see [`Self::attacked_after`]).
    pub fn gives_check_unplayed(&self, m: &Move) -> Option<bool> {
        let me = self.to_move;
        let king = self.king_square(self.spec.next_seat(me))?;
        self.attacked_after(m, king, SeatSet::EMPTY.with(me))
    }

    /// Whether a piece of a seat in `by` would attack `target` once the legal move `m` is
    /// played, told from the board as it stands with the move laid over it (no copy),
    /// where two seats alternate. In yonin a move can end a seat's game and hands the
    /// turn by check priority, so it answers `None` there: play the move to see.
    pub fn attacked_after(&self, m: &Move, target: Sq, by: SeatSet) -> Option<bool> {
        if self.spec.seats != 2 {
            return None;
        }
        let me = self.to_move;
        let (from, moved) = match m.drop {
            // A drop empties no square: `from` names the target, which `to` overrides.
            Some(kind) => (m.to, Piece::new(kind, me, false)),
            None => (m.from, self.moved_piece(self.piece_at(m.from)?, m)),
        };
        let ov = Overlay {
            from,
            to: m.to,
            to_cell: moved.cell(),
        };
        Some(self.attacked(target, by, ov))
    }

    /// Alive seats whose king is attacked.
    pub fn checked_seats(&self) -> SeatSet {
        let mut set = SeatSet::EMPTY;
        for seat in self.alive.iter() {
            if self.in_check(seat) {
                set = set.with(seat);
            }
        }
        set
    }

    /// Whether a piece of a seat in `by` attacks `target`.
    pub fn is_attacked(&self, target: Sq, by: SeatSet) -> bool {
        self.attacked(target, by, Overlay::NONE)
    }

    #[inline]
    fn cell(&self, sq: Sq, ov: Overlay) -> u16 {
        if sq == ov.to {
            ov.to_cell
        } else if sq == ov.from {
            EMPTY
        } else {
            self.board[sq.index()]
        }
    }

    pub(super) fn attacked(&self, target: Sq, by: SeatSet, ov: Overlay) -> bool {
        self.attacked_along_lines(target, by, ov) || self.attacked_by_leap(target, by, ov)
    }

    /// Whether a piece of a seat in `by` reaches `target` along one of its eight lines
    /// (a step or a slide; jumps are [`Self::attacked_by_leap`]'s).
    #[inline]
    fn attacked_along_lines(&self, target: Sq, by: SeatSet, ov: Overlay) -> bool {
        let t = self.spec.tables();
        for dir in 0..8 {
            let delta = t.dir_delta(dir);
            let mut sq = target;
            let mut dist = 1u8;
            loop {
                sq = sq.offset(delta);
                let c = self.cell(sq, ov);
                if c == EMPTY {
                    dist += 1;
                    continue;
                }
                if c == WALL {
                    break;
                }
                let p = Piece::from_cell(c).expect("occupied cell");
                if by.contains(p.owner()) {
                    let r = t.reach(p.owner(), p.kind(), opposite(dir));
                    if r == UNLIMITED || r >= dist {
                        return true;
                    }
                }
                break;
            }
        }
        false
    }

    /// Whether a piece of a seat in `by` jumps onto `target` (a knight's move).
    #[inline]
    pub(super) fn attacked_by_leap(&self, target: Sq, by: SeatSet, ov: Overlay) -> bool {
        let t = self.spec.tables();
        for seat in by.iter() {
            for leap in t.leaps(seat) {
                let c = self.cell(target.offset(-leap.delta), ov);
                if let Some(p) = Piece::from_cell(c) {
                    if p.owner() == seat && leap.kinds & (1u128 << p.kind()) != 0 {
                        return true;
                    }
                }
            }
        }
        false
    }
}
