//! Moves through the game table on a database file, each with the board image for the next
//! player: the move stored with its announcement, then the board drawn as the delivery of
//! the announcement draws it. The latency of one move (median and p99, printed as
//! `latency ...` lines, and criterion's estimate) and the throughput of many channels
//! playing at once.
//!
//! `cargo bench --bench service`. The moves are random legal moves (seeded); a game that
//! ends is replaced by a new one in its channel, outside the timed moves.

use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use shogiban::engine::{self, RuleOptions, Seat, Variant};
use shogiban::service::{
    AcceptOutcome, ChallengeRequest, ManualClock, Person, Seating, Service, Settings, TimeLimit,
};
use shogiban::store::{ChannelId, GuildId, UserId};
use tempfile::TempDir;
use tokio::runtime::Runtime;

const GUILD: GuildId = GuildId(1);
const T0: i64 = 1_700_000_000;
/// Moves timed one by one for the latency figures.
const LATENCY_SAMPLES: usize = 600;
/// Channels playing at once in the throughput run, and the tasks driving them.
const CHANNELS: u64 = 64;
const TASKS: u64 = 8;
const MOVES_PER_CHANNEL: usize = 12;

/// A channel with a game and a copy of the game to pick the next move from.
struct Table {
    channel: ChannelId,
    players: Vec<UserId>,
    shadow: engine::Game,
}

struct Bench {
    _dir: TempDir,
    service: Service,
    rng: StdRng,
}

impl Bench {
    fn new(runtime: &Runtime) -> Self {
        let dir = TempDir::new().expect("temporary directory");
        let path = dir.path().join("bench.db");
        let service = runtime
            .block_on(Service::open(
                path.to_str().expect("utf-8 path"),
                ManualClock::new(T0),
                Settings::default(),
            ))
            .expect("open service");
        Self {
            _dir: dir,
            service,
            rng: StdRng::seed_from_u64(7),
        }
    }
}

/// Starts a game in `channel` through a challenge and its acceptances.
async fn start(service: &Service, variant: Variant, channel: ChannelId) -> Table {
    let seats = u64::from(variant.seats());
    let players: Vec<UserId> = (0..seats).map(|i| UserId(channel.0 * 10 + i)).collect();
    let person = |id: UserId| Person::new(id, format!("player {id}"));
    let mut request =
        ChallengeRequest::new(variant, players[1..].iter().map(|&id| person(id)).collect());
    request.seating = Seating::Fixed(players.iter().map(|&id| Some(id)).collect());
    request.time_limit = TimeLimit::Default;
    let challenge = service
        .challenge(GUILD, channel, &person(players[0]), &request)
        .await
        .expect("challenge");
    for &id in &players[1..] {
        if let AcceptOutcome::Started { .. } = service
            .accept_challenge(challenge.id, &person(id))
            .await
            .expect("accept")
        {
            break;
        }
    }
    Table {
        channel,
        players,
        shadow: engine::Game::new(variant, RuleOptions::defaults(variant)),
    }
}

/// Plays one random legal move in the table's game; returns how long the service took.
/// A game that ended is replaced by a new one.
async fn play_one(service: &Service, table: &mut Table, rng: &mut StdRng) -> Duration {
    let seat = table.shadow.seat_to_move().expect("a game in progress");
    let text = table
        .shadow
        .legal_move_texts()
        .choose(rng)
        .cloned()
        .expect("a legal move");
    let mover = table.players[usize::from(seat.0)];
    let started = Instant::now();
    let outcome = service
        .play(table.channel, mover, &text)
        .await
        .expect("a legal move plays");
    let image = match &outcome.picture {
        Some(picture) => picture.draw().await,
        None => None,
    };
    let took = started.elapsed();
    assert!(image.is_some_and(|image| !image.png.is_empty()));
    table
        .shadow
        .play_text_as(Seat(seat.0), &text)
        .expect("the copy follows");
    if outcome.result.is_some() {
        *table = start(service, table.shadow.variant(), table.channel).await;
    }
    took
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let index = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[index]
}

