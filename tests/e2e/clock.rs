//! The correspondence clock end to end through the real bot against the fake Discord: a
//! vacation that saves a game from timing out, announced in the game's channel, and the
//! server settings. Each test runs on SQLite and on PostgreSQL.

use crate::support;

use serde_json::json;
use support::backends::Backend;
use support::fixtures::{alice, bob, carol, InteractionBuilder, THREAD_PERMISSIONS};
use support::table::{Table, STANDARD, START_TIME};

const DAY: i64 = 86_400;

/// `/vacation <sub> ...` with the subcommand's options.
fn vacation(sub: &str, options: serde_json::Value) -> InteractionBuilder {
    InteractionBuilder::slash("vacation").option(json!({
        "name": sub,
        "type": 1,
        "options": options,
    }))
}

async fn a_vacation_saves_a_game_from_timing_out(backend: Backend) {
    let table = Table::on(backend).await;
    table.start_game(STANDARD, &[&alice(), &bob()]).await;
    table.play(&alice(), "7g7f").await;
    // Bob's three days would run out at START_TIME + 3 days.

    // Two days in, Bob goes on vacation for five days.
    table.clock.set(START_TIME + 2 * DAY);
    let (sent, answer) = table
        .ask(vacation("start", json!([{ "name": "days", "type": 4, "value": 5 }])).by(&bob()))
        .await;
    assert!(answer.is_ephemeral(), "{:?}", answer.content());
    let text = answer.content().unwrap_or_default();
    assert!(text.contains("Your vacation has begun"), "{text}");
    assert!(text.contains("25 days of vacation left"), "{text}");
    let deadline = START_TIME + 3 * DAY + 5 * DAY;
    assert!(text.contains(&format!("<t:{deadline}:R>")), "{text}");
    // The game's channel is told, with the deadline that now holds.
    let notice = table
        .announced_after(&sent, "the vacation notice", |call| {
            call.content()
                .is_some_and(|c| c.contains("is on vacation until"))
        })
        .await;
    let said = notice.content().unwrap_or_default();
    assert!(said.contains(&bob().mention()), "{said}");
    assert!(said.contains(&format!("<t:{deadline}:R>")), "{said}");

    // The old deadline passes: no timeout.
    table.clock.set(START_TIME + 3 * DAY + 10);
    table.poke_scheduler().await;
    let board = table
        .ask(InteractionBuilder::slash("board").by(&alice()))
        .await
        .1;
    let text = board.content().unwrap_or_default();
    assert!(!text.contains("Game over"), "{text}");
    assert!(text.contains(&format!("<t:{deadline}:R>")), "{text}");

    // Bob ends it early after three days: the clock runs again, and the channel hears it.
    table.clock.set(START_TIME + 5 * DAY);
    let (sent, answer) = table.ask(vacation("end", json!([])).by(&bob())).await;
    let text = answer.content().unwrap_or_default();
    assert!(text.contains("your vacation is over"), "{text}");
    assert!(text.contains("27 days of vacation left"), "{text}");
    let back = table
        .announced_after(&sent, "the end of the vacation", |call| {
            call.content()
                .is_some_and(|c| c.contains("is back from vacation"))
        })
        .await;
    // One day was left of his three when he left; it runs from now.
    let deadline = START_TIME + 6 * DAY;
    assert!(
        back.content()
            .unwrap_or_default()
            .contains(&format!("<t:{deadline}:R>")),
        "{:?}",
        back.content()
    );
    let moved = table.play(&bob(), "3c3d").await;
    assert!(
        !moved.content().contains("Game over"),
        "{}",
        moved.content()
    );
    table.close().await;
}

