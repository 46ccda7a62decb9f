//! Dai dai shogi (17x17, no drops, promotion on the first capture): the position, its
//! move generation with the lion, lion-dog and hook moves, check, the position text, the
//! move notations and the repetition rule's decision.
//!
//! # Position text
//!
//! An SFEN-style line of four fields separated by spaces:
//!
//! ```text
//! <board> <side to move> <hands> <move number>
//! ```
//!
//! - **board**: the 17 ranks from `a` (top, White's back rank) to `q`, separated by `/`.
//!   Each rank lists its squares from file 17 (left, as Black sees the board) to file 1 as
//!   items separated by `,`: a number 1–17 is a run of empty squares, anything else is one
//!   piece. A piece is its code in upper case for Black and lower case for White (`LN` a
//!   Black lion, `ln` a White one), preceded by `+` if it is a promoted piece, and then
//!   written with the code of the kind it promoted from, as Hodges notation does: `+BM` is
//!   a mountain witch, `+EA` a lion that was an eastern barbarian (and so never promotes
//!   again), `+LN` a furious fiend. The codes are the rules file's, except that the stone
//!   general is `SG` and the western barbarian `WBR`, so that no two codes differ only in
//!   case. A rank of nothing but empty squares is `17`.
//! - **side to move**: `b` (Black, who sits at the bottom and moves first) or `w`.
//! - **hands**: always `-` (captured pieces leave the game); kept so the text has SFEN's
//!   shape. Reading accepts the text without it.
//! - **move number**: the number of the next move, 1 at the start (optional when reading).
//!
//! Writing a position and reading it back gives the same position, and writing that gives
//! the same text. Reading also accepts the code of a promoted-only kind without `+`
//! (`FF` for `+LN`). See [`START_TEXT`] for the start position.
//!
//! # Moves
//!
//! A [`Move`] names its origin, its destination and the squares it captures on the way:
//! lion and lion-dog moves list in `via` exactly the middle squares whose pieces they
//! capture, in the order they are taken; a move that only passes over or through empty
//! squares is written as a plain move, so each distinct outcome is one move. Igui is
//! `to == from` with the captured square in `via[0]`; a pass is `to == from` with an empty
//! neighbour in `via[0]` (one pass per piece that can pass: the first empty neighbour
//! clockwise from the one towards rank a, on a lion-dog line for the lion dog and the great
//! elephant). `promote` is set on every capturing move of a
//! piece that has not promoted yet and has a promotion: promotion is compulsory.

mod kinds;
mod movegen;
pub mod notation;
pub mod repetition;
pub(crate) mod rules;
mod text;

use std::sync::OnceLock;

use arrayvec::ArrayVec;

use super::error::{IllegalMove, MoveParseError};
use super::geometry::{Geometry, Seat, SeatSet, Sq, MAX_CELLS, PAD};
use super::moves::Move;
use super::outcome::EliminationReason;
use super::piece::{KindDef, KindId, Piece, Special, EMPTY, WALL};
use super::position::{MoveEffects, Position};
use super::sink::Sink;
use super::tables::{BoardRay, Tables};
use super::variant::Variant;
use super::zobrist;

pub use super::error::RepetitionCulprit;
pub use kinds::*;
pub use notation::{parse_move, to_coordinate, to_hodges};
pub use repetition::{judge_repetition, HistoryEntry, Repetition};
pub use text::{from_text, from_text_with, to_text, START_TEXT};

/// The 17x17 board.
pub const GEOMETRY: Geometry = Variant::DaiDai.geometry();

pub const BLACK: Seat = Seat(0);
pub const WHITE: Seat = Seat(1);

/// The other side.
#[inline]
pub fn opponent(seat: Seat) -> Seat {
    Seat(seat.0 ^ 1)
}

/// How many hook pieces (hook movers and long-nosed goblins) a legal position can hold:
/// two of each per side (the originals and the promoted snake and kite).
const MAX_HOOKS: usize = 8;

