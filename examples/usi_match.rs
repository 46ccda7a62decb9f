//! A match between two USI engines in any variant, refereed by our own rules engine:
//!
//! ```text
//! cargo run --release --example usi_match -- \
//!     --a "target/release/shogiban usi" --b "/tmp/shogiban-old usi" \
//!     --variant standard --games 100 --nodes 20000 --out /tmp/matches/new-vs-old
//! cargo run --release --example usi_match -- \
//!     --a "target/release/shogiban usi" --b "/usr/games/fairy-stockfish" \
//!     --b-option "Skill Level=10" --b-check --games 10 --movetime 300
//! ```
//!
//! Engine A plays against engine B. In two-player variants each opening line of
//! `examples/openings/<variant>.txt` is played twice, colours swapped; in yonin singles
//! A takes one seat (rotating) against three copies of B, in doubles A's pair against B's.
//! Every move an engine answers is checked legal by our engine before it is played (an
//! illegal move, a crash or a hang loses that engine the game), the game ends by its own
//! rules (mate, repetition, the move limit, a declaration) or a resignation (or, in
//! two-player variants with `--max-plies N`, is adjudicated at N plies: won by the side
//! that both engines' own last scores put ahead by `--adjudicate-margin` centipawns or
//! more, else drawn), and with
//! `--a-check`/`--b-check` each position is also read back from the engine with `d`
//! (Fairy-Stockfish) and compared, so an engine that silently stopped reading the move
//! list is caught. Each game's record goes to `--out`; the result is printed as W/D/L
//! with an Elo estimate and its 95% margin (yonin singles: A's places).
//!
//! Other variants than standard are sent as `setoption name Variant value V` (as
//! `shogiban usi` reads it) with `position startpos moves ...` in the variant's notation.
//! `--write-openings N` instead writes N fresh opening lines for the variant, played by
//! the built-in player at a weak level from varied seeds.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context, Result};
use clap::Parser;

use shogiban::computer::{choose, Level, Limits};
use shogiban::engine::{standard, AnyPosition, Game, RuleOptions, Seat, Variant};

#[derive(Parser, Clone)]
#[command(about = "A match between two USI engines, refereed by shogiban's rules")]
struct Args {
    /// Engine A's command line (program, then arguments).
    #[arg(long, default_value = "target/release/shogiban usi")]
    a: String,
    /// Engine B's command line.
    #[arg(long, default_value = "/usr/games/fairy-stockfish")]
    b: String,
    /// An option for engine A, NAME=VALUE (repeatable).
    #[arg(long = "a-option")]
    a_options: Vec<String>,
    /// An option for engine B, NAME=VALUE (repeatable).
    #[arg(long = "b-option")]
    b_options: Vec<String>,
    /// Read each position back from engine A with `d` and compare (Fairy-Stockfish).
    #[arg(long)]
    a_check: bool,
    /// Read each position back from engine B with `d` and compare (Fairy-Stockfish).
    #[arg(long)]
    b_check: bool,
    /// Names for the report.
    #[arg(long, default_value = "A")]
    a_name: String,
    #[arg(long, default_value = "B")]
    b_name: String,
    /// standard, yonin, yonin-doubles or daidai.
    #[arg(long, default_value = "standard")]
    variant: String,
    #[arg(long, default_value_t = 2)]
    games: usize,
    /// Nodes per move (`go nodes`): repeatable, unaffected by the machine's load.
    #[arg(long)]
    nodes: Option<u64>,
    /// Milliseconds per move (`go movetime`), when --nodes is not given.
    #[arg(long, default_value_t = 300)]
    movetime: u64,
    /// Engine A's own milliseconds per move, instead of --movetime (levels that differ
    /// by think time).
    #[arg(long)]
    a_movetime: Option<u64>,
    /// Engine B's own milliseconds per move, instead of --movetime.
    #[arg(long)]
    b_movetime: Option<u64>,
    /// Engine A's own nodes per move, instead of --nodes.
    #[arg(long)]
    a_nodes: Option<u64>,
    /// Engine B's own nodes per move, instead of --nodes.
    #[arg(long)]
    b_nodes: Option<u64>,
    /// The opening lines, one a line (moves in the variant's notation); `#` comments.
    #[arg(long)]
    openings: Option<PathBuf>,
    /// Where each game's record goes (outside the repository).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Write this many opening lines for the variant to --openings instead of a match.
    #[arg(long)]
    write_openings: Option<usize>,
    /// Plies of each written opening line.
    #[arg(long, default_value_t = 6)]
    opening_plies: usize,
    /// Ends a game still going after this many plies (two-player variants) and
    /// adjudicates it: see --adjudicate-margin.
    #[arg(long)]
    max_plies: Option<usize>,
    /// At --max-plies, a win for the side both engines' own last scores put ahead by at
    /// least this many centipawns (each engine's score of its own last search, from its
    /// own side); otherwise a draw.
    #[arg(long, default_value_t = 500)]
    adjudicate_margin: i64,
}

