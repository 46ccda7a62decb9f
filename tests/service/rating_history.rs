//! Rating history at the game table: a point per rated game with its interval, the
//! leaderboard's top lines, the chart drawn from them, and the intervals of games rated
//! before deviations were noted filled in by computing the ratings again.

use common::backends::Backend;

use crate::support::*;
use shogiban::engine::Variant;
use shogiban::service::{rating_chart, RatingChartText, Service, TimeLimit};
use shogiban::store::{ChannelId, GameId, Pool, UserId};

/// Plays a standard game of `black` against `white` in `channel` at `at`, ended by the
/// loser's resignation.
async fn resigned_game(
    f: &Fixture,
    channel: ChannelId,
    [black, white]: [UserId; 2],
    black_wins: bool,
    at: i64,
) -> GameId {
    f.clock.set(at);
    start_on(
        &f.service,
        channel,
        Variant::Standard,
        &[black, white],
        TimeLimit::Unlimited,
    )
    .await;
    let loser = if black_wins { white } else { black };
    f.service.resign(channel, loser).await.unwrap().game_id
}

async fn execute(service: &Service, sql: &str, ids: &[i64]) {
    match service.store().pool() {
        Pool::Sqlite(pool) => {
            let mut query = sqlx::query(sql);
            for id in ids {
                query = query.bind(*id);
            }
            query.execute(pool).await.expect(sql);
        }
        Pool::Postgres(pool) => {
            let mut query = sqlx::query(sql);
            for id in ids {
                query = query.bind(*id);
            }
            query.execute(pool).await.expect(sql);
        }
    }
}

async fn a_point_per_rated_game_with_its_interval(backend: Backend) {
    let f = Fixture::on(backend).await;
    let s = &f.service;
    let games = [
        resigned_game(&f, CHANNEL, [ALICE, BOB], true, T0 + HOUR).await,
        resigned_game(&f, CHANNEL, [BOB, ALICE], true, T0 + DAY).await,
        resigned_game(&f, CHANNEL, [ALICE, CAROL], true, T0 + 3 * DAY).await,
    ];
    // Bob and Carol, without Alice: not on her chart.
    resigned_game(&f, CHANNEL, [BOB, CAROL], false, T0 + 4 * DAY).await;

    let lines = s.rating_history(GUILD, ALICE).await.unwrap();
    assert_eq!(lines.len(), 1, "one variant: {lines:?}");
    let line = &lines[0];
    assert_eq!(line.variant, Variant::Standard);
    assert_eq!(line.name.as_deref(), Some("Alice"));
    let at: Vec<(GameId, i64)> = line.points.iter().map(|p| (p.game_id, p.at)).collect();
    assert_eq!(
        at,
        vec![
            (games[0], T0 + HOUR),
            (games[1], T0 + DAY),
            (games[2], T0 + 3 * DAY)
        ]
    );
    // A win from 1500 goes up, the loss down, the win up again; the last point is the
    // rating her profile shows.
    let ratings: Vec<i32> = line.points.iter().map(|p| p.rating).collect();
    assert!(ratings[0] > 1500 && ratings[1] < ratings[0] && ratings[2] > ratings[1]);
    let profile = s.profile(GUILD, ALICE).await.unwrap();
    assert_eq!(profile.ratings[0].rating, ratings[2]);
    // The interval holds the rating and narrows as games are played.
    let widths: Vec<i32> = line
        .points
        .iter()
        .map(|p| {
            let (low, high) = p.interval.expect("an interval on every point");
            assert!(low < p.rating && p.rating < high, "{p:?}");
            high - low
        })
        .collect();
    assert!(widths[0] > widths[1] && widths[1] > widths[2], "{widths:?}");

    // Someone without a rated game has no line.
    assert!(s.rating_history(GUILD, DAVE).await.unwrap().is_empty());
    assert!(s
        .rating_history(OTHER_GUILD, ALICE)
        .await
        .unwrap()
        .is_empty());

    // The chart: a line with a point per game and its band.
    let text = RatingChartText {
        title: "Rating history · Alice".into(),
        subtitle: String::new(),
        labels: vec!["Shogi".into()],
    };
    let chart = rating_chart(&lines, &text, true).expect("something to draw");
    let (_, geometry) = chart.draw();
    assert_eq!(geometry.points.len(), 1);
    assert_eq!(geometry.points[0].len(), 3);
    assert_eq!(geometry.bands[0].len(), 3);
}

async fn the_leaderboard_chart_has_the_top_lines_best_first(backend: Backend) {
    let f = Fixture::on(backend).await;
    let s = &f.service;
    resigned_game(&f, CHANNEL, [ALICE, BOB], true, T0 + HOUR).await;
    resigned_game(&f, CHANNEL, [ALICE, CAROL], true, T0 + 2 * HOUR).await;
    resigned_game(&f, CHANNEL, [BOB, CAROL], true, T0 + 3 * HOUR).await;
    let lines = s
        .leaderboard_history(GUILD, Variant::Standard)
        .await
        .unwrap();
    let users: Vec<UserId> = lines.iter().map(|l| l.user_id).collect();
    let board: Vec<UserId> = s
        .leaderboard(GUILD, Variant::Standard, false, 10, 0)
        .await
        .unwrap()
        .iter()
        .map(|row| row.user_id)
        .collect();
    assert_eq!(users, board);
    assert_eq!(users[0], ALICE);
    let points: Vec<usize> = lines.iter().map(|l| l.points.len()).collect();
    assert_eq!(points, vec![2, 2, 2]);
    // No yonin games: no lines.
    assert!(s
        .leaderboard_history(GUILD, Variant::Yonin)
        .await
        .unwrap()
        .is_empty());
}

async fn intervals_of_games_rated_before_are_filled_in_by_the_recomputation(backend: Backend) {
    let f = Fixture::on(backend).await;
    let s = &f.service;
    resigned_game(&f, CHANNEL, [ALICE, BOB], true, T0 + HOUR).await;
    resigned_game(&f, CHANNEL, [BOB, ALICE], false, T0 + DAY).await;
    let before = s.rating_history(GUILD, ALICE).await.unwrap();
    // As a database of the release before left it: ratings on the seats, no deviations,
    // and the recomputation the migration asks for.
    execute(s, "UPDATE seats SET deviation_after = NULL", &[]).await;
    let gone = s.rating_history(GUILD, ALICE).await.unwrap();
    assert!(gone[0].points.iter().all(|p| p.interval.is_none()));
    execute(
        s,
        "INSERT INTO rating_recomputations (guild_id, variant, reason, requested_at)
         VALUES ($1, 'standard', 'rating-history', 0)",
        &[GUILD.0 as i64],
    )
    .await;
    let restarted = f.reopen().await;
    assert_eq!(
        restarted.rating_history(GUILD, ALICE).await.unwrap(),
        before
    );
}

on_both_backends!(
    a_point_per_rated_game_with_its_interval,
    the_leaderboard_chart_has_the_top_lines_best_first,
    intervals_of_games_rated_before_are_filled_in_by_the_recomputation,
);
