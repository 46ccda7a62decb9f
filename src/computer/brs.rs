//! Best-Reply Search for yonin singles (Schadd and Winands, 2011): the searching player's
//! moves alternate with one layer in which only the strongest reply of any single opponent
//! is played, the other opponents passing. A line of depth d then holds d/2 of the
//! player's own moves (paranoid search holds d/4), and the opponents are still assumed to
//! play against it, but one at a time.
//!
//! How the opponents' layer is formed under yonin's check-priority turn order:
//!
//! - After the player's move, if the seat the rules hand the turn to is in check, that
//!   seat must move (the rules give it the turn before anyone else), so the layer is its
//!   moves alone.
//! - Otherwise the layer is the legal moves of every opponent still playing, each from
//!   the position with the turn handed to that opponent.
//! - After a move of the layer, if the rules hand the turn to a seat in check (the
//!   player, or an opponent the move checked), that seat moves next, as in the game;
//!   otherwise the turn goes back to the player (the opponents between pass).
//!
//! Quiescence follows the same layers with captures only (and every evasion in check),
//! so a capture any one opponent could make is seen at once. Doubles (two teams) and the
//! two-player variants stay with [`super::search`], which is exact for two sides.
//!
//! The rest is the shared search's machinery in a smaller form: iterative deepening,
//! principal-variation windows, the process-wide table (its keys salted apart from the
//! paranoid search's), killers, a history table, late-move reductions, quiet checks at
//! quiescence's first ply, repetitions as draws.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use crate::engine::captures::takes;
use crate::engine::shogi::ShogiPosition;
use crate::engine::{Move, Position, Seat, SeatSet, Variant};

use super::eval::{EvalCache, Evaluator, Score, MATE};
use super::search::{Budget, Features, Found};
use super::table::{Bound, Entry, Table};
use super::{Control, Progress};

const MATE_BOUND: Score = MATE - 10_000;
const INFINITY: Score = MATE + 1;
const MAX_PLY: usize = 96;
const QUIESCENCE_DEPTH: usize = 10;
/// Slots of the history table: 81 squares and the drops after them, by target.
const FROM_SLOTS: usize = 128;
const TO_SLOTS: usize = 128;
const DROP_BASE: usize = 100;

/// Which search yonin singles plays: `SHOGIBAN_YONIN_SEARCH` = `paranoid` or `brs`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum YoninSearch {
    Paranoid,
    BestReply,
}

/// The search `SHOGIBAN_YONIN_SEARCH` names (Best-Reply Search when unset or unknown).
pub fn configured() -> YoninSearch {
    static CONFIGURED: std::sync::OnceLock<YoninSearch> = std::sync::OnceLock::new();
    *CONFIGURED.get_or_init(|| match std::env::var("SHOGIBAN_YONIN_SEARCH").as_deref() {
        Ok("paranoid") => YoninSearch::Paranoid,
        _ => YoninSearch::BestReply,
    })
}

/// Whether Best-Reply Search plays `pos`: yonin singles, when configured.
pub fn applies(pos: &ShogiPosition) -> bool {
    pos.variant() == Variant::Yonin && configured() == YoninSearch::BestReply
}

/// A move of a layer, with the seat that plays it.
#[derive(Copy, Clone)]
struct Reply {
    mv: Move,
    seat: Seat,
    key: Score,
}

/// Best-Reply Search state for one decision of `me`.
pub struct Brs<'a, 'c> {
    eval: &'a Evaluator,
    me: Seat,
    team: SeatSet,
    budget: Budget,
    features: Features,
    started: Instant,
    nodes: u64,
    stopped: bool,
    table: Arc<Table>,
    salt: u64,
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<i32>,
    earlier: Vec<u64>,
    line: Vec<u64>,
    layers: Vec<Vec<Reply>>,
    buffer: Vec<Move>,
    eval_cache: EvalCache,
    stop: Option<&'c AtomicBool>,
    progress: Option<&'c mut dyn FnMut(&Progress)>,
}

