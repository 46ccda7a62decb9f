//! The evaluation's tuner and yardsticks: self-play games at a fixed node count, a
//! Texel-style fit of the weights to their results, matches between two sets of weights,
//! and the search's speed with each.
//!
//! ```text
//! cargo run --release --example tune -- gen   --games 2000 --nodes 20000 --out DIR/games.txt
//! cargo run --release --example tune -- fit   --data DIR/games.txt --out DIR/tuned.json
//! cargo run --release --example tune -- match --a default --b DIR/tuned.json --games 400
//! cargo run --release --example tune -- speed --weights DIR/tuned.json
//! cargo run --release --example tune -- show  --weights DIR/tuned.json
//! ```
//!
//! Weights are named `default` (the table the computer plays with), `initial` (the
//! hand-set starting point) or a JSON file written by `fit`. Games and fitted weights stay
//! outside the repository. Every game of `gen` and `match` is repeatable: the seeds fix
//! the openings, and the searches stop at node counts, not at the clock.

use std::collections::HashMap;
use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use clap::{Parser, Subcommand};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use shogiban::computer::eval::{Evaluator, Layout, Score, Weights, MATE};
use shogiban::computer::search::{Budget, Searcher};
use shogiban::computer::{choose, Level, Limits};
use shogiban::engine::{AnyPosition, Game, Move, Position, RuleOptions, Seat, SeatSet, Variant};

#[derive(Parser)]
#[command(about = "Tune and measure the computer's evaluation")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Self-play games at a fixed node count, written as positions with the game's result.
    Gen {
        #[arg(long, default_value = "standard")]
        variant: Variant,
        #[arg(long, default_value_t = 1000)]
        games: u32,
        #[arg(long, default_value_t = 20_000)]
        nodes: u64,
        #[arg(long, default_value = "default")]
        weights: String,
        /// Plies of the opening played with a beginner's random spread, for variety.
        #[arg(long, default_value_t = 10)]
        opening: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long)]
        out: PathBuf,
    },
    /// Fits the weights to game results on quiet positions (logistic, Texel's method).
    Fit {
        #[arg(long, default_value = "standard")]
        variant: Variant,
        #[arg(long, required = true, num_args = 1..)]
        data: Vec<PathBuf>,
        /// The starting weights (also what the fit is pulled back towards).
        #[arg(long, default_value = "default")]
        init: String,
        #[arg(long, default_value_t = 1500)]
        steps: u32,
        /// Pull towards the starting weights (per weight, per position).
        #[arg(long, default_value_t = 1e-7)]
        ridge: f64,
        /// Weights whose name starts with one of these are kept as they start.
        #[arg(long)]
        freeze: Vec<String>,
        /// Most positions to read.
        #[arg(long, default_value_t = 2_000_000)]
        limit: usize,
        /// The target: this share of the game's result, the rest the search's score
        /// turned into an expected result (1 = the result alone, Texel's method).
        #[arg(long, default_value_t = 1.0)]
        lambda: f64,
        /// The logistic scale, instead of the one that fits the starting weights to the
        /// results best: errors of different weights compare only at one scale.
        #[arg(long)]
        k: Option<f64>,
        #[arg(long)]
        out: PathBuf,
    },
    /// Weights A against weights B at a fixed node count, each opening played with both
    /// colours (in yonin: A on two seats, B on the other two, then swapped).
    Match {
        #[arg(long, default_value = "standard")]
        variant: Variant,
        #[arg(long)]
        a: String,
        #[arg(long)]
        b: String,
        /// Games in all (an even number: each opening twice).
        #[arg(long, default_value_t = 200)]
        games: u32,
        #[arg(long, default_value_t = 20_000)]
        nodes: u64,
        /// B's node count, if not A's (to give the faster evaluation its speed).
        #[arg(long)]
        b_nodes: Option<u64>,
        #[arg(long, default_value_t = 8)]
        opening: u32,
        #[arg(long, default_value_t = 1000)]
        seed: u64,
    },
    /// Search speed at a fixed node count (nodes per CPU second) and evaluations per
    /// CPU second, over positions from seeded random games.
    Speed {
        #[arg(long, default_value = "standard")]
        variant: Variant,
        #[arg(long, default_value = "default")]
        weights: String,
        #[arg(long, default_value_t = 400_000)]
        nodes: u64,
    },
    /// Prints weights by name, and as the Rust table the source keeps.
    Show {
        #[arg(long, default_value = "standard")]
        variant: Variant,
        #[arg(long, default_value = "default")]
        weights: String,
    },
}

