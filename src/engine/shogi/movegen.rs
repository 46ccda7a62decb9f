//! Move generation of the drop-shogi position: the legal moves into a sink with every
//! forbidden-move rule applied as they are made (self-check by pins and checkers, nifu,
//! dead pieces, uchifuzume), and perft's bulk count of the last ply by square sets.

use super::attacks::Overlay;
use super::*;

impl ShogiPosition {
    /// The number of legal moves of the seat to move (perft's last ply), counted mostly
    /// as sizes of square sets. The baseline x86-64 target has no popcount instruction,
    /// so the counting generator is compiled a second time for processors that have one
    /// (nearly all in use), and a third, looking slides up, for those that also extract
    /// bits fast (see [`bitboard::LineTable::fast`]); the copy is chosen at run time.
    #[inline]
    pub fn count_legal_moves(&self) -> usize {
        #[cfg(target_arch = "x86_64")]
        if bitboard::LineTable::fast() {
            // SAFETY: the running processor has both instructions.
            return unsafe { self.count_legal_moves_lookup() };
        }
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the running processor has the instruction.
            return unsafe { self.count_legal_moves_popcnt() };
        }
        let mut counter = Counter(0);
        self.generate(&mut counter);
        counter.0
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn count_legal_moves_popcnt(&self) -> usize {
        let mut counter = Counter(0);
        self.generate(&mut counter);
        counter.0
    }

    /// Counting with slides looked up along lines (see [`bitboard::LineTable`]).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi2")]
    fn count_legal_moves_lookup(&self) -> usize {
        let mut counter = Counter(0);
        self.generate_with::<_, true>(&mut counter);
        counter.0
    }

    /// The legal moves of the seat to move into `sink` (nothing once the game is
    /// decided); see [`Position::generate`].
    #[inline(always)]
    pub(in crate::engine) fn generate<S: Sink>(&self, sink: &mut S) {
        self.generate_with::<S, false>(sink)
    }

