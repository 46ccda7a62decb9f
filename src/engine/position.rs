//! The [`Position`] trait: what every variant's position answers (pieces, hands, turn,
//! check, legal moves, playing a move, its text and its moves' notation), so that code
//! above the rules (the game, the computer players, perft, the renderer) is written once
//! for all variants; and its implementations for the two position types.

use arrayvec::ArrayVec;

use super::daidai::{self, DaiDaiPosition};
use super::error::{IllegalMove, MoveParseError};
use super::geometry::{Geometry, Seat, SeatSet, Sq};
use super::moves::Move;
use super::notation;
use super::perft;
use super::piece::{KindDef, KindId, Piece};
use super::setup::Setup;
use super::shogi::{EliminationReason, ShogiPosition};
use super::sink::{Any, Counter, Sink};
use super::Variant;

/// What a move did, as far as a caller above the rules needs to know.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveEffects {
    /// Alive players whose king is attacked after the move.
    pub checks: SeatSet,
    /// Players eliminated as a consequence of the move, in order (yonin shogi).
    pub eliminated: ArrayVec<(Seat, EliminationReason), 3>,
    /// The move took at least one piece.
    pub captured: bool,
    /// The moved piece attacks an enemy piece from where it stands (dai dai shogi's
    /// repetition rule; other variants do not say).
    pub attacks: bool,
    /// The move was a pass (dai dai shogi).
    pub passed: bool,
}

/// A position of one variant. Both position types implement it, and
/// [`super::AnyPosition`] dispatches to them, so generic code pays no dispatch cost on a
/// concrete type.
pub trait Position: Clone + Send + Sync + 'static {
    fn variant(&self) -> Variant;
    fn geometry(&self) -> Geometry;
    /// The definition of a kind in this variant's piece table.
    fn kind(&self, kind: KindId) -> &'static KindDef;
    /// Every kind of this variant's piece table, by id.
    fn kinds(&self) -> &'static [KindDef];
    fn piece_at(&self, sq: Sq) -> Option<Piece>;
    /// How many pieces of `kind` `seat` holds in hand (variants without drops: none).
    fn hand_count(&self, seat: Seat, kind: KindId) -> u8;
    /// The kinds that can be held in hand (variants without drops: none).
    fn hand_kinds(&self) -> &'static [KindId];
    /// The seat whose turn it is.
    fn turn(&self) -> Seat;
    /// The seat to move, or `None` once the game has ended on the board (yonin: one
    /// survivor; doubles: a player eliminated).
    fn seat_to_move(&self) -> Option<Seat>;
    /// Players still in the game.
    fn alive(&self) -> SeatSet;
    /// Plies played since the start of the game.
    fn ply(&self) -> u32;
    /// The Zobrist hash of the position (board, hands, turn).
    fn hash(&self) -> u64;
    /// The position in its variant's text format (see [`super::setup`]).
    fn to_text(&self) -> String;
    fn in_check(&self, seat: Seat) -> bool;
    /// Alive seats whose king is attacked.
    fn checked_seats(&self) -> SeatSet;
    fn king_square(&self, seat: Seat) -> Option<Sq>;
    /// The partner of `seat` in a doubles game.
    fn partner(&self, seat: Seat) -> Option<Seat>;
    /// Whether `sq` lies in `seat`'s promotion zone (variants that promote on capture:
    /// never).
    fn in_zone(&self, sq: Sq, seat: Seat) -> bool;
    /// How many lines `sq` lies in front of `seat`'s own back line, in the seat's own
    /// forward direction (0 on the back line).
    fn advancement(&self, sq: Sq, seat: Seat) -> u8;
    /// Generates the legal moves of the seat to move into `sink`, until it asks to stop
    /// (none once the game has ended on the board).
    fn generate<S: Sink>(&self, sink: &mut S);
    /// Why `m` is not legal (`Ok` if it is), naming the rule that forbids it.
    fn check_move(&self, m: &Move) -> Result<(), IllegalMove>;
    /// Reads move text in any notation the variant supports as one of the legal moves.
    fn parse_move(&self, text: &str) -> Result<Move, MoveParseError>;
    /// The canonical coordinate form of a move (USI for standard shogi).
    fn coordinate(&self, m: &Move) -> String;
    /// The readable form of a legal move (Western; in yonin after the seat, `S: P-5f`),
    /// given the legal moves, which decide how much it must say to be unambiguous.
    fn western(&self, m: &Move, legal: &[Move]) -> String;
    /// Plays a legal move in place (unchecked: the caller took it from
    /// [`Position::legal_moves`]).
    fn play_unchecked(&mut self, m: &Move) -> MoveEffects;
    /// Whether a piece of a seat in `by` attacks `target`.
    fn is_attacked_by(&self, target: Sq, by: SeatSet) -> bool;

    /// Hands the turn to the other seat without a move (the search's null move), where
    /// turns alternate between two seats; `false` (nothing changed) elsewhere.
    fn play_null(&mut self) -> bool {
        false
    }

    /// Number of seats at the table.
    fn seats(&self) -> u8 {
        self.variant().seats()
    }

    /// The legal moves of the seat to move, replacing the contents of `out`.
    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        self.generate(out);
    }

    /// Number of legal moves, without building a list. Perft counts its last ply here, so
    /// a variant whose generator can count a batch of moves without making each one (bulk
    /// counting) overrides this.
    fn count_legal_moves(&self) -> usize {
        let mut counter = Counter(0);
        self.generate(&mut counter);
        counter.0
    }

    /// Whether the seat to move has any legal move.
    fn has_legal_move(&self) -> bool {
        let mut any = Any(false);
        self.generate(&mut any);
        any.0
    }

    /// The legal moves of the seat to move that leave an opponent's king attacked, into
    /// `sink` until it asks to stop (see [`super::checks`]).
    fn generate_checks<S: Sink>(&self, sink: &mut S) {
        super::checks::generate_checks_by_trial(self, sink)
    }

    /// The legal moves of the seat to move that take a piece, into `sink` until it asks
    /// to stop (see [`super::captures`]).
    fn generate_captures<S: Sink>(&self, sink: &mut S) {
        super::captures::generate_captures_by_filter(self, sink)
    }

    /// Plays a legal move in place when nobody needs its effects (perft, playouts): a
    /// variant may skip the bookkeeping [`Position::play_unchecked`] reports.
    fn play_quiet(&mut self, m: &Move) {
        self.play_unchecked(m);
    }

    /// Leaf nodes of the legal move tree to `depth` plies (see [`perft::perft`]); an enum
    /// of positions overrides it to dispatch once rather than at every node.
    fn perft(&self, depth: u32) -> u64 {
        perft::perft(self, depth)
    }
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

impl Position for DaiDaiPosition {
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
        super::daidai::to_text(self)
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
        daidai::parse_move(self, text)
    }
    fn coordinate(&self, m: &Move) -> String {
        daidai::to_coordinate(self, m)
    }
    fn western(&self, m: &Move, legal: &[Move]) -> String {
        daidai::to_hodges(self, m, legal)
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
        self.set_turn(daidai::opponent(self.turn()));
        true
    }
    fn generate_checks<S: Sink>(&self, sink: &mut S) {
        super::checks::generate_daidai_checks(self, sink)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{standard, yonin, Geometry};

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