fn main() -> Result<()> {
    match Cli::parse().command {
        Command::Gen {
            variant,
            games,
            nodes,
            weights,
            opening,
            seed,
            out,
        } => gen(variant, games, nodes, &weights, opening, seed, out),
        Command::Fit {
            variant,
            data,
            init,
            steps,
            ridge,
            freeze,
            limit,
            lambda,
            k,
            out,
        } => fit(
            variant, &data, &init, steps, ridge, &freeze, limit, lambda, k, out,
        ),
        Command::Match {
            variant,
            a,
            b,
            games,
            nodes,
            b_nodes,
            opening,
            seed,
        } => play_match(
            variant,
            &a,
            &b,
            games,
            nodes,
            b_nodes.unwrap_or(nodes),
            opening,
            seed,
        ),
        Command::Speed {
            variant,
            weights,
            nodes,
        } => speed(variant, &weights, nodes),
        Command::Show { variant, weights } => show(variant, &weights),
    }
}

fn start(variant: Variant) -> Game {
    Game::new(variant, RuleOptions::defaults(variant))
}

/// Reads weights by name (see the module doc).
fn load_weights(variant: Variant, name: &str) -> Result<Weights> {
    let game = start(variant);
    let pos = game.position();
    let weights = match (name, pos) {
        ("default", AnyPosition::Shogi(p)) => Weights::standard_for(p),
        ("default", AnyPosition::DaiDai(p)) => Weights::standard_for(p),
        ("initial", AnyPosition::Shogi(p)) => Weights::initial(p),
        ("initial", AnyPosition::DaiDai(p)) => Weights::initial(p),
        (path, _) => {
            let text = std::fs::read_to_string(path).with_context(|| format!("reading {path}"))?;
            serde_json::from_str(&text).with_context(|| format!("reading weights in {path}"))?
        }
    };
    if weights.variant != variant {
        bail!(
            "{name} holds weights for {}, not {variant}",
            weights.variant
        );
    }
    Ok(weights)
}

fn evaluator(variant: Variant, weights: &Weights) -> Result<Evaluator> {
    let game = start(variant);
    Ok(match game.position() {
        AnyPosition::Shogi(p) => Evaluator::with_weights(p, weights.clone())?,
        AnyPosition::DaiDai(p) => Evaluator::with_weights(p, weights.clone())?,
    })
}

/// The seats the side to move plays for: itself, and its partner in doubles.
fn team_of(pos: &AnyPosition, seat: Seat) -> SeatSet {
    let team = SeatSet::EMPTY.with(seat);
    match pos.partner(seat) {
        Some(p) => team.with(p),
        None => team,
    }
}

/// Hashes of the positions before the current one, oldest first.
fn earlier_hashes(game: &Game) -> Vec<u64> {
    let mut hashes = Vec::with_capacity(game.history().len() + 1);
    hashes.push(game.start_position().hash());
    hashes.extend(game.history().iter().map(|m| m.hash));
    hashes.pop();
    hashes
}

/// What a player decided.
struct Decision {
    mv: Move,
    /// For the side to move.
    score: Score,
    resign: bool,
}

