//! The daily tsume end to end: a manager names the puzzle channel and hour, the day's
//! problem is posted there at its hour once (however often the scheduler runs, across a
//! restart, and across two processes of the real program on one PostgreSQL database), a
//! player answers it move by move with the defence played back, a move that does not
//! check and a check that does not mate are refused kindly without spoiling the answer,
//! and the solve shows in the streak and on the server's puzzle leaderboard.

use crate::support;

use std::time::{Duration, Instant};

use serde_json::json;
use shogiban::engine::{Game, Position, RuleOptions, Seat, Variant};
use shogiban::service::puzzles::{day_at, puzzle_of_day, BankPuzzle};
use shogiban::store::{ChannelId, GuildId};
use support::backends::Backend;
use support::fake_discord::{FakeDiscord, DEFAULT_WAIT};
use support::fixtures::{alice, bob, InteractionBuilder, GUILD_ID};
use support::postgres;
use support::shards::{Serve, SHARDS_UP};
use support::table::{Table, START_TIME};

/// The channel the puzzle is posted in.
const PUZZLE_CHANNEL: u64 = 7001;

/// `/puzzle <sub> ...` with the subcommand's options.
fn puzzle(sub: &str, options: serde_json::Value) -> InteractionBuilder {
    InteractionBuilder::slash("puzzle").option(json!({
        "name": sub,
        "type": 1,
        "options": options,
    }))
}

fn answer(text: &str) -> InteractionBuilder {
    puzzle(
        "answer",
        json!([{ "name": "move", "type": 3, "value": text }]),
    )
}

fn is_daily_post(call: &support::fake_discord::RestCall) -> bool {
    call.content()
        .is_some_and(|c| c.contains("**Daily tsume #"))
}

/// A legal move of the problem's first position that gives no check, and a check that
/// is not the answer (if the problem has one), both in USI.
fn wrong_moves(problem: &BankPuzzle) -> (String, Option<String>) {
    let game = Game::from_position(
        Variant::Standard,
        RuleOptions::defaults(Variant::Standard),
        &problem.sfen,
    )
    .expect("the problem reads");
    let position = game.position();
    let mut quiet = None;
    let mut other_check = None;
    for m in game.legal_moves() {
        let mut after = position.clone();
        after.play_unchecked(&m);
        let text = position.coordinate(&m);
        if !after.in_check(Seat(1)) {
            quiet.get_or_insert(text);
        } else if text != problem.solution[0] {
            other_check.get_or_insert(text);
        }
    }
    (quiet.expect("a move that does not check"), other_check)
}

