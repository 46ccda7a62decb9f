//! Static evaluation for every variant, from the point of view of one team (a seat, or a
//! doubles pair): a sum of weighted terms per seat, the team's worth less its opponents'.
//!
//! The terms (see [`Layout`]): material on the board and in hand, where each piece stands
//! (by how far it has advanced; the king by its square), and around each king its shelter,
//! the enemy pieces near it, and who controls the squares near it and how many times,
//! weighted by where each square lies from the king (the term shogi programs without a
//! neural network gain most from); pieces attacked by the enemy, defended or not; the
//! sliders' mobility; the move. In the 9x9 variants square control comes from the
//! engine's bitboards ([`crate::engine::control`]); dai dai shogi's 289 squares are asked
//! only around the kings.
//!
//! Weights are data: one vector per variant, its layout named by [`Layout`]. Standard and
//! yonin shogi's are tables below, fitted to the project's own self-play games
//! (`examples/tune.rs`); dai dai's 68 kinds are valued from the piece table itself (how
//! many squares each reaches on an empty board, with the lion and hook powers counted),
//! so no list of their numbers is kept.

use std::any::Any;

use crate::engine::bitboard::{self, Bits};
use crate::engine::control::Control;
use crate::engine::daidai::{self, DaiDaiPosition};
use crate::engine::piece::{Ray, Special};
use crate::engine::shogi::ShogiPosition;
use crate::engine::{Geometry, KindDef, KindId, Position, Seat, SeatSet, Variant};

/// A score in hundredths of a pawn, from the team's point of view.
pub type Score = i32;

/// Beyond any material count: a won or lost game (less the plies to get there).
pub const MATE: Score = 1_000_000;

/// The evaluations of one search's recent positions, by hash: a search meets the same
/// position again through transpositions, re-searches and quiescence, and the
/// evaluation is the dearest part of a node.
pub struct EvalCache {
    slots: Vec<(u64, Score)>,
}

impl EvalCache {
    /// Slots as a power of two: 65,536 (a megabyte) holds what a move's search revisits.
    const BITS: u32 = 16;

    pub fn new() -> EvalCache {
        EvalCache {
            slots: vec![(0, 0); 1 << Self::BITS],
        }
    }

    /// The evaluation of the position whose hash is `key`, from `eval` if not cached.
    /// (Empty slots hold key 0: a position hashing to 0 would read 0, one chance in 2^64.)
    #[inline]
    pub fn get(&mut self, key: u64, eval: impl FnOnce() -> Score) -> Score {
        let slot = &mut self.slots[(key >> (64 - Self::BITS)) as usize];
        if slot.0 == key {
            return slot.1;
        }
        let score = eval();
        *slot = (key, score);
        score
    }
}

impl Default for EvalCache {
    fn default() -> Self {
        Self::new()
    }
}

/// Squares near a king whose control is weighed square by square, in the king owner's
/// frame, mirrored left to right: sideways distance 0..=2 by rank offset -2..=2 (the
/// king's own square is cell 2: attacked there is check).
pub const NEAR_CELLS: usize = 15;
/// Beyond the near squares, control is weighed by distance from the king alone, from
/// [`FIRST_RING`] to the board's edge.
pub const FIRST_RING: usize = 3;
/// What is counted on each square near a king: its own side controls it once or more,
/// twice or more; the enemy once or more, twice or more.
pub const CONTROL_KINDS: usize = 4;

/// Where each term's weights lie in a variant's weight vector (one weight per term; the
/// evaluation adds weight times count). Per seat unless said otherwise:
///
/// - `board[kind]`, `hand[kind]`: material (a hand counts the unpromoted kinds).
/// - `rank[kind][lines advanced]` (not the king): where a piece stands.
/// - `king_square[file from the nearer edge][lines advanced]`: where the king stands.
/// - `shelter[own pieces next to the king, at most 4]`.
/// - `threat[0]`, `threat[1]`: enemy pieces next to the king, two squares from it.
/// - `near[cell][what]`, `ring[distance - 3][what]`: control around the king (see
///   [`NEAR_CELLS`], [`CONTROL_KINDS`]).
/// - `hanging[kind][defended][to move]`: a piece the enemy attacks.
/// - `mobility[kind]`: squares a sliding piece reaches, its own side's excepted.
/// - `tempo`: the seat is to move.
/// - `standing` (once per team, yonin): each opponent out, less each partner out.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub kinds: usize,
    /// Board side (lines a piece can advance: 0 to side - 1).
    pub size: usize,
    pub board: usize,
    pub hand: usize,
    pub rank: usize,
    pub king_square: usize,
    pub shelter: usize,
    pub threat: usize,
    pub near: usize,
    pub ring: usize,
    pub hanging: usize,
    pub mobility: usize,
    pub tempo: usize,
    pub standing: usize,
    pub len: usize,
}

impl Layout {
    pub const fn new(kinds: usize, size: usize) -> Layout {
        let board = 0;
        let hand = board + kinds;
        let rank = hand + kinds;
        let king_square = rank + kinds * size;
        let shelter = king_square + (size / 2 + 1) * size;
        let threat = shelter + 5;
        let near = threat + 2;
        let ring = near + NEAR_CELLS * CONTROL_KINDS;
        let hanging = ring + (size - FIRST_RING) * CONTROL_KINDS;
        let mobility = hanging + kinds * 4;
        let tempo = mobility + kinds;
        let standing = tempo + 1;
        Layout {
            kinds,
            size,
            board,
            hand,
            rank,
            king_square,
            shelter,
            threat,
            near,
            ring,
            hanging,
            mobility,
            tempo,
            standing,
            len: standing + 1,
        }
    }

    /// The layout of the weights of `pos`'s variant.
    pub fn of(pos: &impl Position) -> Layout {
        Layout::new(pos.kinds().len(), pos.geometry().size() as usize)
    }

    #[inline(always)]
    pub fn rank_of(&self, kind: usize, lines: usize) -> usize {
        self.rank + kind * self.size + lines
    }

    #[inline(always)]
    pub fn king_square_of(&self, file: usize, lines: usize) -> usize {
        self.king_square + file * self.size + lines
    }

    #[inline(always)]
    pub fn near_of(&self, cell: usize, what: usize) -> usize {
        self.near + cell * CONTROL_KINDS + what
    }

    #[inline(always)]
    pub fn ring_of(&self, distance: usize, what: usize) -> usize {
        self.ring + (distance - FIRST_RING) * CONTROL_KINDS + what
    }

    #[inline(always)]
    pub fn hanging_of(&self, kind: usize, defended: bool, to_move: bool) -> usize {
        self.hanging + kind * 4 + 2 * usize::from(defended) + usize::from(to_move)
    }

