//! Charts through the real bot and the fake Discord: `/profile` carries the rating history
//! once a player has a rated game, and `/leaderboard chart:True` the top players' lines.

use crate::support;

use support::fake_discord::RestCall;
use support::fixtures::{alice, bob, carol, InteractionBuilder};
use support::table::{Table, STANDARD};

fn content(call: &RestCall) -> &str {
    call.content().unwrap_or_default()
}

/// Alice (black) and Bob play; Bob resigns, so the game is rated.
async fn rated_game(table: &Table) {
    table.start_game(STANDARD, &[&alice(), &bob()]).await;
    table.play(&alice(), "7g7f").await;
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
}

#[tokio::test]
async fn the_profile_carries_the_rating_chart_once_rated() {
    let table = Table::open().await;
    // Before any rated game: the profile, no chart.
    let (_, profile) = table
        .ask(InteractionBuilder::slash("profile").by(&alice()))
        .await;
    assert!(profile.pngs().is_empty(), "no chart without ratings");

    rated_game(&table).await;
    let (_, profile) = table
        .ask(
            InteractionBuilder::slash("profile")
                .user("player", &alice())
                .by(&carol()),
        )
        .await;
    assert!(
        content(&profile).contains("Shogi: **"),
        "{}",
        content(&profile)
    );
    let pngs = profile.pngs();
    assert_eq!(pngs.len(), 1, "the rating chart");
    assert!(
        pngs[0].filename.starts_with("rating-history-"),
        "{}",
        pngs[0].filename
    );
    let (width, height) = pngs[0].png_size();
    // Wide enough to read at chat width, not wider than Discord shows usefully.
    assert!(
        (600..=1200).contains(&width) && height >= 300,
        "{width}x{height}"
    );

    // The leaderboard draws its chart only when asked.
    let (_, board) = table
        .ask(InteractionBuilder::slash("leaderboard").by(&carol()))
        .await;
    assert!(board.pngs().is_empty());
    let (_, board) = table
        .ask(
            InteractionBuilder::slash("leaderboard")
                .boolean("chart", true)
                .by(&carol()),
        )
        .await;
    assert!(
        content(&board).contains("leaderboard"),
        "{}",
        content(&board)
    );
    let pngs = board.pngs();
    assert_eq!(pngs.len(), 1, "the top players' chart");
    assert_eq!(pngs[0].filename, "leaderboard-standard.png");
    pngs[0].png_size();
    table.close().await;
}

#[tokio::test]
async fn the_chart_comes_in_a_japanese_server_too() {
    let table = Table::open().await;
    rated_game(&table).await;
    let (_, profile) = table
        .ask(
            InteractionBuilder::slash("profile").by(&bob().speaking("ja").in_server_speaking("ja")),
        )
        .await;
    assert!(content(&profile).contains("将棋"), "{}", content(&profile));
    assert_eq!(profile.pngs().len(), 1);
    table.close().await;
}
