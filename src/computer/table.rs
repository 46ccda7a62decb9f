//! The transposition table: one per process, shared by every search of every game, so a
//! game's searches find what the search of its previous move learned, and memory stays
//! bounded however many games the bot plays. Sized by `SHOGIBAN_HASH_MB` (default
//! [`DEFAULT_MB`]) or the USI `USI_Hash` option.
//!
//! Entries are written and read without locks (two searches may run at once): each is
//! three words, the first holding the key XORed with the other two, so a torn entry
//! (words from two different writes) fails its key check and reads as a miss.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::{Arc, RwLock};

use crate::engine::{Move, Sq};

use super::eval::Score;

/// The size when nothing says otherwise.
pub const DEFAULT_MB: usize = 64;
/// The environment variable that sizes the table, in megabytes.
pub const HASH_VAR: &str = "SHOGIBAN_HASH_MB";

/// What a stored score says about the true score.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true score is at least this.
    Lower,
    /// The true score is at most this.
    Upper,
}

/// One stored search result.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub best: Option<Move>,
    pub score: Score,
    pub depth: i32,
    pub bound: Bound,
}

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    mv: AtomicU64,
    data: AtomicU64,
}

/// A table of entries in pairs: a position may sit in either slot of its pair.
pub struct Table {
    slots: Box<[Slot]>,
    mask: usize,
    generation: AtomicU8,
}

const SLOT_BYTES: usize = std::mem::size_of::<Slot>();

impl Table {
    /// A table of at most `mb` megabytes (a power of two of slots, at least 1024).
    pub fn new(mb: usize) -> Table {
        let wanted = (mb.max(1) << 20) / SLOT_BYTES;
        let count = (wanted.next_power_of_two() >> 1).max(1024);
        let slots = (0..count).map(|_| Slot::default()).collect();
        Table {
            slots,
            mask: count - 1,
            generation: AtomicU8::new(0),
        }
    }

    /// Megabytes the table takes.
    pub fn megabytes(&self) -> usize {
        (self.slots.len() * SLOT_BYTES) >> 20
    }

    /// Marks a new search: entries of older searches give way first.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    fn pair(&self, key: u64) -> usize {
        (key as usize) & self.mask & !1
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let first = self.pair(key);
        (first..first + 2).find_map(|i| {
            let slot = &self.slots[i];
            let mv = slot.mv.load(Ordering::Relaxed);
            let data = slot.data.load(Ordering::Relaxed);
            (slot.check.load(Ordering::Relaxed) ^ mv ^ data == key).then(|| unpack(mv, data))
        })
    }

    pub fn store(&self, key: u64, entry: Entry) {
        let generation = self.generation.load(Ordering::Relaxed);
        let first = self.pair(key);
        // The slot of this position if it has one, else the one worth least: older
        // searches' entries first, then shallower ones.
        let mut target = first;
        let mut worst = i32::MAX;
        for i in first..first + 2 {
            let slot = &self.slots[i];
            let mv = slot.mv.load(Ordering::Relaxed);
            let data = slot.data.load(Ordering::Relaxed);
            if slot.check.load(Ordering::Relaxed) ^ mv ^ data == key {
                let old = unpack(mv, data);
                // Keep a deeper result of this search unless the new one is exact.
                if old.depth > entry.depth + 2
                    && entry.bound != Bound::Exact
                    && stored_generation(data) == generation
                {
                    return;
                }
                target = i;
                break;
            }
            let age = generation.wrapping_sub(stored_generation(data)) as i32;
            let worth = unpack(mv, data).depth - 8 * age;
            if worth < worst {
                worst = worth;
                target = i;
            }
        }
        let (mv, data) = pack(&entry, generation);
        let slot = &self.slots[target];
        slot.mv.store(mv, Ordering::Relaxed);
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(key ^ mv ^ data, Ordering::Relaxed);
    }

    /// Forgets everything.
    pub fn clear(&self) {
        for slot in self.slots.iter() {
            slot.check.store(0, Ordering::Relaxed);
            slot.mv.store(0, Ordering::Relaxed);
            slot.data.store(0, Ordering::Relaxed);
        }
    }
}

