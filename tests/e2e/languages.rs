//! Languages end to end, through the real bot against the fake Discord: a whole game played
//! in Japanese and in Korean with nothing the bot says in English; a Japanese and an English
//! player in one game, each answered in their own language; channel posts in the server's
//! language; and each player's settings, kept across a restart. Each test runs on SQLite and
//! on PostgreSQL.

use crate::support;

use serde_json::Value;
use support::backends::Backend;
use support::fake_discord::RestCall;
use support::fixtures::{alice, bob, InteractionBuilder, TestUser, GUILD_ID};
use support::table::{Table, STANDARD};

fn content(call: &RestCall) -> &str {
    call.content().unwrap_or_default()
}

/// Words made of ASCII letters that may appear in a reply in any language: the players'
/// names, and Discord's own name.
const ALLOWED_WORDS: [&str; 3] = ["alice", "bob", "Discord"];

/// The ASCII words of `text` that no reader of another language should meet: runs of ASCII
/// letters, digits and move marks outside mentions, timestamps, links and code spans that
/// hold a letter but no digit (moves such as `P-7f`, `7g7f` or `Bx2b+` always have one),
/// other than the allowed names.
fn english_words(text: &str) -> Vec<String> {
    let mut plain = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let close = match c {
            // <@1>, <#2>, <t:1790000000:R>
            '<' => Some('>'),
            '`' => Some('`'),
            '(' if chars.peek() == Some(&'h') => Some(')'),
            _ => None,
        };
        match close {
            Some(close) => {
                for inner in chars.by_ref() {
                    if inner == close {
                        break;
                    }
                }
                plain.push(' ');
            }
            None => plain.push(c),
        }
    }
    let is_token = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '*' | '+' | '=');
    plain
        .split(|c: char| !is_token(c))
        .filter(|run| run.chars().any(|c| c.is_ascii_alphabetic()))
        .filter(|run| !run.chars().any(|c| c.is_ascii_digit()))
        .filter(|run| !ALLOWED_WORDS.contains(run))
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_english_word_check_catches_english_and_lets_moves_through() {
    assert_eq!(
        english_words("**将棋 #1** · 1手目: 先手 <@2001> **P-7f** (`7g7f`, ７六歩)"),
        Vec::<String>::new()
    );
    assert_eq!(
        english_words("alice の手番です（期限 <t:1790000000:R>）"),
        Vec::<String>::new()
    );
    assert_eq!(
        english_words("Your move, 先手 <@1> (time runs out)"),
        ["Your", "move", "time", "runs", "out"]
    );
    assert_eq!(
        english_words("**Bx2b+** か **Bx2b=**"),
        Vec::<String>::new()
    );
}

/// Every text the bot sent to Discord since it started, but the command registrations:
/// message contents, button labels, autocomplete choices and thread names.
fn everything_said(table: &Table) -> Vec<String> {
    fn collect(value: &Value, key: Option<&str>, out: &mut Vec<String>) {
        match value {
            Value::String(text) if matches!(key, Some("content" | "label" | "name")) => {
                out.push(text.clone())
            }
            Value::Array(items) => items.iter().for_each(|item| collect(item, key, out)),
            Value::Object(fields) => fields
                .iter()
                .for_each(|(key, value)| collect(value, Some(key), out)),
            _ => {}
        }
    }
    let mut said = Vec::new();
    for call in table.fake.calls() {
        if call.is_command_registration(Some(GUILD_ID)) || call.is_command_registration(None) {
            continue;
        }
        if let Some(json) = &call.json {
            collect(json, None, &mut said);
        }
    }
    said
}

/// Asserts nothing the bot said so far holds an English word.
fn assert_nothing_in_english(table: &Table, locale: &str) {
    let said = everything_said(table);
    assert!(said.len() > 20, "too little was said to judge: {said:?}");
    let english: Vec<(String, Vec<String>)> = said
        .into_iter()
        .map(|text| {
            let words = english_words(&text);
            (text, words)
        })
        .filter(|(_, words)| !words.is_empty())
        .collect();
    assert!(
        english.is_empty(),
        "{locale}: English in what the bot said: {english:#?}"
    );
}

/// A private answer to `sent`.
async fn private_answer(table: &Table, sent: &support::fake_discord::SentInteraction) -> RestCall {
    let answer = table.fake.answer_to(sent).await;
    assert!(answer.is_ephemeral(), "{:?}", answer.content());
    answer
}

