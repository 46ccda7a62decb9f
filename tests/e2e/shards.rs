//! The sharded gateway end to end, against the fake Discord's sharded gateway (a
//! connection's IDENTIFY shard decides which servers' events it gets): one process running
//! both shards of two, two processes of the real program with a shard each (on one SQLite
//! file, and on one PostgreSQL database with a clock running out and a process killed and
//! started again), `SHARDS=auto` with Discord's `max_concurrency`, the health endpoints of a
//! running process, and the start-up errors of bad settings.

use crate::support;

use std::time::{Duration, Instant};

use support::bot::{shogiban_command, RunningBot};
use support::fake_discord::{FakeDiscord, DEFAULT_WAIT};
use support::fixtures::{alice, bob, InteractionBuilder, CHANNEL_ID, GUILD_ID};
use support::postgres;
use support::shards::{
    a_game_in, a_game_with_a_move, answering_ports, board_after, delivered_once_each, get, help_in,
    is_board_after, move_in, posts_matching, sample, Serve, SHARDS_UP, SHARD_1_CHANNEL,
    SHARD_1_GUILD,
};

#[test]
fn the_test_servers_sit_on_the_shards_they_are_meant_for() {
    assert_eq!((GUILD_ID >> 22) % 2, 0);
    assert_eq!((SHARD_1_GUILD >> 22) % 2, 1);
}

#[tokio::test]
async fn one_process_runs_both_shards_and_answers_both_servers() {
    let fake = FakeDiscord::start().await;
    let bot = RunningBot::start(&fake, &[("SHARD_COUNT", "2"), ("SHARDS", "0-1")]);

    let status = fake.wait_for_shards(&[[0, 2], [1, 2]], SHARDS_UP).await;
    // Discord allows one IDENTIFY per 5 s in a bucket; max_concurrency is 1 here.
    let [(first, at_first), (second, at_second)] = status.identified[..] else {
        panic!("two IDENTIFYs: {:?}", status.identified);
    };
    assert_eq!((first, second), ([0, 2], [1, 2]));
    let gap = at_second.duration_since(at_first);
    assert!(
        gap >= Duration::from_millis(4900),
        "{gap:?} between IDENTIFYs"
    );
    assert!(
        fake.calls()
            .iter()
            .any(|call| call.is("GET", "/api/v10/gateway/bot")),
        "the bot asks Discord for max_concurrency"
    );

    help_in(&fake, GUILD_ID, CHANNEL_ID).await;
    help_in(&fake, SHARD_1_GUILD, SHARD_1_CHANNEL).await;

    bot.stop().await.expect("clean shutdown");
    fake.assert_no_violations();
}

#[tokio::test]
async fn auto_takes_discords_count_and_starts_a_shard_per_bucket_at_once() {
    let fake = FakeDiscord::start().await;
    fake.recommend_shards(2, 2);
    let bot = RunningBot::start(&fake, &[("SHARDS", "auto")]);

    let status = fake.wait_for_shards(&[[0, 2], [1, 2]], SHARDS_UP).await;
    // Shards 0 and 1 are in different buckets of max_concurrency 2: no 5 s wait between.
    let [(_, at_first), (_, at_second)] = status.identified[..] else {
        panic!("two IDENTIFYs: {:?}", status.identified);
    };
    let gap = at_second.duration_since(at_first);
    assert!(gap < Duration::from_secs(3), "{gap:?} between IDENTIFYs");

    help_in(&fake, SHARD_1_GUILD, SHARD_1_CHANNEL).await;
    help_in(&fake, GUILD_ID, CHANNEL_ID).await;

    bot.stop().await.expect("clean shutdown");
    fake.assert_no_violations();
}

