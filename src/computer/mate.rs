//! Mate search for every variant: [`mate_in_one`], cheap enough for every node of the
//! search, and [`solve`], a proof-number search (df-pn) for a forced mate by the side to
//! move, whose every claim is checked by an independent replay of the proof before it is
//! returned.
//!
//! The solver's attacker is the side to move with its partner (doubles). At the
//! attacker's nodes (OR) only its checking moves are tried; at everyone else's (AND) every
//! legal move, each opponent moving as the turn order says and all of them defending
//! together (paranoid). The goal is reached when the defender to move has no legal move
//! (two players), or when an opponent alive at the root has been eliminated while the
//! attacker's side is whole (yonin; in doubles that wins the game).
//!
//! Proof and disproof numbers live in a table keyed by the position (for two players, by
//! the board and the attacker's hand, so a proof also holds for a larger hand and a
//! disproof for a smaller one). A line that comes back to a position of the current path
//! never proves a mate (a perpetual check loses in standard shogi, and repeats nothing
//! in the other variants); such cut lines make a disproof path-dependent, so a root
//! disproved through one is reported as unknown, never as "no mate".

use std::collections::HashMap;
use std::time::{Duration, Instant};

use crate::engine::checks::opponents;
use crate::engine::{zobrist, Game, Move, Position, SeatSet, Sink};

use super::eval::MATE;
use super::{Choice, Level, Limits};

/// When a solve must stop.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct MateLimits {
    /// Expand at most this many nodes (the search and each shorter-mate retry together).
    pub nodes: Option<u64>,
    /// Stop at this moment.
    pub deadline: Option<Instant>,
}

/// What a solve found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MateResult {
    /// A forced mate, verified: the attacker's moves and the longest defence, first move
    /// first, the last move mating.
    Mate(Vec<Move>),
    /// Proven: no sequence of checks forces mate.
    NoMate,
    /// The budget ran out, or the answer could not be proven either way.
    Unknown,
}

/// A solve's result with what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MateReport {
    pub result: MateResult,
    /// Nodes expanded by the proof-number search (all retries included).
    pub nodes: u64,
    pub elapsed: Duration,
}

/// A move of the side to move that mates at once (the opponent — in yonin singles, any
/// opponent — is left without a legal move while in check), if there is one.
pub fn mate_in_one<P: Position>(pos: &P) -> Option<Move> {
    probe(pos).mate
}

/// What one pass over the checking moves of the side to move found.
struct Probe {
    mate: Option<Move>,
    /// Whether there was any checking move at all.
    any_check: bool,
}

/// Tries each checking move of the side to move for an immediate mate, as the generator
/// produces them (stopping at the first).
fn probe<P: Position>(pos: &P) -> Probe {
    let Some(me) = pos.seat_to_move() else {
        return Probe {
            mate: None,
            any_check: false,
        };
    };
    let mut sink = MateProbe {
        pos,
        opponents: opponents(pos, me),
        two_seats: pos.seats() == 2,
        mate: None,
        any_check: false,
    };
    pos.generate_checks(&mut sink);
    Probe {
        mate: sink.mate,
        any_check: sink.any_check,
    }
}

/// A sink that tests each checking move it is given for mate, and stops at the first.
struct MateProbe<'a, P: Position> {
    pos: &'a P,
    opponents: SeatSet,
    two_seats: bool,
    mate: Option<Move>,
    any_check: bool,
}

impl<P: Position> Sink for MateProbe<'_, P> {
    fn push(&mut self, m: Move) -> bool {
        self.any_check = true;
        let mut after = self.pos.clone();
        let mates = if self.two_seats {
            after.play_quiet(&m);
            !after.has_legal_move()
        } else {
            // The turn rule eliminates whoever is left without a move, in turn order: the
            // first one out decides (in doubles it ends the game).
            let effects = after.play_unchecked(&m);
            effects
                .eliminated
                .first()
                .is_some_and(|&(seat, _)| self.opponents.contains(seat))
        };
        if mates {
            self.mate = Some(m);
        }
        mates
    }
}

