//! Yonin shogi speed: perft from the start position (singles and doubles) and legal move
//! generation. Criterion reports leaves per second as the throughput.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use shogiban::engine::{yonin, Position};

/// Reference leaf counts (`shared/reference/perft-yonin.md`); the same for doubles.
const LEAVES: [(u32, u64); 3] = [(3, 729), (4, 6_561), (5, 82_134)];

/// A middle-game position after 40 moves of random play (S holds a rook).
const MIDDLE: &str = "3nGnK1nG2/5nPw+SeGeS/sPwGnSnPnP4/1wP4eP2/1sG4ePeR1/wKwP4ePeKeG/wSwG2sPsP3/2sSsPsR1eS2/2wS1sKsGsS1wR S R/-/-/- SWNE 41";

fn yonin_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("yonin perft");
    group.sample_size(20);
    for (mode, doubles) in [("singles", false), ("doubles", true)] {
        let start = yonin::start(doubles);
        for (depth, leaves) in LEAVES {
            group.throughput(Throughput::Elements(leaves));
            group.bench_function(format!("{mode} start depth {depth}"), |b| {
                b.iter(|| assert_eq!(black_box(&start).perft(depth), leaves))
            });
        }
    }
    group.finish();
}

fn yonin_movegen(c: &mut Criterion) {
    let mut moves = Vec::with_capacity(256);
    let mut group = c.benchmark_group("yonin legal moves");
    for (name, text) in [("start", yonin::START_TEXT), ("middle game", MIDDLE)] {
        let pos = yonin::from_text(text, false).expect("a valid position");
        group.bench_function(name, |b| {
            b.iter(|| {
                black_box(&pos).legal_moves(&mut moves);
                moves.len()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, yonin_perft, yonin_movegen);
criterion_main!(benches);