async fn the_daily_puzzle_is_posted_once_and_solved_move_by_move(backend: Backend) {
    let mut table = Table::on(backend).await;
    // START_TIME is 14:13 UTC; the puzzle comes at 15:00 (the server's zone is UTC).
    let (_, set) = table
        .ask(
            InteractionBuilder::slash("server-settings")
                .channel("puzzle_channel", PUZZLE_CHANNEL, "tsume")
                .integer("puzzle_hour", 15)
                .with_manage_server()
                .by(&alice()),
        )
        .await;
    let text = set.content().unwrap_or_default();
    assert!(
        text.contains(&format!(
            "Daily tsume: posted in <#{PUZZLE_CHANNEL}> at 15:00"
        )),
        "{text}"
    );
    table.poke_scheduler().await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(
        table.fake.channel_posts(PUZZLE_CHANNEL).is_empty(),
        "nothing before the hour"
    );

    let hour = START_TIME - START_TIME % 3_600 + 3_600;
    table.clock.set(hour + 5);
    table.poke_scheduler().await;
    let post = table
        .fake
        .channel_message(PUZZLE_CHANNEL, DEFAULT_WAIT, is_daily_post)
        .await;
    let day = day_at(hour + 5, chrono_tz::Tz::UTC);
    let problem = puzzle_of_day(GuildId(GUILD_ID), day);
    let said = post.content().unwrap_or_default();
    assert!(
        said.contains(&format!(
            "**Daily tsume #{}** ({day}): mate in {}",
            problem.number, problem.length
        )),
        "{said}"
    );
    assert_eq!(post.pngs().len(), 1, "the board");

    // A move that does not check is refused, kindly, without the answer.
    let (quiet, other_check) = wrong_moves(problem);
    let (_, refused) = table.ask(answer(&quiet).by(&bob())).await;
    assert!(refused.is_ephemeral());
    let text = refused.content().unwrap_or_default();
    assert!(text.contains("gives no check"), "{text}");
    assert!(text.contains("Nothing was played"), "{text}");
    assert!(!text.contains(&problem.solution[0]), "{text}");
    if let Some(check) = other_check {
        let (_, refused) = table.ask(answer(&check).by(&bob())).await;
        let text = refused.content().unwrap_or_default();
        assert!(text.contains("does not force mate"), "{text}");
        assert!(!text.contains(&problem.solution[0]), "{text}");
    }
    // A move that is not legal at all gets the rule's reason.
    let (_, refused) = table.ask(answer("5a5b").by(&bob())).await;
    assert!(refused.is_ephemeral());

    // The answer, move by move: each right move gets the defence and the new board.
    let moves = problem.solution.len().div_ceil(2);
    for (i, mv) in problem.solution.iter().step_by(2).enumerate() {
        let (_, said) = table.ask(answer(mv).by(&bob())).await;
        let text = said.content().unwrap_or_default();
        assert!(said.is_ephemeral(), "{text}");
        assert_eq!(said.pngs().len(), 1, "the board after the move: {text}");
        if i + 1 < moves {
            assert!(text.contains("is right! White answers"), "{text}");
            assert!(
                text.contains(&format!("`{}`", problem.solution[2 * i + 1])),
                "{text}"
            );
            assert!(
                text.contains(&format!("({} of {moves} found)", i + 1)),
                "{text}"
            );
        } else {
            assert!(text.contains("is mate! You solved today's tsume"), "{text}");
            assert!(text.contains("Streak: 1 day."), "{text}");
        }
    }
    let (_, again) = table.ask(answer(&problem.solution[0]).by(&bob())).await;
    assert!(
        again
            .content()
            .unwrap_or_default()
            .contains("You have solved today's tsume"),
        "{:?}",
        again.content()
    );

    // The leaderboard shows the solve.
    let (_, board) = table
        .ask(puzzle("leaderboard", json!([])).by(&alice()))
        .await;
    let text = board.content().unwrap_or_default();
    assert!(
        text.contains(&format!("1. {}: 1 solved, streak 1 day", bob().mention())),
        "{text}"
    );

    // Once a day: another round and a restart post nothing more; the next day, the next.
    table.poke_scheduler().await;
    table.restart().await;
    table.clock.set(hour + 1_800);
    table.poke_scheduler().await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let posts: Vec<_> = table
        .fake
        .channel_posts(PUZZLE_CHANNEL)
        .into_iter()
        .filter(is_daily_post)
        .collect();
    assert_eq!(posts.len(), 1);
    table.clock.set(hour + 86_400 + 5);
    table.poke_scheduler().await;
    let next = table
        .fake
        .channel_message(PUZZLE_CHANNEL, DEFAULT_WAIT, |call| {
            is_daily_post(call) && call.at > post.at
        })
        .await;
    let tomorrow = puzzle_of_day(GuildId(GUILD_ID), day.succ_opt().unwrap());
    assert!(
        next.content()
            .unwrap_or_default()
            .contains(&format!("**Daily tsume #{}**", tomorrow.number)),
        "{:?}",
        next.content()
    );
    // Yesterday's answer may now be seen.
    let (_, solution) = table.ask(puzzle("solution", json!([])).by(&bob())).await;
    let text = solution.content().unwrap_or_default();
    assert!(text.contains("Yesterday's tsume"), "{text}");
    table.close().await;
}

on_both_backends!(the_daily_puzzle_is_posted_once_and_solved_move_by_move);

/// Two processes of the real program start together on one PostgreSQL database whose
/// server's puzzle is due: it is posted once.
#[tokio::test]
async fn two_processes_post_the_daily_puzzle_once() {
    let url = postgres::fresh_database().await;
    {
        let store = shogiban::store::Store::open(&url)
            .await
            .expect("the database opens");
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs() as i64;
        store
            .set_puzzle_channel(
                GuildId(GUILD_ID),
                ChannelId(PUZZLE_CHANNEL),
                0,
                now - 60,
                now,
            )
            .await
            .expect("the puzzle channel is set");
    }
    let fake = FakeDiscord::start().await;
    let (base_0, _) = fake.another_api_base().await;
    let (base_1, _) = fake.another_api_base().await;
    let started = Instant::now();
    let mut first = Serve::start(&fake, &base_0, &url, &[]);
    let mut second = Serve::start(&fake, &base_1, &url, &[]);
    first.logged("claiming scheduled work", SHARDS_UP).await;
    second.logged("claiming scheduled work", SHARDS_UP).await;
    fake.posted(
        PUZZLE_CHANNEL,
        started,
        "the daily puzzle",
        DEFAULT_WAIT,
        is_daily_post,
    )
    .await;
    // Both schedulers have run their first rounds by now; give the slower a moment more.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let posts: Vec<_> = fake
        .channel_posts(PUZZLE_CHANNEL)
        .into_iter()
        .filter(is_daily_post)
        .collect();
    assert_eq!(posts.len(), 1, "one post across the two processes");
    first.kill();
    second.kill();
}
