//! Creating and finding games, and what the scheduler must do next (`src/store/games.rs`).

use common::backends::Backend;
use common::ids::*;
use common::on_both_backends;
use serde_json::json;
use shogiban::service::ratings::Outcome;
use shogiban::store::{
    unrated, ChallengeStatus, ChannelId, Ending, GameEnd, GameId, GameStatus, NewChallenge,
    NewGame, NewInvitee, StoreError, TurnClock,
};

use crate::support::*;

async fn one_active_game_per_channel(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    let first = store
        .create_game(&standard_game(CHANNEL, ALICE, BOB), (), T0)
        .await
        .unwrap();
    // A challenge accepted into a busy channel stays open: nothing is written.
    let challenge = store
        .create_challenge(
            &NewChallenge {
                variant: "standard".into(),
                challenger_seat: None,
                invitees: vec![NewInvitee {
                    user_id: DAVE,
                    seat: None,
                }],
                challenger_id: CAROL,
                ..yonin_challenge()
            },
            (),
            T0,
        )
        .await
        .unwrap();
    let second = NewGame {
        challenge_id: Some(challenge.id),
        ..standard_game(CHANNEL, CAROL, DAVE)
    };
    let error = store.create_game(&second, (), T0 + 1).await.unwrap_err();
    assert!(matches!(error, StoreError::ChannelBusy(CHANNEL)), "{error}");
    assert_eq!(
        store.challenge(challenge.id).await.unwrap().unwrap().status,
        ChallengeStatus::Open
    );
    assert!(store
        .active_games_of_user(CAROL, None)
        .await
        .unwrap()
        .is_empty());

    // Another channel is fine, and so is this one once its game has ended.
    store
        .create_game(&standard_game(OTHER_CHANNEL, CAROL, DAVE), (), T0 + 2)
        .await
        .unwrap();
    store
        .finish_game(
            first.at_version(),
            None,
            &GameEnd {
                ending: Ending::Aborted,
                result: json!({ "reason": "aborted" }),
                places: Vec::new(),
            },
            unrated,
            (),
            T0 + 3,
        )
        .await
        .unwrap();
    let replacement = store.create_game(&second, (), T0 + 4).await.unwrap();
    assert_eq!(
        store
            .active_game_in_channel(CHANNEL)
            .await
            .unwrap()
            .map(|g| g.id),
        Some(replacement.id)
    );
}

async fn scheduler_finds_deadlines_and_reminders(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    let early = store
        .create_game(&standard_game(CHANNEL, ALICE, BOB), (), T0)
        .await
        .unwrap();
    let late = store
        .create_game(
            &NewGame {
                clock: next_turn(START, T0 + 3600).clock,
                ..standard_game(OTHER_CHANNEL, CAROL, DAVE)
            },
            (),
            T0 + 3600,
        )
        .await
        .map(|g| g.at_version())
        .unwrap();
    let untimed = store
        .create_game(
            &NewGame {
                seconds_per_move: None,
                clock: TurnClock::default(),
                ..standard_game(ChannelId(3), ALICE, CAROL)
            },
            (),
            T0,
        )
        .await
        .unwrap();
    assert_eq!(untimed.deadline_at, None);

    let remind_early = T0 + DAY * 3 / 4;
    assert_eq!(store.next_scheduled_at().await.unwrap(), Some(remind_early));
    assert!(store
        .due_reminders(remind_early - 1)
        .await
        .unwrap()
        .is_empty());
    let due: Vec<GameId> = store
        .due_reminders(remind_early)
        .await
        .unwrap()
        .iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(due, [early.id]);

    // Two sweeps: the reminder is claimed once.
    assert!(store
        .mark_reminder_sent(early.at_version(), (), T0)
        .await
        .unwrap());
    assert!(!store
        .mark_reminder_sent(early.at_version(), (), T0)
        .await
        .unwrap());
    assert!(store.due_reminders(remind_early).await.unwrap().is_empty());
    // Next up: the late game's reminder (it was created an hour later).
    assert_eq!(
        store.next_scheduled_at().await.unwrap(),
        Some(remind_early + 3600)
    );

    // Past both deadlines: both games are due, earliest first; no reminders for turns that
    // have already run out.
    let due: Vec<GameId> = store
        .due_deadlines(T0 + DAY + 3600)
        .await
        .unwrap()
        .iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(due, [early.id, late.id]);
    assert!(store.due_deadlines(T0 + DAY - 1).await.unwrap().is_empty());
    assert!(store
        .due_reminders(T0 + DAY + 3600)
        .await
        .unwrap()
        .is_empty());

    // A move starts a new turn: new deadline, reminder pending again; a reminder claim for
    // the old turn is refused.
    let moved = store
        .apply_move(
            early.at_version(),
            &move_by(0, ALICE, "7g7f", AFTER_7G7F),
            &next_turn(AFTER_7G7F, T0 + 1000),
            (),
            T0 + 1000,
        )
        .await
        .unwrap();
    assert!(!moved.reminder_sent);
    let error = store
        .mark_reminder_sent(early.at_version(), (), T0)
        .await
        .unwrap_err();
    assert!(matches!(error, StoreError::Conflict { .. }), "{error}");
    assert!(store
        .mark_reminder_sent(moved.at_version(), (), T0)
        .await
        .unwrap());

    // Ended games leave the schedule.
    finish_two_player(&store, late, Outcome::Win, T0 + 2000).await;
    let due: Vec<GameId> = store
        .due_deadlines(T0 + 10 * DAY)
        .await
        .unwrap()
        .iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(due, [early.id]);
    let error = store.mark_reminder_sent(late, (), T0).await.unwrap_err();
    assert!(
        matches!(
            error,
            StoreError::GameNotActive {
                status: GameStatus::Finished,
                ..
            }
        ),
        "{error}"
    );
}

