//! The drop-shogi rules as answers: whether a move is legal and, if not, which rule
//! refuses it; the pawn-drop rules beyond nifu (uchifuzume, a pawn before an eliminated
//! king); and the check of a position read from text against the rules.

use super::*;

impl ShogiPosition {
    /// Refuses positions the rules could never reach in a way that matters to play: a
    /// piece too far forward to move, two unpromoted pawns of a seat on one of its lines,
    /// a seat without its king (or with two), more pieces than the sets hold; and by the
    /// turn rule, with two seats the side not to move in check, with four a seat to move
    /// that is out of the game or has no legal move (play would have eliminated it).
    pub(super) fn validate(&self) -> Result<(), PositionError> {
        let spec = self.spec;
        let g = spec.geometry;
        let t = spec.tables();
        let name = |seat: Seat| spec.variant.seat_name(seat);
        let mut counts = [0u32; 32];
        let mut kings = [0u8; 4];
        // Per seat, a bit per line (its files, or ranks for a sideways seat) with a pawn.
        let mut pawn_lines = [0u32; 4];
        for sq in g.squares() {
            let Some(p) = self.piece_at(sq) else {
                continue;
            };
            let owner = p.owner();
            let def = &spec.kinds[p.kind() as usize];
            counts[def.base as usize] += 1;
            if def.royal {
                kings[owner.index()] += 1;
            }
            if def.dead_depth > 0 && t.far_depth(sq, owner) < def.dead_depth {
                return Err(PositionError::DeadPiece {
                    seat: name(owner),
                    piece: def.name,
                    square: g.name(sq).to_string(),
                });
            }
            if p.kind() == spec.pawn {
                let sideways = t.quarter_turns[owner.index()] % 2 == 1;
                let line = 1 << line_of(t, sq, sideways);
                if pawn_lines[owner.index()] & line != 0 {
                    return Err(PositionError::Nifu {
                        seat: name(owner),
                        line: if sideways { "rank" } else { "file" },
                        square: g.name(sq).to_string(),
                    });
                }
                pawn_lines[owner.index()] |= line;
            }
        }
        for seat in (0..spec.seats).map(Seat) {
            for (kind, n) in self.hand(seat) {
                counts[kind as usize] += u32::from(n);
            }
            let count = kings[seat.index()];
            if spec.kings_required && count != 1 {
                return Err(PositionError::KingCount {
                    seat: name(seat),
                    count,
                });
            }
            if count > 1 {
                return Err(PositionError::ExtraKings {
                    seat: name(seat),
                    count,
                });
            }
        }
        for &(kind, max) in spec.set_counts {
            if counts[kind as usize] > u32::from(max) {
                return Err(PositionError::TooMany {
                    max: max.into(),
                    piece: spec.kinds[kind as usize].name,
                });
            }
        }
        if spec.seats == 2 {
            if self.in_check(spec.next_seat(self.to_move)) {
                return Err(PositionError::WaitingInCheck);
            }
        } else if !self.is_decided() {
            if !self.alive.contains(self.to_move) {
                return Err(PositionError::MoverOut(name(self.to_move)));
            }
            if !self.has_legal_move() {
                return Err(PositionError::MoverStuck(name(self.to_move)));
            }
        }
        Ok(())
    }

    /// The rule a pawn drop on the empty square `to` would break beyond nifu and dead
    /// squares: uchifuzume, or a drop in front of an eliminated player's king.
    pub(super) fn pawn_drop_refusal(&self, to: Sq, me: Seat) -> Option<IllegalMove> {
        let t = self.spec.tables();
        let front = to.offset(t.forward(me));
        let target = Piece::from_cell(self.board[front.index()])?;
        if !self.spec.kinds[target.kind() as usize].royal {
            return None;
        }
        let victim = target.owner();
        if !self.alive.contains(victim) {
            return Some(IllegalMove::PawnBeforeDeadKing);
        }
        if !self.attackers_of(victim).contains(me) {
            return None;
        }
        let mut after = self.clone();
        after.set_piece(to, Some(Piece::new(self.spec.pawn, me, false)));
        let n = after.hand_count(me, self.spec.pawn);
        after.set_hand_count(me, self.spec.pawn, n.saturating_sub(1));
        after.set_turn(victim);
        (!after.has_legal_move()).then_some(IllegalMove::Uchifuzume)
    }

    /// Whether `m` is one of the legal moves.
    pub fn is_legal(&self, m: &Move) -> bool {
        self.is_legal_move(m)
    }

