//! Captures-only move generation, for the search's quiescence, which looks at captures
//! alone at most of its nodes.
//!
//! A drop-shogi position (standard and yonin) reads each of its pieces' attacks from
//! bitboards and keeps those that land on a piece it may take, so it neither walks the
//! quiet moves nor looks at drops. Legality is settled as the full generator settles it:
//! a move of the king, or of a piece that may stand pinned on one of its king's lines, is
//! made on a copy and the king's square tested; any other capture is legal when the mover
//! is not in check. In check (quiescence generates every evasion there instead), and in
//! dai dai shogi, the legal moves are generated and filtered.

use super::bitboard::{self, Bits};
use super::geometry::{Seat, SeatSet, Sq, DIRECTIONS};
use super::moves::Move;
use super::shogi::ShogiPosition;
use super::sink::Sink;

/// Whether a move takes a piece, and the captures found by filtering, written beside the
/// [`Position`](super::position::Position) trait whose default they are.
pub use super::position::{generate_captures_by_filter, takes};

/// The square of `set` nearest to the start of a ray in direction `dir` (a bit index).
#[inline]
fn nearest(set: Bits, dir: usize) -> Option<usize> {
    if set == 0 {
        return None;
    }
    let (dx, dy) = DIRECTIONS[dir];
    Some(if dy * bitboard::SIDE as i32 + dx > 0 {
        set.trailing_zeros() as usize
    } else {
        127 - set.leading_zeros() as usize
    })
}

impl ShogiPosition {
    /// The legal moves of the seat to move that take a piece, into `sink` until it asks
    /// to stop (in no particular order).
    pub fn generate_captures<S: Sink>(&self, sink: &mut S) {
        let Some(me) = self.seat_to_move() else {
            return;
        };
        let spec = self.spec();
        let t = spec.tables();
        let Some(b81) = spec.board81() else {
            generate_captures_by_filter(self, sink);
            return;
        };
        if self.is_decided() || self.in_check(me) {
            generate_captures_by_filter(self, sink);
            return;
        }
        let occupied = self.pieces.iter().fold(0, |all, set| all | set);
        let mine = self.pieces[me.index()];
        let partner = spec.partner(me);
        // Every piece of the other sides, eliminated players' included; kings are never
        // taken (a king left attacked loses by the turn rule instead).
        let mut victims: Bits = 0;
        for s in 0..spec.seats {
            let seat = Seat(s);
            if seat != me && Some(seat) != partner {
                victims |= self.pieces[seat.index()];
            }
        }
        for s in 0..spec.seats {
            if let Some(k) = self.king_square(Seat(s)) {
                victims &= !bitboard::bit(k);
            }
        }
        if victims == 0 {
            return;
        }
        let opps = self.attackers_of(me);
        let king = self.king_square(me);
        // Our pieces nearest the king on each of its lines: only they can be pinned.
        let mut screens: Bits = 0;
        if let Some(k) = king {
            let kb = bitboard::bit_of(k);
            for dir in 0..8 {
                if let Some(first) = nearest(b81.ray(kb, dir) & occupied, dir) {
                    screens |= mine & 1 << first;
                }
            }
        }
        let zone = spec.zone_depth;
        for from in bitboard::indices(mine) {
            let from_sq = bitboard::sq_of(from);
            let Some(piece) = self.piece_at(from_sq) else {
                continue;
            };
            let kind = piece.kind();
            let targets = b81.attacks(me, kind, from, occupied) & victims;
            if targets == 0 {
                continue;
            }
            let def = &spec.kinds[kind as usize];
            let test = def.royal || screens & 1 << from != 0;
            let from_in_zone = t.far_depth(from_sq, me) < zone;
            for to in bitboard::squares(targets) {
                let to_depth = t.far_depth(to, me);
                let can_promote = def.promotes_to.is_some() && (from_in_zone || to_depth < zone);
                let must_promote = def.dead_depth > 0 && to_depth < def.dead_depth;
                if must_promote && !can_promote {
                    continue;
                }
                if test && !self.leaves_king_safe(from_sq, to, def.royal, king, opps) {
                    continue;
                }
                if can_promote && sink.push(Move::board(from_sq, to, true)) {
                    return;
                }
                if !must_promote && sink.push(Move::board(from_sq, to, false)) {
                    return;
                }
            }
        }
    }

    /// Whether moving the piece on `from` to `to` leaves the mover's king unattacked by
    /// `opps` (the pieces alone moved, on a copy).
    fn leaves_king_safe(
        &self,
        from: Sq,
        to: Sq,
        royal: bool,
        king: Option<Sq>,
        opps: SeatSet,
    ) -> bool {
        let Some(king) = (if royal { Some(to) } else { king }) else {
            return true;
        };
        let mut after = self.clone();
        let piece = after.piece_at(from);
        after.set_piece(from, None);
        after.set_piece(to, piece);
        !after.is_attacked(king, opps)
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::StdRng;
    use rand::seq::SliceRandom;
    use rand::SeedableRng;

    use super::*;
    use crate::engine::position::Position;
    use crate::engine::{Game, RuleOptions, Variant};

    /// Sorted captures of a position, from the bitboard generator and from the filtered
    /// legal moves.
    fn both<P: Position>(pos: &P) -> (Vec<Move>, Vec<Move>) {
        let mut fast = Vec::new();
        pos.generate_captures(&mut fast);
        let mut slow = Vec::new();
        generate_captures_by_filter(pos, &mut slow);
        let key = |m: &Move| (m.from.index(), m.to.index(), m.promote);
        fast.sort_by_key(key);
        slow.sort_by_key(key);
        (fast, slow)
    }

    #[test]
    fn captures_are_the_legal_moves_that_take_along_random_games() {
        let mut rng = StdRng::seed_from_u64(7);
        for variant in [Variant::Standard, Variant::Yonin, Variant::YoninDoubles] {
            let mut positions = 0;
            let mut with_captures = 0;
            for _ in 0..40 {
                let mut game = Game::new(variant, RuleOptions::defaults(variant));
                for _ in 0..160 {
                    if game.is_over() {
                        break;
                    }
                    let crate::engine::AnyPosition::Shogi(pos) = game.position() else {
                        panic!("a drop-shogi variant");
                    };
                    let (fast, slow) = both(pos);
                    assert_eq!(fast, slow, "{variant:?} at ply {}", pos.ply());
                    positions += 1;
                    with_captures += usize::from(!fast.is_empty());
                    // Captures first, so that games reach crowded middle games with
                    // pins, checks and promotions.
                    let legal = game.legal_moves();
                    let m = if !fast.is_empty() && rand::Rng::gen_bool(&mut rng, 0.5) {
                        *fast.choose(&mut rng).unwrap()
                    } else {
                        *legal.choose(&mut rng).unwrap()
                    };
                    game.play(&m).unwrap();
                }
            }
            assert!(positions > 1000 && with_captures > 300, "{variant:?}");
        }
    }
}