/// Proof-number search for a forced mate by the side to move.
pub fn solve<P: Position>(pos: &P, limits: MateLimits) -> MateResult {
    solve_reporting(pos, limits).result
}

/// [`solve`], with the nodes and time it took.
pub fn solve_reporting<P: Position>(pos: &P, limits: MateLimits) -> MateReport {
    let started = Instant::now();
    let report = |result, nodes| MateReport {
        result,
        nodes,
        elapsed: started.elapsed(),
    };
    let Some(me) = pos.seat_to_move() else {
        return report(MateResult::NoMate, 0);
    };
    let mut team = SeatSet::EMPTY.with(me);
    if let Some(partner) = pos.partner(me) {
        team = team.with(partner);
    }
    let goal = Goal {
        team,
        opponents: opponents(pos, me),
        alive: pos.alive(),
        two_seats: pos.seats() == 2,
    };
    // The shortest mate there is: checked first, and by its own replay.
    if let Some(m) = mate_in_one(pos) {
        let mut verifier = Verifier::new(goal, u64::MAX);
        if verifier.verify_line(pos, &[m]) {
            return report(MateResult::Mate(vec![m]), 0);
        }
    }
    let mut solver = Solver::new(goal, limits, started, MAX_PLY);
    let (pn, dn) = solver.run(pos);
    let mut nodes = solver.nodes;
    if dn == 0 && pn != 0 {
        let result = if solver.cut {
            MateResult::Unknown
        } else {
            MateResult::NoMate
        };
        return report(result, nodes);
    }
    if pn != 0 {
        return report(MateResult::Unknown, nodes);
    }
    let Some(mut line) = solver.proven_line(pos) else {
        return report(MateResult::Unknown, nodes);
    };
    // Shorter mates: the search proves a mate, not the fastest one. Each retry looks for
    // one at least two plies shorter, with what is left of the budget.
    while line.len() > 3 {
        let spent = MateLimits {
            nodes: limits.nodes.map(|n| n.saturating_sub(nodes)),
            deadline: limits.deadline,
        };
        if spent.nodes == Some(0) || spent.deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        let mut shorter = Solver::new(goal, spent, started, line.len() - 2);
        let (pn, _) = shorter.run(pos);
        nodes += shorter.nodes;
        let found = (pn == 0).then(|| shorter.proven_line(pos)).flatten();
        match found {
            Some(found) if found.len() < line.len() => line = found,
            _ => break,
        }
    }
    report(MateResult::Mate(line), nodes)
}

/// The deepest line the solver follows, in plies.
const MAX_PLY: usize = 160;
/// Proof and disproof numbers at or above this are infinite.
const INF: u32 = u32::MAX / 2;

/// Who attacks, and what counts as a mate.
#[derive(Copy, Clone, Debug)]
struct Goal {
    team: SeatSet,
    opponents: SeatSet,
    /// The seats alive at the root (yonin: losing one of the opponents is the goal).
    alive: SeatSet,
    two_seats: bool,
}

/// A position decided as it stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Decided {
    /// The goal is reached.
    Mated,
    /// The attacker has lost (mated, or one of its side eliminated).
    Lost,
}

impl Goal {
    fn attacks<P: Position>(&self, pos: &P) -> bool {
        self.team.contains(pos.turn())
    }

    /// Whether `pos` is decided with four seats: by the seats eliminated since the root.
    fn decided_by_seats<P: Position>(&self, pos: &P) -> Option<Decided> {
        let out = SeatSet(self.alive.0 & !pos.alive().0);
        if out.0 & self.team.0 != 0 {
            Some(Decided::Lost)
        } else if out.0 & self.opponents.0 != 0 {
            Some(Decided::Mated)
        } else {
            None
        }
    }

    /// Whether the side to move of a two-player position has no legal move: the
    /// defender mated, or the attacker.
    fn decided_by_moves<P: Position>(&self, pos: &P) -> Option<Decided> {
        if pos.has_legal_move() {
            None
        } else if self.attacks(pos) {
            Some(Decided::Lost)
        } else {
            Some(Decided::Mated)
        }
    }
}

