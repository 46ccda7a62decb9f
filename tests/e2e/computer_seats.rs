//! Computers at the table end to end, through the real bot against the fake Discord, in
//! English and in Japanese: a yonin game with three computers posts once per turn of its
//! person, with the moves since then; a game whose people are all out is played to its end
//! with only its result and replay posted (and a button to step through it); the Fill
//! button seats computers of the challenge's level in an unrated game, and nobody reaches
//! the leaderboard through computers; a rated game with the computer is refused; the
//! computer's turn shows no deadline, and its answer takes the buttons off an offer; a
//! yonin place counts as a place on /profile and /leaderboard.

use crate::support;

use std::time::{Duration, Instant};

use support::fake_discord::{RestCall, SentInteraction, DEFAULT_WAIT};
use support::fixtures::{
    alice, bob, carol, dave, InteractionBuilder, TestUser, APPLICATION_ID, BOT_NAME, CHANNEL_ID,
};
use support::table::{Table, GAME_CHANNEL, START_TIME, YONIN};

/// How long the computers may take to play a game of yonin to its end (up to its move
/// limit) on a busy machine.
const PLAYED_OUT: Duration = Duration::from_secs(300);
/// How long the computers' moves of one round may take to be posted.
const ROUND: Duration = Duration::from_secs(30);
const DAY: i64 = 86_400;

fn content(call: &RestCall) -> &str {
    call.content().unwrap_or_default()
}

/// The bot itself, as a user to name in `/challenge`.
fn the_bot() -> TestUser {
    let mut bot = TestUser::new(APPLICATION_ID, BOT_NAME);
    bot.bot = true;
    bot
}

/// A player whose client and server speak `locale`.
fn speaking(user: TestUser, locale: &'static str) -> TestUser {
    user.speaking(locale).in_server_speaking(locale)
}

/// Whether the texts are Japanese (else English).
fn japanese(locale: &str) -> bool {
    locale == "ja"
}