/// How a kind's moves are generated, for one seat: which of the special powers it has and
/// which of its rays are ordinary steps, slides and jumps.
#[derive(Clone, Debug, Default)]
struct Plan {
    /// Lion power: two king steps, capturing on either, or a jump within distance two.
    lion: bool,
    /// Board directions (bits in `DIRECTIONS` order) with lion-dog power.
    dog_lines: u8,
    /// The lion-dog lines are read as plain slides of up to three squares.
    dog_slide: bool,
    /// Lion-dog lines along which the piece also slides on past the third square.
    slide_on: u8,
    /// Board directions of a hook move's first leg (0 = no hook move).
    hook_dirs: u8,
    /// Span of the ordinary rays in `RuleData::plain`.
    plain: (u32, u32),
    /// The kind has a promotion under the rules in force.
    promotes: bool,
}

/// Everything derived from one combination of rule readings, built once.
struct RuleData {
    rules: Rules,
    kinds: Vec<KindDef>,
    tables: Tables,
    plans: Vec<Plan>,
    plain: Vec<BoardRay>,
    is_hook: [bool; KIND_COUNT],
    /// Each kind's count in one side's setup.
    setup_counts: [u8; KIND_COUNT],
    dir_delta: [i16; 8],
    /// The sixteen squares at king distance two.
    lion_jumps: [i16; 16],
}

impl RuleData {
    fn new(rules: Rules) -> RuleData {
        let kinds = kind_table(rules);
        let tables = Tables::new(GEOMETRY, &kinds, 2, [0, 2, 0, 2]);
        let mut dir_delta = [0i16; 8];
        for (d, delta) in dir_delta.iter_mut().enumerate() {
            *delta = tables.dir_delta(d);
        }
        let mut plans = Vec::with_capacity(2 * KIND_COUNT);
        let mut plain = Vec::new();
        for seat in [BLACK, WHITE] {
            for (id, def) in kinds.iter().enumerate() {
                let rays = tables.rays(seat, id as KindId);
                let mut plan = Plan {
                    promotes: def.promotes_to.is_some(),
                    ..Plan::default()
                };
                let start = plain.len() as u32;
                match def.special {
                    Special::None => plain.extend_from_slice(rays),
                    Special::Lion => plan.lion = true,
                    Special::LionDog => plan.dog_lines = 0xFF,
                    Special::FuriousFiend => {
                        plan.lion = true;
                        plan.dog_lines = 0xFF;
                        plan.dog_slide = rules.lion_dog_range;
                    }
                    Special::GreatElephant => {
                        // The lion-dog lines are where the kind jumps to the third square.
                        for (d, &delta) in dir_delta.iter().enumerate() {
                            if rays.iter().any(|r| r.dir.is_none() && r.delta == 3 * delta) {
                                plan.dog_lines |= 1 << d;
                            }
                        }
                        for ray in rays {
                            // Along its lion-dog lines the lion-dog moves cover the first
                            // three squares; a slide there goes on from the fourth.
                            match ray.dir {
                                Some(d) if plan.dog_lines & (1 << d) != 0 && ray.range == 0 => {
                                    plan.slide_on |= 1 << d
                                }
                                Some(d) if plan.dog_lines & (1 << d) != 0 => {}
                                Some(_) => plain.push(*ray),
                                None => {}
                            }
                        }
                    }
                    Special::HookOrthogonal | Special::HookDiagonal => {
                        plain.extend_from_slice(rays);
                        for ray in rays {
                            if let (Some(d), 0) = (ray.dir, ray.range) {
                                plan.hook_dirs |= 1 << d;
                            }
                        }
                    }
                }
                plan.plain = (start, plain.len() as u32);
                plans.push(plan);
            }
        }
        let mut is_hook = [false; KIND_COUNT];
        for (id, def) in kinds.iter().enumerate() {
            is_hook[id] = matches!(def.special, Special::HookOrthogonal | Special::HookDiagonal);
        }
        let mut setup_counts = [0u8; KIND_COUNT];
        for row in WHITE_CAMP {
            for code in row {
                if let Some(k) = kind_by_code(code) {
                    setup_counts[k as usize] += 1;
                }
            }
        }
        let mut lion_jumps = [0i16; 16];
        let mut n = 0;
        for dy in -2i32..=2 {
            for dx in -2i32..=2 {
                if dx.abs().max(dy.abs()) == 2 {
                    lion_jumps[n] = GEOMETRY.delta(dx, dy);
                    n += 1;
                }
            }
        }
        RuleData {
            rules,
            kinds,
            tables,
            plans,
            plain,
            is_hook,
            setup_counts,
            dir_delta,
            lion_jumps,
        }
    }

