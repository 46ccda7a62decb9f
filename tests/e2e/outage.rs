//! Outages end to end: the program as deployed (`shogiban serve`) against the fake Discord
//! while its database goes away and comes back (a PostgreSQL server stopped for 20 s, a
//! commit the server cannot confirm before it stops, an SQLite file another program keeps
//! locked for 20 s) and while Discord drops the gateway connection. In each, every
//! interaction is answered within Discord's 3 s (the fake holds the bot to it) and told the
//! truth, `/healthz` says 503 during the outage and 200 after it, the same process plays on
//! afterwards, and every announcement is posted exactly once. Then two processes started
//! together on one PostgreSQL database, all their shards in one IDENTIFY bucket, identify 5
//! s apart and send their REST calls through one proxy.

use crate::support;

use std::time::{Duration, Instant};

use sqlx::{Connection, Executor};
use support::fake_discord::{FakeDiscord, RestCall, SentInteraction, DEFAULT_WAIT};
use support::fixtures::{alice, bob, InteractionBuilder, TestUser, CHANNEL_ID, GUILD_ID};
use support::postgres::{self, OwnCluster};
use support::shards::{
    a_game_in, answering_ports, board_after, delivered_once_each, get, health_addr,
    healthz_becomes, help_in, is_board_after, move_in, posts_matching, sample, Relay, Serve,
    SHARDS_UP,
};

/// How long each outage lasts.
const OUTAGE: Duration = Duration::from_secs(20);
/// What a player is told when the database did not let their move be saved.
const NOTHING_CHANGED: &str = "nothing was changed";
/// How long a test waits for the bot to notice that the database is back (the store probes
/// at most every 8 s), with room for a loaded machine.
const BACK: Duration = Duration::from_secs(40);

/// `/move text` by `user`, sent as Discord sends it.
async fn send_move(fake: &FakeDiscord, user: &TestUser, text: &str) -> SentInteraction {
    fake.send(
        &InteractionBuilder::slash("move")
            .string("move", text)
            .by(user)
            .in_guild(GUILD_ID, CHANNEL_ID),
    )
    .await
}

/// The text of the bot's answer to `sent` that contains `needle`, waiting up to `timeout`.
async fn answer_saying(
    fake: &FakeDiscord,
    sent: &SentInteraction,
    needle: &str,
    timeout: Duration,
) -> RestCall {
    let what = format!("an answer to interaction {} saying {needle:?}", sent.id);
    fake.wait_for(&what, timeout, |call| {
        call.answers(sent) && call.content().is_some_and(|text| text.contains(needle))
    })
    .await
}

/// Every text the bot sent in answer to `sent`.
fn texts_to(fake: &FakeDiscord, sent: &SentInteraction) -> Vec<String> {
    fake.answers_to(sent)
        .iter()
        .filter_map(|call| call.content().map(str::to_owned))
        .collect()
}

/// How many lines of `log` contain `needle`.
fn lines_with(log: &str, needle: &str) -> usize {
    log.lines().filter(|line| line.contains(needle)).count()
}

/// While the database cannot be reached, the list of moves answers at once with a hint
/// saying so (an autocomplete cannot be deferred: the fake holds it to 3 s).
async fn autocomplete_says_the_database_is_down(fake: &FakeDiscord) {
    let typed = fake
        .send(
            &InteractionBuilder::autocomplete("move")
                .focused("move", "3c")
                .by(&bob())
                .in_guild(GUILD_ID, CHANNEL_ID),
        )
        .await;
    let listed = fake.response_to(&typed).await;
    let choices = listed.choices();
    assert_eq!(choices.len(), 1, "{choices:?}");
    assert!(choices[0].0.contains("not answering"), "{choices:?}");
    let took = listed.at.saturating_duration_since(typed.sent_at);
    assert!(took < Duration::from_secs(2), "the hint took {took:?}");
}

