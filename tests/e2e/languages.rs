//! Languages end to end, through the real bot against the fake Discord: a whole game played
//! in Japanese and in Korean with nothing the bot says in English; a Japanese and an English
//! player in one game, each answered in their own language; channel posts in the server's
//! language; and each player's settings, kept across a restart. Each test runs on SQLite and
//! on PostgreSQL.

use crate::support;

use serde_json::Value;
use shogiban::engine::Position;
use support::backends::Backend;
use support::fake_discord::RestCall;
use support::fixtures::{alice, bob, InteractionBuilder, TestUser, GUILD_ID};
use support::table::{Table, STANDARD};

fn content(call: &RestCall) -> &str {
    call.content().unwrap_or_default()
}

/// Words made of ASCII letters that may appear in a reply in any language: the players'
/// names, Discord's and the bot's own (in its computer players' names), and the one word a
/// player of the walk types as a move (a refusal quotes back what was typed).
const ALLOWED_WORDS: [&str; 7] = [
    "alice", "bob", "carol", "dave", "Discord", "shogiban", "hello",
];

/// The words in Latin letters of `text` that no reader of Japanese or Korean should meet:
/// any outside mentions, timestamps, links and code spans, but the moves and squares in
/// coordinate form (`7g7f`) and the allowed names.
fn english_words(text: &str) -> Vec<String> {
    shogiban::discord::i18n::latin_words(text, &ALLOWED_WORDS)
}

