//! Moves through the game table with the board image, on SQLite against PostgreSQL, in one
//! bot process and in two sharing the database: moves per second and the p99 latency of a
//! move (the move stored with its announcement, then the board drawn as its delivery draws
//! it).
//!
//! `cargo bench --bench backends` (needs Debian's `postgresql` package, like the tests: the
//! server is started on 127.0.0.1 in a temporary folder). Each process is this binary run
//! again as a worker: it opens the database, starts its games in channels of its own, says
//! it is ready, and on the word plays random legal moves (seeded) in all of them from
//! several tasks, timing each. A worker runs on one thread, so the two-process figure
//! shows what the database lets a second process add, not how many cores one process
//! could use. Each configuration runs on a fresh database, several rounds; every round is
//! printed, then the median round.
//!
//! Beside the moves per second, each round prints the CPU time the workers spent per move:
//! their own user and system time (all their threads), read from `/proc/<pid>/stat` before
//! "go" and after "done", not the database server's. A machine with fewer cores than
//! workers and server cannot show two processes making twice the moves of one, but it can
//! show whether they scale: two processes that spend no more CPU per move than one (the bar
//! is 1.15x) make twice the moves on twice the cores.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use common::postgres;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use shogiban::engine::{self, RuleOptions, Seat, Variant};
use shogiban::service::{
    AcceptOutcome, ChallengeRequest, ManualClock, Person, Seating, Service, Settings, TimeLimit,
};
use shogiban::store::{ChannelId, GuildId, Store, UserId};

const GUILD: GuildId = GuildId(1);
const T0: i64 = 1_700_000_000;
/// Channels each process plays in, the tasks driving them, and the moves per channel.
const CHANNELS: u64 = 16;
const TASKS: u64 = 4;
const MOVES_PER_CHANNEL: usize = 12;
const ROUNDS: usize = 3;
/// Set in a worker's environment: the database URL, a tab, the worker's number.
const WORKER: &str = "SHOGIBAN_BENCH_BACKENDS_WORKER";

/// A channel with a game and a copy of the game to pick the next move from.
struct Table {
    channel: ChannelId,
    players: Vec<UserId>,
    shadow: engine::Game,
}

/// Starts a standard game in `channel` through a challenge and its acceptance.
async fn start(service: &Service, channel: ChannelId) -> Table {
    let variant = Variant::Standard;
    let players: Vec<UserId> = (0..2).map(|i| UserId(channel.0 * 10 + i)).collect();
    let person = |id: UserId| Person::new(id, format!("player {id}"));
    let mut request = ChallengeRequest::new(variant, vec![person(players[1])]);
    request.seating = Seating::Fixed(players.iter().map(|&id| Some(id)).collect());
    request.time_limit = TimeLimit::Default;
    let challenge = service
        .challenge(GUILD, channel, &person(players[0]), &request)
        .await
        .expect("challenge");
    let accepted = service
        .accept_challenge(challenge.id, &person(players[1]))
        .await
        .expect("accept");
    assert!(matches!(accepted, AcceptOutcome::Started { .. }));
    Table {
        channel,
        players,
        shadow: engine::Game::new(variant, RuleOptions::defaults(variant)),
    }
}

/// Plays one random legal move with its board image; returns how long that took. A game
/// that ended is replaced by a new one.
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
        *table = start(service, table.channel).await;
    }
    took
}

/// A worker process: games in channels of its own, then moves on the word "go"; prints
/// `ready`, then `done <moves>` and each move's latency in nanoseconds, then waits for a
/// last line before it closes the database and ends (so that its CPU time can be read
/// while it waits).
fn worker(spec: &str) {
    let (url, index) = spec.split_once('\t').expect("URL<TAB>index");
    let index: u64 = index.parse().expect("worker number");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        let service = Service::open(url, ManualClock::new(T0), Settings::default())
            .await
            .expect("open service");
        let mut groups = Vec::new();
        for task in 0..TASKS {
            let mut tables = Vec::new();
            for i in 0..CHANNELS / TASKS {
                let channel = ChannelId(1_000_000 * (index + 1) + task * 100 + i);
                tables.push(start(&service, channel).await);
            }
            groups.push(tables);
        }
        println!("ready");
        std::io::stdout().flush().expect("stdout");
        let mut go = String::new();
        std::io::stdin().read_line(&mut go).expect("stdin");

        let mut handles = Vec::new();
        for (task, mut tables) in groups.into_iter().enumerate() {
            let service = service.clone();
            let seed = index * 1_000 + task as u64;
            handles.push(tokio::spawn(async move {
                let mut rng = StdRng::seed_from_u64(seed);
                let mut took = Vec::new();
                for _ in 0..MOVES_PER_CHANNEL {
                    for table in &mut tables {
                        took.push(play_one(&service, table, &mut rng).await);
                    }
                }
                took
            }));
        }
        let mut took = Vec::new();
        for handle in handles {
            took.extend(handle.await.expect("task"));
        }
        let nanos: Vec<String> = took.iter().map(|d| d.as_nanos().to_string()).collect();
        println!("done {} {}", took.len(), nanos.join(" "));
        std::io::stdout().flush().expect("stdout");
        let mut exit = String::new();
        std::io::stdin().read_line(&mut exit).expect("stdin");
        service.store().close().await;
    });
}