/// Bob's move 3c3d, tried while the database cannot be reached: answered in time (the fake
/// holds the bot to 3 s), privately, saying that nothing was changed; never that it was
/// played.
async fn a_move_in_the_outage_changes_nothing(fake: &FakeDiscord) -> SentInteraction {
    let tried = send_move(fake, &bob(), "3c3d").await;
    let answer = answer_saying(fake, &tried, NOTHING_CHANGED, DEFAULT_WAIT).await;
    assert!(answer.is_ephemeral(), "{:?}", answer.content());
    let took = answer.at.saturating_duration_since(tried.sent_at);
    // The give-up time is 5 s (an SQLite writer would wait 10 s for the lock); the pool
    // gives up on a stopped server after 3 s.
    assert!(took < Duration::from_secs(9), "told after {took:?}");
    assert!(
        texts_to(fake, &tried)
            .iter()
            .all(|text| !text.contains("was played")),
        "{:?}",
        texts_to(fake, &tried)
    );
    tried
}

/// Every command and every button, used while the database cannot be reached, all at once:
/// each is answered within Discord's 3 s (the fake holds the bot to it), and each that needs
/// the database says that nothing was changed; `/help` and its pages, which do not, answer
/// as always.
async fn every_command_and_click_is_answered(fake: &FakeDiscord) {
    let vacation = |sub: &str, options: serde_json::Value| {
        InteractionBuilder::slash("vacation").option(serde_json::json!({
            "name": sub,
            "type": 1,
            "options": options,
        }))
    };
    let commands = [
        InteractionBuilder::slash("board"),
        InteractionBuilder::slash("resign"),
        InteractionBuilder::slash("draw"),
        InteractionBuilder::slash("takeback"),
        InteractionBuilder::slash("declare"),
        InteractionBuilder::slash("abort"),
        InteractionBuilder::slash("games"),
        InteractionBuilder::slash("leaderboard"),
        InteractionBuilder::slash("profile"),
        InteractionBuilder::slash("export"),
        InteractionBuilder::slash("replay"),
        InteractionBuilder::slash("settings").integer("notation", 2),
        InteractionBuilder::slash("server-settings")
            .boolean("rated", false)
            .with_manage_server(),
        vacation(
            "start",
            serde_json::json!([{ "name": "days", "type": 4, "value": 1 }]),
        ),
        vacation("end", serde_json::json!([])),
        InteractionBuilder::slash("challenge").user("opponent", &support::fixtures::carol()),
    ];
    let message =
        support::fixtures::message(4_000_000, CHANNEL_ID, "a message", serde_json::json!([]));
    let clicks = [
        "view:1",
        "resign:1",
        "promote:1:2:8h2b+",
        "draw-accept:1",
        "draw-decline:1",
        "takeback-accept:1",
        "takeback-decline:1",
        "accept:1",
        "decline:1",
        "withdraw:1",
        "fill:1",
        "replay:1:0:0:first",
        "watch:1",
    ];
    let mut needing = Vec::new();
    for command in commands {
        needing.push(
            fake.send(&command.by(&bob()).in_guild(GUILD_ID, CHANNEL_ID))
                .await,
        );
    }
    for custom_id in clicks {
        let click = InteractionBuilder::click(custom_id, message.clone());
        needing.push(
            fake.send(&click.by(&bob()).in_guild(GUILD_ID, CHANNEL_ID))
                .await,
        );
    }
    let help = fake
        .send(
            &InteractionBuilder::slash("help")
                .by(&bob())
                .in_guild(GUILD_ID, CHANNEL_ID),
        )
        .await;
    for sent in &needing {
        let answer = answer_saying(fake, sent, NOTHING_CHANGED, DEFAULT_WAIT).await;
        assert!(answer.is_ephemeral(), "{:?}", answer.content());
    }
    let answer = fake.answer_to(&help).await;
    assert!(
        answer.content().unwrap_or_default().contains("yonin"),
        "{:?}",
        answer.content()
    );
}