/// One engine process.
struct Engine {
    name: String,
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    check: bool,
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Engine {
    fn start(
        name: &str,
        command: &str,
        options: &[String],
        variant: Variant,
        check: bool,
    ) -> Result<Engine> {
        let mut words = command.split_whitespace();
        let program = words.next().context("an empty engine command")?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("cannot start {command}"))?;
        let input = child.stdin.take().context("no stdin")?;
        let output = child.stdout.take().context("no stdout")?;
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = Engine {
            name: name.to_owned(),
            child,
            input,
            lines,
            check,
        };
        engine.send("usi")?;
        engine.wait_for("usiok", Duration::from_secs(10))?;
        if variant != Variant::Standard {
            engine.send(&format!("setoption name Variant value {}", variant.name()))?;
        }
        for option in options {
            let (name, value) = option
                .split_once('=')
                .with_context(|| format!("option '{option}' is not NAME=VALUE"))?;
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        engine.send("isready")?;
        engine.wait_for("readyok", Duration::from_secs(30))?;
        engine.send("usinewgame")?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<()> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|_| anyhow!("{} closed its input", self.name))
    }

    fn receive(&mut self, deadline: Instant) -> Result<String> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => bail!("{} did not answer in time", self.name),
            Err(RecvTimeoutError::Disconnected) => bail!("{} died", self.name),
        }
    }

    fn wait_for(&mut self, word: &str, within: Duration) -> Result<()> {
        let deadline = Instant::now() + within;
        while self.receive(deadline)?.trim() != word {}
        Ok(())
    }

    /// The engine's answer to `go` in `game`: its `bestmove` word, its last reported
    /// depth and its last reported score (centipawns from its own side; mates as ±100,000).
    fn think(
        &mut self,
        game: &Game,
        limit: &str,
        within: Duration,
    ) -> Result<(String, u32, Option<i64>)> {
        let start = match game.start_position() {
            AnyPosition::Shogi(p) if game.variant() == Variant::Standard => {
                let sfen = standard::to_sfen(p);
                if sfen == standard::to_sfen(&standard::start()) {
                    "startpos".to_owned()
                } else {
                    format!("sfen {sfen}")
                }
            }
            _ => "startpos".to_owned(),
        };
        let moves: Vec<&str> = game
            .history()
            .iter()
            .map(|m| m.coordinate.as_str())
            .collect();
        let mut line = format!("position {start}");
        if !moves.is_empty() {
            line.push_str(" moves ");
            line.push_str(&moves.join(" "));
        }
        self.send(&line)?;
        if self.check {
            self.check_position(game)?;
        }
        self.send(&format!("go {limit}"))?;
        let deadline = Instant::now() + within;
        let mut depth = 0;
        let mut score = None;
        loop {
            let line = self.receive(deadline)?;
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.first() {
                Some(&"bestmove") => {
                    return Ok((
                        words.get(1).copied().unwrap_or("resign").to_owned(),
                        depth,
                        score,
                    ))
                }
                Some(&"info") => {
                    if let Some(i) = words.iter().position(|w| *w == "depth") {
                        depth = words
                            .get(i + 1)
                            .and_then(|d| d.parse().ok())
                            .unwrap_or(depth);
                    }
                    if let Some(i) = words.iter().position(|w| *w == "score") {
                        let value = words.get(i + 2).and_then(|v| v.parse::<i64>().ok());
                        score = match (words.get(i + 1).copied(), value) {
                            (Some("cp"), Some(v)) => Some(v),
                            (Some("mate"), Some(v)) => {
                                Some(if v >= 0 { 100_000 } else { -100_000 })
                            }
                            _ => score,
                        };
                    }
                }
                _ => {}
            }
        }
    }

    /// Asks the engine for its position with `d` and compares its SFEN with ours.
    fn check_position(&mut self, game: &Game) -> Result<()> {
        let AnyPosition::Shogi(ours) = game.position() else {
            return Ok(());
        };
        self.send("d")?;
        let deadline = Instant::now() + Duration::from_secs(10);
        let theirs = loop {
            let line = self.receive(deadline)?;
            if let Some(rest) = line.strip_prefix("Sfen:") {
                break rest.trim().to_owned();
            }
        };
        let ours = standard::to_sfen(ours);
        if same_sfen(&ours, &theirs) {
            Ok(())
        } else {
            bail!(
                "{} has another position after {} plies: {theirs} (ours {ours})",
                self.name,
                game.history().len()
            )
        }
    }
}