struct Worker {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Worker {
    fn spawn(url: &str, index: usize) -> Self {
        let mut child = Command::new(std::env::current_exe().expect("this binary"))
            .env(WORKER, format!("{url}\t{index}"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start a worker");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = BufReader::new(child.stdout.take().expect("stdout"));
        Self {
            child,
            stdin,
            stdout,
        }
    }

    fn line(&mut self) -> String {
        let mut line = String::new();
        self.stdout.read_line(&mut line).expect("a worker's line");
        assert!(!line.is_empty(), "a worker stopped early");
        line
    }
}

/// Clock ticks per second of `/proc/<pid>/stat`'s times (`getconf CLK_TCK`, 100 on Linux).
fn clock_ticks() -> f64 {
    Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|out| String::from_utf8(out.stdout).ok())
        .and_then(|text| text.trim().parse().ok())
        .unwrap_or(100.0)
}

/// The user and the system time process `pid` has spent, all its threads, in clock ticks:
/// fields 14 and 15 of `/proc/<pid>/stat` (counted after the command name, which may hold
/// spaces, in parentheses).
fn cpu_ticks(pid: u32) -> (u64, u64) {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).expect("/proc/<pid>/stat");
    let after_name = &stat[stat.rfind(')').expect("the command name") + 1..];
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    // After the name: state is field 3, so utime (14) and stime (15) are at 11 and 12.
    let time = |at: usize| -> u64 { fields[at].parse().expect("a time in ticks") };
    (time(11), time(12))
}

/// What one round measured.
struct Round {
    /// All moves over the wall time from "go" to the last "done".
    per_second: f64,
    /// Every move's latency.
    latencies: Vec<Duration>,
    /// The workers' CPU time (user and system) per move, in seconds.
    cpu_per_move: f64,
    /// The user and the system time it was measured from, in clock ticks (their
    /// resolution).
    cpu_ticks: (u64, u64),
}

/// One round: `processes` workers on `url`.
fn round(url: &str, processes: usize) -> Round {
    let mut workers: Vec<Worker> = (0..processes).map(|i| Worker::spawn(url, i)).collect();
    for worker in &mut workers {
        assert_eq!(worker.line().trim(), "ready");
    }
    // Read while every worker waits for the word, so only the moves are counted.
    let before: Vec<(u64, u64)> = workers.iter().map(|w| cpu_ticks(w.child.id())).collect();
    let started = Instant::now();
    for worker in &mut workers {
        writeln!(worker.stdin, "go").expect("tell a worker to go");
        worker.stdin.flush().expect("flush");
    }
    let mut moves = 0;
    let mut latencies = Vec::new();
    for worker in &mut workers {
        let line = worker.line();
        let mut fields = line.split_whitespace();
        assert_eq!(fields.next(), Some("done"));
        moves += fields
            .next()
            .and_then(|n| n.parse::<usize>().ok())
            .expect("a move count");
        latencies.extend(
            fields.map(|n| Duration::from_nanos(n.parse().expect("a latency in nanoseconds"))),
        );
    }
    let elapsed = started.elapsed();
    // Each worker waits for its last line now, done with its moves.
    let cpu_ticks = workers
        .iter()
        .zip(&before)
        .map(|(w, before)| {
            let after = cpu_ticks(w.child.id());
            (after.0 - before.0, after.1 - before.1)
        })
        .fold((0, 0), |sum, spent| (sum.0 + spent.0, sum.1 + spent.1));
    for mut worker in workers {
        writeln!(worker.stdin, "exit").expect("tell a worker to end");
        worker.stdin.flush().expect("flush");
        let status = worker.child.wait().expect("a worker ends");
        assert!(status.success(), "a worker failed");
    }
    Round {
        per_second: moves as f64 / elapsed.as_secs_f64(),
        latencies,
        cpu_per_move: (cpu_ticks.0 + cpu_ticks.1) as f64 / clock_ticks() / moves as f64,
        cpu_ticks,
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let index = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[index]
}

fn main() {
    if let Ok(spec) = std::env::var(WORKER) {
        worker(&spec);
        return;
    }
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let dir = tempfile::TempDir::new().expect("temporary directory");
    let mut run = 0;
    let mut medians = Vec::new();
    for backend in ["sqlite", "postgres"] {
        for processes in [1, 2] {
            let mut rounds = Vec::new();
            for _ in 0..ROUNDS {
                run += 1;
                let url = if backend == "sqlite" {
                    format!(
                        "sqlite://{}",
                        dir.path().join(format!("run{run}.db")).display()
                    )
                } else {
                    runtime.block_on(postgres::fresh_database())
                };
                // Migrated once here, so the workers start on the same schema together.
                runtime.block_on(async {
                    let store = Store::open(&url).await.expect("open the database");
                    store.close().await;
                });
                let Round {
                    per_second,
                    mut latencies,
                    cpu_per_move,
                    cpu_ticks,
                } = round(&url, processes);
                latencies.sort();
                let p99 = percentile(&latencies, 0.99);
                println!(
                    "{backend}, {processes} process(es): {per_second:.0} moves/s, median \
                     {:.2?}, p99 {p99:.2?} over {} moves",
                    percentile(&latencies, 0.5),
                    latencies.len()
                );
                println!(
                    "    CPU of the bot process(es): {:.3} ms per move ({} ticks of user and \
                     {} of system time)",
                    cpu_per_move * 1e3,
                    cpu_ticks.0,
                    cpu_ticks.1
                );
                rounds.push((per_second, p99, cpu_per_move));
            }
            rounds.sort_by(|a, b| a.0.total_cmp(&b.0));
            let (per_second, p99, _) = rounds[rounds.len() / 2];
            let mut cpu: Vec<f64> = rounds.iter().map(|r| r.2).collect();
            cpu.sort_by(f64::total_cmp);
            medians.push((backend, processes, per_second, p99, cpu[cpu.len() / 2]));
        }
    }
    println!("median rounds:");
    for (backend, processes, per_second, p99, cpu) in &medians {
        println!(
            "  {backend}, {processes} process(es): {per_second:.0} moves/s, p99 {p99:.2?}, \
             CPU {:.3} ms per move",
            cpu * 1e3
        );
    }
    let find = |b: &str, p: usize| {
        medians
            .iter()
            .find(|m| m.0 == b && m.1 == p)
            .map(|m| (m.2, m.3))
            .expect("a measured configuration")
    };
    let cpu_of = |b: &str, p: usize| {
        medians
            .iter()
            .find(|m| m.0 == b && m.1 == p)
            .map(|m| m.4)
            .expect("a measured configuration")
    };
    for processes in [1, 2] {
        let (sqlite, sqlite_p99) = find("sqlite", processes);
        let (pg, pg_p99) = find("postgres", processes);
        println!(
            "  {processes} process(es): PostgreSQL takes {:.2}x SQLite's time per move, p99 \
             {:.2}x",
            sqlite / pg,
            pg_p99.as_secs_f64() / sqlite_p99.as_secs_f64()
        );
    }
    for backend in ["sqlite", "postgres"] {
        println!(
            "  {backend}: two processes make {:.2}x the moves of one",
            find(backend, 2).0 / find(backend, 1).0
        );
    }
    for backend in ["sqlite", "postgres"] {
        let ratio = cpu_of(backend, 2) / cpu_of(backend, 1);
        println!(
            "  {backend}: two processes spend {ratio:.2}x the CPU per move of one ({}; bar \
             1.15x), at {:.0} against {:.0} moves/s",
            if ratio <= 1.15 { "within" } else { "over" },
            find(backend, 2).0,
            find(backend, 1).0
        );
    }
}
