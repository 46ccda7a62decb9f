//! Computer players for every variant: a level-based player over one search (see
//! [`search`]; yonin singles over Best-Reply Search, see [`brs`]) and an adapter for
//! outside USI engines in standard shogi (see [`usi`]).
//! Uses the engine only: no async, no I/O (the USI adapter talks to its child process).
//!
//! [`choose`] picks a move from the engine's own legal moves of a [`Game`], so a
//! computer's move is checked like a person's: the game's own rules (sennichite, perpetual
//! check, dai dai's repetition rule) decide which moves exist at the root, and a move that
//! would lose the game on the spot is played only when nothing else is left.

pub mod analysis;
pub mod brs;
pub mod eval;
pub mod mate;
pub mod protocol;
pub mod search;
pub mod table;
pub mod tsume;
pub mod usi;

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::engine::{AnyPosition, Game, Move, Position, Seat, SeatSet, Variant};

use eval::{Evaluator, Score, MATE};
use search::{Budget, Searcher};

/// A playing strength, 1 (a beginner can win) to 8 (the best it can do in its time).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Level(u8);

impl Level {
    pub const MIN: Level = Level(1);
    pub const MAX: Level = Level(8);
    /// The level a challenge gets when it names none.
    pub const DEFAULT: Level = Level(3);

    /// The level `n`, if it is one of 1..=8.
    pub fn new(n: u8) -> Option<Level> {
        (1..=8).contains(&n).then_some(Level(n))
    }

    pub fn number(self) -> u8 {
        self.0
    }

    /// How long this level thinks about a move.
    pub fn think_time(self) -> Duration {
        Duration::from_millis(match self.0 {
            1 => 100,
            2 => 150,
            3 => 250,
            4 => 400,
            5 => 500,
            6 => 800,
            7 => 1200,
            _ => 1900,
        })
    }

    /// The deepest this level looks (in plies, before its captures and checks settle):
    /// the horizon of a beginner, who sees what a move takes but not the tactic behind.
    fn depth(self) -> u32 {
        match self.0 {
            1 => 1,
            2 => 2,
            3 => 3,
            4 => 4,
            _ => 64,
        }
    }

    /// How far, in pawns, this level may stray from the best move it sees: a choice
    /// among near-equal moves, not a piece given away.
    fn noise_pawns(self) -> f64 {
        match self.0 {
            1 => 1.5,
            2 => 1.0,
            3 => 0.6,
            4 => 0.3,
            _ => 0.0,
        }
    }

    /// What this level's search looks at in `variant`: the weakest levels do not see
    /// quiet checks past their horizon.
    fn features(self, variant: Variant) -> search::Features {
        let mut f = search::Features::configured_for(variant);
        if self.0 <= 2 {
            f.qchecks = false;
        }
        f
    }

    /// Whether this level gives up a hopeless game.
    fn resigns(self) -> bool {
        self.0 >= 5
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "level {}", self.0)
    }
}

/// Limits on one decision, beyond the level's own.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Think at most this long (otherwise the level's time).
    pub movetime: Option<Duration>,
    /// Search at most this many nodes: with a seed, the choice is then repeatable.
    pub nodes: Option<u64>,
    /// Search at most this deep.
    pub depth: Option<u32>,
    /// The random choices (the weaker levels' noise) follow this seed.
    pub seed: Option<u64>,
}

/// What the computer decided.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// The move, one of the game's legal moves.
    pub mv: Move,
    /// The move in the variant's coordinate notation.
    pub text: String,
    /// Depth of the deepest finished iteration.
    pub depth: u32,
    /// The score for the side to move, in hundredths of a pawn (mates beyond ±900000).
    pub score: i32,
    pub nodes: u64,
    pub elapsed: Duration,
    /// The computer gives the game up instead of playing on (levels 5 and up, hopeless).
    pub resign: bool,
}

impl Choice {
    /// Nodes per second of the search behind this choice.
    pub fn nodes_per_second(&self) -> u64 {
        (self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-6)) as u64
    }
}

