//! Standard shogi played end to end through the real bot against the fake Discord:
//! challenges, moves with autocomplete, refusals, resignation, agreements, restarts, the
//! clock, and the lists.

use crate::support;

use std::time::Duration;

use serde_json::Value;
use support::fake_discord::{callback, RestCall, DEFAULT_WAIT};
use support::fixtures::{alice, bob, carol, InteractionBuilder, CHANNEL_ID, GUILD_ID};
use support::games::STANDARD_MATE;
use support::table::{Table, STANDARD, START_TIME};

/// The seats are given as listed, so alice is black and moves first.
async fn standard_game(table: &Table) -> RestCall {
    table.start_game(STANDARD, &[&alice(), &bob()]).await
}

/// The one board image of an answer, checked to be a valid PNG of a 9x9 board: returns its
/// width and height.
fn board_png(call: &RestCall) -> (u32, u32) {
    let pngs = call.pngs();
    assert_eq!(pngs.len(), 1, "one board image in {:?}", call.content());
    let (width, height) = pngs[0].png_size();
    // Nine squares a side, each big enough to read on a phone.
    assert!(width >= 9 * 20 && height >= 9 * 20, "{width}x{height}");
    assert!(width <= 4096 && height <= 4096, "{width}x{height}");
    (width, height)
}

fn content(call: &RestCall) -> &str {
    call.content().unwrap_or_default()
}

#[tokio::test]
async fn a_challenge_accepted_by_button_starts_the_game() {
    let table = Table::open().await;

    let challenge = table
        .challenge(
            InteractionBuilder::slash("challenge")
                .user("opponent", &bob())
                .string("time_per_move", "1d"),
            &alice(),
        )
        .await;
    // The challenger is told privately; the challenge is posted in the channel.
    assert!(
        challenge.is("POST", &format!("/api/v10/channels/{CHANNEL_ID}/messages")),
        "{challenge:?}"
    );
    assert!(!challenge.is_ephemeral(), "a challenge is public");
    let text = content(&challenge);
    assert!(text.contains(&bob().mention()), "{text}");
    assert!(text.contains("1 day per move"), "{text}");
    assert!(text.contains("**Shogi**"), "{text}");
    let mentioned = challenge.message_payload().unwrap()["allowed_mentions"]["users"].clone();
    assert_eq!(
        mentioned,
        serde_json::json!([bob().id.to_string()]),
        "bob is pinged"
    );
    let ids = challenge.custom_ids();
    assert_eq!(ids.len(), 3, "{ids:?}");
    let accept = ids.iter().find(|id| id.starts_with("accept:")).unwrap();

    // Someone else cannot take bob's place.
    let message = challenge.message.clone().unwrap();
    let stranger = table.click(&carol(), accept, message.clone()).await;
    let refusal = table.fake.answer_to(&stranger).await;
    assert!(refusal.is_ephemeral());
    assert!(
        content(&refusal).contains("not for you"),
        "{:?}",
        refusal.content()
    );

    let click = table.click(&bob(), accept, message).await;
    let update = table.fake.response_to(&click).await;
    assert_eq!(update.callback_type(), Some(callback::UPDATE_MESSAGE));
    assert!(
        content(&update).contains("Accepted"),
        "{:?}",
        update.content()
    );
    assert!(
        update.custom_ids().is_empty(),
        "an accepted challenge has no buttons"
    );

    let start = table.first_board_after(&click).await;
    assert!(!start.is_ephemeral());
    let text = content(&start);
    assert!(text.contains("begins"), "{text}");
    assert!(text.contains("Your move, black"), "{text}");
    board_png(&start);
    assert_eq!(start.custom_ids().len(), 1, "a My view button");
    assert!(start.custom_ids()[0].starts_with("view:"));

    table.close().await;
}

