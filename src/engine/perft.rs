//! Perft: the number of leaf nodes of the legal move tree to a given depth, written once
//! for every variant over [`Position`]. It is the reference test of move generation and
//! its speed benchmark.
//!
//! Two hooks of the trait keep it fast without knowing the variant: the last ply is
//! counted by [`Position::count_legal_moves`] (bulk counting: a generator may count there
//! without building moves), and children are made by [`Position::play_quiet`], which
//! skips what only a game record needs (check and attack reports).

use super::moves::Move;
use super::position::Position;

/// Leaf nodes of the legal move tree of `pos` to `depth` plies. A position with no legal
/// move (or whose game has ended on the board) ends its branch.
pub fn perft<P: Position>(pos: &P, depth: u32) -> u64 {
    // One move list per ply, reused by every node at that ply (no allocation per node).
    let mut lists: Vec<Vec<Move>> = (1..depth).map(|_| Vec::with_capacity(256)).collect();
    count(pos, depth, &mut lists)
}

fn count<P: Position>(pos: &P, depth: u32, lists: &mut [Vec<Move>]) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => {
            let Some((moves, deeper)) = lists.split_last_mut() else {
                return 0;
            };
            pos.legal_moves(moves);
            let mut total = 0;
            for m in moves.iter() {
                let mut child = pos.clone();
                child.play_quiet(m);
                total += count(&child, depth - 1, deeper);
            }
            total
        }
    }
}