/// `/move` as `user`: the private answer and the board posted in the channel.
async fn play(table: &Table, user: &TestUser, text: &str) -> (RestCall, RestCall) {
    let sent = table
        .fake
        .send(
            &InteractionBuilder::slash("move")
                .string("move", text)
                .by(user),
        )
        .await;
    let answer = private_answer(table, &sent).await;
    let board = table
        .announced_after(&sent, "the board after the move", |call| {
            !call.files.is_empty()
        })
        .await;
    (answer, board)
}

/// `/move` as `user` that is refused: the private answer.
async fn refused(table: &Table, user: &TestUser, text: &str) -> String {
    let sent = table
        .fake
        .send(
            &InteractionBuilder::slash("move")
                .string("move", text)
                .by(user),
        )
        .await;
    content(&private_answer(table, &sent).await).to_owned()
}

/// The first button of `call` whose custom id starts with `verb`.
fn button(call: &RestCall, verb: &str) -> String {
    call.custom_ids()
        .into_iter()
        .find(|id| id.starts_with(verb))
        .unwrap_or_else(|| panic!("no {verb} button in {:?}", call.content()))
}

/// A standard game between `black` (the challenger) and `white`, from the challenge to
/// `white`'s resignation, through a refused move, a move out of turn, the promotion
/// question, a declined draw offer, `/board`, `/settings` and autocomplete. Returns the
/// texts of what both were told, in order, for the caller to check the language.
async fn play_a_whole_game(table: &Table, black: &TestUser, white: &TestUser) -> Vec<String> {
    let mut said = Vec::new();
    let (sent, answer) = table
        .ask(
            InteractionBuilder::slash("challenge")
                .user("opponent", white)
                .integer("variant", STANDARD)
                .integer("seats", 1)
                .by(black),
        )
        .await;
    assert!(answer.is_ephemeral(), "{:?}", answer.content());
    said.push(content(&answer).to_owned());
    let challenge = table
        .announced_after(&sent, "the challenge", |call| {
            call.custom_ids().iter().any(|id| id.starts_with("accept:"))
        })
        .await;
    let accept = table
        .click(
            white,
            &button(&challenge, "accept:"),
            challenge.message.clone().expect("a message"),
        )
        .await;
    said.push(content(&table.fake.answer_to(&accept).await).to_owned());
    let start = table
        .announced_after(&accept, "the first board", |call| !call.files.is_empty())
        .await;
    said.push(content(&start).to_owned());

    let suggestions = table.suggestions(black, "").await;
    assert_eq!(suggestions.len(), 25, "{suggestions:?}");
    said.extend(suggestions.into_iter().map(|(name, _)| name));
    said.push(refused(table, white, "3c3d").await);
    said.push(refused(table, black, "5e5d").await);

    for (user, text) in [(black, "7g7f"), (white, "3c3d")] {
        let (answer, board) = play(table, user, text).await;
        said.push(content(&answer).to_owned());
        said.push(content(&board).to_owned());
    }
    // The bishop may take on 2b promoting or not: asked, then promoted by button.
    let sent = table
        .fake
        .send(
            &InteractionBuilder::slash("move")
                .string("move", "8h2b")
                .by(black),
        )
        .await;
    let question = private_answer(table, &sent).await;
    said.push(content(&question).to_owned());
    let promote = table
        .click(
            black,
            &button(&question, "promote:"),
            question.message.clone().expect("a message"),
        )
        .await;
    said.push(content(&table.fake.response_to(&promote).await).to_owned());
    let board = table
        .announced_after(&promote, "the board after the promotion", |call| {
            !call.files.is_empty()
        })
        .await;
    said.push(content(&board).to_owned());

    // A draw offer, declined by button.
    let (sent, answer) = table.ask(InteractionBuilder::slash("draw").by(white)).await;
    said.push(content(&answer).to_owned());
    let offer = table
        .announced_after(&sent, "the draw offer", |call| {
            call.custom_ids()
                .iter()
                .any(|id| id.starts_with("draw-decline:"))
        })
        .await;
    let decline = table
        .click(
            black,
            &button(&offer, "draw-decline:"),
            offer.message.clone().expect("a message"),
        )
        .await;
    said.push(content(&table.fake.response_to(&decline).await).to_owned());

    let (_, board) = table
        .ask(InteractionBuilder::slash("board").by(white))
        .await;
    assert!(board.is_ephemeral() && !board.files.is_empty());
    said.push(content(&board).to_owned());
    let (_, settings) = table
        .ask(InteractionBuilder::slash("settings").by(white))
        .await;
    said.push(content(&settings).to_owned());
    // The help: its first page, and the rules of yonin shogi.
    for help in [
        InteractionBuilder::slash("help"),
        InteractionBuilder::slash("help").integer("topic", 5),
    ] {
        let (_, page) = table.ask(help.by(black)).await;
        said.push(content(&page).to_owned());
    }

    // White resigns, confirming by button: the result and the replay follow.
    let (_, confirm) = table
        .ask(InteractionBuilder::slash("resign").by(white))
        .await;
    said.push(content(&confirm).to_owned());
    let resign = table
        .click(
            white,
            &button(&confirm, "resign:"),
            confirm.message.clone().expect("a message"),
        )
        .await;
    said.push(content(&table.fake.response_to(&resign).await).to_owned());
    let replay = table
        .announced_after(&resign, "the replay", |call| {
            call.files
                .iter()
                .any(|file| file.filename.ends_with(".gif"))
        })
        .await;
    // Everything the channel saw from the resignation on: the result, then the replay.
    for post in table.posts_since(resign.channel_id, resign.sent_at) {
        said.push(content(&post).to_owned());
    }
    assert!(said.last().is_some_and(|last| last == content(&replay)));
    said
}

