//! Dai dai shogi's game rules, as the game asks them of the variant
//! ([`VariantRules`]): the repetition rule of [`super::repetition`], applied to the
//! game's record. A move that would repeat a position a fourth time is refused to the
//! side responsible, or draws the game when no side is; there is no declaration.

use crate::engine::error::IllegalMove;
use crate::engine::moves::Move;
use crate::engine::outcome::{EndReason, GameResult, PlayedMove};
use crate::engine::position::MoveEffects;
use crate::engine::rules::{RuleOptions, VariantRules};
use crate::engine::state::GameState;
use crate::engine::variant::AnyPosition;

use super::repetition::{judge_repetition, HistoryEntry, Repetition};
use crate::engine::position::Position;

/// Dai dai shogi's rules.
pub(crate) struct DaiDaiRules;

impl VariantRules for DaiDaiRules {
    fn default_options(&self) -> RuleOptions {
        RuleOptions::none()
    }

    /// The form Japanese readers get: dai dai shogi has no Japanese move notation in use,
    /// so the piece's kanji name before the coordinate form (`獅子 9i7c`).
    fn record_forms(&self, state: &GameState, m: &Move, _legal: &[Move], played: &mut PlayedMove) {
        let position = state.position();
        if let Some(piece) = position.piece_at(m.from) {
            played.japanese = format!(
                "{} {}",
                position.kind(piece.kind()).kanji,
                played.coordinate
            );
        }
    }

    /// Drops the moves the repetition rule forbids now. Only positions already seen three
    /// times can be forbidden, so most of the time nothing is tried.
    fn forbid(&self, state: &GameState, moves: &mut Vec<Move>) {
        let AnyPosition::DaiDai(p) = state.position() else {
            return;
        };
        let mut counts = std::collections::HashMap::new();
        for i in 0..=state.history().len() {
            *counts.entry(state.hash_after(i)).or_insert(0) += 1;
        }
        if !counts.values().any(|&n| n >= 3) {
            return;
        }
        let start_hash = state.hash_after(0);
        let history = history(state);
        let seat = p.turn();
        moves.retain(|m| {
            let mut after = p.clone();
            let effects = after.apply(m);
            if counts.get(&after.hash()).copied().unwrap_or(0) < 3 {
                return true;
            }
            let candidate = HistoryEntry::new(&after, seat, &effects);
            !matches!(
                judge_repetition(start_hash, &history, &candidate),
                Repetition::Forbidden(_)
            )
        });
    }

    /// Refuses a move the repetition rule forbids, naming the side's fault; a fourth
    /// occurrence nobody is responsible for draws the game.
    fn judge(
        &self,
        state: &GameState,
        _m: &Move,
        _legal: &[Move],
        after: &AnyPosition,
        effects: &MoveEffects,
    ) -> Result<Option<GameResult>, IllegalMove> {
        let candidate = HistoryEntry {
            hash: after.hash(),
            mover: state.position().turn(),
            gave_check: !effects.checks.is_empty(),
            attacked: effects.attacks,
            passed: effects.passed,
        };
        match judge_repetition(state.hash_after(0), &history(state), &candidate) {
            Repetition::Forbidden(culprit) => Err(IllegalMove::MustDeviate(culprit)),
            Repetition::Draw => Ok(Some(GameResult::draw(2, EndReason::Repetition))),
            Repetition::Allowed => Ok(None),
        }
    }

    /// Judged before the move stands ([`Self::judge`]): a fourth occurrence that stands
    /// is the other side's to avoid.
    fn repetition_result(&self, _state: &GameState, _first: usize) -> Option<GameResult> {
        None
    }
}

/// The record as the repetition rule reads it.
fn history(state: &GameState) -> Vec<HistoryEntry> {
    state
        .history()
        .iter()
        .map(|h| HistoryEntry {
            hash: h.hash,
            mover: h.seat,
            gave_check: !h.checks.is_empty(),
            attacked: h.attacked,
            passed: h.passed,
        })
        .collect()
}
