//! The search: iterative deepening negamax alpha-beta with principal-variation windows,
//! shared by every variant.
//!
//! Scores are from the side to move's point of view, where a "side" is the searching team
//! or everybody else: a child whose mover is on the same side as its parent's (yonin's
//! check-priority turn order can give two opponents moves in a row) keeps the score and
//! the window, one of the other side negates them. Every opponent is assumed to play
//! against the team (paranoid search), exact in two-player games and in doubles (two
//! teams), cautious in yonin singles.
//!
//! What it does at a node, in order: the transposition table (process-wide, kept between
//! the moves of a game, see [`super::table`]), razoring, reverse futility and a null move
//! (two-seat variants, not in check), then the moves ordered by hash move, captures (most
//! valuable victim first, those that lose the capturing piece last), killers, the counter
//! move and history (by the move alone, and after the same move one and two plies up:
//! continuation history); futility and move-count pruning of late quiet moves near the leaves,
//! late-move reductions from a log(depth)·log(move number) table, by both histories and
//! the node's kind. A late move is pruned before it is made where the board tells
//! without making it that it gives no check ([`Position::gives_check_unplayed`]).
//! Quiescence answers a check with every evasion (no standing pat while in check),
//! otherwise searches captures from a captures-only generation (drops skipped at the
//! source), skipping captures that lose the capturing piece for less, and at its first
//! ply also quiet moves that give check. Repetitions are found on a ply-indexed stack of
//! the line's hashes and a sorted list of the game's earlier ones.
//!
//! Written but off by default (see [`Features::DEFAULT`]; together they lost their
//! matches at fixed nodes, capture history is not yet measured): aspiration windows at
//! the root, bolder pruning where the mover's evaluation is not rising, internal iterative
//! reduction, a steeper reduction table from the second move, deeper move-count and
//! futility pruning, a deeper null move and capture history; and, measured against
//! Fairy-Stockfish without a clear gain, checks treated as quiet moves when they hang
//! the checking piece, reductions from depth 2, and quiescence's defended checks kept
//! only next to the king.
//!
//! Also written and off (measured at fixed nodes, without a clear gain yet, see the
//! README's Measured strength): the YaneuraOu-style quiescence (a mate in one at its first
//! ply instead of its quiet checks, and at most two captures that do not take back), late
//! checks reduced like quiet moves, two more plies of reduction at expected cut nodes,
//! move-count pruning at every depth, late quiet moves and checks that hang a piece
//! pruned near the leaves, hopeless or losing captures pruned near the leaves, the
//! singular extension (measured at equal time), late root moves reduced, and quiescence's
//! blocks that hang their piece skipped in check.
//!
//! Standard shogi plays seven of those by default ([`Features::STANDARD`]): judged move by
//! move against a deeper Fairy-Stockfish at equal time, they choose better moves together.
//! The other variants, not measured with them, play [`Features::DEFAULT`].
//!
//! Each feature can be switched off for a measurement with `SHOGIBAN_SEARCH_OFF`, or on
//! with `SHOGIBAN_SEARCH_ON` (names separated by commas, see [`Features`]), so a match of
//! the same build with and without it says what the feature is worth.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use crate::engine::captures::takes;
use crate::engine::{Move, Position, SeatSet, Variant};

use super::eval::{EvalCache, Evaluator, Score, MATE};
use super::mate::mate_in_one;
use super::table::{Bound, Entry, Table};
use super::{Control, Progress};

/// Scores beyond this are mates.
const MATE_BOUND: Score = MATE - 10_000;
const INFINITY: Score = MATE + 1;
const MAX_PLY: usize = 96;
/// The depth from which the table's move is tested for a singular extension.
const SINGULAR_DEPTH: i32 = 6;
/// Plies of quiescence at most below the main search's leaves.
const QUIESCENCE_DEPTH: usize = 12;
/// Cells of the largest mailbox (17x17 with its walls), and room after them for drops.
const FROM_SLOTS: usize = 560;
const TO_SLOTS: usize = 530;
const DROP_BASE: usize = 530;
/// Cells of the continuation history (hashed: collisions only blur it).
const CONTINUATION_BITS: u32 = 20;

/// Late-move reductions in hundredths of a ply, by depth and move number (both from 1,
/// capped at 63): `base + ln(depth)·ln(moves)·100 / divisor`, the shape of Stockfish's
/// and YaneuraOu's tables; the gentle table (the search before) and the steep one.
fn reductions(steep: bool) -> &'static [[i32; 64]; 64] {
    static GENTLE: OnceLock<[[i32; 64]; 64]> = OnceLock::new();
    static STEEP: OnceLock<[[i32; 64]; 64]> = OnceLock::new();
    let (cell, base, divisor) = if steep {
        (&STEEP, 50.0, 1.8)
    } else {
        (&GENTLE, 60.0, 2.2)
    };
    cell.get_or_init(|| {
        let mut t = [[0; 64]; 64];
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = (base + (d as f64).ln() * (m as f64).ln() * 100.0 / divisor) as i32;
            }
        }
        t
    })
}

/// The search's features, each of which can be switched off to measure what it is worth.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Features {
    pub null_move: bool,
    pub lmr: bool,
    pub futility: bool,
    pub razoring: bool,
    /// Move-count pruning of late quiet moves near the leaves.
    pub move_count: bool,
    /// Skipping captures that lose the capturing piece (quiescence, ordering).
    pub see: bool,
    /// Quiet checks at the first ply of quiescence.
    pub qchecks: bool,
    /// Evasions in check in quiescence (otherwise it stands pat, as it used to).
    pub qevasions: bool,
    /// The process-wide table kept between moves (otherwise a fresh one per search).
    pub shared_table: bool,
    pub counter_move: bool,
    /// One ply more after a check near the root.
    pub check_extension: bool,
    /// A mate in one looked for at every node not in check (standard shogi).
    pub mate1: bool,
    /// Each iteration's root searched in a window around the last one's score.
    pub aspiration: bool,
    /// Pruning that is bolder where the side to move's evaluation is not rising.
    pub improving: bool,
    /// One ply less where the table has no move for the position (depth 4 and more).
    pub iir: bool,
    /// Late-move reductions from the second move at nodes off the principal line, by a
    /// steeper log(depth)·log(move number) table, late captures that may lose the
    /// capturing piece reduced too.
    pub lmr_deep: bool,
    /// Move-count pruning up to depth 6 and futility pruning by the depth a late move
    /// would be searched to after its reduction.
    pub lmp_deep: bool,
    /// A null move reduced by a third of the depth (rather than a quarter) and up to
    /// three plies more by how far the evaluation is above beta.
    pub null_deep: bool,
    /// Captures ordered also by how often each (side, origin, target) capture refuted a
    /// position before (within a victim's value, roughly).
    pub capture_history: bool,
    /// Quiet moves ordered and reduced also by how they did after the same previous
    /// move and after the side's own previous move (continuation history).
    pub cont_history: bool,
    /// Only checks that do not hang the checking piece are extended and kept from
    /// reductions and pruning; a check that leaves the piece to be taken for nothing is
    /// treated like any quiet move.
    pub safe_checks: bool,
    /// Late-move reductions from depth 2 (not 3).
    pub lmr_shallow: bool,
    /// Quiescence's quiet checks that the enemy can take are searched only next to the
    /// king and defended (a mating net's check); a defended check from afar that can be
    /// taken is skipped.
    pub qchecks_near: bool,
    /// Quiescence looks for a mate in one at its first ply instead of searching quiet
    /// checks (standard shogi, where a mate ends the game; drops make quiet checks many).
    pub qmate: bool,
    /// Quiescence searches at most two captures that do not take back on the square of
    /// the last move, when not in check.
    pub qmove_count: bool,
    /// Checks below the root are reduced like quiet moves (a ply less), not exempt.
    pub lmr_checks: bool,
    /// Late-move reductions two plies deeper at expected cut nodes.
    pub cut_lmr: bool,
    /// Move-count pruning of late quiet moves at every depth, after 4 + depth² of them.
    pub lmp_all: bool,
    /// Late quiet moves near the leaves that put a piece where the enemy takes it for
    /// nothing (attacked, not defended) are skipped.
    pub hang_prune: bool,
    /// Quiet checks are pruned by move count and, when they hang the checking piece, like
    /// other quiet moves that hang a piece (futility still spares them).
    pub prune_checks: bool,
    /// Near the leaves, captures that cannot lift the score to alpha, or that lose the
    /// capturing piece for much less, are skipped (those that give check are kept).
    pub prune_captures: bool,
    /// Quiescence reads the transposition table (a cut where an entry's bound settles
    /// it, its move first) and stores what it finds.
    pub qtable: bool,
    /// Near the leaves, late quiet moves that did badly after both of the two moves
    /// before (continuation history below zero for each) are skipped.
    pub history_prune: bool,
    /// The table's move is searched a ply deeper where a shallower search without it
    /// finds every other move well below the table's score (singular extension); where
    /// even without it the score stays above beta, the node is cut (multi-cut).
    pub singular: bool,
    /// Late quiet root moves that give no check are searched less deeply first, and fully
    /// only if they beat the best so far.
    pub root_lmr: bool,
    /// In quiescence's check, once an evasion has been searched, quiet evasions that put
    /// the moved piece where the enemy takes it for nothing (a dropped or moved blocker
    /// left undefended) are skipped.
    pub qevasion_prune: bool,
}