async fn server_settings_are_shown_and_changed_with_their_checks(backend: Backend) {
    let table = Table::on(backend).await;
    let (_, shown) = table
        .ask(
            InteractionBuilder::slash("server-settings")
                .by(&alice())
                .with_manage_server(),
        )
        .await;
    let text = shown.content().unwrap_or_default();
    assert!(shown.is_ephemeral());
    assert!(text.contains("Weekend pause: off"), "{text}");
    assert!(text.contains("Time zone: UTC"), "{text}");
    assert!(text.contains("30 days a year"), "{text}");

    // Only managers change them.
    let (_, not_allowed) = table
        .ask(
            InteractionBuilder::slash("server-settings")
                .boolean("weekend_pause", true)
                .by(&bob()),
        )
        .await;
    assert!(not_allowed.is_ephemeral());
    let text = not_allowed.content().unwrap_or_default();
    assert!(
        text.contains("permissions, which you do not have: Manage"),
        "{text}"
    );

    let (_, refused) = table
        .ask(
            InteractionBuilder::slash("server-settings")
                .string("time_zone", "Mars/Olympus")
                .by(&alice())
                .with_manage_server(),
        )
        .await;
    let text = refused.content().unwrap_or_default();
    assert!(
        text.contains("no time zone called `Mars/Olympus`"),
        "{text}"
    );

    let (_, changed) = table
        .ask(
            InteractionBuilder::slash("server-settings")
                .boolean("weekend_pause", true)
                .string("time_zone", "Asia/Tokyo")
                .integer("vacation_days", 14)
                .by(&alice())
                .with_manage_server(),
        )
        .await;
    let text = changed.content().unwrap_or_default();
    assert!(text.contains("Weekend pause: on"), "{text}");
    assert!(text.contains("Time zone: Asia/Tokyo"), "{text}");
    assert!(text.contains("14 days a year"), "{text}");
    table.close().await;
}

/// A manager's `/server-settings` with `options` added.
fn manage(options: InteractionBuilder) -> InteractionBuilder {
    options.by(&alice()).with_manage_server()
}

/// The referees' role of the tests.
const REFEREES: u64 = 7_700;

async fn server_defaults_decide_challenges_and_who_may_abort(backend: Backend) {
    let table = Table::on(backend).await;
    let (_, shown) = table
        .ask(manage(InteractionBuilder::slash("server-settings")))
        .await;
    let text = shown.content().unwrap_or_default();
    assert!(
        text.contains("Time per move when a challenge does not say: 3 days (the default)"),
        "{text}"
    );
    assert!(
        text.contains("Games rated when a challenge does not say: yes"),
        "{text}"
    );
    assert!(
        text.contains("abort any game (besides Manage Messages): none"),
        "{text}"
    );
    assert!(
        text.contains("Each game in a thread of its own: no"),
        "{text}"
    );

    let (_, changed) = table
        .ask(manage(
            InteractionBuilder::slash("server-settings")
                .string("time_per_move", "1d")
                .boolean("rated", false)
                .role("abort_role", REFEREES, "Referees")
                .boolean("game_threads", true),
        ))
        .await;
    let text = changed.content().unwrap_or_default();
    assert!(changed.is_ephemeral());
    assert!(text.contains("does not say: 1 day\n"), "{text}");
    assert!(
        text.contains("Games rated when a challenge does not say: no"),
        "{text}"
    );
    assert!(
        text.contains(&format!("Manage Messages): <@&{REFEREES}>")),
        "{text}"
    );
    assert!(
        text.contains("Each game in a thread of its own: yes"),
        "{text}"
    );

    // Only managers change them.
    let (_, not_allowed) = table
        .ask(
            InteractionBuilder::slash("server-settings")
                .boolean("rated", true)
                .by(&carol()),
        )
        .await;
    assert!(
        not_allowed
            .content()
            .unwrap_or_default()
            .contains("which you do not have: Manage"),
        "{:?}",
        not_allowed.content()
    );

    // A challenge that does not say is unrated with a day a move; `thread` overrides the
    // server's game threads.
    let challenge = table
        .challenge(
            InteractionBuilder::slash("challenge")
                .user("opponent", &bob())
                .integer("seats", 1)
                .boolean("thread", false),
            &alice(),
        )
        .await;
    let text = challenge.content().unwrap_or_default();
    assert!(text.contains("unrated, 1 day per move"), "{text}");
    let accept = challenge
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with("accept:"))
        .expect("an accept button");
    let click = table
        .click(&bob(), &accept, challenge.message.clone().unwrap())
        .await;
    table.first_board_after(&click).await;
    table.play(&alice(), "7g7f").await;
    table.play(&bob(), "3c3d").await;

    // Both have moved: carol may abort only with the server's referee role.
    let (_, refused) = table
        .ask(InteractionBuilder::slash("abort").by(&carol()))
        .await;
    assert!(
        refused
            .content()
            .unwrap_or_default()
            .contains("You are not playing in this game"),
        "{:?}",
        refused.content()
    );
    let (_, aborted) = table
        .ask(
            InteractionBuilder::slash("abort")
                .by(&carol())
                .with_role(REFEREES),
        )
        .await;
    assert!(
        aborted
            .content()
            .unwrap_or_default()
            .contains("You aborted"),
        "{:?}",
        aborted.content()
    );

    // A challenge that does not say goes in a thread of its own.
    let challenge = table
        .challenge(
            InteractionBuilder::slash("challenge")
                .user("opponent", &bob())
                .app_permissions(THREAD_PERMISSIONS),
            &alice(),
        )
        .await;
    let message = challenge.message.clone().unwrap();
    let thread: u64 = message["id"].as_str().unwrap().parse().unwrap();
    let accept = challenge
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with("accept:"))
        .expect("an accept button");
    let click = table.click(&bob(), &accept, message).await;
    table.fake.response_to(&click).await;
    assert!(table.fake.thread(thread).is_some(), "no thread was opened");
    table.close().await;
}