    /// A readable name for weight `i`, given the variant's kind codes.
    pub fn name(&self, i: usize, codes: &[&str]) -> String {
        let code = |k: usize| codes.get(k).copied().unwrap_or("?");
        const WHAT: [&str; CONTROL_KINDS] = ["own1", "own2", "enemy1", "enemy2"];
        if i < self.hand {
            format!("board {}", code(i))
        } else if i < self.rank {
            format!("hand {}", code(i - self.hand))
        } else if i < self.king_square {
            let j = i - self.rank;
            format!("rank {} {}", code(j / self.size), j % self.size)
        } else if i < self.shelter {
            let j = i - self.king_square;
            format!("king file {} rank {}", j / self.size, j % self.size)
        } else if i < self.threat {
            format!("shelter {}", i - self.shelter)
        } else if i < self.near {
            ["threat near", "threat far"][i - self.threat].to_string()
        } else if i < self.ring {
            let j = i - self.near;
            let cell = j / CONTROL_KINDS;
            format!(
                "near x{} y{} {}",
                cell / 5,
                cell as i32 % 5 - 2,
                WHAT[j % CONTROL_KINDS]
            )
        } else if i < self.hanging {
            let j = i - self.ring;
            format!(
                "ring {} {}",
                j / CONTROL_KINDS + FIRST_RING,
                WHAT[j % CONTROL_KINDS]
            )
        } else if i < self.mobility {
            let j = i - self.hanging;
            format!(
                "hanging {} {} {}",
                code(j / 4),
                ["alone", "defended"][(j / 2) % 2],
                ["waiting", "to move"][j % 2]
            )
        } else if i < self.tempo {
            format!("mobility {}", code(i - self.mobility))
        } else if i == self.tempo {
            "tempo".to_string()
        } else {
            "standing".to_string()
        }
    }
}

/// The near cell of a displacement from the king in its owner's frame (forward is
/// `dy < 0`), if it is near.
#[inline]
pub fn near_cell(dx: i32, dy: i32) -> Option<usize> {
    (dx.abs() <= 2 && dy.abs() <= 2).then(|| dx.unsigned_abs() as usize * 5 + (dy + 2) as usize)
}

/// A variant's weights, laid out by [`Layout`].
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Weights {
    pub variant: Variant,
    pub values: Vec<Score>,
}

/// Weights that do not fit the position's variant.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WeightsError {
    #[error("weights for {found} cannot evaluate a {wanted} position")]
    Variant { found: Variant, wanted: Variant },
    #[error("{wanted} takes {expected} weights, not {found}")]
    Length {
        wanted: Variant,
        expected: usize,
        found: usize,
    },
}

/// The evaluation of one variant with its weights.
#[derive(Clone, Debug)]
pub struct Evaluator {
    variant: Variant,
    layout: Layout,
    weights: Vec<Score>,
    /// The near squares' weights summed per row pattern (see [`near_rows`]).
    near: Vec<Score>,
    /// On 9x9 boards, per kind, orientation and square: the kind's value and its
    /// placement weight there; on other boards the same per kind and lines advanced (see
    /// [`placed_values`]).
    placed: Vec<Score>,
    /// The kinds that slide.
    sliders: Vec<usize>,
    /// Per kind: the kind a capture puts in hand.
    base: Vec<KindId>,
    /// Per kind: whether it is a king (placed by file and rank, not by lines alone).
    royal: Vec<bool>,
    drops: bool,
    /// Whether any square next to a king has a weight for the enemy's control of it: if
    /// not, dai dai's search asks only whether the king is in check, not the dearer attack
    /// test of its eight neighbours.
    king_zone: bool,
    pawn: Score,
    /// Yonin singles: the percentage of the opponents' share that goes to the strongest
    /// opponent still playing, the rest to their average (see [`Self::evaluate`]).
    leader: Score,
}

/// The percentage of the opponents' share in yonin singles that the strongest opponent
/// takes: `SHOGIBAN_YONIN_LEADER` (0 to 100, for matches between settings), else
/// [`YONIN_LEADER`].
fn yonin_leader() -> Score {
    static LEADER: std::sync::OnceLock<Score> = std::sync::OnceLock::new();
    *LEADER.get_or_init(|| {
        std::env::var("SHOGIBAN_YONIN_LEADER")
            .ok()
            .and_then(|v| v.parse::<Score>().ok())
            .map_or(YONIN_LEADER, |v| v.clamp(0, 100))
    })
}

/// See [`yonin_leader`].
pub const YONIN_LEADER: Score = 50;

impl Evaluator {
    /// The evaluation of the variant of `pos` with its own weights.
    pub fn new(pos: &impl Position) -> Evaluator {
        let weights = Weights::standard_for(pos);
        Evaluator::with_weights(pos, weights).expect("a variant's own weights fit it")
    }

    /// The evaluation of the variant of `pos` with other weights (for tuning and for
    /// matches between weights).
    pub fn with_weights(pos: &impl Position, weights: Weights) -> Result<Evaluator, WeightsError> {
        let variant = pos.variant();
        if weights.variant != variant {
            return Err(WeightsError::Variant {
                found: weights.variant,
                wanted: variant,
            });
        }
        let kinds = pos.kinds();
        let layout = Layout::of(pos);
        if weights.values.len() != layout.len {
            return Err(WeightsError::Length {
                wanted: variant,
                expected: layout.len,
                found: weights.values.len(),
            });
        }
        let pawn = match variant {
            Variant::DaiDai => kinds
                .iter()
                .find(|k| k.code == "P")
                .map_or(100, |k| derived_value(k, pos.geometry()))
                .max(1),
            _ => 100,
        };
        let king_zone = (0..NEAR_CELLS)
            .filter(|&cell| cell != 2)
            .any(|cell| weights.values[layout.near_of(cell, 2)] != 0);
        Ok(Evaluator {
            variant,
            layout,
            near: near_rows(&layout, &weights.values),
            placed: placed_values(&layout, &weights.values),
            weights: weights.values,
            sliders: (0..kinds.len())
                .filter(|&k| kinds[k].rays.iter().any(|r| r.range != 1))
                .collect(),
            base: kinds.iter().map(|k| k.base).collect(),
            royal: kinds.iter().map(|k| k.royal).collect(),
            drops: !pos.hand_kinds().is_empty(),
            king_zone,
            pawn,
            leader: if variant == Variant::Yonin {
                yonin_leader()
            } else {
                0
            },
        })
    }

    /// The weights in use.
    pub fn weights(&self) -> Weights {
        Weights {
            variant: self.variant,
            values: self.weights.clone(),
        }
    }

    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// The board value of a kind.
    pub fn value(&self, kind: KindId) -> Score {
        if usize::from(kind) >= self.layout.kinds {
            return 0;
        }
        self.weights[self.layout.board + usize::from(kind)]
    }

    /// The value of a piece of `kind` in hand: what capturing one adds to the captor's
    /// hand (a promoted kind counts as its unpromoted one); 0 in variants without drops.
    pub fn hand_value(&self, kind: KindId) -> Score {
        match self.base.get(usize::from(kind)) {
            Some(&base) if self.drops => self.weights[self.layout.hand + usize::from(base)],
            _ => 0,
        }
    }

