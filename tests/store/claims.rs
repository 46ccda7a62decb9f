//! Work claimed once across processes (`src/store/claims.rs`).

use common::backends::Backend;
use common::ids::*;
use common::on_both_backends;
use shogiban::store::{Store, WorkClaim, WorkKind};

use crate::support::*;

/// The claim on an item of scheduled work: one process holds it until its lease runs out,
/// renews it while it holds it, and gives it up when done; another takes it over only once
/// the lease has run out, and then the first one's release leaves it alone.
async fn work_is_claimed_by_one_process_until_its_lease_runs_out(backend: Backend) {
    let (_db, store) = fresh(backend).await;
    let kind = WorkKind::Reminder;
    assert_eq!(store.work_claim(kind, 7).await.unwrap(), None);
    assert!(store.claim_work(kind, 7, "one", 60, T0).await.unwrap());
    assert!(!store.claim_work(kind, 7, "two", 60, T0).await.unwrap());
    assert!(!store.claim_work(kind, 7, "two", 60, T0 + 59).await.unwrap());
    // The holder renews its own claim; other kinds and other items are free.
    assert!(store.claim_work(kind, 7, "one", 60, T0 + 30).await.unwrap());
    assert!(!store.claim_work(kind, 7, "two", 60, T0 + 60).await.unwrap());
    assert!(store
        .claim_work(WorkKind::Timeout, 7, "two", 60, T0)
        .await
        .unwrap());
    assert!(store.claim_work(kind, 8, "two", 60, T0).await.unwrap());
    assert_eq!(
        store.work_claim(kind, 7).await.unwrap(),
        Some(WorkClaim {
            claimed_by: "one".into(),
            lease_until: T0 + 90
        })
    );
    // Once the lease has run out, another takes it over; the old holder's release is
    // ignored, the new holder's deletes the claim.
    assert!(store.claim_work(kind, 7, "two", 60, T0 + 90).await.unwrap());
    store.release_work(kind, 7, "one").await.unwrap();
    assert_eq!(
        store.work_claim(kind, 7).await.unwrap().unwrap().claimed_by,
        "two"
    );
    store.release_work(kind, 7, "two").await.unwrap();
    assert_eq!(store.work_claim(kind, 7).await.unwrap(), None);
    // Released, the item is free at once.
    assert!(store.claim_work(kind, 7, "one", 60, T0 + 91).await.unwrap());
}

/// Processes claiming one item at the same moment (each with its own pool, as separate
/// processes have): exactly one wins each item.
async fn of_processes_claiming_at_once_exactly_one_wins(backend: Backend) {
    let (db, _store) = fresh(backend).await;
    let mut stores = Vec::new();
    for _ in 0..4 {
        stores.push(Store::open(&db.url).await.expect("open store"));
    }
    for item in 0..10 {
        let claims: Vec<_> = stores
            .iter()
            .enumerate()
            .map(|(n, store)| {
                let store = store.clone();
                tokio::spawn(async move {
                    store
                        .claim_work(WorkKind::ComputerMove, item, &format!("p{n}"), 60, T0)
                        .await
                        .unwrap()
                })
            })
            .collect();
        let mut won = 0;
        for claim in claims {
            won += usize::from(claim.await.unwrap());
        }
        assert_eq!(won, 1, "item {item}");
    }
}

on_both_backends! {
    work_is_claimed_by_one_process_until_its_lease_runs_out,
    of_processes_claiming_at_once_exactly_one_wins (multi),
}