impl<'a, 'c> Brs<'a, 'c> {
    /// A search for `me` with `table`, knowing the hashes of the game's earlier positions.
    pub fn new(
        eval: &'a Evaluator,
        me: Seat,
        budget: Budget,
        mut earlier: Vec<u64>,
        table: Arc<Table>,
    ) -> Self {
        earlier.sort_unstable();
        table.new_search();
        let team = SeatSet::EMPTY.with(me);
        Brs {
            eval,
            me,
            team,
            budget,
            features: Features::configured(),
            started: Instant::now(),
            nodes: 0,
            stopped: false,
            table,
            // Apart from the paranoid search's keys: the same position scores otherwise.
            salt: (u64::from(team.0) + 17).wrapping_mul(0xc2b2_ae3d_27d4_eb4f),
            killers: vec![[None; 2]; MAX_PLY + QUIESCENCE_DEPTH + 2],
            history: vec![0; 2 * FROM_SLOTS * TO_SLOTS],
            earlier,
            line: Vec::with_capacity(MAX_PLY + QUIESCENCE_DEPTH + 2),
            layers: (0..MAX_PLY + QUIESCENCE_DEPTH + 4)
                .map(|_| Vec::new())
                .collect(),
            buffer: Vec::new(),
            eval_cache: EvalCache::new(),
            stop: None,
            progress: None,
        }
    }

    pub fn with_features(mut self, features: Features) -> Self {
        self.features = features;
        self
    }

    pub fn controlled(mut self, control: Control<'c>) -> Self {
        self.stop = control.stop;
        self.progress = control.progress;
        self
    }

    #[inline]
    fn ours(&self, pos: &ShogiPosition) -> bool {
        pos.turn() == self.me
    }

    fn evaluate(&mut self, pos: &ShogiPosition) -> Score {
        let (eval, team) = (self.eval, self.team);
        let s = self.eval_cache.get(pos.hash(), || eval.evaluate(pos, team));
        if self.ours(pos) {
            s
        } else {
            -s
        }
    }

    fn out_of_budget(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        let out_of_nodes = self.budget.nodes.is_some_and(|n| self.nodes >= n);
        let outside = self.nodes % 256 == 0
            && (self.budget.deadline.is_some_and(|d| Instant::now() >= d)
                || self.stop.is_some_and(|s| s.load(Ordering::Relaxed)));
        self.stopped = out_of_nodes || outside;
        self.stopped
    }

    /// The score of a position where the player or every opponent is out.
    fn terminal(&self, pos: &ShogiPosition, ply: usize) -> Option<Score> {
        let alive = pos.alive();
        let score = if !alive.contains(self.me) {
            -MATE + ply as Score
        } else if alive.len() == 1 {
            MATE - ply as Score
        } else {
            return None;
        };
        Some(if self.ours(pos) { score } else { -score })
    }

    fn repeats(&self, hash: u64, ply: usize) -> bool {
        let above = &self.line[..ply.min(self.line.len())];
        above.iter().rev().skip(1).any(|&h| h == hash) || self.earlier.binary_search(&hash).is_ok()
    }

    /// After a move of the opponents' layer: a seat in check moves next as the rules say,
    /// otherwise the turn comes back to the player.
    fn back_to_me(&self, pos: &mut ShogiPosition) {
        if pos.seat_to_move().is_none() || pos.turn() == self.me || !pos.alive().contains(self.me) {
            return;
        }
        if pos.in_check(pos.turn()) {
            return;
        }
        pos.set_turn(self.me);
    }

    /// The position after `reply` is played from `pos`.
    fn after(&self, pos: &ShogiPosition, reply: &Reply) -> ShogiPosition {
        let mut child = pos.clone();
        if child.turn() != reply.seat {
            child.set_turn(reply.seat);
        }
        child.apply(&reply.mv);
        if reply.seat != self.me {
            self.back_to_me(&mut child);
        }
        child
    }