fn latency(c: &mut Criterion) {
    let runtime = Runtime::new().expect("runtime");
    let mut group = c.benchmark_group("service move with PNG");
    group.sample_size(20);
    {
        let variant = Variant::Standard;
        let mut bench = Bench::new(&runtime);
        let mut tables: Vec<Table> = runtime.block_on(async {
            let mut tables = Vec::new();
            for i in 0..16 {
                tables.push(start(&bench.service, variant, ChannelId(100 + i)).await);
            }
            tables
        });
        let mut samples: Vec<Duration> = runtime.block_on(async {
            let mut samples = Vec::with_capacity(LATENCY_SAMPLES);
            for i in 0..LATENCY_SAMPLES {
                let table = &mut tables[i % 16];
                samples.push(play_one(&bench.service, table, &mut bench.rng).await);
            }
            samples
        });
        samples.sort();
        println!(
            "latency {variant}: median {:.2?}, p90 {:.2?}, p99 {:.2?}, max {:.2?} over {} moves",
            percentile(&samples, 0.5),
            percentile(&samples, 0.9),
            percentile(&samples, 0.99),
            samples[samples.len() - 1],
            samples.len()
        );

        let mut next = 0;
        group.bench_function(variant.name(), |b| {
            b.iter_custom(|iterations| {
                runtime.block_on(async {
                    let mut total = Duration::ZERO;
                    for _ in 0..iterations {
                        let table = &mut tables[next % 16];
                        next += 1;
                        total += play_one(&bench.service, table, &mut bench.rng).await;
                    }
                    total
                })
            })
        });
    }
    group.finish();
}

fn throughput(c: &mut Criterion) {
    let runtime = Runtime::new().expect("runtime");
    let bench = Bench::new(&runtime);
    let variant = Variant::Standard;
    let mut groups: Vec<Vec<Table>> = runtime.block_on(async {
        let mut groups = Vec::new();
        for task in 0..TASKS {
            let mut tables = Vec::new();
            for i in 0..CHANNELS / TASKS {
                let channel = ChannelId(1_000 + task * 100 + i);
                tables.push(start(&bench.service, variant, channel).await);
            }
            groups.push(tables);
        }
        groups
    });
    let moves = CHANNELS as usize * MOVES_PER_CHANNEL;

    let run = |groups: Vec<Vec<Table>>| -> (Duration, Vec<Vec<Table>>) {
        runtime.block_on(async {
            let started = Instant::now();
            let mut handles = Vec::new();
            for (task, mut tables) in groups.into_iter().enumerate() {
                let service = bench.service.clone();
                handles.push(tokio::spawn(async move {
                    let mut rng = StdRng::seed_from_u64(task as u64);
                    for _ in 0..MOVES_PER_CHANNEL {
                        for table in &mut tables {
                            play_one(&service, table, &mut rng).await;
                        }
                    }
                    tables
                }));
            }
            let mut groups = Vec::new();
            for handle in handles {
                groups.push(handle.await.expect("task"));
            }
            (started.elapsed(), groups)
        })
    };

    let (elapsed, back) = run(std::mem::take(&mut groups));
    groups = back;
    println!(
        "throughput {variant}: {moves} moves in {:.2?} over {CHANNELS} channels = {:.0} moves/s",
        elapsed,
        moves as f64 / elapsed.as_secs_f64()
    );

    let mut group = c.benchmark_group("service throughput");
    group.sample_size(10);
    group.throughput(Throughput::Elements(moves as u64));
    group.bench_function(format!("{variant}, {CHANNELS} channels"), |b| {
        b.iter_custom(|iterations| {
            let mut total = Duration::ZERO;
            for _ in 0..iterations {
                let (elapsed, back) = run(std::mem::take(&mut groups));
                groups = back;
                total += elapsed;
            }
            total
        })
    });
    group.finish();
}

criterion_group!(benches, latency, throughput);
criterion_main!(benches);