impl Features {
    pub const ALL: Features = Features {
        null_move: true,
        lmr: true,
        futility: true,
        razoring: true,
        move_count: true,
        see: true,
        qchecks: true,
        qevasions: true,
        shared_table: true,
        counter_move: true,
        check_extension: true,
        mate1: true,
        aspiration: true,
        improving: true,
        iir: true,
        lmr_deep: true,
        lmp_deep: true,
        null_deep: true,
        capture_history: true,
        cont_history: true,
        safe_checks: true,
        lmr_shallow: true,
        qchecks_near: true,
        qmate: true,
        qmove_count: true,
        lmr_checks: true,
        cut_lmr: true,
        lmp_all: true,
        hang_prune: true,
        prune_checks: true,
        prune_captures: true,
        qtable: true,
        history_prune: true,
        singular: true,
        root_lmr: true,
        qevasion_prune: true,
    };

    /// What the computer plays: every feature less those that did not win their matches
    /// (at 20,000 nodes a move against the search without them: see the README's
    /// Measured strength) or are not yet measured, which `SHOGIBAN_SEARCH_ON` can switch
    /// on for measurements.
    pub const DEFAULT: Features = Features {
        aspiration: false,
        improving: false,
        iir: false,
        lmr_deep: false,
        lmp_deep: false,
        null_deep: false,
        capture_history: false,
        safe_checks: false,
        lmr_shallow: false,
        qchecks_near: false,
        qmate: false,
        qmove_count: false,
        lmr_checks: false,
        cut_lmr: false,
        lmp_all: false,
        hang_prune: false,
        prune_checks: false,
        prune_captures: false,
        singular: false,
        root_lmr: false,
        qevasion_prune: false,
        ..Features::ALL
    };

    /// What the computer plays in standard shogi: the default and the pruning of
    /// Stockfish's shape that judged by the move-quality yardstick chooses better moves
    /// there at equal time (see the README's Measured strength): checks that hang their
    /// piece neither extended nor spared, late checks reduced, two more plies of
    /// reduction at expected cut nodes and late root moves reduced, move-count pruning at
    /// every depth (bolder where the mover's evaluation is not rising), and quiescence's
    /// mate in one instead of its quiet checks. The other variants, not measured with
    /// them, play the default.
    pub const STANDARD: Features = Features {
        safe_checks: true,
        lmr_checks: true,
        cut_lmr: true,
        root_lmr: true,
        lmp_all: true,
        improving: true,
        qmate: true,
        ..Features::DEFAULT
    };

    /// The features a variant plays before any switch: [`Features::STANDARD`] in
    /// standard shogi, [`Features::DEFAULT`] elsewhere.
    pub fn of_variant(variant: Variant) -> Features {
        if variant == Variant::Standard {
            Features::STANDARD
        } else {
            Features::DEFAULT
        }
    }

    /// All features less those `off` names (comma-separated).
    pub fn without(off: &str) -> Features {
        Features::ALL.switched(off, false)
    }

    /// These features with those `names` (comma-separated) set to `on`.
    pub fn switched(mut self, names: &str, on: bool) -> Features {
        let f = &mut self;
        for name in names.split(',').map(str::trim) {
            let flag = match name {
                "null" | "null_move" => &mut f.null_move,
                "lmr" => &mut f.lmr,
                "futility" => &mut f.futility,
                "razoring" => &mut f.razoring,
                "move_count" => &mut f.move_count,
                "see" => &mut f.see,
                "qchecks" => &mut f.qchecks,
                "qevasions" => &mut f.qevasions,
                "shared_table" => &mut f.shared_table,
                "counter_move" => &mut f.counter_move,
                "check_extension" => &mut f.check_extension,
                "mate1" => &mut f.mate1,
                "aspiration" => &mut f.aspiration,
                "improving" => &mut f.improving,
                "iir" => &mut f.iir,
                "lmr_deep" => &mut f.lmr_deep,
                "lmp_deep" => &mut f.lmp_deep,
                "null_deep" => &mut f.null_deep,
                "capture_history" => &mut f.capture_history,
                "cont_history" => &mut f.cont_history,
                "safe_checks" => &mut f.safe_checks,
                "lmr_shallow" => &mut f.lmr_shallow,
                "qchecks_near" => &mut f.qchecks_near,
                "qmate" => &mut f.qmate,
                "qmove_count" => &mut f.qmove_count,
                "lmr_checks" => &mut f.lmr_checks,
                "cut_lmr" => &mut f.cut_lmr,
                "lmp_all" => &mut f.lmp_all,
                "hang_prune" => &mut f.hang_prune,
                "prune_checks" => &mut f.prune_checks,
                "prune_captures" => &mut f.prune_captures,
                "qtable" => &mut f.qtable,
                "history_prune" => &mut f.history_prune,
                "singular" => &mut f.singular,
                "root_lmr" => &mut f.root_lmr,
                "qevasion_prune" => &mut f.qevasion_prune,
                _ => continue,
            };
            *flag = on;
        }
        self
    }

    /// The default features with those `SHOGIBAN_SEARCH_ON` names switched on, then
    /// those `SHOGIBAN_SEARCH_OFF` names switched off.
    pub fn configured() -> Features {
        Features::DEFAULT.with_environment()
    }

    /// A variant's features ([`Features::of_variant`]) with the environment's switches.
    pub fn configured_for(variant: Variant) -> Features {
        Features::of_variant(variant).with_environment()
    }

    /// These features with `SHOGIBAN_SEARCH_ON`'s names switched on, then
    /// `SHOGIBAN_SEARCH_OFF`'s switched off.
    fn with_environment(self) -> Features {
        static SWITCHES: OnceLock<(Option<String>, Option<String>)> = OnceLock::new();
        let (on, off) = SWITCHES.get_or_init(|| {
            (
                std::env::var("SHOGIBAN_SEARCH_ON").ok(),
                std::env::var("SHOGIBAN_SEARCH_OFF").ok(),
            )
        });
        let mut f = self;
        if let Some(on) = on {
            f = f.switched(on, true);
        }
        if let Some(off) = off {
            f = f.switched(off, false);
        }
        f
    }
}

/// When a search must stop.
#[derive(Copy, Clone, Debug)]
pub struct Budget {
    pub deadline: Option<Instant>,
    pub nodes: Option<u64>,
    pub depth: u32,
}

/// What one search found.
#[derive(Clone, Debug)]
pub struct Found {
    /// Root moves with the score each got at the deepest finished iteration, from the
    /// team's point of view, the best for the side to move first; scores of moves other
    /// than the best are bounds unless the search was exhaustive.
    pub scored: Vec<(Move, Score)>,
    pub depth: u32,
    pub nodes: u64,
    pub elapsed: Duration,
}

