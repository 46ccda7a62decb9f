//! Game review: every position of a game searched by the built-in computer, the score of
//! each move from its player's side before and after it, the better move where the played
//! one lost ground, and each move judged an inaccuracy, a mistake or a blunder by the
//! winning chances it gave away. Every variant: in yonin each seat is scored for itself, in
//! doubles and the two-player variants each side (team) against the other.

use std::time::{Duration, Instant};

use crate::engine::{AnyPosition, Game, Move, Position, Seat, SeatSet};

use super::eval::{Evaluator, Score, MATE};
use super::search::{Budget, Searcher};

/// Think time per position at the default setting.
pub const DEFAULT_MOVETIME: Duration = Duration::from_millis(300);

/// Scores past this are mates (found within the search's horizon).
const MATE_BOUND: Score = MATE - 10_000;

/// How quickly a score turns into winning chances: 400 hundredths of a pawn (a piece of
/// middling value) up is about 73 %, a rook's worth about 90 %.
const WIN_CHANCE_SCALE: f64 = 0.0025;

/// The drops in winning chances (percentage points, from the mover's side) from which a
/// move is an inaccuracy, a mistake or a blunder: lichess's and lishogi's thresholds.
pub const INACCURACY_DROP: f64 = 10.0;
pub const MISTAKE_DROP: f64 = 20.0;
pub const BLUNDER_DROP: f64 = 30.0;

/// How much one search may take.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ReviewLimits {
    /// Per position searched.
    pub movetime: Duration,
    /// Per position searched, instead of the time when set: the review then repeats
    /// exactly.
    pub nodes: Option<u64>,
}

impl Default for ReviewLimits {
    fn default() -> Self {
        ReviewLimits {
            movetime: DEFAULT_MOVETIME,
            nodes: None,
        }
    }
}

/// What a move gave away.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Judgement {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Judgement {
    /// The judgement of a drop in winning chances of `drop` percentage points.
    pub fn of_drop(drop: f64) -> Option<Judgement> {
        if drop >= BLUNDER_DROP {
            Some(Judgement::Blunder)
        } else if drop >= MISTAKE_DROP {
            Some(Judgement::Mistake)
        } else if drop >= INACCURACY_DROP {
            Some(Judgement::Inaccuracy)
        } else {
            None
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "inaccuracy",
            Judgement::Mistake => "mistake",
            Judgement::Blunder => "blunder",
        }
    }
}

/// One move of the game, reviewed.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// 1 for the first move.
    pub ply: usize,
    pub seat: Seat,
    pub played: Move,
    /// The move in the variant's coordinate notation.
    pub played_text: String,
    /// The search's choice in the position before the move.
    pub best: Option<Move>,
    pub best_text: Option<String>,
    /// The score of the position before the move (the search's best), from the mover's
    /// side, in hundredths of a pawn (mates beyond ±990000).
    pub before: Score,
    /// The score after the move, from the mover's side.
    pub after: Score,
    pub judgement: Option<Judgement>,
}

impl MoveReview {
    /// The winning chances (0 to 100) the move gave away.
    pub fn drop(&self) -> f64 {
        (win_chance(self.before) - win_chance(self.after)).max(0.0)
    }
}

/// A side's evaluation through the game: a seat in yonin, a team elsewhere.
#[derive(Clone, Debug, PartialEq)]
pub struct Curve {
    /// The seats it scores for (one in yonin singles, two in doubles, the first seat's
    /// side in the two-player variants, which draw one line).
    pub seats: Vec<Seat>,
    /// (ply, score from this side): ply 0 is the start position.
    pub points: Vec<(usize, Score)>,
}

/// A game reviewed.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    pub moves: Vec<MoveReview>,
    pub curves: Vec<Curve>,
    /// Positions searched (a yonin game searches some twice, for two seats).
    pub searches: usize,
    pub nodes: u64,
    pub elapsed: Duration,
}

/// Why a game could not be reviewed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReviewError {
    #[error("move {ply} ({text}) is not legal in the game: {reason}")]
    IllegalMove {
        ply: usize,
        text: String,
        reason: String,
    },
}

/// Winning chances (0 to 100) for a side with this score.
pub fn win_chance(score: Score) -> f64 {
    if score >= MATE_BOUND {
        return 100.0;
    }
    if score <= -MATE_BOUND {
        return 0.0;
    }
    100.0 / (1.0 + (-WIN_CHANCE_SCALE * f64::from(score)).exp())
}