/// Why the computer could not choose.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ComputerError {
    #[error("the game is over")]
    GameOver,
    #[error("there is no legal move to choose from")]
    NoLegalMove,
}

/// The seats the side to move plays for: itself, and its partner in doubles.
fn team_of(pos: &AnyPosition, seat: Seat) -> SeatSet {
    let team = SeatSet::EMPTY.with(seat);
    match pos.partner(seat) {
        Some(p) => team.with(p),
        None => team,
    }
}

/// One finished iteration of a search, as a USI `info` line tells it.
#[derive(Clone, Debug)]
pub struct Progress {
    pub depth: u32,
    /// For the side to move (mates beyond ±990000).
    pub score: Score,
    /// The same in hundredths of a pawn.
    pub centipawns: i32,
    pub nodes: u64,
    pub elapsed: Duration,
    /// The expected line, from the best move on.
    pub pv: Vec<Move>,
}

/// Outside control of a search: a flag that stops it, and who hears of its progress.
#[derive(Default)]
pub struct Control<'a> {
    pub stop: Option<&'a AtomicBool>,
    pub progress: Option<&'a mut dyn FnMut(&Progress)>,
}

/// Chooses a move for the side to move of `game` at `level`.
pub fn choose(game: &Game, level: Level, limits: Limits) -> Result<Choice, ComputerError> {
    choose_controlled(game, level, limits, Control::default())
}

/// [`choose`], stopped early when `control.stop` is set, telling `control.progress` of
/// each finished iteration.
pub fn choose_controlled(
    game: &Game,
    level: Level,
    limits: Limits,
    control: Control,
) -> Result<Choice, ComputerError> {
    let started = Instant::now();
    if game.is_over() {
        return Err(ComputerError::GameOver);
    }
    let pos = game.position();
    let me = pos.turn();
    let team = team_of(pos, me);
    let legal = game.legal_moves();
    if legal.is_empty() {
        return Err(ComputerError::NoLegalMove);
    }
    let eval = Evaluator::new(pos);
    // A move that ends the game is judged by the game's own rules, which know the whole
    // record (repetition, perpetual check): a win is played at once, a loss avoided.
    let mut candidates = Vec::with_capacity(legal.len());
    let mut losing = Vec::new();
    for &m in &legal {
        let mut after = game.clone();
        match after.play(&m) {
            Ok(report) => match report.result {
                Some(result) if result.winners().iter().any(|w| team.contains(*w)) => {
                    return Ok(decided(game, m, MATE - 1, started));
                }
                Some(result) if !result.is_draw() && !result.is_void() => losing.push(m),
                _ => candidates.push(m),
            },
            Err(_) => continue,
        }
    }
    if candidates.is_empty() {
        // Every move loses (or only losing ones are left): play one, the game ends.
        let m = losing.first().copied().ok_or(ComputerError::NoLegalMove)?;
        return Ok(decided(game, m, -MATE + 1, started));
    }
    // A forced mate the solver proves in a share of the think is played at once.
    if let Some(choice) = mate::root_mate(game, &candidates, level, &limits, started) {
        return Ok(choice);
    }
    let movetime = limits.movetime.unwrap_or_else(|| level.think_time());
    let budget = Budget {
        deadline: if limits.nodes.is_some() && limits.seed.is_some() {
            // Repeatable: the node count alone decides when to stop.
            None
        } else {
            Some(started + movetime)
        },
        nodes: limits.nodes,
        depth: limits.depth.unwrap_or(level.depth()).min(level.depth()),
    };
    let earlier = earlier_hashes(game);
    let noise = level.noise_pawns();
    // A seeded search limited by nodes repeats exactly: it starts from an empty table.
    let table = search::table_for(limits.nodes.is_some() && limits.seed.is_some());
    let found = match pos {
        // Yonin singles: Best-Reply Search (see `brs` for how it was chosen).
        AnyPosition::Shogi(p) if brs::applies(p) => {
            brs::Brs::new(&eval, me, budget, earlier, table)
                .with_features(level.features(p.variant()))
                .controlled(control)
                .run(p, &candidates, noise > 0.0)
        }
        AnyPosition::Shogi(p) => Searcher::with_table(&eval, team, budget, earlier, table)
            .with_features(level.features(p.variant()))
            .controlled(control)
            .run(p, &candidates, noise > 0.0),
        AnyPosition::DaiDai(p) => Searcher::with_table(&eval, team, budget, earlier, table)
            .with_features(level.features(p.variant()))
            .controlled(control)
            .run(p, &candidates, noise > 0.0),
    };
    let (mv, score) = if noise > 0.0 {
        let mut rng = match limits.seed {
            Some(seed) => StdRng::seed_from_u64(seed ^ game.position().hash()),
            None => StdRng::from_entropy(),
        };
        let spread = noise * eval.pawn() as f64;
        found
            .scored
            .iter()
            .map(|&(m, s)| {
                let jitter = if s.abs() >= MATE - 10_000 {
                    0.0
                } else {
                    rng.gen_range(-spread..=spread)
                };
                (m, s, s as f64 + jitter)
            })
            .max_by(|a, b| a.2.total_cmp(&b.2))
            .map(|(m, s, _)| (m, s))
            .unwrap_or(found.scored[0])
    } else {
        found.scored[0]
    };
    let resign = level.resigns()
        && pos.seats() == 2
        && found.depth >= 2
        && score <= -(30 * eval.pawn()).min(MATE / 2);
    Ok(Choice {
        mv,
        text: pos.coordinate(&mv),
        depth: found.depth,
        score: score.clamp(-MATE, MATE),
        nodes: found.nodes,
        elapsed: started.elapsed(),
        resign,
    })
}