/// A table entry: proof and disproof numbers of one position for the attacker.
#[derive(Copy, Clone, Debug)]
struct Entry {
    /// The position's key (0 marks an empty slot).
    key: u64,
    /// The attacker's hand, a byte per kind (two players; 0 otherwise).
    hand: u64,
    pn: u32,
    dn: u32,
    /// Plies to mate for a proven position.
    len: u16,
    /// Nodes spent below it: the least worked entry of a bucket is replaced first.
    work: u32,
}

const EMPTY_ENTRY: Entry = Entry {
    key: 0,
    hand: 0,
    pn: 1,
    dn: 1,
    len: 0,
    work: 0,
};

/// What the table knows of one position.
#[derive(Copy, Clone, Debug)]
struct Known {
    pn: u32,
    dn: u32,
    len: u16,
}

const UNKNOWN: Known = Known {
    pn: 1,
    dn: 1,
    len: 0,
};

/// Entries per bucket.
const BUCKET: usize = 4;

/// The proof-number table: buckets of [`BUCKET`] entries, indexed by the key.
struct Table {
    entries: Vec<Entry>,
    mask: usize,
    /// Hands compare by domination (two players with drops).
    dominance: bool,
}

impl Table {
    fn new(size: usize, dominance: bool) -> Table {
        let size = size.next_power_of_two().max(BUCKET);
        Table {
            entries: vec![EMPTY_ENTRY; size],
            mask: size - 1,
            dominance,
        }
    }

    fn bucket(&self, key: u64) -> std::ops::Range<usize> {
        let start = (key as usize) & self.mask & !(BUCKET - 1);
        start..start + BUCKET
    }

    /// The numbers of a position: its own entry, or a proof of the same board with a
    /// hand it dominates, or a disproof with a hand that dominates it.
    fn get(&self, key: u64, hand: u64) -> Option<Known> {
        let mut exact = None;
        for e in &self.entries[self.bucket(key)] {
            if e.key != key {
                continue;
            }
            if e.hand == hand {
                exact = Some(*e);
            } else if self.dominance
                && ((e.pn == 0 && covers(hand, e.hand)) || (e.dn == 0 && covers(e.hand, hand)))
            {
                return Some(known(e));
            }
        }
        exact.map(|e| known(&e))
    }

    fn put(&mut self, key: u64, hand: u64, value: Known, work: u32) {
        let range = self.bucket(key);
        let slots = &mut self.entries[range];
        let slot = match slots.iter().position(|e| e.key == key && e.hand == hand) {
            Some(i) => i,
            None => {
                // Keep proofs (the line is read back from them), then the most worked.
                let keep = |e: &Entry| {
                    if e.key == 0 {
                        0
                    } else {
                        u64::from(e.work) + if e.pn == 0 { 1 << 40 } else { 1 }
                    }
                };
                let (i, _) = slots
                    .iter()
                    .enumerate()
                    .min_by_key(|(_, e)| keep(e))
                    .expect("a bucket has slots");
                i
            }
        };
        slots[slot] = Entry {
            key: key.max(1),
            hand,
            pn: value.pn,
            dn: value.dn,
            len: value.len,
            work,
        };
    }
}

fn known(e: &Entry) -> Known {
    Known {
        pn: e.pn,
        dn: e.dn,
        len: e.len,
    }
}

/// Whether hand `a` holds at least as many pieces of every kind as hand `b` (a byte per
/// kind, each below 128).
#[inline]
fn covers(a: u64, b: u64) -> bool {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    ((a | HIGH).wrapping_sub(b) & HIGH) == HIGH
}

/// One child of a node being searched.
#[derive(Copy, Clone, Debug)]
struct Child {
    m: Move,
    key: u64,
    hand: u64,
    /// Known without the table: a repetition of the path, or a line cut at the depth
    /// limit (never stored: it holds for this path only).
    fixed: Option<Known>,
}

