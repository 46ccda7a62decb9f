//! An outside USI engine (for example Fairy-Stockfish) as a stronger computer player for
//! standard shogi, driven over its standard input and output: `usi`, `isready`,
//! `position`, `go movetime`.
//!
//! Nothing it says reaches a game unchecked: its move must be one of the game's legal
//! moves. An engine that dies, hangs or answers an illegal move is restarted once; if it
//! fails again, the built-in player chooses that move.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::engine::{standard, AnyPosition, Game, Variant};

use super::{choose, Choice, ComputerError, Level, Limits};
use crate::engine::Position;

/// The environment variable naming the engine: its path, then its arguments.
pub const ENGINE_VAR: &str = "SHOGIBAN_USI_ENGINE";

/// How long an engine may take to start and to answer `isready`.
const HANDSHAKE: Duration = Duration::from_secs(10);
/// How much longer than the move time an engine may take before it counts as hung.
const GRACE: Duration = Duration::from_secs(2);

/// Why the engine could not give a move.
#[derive(Debug, thiserror::Error)]
pub enum UsiError {
    #[error("cannot start the USI engine {program}: {source}")]
    Start {
        program: String,
        #[source]
        source: std::io::Error,
    },
    #[error("the USI engine stopped answering ({0})")]
    Silent(&'static str),
    #[error("the USI engine closed its output")]
    Died,
    #[error("the USI engine answered '{0}', which is not a legal move here")]
    Illegal(String),
    #[error("the USI engine plays standard shogi only")]
    WrongVariant,
    #[error(transparent)]
    Computer(#[from] ComputerError),
}

struct Running {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A USI engine program, started on first use and kept running between moves.
pub struct UsiEngine {
    program: String,
    args: Vec<String>,
    /// A Skill Level to use whatever the level asked (for matches at a fixed skill).
    fixed_skill: Option<i32>,
    running: Option<Running>,
}

/// Where a [`Choice`] came from.
#[derive(Clone, Debug, PartialEq)]
pub enum Source {
    /// The outside engine's move, checked legal.
    Engine,
    /// The built-in player, because the engine failed twice (the error says why).
    BuiltIn(String),
}

impl UsiEngine {
    pub fn new(program: impl Into<String>, args: Vec<String>) -> UsiEngine {
        UsiEngine {
            program: program.into(),
            args,
            fixed_skill: None,
            running: None,
        }
    }

    /// The same engine, always at Skill Level `skill`.
    pub fn with_skill(mut self, skill: i32) -> UsiEngine {
        self.fixed_skill = Some(skill);
        self
    }

    /// The engine named by `SHOGIBAN_USI_ENGINE` (path, then arguments), if set.
    pub fn from_env() -> Option<UsiEngine> {
        let value = std::env::var(ENGINE_VAR).ok()?;
        let mut words = value.split_whitespace().map(str::to_owned);
        let program = words.next()?;
        Some(UsiEngine::new(program, words.collect()))
    }

    /// The program's name, for logs.
    pub fn program(&self) -> &str {
        &self.program
    }

    /// Chooses a move for standard shogi with the engine, restarting it once on failure and
    /// falling back to the built-in player; the answer is always one of the legal moves.
    pub fn choose(
        &mut self,
        game: &Game,
        level: Level,
        limits: Limits,
    ) -> Result<(Choice, Source), ComputerError> {
        let mut failure = String::new();
        for _attempt in 0..2 {
            match self.try_choose(game, level, limits) {
                Ok(choice) => return Ok((choice, Source::Engine)),
                Err(UsiError::WrongVariant) => {
                    failure = UsiError::WrongVariant.to_string();
                    break;
                }
                Err(UsiError::Computer(e)) => return Err(e),
                Err(e) => {
                    failure = e.to_string();
                    // Whatever state it is in, start it afresh.
                    self.running = None;
                }
            }
        }
        let choice = choose(game, level, limits)?;
        Ok((choice, Source::BuiltIn(failure)))
    }

    fn try_choose(
        &mut self,
        game: &Game,
        level: Level,
        limits: Limits,
    ) -> Result<Choice, UsiError> {
        if game.variant() != Variant::Standard {
            return Err(UsiError::WrongVariant);
        }
        if game.is_over() {
            return Err(ComputerError::GameOver.into());
        }
        let started = Instant::now();
        let movetime = limits.movetime.unwrap_or_else(|| level.think_time());
        let start_sfen = match game.start_position() {
            AnyPosition::Shogi(p) => standard::to_sfen(p),
            AnyPosition::DaiDai(_) => return Err(UsiError::WrongVariant),
        };
        let moves: Vec<&str> = game
            .history()
            .iter()
            .map(|m| m.coordinate.as_str())
            .collect();
        let running = self.start(level)?;
        let mut position = format!("position sfen {start_sfen}");
        if !moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&moves.join(" "));
        }
        send(running, &position)?;
        send(
            running,
            &format!("go movetime {}", movetime.as_millis().max(1)),
        )?;
        let deadline = Instant::now() + movetime + GRACE;
        let mut depth = 0;
        let mut score = 0;
        let mut nodes = 0;
        let best = loop {
            let line = receive(running, deadline, "go")?;
            let mut words = line.split_whitespace();
            match words.next() {
                Some("info") => read_info(&line, &mut depth, &mut score, &mut nodes),
                Some("bestmove") => break words.next().unwrap_or_default().to_owned(),
                _ => {}
            }
        };
        if best == "resign" {
            let fallback = choose(game, level, limits)?;
            return Ok(Choice {
                resign: true,
                ..fallback
            });
        }
        let legal = game.legal_moves();
        let mv = game
            .parse_move(&best)
            .ok()
            .filter(|m| legal.contains(m))
            .ok_or_else(|| UsiError::Illegal(best.clone()))?;
        Ok(Choice {
            mv,
            text: game.position().coordinate(&mv),
            depth,
            score,
            nodes,
            elapsed: started.elapsed(),
            resign: false,
        })
    }

    /// The running engine, started and set to `level` if it was not running.
    fn start(&mut self, level: Level) -> Result<&mut Running, UsiError> {
        if self
            .running
            .as_mut()
            .is_some_and(|r| matches!(r.child.try_wait(), Ok(None)))
        {
            let running = self.running.as_mut().expect("checked just above");
            send(
                running,
                &format!("setoption name Skill Level value {}", skill(level)),
            )?;
            return Ok(running);
        }
        self.running = None;
        let mut child = Command::new(&self.program)
            .args(&self.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|source| UsiError::Start {
                program: self.program.clone(),
                source,
            })?;
        let input = child.stdin.take().ok_or(UsiError::Died)?;
        let output = child.stdout.take().ok_or(UsiError::Died)?;
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let running = self.running.insert(Running {
            child,
            input,
            lines,
        });
        send(running, "usi")?;
        let deadline = Instant::now() + HANDSHAKE;
        while receive(running, deadline, "usi")?.trim() != "usiok" {}
        send(
            running,
            &format!("setoption name Skill Level value {}", skill(level)),
        )?;
        send(running, "isready")?;
        while receive(running, deadline, "isready")?.trim() != "readyok" {}
        send(running, "usinewgame")?;
        Ok(running)
    }
}

/// The engine's Skill Level for our level: the spread lishogi uses for its computer levels.
fn skill(level: Level) -> i32 {
    [-9, -5, -1, 3, 7, 11, 16, 20][level.number() as usize - 1]
}

fn send(running: &mut Running, line: &str) -> Result<(), UsiError> {
    writeln!(running.input, "{line}")
        .and_then(|()| running.input.flush())
        .map_err(|_| UsiError::Died)
}

fn receive(
    running: &mut Running,
    deadline: Instant,
    waiting_for: &'static str,
) -> Result<String, UsiError> {
    let left = deadline.saturating_duration_since(Instant::now());
    match running.lines.recv_timeout(left) {
        Ok(line) => Ok(line),
        Err(RecvTimeoutError::Timeout) => Err(UsiError::Silent(waiting_for)),
        Err(RecvTimeoutError::Disconnected) => Err(UsiError::Died),
    }
}

/// Reads depth, score and nodes from an `info` line.
fn read_info(line: &str, depth: &mut u32, score: &mut i32, nodes: &mut u64) {
    let words: Vec<&str> = line.split_whitespace().collect();
    for pair in words.windows(3) {
        match pair {
            ["depth", d, _] => *depth = d.parse().unwrap_or(*depth),
            ["nodes", n, _] => *nodes = n.parse().unwrap_or(*nodes),
            ["score", "cp", s] => *score = s.parse().unwrap_or(*score),
            ["score", "mate", m] => {
                let m: i32 = m.parse().unwrap_or(0);
                *score = if m >= 0 {
                    super::eval::MATE - m
                } else {
                    -super::eval::MATE - m
                };
            }
            _ => {}
        }
    }
}