/// Search state for one decision.
pub struct Searcher<'a, 'c, P: Position> {
    eval: &'a Evaluator,
    team: SeatSet,
    budget: Budget,
    features: Features,
    /// Whether the features were given ([`Searcher::with_features`]); otherwise the root's
    /// variant chooses them when the search starts.
    features_given: bool,
    started: Instant,
    nodes: u64,
    stopped: bool,
    table: Arc<Table>,
    /// Mixed into every key: the same position scores differently for another team.
    salt: u64,
    killers: Vec<[Option<Move>; 2]>,
    /// Quiet moves' success, by side (team or not), origin (or dropped kind) and target.
    history: Vec<i32>,
    /// Captures' success, indexed as `history`.
    capture_history: Vec<i32>,
    /// The quiet move that last refuted each move, by side and the move's target square.
    counters: Vec<Option<Move>>,
    /// Quiet moves' success after a given move one and two plies before, hashed by the
    /// two moves' (side, piece, target).
    continuation: Vec<i32>,
    /// The (side, piece, target) key of the move played at each ply (0: none or a null
    /// move).
    played_keys: Vec<u32>,
    /// Hashes of the game's earlier positions, sorted, for repetition.
    earlier: Vec<u64>,
    /// Hashes of the positions of the line under search, by ply.
    line: Vec<u64>,
    /// The move played at each ply of the line (None: a null move).
    played: Vec<Option<Move>>,
    /// Whether the side to move at each ply is in check, as the move that led there
    /// reported it (None: not known, to be tested).
    checked: Vec<Option<bool>>,
    buffers: Vec<Vec<Move>>,
    /// Moves with their ordering keys, by ply (kept to save allocations).
    ordered: Vec<Vec<(Move, Score)>>,
    /// The depth of the iteration under way.
    iteration: u32,
    /// The variant has the engine's fast check generator (standard and yonin shogi).
    fast_checks: bool,
    /// Mate in one at every node (standard shogi, where a mate ends the game).
    mate1: bool,
    /// Turns alternate between two sides (so the side to move two plies up is this one).
    two_sides: bool,
    /// The static evaluation at each ply of the line (None: in check, not evaluated).
    evals: Vec<Option<Score>>,
    /// The move a node leaves out, per ply (the singular extension's test search).
    excluded: Vec<Option<Move>>,
    eval_cache: EvalCache,
    stop: Option<&'c AtomicBool>,
    progress: Option<&'c mut dyn FnMut(&Progress)>,
    _position: std::marker::PhantomData<P>,
}

/// Moves picked one by one before the rest are sorted: most nodes are cut by one of the
/// first few, and sorting them all would be wasted.
const PICKED_FIRST: usize = 3;

/// The move to try `i`-th: the first `i` are in place, and the best of the rest (the
/// first of equals) is brought to `i`. After [`PICKED_FIRST`] picks the rest are sorted
/// at once; either way the order is that of a stable sort by key, best first.
#[inline]
fn next_best(moves: &mut [(Move, Score)], i: usize) -> (Move, Score) {
    if i < PICKED_FIRST {
        let mut best = i;
        for j in i + 1..moves.len() {
            if moves[j].1 > moves[best].1 {
                best = j;
            }
        }
        moves[i..=best].rotate_right(1);
    } else if i == PICKED_FIRST {
        sort_best_first(&mut moves[i..]);
    }
    moves[i]
}

/// Sorts moves by key, best first, equals in their order.
fn sort_best_first(moves: &mut [(Move, Score)]) {
    moves.sort_by_key(|&(_, k)| std::cmp::Reverse(k));
}

/// The table a search uses: the process's, or a fresh one when the search must repeat
/// exactly (seeded searches limited by nodes) or the feature is off.
pub fn table_for(repeatable: bool) -> Arc<Table> {
    if repeatable || !Features::configured().shared_table {
        Arc::new(Table::new(8))
    } else {
        super::table::shared()
    }
}

impl<'a, 'c, P: Position> Searcher<'a, 'c, P> {
    /// A searcher for `team`, knowing the hashes of the game's earlier positions, with
    /// the process's table.
    pub fn new(eval: &'a Evaluator, team: SeatSet, budget: Budget, earlier: Vec<u64>) -> Self {
        Self::with_table(eval, team, budget, earlier, table_for(false))
    }

    /// A searcher using `table`.
    pub fn with_table(
        eval: &'a Evaluator,
        team: SeatSet,
        budget: Budget,
        mut earlier: Vec<u64>,
        table: Arc<Table>,
    ) -> Self {
        earlier.sort_unstable();
        table.new_search();
        Searcher {
            eval,
            team,
            budget,
            features: Features::configured(),
            features_given: false,
            started: Instant::now(),
            nodes: 0,
            stopped: false,
            table,
            salt: (u64::from(team.0) + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15),
            killers: vec![[None; 2]; MAX_PLY + 2],
            history: vec![0; 2 * FROM_SLOTS * TO_SLOTS],
            capture_history: vec![0; 2 * FROM_SLOTS * TO_SLOTS],
            counters: vec![None; 2 * TO_SLOTS],
            continuation: Vec::new(),
            played_keys: vec![0; MAX_PLY + QUIESCENCE_DEPTH + 2],
            earlier,
            line: Vec::with_capacity(MAX_PLY + QUIESCENCE_DEPTH + 2),
            played: vec![None; MAX_PLY + QUIESCENCE_DEPTH + 2],
            checked: vec![None; MAX_PLY + QUIESCENCE_DEPTH + 2],
            iteration: 0,
            fast_checks: false,
            mate1: false,
            two_sides: false,
            evals: vec![None; MAX_PLY + QUIESCENCE_DEPTH + 2],
            excluded: vec![None; MAX_PLY + 2],
            eval_cache: EvalCache::new(),
            buffers: (0..MAX_PLY + QUIESCENCE_DEPTH + 4)
                .map(|_| Vec::new())
                .collect(),
            ordered: (0..MAX_PLY + QUIESCENCE_DEPTH + 4)
                .map(|_| Vec::new())
                .collect(),
            stop: None,
            progress: None,
            _position: std::marker::PhantomData,
        }
    }

    /// The same searcher, stopped by `control.stop` and telling `control.progress`.
    pub fn controlled(mut self, control: Control<'c>) -> Self {
        self.stop = control.stop;
        self.progress = control.progress;
        self
    }

    /// The same searcher with other features (for tests and measurements).
    pub fn with_features(mut self, features: Features) -> Self {
        self.features = features;
        self.features_given = true;
        self
    }

    /// Whether the seat to move in `pos` plays for the team.
    #[inline]
    fn ours(&self, pos: &P) -> bool {
        self.team.contains(pos.turn())
    }

    #[inline]
    fn key(&self, pos: &P) -> u64 {
        pos.hash() ^ self.salt
    }

    /// The evaluation for the side to move.
    #[inline]
    fn evaluate(&mut self, pos: &P) -> Score {
        let (eval, team) = (self.eval, self.team);
        let s = self.eval_cache.get(pos.hash(), || eval.evaluate(pos, team));
        if self.ours(pos) {
            s
        } else {
            -s
        }
    }