/// The score as the graph plots it, -1 to 1: winning chances centred on an even game, so
/// a won position nears the edge and a pawn more or less barely moves the line.
pub fn graph_value(score: Score) -> f64 {
    win_chance(score) / 50.0 - 1.0
}

/// Reviews `moves` played from `start`, reporting `progress(done, total)` after each
/// position searched (total: the positions to search).
pub fn review(
    start: &Game,
    moves: &[Move],
    limits: ReviewLimits,
    mut progress: impl FnMut(usize, usize),
) -> Result<Review, ReviewError> {
    let started = Instant::now();
    let mut games = Vec::with_capacity(moves.len() + 1);
    games.push(start.clone());
    for (i, m) in moves.iter().enumerate() {
        let mut next = games[i].clone();
        next.play(m).map_err(|e| ReviewError::IllegalMove {
            ply: i + 1,
            text: games[i].position().coordinate(m),
            reason: e.to_string(),
        })?;
        games.push(next);
    }
    let singles = start.position().seats() > 2 && start.position().partner(Seat(0)).is_none();
    let total = games.len();
    let mut nodes = 0;
    let mut searches = 0;
    // Each position scored for the side to move (or the last mover, once it is over).
    let mut scored: Vec<Scored> = Vec::with_capacity(total);
    for (i, game) in games.iter().enumerate() {
        let side = match game.seat_to_move() {
            Some(seat) if !game.is_over() => seat,
            _ => moves
                .get(i.wrapping_sub(1))
                .and_then(|_| games[i - 1].seat_to_move())
                .unwrap_or(Seat(0)),
        };
        let found = score_for(game, team_of(game.position(), side), limits);
        nodes += found.nodes;
        searches += 1;
        scored.push(Scored {
            side,
            score: found.score,
            best: found.best,
        });
        progress(i + 1, total);
    }
    let mut reviews = Vec::with_capacity(moves.len());
    for (i, m) in moves.iter().enumerate() {
        let before = &scored[i];
        let mover = before.side;
        let team = team_of(games[i].position(), mover);
        let next = &scored[i + 1];
        let after = if team.contains(next.side) {
            next.score
        } else if !singles {
            // Two sides: what is good for one is as bad for the other.
            -next.score
        } else {
            // Yonin singles: the next seat's score says nothing of this one's; search
            // the position again for the mover.
            let found = score_for(&games[i + 1], team, limits);
            nodes += found.nodes;
            searches += 1;
            found.score
        };
        let position = games[i].position();
        let best_text = before.best.map(|b| position.coordinate(&b));
        let played_best = before.best == Some(*m);
        let mut review = MoveReview {
            ply: i + 1,
            seat: mover,
            played: *m,
            played_text: position.coordinate(m),
            best: before.best,
            best_text,
            before: before.score,
            // The best move cannot score below the position: what the search saw of it
            // deeper is the search's error, not the player's.
            after: if played_best {
                after.max(before.score)
            } else {
                after
            },
            judgement: None,
        };
        review.judgement = if played_best {
            None
        } else {
            Judgement::of_drop(review.drop())
        };
        reviews.push(review);
    }
    let curves = curves(start, &games, &scored, &reviews, singles);
    Ok(Review {
        moves: reviews,
        curves,
        searches,
        nodes,
        elapsed: started.elapsed(),
    })
}

struct Scored {
    side: Seat,
    score: Score,
    best: Option<Move>,
}

struct Searched {
    score: Score,
    best: Option<Move>,
    nodes: u64,
}

/// The lines of the graph: in yonin singles a line per seat (its score where it was to
/// move and right after its moves), in doubles a line per team, in the two-player
/// variants one line from the first seat's side.
fn curves(
    start: &Game,
    games: &[Game],
    scored: &[Scored],
    reviews: &[MoveReview],
    singles: bool,
) -> Vec<Curve> {
    let position = start.position();
    let seats = position.seats();
    let sides: Vec<Vec<Seat>> = if singles {
        (0..seats).map(|s| vec![Seat(s)]).collect()
    } else if seats > 2 {
        vec![vec![Seat(0), Seat(2)], vec![Seat(1), Seat(3)]]
    } else {
        vec![vec![Seat(0)]]
    };
    sides
        .into_iter()
        .map(|seats_of_side| {
            let mut points = Vec::new();
            for (i, s) in scored.iter().enumerate() {
                let team = team_of(games[i].position(), s.side);
                if seats_of_side.iter().any(|seat| team.contains(*seat)) {
                    points.push((i, s.score));
                } else if !singles {
                    points.push((i, -s.score));
                } else if let Some(r) = i.checked_sub(1).and_then(|j| reviews.get(j)) {
                    // Right after this seat's own move, its score as the review found it.
                    if seats_of_side.contains(&r.seat) {
                        points.push((i, r.after));
                    }
                }
            }
            Curve {
                seats: seats_of_side,
                points,
            }
        })
        .collect()
}

