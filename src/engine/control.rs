//! Square control on the 9x9 drop-shogi boards (standard and yonin shogi): for each seat,
//! the squares its pieces attack once and twice or more (its king's apart), read from the
//! bitboards' attack tables, with each piece's own attacks offered to a visitor on the
//! way. The computer's evaluation asks for it at every leaf of its search.

use super::bitboard::{self, Bits};
use super::geometry::Seat;
use super::piece::Piece;
use super::shogi::ShogiPosition;

/// Who attacks which squares (see the module doc). Every seat's pieces are counted, an
/// eliminated seat's too: whether they matter is the reader's business.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Control {
    /// Per seat: the squares at least one of its pieces other than its king attacks.
    pub once: [Bits; 4],
    /// Per seat: the squares at least two of its pieces other than its king attack.
    pub twice: [Bits; 4],
    /// Per seat: the squares its king attacks (none without a king on the board).
    pub king: [Bits; 4],
}

impl Control {
    /// The squares `seat` attacks at least once, its king included.
    #[inline]
    pub fn any(&self, seat: Seat) -> Bits {
        self.once[seat.index()] | self.king[seat.index()]
    }

    /// The squares `seat` attacks at least twice, its king included.
    #[inline]
    pub fn many(&self, seat: Seat) -> Bits {
        let s = seat.index();
        self.twice[s] | (self.once[s] & self.king[s])
    }
}

