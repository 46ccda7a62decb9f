//! Hostile or careless input through the real bot and the fake Discord: buttons clicked
//! away from their message's channel, game numbers of other servers, oversized text, and
//! buttons of a game going on elsewhere.

use crate::support;

use support::fake_discord::RestCall;
use support::fixtures::{alice, bob, carol, InteractionBuilder, CHANNEL_ID, GUILD_ID};
use support::table::{Table, STANDARD};

const OTHER_CHANNEL: u64 = 5556;
const OTHER_GUILD: u64 = 4343;

fn content(call: &RestCall) -> &str {
    call.content().unwrap_or_default()
}

#[tokio::test]
async fn a_challenge_button_acts_only_in_its_own_channel() {
    let table = Table::open().await;
    let challenge = table
        .challenge(
            InteractionBuilder::slash("challenge").user("opponent", &bob()),
            &alice(),
        )
        .await;
    let accept = challenge
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with("accept:"))
        .unwrap();
    let message = challenge.message.clone().unwrap();
    for forged in [
        InteractionBuilder::click(&accept, message.clone())
            .by(&bob())
            .in_guild(GUILD_ID, OTHER_CHANNEL),
        InteractionBuilder::click(&accept, message.clone())
            .by(&bob())
            .in_guild(OTHER_GUILD, OTHER_CHANNEL),
        InteractionBuilder::click(&accept, message.clone())
            .by(&bob())
            .in_dm(OTHER_CHANNEL),
    ] {
        let sent = table.fake.send(&forged).await;
        let answer = table.fake.answer_to(&sent).await;
        assert!(answer.is_ephemeral(), "{:?}", answer.content());
        assert!(answer.files.is_empty(), "no game starts");
    }
    // The challenge is still open: Bob accepts it where it was posted.
    let click = table.click(&bob(), &accept, message).await;
    let start = table.first_board_after(&click).await;
    assert!(content(&start).contains("begins"), "{:?}", start.content());
    table.close().await;
}

#[tokio::test]
async fn export_by_number_finds_only_this_servers_games() {
    let table = Table::open().await;
    table.start_game(STANDARD, &[&alice(), &bob()]).await;
    let game_id = table.service.active_games(alice().user_id()).await.unwrap()[0].game_id;
    // Asked in this server: the record.
    let (_, here) = table
        .ask(
            InteractionBuilder::slash("export")
                .integer("game", game_id.0)
                .by(&alice()),
        )
        .await;
    assert_eq!(here.files.len(), 1, "{:?}", here.content());
    // Asked in another server by number: not found, nothing attached.
    let (_, elsewhere) = table
        .ask(
            InteractionBuilder::slash("export")
                .integer("game", game_id.0)
                .by(&carol())
                .in_guild(OTHER_GUILD, OTHER_CHANNEL),
        )
        .await;
    assert!(
        elsewhere.files.is_empty(),
        "another server's game was exported"
    );
    assert!(elsewhere.is_ephemeral());
    table.close().await;
}

#[tokio::test]
async fn oversized_move_text_gets_a_short_private_answer() {
    let table = Table::open().await;
    table.start_game(STANDARD, &[&alice(), &bob()]).await;
    let answer = table.refused_move(&alice(), &"x".repeat(1990)).await;
    let text = content(&answer);
    assert!(
        text.chars().count() <= 2000,
        "{} characters",
        text.chars().count()
    );
    assert!(text.contains("xxxx"), "the answer says what was refused");
    table.close().await;
}

#[tokio::test]
async fn my_view_of_a_game_going_on_elsewhere_says_where() {
    let table = Table::open().await;
    let start = table.start_game(STANDARD, &[&alice(), &bob()]).await;
    let view = start
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with("view:"))
        .unwrap();
    // The button clicked from another channel of the same server.
    let sent = table
        .fake
        .send(
            &InteractionBuilder::click(&view, start.message.clone().unwrap())
                .by(&alice())
                .in_guild(GUILD_ID, OTHER_CHANNEL),
        )
        .await;
    let answer = table.fake.answer_to(&sent).await;
    let text = content(&answer);
    assert!(!text.contains("is over"), "{text}");
    assert!(text.contains(&format!("<#{CHANNEL_ID}>")), "{text}");
    table.close().await;
}
