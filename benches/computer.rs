//! The computer players' speed: search nodes per second per variant, and think time per
//! level (median and 99th percentile) over positions from seeded random games.
//! Run with `cargo bench --bench computer`.

use std::time::Duration;

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

use shogiban::computer::{choose, Level, Limits};
use shogiban::engine::{Game, RuleOptions, Variant};

/// Positions `plies` deep into seeded random games (games that end early are skipped).
fn positions(variant: Variant, count: usize, plies: usize) -> Vec<Game> {
    let mut rng = StdRng::seed_from_u64(11);
    let mut out = Vec::new();
    while out.len() < count {
        let mut game = Game::new(variant, RuleOptions::defaults(variant));
        for _ in 0..plies {
            let legal = game.legal_moves();
            let Some(m) = legal.choose(&mut rng) else {
                break;
            };
            game.play(m).unwrap();
        }
        if !game.is_over() {
            out.push(game);
        }
    }
    out
}

/// Seconds this thread has run on a processor (Linux; `None` elsewhere): unlike the
/// wall clock, not stretched by other processes' load.
fn thread_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn main() {
    // `cargo test --benches` runs this binary too; measure only under `cargo bench`.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    println!(
        "search speed at level 8, 1 s per move, 6 positions 20 plies in \
         (per second of the clock, and per second on a processor)"
    );
    for variant in Variant::ALL {
        let (mut nodes, mut secs, mut cpu) = (0u64, 0f64, 0f64);
        for game in positions(variant, 6, 20) {
            let limits = Limits {
                movetime: Some(Duration::from_secs(1)),
                ..Limits::default()
            };
            let before = thread_cpu_seconds();
            let c = choose(&game, Level::MAX, limits).unwrap();
            if let (Some(a), Some(b)) = (before, thread_cpu_seconds()) {
                cpu += b - a;
            }
            nodes += c.nodes;
            secs += c.elapsed.as_secs_f64();
        }
        println!(
            "  {:14} {:>6.2} M nodes/s, {:>6.2} M nodes per processor second",
            variant.name(),
            nodes as f64 / secs / 1e6,
            nodes as f64 / cpu.max(1e-9) / 1e6
        );
    }
    println!("think time per level (p50 / p99), 12 positions 30 plies in");
    for variant in Variant::ALL {
        let games = positions(variant, 12, 30);
        for n in 1..=8 {
            let level = Level::new(n).unwrap();
            let mut times: Vec<Duration> = games
                .iter()
                .map(|g| choose(g, level, Limits::default()).unwrap().elapsed)
                .collect();
            times.sort();
            println!(
                "  {:14} level {n}: {:>5} ms / {:>5} ms",
                variant.name(),
                percentile(&times, 0.5).as_millis(),
                percentile(&times, 0.99).as_millis()
            );
        }
    }
}