#[tokio::test]
async fn a_challenge_can_be_declined_or_withdrawn() {
    let table = Table::open().await;
    let challenge = table
        .challenge(
            InteractionBuilder::slash("challenge").user("opponent", &bob()),
            &alice(),
        )
        .await;
    let decline = challenge
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with("decline:"))
        .unwrap();
    let click = table
        .click(&bob(), &decline, challenge.message.clone().unwrap())
        .await;
    let update = table.fake.response_to(&click).await;
    assert_eq!(update.callback_type(), Some(callback::UPDATE_MESSAGE));
    assert!(
        content(&update).contains("Declined by"),
        "{:?}",
        update.content()
    );
    assert!(update.custom_ids().is_empty());

    // A second challenge, withdrawn by its author; bob cannot withdraw it.
    let challenge = table
        .challenge(
            InteractionBuilder::slash("challenge").user("opponent", &bob()),
            &alice(),
        )
        .await;
    let withdraw = challenge
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with("withdraw:"))
        .unwrap();
    let message = challenge.message.clone().unwrap();
    let click = table.click(&bob(), &withdraw, message.clone()).await;
    let refusal = table.fake.answer_to(&click).await;
    assert!(refusal.is_ephemeral());
    assert!(
        content(&refusal).contains("Only the player who made"),
        "{:?}",
        refusal.content()
    );
    let click = table.click(&alice(), &withdraw, message).await;
    let update = table.fake.response_to(&click).await;
    assert!(
        content(&update).contains("Withdrawn"),
        "{:?}",
        update.content()
    );

    table.close().await;
}

#[tokio::test]
async fn bad_challenges_are_refused_privately_with_what_to_do() {
    let table = Table::open().await;
    let cases = [
        (
            InteractionBuilder::slash("challenge")
                .user("opponent", &bob())
                .string("time_per_move", "soon"),
            "`3d`",
        ),
        (
            InteractionBuilder::slash("challenge").user("opponent", &alice()),
            "yourself",
        ),
        (
            InteractionBuilder::slash("challenge")
                .user("opponent", &bob())
                .user("opponent2", &carol()),
            "at most 1 opponent",
        ),
        (
            InteractionBuilder::slash("challenge")
                .user("opponent", &bob())
                .integer("yonin_rules", 1),
            "yonin games",
        ),
        (
            InteractionBuilder::slash("challenge")
                .user("opponent", &bob())
                .in_dm(77),
            "server",
        ),
    ];
    for (command, expected) in cases {
        let (_, answer) = table.ask(command.by(&alice())).await;
        assert!(answer.is_ephemeral(), "{:?}", answer.content());
        let text = content(&answer);
        assert!(
            text.contains(expected),
            "{expected:?} missing from {text:?}"
        );
    }
    table.close().await;
}

#[tokio::test]
async fn time_per_move_is_suggested_as_it_is_typed() {
    let table = Table::open().await;
    let sent = table
        .fake
        .send(
            &InteractionBuilder::autocomplete("challenge")
                .focused("time_per_move", "2d")
                .by(&alice()),
        )
        .await;
    let choices = table.fake.response_to(&sent).await.choices();
    assert_eq!(choices[0].0, "2 days per move");
    assert_eq!(choices[0].1, Value::from("2d"));
    table.close().await;
}

