//! Standard shogi's game rules, as the game asks them of the variant: sennichite, the
//! 27-point impasse declaration, and the record's Japanese, KIF and CSA forms.

use super::{declaration_failure, record, BLACK, SPEC, WHITE};
use crate::engine::geometry::Sq;
use crate::engine::moves::Move;
use crate::engine::notation;
use crate::engine::outcome::{EndReason, GameError, GameResult, PlayedMove, Refusal};
use crate::engine::rules::{RuleOptions, VariantRules};
use crate::engine::state::GameState;

/// Standard shogi's game rules, as the game asks them of the variant: sennichite, the
/// impasse declaration, and the record's Japanese, KIF and CSA forms.
pub(crate) struct StandardRules;

impl VariantRules for StandardRules {
    fn default_options(&self) -> RuleOptions {
        RuleOptions {
            move_limit: Some(500),
            impasse_declaration: true,
            ..RuleOptions::none()
        }
    }

    /// Destination of the last move, read back from its coordinate text.
    fn previous_destination(&self, state: &GameState) -> Option<Sq> {
        notation::destination(SPEC.geometry, &state.history().last()?.coordinate)
    }

    fn record_forms(&self, state: &GameState, m: &Move, legal: &[Move], played: &mut PlayedMove) {
        let Some(p) = state.position().as_shogi() else {
            return;
        };
        let previous = self.previous_destination(state);
        played.japanese = notation::to_japanese(p, m, legal, previous);
        played.kif = notation::kif_move(p, m, legal, previous);
        played.csa = record::csa_move(p, m);
    }

    /// Sennichite: the fourth occurrence of the current position is a draw, unless one
    /// side checked with every move of the cycle, which then loses.
    fn repetition_result(&self, state: &GameState, first: usize) -> Option<GameResult> {
        let cycle = &state.history()[first..];
        for seat in [BLACK, WHITE] {
            let mut mine = cycle.iter().filter(|m| m.seat == seat).peekable();
            if mine.peek().is_some() && mine.all(|m| !m.checks.is_empty()) {
                let other = if seat == BLACK { WHITE } else { BLACK };
                return Some(GameResult::win(other, EndReason::PerpetualCheck));
            }
        }
        Some(GameResult::draw(2, EndReason::Repetition))
    }

    /// The 27-point impasse declaration: it wins, or it fails and the game goes on.
    fn declare(&self, state: &GameState) -> Result<GameResult, GameError> {
        if !state.options().impasse_declaration {
            return Err(Refusal::ImpasseDeclarationsOff.into());
        }
        let Some(p) = state.position().as_shogi() else {
            return Err(Refusal::NoDeclaration.into());
        };
        if let Some(why) = declaration_failure(p) {
            return Err(GameError::Declaration(why));
        }
        Ok(GameResult::win(p.turn(), EndReason::Declaration))
    }
}