    /// The value of one pawn in this variant's scale, for thresholds (resigning, noise).
    pub fn pawn(&self) -> Score {
        self.pawn
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// How good `pos` is for `team`: its seats' worth less the opponents' (in yonin
    /// singles, a blend of the average of the opponents still playing and the strongest
    /// of them: the average alone let one opponent grow on the others' material unheeded,
    /// the one the player then met alone at the end).
    pub fn evaluate<P: Position>(&self, pos: &P, team: SeatSet) -> Score {
        let worth = self.worth(pos);
        let (shares, standing) = shares(pos, team);
        let mut mine = 0;
        let mut theirs = 0;
        let mut strongest = Score::MIN;
        for (seat, share) in shares.iter().enumerate() {
            match share {
                Share::Team => mine += worth[seat],
                Share::Opponent => {
                    theirs += worth[seat];
                    strongest = strongest.max(worth[seat]);
                }
                Share::None => {}
            }
        }
        let team_size = team.len().max(1) as Score;
        let opponents = shares.iter().filter(|s| **s == Share::Opponent).count() as Score;
        let theirs = if opponents == 0 {
            0
        } else if opponents == 1 || self.leader == 0 {
            theirs / opponents
        } else {
            (theirs * (100 - self.leader) / opponents + strongest * self.leader) / 100
        };
        mine / team_size - theirs + standing * self.weights[self.layout.standing]
    }

    /// Each seat's worth (its weighted terms), 0 for seats out.
    fn worth<P: Position>(&self, pos: &P) -> [Score; 4] {
        let mut worth = Worth {
            weights: &self.weights,
            near: &self.near,
            placed: &self.placed,
            worth: [0; 4],
        };
        self.terms(pos, &mut worth);
        worth.worth
    }

    /// The opponent whose worth the evaluation weighs more in yonin singles (the first
    /// of the strongest), if the blend applies.
    fn leading_opponent<P: Position>(&self, pos: &P, shares: &[Share; 4]) -> Option<usize> {
        let opponents = shares.iter().filter(|s| **s == Share::Opponent).count();
        if opponents < 2 || self.leader == 0 {
            return None;
        }
        let worth = self.worth(pos);
        let mut best: Option<usize> = None;
        for seat in (0..4).filter(|&s| shares[s] == Share::Opponent) {
            if best.map_or(true, |b| worth[seat] > worth[b]) {
                best = Some(seat);
            }
        }
        best
    }

    /// The terms of [`Self::evaluate`] as (weight index, coefficient) pairs, each index
    /// once: the score is their sum weighted by the weights (up to rounding). For tuning.
    pub fn terms_of<P: Position>(&self, pos: &P, team: SeatSet) -> Vec<(usize, f64)> {
        let mut list = List::default();
        self.terms(pos, &mut list);
        let (shares, standing) = shares(pos, team);
        let team_size = team.len().max(1) as f64;
        let opponents = shares.iter().filter(|s| **s == Share::Opponent).count() as f64;
        let mut sum = vec![0.0f64; self.layout.len];
        let mut used = Vec::new();
        let mut put = |i: usize, c: f64| {
            used.push(i);
            sum[i] += c;
        };
        let leading = self.leading_opponent(pos, &shares);
        let leader = f64::from(self.leader) / 100.0;
        for &(seat, i, n) in &list.terms {
            let c = match shares[seat] {
                Share::Team => f64::from(n) / team_size,
                Share::Opponent if leading.is_some() => {
                    let mut share = (1.0 - leader) / opponents;
                    if leading == Some(seat) {
                        share += leader;
                    }
                    -f64::from(n) * share
                }
                Share::Opponent => -f64::from(n) / opponents,
                Share::None => 0.0,
            };
            if c != 0.0 {
                put(i, c);
            }
        }
        if standing != 0 {
            put(self.layout.standing, f64::from(standing));
        }
        used.sort_unstable();
        used.dedup();
        used.into_iter()
            .map(|i| (i, sum[i]))
            .filter(|&(_, c)| c != 0.0)
            .collect()
    }

    /// Every seat's terms into `out`.
    fn terms<P: Position, O: Seats>(&self, pos: &P, out: &mut O) {
        let any: &dyn Any = pos;
        if let Some(p) = any.downcast_ref::<ShogiPosition>() {
            #[cfg(target_arch = "x86_64")]
            if bitboard::LineTable::fast() {
                // SAFETY: the running processor has both instructions.
                return unsafe { self.terms_81_lookup(p, out) };
            }
            #[cfg(target_arch = "x86_64")]
            if std::arch::is_x86_feature_detected!("popcnt") {
                // SAFETY: the running processor has the instruction.
                return unsafe { self.terms_81_popcnt(p, out) };
            }
            return self.terms_81::<O, false>(p, out);
        }
        let daidai = any
            .downcast_ref::<DaiDaiPosition>()
            .filter(|_| O::EVERY_TERM || self.king_zone);
        self.terms_by_squares(pos, daidai, out)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi2")]
    fn terms_81_lookup<O: Seats>(&self, pos: &ShogiPosition, out: &mut O) {
        self.terms_81::<O, true>(pos, out)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn terms_81_popcnt<O: Seats>(&self, pos: &ShogiPosition, out: &mut O) {
        self.terms_81::<O, false>(pos, out)
    }

    /// The terms of a 9x9 position, from its bitboards (see the module doc); slides looked
    /// up along lines if `LOOKUP` (see [`ShogiPosition::control_by`]).
    #[inline(always)]
    fn terms_81<O: Seats, const LOOKUP: bool>(&self, pos: &ShogiPosition, out: &mut O) {
        let sets = [
            pos.pieces_of(Seat(0)),
            pos.pieces_of(Seat(1)),
            pos.pieces_of(Seat(2)),
            pos.pieces_of(Seat(3)),
        ];
        // Per seat and kind, the squares its sliders reach (its own pieces' excepted).
        let mut reach = [[0i32; 16]; 4];
        let control = pos.control_by::<LOOKUP>(|_, piece, attacks| {
            let owner = piece.owner().index() & 3;
            reach[owner][usize::from(piece.kind()) & 15] +=
                bitboard::count(attacks & !sets[owner]) as i32;
        });
        for seat in pos.alive().iter() {
            let mut sink = out.open(seat);
            self.seat_81(
                pos,
                seat,
                &sets,
                &control,
                &reach[seat.index() & 3],
                &mut sink,
            );
            out.close(seat, sink);
        }
    }

    /// One seat's terms in a 9x9 position, given every seat's pieces and control, and the
    /// squares its sliders reach by kind.
    #[inline(always)]
    fn seat_81<T: Terms>(
        &self,
        pos: &ShogiPosition,
        seat: Seat,
        sets: &[Bits; 4],
        control: &Control,
        reach: &[i32; 16],
        out: &mut T,
    ) {
        let l = &self.layout;
        let spec = pos.spec();
        let frames = Frames81::get();
        let alive = pos.alive();
        let s = seat.index();
        let turns = usize::from(spec.quarter_turns[s] & 3);
        let king = pos.king_square(seat);
        let king_bit = king.map_or(0, bitboard::bit);
        // Material and where each piece stands.
        for from in bitboard::indices(sets[s] & !king_bit) {
            if let Some(piece) = pos.piece_at(bitboard::sq_of(from)) {
                out.piece(l, piece.kind(), turns, from);
            }
        }
        if let Some(king) = king {
            let from = bitboard::bit_of(king);
            out.add(l.board + usize::from(spec.king), 1);
            out.add(
                l.king_square + usize::from(frames.king_cell[turns][from]),
                1,
            );
        }
        for &kind in &self.sliders {
            out.add(l.mobility + kind, reach[kind & 15]);
        }
        for (kind, n) in pos.hand(seat) {
            out.add(l.hand + usize::from(kind), i32::from(n));
        }
        if seat == pos.turn() {
            out.add(l.tempo, 1);
        }
        // The enemy's control, all opponents together, and our own (partner included,
        // our king apart).
        let (mut enemy1, mut enemy2): (Bits, Bits) = (0, 0);
        let mut enemy_pieces: Bits = 0;
        for o in pos.attackers_of(seat).iter() {
            let (a1, a2) = (control.any(o), control.many(o));
            enemy2 |= a2 | (enemy1 & a1);
            enemy1 |= a1;
            enemy_pieces |= sets[o.index()];
        }
        let (mut own1, mut own2) = (control.once[s], control.twice[s]);
        let mut own_pieces = sets[s];
        if let Some(p) = spec.partner(seat).filter(|&p| alive.contains(p)) {
            let (a1, a2) = (control.any(p), control.many(p));
            own2 |= a2 | (own1 & a1);
            own1 |= a1;
            own_pieces |= sets[p.index()];
        }
        // Pieces the enemy attacks, defended or not.
        let defended = own1 | control.king[s];
        for from in bitboard::indices(sets[s] & enemy1 & !king_bit) {
            let Some(piece) = pos.piece_at(bitboard::sq_of(from)) else {
                continue;
            };
            let guarded = defended & (1 << from) != 0;
            out.add(
                l.hanging_of(usize::from(piece.kind()), guarded, seat == pos.turn()),
                1,
            );
        }
        let Some(king) = king else {
            return;
        };
        let k = bitboard::bit_of(king);
        let count = |set: Bits| bitboard::count(set) as i32;
        let shelter = count(own_pieces & frames.rings[k][1]).min(4) as usize;
        out.add(l.shelter + shelter, 1);
        out.add(l.threat, count(enemy_pieces & frames.rings[k][1]));
        out.add(l.threat + 1, count(enemy_pieces & frames.rings[k][2]));
        // Control around the king: square by square near it, by distance further out.
        out.near(l, turns, k, [own1, own2, enemy1, enemy2]);
        for d in FIRST_RING..bitboard::SIDE {
            let squares = frames.rings[k][d];
            let i = l.ring_of(d, 0);
            out.add(i, count(own1 & squares));
            out.add(i + 1, count(own2 & squares));
            out.add(i + 2, count(enemy1 & squares));
            out.add(i + 3, count(enemy2 & squares));
        }
    }

    /// The terms of any position read square by square (dai dai shogi's): material, the
    /// king's shelter and the enemy near it, and the control of the king's own square and
    /// those next to it (asked of `daidai`'s attack test where there is one).
    fn terms_by_squares<P: Position, O: Seats>(
        &self,
        pos: &P,
        daidai: Option<&DaiDaiPosition>,
        out: &mut O,
    ) {
        let l = &self.layout;
        let alive = pos.alive();
        let g = pos.geometry();
        let size = g.size() as usize;
        let mut sinks: [Option<O::Sink>; 4] = std::array::from_fn(|_| None);
        for seat in alive.iter() {
            sinks[seat.index() & 3] = Some(out.open(seat));
        }
        // Material and where each piece stands, every seat's in one pass over the board
        // (dai dai's 289 squares are the evaluation's dearest part: row by row, with a
        // piece's value and placement read at once from a table by kind and lines).
        let by_lines = size != bitboard::SIDE;
        for row in 0..size as u8 {
            for col in 0..size as u8 {
                let sq = g.square(col, row);
                let Some(piece) = pos.piece_at(sq) else {
                    continue;
                };
                let seat = piece.owner();
                let Some(sink) = sinks[seat.index() & 3].as_mut() else {
                    continue;
                };
                let kind = usize::from(piece.kind());
                let lines = usize::from(pos.advancement(sq, seat)).min(size - 1);
                if self.royal[kind] {
                    let file = usize::from(col).min(size - 1 - usize::from(col));
                    sink.add(l.board + kind, 1);
                    sink.add(l.king_square_of(file, lines), 1);
                } else if by_lines {
                    sink.piece_lines(l, kind, lines);
                } else {
                    sink.add(l.board + kind, 1);
                    sink.add(l.rank_of(kind, lines), 1);
                }
            }
        }
        for seat in alive.iter() {
            if let Some(mut sink) = sinks[seat.index() & 3].take() {
                self.seat_by_squares(pos, seat, daidai, &mut sink);
                out.close(seat, sink);
            }
        }
    }

    /// One seat's terms besides its pieces' material and placement (counted for every
    /// seat in one pass by [`Self::terms_by_squares`]).
    fn seat_by_squares<P: Position, T: Terms>(
        &self,
        pos: &P,
        seat: Seat,
        daidai: Option<&DaiDaiPosition>,
        out: &mut T,
    ) {
        let l = &self.layout;
        let alive = pos.alive();
        let g = pos.geometry();
        let size = g.size() as usize;
        for &kind in pos.hand_kinds() {
            let n = pos.hand_count(seat, kind);
            if n > 0 {
                out.add(l.hand + usize::from(kind), i32::from(n));
            }
        }
        if seat == pos.turn() {
            out.add(l.tempo, 1);
        }
        let Some(king) = pos.king_square(seat) else {
            return;
        };
        let partner = pos.partner(seat);
        let (kc, kr) = g.col_row(king);
        let mut shelter = 0;
        let mut threat = [0; 2];
        for dr in -2i32..=2 {
            for dc in -2i32..=2 {
                let (c, r) = (i32::from(kc) + dc, i32::from(kr) + dr);
                let outside = c < 0 || r < 0 || c >= size as i32 || r >= size as i32;
                if (dr == 0 && dc == 0) || outside {
                    continue;
                }
                let Some(piece) = pos.piece_at(g.square(c as u8, r as u8)) else {
                    continue;
                };
                let owner = piece.owner();
                let near = dr.abs() <= 1 && dc.abs() <= 1;
                if owner == seat || Some(owner) == partner {
                    shelter += usize::from(near);
                } else if alive.contains(owner) {
                    threat[usize::from(!near)] += 1;
                }
            }
        }
        out.add(l.shelter + shelter.min(4), 1);
        out.add(l.threat, threat[0]);
        out.add(l.threat + 1, threat[1]);
        let Some(daidai) = daidai else {
            // Check is the enemy's control of the king's own square.
            if pos.in_check(seat) {
                out.add(l.near_of(2, 2), 1);
            }
            return;
        };
        // Dai dai: the enemy's control of the king's square and of those next to it, in
        // the king owner's frame (Black faces up, White down).
        let enemy = daidai::opponent(seat);
        let flip = if seat.0 == 0 { 1 } else { -1 };
        for dr in -1i32..=1 {
            for dc in -1i32..=1 {
                let (c, r) = (i32::from(kc) + dc, i32::from(kr) + dr);
                if c < 0 || r < 0 || c >= size as i32 || r >= size as i32 {
                    continue;
                }
                if daidai.is_attacked(g.square(c as u8, r as u8), enemy) {
                    let cell = near_cell(dc * flip, dr * flip).expect("a near square");
                    out.add(l.near_of(cell, 2), 1);
                }
            }
        }
    }
}

/// Who a seat's worth counts for, from the team's point of view.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Share {
    Team,
    Opponent,
    None,
}

/// Each seat's share in the team's score, and the standing: opponents out less partners
/// out (four-player games, where each opponent out is a step to the win, and a partner
/// out the loss).
fn shares<P: Position>(pos: &P, team: SeatSet) -> ([Share; 4], Score) {
    let alive = pos.alive();
    let seats = pos.seats();
    let mut shares = [Share::None; 4];
    let mut standing = 0;
    for seat in (0..seats).map(Seat) {
        shares[seat.index()] = if team.contains(seat) {
            Share::Team
        } else if alive.contains(seat) {
            Share::Opponent
        } else {
            Share::None
        };
        if seats == 4 && !alive.contains(seat) {
            standing += if team.contains(seat) { -1 } else { 1 };
        }
    }
    (shares, standing)
}

/// Where each seat's terms go: weighted into its worth (the search), or listed (the
/// tuner).
trait Seats {
    type Sink: Terms;
    /// Every term is wanted, those whose weights are 0 too (the tuner's list).
    const EVERY_TERM: bool;
    fn open(&self, seat: Seat) -> Self::Sink;
    fn close(&mut self, seat: Seat, sink: Self::Sink);
}

/// One seat's terms.
trait Terms {
    fn add(&mut self, weight: usize, count: i32);

    /// The material and placement terms of a piece (not a king) on `from` (a bit index of
    /// a 9x9 board) whose owner is turned `turns` quarters.
    #[inline(always)]
    fn piece(&mut self, l: &Layout, kind: KindId, turns: usize, from: usize) {
        let lines = usize::from(Frames81::get().lines[turns][from]);
        self.add(l.board + usize::from(kind), 1);
        self.add(l.rank_of(usize::from(kind), lines), 1);
    }

    /// The material and placement terms of a piece (not a king) of `kind`, `lines` in
    /// front of its owner's back line, on a board other than 9x9.
    #[inline(always)]
    fn piece_lines(&mut self, l: &Layout, kind: usize, lines: usize) {
        self.add(l.board + kind, 1);
        self.add(l.rank_of(kind, lines), 1);
    }

    /// The control terms of the squares near a king on `king` (a bit index) whose owner
    /// is turned `turns` quarters: `sets` holds the squares its side controls once and
    /// twice, then those the enemy does.
    #[inline(always)]
    fn near(&mut self, l: &Layout, turns: usize, king: usize, sets: [Bits; 4]) {
        let cells = &Frames81::get().near[turns * bitboard::SQUARES + king];
        for (cell, &squares) in cells.iter().enumerate() {
            for (what, set) in sets.iter().enumerate() {
                self.add(l.near_of(cell, what), bitboard::count(set & squares) as i32);
            }
        }
    }
}

struct Worth<'a> {
    weights: &'a [Score],
    near: &'a [Score],
    placed: &'a [Score],
    worth: [Score; 4],
}

impl<'a> Seats for Worth<'a> {
    type Sink = Sum<'a>;
    const EVERY_TERM: bool = false;