const PROVEN: Known = Known {
    pn: 0,
    dn: INF,
    len: 0,
};
const DISPROVEN: Known = Known {
    pn: INF,
    dn: 0,
    len: 0,
};

struct Solver {
    goal: Goal,
    table: Table,
    limits: MateLimits,
    nodes: u64,
    stopped: bool,
    /// Some line was cut by a repetition or the depth limit: a disproof may hold only
    /// for the path it was found on.
    cut: bool,
    /// Full hashes of the positions from the root to the node being searched.
    path: Vec<u64>,
    /// The longest mate searched for, in plies.
    max_len: usize,
}

impl Solver {
    fn new(goal: Goal, limits: MateLimits, started: Instant, max_len: usize) -> Solver {
        // About two table entries per node the budget allows (time: the solver expands
        // some 100,000 nodes a second at most), within 4 Ki..1 Mi entries.
        let expected = match (limits.nodes, limits.deadline) {
            (Some(n), _) => n,
            (None, Some(deadline)) => {
                (deadline.saturating_duration_since(started).as_secs_f64() * 100_000.0) as u64
            }
            (None, None) => 1 << 20,
        };
        let size = (expected.saturating_mul(2)).clamp(1 << 12, 1 << 20) as usize;
        Solver {
            goal,
            table: Table::new(size, goal.two_seats),
            limits,
            nodes: 0,
            stopped: false,
            cut: false,
            path: Vec::with_capacity(MAX_PLY + 1),
            max_len: max_len.min(MAX_PLY),
        }
    }

    /// The table key of a position and the attacker's hand. Two players: the board and
    /// side to move (the hash less the hands), and the attacker's hand packed a byte per
    /// kind (the defender holds the rest). Otherwise the whole hash, hand 0.
    fn key_of<P: Position>(&self, pos: &P, ply: usize) -> (u64, u64) {
        // A search for a mate shorter than the one found cuts lines at its length, so
        // what it learns of a position holds only at that ply: its keys name the ply.
        let at_ply = if self.max_len < MAX_PLY {
            zobrist::mix(0x6d61_7465 ^ ply as u64)
        } else {
            0
        };
        if !self.goal.two_seats {
            return (pos.hash() ^ at_ply, 0);
        }
        let mut key = pos.hash();
        let mut hand = 0u64;
        let attacker = self.goal.team.iter().next().expect("an attacker");
        for seat in 0..2u8 {
            let seat = crate::engine::Seat(seat);
            for (slot, &kind) in pos.hand_kinds().iter().enumerate() {
                let n = pos.hand_count(seat, kind);
                key ^= zobrist::hand(seat, slot, n);
                if seat == attacker && slot < 8 {
                    hand |= u64::from(n.min(127)) << (8 * slot);
                }
            }
        }
        (key ^ at_ply, hand)
    }

    fn out_of_budget(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        let deadline_passed =
            || self.nodes % 256 == 0 && self.limits.deadline.is_some_and(|d| Instant::now() >= d);
        if self.limits.nodes.is_some_and(|n| self.nodes >= n) || deadline_passed() {
            self.stopped = true;
        }
        self.stopped
    }

    /// Searches the root until it is proven, disproven or the budget runs out.
    fn run<P: Position>(&mut self, root: &P) -> (u32, u32) {
        self.mid(root, INF, INF, 0)
    }

    /// What the table (or the rules, for a position never seen) says of a child: a
    /// decided position is stored as such; an attacker's position is first probed for a
    /// mate in one (stored as a proof) and for having any check at all.
    fn evaluate_child<P: Position>(&mut self, child: &P, key: u64, hand: u64) -> Known {
        if let Some(k) = self.table.get(key, hand) {
            return k;
        }
        let decided = if self.goal.two_seats {
            self.goal.decided_by_moves(child)
        } else {
            self.goal.decided_by_seats(child)
        };
        let value = match decided {
            Some(Decided::Mated) => PROVEN,
            Some(Decided::Lost) => DISPROVEN,
            None if self.goal.attacks(child) => {
                let probe = probe(child);
                match probe.mate {
                    Some(_) => Known {
                        pn: 0,
                        dn: INF,
                        len: 1,
                    },
                    None if !probe.any_check => DISPROVEN,
                    None => UNKNOWN,
                }
            }
            None => UNKNOWN,
        };
        self.table.put(key, hand, value, 0);
        value
    }

