//! Game reviews end to end through the real bot against the fake Discord: a finished game
//! with a blunder planted in it is analysed from the **Analyse** button under its replay
//! (the progress message posted and edited, the graph attached as a real PNG, the blunder
//! named with the better move, a button that opens the replay at that move), asked again
//! and answered at once from the stored review, refused for a game still going on and for
//! another server's game, queued while the bot was stopped and done after it starts, and posted in Japanese for a Japanese
//! server.

use std::time::{Duration, Instant};

use serde_json::Value;
use shogiban::computer::analysis::ReviewLimits;
use shogiban::service::{ReviewSettings, Settings};
use shogiban::store::GameId;

use crate::support;

use support::backends::Backend;
use support::fake_discord::RestCall;
use support::fixtures::{alice, bob, carol, InteractionBuilder, TestUser, CHANNEL_ID, GUILD_ID};
use support::table::{Table, STANDARD};

/// White does not take back the horse that just took its bishop (`8b7b` instead of
/// `3a2b`, the silver's recapture): a bishop down for nothing. The rest are ordinary
/// opening moves; then white resigns.
const PLANTED: [&str; 8] = [
    "7g7f", "3c3d", "8h2b+", "8b7b", "2b1a", "7c7d", "2g2f", "7a6b",
];

/// Nodes searched per position: enough to see the bishop hang (as `tests/analysis.rs`
/// checks at the same budget), and the review repeats exactly.
const NODES: u64 = 30_000;

/// How long a review of these eight moves may take on a busy machine.
const REVIEW_WAIT: Duration = Duration::from_secs(120);

fn settings() -> Settings {
    Settings {
        review: ReviewSettings {
            limits: ReviewLimits {
                nodes: Some(NODES),
                ..ReviewLimits::default()
            },
            // Every position's progress is shown, so the edits are seen in a short game.
            progress_every: Duration::from_millis(1),
            ..ReviewSettings::default()
        },
        ..Settings::default()
    }
}

fn content(call: &RestCall) -> &str {
    call.content().unwrap_or_default()
}

fn message_id(call: &RestCall) -> String {
    call.message
        .as_ref()
        .and_then(|m| m.get("id"))
        .and_then(Value::as_str)
        .expect("a message id")
        .to_owned()
}

/// Plays the planted game between `black` and `white` (white resigns); returns the game's
/// number and the replay posted after the result, which carries the **Analyse** button.
async fn planted_game(table: &Table, black: &TestUser, white: &TestUser) -> (i64, RestCall) {
    table.start_game(STANDARD, &[black, white]).await;
    for (n, text) in PLANTED.iter().enumerate() {
        let player = if n % 2 == 0 { black } else { white };
        table.play(player, text).await;
    }
    let games = table.service.active_games(black.user_id()).await.unwrap();
    let game = games[0].game_id.0;
    let (_, confirm) = table
        .ask(InteractionBuilder::slash("resign").by(white))
        .await;
    let click = table
        .click(
            white,
            &confirm.custom_ids()[0],
            confirm.message.clone().unwrap(),
        )
        .await;
    table.fake.response_to(&click).await;
    let replay = table
        .announced_after(&click, "the replay", |call| {
            call.files
                .iter()
                .any(|file| file.filename.ends_with(".gif"))
        })
        .await;
    (game, replay)
}

/// `/analyse game:N` by `user` in `guild`/`channel`: the private answer.
async fn analyse(table: &Table, user: &TestUser, game: i64, guild: u64, channel: u64) -> RestCall {
    let (_, answer) = table
        .ask(
            InteractionBuilder::slash("analyse")
                .integer("game", game)
                .in_guild(guild, channel)
                .by(user),
        )
        .await;
    assert!(answer.is_ephemeral(), "{:?}", answer.content());
    answer
}

/// Waits for the review's result posted in the channel after `since`.
async fn review_posted(table: &Table, since: Instant, game: i64) -> RestCall {
    table
        .fake
        .posted(CHANNEL_ID, since, "the review", REVIEW_WAIT, |call| {
            !call.pngs().is_empty()
                && call
                    .pngs()
                    .iter()
                    .any(|png| png.filename == format!("review-game-{game}.png"))
        })
        .await
}

/// The review's graph: one PNG that decodes, of the chart's size.
fn assert_graph(call: &RestCall) {
    let pngs = call.pngs();
    assert_eq!(pngs.len(), 1, "{:?}", call.content());
    assert_eq!(pngs[0].png_size(), (760, 430), "{}", pngs[0].filename);
}

