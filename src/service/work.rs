//! Work done once across processes: the name this process claims work under, and the claim
//! taken around each item of scheduled work (a timeout, a reminder, a challenge's expiry, a
//! thread to archive, a vacation's end, a digest, a computer player's move).
//!
//! Several bot processes may share one database (PostgreSQL, each process running some of
//! the gateway's shards), and each runs the scheduler and the computer players. An item is
//! done by the process that claims it in the store ([`Store::claim_work`]) for
//! [`Settings::work_lease`] seconds; the others pass it by. The claimer reads the item
//! afresh, does it, and releases the claim; a claim whose process died is taken over once
//! its lease has run out. The item's own write stays guarded (the version check on games,
//! `status = 'open'` on challenges, the due time on digests), so a lease that runs out
//! mid-work costs at most a wasted attempt, never a second announcement.
//!
//! [`Store::claim_work`]: crate::store::Store::claim_work
//! [`Settings::work_lease`]: super::Settings::work_lease

use std::future::Future;

use rand::Rng;

use crate::store::WorkKind;

use super::{Service, ServiceError, ServiceResult};

/// How long a claim on an item of scheduled work holds, in seconds: far longer than the
/// work takes (a computer's longest think is a few seconds), and the longest a dead
/// process's item waits before another process takes it over.
pub const DEFAULT_WORK_LEASE: i64 = 120;

/// A name for this process's claims, unique among the processes on one database: the host
/// name, the process id (which repeats across machines and restarts) and a random suffix.
pub(super) fn process_name() -> String {
    let host = std::env::var("HOSTNAME")
        .ok()
        .or_else(|| std::fs::read_to_string("/proc/sys/kernel/hostname").ok())
        .map(|name| name.trim().to_owned())
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| "host".to_owned());
    format!(
        "{host}-{}-{:08x}",
        std::process::id(),
        rand::thread_rng().gen::<u32>()
    )
}

impl Service {
    /// The name this process claims work under (set in [`Settings::process_id`], or made
    /// up when the service is made).
    ///
    /// [`Settings::process_id`]: super::Settings::process_id
    pub fn process_id(&self) -> &str {
        &self.inner.process_id
    }

    /// Does `work` (the item `item`'s work of `kind`, due at `now`) if this process claims
    /// it: `Ok(None)` without polling `work` if another process holds the claim. `work`
    /// reads what it needs afresh (the claim may have been taken just after another
    /// process finished the item) and says `None` when there was nothing left to do. The
    /// claim is released when `work` ends, whatever its result; a release that fails is
    /// logged and the claim left to run out.
    pub(super) async fn once<T>(
        &self,
        kind: WorkKind,
        item: i64,
        now: i64,
        work: impl Future<Output = ServiceResult<Option<T>>>,
    ) -> ServiceResult<Option<T>> {
        let lease = self.settings().work_lease;
        if !self
            .store()
            .claim_work(kind, item, self.process_id(), lease, now)
            .await?
        {
            tracing::debug!(kind = kind.as_str(), item, "claimed by another process");
            return Ok(None);
        }
        let done = work.await;
        if let Err(error) = self
            .store()
            .release_work(kind, item, self.process_id())
            .await
        {
            // During an outage the work failed too, and the outage is logged once.
            if error.is_unavailable() {
                self.store().note_error(&error);
                tracing::debug!(kind = kind.as_str(), item, %error, "claim left to run out");
            } else {
                tracing::warn!(kind = kind.as_str(), item, %error, "claim left to run out");
            }
        }
        done
    }
}

impl Service {
    /// Renews this process's claim on `item`'s work of `kind` from now, before a long part
    /// of the work (a computer's search that waited for a thinker): `false` if the claim
    /// ran out meanwhile and another process took the item over, which then does it.
    pub(super) async fn renew_claim(&self, kind: WorkKind, item: i64) -> ServiceResult<bool> {
        let lease = self.settings().work_lease;
        Ok(self
            .store()
            .claim_work(kind, item, self.process_id(), lease, self.now())
            .await?)
    }
}

impl Service {
    /// When `error` says the database cannot be reached: notes the outage (logged once,
    /// whoever meets it first) and waits until the database takes a write again, then says
    /// `true`, so the caller goes on at once and catches up. Any other error: `false` at
    /// once. The background work (the clock, the computer players, the delivery of
    /// announcements) waits here during an outage instead of failing and logging every
    /// round.
    pub async fn wait_out_outage(&self, error: &ServiceError) -> bool {
        let Some(error) = error.storage().filter(|error| error.is_unavailable()) else {
            return false;
        };
        self.store().note_error(error);
        self.store().wait_until_reachable().await;
        true
    }
}

/// A Discord id as a claim's item: bit for bit, as the store keeps ids.
pub(super) fn item_of(id: u64) -> i64 {
    i64::from_ne_bytes(id.to_ne_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn process_names_differ_within_one_process() {
        let (a, b) = (process_name(), process_name());
        assert_ne!(a, b);
        assert!(a.contains(&format!("-{}-", std::process::id())), "{a}");
    }

    #[test]
    fn discord_ids_are_items_bit_for_bit() {
        assert_eq!(item_of(42), 42);
        assert_eq!(item_of(u64::MAX), -1);
    }
}