/// The computer's move at a fixed node count with the given evaluation, as
/// `computer::choose` decides at level 8: a move that wins at once is played, one that
/// loses at once only when nothing else is left; a hopeless game is resigned.
fn decide(game: &Game, eval: &Evaluator, nodes: u64) -> Option<Decision> {
    let pos = game.position();
    let team = team_of(pos, pos.turn());
    let mut candidates = Vec::new();
    let mut losing = Vec::new();
    for m in game.legal_moves() {
        let mut after = game.clone();
        let Ok(report) = after.play(&m) else {
            continue;
        };
        match report.result {
            Some(r) if r.winners().iter().any(|w| team.contains(*w)) => {
                return Some(Decision {
                    mv: m,
                    score: MATE - 1,
                    resign: false,
                })
            }
            Some(r) if !r.is_draw() && !r.is_void() => losing.push(m),
            _ => candidates.push(m),
        }
    }
    if candidates.is_empty() {
        return losing.first().map(|&mv| Decision {
            mv,
            score: -MATE + 1,
            resign: false,
        });
    }
    let budget = Budget {
        deadline: None,
        nodes: Some(nodes),
        depth: 64,
    };
    let earlier = earlier_hashes(game);
    let found = match pos {
        AnyPosition::Shogi(p) => {
            Searcher::new(eval, team, budget, earlier).run(p, &candidates, false)
        }
        AnyPosition::DaiDai(p) => {
            Searcher::new(eval, team, budget, earlier).run(p, &candidates, false)
        }
    };
    let (mv, score) = found.scored[0];
    let resign = pos.seats() == 2 && found.depth >= 2 && score <= -(30 * eval.pawn()).min(MATE / 2);
    Some(Decision { mv, score, resign })
}

/// An opening: `plies` moves of a beginner's random spread (level 2), from a seed.
fn opening(variant: Variant, plies: u32, seed: u64) -> Game {
    let mut rng = StdRng::seed_from_u64(seed);
    loop {
        let mut game = start(variant);
        for _ in 0..plies {
            let limits = Limits {
                nodes: Some(4000),
                seed: Some(rng.gen()),
                ..Limits::default()
            };
            let Ok(c) = choose(&game, Level::new(2).expect("a level"), limits) else {
                break;
            };
            if game.play(&c.mv).is_err() {
                break;
            }
        }
        if !game.is_over() {
            return game;
        }
    }
}

/// Plies after which a game is scored as a draw.
fn ply_cap(variant: Variant) -> usize {
    match variant {
        Variant::Standard => 320,
        Variant::Yonin | Variant::YoninDoubles => 400,
        Variant::DaiDai => 600,
    }
}

/// Places per seat (1 = first) of a finished game; `None` if void or capped.
fn places(game: &Game) -> Option<Vec<u8>> {
    game.result().and_then(|r| r.places.clone())
}

/// One position seen in a game, for the fit.
struct Seen {
    text: String,
    ply: usize,
    /// The search's score for the side to move.
    score: Score,
    /// Not in check, and the move chosen took nothing and did not promote.
    quiet: bool,
}

/// Plays `game` to its end with one evaluation per seat; returns the positions seen and
/// the places (`None` for a game cut at the ply cap, scored as a draw).
fn play_out(
    mut game: Game,
    players: &[(&Evaluator, u64); 4],
    record: bool,
) -> (Vec<Seen>, Option<Vec<u8>>) {
    let variant = game.variant();
    let mut seen = Vec::new();
    while let Some(seat) = game.seat_to_move() {
        if game.history().len() >= ply_cap(variant) {
            return (seen, None);
        }
        let (eval, nodes) = players[seat.index()];
        let Some(d) = decide(&game, eval, nodes) else {
            break;
        };
        if d.resign {
            game.resign(seat).expect("a player may resign");
            break;
        }
        if record {
            let pos = game.position();
            let takes = pos
                .piece_at(d.mv.to)
                .is_some_and(|p| p.owner() != seat && !d.mv.is_drop());
            seen.push(Seen {
                text: pos.to_text(),
                ply: game.history().len(),
                score: d.score,
                quiet: !pos.in_check(seat) && !takes && !d.mv.promote,
            });
        }
        game.play(&d.mv).expect("the computer plays legal moves");
    }
    (seen, places(&game))
}