    /// Multiple iterative deepening at one node: searches below it until its proof or
    /// disproof number reaches its threshold, then stores and returns them.
    fn mid<P: Position>(&mut self, pos: &P, th_pn: u32, th_dn: u32, ply: usize) -> (u32, u32) {
        self.nodes += 1;
        let (key, hand) = self.key_of(pos, ply);
        let or = self.goal.attacks(pos);
        let mut moves = Vec::new();
        if or {
            pos.generate_checks(&mut moves);
        } else {
            pos.legal_moves(&mut moves);
        }
        let hash = pos.hash();
        self.path.push(hash);
        let mut children = Vec::with_capacity(moves.len());
        for m in moves {
            let mut after = pos.clone();
            after.play_quiet(&m);
            let (ckey, chand) = self.key_of(&after, ply + 1);
            let fixed = if self.path.contains(&after.hash()) {
                self.cut = true;
                Some(DISPROVEN)
            } else if self.goal.attacks(&after) && ply + 2 > self.max_len {
                // The attacker could not mate within the longest line searched.
                self.cut = true;
                Some(DISPROVEN)
            } else {
                None
            };
            let value = match fixed {
                Some(k) => k,
                None => self.evaluate_child(&after, ckey, chand),
            };
            children.push(Child {
                m,
                key: ckey,
                hand: chand,
                fixed,
            });
            // One proven check proves the node; one refuting defence disproves it.
            if (or && value.pn == 0) || (!or && value.dn == 0) {
                break;
            }
        }
        let mut work = 0u32;
        let (pn, dn, len) = loop {
            let (pn, dn, len, best, second) = self.collect(or, &children);
            if pn == 0 || dn == 0 || pn >= th_pn || dn >= th_dn || self.out_of_budget() {
                break (pn, dn, len);
            }
            let best_child = children[best];
            let value = self.value(&best_child);
            let eps = |n: u32| n.saturating_add((n / 4).max(1));
            let (c_pn, c_dn) = if or {
                (th_pn.min(eps(second)), sub_threshold(th_dn, dn, value.dn))
            } else {
                (sub_threshold(th_pn, pn, value.pn), th_dn.min(eps(second)))
            };
            let before = self.nodes;
            let child = pos_after(pos, &best_child.m);
            self.mid(&child, c_pn, c_dn, ply + 1);
            work = work.saturating_add((self.nodes - before) as u32);
        };
        self.path.pop();
        let value = Known {
            pn,
            dn,
            len: if pn == 0 { len } else { 0 },
        };
        // A node cut short by the budget keeps what it knew.
        self.table.put(key, hand, value, work);
        (pn, dn)
    }

    fn value(&self, child: &Child) -> Known {
        match child.fixed {
            Some(k) => k,
            None => self.table.get(child.key, child.hand).unwrap_or(UNKNOWN),
        }
    }