async fn a_game_in_japanese_is_answered_in_japanese_from_challenge_to_resignation(
    backend: Backend,
) {
    let table = Table::on(backend).await;
    let (black, white) = (
        alice().speaking("ja").in_server_speaking("ja"),
        bob().speaking("ja").in_server_speaking("ja"),
    );
    let said = play_a_whole_game(&table, &black, &white).await;
    let all = said.join("\n");
    for word in [
        "先手",
        "後手",
        "手目",
        "手番",
        "成り",
        "引き分け",
        "投了",
        "終局",
        "対局申込",
        "王手優先",
    ] {
        assert!(all.contains(word), "{word} missing from:\n{all}");
    }
    // Moves are written the Japanese way for Japanese readers by default.
    assert!(all.contains("**７六歩**"), "{all}");
    assert_nothing_in_english(&table, "ja");
    table.close().await;
}

async fn a_game_in_korean_is_answered_in_korean_from_challenge_to_resignation(backend: Backend) {
    let table = Table::on(backend).await;
    let (black, white) = (
        alice().speaking("ko").in_server_speaking("ko"),
        bob().speaking("ko").in_server_speaking("ko"),
    );
    let said = play_a_whole_game(&table, &black, &white).await;
    let all = said.join("\n");
    for word in [
        "선수",
        "후수",
        "수째",
        "차례",
        "승격",
        "무승부",
        "투료",
        "종국",
        "장군 우선",
    ] {
        assert!(all.contains(word), "{word} missing from:\n{all}");
    }
    assert_nothing_in_english(&table, "ko");
    table.close().await;
}

async fn a_japanese_and_an_english_player_each_read_their_own_language(backend: Backend) {
    let table = Table::on(backend).await;
    // One server, read in English; alice's client is Japanese, bob's English.
    let (alice, bob) = (alice().speaking("ja"), bob());
    let (sent, answer) = table
        .ask(
            InteractionBuilder::slash("challenge")
                .user("opponent", &bob)
                .integer("seats", 1)
                .by(&alice),
        )
        .await;
    assert!(
        content(&answer).contains("対局申込 #"),
        "{:?}",
        answer.content()
    );
    let challenge = table
        .announced_after(&sent, "the challenge", |call| {
            call.custom_ids().iter().any(|id| id.starts_with("accept:"))
        })
        .await;
    assert!(
        content(&challenge).starts_with("**Challenge #"),
        "the channel reads the server's language: {:?}",
        challenge.content()
    );
    let accept = table
        .click(
            &bob,
            &button(&challenge, "accept:"),
            challenge.message.clone().expect("a message"),
        )
        .await;
    let accepted = table.fake.answer_to(&accept).await;
    assert!(
        content(&accepted).contains("Accepted: the game has begun."),
        "the challenge's message is the channel's: {:?}",
        accepted.content()
    );
    table
        .announced_after(&accept, "the first board", |call| !call.files.is_empty())
        .await;

    let (answer, board) = play(&table, &alice, "7g7f").await;
    assert_eq!(
        content(&answer),
        "**７六歩** (`7g7f`)を指しました: **将棋 #1**の1手目です。"
    );
    assert!(
        content(&board).starts_with("**Shogi #1** · move 1: black "),
        "{:?}",
        board.content()
    );
    let (answer, _) = play(&table, &bob, "3c3d").await;
    assert_eq!(
        content(&answer),
        "Your move **P-3d** (`3c3d`) was played: move 2 of **Shogi #1**."
    );
    // Refusals too: each in the language of whoever is refused.
    assert_eq!(
        refused(&table, &bob, "2g2f").await,
        "It is not your turn: black (alice) is to move."
    );
    let refusal = refused(&table, &alice, "3c3d").await;
    assert!(
        refusal.contains("合法手はありません") && english_words(&refusal).is_empty(),
        "{refusal}"
    );
    table.close().await;
}

