//! The drop-shogi position shared by standard shogi (two seats) and yonin shogi (four
//! seats): board, hands, move generation with every forbidden-move rule (nifu,
//! uchifuzume, dead pieces, self-check), and the turn rule, including yonin's check
//! priority and eliminations, and the check of a position read from text against these
//! rules. Variant modules supply the data ([`ShogiSpec`]).

use std::sync::OnceLock;

use arrayvec::ArrayVec;

use super::bitboard::{self, Bits, Board81};
use super::error::{IllegalMove, MoveParseError, PositionError};
use super::geometry::{Geometry, Seat, SeatSet, Sq};
use super::moves::Move;
use super::notation;
use super::outcome::EliminationReason;
use super::piece::{KindDef, KindId, Piece, EMPTY, WALL};
use super::position::{MoveEffects, Position};
use super::setup::{Setup, TextFormat};
use super::sink::{Counter, Sink};
use super::tables::{opposite, Tables, UNLIMITED};
use super::zobrist;
use super::Variant;

/// The rules data of one drop-shogi variant.
pub struct ShogiSpec {
    pub variant: Variant,
    pub geometry: Geometry,
    pub kinds: &'static [KindDef],
    /// Kinds that can be held in hand, in the order position text writes them.
    pub hand_kinds: &'static [KindId],
    pub seats: u8,
    /// Each seat's orientation: quarter turns clockwise from "forward is up".
    pub quarter_turns: [u8; 4],
    /// Depth of the promotion zone (3 lines).
    pub zone_depth: u8,
    /// Partners sit opposite (S+N, W+E): no capturing, checking or pinning a partner.
    pub doubles: bool,
    pub king: KindId,
    pub pawn: KindId,
    /// Moves in the variant's notations, for a message about text in none of them.
    pub move_examples: &'static str,
    /// Move text names the mover's seat (`S: P-5f`): with four seats taking turns by
    /// check priority, a record says whose move it was.
    pub names_mover: bool,
    /// The kinds that can stand on the board (`None`: the whole table).
    pub board_kinds: Option<&'static [KindId]>,
    /// Pieces of each base kind in the game (every seat's set, board and hands together).
    pub set_counts: &'static [(KindId, u8)],
    /// Every seat has exactly one king (else at most one: problems may leave kings out).
    pub kings_required: bool,
    pub tables: OnceLock<Tables>,
    /// The same movement as bitboard attack sets, for the 9x9 board every drop-shogi
    /// variant plays on.
    pub board81: OnceLock<Option<Box<Board81>>>,
}

impl ShogiSpec {
    #[inline]
    pub fn tables(&self) -> &Tables {
        self.tables
            .get_or_init(|| Tables::new(self.geometry, self.kinds, self.seats, self.quarter_turns))
    }

    /// The bitboard attack tables of a 9x9 board (`None` on other boards).
    #[inline]
    pub fn board81(&self) -> Option<&Board81> {
        self.board81
            .get_or_init(|| Board81::new(self.tables(), self.kinds))
            .as_deref()
    }

    /// Hand slot of a kind, if it can be held in hand.
    #[inline]
    pub fn hand_slot(&self, kind: KindId) -> Option<usize> {
        self.hand_kinds.iter().position(|&k| k == kind)
    }

    /// The seat after `seat` in turn order.
    #[inline]
    pub fn next_seat(&self, seat: Seat) -> Seat {
        Seat((seat.0 + 1) % self.seats)
    }

    /// The partner of `seat` in doubles.
    #[inline]
    pub fn partner(&self, seat: Seat) -> Option<Seat> {
        self.doubles.then_some(Seat((seat.0 + 2) % 4))
    }

    /// How the variant writes positions.
    pub fn text_format(&'static self) -> TextFormat<'static> {
        TextFormat {
            variant: self.variant,
            size: self.geometry.size(),
            kinds: self.kinds,
            named: self.board_kinds,
            aliases: &[],
            hand_kinds: self.hand_kinds,
            // A hand can hold every piece of a kind.
            hand_max: self
                .set_counts
                .iter()
                .filter(|(kind, _)| self.hand_kinds.contains(kind))
                .map(|&(_, n)| n)
                .max()
                .unwrap_or(0),
            max_move_number: MAX_MOVE_NUMBER,
        }
    }
}

/// Drop-shogi boards are 9x9: the cells of their padded mailbox, and their squares.
const MAX_SHOGI_CELLS: usize = bitboard::CELLS;
const MAX_SHOGI_SQUARES: usize = bitboard::SQUARES;

/// The largest move number a position text may give.
const MAX_MOVE_NUMBER: u32 = 100_000;

/// What a move did besides moving a piece: the turn rule's consequences.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayEffects {
    /// The piece taken, if any (as it stood on the board).
    pub captured: Option<Piece>,
    /// Alive players whose king is attacked after the move (and its eliminations).
    pub checks: SeatSet,
    /// Players eliminated as a consequence of the move, in order.
    pub eliminated: ArrayVec<(Seat, EliminationReason), 3>,
}