#[allow(clippy::too_many_arguments)]
fn gen(
    variant: Variant,
    games: u32,
    nodes: u64,
    weights: &str,
    opening_plies: u32,
    seed: u64,
    out: PathBuf,
) -> Result<()> {
    let weights = load_weights(variant, weights)?;
    let eval = evaluator(variant, &weights)?;
    let mut file = BufWriter::new(
        File::options()
            .create(true)
            .append(true)
            .open(&out)
            .with_context(|| format!("opening {}", out.display()))?,
    );
    let started = Instant::now();
    let mut positions = 0;
    let mut outcomes: HashMap<String, u32> = HashMap::new();
    for g in 0..games {
        let game_seed = seed.wrapping_mul(1_000_003).wrapping_add(u64::from(g));
        let game = opening(variant, opening_plies, game_seed);
        let players = [(&eval, nodes); 4];
        let (seen, places) = play_out(game, &players, true);
        // Each position's result for the side to move: 1 for a first place, 0 for a
        // last, shared places and capped games in between.
        let seats = variant.seats() as usize;
        for s in &seen {
            let mover = AnyPosition::from_text(variant, &s.text)?.turn();
            let result = match &places {
                Some(p) => {
                    let worst = *p.iter().max().unwrap_or(&1);
                    if worst == 1 {
                        0.5
                    } else {
                        f64::from(worst - p[mover.index()]) / f64::from(worst - 1)
                    }
                }
                None => 0.5,
            };
            writeln!(
                file,
                "{result}\t{}\t{}\t{}\t{}",
                s.ply,
                s.score,
                u8::from(s.quiet),
                s.text
            )?;
        }
        positions += seen.len();
        let key = match &places {
            None => "capped".to_string(),
            Some(p) if seats == 2 && p[0] == p[1] => "draw".to_string(),
            Some(p) => format!("first {}", p.iter().position(|&x| x == 1).map_or(0, |i| i)),
        };
        *outcomes.entry(key).or_default() += 1;
        if (g + 1) % 10 == 0 {
            file.flush()?;
            eprintln!(
                "{} games, {positions} positions, {:.0} s, {outcomes:?}",
                g + 1,
                started.elapsed().as_secs_f64()
            );
        }
    }
    file.flush()?;
    eprintln!("{games} games, {positions} positions, {outcomes:?}");
    Ok(())
}

/// Positions' terms, packed: per position its result and search score, then (weight,
/// coefficient) pairs.
struct Data {
    results: Vec<f32>,
    scores: Vec<f32>,
    starts: Vec<u32>,
    index: Vec<u16>,
    coef: Vec<f32>,
}

impl Data {
    fn len(&self) -> usize {
        self.results.len()
    }

    fn terms(&self, i: usize) -> impl Iterator<Item = (usize, f32)> + '_ {
        let (a, b) = (self.starts[i] as usize, self.starts[i + 1] as usize);
        self.index[a..b]
            .iter()
            .zip(&self.coef[a..b])
            .map(|(&j, &c)| (j as usize, c))
    }
}

