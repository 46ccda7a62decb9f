//! Playing the computer end to end through the real bot against the fake Discord: a
//! standard game against the bot named as the opponent, the Fill with computers button,
//! offers answered, and a computer move owed across a restart (yonin games with computers
//! are in `computer_seats`).

use crate::support;

use std::time::{Duration, Instant};

use support::fake_discord::RestCall;
use support::fixtures::{alice, bob, InteractionBuilder, TestUser, APPLICATION_ID, BOT_NAME};
use support::table::{Table, GAME_CHANNEL, YONIN};

/// How long a computer move may take to appear (its think time, the runner's poll, the post).
const COMPUTER_WAIT: Duration = Duration::from_secs(20);

/// The bot itself, as a user to name in `/challenge`.
fn the_bot() -> TestUser {
    let mut bot = TestUser::new(APPLICATION_ID, BOT_NAME);
    bot.bot = true;
    bot
}

fn content(call: &RestCall) -> &str {
    call.content().unwrap_or_default()
}

/// Channel posts of the game channel made after `since`, in order.
fn posts_since(table: &Table, since: Instant) -> Vec<RestCall> {
    table.posts_since(GAME_CHANNEL, since)
}

/// Waits until `count` channel posts were made after `since`, and returns them.
async fn wait_for_posts(table: &Table, since: Instant, count: usize) -> Vec<RestCall> {
    wait_for_count(count, || posts_since(table, since)).await
}

/// Polls `seen` until it holds `count` calls (or the computer's time is up), and returns
/// what it holds then.
async fn wait_for_count(count: usize, seen: impl Fn() -> Vec<RestCall>) -> Vec<RestCall> {
    let deadline = Instant::now() + COMPUTER_WAIT;
    loop {
        let calls = seen();
        if calls.len() >= count || Instant::now() > deadline {
            return calls;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn a_standard_game_against_the_bot_named_as_opponent() {
    let table = Table::open().await;
    let sent = table
        .fake
        .send(
            &InteractionBuilder::slash("challenge")
                .user("opponent", &the_bot())
                .integer("level", 1)
                .integer("seats", 1)
                .by(&alice()),
        )
        .await;
    // The challenge is accepted at once and the game starts: the first board is alice's.
    let start = table.first_board_after(&sent).await;
    assert!(
        content(&start).contains("shogiban · level 1"),
        "{:?}",
        start.content()
    );
    assert!(
        content(&start).contains(&alice().mention()),
        "{:?}",
        start.content()
    );

    for (n, text) in ["7g7f", "2g2f", "6i7h"].into_iter().enumerate() {
        let played = table.play(&alice(), text).await;
        assert!(
            !played.answer.is_ephemeral(),
            "{:?}",
            played.answer.content()
        );
        // The computer answers in the channel like a person, after alice's own board: the
        // board for alice, and a mention of her.
        let since = played.answer.at;
        let posts = wait_for_posts(&table, since, 1).await;
        assert_eq!(posts.len(), 1, "the computer answered move {}", n + 1);
        let answer = &posts[0];
        assert_eq!(answer.pngs().len(), 1, "a board with the computer's move");
        assert!(
            answer.at > played.answer.at,
            "the computer's move comes after alice's own board"
        );
        assert!(
            content(answer).contains("shogiban · level 1"),
            "{:?}",
            answer.content()
        );
        assert!(
            content(answer).contains(&alice().mention()),
            "{:?}",
            answer.content()
        );
        // Only one move per turn: nothing more is posted while alice thinks.
        tokio::time::sleep(Duration::from_millis(900)).await;
        assert_eq!(
            posts_since(&table, since).len(),
            1,
            "move {} answered once",
            n + 1
        );
    }
    // The record has six moves, three of them the computer's.
    let games = table.service.active_games(alice().user_id()).await.unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].ply, 6);
    assert!(
        !games[0].rated,
        "games against the computer are unrated by default"
    );

    // Her profile lists the game apart from games between people.
    let (_, profile) = table
        .ask(InteractionBuilder::slash("profile").by(&alice()))
        .await;
    let text = content(&profile);
    assert!(text.contains("Against the computer: playing"), "{text}");
    assert!(!text.contains("**Playing**"), "{text}");

    // Alice resigns: the game ends and the computer plays no more.
    let (_, confirm) = table
        .ask(InteractionBuilder::slash("resign").by(&alice()))
        .await;
    let button = confirm.custom_ids()[0].clone();
    let click = table
        .click(&alice(), &button, confirm.message.clone().unwrap())
        .await;
    let result = table.fake.answer_to(&click).await;
    assert!(
        content(&result).contains("resign"),
        "{:?}",
        result.content()
    );
    let announced = table
        .announced_after(&click, "the result", |call| {
            content(call).contains("Game over")
        })
        .await;
    let since = announced.at;
    tokio::time::sleep(Duration::from_millis(1200)).await;
    // Only the game's replay follows the result: no move.
    let after: Vec<RestCall> = posts_since(&table, since);
    assert!(
        after.iter().all(|call| call
            .files
            .iter()
            .all(|file| file.filename.ends_with(".gif"))
            && !call.files.is_empty()),
        "no move after the end: {:?}",
        after.iter().map(content).collect::<Vec<_>>()
    );
    assert!(table
        .service
        .active_games(alice().user_id())
        .await
        .unwrap()
        .is_empty());
    table.close().await;
}

#[tokio::test]
async fn open_yonin_seats_are_filled_with_computers_by_button() {
    let table = Table::open().await;
    let challenge = table
        .challenge(
            InteractionBuilder::slash("challenge")
                .integer("variant", YONIN)
                .user("opponent", &bob()),
            &alice(),
        )
        .await;
    let fill = challenge
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with("fill:"))
        .expect("a Fill with computers button");
    // Bob accepts first, then alice fills the two open seats.
    let accept = challenge
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with("accept:"))
        .unwrap();
    let click = table
        .click(&bob(), &accept, challenge.message.clone().unwrap())
        .await;
    let update = table.fake.answer_to(&click).await;
    let click = table
        .click(&alice(), &fill, update.message.clone().unwrap())
        .await;
    let start = table.first_board_after(&click).await;
    assert!(content(&start).contains("begins"), "{:?}", start.content());
    let game = &table.service.active_games(alice().user_id()).await.unwrap()[0];
    let computers = game
        .players
        .iter()
        .filter(|seat| seat.player.name.as_deref() == Some("shogiban · level 3"))
        .count();
    assert_eq!(computers, 2, "{:?}", game.players);
    table.close().await;
}