async fn active_games_and_history_of_a_user(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    let here = store
        .create_game(&standard_game(CHANNEL, ALICE, BOB), (), T0)
        .await
        .unwrap();
    let there = store
        .create_game(
            &NewGame {
                guild_id: OTHER_GUILD,
                ..standard_game(OTHER_CHANNEL, CAROL, ALICE)
            },
            (),
            T0 + 1,
        )
        .await
        .unwrap();
    let ids = |games: Vec<shogiban::store::Game>| games.iter().map(|g| g.id).collect::<Vec<_>>();
    assert_eq!(
        ids(store.active_games_of_user(ALICE, None).await.unwrap()),
        [here.id, there.id]
    );
    assert_eq!(
        ids(store
            .active_games_of_user(ALICE, Some(OTHER_GUILD))
            .await
            .unwrap()),
        [there.id]
    );
    assert_eq!(
        ids(store.active_games_of_user(BOB, None).await.unwrap()),
        [here.id]
    );
    assert_eq!(
        ids(store.active_games_in_guild(GUILD).await.unwrap()),
        [here.id]
    );
    assert_eq!(
        ids(store.active_games_in_guild(OTHER_GUILD).await.unwrap()),
        [there.id]
    );
    assert!(store
        .game_history(ALICE, None, 10, 0)
        .await
        .unwrap()
        .is_empty());

    finish_two_player(&store, here.at_version(), Outcome::Win, T0 + 100).await;
    finish_two_player(&store, there.at_version(), Outcome::Loss, T0 + 200).await;
    let third = store
        .create_game(&standard_game(CHANNEL, BOB, ALICE), (), T0 + 300)
        .await
        .unwrap();
    finish_two_player(&store, third.at_version(), Outcome::Draw, T0 + 400).await;

    assert!(store
        .active_games_of_user(ALICE, None)
        .await
        .unwrap()
        .is_empty());
    assert_eq!(
        ids(store.game_history(ALICE, None, 10, 0).await.unwrap()),
        [third.id, there.id, here.id]
    );
    assert_eq!(
        ids(store.game_history(ALICE, Some(GUILD), 10, 0).await.unwrap()),
        [third.id, here.id]
    );
    assert_eq!(
        ids(store.game_history(ALICE, None, 1, 1).await.unwrap()),
        [there.id]
    );
    let history = store.game_history(BOB, None, 10, 0).await.unwrap();
    assert_eq!(ids(history.clone()), [third.id, here.id]);
    // History shows how each game went for whom.
    let bob_first = &history[1].seats[1];
    assert_eq!((bob_first.user_id, bob_first.place), (BOB, Some(2)));
}

async fn playing_yourself_is_allowed_but_never_rated(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    let error = store
        .create_game(&standard_game(CHANNEL, ALICE, ALICE), (), T0)
        .await
        .unwrap_err();
    assert!(matches!(error, StoreError::Invalid(_)), "{error}");
    let practice = store
        .create_game(
            &NewGame {
                rated: false,
                ..standard_game(CHANNEL, ALICE, ALICE)
            },
            (),
            T0,
        )
        .await
        .unwrap();
    assert_eq!(practice.seats_of(ALICE).collect::<Vec<_>>(), [0, 1]);
    let moved = store
        .apply_move(
            practice.at_version(),
            &move_by(0, ALICE, "7g7f", AFTER_7G7F),
            &next_turn(AFTER_7G7F, T0 + 1),
            (),
            T0 + 1,
        )
        .await
        .unwrap();
    store
        .apply_move(
            moved.at_version(),
            &move_by(1, ALICE, "3c3d", "after 3c3d"),
            &next_turn("after 3c3d", T0 + 2),
            (),
            T0 + 2,
        )
        .await
        .unwrap();
    assert_eq!(store.moves(practice.id).await.unwrap().len(), 2);
}

async fn the_latest_game_of_a_channel_outlives_its_end(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    assert_eq!(store.latest_game_in_channel(CHANNEL).await.unwrap(), None);
    let first = store
        .create_game(&standard_game(CHANNEL, ALICE, BOB), (), T0)
        .await
        .unwrap();
    finish_two_player(&store, first.at_version(), Outcome::Win, T0 + 1).await;
    let second = store
        .create_game(&standard_game(CHANNEL, CAROL, DAVE), (), T0 + 2)
        .await
        .unwrap();
    store
        .create_game(&standard_game(OTHER_CHANNEL, ALICE, DAVE), (), T0 + 3)
        .await
        .unwrap();
    let latest = store
        .latest_game_in_channel(CHANNEL)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(latest.id, second.id);
    finish_two_player(&store, second.at_version(), Outcome::Draw, T0 + 4).await;
    let latest = store
        .latest_game_in_channel(CHANNEL)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (latest.id, latest.status),
        (second.id, GameStatus::Finished)
    );
}

on_both_backends! {
    one_active_game_per_channel,
    scheduler_finds_deadlines_and_reminders,
    active_games_and_history_of_a_user,
    playing_yourself_is_allowed_but_never_rated,
    the_latest_game_of_a_channel_outlives_its_end,
}