/// The seats the side to move plays for: itself, and its partner in doubles.
fn team_of(pos: &AnyPosition, seat: Seat) -> SeatSet {
    let team = SeatSet::EMPTY.with(seat);
    match pos.partner(seat) {
        Some(p) => team.with(p),
        None => team,
    }
}

/// The hashes of the game's positions before the current one, for repetition.
fn earlier_hashes(game: &Game) -> Vec<u64> {
    let mut hashes = Vec::with_capacity(game.history().len() + 1);
    hashes.push(game.start_position().hash());
    hashes.extend(game.history().iter().map(|m| m.hash));
    hashes.pop();
    hashes
}

/// The score of `game` for `team`, with the move the side to move would choose (the best
/// for `team` when it is on `team`, the worst for it otherwise). A move that ends the game
/// is scored by the game's own rules; the rest are searched.
fn score_for(game: &Game, team: SeatSet, limits: ReviewLimits) -> Searched {
    let result_score = |result: &crate::engine::GameResult| {
        if result.is_draw() || result.is_void() {
            0
        } else if result.winners().iter().any(|w| team.contains(*w)) {
            MATE - 1
        } else {
            -(MATE - 1)
        }
    };
    if let Some(result) = game.result() {
        return Searched {
            score: result_score(result),
            best: None,
            nodes: 0,
        };
    }
    let pos = game.position();
    let maximizing = team.contains(pos.turn());
    let better = |a: Score, b: Score| if maximizing { a > b } else { a < b };
    let mut decided: Option<(Move, Score)> = None;
    let mut candidates = Vec::new();
    for m in game.legal_moves() {
        let mut after = game.clone();
        match after.play(&m) {
            Ok(report) => match report.result {
                Some(result) => {
                    let score = result_score(&result);
                    if decided.map_or(true, |(_, s)| better(score, s)) {
                        decided = Some((m, score));
                    }
                }
                None => candidates.push(m),
            },
            Err(_) => continue,
        }
    }
    let mut nodes = 0;
    let mut best = decided;
    let wins_now = decided.is_some_and(|(_, s)| s.abs() >= MATE_BOUND && better(s, 0));
    if !candidates.is_empty() && !wins_now {
        let eval = Evaluator::new(pos);
        let budget = Budget {
            deadline: match limits.nodes {
                Some(_) => None,
                None => Some(Instant::now() + limits.movetime),
            },
            nodes: limits.nodes,
            depth: 64,
        };
        let earlier = earlier_hashes(game);
        let found = match pos {
            AnyPosition::Shogi(p) => {
                Searcher::new(&eval, team, budget, earlier).run(p, &candidates, false)
            }
            AnyPosition::DaiDai(p) => {
                Searcher::new(&eval, team, budget, earlier).run(p, &candidates, false)
            }
        };
        nodes = found.nodes;
        if let Some(&(m, s)) = found.scored.first() {
            if best.map_or(true, |(_, b)| better(s, b)) {
                best = Some((m, s));
            }
        }
    }
    Searched {
        score: best.map_or(0, |(_, s)| s.clamp(-MATE, MATE)),
        best: best.map(|(m, _)| m),
        nodes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winning_chances_are_even_at_zero_and_certain_at_mate() {
        assert!((win_chance(0) - 50.0).abs() < 1e-9);
        assert_eq!(win_chance(MATE - 5), 100.0);
        assert_eq!(win_chance(-(MATE - 5)), 0.0);
        assert!(win_chance(400) > 70.0 && win_chance(400) < 75.0);
        assert!((graph_value(0)).abs() < 1e-9);
        assert!(graph_value(3000) > 0.99);
    }

    #[test]
    fn judgements_follow_the_thresholds() {
        assert_eq!(Judgement::of_drop(9.9), None);
        assert_eq!(Judgement::of_drop(10.0), Some(Judgement::Inaccuracy));
        assert_eq!(Judgement::of_drop(25.0), Some(Judgement::Mistake));
        assert_eq!(Judgement::of_drop(60.0), Some(Judgement::Blunder));
    }
}
