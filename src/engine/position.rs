//! The [`Position`] trait: what every variant's position answers (pieces, hands, turn,
//! check, legal moves, playing a move, its text and its moves' notation), so that code
//! above the rules (the game, the computer players, the renderer) is written once for all
//! variants; perft is written here, once, over the trait. Each position type implements it
//! beside its own definition.

use arrayvec::ArrayVec;

use super::error::{IllegalMove, MoveParseError};
use super::geometry::{Geometry, Seat, SeatSet, Sq};
use super::moves::Move;
use super::outcome::EliminationReason;
use super::piece::{KindDef, KindId, Piece};
use super::sink::{Any, Counter, Find, Sink};
use super::variant::Variant;

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

    /// Whether playing the legal move `m` would leave an opponent in check, where the
    /// position can tell without playing it (`None`: it cannot, play the move to see).
    /// The search decides on some prunings before it makes a move.
    fn gives_check_unplayed(&self, _m: &Move) -> Option<bool> {
        None
    }

    /// Whether a piece of a seat in `by` would attack `target` once the legal move `m` is
    /// played, where the position can tell without playing it (`None`: play it to see).
    fn attacked_after(&self, _m: &Move, _target: Sq, _by: SeatSet) -> Option<bool> {
        None
    }

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

    /// Whether the generator skips the moves a [`Find`] does not want, so that
    /// [`Position::is_legal_move`] costs much less than listing every move.
    const FINDS_FAST: bool = false;

    /// Whether `m` is one of the legal moves of the seat to move.
    fn is_legal_move(&self, m: &Move) -> bool {
        let mut find = Find::new(*m);
        self.generate(&mut find);
        find.found
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
        generate_checks_by_trial(self, sink)
    }

    /// The legal moves of the seat to move that take a piece, into `sink` until it asks
    /// to stop (see [`super::captures`]).
    fn generate_captures<S: Sink>(&self, sink: &mut S) {
        generate_captures_by_filter(self, sink)
    }

    /// Plays a legal move in place when nobody needs its effects (perft, playouts): a
    /// variant may skip the bookkeeping [`Position::play_unchecked`] reports.
    fn play_quiet(&mut self, m: &Move) {
        self.play_unchecked(m);
    }

    /// Perft: the leaf nodes of the legal move tree to `depth` plies, the reference test
    /// of move generation and its speed benchmark. A position with no legal move (or whose
    /// game has ended on the board) ends its branch. An enum of positions overrides it to
    /// dispatch once rather than at every node.
    ///
    /// Two hooks of the trait keep it fast without knowing the variant: the last ply is
    /// counted by [`Position::count_legal_moves`] (bulk counting: a generator may count
    /// there without building moves), and children are made by [`Position::play_quiet`],
    /// which skips what only a game record needs (check and attack reports).
    fn perft(&self, depth: u32) -> u64 {
        // One move list per ply, reused by every node at that ply (no allocation per node).
        let mut lists: Vec<Vec<Move>> = (1..depth).map(|_| Vec::with_capacity(256)).collect();
        perft_count(self, depth, &mut lists)
    }
}

/// [`Position::perft`] below `pos`, with a move list for each ply still to go.
fn perft_count<P: Position>(pos: &P, depth: u32, lists: &mut [Vec<Move>]) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => {
            let Some((moves, deeper)) = lists.split_last_mut() else {
                return 0;
            };
            pos.legal_moves(moves);
            let mut total = 0;
            for m in moves.iter() {
                let mut child = pos.clone();
                child.play_quiet(m);
                total += perft_count(&child, depth - 1, deeper);
            }
            total
        }
    }
}

// The generic check and capture generators are the trait's defaults, so they live beside
// it: checks.rs and captures.rs, which speed them up for the drop-shogi positions, import
// them from here.

/// The opponents of `me`: the alive seats other than itself and its partner.
pub fn opponents<P: Position>(pos: &P, me: Seat) -> SeatSet {
    let mut set = pos.alive().without(me);
    if let Some(partner) = pos.partner(me) {
        set = set.without(partner);
    }
    set
}

/// The checking moves of any position, found by trying each legal move: those after which
/// an opponent of the mover is in check (or was mated at once).
pub fn generate_checks_by_trial<P: Position, S: Sink>(pos: &P, sink: &mut S) {
    let Some(me) = pos.seat_to_move() else {
        return;
    };
    let opponents = opponents(pos, me);
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    for m in moves {
        let mut after = pos.clone();
        let effects = after.play_unchecked(&m);
        let mated = effects
            .eliminated
            .iter()
            .any(|&(seat, reason)| opponents.contains(seat) && reason == EliminationReason::Mate);
        let checks = effects.checks.iter().any(|seat| opponents.contains(seat));
        if (checks || mated) && sink.push(m) {
            return;
        }
    }
}

/// Whether `m` takes a piece of another side (on its destination, or on a square it
/// passes through).
#[inline]
pub fn takes<P: Position>(pos: &P, m: &Move) -> bool {
    if m.is_drop() {
        return false;
    }
    let mover = pos.turn();
    let enemy = |sq| pos.piece_at(sq).is_some_and(|p| p.owner() != mover);
    (m.to != m.from && enemy(m.to)) || m.middles().any(enemy)
}

/// Keeps the captures of the moves it is given (drops are skipped without being made).
struct Filter<'p, P: Position, S: Sink> {
    pos: &'p P,
    inner: &'p mut S,
}

impl<P: Position, S: Sink> Sink for Filter<'_, P, S> {
    const CAPTURES_ONLY: bool = true;

    #[inline]
    fn push(&mut self, m: Move) -> bool {
        takes(self.pos, &m) && self.inner.push(m)
    }

    #[inline]
    fn push_drops(&mut self, _kind: KindId, _squares: &[Sq]) -> bool {
        false
    }
}

/// The legal captures of any position: its legal moves, filtered.
pub fn generate_captures_by_filter<P: Position, S: Sink>(pos: &P, sink: &mut S) {
    pos.generate(&mut Filter { pos, inner: sink });
}