#[test]
fn the_english_word_check_catches_english_and_western_moves() {
    assert_eq!(
        english_words("**将棋 #1** · 1手目　先手 <@2001> **７六歩**（`7g7f`）"),
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
    // A move in Western notation is English to a Japanese reader; one in coordinates is not.
    assert_eq!(english_words("**Bx2b+** か **8h2b**"), ["Bx2b+"]);
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
    assert_none_in_english(said, locale);
}

/// Asserts none of `said` holds an English word.
fn assert_none_in_english(said: Vec<String>, locale: &str) {
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
        "**７六歩**（`7g7f`）を指しました（**将棋 #1**の1手目）。"
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
    assert_eq!(refusal, "「3c3d」は指せません。３三に駒はありません");
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
        content(&board).starts_with("**将棋 #1** · 2手目　後手 "),
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

/// The walk through every kind of message in one language: each player's client and the
/// server speak `locale`.
struct Walk {
    table: Table,
    alice: TestUser,
    bob: TestUser,
    carol: TestUser,
    dave: TestUser,
}

/// The choice of `/settings notifications:` that sends a direct message on your turn.
const NOTIFY_BY_DM: i64 = 1;
/// The number of `/help` topics.
const HELP_TOPICS: i64 = 8;
/// A channel of the server where no game is played, where the walk makes the scheduler
/// look at the clock.
const QUIET_CHANNEL: u64 = 9_998;

impl Walk {
    async fn open(locale: &'static str) -> Walk {
        let speaking = |user: TestUser| user.speaking(locale).in_server_speaking(locale);
        Walk {
            table: Table::open().await,
            alice: speaking(alice()),
            bob: speaking(bob()),
            carol: speaking(support::fixtures::carol()),
            dave: speaking(support::fixtures::dave()),
        }
    }

    /// Asks `interaction` as `user` and returns the answer, checked to be private.
    async fn private(&self, interaction: InteractionBuilder, user: &TestUser) -> RestCall {
        let (_, answer) = self.table.ask(interaction.by(user)).await;
        assert!(answer.is_ephemeral(), "{:?}", answer.content());
        answer
    }

    /// Clicks `verb`'s button of `call` as `user`; returns the interaction.
    async fn click(
        &self,
        user: &TestUser,
        call: &RestCall,
        verb: &str,
    ) -> support::fake_discord::SentInteraction {
        self.table
            .click(
                user,
                &button(call, verb),
                call.message.clone().expect("a message"),
            )
            .await
    }

    /// Makes the scheduler look at the clock: a challenge by dave in a quiet channel.
    async fn poke(&self) {
        let (_, answer) = self
            .table
            .ask(
                InteractionBuilder::slash("challenge")
                    .in_guild(GUILD_ID, QUIET_CHANNEL)
                    .by(&self.dave),
            )
            .await;
        assert!(answer.is_ephemeral(), "{:?}", answer.content());
    }

    /// Waits for a post in `channel` after `since` that `predicate` picks.
    async fn post_in(
        &self,
        channel: u64,
        since: std::time::Instant,
        what: &str,
        predicate: impl Fn(&RestCall) -> bool,
    ) -> RestCall {
        self.table
            .fake
            .posted(
                channel,
                since,
                what,
                support::fake_discord::DEFAULT_WAIT,
                predicate,
            )
            .await
    }
}

/// Every kind of message of the bot, in `locale`: challenges made, declined, withdrawn and
/// expired; a game played in notation of every kind with refusals of every kind along the
/// way, a promotion asked, a draw declined and one lapsed, a takeback allowed, a vacation
/// taken and ended, a reminder and a loss on time; a game in a thread, pointed to from the
/// channel, resigned; a yonin game aborted by a moderator; and every reply about games
/// (boards, replays with their buttons, records, lists, the leaderboard, profiles, the
/// settings, every page of the help). Returns the table for the caller to judge what was
/// said.
async fn walk_every_kind_of_message(locale: &'static str) -> Walk {
    let walk = Walk::open(locale).await;
    let (table, alice, bob, carol, dave) =
        (&walk.table, &walk.alice, &walk.bob, &walk.carol, &walk.dave);

    // Bob asks for a direct message on his turn.
    walk.private(
        InteractionBuilder::slash("settings").integer("notifications", NOTIFY_BY_DM),
        bob,
    )
    .await;

    // A challenge declined, one withdrawn, one left to expire.
    for (answer_by, verb) in [(carol, "decline:"), (alice, "withdraw:")] {
        let (sent, _) = table
            .ask(
                InteractionBuilder::slash("challenge")
                    .user("opponent", carol)
                    .by(alice),
            )
            .await;
        let challenge = table
            .announced_after(&sent, "the challenge", |call| {
                call.custom_ids().iter().any(|id| id.starts_with(verb))
            })
            .await;
        let click = walk.click(answer_by, &challenge, verb).await;
        table.fake.response_to(&click).await;
    }
    let (expiring, _) = table
        .ask(
            InteractionBuilder::slash("challenge")
                .in_guild(GUILD_ID, QUIET_CHANNEL + 1)
                .by(carol),
        )
        .await;

    // Alice (black) against bob, seats as listed.
    let (sent, _) = table
        .ask(
            InteractionBuilder::slash("challenge")
                .user("opponent", bob)
                .integer("seats", 1)
                .by(alice),
        )
        .await;
    let challenge = table
        .announced_after(&sent, "the challenge", |call| {
            call.custom_ids().iter().any(|id| id.starts_with("accept:"))
        })
        .await;
    let accept = walk.click(bob, &challenge, "accept:").await;
    table.fake.answer_to(&accept).await;
    table
        .announced_after(&accept, "the first board", |call| !call.files.is_empty())
        .await;

    // Autocomplete, and refusals of every kind of move text.
    table.suggestions(alice, "").await;
    table.suggestions(alice, "7f").await;
    table.suggestions(bob, "").await;
    for (user, text) in [
        (bob, "3c3d"),
        (alice, "5e5d"),
        (alice, "3c3d"),
        (alice, "５五王"),
        (alice, "５九玉"),
        (alice, "同歩"),
        (alice, "-3334FU"),
        (alice, "hello"),
        (alice, "P*5e"),
        (alice, "7g7e"),
    ] {
        refused(table, user, text).await;
    }

    // Moves in digits, CSA, coordinates and Japanese; bob is told each turn by message.
    for (user, text) in [(alice, "7776"), (bob, "-3334FU")] {
        play(table, user, text).await;
    }
    let asked = walk
        .private(
            InteractionBuilder::slash("move").string("move", "8h2b"),
            alice,
        )
        .await;
    let promote = walk.click(alice, &asked, "promote:").await;
    table.fake.response_to(&promote).await;
    table
        .announced_after(&promote, "the promotion", |call| !call.files.is_empty())
        .await;
    play(table, bob, "同銀").await;

    // A draw offered and declined; a takeback asked and allowed, and the moves played
    // again; a draw offered that lapses when the game moves on.
    let (sent, _) = table.ask(InteractionBuilder::slash("draw").by(bob)).await;
    let offer = table
        .announced_after(&sent, "the draw offer", |call| {
            call.custom_ids()
                .iter()
                .any(|id| id.starts_with("draw-decline:"))
        })
        .await;
    let decline = walk.click(alice, &offer, "draw-decline:").await;
    table.fake.response_to(&decline).await;
    let (sent, _) = table
        .ask(InteractionBuilder::slash("takeback").by(alice))
        .await;
    let request = table
        .announced_after(&sent, "the takeback request", |call| {
            call.custom_ids()
                .iter()
                .any(|id| id.starts_with("takeback-accept:"))
        })
        .await;
    let allow = walk.click(bob, &request, "takeback-accept:").await;
    table.fake.response_to(&allow).await;
    table
        .announced_after(&allow, "the takeback", |call| !call.files.is_empty())
        .await;
    play(table, alice, "２二角成").await;
    play(table, bob, "同銀").await;
    let (sent, _) = table.ask(InteractionBuilder::slash("draw").by(alice)).await;
    table
        .announced_after(&sent, "the second draw offer", |call| {
            call.custom_ids()
                .iter()
                .any(|id| id.starts_with("draw-accept:"))
        })
        .await;
    // Alice's own move leaves her offer standing; bob's lapses it.
    play(table, alice, "５五角").await;
    play(table, bob, "8c8d").await;
    table
        .fake
        .wait_for(
            "the lapsed offer edited",
            support::fake_discord::DEFAULT_WAIT,
            |call| {
                call.method == "PATCH" && call.custom_ids().is_empty() && call.content().is_some()
            },
        )
        .await;

    // Replies about the game: the board, the replay and its buttons, records, lists.
    walk.private(InteractionBuilder::slash("board"), bob).await;
    // Bob plays white: his replay has the toggle to the first seat's side.
    let replay = walk.private(InteractionBuilder::slash("replay"), bob).await;
    for which in ["first", "seat"] {
        let id = replay
            .custom_ids()
            .into_iter()
            .find(|id| id.ends_with(&format!(":{which}")))
            .unwrap_or_else(|| panic!("no {which} button"));
        let click = table
            .click(bob, &id, replay.message.clone().expect("a message"))
            .await;
        table.fake.response_to(&click).await;
    }
    // KIF, CSA, the position file, the GIF, KIFU.
    for format in [0, 1, 2, 3, 4] {
        walk.private(
            InteractionBuilder::slash("export").integer("format", format),
            alice,
        )
        .await;
    }
    walk.private(InteractionBuilder::slash("settings"), alice)
        .await;
    for query in [
        InteractionBuilder::slash("games"),
        InteractionBuilder::slash("games").boolean("mine", true),
        InteractionBuilder::slash("leaderboard"),
        InteractionBuilder::slash("profile"),
    ] {
        table.ask(query.by(alice)).await;
    }
    walk.private(
        InteractionBuilder::slash("server-settings").with_manage_server(),
        alice,
    )
    .await;
    for topic in 0..HELP_TOPICS {
        walk.private(
            InteractionBuilder::slash("help").integer("topic", topic),
            carol,
        )
        .await;
    }

    // A day of vacation for bob, ended early; then the clock: a reminder, and alice's
    // time runs out.
    let vacation = |sub: &str, options: Value| {
        InteractionBuilder::slash("vacation").option(serde_json::json!({
            "name": sub, "type": 1, "options": options,
        }))
    };
    walk.private(
        vacation(
            "start",
            serde_json::json!([{ "name": "days", "type": 4, "value": 1 }]),
        ),
        bob,
    )
    .await;
    walk.private(vacation("end", serde_json::json!([])), bob)
        .await;
    let since = std::time::Instant::now();
    table
        .clock
        .set(support::table::START_TIME + 3 * 86_400 * 3 / 4 + 60);
    walk.poke().await;
    walk.post_in(
        support::fixtures::CHANNEL_ID,
        since,
        "the reminder",
        |call| {
            call.content()
                .is_some_and(|text| text.contains(&alice.mention()))
        },
    )
    .await;
    // The expiring challenge expires meanwhile.
    walk.post_in(
        expiring.channel_id,
        expiring.sent_at,
        "the expiry",
        |call| call.custom_ids().is_empty(),
    )
    .await;
    let since = std::time::Instant::now();
    table.clock.set(support::table::START_TIME + 4 * 86_400);
    walk.poke().await;
    walk.post_in(support::fixtures::CHANNEL_ID, since, "the replay", |call| {
        call.files
            .iter()
            .any(|file| file.filename.ends_with(".gif"))
    })
    .await;

    // A game in a thread: /move in the channel points to it; then white resigns there.
    let (sent, _) = table
        .ask(
            InteractionBuilder::slash("challenge")
                .user("opponent", bob)
                .integer("seats", 1)
                .boolean("thread", true)
                .app_permissions(support::fixtures::THREAD_PERMISSIONS)
                .by(alice),
        )
        .await;
    let challenge = table
        .announced_after(&sent, "the thread challenge", |call| {
            call.custom_ids().iter().any(|id| id.starts_with("accept:"))
        })
        .await;
    let thread: u64 = challenge.message.as_ref().expect("a message")["id"]
        .as_str()
        .expect("an id")
        .parse()
        .expect("a number");
    let accept = walk.click(bob, &challenge, "accept:").await;
    table.fake.response_to(&accept).await;
    walk.post_in(thread, accept.sent_at, "the thread's first board", |call| {
        !call.files.is_empty()
    })
    .await;
    refused(table, alice, "7g7f").await;
    let in_thread = |builder: InteractionBuilder| builder.in_guild(GUILD_ID, thread);
    let (_, moved) = table
        .ask(in_thread(InteractionBuilder::slash("move").string("move", "7g7f")).by(alice))
        .await;
    assert!(moved.is_ephemeral());
    let (_, confirm) = table
        .ask(in_thread(InteractionBuilder::slash("resign")).by(bob))
        .await;
    // Clicked in the thread, where the confirmation was answered.
    let resign = table
        .fake
        .send(
            &in_thread(InteractionBuilder::click(
                &button(&confirm, "resign:"),
                confirm.message.clone().expect("a message"),
            ))
            .by(bob),
        )
        .await;
    table.fake.response_to(&resign).await;
    walk.post_in(
        support::fixtures::CHANNEL_ID,
        resign.sent_at,
        "the thread's result",
        |call| {
            call.content()
                .is_some_and(|text| text.contains(&format!("<#{thread}>")))
        },
    )
    .await;
    walk.post_in(thread, resign.sent_at, "the thread's replay", |call| {
        call.files
            .iter()
            .any(|file| file.filename.ends_with(".gif"))
    })
    .await;

    // Yonin: four players, a move each in Japanese and coordinates, then a moderator
    // aborts it.
    let (sent, _) = table
        .ask(
            InteractionBuilder::slash("challenge")
                .integer("variant", support::table::YONIN)
                .integer("seats", 1)
                .user("opponent", bob)
                .user("opponent2", carol)
                .user("opponent3", dave)
                .by(alice),
        )
        .await;
    let challenge = table
        .announced_after(&sent, "the yonin challenge", |call| {
            call.custom_ids().iter().any(|id| id.starts_with("accept:"))
        })
        .await;
    let accept = button(&challenge, "accept:");
    let mut message = challenge.message.clone().expect("a message");
    for player in [bob, carol, dave] {
        let click = table.click(player, &accept, message.clone()).await;
        let update = table.fake.answer_to(&click).await;
        message = update.message.clone().expect("the challenge is updated");
    }
    // S in Japanese, W and N in coordinates; E has not moved, so E may abort.
    for (user, text) in [(alice, "５六歩"), (bob, "7e6e"), (carol, "5c5d")] {
        play(table, user, text).await;
    }
    walk.private(InteractionBuilder::slash("board"), dave).await;
    let (sent, _) = table.ask(InteractionBuilder::slash("abort").by(dave)).await;
    table
        .announced_after(&sent, "the aborted game", |call| {
            call.custom_ids().is_empty()
        })
        .await;
    walk
}

async fn every_kind_of_message_reads_in(locale: &'static str) {
    let walk = walk_every_kind_of_message(locale).await;
    let said = everything_said(&walk.table);
    assert!(said.len() > 150, "the walk said too little: {}", said.len());
    assert_none_in_english(said, locale);
    walk.table.close().await;
}

#[tokio::test]
async fn every_kind_of_message_reads_in_japanese() {
    every_kind_of_message_reads_in("ja").await;
}

#[tokio::test]
async fn every_kind_of_message_reads_in_korean() {
    every_kind_of_message_reads_in("ko").await;
}

/// The final board of alice's mate of bob (`STANDARD_MATE`) as the channel shows it: from
/// black's seat, the mating drop marked, captioned by `caption` from the move, with
/// `words` and the `verdicts` of black and white.
fn mated_board(
    caption: impl Fn(&shogiban::engine::PlayedMove) -> String,
    words: shogiban::render::BoardWords,
    verdicts: Vec<Option<shogiban::render::Verdict>>,
) -> Vec<u8> {
    use shogiban::engine::Variant;
    use shogiban::service::{BoardPicture, PictureWords, PlayedMove};
    let mut game = support::games::new_game(Variant::Standard);
    let (last, before) = support::games::STANDARD_MATE
        .split_last()
        .expect("a line of moves");
    for text in before {
        support::games::play(&mut game, text);
    }
    let before = game.position().to_text();
    support::games::play(&mut game, last);
    let picture = BoardPicture {
        variant: Variant::Standard,
        position: game.position().to_text(),
        seat: 0,
        last_move: Some(PlayedMove {
            before,
            coordinate: game.history().last().expect("a move").coordinate.clone(),
        }),
        names: vec![alice().name, bob().name],
        caption: None,
        played: None,
    };
    let words = PictureWords {
        board: words,
        caption: Some(caption(game.history().last().expect("a move"))),
        verdicts,
    };
    picture
        .png_with(shogiban::render::PieceStyle::Kanji, &words)
        .expect("the board draws")
}

/// Alice mates bob in `locale`'s server; returns the PNG of the result's board.
async fn board_after_mate(locale: &'static str) -> Vec<u8> {
    let table = Table::open().await;
    let (black, white) = (
        alice().speaking(locale).in_server_speaking(locale),
        bob().speaking(locale).in_server_speaking(locale),
    );
    start_game_quietly(&table, &black, &white).await;
    let mut last = None;
    for (n, text) in support::games::STANDARD_MATE.iter().enumerate() {
        let player = if n % 2 == 0 { &black } else { &white };
        last = Some(play(&table, player, text).await.1);
    }
    let result = last.expect("moves were played");
    let pngs = result.pngs();
    assert_eq!(pngs.len(), 1, "{:?}", result.content());
    let png = pngs[0].bytes.clone();
    table.close().await;
    png
}

#[tokio::test]
async fn a_finished_games_board_says_who_won_and_how_in_the_readers_language() {
    use shogiban::render::{BoardWords, Verdict, VerdictKind};
    let verdict = |text: &str, kind| {
        Some(Verdict {
            text: text.to_owned(),
            kind,
        })
    };
    let japanese = BoardWords {
        to_move: "手番".into(),
        check: "王手".into(),
        out: "脱落".into(),
        seats: ["南", "西", "北", "東"].map(String::from),
    };
    let in_japanese = |played: &shogiban::engine::PlayedMove| format!("7手目 ☗{}", played.japanese);
    let posted = board_after_mate("ja").await;
    assert!(
        posted
            == mated_board(
                in_japanese,
                japanese.clone(),
                vec![
                    verdict("勝ち", VerdictKind::Won),
                    verdict("詰み", VerdictKind::Lost)
                ],
            ),
        "the Japanese board names the winner and the mate"
    );
    // Not what it would show without them: white "to move" and in "check".
    assert!(posted != mated_board(in_japanese, japanese, Vec::new()));

    let posted = board_after_mate("en-US").await;
    assert!(
        posted
            == mated_board(
                |played| format!("Move 7: ☗{}", played.western),
                BoardWords::default(),
                vec![
                    verdict("winner", VerdictKind::Won),
                    verdict("checkmated", VerdictKind::Lost)
                ],
            ),
        "the English board names the winner and the mate"
    );
}

/// `/vacation <sub>` with the subcommand's options.
fn vacation(sub: &str, options: Value) -> InteractionBuilder {
    InteractionBuilder::slash("vacation").option(serde_json::json!({
        "name": sub, "type": 1, "options": options,
    }))
}

async fn refusals_csa_digits_help_threads_and_time_left_read_in(locale: &'static str) {
    let table = Table::open().await;
    let (black, white) = (
        alice().speaking(locale).in_server_speaking(locale),
        bob().speaking(locale).in_server_speaking(locale),
    );
    let ja = locale == "ja";
    let pick = |english: &'static str, japanese: &'static str| if ja { japanese } else { english };
    start_game_quietly(&table, &black, &white).await;

    // The real reason: a king that cannot get there, 同 before any move, the other side's
    // CSA move.
    assert_eq!(
        refused(&table, &black, "５五王").await,
        pick(
            "'５五王' matches no legal move: a king on 5i cannot move to 5e",
            "「５五王」は指せません。５九の玉は５五へ動けません"
        )
    );
    assert_eq!(
        refused(&table, &black, "５九玉").await,
        pick(
            "'５九玉' matches no legal move: your king is already on 5i",
            "「５九玉」は指せません。玉はすでに５九にあります"
        )
    );
    assert_eq!(
        refused(&table, &black, "同歩").await,
        pick(
            "'同歩' needs a previous move: 同 means the square the last move went to, and no move has been played yet",
            "「同歩」の「同」は直前の指し手が動いた升目のことですが、まだ一手も指されていません"
        )
    );
    assert_eq!(
        refused(&table, &black, "-3334FU").await,
        pick(
            "'-3334FU' matches no legal move: it is black's turn, not white's",
            "「-3334FU」は指せません。いまは先手の手番で、後手の手番ではありません"
        )
    );
    // CSA and digits are read, in the autocomplete too.
    let suggestions = table.suggestions(&black, "7776").await;
    assert_eq!(
        suggestions[0].0,
        pick("P-7f (7g7f, ７六歩)", "７六歩 (7g7f)"),
        "{suggestions:?}"
    );
    play(&table, &black, "7776").await;
    play(&table, &white, "-3334FU").await;
    let (answer, board) = play(&table, &black, "+2726FU").await;
    assert_eq!(
        content(&answer),
        pick(
            "Your move **P-2f** (`2g2f`) was played: move 3 of **Shogi #1**.",
            "**２六歩**（`2g2f`）を指しました（**将棋 #1**の3手目）。"
        )
    );
    // The channel reads the move in the notation of its language.
    assert!(
        content(&board).contains(pick(
            "move 3: black <@2001> played **P-2f** (`2g2f`, ２六歩)",
            "3手目　先手 <@2001> **２六歩**（`2g2f`）"
        )),
        "{:?}",
        board.content()
    );
    // After a move, 同 stands for its square: a recapture no pawn can make says why.
    assert_eq!(
        refused(&table, &white, "同歩").await,
        pick(
            "'同歩' matches no legal move: a pawn on 2c cannot move to 2f",
            "「同歩」は指せません。２三の歩は２六へ動けません"
        )
    );

    // The help says how to play the computer.
    let (_, page) = table
        .ask(
            InteractionBuilder::slash("help")
                .integer("topic", 7)
                .by(&black),
        )
        .await;
    let text = content(&page);
    for said in [
        pick("**Play the computer**", "**コンピュータと対局する**"),
        pick("level 1", "レベル1"),
        pick("**Fill with computers**", "コンピュータで埋める"),
        pick("`computers`", "`コンピュータ`"),
    ] {
        assert!(text.contains(said), "{said} missing from {text}");
    }

    // Time left is said as people say it: a vacation ended two seconds after it began
    // gives back all but those two seconds of the thirty days.
    table
        .ask(
            vacation(
                "start",
                serde_json::json!([{ "name": "days", "type": 4, "value": 1 }]),
            )
            .by(&white),
        )
        .await;
    table.clock.set(support::table::START_TIME + 2);
    let (_, back) = table
        .ask(vacation("end", serde_json::json!([])).by(&white))
        .await;
    assert!(
        content(&back).contains(pick(
            "You have 30 days of vacation left",
            "今年の休暇は残り30日です"
        )),
        "{:?}",
        back.content()
    );

    // A game in a thread: /move in the channel it hangs from points there.
    let carol = support::fixtures::carol()
        .speaking(locale)
        .in_server_speaking(locale);
    let (sent, _) = table
        .ask(
            InteractionBuilder::slash("challenge")
                .user("opponent", &carol)
                .boolean("thread", true)
                .in_guild(GUILD_ID, 7_777)
                .app_permissions(support::fixtures::THREAD_PERMISSIONS)
                .by(&black),
        )
        .await;
    let challenge = table
        .announced_after(&sent, "the thread challenge", |call| {
            call.custom_ids().iter().any(|id| id.starts_with("accept:"))
        })
        .await;
    let thread = challenge.message.as_ref().expect("a message")["id"]
        .as_str()
        .expect("an id")
        .to_owned();
    // Accepted where the challenge was posted.
    let accept = table
        .fake
        .send(
            &InteractionBuilder::click(
                &button(&challenge, "accept:"),
                challenge.message.clone().expect("a message"),
            )
            .in_guild(GUILD_ID, 7_777)
            .by(&carol),
        )
        .await;
    table.fake.response_to(&accept).await;
    table
        .fake
        .posted(
            thread.parse().expect("a thread id"),
            accept.sent_at,
            "the thread's first board",
            support::fake_discord::DEFAULT_WAIT,
            |call| !call.files.is_empty(),
        )
        .await;
    let (_, pointed) = table
        .ask(
            InteractionBuilder::slash("move")
                .string("move", "7g7f")
                .in_guild(GUILD_ID, 7_777)
                .by(&carol),
        )
        .await;
    assert_eq!(
        content(&pointed),
        if ja {
            format!("あなたの対局はスレッド <#{thread}> で指されています。コマンドはそちらで使ってください。")
        } else {
            format!("Your game here is played in its thread: <#{thread}>. Use the command there.")
        }
    );
    table.close().await;
}

#[tokio::test]
async fn refusals_csa_digits_help_threads_and_time_left_read_in_english() {
    refusals_csa_digits_help_threads_and_time_left_read_in("en-US").await;
}

#[tokio::test]
async fn refusals_csa_digits_help_threads_and_time_left_read_in_japanese() {
    refusals_csa_digits_help_threads_and_time_left_read_in("ja").await;
}