    /// The node's numbers from its children's: OR takes the least proof number and the
    /// sum of disproof numbers, AND the reverse. Also the plies to mate if proven, the
    /// child to search next and the second best number (for its threshold).
    fn collect(&self, or: bool, children: &[Child]) -> (u32, u32, u16, usize, u32) {
        if children.is_empty() {
            // No check (OR), or no legal move (AND: mated; only reached at the root).
            return if or {
                (INF, 0, 0, 0, INF)
            } else {
                (0, INF, 0, 0, INF)
            };
        }
        let mut best = 0;
        let (mut first, mut second) = (INF, INF);
        let mut sum: u32 = 0;
        let mut len_min = u16::MAX;
        let mut len_max = 0u16;
        for (i, child) in children.iter().enumerate() {
            let k = self.value(child);
            let (mine, other) = if or { (k.pn, k.dn) } else { (k.dn, k.pn) };
            if mine < first {
                second = first;
                first = mine;
                best = i;
            } else if mine < second {
                second = mine;
            }
            sum = sum.saturating_add(other).min(INF);
            if k.pn == 0 {
                len_min = len_min.min(k.len);
            }
            len_max = len_max.max(k.len);
        }
        let sum = if sum >= INF { INF - 1 } else { sum };
        if or {
            if first == 0 {
                (0, INF, len_min.saturating_add(1), best, second)
            } else if sum == 0 || first >= INF {
                (INF, 0, 0, best, second)
            } else {
                (first, sum, 0, best, second)
            }
        } else if first == 0 {
            (INF, 0, 0, best, second)
        } else if first >= INF {
            (0, INF, len_max.saturating_add(1), best, second)
        } else {
            (sum, first, 0, best, second)
        }
    }

    /// The mating line the table proves from `root`, verified by an independent replay
    /// of every defence (see [`Verifier`]); `None` if it does not verify.
    fn proven_line<P: Position>(&self, root: &P) -> Option<Vec<Move>> {
        let budget = (self.nodes.saturating_mul(4)).clamp(20_000, 2_000_000);
        let mut verifier = Verifier::new(self.goal, budget);
        verifier.guide = Some(self);
        verifier.verify(root)?;
        let line = verifier.line(root);
        verifier.verify_line(root, &line).then_some(line)
    }
}

/// The threshold a child gets from its parent's `th` when the parent's number `total`
/// includes the child's `own`: the child may grow by what the parent may.
fn sub_threshold(th: u32, total: u32, own: u32) -> u32 {
    if th >= INF {
        INF
    } else {
        th.saturating_sub(total).saturating_add(own).min(INF)
    }
}

fn pos_after<P: Position>(pos: &P, m: &Move) -> P {
    let mut child = pos.clone();
    child.play_quiet(m);
    child
}

/// Checks a proof without trusting the solver: every legal defence (from the engine's
/// own move generator, not the check generator) is replayed down to a position the rules
/// decide, each attacking move must be legal, and no position may repeat along a line.
/// The solver's table only suggests which attacking move to try first.
struct Verifier<'a> {
    goal: Goal,
    guide: Option<&'a Solver>,
    /// Per position (full hash): the plies to mate it verified, with the move to play
    /// (the attacker's, or the longest defence), or `None` if it failed.
    memo: HashMap<u64, Option<(u32, Option<Move>)>>,
    path: Vec<u64>,
    visits: u64,
    budget: u64,
}