#[tokio::test]
async fn a_game_played_to_checkmate_through_move() {
    let table = Table::open().await;
    let start = standard_game(&table).await;
    let size = board_png(&start);
    let players = [alice(), bob()];
    for (ply, text) in STANDARD_MATE.iter().enumerate() {
        let mover = &players[ply % 2];
        let next = &players[(ply + 1) % 2];
        let played = table.play(mover, text).await;
        assert!(!played.answer.is_ephemeral(), "{}", played.content());
        assert_eq!(
            board_png(&played.answer),
            size,
            "every board has the same size"
        );
        let text = played.content();
        assert!(text.contains(&format!("move {}:", ply + 1)), "{text}");
        if ply + 1 < STANDARD_MATE.len() {
            assert!(
                text.contains(&format!(
                    "Your move, {} {}",
                    ["black", "white"][(ply + 1) % 2],
                    next.mention()
                )),
                "{text}"
            );
        } else {
            assert!(text.contains("**Game over**"), "{text}");
            assert!(text.contains("checkmate"), "{text}");
            assert!(!text.contains("Your move"), "{text}");
            assert!(
                played.answer.custom_ids().is_empty(),
                "no My view after the end"
            );
        }
    }
    // The game is over: a player trying to move is told how it ended.
    let answer = table.refused_move(&alice(), "7g7f").await;
    assert!(
        content(&answer).contains("Your game #1 ended: black (alice) wins (checkmate)."),
        "{:?}",
        answer.content()
    );
    table.close().await;
}

#[tokio::test]
async fn autocomplete_offers_the_legal_moves_matching_the_prefix() {
    let table = Table::open().await;
    standard_game(&table).await;

    let choices = table.suggestions(&alice(), "7g").await;
    assert!(!choices.is_empty() && choices.len() <= 25, "{choices:?}");
    assert!(
        choices.iter().any(|(_, value)| value == "7g7f"),
        "{choices:?}"
    );
    for (name, value) in &choices {
        let value = value.as_str().expect("move values are text");
        assert!(
            value.starts_with("7g") || name.contains("7g"),
            "{name} / {value}"
        );
    }
    // Every notation finds the move: Western piece notation and the destination.
    let western = table.suggestions(&alice(), "P-7").await;
    assert!(
        western.iter().any(|(_, value)| value == "7g7f"),
        "{western:?}"
    );
    let destination = table.suggestions(&alice(), "7f").await;
    assert!(
        destination.iter().any(|(_, value)| value == "7g7f"),
        "{destination:?}"
    );
    // Nothing typed yet: at most 25 of the 30 legal moves.
    let all = table.suggestions(&alice(), "").await;
    assert_eq!(all.len(), 25);

    // Not bob's turn: he is told why instead of offered moves.
    let waiting = table.suggestions(&bob(), "3c").await;
    assert_eq!(waiting.len(), 1);
    assert!(waiting[0].0.contains("not your turn"), "{waiting:?}");
    let nothing = table.suggestions(&alice(), "9z").await;
    assert_eq!(nothing.len(), 1);
    assert!(nothing[0].0.contains("No legal move"), "{nothing:?}");

    // Any notation is played: the choice's value, Western, Japanese.
    let played = table.play(&alice(), "P-7f").await;
    assert!(
        played.content().contains("**P-7f** (`7g7f`, ７六歩)"),
        "{}",
        played.content()
    );
    let played = table.play(&bob(), "３四歩").await;
    assert!(played.content().contains("`3c3d`"), "{}", played.content());
    table.close().await;
}

#[tokio::test]
async fn illegal_and_stranger_moves_are_refused_privately() {
    let table = Table::open().await;
    standard_game(&table).await;

    let illegal = table.refused_move(&alice(), "7g7e").await;
    assert!(!content(&illegal).is_empty());
    let unreadable = table.refused_move(&alice(), "hello").await;
    assert!(!content(&unreadable).is_empty());
    let early = table.refused_move(&bob(), "3c3d").await;
    assert!(
        content(&early).contains("not your turn"),
        "{:?}",
        early.content()
    );
    let stranger = table.refused_move(&carol(), "7g7f").await;
    assert!(
        content(&stranger).contains("not playing"),
        "{:?}",
        stranger.content()
    );

    // Nothing was played: alice's move is still the first.
    let played = table.play(&alice(), "7g7f").await;
    assert!(played.content().contains("move 1:"), "{}", played.content());

    // A channel without a game.
    let (_, answer) = table
        .ask(
            InteractionBuilder::slash("move")
                .string("move", "7g7f")
                .in_guild(GUILD_ID, 6666)
                .by(&alice()),
        )
        .await;
    assert!(answer.is_ephemeral());
    assert!(
        content(&answer).contains("no game in progress"),
        "{:?}",
        answer.content()
    );
    table.close().await;
}