    #[inline(always)]
    fn open(&self, _: Seat) -> Sum<'a> {
        Sum {
            weights: self.weights,
            near: self.near,
            placed: self.placed,
            sum: 0,
        }
    }

    #[inline(always)]
    fn close(&mut self, seat: Seat, sink: Sum<'a>) {
        self.worth[seat.index() & 3] = sink.sum;
    }
}

struct Sum<'a> {
    weights: &'a [Score],
    near: &'a [Score],
    placed: &'a [Score],
    sum: Score,
}

impl Terms for Sum<'_> {
    #[inline(always)]
    fn add(&mut self, weight: usize, count: i32) {
        self.sum += self.weights[weight] * count;
    }

    /// One lookup: the evaluator summed each kind's value and placement per square.
    #[inline(always)]
    fn piece(&mut self, _: &Layout, kind: KindId, turns: usize, from: usize) {
        self.sum += self.placed[(usize::from(kind) * 4 + turns) * bitboard::SQUARES + from];
    }

    /// One lookup: the evaluator summed each kind's value and placement per line.
    #[inline(always)]
    fn piece_lines(&mut self, l: &Layout, kind: usize, lines: usize) {
        self.sum += self.placed[kind * l.size + lines];
    }

    /// The near squares row by row: each row's five squares read as one pattern, whose
    /// weights the evaluator summed beforehand (see [`near_rows`]).
    #[inline(always)]
    fn near(&mut self, _: &Layout, turns: usize, king: usize, sets: [Bits; 4]) {
        let (col, row) = (king % bitboard::SIDE, king / bitboard::SIDE);
        for dy in 0..5 {
            let Some(r) = (row + dy).checked_sub(2).filter(|&r| r < bitboard::SIDE) else {
                continue;
            };
            for (what, set) in sets.iter().enumerate() {
                let line = (set >> (r * bitboard::SIDE)) as u32 & 0x1ff;
                let pattern = ((line << 2) >> col) & 0x1f;
                let at = (((turns * CONTROL_KINDS + what) * 5 + dy) << 5) + pattern as usize;
                self.sum += self.near[at];
            }
        }
    }
}