impl<'a> Verifier<'a> {
    fn new(goal: Goal, budget: u64) -> Verifier<'a> {
        Verifier {
            goal,
            guide: None,
            memo: HashMap::new(),
            path: Vec::new(),
            visits: 0,
            budget,
        }
    }

    fn decided<P: Position>(&self, pos: &P) -> Option<Decided> {
        if self.goal.two_seats {
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            if !moves.is_empty() {
                return None;
            }
            // A mate is the defender left without a move while in check.
            let defender_mated = !self.goal.attacks(pos) && pos.in_check(pos.turn());
            Some(if defender_mated {
                Decided::Mated
            } else {
                Decided::Lost
            })
        } else {
            self.goal.decided_by_seats(pos)
        }
    }

    /// Plies to a verified mate from `pos`, or `None`.
    fn verify<P: Position>(&mut self, pos: &P) -> Option<u32> {
        let hash = pos.hash();
        if let Some(done) = self.memo.get(&hash) {
            return done.map(|(len, _)| len);
        }
        if self.path.contains(&hash) || self.path.len() > MAX_PLY {
            return None;
        }
        self.visits += 1;
        if self.visits > self.budget {
            return None;
        }
        let result = match self.decided(pos) {
            Some(Decided::Mated) => Some((0, None)),
            Some(Decided::Lost) => None,
            None => {
                self.path.push(hash);
                let found = if self.goal.attacks(pos) {
                    self.verify_attack(pos)
                } else {
                    self.verify_defence(pos)
                };
                self.path.pop();
                found
            }
        };
        // A failure found through a repetition of this path may hold only here.
        if result.is_some() || self.path.is_empty() {
            self.memo.insert(hash, result);
        }
        result.map(|(len, _)| len)
    }

    /// The attacker's move: the legal moves the solver's table proves, shortest first
    /// (a mate in one found by its own replay before them).
    fn verify_attack<P: Position>(&mut self, pos: &P) -> Option<(u32, Option<Move>)> {
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        if let Some(m) = mate_in_one(pos).filter(|m| legal.contains(m)) {
            if self.decided(&pos_after(pos, &m)) == Some(Decided::Mated) {
                return Some((1, Some(m)));
            }
        }
        let solver = self.guide?;
        let mut candidates: Vec<(u16, Move)> = Vec::new();
        for &m in &legal {
            let (key, hand) = solver.key_of(&pos_after(pos, &m), self.path.len());
            if let Some(k) = solver.table.get(key, hand).filter(|k| k.pn == 0) {
                candidates.push((k.len, m));
            }
        }
        candidates.sort_by_key(|&(len, _)| len);
        for (_, m) in candidates {
            if let Some(len) = self.verify(&pos_after(pos, &m)) {
                return Some((len + 1, Some(m)));
            }
        }
        None
    }

    /// Every legal defence must lead to a verified mate; the longest is kept.
    fn verify_defence<P: Position>(&mut self, pos: &P) -> Option<(u32, Option<Move>)> {
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        let mut longest: Option<(u32, Move)> = None;
        for &m in &legal {
            let len = self.verify(&pos_after(pos, &m))?;
            if longest.map_or(true, |(l, _)| len > l) {
                longest = Some((len, m));
            }
        }
        let (len, m) = longest?;
        Some((len + 1, Some(m)))
    }

    /// The verified line from `root`: the attacker's moves and the longest defences.
    fn line<P: Position>(&self, root: &P) -> Vec<Move> {
        let mut line = Vec::new();
        let mut pos = root.clone();
        while let Some(Some((len, Some(m)))) = self.memo.get(&pos.hash()).copied() {
            if len == 0 || line.len() > MAX_PLY {
                break;
            }
            line.push(m);
            pos.play_quiet(&m);
        }
        line
    }

    /// Whether `line` is legal move by move and ends with the goal reached.
    fn verify_line<P: Position>(&mut self, root: &P, line: &[Move]) -> bool {
        let mut pos = root.clone();
        let mut legal = Vec::new();
        for m in line {
            pos.legal_moves(&mut legal);
            if !legal.contains(m) {
                return false;
            }
            pos.play_quiet(m);
        }
        !line.is_empty() && self.decided(&pos) == Some(Decided::Mated)
    }
}

/// The share of a think the mate solver takes at its root.
pub const ROOT_SHARE: u32 = 8;