#[tokio::test]
async fn resigning_needs_a_confirmation_and_is_announced() {
    let table = Table::open().await;
    standard_game(&table).await;
    table.play(&alice(), "7g7f").await;

    let (_, confirm) = table
        .ask(InteractionBuilder::slash("resign").by(&bob()))
        .await;
    assert!(confirm.is_ephemeral(), "the confirmation is private");
    assert!(content(&confirm).contains("cannot be undone"));
    let ids = confirm.custom_ids();
    assert_eq!(ids.len(), 1);
    assert!(ids[0].starts_with("resign:"));
    // Nothing happened yet: bob can still move.
    let suggestions = table.suggestions(&bob(), "3c").await;
    assert!(suggestions.iter().any(|(_, value)| value == "3c3d"));

    let click = table
        .click(&bob(), &ids[0], confirm.message.clone().unwrap())
        .await;
    let update = table.fake.response_to(&click).await;
    assert_eq!(update.callback_type(), Some(callback::UPDATE_MESSAGE));
    assert!(content(&update).contains("You resigned"));
    assert!(update.custom_ids().is_empty());
    let announcement = table
        .announced_after(&click, "the result", |call| !call.files.is_empty())
        .await;
    assert!(!announcement.is_ephemeral(), "the result is public");
    let text = content(&announcement);
    assert!(text.contains("resigned"), "{text}");
    assert!(text.contains("**Game over**"), "{text}");
    assert!(text.contains("resignation"), "{text}");
    board_png(&announcement);

    // The button again: the game is over.
    let again = table
        .click(&bob(), &ids[0], confirm.message.clone().unwrap())
        .await;
    let refusal = table.fake.answer_to(&again).await;
    assert!(refusal.is_ephemeral());
    assert!(
        content(&refusal).contains("over"),
        "{:?}",
        refusal.content()
    );

    // Someone not playing gets nothing to confirm.
    let (_, answer) = table
        .ask(InteractionBuilder::slash("resign").by(&carol()))
        .await;
    assert!(answer.is_ephemeral());
    assert!(answer.custom_ids().is_empty());
    table.close().await;
}

#[tokio::test]
async fn a_restarted_bot_continues_the_game() {
    let mut table = Table::open().await;
    let start = standard_game(&table).await;
    table.play(&alice(), "7g7f").await;
    let before = table.play(&bob(), "3c3d").await;
    let view_button = before.answer.custom_ids()[0].clone();

    table.restart().await;

    // The stored game goes on where it was, and the old buttons still work.
    let suggestions = table.suggestions(&alice(), "8h").await;
    assert!(
        suggestions.iter().any(|(_, value)| value == "8h2b+"),
        "{suggestions:?}"
    );
    let played = table.play(&alice(), "8h2b+").await;
    assert!(played.content().contains("move 3:"), "{}", played.content());
    assert!(played.content().contains(&bob().mention()));
    assert_eq!(board_png(&played.answer), board_png(&start));

    let click = table.click(&bob(), &view_button, before.message()).await;
    let (view, _) = table.fake.answer_with_file(&click).await;
    assert!(view.is_ephemeral(), "My view is private");
    assert!(
        content(&view).contains("Seen from white"),
        "{:?}",
        view.content()
    );
    table.close().await;
}

