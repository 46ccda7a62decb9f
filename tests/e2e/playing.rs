//! Playing comfortably, end to end through the real bot against the fake Discord: the
//! promotion question, autocomplete that says what it left out, answers to stale buttons,
//! yonin resignation, the channel board's fixed seat, doubles pairs and the dai dai
//! close-up.

use crate::support;

use support::fake_discord::{callback, RestCall, DEFAULT_WAIT};
use support::fixtures::{alice, bob, carol, dave, InteractionBuilder, CHANNEL_ID};
use support::games::YONIN_TO_ELIMINATION;
use support::table::{Table, DAIDAI, STANDARD, YONIN, YONIN_DOUBLES};

fn content(call: &RestCall) -> &str {
    call.content().unwrap_or_default()
}

/// A standard game (alice black, bob white) after 7g7f 3c3d: black's bishop on 8h may
/// take on 2b promoting or not.
async fn bishop_may_promote(table: &Table) {
    table.start_game(STANDARD, &[&alice(), &bob()]).await;
    table.play(&alice(), "7g7f").await;
    table.play(&bob(), "3c3d").await;
}

/// `/move` as alice where the text leaves the promotion open: the private question.
async fn promotion_question(table: &Table, text: &str) -> RestCall {
    let (_, question) = table
        .ask(
            InteractionBuilder::slash("move")
                .string("move", text)
                .by(&alice()),
        )
        .await;
    assert!(question.is_ephemeral(), "{:?}", question.content());
    assert!(question.files.is_empty(), "nothing is played, so no board");
    question
}

#[tokio::test]
async fn a_move_that_may_promote_is_asked_with_buttons_that_survive_a_restart() {
    let mut table = Table::open().await;
    bishop_may_promote(&table).await;

    // Coordinate text without `+` and Western text without a mark both leave it open.
    for text in ["8h2b", "Bx2b", "２二角"] {
        let question = promotion_question(&table, text).await;
        let said = content(&question);
        assert!(said.contains("Promote or not?"), "{text}: {said}");
        assert!(
            said.contains("**Bx2b+**") && said.contains("**Bx2b=**"),
            "{said}"
        );
        let ids = question.custom_ids();
        assert_eq!(ids.len(), 2, "{ids:?}");
        assert!(
            ids[0].starts_with("promote:") && ids[0].ends_with(":2:8h2b+"),
            "{ids:?}"
        );
        assert!(ids[1].ends_with(":2:8h2b"), "{ids:?}");
    }
    // Nothing was played: it is still alice's turn.
    let waiting = table.suggestions(&bob(), "").await;
    assert!(waiting[0].0.contains("not your turn"), "{waiting:?}");

    let first = promotion_question(&table, "8h2b").await;
    let ids = first.custom_ids();

    // The buttons carry all they need: they work after a restart.
    table.restart().await;
    let click = table
        .click(&alice(), &ids[1], first.message.clone().unwrap())
        .await;
    let update = table.fake.response_to(&click).await;
    assert_eq!(update.callback_type(), Some(callback::UPDATE_MESSAGE));
    assert!(
        content(&update).contains("Your move **Bx2b=** (`8h2b`) was played"),
        "{:?}",
        update.content()
    );
    assert!(update.custom_ids().is_empty(), "the question is answered");
    let board = table
        .announced_after(&click, "the board after the move", |call| {
            !call.files.is_empty() && content(call).contains(" played **")
        })
        .await;
    assert!(
        content(&board).contains("**Bx2b=**"),
        "{:?}",
        board.content()
    );

    // The other button of the same question, now stale: refused, nothing played.
    let again = table
        .click(&alice(), &ids[0], first.message.clone().unwrap())
        .await;
    let refusal = table.fake.answer_to(&again).await;
    assert!(refusal.is_ephemeral());
    assert!(
        content(&refusal).contains("has moved on since you were asked (1 move played since)"),
        "{:?}",
        refusal.content()
    );
    let played = table.play(&bob(), "9c9d").await;
    assert!(played.content().contains("move 4:"), "{}", played.content());

    // Text that says is played as it says, without a question.
    let played = table.play(&alice(), "B-3c+").await;
    assert!(played.content().contains("move 5:"), "{}", played.content());
    assert!(
        played.content().contains("**B-3c+**"),
        "{}",
        played.content()
    );
    table.close().await;
}