fn stored_generation(data: u64) -> u8 {
    (data >> 56) as u8
}

fn pack(e: &Entry, generation: u8) -> (u64, u64) {
    let mv = match e.best {
        Some(m) => {
            u64::from(m.from.0)
                | u64::from(m.to.0) << 16
                | u64::from(m.via[0].0) << 32
                | u64::from(m.via[1].0) << 48
        }
        None => u64::MAX,
    };
    let (drop, promote) = e.best.map_or((0, 0), |m| {
        (m.drop.map_or(0, |k| u64::from(k) + 1), m.promote as u64)
    });
    let bound = match e.bound {
        Bound::Exact => 0,
        Bound::Lower => 1,
        Bound::Upper => 2,
    };
    let data = u64::from(e.score as u32)
        | (e.depth.clamp(-128, 127) as i8 as u8 as u64) << 32
        | bound << 40
        | promote << 42
        | drop << 43
        | u64::from(generation) << 56;
    (mv, data)
}

fn unpack(mv: u64, data: u64) -> Entry {
    let best = (mv != u64::MAX).then(|| {
        let drop = ((data >> 43) & 0xff) as u8;
        Move {
            from: Sq(mv as u16),
            to: Sq((mv >> 16) as u16),
            via: [Sq((mv >> 32) as u16), Sq((mv >> 48) as u16)],
            drop: drop.checked_sub(1),
            promote: (data >> 42) & 1 == 1,
        }
    });
    Entry {
        best,
        score: data as u32 as i32,
        depth: ((data >> 32) as u8 as i8) as i32,
        bound: match (data >> 40) & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        },
    }
}

static SHARED: RwLock<Option<Arc<Table>>> = RwLock::new(None);

/// The size `SHOGIBAN_HASH_MB` asks for, or the default.
pub fn configured_mb() -> usize {
    std::env::var(HASH_VAR)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .filter(|&mb: &usize| mb >= 1)
        .unwrap_or(DEFAULT_MB)
}

/// The process's table, made on first use at the configured size.
pub fn shared() -> Arc<Table> {
    if let Some(t) = SHARED.read().unwrap_or_else(|e| e.into_inner()).as_ref() {
        return t.clone();
    }
    let mut slot = SHARED.write().unwrap_or_else(|e| e.into_inner());
    slot.get_or_insert_with(|| Arc::new(Table::new(configured_mb())))
        .clone()
}

/// Gives the process's table a new size (searches under way keep the old one).
pub fn resize(mb: usize) {
    let mut slot = SHARED.write().unwrap_or_else(|e| e.into_inner());
    if slot.as_ref().is_some_and(|t| t.megabytes() == mb) {
        return;
    }
    *slot = Some(Arc::new(Table::new(mb)));
}

/// Empties the process's table (a new game in a match).
pub fn clear() {
    shared().clear();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_reads_back_as_stored() {
        let t = Table::new(1);
        let m = Move {
            from: Sq(12),
            to: Sq(288),
            via: [Sq(40), Sq(0)],
            drop: None,
            promote: true,
        };
        let e = Entry {
            best: Some(m),
            score: -999_990,
            depth: 7,
            bound: Bound::Lower,
        };
        t.store(0xdead_beef_1234, e);
        assert_eq!(t.probe(0xdead_beef_1234), Some(e));
        assert_eq!(t.probe(0xdead_beef_1235), None);
        let d = Entry {
            best: Some(Move::drop(3, Sq(80))),
            score: 17,
            depth: -1,
            bound: Bound::Upper,
        };
        t.store(99, d);
        assert_eq!(t.probe(99), Some(d));
    }
}