#[tokio::test]
async fn my_view_and_board_show_the_players_seat_privately() {
    let table = Table::open().await;
    let start = standard_game(&table).await;
    let played = table.play(&alice(), "7g7f").await;
    assert!(played.content().contains("Your move, white"));

    // alice looks from her own seat although bob is to move.
    let click = table
        .click(&alice(), &played.answer.custom_ids()[0], played.message())
        .await;
    let (view, _) = table.fake.answer_with_file(&click).await;
    assert_eq!(view.callback_type(), Some(callback::MESSAGE));
    assert!(view.is_ephemeral());
    assert!(
        content(&view).contains("Seen from black"),
        "{:?}",
        view.content()
    );
    assert!(
        content(&view).contains("Last move: **P-7f**"),
        "{:?}",
        view.content()
    );
    assert_eq!(board_png(&view), board_png(&start));

    let sent = table
        .fake
        .send(&InteractionBuilder::slash("board").by(&bob()))
        .await;
    let (board, _) = table.fake.answer_with_file(&sent).await;
    assert!(board.is_ephemeral());
    assert!(
        content(&board).contains("Seen from white"),
        "{:?}",
        board.content()
    );

    // Where the channel takes smaller attachments than the board, the answer still comes,
    // without the picture, saying why and where to find the position instead.
    let sent = table
        .fake
        .send(
            &InteractionBuilder::slash("board")
                .by(&bob())
                .attachment_size_limit(4096),
        )
        .await;
    let small = table.fake.answer_to(&sent).await;
    assert!(small.is_ephemeral());
    assert!(small.files.is_empty());
    assert!(
        content(&small).contains("Seen from white") && content(&small).contains("`/export`"),
        "{:?}",
        small.content()
    );

    // An old game's button after that game ended.
    let (_, confirm) = table
        .ask(InteractionBuilder::slash("resign").by(&alice()))
        .await;
    let click = table
        .click(
            &alice(),
            &confirm.custom_ids()[0],
            confirm.message.clone().unwrap(),
        )
        .await;
    table
        .announced_after(&click, "the result", |call| {
            content(call).contains("Game over")
        })
        .await;
    let click = table
        .click(&alice(), &played.answer.custom_ids()[0], played.message())
        .await;
    let refusal = table.fake.answer_to(&click).await;
    assert!(refusal.is_ephemeral());
    assert!(
        content(&refusal).contains("is over"),
        "{:?}",
        refusal.content()
    );
    table.close().await;
}

/// `/draw` or `/takeback` by `by`: checks the private answer, and returns the offer as
/// posted in the channel.
async fn offer(table: &Table, command: &str, by: &support::fixtures::TestUser) -> RestCall {
    let (sent, answer) = table.ask(InteractionBuilder::slash(command).by(by)).await;
    assert!(answer.is_ephemeral(), "{:?}", answer.content());
    assert!(
        content(&answer).contains("is posted"),
        "{:?}",
        answer.content()
    );
    table
        .announced_after(&sent, "the offer", |call| call.custom_ids().len() == 2)
        .await
}

#[tokio::test]
async fn a_draw_offer_is_answered_with_buttons() {
    let table = Table::open().await;
    standard_game(&table).await;
    table.play(&alice(), "7g7f").await;

    let offer = offer(&table, "draw", &alice()).await;
    assert!(!offer.is_ephemeral());
    assert!(
        content(&offer).contains("offers a draw"),
        "{:?}",
        offer.content()
    );
    let mentioned = offer.message_payload().unwrap()["allowed_mentions"]["users"].clone();
    assert_eq!(
        mentioned,
        serde_json::json!([bob().id.to_string()]),
        "bob is pinged"
    );
    let ids = offer.custom_ids();
    assert_eq!(ids.len(), 2, "{ids:?}");
    let message = offer.message.clone().unwrap();

    // The offerer cannot accept their own offer.
    let own = table.click(&alice(), &ids[0], message.clone()).await;
    let refusal = table.fake.answer_to(&own).await;
    assert!(refusal.is_ephemeral(), "{:?}", refusal.content());

    // Accepting closes the offer's message and announces the result with the board.
    let accept = table.click(&bob(), &ids[0], message).await;
    let update = table.fake.response_to(&accept).await;
    assert_eq!(update.callback_type(), Some(callback::UPDATE_MESSAGE));
    assert!(
        content(&update).contains(&format!("Accepted by {}", bob().mention())),
        "{:?}",
        update.content()
    );
    assert!(
        update.custom_ids().is_empty(),
        "an answered offer has no buttons"
    );
    let result = table
        .announced_after(&accept, "the result", |call| !call.files.is_empty())
        .await;
    let text = content(&result);
    assert!(text.contains("accepted the draw"), "{text}");
    assert!(text.contains("**Game over**"), "{text}");
    table.close().await;
}

