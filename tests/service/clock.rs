//! Time and concurrency at the game table: two moves racing for one game, a restart in the
//! middle of a game with its clock, reminders and timeouts with injected time.

use common::backends::Backend;

use crate::support::*;
use shogiban::engine::{EndReason, Variant};
use shogiban::service::{Announcement, Event, Notice, ServiceError, TimeLimit};
use shogiban::store::GameStatus;

async fn two_moves_racing_for_one_game_exactly_one_lands(backend: Backend) {
    let f = Fixture::on(backend).await;
    let mut raced = 0;
    for round in 0..20 {
        f.start(
            CHANNEL,
            Variant::Standard,
            &[ALICE, BOB],
            TimeLimit::Default,
        )
        .await;
        let (a, b) = (f.service.clone(), f.service.clone());
        let first = tokio::spawn(async move { a.play(CHANNEL, ALICE, "7g7f").await });
        let second = tokio::spawn(async move { b.play(CHANNEL, ALICE, "2g2f").await });
        let results = [first.await.unwrap(), second.await.unwrap()];
        let landed: Vec<&str> = results
            .iter()
            .filter_map(|r| match r.as_ref().ok()?.event {
                Event::Move { ref coordinate, .. } => Some(coordinate.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(landed.len(), 1, "round {round}: {results:?}");
        for result in &results {
            match result {
                Ok(_) => {}
                Err(ServiceError::Raced) => raced += 1,
                // The loser read the game after the winner's move: no longer its turn.
                Err(ServiceError::NotYourTurn { .. }) => {}
                Err(other) => panic!("round {round}: {other}"),
            }
        }
        // The state is intact: one move in the log and in the game, and play goes on.
        let row = f.row(CHANNEL).await;
        assert_eq!((row.ply, row.version), (1, 1));
        let log = f.service.store().moves(row.id).await.unwrap();
        assert_eq!(log.len(), 1);
        assert_eq!(log[0].notation, landed[0]);
        let board = f.service.board(CHANNEL, BOB).await.unwrap();
        assert_eq!(board.to_move.unwrap().user_id, BOB);
        f.service.play(CHANNEL, BOB, "3c3d").await.unwrap();
        f.service.resign(CHANNEL, BOB).await.unwrap();
    }
    assert!(raced > 0, "no round raced: the test did not test the race");
}

async fn a_move_racing_its_timeout_either_lands_or_loses_cleanly(backend: Backend) {
    let f = Fixture::on(backend).await;
    for round in 0..10 {
        let game = f
            .start(
                CHANNEL,
                Variant::Standard,
                &[ALICE, BOB],
                TimeLimit::PerMove(HOUR),
            )
            .await;
        let deadline = game.deadline_at.unwrap();
        f.clock.set(deadline);
        let (a, b) = (f.service.clone(), f.service.clone());
        let mover = tokio::spawn(async move { a.play(CHANNEL, ALICE, "7g7f").await });
        let sweep = tokio::spawn(async move { b.tick(deadline).await });
        let moved = mover.await.unwrap();
        let notices = sweep.await.unwrap().unwrap();
        let timed_out = notices.iter().any(|n| matches!(n, Notice::Timeout(_)));
        let row = f.service.store().game(game.game_id).await.unwrap().unwrap();
        match (&moved, timed_out) {
            (Ok(_), false) => {
                assert_eq!(
                    (row.status, row.ply),
                    (GameStatus::Active, 1),
                    "round {round}"
                );
                f.service.resign(CHANNEL, BOB).await.unwrap();
            }
            (
                Err(ServiceError::Raced | ServiceError::NoGameHere | ServiceError::GameOver(_)),
                true,
            ) => {
                assert_eq!(
                    (row.status, row.ply),
                    (GameStatus::Finished, 0),
                    "round {round}"
                );
            }
            other => panic!("round {round}: {other:?}"),
        }
        f.clock.advance(DAY);
    }
}

async fn a_new_service_on_the_same_file_continues_the_game_and_its_clock(backend: Backend) {
    let f = Fixture::on(backend).await;
    let game = f
        .start(
            CHANNEL,
            Variant::Standard,
            &[ALICE, BOB],
            TimeLimit::PerMove(DAY),
        )
        .await;
    f.service.play(CHANNEL, ALICE, "7g7f").await.unwrap();
    f.service.offer_draw(CHANNEL, ALICE).await.unwrap();
    let deadline = f.row(CHANNEL).await.deadline_at.unwrap();
    f.service.store().close().await;

    let restarted = f.reopen().await;
    let board = restarted.board(CHANNEL, BOB).await.unwrap();
    assert_eq!((board.game_id, board.ply), (game.game_id, 1));
    assert_eq!(board.to_move.as_ref().unwrap().user_id, BOB);
    assert_eq!(board.deadline_at, Some(deadline));
    assert_eq!(board.offers.len(), 1, "the draw offer stands");
    assert_eq!(
        restarted.next_wakeup().await.unwrap(),
        Some(deadline - DAY / 4)
    );

    // Play goes on, and the clock the old service set still runs out.
    let moved = restarted.play(CHANNEL, BOB, "3c3d").await.unwrap();
    let deadline = moved.deadline_at.unwrap();
    restarted.store().close().await;
    let again = f.reopen().await;
    assert!(again
        .tick(deadline - 1)
        .await
        .unwrap()
        .iter()
        .all(|n| matches!(n, Notice::Reminder { .. })));
    let notices = again.tick(deadline).await.unwrap();
    let [Notice::Timeout(outcome)] = &notices[..] else {
        panic!("one timeout: {notices:?}");
    };
    assert!(matches!(&outcome.event, Event::Timeout { by } if by.user_id == ALICE));
    assert_eq!(
        outcome.result.as_ref().unwrap().summary,
        "white (Bob) wins (timeout)"
    );
    let history = again.history(ALICE, None, 10, 0).await.unwrap();
    assert_eq!(history[0].ply, 2);
}

async fn a_two_player_clock_reminds_once_then_times_out(backend: Backend) {
    let f = Fixture::on(backend).await;
    let s = &f.service;
    let game = f
        .start(
            CHANNEL,
            Variant::Standard,
            &[ALICE, BOB],
            TimeLimit::PerMove(HOUR),
        )
        .await;
    assert_eq!(game.deadline_at, Some(T0 + HOUR));
    assert_eq!(s.next_wakeup().await.unwrap(), Some(T0 + 45 * 60));
    assert!(s.tick(T0 + 45 * 60 - 1).await.unwrap().is_empty());

    // A quarter of the hour left: one reminder for Alice, however often the clock ticks.
    let notices = s.tick(T0 + 45 * 60).await.unwrap();
    let [Notice::Reminder {
        player,
        deadline_at,
        channel_id,
        ..
    }] = &notices[..]
    else {
        panic!("one reminder: {notices:?}");
    };
    assert_eq!(
        (player.user_id, *deadline_at, *channel_id),
        (ALICE, T0 + HOUR, CHANNEL)
    );
    assert!(s.tick(T0 + 50 * 60).await.unwrap().is_empty());
    assert_eq!(s.next_wakeup().await.unwrap(), Some(T0 + HOUR));

    // Alice moves in time: Bob's turn gets a fresh hour and its own reminder.
    f.clock.set(T0 + 50 * 60);
    let moved = s.play(CHANNEL, ALICE, "7g7f").await.unwrap();
    let bob_deadline = T0 + 50 * 60 + HOUR;
    assert_eq!(moved.deadline_at, Some(bob_deadline));
    assert!(
        s.tick(T0 + HOUR).await.unwrap().is_empty(),
        "Alice's old deadline is gone"
    );
    let notices = s.tick(bob_deadline - 15 * 60).await.unwrap();
    assert!(matches!(&notices[..], [Notice::Reminder { player, .. }] if player.user_id == BOB));

    // Bob lets it run out: he loses, and the ratings say so.
    let notices = s.tick(bob_deadline).await.unwrap();
    let [Notice::Timeout(outcome)] = &notices[..] else {
        panic!("one timeout: {notices:?}");
    };
    assert!(matches!(&outcome.event, Event::Timeout { by } if by.user_id == BOB));
    let over = outcome.result.as_ref().unwrap();
    assert_eq!(
        (over.status, over.reason),
        (GameStatus::Finished, EndReason::Timeout)
    );
    assert_eq!(over.summary, "black (Alice) wins (timeout)");
    assert!(over.standings[0].rating.unwrap().delta() > 0);
    assert!(is_png(&drawn(outcome.picture.as_ref()).await.png));
    assert!(s.tick(bob_deadline + DAY).await.unwrap().is_empty());
    // Each reminder and the timeout were stored with their announcements, once.
    let said: Vec<(String, Option<Announcement>)> = s
        .store()
        .announcements_in_channel(CHANNEL)
        .await
        .unwrap()
        .into_iter()
        .map(|a| (a.kind, serde_json::from_value(a.payload).ok()))
        .collect();
    let kinds: Vec<&str> = said.iter().map(|(kind, _)| kind.as_str()).collect();
    assert_eq!(
        kinds,
        [
            "challenge",
            "game_started",
            "reminder",
            "move",
            "reminder",
            "result",
            "replay"
        ]
    );
    let Some(Announcement::Reminder(reminder)) = &said[4].1 else {
        panic!("{:?}", said[4]);
    };
    assert_eq!(
        (reminder.player.user_id, reminder.deadline_at),
        (BOB, bob_deadline)
    );
    assert_eq!(said[5].1, Some(Announcement::Outcome(outcome.clone())));
    assert_eq!(s.next_wakeup().await.unwrap(), None);
    assert!(matches!(
        s.play(CHANNEL, BOB, "3c3d").await,
        Err(ServiceError::NoGameHere)
    ));
    let rows = s
        .leaderboard(GUILD, Variant::Standard, false, 10, 0)
        .await
        .unwrap();
    assert_eq!(rows[0].user_id, ALICE);

    // A game without a clock never times out.
    f.start(
        CHANNEL,
        Variant::Standard,
        &[ALICE, BOB],
        TimeLimit::Unlimited,
    )
    .await;
    assert_eq!(s.next_wakeup().await.unwrap(), None);
    assert!(s.tick(T0 + 365 * DAY).await.unwrap().is_empty());
}

async fn the_scheduler_loop_applies_and_announces_until_shutdown(backend: Backend) {
    let f = Fixture::on(backend).await;
    f.start(
        CHANNEL,
        Variant::Standard,
        &[ALICE, BOB],
        TimeLimit::PerMove(HOUR),
    )
    .await;
    f.clock.set(T0 + HOUR);
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let service = f.service.clone();
    let runner = tokio::spawn(async move {
        service
            .run_scheduler(async {
                let _ = stopped.await;
            })
            .await;
    });
    // The timeout is applied and its announcement stored, without anyone ticking.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let result = loop {
        let announced = f
            .service
            .store()
            .announcements_in_channel(CHANNEL)
            .await
            .unwrap();
        if let Some(result) = announced.iter().find(|a| a.kind == "result") {
            break result.clone();
        }
        assert!(
            std::time::Instant::now() < deadline,
            "no timeout announced: {announced:?}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    };
    let Announcement::Outcome(outcome) = serde_json::from_value(result.payload).unwrap() else {
        panic!("a timeout is announced as an outcome");
    };
    assert!(matches!(&outcome.event, Event::Timeout { by } if by.user_id == ALICE));
    assert!(f
        .service
        .store()
        .active_game_in_channel(CHANNEL)
        .await
        .unwrap()
        .is_none());
    stop.send(()).unwrap();
    tokio::time::timeout(std::time::Duration::from_secs(10), runner)
        .await
        .expect("the loop stops")
        .unwrap();
}

on_both_backends! {
    two_moves_racing_for_one_game_exactly_one_lands (multi),
    a_move_racing_its_timeout_either_lands_or_loses_cleanly (multi),
    a_new_service_on_the_same_file_continues_the_game_and_its_clock,
    a_two_player_clock_reminds_once_then_times_out,
    the_scheduler_loop_applies_and_announces_until_shutdown,
}
