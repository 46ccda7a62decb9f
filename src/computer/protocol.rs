//! The built-in player as a USI engine (`shogiban usi`): reads the protocol's commands,
//! thinks on a thread of its own so that `stop` is heard, and answers `bestmove`. Match
//! runners and shogi GUIs drive it like any USI engine.
//!
//! Standard shogi speaks plain USI (`position startpos|sfen ... moves ...`, USI moves).
//! The other variants are reached by `setoption name Variant value yonin|yonin-doubles|
//! daidai`, with `position startpos` or `position text <the variant's position text>`
//! and moves in the variant's coordinate notation, so one runner pits two builds against
//! each other in every variant.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::engine::{Game, Position, RuleOptions, Variant};

use super::eval::MATE;
use super::{choose_controlled, table, Control, Level, Limits, Progress};

/// What a `go` command asks for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    pub movetime: Option<u64>,
    pub nodes: Option<u64>,
    pub depth: Option<u32>,
    pub infinite: bool,
    /// Remaining time of black (sente) and white (gote), and their increments.
    pub btime: Option<u64>,
    pub wtime: Option<u64>,
    pub binc: Option<u64>,
    pub winc: Option<u64>,
    pub byoyomi: Option<u64>,
}

impl Go {
    /// Reads the words after `go`; unknown words are skipped, as the protocol asks.
    pub fn parse(words: &[&str]) -> Go {
        let mut go = Go::default();
        let mut i = 0;
        while i < words.len() {
            let number = || words.get(i + 1).and_then(|w| w.parse::<u64>().ok());
            let step = match words[i] {
                "movetime" => {
                    go.movetime = number();
                    2
                }
                "nodes" => {
                    go.nodes = number();
                    2
                }
                "depth" => {
                    go.depth = number().map(|d| d.min(u32::MAX as u64) as u32);
                    2
                }
                "btime" => {
                    go.btime = number();
                    2
                }
                "wtime" => {
                    go.wtime = number();
                    2
                }
                "binc" => {
                    go.binc = number();
                    2
                }
                "winc" => {
                    go.winc = number();
                    2
                }
                "byoyomi" => {
                    go.byoyomi = number();
                    2
                }
                "infinite" => {
                    go.infinite = true;
                    1
                }
                _ => 1,
            };
            i += step;
        }
        go
    }

    /// The time to think for the side to move (`first` is black/sente), if the command
    /// bounds it: a fixed move time, or a share of the clock with the byoyomi and
    /// increment, less a margin for the answer to travel.
    pub fn think_time(&self, first: bool) -> Option<Duration> {
        if self.infinite {
            return None;
        }
        if let Some(ms) = self.movetime {
            return Some(Duration::from_millis(ms));
        }
        let (time, inc) = if first {
            (self.btime, self.binc)
        } else {
            (self.wtime, self.winc)
        };
        if time.is_none() && self.byoyomi.is_none() {
            return None;
        }
        let time = time.unwrap_or(0);
        let extra = self.byoyomi.unwrap_or(0) + inc.unwrap_or(0);
        let share = time / 30 + extra;
        // Never more than what is left on the clock and in the byoyomi, with 50 ms spare.
        let most = (time + extra).saturating_sub(50);
        Some(Duration::from_millis(share.min(most).max(10)))
    }
}

/// The engine's state between commands.
struct Engine {
    variant: Variant,
    level: Level,
    hash_mb: usize,
    seed: Option<u64>,
    game: Game,
    stop: Arc<AtomicBool>,
    thinking: Option<JoinHandle<()>>,
    /// The search under way runs until `stop`.
    infinite: bool,
    quit: bool,
}

