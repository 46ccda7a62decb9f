//! Rating rows and leaderboards (`src/store/ratings.rs`).

use common::backends::Backend;
use common::ids::*;
use common::on_both_backends;
use serde_json::json;
use shogiban::service::ratings::{rate_game, Outcome, RatingSystem, Standings};
use shogiban::store::{
    ChannelId, Ending, GameEnd, LeaderboardQuery, SeatPlace, SeatRating, UserId,
};

use crate::support::*;

async fn yonin_singles_and_doubles_rate_by_places_and_pairs(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    let singles = store
        .create_game(&yonin_game(CHANNEL, "yonin"), (), T0)
        .await
        .unwrap();
    // Carol survives; Alice 2nd, Dave 3rd, Bob out first.
    let standings = Standings::singles(&[
        SeatPlace { seat: 0, place: 2 },
        SeatPlace { seat: 1, place: 4 },
        SeatPlace { seat: 2, place: 1 },
        SeatPlace { seat: 3, place: 3 },
    ])
    .unwrap();
    store
        .finish_game(
            singles.at_version(),
            None,
            &GameEnd {
                ending: Ending::Finished,
                result: json!({ "eliminated": ["W", "E", "S"] }),
                places: standings.seat_places(),
            },
            |seats: &[SeatRating]| rate_game(RatingSystem::WengLin, &standings, seats),
            (),
            T0 + 1,
        )
        .await
        .unwrap();
    let board = store
        .leaderboard(GUILD, "yonin", &LeaderboardQuery::default())
        .await
        .unwrap();
    let order: Vec<UserId> = board.iter().map(|r| r.user_id).collect();
    assert_eq!(order, [CAROL, ALICE, DAVE, BOB]);
    assert!(board.iter().all(|r| r.value.volatility.is_none()));
    assert_eq!(board[0].wins, 1);
    assert_eq!(board[1].losses, 1);

    let doubles = store
        .create_game(&yonin_game(CHANNEL, "yonin-doubles"), (), T0 + 2)
        .await
        .unwrap();
    // W and E (Bob and Dave) win as a pair.
    let standings = Standings::doubles([1, 3], [0, 2], Outcome::Win).unwrap();
    let ended = store
        .finish_game(
            doubles.at_version(),
            None,
            &GameEnd {
                ending: Ending::Finished,
                result: json!({ "winners": ["W", "E"] }),
                places: standings.seat_places(),
            },
            |seats: &[SeatRating]| rate_game(RatingSystem::WengLin, &standings, seats),
            (),
            T0 + 3,
        )
        .await
        .unwrap();
    let start = RatingSystem::WengLin.initial().rating;
    for seat in &ended.seats {
        let won = seat.user_id == BOB || seat.user_id == DAVE;
        assert_eq!(seat.place, Some(if won { 1 } else { 2 }));
        assert_eq!(seat.rating_after.unwrap() > start, won, "{seat:?}");
    }
    // Doubles keeps its own ratings, apart from singles.
    let bob_singles = store.rating(GUILD, "yonin", BOB).await.unwrap().unwrap();
    let bob_doubles = store
        .rating(GUILD, "yonin-doubles", BOB)
        .await
        .unwrap()
        .unwrap();
    assert!(bob_singles.value.rating < start && bob_doubles.value.rating > start);
    assert_eq!(store.ratings_of_user(GUILD, BOB).await.unwrap().len(), 2);
}

async fn leaderboard_orders_filters_and_ranks(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    // Alice beats Bob three times, Bob beats Carol once.
    let mut channel = 10;
    let mut play = |black, white| {
        channel += 1;
        standard_game(ChannelId(channel), black, white)
    };
    for (black, white) in [(ALICE, BOB), (ALICE, BOB), (ALICE, BOB), (BOB, CAROL)] {
        let game = store
            .create_game(&play(black, white), (), T0)
            .await
            .unwrap();
        finish_two_player(&store, game.at_version(), Outcome::Win, T0 + 10).await;
    }
    let all = store
        .leaderboard(GUILD, "standard", &LeaderboardQuery::default())
        .await
        .unwrap();
    let order: Vec<UserId> = all.iter().map(|r| r.user_id).collect();
    assert_eq!(order, [ALICE, BOB, CAROL]);
    assert!(all
        .windows(2)
        .all(|w| w[0].value.rating >= w[1].value.rating));

    let page = store
        .leaderboard(
            GUILD,
            "standard",
            &LeaderboardQuery {
                limit: 1,
                offset: 1,
                ..LeaderboardQuery::default()
            },
        )
        .await
        .unwrap();
    assert_eq!(page.len(), 1);
    assert_eq!(page[0].user_id, BOB);

    let veterans = LeaderboardQuery {
        min_games: 3,
        ..LeaderboardQuery::default()
    };
    let listed: Vec<UserId> = store
        .leaderboard(GUILD, "standard", &veterans)
        .await
        .unwrap()
        .iter()
        .map(|r| r.user_id)
        .collect();
    assert_eq!(listed, [ALICE, BOB]);
    assert_eq!(
        store
            .leaderboard_rank(GUILD, "standard", BOB, &veterans)
            .await
            .unwrap(),
        Some(2)
    );
    assert_eq!(
        store
            .leaderboard_rank(GUILD, "standard", CAROL, &veterans)
            .await
            .unwrap(),
        None
    );
    assert_eq!(
        store
            .leaderboard_rank(GUILD, "standard", CAROL, &LeaderboardQuery::default())
            .await
            .unwrap(),
        Some(3)
    );

    // Everyone here is provisional: the established board is empty, and the flag agrees.
    let established = RatingSystem::Glicko2.established(10, 0);
    assert!(store
        .leaderboard(GUILD, "standard", &established)
        .await
        .unwrap()
        .is_empty());
    assert!(all
        .iter()
        .all(|r| RatingSystem::Glicko2.is_provisional(r.games_played, r.value.deviation)));
    assert!(store
        .leaderboard(OTHER_GUILD, "standard", &LeaderboardQuery::default())
        .await
        .unwrap()
        .is_empty());
}

on_both_backends! {
    yonin_singles_and_doubles_rate_by_places_and_pairs,
    leaderboard_orders_filters_and_ranks,
}
