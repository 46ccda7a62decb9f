//! Nothing lost when Discord fails: the real bot against a fake Discord that fails on
//! purpose. For a move, an accepted challenge, a resignation, a draw offer, a reminder and a
//! timeout, Discord answers 500 (and, separately, 429) to the bot's posts and to the answer
//! of the interaction, then recovers: every saved change is announced exactly once, within
//! 30 s of the recovery, and whoever acted is never told to try again (and is told what
//! happened once Discord lets the bot say it). Announcements left undelivered by a stopped
//! bot, and by a bot killed with SIGKILL during a burst of moves on 30 channels, are
//! delivered after the restart, none twice.

use crate::support;

use std::time::{Duration, Instant};

use shogiban::service::{AcceptOutcome, ChallengeRequest, Person, Seating, Service, SystemClock};
use shogiban::store::{ChannelId, GuildId, Store};
use support::fake_discord::{
    Failure, FakeDiscord, RestCall, SentInteraction, INTERACTION_CALLBACKS,
};
use support::fixtures::{alice, bob, carol, InteractionBuilder, GUILD_ID};
use support::table::{Table, GAME_CHANNEL, START_TIME};

const STANDARD: i64 = 0;
/// How long after Discord recovers every announcement must be out.
const AFTER_RECOVERY: Duration = Duration::from_secs(30);
/// Short retries, so that the tests take seconds; the production defaults are a second,
/// doubling to five minutes.
const QUICK_RETRIES: [(&str, &str); 2] = [
    ("ANNOUNCE_RETRY_FIRST_MS", "100"),
    ("ANNOUNCE_RETRY_MAX_MS", "1000"),
];

/// The two ways Discord fails in these tests: an error, and a rate limit.
fn server_error() -> Failure {
    Failure::Status(500)
}

fn rate_limited() -> Failure {
    Failure::RateLimited {
        retry_after: Duration::from_millis(300),
        global: false,
    }
}

fn game_posts() -> String {
    format!("/api/v10/channels/{GAME_CHANNEL}/messages")
}

fn content(call: &RestCall) -> &str {
    call.content().unwrap_or_default()
}

/// Discord fails the next `posts` messages the bot posts in the game channel with
/// `failure`, and the next answer to an interaction.
fn discord_fails(table: &Table, failure: &Failure, posts: u32) {
    table
        .fake
        .fail("POST", &game_posts(), posts, failure.clone());
    table
        .fake
        .fail("POST", INTERACTION_CALLBACKS, 1, failure.clone());
}

/// When Discord recovered: after the last call it failed on purpose.
fn recovered_at(fake: &FakeDiscord) -> Instant {
    fake.calls()
        .iter()
        .filter(|call| call.fault.is_some())
        .map(|call| call.at)
        .max()
        .expect("Discord failed at least once")
}

/// The messages made in the game channel whose text contains `text`.
fn made(table: &Table, text: &str) -> Vec<RestCall> {
    table
        .fake
        .channel_posts(GAME_CHANNEL)
        .into_iter()
        .filter(|call| content(call).contains(text))
        .collect()
}