/// A forced mate for the side to move of `game`, found in an eighth of the think (of
/// its node budget when the think must repeat), as the computer's choice. The first move
/// must be among `candidates` (the moves the game's own rules allow without losing), and
/// the whole line must be accepted by the game.
///
/// In yonin singles a forced elimination is played as a mate: every opponent is assumed
/// to defend together, so the elimination happens whatever they do, and an opponent out
/// is worth more to the player than anything the search could gain instead.
pub fn root_mate(
    game: &Game,
    candidates: &[Move],
    level: Level,
    limits: &Limits,
    started: Instant,
) -> Option<Choice> {
    let movetime = limits.movetime.unwrap_or_else(|| level.think_time());
    let mate_limits = match (limits.nodes, limits.seed) {
        (Some(nodes), Some(_)) => MateLimits {
            nodes: Some((nodes / u64::from(ROOT_SHARE)).max(200)),
            deadline: None,
        },
        _ => MateLimits {
            nodes: limits.nodes.map(|n| (n / u64::from(ROOT_SHARE)).max(200)),
            deadline: Some(started + movetime / ROOT_SHARE),
        },
    };
    let report = solve_reporting(game.position(), mate_limits);
    let MateResult::Mate(line) = report.result else {
        return None;
    };
    let first = *line.first()?;
    if !candidates.contains(&first) {
        return None;
    }
    let mut replay = game.clone();
    for m in &line {
        replay.play(m).ok()?;
    }
    let before = game.position();
    let me = before.turn();
    let won = if before.seats() == 2 {
        replay
            .result()
            .is_some_and(|result| result.winners().contains(&me))
    } else {
        // An opponent out and the player's side whole.
        let out = SeatSet(before.alive().0 & !replay.position().alive().0);
        let mut team = SeatSet::EMPTY.with(me);
        if let Some(partner) = before.partner(me) {
            team = team.with(partner);
        }
        out.0 & team.0 == 0 && !out.is_empty()
    };
    if !won {
        return None;
    }
    Some(Choice {
        mv: first,
        text: game.position().coordinate(&first),
        depth: line.len() as u32,
        score: MATE - line.len() as i32,
        nodes: report.nodes.max(1),
        elapsed: started.elapsed(),
        resign: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{AnyPosition, RuleOptions, Variant};

    /// The mates in one the slow way: every legal move made, then the rules asked whether
    /// the defender is left without a move in check (two players), or whether the turn
    /// rule eliminated an opponent first (yonin).
    fn mates_by_trial(pos: &AnyPosition) -> Vec<Move> {
        let Some(me) = pos.seat_to_move() else {
            return Vec::new();
        };
        let opponents = opponents(pos, me);
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        legal
            .into_iter()
            .filter(|m| {
                let mut after = pos.clone();
                let effects = after.play_unchecked(m);
                if pos.seats() == 2 {
                    after.in_check(after.turn()) && !after.has_legal_move()
                } else {
                    effects.eliminated.first().is_some_and(|&(seat, reason)| {
                        opponents.contains(seat) && reason == crate::engine::EliminationReason::Mate
                    })
                }
            })
            .collect()
    }

    /// Seeded games of every variant that give check whenever they can, mostly: in every
    /// position, mate in one finds a mate exactly when there is one. Returns the mates.
    fn mates_agree(variant: Variant, seed: u64, plies: u32) -> usize {
        let mut pos = AnyPosition::start(variant, &RuleOptions::defaults(variant));
        let mut state = seed;
        let mut moves = Vec::new();
        let mut mates = 0;
        for _ in 0..plies {
            if pos.seat_to_move().is_none() {
                break;
            }
            let slow = mates_by_trial(&pos);
            match mate_in_one(&pos) {
                Some(m) => {
                    assert!(slow.contains(&m), "{}: {m:?}", pos.to_text());
                    mates += 1;
                }
                None => assert!(slow.is_empty(), "{}: missed {slow:?}", pos.to_text()),
            }
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mut checks = Vec::new();
            pos.generate_checks(&mut checks);
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let pool = if !checks.is_empty() && state >> 62 != 0 {
                &checks
            } else {
                &moves
            };
            // Play on past a mate found, not into it, to see more positions.
            let m = pool[(state >> 33) as usize % pool.len()];
            pos.play_unchecked(&m);
        }
        mates
    }

    #[test]
    fn mate_in_one_finds_exactly_the_mates_found_by_trial() {
        for variant in [Variant::Standard, Variant::Yonin, Variant::YoninDoubles] {
            let mates: usize = (1..=6).map(|seed| mates_agree(variant, seed, 200)).sum();
            assert!(mates >= 3, "{variant}: only {mates} mates seen");
        }
        mates_agree(Variant::DaiDai, 1, 80);
    }

    #[test]
    fn hands_cover_by_every_kind() {
        assert!(covers(0x0201, 0x0101));
        assert!(covers(0x0201, 0x0201));
        assert!(!covers(0x0201, 0x0102));
        assert!(covers(0x7f00_0000_0000_0000, 0));
        assert!(!covers(0, 0x0100_0000_0000_0000));
    }
}
