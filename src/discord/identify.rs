//! Discord's IDENTIFY limit across processes: the shards of one rate-limit bucket (shard id
//! modulo `max_concurrency`) identify one at a time, 5 seconds apart, whichever process
//! runs them. On PostgreSQL every process of the bot shares the database, and a lock per
//! bucket there ([`SharedLocks`]) is taken before a shard identifies and held for the 5
//! seconds after its IDENTIFY was sent; within a process, a semaphore per bucket does the
//! same for its own shards. Serenity's shard queuer asks this gate before each IDENTIFY
//! (see `vendor/serenity/PATCHES.md`).
//!
//! If the database cannot be reached, a shard identifies without the shared lock (a
//! warning says so): Discord then at worst invalidates a session, and serenity identifies
//! again, which is better than no gateway at all.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::store::SharedLocks;

use super::IDENTIFY_INTERVAL;

/// How long a bucket stays held after a shard's IDENTIFY was sent: Discord's 5 seconds, and
/// a quarter of a second for the time the IDENTIFY takes to reach Discord.
pub const IDENTIFY_HOLD: Duration = Duration::from_millis(5_250);

/// How often a shard waiting for its bucket tries the shared lock again.
const RETRY: Duration = Duration::from_millis(100);

/// The gate serenity's shard queuer passes before each IDENTIFY.
#[derive(Debug)]
pub struct IdentifyGate {
    locks: SharedLocks,
    /// This process's hold on each bucket, so that its own shards take turns too.
    buckets: Mutex<HashMap<u32, Arc<Semaphore>>>,
    /// The holds taken, until they are released.
    held: Mutex<HashMap<u32, Held>>,
}

/// A bucket held by this process.
#[derive(Debug)]
struct Held {
    _turn: OwnedSemaphorePermit,
    /// Whether the shared lock was taken (and is to be released).
    shared: bool,
}

impl IdentifyGate {
    /// A gate over the database's shared locks.
    pub fn new(locks: SharedLocks) -> Self {
        Self {
            locks,
            buckets: Mutex::default(),
            held: Mutex::default(),
        }
    }

    fn bucket(&self, bucket: u32) -> Arc<Semaphore> {
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        Arc::clone(
            buckets
                .entry(bucket)
                .or_insert_with(|| Arc::new(Semaphore::new(1))),
        )
    }

    /// Takes the shared lock of `bucket`, waiting for the other processes: `false` if the
    /// database cannot be asked.
    async fn take_shared(&self, shard: u32, bucket: u32) -> bool {
        let name = lock_name(bucket);
        let mut waited = false;
        loop {
            match self.locks.try_lock(&name).await {
                Ok(true) => {
                    if waited {
                        tracing::info!(
                            shard,
                            bucket,
                            "another process identified; this shard's turn"
                        );
                    }
                    return true;
                }
                Ok(false) => {
                    if !waited {
                        tracing::info!(
                            shard,
                            bucket,
                            "another process is identifying a shard of this IDENTIFY bucket; \
                             waiting for its turn"
                        );
                        waited = true;
                    }
                    tokio::time::sleep(RETRY).await;
                }
                Err(error) => {
                    tracing::warn!(
                        shard,
                        bucket,
                        %error,
                        "cannot take the IDENTIFY lock shared with the other processes; \
                         identifying without it"
                    );
                    return false;
                }
            }
        }
    }
}

/// The name of the shared lock of an IDENTIFY bucket.
fn lock_name(bucket: u32) -> String {
    format!("discord-identify-bucket-{bucket}")
}

#[serenity::async_trait]
impl serenity::IdentifyGate for IdentifyGate {
    async fn before_identify(&self, shard_id: serenity::ShardId, bucket: u32) {
        let turn = match self.bucket(bucket).acquire_owned().await {
            Ok(turn) => turn,
            // The semaphore is never closed.
            Err(_) => return,
        };
        let shared = self.take_shared(shard_id.0, bucket).await;
        self.held.lock().unwrap_or_else(|e| e.into_inner()).insert(
            bucket,
            Held {
                _turn: turn,
                shared,
            },
        );
    }

    async fn after_identify(
        &self,
        shard_id: serenity::ShardId,
        bucket: u32,
        sent: Option<tokio::time::Instant>,
    ) {
        if sent.is_none() {
            tracing::debug!(shard = shard_id.0, "the shard did not report its IDENTIFY");
        }
        let from = sent.unwrap_or_else(tokio::time::Instant::now);
        tokio::time::sleep_until(from + IDENTIFY_HOLD).await;
        let held = self
            .held
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&bucket);
        if let Some(Held { shared: true, .. }) = held {
            if let Err(error) = self.locks.unlock(&lock_name(bucket)).await {
                // The lock went with the connection: nothing is left held.
                tracing::debug!(%error, bucket, "the IDENTIFY lock went with its connection");
            }
        }
    }
}

/// Keeps [`IDENTIFY_HOLD`] at least Discord's interval.
const _: () = assert!(IDENTIFY_HOLD.as_millis() >= IDENTIFY_INTERVAL.as_millis());