/// Waits until `count` posts were made in the game channel after `since` (or `wait` has
/// passed), and returns them.
async fn posts_after(table: &Table, since: Instant, count: usize, wait: Duration) -> Vec<RestCall> {
    let deadline = Instant::now() + wait;
    loop {
        let posts = table.posts_since(GAME_CHANNEL, since);
        if posts.len() >= count || Instant::now() > deadline {
            return posts;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The first post with a board in the game channel after `sent`: the start of a game.
async fn first_board(table: &Table, sent: &SentInteraction) -> RestCall {
    table
        .announced_after(sent, "the first board", |call| !call.files.is_empty())
        .await
}

/// The seat a post's board is seen from, as its file names it (`s`, `w`, `black`, ...).
fn board_seat(call: &RestCall) -> String {
    let pngs = call.pngs();
    let name = &pngs.first().expect("a board").filename;
    name.trim_end_matches(".png")
        .rsplit('-')
        .next()
        .unwrap_or_default()
        .to_owned()
}

/// `/move` by `user`, which must be played: the private answer.
async fn play(table: &Table, user: &TestUser, text: &str) -> RestCall {
    let (_, answer) = table
        .ask(
            InteractionBuilder::slash("move")
                .string("move", text)
                .by(user),
        )
        .await;
    assert!(answer.is_ephemeral(), "{:?}", answer.content());
    assert!(
        answer.files.is_empty(),
        "{text} refused: {:?}",
        answer.content()
    );
    answer
}

async fn a_yonin_game_with_computers_posts_once_per_persons_turn(locale: &'static str) {
    let table = Table::open().await;
    let alice = speaking(alice(), locale);
    let sent = table
        .fake
        .send(
            &InteractionBuilder::slash("challenge")
                .integer("variant", YONIN)
                .integer("computers", 3)
                .integer("level", 1)
                .integer("seats", 1)
                .by(&alice),
        )
        .await;
    let start = first_board(&table, &sent).await;
    // The three computers are named apart, by their seats.
    let names: [&str; 3] = if japanese(locale) {
        [
            "shogiban レベル1（西）",
            "shogiban レベル1（北）",
            "shogiban レベル1（東）",
        ]
    } else {
        [
            "shogiban · level 1 (W)",
            "shogiban · level 1 (N)",
            "shogiban · level 1 (E)",
        ]
    };
    for name in names {
        assert!(
            content(&start).contains(name),
            "{name}: {}",
            content(&start)
        );
    }
    let begun = start.at;
    // Two rounds: alice plays the first move offered, which by her third turn may let the
    // computers mate her, and a game without people is played out quietly.
    const TURNS: usize = 2;
    for turn in 1..=TURNS {
        let legal = table.suggestions(&alice, "").await;
        let first = legal[0].1.as_str().expect("a move").to_owned();
        // From the command's sending: the computers may answer and post before alice's
        // own confirmation arrives.
        let since = Instant::now();
        play(&table, &alice, &first).await;
        // W, N and E answer; one post, for alice's turn, lists their moves.
        let posts = posts_after(&table, since, 1, ROUND).await;
        assert_eq!(posts.len(), 1, "turn {turn}: one post");
        let post = &posts[0];
        let text = content(post);
        assert!(text.contains(&alice.mention()), "{text}");
        assert_eq!(post.pngs().len(), 1, "{text}");
        assert_eq!(board_seat(post), "s", "from alice's seat");
        // The moves since her last turn are listed by seat: W always answers her; N and E
        // too unless a check hands the turn back to her first (check priority).
        let (heading, seats) = if japanese(locale) {
            ("手目：", ["西：**", "北：**", "東：**"])
        } else {
            ("move", ["W: **", "N: **", "E: **"])
        };
        assert!(text.contains(heading), "turn {turn}: {text}");
        assert!(text.contains(seats[0]), "turn {turn}, {}: {text}", seats[0]);
        let checked = if japanese(locale) { "王手" } else { "check" };
        for part in &seats[1..] {
            assert!(
                text.contains(part) || text.contains(checked),
                "turn {turn}, {part}: {text}"
            );
        }
        // Nothing more while alice thinks.
        tokio::time::sleep(Duration::from_millis(1200)).await;
        assert_eq!(
            table.posts_since(GAME_CHANNEL, since).len(),
            1,
            "turn {turn}"
        );
    }
    assert_eq!(
        table.posts_since(GAME_CHANNEL, begun).len(),
        TURNS,
        "one post per turn of alice"
    );
    table.close().await;
}

#[tokio::test]
async fn a_yonin_game_with_computers_posts_once_per_persons_turn_in_english() {
    a_yonin_game_with_computers_posts_once_per_persons_turn("en-US").await;
}

#[tokio::test]
async fn a_yonin_game_with_computers_posts_once_per_persons_turn_in_japanese() {
    a_yonin_game_with_computers_posts_once_per_persons_turn("ja").await;
}

/// Moves the table's clock to `at` and has the scheduler act on it; returns when the
/// scheduler was poked.
async fn clock_at(table: &Table, at: i64) -> Instant {
    table.clock.set(at);
    let since = Instant::now();
    table.poke_scheduler().await;
    since
}

async fn filled_game_whose_people_are_out_ends_with_result_and_replay(locale: &'static str) {
    let table = Table::open().await;
    let (alice, bob) = (speaking(alice(), locale), speaking(bob(), locale));
    // A rated yonin challenge at level 1: alice S, bob W, N and E open.
    let (sent, answer) = table
        .ask(
            InteractionBuilder::slash("challenge")
                .integer("variant", YONIN)
                .user("opponent", &bob)
                .integer("level", 1)
                .boolean("rated", true)
                .integer("seats", 1)
                .by(&alice),
        )
        .await;
    assert!(answer.is_ephemeral(), "{:?}", answer.content());
    let challenge = table
        .announced_after(&sent, "the challenge", |call| {
            call.custom_ids().iter().any(|id| id.starts_with("fill:"))
        })
        .await;
    let button = |call: &RestCall, verb: &str| {
        call.custom_ids()
            .into_iter()
            .find(|id| id.starts_with(verb))
            .unwrap_or_else(|| panic!("no {verb} button"))
    };
    let click = table
        .click(
            &bob,
            &button(&challenge, "accept:"),
            challenge.message.clone().unwrap(),
        )
        .await;
    let update = table.fake.answer_to(&click).await;
    let click = table
        .click(
            &alice,
            &button(&update, "fill:"),
            update.message.clone().unwrap(),
        )
        .await;
    let start = first_board(&table, &click).await;
    // The computers are of the challenge's level, named by their seats.
    let names: [&str; 2] = if japanese(locale) {
        ["shogiban レベル1（北）", "shogiban レベル1（東）"]
    } else {
        ["shogiban · level 1 (N)", "shogiban · level 1 (E)"]
    };
    for name in names {
        assert!(
            content(&start).contains(name),
            "{name}: {}",
            content(&start)
        );
    }
    let games = table.service.active_games(alice.user_id()).await.unwrap();
    assert!(!games[0].rated, "computers make the game unrated");

    // alice (S) lets her time run out, then bob (W): the computers play it to its end.
    let alice_poked = clock_at(&table, START_TIME + 3 * DAY + 60).await;
    let alice_out = posts_after(&table, alice_poked, 1, DEFAULT_WAIT).await;
    assert_eq!(alice_out.len(), 1, "alice's timeout");
    assert!(
        content(&alice_out[0]).contains(&bob.mention()),
        "bob's turn"
    );
    let bob_out = clock_at(&table, START_TIME + 6 * DAY + 120).await;
    let posts = posts_after(&table, bob_out, 3, PLAYED_OUT).await;
    assert_eq!(
        posts.len(),
        3,
        "{:?}",
        posts.iter().map(content).collect::<Vec<_>>()
    );
    let (result, replay) = (&posts[1], &posts[2]);
    let over = table
        .service
        .history(alice.user_id(), None, 1, 0)
        .await
        .unwrap();
    assert!(
        over[0].ply > 2,
        "the computers played on: {} moves",
        over[0].ply
    );
    assert!(content(&posts[0]).contains(&bob.mention()), "bob's timeout");
    assert!(!result.pngs().is_empty(), "the result with the last board");
    assert!(
        result.custom_ids().is_empty(),
        "no My view button: the game is over"
    );
    assert!(
        replay
            .files
            .iter()
            .any(|file| file.filename.ends_with(".gif")),
        "the replay"
    );
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(
        table.posts_since(GAME_CHANNEL, bob_out).len(),
        3,
        "nothing more"
    );

    // The replay's button steps through the game, privately, from its start.
    let watch = button(replay, "watch:");
    let carol = speaking(carol(), locale);
    let click = table
        .click(&carol, &watch, replay.message.clone().unwrap())
        .await;
    let board = table.fake.answer_to(&click).await;
    assert!(board.is_ephemeral(), "{:?}", board.content());
    assert_eq!(board.pngs().len(), 1);
    let game = over[0].game_id;
    assert!(
        board
            .custom_ids()
            .iter()
            .any(|id| id.starts_with(&format!("replay:{game}:1:")) && id.ends_with(":next")),
        "at the start, with its paging buttons: {:?}",
        board.custom_ids()
    );

    // Nobody reached the leaderboard through the computers.
    let (_, board) = table
        .ask(
            InteractionBuilder::slash("leaderboard")
                .integer("variant", YONIN)
                .by(&carol),
        )
        .await;
    assert!(!content(&board).contains("shogiban"), "{}", content(&board));
    assert!(table
        .service
        .leaderboard(
            shogiban::store::GuildId(support::fixtures::GUILD_ID),
            shogiban::engine::Variant::Yonin,
            false,
            10,
            0
        )
        .await
        .unwrap()
        .is_empty());
    table.close().await;
}

#[tokio::test]
async fn a_filled_game_whose_people_are_out_ends_with_result_and_replay_in_english() {
    filled_game_whose_people_are_out_ends_with_result_and_replay("en-US").await;
}

#[tokio::test]
async fn a_filled_game_whose_people_are_out_ends_with_result_and_replay_in_japanese() {
    filled_game_whose_people_are_out_ends_with_result_and_replay("ja").await;
}

async fn a_rated_game_with_the_bot_is_refused(locale: &'static str) {
    let table = Table::open().await;
    let alice = speaking(alice(), locale);
    let (sent, answer) = table
        .ask(
            InteractionBuilder::slash("challenge")
                .user("opponent", &the_bot())
                .boolean("rated", true)
                .by(&alice),
        )
        .await;
    assert!(answer.is_ephemeral());
    let said = if japanese(locale) {
        "コンピュータとの対局はレーティングに反映されません"
    } else {
        "Games with the computer are never rated"
    };
    assert!(content(&answer).contains(said), "{:?}", answer.content());
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(table.posts_since(GAME_CHANNEL, sent.sent_at).is_empty());
    assert!(table
        .service
        .open_challenges(shogiban::store::ChannelId(CHANNEL_ID))
        .await
        .unwrap()
        .is_empty());
    table.close().await;
}

#[tokio::test]
async fn a_rated_game_with_the_bot_is_refused_in_english() {
    a_rated_game_with_the_bot_is_refused("en-US").await;
}

#[tokio::test]
async fn a_rated_game_with_the_bot_is_refused_in_japanese() {
    a_rated_game_with_the_bot_is_refused("ja").await;
}

async fn the_computer_thinks_without_deadline_and_answers_offers_off_their_buttons(
    locale: &'static str,
) {
    let table = Table::open().await;
    let alice = speaking(alice(), locale);
    let sent = table
        .fake
        .send(
            &InteractionBuilder::slash("challenge")
                .user("opponent", &the_bot())
                .integer("level", 2)
                .integer("seats", 1)
                .by(&alice),
        )
        .await;
    first_board(&table, &sent).await;
    // alice's move hands the turn to the computer, which thinks: no deadline is shown.
    let since = Instant::now();
    play(&table, &alice, "7g7f").await;
    let posts = posts_after(&table, since, 2, ROUND).await;
    let thinking = if japanese(locale) {
        "shogiban レベル2（後手）**が考えています"
    } else {
        "shogiban · level 2 (white)** is thinking"
    };
    let handed = &posts[0];
    assert!(content(handed).contains(thinking), "{}", content(handed));
    assert!(!content(handed).contains("<t:"), "{}", content(handed));
    assert!(
        content(&posts[1]).contains("<t:"),
        "alice's own turn has its deadline: {}",
        content(&posts[1])
    );

    // A draw at the start, where the computer stands no worse, is declined: the offer's
    // message loses its buttons and says so, as when a person answers.
    let (sent, _) = table
        .ask(InteractionBuilder::slash("draw").by(&alice))
        .await;
    let offer = table
        .announced_after(&sent, "the offer", |call| call.custom_ids().len() == 2)
        .await;
    let message = offer.message.clone().expect("the offer's message");
    let id = message["id"].as_str().expect("a message id").to_owned();
    let path = format!("/api/v10/channels/{CHANNEL_ID}/messages/{id}");
    let edit = table
        .fake
        .wait_for("the offer's message edited", DEFAULT_WAIT, |call| {
            call.is("PATCH", &path)
        })
        .await;
    assert_eq!(
        edit.message_payload()
            .and_then(|m| m.get("components"))
            .cloned(),
        Some(serde_json::json!([])),
        "the buttons are gone"
    );
    let declined = if japanese(locale) {
        "**shogiban レベル2**が断りました"
    } else {
        "Declined by **shogiban · level 2**"
    };
    assert!(content(&edit).contains(declined), "{}", content(&edit));
    table.close().await;
}

#[tokio::test]
async fn the_computer_thinks_without_deadline_and_answers_offers_off_their_buttons_in_english() {
    the_computer_thinks_without_deadline_and_answers_offers_off_their_buttons("en-US").await;
}

#[tokio::test]
async fn the_computer_thinks_without_deadline_and_answers_offers_off_their_buttons_in_japanese() {
    the_computer_thinks_without_deadline_and_answers_offers_off_their_buttons("ja").await;
}

async fn a_yonin_place_counts_as_a_place(locale: &'static str) {
    use shogiban::service::{AcceptOutcome, ChallengeRequest, Person, Seating, TimeLimit};
    let table = Table::open().await;
    let s = &table.service;
    let guild = shogiban::store::GuildId(support::fixtures::GUILD_ID);
    let channel = shogiban::store::ChannelId(GAME_CHANNEL);
    let players = [alice(), bob(), carol(), dave()];
    let person = |user: &TestUser| Person::new(user.user_id(), user.name.clone());
    // A rated yonin game: S (alice) is mated by W (bob), N (carol) runs out of time, E
    // (dave) resigns with two left. bob 1st, dave 2nd, carol 3rd, alice 4th.
    let mut request = ChallengeRequest::new(
        shogiban::engine::Variant::Yonin,
        players[1..].iter().map(person).collect(),
    );
    request.seating = Seating::Fixed(players.iter().map(|p| Some(p.user_id())).collect());
    request.time_limit = TimeLimit::PerMove(DAY);
    let challenge = s
        .challenge(guild, channel, &person(&players[0]), &request)
        .await
        .unwrap();
    for player in &players[1..] {
        if let AcceptOutcome::Started { .. } = s
            .accept_challenge(challenge.id, &person(player))
            .await
            .unwrap()
        {
            break;
        }
    }
    let seats = [0, 1, 2, 3, 0, 1, 0, 1, 1];
    for (text, seat) in [
        "6h6g", "8f7f", "7a7b", "1c2c", "5i6h", "8e8h", "6h7g", "9f8f", "9c8c",
    ]
    .into_iter()
    .zip(seats)
    {
        s.play(channel, players[seat].user_id(), text)
            .await
            .unwrap();
    }
    let deadline = s
        .store()
        .active_game_in_channel(channel)
        .await
        .unwrap()
        .unwrap()
        .deadline_at
        .unwrap();
    table.clock.set(deadline);
    s.tick(deadline).await.unwrap();
    s.resign(channel, players[3].user_id()).await.unwrap();

    let dave = speaking(dave(), locale);
    let (_, profile) = table
        .ask(InteractionBuilder::slash("profile").by(&dave))
        .await;
    let (second, first, fourth) = if japanese(locale) {
        ("1局（2位×1）", "1位×1", "4位×1")
    } else {
        ("1 game (2nd ×1)", "1st ×1", "4th ×1")
    };
    assert!(content(&profile).contains(second), "{}", content(&profile));
    let (_, board) = table
        .ask(
            InteractionBuilder::slash("leaderboard")
                .integer("variant", YONIN)
                .by(&dave),
        )
        .await;
    for place in [first, fourth] {
        assert!(
            content(&board).contains(place),
            "{place}: {}",
            content(&board)
        );
    }
    table.close().await;
}

#[tokio::test]
async fn a_yonin_place_counts_as_a_place_in_english() {
    a_yonin_place_counts_as_a_place("en-US").await;
}

#[tokio::test]
async fn a_yonin_place_counts_as_a_place_in_japanese() {
    a_yonin_place_counts_as_a_place("ja").await;
}