    /// [`Self::generate`], slides looked up along lines if `LOOKUP` is set (only where
    /// [`bitboard::LineTable::fast`] holds, from code compiled with `bmi2`).
    #[inline(always)]
    fn generate_with<S: Sink, const LOOKUP: bool>(&self, sink: &mut S) {
        if self.is_decided() || !self.alive.contains(self.to_move) {
            return;
        }
        let spec = self.spec;
        let t = spec.tables();
        let me = self.to_move;
        let opps = self.attackers_of(me);
        let capturable = self.capturable_by(me);
        let king = self.kings[me.index()];
        // One walk along the king's eight lines finds both the checks along them and the
        // pins. Only pinned pieces (and the king) can expose the king, so only their
        // moves need an attack test. In check, every other move must end on `evasion`:
        // the one checker's square or a square between it and the king (none against
        // two checkers); a pinned piece cannot get there without exposing the king.
        let (in_check, evasion, pinned) = if king.is_none() {
            (false, bitboard::ALL, 0)
        } else {
            let (line_checks, line_evasion, pinned) = self.king_lines(king, me, opps);
            if line_checks == 0 && !self.attacked_by_leap(king, opps, Overlay::NONE) {
                (false, bitboard::ALL, pinned)
            } else {
                let (leap_checks, leap_evasion) = self.leap_checkers(king, opps);
                match line_checks + leap_checks {
                    1 => (true, line_evasion | leap_evasion, pinned),
                    _ => (true, 0, pinned),
                }
            }
        };
        // Lines (files, or ranks for sideways seats) holding an unpromoted pawn of ours.
        let mut pawn_lines = 0u32;
        let sideways = t.quarter_turns[me.index()] % 2 == 1;
        let zone = spec.zone_depth;
        // For counting: the squares no move may end on (our pieces, our partner's, and
        // every king), everything standing on the board, and our promotion zone.
        let b81 = spec
            .board81()
            .expect("drop-shogi boards have bitboard tables");
        let own = self.pieces[me.index()];
        let mut closed = own;
        if let Some(partner) = spec.partner(me) {
            closed |= self.pieces[partner.index()];
        }
        for k in self.kings.iter().filter(|k| !k.is_none()) {
            closed |= bitboard::bit(*k);
        }
        let occupied = self.pieces.iter().fold(0, |all, set| all | set);
        let zone_bits = b81.near_far(me, zone);
        // A counter takes the moves of every grouped piece that is not pinned by shifts of
        // its group's set (in check, those onto `evasion`); those pieces are then left
        // out below. The pawn's group is taken only if it holds pawns alone, as nifu needs
        // their lines.
        let mut bulk: Bits = 0;
        let pawn_group = b81.group_of(spec.pawn);
        if S::COUNTS_ONLY {
            let open = !closed & evasion;
            let mut n = 0;
            for (g, group) in b81.groups().iter().enumerate() {
                let set = self.grouped[g] & own & !pinned;
                if set == 0 || (g == usize::from(pawn_group) && group.kinds != 1 << spec.pawn) {
                    continue;
                }
                bulk |= set;
                let from_zone = set & zone_bits;
                let dead = b81.near_far(me, group.dead_depth);
                for shift in &group.shifts[me.index()] {
                    let to = shift.apply(set) & open;
                    if to == 0 {
                        continue;
                    }
                    n += bitboard::count(to);
                    if group.promotes {
                        let promoting = (to & zone_bits) | (shift.apply(from_zone) & open);
                        if promoting != 0 {
                            n += bitboard::count(promoting);
                        }
                    }
                    if to & dead != 0 {
                        n -= bitboard::count(to & dead);
                    }
                }
            }
            if sink.push_count(n as usize) {
                return;
            }
        }

        for from in bitboard::indices(own & !bulk) {
            let sq = bitboard::sq_of(from);
            let Some(p) = Piece::from_cell(self.board[sq.index()]) else {
                continue;
            };
            let kind = p.kind();
            if kind == spec.pawn {
                pawn_lines |= 1 << line_of(t, sq, sideways);
            }
            let def = &spec.kinds[kind as usize];
            // A move that may expose the king is tested; any other is legal as made (in
            // check, if it ends on `evasion`), and only its promotion choices remain to be
            // settled (from data fixed per piece).
            let is_pinned = pinned != 0 && pinned & (1 << from) != 0;
            if in_check && is_pinned {
                continue;
            }
            let needs_test = def.royal || is_pinned;
            // Only the king may move off the evasion squares in check.
            let screened = in_check && !def.royal;
            let promotes = def.promotes_to.is_some();
            let from_in_zone = t.far_depth(sq, me) < zone;
            if S::COUNTS_ONLY {
                let mut targets = b81.attacks_by::<LOOKUP>(me, kind, from, occupied) & !closed;
                if screened {
                    targets &= evasion;
                }
                if def.royal && !promotes && def.dead_depth == 0 {
                    if let Some(n) = self.count_king_moves::<LOOKUP>(king, targets, opps, occupied)
                    {
                        if sink.push_count(n as usize) {
                            return;
                        }
                        continue;
                    }
                }
                if needs_test {
                    // The targets from bitboards rather than a walk along each ray; each
                    // move still tested.
                    for to in bitboard::squares(targets) {
                        if self.emit_board_move(sink, sq, to, p, def, king, true, opps) {
                            return;
                        }
                    }
                    continue;
                }
                // Each target is one move, plus one where it may promote, less one where
                // it must (a square it would stand dead on). Counting is dear without a
                // popcount instruction in the baseline target: the two rarely non-empty
                // sets are counted only when they are not.
                let mut n = bitboard::count(targets);
                if promotes {
                    let promoting = if from_in_zone {
                        targets
                    } else {
                        targets & zone_bits
                    };
                    if promoting != 0 {
                        n += bitboard::count(promoting);
                    }
                }
                if def.dead_depth > 0 {
                    let dead = targets & b81.near_far(me, def.dead_depth);
                    if dead != 0 {
                        n -= bitboard::count(dead);
                    }
                }
                if sink.push_count(n as usize) {
                    return;
                }
                continue;
            }
            // A filter keeping few moves (the checks) may want none of this piece's.
            let want = sink.board_targets(from, kind);
            if want != Bits::MAX && b81.empty_board_attacks(me, kind, from) & want == 0 {
                continue;
            }
            for ray in t.rays(me, kind) {
                let mut to = sq;
                let mut steps = 0u8;
                loop {
                    to = to.offset(ray.delta);
                    let target = self.board[to.index()];
                    if target == WALL {
                        break;
                    }
                    let occupied = target != EMPTY;
                    if occupied {
                        let Some(victim) = Piece::from_cell(target) else {
                            break;
                        };
                        if !capturable.contains(victim.owner()) || t.is_royal(victim.kind()) {
                            break;
                        }
                    }
                    if screened && evasion & bitboard::bit(to) == 0 {
                        // Neither takes the checker nor blocks its line.
                    } else if want != Bits::MAX && want & bitboard::bit(to) == 0 {
                        // Not wanted by the sink.
                    } else if needs_test {
                        if self.emit_board_move(sink, sq, to, p, def, king, true, opps) {
                            return;
                        }
                    } else {
                        let to_depth = t.far_depth(to, me);
                        let can_promote = promotes && (from_in_zone || to_depth < zone);
                        let must_promote = to_depth < def.dead_depth;
                        if can_promote && sink.push(Move::board(sq, to, true)) {
                            return;
                        }
                        if !must_promote && sink.push(Move::board(sq, to, false)) {
                            return;
                        }
                    }
                    steps += 1;
                    if occupied || ray.dir.is_none() || (ray.range != 0 && steps >= ray.range) {
                        break;
                    }
                }
            }
        }

        let hand = &self.hands[me.index()];
        if hand.iter().all(|&n| n == 0) {
            return;
        }
        // The squares a drop may go to: in check, only those between the one checker and
        // the king.
        let drop_to: Bits = !occupied & evasion & bitboard::ALL;
        if drop_to == 0 {
            return;
        }
        if S::COUNTS_ONLY {
            // Drops counted by bitboards: a kind's squares less its dead ones, and for the
            // pawn the lines holding one of ours and the refused squares before kings. Kinds
            // with the same dead squares (the gold, silver, bishop and rook have none)
            // drop on the same squares: each such set is counted once.
            let mut n = 0;
            let mut counted = [u32::MAX; bitboard::SIDE + 1];
            for (slot, &kind) in spec.hand_kinds.iter().enumerate() {
                if hand[slot] == 0 {
                    continue;
                }
                let def = &spec.kinds[kind as usize];
                let mut to = drop_to & !b81.near_far(me, def.dead_depth);
                if kind != spec.pawn {
                    let depth = usize::from(def.dead_depth).min(bitboard::SIDE);
                    if counted[depth] == u32::MAX {
                        counted[depth] = bitboard::count(to);
                    }
                    n += counted[depth] as usize;
                    continue;
                }
                // Nifu: the lines holding one of our pawns, from the pawns' own set where
                // their group holds pawns alone (pawns counted by shifts were not visited
                // one by one).
                to &= !match b81.groups().get(usize::from(pawn_group)) {
                    Some(group) if group.kinds == 1 << spec.pawn => {
                        b81.line_fill(self.grouped[usize::from(pawn_group)] & own, sideways)
                    }
                    _ => b81.lines(pawn_lines, sideways),
                };
                for &k in self.kings.iter().filter(|k| !k.is_none() && **k != king) {
                    let before = k.offset(-t.forward(me));
                    let Some(b) = bitboard::try_bit(before) else {
                        continue;
                    };
                    if to & b != 0 && self.pawn_drop_refusal(before, me).is_some() {
                        to &= !b;
                    }
                }
                n += bitboard::count(to) as usize;
            }
            sink.push_count(n);
            return;
        }
        // The candidates as squares in board order.
        let empties: ArrayVec<Sq, MAX_SHOGI_SQUARES> = bitboard::squares(drop_to).collect();
        // Squares far enough from the far edge for a kind with dead squares, built once
        // for each depth that some kind in hand needs.
        let mut deep: [Option<ArrayVec<Sq, MAX_SHOGI_SQUARES>>; 4] = Default::default();
        for (slot, &kind) in spec.hand_kinds.iter().enumerate() {
            if hand[slot] == 0 {
                continue;
            }
            let def = &spec.kinds[kind as usize];
            let alive_on = |to: &Sq| t.far_depth(*to, me) >= def.dead_depth;
            let other: ArrayVec<Sq, MAX_SHOGI_SQUARES>;
            let want = sink.drop_targets(kind);
            let squares: &[Sq] = match usize::from(def.dead_depth) {
                // A filter's few squares, taken straight from the bitboards.
                _ if want != Bits::MAX => {
                    other = bitboard::squares(drop_to & want).filter(alive_on).collect();
                    &other
                }
                0 => &empties,
                d if d < deep.len() => deep[d]
                    .get_or_insert_with(|| empties.iter().copied().filter(alive_on).collect()),
                _ => {
                    other = empties.iter().copied().filter(alive_on).collect();
                    &other
                }
            };
            if kind != spec.pawn {
                if sink.push_drops(kind, squares) {
                    return;
                }
                continue;
            }
            // Only a drop right in front of a king can be refused beyond nifu: those
            // squares are tested, every other one is free of the rule.
            let before_kings: ArrayVec<Sq, 4> = self
                .kings
                .iter()
                .filter(|k| !k.is_none() && **k != king)
                .map(|k| k.offset(-t.forward(me)))
                .collect();
            for &to in squares {
                if pawn_lines & (1 << line_of(t, to, sideways)) != 0 {
                    continue;
                }
                if before_kings.contains(&to) && self.pawn_drop_refusal(to, me).is_some() {
                    continue;
                }
                if sink.push(Move::drop(kind, to)) {
                    return;
                }
            }
        }
    }