/// How many progress messages were stored for a game (each review run posts one).
async fn progress_messages(table: &Table, game: i64) -> usize {
    table
        .service
        .store()
        .announcements_of_game(GameId(game))
        .await
        .unwrap()
        .iter()
        .filter(|a| a.kind == "review_started")
        .count()
}

#[tokio::test]
async fn a_planted_blunder_is_named_with_the_better_move_and_asking_again_is_instant() {
    let table = Table::with_settings(Backend::Sqlite, settings()).await;
    let (game, replay) = planted_game(&table, &alice(), &bob()).await;

    // The button under the replay asks for the review; carol, a spectator, may ask.
    let analyse_id = format!("analyse:{game}");
    assert!(
        replay.custom_ids().contains(&analyse_id),
        "{:?}",
        replay.custom_ids()
    );
    let since = Instant::now();
    let click = table
        .click(&carol(), &analyse_id, replay.message.clone().unwrap())
        .await;
    let queued = table.fake.answer_to(&click).await;
    assert!(queued.is_ephemeral());
    assert!(
        content(&queued).contains(&format!("Game #{game} is queued for review (next in line)")),
        "{}",
        content(&queued)
    );

    // The progress message, edited as the review goes, ends complete.
    let progress = table
        .fake
        .posted(
            CHANNEL_ID,
            since,
            "the progress message",
            REVIEW_WAIT,
            |call| content(call).contains("analysing move"),
        )
        .await;
    assert!(
        content(&progress).contains("analysing move 0 of 8"),
        "{}",
        content(&progress)
    );
    assert!(content(&progress).contains('░'), "a text bar");
    let id = message_id(&progress);
    let edit_path = format!("/api/v10/channels/{CHANNEL_ID}/messages/{id}");
    let finished = table
        .fake
        .wait_for("the progress at its end", REVIEW_WAIT, |call| {
            call.is("PATCH", &edit_path) && content(call).contains("analysed: 8 moves")
        })
        .await;
    assert!(content(&finished).contains("`████████████████████` 100%"));
    let edits: Vec<String> = table
        .fake
        .calls()
        .iter()
        .filter(|call| call.is("PATCH", &edit_path))
        .map(|call| content(call).to_owned())
        .collect();
    assert!(
        edits
            .iter()
            .any(|text| text.contains("analysing move 4 of 8")),
        "the edits went through the game: {edits:?}"
    );

    // The result: the graph, the blunder with the recapture as the better move, in the
    // channel's notation, mentioning who asked.
    let review = review_posted(&table, since, game).await;
    assert!(!review.is_ephemeral());
    assert_graph(&review);
    let text = content(&review);
    assert!(text.contains(&carol().mention()), "{text}");
    assert!(
        text.contains("4. **☖R-7b??** blunder · better ☖Sx2b"),
        "the planted blunder and its better move: {text}"
    );
    let line = text
        .lines()
        .find(|line| line.starts_with("4. "))
        .expect("the blunder's line");
    let scores: Vec<f64> = line
        .rsplit(" · ")
        .next()
        .unwrap()
        .split(" → ")
        .map(|s| s.parse().expect("a score in pawns"))
        .collect();
    assert!(scores[0] > scores[1] + 3.0, "a bishop's worth lost: {line}");
    // Black's opening moves are no mistakes.
    for ply in ["1. ", "3. "] {
        assert!(!text.lines().any(|l| l.starts_with(ply)), "{text}");
    }
    let move_button = format!("review-move:{game}:4");
    assert!(
        review.custom_ids().contains(&move_button),
        "{:?}",
        review.custom_ids()
    );

    // The move's button opens the replay at that move, privately.
    let click = table
        .click(&bob(), &move_button, review.message.clone().unwrap())
        .await;
    let (board, _) = table.fake.answer_with_file(&click).await;
    assert!(board.is_ephemeral());
    assert!(
        board
            .pngs()
            .iter()
            .any(|png| png.filename.starts_with(&format!("game-{game}-move-4-"))),
        "{:?}",
        board.pngs().iter().map(|p| &p.filename).collect::<Vec<_>>()
    );

    // Asked again: answered at once from the stored review, without a new search.
    let stored = table.service.store().review(GameId(game)).await.unwrap();
    let asked = Instant::now();
    let again = analyse(&table, &alice(), game, GUILD_ID, CHANNEL_ID).await;
    assert_graph(&again);
    assert!(
        content(&again).contains("blunder · better ☖Sx2b"),
        "{}",
        content(&again)
    );
    assert_eq!(progress_messages(&table, game).await, 1, "no second review");
    assert_eq!(
        table.service.store().review(GameId(game)).await.unwrap(),
        stored
    );
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(
        table
            .posts_since(CHANNEL_ID, asked)
            .iter()
            .all(|call| !content(call).contains("analysing")),
        "nothing new in the channel"
    );
    table.close().await;
}

