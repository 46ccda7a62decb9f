//! What time it is, as UNIX seconds: the system clock in the bot, a hand-set clock in tests.
//! This is the time source only; the games' turn clocks (deadlines, banks, pauses) are
//! [`super::clocks`], and `discord::vacation` words the correspondence clock for players.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

/// A source of the current time in UNIX seconds. The service asks it whenever an action
/// needs "now" (move times, turn deadlines, challenge expiry).
pub trait Clock: Send + Sync + 'static {
    fn now(&self) -> i64;
}

/// The system's wall clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> i64 {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |since| {
                i64::try_from(since.as_secs()).unwrap_or(i64::MAX)
            })
    }
}

/// A clock that stands still until told otherwise; clones share the same time.
#[derive(Clone, Debug)]
pub struct ManualClock(Arc<AtomicI64>);

impl ManualClock {
    pub fn new(now: i64) -> Self {
        Self(Arc::new(AtomicI64::new(now)))
    }

    /// Sets the time.
    pub fn set(&self, now: i64) {
        self.0.store(now, Ordering::SeqCst);
    }

    /// Moves the time on by `seconds`; returns the new time.
    pub fn advance(&self, seconds: i64) -> i64 {
        self.0.fetch_add(seconds, Ordering::SeqCst) + seconds
    }
}

impl Clock for ManualClock {
    fn now(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}