    /// How many of `targets` the king on `king` may move to: those no piece of `opps`
    /// attacks once the king has left its square. The opponents' sliders and kings are
    /// few: their attacks are taken whole (with the king gone, so a line runs on through
    /// its square); the grouped kinds near the king by shifts of their groups' sets.
    /// `None` against more than one opponent (yonin): their pieces are then many for the
    /// few targets, and testing each target costs less.
    #[inline(always)]
    fn count_king_moves<const LOOKUP: bool>(
        &self,
        king: Sq,
        targets: Bits,
        opps: SeatSet,
        occupied: Bits,
    ) -> Option<u32> {
        if opps.len() > 1 {
            return None;
        }
        if targets == 0 {
            return Some(0);
        }
        let b81 = self.spec.board81().expect("a 9x9 board");
        let groups = b81.groups().len();
        let grouped = self.grouped[..groups].iter().fold(0, |all, set| all | set);
        let occupied = occupied & !bitboard::bit(king);
        // The grouped pieces count only near the king (see `Board81::king_guard`).
        let near = b81.king_guard(bitboard::bit_of(king));
        let mut attacked: Bits = 0;
        for seat in opps.iter() {
            let theirs = self.pieces[seat.index()];
            for from in bitboard::indices(theirs & !grouped) {
                let Some(p) = Piece::from_cell(self.board[bitboard::sq_of(from).index()]) else {
                    continue;
                };
                // Most of them could not reach a target even on an empty board.
                if b81.empty_board_attacks(seat, p.kind(), from) & targets != 0 {
                    attacked |= b81.attacks_by::<LOOKUP>(seat, p.kind(), from, occupied);
                }
            }
            if theirs & near == 0 {
                continue;
            }
            for (set, group) in self.grouped.iter().zip(b81.groups()) {
                let set = set & theirs & near;
                if set == 0 {
                    continue;
                }
                for shift in &group.shifts[seat.index()] {
                    attacked |= shift.apply(set);
                }
            }
        }
        let n = bitboard::count(targets & !attacked);
        Some(n)
    }