#[tokio::test]
async fn a_game_going_on_or_of_another_server_is_refused_privately() {
    let table = Table::with_settings(Backend::Sqlite, settings()).await;
    table.start_game(STANDARD, &[&alice(), &bob()]).await;
    table.play(&alice(), "7g7f").await;
    let games = table.service.active_games(alice().user_id()).await.unwrap();
    let game = games[0].game_id.0;

    let going_on = analyse(&table, &alice(), game, GUILD_ID, CHANNEL_ID).await;
    assert_eq!(
        content(&going_on),
        format!("Game #{game} is still being played: it can be analysed once it has ended.")
    );
    // Another server cannot read this server's games by number, nor a number never used.
    let elsewhere = analyse(&table, &carol(), game, GUILD_ID + 1, 777).await;
    assert!(
        content(&elsewhere).contains(&format!("There is no game #{game}")),
        "{}",
        content(&elsewhere)
    );
    let missing = analyse(&table, &carol(), game + 50, GUILD_ID, CHANNEL_ID).await;
    assert!(
        content(&missing).contains(&format!("There is no game #{}", game + 50)),
        "{}",
        content(&missing)
    );
    assert!(table
        .service
        .store()
        .review(GameId(game))
        .await
        .unwrap()
        .is_none());
    table.close().await;
}

#[tokio::test]
async fn a_review_queued_when_the_bot_stops_is_done_after_the_restart() {
    let mut table = Table::with_settings(Backend::Sqlite, settings()).await;
    let (game, _) = planted_game(&table, &alice(), &bob()).await;
    // Asked for just as the bot stopped: only the database knows of it.
    table.stop_bot().await;
    let since = Instant::now();
    let answer = table
        .service
        .request_review(
            shogiban::store::GuildId(GUILD_ID),
            shogiban::store::ChannelId(CHANNEL_ID),
            shogiban::service::GameRef::InGuild(shogiban::store::GuildId(GUILD_ID), GameId(game)),
            alice().user_id(),
        )
        .await
        .unwrap();
    assert!(
        matches!(
            answer,
            shogiban::service::ReviewAnswer::Queued { place: 1, .. }
        ),
        "{answer:?}"
    );
    table.start_again().await;
    let review = review_posted(&table, since, game).await;
    assert_graph(&review);
    assert!(content(&review).contains("blunder · better ☖Sx2b"));
    let row = table
        .service
        .store()
        .review(GameId(game))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(row.status, shogiban::store::ReviewStatus::Done);
    assert_eq!(progress_messages(&table, game).await, 1);
    table.close().await;
}

#[tokio::test]
async fn a_japanese_server_reads_its_review_in_japanese() {
    let table = Table::with_settings(Backend::Sqlite, settings()).await;
    let (game, _) = planted_game(&table, &alice(), &bob()).await;
    // The server now posts in Japanese, and a player whose client is in Japanese asks.
    let (_, chosen) = table
        .ask(
            InteractionBuilder::slash("server-settings")
                .integer("language", 1)
                .by(&alice())
                .with_manage_server(),
        )
        .await;
    assert!(
        content(&chosen).contains("Japanese (日本語)"),
        "{}",
        content(&chosen)
    );
    let black = alice().speaking("ja").in_server_speaking("ja");
    let since = Instant::now();
    let queued = analyse(&table, &black, game, GUILD_ID, CHANNEL_ID).await;
    assert!(
        content(&queued).contains("解析の順番待ち"),
        "{}",
        content(&queued)
    );
    let review = review_posted(&table, since, game).await;
    assert_graph(&review);
    let text = content(&review);
    assert!(
        text.contains("4手目 **☖７二飛??** 大悪手 · 最善 ☖") && text.contains("銀"),
        "{text}"
    );
    let allowed = ["alice", "bob", "Discord", "shogiban"];
    let progress = table
        .posts_since(CHANNEL_ID, since)
        .into_iter()
        .map(|call| content(&call).to_owned())
        .collect::<Vec<_>>();
    for said in progress.iter().chain([text.to_owned()].iter()) {
        let words = shogiban::discord::i18n::latin_words(said, &allowed);
        assert!(words.is_empty(), "English words {words:?} in {said}");
    }
    assert!(
        progress.iter().any(|said| said.contains("解析中")),
        "{progress:?}"
    );
    table.close().await;
}
