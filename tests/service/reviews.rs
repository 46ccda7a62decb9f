//! Game reviews at the game table, on SQLite and PostgreSQL: a request queued within the
//! server's limit (told its place, or refused kindly when the server has its limit
//! waiting), refusals of a game going on and of another server's game, two processes on
//! one database analysing each queued game once, the stored review answering a second
//! request at once, and a dead process's review taken over once its lease has run out.

use std::time::Duration;

use common::backends::Backend;

use crate::support::*;
use shogiban::computer::analysis::{Judgement, ReviewLimits};
use shogiban::engine::Variant;
use shogiban::service::{
    Clock, GameRef, ReviewAnswer, ReviewSettings, Service, ServiceError, Settings, TimeLimit,
};
use shogiban::store::{ChannelId, GameId, ReviewStatus};

/// White leaves the horse that took its bishop (`8b7b`, not `3a2b`).
const PLANTED: [&str; 8] = [
    "7g7f", "3c3d", "8h2b+", "8b7b", "2b1a", "7c7d", "2g2f", "7a6b",
];

fn settings(process: &str) -> Settings {
    Settings {
        process_id: Some(process.to_owned()),
        review: ReviewSettings {
            limits: ReviewLimits {
                nodes: Some(30_000),
                ..ReviewLimits::default()
            },
            ..ReviewSettings::default()
        },
        ..Settings::default()
    }
}

async fn process(f: &Fixture, name: &str) -> Service {
    Service::open(&f.path, f.clock.clone(), settings(name))
        .await
        .expect("open service")
}

/// The planted game in `channel`, ended by white's resignation.
async fn planted_game(f: &Fixture, channel: ChannelId) -> GameId {
    f.start(
        channel,
        Variant::Standard,
        &[ALICE, BOB],
        TimeLimit::Unlimited,
    )
    .await;
    f.play_all(channel, &PLANTED).await;
    f.service.resign(channel, BOB).await.unwrap().game_id
}