/// On 9x9 boards, per kind, orientation (quarter turns) and square: the kind's board
/// value plus its placement weight there. Empty on other boards.
fn placed_values(l: &Layout, weights: &[Score]) -> Vec<Score> {
    if l.size != bitboard::SIDE {
        // Other boards (dai dai's), read square by square: per kind and lines advanced.
        let mut table = vec![0; l.kinds * l.size];
        for kind in 0..l.kinds {
            for lines in 0..l.size {
                table[kind * l.size + lines] =
                    weights[l.board + kind] + weights[l.rank_of(kind, lines)];
            }
        }
        return table;
    }
    let lines = &Frames81::get().lines;
    let mut table = vec![0; l.kinds * 4 * bitboard::SQUARES];
    for kind in 0..l.kinds {
        for (turns, lines) in lines.iter().enumerate() {
            for (from, &n) in lines.iter().enumerate() {
                table[(kind * 4 + turns) * bitboard::SQUARES + from] =
                    weights[l.board + kind] + weights[l.rank_of(kind, usize::from(n))];
            }
        }
    }
    table
}

/// The weights of the near squares summed per pattern of one row of them: per
/// orientation, what is counted, row of the 5x5 square around the king (from the top of
/// the board) and which of its five squares (bit 0 the leftmost) hold it.
fn near_rows(l: &Layout, weights: &[Score]) -> Vec<Score> {
    let mut table = vec![0; 4 * CONTROL_KINDS * 5 * 32];
    for turns in 0..4 {
        for what in 0..CONTROL_KINDS {
            for dy in 0..5 {
                for pattern in 0..32usize {
                    let at = (((turns * CONTROL_KINDS + what) * 5 + dy) << 5) + pattern;
                    table[at] = (0..5)
                        .filter(|i| pattern & 1 << i != 0)
                        .map(|i| {
                            let (dx, dy) = crate::engine::geometry::rotate(
                                i - 2,
                                dy as i32 - 2,
                                ((4 - turns) % 4) as u8,
                            );
                            let cell = near_cell(dx, dy).expect("a near square");
                            weights[l.near_of(cell, what)]
                        })
                        .sum();
                }
            }
        }
    }
    table
}

