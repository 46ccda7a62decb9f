//! The repetition rule (the modern chu shogi rule the rules file adopts), as a pure
//! decision over a game's history, for the game layer to call before it accepts a move.
//!
//! The 4th occurrence of a position (board and side to move) is forbidden to a side that
//! gave check with every one of its moves since the position first occurred; failing that,
//! to a side that attacked a piece with every one of its moves while the other side did
//! not; failing that, when the cycle contains passes, to the side that began the run of
//! passes. If none of these names a side the game is drawn. When the named side is the
//! one whose move completes the 4th occurrence, that move is forbidden; when it is the
//! other side, the move stands and the other side meets the same verdict on its own next
//! move of the cycle (the positions after each move repeat in step), so it must deviate.

use super::Seat;
use crate::engine::error::RepetitionCulprit;

/// One played move, as the repetition rule sees it.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub struct HistoryEntry {
    /// Hash of the position after the move ([`super::DaiDaiPosition::hash`]).
    pub hash: u64,
    /// The side that made the move.
    pub mover: Seat,
    /// The move gave check ([`super::DaiDaiEffects::gives_check`]).
    pub gave_check: bool,
    /// The moved piece attacks an enemy piece ([`super::DaiDaiEffects::attacks`]).
    pub attacked: bool,
    /// The move was a pass ([`super::DaiDaiEffects::passed`]).
    pub passed: bool,
}

impl HistoryEntry {
    /// The entry for a move `mover` played, from the position it led to and its effects.
    pub fn new(after: &super::DaiDaiPosition, mover: Seat, effects: &super::DaiDaiEffects) -> Self {
        HistoryEntry {
            hash: after.hash(),
            mover,
            gave_check: effects.gives_check(),
            attacked: effects.attacks,
            passed: effects.passed,
        }
    }
}

/// The repetition rule's verdict on a move.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum Repetition {
    /// The move may be played (no 4th occurrence, or the other side must deviate).
    Allowed,
    /// The move would repeat the position a 4th time and its side must deviate.
    Forbidden(RepetitionCulprit),
    /// The move repeats the position a 4th time and no side is responsible: a draw.
    Draw,
}

/// The verdict on `candidate`, a move about to be played after `history` (every move of
/// the game so far, oldest first) from a game that began at a position with hash
/// `start_hash`.
pub fn judge_repetition(
    start_hash: u64,
    history: &[HistoryEntry],
    candidate: &HistoryEntry,
) -> Repetition {
    let target = candidate.hash;
    let earlier =
        history.iter().filter(|e| e.hash == target).count() + usize::from(start_hash == target);
    if earlier < 3 {
        return Repetition::Allowed;
    }
    // The moves since the position first occurred, the candidate included.
    let first = if start_hash == target {
        0
    } else {
        history
            .iter()
            .position(|e| e.hash == target)
            .map_or(history.len(), |i| i + 1)
    };
    let span: Vec<&HistoryEntry> = history[first..]
        .iter()
        .chain(std::iter::once(candidate))
        .collect();
    let every = |seat: Seat, test: fn(&HistoryEntry) -> bool| {
        let mut moves = span.iter().filter(|e| e.mover == seat).peekable();
        moves.peek().is_some() && moves.all(|e| test(e))
    };
    let mover = candidate.mover;
    let other = Seat(mover.0 ^ 1);
    let verdict = |culprit: Seat, why: RepetitionCulprit| {
        if culprit == mover {
            Repetition::Forbidden(why)
        } else {
            Repetition::Allowed
        }
    };
    let checking = (
        every(mover, |e| e.gave_check),
        every(other, |e| e.gave_check),
    );
    match checking {
        (true, false) => return verdict(mover, RepetitionCulprit::PerpetualCheck),
        (false, true) => return verdict(other, RepetitionCulprit::PerpetualCheck),
        _ => {}
    }
    let attacking = (every(mover, |e| e.attacked), every(other, |e| e.attacked));
    match attacking {
        (true, false) => return verdict(mover, RepetitionCulprit::PerpetualAttack),
        (false, true) => return verdict(other, RepetitionCulprit::PerpetualAttack),
        _ => {}
    }
    // The first pass of the cycle, traced back through the passes just before it, gives
    // the side that began passing (tracing back keeps the answer the same at every
    // position of a cycle of passes).
    let all: Vec<&HistoryEntry> = history.iter().chain(std::iter::once(candidate)).collect();
    if let Some(offset) = span.iter().position(|e| e.passed) {
        let mut i = first + offset;
        while i > 0 && all[i - 1].passed {
            i -= 1;
        }
        return verdict(all[i].mover, RepetitionCulprit::FirstPasser);
    }
    Repetition::Draw
}