#[tokio::test]
async fn autocomplete_says_what_it_left_out_puts_captures_first_and_reads_japanese() {
    let table = Table::open().await;
    table.start_game(STANDARD, &[&alice(), &bob()]).await;

    // 30 legal moves: the list says it is cut, and how to narrow it.
    let all = table.suggestions(&alice(), "").await;
    assert_eq!(all.len(), 25, "Discord's limit: {all:?}");
    assert_eq!(all[0].0, "24 of 30 — type a piece or square");
    // Japanese as typed finds the move /move accepts.
    for typed in ["７六", "76", "７六歩", "7六"] {
        let found = table.suggestions(&alice(), typed).await;
        let values: Vec<&str> = found.iter().filter_map(|(_, v)| v.as_str()).collect();
        assert_eq!(values, ["7g7f"], "{typed}: {found:?}");
        assert_eq!(found[0].0, "P-7f (7g7f, ７六歩)");
    }
    table.play(&alice(), "7g7f").await;
    table.play(&bob(), "3c3d").await;

    // Captures first; `x` keeps only the captures.
    let sorted = |choices: &[(String, serde_json::Value)]| {
        let mut values: Vec<String> = choices
            .iter()
            .filter_map(|(_, v)| v.as_str().map(str::to_owned))
            .collect();
        values.sort();
        values
    };
    let all = table.suggestions(&alice(), "").await;
    assert!(all[0].0.ends_with("— type a piece or square"), "{all:?}");
    // The bishop's captures on 2b and its checks from 3c (on the king on 5a) first.
    assert_eq!(
        sorted(&all[1..5]),
        ["8h2b", "8h2b+", "8h3c", "8h3c+"],
        "{all:?}"
    );
    let captures = table.suggestions(&alice(), "x").await;
    assert_eq!(sorted(&captures), ["8h2b", "8h2b+"], "{captures:?}");
    table.play(&alice(), "8h2b+").await;

    // 同: the recapture on the square of the last move.
    let same = table.suggestions(&bob(), "同").await;
    assert_eq!(sorted(&same), ["3a2b", "8b2b"], "{same:?}");
    assert!(
        same.iter().any(|(label, _)| label.contains("同　銀")),
        "{same:?}"
    );
    assert!(
        same.iter().all(|(label, _)| label.contains("同　")),
        "{same:?}"
    );
    table.close().await;
}

#[tokio::test]
async fn a_finished_game_is_named_and_lists_and_help_show_what_to_do() {
    let table = Table::open().await;
    table.start_game(STANDARD, &[&alice(), &bob()]).await;

    // /games mine: alice's turn is marked, bob's list is not.
    let (_, mine) = table
        .ask(
            InteractionBuilder::slash("games")
                .boolean("mine", true)
                .by(&alice()),
        )
        .await;
    assert!(
        content(&mine).contains("**Your turn** · **Shogi #"),
        "{:?}",
        mine.content()
    );
    let (_, theirs) = table
        .ask(
            InteractionBuilder::slash("games")
                .boolean("mine", true)
                .by(&bob()),
        )
        .await;
    assert!(
        !content(&theirs).contains("Your turn"),
        "{:?}",
        theirs.content()
    );

    // /help starts with how to start.
    let (_, help) = table
        .ask(InteractionBuilder::slash("help").by(&bob()))
        .await;
    assert!(
        content(&help).starts_with("**Start a game with `/challenge`**"),
        "{:?}",
        help.content()
    );

    // bob resigns; alice, who missed it, tries to move and is told how the game ended.
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
    table.fake.response_to(&click).await;
    let refusal = table.refused_move(&alice(), "7g7f").await;
    let text = content(&refusal);
    assert!(text.starts_with("Your game #"), "{text}");
    assert!(
        text.contains(" ended: ") && text.contains("resign"),
        "{text}"
    );
    table.close().await;
}