#[tokio::test]
async fn a_takeback_is_granted_or_declined() {
    let table = Table::open().await;
    standard_game(&table).await;
    table.play(&alice(), "7g7f").await;

    let request = offer(&table, "takeback", &alice()).await;
    assert!(
        content(&request).contains("take back"),
        "{:?}",
        request.content()
    );
    let ids = request.custom_ids();
    let decline = table
        .click(&bob(), &ids[1], request.message.clone().unwrap())
        .await;
    let update = table.fake.response_to(&decline).await;
    assert!(
        content(&update).contains("Declined by"),
        "{:?}",
        update.content()
    );
    // The refusal is announced to the one who asked.
    let declined = table
        .announced_after(&decline, "the refusal", |call| {
            content(call).contains("declined the takeback request")
        })
        .await;
    let mentioned = declined.message_payload().unwrap()["allowed_mentions"]["users"].clone();
    assert_eq!(mentioned, serde_json::json!([alice().id.to_string()]));

    let request = offer(&table, "takeback", &alice()).await;
    let ids = request.custom_ids();
    let grant = table
        .click(&bob(), &ids[0], request.message.clone().unwrap())
        .await;
    let update = table.fake.response_to(&grant).await;
    assert!(
        content(&update).contains("Accepted by"),
        "{:?}",
        update.content()
    );
    let board = table
        .announced_after(&grant, "the board after the takeback", |call| {
            !call.files.is_empty()
        })
        .await;
    let text = content(&board);
    assert!(text.contains("1 move taken back"), "{text}");
    assert!(text.contains("Your move, black"), "{text}");
    // alice moves again from the start.
    let played = table.play(&alice(), "2g2f").await;
    assert!(played.content().contains("move 1:"), "{}", played.content());
    table.close().await;
}

#[tokio::test]
async fn answers_deferred_for_slow_work_still_arrive_and_refusals_stay_private() {
    // Every answer still being worked on at once is deferred.
    let table = Table::open_with(Some(Duration::ZERO)).await;
    standard_game(&table).await;

    // The mover's answer is deferred privately and comes as the follow-up; the channel
    // gets the board.
    let played = table.play(&alice(), "7g7f").await;
    let answers = table.fake.answers_to(&played.sent);
    assert_eq!(answers[0].callback_type(), Some(callback::DEFERRED_MESSAGE));
    assert!(answers[0].is_ephemeral(), "the deferral is private");
    assert!(played.confirmation.is_webhook_for(&played.sent));
    assert!(played.confirmation.is_ephemeral());
    assert!(played.content().contains("move 1:"));

    let sent = table
        .fake
        .send(
            &InteractionBuilder::slash("move")
                .string("move", "5a5c")
                .by(&bob()),
        )
        .await;
    let refusal = table
        .fake
        .wait_for("the late refusal", DEFAULT_WAIT, |call| {
            call.is_webhook_for(&sent) && call.method == "POST"
        })
        .await;
    assert!(refusal.is_ephemeral(), "{:?}", refusal.content());
    let answers = table.fake.answers_to(&sent);
    assert!(
        answers
            .iter()
            .all(|call| call.is_ephemeral() || call.method == "DELETE"),
        "nothing of a refused move is public: {:?}",
        answers.iter().map(RestCall::content).collect::<Vec<_>>()
    );
    table.close().await;
}