    /// Emits a board move with its promotion choices if it is legal; `true` = stop.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn emit_board_move<S: Sink>(
        &self,
        sink: &mut S,
        from: Sq,
        to: Sq,
        piece: Piece,
        def: &KindDef,
        king: Sq,
        needs_test: bool,
        opps: SeatSet,
    ) -> bool {
        let t = self.spec.tables();
        let me = piece.owner();
        let zone = self.spec.zone_depth;
        let can_promote = def.promotes_to.is_some()
            && (t.far_depth(from, me) < zone || t.far_depth(to, me) < zone);
        let must_promote = def.dead_depth > 0 && t.far_depth(to, me) < def.dead_depth;
        if must_promote && !can_promote {
            return false;
        }
        let ov = Overlay {
            from,
            to,
            to_cell: piece.cell(),
        };
        let legal = if def.royal {
            !self.attacked(to, opps, ov)
        } else if !king.is_none() && needs_test {
            !self.attacked(king, opps, ov)
        } else {
            true
        };
        if !legal {
            return false;
        }
        if can_promote && sink.push(Move::board(from, to, true)) {
            return true;
        }
        if !must_promote && sink.push(Move::board(from, to, false)) {
            return true;
        }
        false
    }

    /// Along the eight lines from `me`'s king: the pieces of `opps` that reach the king
    /// on one of them (checks, as [`Self::attacked_along_lines`] finds them), the squares
    /// between each of those and the king with its own square, and the squares of `me`'s
    /// pieces that stand between the king and an opponent's slider reaching it along that
    /// line (the pins), as bitboards.
    fn king_lines(&self, king: Sq, me: Seat, opps: SeatSet) -> (u8, Bits, Bits) {
        let t = self.spec.tables();
        let b81 = self.spec.board81().expect("a 9x9 board");
        let mut checks = 0;
        let mut evasion: Bits = 0;
        let mut pinned: Bits = 0;
        // Only a piece next to the king, or one that slides (none of the grouped kinds
        // does), can check or pin along a line: a line with neither is not walked.
        let theirs = opps
            .iter()
            .fold(0, |all, seat| all | self.pieces[seat.index()]);
        let grouped = self.grouped[..b81.groups().len()]
            .iter()
            .fold(0, |all, set| all | set);
        let k = bitboard::bit_of(king);
        let reaching = theirs & (!grouped | b81.around(k));
        for dir in 0..8 {
            if b81.ray(k, dir) & reaching == 0 {
                continue;
            }
            let delta = t.dir_delta(dir);
            let mut sq = king;
            let mut dist = 0u8;
            let mut shield = Sq::NONE;
            loop {
                sq = sq.offset(delta);
                dist += 1;
                let c = self.board[sq.index()];
                if c == EMPTY {
                    continue;
                }
                let Some(p) = Piece::from_cell(c) else {
                    break;
                };
                let reaches = opps.contains(p.owner()) && {
                    let r = t.reach(p.owner(), p.kind(), opposite(dir));
                    r == UNLIMITED || r >= dist
                };
                if shield.is_none() {
                    if p.owner() == me {
                        shield = sq;
                        continue;
                    }
                    if reaches {
                        checks += 1;
                        evasion |= b81.segment(k, dir, bitboard::bit_of(sq));
                    }
                } else if reaches {
                    pinned |= bitboard::bit(shield);
                }
                break;
            }
        }
        (checks, evasion, pinned)
    }

    /// The pieces of `opps` that jump onto `target` (a knight's move): how many, and
    /// their squares.
    fn leap_checkers(&self, target: Sq, opps: SeatSet) -> (u8, Bits) {
        let t = self.spec.tables();
        let mut checks = 0;
        let mut squares: Bits = 0;
        for seat in opps.iter() {
            for leap in t.leaps(seat) {
                let from = target.offset(-leap.delta);
                if let Some(p) = Piece::from_cell(self.board[from.index()]) {
                    if p.owner() == seat && leap.kinds & (1u128 << p.kind()) != 0 {
                        checks += 1;
                        squares |= bitboard::bit(from);
                    }
                }
            }
        }
        (checks, squares)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{standard, yonin};

    /// Whether counting (bitboards where a move needs no test) agrees with the list of
    /// moves the generator makes, and with the question "is there a move at all", in `pos`
    /// and in each position one move later.
    fn assert_counts_agree(pos: &ShogiPosition, depth: u32) {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let text = pos.to_text();
        assert_eq!(pos.count_legal_moves(), moves.len(), "{text}");
        assert_eq!(pos.has_legal_move(), !moves.is_empty(), "{text}");
        if depth > 0 {
            for m in &moves {
                let mut child = pos.clone();
                child.apply(m);
                assert_counts_agree(&child, depth - 1);
            }
        }
    }

    /// Plays a game of pseudo-random legal moves (a fixed sequence), checking the counts in
    /// every position on the way and in every position one move further.
    fn assert_counts_agree_in_playout(mut pos: ShogiPosition, seed: u64, plies: u32) {
        let mut state = seed;
        let mut moves = Vec::new();
        for _ in 0..plies {
            assert_counts_agree(&pos, 1);
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let m = moves[(state >> 33) as usize % moves.len()];
            pos.apply(&m);
        }
    }

    #[test]
    fn bulk_counts_equal_the_generated_lists_in_standard_positions() {
        // The reference positions of the perft table: start, a busy middle game, most
        // moves, full hands, uchifuzume, double check, one move and none.
        let positions = [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
            "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
            "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
            "7lk/9/8S/9/9/9/9/7L1/8K b P 1",
            "ln2+r1r2/5s+Pkl/3+B1p1p1/p4B2p/2P6/P6PP/1PNP1P3/2G3SK1/L4G1NL w 2GSN3Ps3p 76",
            "l7l/5bS2/p1np5/6Sk1/4p2B1/PSpPPn1G1/1P1G2g1N/2+l6/L1KN1+r3 b R3Pgs7p 1",
            "+R+N+SGKG+S+N+R/+B+N+SG+LG+S+N+B/P+LPP+LPP+LP/1P2P2P1/9/9/9/9/4k4 b 9P 200",
        ];
        for text in positions {
            let pos = ShogiPosition::from_text(&standard::SPEC, text).expect(text);
            assert_counts_agree(&pos, 2);
        }
        let start = ShogiPosition::from_text(&standard::SPEC, positions[0]).expect("start");
        for seed in 1..=4 {
            assert_counts_agree_in_playout(start.clone(), seed, 160);
        }
    }

    /// Every legal move found the slow way: each piece's rays walked square by square,
    /// each promotion choice, each drop on each empty square; a move is kept if the rules
    /// of placement allow it and, made on a copy of the board, it leaves the mover's king
    /// unattacked. No check, pin or evasion reasoning: the generator's shortcuts are what
    /// it checks.
    fn moves_by_trial(pos: &ShogiPosition) -> Vec<(u16, u16, Option<KindId>, bool)> {
        let spec = pos.spec;
        let t = spec.tables();
        let me = pos.to_move;
        let mut out = Vec::new();
        if pos.is_decided() || !pos.alive.contains(me) {
            return out;
        }
        let opps = pos.attackers_of(me);
        let capturable = pos.capturable_by(me);
        let safe_after = |from: Option<Sq>, to: Sq, piece: Piece| {
            let mut after = pos.clone();
            if let Some(from) = from {
                after.set_piece(from, None);
            }
            after.set_piece(to, Some(piece));
            after
                .king_square(me)
                .is_none_or(|k| !after.is_attacked(k, opps))
        };
        for sq in spec.geometry.squares() {
            let Some(p) = pos.piece_at(sq).filter(|p| p.owner() == me) else {
                continue;
            };
            let def = &spec.kinds[p.kind() as usize];
            for ray in t.rays(me, p.kind()) {
                let mut to = sq;
                let mut steps = 0u8;
                loop {
                    to = to.offset(ray.delta);
                    let cell = pos.board[to.index()];
                    if cell == WALL {
                        break;
                    }
                    if let Some(victim) = Piece::from_cell(cell) {
                        if !capturable.contains(victim.owner()) || t.is_royal(victim.kind()) {
                            break;
                        }
                    }
                    let zone = spec.zone_depth;
                    let can_promote = def.promotes_to.is_some()
                        && (t.far_depth(sq, me) < zone || t.far_depth(to, me) < zone);
                    let must_promote = t.far_depth(to, me) < def.dead_depth;
                    if safe_after(Some(sq), to, p) {
                        if can_promote {
                            out.push((sq.0, to.0, None, true));
                        }
                        if !must_promote {
                            out.push((sq.0, to.0, None, false));
                        }
                    }
                    steps += 1;
                    if cell != EMPTY || ray.dir.is_none() || (ray.range != 0 && steps >= ray.range)
                    {
                        break;
                    }
                }
            }
        }
        let sideways = t.quarter_turns[me.index()] % 2 == 1;
        for (kind, _) in pos.hand(me) {
            let def = &spec.kinds[kind as usize];
            for to in spec.geometry.squares() {
                if pos.piece_at(to).is_some() || t.far_depth(to, me) < def.dead_depth {
                    continue;
                }
                if kind == spec.pawn {
                    let nifu = spec.geometry.squares().any(|sq| {
                        pos.piece_at(sq) == Some(Piece::new(kind, me, false))
                            && line_of(t, sq, sideways) == line_of(t, to, sideways)
                    });
                    if nifu || pos.pawn_drop_refusal(to, me).is_some() {
                        continue;
                    }
                }
                if safe_after(None, to, Piece::new(kind, me, false)) {
                    out.push((Sq::NONE.0, to.0, Some(kind), false));
                }
            }
        }
        out.sort();
        out
    }

    /// Plays seeded games that give check whenever they can, half the time, and checks
    /// in every position that the generated moves are those found by trial. Returns how
    /// many positions had the mover in check, and in double check.
    fn assert_moves_found_by_trial(mut pos: ShogiPosition, seed: u64, plies: u32) -> (u32, u32) {
        let (mut checks, mut double) = (0, 0);
        let mut state = seed;
        let mut moves = Vec::new();
        for _ in 0..plies {
            pos.legal_moves(&mut moves);
            let mut generated: Vec<_> = moves
                .iter()
                .map(|m| (m.from.0, m.to.0, m.drop, m.promote))
                .collect();
            generated.sort();
            let text = pos.to_text();
            assert_eq!(generated, moves_by_trial(&pos), "{text}");
            assert_eq!(pos.count_legal_moves(), moves.len(), "{text}");
            let me = pos.to_move;
            if let Some(king) = pos.king_square(me).filter(|_| pos.in_check(me)) {
                checks += 1;
                let opps = pos.attackers_of(me);
                let (lines, _, _) = pos.king_lines(king, me, opps);
                double += u32::from(lines + pos.leap_checkers(king, opps).0 > 1);
            }
            if moves.is_empty() {
                break;
            }
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let checking: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| {
                    let mut after = pos.clone();
                    !after.apply(m).checks.is_empty()
                })
                .collect();
            let pool = if !checking.is_empty() && state >> 63 == 0 {
                &checking
            } else {
                &moves
            };
            let m = pool[(state >> 33) as usize % pool.len()];
            pos.apply(&m);
        }
        (checks, double)
    }

    #[test]
    fn generated_moves_are_those_found_by_trial_in_checking_games() {
        let mut totals = (0, 0);
        let start = standard::start();
        let double_check = ShogiPosition::from_text(
            &standard::SPEC,
            "ln2+r1r2/5s+Pkl/3+B1p1p1/p4B2p/2P6/P6PP/1PNP1P3/2G3SK1/L4G1NL w 2GSN3Ps3p 76",
        )
        .expect("double check");
        let games = [
            start.clone(),
            start,
            double_check,
            yonin::start(false),
            yonin::start(true),
        ];
        for (i, pos) in games.into_iter().enumerate() {
            for seed in 1..=3 {
                let (checks, double) =
                    assert_moves_found_by_trial(pos.clone(), seed + 10 * i as u64, 150);
                totals = (totals.0 + checks, totals.1 + double);
            }
        }
        // The games must have reached the positions the evasion rules are for.
        assert!(totals.0 >= 100, "only {} positions in check", totals.0);
        assert!(totals.1 >= 1, "no double check");
    }

    #[test]
    fn bulk_counts_equal_the_generated_lists_in_yonin_games() {
        for doubles in [false, true] {
            assert_counts_agree(&yonin::start(doubles), 3);
            for seed in 1..=4 {
                assert_counts_agree_in_playout(yonin::start(doubles), seed, 200);
            }
        }
    }
}