/// After the outage the same process plays on: Bob's 3c3d and Alice's 2g2f are played and
/// their boards posted; every announcement of the channel was posted exactly once.
async fn play_goes_on(fake: &FakeDiscord, database_url: &str) {
    let second = move_in(fake, GUILD_ID, CHANNEL_ID, &bob(), "3c3d").await;
    board_after(fake, CHANNEL_ID, second.sent_at, 2, DEFAULT_WAIT).await;
    let third = move_in(fake, GUILD_ID, CHANNEL_ID, &alice(), "2g2f").await;
    board_after(fake, CHANNEL_ID, third.sent_at, 3, DEFAULT_WAIT).await;
    for ply in 1..=3 {
        let boards = posts_matching(fake, CHANNEL_ID, |call| is_board_after(call, ply));
        assert_eq!(boards.len(), 1, "boards after move {ply}");
    }
    let store = shogiban::store::Store::open(database_url)
        .await
        .expect("the database opens");
    let game = store
        .active_game_in_channel(shogiban::store::ChannelId(CHANNEL_ID))
        .await
        .expect("the database reads")
        .expect("the game goes on");
    assert_eq!(
        game.ply, 3,
        "the move tried during the outage was not stored"
    );
    all_recorded_delivered(&store, CHANNEL_ID).await;
    assert_eq!(
        delivered_once_each(fake, &store, CHANNEL_ID).await,
        ["challenge", "game_started", "move", "move", "move"]
    );
    store.close().await;
}

