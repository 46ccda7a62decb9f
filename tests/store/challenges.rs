//! Challenges and their answers (`src/store/challenges.rs`), up to the game an accepted
//! one starts.

use common::backends::Backend;
use common::ids::*;
use common::on_both_backends;
use serde_json::json;
use shogiban::store::{
    ChallengeClosure, ChallengeStatus, GameStatus, InviteResponse, NewChallenge, NewGame,
    NewInvitee, SeatMode, StoreError, UserId,
};

use crate::support::*;

async fn challenge_lifecycle(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    store.upsert_user(BOB, "Bob", T0).await.unwrap();
    let challenge = store
        .create_challenge(&yonin_challenge(), (), T0)
        .await
        .unwrap();
    assert_eq!(challenge.status, ChallengeStatus::Open);
    assert_eq!(challenge.seat_mode, SeatMode::Fixed);
    assert_eq!(challenge.options["move_limit"], json!(true));
    let invited: Vec<(UserId, Option<u8>)> = challenge
        .invitees
        .iter()
        .map(|i| (i.user_id, i.seat))
        .collect();
    assert_eq!(invited, [(CAROL, Some(2)), (BOB, Some(1)), (DAVE, Some(3))]);
    assert_eq!(challenge.invitees[1].display_name.as_deref(), Some("Bob"));
    assert!(challenge
        .invitees
        .iter()
        .all(|i| i.response == InviteResponse::Pending));
    assert_eq!(
        store.challenge(challenge.id).await.unwrap().as_ref(),
        Some(&challenge)
    );
    assert_eq!(
        store.open_challenges_in_channel(CHANNEL).await.unwrap(),
        std::slice::from_ref(&challenge)
    );
    assert!(store
        .open_challenges_in_channel(OTHER_CHANNEL)
        .await
        .unwrap()
        .is_empty());
    assert_eq!(store.open_challenges_of_user(ALICE).await.unwrap().len(), 1);
    assert_eq!(store.open_challenges_of_user(DAVE).await.unwrap().len(), 1);

    let after = store
        .respond_to_challenge(challenge.id, BOB, InviteResponse::Accepted, T0 + 10)
        .await
        .unwrap();
    let bob = after.invitees.iter().find(|i| i.user_id == BOB).unwrap();
    assert_eq!(
        (bob.response, bob.responded_at),
        (InviteResponse::Accepted, Some(T0 + 10))
    );
    assert!(!after.all_accepted());
    let after = store
        .respond_to_challenge(challenge.id, CAROL, InviteResponse::Declined, T0 + 20)
        .await
        .unwrap();
    assert!(after.any_declined());

    let stranger = UserId(1);
    let error = store
        .respond_to_challenge(challenge.id, stranger, InviteResponse::Accepted, T0)
        .await
        .unwrap_err();
    assert!(matches!(error, StoreError::NotInvited { .. }), "{error}");
    let error = store
        .respond_to_challenge(challenge.id, BOB, InviteResponse::Pending, T0)
        .await
        .unwrap_err();
    assert!(matches!(error, StoreError::Invalid(_)), "{error}");

    let closed = store
        .close_challenge(challenge.id, ChallengeClosure::Declined, (), T0 + 30)
        .await
        .unwrap();
    assert_eq!(closed.status, ChallengeStatus::Declined);
    assert_eq!(closed.resolved_at, Some(T0 + 30));
    assert!(store
        .open_challenges_of_user(ALICE)
        .await
        .unwrap()
        .is_empty());
    let error = store
        .respond_to_challenge(challenge.id, DAVE, InviteResponse::Accepted, T0 + 40)
        .await
        .unwrap_err();
    assert!(
        matches!(
            error,
            StoreError::ChallengeNotOpen {
                status: ChallengeStatus::Declined,
                ..
            }
        ),
        "{error}"
    );
    let error = store
        .close_challenge(challenge.id, ChallengeClosure::Cancelled, (), T0 + 40)
        .await
        .unwrap_err();
    assert!(
        matches!(error, StoreError::ChallengeNotOpen { .. }),
        "{error}"
    );
    let missing = shogiban::store::ChallengeId(12345);
    assert!(store.challenge(missing).await.unwrap().is_none());
    let error = store
        .close_challenge(missing, ChallengeClosure::Cancelled, (), T0)
        .await
        .unwrap_err();
    assert!(matches!(error, StoreError::ChallengeNotFound(_)), "{error}");
}