#[derive(Default)]
struct List {
    terms: Vec<(usize, usize, i32)>,
}

impl Seats for List {
    type Sink = SeatList;
    const EVERY_TERM: bool = true;

    fn open(&self, seat: Seat) -> SeatList {
        SeatList {
            seat: seat.index(),
            terms: Vec::new(),
        }
    }

    fn close(&mut self, _: Seat, sink: SeatList) {
        self.terms.extend(sink.terms);
    }
}

struct SeatList {
    seat: usize,
    terms: Vec<(usize, usize, i32)>,
}

impl Terms for SeatList {
    fn add(&mut self, weight: usize, count: i32) {
        if count != 0 {
            self.terms.push((self.seat, weight, count));
        }
    }
}

/// Square sets of the 9x9 board seen from each seat's orientation (quarter turns 0..4)
/// and from each king square.
struct Frames81 {
    /// Per orientation and square: lines in front of the seat's own back line.
    lines: [[u8; bitboard::SQUARES]; 4],
    /// Per orientation and square: the king-square weight (file from the nearer edge
    /// times 9, plus lines advanced).
    king_cell: [[u8; bitboard::SQUARES]; 4],
    /// Per orientation and king square: the squares of each near cell.
    near: Vec<[Bits; NEAR_CELLS]>,
    /// Per king square: the squares at each distance (king steps) from it.
    rings: [[Bits; bitboard::SIDE]; bitboard::SQUARES],
}

impl Frames81 {
    fn get() -> &'static Frames81 {
        static FRAMES: std::sync::OnceLock<Frames81> = std::sync::OnceLock::new();
        FRAMES.get_or_init(Frames81::build)
    }

    fn build() -> Frames81 {
        let g = Geometry::new(bitboard::SIDE as u8);
        let last = bitboard::SIDE as i32 - 1;
        let col_row = |b: usize| {
            let (c, r) = g.col_row(bitboard::sq_of(b));
            (i32::from(c), i32::from(r))
        };
        // A board displacement turned into the frame of a seat turned `turns` quarters.
        let own = |dx: i32, dy: i32, turns: usize| {
            crate::engine::geometry::rotate(dx, dy, ((4 - turns) % 4) as u8)
        };
        let mut lines = [[0; bitboard::SQUARES]; 4];
        let mut king_cell = [[0; bitboard::SQUARES]; 4];
        let mut near = vec![[0; NEAR_CELLS]; 4 * bitboard::SQUARES];
        let mut rings = [[0; bitboard::SIDE]; bitboard::SQUARES];
        for turns in 0..4 {
            for b in 0..bitboard::SQUARES {
                let (c, r) = col_row(b);
                let (x, y) = own(2 * c - last, 2 * r - last, turns);
                let (own_col, own_row) = ((x + last) / 2, (y + last) / 2);
                let advanced = last - own_row;
                let file = own_col.min(last - own_col);
                lines[turns][b] = advanced as u8;
                king_cell[turns][b] = (file * bitboard::SIDE as i32 + advanced) as u8;
                for t in 0..bitboard::SQUARES {
                    let (tc, tr) = col_row(t);
                    let (dx, dy) = own(tc - c, tr - r, turns);
                    if let Some(cell) = near_cell(dx, dy) {
                        near[turns * bitboard::SQUARES + b][cell] |= 1 << t;
                    }
                    if turns == 0 {
                        let d = (tc - c).abs().max((tr - r).abs()) as usize;
                        rings[b][d] |= 1 << t;
                    }
                }
            }
        }
        Frames81 {
            lines,
            king_cell,
            near,
            rings,
        }
    }
}

impl Weights {
    /// The weights a variant plays with: standard shogi's table ([`STANDARD`]); the
    /// hand-set ones elsewhere.
    pub fn standard_for(pos: &impl Position) -> Weights {
        match pos.variant() {
            Variant::Standard => Weights {
                variant: Variant::Standard,
                values: STANDARD.to_vec(),
            },
            _ => Weights::initial(pos),
        }
    }

    /// Hand-set weights: the usual shogi piece values, small pieces gaining by advancing,
    /// the king kept back, shelter and the enemy near the king.
    pub fn initial(pos: &impl Position) -> Weights {
        let variant = pos.variant();
        let kinds = pos.kinds();
        let g = pos.geometry();
        let size = g.size() as usize;
        let l = Layout::of(pos);
        let mut w = vec![0; l.len];
        let board: Vec<Score> = match variant {
            Variant::DaiDai => kinds.iter().map(|k| derived_value(k, g)).collect(),
            _ => kinds.iter().map(|k| shogi_value(k.code)).collect(),
        };
        let pawn = match variant {
            Variant::DaiDai => kinds
                .iter()
                .find(|k| k.code == "P")
                .map_or(100, |k| derived_value(k, g))
                .max(1),
            _ => 100,
        };
        // In yonin a game cut short (by the move limit or a declaration) is placed by
        // points, counted on the board and in hand: each point is worth a fifth of a pawn
        // beyond the piece's material.
        let points = |k: &KindDef| match pos.seats() {
            4 => Score::from(k.points) * pawn / 5,
            _ => 0,
        };
        for (i, k) in kinds.iter().enumerate() {
            w[l.board + i] = board[i] + points(k);
            // A piece in hand can go almost anywhere, so it is worth a little more.
            w[l.hand + i] = board[i] + board[i] / 8 + points(k);
        }
        if variant != Variant::DaiDai {
            let unit = (pawn / 25).max(1);
            let zone = 3;
            for (i, k) in kinds.iter().enumerate() {
                if k.royal {
                    continue;
                }
                let gain = match k.promotes_to {
                    Some(to) => (board[to as usize] - board[i]).max(0),
                    None => 0,
                };
                for lines in 0..size {
                    let mut v = 0;
                    if lines >= size - zone {
                        v += gain / 3;
                    }
                    if board[i] <= 6 * pawn {
                        v += lines.min(6) as Score * unit;
                    }
                    w[l.rank_of(i, lines)] = v;
                }
            }
            for file in 0..=size / 2 {
                for lines in 0..size {
                    w[l.king_square_of(file, lines)] = -(lines as Score - 1).max(0) * 4 * unit;
                }
            }
        }
        let unit = pawn / 4;
        for n in 0..5 {
            w[l.shelter + n] = n as Score * unit;
        }
        w[l.threat] = -2 * unit;
        w[l.threat + 1] = -unit;
        w[l.near_of(2, 2)] = -2 * unit;
        w[l.standing] = 40 * pawn;
        Weights { variant, values: w }
    }
}

