//! Checking moves: the legal moves of the seat to move that leave an opponent's king
//! attacked, for the attacking side of the mate solver (direct checks, discovered checks,
//! checks by promotion, drops).
//!
//! A drop-shogi position finds them from bitboards: per opponent king, the squares from
//! which each kind would attack it (a piece's attacks read backwards from the king), and
//! the pieces whose leaving their square uncovers a slider on it (in yonin, anyone's
//! slider that may check that king). The legal move generator asks the filter which
//! squares each piece and each drop may check from, makes only those moves, and hands
//! them to the filter, which keeps a move after two bit tests; so legality (pins,
//! evasions, nifu, uchifuzume) stays the generator's alone. Dai dai shogi tries each
//! legal move.

use arrayvec::ArrayVec;

use super::bitboard::{self, Bits};
use super::geometry::{Seat, Sq};
use super::moves::Move;
use super::piece::{KindId, Piece};
use super::position::Position;
use super::shogi::ShogiPosition;
use super::sink::Sink;
use super::tables::{opposite, UNLIMITED};

/// The opponents of a seat and the checks found by trial, written beside the [`Position`]
/// trait whose default they are.
pub use super::position::{generate_checks_by_trial, opponents};

/// The kinds a piece table of a drop-shogi variant may hold, for the per-kind caches.
const MAX_KINDS: usize = 32;

/// One opponent king, as the filter sees it.
struct Target {
    /// The king's square (a bit index).
    king: usize,
    /// Per kind, the squares from which a piece of that kind of the mover attacks the
    /// king on the board as it stands; `cached` says which are filled.
    direct: [Bits; MAX_KINDS],
    cached: u32,
    /// The squares on the eight lines through the king: a slider leaving one of them may
    /// open a line its new square attacks the king along.
    star: Bits,
    /// The mover's pieces that alone stand between the king and a slider that may check
    /// it, each with the squares from the king up to that slider (on which it still
    /// blocks).
    discoverers: Bits,
    blocks: ArrayVec<(Bits, Bits), 8>,
}

/// Keeps the moves that check one of its targets, passing them to `inner`.
struct CheckFilter<'a, S: Sink> {
    pos: &'a ShogiPosition,
    inner: &'a mut S,
    /// The seat whose pieces face the other way: its attacks from the king are the
    /// mover's attacks onto the king.
    reverse: Seat,
    occupied: Bits,
    targets: ArrayVec<Target, 3>,
}

impl<S: Sink> CheckFilter<'_, S> {
    /// Whether a piece of the mover of `kind` arriving on `to` (from `from`, a bit index,
    /// or none for a drop) attacks target `i`'s king, or uncovers a check on it.
    #[inline]
    fn checks(&mut self, i: usize, kind: KindId, from: Option<usize>, to: usize) -> bool {
        let to_bit: Bits = 1 << to;
        if self.direct(i, kind, from) & to_bit != 0 {
            return true;
        }
        let target = &self.targets[i];
        match from {
            Some(from) if target.discoverers & 1 << from != 0 => target
                .blocks
                .iter()
                .find(|(piece, _)| piece & 1 << from != 0)
                .is_some_and(|(_, block)| block & to_bit == 0),
            _ => false,
        }
    }

    /// The squares from which a piece of the mover of `kind`, come from `from` (a bit
    /// index, or none for a drop), attacks target `i`'s king.
    #[inline]
    fn direct(&mut self, i: usize, kind: KindId, from: Option<usize>) -> Bits {
        let b81 = self.pos.spec().board81().expect("a 9x9 board");
        let (reverse, occupied) = (self.reverse, self.occupied);
        let target = &mut self.targets[i];
        match from {
            // Leaving a line through the king may open it for the piece's new square.
            Some(from) if target.star & 1 << from != 0 => {
                b81.attacks(reverse, kind, target.king, occupied & !(1 << from))
            }
            _ => {
                let k = usize::from(kind);
                if target.cached & 1 << k == 0 {
                    target.direct[k] = b81.attacks(reverse, kind, target.king, occupied);
                    target.cached |= 1 << k;
                }
                target.direct[k]
            }
        }
    }

    fn gives_check(&mut self, m: &Move) -> bool {
        let to = bitboard::bit_of(m.to);
        let (kind, from) = match m.drop {
            Some(kind) => (kind, None),
            None => {
                let Some(piece) = self.pos.piece_at(m.from) else {
                    return false;
                };
                let def = self.pos.kind(piece.kind());
                let kind = match (m.promote, def.promotes_to) {
                    (true, Some(promoted)) => promoted,
                    _ => piece.kind(),
                };
                (kind, Some(bitboard::bit_of(m.from)))
            }
        };
        (0..self.targets.len()).any(|i| self.checks(i, kind, from, to))
    }
}