fn read_data(variant: Variant, files: &[PathBuf], eval: &Evaluator, limit: usize) -> Result<Data> {
    let mut data = Data {
        results: Vec::new(),
        scores: Vec::new(),
        starts: vec![0],
        index: Vec::new(),
        coef: Vec::new(),
    };
    let (mut read, mut kept) = (0usize, 0usize);
    for path in files {
        let file = File::open(path).with_context(|| format!("opening {}", path.display()))?;
        for line in BufReader::new(file).lines() {
            let line = line?;
            let fields: Vec<&str> = line.splitn(5, '\t').collect();
            let [result, ply, score, quiet, text] = fields[..] else {
                bail!(
                    "a line of {} is not result, ply, score, quiet, position",
                    path.display()
                );
            };
            read += 1;
            let (result, ply, score): (f32, usize, Score) =
                (result.parse()?, ply.parse()?, score.parse()?);
            // Quiet positions past the opening, not yet decided.
            if quiet != "1" || ply < 12 || score.abs() > 2000 {
                continue;
            }
            let pos = AnyPosition::from_text(variant, text)?;
            let team = team_of(&pos, pos.turn());
            let terms = match &pos {
                AnyPosition::Shogi(p) => eval.terms_of(p, team),
                AnyPosition::DaiDai(p) => eval.terms_of(p, team),
            };
            for (j, c) in terms {
                data.index.push(j as u16);
                data.coef.push(c as f32);
            }
            data.starts.push(data.index.len() as u32);
            data.results.push(result);
            data.scores.push(score as f32);
            kept += 1;
            if kept >= limit {
                break;
            }
        }
    }
    eprintln!(
        "{read} positions read, {kept} quiet ones kept, {:.1} terms each",
        data.index.len() as f64 / kept.max(1) as f64
    );
    Ok(data)
}

/// The logistic curve turning a score (hundredths of a pawn) into an expected result.
fn sigmoid(score: f64, k: f64) -> f64 {
    1.0 / (1.0 + (-k * score).exp())
}

/// Mean squared error of the predictions, and each position's score.
fn error(data: &Data, w: &[f64], k: f64) -> f64 {
    let mut sum = 0.0;
    for i in 0..data.len() {
        let s: f64 = data.terms(i).map(|(j, c)| w[j] * f64::from(c)).sum();
        let d = f64::from(data.results[i]) - sigmoid(s, k);
        sum += d * d;
    }
    sum / data.len().max(1) as f64
}

#[allow(clippy::too_many_arguments)]
fn fit(
    variant: Variant,
    files: &[PathBuf],
    init: &str,
    steps: u32,
    ridge: f64,
    freeze: &[String],
    limit: usize,
    lambda: f64,
    scale: Option<f64>,
    out: PathBuf,
) -> Result<()> {
    let weights = load_weights(variant, init)?;
    let eval = evaluator(variant, &weights)?;
    let layout = eval.layout();
    let mut data = read_data(variant, files, &eval, limit)?;
    let n = data.len();
    if n == 0 {
        bail!("no positions to fit");
    }
    let codes = kind_codes(variant);
    let start: Vec<f64> = weights.values.iter().map(|&v| f64::from(v)).collect();
    // The scale given, or the k that fits the starting weights best (golden-section search).
    let k = scale.unwrap_or_else(|| {
        let (mut lo, mut hi) = (1e-4f64, 0.05f64);
        for _ in 0..40 {
            let m1 = hi - (hi - lo) / 1.618;
            let m2 = lo + (hi - lo) / 1.618;
            if error(&data, &start, m1) < error(&data, &start, m2) {
                hi = m2;
            } else {
                lo = m1;
            }
        }
        (lo + hi) / 2.0
    });
    if lambda < 1.0 {
        for i in 0..data.len() {
            let searched = sigmoid(f64::from(data.scores[i]), k);
            data.results[i] =
                (lambda * f64::from(data.results[i]) + (1.0 - lambda) * searched) as f32;
        }
    }
    let e0 = error(&data, &start, k);
    eprintln!(
        "k = {k:.6} (a pawn up: {:.3}), error {e0:.6}",
        sigmoid(100.0, k)
    );
    // Which weights occur at all, and which are held.
    let mut seen = vec![0u32; layout.len];
    for i in 0..n {
        for (j, _) in data.terms(i) {
            seen[j] += 1;
        }
    }
    let free: Vec<bool> = (0..layout.len)
        .map(|j| {
            let name = layout.name(j, &codes);
            seen[j] >= 50 && !freeze.iter().any(|f| name.starts_with(f.as_str()))
        })
        .collect();
    // Adam on the mean squared error plus the ridge towards the start.
    let mut w = start.clone();
    let (mut m, mut v) = (vec![0.0; layout.len], vec![0.0; layout.len]);
    let (b1, b2, rate) = (0.9f64, 0.999f64, 2.0f64);
    let mut grad = vec![0.0; layout.len];
    for step in 1..=steps {
        grad.iter_mut().for_each(|g| *g = 0.0);
        let mut sum = 0.0;
        for i in 0..n {
            let s: f64 = data.terms(i).map(|(j, c)| w[j] * f64::from(c)).sum();
            let p = sigmoid(s, k);
            let d = p - f64::from(data.results[i]);
            sum += d * d;
            let g = 2.0 * d * p * (1.0 - p) * k;
            for (j, c) in data.terms(i) {
                grad[j] += g * f64::from(c);
            }
        }
        for j in 0..layout.len {
            if !free[j] {
                continue;
            }
            let g = grad[j] / n as f64 + 2.0 * ridge * (w[j] - start[j]);
            m[j] = b1 * m[j] + (1.0 - b1) * g;
            v[j] = b2 * v[j] + (1.0 - b2) * g * g;
            let mh = m[j] / (1.0 - b1.powi(step as i32));
            let vh = v[j] / (1.0 - b2.powi(step as i32));
            w[j] -= rate * mh / (vh.sqrt() + 1e-12);
        }
        if step % 100 == 0 || step == 1 {
            eprintln!("step {step}: error {:.6}", sum / n as f64);
        }
    }
    let values: Vec<Score> = w.iter().map(|x| x.round() as Score).collect();
    let rounded: Vec<f64> = values.iter().map(|&x| f64::from(x)).collect();
    eprintln!(
        "error {e0:.6} -> {:.6} over {n} positions",
        error(&data, &rounded, k)
    );
    let tuned = Weights { variant, values };
    std::fs::write(&out, serde_json::to_string(&tuned)?)
        .with_context(|| format!("writing {}", out.display()))?;
    Ok(())
}

