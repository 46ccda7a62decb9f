//! Replays and game threads end to end through the real bot against the fake Discord: the
//! GIF posted after a game's result, `/export format:gif`, `/replay` paged with its buttons
//! (after a restart too), spectators' views, and a game in a thread of its own from
//! challenge to archive, with the fallback to the channel when a permission is missing.

use crate::support;

use support::fake_discord::{callback, Failure, RestCall, UploadedFile, DEFAULT_WAIT};
use support::fixtures::{
    alice, bob, carol, InteractionBuilder, CHANNEL_ID, GUILD_ID, THREAD_PERMISSIONS,
};
use support::games::STANDARD_MATE;
use support::table::{Table, STANDARD, START_TIME};

/// `/export` format choices, as Discord sends them (the index of the choice).
const EXPORT_GIF: i64 = 3;

fn content(call: &RestCall) -> &str {
    call.content().unwrap_or_default()
}

/// The one GIF attached to a message.
fn the_gif(call: &RestCall) -> &UploadedFile {
    let gifs: Vec<&UploadedFile> = call
        .files
        .iter()
        .filter(|file| file.bytes.starts_with(b"GIF89a"))
        .collect();
    assert_eq!(gifs.len(), 1, "one GIF in {:?}", call.content());
    assert!(gifs[0].filename.ends_with(".gif"), "{}", gifs[0].filename);
    gifs[0]
}

/// The frames of a GIF, each checked to decode, with the picture's width and height.
fn gif_frames(file: &UploadedFile) -> (usize, u16, u16) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(file.bytes.as_slice()).expect("a GIF");
    let (width, height) = (decoder.width(), decoder.height());
    let mut frames = 0;
    while decoder
        .read_next_frame()
        .expect("every frame decodes")
        .is_some()
    {
        frames += 1;
    }
    (frames, width, height)
}

/// The custom id of the button whose id ends with `which`.
fn button(call: &RestCall, which: &str) -> String {
    let ids = call.custom_ids();
    ids.iter()
        .find(|id| id.ends_with(&format!(":{which}")))
        .unwrap_or_else(|| panic!("no {which} button in {ids:?}"))
        .clone()
}

/// Starts alice (black) against bob (white) and plays the first `moves` of the standard
/// mate.
async fn game_with_moves(table: &Table, moves: usize) -> i64 {
    let start = table.start_game(STANDARD, &[&alice(), &bob()]).await;
    for (n, text) in STANDARD_MATE.iter().take(moves).enumerate() {
        let player = if n % 2 == 0 { alice() } else { bob() };
        table.play(&player, text).await;
    }
    let games = table.service.active_games(alice().user_id()).await.unwrap();
    assert!(content(&start).contains(&format!("#{}", games[0].game_id)));
    games[0].game_id.0
}

#[tokio::test]
async fn a_finished_game_posts_its_replay_from_the_winners_seat_after_the_result() {
    let table = Table::open().await;
    let game = game_with_moves(&table, 6).await;
    let since = std::time::Instant::now();
    // Black drops the silver that mates.
    table.play_unannounced(&alice(), STANDARD_MATE[6]).await;
    let replay = table
        .fake
        .channel_message(CHANNEL_ID, DEFAULT_WAIT, |call| {
            content(call).contains("the whole game")
        })
        .await;

    let posts = table.posts_since(CHANNEL_ID, since);
    let result_at = posts
        .iter()
        .position(|call| content(call).contains("checkmate"))
        .expect("the result is posted");
    let replay_at = posts
        .iter()
        .position(|call| content(call).contains("the whole game"))
        .unwrap();
    assert_eq!(replay_at, result_at + 1, "the replay follows the result");
    assert_eq!(posts.len(), replay_at + 1, "nothing else is posted");

    let text = content(&replay);
    assert!(text.contains(&format!("#{game}")), "{text}");
    assert!(
        text.contains("seen from black's side"),
        "the winner's side: {text}"
    );
    assert!(text.contains("checkmate"), "{text}");
    assert!(text.contains(&format!("/replay game:{game}")), "{text}");
    assert!(!replay.is_ephemeral());
    let gif = the_gif(&replay);
    assert_eq!(gif.filename, format!("shogiban-game-{game}.gif"));
    // The start and the position after each of the seven moves.
    let (frames, width, height) = gif_frames(gif);
    assert_eq!(frames, STANDARD_MATE.len() + 1);
    assert!(width >= 9 * 20 && height >= 9 * 20, "{width}x{height}");
    table.close().await;
}

