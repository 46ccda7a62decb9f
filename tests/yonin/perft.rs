//! Perft from the start position against the reference counts
//! (`shared/reference/perft-yonin.md`).

use shogiban::engine::{yonin, Position};

const REFERENCE: [u64; 5] = [9, 81, 729, 6_561, 82_134];

#[test]
fn singles_start_position_to_depth_5() {
    let pos = yonin::start(false);
    for (depth, &nodes) in REFERENCE.iter().enumerate() {
        assert_eq!(pos.perft(depth as u32 + 1), nodes, "depth {}", depth + 1);
    }
}

#[test]
fn doubles_start_position_to_depth_5() {
    let pos = yonin::start(true);
    for (depth, &nodes) in REFERENCE.iter().enumerate() {
        assert_eq!(pos.perft(depth as u32 + 1), nodes, "depth {}", depth + 1);
    }
}