async fn challenges_refuse_contradictions(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    let mut mixed = yonin_challenge();
    mixed.invitees[0].seat = None;
    let mut twice = yonin_challenge();
    twice.invitees[0].user_id = BOB;
    let mut self_invite = yonin_challenge();
    self_invite.invitees[0].user_id = ALICE;
    let mut same_seat = yonin_challenge();
    same_seat.invitees[0].seat = Some(0);
    for bad in [mixed, twice, self_invite, same_seat] {
        let error = store.create_challenge(&bad, (), T0).await.unwrap_err();
        assert!(matches!(error, StoreError::Invalid(_)), "{error}");
    }
    assert!(store
        .open_challenges_of_user(ALICE)
        .await
        .unwrap()
        .is_empty());
}

async fn open_challenge_taken_up_by_anyone(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    let open = NewChallenge {
        challenger_seat: None,
        invitees: Vec::new(),
        variant: "standard".into(),
        ..yonin_challenge()
    };
    let challenge = store.create_challenge(&open, (), T0).await.unwrap();
    assert_eq!(challenge.seat_mode, SeatMode::Random);
    assert!(challenge.invitees.is_empty());
    let joined = store
        .add_invitee(
            challenge.id,
            NewInvitee {
                user_id: BOB,
                seat: None,
            },
            InviteResponse::Accepted,
            None,
            T0 + 5,
        )
        .await
        .unwrap();
    assert_eq!(joined.invitees.len(), 1);
    assert!(joined.all_accepted());
    assert_eq!(joined.invitees[0].responded_at, Some(T0 + 5));
    for (user, seat) in [(BOB, None), (ALICE, None), (CAROL, Some(1))] {
        let error = store
            .add_invitee(
                challenge.id,
                NewInvitee {
                    user_id: user,
                    seat,
                },
                InviteResponse::Accepted,
                None,
                T0,
            )
            .await
            .unwrap_err();
        assert!(matches!(error, StoreError::Invalid(_)), "{error}");
    }
    // A challenge with room for one opponent, already taken: the next player is refused.
    let error = store
        .add_invitee(
            challenge.id,
            NewInvitee {
                user_id: CAROL,
                seat: None,
            },
            InviteResponse::Accepted,
            Some(1),
            T0 + 6,
        )
        .await
        .unwrap_err();
    assert!(
        matches!(error, StoreError::ChallengeFull(id) if id == challenge.id),
        "{error}"
    );
    let full = store.challenge(challenge.id).await.unwrap().unwrap();
    assert_eq!(full.invitees.len(), 1);
}

