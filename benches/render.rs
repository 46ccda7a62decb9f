//! Board image speed: painting a scene and encoding it as PNG, for each variant.
//! Targets (release): 9x9 under 15 ms and 17x17 under 60 ms for render plus encode.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use shogiban::render::{encode_png, render_scene, samples, QuarterTurns};

fn bench_render(c: &mut Criterion) {
    let scenes = [
        ("standard-midgame", samples::standard_midgame()),
        (
            "standard-midgame-white",
            samples::seen_from(samples::standard_midgame(), QuarterTurns::NORTH),
        ),
        (
            "yonin-midgame-w",
            samples::seen_from(samples::yonin_midgame(), QuarterTurns::WEST),
        ),
        ("daidai-start", samples::daidai_start()),
        ("daidai-midgame", samples::daidai_midgame()),
    ];
    let mut group = c.benchmark_group("render+png");
    for (name, scene) in &scenes {
        group.bench_function(*name, |b| {
            b.iter(|| encode_png(&render_scene(black_box(scene))).expect("encodes"))
        });
    }
    group.finish();

    let mut group = c.benchmark_group("render");
    for (name, scene) in &scenes {
        group.bench_function(*name, |b| b.iter(|| render_scene(black_box(scene))));
    }
    group.finish();

    let mut group = c.benchmark_group("png");
    for (name, scene) in &scenes {
        let pixmap = render_scene(scene);
        group.bench_function(*name, |b| {
            b.iter(|| encode_png(black_box(&pixmap)).expect("encodes"))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_render);
criterion_main!(benches);