    fn get(rules: Rules) -> &'static RuleData {
        static DATA: [OnceLock<RuleData>; 8] = [const { OnceLock::new() }; 8];
        DATA[rules.index()].get_or_init(|| RuleData::new(rules))
    }

    #[inline]
    fn plan(&self, seat: Seat, kind: KindId) -> &Plan {
        &self.plans[seat.index() * KIND_COUNT + kind as usize]
    }

    #[inline]
    fn plain(&self, plan: &Plan) -> &[BoardRay] {
        &self.plain[plan.plain.0 as usize..plan.plain.1 as usize]
    }
}

/// What a move did: the pieces it took, whether the mover promoted, whether it gives
/// check, and what the repetition rule needs to know about it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DaiDaiEffects {
    /// The pieces taken, with their squares, in the order they were taken.
    pub captured: ArrayVec<(Sq, Piece), 3>,
    /// The moving piece promoted (its first capture).
    pub promoted: bool,
    /// The side whose king is attacked after the move (the opponent, or nobody).
    pub checks: SeatSet,
    /// The moved piece attacks at least one enemy piece from where it stands.
    pub attacks: bool,
    /// The move was a pass.
    pub passed: bool,
}

impl DaiDaiEffects {
    pub fn gives_check(&self) -> bool {
        !self.checks.is_empty()
    }
}

/// A dai dai shogi position: the board, the side to move and the move number.
#[derive(Clone)]
pub struct DaiDaiPosition {
    data: &'static RuleData,
    board: [u16; MAX_CELLS],
    /// Each side's occupied squares, so the generator visits pieces without scanning
    /// the whole board (bits in mailbox order: the board's reading order).
    occupied: [SquareSet; 2],
    kings: [Sq; 2],
    /// Squares of every hook piece on the board (either side), for the attack test.
    hooks: [Sq; MAX_HOOKS],
    hook_count: u8,
    to_move: Seat,
    ply: u32,
    hash: u64,
}

impl PartialEq for DaiDaiPosition {
    fn eq(&self, other: &Self) -> bool {
        self.data.rules == other.data.rules
            && self.board[..] == other.board[..]
            && self.to_move == other.to_move
            && self.ply == other.ply
    }
}

impl Eq for DaiDaiPosition {}

impl std::fmt::Debug for DaiDaiPosition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DaiDaiPosition")
            .field("text", &to_text(self))
            .field("rules", &self.data.rules)
            .finish()
    }
}

/// The start position under the default rules.
pub fn start() -> DaiDaiPosition {
    DaiDaiPosition::start(Rules::default())
}

impl DaiDaiPosition {
    /// An empty board, Black to move, move 1.
    pub fn empty(rules: Rules) -> DaiDaiPosition {
        let mut board = [WALL; MAX_CELLS];
        for sq in GEOMETRY.squares() {
            board[sq.index()] = EMPTY;
        }
        let mut pos = DaiDaiPosition {
            data: RuleData::get(rules),
            board,
            occupied: [[0; MAX_CELLS.div_ceil(64)]; 2],
            kings: [Sq::NONE; 2],
            hooks: [Sq::NONE; MAX_HOOKS],
            hook_count: 0,
            to_move: BLACK,
            ply: 0,
            hash: 0,
        };
        pos.hash = pos.compute_hash();
        pos
    }

    /// The start position of the rules file under `rules`.
    pub fn start(rules: Rules) -> DaiDaiPosition {
        let mut pos = DaiDaiPosition::empty(rules);
        for (row, codes) in WHITE_CAMP.iter().enumerate() {
            for (col, code) in codes.iter().enumerate() {
                if let Some(kind) = kind_by_code(code) {
                    let (col, row) = (col as u8, row as u8);
                    pos.set_piece(
                        GEOMETRY.square(col, row),
                        Some(Piece::new(kind, WHITE, false)),
                    );
                    pos.set_piece(
                        GEOMETRY.square(16 - col, 16 - row),
                        Some(Piece::new(kind, BLACK, false)),
                    );
                }
            }
        }
        pos
    }