#[cfg(test)]
mod tests {
    use super::*;

    const B: Seat = Seat(0);
    const W: Seat = Seat(1);

    fn entry(
        hash: u64,
        mover: Seat,
        gave_check: bool,
        attacked: bool,
        passed: bool,
    ) -> HistoryEntry {
        HistoryEntry {
            hash,
            mover,
            gave_check,
            attacked,
            passed,
        }
    }

    /// Plays a cycle of four quiet moves (positions 1, 2, 3, then back to 0) `n` times.
    fn quiet_cycles(n: usize) -> Vec<HistoryEntry> {
        let mut h = Vec::new();
        for _ in 0..n {
            for (i, hash) in [1, 2, 3, 0].into_iter().enumerate() {
                h.push(entry(hash, Seat(i as u8 % 2), false, false, false));
            }
        }
        h
    }

    #[test]
    fn third_occurrence_is_allowed_and_fourth_quiet_one_is_a_draw() {
        let h = quiet_cycles(2);
        let candidate = entry(1, B, false, false, false);
        assert_eq!(judge_repetition(0, &h, &candidate), Repetition::Allowed);
        // After three cycles, position 0 (the start) would occur a 4th time.
        let h = quiet_cycles(3);
        let (last, h) = h.split_last().unwrap();
        assert_eq!(judge_repetition(0, h, last), Repetition::Draw);
    }

    #[test]
    fn the_checking_side_must_deviate() {
        // Black checks with every move; White escapes.
        let mut h = Vec::new();
        for _ in 0..3 {
            h.push(entry(1, B, true, false, false));
            h.push(entry(2, W, false, true, false));
            h.push(entry(3, B, true, false, false));
            h.push(entry(0, W, false, true, false));
        }
        let (last, rest) = h.split_last().unwrap();
        // White completes the 4th occurrence of the start: Black is to blame, so White's
        // move stands...
        assert_eq!(judge_repetition(0, rest, last), Repetition::Allowed);
        // ...and Black's next check, repeating position 1 a 4th time, is forbidden.
        let next = entry(1, B, true, false, false);
        assert_eq!(
            judge_repetition(0, &h, &next),
            Repetition::Forbidden(RepetitionCulprit::PerpetualCheck)
        );
        // Black may deviate with a move to a new position.
        let other = entry(99, B, false, false, false);
        assert_eq!(judge_repetition(0, &h, &other), Repetition::Allowed);
    }

    #[test]
    fn the_attacking_side_must_deviate_when_the_other_does_not_attack() {
        let mut h = Vec::new();
        for _ in 0..3 {
            h.push(entry(1, B, false, false, false));
            h.push(entry(2, W, false, true, false));
            h.push(entry(3, B, false, false, false));
            h.push(entry(0, W, false, true, false));
        }
        let (last, rest) = h.split_last().unwrap();
        assert_eq!(
            judge_repetition(0, rest, last),
            Repetition::Forbidden(RepetitionCulprit::PerpetualAttack)
        );
        // Both attacking: a draw.
        let both: Vec<HistoryEntry> = h
            .iter()
            .map(|e| HistoryEntry {
                attacked: true,
                ..*e
            })
            .collect();
        let (last, rest) = both.split_last().unwrap();
        assert_eq!(judge_repetition(0, rest, last), Repetition::Draw);
    }

    #[test]
    fn the_side_that_passed_first_must_deviate() {
        // A quiet move reaches position 0 (White to move); then both sides pass in turn.
        let mut h = vec![
            entry(10, B, false, false, false),
            entry(0, W, false, false, false),
        ];
        let start = 5;
        // Black passes first: 0 -> 1 (same board, White to move), White passes: 1 -> 0 ...
        for _ in 0..2 {
            h.push(entry(1, B, false, false, true));
            h.push(entry(0, W, false, false, true));
        }
        h.push(entry(1, B, false, false, true));
        // White's pass would make position 0 occur a 4th time: Black is to blame, so it
        // stands...
        let white_pass = entry(0, W, false, false, true);
        assert_eq!(
            judge_repetition(start, &h, &white_pass),
            Repetition::Allowed
        );
        h.push(white_pass);
        // ...and Black's next pass, making position 1 occur a 4th time, is forbidden.
        let black_pass = entry(1, B, false, false, true);
        assert_eq!(
            judge_repetition(start, &h, &black_pass),
            Repetition::Forbidden(RepetitionCulprit::FirstPasser)
        );
    }
}