impl ShogiPosition {
    /// Every seat's control of the board.
    pub fn control(&self) -> Control {
        #[cfg(target_arch = "x86_64")]
        if bitboard::LineTable::fast() {
            // SAFETY: the running processor has both instructions.
            return unsafe { self.control_lookup() };
        }
        self.control_by::<false>(|_, _, _| {})
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi2")]
    fn control_lookup(&self) -> Control {
        self.control_by::<true>(|_, _, _| {})
    }

    /// [`Self::control`], calling `visit` with the square (a bit index), the piece and the
    /// attacks of each piece that is not in a group (the sliders and the kings: the pieces
    /// of a group are taken together, one shift of their set per step, as the move
    /// counter takes them). Slides are looked up along lines if `LOOKUP` is set, which
    /// only code compiled with the bit-extract instruction may do where
    /// [`bitboard::LineTable::fast`] holds (see [`bitboard::Board81::attacks_by`]).
    #[inline(always)]
    pub fn control_by<const LOOKUP: bool>(
        &self,
        mut visit: impl FnMut(usize, Piece, Bits),
    ) -> Control {
        let spec = self.spec();
        let b81 = spec.board81().expect("a 9x9 board");
        let occupied = self.pieces.iter().fold(0, |all, set| all | set);
        let groups = b81.groups();
        let grouped = self.grouped[..groups.len()]
            .iter()
            .fold(0, |all, set| all | set);
        let mut control = Control::default();
        for s in 0..usize::from(spec.seats) {
            let seat = Seat(s as u8);
            let (mut once, mut twice): (Bits, Bits) = (0, 0);
            // A shift moves every piece of the set one step the same way, each onto a
            // square of its own, so a square it reaches is reached once per shift.
            for (group, set) in groups.iter().zip(self.grouped) {
                let set = set & self.pieces[s];
                if set == 0 {
                    continue;
                }
                for shift in &group.shifts[s] {
                    let attacks = shift.apply(set);
                    twice |= once & attacks;
                    once |= attacks;
                }
            }
            for from in bitboard::indices(self.pieces[s] & !grouped) {
                let Some(piece) = self.piece_at(bitboard::sq_of(from)) else {
                    continue;
                };
                let attacks = b81.attacks_by::<LOOKUP>(seat, piece.kind(), from, occupied);
                visit(from, piece, attacks);
                if piece.kind() == spec.king {
                    control.king[s] = attacks;
                } else {
                    twice |= once & attacks;
                    once |= attacks;
                }
            }
            control.once[s] = once;
            control.twice[s] = twice;
        }
        control
    }

    /// Each seat's pieces as a set of squares.
    #[inline]
    pub fn pieces_of(&self, seat: Seat) -> Bits {
        self.pieces[seat.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::geometry::Sq;
    use crate::engine::position::Position;
    use crate::engine::{standard, yonin};
    use rand::rngs::StdRng;
    use rand::seq::SliceRandom;
    use rand::SeedableRng;

    /// How many pieces of `seat` (its king left out if `king` is false, or only its king if
    /// true) attack `target`, found by walking each piece's rays over the mailbox.
    fn attackers_by_walking(pos: &ShogiPosition, target: Sq, seat: Seat, king: bool) -> u32 {
        let spec = pos.spec();
        let t = spec.tables();
        let g = pos.geometry();
        let mut n = 0;
        for from in g.squares() {
            let Some(p) = pos.piece_at(from) else {
                continue;
            };
            if p.owner() != seat || (p.kind() == spec.king) != king {
                continue;
            }
            let reaches = t.rays(seat, p.kind()).iter().any(|ray| {
                let steps = match (ray.dir, ray.range) {
                    (Some(_), 0) => u8::MAX,
                    (Some(_), r) => r,
                    (None, _) => 1,
                };
                let mut sq = from;
                for _ in 0..steps {
                    sq = sq.offset(ray.delta);
                    if !g.contains(sq) {
                        return false;
                    }
                    if sq == target {
                        return true;
                    }
                    if pos.piece_at(sq).is_some() {
                        return false;
                    }
                }
                false
            });
            n += u32::from(reaches);
        }
        n
    }

    fn assert_control_by_walking(pos: &ShogiPosition) {
        let control = pos.control();
        let plain = pos.control_by::<false>(|_, _, _| {});
        assert_eq!(control, plain, "lookups and ray walks disagree");
        for seat in (0..pos.seats()).map(Seat) {
            for sq in pos.geometry().squares() {
                let b = bitboard::bit(sq);
                let others = attackers_by_walking(pos, sq, seat, false);
                let king = attackers_by_walking(pos, sq, seat, true);
                let at = |set: Bits| set & b != 0;
                let name = pos.geometry().name(sq);
                let text = pos.to_text();
                assert_eq!(at(control.once[seat.index()]), others >= 1, "{name} {text}");
                assert_eq!(
                    at(control.twice[seat.index()]),
                    others >= 2,
                    "{name} {text}"
                );
                assert_eq!(at(control.king[seat.index()]), king >= 1, "{name} {text}");
                assert_eq!(at(control.any(seat)), others + king >= 1, "{name} {text}");
                assert_eq!(at(control.many(seat)), others + king >= 2, "{name} {text}");
            }
        }
    }

    /// Positions along seeded random games, checked at every ply.
    fn check_playouts(start: ShogiPosition, games: u64, plies: usize) {
        for seed in 0..games {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut pos = start.clone();
            let mut moves = Vec::new();
            for _ in 0..plies {
                assert_control_by_walking(&pos);
                pos.legal_moves(&mut moves);
                let Some(m) = moves.choose(&mut rng) else {
                    break;
                };
                pos.play_unchecked(m);
            }
        }
    }

    #[test]
    fn control_counts_the_attackers_a_walk_along_each_ray_finds() {
        let fixed = [
            standard::START_SFEN,
            // Sliders through crowded lines, a promoted rook and bishop, pieces in hand.
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
            "4k4/9/4+B4/9/1r2L4/9/4+R4/9/4K4 b - 1",
        ];
        for sfen in fixed {
            assert_control_by_walking(&standard::from_sfen(sfen).unwrap());
        }
        check_playouts(standard::start(), 6, 160);
    }

    #[test]
    fn control_in_yonin_follows_each_seats_orientation() {
        check_playouts(yonin::start(false), 4, 120);
        check_playouts(yonin::start(true), 3, 120);
    }

    #[test]
    fn a_square_attacked_by_two_pieces_is_controlled_twice() {
        // Black: silver 6h, rook 5h, gold 4h, king 5i; a white pawn on 5g.
        let pos = standard::from_sfen("4k4/9/9/9/9/9/4p4/3SRG3/4K4 b - 1").unwrap();
        let control = pos.control();
        let g = pos.geometry();
        let b = |name: &str| bitboard::bit(g.parse_square(name).unwrap());
        // The pawn on 5g: the rook, the silver and the gold all attack it.
        assert_ne!(control.twice[0] & b("5g"), 0);
        // 4g: the gold alone.
        assert_ne!(control.once[0] & b("4g"), 0);
        assert_eq!(control.twice[0] & b("4g"), 0);
        // 5f lies behind the pawn: the rook's file is blocked.
        assert_eq!(control.any(Seat(0)) & b("5f"), 0);
        // The king's steps are kept apart: 4i is reached by the king and by the gold
        // stepping back, twice in all.
        assert_ne!(control.king[0] & b("4i"), 0);
        assert_ne!(control.many(Seat(0)) & b("4i"), 0);
        // White's pawn attacks 5h, the rook's square.
        assert_eq!(control.once[1], b("5h"));
    }
}
