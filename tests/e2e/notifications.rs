//! How players are told it is their turn, end to end through the real bot against the fake
//! Discord: `/settings notifications`, a direct message on a turn with the board and a link
//! to the game, players left unmentioned in the channel, and the daily digest of three games
//! sent once a day across a restart. Each test runs on SQLite and on PostgreSQL.

use crate::support;

use serde_json::Value;
use support::backends::Backend;
use support::fake_discord::{RestCall, DEFAULT_WAIT};
use support::fixtures::{
    alice, bob, dm_channel_id, InteractionBuilder, TestUser, APPLICATION_ID, BOT_NAME, CHANNEL_ID,
    GUILD_ID,
};
use support::table::{Table, STANDARD, START_TIME};

const DAY: i64 = 86_400;

/// The choices of `/settings notifications`, by index.
const MENTION: i64 = 0;
const DM: i64 = 1;
const DIGEST: i64 = 3;

fn content(call: &RestCall) -> &str {
    call.content().unwrap_or_default()
}

/// `/settings notifications:<choice>` by `user`, answered privately; returns the answer.
async fn choose(table: &Table, user: &TestUser, choice: i64) -> String {
    let (_, answer) = table
        .ask(
            InteractionBuilder::slash("settings")
                .integer("notifications", choice)
                .by(user),
        )
        .await;
    assert!(answer.is_ephemeral(), "{:?}", answer.content());
    content(&answer).to_owned()
}