    /// Searches `root` over the given root moves, deepening until the budget runs out.
    /// `exhaustive` scores every root move with a full window (slower, but each score is
    /// exact, which the weaker levels need to pick among near-best moves).
    pub fn run(&mut self, root: &P, moves: &[Move], exhaustive: bool) -> Found {
        if !self.features_given {
            self.features = Features::configured_for(root.variant());
        }
        // Root scores are kept for the side to move and turned to the team's view at the
        // end.
        let sign = if self.ours(root) { 1 } else { -1 };
        if self.features.cont_history && self.continuation.is_empty() {
            self.continuation = vec![0; 1 << CONTINUATION_BITS];
        }
        self.fast_checks = root.variant() != Variant::DaiDai;
        self.mate1 = self.features.mate1 && root.variant() == Variant::Standard;
        self.two_sides = root.variant() == Variant::Standard || root.variant() == Variant::DaiDai;
        let mut scored: Vec<(Move, Score)> = moves.iter().map(|&m| (m, 0)).collect();
        // The table's move first, then captures, for the first iteration.
        let hash_move = self.table.probe(self.key(root)).and_then(|e| e.best);
        self.order(root, &mut scored, hash_move, 0);
        sort_best_first(&mut scored);
        for entry in scored.iter_mut() {
            entry.1 = 0;
        }
        let mut finished_depth = 0;
        self.line.clear();
        self.line.push(root.hash());
        for depth in 1..=self.budget.depth.max(1) {
            self.iteration = depth;
            // A window around the last iteration's score, widened on each side it fails.
            let previous = scored[0].1;
            let mut delta = (self.eval.pawn() / 3).max(1);
            let windowed = self.features.aspiration
                && !exhaustive
                && depth >= 4
                && finished_depth > 0
                && previous.abs() < MATE_BOUND;
            let (mut lo, mut hi) = if windowed {
                (previous - delta, previous + delta)
            } else {
                (-INFINITY, INFINITY)
            };
            let mut this_round = loop {
                let round = self.root_round(root, &scored, depth, lo, hi, exhaustive);
                if self.stopped {
                    break round;
                }
                let best = best_of(&round).map_or(-INFINITY, |(_, s)| s);
                if best <= lo && lo > -INFINITY {
                    hi = (lo + hi) / 2;
                    lo = if best <= -MATE_BOUND {
                        -INFINITY
                    } else {
                        (best - delta).max(-INFINITY)
                    };
                } else if best >= hi && hi < INFINITY {
                    // The move that failed high goes first in the search again (and is
                    // the one played if the search stops before it ends).
                    let (m, _) = best_of(&round).expect("a root move was searched");
                    if let Some(at) = scored.iter().position(|&(x, _)| x == m) {
                        scored.remove(at);
                        scored.insert(0, (m, best));
                    }
                    hi = if best >= MATE_BOUND {
                        INFINITY
                    } else {
                        (best + delta).min(INFINITY)
                    };
                } else {
                    break round;
                }
                delta += delta;
            };
            if self.stopped && this_round.len() < scored.len() {
                // An unfinished iteration still counts where it found a move better than
                // the last iteration's best, which it always searches first.
                if let (Some(new), Some(&(old, _))) = (best_of(&this_round), scored.first()) {
                    if let Some(&(_, old_now)) = this_round.iter().find(|(m, _)| *m == old) {
                        if new.0 != old && new.1 > old_now {
                            scored.retain(|(m, _)| *m != new.0);
                            scored.insert(0, new);
                        }
                    }
                }
                break;
            }
            // Best first for the next iteration and for the caller (stable: ties keep
            // the order the last iteration found).
            this_round.sort_by_key(|&(_, s)| -s);
            scored = this_round;
            finished_depth = depth;
            let best = scored[0].1;
            self.table.store(
                self.key(root),
                Entry {
                    best: Some(scored[0].0),
                    score: best,
                    depth: depth as i32,
                    bound: Bound::Exact,
                },
            );
            if self.progress.is_some() {
                let pv = self.principal_line(root, scored[0].0, depth as usize);
                let progress = Progress {
                    depth,
                    score: best,
                    centipawns: best * 100 / self.eval.pawn().max(1),
                    nodes: self.nodes,
                    elapsed: self.started.elapsed(),
                    pv,
                };
                if let Some(report) = self.progress.as_mut() {
                    report(&progress);
                }
            }
            if best.abs() >= MATE_BOUND {
                break;
            }
            if self.out_of_budget() {
                break;
            }
        }
        Found {
            scored: scored.into_iter().map(|(m, s)| (m, s * sign)).collect(),
            depth: finished_depth,
            nodes: self.nodes,
            elapsed: self.started.elapsed(),
        }
    }

    /// One pass over the root moves at `depth` in the window `lo..hi`: their scores (each
    /// bounded by the window), ending early on a move that reaches `hi` or when stopped.
    fn root_round(
        &mut self,
        root: &P,
        scored: &[(Move, Score)],
        depth: u32,
        lo: Score,
        hi: Score,
        exhaustive: bool,
    ) -> Vec<(Move, Score)> {
        let mut this_round: Vec<(Move, Score)> = Vec::with_capacity(scored.len());
        let mut alpha = lo;
        for (i, &(m, _)) in scored.iter().enumerate() {
            let mut child = root.clone();
            let effects = child.play_unchecked(&m);
            self.played[0] = Some(m);
            self.played_keys[0] = self.piece_key(root, &m);
            let child_in_check = effects.checks.contains(child.turn());
            let checks = !effects.checks.is_empty();
            let extend = (checks && self.features.check_extension) as i32;
            let d = depth as i32 - 1 + extend;
            self.checked[1] = Some(child_in_check);
            let quiet = !takes(root, &m) && !m.promote && !checks;
            let reduction = if self.features.root_lmr && quiet && i >= 3 && depth >= 3 {
                (reductions(false)[depth.min(63) as usize][(i + 1).min(63)] / 100 - 1)
                    .clamp(0, d - 1)
            } else {
                0
            };
            let score = if i == 0 || exhaustive {
                self.child(root, &child, d, lo, hi, 1, false)
            } else {
                let mut s = self.child(root, &child, d - reduction, alpha, alpha + 1, 1, true);
                if reduction > 0 && s > alpha && !self.stopped {
                    self.checked[1] = Some(child_in_check);
                    s = self.child(root, &child, d, alpha, alpha + 1, 1, true);
                }
                if s > alpha && !self.stopped {
                    self.checked[1] = Some(child_in_check);
                    self.child(root, &child, d, alpha, hi, 1, false)
                } else {
                    s
                }
            };
            if self.stopped {
                break;
            }
            alpha = alpha.max(score);
            this_round.push((m, score));
            if score >= hi {
                break;
            }
        }
        this_round
    }

    /// The expected line from `first`, read from the table (each move checked legal).
    fn principal_line(&self, root: &P, first: Move, most: usize) -> Vec<Move> {
        let mut line = vec![first];
        let mut pos = root.clone();
        pos.play_quiet(&first);
        let mut moves = Vec::new();
        while line.len() < most.max(1) {
            let Some(m) = self.table.probe(self.key(&pos)).and_then(|e| e.best) else {
                break;
            };
            pos.legal_moves(&mut moves);
            if !moves.contains(&m) {
                break;
            }
            line.push(m);
            pos.play_quiet(&m);
        }
        line
    }

    fn out_of_budget(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        let out_of_nodes = self.budget.nodes.is_some_and(|n| self.nodes >= n);
        // The clock and the stop flag are read only now and then: they cost more than a
        // node.
        let outside = self.nodes % 256 == 0
            && (self.budget.deadline.is_some_and(|d| Instant::now() >= d)
                || self.stop.is_some_and(|s| s.load(Ordering::Relaxed)));
        self.stopped = out_of_nodes || outside;
        self.stopped
    }

    /// The score of a position where nobody of one side can go on, for the side to move:
    /// the side that cannot go on has lost, sooner being worse for it.
    fn terminal(&self, pos: &P, ply: usize) -> Option<Score> {
        let alive = pos.alive();
        let mine = alive.iter().any(|s| self.team.contains(s));
        let theirs = alive.iter().any(|s| !self.team.contains(s));
        let team_score = match (mine, theirs) {
            (false, _) => -MATE + ply as Score,
            (true, false) => MATE - ply as Score,
            _ => return None,
        };
        Some(if self.ours(pos) {
            team_score
        } else {
            -team_score
        })
    }

    /// Whether `hash` repeats a position of the game or of the line above `ply`.
    fn repeats(&self, hash: u64, ply: usize) -> bool {
        // The line's own positions, nearest first (the parent cannot be the same).
        let above = &self.line[..ply.min(self.line.len())];
        above.iter().rev().skip(1).any(|&h| h == hash) || self.earlier.binary_search(&hash).is_ok()
    }

