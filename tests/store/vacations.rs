//! Players' vacations (`src/store/vacations.rs`).

use common::backends::Backend;
use common::ids::*;
use common::on_both_backends;
use shogiban::store::StoreError;

use crate::support::*;

/// Vacations as stored: one under way at a time, the seconds used in a period, those of
/// several players, the due ends announced once, and an early end kept within the
/// vacation.
async fn vacations_are_stored_used_and_ended_once(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    let day = 86_400;
    let alice = store
        .start_vacation(ALICE, T0, T0 + 3 * day, &[], Vec::new(), T0)
        .await
        .unwrap();
    assert!(!alice.end_announced);
    assert!(matches!(
        store
            .start_vacation(ALICE, T0 + day, T0 + 2 * day, &[], Vec::new(), T0 + day)
            .await,
        Err(StoreError::Invalid(_))
    ));
    let bob = store
        .start_vacation(BOB, T0 + day, T0 + 2 * day, &[], Vec::new(), T0 + day)
        .await
        .unwrap();
    assert_eq!(
        store.current_vacation(ALICE, T0 + day).await.unwrap(),
        Some(alice)
    );
    assert_eq!(store.current_vacation(CAROL, T0 + day).await.unwrap(), None);
    assert_eq!(
        store
            .vacation_used(ALICE, T0 - day, T0 + day)
            .await
            .unwrap(),
        3 * day
    );
    assert_eq!(store.vacation_used(CAROL, T0, T0 + day).await.unwrap(), 0);
    assert_eq!(
        store
            .vacations_of(&[BOB, ALICE, CAROL], T0)
            .await
            .unwrap()
            .iter()
            .map(|v| v.user_id)
            .collect::<Vec<_>>(),
        [ALICE, BOB],
        "in start order"
    );
    assert_eq!(store.next_scheduled_at().await.unwrap(), Some(T0 + 2 * day));
    assert_eq!(
        store.due_vacation_ends(T0 + 2 * day).await.unwrap(),
        vec![bob]
    );

    // Alice ends hers early: the end is now, and is announced once.
    let ended = store
        .end_vacation(alice.id, T0 + day, &[], Vec::new(), T0 + day)
        .await
        .unwrap()
        .expect("ended");
    assert_eq!((ended.ends_at, ended.end_announced), (T0 + day, true));
    assert_eq!(
        store
            .end_vacation(alice.id, T0 + day, &[], Vec::new(), T0 + day)
            .await
            .unwrap(),
        None
    );
    assert_eq!(store.vacation_used(ALICE, T0, T0 + 1).await.unwrap(), day);
    // Bob's end, asked after his planned end, stays at the planned end.
    let ended = store
        .end_vacation(bob.id, T0 + 5 * day, &[], Vec::new(), T0 + 5 * day)
        .await
        .unwrap()
        .expect("ended");
    assert_eq!(ended.ends_at, T0 + 2 * day);
    assert!(store
        .due_vacation_ends(T0 + 9 * day)
        .await
        .unwrap()
        .is_empty());
    assert_eq!(store.next_scheduled_at().await.unwrap(), None);
}

on_both_backends! {
    vacations_are_stored_used_and_ended_once,
}
