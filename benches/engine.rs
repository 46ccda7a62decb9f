//! Engine speed: perft and legal move generation for standard shogi.
//! Deeper counts (perft 6, half a billion leaves) are measured with the command-line tool:
//! `cargo run --release -- perft --variant standard --depth 6`.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use shogiban::engine::{standard, Position};

const MATSURI: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";

fn standard_perft(c: &mut Criterion) {
    let start = standard::start();
    let mut group = c.benchmark_group("standard perft");
    group.sample_size(10);
    for (depth, leaves) in [(4u32, 719_731u64), (5, 19_861_490)] {
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(format!("start depth {depth}"), |b| {
            b.iter(|| assert_eq!(black_box(&start).perft(depth), leaves))
        });
    }
    let matsuri = standard::from_sfen(MATSURI).expect("valid SFEN");
    group.throughput(Throughput::Elements(4_809_015));
    group.bench_function("matsuri depth 3", |b| {
        b.iter(|| assert_eq!(black_box(&matsuri).perft(3), 4_809_015))
    });
    group.finish();
}

fn standard_movegen(c: &mut Criterion) {
    let mut moves = Vec::with_capacity(600);
    let mut group = c.benchmark_group("standard legal moves");
    for (name, sfen) in [("start", standard::START_SFEN), ("matsuri", MATSURI)] {
        let pos = standard::from_sfen(sfen).expect("valid SFEN");
        group.bench_function(name, |b| {
            b.iter(|| {
                black_box(&pos).legal_moves(&mut moves);
                moves.len()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, standard_perft, standard_movegen);
criterion_main!(benches);