/// Runs the protocol on `input` until `quit` or its end, answering on `output`.
pub fn serve<R: BufRead, W: Write + Send + 'static>(input: R, output: W) -> std::io::Result<()> {
    let output = Arc::new(Mutex::new(output));
    let mut engine = Engine {
        variant: Variant::Standard,
        level: Level::MAX,
        hash_mb: table::configured_mb(),
        seed: None,
        game: Game::new(Variant::Standard, RuleOptions::defaults(Variant::Standard)),
        stop: Arc::new(AtomicBool::new(false)),
        thinking: None,
        infinite: false,
        quit: false,
    };
    let say = |line: &str| -> std::io::Result<()> {
        let mut out = output.lock().unwrap_or_else(|e| e.into_inner());
        writeln!(out, "{line}")?;
        out.flush()
    };
    for line in input.lines() {
        let line = line?;
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&command) = words.first() else {
            continue;
        };
        match command {
            "usi" => {
                say(&format!("id name shogiban {}", env!("CARGO_PKG_VERSION")))?;
                say("id author the shogiban authors")?;
                say("option name Level type spin default 8 min 1 max 8")?;
                say(&format!(
                    "option name USI_Hash type spin default {} min 1 max 65536",
                    engine.hash_mb
                ))?;
                say("option name Threads type spin default 1 min 1 max 1")?;
                say("option name Seed type string default <empty>")?;
                say("option name Variant type combo default standard var standard var yonin var yonin-doubles var daidai")?;
                say("usiok")?;
            }
            "isready" => {
                engine.wait();
                table::resize(engine.hash_mb);
                say("readyok")?;
            }
            "setoption" => {
                engine.wait();
                if let Err(e) = engine.set_option(&words[1..]) {
                    say(&format!("info string {e}"))?;
                }
            }
            "usinewgame" => {
                engine.wait();
                table::clear();
            }
            "position" => {
                engine.wait();
                match position(engine.variant, &words[1..]) {
                    Ok(game) => engine.game = game,
                    Err(e) => say(&format!("info string {e}"))?,
                }
            }
            "go" => {
                engine.wait();
                let go = Go::parse(&words[1..]);
                engine.go(go, output.clone());
            }
            "stop" => {
                engine.stop.store(true, Ordering::Relaxed);
                engine.wait();
            }
            "gameover" | "ponderhit" => {}
            "quit" => {
                engine.quit = true;
                break;
            }
            _ => say(&format!("info string unknown command '{command}'"))?,
        }
    }
    // At the end of the input a bounded search still answers; an infinite one is stopped.
    if engine.infinite || engine.quit {
        engine.stop.store(true, Ordering::Relaxed);
    }
    engine.wait();
    Ok(())
}

impl Engine {
    /// Waits for the search under way, if any, to answer.
    fn wait(&mut self) {
        if let Some(thread) = self.thinking.take() {
            let _ = thread.join();
        }
    }

    fn set_option(&mut self, words: &[&str]) -> Result<(), String> {
        // setoption name <id> [value <x>]: names and values may hold spaces.
        let value_at = words.iter().position(|w| *w == "value");
        let name = words[1.min(words.len())..value_at.unwrap_or(words.len())].join(" ");
        let value = value_at.map_or(String::new(), |i| words[i + 1..].join(" "));
        match name.to_ascii_lowercase().as_str() {
            "level" => {
                let n: u8 = value.parse().map_err(|_| format!("bad Level '{value}'"))?;
                self.level = Level::new(n).ok_or(format!("Level {n} is not one of 1..8"))?;
            }
            "usi_hash" | "hash" => {
                self.hash_mb = value
                    .parse::<usize>()
                    .ok()
                    .filter(|&mb| mb >= 1)
                    .ok_or(format!("bad hash size '{value}'"))?;
            }
            "threads" | "usi_ponder" => {}
            "seed" => {
                self.seed = if value.is_empty() || value == "<empty>" {
                    None
                } else {
                    Some(value.parse().map_err(|_| format!("bad Seed '{value}'"))?)
                };
            }
            "variant" => {
                self.variant = value
                    .parse()
                    .map_err(|_| format!("bad Variant '{value}'"))?;
                self.game = Game::new(self.variant, RuleOptions::defaults(self.variant));
            }
            _ => return Err(format!("unknown option '{name}'")),
        }
        Ok(())
    }

    fn go(&mut self, go: Go, output: Arc<Mutex<impl Write + Send + 'static>>) {
        self.stop.store(false, Ordering::Relaxed);
        let first = self.game.position().turn().0 == 0;
        let movetime = match (go.think_time(first), go.nodes.or(go.depth.map(|_| 0))) {
            (Some(t), _) => Some(t),
            // Nodes or depth alone decide: no clock of the level's own.
            (None, Some(_)) => Some(Duration::from_secs(24 * 3600)),
            (None, None) if go.infinite => Some(Duration::from_secs(24 * 3600)),
            (None, None) => None,
        };
        let limits = Limits {
            movetime,
            nodes: go.nodes,
            depth: go.depth,
            seed: self.seed,
        };
        let game = self.game.clone();
        let level = self.level;
        let stop = self.stop.clone();
        let infinite = go.infinite;
        self.infinite = infinite;
        self.thinking = Some(std::thread::spawn(move || {
            let say = |line: String| {
                let mut out = output.lock().unwrap_or_else(|e| e.into_inner());
                let _ = writeln!(out, "{line}");
                let _ = out.flush();
            };
            let mut report = |p: &Progress| say(info_line(&game, p));
            let control = Control {
                stop: Some(&stop),
                progress: Some(&mut report),
            };
            let answer = match choose_controlled(&game, level, limits, control) {
                Ok(choice) if choice.resign => "resign".to_owned(),
                Ok(choice) => choice.text,
                Err(_) => "resign".to_owned(),
            };
            if infinite {
                // The protocol answers an infinite search only after `stop`.
                while !stop.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(5));
                }
            }
            say(format!("bestmove {answer}"));
        }));
    }
}