#[cfg(unix)]
#[tokio::test]
async fn two_processes_each_answer_only_their_own_servers() {
    let fake = FakeDiscord::start().await;
    let (base_0, port_0) = fake.another_api_base().await;
    let (base_1, port_1) = fake.another_api_base().await;
    let dir = tempfile::tempdir().expect("a temporary directory");
    let database = Serve::sqlite_url(&dir.path().join("games.db"));
    let mut shard_0 = Serve::start(
        &fake,
        &base_0,
        &database,
        &[("SHARD_COUNT", "2"), ("SHARDS", "0")],
    );
    // One SQLite file is created and migrated by one process at a time (PostgreSQL's
    // migrator takes a lock; SQLite's does not): the second starts once the first runs.
    shard_0.logged("running shard 0 of 2", SHARDS_UP).await;
    let mut shard_1 = Serve::start(
        &fake,
        &base_1,
        &database,
        &[("SHARD_COUNT", "2"), ("SHARDS", "1")],
    );
    shard_1.logged("running shard 1 of 2", SHARDS_UP).await;
    // The second process waits its turn before its IDENTIFY, as if started together.
    shard_1
        .logged("waiting 5 s before identifying", DEFAULT_WAIT)
        .await;
    assert!(!shard_0.log().contains("before identifying"));
    fake.wait_for_shards(&[[0, 2], [1, 2]], SHARDS_UP).await;

    let on_0 = a_game_with_a_move(&fake, GUILD_ID, CHANNEL_ID).await;
    let on_1 = a_game_with_a_move(&fake, SHARD_1_GUILD, SHARD_1_CHANNEL).await;
    assert_eq!(answering_ports(&fake, &on_0), [port_0]);
    assert_eq!(answering_ports(&fake, &on_1), [port_1]);

    // Shard 1's process dies. Its server's interactions wait for it; the other process,
    // which never gets them, answers its own server as before.
    shard_1.kill();
    fake.wait_for_shards(&[[0, 2]], DEFAULT_WAIT).await;
    let (help_0, _) = help_in(&fake, GUILD_ID, CHANNEL_ID).await;
    assert_eq!(answering_ports(&fake, &[help_0]), [port_0]);

    let mut shard_1 = Serve::start(
        &fake,
        &base_1,
        &database,
        &[("SHARD_COUNT", "2"), ("SHARDS", "1")],
    );
    fake.wait_for_shards(&[[0, 2], [1, 2]], SHARDS_UP).await;
    shard_1.logged("running shard 1 of 2", DEFAULT_WAIT).await;
    // The game on shard 1 goes on where it was, answered by the restarted process only.
    let reply = fake
        .send(
            &InteractionBuilder::slash("move")
                .string("move", "3c3d")
                .by(&bob())
                .in_guild(SHARD_1_GUILD, SHARD_1_CHANNEL),
        )
        .await;
    let answer = fake.answer_to(&reply).await;
    assert!(
        answer.content().unwrap_or_default().contains("was played"),
        "{:?}",
        answer.content()
    );
    assert_eq!(answering_ports(&fake, &[reply]), [port_1]);
    for process in [&shard_0, &shard_1] {
        assert!(
            !process.log().contains(fake.token()),
            "the token was logged"
        );
    }
    fake.assert_no_violations();
}

