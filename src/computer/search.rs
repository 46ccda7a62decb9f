//! The search: iterative deepening alpha-beta with principal-variation windows, a
//! transposition table on the positions' Zobrist hashes, quiescence on captures, and move
//! ordering by hash move, captures (most valuable victim first), killers and history.
//!
//! One search serves every variant. Scores are always from the searching team's point of
//! view and each node maximises or minimises by who moves there, as the position says: in
//! yonin shogi the next mover comes from the check-priority turn order, not a rotation.
//! Every opponent is assumed to play against the team (paranoid search), which is exact
//! in two-player games and in doubles (two teams), and cautious in yonin singles.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::engine::{Move, Position, SeatSet};

use super::eval::{Evaluator, Score, MATE};
use super::{Control, Progress};

/// Scores beyond this are mates.
const MATE_BOUND: Score = MATE - 10_000;
const INFINITY: Score = MATE + 1;
const MAX_PLY: usize = 96;
const QUIESCENCE_DEPTH: i32 = 6;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Copy, Clone, Debug)]
struct Entry {
    key: u64,
    best: Option<Move>,
    score: Score,
    depth: i8,
    bound: Bound,
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
    /// Root moves with the score each got at the deepest finished iteration (the best
    /// first); scores of moves other than the best are bounds.
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
    started: Instant,
    nodes: u64,
    stopped: bool,
    table: Vec<Option<Entry>>,
    killers: Vec<[Option<Move>; 2]>,
    history: std::collections::HashMap<(u16, u16, bool), i32>,
    /// Hashes of the positions of the game so far and of the current line, for repetition.
    path: Vec<u64>,
    buffers: Vec<Vec<Move>>,
    /// The depth of the iteration under way.
    iteration: u32,
    stop: Option<&'c AtomicBool>,
    progress: Option<&'c mut dyn FnMut(&Progress)>,
    _position: std::marker::PhantomData<P>,
}

impl<'a, 'c, P: Position> Searcher<'a, 'c, P> {
    /// A searcher for `team`, knowing the hashes of the game's earlier positions.
    pub fn new(eval: &'a Evaluator, team: SeatSet, budget: Budget, earlier: Vec<u64>) -> Self {
        Searcher {
            eval,
            team,
            budget,
            started: Instant::now(),
            nodes: 0,
            stopped: false,
            table: vec![None; 1 << 18],
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: std::collections::HashMap::new(),
            path: earlier,
            iteration: 0,
            stop: None,
            progress: None,
            buffers: (0..=MAX_PLY + QUIESCENCE_DEPTH as usize + 2)
                .map(|_| Vec::new())
                .collect(),
            _position: std::marker::PhantomData,
        }
    }

    /// The same searcher, stopped by `control.stop` and telling `control.progress`.
    pub fn controlled(mut self, control: Control<'c>) -> Self {
        self.stop = control.stop;
        self.progress = control.progress;
        self
    }

    /// Searches `root` over the given root moves, deepening until the budget runs out.
    /// `exhaustive` scores every root move with a full window (slower, but each score is
    /// exact, which the weaker levels need to pick among near-best moves).
    pub fn run(&mut self, root: &P, moves: &[Move], exhaustive: bool) -> Found {
        let mut scored: Vec<(Move, Score)> = moves.iter().map(|&m| (m, 0)).collect();
        let mut finished_depth = 0;
        for depth in 1..=self.budget.depth.max(1) {
            self.iteration = depth;
            let mut this_round: Vec<(Move, Score)> = Vec::with_capacity(scored.len());
            let maximizing = self.team.contains(root.turn());
            let mut alpha = -INFINITY;
            let mut beta = INFINITY;
            for (i, &(m, _)) in scored.iter().enumerate() {
                let mut child = root.clone();
                child.play_quiet(&m);
                self.path.push(root.hash());
                let score = if i == 0 || exhaustive {
                    self.search(&child, depth as i32 - 1, -INFINITY, INFINITY, 1)
                } else if maximizing {
                    let s = self.search(&child, depth as i32 - 1, alpha, alpha + 1, 1);
                    if s > alpha && !self.stopped {
                        self.search(&child, depth as i32 - 1, alpha, INFINITY, 1)
                    } else {
                        s
                    }
                } else {
                    let s = self.search(&child, depth as i32 - 1, beta - 1, beta, 1);
                    if s < beta && !self.stopped {
                        self.search(&child, depth as i32 - 1, -INFINITY, beta, 1)
                    } else {
                        s
                    }
                };
                self.path.pop();
                if self.stopped {
                    break;
                }
                if maximizing {
                    alpha = alpha.max(score);
                } else {
                    beta = beta.min(score);
                }
                this_round.push((m, score));
            }
            if self.stopped && this_round.len() < scored.len() {
                // An unfinished iteration still counts where it found a move better than
                // the last iteration's best, which it always searches first.
                if let (Some(new), Some(&(old, _))) =
                    (best_of(&this_round, maximizing), scored.first())
                {
                    if let Some(&(_, old_now)) = this_round.iter().find(|(m, _)| *m == old) {
                        let better = if maximizing {
                            new.1 > old_now
                        } else {
                            new.1 < old_now
                        };
                        if new.0 != old && better {
                            scored.retain(|(m, _)| *m != new.0);
                            scored.insert(0, new);
                        }
                    }
                }
                break;
            }
            // Best first for the next iteration and for the caller.
            this_round.sort_by_key(|&(_, s)| if maximizing { -s } else { s });
            scored = this_round;
            finished_depth = depth;
            let best = scored[0].1;
            if let Some(report) = self.progress.as_mut() {
                let mover = if maximizing { best } else { -best };
                report(&Progress {
                    depth,
                    score: mover,
                    centipawns: mover * 100 / self.eval.pawn().max(1),
                    nodes: self.nodes,
                    elapsed: self.started.elapsed(),
                    pv: vec![scored[0].0],
                });
            }
            if best.abs() >= MATE_BOUND {
                break;
            }
            if self.out_of_budget() {
                break;
            }
        }
        Found {
            scored,
            depth: finished_depth,
            nodes: self.nodes,
            elapsed: self.started.elapsed(),
        }
    }