/// Standard shogi's weights, laid out by [`Layout`] (14 kinds, 9 lines), fitted to
/// Fairy-Stockfish's depth-8 scores of 62,241 quiet positions of self-play games, every
/// weight free but the move, which weighs nothing (`tune fit --lambda 0 --k 0.00043
/// --freeze tempo`, see the README), in two rounds, the second over the games of the
/// first's table too. The first started from the hand-set weights of
/// [`Weights::initial`] with square control around each king weighed as YaneuraOu's
/// material evaluation weighs it, and the attacked pieces and the sliders' mobility
/// fitted the same way with every other weight held.
pub const STANDARD: [Score; 362] = [
    0, 832, 678, 535, 489, 318, 239, 64, 1485, 1166, 13, 420, 75, 744, 0, 1420, 1023, 772, 682,
    429, 427, 126, 1406, 1181, 630, 630, 630, 630, 0, 0, 0, 0, 0, 0, 0, 0, 0, -91, -45, -50, -76,
    -198, -106, 390, 178, 274, 6, -75, -11, -55, -78, -55, 124, 180, -77, -13, 10, 31, 12, -78,
    -19, 64, -73, -85, 39, 31, 21, 5, -104, -26, 79, 13, 30, 22, -90, -42, -48, -9, 9, -84, 70, 70,
    -4, -33, -7, 32, 16, 78, -20, -31, 100, 36, 32, 17, 12, 27, 123, 73, 26, 177, -23, 111, 183,
    -31, -56, -71, -60, 93, 148, 277, 85, 176, 138, 140, 87, 46, 62, 89, 0, 4, 8, 12, 16, 254, 446,
    386, 425, 0, 4, 8, 12, 154, -110, 24, 55, -13, 0, 4, 8, 12, 16, 476, 425, 412, 380, 0, 4, 8,
    12, 16, -188, -161, -258, -309, 96, -125, 104, -353, -205, -287, -533, -96, -112, 49, 447, 345,
    43, 60, -433, -191, -204, -11, 29, 343, 181, 113, 212, -134, -80, 262, -281, 18, 257, 173, -10,
    49, -64, -80, -29, -112, 44, 242, 160, 188, -48, -64, -80, -96, -310, -138, -18, 63, 82, 141,
    -47, -7, 203, 43, 112, -2, 56, 12, 48, -209, 178, 25, -152, -79, 92, 31, 33, -194, 241, 127,
    93, -96, 164, 34, 104, -63, 89, 16, 53, -173, 50, 17, 65, -351, 84, 20, 34, -158, 156, 29, 123,
    -67, 144, 26, 102, -50, 160, 33, 101, -69, 152, 37, 75, -107, 153, 35, 105, -35, 143, 67, 48,
    35, 154, 35, 107, -11, 142, 26, 110, 13, 135, 37, 114, 14, 130, 14, 118, 14, 131, 39, 116, 15,
    127, -5, 101, 27, 0, 0, 0, 0, -721, -311, -419, -275, -379, -191, -192, -98, -552, -158, -138,
    27, -285, -151, -135, -1, -226, -156, -111, -18, -124, -103, -78, -72, -171, -20, -49, 78, 0,
    -360, 0, -329, -812, -302, -366, -215, 0, 162, -8, -6, 0, 33, 167, 97, 0, 68, -39, 2, -110, 46,
    6, 132, 0, 9, 0, 0, 0, 0, 8, 0, -3, -11, 0, 0, 0, 0, 0, 4000,
];

/// Values of standard shogi's pieces by code, as shogi programs use them (pawn = 100).
fn shogi_value(code: &str) -> Score {
    match code {
        "P" => 100,
        "L" => 330,
        "N" => 420,
        "S" => 520,
        "G" => 570,
        "B" => 850,
        "R" => 1000,
        "+P" | "+L" | "+N" | "+S" => 560,
        "+B" => 1050,
        "+R" => 1250,
        _ => 0,
    }
}

/// A dai dai piece's value from its moves alone: the squares it reaches from every square
/// of an empty board, averaged, grown more than linearly (a piece that reaches twice as far
/// is worth more than twice as much in a crowded game), with the multi-step powers of
/// lions and hook movers counted as what they reach.
fn derived_value(kind: &KindDef, g: Geometry) -> Score {
    if kind.royal {
        return 0;
    }
    let size = g.size() as i32;
    let mut total = 0.0f64;
    let mut squares = 0.0f64;
    for row in 0..size {
        for col in 0..size {
            total += reach(kind, col, row, size) as f64;
            squares += 1.0;
        }
    }
    let mobility = total / squares.max(1.0);
    (40.0 * mobility.powf(0.85) + 30.0).round() as Score
}

