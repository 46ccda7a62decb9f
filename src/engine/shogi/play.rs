//! Playing a move on the drop-shogi position and the turn rule after it: the next seat,
//! and with four seats check priority, eliminations (with yonin's original rule of the
//! hand that goes to the eliminator) and a seat removed from outside the board.

use super::*;

impl ShogiPosition {
    /// Plays a legal move (unchecked: the caller has verified it) and applies the turn
    /// rule: the next seat, and in four-seat games check priority and eliminations.
    pub fn apply(&mut self, m: &Move) -> PlayEffects {
        self.apply_reporting(m, true)
    }

    /// Plays a legal move like [`Self::apply`] without looking for the checks it gives
    /// where the turn rule does not need them (two seats): perft and search.
    pub fn apply_quiet(&mut self, m: &Move) {
        self.apply_reporting(m, false);
    }

    /// `piece` as it stands on its target after the board move `m` (promoted if it
    /// promotes).
    #[inline]
    pub(super) fn moved_piece(&self, piece: Piece, m: &Move) -> Piece {
        match (
            m.promote,
            self.spec.kinds[piece.kind() as usize].promotes_to,
        ) {
            (true, Some(k)) => piece.with_kind(k, true),
            _ => piece,
        }
    }

    fn apply_reporting(&mut self, m: &Move, report_checks: bool) -> PlayEffects {
        let spec = self.spec;
        let me = self.to_move;
        let mut effects = PlayEffects::default();
        if let Some(kind) = m.drop {
            let n = self.hand_count(me, kind);
            self.set_hand_count(me, kind, n.saturating_sub(1));
            self.set_piece(m.to, Some(Piece::new(kind, me, false)));
        } else {
            let piece = self
                .piece_at(m.from)
                .expect("a legal move starts on a piece");
            if let Some(victim) = self.piece_at(m.to) {
                effects.captured = Some(victim);
                let base = spec.kinds[victim.kind() as usize].base;
                let n = self.hand_count(me, base);
                self.set_hand_count(me, base, n.saturating_add(1));
            }
            self.set_piece(m.from, None);
            self.set_piece(m.to, Some(self.moved_piece(piece, m)));
        }
        self.ply += 1;
        if spec.seats == 2 {
            let next = spec.next_seat(me);
            self.set_turn(next);
            if report_checks && self.in_check(next) {
                effects.checks = effects.checks.with(next);
            }
        } else {
            self.pass_turn_from(me, Some(me), &mut effects);
        }
        effects
    }

    /// Check priority: after `last` acted, hand the turn to the first checked player
    /// clockwise from it, else the next alive player; then settle the turn (see
    /// [`Self::eliminate_while_stuck`]).
    fn pass_turn_from(&mut self, last: Seat, credit: Option<Seat>, effects: &mut PlayEffects) {
        // `last` just made a legal move, which never leaves its own king attacked, or is
        // out of the game: only the others can be in check.
        let mut checked = SeatSet::EMPTY;
        for seat in self.alive.without(last).iter() {
            if self.in_check(seat) {
                checked = checked.with(seat);
            }
        }
        if !self.is_decided() {
            let next = self.next_by_check_priority(last, checked);
            self.set_turn(next);
        }
        self.eliminate_while_stuck(checked, credit, effects);
    }

    /// The seat that moves after `last` by check priority, `checked` being the seats in
    /// check now.
    fn next_by_check_priority(&self, last: Seat, checked: SeatSet) -> Seat {
        self.clockwise_after(last)
            .find(|s| {
                if checked.is_empty() {
                    self.alive.contains(*s)
                } else {
                    checked.contains(*s)
                }
            })
            .expect("an alive seat remains")
    }