#[tokio::test]
async fn the_clock_reminds_and_times_out_in_the_games_channel() {
    let table = Table::open().await;
    standard_game(&table).await;
    table.play(&alice(), "7g7f").await;

    // Three quarters of bob's three days pass: a reminder.
    table.clock.set(START_TIME + 3 * 86_400 * 3 / 4 + 10);
    table.poke_scheduler().await;
    let reminder = table
        .fake
        .channel_message(CHANNEL_ID, DEFAULT_WAIT, |call| {
            call.content().is_some_and(|c| c.contains("reminder"))
        })
        .await;
    assert!(
        content(&reminder).contains(&bob().mention()),
        "{:?}",
        reminder.content()
    );

    // The rest: bob loses on time.
    table.clock.set(START_TIME + 3 * 86_400 + 10);
    table.poke_scheduler().await;
    let timeout = table
        .fake
        .channel_message(CHANNEL_ID, DEFAULT_WAIT, |call| {
            call.content()
                .is_some_and(|c| c.contains("ran out of time"))
        })
        .await;
    let text = content(&timeout);
    assert!(text.contains("**Game over**"), "{text}");
    board_png(&timeout);
    table.close().await;
}

#[tokio::test]
async fn lists_leaderboard_profile_and_export() {
    let table = Table::open().await;
    standard_game(&table).await;
    table.play(&alice(), "7g7f").await;

    let (_, games) = table
        .ask(InteractionBuilder::slash("games").by(&carol()))
        .await;
    let text = content(&games);
    assert!(text.contains("**Shogi #"), "{text}");
    assert!(text.contains(&format!("<#{CHANNEL_ID}>")), "{text}");
    let (_, mine) = table
        .ask(
            InteractionBuilder::slash("games")
                .boolean("mine", true)
                .by(&carol()),
        )
        .await;
    assert!(
        content(&mine).contains("not playing"),
        "{:?}",
        mine.content()
    );

    let (_, export) = table
        .ask(InteractionBuilder::slash("export").by(&carol()))
        .await;
    assert!(export.is_ephemeral());
    assert_eq!(export.files.len(), 1);
    assert!(
        export.files[0].filename.ends_with(".kif"),
        "{}",
        export.files[0].filename
    );
    let (_, csa) = table
        .ask(
            InteractionBuilder::slash("export")
                .integer("format", 1)
                .by(&carol()),
        )
        .await;
    let text = String::from_utf8(csa.files[0].bytes.clone()).unwrap();
    assert!(text.contains("+7776FU"), "{text}");

    // Resign, then the ratings show.
    let (_, confirm) = table
        .ask(InteractionBuilder::slash("resign").by(&bob()))
        .await;
    let click = table
        .click(
            &bob(),
            &confirm.custom_ids()[0],
            confirm.message.clone().unwrap(),
        )
        .await;
    table
        .announced_after(&click, "the result", |call| {
            content(call).contains("Game over")
        })
        .await;
    let (_, board) = table
        .ask(InteractionBuilder::slash("leaderboard").by(&carol()))
        .await;
    let text = content(&board);
    assert!(text.contains("leaderboard"), "{text}");
    let alice_at = text.find(&alice().mention()).expect("alice is listed");
    let bob_at = text.find(&bob().mention()).expect("bob is listed");
    assert!(alice_at < bob_at, "the winner is above: {text}");
    let (_, profile) = table
        .ask(
            InteractionBuilder::slash("profile")
                .user("player", &alice())
                .by(&carol()),
        )
        .await;
    let text = content(&profile);
    assert!(text.contains("Shogi: **"), "{text}");
    assert!(text.contains("1 game"), "{text}");
    table.close().await;
}

/// `/export` format choices, as Discord sends them (the index of the choice).
const EXPORT_KIF: i64 = 0;
const EXPORT_KIFU: i64 = 4;

