//! Board image speed: painting a scene and encoding it as PNG, for each variant; and the
//! animated replay of a 100-move game as GIF.
//! Targets (release, one core): 9x9 under 15 ms and 17x17 under 60 ms for render plus
//! encode; a 100-move replay under 1 s (standard) and 4 s (dai dai).

use std::time::Duration;

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use shogiban::engine::{notation, Game, RuleOptions, Seat, Variant};
use shogiban::render::{
    encode_png, render_scene, replay_gif, samples, QuarterTurns, ReplayFrame, ReplayOptions,
};

/// The positions of the first `count` moves of a game in `tests/games/`.
fn replay_frames(variant: Variant, fixture: &str, count: usize) -> Vec<ReplayFrame> {
    let moves: String = fixture
        .lines()
        .filter(|line| !line.starts_with('#'))
        .collect::<Vec<_>>()
        .join(" ");
    let mut game = Game::new(variant, RuleOptions::defaults(variant));
    for text in notation::split_moves(&moves).iter().take(count) {
        let m = game.parse_move(text).expect("a fixture move");
        game.play(&m).expect("a legal fixture move");
    }
    ReplayFrame::from_game(&game, |ply, played| match played {
        None => "Start".to_string(),
        Some(m) => format!("Move {ply}: {}", m.western),
    })
    .expect("the record replays")
}

fn bench_replay(c: &mut Criterion) {
    let games = [
        (
            "standard-100-moves",
            replay_frames(
                Variant::Standard,
                include_str!("../tests/games/standard.moves"),
                100,
            ),
        ),
        (
            "daidai-100-moves",
            replay_frames(
                Variant::DaiDai,
                include_str!("../tests/games/daidai.moves"),
                100,
            ),
        ),
    ];
    let mut group = c.benchmark_group("replay-gif");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    for (name, frames) in &games {
        let options = ReplayOptions {
            seat: Seat(1),
            ..ReplayOptions::default()
        };
        let replay = replay_gif(frames, &options).expect("a replay");
        println!(
            "{name}: {} frames, {} bytes, {}x{}",
            replay.frames,
            replay.gif.len(),
            replay.width,
            replay.height
        );
        group.bench_function(*name, |b| {
            b.iter(|| replay_gif(black_box(frames), &options).expect("a replay"))
        });
    }
    group.finish();
}

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

criterion_group!(benches, bench_render, bench_replay);
criterion_main!(benches);