#[tokio::test]
async fn the_computer_answers_offers() {
    let table = Table::open().await;
    let sent = table
        .fake
        .send(
            &InteractionBuilder::slash("challenge")
                .user("opponent", &the_bot())
                .integer("level", 2)
                .integer("seats", 1)
                .by(&alice()),
        )
        .await;
    table.first_board_after(&sent).await;
    let since = table.play(&alice(), "7g7f").await.answer.at;
    assert_eq!(wait_for_posts(&table, since, 1).await.len(), 1);
    // A takeback in an unrated game is granted: alice's move and the computer's reply are
    // taken back, and it is her turn at the start again. The channel sees the request,
    // then the board after it.
    let (sent, answer) = table
        .ask(InteractionBuilder::slash("takeback").by(&alice()))
        .await;
    assert!(answer.is_ephemeral(), "{:?}", answer.content());
    let posts = wait_for_posts(&table, sent.sent_at, 2).await;
    assert!(
        content(&posts[0]).contains("asks to take back"),
        "{:?}",
        posts[0].content()
    );
    assert_eq!(posts[1].pngs().len(), 1, "the board after the takeback");
    assert!(
        content(&posts[1]).contains("taken back"),
        "{:?}",
        posts[1].content()
    );
    let games = table.service.active_games(alice().user_id()).await.unwrap();
    assert_eq!(games[0].ply, 0, "both moves taken back");
    // A draw at the start, where the computer stands no worse, is declined.
    let (sent, _) = table
        .ask(InteractionBuilder::slash("draw").by(&alice()))
        .await;
    let posts = wait_for_posts(&table, sent.sent_at, 2).await;
    assert!(
        content(&posts[0]).contains("offers a draw"),
        "{:?}",
        posts[0].content()
    );
    assert!(
        content(&posts[1]).contains("declined"),
        "{:?}",
        posts[1].content()
    );
    table.close().await;
}

#[tokio::test]
async fn a_computer_move_owed_at_a_restart_is_played_after_it() {
    let mut table = Table::open().await;
    let sent = table
        .fake
        .send(
            &InteractionBuilder::slash("challenge")
                .user("opponent", &the_bot())
                .integer("level", 4)
                .integer("seats", 1)
                .by(&alice()),
        )
        .await;
    table.first_board_after(&sent).await;
    // The bot stops; alice's move lands (as it would have just before a crash, neither
    // announced nor answered) with the computer to move and nobody thinking.
    table.stop_bot().await;
    let channel = shogiban::store::ChannelId(GAME_CHANNEL);
    table
        .service
        .play(channel, alice().user_id(), "7g7f")
        .await
        .unwrap();
    let since = Instant::now();
    table.start_again().await;
    // After the restart, alice's move is announced, then the computer's answer to it.
    let posts = wait_for_posts(&table, since, 2).await;
    assert_eq!(posts.len(), 2, "alice's move and the owed answer");
    assert!(
        content(&posts[0]).contains("played **P-7f**"),
        "{:?}",
        posts[0].content()
    );
    assert_eq!(posts[1].pngs().len(), 1);
    assert!(
        content(&posts[1]).contains(&alice().mention()),
        "{:?}",
        posts[1].content()
    );
    tokio::time::sleep(Duration::from_millis(900)).await;
    assert_eq!(posts_since(&table, since).len(), 2, "played once");
    let games = table.service.active_games(alice().user_id()).await.unwrap();
    assert_eq!(games[0].ply, 2);
    table.close().await;
}