fn kind_codes(variant: Variant) -> Vec<&'static str> {
    let game = start(variant);
    game.position().kinds().iter().map(|k| k.code).collect()
}

#[allow(clippy::too_many_arguments)]
fn play_match(
    variant: Variant,
    a: &str,
    b: &str,
    games: u32,
    a_nodes: u64,
    b_nodes: u64,
    opening_plies: u32,
    seed: u64,
) -> Result<()> {
    let ea = evaluator(variant, &load_weights(variant, a)?)?;
    let eb = evaluator(variant, &load_weights(variant, b)?)?;
    let seats = variant.seats() as usize;
    let (mut wins, mut draws, mut losses) = (0u32, 0u32, 0u32);
    let started = Instant::now();
    for g in 0..games {
        let game = opening(variant, opening_plies, seed + u64::from(g / 2));
        // A plays the even seats in even games, the odd ones in odd games.
        let a_seats: Vec<usize> = (0..seats).filter(|s| s % 2 == (g % 2) as usize).collect();
        let mut players = [(&eb, b_nodes); 4];
        for &s in &a_seats {
            players[s] = (&ea, a_nodes);
        }
        let (_, places) = play_out(game, &players, false);
        let outcome = match &places {
            None => 0,
            Some(p) => {
                let a_best = a_seats.iter().map(|&s| p[s]).min().unwrap_or(9);
                let b_best = (0..seats)
                    .filter(|s| !a_seats.contains(s))
                    .map(|s| p[s])
                    .min()
                    .unwrap_or(9);
                (b_best as i32 - a_best as i32).signum()
            }
        };
        match outcome {
            1 => wins += 1,
            -1 => losses += 1,
            _ => draws += 1,
        }
        if (g + 1) % 10 == 0 || g + 1 == games {
            let (elo, margin) = elo(wins, draws, losses);
            println!(
                "{} games: A {wins} W {draws} D {losses} L, A's Elo {elo:+.0} ± {margin:.0} ({:.0} s)",
                g + 1,
                started.elapsed().as_secs_f64()
            );
        }
    }
    Ok(())
}