/// Whether two SFENs show the same board, side to move and hands (hands in any order;
/// the move number is not compared).
fn same_sfen(a: &str, b: &str) -> bool {
    let fields = |s: &str| -> Option<(String, String, String)> {
        let mut w = s.split_whitespace();
        let board = w.next()?.to_owned();
        let side = w.next()?.to_owned();
        let hand = w.next()?;
        // Expand counts ("2P") into letters and sort them.
        let mut letters = Vec::new();
        let mut count = 0u32;
        for c in hand.chars() {
            if let Some(d) = c.to_digit(10) {
                count = count * 10 + d;
            } else if c != '-' {
                for _ in 0..count.max(1) {
                    letters.push(c);
                }
                count = 0;
            }
        }
        letters.sort_unstable();
        Some((board, side, letters.into_iter().collect()))
    };
    fields(a).is_some() && fields(a) == fields(b)
}

/// How one game ended for engine A.
#[derive(Clone, Debug)]
struct Outcome {
    /// A's place (1 = first; in two-player games 1 win, 2 loss; draws give every seat 1).
    place: u8,
    draw: bool,
    reason: String,
    plies: usize,
}

fn opening_lines(path: &Path, variant: Variant) -> Result<Vec<Vec<String>>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the openings {}", path.display()))?;
    let mut lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let moves: Vec<String> = line.split_whitespace().map(str::to_owned).collect();
        // Every line must be legal from the start.
        let mut game = Game::new(variant, RuleOptions::defaults(variant));
        for m in &moves {
            let mv = game
                .parse_move(m)
                .map_err(|e| anyhow!("{}:{}: bad move {m}: {e}", path.display(), i + 1))?;
            game.play(&mv)
                .map_err(|e| anyhow!("{}:{}: illegal move {m}: {e}", path.display(), i + 1))?;
        }
        lines.push(moves);
    }
    if lines.is_empty() {
        lines.push(Vec::new());
    }
    Ok(lines)
}

/// Who plays each seat in game `index`: `true` for engine A.
fn seating(variant: Variant, index: usize) -> Vec<bool> {
    match variant {
        Variant::Standard | Variant::DaiDai => vec![index % 2 == 0, index % 2 == 1],
        Variant::Yonin => (0..4).map(|s| s == index % 4).collect(),
        // A's pair: seats s and s + 2.
        Variant::YoninDoubles => (0..4).map(|s| s % 2 == index % 2).collect(),
    }
}

/// Games per opening line, so that each line is played from every seating.
fn rotation(variant: Variant) -> usize {
    match variant {
        Variant::Yonin => 4,
        _ => 2,
    }
}