/// The settings of the process running shard `shard` of two. A claim on an announcement
/// held by a killed process runs out after 10 s here (a minute by default), so the
/// survivor or the restarted process takes it over within the test.
fn shard_env(shard: &str) -> [(&'static str, &str); 3] {
    [
        ("SHARD_COUNT", "2"),
        ("SHARDS", shard),
        ("ANNOUNCE_LEASE_MS", "10000"),
    ]
}

/// Two processes, shards 0 and 1 of two, on one PostgreSQL database: each answers only the
/// servers of its shard; a minute per move runs out in shard 0's server while both
/// processes run the clock, and the result is posted once; the process of shard 1 is
/// killed (SIGKILL) right after a move and started again: its game goes on from that move,
/// and every announcement made before is posted once.
#[cfg(unix)]
#[tokio::test]
async fn two_processes_on_one_postgresql_share_games_and_clock_and_survive_a_kill() {
    let url = postgres::fresh_database().await;
    let fake = FakeDiscord::start().await;
    let (base_0, port_0) = fake.another_api_base().await;
    let (base_1, port_1) = fake.another_api_base().await;
    // Started together on an empty database: PostgreSQL's migrator takes a lock, so one
    // process migrates and the other waits for it.
    let mut shard_0 = Serve::start(&fake, &base_0, &url, &shard_env("0"));
    let mut shard_1 = Serve::start(&fake, &base_1, &url, &shard_env("1"));
    shard_0.logged("running shard 0 of 2", SHARDS_UP).await;
    shard_1.logged("running shard 1 of 2", SHARDS_UP).await;
    fake.wait_for_shards(&[[0, 2], [1, 2]], SHARDS_UP).await;

    // Shard 0's server: a minute per move, the shortest a challenge may ask for. Bob's
    // minute starts with Alice's first move; his reminder falls due after 45 s.
    let mut on_0 = a_game_in(&fake, GUILD_ID, CHANNEL_ID, Some("1m")).await;
    let opened = Instant::now();
    let first = move_in(&fake, GUILD_ID, CHANNEL_ID, &alice(), "7g7f").await;
    board_after(&fake, CHANNEL_ID, first.sent_at, 1, DEFAULT_WAIT).await;
    on_0.push(first);

    // Shard 1's server: a game on the default clock; Bob's move is confirmed and his
    // process killed at once, its board perhaps not yet posted or half posted.
    let mut on_1 = a_game_in(&fake, SHARD_1_GUILD, SHARD_1_CHANNEL, None).await;
    let first = move_in(&fake, SHARD_1_GUILD, SHARD_1_CHANNEL, &alice(), "7g7f").await;
    board_after(&fake, SHARD_1_CHANNEL, first.sent_at, 1, DEFAULT_WAIT).await;
    on_1.push(first);
    on_1.push(move_in(&fake, SHARD_1_GUILD, SHARD_1_CHANNEL, &bob(), "3c3d").await);
    shard_1.kill();

    // Shard 0's process, which never gets shard 1's events, answers its own server.
    fake.wait_for_shards(&[[0, 2]], DEFAULT_WAIT).await;
    on_0.push(help_in(&fake, GUILD_ID, CHANNEL_ID).await.0);

    let mut shard_1 = Serve::start(&fake, &base_1, &url, &shard_env("1"));
    shard_1.logged("running shard 1 of 2", SHARDS_UP).await;
    fake.wait_for_shards(&[[0, 2], [1, 2]], SHARDS_UP).await;
    // The game goes on from Bob's move, answered by the restarted process.
    let third = move_in(&fake, SHARD_1_GUILD, SHARD_1_CHANNEL, &alice(), "2g2f").await;
    // Bob's board comes at the latest when the dead process's claim on it runs out.
    board_after(
        &fake,
        SHARD_1_CHANNEL,
        third.sent_at,
        3,
        Duration::from_secs(30),
    )
    .await;
    on_1.push(third);
    for ply in 1..=3 {
        let boards = posts_matching(&fake, SHARD_1_CHANNEL, |call| is_board_after(call, ply));
        assert_eq!(boards.len(), 1, "boards after move {ply}");
    }

    // Bob's minute runs out; both processes' schedulers read that deadline.
    let result = fake
        .posted(
            CHANNEL_ID,
            opened,
            "the timeout",
            Duration::from_secs(90),
            |call| {
                call.content()
                    .is_some_and(|text| text.contains("ran out of time"))
            },
        )
        .await;
    assert!(
        result.at.duration_since(opened) >= Duration::from_secs(59),
        "the minute ran out after {:?}",
        result.at.duration_since(opened)
    );
    // The finished game's replay follows its result.
    fake.posted(CHANNEL_ID, result.at, "the replay", DEFAULT_WAIT, |call| {
        call.files
            .iter()
            .any(|file| file.filename.ends_with(".gif"))
    })
    .await;
    // Both woke for the deadline: give the later one its round before counting.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let said = |needle: &'static str| {
        posts_matching(&fake, CHANNEL_ID, move |call| {
            call.content().is_some_and(|text| text.contains(needle))
        })
        .len()
    };
    assert_eq!(said("ran out of time"), 1, "timeouts announced");
    assert_eq!(said("reminder: your move"), 1, "reminders announced");

    let store = shogiban::store::Store::open(&url)
        .await
        .expect("the database opens");
    assert_eq!(
        delivered_once_each(&fake, &store, CHANNEL_ID).await,
        [
            "challenge",
            "game_started",
            "move",
            "reminder",
            "result",
            "replay"
        ]
    );
    assert_eq!(
        delivered_once_each(&fake, &store, SHARD_1_CHANNEL).await,
        ["challenge", "game_started", "move", "move", "move"]
    );
    let game = store
        .active_game_in_channel(shogiban::store::ChannelId(SHARD_1_CHANNEL))
        .await
        .expect("the database reads")
        .expect("shard 1's game is still on");
    assert_eq!(game.ply, 3);
    assert!(store
        .active_game_in_channel(shogiban::store::ChannelId(CHANNEL_ID))
        .await
        .expect("the database reads")
        .is_none());
    store.close().await;

    assert_eq!(answering_ports(&fake, &on_0), [port_0]);
    assert_eq!(answering_ports(&fake, &on_1), [port_1]);
    for process in [&shard_0, &shard_1] {
        assert!(
            !process.log().contains(fake.token()),
            "the token was logged"
        );
    }
    fake.assert_no_violations();
}

