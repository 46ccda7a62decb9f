//! Notification modes and daily digests (`src/store/notifications.rs`).

use common::backends::Backend;
use common::ids::*;
use common::on_both_backends;
use serde_json::json;
use shogiban::store::{NewAnnouncement, StoreError};

use crate::support::*;

/// A player's notification mode and daily digest: the digest's time of day is kept when
/// the digest is chosen again, another mode forgets it, and a due digest is sent (its
/// announcement stored) by exactly one of two rounds that saw it due.
async fn a_digest_is_due_once_a_day_and_sent_once(backend: Backend) {
    use shogiban::store::NotificationMode;
    let (_db, store) = fresh(backend).await;
    assert_eq!(store.notification_setting(ALICE).await.unwrap(), None);
    let dm = store
        .set_notification_mode(ALICE, NotificationMode::Dm, T0 + 100, T0)
        .await
        .unwrap();
    assert_eq!((dm.mode, dm.digest_next_at), (NotificationMode::Dm, None));
    let digest = store
        .set_notification_mode(ALICE, NotificationMode::Digest, T0 + 100, T0)
        .await
        .unwrap();
    assert_eq!(digest.digest_next_at, Some(T0 + 100));
    // Choosing the digest again keeps its time of day.
    let again = store
        .set_notification_mode(ALICE, NotificationMode::Digest, T0 + 500, T0 + 1)
        .await
        .unwrap();
    assert_eq!(again.digest_next_at, Some(T0 + 100));
    assert_eq!(store.next_scheduled_at().await.unwrap(), Some(T0 + 100));
    assert!(store.due_digests(T0 + 99).await.unwrap().is_empty());
    assert_eq!(store.due_digests(T0 + 100).await.unwrap(), vec![again]);

    let digest_note = NewAnnouncement {
        channel_id: CHANNEL,
        game_id: None,
        challenge_id: None,
        kind: "digest".into(),
        payload: json!({ "say": "two games wait for you" }),
    };
    let next_day = T0 + 100 + 86_400;
    let first = store
        .send_digest(
            ALICE,
            T0 + 100,
            next_day,
            std::slice::from_ref(&digest_note),
            T0 + 100,
        )
        .await
        .unwrap();
    let second = store
        .send_digest(
            ALICE,
            T0 + 100,
            next_day,
            std::slice::from_ref(&digest_note),
            T0 + 101,
        )
        .await
        .unwrap();
    assert!(first && !second, "the digest is sent once");
    let kinds: Vec<String> = store
        .announcements_in_channel(CHANNEL)
        .await
        .unwrap()
        .into_iter()
        .map(|a| a.kind)
        .collect();
    assert_eq!(kinds, ["digest"]);
    assert!(store.due_digests(T0 + 200).await.unwrap().is_empty());
    assert!(matches!(
        store.send_digest(ALICE, next_day, next_day, &[], T0).await,
        Err(StoreError::Invalid(_))
    ));

    // Another mode forgets the digest's time.
    let quiet = store
        .set_notification_mode(ALICE, NotificationMode::Quiet, T0 + 900, T0 + 2)
        .await
        .unwrap();
    assert_eq!(
        (quiet.mode, quiet.digest_next_at),
        (NotificationMode::Quiet, None)
    );
    assert_eq!(store.next_scheduled_at().await.unwrap(), None);
}

on_both_backends! {
    a_digest_is_due_once_a_day_and_sent_once,
}
