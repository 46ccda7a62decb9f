//! Vacations at the game table on a hand-set clock: a vacation that saves a game from its
//! timeout across a restart, ending early, the yearly allowance, and yonin's seats.

use common::backends::Backend;

use crate::support::*;
use shogiban::engine::Variant;
use shogiban::service::{
    Announcement, Event, Notation, Notice, Service, ServiceError, SettingsChange, TimeLimit,
};

/// The kinds of the announcements stored in a channel, in order.
async fn kinds(service: &Service, channel: shogiban::store::ChannelId) -> Vec<String> {
    service
        .store()
        .announcements_in_channel(channel)
        .await
        .unwrap()
        .into_iter()
        .map(|a| a.kind)
        .collect()
}

async fn a_vacation_across_the_deadline_saves_the_game_through_a_restart(backend: Backend) {
    let f = Fixture::on(backend).await;
    f.start(
        CHANNEL,
        Variant::Standard,
        &[ALICE, BOB],
        TimeLimit::PerMove(DAY),
    )
    .await;
    f.service.play(CHANNEL, ALICE, "7g7f").await.unwrap();
    assert_eq!(f.row(CHANNEL).await.deadline_at, Some(T0 + DAY));

    // Twenty hours into his day, Bob leaves for three days: both clocks wait.
    f.clock.set(T0 + 20 * HOUR);
    let view = f.service.start_vacation(GUILD, BOB, 3).await.unwrap();
    assert_eq!(view.ends_at, T0 + 20 * HOUR + 3 * DAY);
    assert_eq!(view.allowance_left, 27 * DAY);
    let deadline = T0 + DAY + 3 * DAY;
    assert_eq!(view.games[0].deadline_at, Some(deadline));
    assert_eq!(f.row(CHANNEL).await.deadline_at, Some(deadline));
    let said = f
        .service
        .store()
        .announcements_in_channel(CHANNEL)
        .await
        .unwrap();
    let last = said.last().unwrap();
    assert_eq!(last.kind, "vacation_started");
    let Ok(Announcement::Vacation(notice)) = serde_json::from_value(last.payload.clone()) else {
        panic!("{last:?}");
    };
    assert_eq!(
        (notice.player.user_id, notice.deadline_at, notice.ends_at),
        (BOB, Some(deadline), view.ends_at)
    );
    // The board shows the deadline with the vacation in it.
    let board = f.service.board(CHANNEL, ALICE).await.unwrap();
    assert_eq!(board.deadline_at, Some(deadline));

    // Where the old deadline was, no timeout (only the reminder due before he left); a
    // second vacation is refused.
    let notices = f.service.tick(T0 + DAY + HOUR).await.unwrap();
    assert!(
        notices.iter().all(|n| matches!(n, Notice::Reminder { .. })),
        "{notices:?}"
    );
    assert!(matches!(
        f.service.start_vacation(GUILD, BOB, 1).await,
        Err(ServiceError::OnVacation { until }) if until == view.ends_at
    ));

    // A restart during the vacation: the new service knows the deadline and the end.
    f.service.store().close().await;
    let restarted = f.reopen().await;
    assert_eq!(restarted.next_wakeup().await.unwrap(), Some(view.ends_at));
    f.clock.set(view.ends_at);
    assert!(restarted.tick(view.ends_at).await.unwrap().is_empty());
    let kinds = kinds(&restarted, CHANNEL).await;
    assert_eq!(
        kinds[kinds.len() - 3..],
        ["vacation_started", "reminder", "vacation_ended"]
    );
    // Four hours were left of Bob's day when he left; he gets them now.
    assert_eq!(
        restarted.board(CHANNEL, BOB).await.unwrap().deadline_at,
        Some(view.ends_at + 4 * HOUR)
    );
    let notices = restarted.tick(deadline - 1).await.unwrap();
    assert!(
        notices.iter().all(|n| matches!(n, Notice::Reminder { .. })),
        "{notices:?}"
    );
    let notices = restarted.tick(deadline).await.unwrap();
    let [Notice::Timeout(outcome)] = &notices[..] else {
        panic!("one timeout: {notices:?}");
    };
    assert!(matches!(&outcome.event, Event::Timeout { by } if by.user_id == BOB));
}

async fn ending_a_vacation_early_gives_the_rest_back_and_the_allowance_is_kept(backend: Backend) {
    let f = Fixture::on(backend).await;
    f.start(
        CHANNEL,
        Variant::Standard,
        &[ALICE, BOB],
        TimeLimit::PerMove(DAY),
    )
    .await;
    // Alice, to move, leaves for ten days and comes back after two.
    let view = f.service.start_vacation(GUILD, ALICE, 10).await.unwrap();
    assert_eq!(view.games[0].deadline_at, Some(T0 + 11 * DAY));
    f.clock.set(T0 + 2 * DAY);
    let back = f.service.end_vacation(GUILD, ALICE).await.unwrap();
    assert_eq!(back.allowance_left, 28 * DAY);
    assert_eq!(back.games[0].deadline_at, Some(T0 + 3 * DAY));
    assert_eq!(f.row(CHANNEL).await.deadline_at, Some(T0 + 3 * DAY));
    assert_eq!(
        kinds(&f.service, CHANNEL).await[2..],
        ["vacation_started", "vacation_ended"]
    );
    // Nothing left to end, nor to announce later.
    assert!(matches!(
        f.service.end_vacation(GUILD, ALICE).await,
        Err(ServiceError::NotOnVacation)
    ));
    assert!(f.service.tick(T0 + 10 * DAY - 1).await.unwrap().len() <= 1);

    // The allowance: 28 days left, so 29 are refused and change nothing.
    f.clock.set(T0 + 2 * DAY + HOUR);
    let refused = f.service.start_vacation(GUILD, ALICE, 29).await;
    assert!(
        matches!(refused, Err(ServiceError::VacationAllowance { .. })),
        "{refused:?}"
    );
    assert_eq!(
        refused.unwrap_err().to_string(),
        "You have 28 days of vacation left this year (the allowance here is 30 days), not 29 days."
    );
    // A server may allow more.
    f.service
        .change_server_settings(
            GUILD,
            SettingsChange {
                vacation_days: Some(45),
                ..SettingsChange::default()
            },
        )
        .await
        .unwrap();
    let long = f.service.start_vacation(GUILD, ALICE, 29).await.unwrap();
    assert_eq!(long.allowance_left, 45 * DAY - 2 * DAY - 29 * DAY);
}