    /// The score of `child` (reached from `parent`) for `parent`'s side to move; `cut`
    /// says whether the child is expected to fail high (a cut node).
    // The window, depth, ply and node kind are what every alpha-beta call carries.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn child(
        &mut self,
        parent: &P,
        child: &P,
        depth: i32,
        alpha: Score,
        beta: Score,
        ply: usize,
        cut: bool,
    ) -> Score {
        if self.ours(parent) == self.ours(child) {
            self.search(child, depth, alpha, beta, ply, cut)
        } else {
            -self.search(child, depth, -beta, -alpha, ply, cut)
        }
    }

    #[inline]
    fn child_quiesce(
        &mut self,
        parent: &P,
        child: &P,
        alpha: Score,
        beta: Score,
        ply: usize,
        qdepth: usize,
    ) -> Score {
        if self.ours(parent) == self.ours(child) {
            self.quiesce(child, alpha, beta, ply, qdepth)
        } else {
            -self.quiesce(child, -beta, -alpha, ply, qdepth)
        }
    }

    fn history_index(&self, pos: &P, m: &Move) -> usize {
        let side = self.ours(pos) as usize;
        let from = match m.drop {
            Some(k) => DROP_BASE + (k as usize).min(FROM_SLOTS - DROP_BASE - 1),
            None => m.from.index().min(DROP_BASE - 1),
        };
        (side * FROM_SLOTS + from) * TO_SLOTS + m.to.index().min(TO_SLOTS - 1)
    }

    fn counter_index(&self, pos: &P, ply: usize) -> Option<usize> {
        let previous = self.played.get(ply.checked_sub(1)?).copied().flatten()?;
        let side = self.ours(pos) as usize;
        Some(side * TO_SLOTS + previous.to.index().min(TO_SLOTS - 1))
    }

    /// The (side, piece, target) key of `m` in `pos`, never 0.
    fn piece_key(&self, pos: &P, m: &Move) -> u32 {
        let kind = match m.drop {
            Some(k) => u32::from(k) + 256,
            None => pos.piece_at(m.from).map_or(0, |p| u32::from(p.kind())),
        };
        let side = self.ours(pos) as u32;
        ((side * 512 + kind) << 11) + (m.to.index() as u32 & 0x7ff) + 1
    }

    /// The continuation history's cell for a move keyed `key` played `distance` plies
    /// after one keyed `before`.
    #[inline]
    fn continuation_index(before: u32, key: u32, distance: u32) -> usize {
        let mixed = (u64::from(before) << 32 | u64::from(key))
            .wrapping_add(u64::from(distance) << 62)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (mixed >> (64 - CONTINUATION_BITS)) as usize
    }

    /// How a quiet move keyed `key` at `ply` did after the moves one and two plies up.
    fn continuation_score(&self, ply: usize, key: u32) -> i32 {
        if self.continuation.is_empty() {
            return 0;
        }
        let mut total = 0;
        for distance in 1..=2usize {
            if let Some(&before) = ply
                .checked_sub(distance)
                .and_then(|p| self.played_keys.get(p))
            {
                if before != 0 {
                    total +=
                        self.continuation[Self::continuation_index(before, key, distance as u32)];
                }
            }
        }
        total
    }

    /// Whether a quiet move keyed `key` at `ply` did worse than nothing after each of
    /// the moves one and two plies up (both known, neither a null move).
    fn continuation_bad(&self, ply: usize, key: u32) -> bool {
        if self.continuation.is_empty() || ply < 2 {
            return false;
        }
        (1..=2usize).all(|distance| {
            let before = self.played_keys[ply - distance];
            before != 0
                && self.continuation[Self::continuation_index(before, key, distance as u32)] < 0
        })
    }

    /// Moves `bonus` into the continuation history of the quiet move keyed `key` at `ply`.
    fn reward_continuation(&mut self, ply: usize, key: u32, bonus: i32) {
        if self.continuation.is_empty() {
            return;
        }
        for distance in 1..=2usize {
            let Some(&before) = ply
                .checked_sub(distance)
                .and_then(|p| self.played_keys.get(p))
            else {
                continue;
            };
            if before != 0 {
                let i = Self::continuation_index(before, key, distance as u32);
                let h = &mut self.continuation[i];
                *h += bonus - *h * bonus.abs() / 16_384;
            }
        }
    }

    fn search(
        &mut self,
        pos: &P,
        mut depth: i32,
        mut alpha: Score,
        beta: Score,
        ply: usize,
        cut_node: bool,
    ) -> Score {
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(pos, alpha, beta, ply, 0);
        }
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        if let Some(score) = self.terminal(pos, ply) {
            return score;
        }
        let hash = pos.hash();
        self.line.truncate(ply);
        self.line.push(hash);
        if self.repeats(hash, ply) {
            // A repetition: a draw (or a void game) as far as the search can tell.
            return 0;
        }
        // No line from here can do better than mating at once, or worse than being mated.
        let alpha0 = alpha.max(-MATE + ply as Score);
        let beta0 = beta.min(MATE - ply as Score - 1);
        if alpha0 >= beta0 {
            return alpha0;
        }
        let pv_node = beta - alpha > 1;
        let key = self.key(pos);
        let entry = self.table.probe(key);
        let hash_move = entry.and_then(|e| e.best);
        // A test search without one move: the table speaks of the whole node, not of it.
        let excluded = self.excluded[ply];
        if let Some(e) = entry.filter(|_| excluded.is_none()) {
            if !pv_node && e.depth >= depth {
                let s = from_table(e.score, ply);
                if settles(e.bound, s, alpha, beta) {
                    return s;
                }
            }
        }
        let in_check = self.checked[ply]
            .take()
            .unwrap_or_else(|| pos.in_check(pos.turn()));
        // No move from the table: the ordering is a guess, so a shallower look first (the
        // next iteration finds the move this one stores).
        if self.features.iir && hash_move.is_none() && depth >= 4 {
            depth -= 1;
        }
        // Below depth 2 quiescence's checks find a mate in one as well.
        if self.mate1 && depth >= 2 && !in_check && entry.is_none() {
            if let Some(m) = mate_in_one(pos) {
                let score = MATE - (ply as Score + 1);
                self.table.store(
                    key,
                    Entry {
                        best: Some(m),
                        score: to_table(score, ply),
                        depth: depth + 6,
                        bound: Bound::Exact,
                    },
                );
                return score;
            }
        }
        let pawn = self.eval.pawn();
        let static_eval = if in_check {
            -INFINITY
        } else {
            self.evaluate(pos)
        };
        let f = self.features;
        self.evals[ply] = (!in_check).then_some(static_eval);
        // Whether the side to move stands better than two plies up (or cannot tell):
        // where it does not, late quiet moves are pruned and reduced more boldly.
        let before = if self.two_sides && ply >= 2 {
            self.evals[ply - 2]
        } else {
            None
        };
        let improving = !f.improving || in_check || before.map_or(true, |b| static_eval > b);
        if !pv_node && !in_check && excluded.is_none() && beta.abs() < MATE_BOUND {
            // Razoring: far below alpha near the leaves, only captures can save it.
            if f.razoring && depth <= 2 && static_eval + 3 * pawn * depth < alpha {
                let q = self.quiesce(pos, alpha, alpha + 1, ply, 0);
                if q <= alpha {
                    return q;
                }
            }
            // Reverse futility: far above beta, a quiet move will not lose it all.
            let margin = 12 * pawn * (depth - (f.improving && improving) as i32) / 10;
            if f.futility && depth <= 6 && static_eval - margin >= beta {
                return static_eval;
            }
            // Null move: if passing still beats beta, a real move will.
            if f.null_move
                && depth >= 3
                && static_eval >= beta
                && self.played.get(ply - 1).copied().flatten().is_some()
            {
                let mut null = pos.clone();
                if null.play_null() {
                    self.played[ply] = None;
                    self.played_keys[ply] = 0;
                    self.checked[ply + 1] = None;
                    let r = if f.null_deep {
                        3 + depth / 3 + ((static_eval - beta) / (2 * pawn)).min(3)
                    } else {
                        3 + depth / 4 + ((static_eval - beta) / (2 * pawn)).min(2)
                    };
                    let s = self.child(
                        pos,
                        &null,
                        depth - 1 - r,
                        beta - 1,
                        beta,
                        ply + 1,
                        !cut_node,
                    );
                    self.line.truncate(ply + 1);
                    if self.stopped {
                        return 0;
                    }
                    if s >= beta {
                        return if s >= MATE_BOUND { beta } else { s };
                    }
                }
            }
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        let mut scored = std::mem::take(&mut self.ordered[ply]);
        scored.clear();
        // The table's move, if legal here, is tried before the others are listed: where it
        // cuts, as it mostly does, listing and ordering them is saved. Otherwise the rest
        // are ordered after its search, by the history as that search left it.
        let first = hash_move.filter(|m| P::FINDS_FAST && pos.is_legal_move(m));
        let mut listed = first.is_none();
        if let Some(m) = first {
            scored.push((m, Score::MAX));
        } else {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                self.buffers[ply] = moves;
                self.ordered[ply] = scored;
                // No move: the mover loses (mate, or no legal move, which loses in shogi).
                return -MATE + ply as Score;
            }
            scored.extend(moves.iter().map(|&m| (m, 0)));
            self.order(pos, &mut scored, hash_move, ply);
        }
        let counter = self
            .counter_index(pos, ply)
            .and_then(|i| self.counters[i])
            .filter(|_| f.counter_move);
        let killers = self.killers[ply];
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        let mut quiets_tried: Vec<Move> = Vec::new();
        let mut captures_tried: Vec<Move> = Vec::new();
        let table = reductions(f.lmr_deep);
        let row = &table[depth.clamp(1, 63) as usize];
        let pruned_depth = if f.lmp_deep { 6 } else { 4 };
        let late_quiets = if f.lmp_all {
            (4 + depth * depth) / (2 - improving as i32)
        } else if improving {
            4 + depth * depth * 2
        } else {
            3 + depth * depth
        };
        let enemies = self.enemies_of(pos);
        let mut next = 0;
        loop {
            if next == scored.len() && !listed {
                listed = true;
                pos.legal_moves(&mut moves);
                scored.extend(moves.iter().filter(|&&m| Some(m) != first).map(|&m| (m, 0)));
                self.order(pos, &mut scored[1..], None, ply);
            }
            if next == scored.len() {
                break;
            }
            let i = next;
            next += 1;
            let (m, order_key) = next_best(&mut scored, i);
            if Some(m) == excluded {
                continue;
            }
            let capture = takes(pos, &m);
            let quiet = !capture && !m.promote;
            let special = Some(m) == hash_move || killers.contains(&Some(m)) || counter == Some(m);
            // The depth the move would be searched to after its reduction.
            let reduced_depth = depth - 1 - row[(i + 1).min(63)] / 100;
            // Near the leaves, late quiet moves are skipped once a move has been found that
            // does not lose at once: by their number, and those that give no check by the
            // evaluation and by their history.
            let prunable = !pv_node && !in_check && quiet && !special && best_score > -MATE_BOUND;
            let late = prunable
                && f.move_count
                && (f.lmp_all || depth <= pruned_depth)
                && i as i32 >= late_quiets;
            let lmr_depth = if f.lmp_deep { reduced_depth } else { depth };
            let futile = prunable
                && f.futility
                && lmr_depth <= 3
                && static_eval + pawn * (1 + 2 * lmr_depth) <= alpha;
            let unpromising = prunable
                && f.history_prune
                && f.cont_history
                && reduced_depth <= 2
                && self.continuation_bad(ply, self.piece_key(pos, &m));
            // And late quiet moves that put the piece where the enemy takes it for nothing.
            let may_hang = prunable && f.hang_prune && i >= 2 && reduced_depth <= 3;
            let hangs = may_hang
                .then(|| Self::hangs_unplayed(pos, &m, enemies))
                .flatten();
            // Making a move costs more than deciding these, so a move is skipped before it
            // is made where whether it checks does not matter, or the position can tell
            // that it does not check without making it.
            let skipped = late || hangs == Some(true);
            if (f.prune_checks && skipped)
                || ((skipped || futile || unpromising)
                    && pos.gives_check_unplayed(&m) == Some(false))
            {
                continue;
            }
            let mut child = pos.clone();
            let effects = child.play_unchecked(&m);
            let checks = !effects.checks.is_empty();
            let child_in_check = effects.checks.contains(child.turn());
            // A check that leaves its piece to be taken for nothing is no threat.
            let forcing = checks
                && (!f.safe_checks || capture || self.check_is_safe(pos, &child, &m, enemies));
            if prunable && (!forcing || f.prune_checks) {
                if late || (!forcing && (futile || unpromising)) {
                    continue;
                }
                if may_hang && hangs.unwrap_or_else(|| Self::hangs_played(pos, &child, &m, enemies))
                {
                    continue;
                }
            }
            if f.prune_captures
                && !pv_node
                && !in_check
                && capture
                && !checks
                && !special
                && i > 0
                && depth <= 3
                && best_score > -MATE_BOUND
            {
                let victim = self.victim_value(pos, &m);
                if static_eval + victim + pawn * (2 + 2 * depth) <= alpha {
                    continue;
                }
                let loss = self.mover_value(pos, &m) - victim;
                if loss > 2 * pawn * depth && child.is_attacked_by(m.to, enemies) {
                    continue;
                }
            }
            self.played[ply] = Some(m);
            let key = self.piece_key(pos, &m);
            self.played_keys[ply] = key;
            let mut extend = (forcing && f.check_extension && ply < self.iteration as usize) as i32;
            // Singular: is the table's move the only good one here? Ask a search half as
            // deep, without it, whether another move comes near the table's score.
            if f.singular
                && i == 0
                && first == Some(m)
                && excluded.is_none()
                && depth >= SINGULAR_DEPTH
                && ply < 2 * self.iteration as usize
            {
                if let Some(e) = entry.filter(|e| {
                    e.bound != Bound::Upper
                        && e.depth >= depth - 3
                        && from_table(e.score, ply).abs() < MATE_BOUND
                }) {
                    let singular_beta = from_table(e.score, ply) - pawn * depth / 64;
                    self.excluded[ply] = Some(m);
                    self.checked[ply] = Some(in_check);
                    let s = self.search(
                        pos,
                        depth / 2,
                        singular_beta - 1,
                        singular_beta,
                        ply,
                        cut_node,
                    );
                    self.excluded[ply] = None;
                    self.line.truncate(ply + 1);
                    self.played[ply] = Some(m);
                    self.played_keys[ply] = key;
                    if self.stopped {
                        break;
                    }
                    if s < singular_beta {
                        extend = 1;
                    } else if singular_beta >= beta {
                        // Another move beats beta too: the node cuts either way.
                        self.buffers[ply] = moves;
                        self.ordered[ply] = scored;
                        return singular_beta;
                    }
                }
            }
            let next = depth - 1 + extend;
            // Late quiet moves rarely matter: look at them less deeply first, and fully
            // only if they surprise.
            let mut reduction = 0;
            let first_reduced = if f.lmr_deep && !pv_node { 1 } else { 2 };
            // A late capture that may lose the capturing piece is reduced like a quiet move,
            // a ply less.
            let doubtful_capture = f.lmr_deep
                && !pv_node
                && capture
                && !m.promote
                && self.mover_value(pos, &m) > self.victim_value(pos, &m);
            if f.lmr
                && depth >= 3 - f.lmr_shallow as i32
                && i >= first_reduced
                && (quiet || doubtful_capture || (f.lmr_checks && forcing && !capture))
                && (!forcing || f.lmr_checks)
                && !in_check
                && extend == 0
            {
                reduction = row[(i + 1).min(63)] / 100;
                if doubtful_capture {
                    reduction -= 1;
                }
                if pv_node {
                    reduction -= 1;
                }
                if special {
                    reduction -= 1;
                }
                if forcing {
                    reduction -= 1;
                }
                if !improving {
                    reduction += 1;
                }
                if f.cut_lmr && cut_node {
                    reduction += 2;
                }
                let history = self.history[self.history_index(pos, &m)];
                if f.cont_history {
                    let learnt = history + self.continuation_score(ply, key);
                    reduction -= (learnt / 8000).clamp(-2, 2);
                } else {
                    reduction -= (history / 4000).clamp(-2, 2);
                }
                reduction = reduction.clamp(0, next - 1);
            }
            let _ = order_key;
            let score = if i == 0 {
                self.checked[ply + 1] = Some(child_in_check);
                self.child(
                    pos,
                    &child,
                    next,
                    alpha,
                    beta,
                    ply + 1,
                    !pv_node && !cut_node,
                )
            } else {
                self.checked[ply + 1] = Some(child_in_check);
                let mut s = self.child(
                    pos,
                    &child,
                    next - reduction,
                    alpha,
                    alpha + 1,
                    ply + 1,
                    reduction > 0 || !cut_node,
                );
                if reduction > 0 && s > alpha && !self.stopped {
                    self.checked[ply + 1] = Some(child_in_check);
                    s = self.child(pos, &child, next, alpha, alpha + 1, ply + 1, !cut_node);
                }
                if s > alpha && s < beta && !self.stopped {
                    self.checked[ply + 1] = Some(child_in_check);
                    s = self.child(pos, &child, next, alpha, beta, ply + 1, false);
                }
                s
            };
            self.line.truncate(ply + 1);
            if self.stopped {
                break;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(m);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if quiet {
                    self.remember_cutoff(pos, m, ply, depth, &quiets_tried);
                }
                if f.capture_history {
                    self.remember_capture_cutoff(pos, capture.then_some(m), depth, &captures_tried);
                }
                break;
            }
            if quiet {
                quiets_tried.push(m);
            } else if capture {
                captures_tried.push(m);
            }
        }
        self.buffers[ply] = moves;
        self.ordered[ply] = scored;
        if self.stopped {
            return best_score.clamp(-INFINITY + 1, INFINITY - 1);
        }
        if best_move.is_none() {
            // Every move was pruned: the position is judged as it stands.
            return alpha.max(static_eval).min(beta);
        }
        if excluded.is_some() {
            // Not the node's score: the table keeps the full search's.
            return best_score;
        }
        let bound = if best_score <= original_alpha {
            Bound::Upper
        } else if best_score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.store(
            key,
            Entry {
                best: best_move,
                score: to_table(best_score, ply),
                depth,
                bound,
            },
        );
        best_score
    }

    /// Until the position is quiet: in check every evasion (no standing pat), otherwise
    /// the mover may stand pat or capture, and at the first ply also give check.
    fn quiesce(
        &mut self,
        pos: &P,
        mut alpha: Score,
        beta: Score,
        ply: usize,
        qdepth: usize,
    ) -> Score {
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        if let Some(score) = self.terminal(pos, ply) {
            return score;
        }
        let f = self.features;
        let in_check = f.qevasions && pos.in_check(pos.turn());
        let deepest = qdepth >= QUIESCENCE_DEPTH || ply >= MAX_PLY + QUIESCENCE_DEPTH;
        // The first ply (with its checks) looks further than the plies below it: an entry
        // of a deeper ply does not settle the first.
        let qtable_depth = if qdepth == 0 { 0 } else { -1 };
        let key = self.key(pos);
        let mut hash_move = None;
        if f.qtable {
            if let Some(e) = self.table.probe(key) {
                if e.depth >= qtable_depth {
                    let s = from_table(e.score, ply);
                    if settles(e.bound, s, alpha, beta) {
                        return s;
                    }
                }
                hash_move = e.best;
            }
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        let mut best;
        let stand;
        if in_check {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                self.buffers[ply] = moves;
                return -MATE + ply as Score;
            }
            if deepest {
                self.buffers[ply] = moves;
                return self.evaluate(pos);
            }
            best = -INFINITY;
            stand = -INFINITY;
        } else {
            stand = self.evaluate(pos);
            if deepest || stand >= beta {
                self.buffers[ply] = moves;
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
            if f.qchecks && f.qmate && qdepth == 0 && self.mate1 {
                if mate_in_one(pos).is_some() {
                    self.buffers[ply] = moves;
                    return MATE - (ply as Score + 1);
                }
                pos.generate_captures(&mut moves);
            } else if f.qchecks && qdepth == 0 && self.fast_checks {
                pos.generate_captures(&mut moves);
                let captures = moves.len();
                pos.generate_checks(&mut moves);
                // Checks that capture are there already.
                let mut i = captures;
                while i < moves.len() {
                    if takes(pos, &moves[i]) {
                        moves.swap_remove(i);
                    } else {
                        i += 1;
                    }
                }
            } else if f.qchecks && qdepth == 0 {
                pos.legal_moves(&mut moves);
                moves.retain(|m| takes(pos, m) || self.may_check(pos, m));
            } else {
                pos.generate_captures(&mut moves);
            }
        }
        let mut scored = std::mem::take(&mut self.ordered[ply]);
        scored.clear();
        scored.extend(moves.iter().map(|&m| (m, 0)));
        self.order(pos, &mut scored, hash_move, ply);
        let pawn = self.eval.pawn();
        let enemies = self.enemies_of(pos);
        // Where the last move landed: taking back there is never cut by the move count.
        let last_target = ply
            .checked_sub(1)
            .and_then(|p| self.played[p])
            .map(|m| m.to);
        let mut considered = 0;
        let mut best_move = None;
        for i in 0..scored.len() {
            let (m, _) = next_best(&mut scored, i);
            let capture = takes(pos, &m);
            if !in_check && capture {
                considered += 1;
                if f.qmove_count && considered > 2 && Some(m.to) != last_target {
                    continue;
                }
            }
            // Delta: even winning the victim cannot lift it to alpha.
            if !in_check
                && capture
                && !m.promote
                && stand + self.victim_value(pos, &m) + 2 * pawn <= alpha
            {
                continue;
            }
            // A capture that leaves the piece to be taken for less, skipped before it is
            // made where the position can tell.
            let losing = !in_check
                && f.see
                && capture
                && self.mover_value(pos, &m) > self.victim_value(pos, &m) + pawn / 2;
            let taken = losing
                .then(|| pos.attacked_after(&m, m.to, enemies))
                .flatten();
            if taken == Some(true) {
                continue;
            }
            // An evasion that blocks with a piece the enemy takes for nothing, once an
            // evasion that holds has been found.
            let doubtful_evasion = in_check
                && f.qevasion_prune
                && !capture
                && best > -MATE_BOUND
                && pos.king_square(pos.turn()) != Some(m.from);
            let blocker_hangs = doubtful_evasion
                .then(|| Self::hangs_unplayed(pos, &m, enemies))
                .flatten();
            if blocker_hangs == Some(true) {
                continue;
            }
            let mut child = pos.clone();
            if capture || in_check {
                child.play_quiet(&m);
            } else if child.play_unchecked(&m).checks.is_empty() {
                // A quiet move that turned out not to give check.
                continue;
            }
            if doubtful_evasion
                && blocker_hangs.is_none()
                && Self::hangs_played(pos, &child, &m, enemies)
            {
                continue;
            }
            if !in_check && f.see {
                if capture {
                    if losing && taken.unwrap_or_else(|| child.is_attacked_by(m.to, enemies)) {
                        continue;
                    }
                } else if child.is_attacked_by(m.to, enemies) {
                    // A quiet check (a drop or a board move) where the piece can be taken:
                    // only if it is defended, as a mating check next to the king is.
                    let mine = SeatSet::EMPTY.with(pos.turn());
                    if !child.is_attacked_by(m.to, mine)
                        || (f.qchecks_near && !self.next_to_enemy_king(pos, m.to))
                    {
                        continue;
                    }
                }
            }
            self.played[ply] = Some(m);
            let score = self.child_quiesce(pos, &child, alpha, beta, ply + 1, qdepth + 1);
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                best_move = Some(m);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                break;
            }
        }
        self.buffers[ply] = moves;
        self.ordered[ply] = scored;
        if best == -INFINITY {
            // In check with every evasion pruned (none is): the position as it stands.
            return stand.max(-MATE + ply as Score);
        }
        if f.qtable && !self.stopped {
            // Never exact: the moves quiescence skips leave its score a bound.
            let bound = if best >= beta {
                Bound::Lower
            } else {
                Bound::Upper
            };
            self.table.store(
                key,
                Entry {
                    best: best_move.or(hash_move),
                    score: to_table(best, ply),
                    depth: qtable_depth,
                    bound,
                },
            );
        }
        best
    }

    /// Whether the move would leave its piece attacked by `enemies` and not defended,
    /// where the position can tell without making the move.
    fn hangs_unplayed(pos: &P, m: &Move, enemies: SeatSet) -> Option<bool> {
        let mine = SeatSet::EMPTY.with(pos.turn());
        Some(pos.attacked_after(m, m.to, enemies)? && !pos.attacked_after(m, m.to, mine)?)
    }

    /// The seats against the side to move.
    fn enemies_of(&self, pos: &P) -> SeatSet {
        let ours = self.ours(pos);
        let mut set = SeatSet::EMPTY;
        for s in pos.alive().iter() {
            if self.team.contains(s) != ours {
                set = set.with(s);
            }
        }
        set
    }

    /// Whether a quiet move could give check: it lands near an enemy king or on one of
    /// its lines (a cheap filter; the move is then played to be sure).
    fn may_check(&self, pos: &P, m: &Move) -> bool {
        let g = pos.geometry();
        let (c, r) = g.col_row(m.to);
        let ours = self.ours(pos);
        // Only a piece that slides (after the move) checks from afar along a line.
        let kind = match m.drop {
            Some(k) => Some(k),
            None => pos.piece_at(m.from).map(|p| {
                let k = p.kind();
                if m.promote {
                    pos.kind(k).promotes_to.unwrap_or(k)
                } else {
                    k
                }
            }),
        };
        let slides = kind.is_some_and(|k| pos.kind(k).rays.iter().any(|r| r.range != 1));
        pos.alive().iter().any(|s| {
            self.team.contains(s) != ours
                && pos.king_square(s).is_some_and(|k| {
                    let (kc, kr) = g.col_row(k);
                    let (dc, dr) = ((c as i32 - kc as i32).abs(), (r as i32 - kr as i32).abs());
                    dc.max(dr) <= 2 || (slides && (dc == 0 || dr == 0 || dc == dr))
                })
        })
    }

    /// Whether `sq` touches the king of a seat against the side to move.
    fn next_to_enemy_king(&self, pos: &P, sq: crate::engine::Sq) -> bool {
        let g = pos.geometry();
        let (c, r) = g.col_row(sq);
        let ours = self.ours(pos);
        pos.alive().iter().any(|s| {
            self.team.contains(s) != ours
                && pos.king_square(s).is_some_and(|k| {
                    let (kc, kr) = g.col_row(k);
                    (c as i32 - kc as i32).abs() <= 1 && (r as i32 - kr as i32).abs() <= 1
                })
        })
    }

    /// What `m` takes, in the evaluator's values.
    fn victim_value(&self, pos: &P, m: &Move) -> Score {
        let mover = pos.turn();
        let value = |sq| {
            pos.piece_at(sq)
                .filter(|p| p.owner() != mover)
                .map_or(0, |p| self.eval.value(p.kind()))
        };
        let mut v = m.middles().map(value).sum::<Score>();
        if m.to != m.from && !m.is_drop() {
            v += value(m.to);
        }
        v
    }

    /// The value of the piece that moves (what it is worth where it lands).
    fn mover_value(&self, pos: &P, m: &Move) -> Score {
        if let Some(k) = m.drop {
            return self.eval.value(k);
        }
        pos.piece_at(m.from).map_or(0, |p| {
            let kind = if m.promote {
                pos.kind(p.kind()).promotes_to.unwrap_or(p.kind())
            } else {
                p.kind()
            };
            self.eval.value(kind)
        })
    }

    /// Gives each move its ordering key, best highest: the hash move, captures by victim
    /// then attacker (those that hang the capturing piece after the quiet moves' best),
    /// killers, the counter move, then quiet moves by history. [`next_best`] takes them
    /// in that order.
    fn order(&self, pos: &P, moves: &mut [(Move, Score)], hash_move: Option<Move>, ply: usize) {
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
        let counter = if self.features.counter_move {
            self.counter_index(pos, ply).and_then(|i| self.counters[i])
        } else {
            None
        };
        for (m, key) in moves.iter_mut() {
            *key = if Some(*m) == hash_move {
                Score::MAX
            } else {
                let victim = self.victim_value(pos, m);
                if victim > 0 {
                    let attacker = self.mover_value(pos, m);
                    let base = if self.features.see && attacker > victim {
                        // Possibly losing: after the killers, unless it is safe (not
                        // known here cheaply), so by victim among themselves.
                        700_000_000
                    } else {
                        1_000_000_000
                    };
                    let learnt = if self.features.capture_history {
                        self.capture_history[self.history_index(pos, m)] / 2
                    } else {
                        0
                    };
                    base + victim * 64 - attacker / 16 + m.promote as Score * 1000 + learnt
                } else if killers[0] == Some(*m) {
                    900_000_002
                } else if killers[1] == Some(*m) {
                    900_000_001
                } else if counter == Some(*m) {
                    900_000_000
                } else {
                    let learnt = if self.features.cont_history {
                        self.continuation_score(ply, self.piece_key(pos, m))
                    } else {
                        0
                    };
                    self.history[self.history_index(pos, m)] + learnt + m.promote as Score * 500_000
                }
            };
        }
    }

    fn remember_cutoff(&mut self, pos: &P, m: Move, ply: usize, depth: i32, tried: &[Move]) {
        if let Some(k) = self.killers.get_mut(ply) {
            if k[0] != Some(m) {
                k[1] = k[0];
                k[0] = Some(m);
            }
        }
        if let Some(i) = self.counter_index(pos, ply) {
            self.counters[i] = Some(m);
        }
        let bonus = (depth * depth).min(400) * 16;
        let i = self.history_index(pos, &m);
        let h = &mut self.history[i];
        *h += bonus - *h * bonus / 16_384;
        for q in tried {
            let i = self.history_index(pos, q);
            let h = &mut self.history[i];
            *h += -bonus - *h * bonus / 16_384;
        }
        if self.features.cont_history {
            let key = self.piece_key(pos, &m);
            self.reward_continuation(ply, key, bonus);
            for q in tried {
                let key = self.piece_key(pos, q);
                self.reward_continuation(ply, key, -bonus);
            }
        }
    }

    /// Whether the piece that gave check with `m` (now in `child`) cannot simply be
    /// taken: no enemy attacks its square, or the mover defends it.
    fn check_is_safe(&self, pos: &P, child: &P, m: &Move, enemies: SeatSet) -> bool {
        !Self::hangs_played(pos, child, m, enemies)
    }

    /// Whether the piece `m` moved (from `pos`, now in `child`) stands where `enemies`
    /// attack it and the mover does not defend it: taken for nothing.
    fn hangs_played(pos: &P, child: &P, m: &Move, enemies: SeatSet) -> bool {
        child.is_attacked_by(m.to, enemies)
            && !child.is_attacked_by(m.to, SeatSet::EMPTY.with(pos.turn()))
    }
}