/// The `info` line for one finished iteration.
fn info_line(game: &Game, p: &Progress) -> String {
    let score = if p.score.abs() >= MATE - 10_000 {
        let plies = MATE - p.score.abs();
        format!("mate {}", if p.score > 0 { plies } else { -plies })
    } else {
        format!("cp {}", p.centipawns)
    };
    let ms = p.elapsed.as_millis().max(1) as u64;
    let mut line = format!(
        "info depth {} score {score} nodes {} nps {} time {ms}",
        p.depth,
        p.nodes,
        p.nodes * 1000 / ms
    );
    if !p.pv.is_empty() {
        line.push_str(" pv");
        let mut pos = game.position().clone();
        for m in &p.pv {
            line.push(' ');
            line.push_str(&pos.coordinate(m));
            pos.play_unchecked(m);
        }
    }
    line
}

/// Reads `position startpos|sfen <sfen>|text <text> [moves ...]` for `variant`.
pub fn position(variant: Variant, words: &[&str]) -> Result<Game, String> {
    let options = RuleOptions::defaults(variant);
    let moves_at = words.iter().position(|w| *w == "moves");
    let head = &words[..moves_at.unwrap_or(words.len())];
    let mut game = match head.first().copied() {
        Some("startpos") => Game::new(variant, options),
        Some("sfen") | Some("text") => {
            let text = head[1..].join(" ");
            Game::from_position(variant, options, &text)
                .map_err(|e| format!("bad position '{text}': {e}"))?
        }
        _ => return Err("position needs startpos, sfen or text".into()),
    };
    if let Some(i) = moves_at {
        for text in &words[i + 1..] {
            let m = game
                .parse_move(text)
                .map_err(|e| format!("bad move '{text}': {e}"))?;
            game.play(&m)
                .map_err(|e| format!("illegal move '{text}': {e}"))?;
        }
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_reads_every_limit() {
        let go = Go::parse(
            &"btime 1000 wtime 2000 byoyomi 300 nodes 5"
                .split(' ')
                .collect::<Vec<_>>(),
        );
        assert_eq!(go.btime, Some(1000));
        assert_eq!(go.wtime, Some(2000));
        assert_eq!(go.byoyomi, Some(300));
        assert_eq!(go.nodes, Some(5));
        // Sente has 1 s left and 300 ms byoyomi: a thirtieth of its time plus the byoyomi.
        assert_eq!(go.think_time(true), Some(Duration::from_millis(333)));
    }

    /// Output shared with the test that reads it.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn session(input: &str) -> Vec<String> {
        let out = Shared::default();
        serve(input.as_bytes(), out.clone()).unwrap();
        let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
        text.lines().map(str::to_owned).collect()
    }

    #[test]
    fn a_usi_session_answers_with_a_legal_move_and_its_search() {
        let lines = session(
            "usi\nsetoption name USI_Hash value 4\nisready\nusinewgame\n\
             position startpos moves 7g7f 3c3d\ngo nodes 3000\n",
        );
        assert!(lines.iter().any(|l| l == "usiok"), "{lines:?}");
        assert!(lines.iter().any(|l| l == "readyok"), "{lines:?}");
        assert!(
            lines.iter().any(|l| l.starts_with("info depth")),
            "{lines:?}"
        );
        let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
        let game = position(Variant::Standard, &["startpos", "moves", "7g7f", "3c3d"]).unwrap();
        assert!(game.legal_move_texts().contains(&best.to_owned()), "{best}");
    }

    #[test]
    fn a_yonin_session_answers_for_the_seat_to_move() {
        let lines =
            session("setoption name Variant value yonin\nposition startpos\ngo nodes 2000\n");
        let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
        let game = Game::new(Variant::Yonin, RuleOptions::defaults(Variant::Yonin));
        assert!(game.legal_move_texts().contains(&best.to_owned()), "{best}");
    }

    #[test]
    fn bad_options_and_positions_are_reported_and_change_nothing() {
        let lines = session("setoption name Level value 9\nposition sfen nonsense\nisready\n");
        assert!(lines.iter().any(|l| l.contains("Level 9")), "{lines:?}");
        assert!(
            lines.iter().any(|l| l.contains("bad position")),
            "{lines:?}"
        );
        assert_eq!(lines.last().map(String::as_str), Some("readyok"));
    }

    #[test]
    fn a_position_with_an_illegal_move_is_refused() {
        let words: Vec<&str> = "startpos moves 7g7f 7g7f".split(' ').collect();
        assert!(position(Variant::Standard, &words).is_err());
        let words: Vec<&str> = "startpos moves 7g7f 3c3d".split(' ').collect();
        assert_eq!(
            position(Variant::Standard, &words).unwrap().history().len(),
            2
        );
    }
}