/// Plies before which the computer takes no draw: in the opening a short look mostly
/// measures whose move it is, not who stands better, and no player agrees a draw there.
const DRAW_EARLIEST_PLY: usize = 20;

/// Whether the computer at `level`, to move or not, takes a draw offered in `game`: past
/// the opening, when its own side stands worse after a short look.
pub fn accepts_draw(game: &Game, seat: Seat, level: Level) -> bool {
    if game.is_over() || game.history().len() < DRAW_EARLIEST_PLY {
        return false;
    }
    let pos = game.position();
    let eval = Evaluator::new(pos);
    let team = team_of(pos, seat);
    let score = match quick_score(game, &eval, team) {
        Some(s) => s,
        None => return false,
    };
    // A draw is taken only by a side that stands worse: by half a pawn for the weaker
    // levels, by two pawns for the stronger ones, which trust themselves to hold on.
    let threshold = if level.number() >= 5 {
        -2 * eval.pawn()
    } else {
        -eval.pawn() / 2
    };
    score < threshold
}

/// A short search of the position for `team`, whoever is to move.
fn quick_score(game: &Game, eval: &Evaluator, team: SeatSet) -> Option<Score> {
    let legal = game.legal_moves();
    if legal.is_empty() {
        return None;
    }
    let budget = Budget {
        deadline: Some(Instant::now() + Duration::from_millis(200)),
        nodes: Some(50_000),
        depth: 3,
    };
    let earlier = earlier_hashes(game);
    let found = match game.position() {
        AnyPosition::Shogi(p) => Searcher::new(eval, team, budget, earlier).run(p, &legal, false),
        AnyPosition::DaiDai(p) => Searcher::new(eval, team, budget, earlier).run(p, &legal, false),
    };
    found.scored.first().map(|&(_, s)| s)
}

/// Hashes of the positions before the current one, oldest first.
fn earlier_hashes(game: &Game) -> Vec<u64> {
    let mut hashes = Vec::with_capacity(game.history().len() + 1);
    hashes.push(game.start_position().hash());
    hashes.extend(game.history().iter().map(|m| m.hash));
    // The last entry is the current position; the search adds it itself.
    hashes.pop();
    hashes
}

fn decided(game: &Game, mv: Move, score: Score, started: Instant) -> Choice {
    Choice {
        mv,
        text: game.position().coordinate(&mv),
        depth: 1,
        score,
        nodes: 1,
        elapsed: started.elapsed(),
        resign: false,
    }
}