impl<'a, 'c, P: Position> Searcher<'a, 'c, P> {
    /// After a cut: the capture that made it (if one did) gains, the captures tried
    /// before it lose.
    fn remember_capture_cutoff(&mut self, pos: &P, m: Option<Move>, depth: i32, tried: &[Move]) {
        let bonus = (depth * depth).min(400) * 16;
        if let Some(m) = m {
            let i = self.history_index(pos, &m);
            let h = &mut self.capture_history[i];
            *h += bonus - *h * bonus / 16_384;
        }
        for q in tried {
            let i = self.history_index(pos, q);
            let h = &mut self.capture_history[i];
            *h += -bonus - *h * bonus / 16_384;
        }
    }
}

fn best_of(scored: &[(Move, Score)]) -> Option<(Move, Score)> {
    scored.iter().copied().max_by_key(|&(_, s)| s)
}

/// Mate scores are stored relative to the node, so that a mate found through another path
/// keeps its distance right.
/// Whether a table score `score` with `bound` decides a search of the window
/// (`alpha`, `beta`) without looking further.
fn settles(bound: Bound, score: Score, alpha: Score, beta: Score) -> bool {
    match bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    }
}

fn to_table(score: Score, ply: usize) -> Score {
    if score >= MATE_BOUND {
        score + ply as Score
    } else if score <= -MATE_BOUND {
        score - ply as Score
    } else {
        score
    }
}

fn from_table(score: Score, ply: usize) -> Score {
    if score >= MATE_BOUND {
        score - ply as Score
    } else if score <= -MATE_BOUND {
        score + ply as Score
    } else {
        score
    }
}