impl<S: Sink> Sink for CheckFilter<'_, S> {
    #[inline]
    fn push(&mut self, m: Move) -> bool {
        self.gives_check(&m) && self.inner.push(m)
    }

    /// Where the piece may give check: anywhere if it uncovers a line onto a king, else
    /// the squares from which it (or it promoted) attacks one.
    #[inline]
    fn board_targets(&mut self, from: usize, kind: KindId) -> Bits {
        if self.targets.iter().any(|t| t.discoverers & 1 << from != 0) {
            return Bits::MAX;
        }
        let promoted = self.pos.kind(kind).promotes_to;
        let mut want = 0;
        for i in 0..self.targets.len() {
            want |= self.direct(i, kind, Some(from));
            if let Some(promoted) = promoted {
                want |= self.direct(i, promoted, Some(from));
            }
        }
        want
    }

    #[inline]
    fn drop_targets(&mut self, kind: KindId) -> Bits {
        (0..self.targets.len()).fold(0, |want, i| want | self.direct(i, kind, None))
    }

    #[inline]
    fn push_drops(&mut self, kind: KindId, squares: &[Sq]) -> bool {
        for &to in squares {
            let m = Move::drop(kind, to);
            if self.gives_check(&m) && self.inner.push(m) {
                return true;
            }
        }
        false
    }
}

impl ShogiPosition {
    /// The legal moves of the seat to move that leave an opponent's king attacked (in
    /// yonin, by anyone who may check it: a move can uncover a third player's slider),
    /// into `sink` until it asks to stop.
    pub fn generate_checks<S: Sink>(&self, sink: &mut S) {
        let Some(me) = self.seat_to_move() else {
            return;
        };
        let spec = self.spec();
        let t = spec.tables();
        let b81 = spec
            .board81()
            .expect("drop-shogi boards have bitboard tables");
        let turns = t.quarter_turns[me.index()];
        let Some(reverse) = (0..4u8).find(|&s| t.quarter_turns[usize::from(s)] == (turns + 2) % 4)
        else {
            return;
        };
        let occupied = self.pieces.iter().fold(0, |all, set| all | set);
        let mine = self.pieces[me.index()];
        let mut targets: ArrayVec<Target, 3> = ArrayVec::new();
        for seat in opponents(self, me).iter() {
            let Some(king) = self.king_square(seat) else {
                continue;
            };
            let k = bitboard::bit_of(king);
            let attackers = self.attackers_of(seat);
            let mut target = Target {
                king: k,
                direct: [0; MAX_KINDS],
                cached: 0,
                star: (0..8).fold(0, |all, dir| all | b81.ray(k, dir)),
                discoverers: 0,
                blocks: ArrayVec::new(),
            };
            for dir in 0..8 {
                let ray = b81.ray(k, dir);
                let Some(first) = nearest(ray & occupied, dir) else {
                    continue;
                };
                if mine & 1 << first == 0 {
                    continue;
                }
                let Some(behind) = nearest(b81.ray(first, dir) & occupied, dir) else {
                    continue;
                };
                let Some(slider) = self.piece_at(bitboard::sq_of(behind)) else {
                    continue;
                };
                let block = b81.segment(k, dir, behind);
                let reach = t.reach(slider.owner(), slider.kind(), opposite(dir));
                let reaches = reach == UNLIMITED || u32::from(reach) >= block.count_ones();
                if attackers.contains(slider.owner()) && reaches {
                    target.discoverers |= 1 << first;
                    target.blocks.push((1 << first, block));
                }
            }
            targets.push(target);
        }
        if targets.is_empty() || kinds_too_many(self) {
            return;
        }
        // An opponent already in check (yonin: by a third player) stays in check after
        // most moves, which the filter, looking only at what a move changes, would miss:
        // then each legal move is tried on the board.
        if opponents(self, me).iter().any(|seat| self.in_check(seat)) {
            self.generate_checks_by_board_change(sink);
            return;
        }
        let mut filter = CheckFilter {
            pos: self,
            inner: sink,
            reverse: Seat(reverse),
            occupied,
            targets,
        };
        self.generate(&mut filter);
    }
}