#[tokio::test]
async fn export_gif_gives_a_frame_per_position_of_a_game_going_on_to_anyone() {
    let table = Table::open().await;
    let game = game_with_moves(&table, 3).await;
    // Carol watches: she gets the game so far, privately.
    let (_, answer) = table
        .ask(
            InteractionBuilder::slash("export")
                .integer("format", EXPORT_GIF)
                .integer("game", game)
                .by(&carol()),
        )
        .await;
    assert!(answer.is_ephemeral());
    let text = content(&answer);
    assert!(text.contains(&format!("game #{game} so far")), "{text}");
    assert!(text.contains("4 positions"), "{text}");
    let (frames, _, _) = gif_frames(the_gif(&answer));
    assert_eq!(frames, 4, "the start and three moves");

    // A game number of no game in this server is refused, with nothing attached.
    let (_, refusal) = table
        .ask(
            InteractionBuilder::slash("export")
                .integer("format", EXPORT_GIF)
                .integer("game", game + 100)
                .by(&carol()),
        )
        .await;
    assert!(refusal.is_ephemeral() && refusal.files.is_empty());
    assert!(
        content(&refusal).contains(&format!("no game #{}", game + 100)),
        "{:?}",
        refusal.content()
    );
    table.close().await;
}

#[tokio::test]
async fn replay_pages_with_its_buttons_after_a_restart_and_turns_to_the_players_seat() {
    let mut table = Table::open().await;
    let game = game_with_moves(&table, 5).await;

    // Bob asks for the board after move 2: his own side, the moves around it.
    let (_, shown) = table
        .ask(
            InteractionBuilder::slash("replay")
                .integer("game", game)
                .integer("move", 2)
                .by(&bob()),
        )
        .await;
    assert!(shown.is_ephemeral(), "only the viewer sees it");
    let text = content(&shown);
    assert!(text.contains("after move 2 of 5"), "{text}");
    assert!(text.contains("seen from white's side"), "{text}");
    assert!(text.contains("**2. ☖K-5b**"), "move 2 stands out: {text}");
    // The bishop takes the silver on 3a and promotes.
    assert!(
        text.contains("1. ☗P-9f") && text.contains("5. ☗Bx3a+"),
        "{text}"
    );
    assert_eq!(shown.pngs().len(), 1);
    let ids = shown.custom_ids();
    assert_eq!(ids.len(), 5, "⏮ ◀ ▶ ⏭ and the seat toggle: {ids:?}");
    assert!(ids
        .iter()
        .all(|id| id.starts_with(&format!("replay:{game}:"))));

    // Buttons carry all they need: they work after the bot restarts.
    table.restart().await;
    let next = table
        .click(
            &bob(),
            &button(&shown, "next"),
            shown.message.clone().unwrap(),
        )
        .await;
    let update = table.fake.response_to(&next).await;
    assert_eq!(update.callback_type(), Some(callback::UPDATE_MESSAGE));
    let text = content(&update);
    assert!(text.contains("after move 3 of 5"), "{text}");
    assert!(text.contains("**3. ☗B-9g**"), "{text}");
    assert_eq!(update.pngs().len(), 1, "the board is redrawn");
    // Nothing was posted in the channel for it.
    assert!(table
        .posts_since(CHANNEL_ID, next.sent_at)
        .iter()
        .all(|call| !content(call).contains("replay")));

    // To the start, then turned to black's seat.
    let message = update.message.clone().unwrap();
    let first = table
        .click(&bob(), &button(&update, "first"), message)
        .await;
    let start = table.fake.response_to(&first).await;
    assert!(
        content(&start).contains("the start of 5"),
        "{:?}",
        start.content()
    );
    let turn = table
        .click(
            &bob(),
            &button(&start, "seat"),
            start.message.clone().unwrap(),
        )
        .await;
    let turned = table.fake.response_to(&turn).await;
    assert!(
        content(&turned).contains("seen from black's side"),
        "{:?}",
        turned.content()
    );
    // ⏭ goes to the last move.
    let last = table
        .click(
            &bob(),
            &button(&turned, "last"),
            turned.message.clone().unwrap(),
        )
        .await;
    let end = table.fake.response_to(&last).await;
    assert!(
        content(&end).contains("after move 5 of 5"),
        "{:?}",
        end.content()
    );

    // A move past the end is refused with the range.
    let (_, refusal) = table
        .ask(
            InteractionBuilder::slash("replay")
                .integer("game", game)
                .integer("move", 9)
                .by(&bob()),
        )
        .await;
    assert!(refusal.is_ephemeral() && refusal.files.is_empty());
    assert!(
        content(&refusal).contains("from 0 (the start) to 5"),
        "{:?}",
        refusal.content()
    );
    table.close().await;
}