    /// The moves of the node at `pos` into `self.layers[ply]`: the player's, a checked
    /// seat's, or every opponent's (see the module's comment); captures only (and
    /// evasions in check) when `captures`, with quiet checks too when `checks`.
    fn layer(&mut self, pos: &ShogiPosition, ply: usize, captures: bool, checks: bool) -> bool {
        let mut layer = std::mem::take(&mut self.layers[ply]);
        layer.clear();
        let mut buffer = std::mem::take(&mut self.buffer);
        let to_move = pos.turn();
        let in_check = pos.in_check(to_move);
        let seats: Vec<Seat> = if self.ours(pos) || in_check {
            vec![to_move]
        } else {
            pos.alive().without(self.me).iter().collect()
        };
        for seat in seats {
            let mut view;
            let from = if seat == to_move {
                pos
            } else {
                view = pos.clone();
                view.set_turn(seat);
                // A seat in check is never handed a quiet turn here (it would have moved).
                if view.in_check(seat) {
                    continue;
                }
                &view
            };
            buffer.clear();
            if captures && !in_check {
                from.generate_captures(&mut buffer);
                if checks {
                    let n = buffer.len();
                    from.generate_checks(&mut buffer);
                    let mut i = n;
                    while i < buffer.len() {
                        if takes(from, &buffer[i]) {
                            buffer.swap_remove(i);
                        } else {
                            i += 1;
                        }
                    }
                }
            } else {
                from.legal_moves(&mut buffer);
            }
            for &m in &buffer {
                layer.push(Reply {
                    mv: m,
                    seat,
                    key: 0,
                });
            }
        }
        self.buffer = buffer;
        self.layers[ply] = layer;
        in_check
    }

    fn history_index(&self, seat: Seat, m: &Move) -> usize {
        let side = (seat == self.me) as usize;
        let from = match m.drop {
            Some(k) => DROP_BASE + (k as usize).min(FROM_SLOTS - DROP_BASE - 1),
            None => m.from.index().min(DROP_BASE - 1),
        };
        (side * FROM_SLOTS + from) * TO_SLOTS + m.to.index().min(TO_SLOTS - 1)
    }

    /// What `m`, played by `seat`, takes.
    fn victim_value(&self, pos: &ShogiPosition, seat: Seat, m: &Move) -> Score {
        if m.is_drop() {
            return 0;
        }
        pos.piece_at(m.to)
            .filter(|p| p.owner() != seat)
            .map_or(0, |p| self.eval.value(p.kind()))
    }