    fn out_of_budget(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        let out_of_nodes = self.budget.nodes.is_some_and(|n| self.nodes >= n)
            || self.stop.is_some_and(|s| s.load(Ordering::Relaxed));
        // The clock is read only now and then: it costs more than a node.
        let out_of_time =
            self.nodes % 1024 == 0 && self.budget.deadline.is_some_and(|d| Instant::now() >= d);
        self.stopped = out_of_nodes || out_of_time;
        self.stopped
    }

    /// The score of a position where nobody of one side can go on: the side that cannot
    /// go on has lost, sooner being worse for it.
    fn terminal(&self, pos: &P, ply: usize) -> Option<Score> {
        let alive = pos.alive();
        let mine = alive.iter().any(|s| self.team.contains(s));
        let theirs = alive.iter().any(|s| !self.team.contains(s));
        match (mine, theirs) {
            (false, _) => Some(-MATE + ply as Score),
            (true, false) => Some(MATE - ply as Score),
            _ => None,
        }
    }

    fn search(
        &mut self,
        pos: &P,
        depth: i32,
        mut alpha: Score,
        mut beta: Score,
        ply: usize,
    ) -> Score {
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        if let Some(score) = self.terminal(pos, ply) {
            return score;
        }
        let hash = pos.hash();
        if self.path.contains(&hash) {
            // A repetition: a draw (or a void game) as far as the search can tell.
            return 0;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(pos, alpha, beta, ply, 0);
        }
        let mover = pos.turn();
        let maximizing = self.team.contains(mover);
        let slot = (hash as usize) & (self.table.len() - 1);
        let mut hash_move = None;
        if let Some(entry) = self.table[slot].filter(|e| e.key == hash) {
            hash_move = entry.best;
            if entry.depth as i32 >= depth {
                let s = from_table(entry.score, ply);
                match entry.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            self.buffers[ply] = moves;
            // No move: the mover loses (mate, or no legal move, which loses in shogi).
            return if maximizing {
                -MATE + ply as Score
            } else {
                MATE - ply as Score
            };
        }
        self.order(pos, &mut moves, hash_move, ply);
        let original = (alpha, beta);
        let mut best_score = if maximizing { -INFINITY } else { INFINITY };
        let mut best_move = None;
        self.path.push(hash);
        for (i, m) in moves.iter().enumerate() {
            let mut child = pos.clone();
            let effects = child.play_unchecked(m);
            // Look one ply further after a check, near the root, so that mates and
            // defences against them are seen.
            // Bounded by the iteration's depth, so that a run of checks cannot extend itself
            // without end.
            let extend = (!effects.checks.is_empty() && ply < self.iteration as usize) as i32;
            let next = depth - 1 + extend;
            // Late quiet moves, after the hash move, captures and killers have been tried,
            // rarely matter: look at them less deeply first, and fully only if they surprise.
            let quiet = !effects.captured && !m.promote && extend == 0;
            let reduction = match (quiet, i, depth) {
                (true, 8.., 5..) => 2,
                (true, 3.., 3..) => 1,
                _ => 0,
            };
            let score = if i == 0 {
                self.search(&child, next, alpha, beta, ply + 1)
            } else {
                // A null window at the bound this side must beat.
                let (low, high) = if maximizing {
                    (alpha, alpha + 1)
                } else {
                    (beta - 1, beta)
                };
                let promising = |s: Score| if maximizing { s > alpha } else { s < beta };
                let mut s = self.search(&child, next - reduction, low, high, ply + 1);
                if reduction > 0 && promising(s) && !self.stopped {
                    s = self.search(&child, next, low, high, ply + 1);
                }
                if s > alpha && s < beta && !self.stopped {
                    s = self.search(&child, next, alpha, beta, ply + 1);
                }
                s
            };
            if self.stopped {
                break;
            }
            let improves = if maximizing {
                score > best_score
            } else {
                score < best_score
            };
            if improves {
                best_score = score;
                best_move = Some(*m);
            }
            if maximizing {
                alpha = alpha.max(score);
            } else {
                beta = beta.min(score);
            }
            if alpha >= beta {
                if !self.is_capture(pos, m) {
                    self.remember_cutoff(*m, ply, depth);
                }
                break;
            }
        }
        self.path.pop();
        self.buffers[ply] = moves;
        if self.stopped {
            return best_score.clamp(-INFINITY + 1, INFINITY - 1);
        }
        let bound = if best_score <= original.0 {
            Bound::Upper
        } else if best_score >= original.1 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        // Scores are the team's at every node, so the bounds read the same whoever moves.
        self.table[slot] = Some(Entry {
            key: hash,
            best: best_move,
            score: to_table(best_score, ply),
            depth: depth.min(i8::MAX as i32) as i8,
            bound,
        });
        best_score
    }

    /// Captures only, until the position is quiet: the mover may always stand pat.
    fn quiesce(
        &mut self,
        pos: &P,
        mut alpha: Score,
        mut beta: Score,
        ply: usize,
        qdepth: i32,
    ) -> Score {
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        if let Some(score) = self.terminal(pos, ply) {
            return score;
        }
        let stand = self.eval.evaluate(pos, self.team);
        let maximizing = self.team.contains(pos.turn());
        if qdepth >= QUIESCENCE_DEPTH || ply >= MAX_PLY + QUIESCENCE_DEPTH as usize {
            return stand;
        }
        if maximizing {
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
        } else {
            if stand <= alpha {
                return stand;
            }
            beta = beta.min(stand);
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        pos.legal_moves(&mut moves);
        moves.retain(|m| self.is_capture(pos, m));
        self.order(pos, &mut moves, None, ply);
        let mut best = stand;
        for m in moves.iter() {
            let mut child = pos.clone();
            child.play_quiet(m);
            let score = self.quiesce(&child, alpha, beta, ply + 1, qdepth + 1);
            if self.stopped {
                break;
            }
            if maximizing {
                best = best.max(score);
                alpha = alpha.max(score);
            } else {
                best = best.min(score);
                beta = beta.min(score);
            }
            if alpha >= beta {
                break;
            }
        }
        self.buffers[ply] = moves;
        best
    }

    /// Whether `m` takes a piece (on its destination or on a square it passes through).
    fn is_capture(&self, pos: &P, m: &Move) -> bool {
        if m.is_drop() {
            return false;
        }
        let mover = pos.turn();
        let enemy = |sq| pos.piece_at(sq).is_some_and(|p| p.owner() != mover);
        (m.to != m.from && enemy(m.to)) || m.middles().any(enemy)
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
        if m.to != m.from {
            v += value(m.to);
        }
        v
    }

    fn order(&self, pos: &P, moves: &mut [Move], hash_move: Option<Move>, ply: usize) {
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
        let key = |m: &Move| -> i64 {
            if Some(*m) == hash_move {
                return i64::MAX;
            }
            let victim = self.victim_value(pos, m) as i64;
            if victim > 0 {
                let attacker = if m.is_drop() {
                    0
                } else {
                    pos.piece_at(m.from)
                        .map_or(0, |p| self.eval.value(p.kind())) as i64
                };
                return 1_000_000_000 + victim * 64 - attacker + m.promote as i64 * 1000;
            }
            if killers.contains(&Some(*m)) {
                return 900_000_000;
            }
            let history = self
                .history
                .get(&(m.from.0, m.to.0, m.is_drop()))
                .copied()
                .unwrap_or(0) as i64;
            history + m.promote as i64 * 500_000
        };
        moves.sort_by_cached_key(|m| std::cmp::Reverse(key(m)));
    }

    fn remember_cutoff(&mut self, m: Move, ply: usize, depth: i32) {
        if let Some(k) = self.killers.get_mut(ply) {
            if k[0] != Some(m) {
                k[1] = k[0];
                k[0] = Some(m);
            }
        }
        let h = self
            .history
            .entry((m.from.0, m.to.0, m.is_drop()))
            .or_insert(0);
        *h = (*h + depth * depth).min(100_000_000);
    }
}

fn best_of(scored: &[(Move, Score)], maximizing: bool) -> Option<(Move, Score)> {
    if maximizing {
        scored.iter().copied().max_by_key(|&(_, s)| s)
    } else {
        scored.iter().copied().min_by_key(|&(_, s)| s)
    }
}

/// Mate scores are stored relative to the node, so that a mate found through another path
/// keeps its distance right.
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
