//! Zobrist-style hash keys, derived by mixing instead of stored in tables so that every
//! variant and board size gets stable keys for free (the same on every run and machine,
//! which lets stored games compare hashes across restarts).

use super::geometry::{Seat, SeatSet, Sq};

/// SplitMix64 finaliser: a fast, well-distributed 64-bit mix.
#[inline]
pub const fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Key of a piece (its packed cell value) on a square.
#[inline]
pub fn piece(cell: u16, sq: Sq) -> u64 {
    mix((cell as u64) << 16 | sq.0 as u64)
}

/// Key of `count` pieces in one hand slot; an empty slot contributes nothing.
#[inline]
pub fn hand(seat: Seat, slot: usize, count: u8) -> u64 {
    if count == 0 {
        0
    } else {
        mix(1 << 40 | (seat.0 as u64) << 32 | (slot as u64) << 16 | count as u64)
    }
}

#[inline]
pub fn turn(seat: Seat) -> u64 {
    mix(2 << 40 | seat.0 as u64)
}

#[inline]
pub fn alive(set: SeatSet) -> u64 {
    mix(3 << 40 | set.0 as u64)
}