async fn channel_posts_follow_the_managers_language_then_the_servers_discord_language(
    backend: Backend,
) {
    let mut table = Table::on(backend).await;
    // Discord reports a Korean server: the channel reads Korean, even to an English client.
    let (alice, bob) = (
        alice().in_server_speaking("ko"),
        bob().in_server_speaking("ko"),
    );
    let start = start_game_quietly(&table, &alice, &bob).await;
    assert!(
        content(&start).contains("쇼기 #1") && content(&start).contains("시작"),
        "{:?}",
        start.content()
    );
    let (answer, board) = play(&table, &alice, "7g7f").await;
    assert!(
        content(&answer).contains("was played"),
        "{:?}",
        answer.content()
    );
    assert!(content(&board).contains("1수째"), "{:?}", board.content());

    // A manager's choice on /server-settings wins over what Discord reports, and outlives
    // a restart; the manager's own answer is in their client's language.
    let (_, chosen) = table
        .ask(
            InteractionBuilder::slash("server-settings")
                .integer("language", 1)
                .by(&alice)
                .with_manage_server(),
        )
        .await;
    assert!(chosen.is_ephemeral());
    assert!(
        content(&chosen).contains("Language of the channel posts: Japanese (日本語)"),
        "{:?}",
        chosen.content()
    );
    table.restart().await;
    let (_, board) = play(&table, &bob, "3c3d").await;
    assert!(
        content(&board).starts_with("**将棋 #1** · 2手目: 後手 "),
        "{:?}",
        board.content()
    );

    // Only managers choose it.
    let (_, not_allowed) = table
        .ask(
            InteractionBuilder::slash("server-settings")
                .integer("language", 0)
                .by(&bob),
        )
        .await;
    assert!(not_allowed.is_ephemeral());
    let (_, board) = play(&table, &alice, "2g2f").await;
    assert!(content(&board).contains("3手目"), "{:?}", board.content());

    // "Discord's" gives the channel back to the language Discord reports.
    let (_, back) = table
        .ask(
            InteractionBuilder::slash("server-settings")
                .integer("language", 3)
                .by(&alice)
                .with_manage_server(),
        )
        .await;
    assert!(
        content(&back).contains(
            "Language of the channel posts: the server's language in Discord (Korean (한국어))"
        ),
        "{:?}",
        back.content()
    );
    let (_, board) = play(&table, &bob, "8c8d").await;
    assert!(content(&board).contains("4수째"), "{:?}", board.content());
    table.close().await;
}