async fn challenges_expire_once(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    let soon = store
        .create_challenge(
            &NewChallenge {
                expires_at: T0 + 60,
                ..yonin_challenge()
            },
            (),
            T0,
        )
        .await
        .unwrap();
    let later = store
        .create_challenge(
            &NewChallenge {
                expires_at: T0 + 600,
                channel_id: OTHER_CHANNEL,
                ..yonin_challenge()
            },
            (),
            T0,
        )
        .await
        .unwrap();
    let cancelled = store
        .create_challenge(
            &NewChallenge {
                expires_at: T0 + 30,
                ..yonin_challenge()
            },
            (),
            T0,
        )
        .await
        .unwrap();
    store
        .close_challenge(cancelled.id, ChallengeClosure::Cancelled, (), T0 + 1)
        .await
        .unwrap();

    assert!(store
        .challenges_due_to_expire(T0 + 59)
        .await
        .unwrap()
        .is_empty());
    let due: Vec<_> = store
        .challenges_due_to_expire(T0 + 60)
        .await
        .unwrap()
        .into_iter()
        .map(|c| c.id)
        .collect();
    assert_eq!(due, [soon.id]);
    assert_eq!(store.next_scheduled_at().await.unwrap(), Some(T0 + 60));

    // One challenge at a time: only when it is due, and only while it is open.
    assert_eq!(
        store
            .expire_challenge(later.id, (), T0 + 599)
            .await
            .unwrap(),
        None
    );
    assert_eq!(
        store
            .expire_challenge(cancelled.id, (), T0 + 700)
            .await
            .unwrap(),
        None
    );
    let alone = store
        .expire_challenge(soon.id, (), T0 + 60)
        .await
        .unwrap()
        .expect("the due challenge expires");
    assert_eq!(
        (alone.id, alone.status, alone.resolved_at),
        (soon.id, ChallengeStatus::Expired, Some(T0 + 60))
    );
    assert_eq!(
        store.expire_challenge(soon.id, (), T0 + 61).await.unwrap(),
        None
    );
    assert_eq!(
        store.challenge(later.id).await.unwrap().unwrap().status,
        ChallengeStatus::Open
    );

    let expired = store.expire_due_challenges((), T0 + 700).await.unwrap();
    let expired_ids: Vec<_> = expired.iter().map(|c| c.id).collect();
    assert_eq!(expired_ids, [later.id]);
    assert!(expired
        .iter()
        .all(|c| c.status == ChallengeStatus::Expired && c.resolved_at == Some(T0 + 700)));
    assert_eq!(expired[0].invitees.len(), 3);
    assert_eq!(alone.invitees.len(), 3);
    assert!(store
        .expire_due_challenges((), T0 + 800)
        .await
        .unwrap()
        .is_empty());
    assert_eq!(store.next_scheduled_at().await.unwrap(), None);
}

async fn accepting_a_challenge_creates_the_game_once(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    store.upsert_user(ALICE, "Alice", T0).await.unwrap();
    let challenge = store
        .create_challenge(&yonin_challenge(), (), T0)
        .await
        .unwrap();
    let new_game = NewGame {
        challenge_id: Some(challenge.id),
        ..yonin_game(CHANNEL, "yonin")
    };
    let game = store.create_game(&new_game, (), T0 + 100).await.unwrap();
    assert_eq!(game.challenge_id, Some(challenge.id));
    assert_eq!(game.status, GameStatus::Active);
    assert_eq!((game.version, game.ply), (0, 0));
    assert_eq!(game.state, "yonin start");
    let seats: Vec<(u8, UserId)> = game.seats.iter().map(|s| (s.seat, s.user_id)).collect();
    assert_eq!(seats, [(0, ALICE), (1, BOB), (2, CAROL), (3, DAVE)]);
    assert_eq!(game.seats[0].display_name.as_deref(), Some("Alice"));
    assert_eq!(game.user_at(2), Some(CAROL));
    assert_eq!(game.seats_of(DAVE).collect::<Vec<_>>(), [3]);
    let accepted = store.challenge(challenge.id).await.unwrap().unwrap();
    assert_eq!(accepted.status, ChallengeStatus::Accepted);
    assert_eq!(accepted.resolved_at, Some(T0 + 100));

    // A second acceptance (say, a double click) creates nothing.
    let again = NewGame {
        channel_id: OTHER_CHANNEL,
        ..new_game
    };
    let error = store.create_game(&again, (), T0 + 101).await.unwrap_err();
    assert!(
        matches!(
            error,
            StoreError::ChallengeNotOpen {
                status: ChallengeStatus::Accepted,
                ..
            }
        ),
        "{error}"
    );
    assert!(store
        .active_game_in_channel(OTHER_CHANNEL)
        .await
        .unwrap()
        .is_none());
}

on_both_backends! {
    challenge_lifecycle,
    challenges_refuse_contradictions,
    open_challenge_taken_up_by_anyone,
    challenges_expire_once,
    accepting_a_challenge_creates_the_game_once,
}
