//! The outbox (`src/store/announcements.rs`): announcements written with their change, and
//! their delivery in order, one claimer at a time.

use std::collections::HashSet;

use common::backends::Backend;
use common::ids::*;
use common::on_both_backends;
use serde_json::json;
use shogiban::service::ratings::Outcome;
use shogiban::store::{
    unrated, Challenge, ChannelId, Game, MessageId, NewAnnouncement, NewChallenge, NewOffer, Offer,
    OfferKind, StoreError,
};

use crate::support::*;

/// An announcement about a game in its channel, saying `what`.
fn note(game: &Game, what: &str) -> NewAnnouncement {
    NewAnnouncement {
        channel_id: game.channel_id,
        game_id: Some(game.id),
        challenge_id: None,
        kind: "test".into(),
        payload: json!({ "say": what, "ply": game.ply }),
    }
}

/// What the announcements of a list say, in order.
fn said(announcements: &[shogiban::store::ClaimedAnnouncement]) -> Vec<String> {
    announcements
        .iter()
        .map(|a| a.payload["say"].as_str().unwrap_or_default().to_owned())
        .collect()
}

async fn announcements_are_stored_with_their_change_or_not_at_all(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    let game = store
        .create_game(
            &standard_game(CHANNEL, ALICE, BOB),
            |created: &Game| Ok(vec![note(created, "the game begins")]),
            T0,
        )
        .await
        .unwrap();
    // The function deciding a move's announcement sees the game as the move leaves it.
    let moved = store
        .apply_move(
            game.at_version(),
            &move_by(0, ALICE, "7g7f", AFTER_7G7F),
            &next_turn(AFTER_7G7F, T0 + 1),
            |after: &Game| Ok(vec![note(after, "black played 7g7f")]),
            T0 + 1,
        )
        .await
        .unwrap();
    // A move that loses the race stores neither itself nor its announcement.
    let error = store
        .apply_move(
            game.at_version(),
            &move_by(0, ALICE, "2g2f", AFTER_2G2F),
            &next_turn(AFTER_2G2F, T0 + 1),
            vec![note(&game, "black played 2g2f")],
            T0 + 1,
        )
        .await
        .unwrap_err();
    assert!(matches!(error, StoreError::Conflict { .. }), "{error}");
    // An announcement that cannot be made takes its change back with it.
    let error = store
        .apply_move(
            moved.at_version(),
            &move_by(1, BOB, "3c3d", "after 3c3d"),
            &next_turn("after 3c3d", T0 + 2),
            |_: &Game| Err(StoreError::Invalid("cannot say it".into())),
            T0 + 2,
        )
        .await
        .unwrap_err();
    assert!(matches!(error, StoreError::Invalid(_)), "{error}");
    assert_eq!(store.game(game.id).await.unwrap().unwrap().ply, 1);

    let stored = store.announcements_of_game(game.id).await.unwrap();
    let texts: Vec<(&str, u64)> = stored
        .iter()
        .map(|a| {
            (
                a.payload["say"].as_str().unwrap(),
                a.payload["ply"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(texts, [("the game begins", 0), ("black played 7g7f", 1)]);
    assert_eq!(stored[1].created_at, T0 + 1);
    assert!(stored
        .iter()
        .all(|a| a.delivered_ms.is_none() && a.attempts == 0));
    assert_eq!(store.undelivered_announcements().await.unwrap(), 2);

    // Offers, reminders, endings and expiry announce in their own transactions too.
    let offered = store
        .put_offer(
            moved.at_version(),
            &NewOffer {
                kind: OfferKind::Draw,
                seat: 1,
                user_id: BOB,
            },
            |offer: &Offer| {
                Ok(vec![NewAnnouncement {
                    payload: json!({ "say": format!("seat {} offers a draw", offer.seat) }),
                    ..note(&moved, "")
                }])
            },
            T0 + 3,
        )
        .await
        .unwrap();
    assert_eq!(offered.seat, 1);
    assert!(store
        .remove_offer(
            game.id,
            OfferKind::Draw,
            vec![note(&moved, "the draw is declined")],
            T0 + 4
        )
        .await
        .unwrap());
    // Nothing to remove: nothing announced.
    assert!(!store
        .remove_offer(
            game.id,
            OfferKind::Draw,
            vec![note(&moved, "declined twice")],
            T0 + 5
        )
        .await
        .unwrap());
    assert!(store
        .mark_reminder_sent(moved.at_version(), vec![note(&moved, "reminder")], T0 + 6)
        .await
        .unwrap());
    assert!(!store
        .mark_reminder_sent(
            moved.at_version(),
            vec![note(&moved, "reminder again")],
            T0 + 7
        )
        .await
        .unwrap());
    store
        .finish_game(
            moved.at_version(),
            None,
            &two_player_end(Outcome::Win),
            unrated,
            |ended: &Game| Ok(vec![note(ended, &format!("the game is {}", ended.status))]),
            T0 + 8,
        )
        .await
        .unwrap();
    let challenge = store
        .create_challenge(
            &NewChallenge {
                expires_at: T0 + 10,
                ..yonin_challenge()
            },
            |made: &Challenge| {
                Ok(vec![NewAnnouncement {
                    channel_id: made.channel_id,
                    game_id: None,
                    challenge_id: Some(made.id),
                    kind: "challenge".into(),
                    payload: json!({ "say": format!("challenge {}", made.id) }),
                }])
            },
            T0 + 9,
        )
        .await
        .unwrap();
    store
        .expire_due_challenges(
            |expired: &[Challenge]| {
                Ok(expired
                    .iter()
                    .map(|c| NewAnnouncement {
                        channel_id: c.channel_id,
                        game_id: None,
                        challenge_id: Some(c.id),
                        kind: "expired".into(),
                        payload: json!({ "say": format!("challenge {} expired", c.id) }),
                    })
                    .collect())
            },
            T0 + 11,
        )
        .await
        .unwrap();
    let said: Vec<String> = store
        .announcements_in_channel(CHANNEL)
        .await
        .unwrap()
        .iter()
        .map(|a| a.payload["say"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(
        said,
        [
            "the game begins".to_owned(),
            "black played 7g7f".into(),
            "seat 1 offers a draw".into(),
            "the draw is declined".into(),
            "reminder".into(),
            "the game is finished".into(),
            format!("challenge {}", challenge.id),
            format!("challenge {} expired", challenge.id),
        ]
    );
}

async fn each_channel_delivers_in_order_one_at_a_time(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    let here = store
        .create_game(
            &standard_game(CHANNEL, ALICE, BOB),
            |g: &Game| Ok(vec![note(g, "here 1"), note(g, "here 2")]),
            T0,
        )
        .await
        .unwrap();
    store
        .create_game(
            &standard_game(OTHER_CHANNEL, CAROL, DAVE),
            |g: &Game| Ok(vec![note(g, "there 1")]),
            T0,
        )
        .await
        .unwrap();
    store
        .mark_reminder_sent(here.at_version(), vec![note(&here, "here 3")], T0)
        .await
        .unwrap();

    // The first of each channel, oldest first; the limit keeps the oldest.
    let first = store
        .claim_announcements("w1", 1_000, 60_000, 1)
        .await
        .unwrap();
    assert_eq!(said(&first), ["here 1"]);
    let rest = store
        .claim_announcements("w1", 1_000, 60_000, 10)
        .await
        .unwrap();
    assert_eq!(said(&rest), ["there 1"]);
    // Both channels are busy: nothing more, for anyone, while the claims last.
    assert!(store
        .claim_announcements("w2", 2_000, 60_000, 10)
        .await
        .unwrap()
        .is_empty());
    assert_eq!(
        store.next_announcement_due_ms().await.unwrap(),
        Some(61_000)
    );

    // Nothing delivered yet: no message shows where the game stands.
    assert_eq!(
        store.last_game_message(here.id, CHANNEL).await.unwrap(),
        None
    );

    // Delivered: the channel's next one goes.
    assert!(store
        .mark_delivered(first[0].id, &first[0].claim, Some(MessageId(77)), 3_000)
        .await
        .unwrap());
    assert_eq!(
        store.last_game_message(here.id, CHANNEL).await.unwrap(),
        Some(MessageId(77))
    );
    assert_eq!(
        store
            .last_game_message(here.id, OTHER_CHANNEL)
            .await
            .unwrap(),
        None
    );
    let next = store
        .claim_announcements("w1", 3_000, 60_000, 10)
        .await
        .unwrap();
    assert_eq!(said(&next), ["here 2"]);
    assert_eq!(next[0].claim.attempt, 1);

    // A failed attempt waits for its retry, and holds back the rest of its channel.
    assert!(store
        .schedule_retry(next[0].id, &next[0].claim, 5_000, "Discord answered 500")
        .await
        .unwrap());
    assert!(store
        .claim_announcements("w1", 4_999, 60_000, 10)
        .await
        .unwrap()
        .is_empty());
    assert_eq!(store.next_announcement_due_ms().await.unwrap(), Some(5_000));
    let retried = store
        .claim_announcements("w2", 5_000, 60_000, 10)
        .await
        .unwrap();
    assert_eq!(said(&retried), ["here 2"]);
    assert_eq!(retried[0].claim.attempt, 2);
    assert_eq!(retried[0].claim.worker, "w2");

    // Given up: the channel goes on with the next.
    assert!(store
        .abandon_announcement(retried[0].id, &retried[0].claim, "Unknown Channel", 6_000)
        .await
        .unwrap());
    let last = store
        .claim_announcements("w1", 6_000, 60_000, 10)
        .await
        .unwrap();
    assert_eq!(said(&last), ["here 3"]);
    // A given-up announcement left no message: the game's last one is still the first.
    assert_eq!(
        store.last_game_message(here.id, CHANNEL).await.unwrap(),
        Some(MessageId(77))
    );
    assert!(store
        .mark_delivered(last[0].id, &last[0].claim, Some(MessageId(79)), 6_500)
        .await
        .unwrap());
    assert_eq!(
        store.last_game_message(here.id, CHANNEL).await.unwrap(),
        Some(MessageId(79))
    );

    let stored = store.announcements_in_channel(CHANNEL).await.unwrap();
    assert_eq!(stored[0].message_id, Some(MessageId(77)));
    assert_eq!(stored[0].delivered_ms, Some(3_000));
    assert_eq!(stored[1].abandoned_ms, Some(6_000));
    assert_eq!(stored[1].attempts, 2);
    assert_eq!(stored[1].last_error.as_deref(), Some("Unknown Channel"));
    assert_eq!(store.undelivered_announcements().await.unwrap(), 1);
}

async fn a_claim_whose_process_died_is_taken_over_after_its_lease(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    store
        .create_game(
            &standard_game(CHANNEL, ALICE, BOB),
            |g: &Game| Ok(vec![note(g, "the game begins")]),
            T0,
        )
        .await
        .unwrap();
    let dead = store
        .claim_announcements("dead", 1_000, 5_000, 10)
        .await
        .unwrap();
    assert_eq!(dead.len(), 1);
    assert!(store
        .claim_announcements("alive", 5_999, 5_000, 10)
        .await
        .unwrap()
        .is_empty());
    let taken = store
        .claim_announcements("alive", 6_000, 5_000, 10)
        .await
        .unwrap();
    assert_eq!(said(&taken), ["the game begins"]);
    assert_eq!(taken[0].claim.attempt, 2);
    // The first claimer comes back to life: its outcome is not written over the taker's.
    assert!(!store
        .mark_delivered(dead[0].id, &dead[0].claim, Some(MessageId(1)), 6_500)
        .await
        .unwrap());
    assert!(!store
        .schedule_retry(dead[0].id, &dead[0].claim, 9_000, "late")
        .await
        .unwrap());
    assert!(store
        .mark_delivered(taken[0].id, &taken[0].claim, Some(MessageId(2)), 7_000)
        .await
        .unwrap());
    let stored = store.announcements_in_channel(CHANNEL).await.unwrap();
    assert_eq!(stored[0].message_id, Some(MessageId(2)));
    assert_eq!(stored[0].claimed_by.as_deref(), Some("alive"));
    assert_eq!(store.next_announcement_due_ms().await.unwrap(), None);
}

async fn racing_claimers_never_claim_the_same_announcement(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    for n in 0..20 {
        store
            .create_game(
                &standard_game(ChannelId(5000 + n), ALICE, BOB),
                |g: &Game| Ok(vec![note(g, "begins")]),
                T0,
            )
            .await
            .unwrap();
    }
    let claimers: Vec<_> = (0..4)
        .map(|n| {
            let store = store.clone();
            tokio::spawn(async move {
                let mut mine = Vec::new();
                for _ in 0..10 {
                    let claimed = store
                        .claim_announcements(&format!("w{n}"), 1_000, 60_000, 3)
                        .await
                        .unwrap();
                    mine.extend(claimed.into_iter().map(|a| a.id));
                }
                mine
            })
        })
        .collect();
    let mut all = Vec::new();
    for claimer in claimers {
        all.extend(claimer.await.unwrap());
    }
    let distinct: HashSet<_> = all.iter().collect();
    assert_eq!(all.len(), 20, "{all:?}");
    assert_eq!(distinct.len(), 20);
}

on_both_backends! {
    announcements_are_stored_with_their_change_or_not_at_all,
    each_channel_delivers_in_order_one_at_a_time,
    a_claim_whose_process_died_is_taken_over_after_its_lease,
    racing_claimers_never_claim_the_same_announcement (multi),
}