    /// While the seat to move has no legal move, eliminates it (credited to `credit`, the
    /// player whose move produced it, if any) and passes the turn on from it. `checked` is
    /// the set of seats in check now.
    fn eliminate_while_stuck(
        &mut self,
        mut checked: SeatSet,
        credit: Option<Seat>,
        effects: &mut PlayEffects,
    ) {
        while !self.is_decided() && !self.has_legal_move_given(checked) {
            let stuck = self.to_move;
            let reason = if checked.contains(stuck) {
                EliminationReason::Mate
            } else {
                EliminationReason::NoMove
            };
            self.eliminate(stuck, credit);
            if !effects.eliminated.is_full() {
                effects.eliminated.push((stuck, reason));
            }
            // The eliminated pieces lose their power, which may lift checks.
            checked = self.checked_seats();
            if !self.is_decided() {
                let next = self.next_by_check_priority(stuck, checked);
                self.set_turn(next);
            }
        }
        effects.checks = checked;
    }

    /// Whether the seat to move has a legal move, `checked` being the seats in check now.
    /// Out of check, a piece on none of the lines through its own king can never expose
    /// it, so the first such piece with a square to step to answers at once; otherwise the
    /// generator decides.
    fn has_legal_move_given(&self, checked: SeatSet) -> bool {
        let me = self.to_move;
        let king = self.kings[me.index()];
        if !king.is_none() && !checked.contains(me) && self.alive.contains(me) {
            let spec = self.spec;
            let t = spec.tables();
            let capturable = self.capturable_by(me);
            for sq in bitboard::squares(self.pieces[me.index()]) {
                if t.aligned(sq, king) {
                    continue;
                }
                let Some(p) = Piece::from_cell(self.board[sq.index()]) else {
                    continue;
                };
                let def = &spec.kinds[p.kind() as usize];
                for ray in t.rays(me, p.kind()) {
                    let to = sq.offset(ray.delta);
                    let target = self.board[to.index()];
                    let open = target == EMPTY
                        || Piece::from_cell(target).is_some_and(|v| {
                            capturable.contains(v.owner()) && !t.is_royal(v.kind())
                        });
                    // A piece that would stand dead there must promote there.
                    let depth = t.far_depth(to, me);
                    let promotes_there = def.promotes_to.is_some() && depth < spec.zone_depth;
                    if open && (depth >= def.dead_depth || promotes_there) {
                        return true;
                    }
                }
            }
        }
        self.has_legal_move()
    }

    fn clockwise_after(&self, seat: Seat) -> impl Iterator<Item = Seat> {
        let n = self.spec.seats;
        (1..=n).map(move |k| Seat((seat.0 + k) % n))
    }

    /// Removes a seat from play: its king becomes a permanent obstacle, its pieces lose all
    /// power and its hand freezes (or, under the original rules, goes to `credited`).
    pub fn eliminate(&mut self, seat: Seat, credited: Option<Seat>) {
        self.set_alive(self.alive.without(seat));
        if let (true, Some(to)) = (self.hand_to_eliminator, credited) {
            for &kind in self.spec.hand_kinds {
                let n = self.hand_count(seat, kind);
                if n > 0 {
                    let m = self.hand_count(to, kind);
                    self.set_hand_count(to, kind, m.saturating_add(n));
                    self.set_hand_count(seat, kind, 0);
                }
            }
        }
    }

    /// Eliminates a seat from outside the board (timeout, resignation), with no credit to
    /// anyone, and passes the turn on by the usual rule if it was that seat's turn. The
    /// effects list the players eliminated in consequence (also uncredited), not `seat`.
    pub fn eliminate_externally(&mut self, seat: Seat) -> PlayEffects {
        let mut effects = PlayEffects::default();
        if !self.alive.contains(seat) {
            return effects;
        }
        let was_turn = self.to_move == seat;
        self.eliminate(seat, None);
        if self.spec.seats == 4 {
            if was_turn {
                self.pass_turn_from(seat, None, &mut effects);
            } else {
                // Anyone else to move stays to move: their pieces and any check on them
                // are unchanged or eased. Yet a pawn drop in front of the new flipped king
                // is now refused, and it may have been their only move.
                self.eliminate_while_stuck(self.checked_seats(), None, &mut effects);
            }
        }
        effects
    }
}
