//! Mate search speed: checking moves against the legal moves filtered by trial, mate in
//! one per call on middle-game positions, and the solver over the engine-game fixtures
//! (`tests/fixtures/mate/engine-games.tsv`) at one second each: the share solved, the
//! median and the 95th percentile of the time (printed before criterion's groups).

use std::time::{Duration, Instant};

use criterion::{black_box, criterion_group, Criterion};
use shogiban::computer::mate::{mate_in_one, solve_reporting, MateLimits, MateResult};
use shogiban::engine::checks::generate_checks_by_trial;
use shogiban::engine::{standard, yonin, Move};

/// Middle games: a busy one with pieces in hand (the perft table's), and positions from
/// the fixtures a few moves before mate.
const MIDDLE_GAMES: [&str; 3] = [
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "ln1g3+Rl/2sk1s+P2/2ppppb1p/p1b3p2/8P/P4P3/2PPP1P2/1+r2GS3/LN+p2KGNL w GN2Ps 36",
    "lr6l/4g4/p3p4/1pp5p/P2S1p3/2P1N2+bP/1PGP1Pk1R/2N3pp1/4K3L w b2g3s2nl4p 152",
];

fn checks(c: &mut Criterion) {
    let mut group = c.benchmark_group("checking moves");
    let mut moves: Vec<Move> = Vec::with_capacity(600);
    for (i, text) in MIDDLE_GAMES.iter().enumerate() {
        let pos = standard::from_sfen(text).expect("valid SFEN");
        group.bench_function(format!("generated, middle game {i}"), |b| {
            b.iter(|| {
                moves.clear();
                black_box(&pos).generate_checks(&mut moves);
                moves.len()
            })
        });
        group.bench_function(format!("legal moves tried, middle game {i}"), |b| {
            b.iter(|| {
                moves.clear();
                generate_checks_by_trial(black_box(&pos), &mut moves);
                moves.len()
            })
        });
    }
    let four = yonin::start(false);
    group.bench_function("generated, yonin start", |b| {
        b.iter(|| {
            moves.clear();
            black_box(&four).generate_checks(&mut moves);
            moves.len()
        })
    });
    group.finish();
}

fn mate_in_one_calls(c: &mut Criterion) {
    let mut group = c.benchmark_group("mate in one");
    for (i, text) in MIDDLE_GAMES.iter().enumerate() {
        let pos = standard::from_sfen(text).expect("valid SFEN");
        group.bench_function(format!("middle game {i}"), |b| {
            b.iter(|| mate_in_one(black_box(&pos)))
        });
    }
    group.finish();
}

/// The solver on every cshogi-proven mate of the fixtures, one second each.
fn fixtures_at_one_second() {
    let text = include_str!("../tests/fixtures/mate/engine-games.tsv");
    let mut times = Vec::new();
    let (mut solved, mut total) = (0, 0);
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let fields: Vec<&str> = line.split('\t').collect();
        if fields[2] != "mate" {
            continue;
        }
        total += 1;
        let pos = standard::from_sfen(fields[0]).expect("fixture SFEN");
        let started = Instant::now();
        let report = solve_reporting(
            &pos,
            MateLimits {
                nodes: None,
                deadline: Some(started + Duration::from_secs(1)),
            },
        );
        let elapsed = started.elapsed();
        if matches!(report.result, MateResult::Mate(_)) {
            solved += 1;
        }
        times.push(elapsed);
    }
    times.sort();
    let at = |q: f64| times[((times.len() as f64 - 1.0) * q).round() as usize];
    println!(
        "mate fixtures at 1 s each: solved {solved} of {total} ({:.1} %), median {:.1} ms, p95 {:.1} ms",
        100.0 * solved as f64 / total.max(1) as f64,
        at(0.5).as_secs_f64() * 1000.0,
        at(0.95).as_secs_f64() * 1000.0
    );
}

criterion_group!(benches, checks, mate_in_one_calls);

fn main() {
    fixtures_at_one_second();
    benches();
    Criterion::default().configure_from_args().final_summary();
}