    fn mover_value(&self, pos: &ShogiPosition, m: &Move) -> Score {
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

    fn order(&mut self, pos: &ShogiPosition, ply: usize, hash_move: Option<Move>) {
        let killers = self.killers[ply];
        let mut layer = std::mem::take(&mut self.layers[ply]);
        for r in layer.iter_mut() {
            r.key = if Some(r.mv) == hash_move && r.seat == pos.turn() {
                Score::MAX
            } else {
                let victim = self.victim_value(pos, r.seat, &r.mv);
                if victim > 0 {
                    1_000_000_000 + victim * 64 - self.mover_value(pos, &r.mv) / 16
                } else if killers[0] == Some(r.mv) {
                    900_000_002
                } else if killers[1] == Some(r.mv) {
                    900_000_001
                } else {
                    self.history[self.history_index(r.seat, &r.mv)]
                        + r.mv.promote as Score * 500_000
                }
            };
        }
        layer.sort_by_key(|r| std::cmp::Reverse(r.key));
        self.layers[ply] = layer;
    }

    /// The score of `child` for the side to move at `parent`.
    fn child(
        &mut self,
        parent: &ShogiPosition,
        child: &ShogiPosition,
        depth: i32,
        alpha: Score,
        beta: Score,
        ply: usize,
    ) -> Score {
        if self.ours(parent) == self.ours(child) {
            self.search(child, depth, alpha, beta, ply)
        } else {
            -self.search(child, depth, -beta, -alpha, ply)
        }
    }

    fn child_quiesce(
        &mut self,
        parent: &ShogiPosition,
        child: &ShogiPosition,
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

    /// Searches `root` (the player to move) over the given root moves, deepening until the
    /// budget runs out; `exhaustive` scores every root move with a full window.
    pub fn run(&mut self, root: &ShogiPosition, moves: &[Move], exhaustive: bool) -> Found {
        let mut scored: Vec<(Move, Score)> = moves.iter().map(|&m| (m, 0)).collect();
        let hash_move = self
            .table
            .probe(root.hash() ^ self.salt)
            .and_then(|e| e.best);
        // Captures first, the table's move before them, for the first iteration.
        scored.sort_by_key(|&(m, _)| {
            let key = if Some(m) == hash_move {
                Score::MAX
            } else {
                self.victim_value(root, self.me, &m) * 64 - self.mover_value(root, &m) / 16
            };
            std::cmp::Reverse(key)
        });
        let mut finished_depth = 0;
        self.line.clear();
        self.line.push(root.hash());
        for depth in 1..=self.budget.depth.max(1) {
            let mut this_round: Vec<(Move, Score)> = Vec::with_capacity(scored.len());
            let mut alpha = -INFINITY;
            for (i, &(m, _)) in scored.iter().enumerate() {
                let child = self.after(
                    root,
                    &Reply {
                        mv: m,
                        seat: self.me,
                        key: 0,
                    },
                );
                let d = depth as i32 - 1;
                let score = if i == 0 || exhaustive {
                    self.child(root, &child, d, -INFINITY, INFINITY, 1)
                } else {
                    let s = self.child(root, &child, d, alpha, alpha + 1, 1);
                    if s > alpha && !self.stopped {
                        self.child(root, &child, d, alpha, INFINITY, 1)
                    } else {
                        s
                    }
                };
                if self.stopped {
                    break;
                }
                alpha = alpha.max(score);
                this_round.push((m, score));
            }
            if self.stopped && this_round.len() < scored.len() {
                // A move better than the last iteration's best still counts.
                if let (Some(new), Some(&(old, _))) = (
                    this_round.iter().copied().max_by_key(|&(_, s)| s),
                    scored.first(),
                ) {
                    if let Some(&(_, old_now)) = this_round.iter().find(|(m, _)| *m == old) {
                        if new.0 != old && new.1 > old_now {
                            scored.retain(|(m, _)| *m != new.0);
                            scored.insert(0, new);
                        }
                    }
                }
                break;
            }
            this_round.sort_by_key(|&(_, s)| -s);
            scored = this_round;
            finished_depth = depth;
            let best = scored[0].1;
            self.table.store(
                root.hash() ^ self.salt,
                Entry {
                    best: Some(scored[0].0),
                    score: best,
                    depth: depth as i32,
                    bound: Bound::Exact,
                },
            );
            if let Some(report) = self.progress.as_mut() {
                report(&Progress {
                    depth,
                    score: best,
                    centipawns: best * 100 / self.eval.pawn().max(1),
                    nodes: self.nodes,
                    elapsed: self.started.elapsed(),
                    pv: vec![scored[0].0],
                });
            }
            if best.abs() >= MATE_BOUND || self.out_of_budget() {
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

    fn search(
        &mut self,
        pos: &ShogiPosition,
        depth: i32,
        mut alpha: Score,
        beta: Score,
        ply: usize,
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
            return 0;
        }
        let alpha0 = alpha.max(-MATE + ply as Score);
        let beta0 = beta.min(MATE - ply as Score - 1);
        if alpha0 >= beta0 {
            return alpha0;
        }
        let pv_node = beta - alpha > 1;
        let key = hash ^ self.salt;
        let entry = self.table.probe(key);
        let hash_move = entry.and_then(|e| e.best);
        if let Some(e) = entry {
            if !pv_node && e.depth >= depth {
                let s = from_table(e.score, ply);
                match e.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        let in_check = self.layer(pos, ply, false, false);
        if self.layers[ply].is_empty() {
            if self.ours(pos) || in_check {
                // The seat to move has no move: it is out.
                return if self.ours(pos) {
                    -MATE + ply as Score
                } else {
                    self.evaluate(pos)
                };
            }
            return self.evaluate(pos);
        }
        self.order(pos, ply, hash_move);
        let layer = std::mem::take(&mut self.layers[ply]);
        let killers = self.killers[ply];
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        let ln_depth = (depth.max(1) as f64).ln();
        for (i, r) in layer.iter().enumerate() {
            let quiet = r.key < 1_000_000_000 && !r.mv.promote;
            let child = self.after(pos, r);
            let checks = !child.checked_seats().is_empty();
            let special = Some(r.mv) == hash_move || killers.contains(&Some(r.mv));
            let mut reduction = 0;
            if self.features.lmr && depth >= 3 && i >= 3 && quiet && !checks && !in_check {
                let f = 0.5 + ln_depth * ((i + 1) as f64).ln() / 2.2;
                reduction = f as i32 - (pv_node as i32) - (special as i32);
                let h = self.history[self.history_index(r.seat, &r.mv)];
                reduction -= (h / 4000).clamp(-2, 2);
                reduction = reduction.clamp(0, depth - 2);
            }
            let next = depth - 1;
            let score = if i == 0 {
                self.child(pos, &child, next, alpha, beta, ply + 1)
            } else {
                let mut s = self.child(pos, &child, next - reduction, alpha, alpha + 1, ply + 1);
                if reduction > 0 && s > alpha && !self.stopped {
                    s = self.child(pos, &child, next, alpha, alpha + 1, ply + 1);
                }
                if s > alpha && s < beta && !self.stopped {
                    s = self.child(pos, &child, next, alpha, beta, ply + 1);
                }
                s
            };
            self.line.truncate(ply + 1);
            if self.stopped {
                break;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(*r);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if quiet {
                    let k = &mut self.killers[ply];
                    if k[0] != Some(r.mv) {
                        k[1] = k[0];
                        k[0] = Some(r.mv);
                    }
                    let bonus = (depth * depth).min(400) * 16;
                    let idx = self.history_index(r.seat, &r.mv);
                    let h = &mut self.history[idx];
                    *h += bonus - *h * bonus / 16_384;
                }
                break;
            }
        }
        self.layers[ply] = layer;
        if self.stopped {
            return best_score.clamp(-INFINITY + 1, INFINITY - 1);
        }
        let bound = if best_score <= original_alpha {
            Bound::Upper
        } else if best_score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        // Only a move of the seat to move can be replayed from the table.
        let best = best_move.filter(|r| r.seat == pos.turn()).map(|r| r.mv);
        self.table.store(
            key,
            Entry {
                best,
                score: to_table(best_score, ply),
                depth,
                bound,
            },
        );
        best_score
    }

    fn quiesce(
        &mut self,
        pos: &ShogiPosition,
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
        let in_check = pos.in_check(pos.turn());
        let deepest = qdepth >= QUIESCENCE_DEPTH || ply >= MAX_PLY + QUIESCENCE_DEPTH;
        let stand = if in_check {
            -INFINITY
        } else {
            let s = self.evaluate(pos);
            if deepest || s >= beta {
                return s;
            }
            s
        };
        alpha = alpha.max(stand);
        let checks = self.features.qchecks && qdepth == 0 && self.ours(pos);
        self.layer(pos, ply, true, checks);
        if in_check && self.layers[ply].is_empty() {
            return if self.ours(pos) {
                -MATE + ply as Score
            } else {
                self.evaluate(pos)
            };
        }
        if in_check && deepest {
            return self.evaluate(pos);
        }
        self.order(pos, ply, None);
        let layer = std::mem::take(&mut self.layers[ply]);
        let pawn = self.eval.pawn();
        let mut best = stand;
        for r in layer.iter() {
            let victim = self.victim_value(pos, r.seat, &r.mv);
            if !in_check && victim > 0 && !r.mv.promote && stand + victim + 2 * pawn <= alpha {
                continue;
            }
            let child = self.after(pos, r);
            if !in_check && self.features.see {
                let enemies = if r.seat == self.me {
                    pos.alive().without(self.me)
                } else {
                    SeatSet::EMPTY.with(self.me)
                };
                if victim > 0 {
                    let attacker = self.mover_value(pos, &r.mv);
                    if attacker > victim + pawn / 2 && child.is_attacked_by(r.mv.to, enemies) {
                        continue;
                    }
                } else if child.is_attacked_by(r.mv.to, enemies)
                    && !child.is_attacked_by(r.mv.to, SeatSet::EMPTY.with(r.seat))
                {
                    continue;
                }
            }
            let score = self.child_quiesce(pos, &child, alpha, beta, ply + 1, qdepth + 1);
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                break;
            }
        }
        self.layers[ply] = layer;
        if best == -INFINITY {
            return self.evaluate(pos);
        }
        best
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