    /// Why `m` is not legal (`Ok` if it is), naming the rule that forbids it.
    pub fn check_move(&self, m: &Move) -> Result<(), IllegalMove> {
        if self.is_legal(m) {
            return Ok(());
        }
        Err(self.explain_illegal(m))
    }

    fn explain_illegal(&self, m: &Move) -> IllegalMove {
        let spec = self.spec;
        let g = spec.geometry;
        let t = spec.tables();
        let me = self.to_move;
        let name = |sq: Sq| g.name(sq).to_string();
        if self.is_decided() {
            return IllegalMove::GameOver;
        }
        if !g.contains(m.to) {
            return IllegalMove::OffBoard;
        }
        let target = self.piece_at(m.to);
        if let Some(kind) = m.drop {
            let def = &spec.kinds[kind as usize];
            if spec.hand_slot(kind).is_none() || def.promoted {
                return IllegalMove::CannotDrop(def.name.into());
            }
            if self.hand_count(me, kind) == 0 {
                return IllegalMove::NotInHand(def.name.into());
            }
            if target.is_some() {
                return IllegalMove::DropOnOccupied(name(m.to));
            }
            if def.dead_depth > 0 && t.far_depth(m.to, me) < def.dead_depth {
                return IllegalMove::DeadPiece {
                    piece: def.name.into(),
                    square: name(m.to),
                };
            }
            if kind == spec.pawn {
                let sideways = t.quarter_turns[me.index()] % 2 == 1;
                let line = line_of(t, m.to, sideways);
                let nifu = g.squares().any(|sq| {
                    line_of(t, sq, sideways) == line
                        && self.piece_at(sq) == Some(Piece::new(spec.pawn, me, false))
                });
                if nifu {
                    return IllegalMove::Nifu;
                }
                if let Some(reason) = self.pawn_drop_refusal(m.to, me) {
                    return reason;
                }
            }
            return IllegalMove::SelfCheck;
        }
        if !g.contains(m.from) {
            return IllegalMove::OffBoard;
        }
        let Some(piece) = self.piece_at(m.from) else {
            return IllegalMove::NoPiece(name(m.from));
        };
        if piece.owner() != me {
            return IllegalMove::NotYourPiece(name(m.from));
        }
        let def = &spec.kinds[piece.kind() as usize];
        if let Some(victim) = target {
            if victim.owner() == me {
                return IllegalMove::OwnPiece(name(m.to));
            }
            if spec.partner(me) == Some(victim.owner()) {
                return IllegalMove::PartnerPiece(name(m.to));
            }
            if spec.kinds[victim.kind() as usize].royal {
                return IllegalMove::CaptureKing(name(m.to));
            }
        }
        // Does the pattern reach, ignoring obstacles? Then is the path clear?
        let (dx, dy) = g.displacement(m.from, m.to);
        let mut pattern = false;
        let mut path_clear = false;
        for ray in t.rays(me, piece.kind()) {
            let (rx, ry) = ray_displacement(g, ray.delta);
            let range = if ray.dir.is_none() {
                1
            } else {
                ray.range as i32
            };
            for k in 1..=(if range == 0 { g.size() as i32 } else { range }) {
                if (rx * k, ry * k) == (dx, dy) {
                    pattern = true;
                    path_clear = (1..k)
                        .all(|j| self.board[m.from.offset(ray.delta * j as i16).index()] == EMPTY);
                }
            }
        }
        if !pattern || m.via.iter().any(|s| !s.is_none()) {
            return IllegalMove::CannotReach {
                piece: def.name.into(),
                from: name(m.from),
                to: name(m.to),
            };
        }
        if !path_clear {
            return IllegalMove::Blocked {
                from: name(m.from),
                to: name(m.to),
            };
        }
        let zone = spec.zone_depth;
        if m.promote {
            if def.promotes_to.is_none() {
                return IllegalMove::CannotPromote(def.name.into());
            }
            if t.far_depth(m.from, me) >= zone && t.far_depth(m.to, me) >= zone {
                return IllegalMove::OutsideZone;
            }
        } else if def.dead_depth > 0 && t.far_depth(m.to, me) < def.dead_depth {
            return IllegalMove::DeadPiece {
                piece: def.name.into(),
                square: name(m.to),
            };
        }
        IllegalMove::SelfCheck
    }
}

/// Column and row displacement of a mailbox offset.
fn ray_displacement(g: Geometry, delta: i16) -> (i32, i32) {
    let stride = g.stride() as i32;
    let d = delta as i32;
    // Offsets are small (at most three squares each way), so round to the nearest row.
    let dy = (d + stride / 2).div_euclid(stride);
    (d - dy * stride, dy)
}