    pub fn rules(&self) -> Rules {
        self.data.rules
    }

    pub fn geometry(&self) -> Geometry {
        GEOMETRY
    }

    /// The definition of a kind under the rules in force.
    pub fn kind(&self, kind: KindId) -> &'static KindDef {
        &self.data.kinds[kind as usize]
    }

    /// Every kind under the rules in force.
    pub fn kinds(&self) -> &'static [KindDef] {
        &self.data.kinds
    }

    #[inline]
    pub fn piece_at(&self, sq: Sq) -> Option<Piece> {
        self.board
            .get(sq.index())
            .and_then(|&c| Piece::from_cell(c))
    }

    /// Places or removes a piece, keeping the hash, the king squares and the hook list.
    pub fn set_piece(&mut self, sq: Sq, piece: Option<Piece>) {
        if !GEOMETRY.contains(sq) {
            return;
        }
        let old = self.board[sq.index()];
        let (word, b) = bit(sq);
        if let Some(p) = Piece::from_cell(old) {
            self.occupied[p.owner().index() & 1][word] &= !b;
            self.hash ^= zobrist::piece(p.cell(), sq);
            if self.kings[p.owner().index()] == sq {
                self.kings[p.owner().index()] = Sq::NONE;
            }
            if self.data.is_hook[p.kind() as usize] {
                let n = self.hook_count as usize;
                if let Some(i) = self.hooks[..n].iter().position(|&h| h == sq) {
                    self.hooks[i] = self.hooks[n - 1];
                    self.hook_count -= 1;
                }
            }
        }
        match piece {
            Some(p) => {
                self.board[sq.index()] = p.cell();
                self.occupied[p.owner().index() & 1][word] |= b;
                self.hash ^= zobrist::piece(p.cell(), sq);
                if self.data.kinds[p.kind() as usize].royal {
                    self.kings[p.owner().index()] = sq;
                }
                // A position with more hook pieces than the set holds is refused by the
                // reader's validation, so running out of slots here never matters.
                if self.data.is_hook[p.kind() as usize] && (self.hook_count as usize) < MAX_HOOKS {
                    self.hooks[self.hook_count as usize] = sq;
                    self.hook_count += 1;
                }
            }
            None => self.board[sq.index()] = EMPTY,
        }
    }

    /// The side whose turn it is.
    #[inline]
    pub fn turn(&self) -> Seat {
        self.to_move
    }

    /// The side to move (dai dai shogi never ends on the board without someone to move;
    /// see [`Self::end_reason`]).
    pub fn seat_to_move(&self) -> Option<Seat> {
        Some(self.to_move)
    }

    pub fn set_turn(&mut self, seat: Seat) {
        let seat = Seat(seat.0 & 1);
        self.hash ^= zobrist::turn(self.to_move) ^ zobrist::turn(seat);
        self.to_move = seat;
    }

    /// Moves played so far.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    pub fn set_ply(&mut self, ply: u32) {
        self.ply = ply;
    }

    /// The square of a side's king, if it has one.
    pub fn king_square(&self, seat: Seat) -> Option<Sq> {
        let sq = self.kings[seat.index() & 1];
        (!sq.is_none()).then_some(sq)
    }

    /// Zobrist hash of the board and the side to move (not the move number).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from scratch (equal to [`Self::hash`] unless there is a bug).
    pub fn compute_hash(&self) -> u64 {
        let mut h = zobrist::turn(self.to_move);
        for sq in GEOMETRY.squares() {
            if let Some(p) = self.piece_at(sq) {
                h ^= zobrist::piece(p.cell(), sq);
            }
        }
        h
    }

    /// Pieces on the board, with their squares, row by row from 17a.
    pub fn pieces(&self) -> impl Iterator<Item = (Sq, Piece)> + '_ {
        GEOMETRY
            .squares()
            .filter_map(move |sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// Whether `seat`'s king is attacked.
    pub fn in_check(&self, seat: Seat) -> bool {
        match self.king_square(seat) {
            Some(k) => self.attacked(k, opponent(seat), &movegen::Overlay::NONE),
            None => false,
        }
    }

    /// The sides whose king is attacked (at most the side not to move's opponent, since
    /// check is enforced).
    pub fn checked_seats(&self) -> SeatSet {
        let mut set = SeatSet::EMPTY;
        for seat in [BLACK, WHITE] {
            if self.in_check(seat) {
                set = set.with(seat);
            }
        }
        set
    }

    /// Both sides play to the end; nobody is eliminated in dai dai shogi.
    pub fn alive(&self) -> SeatSet {
        SeatSet::all(2)
    }

    /// Whether a piece of `by` attacks `target` (could capture a piece standing there).
    pub fn is_attacked(&self, target: Sq, by: Seat) -> bool {
        GEOMETRY.contains(target) && self.attacked(target, by, &movegen::Overlay::NONE)
    }

    /// Why the game is over on the board, if it is: the side to move has no legal move
    /// and loses (`Mate` when in check, `NoMove` otherwise).
    pub fn end_reason(&self) -> Option<EliminationReason> {
        if self.has_legal_move() {
            None
        } else if self.in_check(self.to_move) {
            Some(EliminationReason::Mate)
        } else {
            Some(EliminationReason::NoMove)
        }
    }

    /// Whether `m` is one of the legal moves.
    pub fn is_legal(&self, m: &Move) -> bool {
        self.is_legal_move(m)
    }

    /// Plays a legal move (unchecked: the caller has verified it) and reports its effects.
    pub fn apply(&mut self, m: &Move) -> DaiDaiEffects {
        let passed = self.is_pass(m);
        let (captured, promoted) = self.make(m);
        let mover = opponent(self.to_move);
        let mut checks = SeatSet::EMPTY;
        if self.in_check(self.to_move) {
            checks = checks.with(self.to_move);
        }
        let attacks = !passed && self.attacks_enemy_piece(m.to, mover);
        DaiDaiEffects {
            captured,
            promoted,
            checks,
            attacks,
            passed,
        }
    }

    /// Plays `m` if it is legal, returning the new position and the move's effects.
    pub fn play(&self, m: &Move) -> Result<(DaiDaiPosition, DaiDaiEffects), IllegalMove> {
        self.check_move(m)?;
        let mut next = self.clone();
        let effects = next.apply(m);
        Ok((next, effects))
    }

    /// Whether `m` is a pass: back to its start over an empty square.
    pub fn is_pass(&self, m: &Move) -> bool {
        m.to == m.from && !m.via[0].is_none() && self.board.get(m.via[0].index()) == Some(&EMPTY)
    }

    /// Moves the pieces and flips the turn; returns the captures and whether the mover
    /// promoted. No check or attack bookkeeping, for perft and playouts.
    pub(in crate::engine) fn make(&mut self, m: &Move) -> (ArrayVec<(Sq, Piece), 3>, bool) {
        let mut captured = ArrayVec::new();
        let Some(piece) = self.piece_at(m.from) else {
            return (captured, false);
        };
        for v in m.via {
            if let Some(p) = self.piece_at(v) {
                captured.push((v, p));
                self.set_piece(v, None);
            }
        }
        if m.to != m.from {
            if let Some(p) = self.piece_at(m.to) {
                if !captured.is_full() {
                    captured.push((m.to, p));
                }
            }
            self.set_piece(m.from, None);
        }
        let promotes_to = self.data.kinds[piece.kind() as usize].promotes_to;
        let moved = match promotes_to {
            Some(kind) if m.promote && !piece.promoted() => piece.with_kind(kind, true),
            _ => piece,
        };
        self.set_piece(m.to, Some(moved));
        self.ply += 1;
        self.set_turn(opponent(self.to_move));
        (captured, moved != piece)
    }
}