async fn in_yonin_a_vacation_stops_every_clock_and_keeps_the_seat(backend: Backend) {
    let f = Fixture::on(backend).await;
    f.start(
        CHANNEL,
        Variant::Yonin,
        &[ALICE, BOB, CAROL, DAVE],
        TimeLimit::PerMove(DAY),
    )
    .await;
    // Carol, not to move, leaves for five days: Alice's turn waits with her.
    f.clock.set(T0 + HOUR);
    f.service.start_vacation(GUILD, CAROL, 5).await.unwrap();
    assert_eq!(f.row(CHANNEL).await.deadline_at, Some(T0 + DAY + 5 * DAY));
    assert!(f.service.tick(T0 + 3 * DAY).await.unwrap().is_empty());
    // Alice moves during it: Bob's turn begins, and waits too.
    f.clock.set(T0 + 3 * DAY);
    let first = f
        .service
        .legal_moves_for(CHANNEL, ALICE, "", 25, Notation::Coordinate)
        .await
        .unwrap()
        .moves
        .remove(0);
    let moved = f.service.play(CHANNEL, ALICE, &first.value).await.unwrap();
    assert_eq!(moved.deadline_at, Some(T0 + HOUR + 5 * DAY + DAY));
    // Carol keeps her seat the whole time.
    let row = f.row(CHANNEL).await;
    assert_eq!(row.user_at(2), Some(CAROL));
}

async fn a_server_weekend_pause_moves_deadlines_in_its_time_zone(backend: Backend) {
    let f = Fixture::on(backend).await;
    // T0 is Tuesday 2023-11-14 22:13:20 UTC; three days per move run to Friday.
    f.start(
        CHANNEL,
        Variant::Standard,
        &[ALICE, BOB],
        TimeLimit::PerMove(3 * DAY),
    )
    .await;
    assert_eq!(f.row(CHANNEL).await.deadline_at, Some(T0 + 3 * DAY));
    // The weekend pause on, in Tokyo: Saturday 00:00 there is Friday 15:00 UTC, so
    // Alice's deadline (Friday 22:13 UTC) moves past the weekend, two days on.
    let settings = f
        .service
        .change_server_settings(
            GUILD,
            SettingsChange {
                weekend_pause: Some(true),
                time_zone: Some("Asia/Tokyo".into()),
                ..SettingsChange::default()
            },
        )
        .await
        .unwrap();
    assert!(settings.weekend_pause);
    assert_eq!(f.row(CHANNEL).await.deadline_at, Some(T0 + 5 * DAY));
    assert!(f
        .service
        .tick(T0 + 3 * DAY + HOUR)
        .await
        .unwrap()
        .iter()
        .all(|n| !matches!(n, Notice::Timeout(_))));

    // Alice moves on Friday 2023-11-17 16:00 UTC, already Saturday in Tokyo: Bob's three
    // days start on Monday 00:00 Tokyo (Sunday 15:00 UTC).
    let friday = 1_700_236_800;
    f.clock.set(friday);
    let moved = f.service.play(CHANNEL, ALICE, "7g7f").await.unwrap();
    assert_eq!(moved.deadline_at, Some(friday + 5 * DAY - HOUR));
    // The server moves to New York, where it is still Friday 11:00: 13 hours run before
    // its weekend, the rest from Monday 00:00 there (05:00 UTC): an hour later.
    f.service
        .change_server_settings(
            GUILD,
            SettingsChange {
                time_zone: Some("America/New_York".into()),
                ..SettingsChange::default()
            },
        )
        .await
        .unwrap();
    assert_eq!(f.row(CHANNEL).await.deadline_at, Some(friday + 5 * DAY));
    // A restart keeps it; an unknown zone is refused and changes nothing.
    f.service.store().close().await;
    let restarted = f.reopen().await;
    assert!(matches!(
        restarted
            .change_server_settings(
                GUILD,
                SettingsChange {
                    time_zone: Some("Mars/Olympus".into()),
                    ..SettingsChange::default()
                },
            )
            .await,
        Err(ServiceError::UnknownTimeZone { .. })
    ));
    let board = restarted.board(CHANNEL, BOB).await.unwrap();
    assert_eq!(board.deadline_at, Some(friday + 5 * DAY));
    assert!(restarted
        .tick(friday + 5 * DAY - HOUR)
        .await
        .unwrap()
        .iter()
        .all(|n| !matches!(n, Notice::Timeout(_))));
}

on_both_backends! {
    a_vacation_across_the_deadline_saves_the_game_through_a_restart,
    ending_a_vacation_early_gives_the_rest_back_and_the_allowance_is_kept,
    in_yonin_a_vacation_stops_every_clock_and_keeps_the_seat,
    a_server_weekend_pause_moves_deadlines_in_its_time_zone,
}
