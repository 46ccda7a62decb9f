//! The correspondence clock end to end through the real bot against the fake Discord: a
//! vacation that saves a game from timing out, announced in the game's channel, and the
//! server settings.

mod support;

use serde_json::json;
use support::fixtures::{alice, bob, carol, InteractionBuilder, GUILD_ID};
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

/// Makes the scheduler look at the clock now: a new challenge changes the schedule.
async fn poke_scheduler(table: &Table) {
    let (_, answer) = table
        .ask(
            InteractionBuilder::slash("challenge")
                .in_guild(GUILD_ID, 9999)
                .by(&carol()),
        )
        .await;
    assert!(
        answer.content().unwrap_or_default().contains("is posted"),
        "{:?}",
        answer.content()
    );
}

#[tokio::test]
async fn a_vacation_saves_a_game_from_timing_out() {
    let table = Table::open().await;
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
    poke_scheduler(&table).await;
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

#[tokio::test]
async fn server_settings_are_shown_and_changed_with_their_checks() {
    let table = Table::open().await;
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
