//! The `shogiban` command: `serve` runs the Discord bot (also what no arguments runs);
//! `migrate-db` copies an SQLite database to PostgreSQL; `perft`, `moves`, `play`,
//! `render`, `replay`, `think`, `mate` and `analyse` are the engine tools; `usi` runs the
//! computer player as a USI engine.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{anyhow, bail, Context, Result};
use clap::{Args, Parser, Subcommand};

use shogiban::computer;
use shogiban::discord;
use shogiban::engine::{notation, Game, Position, RuleOptions, Seat, Variant};
use shogiban::render::{self, LastMove, PieceStyle};
use shogiban::service::{Service, Settings, SystemClock};
use shogiban::store::{self, Store};

#[derive(Parser)]
#[command(
    name = "shogiban",
    version,
    about = "Shogi variants in Discord, and the engine tools behind them"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the Discord bot (needs DISCORD_TOKEN).
    Serve,
    /// Copy every table of an SQLite database into an empty PostgreSQL database, then
    /// check row counts and a checksum per game on both sides. Stop the bot first.
    MigrateDb {
        /// The SQLite database to read: sqlite://PATH or a file path. Only read.
        #[arg(long)]
        from: String,
        /// The PostgreSQL database to fill: postgres://user:password@host/name. It must
        /// hold no rows; it is migrated to the latest schema first.
        #[arg(long)]
        to: String,
    },
    /// Count the leaf nodes of the legal move tree; the last line is the count.
    Perft {
        #[command(flatten)]
        game: GameArgs,
        #[arg(long)]
        depth: u32,
        /// Also print the count below each legal move.
        #[arg(long)]
        divide: bool,
    },
    /// Print the legal moves of the side to move, one per line.
    Moves {
        #[command(flatten)]
        game: GameArgs,
    },
    /// Play moves; print the resulting position, then who is to move or the result.
    Play {
        #[command(flatten)]
        game: GameArgs,
    },
    /// Draw the board as a PNG from a seat, the last of --moves highlighted.
    Render {
        #[command(flatten)]
        game: GameArgs,
        /// black|white, or S|W|N|E in yonin; defaults to the seat to move.
        #[arg(long)]
        seat: Option<String>,
        /// kanji, or international (letters and move marks; standard and yonin).
        #[arg(long, default_value = "kanji")]
        pieces: String,
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// Write the game as an animated GIF: a frame per position from the start, the last
    /// move marked and captioned, the final position held longer.
    Replay {
        #[command(flatten)]
        game: GameArgs,
        /// black|white, or S|W|N|E in yonin; defaults to the winner's seat (the first
        /// seat for a draw or a game still going on).
        #[arg(long)]
        seat: Option<String>,
        /// Milliseconds each position shows (the final one four times as long, at least
        /// three seconds).
        #[arg(long, default_value_t = 800)]
        delay: u32,
        /// The most bytes the file may take: past it, every Nth position is shown.
        #[arg(long, default_value_t = render::DEFAULT_BYTE_LIMIT)]
        limit: usize,
        /// kanji, or international (letters and move marks; standard and yonin).
        #[arg(long, default_value = "kanji")]
        pieces: String,
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// Let the computer choose a move for the side to move: the move on standard output,
    /// depth, score, nodes and nodes per second on standard error.
    Think {
        #[command(flatten)]
        game: GameArgs,
        /// Strength, 1 (beginner) to 8 (strongest).
        #[arg(long, default_value_t = 3)]
        level: u8,
        /// Think at most this many milliseconds (default: the level's own time).
        #[arg(long)]
        movetime: Option<u64>,
        /// Search at most this many nodes.
        #[arg(long)]
        nodes: Option<u64>,
        /// Seed the weaker levels' random choices; with --nodes, the answer repeats.
        #[arg(long)]
        seed: Option<u64>,
        /// Ask the USI engine named by SHOGIBAN_USI_ENGINE (standard shogi).
        #[arg(long)]
        usi: bool,
    },
    /// Be a USI engine on standard input and output (options Level, USI_Hash, Variant
    /// for yonin, yonin-doubles and daidai, Seed), for shogi GUIs and match runners.
    Usi,
    /// Review a game: one line per move on standard output (`ply move score best`, and
    /// `inaccuracy`, `mistake` or `blunder` when the move lost that much), the evaluation
    /// graph as a PNG.
    Analyse {
        #[command(flatten)]
        game: GameArgs,
        /// Search each position this many milliseconds (default 300).
        #[arg(long)]
        movetime: Option<u64>,
        /// Search each position this many nodes instead: the review then repeats exactly.
        #[arg(long)]
        nodes: Option<u64>,
        /// Where to write the graph.
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// Look for a forced mate by the side to move: the mating line on standard output
    /// (first word the first move), or `none`; on standard error whether no mate was
    /// proven or the budget ran out, with nodes and time.
    Mate {
        #[command(flatten)]
        game: GameArgs,
        /// Search at most this many milliseconds (default 10000 unless --nodes is given).
        #[arg(long)]
        movetime: Option<u64>,
        /// Expand at most this many nodes.
        #[arg(long)]
        nodes: Option<u64>,
    },
    /// Tsume (mate problems) of standard shogi: `--compose` prints problems one per line
    /// (`length SFEN solution...`), `--prove SFEN` the answer or why it is not a problem.
    Tsume {
        /// Compose problems.
        #[arg(long)]
        compose: bool,
        /// Plies of the problems to compose (3, 5, 7, ...).
        #[arg(long, default_value_t = 3)]
        length: usize,
        /// How many problems to compose.
        #[arg(long, default_value_t = 1)]
        count: usize,
        /// The composer's random seed: the same seed composes the same problems.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Nodes each solve may expand.
        #[arg(long, default_value_t = computer::tsume::PROOF_NODES)]
        nodes: u64,
        /// Prove this position (SFEN, Black to move) a problem.
        #[arg(long)]
        prove: Option<String>,
        /// Make a problem from a game that ended in checkmate: its moves in USI from the
        /// start position, space-separated. The positions of the last moves in which the
        /// mating side is to move are tried.
        #[arg(long)]
        from_game: Option<String>,
        /// Make a problem from one position of a game (SFEN): the side to move attacks.
        #[arg(long)]
        from_position: Option<String>,
    },
}

#[derive(Args)]
struct GameArgs {
    /// standard, yonin, yonin-doubles or daidai.
    #[arg(long, default_value = "standard")]
    variant: String,
    /// Start position text (SFEN for standard); defaults to the variant's start.
    #[arg(long)]
    position: Option<String>,
    /// Moves to play first, separated by spaces, in any notation the variant reads.
    #[arg(long, default_value = "")]
    moves: String,
}

impl GameArgs {
    fn game(&self) -> Result<Game> {
        Ok(self.game_with_last_move()?.0)
    }

    /// The game after --moves, and the last move with the position it was played from.
    fn game_with_last_move(&self) -> Result<(Game, Option<LastMove>)> {
        let variant: Variant = self.variant.parse()?;
        let options = RuleOptions::defaults(variant);
        let mut game = match &self.position {
            Some(text) => Game::from_position(variant, options, text)
                .with_context(|| format!("bad --position '{text}'"))?,
            None => Game::new(variant, options),
        };
        let mut last = None;
        for (i, text) in notation::split_moves(&self.moves).iter().enumerate() {
            let m = game
                .parse_move(text)
                .with_context(|| format!("move {} of --moves ('{text}')", i + 1))?;
            let before = game.position().clone();
            game.play(&m)
                .with_context(|| format!("move {} of --moves ('{text}')", i + 1))?;
            last = Some(LastMove::new(&before, &m));
        }
        Ok((game, last))
    }
}

/// Writes a line of a tool's output. A reader that stops early (`shogiban moves | head`)
/// closes the pipe, and the write fails with `BrokenPipe`: `main` takes that as the end of
/// the output, not as an error.
macro_rules! out {
    ($($arg:tt)*) => {
        writeln!(std::io::stdout().lock(), $($arg)*)?
    };
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if output_closed(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("shogiban: {}", error_chain(&e));
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<()> {
    match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => serve(),
        Command::MigrateDb { from, to } => migrate_db(&from, &to),
        Command::Perft {
            game,
            depth,
            divide,
        } => {
            let game = game.game()?;
            let started = Instant::now();
            let position = game.position();
            let total = if game.is_over() {
                0
            } else if divide && depth > 0 {
                let mut total = 0;
                for m in game.legal_moves() {
                    let mut child = game.clone();
                    child.play(&m)?;
                    let n = if child.is_over() && depth > 1 {
                        0
                    } else {
                        child.position().perft(depth - 1)
                    };
                    out!("{} {n}", position.coordinate(&m));
                    total += n;
                }
                total
            } else {
                position.perft(depth)
            };
            let secs = started.elapsed().as_secs_f64();
            eprintln!(
                "perft({depth}): {total} leaves in {secs:.3} s ({:.1} M leaves/s)",
                total as f64 / secs.max(1e-9) / 1e6
            );
            out!("{total}");
            Ok(())
        }
        Command::Moves { game } => {
            let game = game.game()?;
            for text in game.legal_move_texts() {
                out!("{text}");
            }
            Ok(())
        }
        Command::Play { game } => {
            if game.moves.trim().is_empty() {
                bail!("play needs --moves");
            }
            let game = game.game()?;
            out!("{}", game.position().to_text());
            let variant = game.variant();
            match (game.result(), game.seat_to_move()) {
                (Some(result), _) => out!("{}", describe_result(variant, result)),
                (None, Some(seat)) => out!("{} to move", variant.seat_name(seat)),
                (None, None) => out!("game over"),
            }
            Ok(())
        }
        Command::Think {
            game,
            level,
            movetime,
            nodes,
            seed,
            usi,
        } => {
            let game = game.game()?;
            let level = computer::Level::new(level)
                .with_context(|| format!("bad --level {level}: levels are 1 to 8"))?;
            let limits = computer::Limits {
                movetime: movetime.map(std::time::Duration::from_millis),
                nodes,
                depth: None,
                seed,
            };
            let choice = if usi {
                let mut engine = computer::usi::UsiEngine::from_env().with_context(|| {
                    format!(
                        "--usi needs {} (the engine's path, then its arguments)",
                        computer::usi::ENGINE_VAR
                    )
                })?;
                let (choice, source) = engine.choose(&game, level, limits)?;
                if let computer::usi::Source::BuiltIn(why) = source {
                    eprintln!("the USI engine failed ({why}); the built-in player chose");
                }
                choice
            } else {
                computer::choose(&game, level, limits)?
            };
            eprintln!(
                "depth {} score {} nodes {} nps {}{}",
                choice.depth,
                choice.score,
                choice.nodes,
                choice.nodes_per_second(),
                if choice.resign { " (would resign)" } else { "" }
            );
            out!("{}", choice.text);
            Ok(())
        }
        Command::Mate {
            game,
            movetime,
            nodes,
        } => mate(&game, movetime, nodes),
        Command::Tsume {
            compose,
            length,
            count,
            seed,
            nodes,
            prove,
            from_game,
            from_position,
        } => match (from_game, from_position) {
            (Some(moves), _) => tsume_from_game(&moves, nodes),
            (None, Some(sfen)) => tsume_from_position(&sfen, nodes),
            (None, None) => tsume(compose, length, count, seed, nodes, prove.as_deref()),
        },
        Command::Render {
            game,
            seat,
            pieces,
            out,
        } => {
            let style = parse_piece_style(&pieces)?;
            let (game, last) = game.game_with_last_move()?;
            let seat = match seat {
                Some(text) => parse_seat(game.variant(), &text)?,
                None => game.position().turn(),
            };
            let png = render::board_png_styled(game.position(), seat, last.as_ref(), style)?;
            std::fs::write(&out, png).with_context(|| format!("cannot write {}", out.display()))?;
            Ok(())
        }
        Command::Analyse {
            game,
            movetime,
            nodes,
            out,
        } => analyse(&game, movetime, nodes, &out),
        Command::Replay {
            game,
            seat,
            delay,
            limit,
            pieces,
            out,
        } => replay(&game, seat.as_deref(), delay, limit, &pieces, &out),
        Command::Usi => {
            computer::protocol::serve(std::io::stdin().lock(), std::io::stdout())?;
            Ok(())
        }
    }
}

/// `shogiban analyse`: every move of --moves reviewed from the start position, a line per
/// move, and the evaluation graph written to `out`.
fn analyse(
    args: &GameArgs,
    movetime: Option<u64>,
    nodes: Option<u64>,
    out: &std::path::Path,
) -> Result<()> {
    use computer::analysis::{review, ReviewLimits, DEFAULT_MOVETIME};
    use shogiban::service::analysis::{evaluation_chart, EvaluationText};
    let variant: Variant = args.variant.parse()?;
    let options = RuleOptions::defaults(variant);
    let mut game = match &args.position {
        Some(text) => Game::from_position(variant, options, text)
            .with_context(|| format!("bad --position '{text}'"))?,
        None => Game::new(variant, options),
    };
    let start = game.clone();
    let mut moves = Vec::new();
    for (i, text) in notation::split_moves(&args.moves).iter().enumerate() {
        let m = game
            .parse_move(text)
            .with_context(|| format!("move {} of --moves ('{text}')", i + 1))?;
        game.play(&m)
            .with_context(|| format!("move {} of --moves ('{text}')", i + 1))?;
        moves.push(m);
    }
    if moves.is_empty() {
        bail!("--moves is empty: give the moves of the game to review");
    }
    let limits = ReviewLimits {
        movetime: movetime.map_or(DEFAULT_MOVETIME, std::time::Duration::from_millis),
        nodes,
    };
    let reviewed = review(&start, &moves, limits, |done, total| {
        eprint!("\ranalysing position {done} of {total}");
    })?;
    eprintln!();
    for m in &reviewed.moves {
        let judged = m
            .judgement
            .map(|j| format!(" {}", j.name()))
            .unwrap_or_default();
        out!(
            "{} {} {} {}{judged}",
            m.ply,
            m.played_text,
            m.after,
            m.best_text.as_deref().unwrap_or("-")
        );
    }
    let sides = reviewed
        .curves
        .iter()
        .map(|curve| {
            curve
                .seats
                .iter()
                .map(|&seat| variant.seat_name(seat))
                .collect::<Vec<_>>()
                .join("+")
        })
        .collect();
    let text = EvaluationText {
        title: format!("{} · {} moves", variant.title(), moves.len()),
        subtitle: match nodes {
            Some(n) => format!("{n} nodes per position"),
            None => format!("{} ms per position", limits.movetime.as_millis()),
        },
        sides,
    };
    let drawn = Instant::now();
    let png = evaluation_chart(&reviewed, &text).png()?;
    let render_time = drawn.elapsed();
    std::fs::write(out, &png).with_context(|| format!("cannot write {}", out.display()))?;
    eprintln!(
        "{} positions searched, {} nodes in {:.3} s ({:.1} ms per move); graph {} bytes drawn and encoded in {:.1} ms",
        reviewed.searches,
        reviewed.nodes,
        reviewed.elapsed.as_secs_f64(),
        reviewed.elapsed.as_secs_f64() * 1000.0 / moves.len() as f64,
        png.len(),
        render_time.as_secs_f64() * 1000.0
    );
    Ok(())
}

/// `shogiban mate`: the solver's line in coordinate notation, or `none`.
fn mate(args: &GameArgs, movetime: Option<u64>, nodes: Option<u64>) -> Result<()> {
    use computer::mate::{solve_reporting, MateLimits, MateResult};
    let game = args.game()?;
    if game.is_over() {
        eprintln!("the game is over");
        out!("none");
        return Ok(());
    }
    let movetime = match (movetime, nodes) {
        (Some(ms), _) => Some(ms),
        (None, Some(_)) => None,
        (None, None) => Some(10_000),
    };
    let limits = MateLimits {
        nodes,
        deadline: movetime.map(|ms| Instant::now() + std::time::Duration::from_millis(ms)),
    };
    let report = solve_reporting(game.position(), limits);
    let spent = format!(
        "{} nodes in {:.3} s",
        report.nodes,
        report.elapsed.as_secs_f64()
    );
    match report.result {
        MateResult::Mate(line) => {
            let mut pos = game.position().clone();
            let mut words = Vec::with_capacity(line.len());
            for m in &line {
                words.push(pos.coordinate(m));
                pos.play_unchecked(m);
            }
            eprintln!("mate in {} ({spent})", line.len());
            out!("{}", words.join(" "));
        }
        MateResult::NoMate => {
            eprintln!("no mate: proven, no sequence of checks mates ({spent})");
            out!("none");
        }
        MateResult::Unknown => {
            eprintln!("no mate found: the budget ran out or the search could not decide ({spent})");
            out!("none");
        }
    }
    Ok(())
}

/// `shogiban tsume`: composes problems, or proves one.
fn tsume(
    compose: bool,
    length: usize,
    count: usize,
    seed: u64,
    nodes: u64,
    prove: Option<&str>,
) -> Result<()> {
    use computer::tsume;
    if let Some(sfen) = prove {
        let started = Instant::now();
        let proven = tsume::prove_tsume_with(sfen, nodes);
        let secs = started.elapsed().as_secs_f64();
        return match proven {
            Ok(t) => {
                eprintln!("a tsume: mate in {} ({secs:.3} s)", t.length);
                out!("{} {} {}", t.length, t.sfen, t.solution_usi().join(" "));
                Ok(())
            }
            Err(why) => bail!("not a tsume: {why} ({secs:.3} s)"),
        };
    }
    if !compose {
        bail!("say --compose or --prove SFEN");
    }
    if length % 2 == 0 || !(1..=tsume::MAX_LENGTH).contains(&length) {
        bail!(
            "bad --length {length}: an odd number of plies up to {}",
            tsume::MAX_LENGTH
        );
    }
    let mut made = 0;
    let mut last = Instant::now();
    if count == 0 {
        return Ok(());
    }
    tsume::compose(length, seed, nodes, |t, tries| {
        made += 1;
        eprintln!(
            "composed {made}/{count} in {:.2} s, {tries} tries",
            last.elapsed().as_secs_f64()
        );
        last = Instant::now();
        let mut stdout = std::io::stdout().lock();
        let written = writeln!(
            stdout,
            "{} {} {}",
            t.length,
            t.sfen,
            t.solution_usi().join(" ")
        )
        .and_then(|()| stdout.flush());
        // A closed output (a pipe read no further) ends the composing.
        written.is_ok() && made < count
    });
    Ok(())
}

/// `shogiban tsume --from-game MOVES`: the problem a finished game yields, or `none`.
fn tsume_from_game(moves: &str, nodes: u64) -> Result<()> {
    use computer::tsume;
    let start = shogiban::engine::standard::start().to_text();
    let positions = tsume::game_positions(&start, moves.split_whitespace())
        .map_err(|e| anyhow!("bad --from-game: {e}"))?;
    let started = Instant::now();
    let found = tsume::from_game(&positions, nodes);
    let secs = started.elapsed().as_secs_f64();
    match found {
        Some((i, t)) => {
            eprintln!(
                "a tsume from the position {} plies before the end: mate in {} ({secs:.3} s)",
                2 * (positions.len() - i) - 1,
                t.length
            );
            out!("{} {} {}", t.length, t.sfen, t.solution_usi().join(" "));
        }
        None => {
            eprintln!("no tsume in the game's last positions ({secs:.3} s)");
            out!("none");
        }
    }
    Ok(())
}

/// `shogiban tsume --from-position SFEN`: the problem one game position yields, or `none`.
fn tsume_from_position(sfen: &str, nodes: u64) -> Result<()> {
    let started = Instant::now();
    let found = computer::tsume::from_game_position(sfen, nodes);
    let secs = started.elapsed().as_secs_f64();
    match found {
        Some(t) => {
            eprintln!("a tsume: mate in {} ({secs:.3} s)", t.length);
            out!("{} {} {}", t.length, t.sfen, t.solution_usi().join(" "));
        }
        None => {
            eprintln!("no tsume in this position ({secs:.3} s)");
            out!("none");
        }
    }
    Ok(())
}

/// Reads `--seat` for `variant`.
fn parse_seat(variant: Variant, text: &str) -> Result<Seat> {
    variant.parse_seat(text).with_context(|| {
        let names = if variant.seats() == 2 {
            "black or white"
        } else {
            "S, W, N or E"
        };
        format!("bad --seat '{text}': {variant} seats are {names}")
    })
}

/// Reads `--pieces`.
fn parse_piece_style(text: &str) -> Result<PieceStyle> {
    text.parse::<PieceStyle>()
        .map_err(|e| anyhow!("bad --pieces: {e}"))
}

/// `shogiban replay`: the game of --moves as an animated GIF, captioned in Western
/// notation with the mover ("Move 12: ☖P-3d", "Move 5: S: P-5f"), the result after the
/// last move.
fn replay(
    args: &GameArgs,
    seat: Option<&str>,
    delay: u32,
    limit: usize,
    pieces: &str,
    out: &std::path::Path,
) -> Result<()> {
    if args.moves.trim().is_empty() {
        bail!("replay needs --moves");
    }
    if !(20..=60_000).contains(&delay) {
        bail!("bad --delay {delay}: between 20 and 60000 milliseconds");
    }
    if limit == 0 {
        bail!("bad --limit 0: the file needs some bytes");
    }
    let style = parse_piece_style(pieces)?;
    let game = args.game()?;
    let variant = game.variant();
    let seat = match seat {
        Some(text) => parse_seat(variant, text)?,
        None => game
            .result()
            .and_then(|result| result.winners().first().copied())
            .unwrap_or(Seat(0)),
    };
    let moves = game.history().len();
    let result = game.result().map(|result| describe_result(variant, result));
    let mut shown = 0;
    let frames = render::ReplayFrame::from_game(&game, |ply, played| {
        let mut caption = match played {
            None => "Start".to_string(),
            // Yonin's Western form names the seat; the two-player ones get ☗ or ☖.
            Some(m) if variant.seats() == 2 => {
                let mark = if m.seat.0 == 0 { '☗' } else { '☖' };
                format!("Move {ply}: {mark}{}", m.western)
            }
            Some(m) => format!("Move {ply}: {}", m.western),
        };
        if played.is_some() {
            shown += 1;
        }
        if let (true, Some(result)) = (shown == moves, &result) {
            caption.push_str(" — ");
            caption.push_str(result);
        }
        caption
    })?;
    let options = render::ReplayOptions {
        seat,
        delay_ms: delay,
        final_delay_ms: (delay * 4).clamp(3000, 60_000),
        byte_limit: limit,
        piece_style: style,
        ..render::ReplayOptions::default()
    };
    let started = Instant::now();
    let replay = render::replay_gif(&frames, &options)?;
    std::fs::write(out, &replay.gif).with_context(|| format!("cannot write {}", out.display()))?;
    let skipped = if replay.every > 1 {
        format!(", {}", render::english_skip_note(replay.every))
    } else {
        String::new()
    };
    eprintln!(
        "{}: {} frames, {} KB, {}x{}{skipped}, in {:.2} s",
        out.display(),
        replay.frames,
        replay.gif.len().div_ceil(1024),
        replay.width,
        replay.height,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// A game's result as `play` prints it: "black wins (checkmate)", "draw (repetition)".
fn describe_result(variant: Variant, result: &shogiban::engine::GameResult) -> String {
    let winners: Vec<&str> = result
        .winners()
        .into_iter()
        .map(|s| variant.seat_name(s))
        .collect();
    if result.is_void() {
        format!("void ({})", result.reason.describe())
    } else if result.is_draw() {
        format!("draw ({})", result.reason.describe())
    } else {
        format!(
            "{} wins ({})",
            winners.join(" and "),
            result.reason.describe()
        )
    }
}

/// Runs the bot with settings from the environment until SIGINT or SIGTERM.
fn serve() -> Result<()> {
    let filter = discord::log_filter(std::env::var("RUST_LOG").ok().as_deref());
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .init();
    let config = discord::Config::from_env()?;
    let settings = Settings {
        review: review_settings()?,
        ..Settings::default()
    };
    let runtime = tokio::runtime::Runtime::new()?;
    runtime.block_on(async {
        let store = open_database(&config.database_url, config.store_options()).await?;
        let service = Service::new(store.clone(), SystemClock, settings);
        service
            .recompute_ratings_asked()
            .await
            .map_err(|e| anyhow!("cannot read the ratings to compute again: {e}"))?;
        tracing::info!(
            process = service.process_id(),
            lease_seconds = service.settings().work_lease,
            "claiming scheduled work as this process"
        );
        let data = discord::Data::new(service);
        let ran = discord::run(config, data, discord::shutdown_signal()).await;
        // Closing the last connection checkpoints the write-ahead log into the database
        // file, so a copy of that file alone holds every game.
        store.close().await;
        ran?;
        Ok(())
    })
}

/// How games are reviewed in Discord, from the environment: `SHOGIBAN_REVIEW_MOVETIME_MS`
/// (the search per position, default 300), `SHOGIBAN_REVIEW_NODES` (a node budget per
/// position instead: the review then repeats exactly), `SHOGIBAN_REVIEWS_PER_SERVER`
/// (reviews of one server waiting or running at once, default 2) and
/// `SHOGIBAN_REVIEW_PROGRESS_MS` (the shortest time between two edits of the progress
/// message, default 3000). A value that is not a positive number stops the start.
fn review_settings() -> Result<shogiban::service::ReviewSettings> {
    let number = |name: &str| -> Result<Option<u64>> {
        match std::env::var(name) {
            Ok(text) if !text.trim().is_empty() => match text.trim().parse::<u64>() {
                Ok(n) if n > 0 => Ok(Some(n)),
                _ => bail!("{name} must be a positive whole number, not {text:?}"),
            },
            _ => Ok(None),
        }
    };
    let mut settings = shogiban::service::ReviewSettings::default();
    if let Some(ms) = number("SHOGIBAN_REVIEW_MOVETIME_MS")? {
        settings.limits.movetime = std::time::Duration::from_millis(ms);
    }
    settings.limits.nodes = number("SHOGIBAN_REVIEW_NODES")?;
    if let Some(n) = number("SHOGIBAN_REVIEWS_PER_SERVER")? {
        settings.per_server = u32::try_from(n).unwrap_or(u32::MAX);
    }
    if let Some(ms) = number("SHOGIBAN_REVIEW_PROGRESS_MS")? {
        settings.progress_every = std::time::Duration::from_millis(ms);
    }
    Ok(settings)
}

/// `shogiban migrate-db`: the copy, then what it copied and checked, table by table.
fn migrate_db(from: &str, to: &str) -> Result<()> {
    let runtime = tokio::runtime::Runtime::new()?;
    let report = runtime.block_on(store::copy_sqlite_to_postgres(from, to))?;
    out!(
        "copied {} to {}",
        store::shown_url(from),
        store::shown_url(to)
    );
    for (table, rows) in &report.tables {
        out!("{table}: {rows} rows");
    }
    out!(
        "checked: row counts of {} tables and checksums of {} games match",
        report.tables.len(),
        report.games_checked
    );
    Ok(())
}

/// Opens the database `DATABASE_URL` names for the bot, or says once, for the operator, what
/// is wrong with it and which variable to fix (never with the password of a server address).
async fn open_database(url: &str, options: store::StoreOptions) -> Result<Store> {
    let shown = store::shown_url(url);
    let store = Store::open_with(url, options).await.map_err(|e| {
        anyhow!(
            "cannot open the database DATABASE_URL={shown}: {}",
            root_cause(&e)
        )
    })?;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| {
            i64::try_from(since.as_secs()).unwrap_or(i64::MAX)
        });
    store.check_writable(now).await.map_err(|e| {
        anyhow!(
            "the database DATABASE_URL={shown} cannot be written: {} ({})",
            root_cause(&e),
            if store::is_postgres_url(url) {
                "check that the server accepts writes and the user may write its tables"
            } else {
                "check the permissions of the file and its folder"
            }
        )
    })?;
    Ok(store)
}

/// An error and its causes on one line, each said once: libraries often repeat their
/// cause inside their own message, and the operator needs to read it only once.
/// Whether the error is a write to standard output after its reader went away.
fn output_closed(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

fn error_chain(error: &anyhow::Error) -> String {
    let mut out = String::new();
    let mut previous = String::new();
    for cause in error.chain() {
        let text = cause.to_string();
        if previous.contains(&text) {
            continue;
        }
        if !out.is_empty() {
            out.push_str(": ");
        }
        out.push_str(&text);
        previous = text;
    }
    out
}

/// The innermost cause of an error, which says what actually failed; the layers above it
/// repeat it with less detail.
fn root_cause(error: &(dyn std::error::Error + 'static)) -> String {
    let mut cause = error;
    while let Some(next) = cause.source() {
        cause = next;
    }
    cause.to_string()
}