/// The seat an announced board is seen from, as its file is named.
fn board_seat(call: &RestCall) -> String {
    let pngs = call.pngs();
    let name = &pngs.first().expect("a board").filename;
    let seat = name
        .trim_end_matches(".png")
        .rsplit('-')
        .next()
        .unwrap_or_default();
    seat.to_owned()
}

#[tokio::test]
async fn the_channel_board_keeps_the_challengers_seat_and_doubles_names_the_pairs() {
    let table = Table::open().await;
    let start = table.start_game(STANDARD, &[&alice(), &bob()]).await;
    assert_eq!(board_seat(&start), "black");
    // Whoever is to move, the channel sees the board from alice's seat, the challenger's.
    let mut last = None;
    for (player, text) in [(alice(), "7g7f"), (bob(), "3c3d"), (alice(), "2g2f")] {
        let played = table.play(&player, text).await;
        assert_eq!(board_seat(&played.answer), "black", "after {text}");
        last = Some(played);
    }
    // "My view" shows bob his own seat.
    let last = last.unwrap();
    let view = last.answer.custom_ids()[0].clone();
    let click = table.click(&bob(), &view, last.message()).await;
    let (mine, _) = table.fake.answer_with_file(&click).await;
    assert!(
        content(&mine).contains("Seen from white"),
        "{:?}",
        mine.content()
    );
    table.close().await;

    // Doubles: the start message names the pairs, partners sitting opposite.
    let table = Table::open().await;
    let players = [alice(), bob(), carol(), dave()];
    let start = table
        .start_game(
            YONIN_DOUBLES,
            &[&players[0], &players[1], &players[2], &players[3]],
        )
        .await;
    let text = content(&start);
    let pairs = format!(
        "Pairs: **S+N** ({}, {}) against **W+E** ({}, {}).",
        alice().mention(),
        carol().mention(),
        bob().mention(),
        dave().mention()
    );
    assert!(text.contains(&pairs), "{text}");
    assert_eq!(board_seat(&start), "s");
    let played = table.play(&alice(), "5g5f").await;
    assert_eq!(
        board_seat(&played.answer),
        "s",
        "W is to move, S still sees it"
    );
    table.close().await;
}

/// Waits for the edit of an offer's message `message_id` once it lapsed; checks that its
/// buttons are gone and returns the edit.
async fn lapsed_edit(table: &Table, message_id: &str) -> RestCall {
    let path = format!("/api/v10/channels/{CHANNEL_ID}/messages/{message_id}");
    let edit = table
        .fake
        .wait_for("the offer's message edited", DEFAULT_WAIT, |call| {
            call.is("PATCH", &path)
        })
        .await;
    let components = edit
        .message_payload()
        .and_then(|m| m.get("components"))
        .cloned();
    assert_eq!(
        components,
        Some(serde_json::json!([])),
        "the buttons are gone"
    );
    edit
}

#[tokio::test]
async fn a_lapsed_draw_offer_loses_its_buttons_and_a_late_click_says_why() {
    let table = Table::open().await;
    table.start_game(STANDARD, &[&alice(), &bob()]).await;
    table.play(&alice(), "7g7f").await;
    let (sent, answer) = table
        .ask(InteractionBuilder::slash("draw").by(&alice()))
        .await;
    assert!(
        content(&answer).contains("is posted"),
        "{:?}",
        answer.content()
    );
    let offer = table
        .announced_after(&sent, "the offer", |call| call.custom_ids().len() == 2)
        .await;
    let message = offer.message.clone().expect("the offer's message");
    let message_id = message["id"].as_str().expect("a message id").to_owned();

    // bob answers with a move: the offer lapses, and its message says so, without buttons.
    table.play(&bob(), "3c3d").await;
    let edit = lapsed_edit(&table, &message_id).await;
    let text = content(&edit);
    assert!(
        text.contains(&format!("black {}'s draw offer lapsed", alice().mention())),
        "{text}"
    );

    // A click on the old Accept button (a client that did not refresh) says what happened.
    let click = table.click(&bob(), &offer.custom_ids()[0], message).await;
    let refusal = table.fake.answer_to(&click).await;
    assert!(refusal.is_ephemeral());
    assert!(
        content(&refusal).contains("lapsed when the game moved on"),
        "{:?}",
        refusal.content()
    );
    table.close().await;
}