#[tokio::test]
async fn spectators_see_replays_and_my_view_from_the_first_seat() {
    let table = Table::open().await;
    let start = table.start_game(STANDARD, &[&alice(), &bob()]).await;
    let moved = table.play(&alice(), STANDARD_MATE[0]).await;

    // /games links the game's latest board. The bot records a post as delivered just
    // after Discord has it, so the list may name the previous board for a moment.
    let board_id = moved.message()["id"].as_str().unwrap().to_owned();
    let link = format!("https://discord.com/channels/{GUILD_ID}/{CHANNEL_ID}/{board_id}");
    let mut list = None;
    for _ in 0..50 {
        let (_, answer) = table
            .ask(InteractionBuilder::slash("games").by(&carol()))
            .await;
        let linked = content(&answer).contains(&link);
        list = Some(answer);
        if linked {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let list = list.expect("a /games answer");
    assert!(content(&list).contains(&link), "{:?}", list.content());

    // Carol watches: /replay in the game's channel shows it from the first seat, with no
    // seat to turn to.
    let (_, shown) = table
        .ask(InteractionBuilder::slash("replay").by(&carol()))
        .await;
    let text = content(&shown);
    assert!(text.contains("after move 1 of 1"), "{text}");
    assert!(text.contains("seen from black's side"), "{text}");
    assert!(text.contains("You are watching"), "{text}");
    assert_eq!(shown.custom_ids().len(), 4, "{:?}", shown.custom_ids());

    // "My view" on the game's board: white is to move, but a spectator sees black's side.
    let view = start
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with("view:"))
        .unwrap();
    let click = table
        .click(&carol(), &view, start.message.clone().unwrap())
        .await;
    let board = table.fake.answer_to(&click).await;
    assert!(board.is_ephemeral());
    let pngs = board.pngs();
    assert_eq!(pngs.len(), 1);
    assert!(
        pngs[0].filename.ends_with("-black.png"),
        "{}",
        pngs[0].filename
    );
    table.close().await;
}

/// `/challenge` of bob by alice (black, as listed) in a thread of its own, with the bot
/// allowed to open threads: returns the challenge as posted and its accept button.
async fn thread_challenge(table: &Table, permissions: &'static str) -> (RestCall, String) {
    let challenge = table
        .challenge(
            InteractionBuilder::slash("challenge")
                .user("opponent", &bob())
                .integer("seats", 1)
                .boolean("thread", true)
                .app_permissions(permissions),
            &alice(),
        )
        .await;
    let accept = button_starting(&challenge, "accept:");
    (challenge, accept)
}

fn button_starting(call: &RestCall, prefix: &str) -> String {
    call.custom_ids()
        .into_iter()
        .find(|id| id.starts_with(prefix))
        .unwrap_or_else(|| panic!("no {prefix} button"))
}

#[tokio::test]
async fn a_game_in_its_own_thread_from_challenge_to_result_then_archived_a_day_later() {
    let table = Table::open().await;
    let (challenge, accept) = thread_challenge(&table, THREAD_PERMISSIONS).await;
    let message = challenge.message.clone().unwrap();
    let thread: u64 = message["id"].as_str().unwrap().parse().unwrap();
    let click = table.click(&bob(), &accept, message).await;
    table.fake.response_to(&click).await;

    // The thread hangs from the challenge, is named after the players and the variant, and
    // has both players in it; the first board is posted there.
    let opened = table.fake.thread(thread).expect("a thread is opened");
    assert_eq!(opened["parent_id"], CHANNEL_ID.to_string());
    let name = opened["name"].as_str().unwrap();
    assert!(name.contains(" vs ") && name.ends_with("Shogi"), "{name}");
    let members = opened["members"].as_array().unwrap();
    for player in [alice(), bob()] {
        assert!(
            members.contains(&serde_json::json!(player.id.to_string())),
            "{members:?}"
        );
    }
    let first = table
        .fake
        .channel_message(thread, DEFAULT_WAIT, |call| {
            content(call).contains(" begins: ")
        })
        .await;
    assert_eq!(first.pngs().len(), 1);

    // The parent channel is free for another game meanwhile.
    let (_, other) = table
        .ask(InteractionBuilder::slash("challenge").by(&carol()))
        .await;
    assert!(
        content(&other).contains("is posted"),
        "{:?}",
        other.content()
    );

    // The game is played in the thread, to mate.
    let since = std::time::Instant::now();
    for (n, text) in STANDARD_MATE.iter().enumerate() {
        let player = if n % 2 == 0 { alice() } else { bob() };
        let (_, answer) = table
            .ask(
                InteractionBuilder::slash("move")
                    .string("move", text)
                    .in_guild(GUILD_ID, thread)
                    .by(&player),
            )
            .await;
        assert!(
            content(&answer).contains("was played"),
            "{:?}",
            answer.content()
        );
    }
    let replay = table
        .fake
        .channel_message(thread, DEFAULT_WAIT, |call| {
            content(call).contains("the whole game")
        })
        .await;
    assert_eq!(gif_frames(the_gif(&replay)).0, STANDARD_MATE.len() + 1);
    let line = table
        .fake
        .channel_message(CHANNEL_ID, DEFAULT_WAIT, |call| {
            content(call).contains(&format!("<#{thread}>"))
        })
        .await;
    let text = content(&line);
    assert!(
        text.contains("checkmate") && !text.contains('\n'),
        "one line: {text}"
    );
    assert!(line.files.is_empty());
    assert!(table
        .posts_since(CHANNEL_ID, since)
        .iter()
        .all(|call| !content(call).contains("the whole game")));
    assert_eq!(opened["thread_metadata"]["archived"], false);

    // A day after the end the scheduler archives the thread.
    table.clock.set(START_TIME + 86_400 + 60);
    let (_, poke) = table
        .ask(
            InteractionBuilder::slash("challenge")
                .in_guild(GUILD_ID, 9999)
                .by(&carol()),
        )
        .await;
    assert!(content(&poke).contains("is posted"));
    let path = format!("/api/v10/channels/{thread}");
    table
        .fake
        .wait_for("the thread archived", DEFAULT_WAIT, |call| {
            call.is("PATCH", &path)
        })
        .await;
    let archived = table.fake.thread(thread).unwrap();
    assert_eq!(archived["thread_metadata"]["archived"], true);
    table.close().await;
}

#[tokio::test]
async fn a_missing_thread_permission_is_named_and_the_game_starts_in_the_channel() {
    let table = Table::open().await;
    // Without the permissions in the channel, the challenger is told at once.
    let (_, answer) = table
        .ask(
            InteractionBuilder::slash("challenge")
                .user("opponent", &bob())
                .boolean("thread", true)
                .by(&alice()),
        )
        .await;
    let text = content(&answer);
    assert!(answer.is_ephemeral());
    assert!(text.contains("is posted"), "the challenge is made: {text}");
    assert!(
        text.contains("Create Public Threads") && text.contains("Send Messages in Threads"),
        "{text}"
    );
    assert!(text.contains("played in this channel"), "{text}");

    // With the permissions granted but Discord refusing the thread, the game starts in the
    // channel, and the player who started it is told why.
    let table2 = Table::open().await;
    table2.fake.fail(
        "POST",
        "/api/v10/channels/*/messages/*/threads",
        u32::MAX,
        Failure::Status(403),
    );
    let (challenge, accept) = thread_challenge(&table2, THREAD_PERMISSIONS).await;
    let click = table2
        .click(&bob(), &accept, challenge.message.clone().unwrap())
        .await;
    let first = table2.first_board_after(&click).await;
    assert!(first.is("POST", &format!("/api/v10/channels/{CHANNEL_ID}/messages")));
    let why = table2
        .fake
        .wait_for("the reason there is no thread", DEFAULT_WAIT, |call| {
            call.answers(&click) && content(call).contains("Create Public Threads")
        })
        .await;
    assert!(why.is_ephemeral());
    assert!(
        content(&why).contains("played in this channel"),
        "{:?}",
        why.content()
    );
    table.close().await;
    table2.close().await;
}