fn play_game(
    args: &Args,
    variant: Variant,
    index: usize,
    opening: &[String],
    out: &Path,
) -> Result<Outcome> {
    let seats = seating(variant, index);
    let mut engines = Vec::new();
    for (seat, &is_a) in seats.iter().enumerate() {
        let (name, command, options, check) = if is_a {
            (&args.a_name, &args.a, &args.a_options, args.a_check)
        } else {
            (&args.b_name, &args.b, &args.b_options, args.b_check)
        };
        let label = format!("{name} ({})", variant.seat_name(Seat(seat as u8)));
        engines.push(Engine::start(&label, command, options, variant, check)?);
    }
    let mut game = Game::new(variant, RuleOptions::defaults(variant));
    for m in opening {
        let mv = game.parse_move(m)?;
        game.play(&mv)?;
    }
    let nodes_of = |is_a: bool| {
        if is_a {
            args.a_nodes.or(args.nodes)
        } else {
            args.b_nodes.or(args.nodes)
        }
    };
    let limit_of = |is_a: bool| match nodes_of(is_a) {
        Some(n) => (format!("nodes {n}"), Duration::from_secs(600)),
        None => {
            let own = if is_a {
                args.a_movetime
            } else {
                args.b_movetime
            };
            let ms = own.unwrap_or(args.movetime);
            (
                format!("movetime {ms}"),
                Duration::from_millis(ms) + Duration::from_secs(5),
            )
        }
    };
    let mut notes = Vec::new();
    let mut depths: BTreeMap<bool, (u64, u64)> = BTreeMap::new();
    // Each seat's score of its own last search, from its own side.
    let mut scores: Vec<Option<i64>> = vec![None; seats.len()];
    // The seat an adjudication gives the game to, or `None` for a draw, once the cap
    // is reached.
    let mut adjudicated: Option<Option<usize>> = None;
    while let Some(seat) = game.seat_to_move() {
        if let Some(cap) = args.max_plies.filter(|_| seats.len() == 2) {
            if game.history().len() >= cap {
                let margin = args.adjudicate_margin;
                let winner = (0..2).find(|&s| {
                    matches!((scores[s], scores[1 - s]), (Some(mine), Some(theirs))
                        if mine >= margin && theirs <= -margin)
                });
                notes.push(format!(
                    "adjudicated at {cap} plies, last scores {:?}",
                    scores
                ));
                adjudicated = Some(winner);
                break;
            }
        }
        let engine = &mut engines[seat.index()];
        let (limit, within) = limit_of(seats[seat.index()]);
        let answer = engine.think(&game, &limit, within);
        let (word, depth) = match answer {
            Ok((word, depth, score)) => {
                scores[seat.index()] = score;
                (word, depth)
            }
            Err(e) => {
                notes.push(format!("{e}: {} forfeits", engine.name));
                game.resign(seat)?;
                continue;
            }
        };
        let d = depths.entry(seats[seat.index()]).or_default();
        d.0 += u64::from(depth);
        d.1 += 1;
        match word.as_str() {
            "resign" => {
                notes.push(format!("{} resigns", engine.name));
                game.resign(seat)?;
            }
            "win" => {
                if let Err(e) = game.declare(seat) {
                    notes.push(format!("{} declared a win wrongly ({e})", engine.name));
                    game.resign(seat)?;
                }
            }
            text => {
                let legal = game.legal_moves();
                match game.parse_move(text) {
                    Ok(m) if legal.contains(&m) => {
                        game.play(&m)?;
                    }
                    _ => {
                        notes.push(format!("{} played an illegal move {text}", engine.name));
                        game.resign(seat)?;
                    }
                }
            }
        }
    }
    let a_seats: Vec<usize> = (0..seats.len()).filter(|&s| seats[s]).collect();
    let (places, draw, reason) = match adjudicated {
        Some(Some(winner)) => (
            (0..seats.len())
                .map(|s| if s == winner { 1 } else { 2 })
                .collect(),
            false,
            "adjudicated".to_owned(),
        ),
        Some(None) => (vec![1; seats.len()], true, "adjudicated".to_owned()),
        None => {
            let result = game
                .result()
                .context("the game ended without a result")?
                .clone();
            let places = result
                .places
                .clone()
                .unwrap_or_else(|| vec![1; seats.len()]);
            let draw = result.is_draw() || result.is_void();
            (places, draw, result.reason.describe().to_owned())
        }
    };
    let place = a_seats.iter().map(|&s| places[s]).min().unwrap_or(1);
    let moves: Vec<&str> = game
        .history()
        .iter()
        .map(|m| m.coordinate.as_str())
        .collect();
    let mut record = format!(
        "# game {} ({variant}): {} as {}\n# opening: {}\n# result: {} ({reason}), places {:?}\n",
        index + 1,
        args.a_name,
        a_seats
            .iter()
            .map(|&s| variant.seat_name(Seat(s as u8)))
            .collect::<Vec<_>>()
            .join("+"),
        opening.join(" "),
        if draw {
            "draw".to_owned()
        } else {
            format!("{} place {place}", args.a_name)
        },
        places,
    );
    for (is_a, (sum, n)) in &depths {
        let name = if *is_a { &args.a_name } else { &args.b_name };
        record.push_str(&format!(
            "# {name}: mean depth {:.1}\n",
            *sum as f64 / (*n).max(1) as f64
        ));
    }
    for note in &notes {
        record.push_str(&format!("# {note}\n"));
    }
    record.push_str(&moves.join(" "));
    record.push('\n');
    std::fs::write(out.join(format!("game-{:04}.txt", index + 1)), record)?;
    Ok(Outcome {
        place,
        draw,
        reason: if notes.is_empty() {
            reason
        } else {
            format!("{reason}; {}", notes.join("; "))
        },
        plies: game.history().len(),
    })
}