/// What cshogi's KIF reader (PyPI `cshogi`, which reads `.kif` files as CP932 and `.kifu`
/// files as UTF-8, as Japanese kifu programs do) makes of the file at `path`: the players'
/// names, the number of moves, and whether black won. Fails when python3 or cshogi is
/// missing: `scripts/install-test-deps` installs them.
fn read_with_cshogi(path: &std::path::Path) -> (String, String, usize, bool) {
    let script = "import sys, cshogi, cshogi.KIF as K\n\
                  p = K.Parser.parse_file(sys.argv[1])\n\
                  print(p.names[0]); print(p.names[1]); print(len(p.moves))\n\
                  print(p.win == cshogi.BLACK_WIN)\n";
    let output = std::process::Command::new("python3")
        .arg("-c")
        .arg(script)
        .arg(path)
        .output()
        .expect("python3 runs (scripts/install-test-deps installs it)");
    assert!(
        output.status.success(),
        "cshogi could not read {}: {}",
        path.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).expect("UTF-8 from python3");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    (
        lines[0].to_owned(),
        lines[1].to_owned(),
        lines[2].parse().expect("a number of moves"),
        lines[3] == "True",
    )
}

#[tokio::test]
async fn kif_exports_in_shift_jis_and_kifu_in_utf8_read_back_in_cshogi() {
    let table = Table::open().await;
    // Names Shift_JIS holds (kana) and one it does not (Hangul).
    let (black, white) = (
        support::fixtures::TestUser::new(2011, "さくら"),
        support::fixtures::TestUser::new(2012, "민수"),
    );
    table.start_game(STANDARD, &[&black, &white]).await;
    for (n, text) in STANDARD_MATE.iter().enumerate() {
        table
            .play_unannounced(if n % 2 == 0 { &black } else { &white }, text)
            .await;
    }
    let dir = std::env::temp_dir().join(format!("shogiban-kif-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let mut read = Vec::new();
    for (format, extension) in [(EXPORT_KIF, "kif"), (EXPORT_KIFU, "kifu")] {
        let (_, answer) = table
            .ask(
                InteractionBuilder::slash("export")
                    .integer("format", format)
                    .by(&black),
            )
            .await;
        assert!(answer.is_ephemeral(), "{:?}", answer.content());
        assert_eq!(answer.files.len(), 1, "{:?}", answer.content());
        let file = &answer.files[0];
        assert!(
            file.filename.ends_with(&format!(".{extension}")),
            "{}",
            file.filename
        );
        let path = dir.join(&file.filename);
        std::fs::write(&path, &file.bytes).expect("the record written");
        read.push((extension, file.bytes.clone(), read_with_cshogi(&path)));
    }
    std::fs::remove_dir_all(&dir).expect("the temporary folder removed");

    let (_, kif, from_kif) = &read[0];
    // The .kif file declares Shift_JIS and is written in it: 平手 (the handicap line) is
    // 0x95 0xBD 0x8E 0xE8 there, and the file is not UTF-8.
    assert!(kif.starts_with(b"#KIF version=2.0 encoding=Shift_JIS\n"));
    assert!(kif.windows(4).any(|four| four == [0x95, 0xBD, 0x8E, 0xE8]));
    assert!(std::str::from_utf8(kif).is_err());
    assert_eq!(
        from_kif,
        &(
            "さくら".to_owned(),
            "？？".to_owned(),
            STANDARD_MATE.len(),
            true
        )
    );
    let (_, kifu, from_kifu) = &read[1];
    let kifu = std::str::from_utf8(kifu).expect("a .kifu file is UTF-8");
    assert!(
        kifu.starts_with("#KIF version=2.0 encoding=UTF-8\n"),
        "{kifu}"
    );
    assert_eq!(
        from_kifu,
        &(
            "さくら".to_owned(),
            "민수".to_owned(),
            STANDARD_MATE.len(),
            true
        )
    );
    table.close().await;
}