/// Waits until every announcement stored for `channel` is recorded as delivered: a board
/// the fake has seen posted is recorded a moment later.
async fn all_recorded_delivered(store: &shogiban::store::Store, channel: u64) {
    let deadline = Instant::now() + DEFAULT_WAIT;
    loop {
        let stored = store
            .announcements_in_channel(shogiban::store::ChannelId(channel))
            .await
            .expect("the announcements read");
        if stored.iter().all(|a| a.delivered_ms.is_some()) {
            return;
        }
        assert!(Instant::now() < deadline, "not delivered: {stored:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The outage is logged once when it begins and once when it ends, however many requests
/// met it.
fn logged_once(log: &str) {
    assert_eq!(
        lines_with(log, "the database cannot be reached:"),
        1,
        "{log}"
    );
    assert_eq!(lines_with(log, "the database answers again"), 1, "{log}");
}

/// A game between Alice and Bob on `serve`, Alice's first move played and posted.
async fn a_game_with_a_first_move(fake: &FakeDiscord) {
    fake.wait_until_ready(SHARDS_UP).await;
    a_game_in(fake, GUILD_ID, CHANNEL_ID, None).await;
    let first = move_in(fake, GUILD_ID, CHANNEL_ID, &alice(), "7g7f").await;
    board_after(fake, CHANNEL_ID, first.sent_at, 1, DEFAULT_WAIT).await;
}

/// The PostgreSQL server is stopped for 20 s and started again while the bot runs.
#[cfg(unix)]
#[tokio::test]
async fn a_postgresql_server_stopped_for_twenty_seconds_then_started_again() {
    let mut cluster = OwnCluster::start();
    let database = cluster.fresh_database().await;
    let fake = FakeDiscord::start().await;
    let mut serve = Serve::start(
        &fake,
        &fake.api_base(),
        &database,
        &[("HEALTH_ADDR", "127.0.0.1:0")],
    );
    let addr = health_addr(&mut serve).await;
    a_game_with_a_first_move(&fake).await;
    healthz_becomes(&addr, 200, DEFAULT_WAIT).await;

    cluster.stop();
    let stopped = Instant::now();
    a_move_in_the_outage_changes_nothing(&fake).await;
    let body = healthz_becomes(&addr, 503, DEFAULT_WAIT).await;
    assert!(body.contains("database does not answer"), "{body}");
    autocomplete_says_the_database_is_down(&fake).await;
    every_command_and_click_is_answered(&fake).await;
    let (_, metrics) = get(&addr, "/metrics").await;
    let errors = sample(&metrics, "shogiban_database_errors_total").expect("the counter");
    assert!(errors >= 1.0, "{metrics}");

    tokio::time::sleep(OUTAGE.saturating_sub(stopped.elapsed())).await;
    cluster.start_again();
    let body = healthz_becomes(&addr, 200, BACK).await;
    assert!(body.contains("database answers"), "{body}");

    play_goes_on(&fake, &database).await;
    logged_once(&serve.log());
    fake.assert_no_violations();
}

/// A move whose commit the server cannot confirm in time (it waits for a standby that never
/// comes, then the server stops) is not given up: the player is told it is not confirmed
/// yet, and once the server is back the bot asks it whether the commit landed. It did, so
/// the player is told the move was played, and the game goes on from it.
#[cfg(unix)]
#[tokio::test]
async fn a_move_committed_while_the_server_went_down_is_reported_played() {
    let mut cluster = OwnCluster::start();
    let database = cluster.fresh_database().await;
    let fake = FakeDiscord::start().await;
    let mut serve = Serve::start(
        &fake,
        &fake.api_base(),
        &database,
        &[("HEALTH_ADDR", "127.0.0.1:0")],
    );
    let addr = health_addr(&mut serve).await;
    a_game_with_a_first_move(&fake).await;

    // From now on every commit waits for a synchronous standby, which never comes.
    let mut admin = cluster.admin().await;
    admin
        .execute("ALTER SYSTEM SET synchronous_standby_names = 'a_standby_that_never_comes'")
        .await
        .expect("ALTER SYSTEM");
    admin
        .execute("SELECT pg_reload_conf()")
        .await
        .expect("reload");
    admin.close().await.ok();
    tokio::time::sleep(Duration::from_millis(500)).await;

    let tried = send_move(&fake, &bob(), "3c3d").await;
    let note = answer_saying(&fake, &tried, "slow to confirm", DEFAULT_WAIT).await;
    assert!(note.is_ephemeral(), "{:?}", note.content());

    // The commit is in the server's log: it stops (its sessions end; the commit waiting for
    // the standby has landed), and starts again without the standby.
    let mut admin = cluster.admin().await;
    admin
        .execute("ALTER SYSTEM RESET synchronous_standby_names")
        .await
        .expect("ALTER SYSTEM RESET");
    admin.close().await.ok();
    cluster.stop();
    tokio::time::sleep(Duration::from_secs(3)).await;
    cluster.start_again();

    let played = answer_saying(&fake, &tried, "was played", BACK).await;
    assert!(played.is_ephemeral(), "{:?}", played.content());
    assert!(
        texts_to(&fake, &tried)
            .iter()
            .all(|text| !text.contains(NOTHING_CHANGED)),
        "{:?}",
        texts_to(&fake, &tried)
    );
    // The board's post may have been claimed while the database was going down, and its
    // text could not be made ready then: that claim runs out first (the outbox's lease).
    let lease = shogiban::discord::config::Delivery::default().lease;
    board_after(&fake, CHANNEL_ID, tried.sent_at, 2, BACK + lease).await;
    healthz_becomes(&addr, 200, BACK).await;
    let third = move_in(&fake, GUILD_ID, CHANNEL_ID, &alice(), "2g2f").await;
    board_after(&fake, CHANNEL_ID, third.sent_at, 3, DEFAULT_WAIT).await;

    let store = shogiban::store::Store::open(&database)
        .await
        .expect("the database opens");
    let game = store
        .active_game_in_channel(shogiban::store::ChannelId(CHANNEL_ID))
        .await
        .expect("the database reads")
        .expect("the game goes on");
    assert_eq!(game.ply, 3);
    all_recorded_delivered(&store, CHANNEL_ID).await;
    assert_eq!(
        delivered_once_each(&fake, &store, CHANNEL_ID).await,
        ["challenge", "game_started", "move", "move", "move"]
    );
    store.close().await;
    assert!(
        serve
            .log()
            .contains("a commit whose answer was lost had landed"),
        "{}",
        serve.log()
    );
    fake.assert_no_violations();
}

/// Another program holds the SQLite file's write lock for 20 s (as a forgotten `sqlite3`
/// session with a transaction open does): the bot cannot write, so it gives up moves after
/// 5 s, telling the player nothing was changed, and plays on once the lock is released.
#[cfg(unix)]
#[tokio::test]
async fn an_sqlite_file_locked_by_another_program_for_twenty_seconds() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("games.db");
    let database = Serve::sqlite_url(&path);
    let fake = FakeDiscord::start().await;
    let mut serve = Serve::start(
        &fake,
        &fake.api_base(),
        &database,
        &[("HEALTH_ADDR", "127.0.0.1:0")],
    );
    let addr = health_addr(&mut serve).await;
    a_game_with_a_first_move(&fake).await;
    healthz_becomes(&addr, 200, DEFAULT_WAIT).await;

    let mut other = sqlx::SqliteConnection::connect(&database)
        .await
        .expect("another program opens the file");
    other
        .execute("BEGIN IMMEDIATE")
        .await
        .expect("another program takes the write lock");
    let locked = Instant::now();
    a_move_in_the_outage_changes_nothing(&fake).await;
    let body = healthz_becomes(&addr, 503, DEFAULT_WAIT).await;
    assert!(body.contains("database does not answer"), "{body}");
    autocomplete_says_the_database_is_down(&fake).await;

    tokio::time::sleep(OUTAGE.saturating_sub(locked.elapsed())).await;
    other
        .execute("ROLLBACK")
        .await
        .expect("the lock is released");
    other.close().await.expect("close");
    healthz_becomes(&addr, 200, BACK).await;

    play_goes_on(&fake, &database).await;
    logged_once(&serve.log());
    fake.assert_no_violations();
}

/// Discord drops the gateway connection (close code 4000): the bot resumes its session and
/// plays on. Then it drops it again and refuses new connections for a while: `/healthz` says
/// 503 until the bot has identified again, and a move sent meanwhile is played once it
/// arrives. Every announcement is posted once.
#[cfg(unix)]
#[tokio::test]
async fn a_dropped_gateway_connection_is_resumed_or_identified_again() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let database = Serve::sqlite_url(&dir.path().join("games.db"));
    let fake = FakeDiscord::start().await;
    let mut serve = Serve::start(
        &fake,
        &fake.api_base(),
        &database,
        &[("HEALTH_ADDR", "127.0.0.1:0")],
    );
    let addr = health_addr(&mut serve).await;
    a_game_with_a_first_move(&fake).await;
    healthz_becomes(&addr, 200, DEFAULT_WAIT).await;

    // Resumed: the session goes on without a new IDENTIFY.
    let identified = fake.gateway_status().identifies;
    fake.close_gateway(4000);
    let second = move_in(&fake, GUILD_ID, CHANNEL_ID, &bob(), "3c3d").await;
    board_after(&fake, CHANNEL_ID, second.sent_at, 2, DEFAULT_WAIT).await;
    let status = fake.gateway_status();
    assert!(status.resumes >= 1, "{status:?}");
    assert_eq!(status.identifies, identified, "{status:?}");

    // Not resumed: the gateway refuses connections for 5 s, then the bot identifies again.
    fake.refuse_gateway_for(Duration::from_secs(5));
    fake.close_gateway(4000);
    let body = healthz_becomes(&addr, 503, DEFAULT_WAIT).await;
    assert!(body.contains("0 of 1 shards connected"), "{body}");
    let third = move_in(&fake, GUILD_ID, CHANNEL_ID, &alice(), "2g2f").await;
    board_after(&fake, CHANNEL_ID, third.sent_at, 3, DEFAULT_WAIT).await;
    healthz_becomes(&addr, 200, DEFAULT_WAIT).await;
    assert!(fake.gateway_status().identifies > identified);

    let store = shogiban::store::Store::open(&database)
        .await
        .expect("the database opens");
    all_recorded_delivered(&store, CHANNEL_ID).await;
    assert_eq!(
        delivered_once_each(&fake, &store, CHANNEL_ID).await,
        ["challenge", "game_started", "move", "move", "move"]
    );
    store.close().await;
    fake.assert_no_violations();
}

/// Two processes started together on one PostgreSQL database, shards 0-1 and 2-3 of four,
/// all in one IDENTIFY bucket (`max_concurrency` 1): their IDENTIFYs reach the gateway one
/// at a time, at least 5 s apart, taking turns through the database (neither waits a fixed
/// stagger); and with `DISCORD_REST_PROXY` every REST call of both goes through the one
/// proxy.
#[cfg(unix)]
#[tokio::test]
async fn processes_started_together_identify_five_seconds_apart_and_share_one_proxy() {
    let url = postgres::fresh_database().await;
    // Migrated before, so both start at once.
    shogiban::store::Store::open(&url)
        .await
        .expect("the database opens")
        .close()
        .await;
    let fake = FakeDiscord::start().await;
    let (upstream, upstream_port) = fake.another_api_base().await;
    let proxy = Relay::start(&upstream).await;
    let env = |shards: &'static str| {
        [
            ("SHARD_COUNT", "4"),
            ("SHARDS", shards),
            ("DISCORD_REST_PROXY", proxy.base.as_str()),
        ]
    };
    let mut low = serve_through_proxy(&fake, &url, &env("0-1"));
    let mut high = serve_through_proxy(&fake, &url, &env("2-3"));
    let status = fake
        .wait_for_shards(
            &[[0, 4], [1, 4], [2, 4], [3, 4]],
            SHARDS_UP + Duration::from_secs(20),
        )
        .await;
    let mut times: Vec<Instant> = status.identified.iter().map(|(_, at)| *at).collect();
    times.sort();
    assert_eq!(times.len(), 4, "{:?}", status.identified);
    for pair in times.windows(2) {
        let gap = pair[1].duration_since(pair[0]);
        assert!(
            gap >= Duration::from_secs(5),
            "{gap:?} between two IDENTIFYs: {:?}",
            status.identified
        );
    }
    for process in [&mut low, &mut high] {
        process
            .logged(
                "taking turns with the other processes through the database",
                DEFAULT_WAIT,
            )
            .await;
        assert!(
            !process.log().contains("before identifying"),
            "{}",
            process.log()
        );
    }

    // Each server is answered by the process of its shard, both through the proxy.
    let (on_low, _) = help_in(&fake, GUILD_ID, CHANNEL_ID).await;
    let (on_high, _) = help_in(&fake, HIGH_GUILD, HIGH_CHANNEL).await;
    assert_eq!(answering_ports(&fake, &[on_low]), [upstream_port]);
    assert_eq!(answering_ports(&fake, &[on_high]), [upstream_port]);
    let around: Vec<String> = fake
        .calls()
        .iter()
        .filter(|call| call.port != upstream_port)
        .map(|call| format!("{} {}", call.method, call.path))
        .collect();
    assert!(around.is_empty(), "calls around the proxy: {around:?}");
    assert!(
        proxy.connections() >= 2,
        "{} connections",
        proxy.connections()
    );
    fake.assert_no_violations();
}

/// A server on shard 2 of 4 (`(id >> 22) % 4 == 2`), served by the process of shards 2-3.
const HIGH_GUILD: u64 = (2 << 22) | 4242;
/// A channel of [`HIGH_GUILD`].
const HIGH_CHANNEL: u64 = 7777;

/// `serve` as deployed with a rate-limit proxy: its REST calls go to `DISCORD_REST_PROXY`
/// in `env` (`DISCORD_API_BASE` is left empty, which counts as unset).
fn serve_through_proxy(fake: &FakeDiscord, url: &str, env: &[(&str, &str)]) -> Serve {
    Serve::start(fake, "", url, env)
}