/// Squares `kind` reaches from (col, row) on an empty board of `size`.
fn reach(kind: &KindDef, col: i32, row: i32, size: i32) -> u32 {
    let inside = |c: i32, r: i32| c >= 0 && r >= 0 && c < size && r < size;
    let along = |ray: &Ray| -> u32 {
        if ray.is_jump() {
            return inside(col + ray.dx as i32, row + ray.dy as i32) as u32;
        }
        let limit = if ray.range == 0 {
            size
        } else {
            ray.range as i32
        };
        (1..=limit)
            .take_while(|&n| inside(col + ray.dx as i32 * n, row + ray.dy as i32 * n))
            .count() as u32
    };
    let rays: u32 = kind.rays.iter().map(along).sum();
    let lion_area = |radius: i32| -> u32 {
        let mut n = 0;
        for dr in -radius..=radius {
            for dc in -radius..=radius {
                if (dr != 0 || dc != 0) && inside(col + dc, row + dr) {
                    n += 1;
                }
            }
        }
        n
    };
    let extra = match kind.special {
        Special::None => 0,
        // Two king steps reach the 5x5 square, and the lion can capture twice.
        Special::Lion => lion_area(2) + 8,
        Special::LionDog => 24,
        Special::FuriousFiend => lion_area(2) + 24,
        Special::GreatElephant => 18,
        // A turn on the way reaches a second line from every square of the first.
        Special::HookOrthogonal | Special::HookDiagonal => rays,
    };
    rays + extra
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::daidai;
    use crate::engine::kinds::{DRAGON, GOLD, ROOK};
    use crate::engine::piece::Piece;
    use crate::engine::{standard, yonin, Sq};
    use rand::rngs::StdRng;
    use rand::seq::SliceRandom;
    use rand::SeedableRng;

    fn team(pos: &impl Position, seat: Seat) -> SeatSet {
        let team = SeatSet::EMPTY.with(seat);
        pos.partner(seat).map_or(team, |p| team.with(p))
    }

    /// Positions along a seeded random game.
    fn playout<P: Position>(start: P, seed: u64, plies: usize) -> Vec<P> {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut pos = start;
        let mut out = vec![pos.clone()];
        let mut moves = Vec::new();
        for _ in 0..plies {
            pos.legal_moves(&mut moves);
            let Some(m) = moves.choose(&mut rng) else {
                break;
            };
            pos.play_unchecked(m);
            out.push(pos.clone());
        }
        out
    }

    /// The standard position seen from the other side: the board turned half round,
    /// colours and hands swapped, the other side to move.
    fn flipped(pos: &ShogiPosition) -> ShogiPosition {
        let g = pos.geometry();
        let mut out = ShogiPosition::empty(pos.spec());
        for sq in g.squares() {
            if let Some(p) = pos.piece_at(sq) {
                let (c, r) = g.col_row(sq);
                let owner = Seat(1 - p.owner().0);
                out.set_piece(g.square(8 - c, 8 - r), Some(p.with_owner(owner)));
            }
        }
        for seat in [Seat(0), Seat(1)] {
            for (kind, n) in pos.hand(seat) {
                out.set_hand_count(Seat(1 - seat.0), kind, n);
            }
        }
        out.set_turn(Seat(1 - pos.turn().0));
        out
    }

    /// The yonin position with the board turned a quarter clockwise and each seat's
    /// pieces, hand and turn given to the next seat, which sits there.
    fn turned(pos: &ShogiPosition) -> ShogiPosition {
        let g = pos.geometry();
        let next = |s: Seat| Seat((s.0 + 1) % 4);
        let mut out = ShogiPosition::empty(pos.spec());
        for sq in g.squares() {
            if let Some(p) = pos.piece_at(sq) {
                let (c, r) = g.col_row(sq);
                out.set_piece(g.square(8 - r, c), Some(p.with_owner(next(p.owner()))));
            }
        }
        for seat in (0..4).map(Seat) {
            for (kind, n) in pos.hand(seat) {
                out.set_hand_count(next(seat), kind, n);
            }
        }
        out.set_turn(next(pos.turn()));
        out.set_alive(SeatSet::from_iter_seats(pos.alive().iter().map(next)));
        out
    }

    trait WithOwner {
        fn with_owner(self, owner: Seat) -> Piece;
    }

    impl WithOwner for Piece {
        fn with_owner(self, owner: Seat) -> Piece {
            Piece::new(self.kind(), owner, self.promoted())
        }
    }

    trait FromSeats {
        fn from_iter_seats(seats: impl Iterator<Item = Seat>) -> SeatSet;
    }

    impl FromSeats for SeatSet {
        fn from_iter_seats(seats: impl Iterator<Item = Seat>) -> SeatSet {
            seats.fold(SeatSet::EMPTY, SeatSet::with)
        }
    }

    #[test]
    fn both_sides_of_a_standard_position_are_scored_alike() {
        let eval = Evaluator::new(&standard::start());
        for seed in 0..4 {
            for pos in playout(standard::start(), seed, 150) {
                let black = eval.evaluate(&pos, team(&pos, Seat(0)));
                let white = eval.evaluate(&pos, team(&pos, Seat(1)));
                assert_eq!(black, -white, "{}", pos.to_text());
                let other = flipped(&pos);
                assert_eq!(
                    eval.evaluate(&other, team(&other, Seat(1))),
                    black,
                    "{} against {}",
                    pos.to_text(),
                    other.to_text()
                );
            }
        }
    }

    #[test]
    fn the_start_position_is_worth_the_move_alone() {
        let pos = standard::start();
        let eval = Evaluator::new(&pos);
        let tempo = eval.weights[eval.layout.tempo];
        assert_eq!(eval.evaluate(&pos, team(&pos, Seat(0))), tempo);
        assert_eq!(eval.evaluate(&pos, team(&pos, Seat(1))), -tempo);
    }

    #[test]
    fn a_king_with_its_golds_beside_it_stands_better_than_one_without() {
        // The same pieces on the same ranks: the golds next to Black's king on 8h, or
        // across the board on 2h and 2i.
        let guarded = standard::from_sfen("4k4/9/9/9/9/9/9/1KG6/2G6 b - 1").unwrap();
        let bare = standard::from_sfen("4k4/9/9/9/9/9/9/1K5G1/7G1 b - 1").unwrap();
        let eval = Evaluator::new(&guarded);
        let black = team(&guarded, Seat(0));
        assert!(eval.evaluate(&guarded, black) > eval.evaluate(&bare, black));
        // And an enemy silver aiming at the squares in front of the king is worse for it
        // than the same silver on the same rank across the board.
        let aimed = standard::from_sfen("4k4/9/9/9/9/1s7/9/1KG6/2G6 b - 1").unwrap();
        let away = standard::from_sfen("4k4/9/9/9/9/7s1/9/1KG6/2G6 b - 1").unwrap();
        assert!(eval.evaluate(&away, black) > eval.evaluate(&aimed, black));
    }

    #[test]
    fn yonin_seats_are_scored_alike_when_the_board_turns() {
        for doubles in [false, true] {
            let start = yonin::start(doubles);
            let board = |p: &ShogiPosition| p.to_text().split(' ').next().map(str::to_owned);
            assert_eq!(board(&turned(&start)), board(&start));
            let eval = Evaluator::new(&start);
            for seed in 0..3 {
                for pos in playout(start.clone(), seed, 120) {
                    let other = turned(&pos);
                    for seat in (0..4).map(Seat) {
                        let next = Seat((seat.0 + 1) % 4);
                        assert_eq!(
                            eval.evaluate(&pos, team(&pos, seat)),
                            eval.evaluate(&other, team(&other, next)),
                            "{} seat {seat:?}",
                            pos.to_text()
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn dai_dai_scores_each_side_as_the_other_loses() {
        let start = daidai::start();
        let eval = Evaluator::new(&start);
        for pos in playout(start, 5, 80) {
            let black = eval.evaluate(&pos, team(&pos, Seat(0)));
            let white = eval.evaluate(&pos, team(&pos, Seat(1)));
            assert_eq!(black, -white, "{}", pos.to_text());
        }
    }

    /// Along a random playout from `start`, the terms the tuner reads, weighted, add up
    /// to the evaluation for both seats.
    fn assert_terms_give_the_score<P: Position>(start: P, seed: u64, plies: usize) {
        let eval = Evaluator::new(&start);
        for pos in playout(start, seed, plies) {
            for seat in [Seat(0), Seat(1)] {
                let terms = eval.terms_of(&pos, team(&pos, seat));
                let sum: f64 = terms
                    .iter()
                    .map(|&(i, c)| f64::from(eval.weights[i]) * c)
                    .sum();
                assert_eq!(sum, f64::from(eval.evaluate(&pos, team(&pos, seat))));
            }
        }
    }

    #[test]
    fn the_listed_terms_weighted_give_the_score() {
        assert_terms_give_the_score(standard::start(), 9, 200);
    }

    #[test]
    fn dai_dai_pieces_read_from_the_table_by_lines_score_as_their_terms() {
        assert_terms_give_the_score(daidai::start(), 4, 120);
    }

    #[test]
    fn a_piece_in_hand_is_valued_as_its_unpromoted_kind() {
        let pos = standard::start();
        let eval = Evaluator::new(&pos);
        assert_eq!(eval.hand_value(DRAGON), eval.hand_value(ROOK));
        assert!(eval.hand_value(GOLD) > 0);
        let dai = daidai::start();
        assert_eq!(Evaluator::new(&dai).hand_value(1), 0);
        let _ = Sq::NONE;
    }

    #[test]
    fn standard_shogi_plays_its_table_and_the_other_variants_their_hand_set_weights() {
        let pos = standard::start();
        assert_eq!(STANDARD.len(), Layout::of(&pos).len);
        assert_eq!(Weights::standard_for(&pos).values, STANDARD.to_vec());
        let yonin = yonin::start(false);
        assert_eq!(Weights::standard_for(&yonin), Weights::initial(&yonin));
    }

    #[test]
    fn weights_of_another_variant_are_refused() {
        let dai = daidai::start();
        let weights = Weights::standard_for(&standard::start());
        assert!(matches!(
            Evaluator::with_weights(&dai, weights),
            Err(WeightsError::Variant { .. })
        ));
        let mut short = Weights::standard_for(&dai);
        short.values.pop();
        assert!(matches!(
            Evaluator::with_weights(&dai, short),
            Err(WeightsError::Length { .. })
        ));
    }
}