/// Index of a mailbox cell's bit in a board-sized bit set.
#[inline]
fn bit(sq: Sq) -> (usize, u64) {
    (sq.index() >> 6, 1u64 << (sq.index() & 63))
}

/// A set of squares as bits over the mailbox.
type SquareSet = [u64; MAX_CELLS.div_ceil(64)];

const _: () = assert!(PAD == 3, "lion-dog third squares rely on three wall rings");

impl Position for DaiDaiPosition {
    const FINDS_FAST: bool = true;

    fn variant(&self) -> Variant {
        Variant::DaiDai
    }
    fn geometry(&self) -> Geometry {
        DaiDaiPosition::geometry(self)
    }
    fn kind(&self, kind: KindId) -> &'static KindDef {
        DaiDaiPosition::kind(self, kind)
    }
    fn kinds(&self) -> &'static [KindDef] {
        DaiDaiPosition::kinds(self)
    }
    fn piece_at(&self, sq: Sq) -> Option<Piece> {
        DaiDaiPosition::piece_at(self, sq)
    }
    fn hand_count(&self, _seat: Seat, _kind: KindId) -> u8 {
        0
    }
    fn hand_kinds(&self) -> &'static [KindId] {
        &[]
    }
    fn turn(&self) -> Seat {
        DaiDaiPosition::turn(self)
    }
    fn seat_to_move(&self) -> Option<Seat> {
        DaiDaiPosition::seat_to_move(self)
    }
    fn alive(&self) -> SeatSet {
        DaiDaiPosition::alive(self)
    }
    fn ply(&self) -> u32 {
        DaiDaiPosition::ply(self)
    }
    fn hash(&self) -> u64 {
        DaiDaiPosition::hash(self)
    }
    fn to_text(&self) -> String {
        to_text(self)
    }
    fn in_check(&self, seat: Seat) -> bool {
        DaiDaiPosition::in_check(self, seat)
    }
    fn checked_seats(&self) -> SeatSet {
        DaiDaiPosition::checked_seats(self)
    }
    fn king_square(&self, seat: Seat) -> Option<Sq> {
        DaiDaiPosition::king_square(self, seat)
    }
    fn partner(&self, _seat: Seat) -> Option<Seat> {
        None
    }
    fn in_zone(&self, _sq: Sq, _seat: Seat) -> bool {
        false
    }
    fn advancement(&self, sq: Sq, seat: Seat) -> u8 {
        let g = DaiDaiPosition::geometry(self);
        let (_, row) = g.col_row(sq);
        // Black (seat 0) faces the top of the board.
        if seat.0 == 0 {
            g.size() - 1 - row
        } else {
            row
        }
    }
    fn generate<S: Sink>(&self, sink: &mut S) {
        DaiDaiPosition::generate(self, sink)
    }
    fn check_move(&self, m: &Move) -> Result<(), IllegalMove> {
        DaiDaiPosition::check_move(self, m)
    }
    fn parse_move(&self, text: &str) -> Result<Move, MoveParseError> {
        parse_move(self, text)
    }
    fn coordinate(&self, m: &Move) -> String {
        to_coordinate(self, m)
    }
    fn western(&self, m: &Move, legal: &[Move]) -> String {
        to_hodges(self, m, legal)
    }
    fn play_unchecked(&mut self, m: &Move) -> MoveEffects {
        let effects = self.apply(m);
        MoveEffects {
            checks: effects.checks,
            eliminated: ArrayVec::new(),
            captured: !effects.captured.is_empty(),
            attacks: effects.attacks,
            passed: effects.passed,
        }
    }
    fn play_quiet(&mut self, m: &Move) {
        self.make(m);
    }
    fn is_attacked_by(&self, target: Sq, by: SeatSet) -> bool {
        by.iter()
            .any(|seat| DaiDaiPosition::is_attacked(self, target, seat))
    }
    fn play_null(&mut self) -> bool {
        self.set_turn(opponent(self.turn()));
        true
    }
    /// Each legal move made on a copy, the opponent's king then tested (no check or
    /// attack bookkeeping beyond that).
    fn generate_checks<S: Sink>(&self, sink: &mut S) {
        let them = opponent(self.turn());
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        for m in moves {
            let mut after = self.clone();
            after.make(&m);
            if after.in_check(them) && sink.push(m) {
                return;
            }
        }
    }
}