async fn settings_are_each_saved_on_their_own_and_survive_a_restart(backend: Backend) {
    let mut table = Table::on(backend).await;
    let (_, shown) = table
        .ask(InteractionBuilder::slash("settings").by(&alice()))
        .await;
    assert!(shown.is_ephemeral());
    assert!(
        content(&shown).contains("Move notation: Western (P-7f) (the default for your language)"),
        "{:?}",
        shown.content()
    );
    let (_, saved) = table
        .ask(
            InteractionBuilder::slash("settings")
                .integer("notation", 2)
                .by(&alice()),
        )
        .await;
    assert!(
        content(&saved).contains("Move notation: coordinate (7g7f)"),
        "{:?}",
        saved.content()
    );
    // Another option alone keeps the notation.
    let (_, saved) = table
        .ask(
            InteractionBuilder::slash("settings")
                .integer("pieces", 1)
                .by(&alice()),
        )
        .await;
    assert!(
        content(&saved).contains("Move notation: coordinate (7g7f)")
            && content(&saved).contains("Pieces: international"),
        "{:?}",
        saved.content()
    );

    table.restart().await;
    let (_, shown) = table
        .ask(InteractionBuilder::slash("settings").by(&alice()))
        .await;
    assert!(
        content(&shown).contains("Move notation: coordinate (7g7f)")
            && content(&shown).contains("Pieces: international"),
        "{:?}",
        shown.content()
    );
    // The chosen notation is the one alice's answers use; bob keeps the default.
    start_game_quietly(&table, &alice(), &bob()).await;
    let suggestions = table.suggestions(&alice(), "7f").await;
    assert_eq!(suggestions[0].0, "7g7f (P-7f, ７六歩)", "{suggestions:?}");
    let (answer, _) = play(&table, &alice(), "P-7f").await;
    assert_eq!(
        content(&answer),
        "Your move **7g7f** was played: move 1 of **Shogi #1**."
    );
    let suggestions = table.suggestions(&bob(), "3d").await;
    assert_eq!(suggestions[0].0, "P-3d (3c3d, ３四歩)", "{suggestions:?}");
    table.close().await;
}

/// A standard game of `black` against `white` (seats as listed), started without reading
/// the bot's words: returns the first board.
async fn start_game_quietly(table: &Table, black: &TestUser, white: &TestUser) -> RestCall {
    let (sent, _) = table
        .ask(
            InteractionBuilder::slash("challenge")
                .user("opponent", white)
                .integer("seats", 1)
                .by(black),
        )
        .await;
    let challenge = table
        .announced_after(&sent, "the challenge", |call| {
            call.custom_ids().iter().any(|id| id.starts_with("accept:"))
        })
        .await;
    let accept = table
        .click(
            white,
            &button(&challenge, "accept:"),
            challenge.message.clone().expect("a message"),
        )
        .await;
    table
        .announced_after(&accept, "the first board", |call| !call.files.is_empty())
        .await
}

#[tokio::test]
async fn refusals_of_the_service_reach_a_japanese_player_in_japanese_and_change_nothing() {
    let table = Table::open().await;
    let (alice, bob) = (alice().speaking("ja"), bob().speaking("ja"));

    // Seats as listed, with the one opponent named second: bob would have no seat in a
    // two-player game.
    let (sent, refused) = table
        .ask(
            InteractionBuilder::slash("challenge")
                .user("opponent2", &bob)
                .integer("seats", 1)
                .by(&alice),
        )
        .await;
    assert!(refused.is_ephemeral());
    assert!(
        content(&refused).contains("申し込みの対局者全員に席を指定してください。"),
        "{:?}",
        refused.content()
    );
    assert_eq!(english_words(content(&refused)), Vec::<String>::new());
    let open = table
        .service
        .open_challenges(shogiban::store::ChannelId(sent.channel_id))
        .await
        .expect("the open challenges");
    assert!(open.is_empty(), "{open:?}");
    assert!(table.posts_since(sent.channel_id, sent.sent_at).is_empty());

    // A replay asked beyond the last move.
    start_game_quietly(&table, &alice, &bob).await;
    play(&table, &alice, "7g7f").await;
    let (sent, refused) = table
        .ask(
            InteractionBuilder::slash("replay")
                .integer("move", 5)
                .by(&bob),
        )
        .await;
    assert!(refused.is_ephemeral());
    assert!(refused.files.is_empty());
    assert!(
        content(&refused)
            .contains("対局 #1 はまだ1手です。0（開始局面）から1までの手数を選んでください。"),
        "{:?}",
        refused.content()
    );
    assert!(table.posts_since(sent.channel_id, sent.sent_at).is_empty());
    // The game goes on where it was (the channel reads the server's English).
    let (_, board) = play(&table, &bob, "3c3d").await;
    assert!(content(&board).contains("move 2:"), "{:?}", board.content());
    table.close().await;
}

on_both_backends!(
    a_game_in_japanese_is_answered_in_japanese_from_challenge_to_resignation,
    a_game_in_korean_is_answered_in_korean_from_challenge_to_resignation,
    a_japanese_and_an_english_player_each_read_their_own_language,
    channel_posts_follow_the_managers_language_then_the_servers_discord_language,
    settings_are_each_saved_on_their_own_and_survive_a_restart,
);