/// Waits until every announcement is delivered (the outbox is empty).
async fn outbox_empty(service: &Service) {
    let deadline = Instant::now() + AFTER_RECOVERY;
    loop {
        let left = service.store().undelivered_announcements().await.unwrap();
        if left == 0 {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{left} announcements still undelivered"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Waits for the announcement containing `text` in the game channel, and checks that it
/// came within 30 s of Discord's recovery and that it was made exactly once.
async fn announced_once(table: &Table, since: Instant, text: &str) -> RestCall {
    let what = format!("the announcement with {text:?}");
    let post = table
        .fake
        .posted(GAME_CHANNEL, since, &what, AFTER_RECOVERY, |call| {
            content(call).contains(text)
        })
        .await;
    let recovered = recovered_at(&table.fake);
    assert!(
        post.at.saturating_duration_since(recovered) <= AFTER_RECOVERY,
        "{text:?} came {:?} after the recovery",
        post.at.saturating_duration_since(recovered)
    );
    outbox_empty(&table.service).await;
    let made = made(table, text);
    assert_eq!(
        made.len(),
        1,
        "{text:?} was shown {} times: {:?}",
        made.len(),
        made.iter().map(content).collect::<Vec<_>>()
    );
    post
}

/// Whoever acted through `sent` was never told to try again, and was told `truth`.
fn told_the_truth(table: &Table, sent: &SentInteraction, truth: &str) {
    let answers = table.fake.answers_to(sent);
    for answer in &answers {
        assert!(
            !content(answer).to_lowercase().contains("try again"),
            "a saved change was answered with {:?}",
            answer.content()
        );
    }
    assert!(
        answers
            .iter()
            .any(|answer| (200..300).contains(&answer.status) && content(answer).contains(truth)),
        "never told {truth:?}: {:?}",
        answers
            .iter()
            .map(|a| (a.status, a.content()))
            .collect::<Vec<_>>()
    );
}

/// Waits for the answer to `sent` that Discord took.
async fn answered(table: &Table, sent: &SentInteraction) {
    table
        .fake
        .wait_for("an answer Discord took", AFTER_RECOVERY, |call| {
            call.answers(sent) && (200..300).contains(&call.status)
        })
        .await;
}

async fn a_move(failure: Failure) {
    let table = Table::open_with_env(&QUICK_RETRIES).await;
    table.start_game(STANDARD, &[&alice(), &bob()]).await;
    discord_fails(&table, &failure, 3);
    let sent = table
        .fake
        .send(
            &InteractionBuilder::slash("move")
                .string("move", "7g7f")
                .by(&alice()),
        )
        .await;
    answered(&table, &sent).await;
    let board = announced_once(&table, sent.sent_at, "move 1:").await;
    assert_eq!(board.pngs().len(), 1, "the board for the next player");
    assert!(
        content(&board).contains(&format!("Your move, white {}", bob().mention())),
        "{:?}",
        board.content()
    );
    told_the_truth(&table, &sent, "Your move **P-7f** (`7g7f`) was played");
    let games = table.service.active_games(alice().user_id()).await.unwrap();
    assert_eq!(games[0].ply, 1, "the move is stored once");
    table.close().await;
}

#[tokio::test]
async fn a_move_is_announced_once_after_discord_answers_500() {
    a_move(server_error()).await;
}

#[tokio::test]
async fn a_move_is_announced_once_after_discord_answers_429() {
    a_move(rate_limited()).await;
}

async fn an_accepted_challenge(failure: Failure) {
    let table = Table::open_with_env(&QUICK_RETRIES).await;
    let challenge = table
        .challenge(
            InteractionBuilder::slash("challenge").user("opponent", &bob()),
            &alice(),
        )
        .await;
    let accept = challenge
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with("accept:"))
        .unwrap();
    discord_fails(&table, &failure, 2);
    let click = table
        .click(&bob(), &accept, challenge.message.clone().unwrap())
        .await;
    answered(&table, &click).await;
    let start = announced_once(&table, click.sent_at, " begins: ").await;
    assert_eq!(start.pngs().len(), 1, "the first board");
    told_the_truth(&table, &click, "Accepted: the game has begun");
    assert_eq!(
        table
            .service
            .active_games(bob().user_id())
            .await
            .unwrap()
            .len(),
        1
    );
    table.close().await;
}

#[tokio::test]
async fn an_accepted_challenge_is_announced_once_after_discord_answers_500() {
    an_accepted_challenge(server_error()).await;
}

#[tokio::test]
async fn an_accepted_challenge_is_announced_once_after_discord_answers_429() {
    an_accepted_challenge(rate_limited()).await;
}

async fn a_resignation(failure: Failure) {
    let table = Table::open_with_env(&QUICK_RETRIES).await;
    table.start_game(STANDARD, &[&alice(), &bob()]).await;
    table.play(&alice(), "7g7f").await;
    let (_, confirm) = table
        .ask(InteractionBuilder::slash("resign").by(&bob()))
        .await;
    discord_fails(&table, &failure, 2);
    let click = table
        .click(
            &bob(),
            &confirm.custom_ids()[0],
            confirm.message.clone().unwrap(),
        )
        .await;
    answered(&table, &click).await;
    let result = announced_once(&table, click.sent_at, "resigned.").await;
    assert!(
        content(&result).contains("**Game over**"),
        "{:?}",
        result.content()
    );
    told_the_truth(&table, &click, "You resigned game #");
    assert!(table
        .service
        .active_games(bob().user_id())
        .await
        .unwrap()
        .is_empty());
    table.close().await;
}

#[tokio::test]
async fn a_resignation_is_announced_once_after_discord_answers_500() {
    a_resignation(server_error()).await;
}

#[tokio::test]
async fn a_resignation_is_announced_once_after_discord_answers_429() {
    a_resignation(rate_limited()).await;
}

async fn a_draw_offer(failure: Failure) {
    let table = Table::open_with_env(&QUICK_RETRIES).await;
    table.start_game(STANDARD, &[&alice(), &bob()]).await;
    table.play(&alice(), "7g7f").await;
    discord_fails(&table, &failure, 2);
    let sent = table
        .fake
        .send(&InteractionBuilder::slash("draw").by(&alice()))
        .await;
    answered(&table, &sent).await;
    let offer = announced_once(&table, sent.sent_at, "offers a draw").await;
    assert_eq!(offer.custom_ids().len(), 2, "the buttons to answer it");
    told_the_truth(&table, &sent, "Your draw offer in **Shogi #");
    // The offer stands: bob's board shows it, and alice offering again is told so.
    let board = table
        .service
        .board(ChannelId(GAME_CHANNEL), bob().user_id())
        .await
        .unwrap();
    assert_eq!(board.offers.len(), 1);
    // The offer answered: bob accepts it from the announced message.
    let accept = table
        .click(
            &bob(),
            &offer.custom_ids()[0],
            offer.message.clone().unwrap(),
        )
        .await;
    let result = table
        .announced_after(&accept, "the drawn game", |call| {
            content(call).contains("accepted the draw")
        })
        .await;
    assert!(content(&result).contains("**Game over**"));
    table.close().await;
}

#[tokio::test]
async fn a_draw_offer_is_announced_once_after_discord_answers_500() {
    a_draw_offer(server_error()).await;
}

#[tokio::test]
async fn a_draw_offer_is_announced_once_after_discord_answers_429() {
    a_draw_offer(rate_limited()).await;
}

async fn the_clock(failure: Failure) {
    let table = Table::open_with_env(&QUICK_RETRIES).await;
    table.start_game(STANDARD, &[&alice(), &bob()]).await;
    table.play(&alice(), "7g7f").await;

    // Three quarters of bob's three days pass: the reminder is stored, its post fails.
    table.fake.fail("POST", &game_posts(), 3, failure.clone());
    let since = Instant::now();
    table.clock.set(START_TIME + 3 * 86_400 * 3 / 4 + 10);
    table.poke_scheduler().await;
    let reminder = announced_once(&table, since, "reminder").await;
    assert!(content(&reminder).contains(&bob().mention()));

    // The rest: bob loses on time; the result's post fails too.
    table.fake.fail("POST", &game_posts(), 3, failure);
    let since = Instant::now();
    table.clock.set(START_TIME + 3 * 86_400 + 10);
    table.poke_scheduler().await;
    let timeout = announced_once(&table, since, "ran out of time").await;
    assert!(content(&timeout).contains("**Game over**"));
    assert_eq!(timeout.pngs().len(), 1);
    table.close().await;
}

#[tokio::test]
async fn a_reminder_and_a_timeout_are_announced_once_after_discord_answers_500() {
    the_clock(server_error()).await;
}

#[tokio::test]
async fn a_reminder_and_a_timeout_are_announced_once_after_discord_answers_429() {
    the_clock(rate_limited()).await;
}

#[tokio::test]
async fn an_answer_lost_on_the_way_back_is_neither_repeated_nor_posted_twice() {
    let table = Table::open_with_env(&QUICK_RETRIES).await;
    table.start_game(STANDARD, &[&alice(), &bob()]).await;
    // Discord takes the move's answer and its board, and both answers are lost.
    table
        .fake
        .fail("POST", INTERACTION_CALLBACKS, 1, Failure::DropAfter);
    table
        .fake
        .fail("POST", &game_posts(), 2, Failure::DropAfter);
    let sent = table
        .fake
        .send(
            &InteractionBuilder::slash("move")
                .string("move", "7g7f")
                .by(&alice()),
        )
        .await;
    let board = announced_once(&table, sent.sent_at, "move 1:").await;
    assert_eq!(board.pngs().len(), 1);
    // The repeated posts came back as the one message already made.
    let tries = table
        .fake
        .calls()
        .iter()
        .filter(|call| call.is("POST", &game_posts()) && call.at >= sent.sent_at)
        .count();
    assert_eq!(tries, 3, "posted three times, shown once");
    // The private answer had landed: the mover is told in a follow-up.
    let followup = table
        .fake
        .wait_for("the follow-up", AFTER_RECOVERY, |call| {
            call.is_webhook_for(&sent) && call.method == "POST"
        })
        .await;
    assert!(followup.is_ephemeral());
    told_the_truth(&table, &sent, "was played");
    table.close().await;
}

#[tokio::test]
async fn a_channel_discord_refuses_for_good_does_not_hold_up_the_others() {
    let table = Table::open_with_env(&QUICK_RETRIES).await;
    table.start_game(STANDARD, &[&alice(), &bob()]).await;
    // The bot lost access to the game's channel.
    table
        .fake
        .fail("POST", &game_posts(), u32::MAX, Failure::Status(403));
    table.play_unannounced(&alice(), "7g7f").await;
    // Announcements elsewhere go on.
    let (sent, _) = table
        .ask(
            InteractionBuilder::slash("challenge")
                .in_guild(GUILD_ID, 9999)
                .by(&carol()),
        )
        .await;
    table
        .fake
        .posted(
            9999,
            sent.sent_at,
            "the other challenge",
            AFTER_RECOVERY,
            |call| content(call).contains("**Challenge #"),
        )
        .await;
    // The refused one was tried once, then given up (and kept, with why).
    outbox_empty(&table.service).await;
    let refused = table
        .fake
        .calls()
        .iter()
        .filter(|call| call.is("POST", &game_posts()) && call.status == 403)
        .count();
    assert_eq!(refused, 1);
    let games = table.service.active_games(alice().user_id()).await.unwrap();
    let stored = table
        .service
        .store()
        .announcements_of_game(games[0].game_id)
        .await
        .unwrap();
    let last = stored.last().unwrap();
    assert_eq!(last.kind, "move");
    assert!(last.abandoned_ms.is_some());
    assert!(
        last.last_error
            .as_deref()
            .unwrap_or_default()
            .contains("403"),
        "{:?}",
        last.last_error
    );
    table.close().await;
}

#[tokio::test]
async fn announcements_left_by_a_stopped_bot_are_delivered_after_the_restart_once() {
    let mut table = Table::open_with_env(&QUICK_RETRIES).await;
    table.start_game(STANDARD, &[&alice(), &bob()]).await;
    // Discord takes the first post but its answer is lost, then refuses every post.
    table
        .fake
        .fail("POST", &game_posts(), 1, Failure::DropAfter);
    table
        .fake
        .fail("POST", &game_posts(), u32::MAX, Failure::Status(503));
    let since = Instant::now();
    table.play_unannounced(&alice(), "7g7f").await;
    table.play_unannounced(&bob(), "3c3d").await;
    table.stop_bot().await;
    assert_eq!(
        table
            .service
            .store()
            .undelivered_announcements()
            .await
            .unwrap(),
        2,
        "both moves wait to be announced"
    );

    table.fake.recover();
    table.start_again().await;
    let first = announced_once(&table, since, "move 1:").await;
    let second = announced_once(&table, since, "move 2:").await;
    assert!(first.at < second.at, "in the order they were played");
    table.close().await;
}

/// Starts `shogiban serve` on `database` against `fake`, with short retries and claims.
#[cfg(unix)]
fn serve(fake: &FakeDiscord, database: &str, log: &std::fs::File) -> support::bot::ChildGuard {
    let child = support::bot::shogiban_command()
        .arg("serve")
        .env("DISCORD_TOKEN", fake.token())
        .env("DISCORD_API_BASE", fake.api_base())
        .env("DISCORD_GUILD_ID", GUILD_ID.to_string())
        .env("DATABASE_URL", database)
        .env("ANNOUNCE_RETRY_FIRST_MS", "100")
        .env("ANNOUNCE_RETRY_MAX_MS", "1000")
        .env("ANNOUNCE_LEASE_MS", "2000")
        .stdout(std::process::Stdio::null())
        .stderr(log.try_clone().expect("the log file"))
        .spawn()
        .expect("start shogiban serve");
    support::bot::ChildGuard(child)
}

/// Waits until `store` says every announcement is delivered.
async fn delivered_everything(store: &Store) {
    let deadline = Instant::now() + AFTER_RECOVERY;
    loop {
        let left = store.undelivered_announcements().await.unwrap();
        if left == 0 {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{left} announcements undelivered"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_sigkill_in_a_burst_of_moves_every_stored_move_is_announced_once() {
    const CHANNELS: u64 = 30;
    const FIRST_CHANNEL: u64 = 7_000;
    support::bot::prepare_process();
    let dir = tempfile::tempdir().expect("a temporary directory");
    let database = format!("sqlite://{}", dir.path().join("games.db").display());
    let log = tempfile::NamedTempFile::new().expect("a log file");

    // Thirty games, alice (black) against bob, stored before the bot starts.
    let service = Service::open(&database, SystemClock, Default::default())
        .await
        .expect("the database opens");
    let person = |user: &support::fixtures::TestUser| Person::new(user.id, user.name.clone());
    for n in 0..CHANNELS {
        let mut request =
            ChallengeRequest::new(shogiban::engine::Variant::Standard, vec![person(&bob())]);
        request.seating = Seating::Fixed(vec![Some(alice().user_id()), Some(bob().user_id())]);
        let challenge = service
            .challenge(
                GuildId(GUILD_ID),
                ChannelId(FIRST_CHANNEL + n),
                &person(&alice()),
                &request,
            )
            .await
            .unwrap();
        let started = service
            .accept_challenge(challenge.id, &person(&bob()))
            .await
            .unwrap();
        assert!(matches!(started, AcceptOutcome::Started { .. }));
    }
    service.store().close().await;
    let store = Store::open(&database).await.unwrap();

    let fake = FakeDiscord::start().await;
    let mut bot = serve(&fake, &database, log.as_file());
    fake.registered_commands(Some(GUILD_ID)).await;
    // The challenges and first boards stored with the games are posted first.
    delivered_everything(&store).await;

    // From now on every post is made but its answer lost: nothing is known delivered.
    fake.fail(
        "POST",
        "/api/v10/channels/*/messages",
        u32::MAX,
        Failure::DropAfter,
    );
    let moves_stored = || async {
        let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM moves")
            .fetch_one(store.pool().sqlite().expect("an SQLite store"))
            .await
            .unwrap();
        count
    };
    for (mover, text) in [(alice(), "7g7f"), (bob(), "3c3d")] {
        for n in 0..CHANNELS {
            fake.send(
                &InteractionBuilder::slash("move")
                    .string("move", text)
                    .in_guild(GUILD_ID, FIRST_CHANNEL + n)
                    .by(&mover),
            )
            .await;
        }
    }
    // Killed in the middle of the burst: some moves stored, others not yet.
    let deadline = Instant::now() + AFTER_RECOVERY;
    while moves_stored().await < 20 {
        assert!(Instant::now() < deadline, "the moves are not being stored");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    bot.0.kill().expect("SIGKILL");
    bot.0.wait().expect("the bot is gone");
    let stored_at_kill = moves_stored().await;
    let waiting = store.undelivered_announcements().await.unwrap();
    assert!(
        waiting > 0,
        "announcements were still waiting at the kill ({stored_at_kill} moves stored)"
    );

    // Discord recovers; the bot restarts on the same database.
    fake.recover();
    let mut bot = serve(&fake, &database, log.as_file());
    delivered_everything(&store).await;
    let stopped = support::bot::stop_with_sigterm(&mut bot).await;
    assert!(stopped.success(), "exit {stopped}");

    // Every stored move was announced in its channel exactly once, and nothing else.
    let mut announced: i64 = 0;
    for n in 0..CHANNELS {
        let channel = FIRST_CHANNEL + n;
        let row = store
            .active_game_in_channel(ChannelId(channel))
            .await
            .unwrap()
            .expect("the game goes on");
        let posts: Vec<String> = fake
            .channel_posts(channel)
            .iter()
            .map(|call| content(call).to_owned())
            .collect();
        for ply in 1..=row.ply {
            let shown = posts
                .iter()
                .filter(|text| text.contains(&format!("· move {ply}:")))
                .count();
            assert_eq!(shown, 1, "channel {channel}, move {ply}: {posts:#?}");
            announced += 1;
        }
        let beyond = posts
            .iter()
            .filter(|text| text.contains(&format!("· move {}:", row.ply + 1)))
            .count();
        assert_eq!(beyond, 0, "a move that was never stored was announced");
    }
    assert_eq!(announced, moves_stored().await, "every stored move");
    assert!(announced >= 20);
    let log = std::fs::read_to_string(log.path()).unwrap_or_default();
    assert!(!log.contains(fake.token()), "the token was logged");
}
