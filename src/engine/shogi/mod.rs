//! The drop-shogi position shared by standard shogi (two seats) and yonin shogi (four
//! seats): its spec ([`ShogiSpec`], the data each variant module supplies), board, hands
//! and turn, its hash, scoring points and promotion zones, and its [`Position`] impl. The
//! rest is in the files beside this one: `attacks.rs` (attack and check tests),
//! `movegen.rs` (legal moves with every forbidden-move rule, and the bulk count),
//! `legality.rs` (why a move is refused, the pawn-drop rules, and the check of a position
//! read from text), `play.rs` (playing a move and the turn rule after it, including
//! yonin's check priority and eliminations) and `notation.rs` (the moves' notations, also
//! named `engine::notation`).

mod attacks;
mod legality;
mod movegen;
pub mod notation;
mod play;

use std::sync::OnceLock;

use arrayvec::ArrayVec;

use super::bitboard::{self, Bits, Board81};
use super::error::{IllegalMove, MoveParseError, PositionError};
use super::geometry::{Geometry, Seat, SeatSet, Sq};
use super::moves::Move;
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
}

impl ShogiPosition {
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

impl Position for ShogiPosition {
    const FINDS_FAST: bool = true;

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
    fn gives_check_unplayed(&self, m: &Move) -> Option<bool> {
        ShogiPosition::gives_check_unplayed(self, m)
    }
    fn attacked_after(&self, m: &Move, target: Sq, by: SeatSet) -> Option<bool> {
        ShogiPosition::attacked_after(self, m, target, by)
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