/// Runs both processes' review workers until every review asked for is done.
async fn run_until_done(services: [&Service; 2], games: &[GameId]) {
    let all_done = |service: Service| {
        let games = games.to_vec();
        async move {
            loop {
                let mut done = true;
                for game in &games {
                    let row = service.store().review(*game).await.unwrap().unwrap();
                    done &= row.status == ReviewStatus::Done;
                }
                if done {
                    return;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    };
    let [a, b] = services;
    let work = async {
        tokio::join!(
            a.run_reviews(all_done(a.clone())),
            b.run_reviews(all_done(b.clone()))
        )
    };
    tokio::time::timeout(Duration::from_secs(240), work)
        .await
        .expect("the reviews are done in time");
}

async fn reviews_are_queued_within_the_servers_limit_and_done_once_across_processes(
    backend: Backend,
) {
    let f = Fixture::on(backend).await;
    let (first, second, third) = (ChannelId(9101), ChannelId(9102), ChannelId(9103));
    let games = [
        planted_game(&f, first).await,
        planted_game(&f, second).await,
        planted_game(&f, third).await,
    ];
    let p1 = process(&f, "host-a-1-00000001").await;
    let p2 = process(&f, "host-b-2-00000002").await;
    let ask = |service: &Service, game: GameId| {
        let service = service.clone();
        async move {
            service
                .request_review(GUILD, CHANNEL, GameRef::InGuild(GUILD, game), CAROL)
                .await
        }
    };

    assert_eq!(
        ask(&p1, games[0]).await.unwrap(),
        ReviewAnswer::Queued {
            game_id: games[0],
            place: 1
        }
    );
    // Asked again before it is done: where it stands, nothing queued twice.
    assert!(matches!(
        ask(&p2, games[0]).await.unwrap(),
        ReviewAnswer::Waiting {
            place: 1,
            running: false,
            ..
        }
    ));
    assert_eq!(
        ask(&p2, games[1]).await.unwrap(),
        ReviewAnswer::Queued {
            game_id: games[1],
            place: 2
        }
    );
    // The server's limit (one under way and one waiting) is reached: refused, kindly.
    let busy = ask(&p1, games[2]).await.unwrap_err();
    assert!(
        matches!(busy, ServiceError::ReviewsBusy { pending: 2 }),
        "{busy:?}"
    );
    assert!(f.service.store().review(games[2]).await.unwrap().is_none());

    // A game going on, and a game asked for from another server, are refused.
    f.start(
        ChannelId(9104),
        Variant::Standard,
        &[ALICE, CAROL],
        TimeLimit::Unlimited,
    )
    .await;
    let going_on = f.row(ChannelId(9104)).await.id;
    assert!(matches!(
        ask(&p1, going_on).await.unwrap_err(),
        ServiceError::ReviewUnfinished(id) if id == going_on
    ));
    let other_server = p1
        .request_review(
            OTHER_GUILD,
            ChannelId(1),
            GameRef::InGuild(OTHER_GUILD, games[0]),
            CAROL,
        )
        .await
        .unwrap_err();
    assert!(
        matches!(other_server, ServiceError::GameNotFound(id) if id == games[0]),
        "{other_server:?}"
    );

    run_until_done([&p1, &p2], &games[..2]).await;

    for game in &games[..2] {
        let stored = f
            .service
            .store()
            .announcements_of_game(*game)
            .await
            .unwrap();
        let kinds: Vec<&str> = stored
            .iter()
            .map(|a| a.kind.as_str())
            .filter(|k| k.starts_with("review"))
            .collect();
        assert_eq!(
            kinds.iter().filter(|k| **k == "review_started").count(),
            1,
            "one run of the review: {kinds:?}"
        );
        assert_eq!(kinds.last(), Some(&"review_done"), "{kinds:?}");
        // Posted where the review was asked for, not in the game's channel.
        assert!(stored
            .iter()
            .filter(|a| a.kind.starts_with("review"))
            .all(|a| a.channel_id == CHANNEL));
    }

    // The stored review answers at once, the planted blunder named with the recapture.
    let ReviewAnswer::Ready(report) = ask(&p2, games[0]).await.unwrap() else {
        panic!("the review is ready");
    };
    let judged: Vec<_> = report.review.judged().collect();
    let blunder = judged
        .iter()
        .find(|m| m.ply == 4)
        .expect("the fourth move is judged");
    assert_eq!(blunder.judgement, Some(Judgement::Blunder));
    assert_eq!(blunder.played.coordinate, "8b7b");
    assert_eq!(blunder.played.western, "R-7b");
    let best = blunder.best.as_ref().expect("a better move");
    assert_eq!(best.coordinate, "3a2b");
    assert_eq!(best.western, "Sx2b");
    assert!(blunder.before > blunder.after + 300, "{blunder:?}");
    assert!(
        judged.iter().all(|m| m.ply % 2 == 0 || m.ply > 4),
        "{judged:?}"
    );
    assert_eq!(report.review.moves.len(), PLANTED.len());
    assert_eq!(report.review.curves.len(), 1);
    assert_eq!(report.review.curves[0].points.len(), PLANTED.len() + 1);
    assert_eq!(report.review.engine, "built-in");
    assert_eq!(report.review.nodes_per_position, Some(30_000));
    // The graph is drawn again from the stored review.
    let png = report
        .review
        .chart_png(&shogiban::service::analysis::EvaluationText {
            title: "Shogi".into(),
            subtitle: String::new(),
            sides: vec!["black".into()],
        })
        .unwrap();
    assert!(is_png(&png));

    // With the server's reviews done, the third game is queued.
    assert!(matches!(
        ask(&p1, games[2]).await.unwrap(),
        ReviewAnswer::Queued { place: 1, .. }
    ));
}

async fn a_dead_processes_review_is_taken_over_after_its_lease(backend: Backend) {
    let f = Fixture::on(backend).await;
    let game = planted_game(&f, ChannelId(9201)).await;
    let store = f.service.store();
    f.service
        .request_review(GUILD, CHANNEL, GameRef::InGuild(GUILD, game), ALICE)
        .await
        .unwrap();
    let now = f.clock.now();
    let gone = store.claim_review("gone-host-1", 30, now).await.unwrap();
    assert_eq!(gone.map(|row| row.game_id), Some(game));
    // Under its lease, nobody else takes it.
    assert!(store
        .claim_review("live-host", 30, now + 29)
        .await
        .unwrap()
        .is_none());
    // Once the lease has run out, another process takes it over from the start...
    let taken = store
        .claim_review("live-host", 30, now + 30)
        .await
        .unwrap()
        .expect("taken over");
    assert_eq!(taken.claimed_by.as_deref(), Some("live-host"));
    assert_eq!(taken.progress_done, 0);
    // ...and the dead process's late writes change nothing.
    assert!(!store
        .review_progress(game, "gone-host-1", 3, 9, 30, now + 31, &[])
        .await
        .unwrap());
    assert!(!store
        .end_review(game, "gone-host-1", Ok("{}"), now + 31, &[])
        .await
        .unwrap());
    // A process that stops puts its review back at once.
    assert!(store.requeue_review(game, "live-host").await.unwrap());
    let again = store
        .claim_review("third-host", 30, now + 32)
        .await
        .unwrap();
    assert_eq!(again.map(|row| row.game_id), Some(game));
    let row = store.review(game).await.unwrap().unwrap();
    assert_eq!(row.status, ReviewStatus::Running);
    assert_eq!(row.claimed_by.as_deref(), Some("third-host"));
}

on_both_backends!(
    reviews_are_queued_within_the_servers_limit_and_done_once_across_processes,
    a_dead_processes_review_is_taken_over_after_its_lease,
);