/// The choices of `/server-settings reset`.
const RESET_TIME_PER_MOVE: i64 = 0;
const RESET_ABORT_ROLE: i64 = 1;

async fn the_time_per_move_and_the_abort_role_can_be_given_back_their_defaults(backend: Backend) {
    let table = Table::on(backend).await;
    table
        .ask(manage(
            InteractionBuilder::slash("server-settings")
                .string("time_per_move", "1d")
                .role("abort_role", REFEREES, "Referees"),
        ))
        .await;

    // Reset and a new value for the same setting at once: refused, nothing changes.
    let (_, refused) = table
        .ask(manage(
            InteractionBuilder::slash("server-settings")
                .string("time_per_move", "2d")
                .integer("reset", RESET_TIME_PER_MOVE),
        ))
        .await;
    let text = refused.content().unwrap_or_default();
    assert!(refused.is_ephemeral());
    assert_eq!(text, "Give that setting a new value or reset it, not both.");

    let (_, changed) = table
        .ask(manage(
            InteractionBuilder::slash("server-settings").integer("reset", RESET_TIME_PER_MOVE),
        ))
        .await;
    let text = changed.content().unwrap_or_default();
    assert!(
        text.contains("Time per move when a challenge does not say: 3 days (the default)"),
        "{text}"
    );
    assert!(
        text.contains(&format!("Manage Messages): <@&{REFEREES}>")),
        "{text}"
    );

    // In Japanese, with the role gone: the referees may no longer abort.
    let (_, changed) = table
        .ask(
            InteractionBuilder::slash("server-settings")
                .integer("reset", RESET_ABORT_ROLE)
                .by(&alice().speaking("ja"))
                .with_manage_server(),
        )
        .await;
    let text = changed.content().unwrap_or_default();
    assert!(
        text.contains("どの対局でも中止できるロール（「メッセージの管理」の権限のほかに）：なし"),
        "{text}"
    );
    assert!(text.contains("3日（既定）"), "{text}");
    table.start_game(STANDARD, &[&alice(), &bob()]).await;
    table.play(&alice(), "7g7f").await;
    table.play(&bob(), "3c3d").await;
    let (_, refused) = table
        .ask(
            InteractionBuilder::slash("abort")
                .by(&carol())
                .with_role(REFEREES),
        )
        .await;
    assert!(
        refused
            .content()
            .unwrap_or_default()
            .contains("You are not playing in this game"),
        "{:?}",
        refused.content()
    );
    table.close().await;
}

async fn refusals_of_settings_and_challenges_are_in_japanese_and_change_nothing(backend: Backend) {
    let table = Table::on(backend).await;
    let (_, refused) = table
        .ask(
            InteractionBuilder::slash("server-settings")
                .boolean("rated", false)
                .string("time_per_move", "そのうち")
                .by(&alice().speaking("ja"))
                .with_manage_server(),
        )
        .await;
    let text = refused.content().unwrap_or_default();
    assert!(refused.is_ephemeral());
    assert!(
        text.contains("一手の持ち時間 \"そのうち\" を読み取れませんでした"),
        "{text}"
    );
    // Out of the table's limits: refused in Japanese too.
    let (_, refused) = table
        .ask(
            InteractionBuilder::slash("server-settings")
                .string("time_per_move", "45d")
                .by(&alice().speaking("ja"))
                .with_manage_server(),
        )
        .await;
    let text = refused.content().unwrap_or_default();
    assert!(text.contains("一手の持ち時間は"), "{text}");
    // The service's challenge checks answer in Japanese too.
    let (_, refused) = table
        .ask(
            InteractionBuilder::slash("challenge")
                .user("opponent", &alice())
                .by(&alice().speaking("ja")),
        )
        .await;
    let text = refused.content().unwrap_or_default();
    assert!(refused.is_ephemeral());
    assert!(
        text.contains("自分自身に対局を申し込むことはできません。"),
        "{text}"
    );
    let (_, shown) = table
        .ask(manage(InteractionBuilder::slash("server-settings")))
        .await;
    let text = shown.content().unwrap_or_default();
    assert!(text.contains("3 days (the default)"), "{text}");
    assert!(text.contains("does not say: yes"), "{text}");
    table.close().await;
}