/// The Elo difference a score implies, and the half-width of its 95% interval.
fn elo(wins: u32, draws: u32, losses: u32) -> (f64, f64) {
    let n = f64::from(wins + draws + losses);
    if n == 0.0 {
        return (0.0, 0.0);
    }
    let score = (f64::from(wins) + 0.5 * f64::from(draws)) / n;
    let var = (f64::from(wins) * (1.0 - score).powi(2)
        + f64::from(draws) * (0.5 - score).powi(2)
        + f64::from(losses) * score.powi(2))
        / n;
    let se = (var / n).sqrt();
    let to_elo = |p: f64| {
        let p = p.clamp(1e-4, 1.0 - 1e-4);
        -400.0 * (1.0 / p - 1.0).log10()
    };
    let (lo, hi) = (to_elo(score - 1.96 * se), to_elo(score + 1.96 * se));
    (to_elo(score), (hi - lo) / 2.0)
}

/// CPU time this thread has run, in seconds (Linux).
fn cpu_seconds() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(0.0, |ns| ns / 1e9)
}

fn speed(variant: Variant, weights: &str, nodes: u64) -> Result<()> {
    let eval = evaluator(variant, &load_weights(variant, weights)?)?;
    let mut rng = StdRng::seed_from_u64(11);
    let mut games = Vec::new();
    while games.len() < 6 {
        let mut game = start(variant);
        for _ in 0..20 {
            let legal = game.legal_moves();
            let Some(m) = legal.choose(&mut rng) else {
                break;
            };
            game.play(m)?;
        }
        if !game.is_over() {
            games.push(game);
        }
    }
    let (mut total_nodes, mut secs) = (0u64, 0.0);
    for game in &games {
        let pos = game.position();
        let team = team_of(pos, pos.turn());
        let budget = Budget {
            deadline: None,
            nodes: Some(nodes),
            depth: 64,
        };
        let legal = game.legal_moves();
        let before = cpu_seconds();
        let found = match pos {
            AnyPosition::Shogi(p) => {
                Searcher::new(&eval, team, budget, Vec::new()).run(p, &legal, false)
            }
            AnyPosition::DaiDai(p) => {
                Searcher::new(&eval, team, budget, Vec::new()).run(p, &legal, false)
            }
        };
        secs += cpu_seconds() - before;
        total_nodes += found.nodes;
    }
    println!(
        "{variant}: {:.3} M nodes per CPU second ({total_nodes} nodes)",
        total_nodes as f64 / secs / 1e6
    );
    let rounds = 20_000;
    let before = cpu_seconds();
    let mut sink = 0i64;
    for _ in 0..rounds {
        for game in &games {
            let pos = game.position();
            let team = team_of(pos, pos.turn());
            sink += i64::from(match pos {
                AnyPosition::Shogi(p) => eval.evaluate(p, team),
                AnyPosition::DaiDai(p) => eval.evaluate(p, team),
            });
        }
    }
    let per = (cpu_seconds() - before) / f64::from(rounds) / games.len() as f64;
    println!("{variant}: {:.0} ns per evaluation ({sink})", per * 1e9);
    Ok(())
}

fn show(variant: Variant, weights: &str) -> Result<()> {
    let weights = load_weights(variant, weights)?;
    let eval = evaluator(variant, &weights)?;
    let layout: Layout = eval.layout();
    let codes = kind_codes(variant);
    for (i, v) in weights.values.iter().enumerate() {
        if *v != 0 {
            println!("{:>5} {:<32} {v}", i, layout.name(i, &codes));
        }
    }
    println!("[");
    for chunk in weights.values.chunks(12) {
        let line: Vec<String> = chunk.iter().map(|v| v.to_string()).collect();
        println!("    {},", line.join(", "));
    }
    println!("]");
    Ok(())
}