/// The users a post may notify (Discord's `allowed_mentions.users`).
fn pinged(call: &RestCall) -> Vec<String> {
    call.json
        .as_ref()
        .and_then(|json| json.pointer("/allowed_mentions/users"))
        .and_then(Value::as_array)
        .map(|users| {
            users
                .iter()
                .filter_map(|u| u.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// The bot itself, named in `/challenge` to play the computer.
fn the_bot() -> TestUser {
    let mut bot = TestUser::new(APPLICATION_ID, BOT_NAME);
    bot.bot = true;
    bot
}

async fn a_player_who_asked_gets_a_direct_message_on_their_turn(backend: Backend) {
    let table = Table::on(backend).await;
    let text = choose(&table, &bob(), DM).await;
    assert!(text.contains("**Saved.**"), "{text}");
    // Choosing notifications leaves the other settings as they were.
    assert!(text.contains("(the default for your language)"), "{text}");
    assert!(text.contains("a direct message with the board"), "{text}");
    // Without an option, /settings shows what is set.
    let (_, shown) = table
        .ask(InteractionBuilder::slash("settings").by(&bob()))
        .await;
    assert!(shown.is_ephemeral());
    assert!(
        content(&shown).contains("Notifications: a mention in the channel and a direct message"),
        "{:?}",
        shown.content()
    );

    table.start_game(STANDARD, &[&alice(), &bob()]).await;
    let played = table.play(&alice(), "7g7f").await;
    // The channel's board still mentions bob.
    assert!(pinged(&played.answer).contains(&bob().id.to_string()));
    let board_id = played
        .answer
        .message
        .as_ref()
        .and_then(|m| m["id"].as_str())
        .expect("the board's message id")
        .to_owned();

    let dm = table
        .fake
        .channel_message(dm_channel_id(bob().id), DEFAULT_WAIT, |call| {
            call.content().is_some_and(|c| c.contains("your move"))
        })
        .await;
    let text = content(&dm);
    assert!(text.contains("after **P-7f** (move 1)"), "{text}");
    assert!(
        text.contains(&format!("<t:{}:R>", START_TIME + 3 * DAY)),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "https://discord.com/channels/{GUILD_ID}/{CHANNEL_ID}/{board_id}"
        )),
        "the message links to the channel's board: {text}"
    );
    assert_eq!(dm.pngs().len(), 1, "the board from bob's seat");

    // Alice did not ask: no direct message to her when it is her turn.
    table.play(&bob(), "3c3d").await;
    let text = choose(&table, &bob(), MENTION).await;
    assert!(
        text.contains("a mention in the channel when it is your turn"),
        "{text}"
    );
    table.play(&alice(), "2g2f").await;
    assert!(table
        .fake
        .channel_posts(dm_channel_id(alice().id))
        .is_empty());
    // Bob went back to mentions: one direct message only, from before.
    assert_eq!(table.fake.channel_posts(dm_channel_id(bob().id)).len(), 1);
    table.close().await;
}

async fn the_turn_message_is_written_in_the_players_own_language(backend: Backend) {
    let table = Table::on(backend).await;
    // Bob's client is in Korean; the server's manager makes Japanese the language of its
    // posts.
    let (alice, bob) = (alice(), bob().speaking("ko"));
    choose(&table, &bob, DM).await;
    table.start_game(STANDARD, &[&alice, &bob]).await;
    let (_, set) = table
        .ask(
            InteractionBuilder::slash("server-settings")
                .integer("language", 1)
                .by(&alice)
                .with_manage_server(),
        )
        .await;
    assert!(
        content(&set).contains("Japanese (日本語)"),
        "{:?}",
        set.content()
    );
    table.play_unannounced(&alice, "7g7f").await;
    // The message to bob alone is in his language, not the server's.
    let dm = table
        .fake
        .channel_message(dm_channel_id(bob.id), DEFAULT_WAIT, |call| {
            call.content().is_some_and(|c| c.contains("쇼기 #1"))
        })
        .await;
    let text = content(&dm);
    assert!(!text.contains("手番"), "{text}");
    assert!(text.contains("1수째"), "{text}");
    assert_eq!(dm.pngs().len(), 1, "the board from bob's seat");
    table.close().await;
}

async fn the_daily_digest_lists_three_games_once_a_day_instead_of_mentions(backend: Backend) {
    let mut table = Table::on(backend).await;
    let text = choose(&table, &bob(), DIGEST).await;
    // The digest comes at the time of day it was chosen, the first a day later.
    let first = START_TIME + DAY;
    assert!(text.contains(&format!("<t:{first}:t>")), "{text}");

    // Three games against the computer in three channels, bob to move in each.
    let channels = [CHANNEL_ID, 6001, 6002];
    for channel in channels {
        let sent = table
            .fake
            .send(
                &InteractionBuilder::slash("challenge")
                    .user("opponent", &the_bot())
                    .integer("level", 1)
                    .integer("seats", 1)
                    .in_guild(GUILD_ID, channel)
                    .by(&bob()),
            )
            .await;
        let start = table
            .fake
            .posted(
                channel,
                sent.sent_at,
                "the first board",
                DEFAULT_WAIT,
                |call| call.content().is_some_and(|c| c.contains(" begins: ")),
            )
            .await;
        // Named on the board, but not mentioned.
        assert!(
            content(&start).contains(&bob().mention()),
            "{:?}",
            start.content()
        );
        assert!(pinged(&start).is_empty(), "{:?}", pinged(&start));
    }
    assert!(table.fake.channel_posts(dm_channel_id(bob().id)).is_empty());

    // The day comes round.
    table.clock.set(first + 5);
    table.poke_scheduler().await;
    let digest = table
        .fake
        .channel_message(dm_channel_id(bob().id), DEFAULT_WAIT, |call| {
            call.content()
                .is_some_and(|c| c.contains("Your daily digest"))
        })
        .await;
    let text = content(&digest);
    assert!(text.contains("it is your turn in 3 games"), "{text}");
    for channel in channels {
        assert!(text.contains(&format!("<#{channel}>")), "{text}");
        assert!(
            text.contains(&format!(
                "https://discord.com/channels/{GUILD_ID}/{channel}/"
            )),
            "{text}"
        );
    }
    let deadline = START_TIME + 3 * DAY;
    assert_eq!(
        text.matches(&format!("<t:{deadline}:R>")).count(),
        3,
        "{text}"
    );

    // Once a day: neither another round nor a restart sends it again.
    table.poke_scheduler().await;
    table.restart().await;
    table.clock.set(first + 3_600);
    table.poke_scheduler().await;
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    assert_eq!(table.fake.channel_posts(dm_channel_id(bob().id)).len(), 1);

    // The next day, the next one.
    table.clock.set(first + DAY + 5);
    table.poke_scheduler().await;
    table
        .fake
        .channel_message(dm_channel_id(bob().id), DEFAULT_WAIT, |call| {
            call.content()
                .is_some_and(|c| c.contains("Your daily digest"))
                && call.at > digest.at
        })
        .await;
    table.close().await;
}

/// The board bob's turn message shows after 7g7f: from white's seat, the move marked, the
/// players named and the move as its caption, with the pieces in `style`.
fn bobs_board_after_7g7f(style: shogiban::render::PieceStyle) -> Vec<u8> {
    use shogiban::engine::{Game, RuleOptions, Seat, Variant};
    use shogiban::render::{position_scene_styled, render_png, LastMove};
    let mut game = Game::new(Variant::Standard, RuleOptions::defaults(Variant::Standard));
    let before = game.position().clone();
    let m = game.parse_move("7g7f").expect("7g7f reads");
    game.play(&m).expect("7g7f is legal");
    let last = LastMove::new(&before, &m);
    let mut scene = position_scene_styled(game.position(), Seat(1), Some(&last), style);
    for (player, name) in scene.players.iter_mut().zip([alice().name, bob().name]) {
        player.name = name;
    }
    scene.caption = Some("Move 1: ☗P-7f".to_owned());
    render_png(&scene).expect("the board draws")
}

#[tokio::test]
async fn the_turn_message_shows_the_board_in_the_players_piece_style() {
    use shogiban::render::PieceStyle;
    let table = Table::open().await;
    choose(&table, &bob(), DM).await;
    let (_, saved) = table
        .ask(
            InteractionBuilder::slash("settings")
                .integer("pieces", 1)
                .by(&bob()),
        )
        .await;
    assert!(
        content(&saved).contains("Pieces: international"),
        "{:?}",
        saved.content()
    );

    table.start_game(STANDARD, &[&alice(), &bob()]).await;
    table.play(&alice(), "7g7f").await;
    let dm = table
        .fake
        .channel_message(dm_channel_id(bob().id), DEFAULT_WAIT, |call| {
            call.content().is_some_and(|c| c.contains("your move"))
        })
        .await;
    let pngs = dm.pngs();
    assert_eq!(pngs.len(), 1, "the board from bob's seat");
    let international = bobs_board_after_7g7f(PieceStyle::International);
    let kanji = bobs_board_after_7g7f(PieceStyle::Kanji);
    assert_ne!(international, kanji);
    assert!(
        pngs[0].bytes == international,
        "bob's turn message shows his international pieces"
    );
    table.close().await;
}

on_both_backends!(
    a_player_who_asked_gets_a_direct_message_on_their_turn,
    the_turn_message_is_written_in_the_players_own_language,
    the_daily_digest_lists_three_games_once_a_day_instead_of_mentions,
);