/// Elo difference for a score fraction.
fn elo(score: f64) -> f64 {
    let s = score.clamp(1e-3, 1.0 - 1e-3);
    -400.0 * (1.0 / s - 1.0).log10()
}

fn write_openings(args: &Args, variant: Variant, count: usize) -> Result<()> {
    let path = args
        .openings
        .clone()
        .context("--write-openings needs --openings FILE")?;
    let mut text = format!(
        "# {count} opening lines of {} plies for {variant}, played by the built-in player at\n\
         # level 3 from varied seeds (usi_match --write-openings).\n",
        args.opening_plies
    );
    let mut seen = std::collections::HashSet::new();
    let mut seed = 0u64;
    while seen.len() < count && seed < count as u64 * 20 {
        seed += 1;
        let mut game = Game::new(variant, RuleOptions::defaults(variant));
        let mut moves = Vec::new();
        for ply in 0..args.opening_plies {
            let limits = Limits {
                nodes: Some(3_000),
                seed: Some(seed * 1000 + ply as u64),
                ..Limits::default()
            };
            let Ok(choice) = choose(&game, Level::new(3).expect("a level"), limits) else {
                break;
            };
            moves.push(choice.text.clone());
            game.play(&choice.mv)?;
        }
        if game.is_over() {
            continue;
        }
        let line = moves.join(" ");
        if seen.insert(line.clone()) {
            text.push_str(&line);
            text.push('\n');
        }
    }
    std::fs::write(&path, text)?;
    println!("wrote {} lines to {}", seen.len(), path.display());
    Ok(())
}