/// A hypothetical change to two cells, so an attack test can look at the board as it
/// would be after a move without copying it.
#[derive(Copy, Clone)]
struct Overlay {
    from: Sq,
    to: Sq,
    to_cell: u16,
}

impl Overlay {
    /// No change (index 0 is a wall, so mapping it to a wall changes nothing).
    const NONE: Overlay = Overlay {
        from: Sq::NONE,
        to: Sq::NONE,
        to_cell: WALL,
    };
}

/// A drop-shogi position for two or four seats.
#[derive(Clone)]
pub struct ShogiPosition {
    spec: &'static ShogiSpec,
    board: [u16; MAX_SHOGI_CELLS],
    /// Each seat's pieces as a bitboard, kept by [`Self::set_piece`], so move generation
    /// visits the mover's pieces without scanning the board and counts moves by bitboards.
    pub(crate) pieces: [Bits; 4],
    /// The pieces of each group of kinds that move alike by steps and jumps (any owner),
    /// so a counter takes their moves by shifts of these sets (see [`bitboard::Group`]).
    pub(crate) grouped: [Bits; bitboard::MAX_GROUPS],
    hands: [[u8; 8]; 4],
    kings: [Sq; 4],
    to_move: Seat,
    alive: SeatSet,
    ply: u32,
    hash: u64,
    /// Original 1992 yonin rule: an eliminated player's hand goes to the eliminator.
    hand_to_eliminator: bool,
}

impl PartialEq for ShogiPosition {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.spec, other.spec)
            && self.board[..] == other.board[..]
            && self.hands == other.hands
            && self.to_move == other.to_move
            && self.alive == other.alive
            && self.ply == other.ply
    }
}

impl Eq for ShogiPosition {}

impl std::fmt::Debug for ShogiPosition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ShogiPosition")
            .field("variant", &self.spec.variant)
            .field("to_move", &self.to_move)
            .field("alive", &self.alive)
            .field("ply", &self.ply)
            .finish_non_exhaustive()
    }
}

impl ShogiPosition {
    /// An empty board with empty hands, all seats alive, seat 0 to move.
    pub fn empty(spec: &'static ShogiSpec) -> ShogiPosition {
        assert!(
            spec.geometry.size() as usize == bitboard::SIDE,
            "drop-shogi boards are 9x9"
        );
        let mut board = [WALL; MAX_SHOGI_CELLS];
        for sq in spec.geometry.squares() {
            board[sq.index()] = EMPTY;
        }
        let mut pos = ShogiPosition {
            spec,
            board,
            pieces: [0; 4],
            grouped: [0; bitboard::MAX_GROUPS],
            hands: [[0; 8]; 4],
            kings: [Sq::NONE; 4],
            to_move: Seat(0),
            alive: SeatSet::all(spec.seats),
            ply: 0,
            hash: 0,
            hand_to_eliminator: false,
        };
        pos.hash = pos.compute_hash();
        pos
    }

    /// Reads a position in the variant's text format (see [`super::setup`]).
    pub fn from_text(spec: &'static ShogiSpec, text: &str) -> Result<ShogiPosition, PositionError> {
        let setup = spec.text_format().read(text)?;
        ShogiPosition::from_setup(spec, &setup)
    }

    /// The position a setup describes, refused if the rules could never reach it in a
    /// way that matters to play (see `validate`).
    pub fn from_setup(
        spec: &'static ShogiSpec,
        setup: &Setup,
    ) -> Result<ShogiPosition, PositionError> {
        let g = spec.geometry;
        debug_assert_eq!(setup.size, g.size(), "a setup of another board");
        let mut pos = ShogiPosition::empty(spec);
        for row in 0..g.size() {
            for col in 0..g.size() {
                if let Some(piece) = setup.piece(col, row) {
                    pos.set_piece(g.square(col, row), Some(piece));
                }
            }
        }
        pos.set_turn(setup.turn);
        for &(seat, kind, n) in &setup.hands {
            pos.set_hand_count(seat, kind, n);
        }
        pos.set_alive(setup.alive);
        pos.set_ply(setup.move_number - 1);
        pos.validate()?;
        Ok(pos)
    }