#[tokio::test]
async fn a_lapsed_takeback_request_loses_its_buttons() {
    let table = Table::open().await;
    table.start_game(STANDARD, &[&alice(), &bob()]).await;
    table.play(&alice(), "7g7f").await;
    table.play(&bob(), "3c3d").await;
    let (sent, _) = table
        .ask(InteractionBuilder::slash("takeback").by(&bob()))
        .await;
    let request = table
        .announced_after(&sent, "the request", |call| call.custom_ids().len() == 2)
        .await;
    let message_id = request.message.as_ref().expect("the request's message")["id"]
        .as_str()
        .expect("a message id")
        .to_owned();

    // alice plays on instead of answering: the request's message says it lapsed.
    table.play(&alice(), "2g2f").await;
    let edit = lapsed_edit(&table, &message_id).await;
    assert!(
        content(&edit).contains(&format!(
            "white {}'s takeback request lapsed",
            bob().mention()
        )),
        "{}",
        content(&edit)
    );
    table.close().await;
}

#[tokio::test]
async fn dai_dai_moves_are_found_by_the_pieces_kanji_or_english_name() {
    let table = Table::open().await;
    table.start_game(DAIDAI, &[&alice(), &bob()]).await;
    let by_kanji = table.suggestions(&alice(), "獅子").await;
    assert!(!by_kanji.is_empty(), "the lion has moves from the start");
    assert!(
        by_kanji.iter().all(|(label, _)| label.contains("獅子")),
        "{by_kanji:?}"
    );
    let by_name = table.suggestions(&alice(), "lion").await;
    let values = |choices: &[(String, serde_json::Value)]| {
        let mut values: Vec<String> = choices
            .iter()
            .filter_map(|(_, v)| v.as_str().map(str::to_owned))
            .collect();
        values.sort();
        values
    };
    // "lion" also finds the other pieces named after the lion (the lion dog); every
    // move of the lion itself is among them.
    let named = values(&by_name);
    assert!(
        values(&by_kanji).iter().all(|mv| named.contains(mv)),
        "{by_kanji:?} / {by_name:?}"
    );
    // What the list offers, /move plays.
    let first = by_kanji[0].1.as_str().expect("a move").to_owned();
    let played = table.play(&alice(), &first).await;
    assert!(
        content(&played.answer).contains("played"),
        "{:?}",
        played.content()
    );
    table.close().await;
}

#[tokio::test]
async fn an_eliminated_player_is_told_they_are_out_without_a_resign_button() {
    let table = Table::open().await;
    let players = [alice(), bob(), carol(), dave()];
    table
        .start_game(YONIN, &[&players[0], &players[1], &players[2], &players[3]])
        .await;
    for (ply, mv) in YONIN_TO_ELIMINATION.iter().enumerate() {
        table.play(&players[ply % 4], mv).await;
    }
    // N (carol) was mated by the last move.
    let (_, answer) = table
        .ask(InteractionBuilder::slash("resign").by(&carol()))
        .await;
    assert!(answer.is_ephemeral());
    assert!(
        content(&answer).contains("You are already out of this game"),
        "{:?}",
        answer.content()
    );
    assert!(answer.custom_ids().is_empty(), "no button to press");
    table.close().await;
}