impl ShogiPosition {
    /// The legal moves after which an opponent's king is attacked, each made on a copy of
    /// the board (the pieces alone: no turn rule, so no elimination hides a check).
    fn generate_checks_by_board_change<S: Sink>(&self, sink: &mut S) {
        let Some(me) = self.seat_to_move() else {
            return;
        };
        let targets = opponents(self, me);
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        for m in legal {
            let mut after = self.clone();
            match m.drop {
                Some(kind) => after.set_piece(m.to, Some(Piece::new(kind, me, false))),
                None => {
                    let Some(piece) = self.piece_at(m.from) else {
                        continue;
                    };
                    let moved = match (m.promote, self.kind(piece.kind()).promotes_to) {
                        (true, Some(k)) => piece.with_kind(k, true),
                        _ => piece,
                    };
                    after.set_piece(m.from, None);
                    after.set_piece(m.to, Some(moved));
                }
            }
            if targets.iter().any(|seat| after.in_check(seat)) && sink.push(m) {
                return;
            }
        }
    }
}

/// Whether the piece table is larger than the filter's caches (no drop-shogi table is).
fn kinds_too_many(pos: &ShogiPosition) -> bool {
    pos.spec().kinds.len() > MAX_KINDS
}

/// The square of `set` nearest to the start of a ray in direction `dir` (a bit index).
#[inline]
fn nearest(set: Bits, dir: usize) -> Option<usize> {
    if set == 0 {
        return None;
    }
    let (dx, dy) = super::geometry::DIRECTIONS[dir];
    Some(if dy * bitboard::SIDE as i32 + dx > 0 {
        set.trailing_zeros() as usize
    } else {
        127 - set.leading_zeros() as usize
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{daidai, standard, yonin};

    /// The checking moves the slow way: every legal move made on a copy of the board by
    /// hand (no turn rule), then every opponent's king tested.
    fn checks_by_board_change(pos: &ShogiPosition) -> Vec<Move> {
        let Some(me) = pos.seat_to_move() else {
            return Vec::new();
        };
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        legal
            .into_iter()
            .filter(|m| {
                let mut after = pos.clone();
                match m.drop {
                    Some(kind) => after.set_piece(m.to, Some(Piece::new(kind, me, false))),
                    None => {
                        let piece = pos.piece_at(m.from).expect("a piece moves");
                        let kind = match (m.promote, pos.kind(piece.kind()).promotes_to) {
                            (true, Some(k)) => piece.with_kind(k, true),
                            _ => piece,
                        };
                        after.set_piece(m.from, None);
                        after.set_piece(m.to, Some(kind));
                    }
                }
                opponents(pos, me).iter().any(|seat| after.in_check(seat))
            })
            .collect()
    }

    fn key(m: &Move) -> (u16, u16, Option<KindId>, bool) {
        (m.from.0, m.to.0, m.drop, m.promote)
    }

    /// Compares the generated checks with the slow way in `pos`; returns how many checks
    /// there were and how many of them were discovered (the moved piece itself does not
    /// attack any opponent king from its new square).
    fn assert_checks_agree(pos: &ShogiPosition) -> (usize, usize) {
        let mut fast = Vec::new();
        pos.generate_checks(&mut fast);
        let mut fast: Vec<_> = fast.iter().map(key).collect();
        let slow_moves = checks_by_board_change(pos);
        let mut slow: Vec<_> = slow_moves.iter().map(key).collect();
        fast.sort();
        slow.sort();
        assert_eq!(fast, slow, "{}", pos.to_text());
        let mut by_trial = Vec::new();
        generate_checks_by_trial(pos, &mut by_trial);
        let mut by_trial: Vec<_> = by_trial.iter().map(key).collect();
        by_trial.sort();
        if pos.seats() == 2 {
            // Two seats: the turn rule changes nothing, both slow ways agree.
            assert_eq!(by_trial, slow, "{}", pos.to_text());
        }
        let me = pos.turn();
        // Discovered: with the moved piece taken off the board, a king is still attacked.
        let discovered = slow_moves
            .iter()
            .filter(|m| {
                let mut after = pos.clone();
                if m.drop.is_none() {
                    after.set_piece(m.from, None);
                }
                after.set_piece(m.to, None);
                opponents(pos, me).iter().any(|seat| after.in_check(seat))
            })
            .count();
        (slow.len(), discovered)
    }

    /// Plays a seeded game that gives check whenever it can, half the time, comparing the
    /// checks in every position. Returns the checks and discovered checks seen.
    fn checking_game(mut pos: ShogiPosition, seed: u64, plies: u32) -> (usize, usize) {
        let mut totals = (0, 0);
        let mut state = seed;
        let mut moves = Vec::new();
        for _ in 0..plies {
            let (checks, discovered) = assert_checks_agree(&pos);
            totals = (totals.0 + checks, totals.1 + discovered);
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let mut checking = Vec::new();
            pos.generate_checks(&mut checking);
            let pool = if !checking.is_empty() && state >> 63 == 0 {
                &checking
            } else {
                &moves
            };
            let m = pool[(state >> 33) as usize % pool.len()];
            pos.apply(&m);
            if pos.seat_to_move().is_none() {
                break;
            }
        }
        totals
    }

    #[test]
    fn generated_checks_are_the_checking_legal_moves_in_standard_positions() {
        // The perft reference positions: start, a busy middle game, most moves, full
        // hands, uchifuzume, double check, one move and none.
        let positions = [
            standard::START_SFEN,
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
            "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
            "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
            "7lk/9/8S/9/9/9/9/7L1/8K b P 1",
            "ln2+r1r2/5s+Pkl/3+B1p1p1/p4B2p/2P6/P6PP/1PNP1P3/2G3SK1/L4G1NL w 2GSN3Ps3p 76",
            "l7l/5bS2/p1np5/6Sk1/4p2B1/PSpPPn1G1/1P1G2g1N/2+l6/L1KN1+r3 b R3Pgs7p 1",
            "+R+N+SGKG+S+N+R/+B+N+SG+LG+S+N+B/P+LPP+LPP+LP/1P2P2P1/9/9/9/9/4k4 b 9P 200",
            // Discovered checks: the bishop behind the silver, the rook behind the knight.
            "4k4/9/2S6/9/B8/9/9/9/4K4 b - 1",
            "4k4/9/4N4/9/9/9/9/4R4/K8 b - 1",
        ];
        let mut totals = (0, 0);
        for text in positions {
            let pos = standard::from_sfen(text).expect(text);
            let (checks, discovered) = assert_checks_agree(&pos);
            totals = (totals.0 + checks, totals.1 + discovered);
        }
        for seed in 1..=6 {
            let (checks, discovered) = checking_game(standard::start(), seed, 200);
            totals = (totals.0 + checks, totals.1 + discovered);
        }
        assert!(totals.0 >= 1000, "only {} checks", totals.0);
        assert!(totals.1 >= 10, "only {} discovered checks", totals.1);
    }

    #[test]
    fn generated_checks_are_the_checking_legal_moves_in_yonin_games() {
        for doubles in [false, true] {
            let mut totals = (0, 0);
            for seed in 1..=6 {
                let (checks, discovered) = checking_game(yonin::start(doubles), seed, 250);
                totals = (totals.0 + checks, totals.1 + discovered);
            }
            assert!(
                totals.0 >= 300,
                "doubles {doubles}: only {} checks",
                totals.0
            );
            assert!(totals.1 >= 1, "doubles {doubles}: no discovered check");
        }
    }

    #[test]
    fn daidai_checks_are_the_legal_moves_that_attack_the_king() {
        // Kings in the open, a rook, a queen, a vertical mover and a lion against two
        // golds: checks by slides, steps and lion moves.
        let mut pos = daidai::from_text(
            "8,k,8/7,g,1,g,7/16,R/17/4,Q,12/17/17/17/12,VM,4/17/17/17/9,LN,7/17/17/17/8,K,8 b - 1",
        )
        .expect("a dai dai position");
        let mut state = 7u64;
        let mut found = 0;
        let mut moves = Vec::new();
        for _ in 0..60 {
            let mut fast = Vec::new();
            pos.generate_checks(&mut fast);
            let mut slow = Vec::new();
            generate_checks_by_trial(&pos, &mut slow);
            assert_eq!(fast, slow, "{}", pos.to_text());
            found += fast.len();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let pool = if !fast.is_empty() && state >> 62 != 0 {
                &fast
            } else {
                &moves
            };
            let m = pool[(state >> 33) as usize % pool.len()];
            pos.apply(&m);
        }
        assert!(found >= 10, "only {found} checks");
    }
}