fn main() -> Result<()> {
    let args = Args::parse();
    let variant: Variant = args
        .variant
        .parse()
        .map_err(|_| anyhow!("unknown variant {}", args.variant))?;
    if let Some(n) = args.write_openings {
        return write_openings(&args, variant, n);
    }
    let openings_path = args.openings.clone().unwrap_or_else(|| {
        PathBuf::from(format!(
            "{}/examples/openings/{}.txt",
            env!("CARGO_MANIFEST_DIR"),
            variant.name()
        ))
    });
    let openings = opening_lines(&openings_path, variant)?;
    let out = args.out.clone().unwrap_or_else(|| {
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        std::env::temp_dir().join(format!("shogiban-match-{stamp}"))
    });
    std::fs::create_dir_all(&out)?;
    let limit = match (args.nodes, args.a_movetime, args.b_movetime) {
        _ if args.a_nodes.is_some() || args.b_nodes.is_some() => format!(
            "{:?} vs {:?} nodes/move",
            args.a_nodes.or(args.nodes),
            args.b_nodes.or(args.nodes)
        ),
        (Some(n), _, _) => format!("{n} nodes/move"),
        (None, None, None) => format!("{} ms/move", args.movetime),
        (None, a, b) => format!(
            "{} vs {} ms/move",
            a.unwrap_or(args.movetime),
            b.unwrap_or(args.movetime)
        ),
    };
    println!(
        "{} vs {} in {variant}, {} games at {limit}, {} openings, records in {}",
        args.a_name,
        args.b_name,
        args.games,
        openings.len(),
        out.display()
    );
    let next = Arc::new(AtomicUsize::new(0));
    let results = Arc::new(Mutex::new(Vec::new()));
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..args.concurrency.max(1) {
            let (next, results, args, openings, out) = (&next, &results, &args, &openings, &out);
            scope.spawn(move || loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= args.games {
                    break;
                }
                let opening = &openings[(index / rotation(variant)) % openings.len()];
                let outcome = play_game(args, variant, index, opening, out);
                let mut results = results.lock().unwrap_or_else(|e| e.into_inner());
                match &outcome {
                    Ok(o) => println!(
                        "game {:>3}: {} {} after {} plies ({})",
                        index + 1,
                        args.a_name,
                        if o.draw {
                            "draws".to_owned()
                        } else {
                            format!("place {}", o.place)
                        },
                        o.plies,
                        o.reason
                    ),
                    Err(e) => println!("game {:>3}: not played: {e:#}", index + 1),
                }
                results.push(outcome.ok());
            });
        }
    });
    let results: Vec<Outcome> = results
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .flatten()
        .cloned()
        .collect();
    let n = results.len() as f64;
    if results.is_empty() {
        bail!("no game was played");
    }
    let minutes = started.elapsed().as_secs_f64() / 60.0;
    let adjudicated = results
        .iter()
        .filter(|r| r.reason.starts_with("adjudicated"))
        .count();
    if adjudicated > 0 {
        println!(
            "{adjudicated} of {} games adjudicated at {} plies (margin {} cp)",
            results.len(),
            args.max_plies.unwrap_or(0),
            args.adjudicate_margin
        );
    }
    if variant == Variant::Yonin {
        let mut places = [0usize; 4];
        for r in &results {
            places[(r.place.clamp(1, 4) - 1) as usize] += 1;
        }
        let p = places[0] as f64 / n;
        let margin = 1.96 * (p * (1.0 - p) / n).sqrt();
        println!(
            "{} places 1/2/3/4: {}/{}/{}/{} of {} games: first in {:.1}% ± {:.1}% ({minutes:.1} min)",
            args.a_name,
            places[0],
            places[1],
            places[2],
            places[3],
            results.len(),
            100.0 * p,
            100.0 * margin
        );
    } else {
        let wins = results.iter().filter(|r| !r.draw && r.place == 1).count();
        let draws = results.iter().filter(|r| r.draw).count();
        let losses = results.len() - wins - draws;
        let score = (wins as f64 + draws as f64 / 2.0) / n;
        let variance = results
            .iter()
            .map(|r| {
                let x = if r.draw {
                    0.5
                } else if r.place == 1 {
                    1.0
                } else {
                    0.0
                };
                (x - score).powi(2)
            })
            .sum::<f64>()
            / n;
        let se = (variance / n).sqrt();
        let (low, high) = (elo(score - 1.96 * se), elo(score + 1.96 * se));
        println!(
            "{} vs {}: +{wins} ={draws} -{losses} ({:.1}%), Elo {:+.0} ± {:.0} ({minutes:.1} min)",
            args.a_name,
            args.b_name,
            100.0 * score,
            elo(score),
            (high - low) / 2.0
        );
    }
    Ok(())
}