#[cfg(unix)]
#[tokio::test]
async fn health_endpoints_follow_the_shards_and_count_the_moves() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().expect("a temporary directory");
    let mut serve = Serve::start(
        &fake,
        &fake.api_base(),
        &Serve::sqlite_url(&dir.path().join("games.db")),
        &[
            ("SHARD_COUNT", "2"),
            ("SHARDS", "0-1"),
            ("HEALTH_ADDR", "127.0.0.1:0"),
        ],
    );
    let shown = serve
        .logged("health endpoints on http://", DEFAULT_WAIT)
        .await;
    let addr = shown.split('/').next().expect("an address").to_owned();

    // Shard 1 starts 5 s after shard 0: until then the process is not healthy.
    fake.wait_for_shards(&[[0, 2]], SHARDS_UP).await;
    let (status, body) = get(&addr, "/healthz").await;
    assert_eq!(status, 503, "{body}");
    assert!(body.starts_with("unhealthy"), "{body}");
    assert!(!body.contains("2 of 2 shards connected"), "{body}");
    assert!(body.contains("shards 0-1 of 2"), "{body}");

    fake.wait_for_shards(&[[0, 2], [1, 2]], SHARDS_UP).await;
    let deadline = Instant::now() + DEFAULT_WAIT;
    let body = loop {
        let (status, body) = get(&addr, "/healthz").await;
        if status == 200 {
            break body;
        }
        assert!(Instant::now() < deadline, "never healthy: {body}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert!(body.contains("2 of 2 shards connected"), "{body}");
    assert!(body.contains("database answers"), "{body}");

    let (status, metrics) = get(&addr, "/metrics").await;
    assert_eq!(status, 200);
    assert_eq!(
        sample(&metrics, "shogiban_moves_total"),
        Some(0.0),
        "{metrics}"
    );
    assert_eq!(sample(&metrics, "shogiban_games_in_progress"), Some(0.0));

    let sent = a_game_with_a_move(&fake, SHARD_1_GUILD, SHARD_1_CHANNEL).await;
    let (_, metrics) = get(&addr, "/metrics").await;
    assert_eq!(
        sample(&metrics, "shogiban_moves_total"),
        Some(1.0),
        "{metrics}"
    );
    assert_eq!(
        sample(&metrics, "shogiban_games_in_progress"),
        Some(1.0),
        "{metrics}"
    );
    // The last answer may still be on its way when the counter is read.
    let interactions = sample(&metrics, "shogiban_interactions_total").expect("interactions");
    assert!(
        (sent.len() as f64 - 1.0..=sent.len() as f64).contains(&interactions),
        "{metrics}"
    );
    assert_eq!(
        sample(&metrics, "shogiban_errors_total"),
        Some(0.0),
        "{metrics}"
    );
    assert_eq!(sample(&metrics, "shogiban_shards"), Some(2.0), "{metrics}");
    assert_eq!(
        sample(&metrics, "shogiban_shard_connected{shard=\"1\"}"),
        Some(1.0)
    );
    assert_eq!(
        sample(&metrics, "shogiban_scheduler_lag_seconds"),
        Some(0.0)
    );
    assert_eq!(sample(&metrics, "shogiban_store_up"), Some(1.0));
    assert!(
        metrics.contains("# TYPE shogiban_moves_total counter"),
        "{metrics}"
    );
    assert!(sample(&metrics, "shogiban_announcements_pending").is_some());
    assert!(sample(&metrics, "shogiban_due_work{kind=\"timeout\"}").is_some());

    let (status, _) = get(&addr, "/elsewhere").await;
    assert_eq!(status, 404);
    assert!(!serve.log().contains(fake.token()), "the token was logged");
    fake.assert_no_violations();
}

#[tokio::test]
async fn bad_shard_settings_stop_start_up_naming_the_variable() {
    let fake = FakeDiscord::start().await;
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("a port to take");
    let taken = taken.local_addr().expect("its address").to_string();
    let cases = [
        (vec![("SHARDS", "0-1")], "SHARD_COUNT"),
        (vec![("SHARD_COUNT", "0")], "SHARD_COUNT"),
        (vec![("SHARD_COUNT", "2"), ("SHARDS", "1-2")], "SHARDS=1-2"),
        (vec![("SHARD_COUNT", "2"), ("SHARDS", "all")], "SHARDS"),
        (vec![("HEALTH_ADDR", "localhost")], "HEALTH_ADDR"),
        (vec![("HEALTH_ADDR", taken.as_str())], "HEALTH_ADDR"),
    ];
    let dir = tempfile::tempdir().expect("a temporary directory");
    for (env, named) in cases {
        let mut command = shogiban_command();
        command
            .arg("serve")
            .env("DISCORD_TOKEN", fake.token())
            .env("DISCORD_API_BASE", fake.api_base())
            .env(
                "DATABASE_URL",
                format!("sqlite://{}", dir.path().join("games.db").display()),
            );
        for (name, value) in &env {
            command.env(name, value);
        }
        let output = tokio::task::spawn_blocking(move || command.output())
            .await
            .expect("the command ran")
            .expect("run shogiban serve");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{env:?} started:\n{stderr}");
        assert!(stderr.contains(named), "{env:?}:\n{stderr}");
    }
    assert_eq!(fake.gateway_status().connections, 0, "nothing connected");
}