async fn a_late_move_eats_the_time_bank_and_only_both_spent_lose_on_time(backend: Backend) {
    let table = Table::on(backend).await;
    // One day a move and a three-day bank (the third choice of `bank`).
    let challenge = table
        .challenge(
            InteractionBuilder::slash("challenge")
                .user("opponent", &bob())
                .integer("seats", 1)
                .string("time_per_move", "1d")
                .integer("bank", 2),
            &alice(),
        )
        .await;
    let text = challenge.content().unwrap_or_default();
    assert!(
        text.contains("1 day per move and a time bank of 3 days"),
        "{text}"
    );
    let accept = challenge
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with("accept:"))
        .expect("an accept button");
    let click = table
        .click(
            &bob(),
            &accept,
            challenge.message.clone().expect("a message"),
        )
        .await;
    let first = table.first_board_after(&click).await;
    let text = first.content().unwrap_or_default();
    // Alice has her day and her whole bank.
    let deadline = START_TIME + 4 * DAY;
    assert!(
        text.contains(&format!(
            "time runs out <t:{deadline}:R>, time bank included: 3 days left in the bank"
        )),
        "{text}"
    );

    // Alice moves a day late: a day of her bank is gone, and the game goes on.
    table.clock.set(START_TIME + 2 * DAY);
    let played = table.play(&alice(), "7g7f").await;
    assert!(
        !played.content().contains("Game over"),
        "{}",
        played.content()
    );
    // Bob moves within the hour: his bank is full and stays so.
    table.clock.set(START_TIME + 2 * DAY + 3_600);
    let played = table.play(&bob(), "3c3d").await;
    let text = played.content().to_owned();
    let deadline = START_TIME + 2 * DAY + 3_600 + DAY + 2 * DAY;
    assert!(
        text.contains(&format!(
            "time runs out <t:{deadline}:R>, time bank included: 2 days left in the bank"
        )),
        "the board shows alice's bank left: {text}"
    );

    // Past her day, into her bank: no timeout, and her own /board says what is left.
    table.clock.set(deadline - 10);
    table.poke_scheduler().await;
    let board = table
        .ask(InteractionBuilder::slash("board").by(&alice()))
        .await
        .1;
    let text = board.content().unwrap_or_default();
    assert!(!text.contains("Game over"), "{text}");
    assert!(text.contains(&format!("<t:{deadline}:R>")), "{text}");

    // Both spent: she loses on time.
    table.clock.set(deadline + 10);
    table.poke_scheduler().await;
    let timeout = table
        .fake
        .channel_message(
            support::fixtures::CHANNEL_ID,
            support::fake_discord::DEFAULT_WAIT,
            |call| {
                call.content()
                    .is_some_and(|c| c.contains("ran out of time"))
            },
        )
        .await;
    let text = timeout.content().unwrap_or_default();
    assert!(text.contains(&alice().mention()), "{text}");
    assert!(text.contains("**Game over**"), "{text}");
    table.close().await;
}

async fn a_time_bank_needs_a_time_limit(backend: Backend) {
    let table = Table::on(backend).await;
    let (_, answer) = table
        .ask(
            InteractionBuilder::slash("challenge")
                .user("opponent", &bob())
                .string("time_per_move", "none")
                .integer("bank", 1)
                .by(&alice()),
        )
        .await;
    assert!(answer.is_ephemeral());
    let text = answer.content().unwrap_or_default();
    assert!(
        text.contains("A time bank adds to the time per move"),
        "{text}"
    );
    table.close().await;
}

on_both_backends!(
    a_vacation_saves_a_game_from_timing_out,
    server_settings_are_shown_and_changed_with_their_checks,
    server_defaults_decide_challenges_and_who_may_abort,
    refusals_of_settings_and_challenges_are_in_japanese_and_change_nothing,
    a_late_move_eats_the_time_bank_and_only_both_spent_lose_on_time,
    a_time_bank_needs_a_time_limit,
    the_time_per_move_and_the_abort_role_can_be_given_back_their_defaults,
);