    /// Refuses positions the rules could never reach in a way that matters to play: a
    /// piece too far forward to move, two unpromoted pawns of a seat on one of its lines,
    /// a seat without its king (or with two), more pieces than the sets hold; and by the
    /// turn rule, with two seats the side not to move in check, with four a seat to move
    /// that is out of the game or has no legal move (play would have eliminated it).
    fn validate(&self) -> Result<(), PositionError> {
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

    pub fn spec(&self) -> &'static ShogiSpec {
        self.spec
    }

    pub fn variant(&self) -> Variant {
        self.spec.variant
    }

    pub fn geometry(&self) -> Geometry {
        self.spec.geometry
    }

    pub fn kind(&self, kind: KindId) -> &'static KindDef {
        &self.spec.kinds[kind as usize]
    }

    #[inline]
    pub fn piece_at(&self, sq: Sq) -> Option<Piece> {
        self.board
            .get(sq.index())
            .and_then(|&c| Piece::from_cell(c))
    }

    /// Places or removes a piece, keeping the hash and king squares up to date.
    pub fn set_piece(&mut self, sq: Sq, piece: Option<Piece>) {
        let old = self.board[sq.index()];
        let b81 = self.spec.board81().expect("a 9x9 board");
        if let Some(p) = Piece::from_cell(old) {
            self.hash ^= zobrist::piece(p.cell(), sq);
            self.pieces[p.owner().index()] ^= bitboard::bit(sq);
            if let Some(set) = self.grouped.get_mut(usize::from(b81.group_of(p.kind()))) {
                *set ^= bitboard::bit(sq);
            }
            if self.spec.kinds[p.kind() as usize].royal && self.kings[p.owner().index()] == sq {
                self.kings[p.owner().index()] = Sq::NONE;
            }
        }
        match piece {
            Some(p) => {
                self.board[sq.index()] = p.cell();
                self.hash ^= zobrist::piece(p.cell(), sq);
                self.pieces[p.owner().index()] ^= bitboard::bit(sq);
                if let Some(set) = self.grouped.get_mut(usize::from(b81.group_of(p.kind()))) {
                    *set ^= bitboard::bit(sq);
                }
                if self.spec.kinds[p.kind() as usize].royal {
                    self.kings[p.owner().index()] = sq;
                }
            }
            None => self.board[sq.index()] = EMPTY,
        }
    }

    pub fn hand_count(&self, seat: Seat, kind: KindId) -> u8 {
        self.spec
            .hand_slot(kind)
            .map_or(0, |slot| self.hands[seat.index()][slot])
    }

    /// The pieces in a seat's hand, in the variant's order, with their counts (zeros left out).
    pub fn hand(&self, seat: Seat) -> impl Iterator<Item = (KindId, u8)> + '_ {
        self.spec
            .hand_kinds
            .iter()
            .enumerate()
            .map(move |(slot, &k)| (k, self.hands[seat.index()][slot]))
            .filter(|&(_, n)| n > 0)
    }

    pub fn set_hand_count(&mut self, seat: Seat, kind: KindId, count: u8) {
        if let Some(slot) = self.spec.hand_slot(kind) {
            let old = self.hands[seat.index()][slot];
            self.hash ^= zobrist::hand(seat, slot, old) ^ zobrist::hand(seat, slot, count);
            self.hands[seat.index()][slot] = count;
        }
    }

    /// The seat whose turn it is, even when that seat has no legal move.
    #[inline]
    pub fn turn(&self) -> Seat {
        self.to_move
    }

    /// The seat to move, or `None` once the game has ended on the board (yonin: one
    /// survivor; doubles: a player eliminated).
    pub fn seat_to_move(&self) -> Option<Seat> {
        (!self.is_decided()).then_some(self.to_move)
    }

    pub fn set_turn(&mut self, seat: Seat) {
        self.hash ^= zobrist::turn(self.to_move) ^ zobrist::turn(seat);
        self.to_move = seat;
    }

    pub fn alive(&self) -> SeatSet {
        self.alive
    }

    pub fn set_alive(&mut self, alive: SeatSet) {
        self.hash ^= zobrist::alive(self.alive) ^ zobrist::alive(alive);
        self.alive = alive;
    }

    /// Moves played so far (all seats counted).
    pub fn ply(&self) -> u32 {
        self.ply
    }

    pub fn set_ply(&mut self, ply: u32) {
        self.ply = ply;
    }

    pub fn hand_to_eliminator(&self) -> bool {
        self.hand_to_eliminator
    }

    pub fn set_hand_to_eliminator(&mut self, on: bool) {
        self.hand_to_eliminator = on;
    }

    /// The square of a seat's king, if it has one on the board.
    pub fn king_square(&self, seat: Seat) -> Option<Sq> {
        let sq = self.kings[seat.index()];
        (!sq.is_none()).then_some(sq)
    }

    /// Zobrist hash of board, hands, seat to move and who is alive (not the move number).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from scratch (equal to [`Self::hash`] unless there is a bug).
    pub fn compute_hash(&self) -> u64 {
        let mut h = zobrist::turn(self.to_move) ^ zobrist::alive(self.alive);
        for sq in self.spec.geometry.squares() {
            if let Some(p) = self.piece_at(sq) {
                h ^= zobrist::piece(p.cell(), sq);
            }
        }
        for seat in 0..4u8 {
            for slot in 0..8 {
                h ^= zobrist::hand(Seat(seat), slot, self.hands[seat as usize][slot]);
            }
        }
        h
    }

    /// Whether the game has ended on the board: one survivor, or in doubles a player out.
    pub fn is_decided(&self) -> bool {
        if self.spec.seats == 2 {
            return false;
        }
        if self.spec.doubles {
            self.alive.len() < 4
        } else {
            self.alive.len() <= 1
        }
    }

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
    fn capturable_by(&self, seat: Seat) -> SeatSet {
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

    fn attacked(&self, target: Sq, by: SeatSet, ov: Overlay) -> bool {
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
    fn attacked_by_leap(&self, target: Sq, by: SeatSet, ov: Overlay) -> bool {
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
    pub(super) fn generate<S: Sink>(&self, sink: &mut S) {
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
            let squares: &[Sq] = match usize::from(def.dead_depth) {
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

    /// The rule a pawn drop on the empty square `to` would break beyond nifu and dead
    /// squares: uchifuzume, or a drop in front of an eliminated player's king.
    fn pawn_drop_refusal(&self, to: Sq, me: Seat) -> Option<IllegalMove> {
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
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.contains(m)
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
            let moved = match (m.promote, spec.kinds[piece.kind() as usize].promotes_to) {
                (true, Some(k)) => piece.with_kind(k, true),
                _ => piece,
            };
            self.set_piece(m.to, Some(moved));
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

    /// Points for impasse and move-limit scoring: pieces on the board and in hand.
    pub fn points(&self, seat: Seat, zone_only: bool) -> u32 {
        let t = self.spec.tables();
        let mut total = 0u32;
        for sq in self.spec.geometry.squares() {
            if let Some(p) = self.piece_at(sq) {
                if p.owner() == seat && (!zone_only || t.far_depth(sq, seat) < self.spec.zone_depth)
                {
                    total += self.spec.kinds[p.kind() as usize].points as u32;
                }
            }
        }
        for (kind, n) in self.hand(seat) {
            total += self.spec.kinds[kind as usize].points as u32 * n as u32;
        }
        total
    }

    /// Whether `sq` lies in `seat`'s promotion zone.
    pub fn in_zone(&self, sq: Sq, seat: Seat) -> bool {
        self.spec.tables().far_depth(sq, seat) < self.spec.zone_depth
    }
}

/// The line a square lies on for nifu: its column, or its row for sideways seats.
#[inline]
fn line_of(t: &Tables, sq: Sq, sideways: bool) -> u8 {
    let (c, r) = t.coords(sq);
    if sideways {
        r
    } else {
        c
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

impl Position for ShogiPosition {
    fn variant(&self) -> Variant {
        ShogiPosition::variant(self)
    }
    fn geometry(&self) -> Geometry {
        ShogiPosition::geometry(self)
    }
    fn kind(&self, kind: KindId) -> &'static KindDef {
        ShogiPosition::kind(self, kind)
    }
    fn kinds(&self) -> &'static [KindDef] {
        self.spec().kinds
    }
    fn piece_at(&self, sq: Sq) -> Option<Piece> {
        ShogiPosition::piece_at(self, sq)
    }
    fn hand_count(&self, seat: Seat, kind: KindId) -> u8 {
        ShogiPosition::hand_count(self, seat, kind)
    }
    fn hand_kinds(&self) -> &'static [KindId] {
        self.spec().hand_kinds
    }
    fn turn(&self) -> Seat {
        ShogiPosition::turn(self)
    }
    fn seat_to_move(&self) -> Option<Seat> {
        ShogiPosition::seat_to_move(self)
    }
    fn alive(&self) -> SeatSet {
        ShogiPosition::alive(self)
    }
    fn ply(&self) -> u32 {
        ShogiPosition::ply(self)
    }
    fn hash(&self) -> u64 {
        ShogiPosition::hash(self)
    }
    fn to_text(&self) -> String {
        self.spec().text_format().write(&Setup::of(self))
    }
    fn in_check(&self, seat: Seat) -> bool {
        ShogiPosition::in_check(self, seat)
    }
    fn checked_seats(&self) -> SeatSet {
        ShogiPosition::checked_seats(self)
    }
    fn king_square(&self, seat: Seat) -> Option<Sq> {
        ShogiPosition::king_square(self, seat)
    }
    fn partner(&self, seat: Seat) -> Option<Seat> {
        self.spec().partner(seat)
    }
    fn in_zone(&self, sq: Sq, seat: Seat) -> bool {
        ShogiPosition::in_zone(self, sq, seat)
    }
    fn advancement(&self, sq: Sq, seat: Seat) -> u8 {
        let g = ShogiPosition::geometry(self);
        let (col, row) = g.col_row(sq);
        let last = i32::from(g.size()) - 1;
        // Twice the offset from the centre, turned into the seat's own frame, where
        // forward is up.
        let (x, y) = (2 * i32::from(col) - last, 2 * i32::from(row) - last);
        let turns = self.spec().quarter_turns[seat.index()];
        let (_, own_y) = super::geometry::rotate(x, y, (4 - turns % 4) % 4);
        ((last - own_y) / 2).clamp(0, last) as u8
    }
    fn generate<S: Sink>(&self, sink: &mut S) {
        ShogiPosition::generate(self, sink)
    }
    #[inline]
    fn count_legal_moves(&self) -> usize {
        ShogiPosition::count_legal_moves(self)
    }
    fn check_move(&self, m: &Move) -> Result<(), IllegalMove> {
        ShogiPosition::check_move(self, m)
    }
    fn parse_move(&self, text: &str) -> Result<Move, MoveParseError> {
        notation::parse_move(self, text)
    }
    fn coordinate(&self, m: &Move) -> String {
        notation::to_coordinate(self, m)
    }
    fn western(&self, m: &Move, legal: &[Move]) -> String {
        notation::to_readable(self, m, legal)
    }
    fn play_unchecked(&mut self, m: &Move) -> MoveEffects {
        let effects = self.apply(m);
        MoveEffects {
            checks: effects.checks,
            eliminated: effects.eliminated,
            captured: effects.captured.is_some(),
            attacks: false,
            passed: false,
        }
    }
    fn play_quiet(&mut self, m: &Move) {
        self.apply_quiet(m);
    }
    fn is_attacked_by(&self, target: Sq, by: SeatSet) -> bool {
        ShogiPosition::is_attacked(self, target, by)
    }
    fn play_null(&mut self) -> bool {
        if self.spec().seats != 2 || self.seat_to_move().is_none() {
            return false;
        }
        self.set_turn(self.spec().next_seat(self.turn()));
        true
    }
    fn generate_checks<S: Sink>(&self, sink: &mut S) {
        ShogiPosition::generate_checks(self, sink)
    }
    fn generate_captures<S: Sink>(&self, sink: &mut S) {
        ShogiPosition::generate_captures(self, sink)
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

    #[test]
    fn advancement_counts_lines_from_each_seats_own_back_line() {
        let pos = standard::start();
        let g: Geometry = Position::geometry(&pos);
        let sq = |name: &str| g.parse_square(name).unwrap();
        // Black's pawns stand on 7g, two lines in front of its back line (rank i).
        assert_eq!(pos.advancement(sq("7g"), Seat(0)), 2);
        assert_eq!(pos.advancement(sq("5i"), Seat(0)), 0);
        // White's back line is rank a; its pawns on rank c.
        assert_eq!(pos.advancement(sq("3c"), Seat(1)), 2);
        assert_eq!(pos.advancement(sq("5a"), Seat(1)), 0);
        // Yonin: each of the four seats counts from its own edge.
        let four = yonin::start(false);
        let edge_counts: Vec<u8> = (0..4)
            .map(|seat| {
                let king = four.king_square(Seat(seat)).unwrap();
                four.advancement(king, Seat(seat))
            })
            .collect();
        assert_eq!(
            edge_counts,
            [0, 0, 0, 0],
            "every king starts on its own back line"
        );
    }
}
