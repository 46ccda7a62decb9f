//! Yonin's game rules: those that need the record or act from outside the board, as the
//! game asks them of the variant ([`VariantRules`]). The game ends on the board with one
//! survivor (singles) or a player out (doubles), and a game cut short (move limit,
//! entering-king declaration) is placed by points ([`super::places`]); the fourth
//! occurrence of a position voids the game, except that a perpetual checker must
//! deviate; a player who resigns (once two are left, by default) or runs out of time is
//! eliminated without credit to anyone.

use crate::engine::error::IllegalMove;
use crate::engine::geometry::{Seat, SeatSet, Sq};
use crate::engine::moves::Move;
use crate::engine::notation;
use crate::engine::outcome::{
    DeclarationFailure, Elimination, EliminationReason, EndReason, GameError, GameResult,
    MoveReport, PlayedMove, Refusal,
};
use crate::engine::position::MoveEffects;
use crate::engine::rules::{RuleOptions, VariantRules};
use crate::engine::shogi::ShogiPosition;
use crate::engine::state::GameState;
use crate::engine::variant::AnyPosition;

/// Yonin shogi's rules, singles and doubles.
pub(crate) struct YoninRules;

impl VariantRules for YoninRules {
    fn default_options(&self) -> RuleOptions {
        RuleOptions {
            move_limit: Some(300),
            declaration_after: Some(250),
            resignation_needs_two: true,
            repetition_voids: true,
            perpetual_check_must_deviate: true,
            ..RuleOptions::none()
        }
    }

    fn forbid(&self, state: &GameState, moves: &mut Vec<Move>) {
        remove_perpetual_checks(state, moves);
    }

    /// Destination of the last move, whoever played it, for Japanese 同.
    fn previous_destination(&self, state: &GameState) -> Option<Sq> {
        let p = position(state)?;
        notation::destination(p.geometry(), &state.history().last()?.coordinate)
    }

    /// The Japanese form, as the record of standard shogi keeps it: squares named as S
    /// sees the board, 右/左/上/引 as the mover sees it.
    fn record_forms(&self, state: &GameState, m: &Move, legal: &[Move], played: &mut PlayedMove) {
        let Some(p) = position(state) else {
            return;
        };
        let previous = self.previous_destination(state);
        played.japanese = notation::to_japanese(p, m, legal, previous);
    }

    fn judge(
        &self,
        state: &GameState,
        m: &Move,
        legal: &[Move],
        _after: &AnyPosition,
        _effects: &MoveEffects,
    ) -> Result<Option<GameResult>, IllegalMove> {
        let mut allowed = legal.to_vec();
        remove_perpetual_checks(state, &mut allowed);
        if allowed.contains(m) {
            Ok(None)
        } else {
            Err(IllegalMove::PerpetualCheck)
        }
    }

    /// The fourth occurrence of a position voids the game, unless the plies since its
    /// first occurrence are one player's perpetual check answered by the checked: then
    /// the checker must deviate (its repeating moves are refused), and only the checker's
    /// forced repetition, when it had no other move, voids the game.
    fn repetition_result(&self, state: &GameState, first: usize) -> Option<GameResult> {
        let options = state.options();
        if !options.repetition_voids {
            return None;
        }
        if options.perpetual_check_must_deviate {
            if let Some(checker) = perpetual_checker(state, first, None) {
                if state.history().last().map(|m| m.seat) != Some(checker) {
                    return None;
                }
            }
        }
        Some(GameResult::void(EndReason::Repetition))
    }

    /// One survivor in singles, a player out in doubles. A four-player position settles
    /// its eliminations as it plays, so this needs no move generation.
    fn board_result(&self, state: &GameState) -> Option<GameResult> {
        let p = position(state)?;
        if !p.is_decided() {
            return None;
        }
        Some(GameResult {
            reason: if p.spec().doubles {
                EndReason::PairEliminated
            } else {
                EndReason::LastSurvivor
            },
            places: Some(places(state, p)),
        })
    }

    /// Scored by points (move limit, declaration).
    fn scored_result(&self, state: &GameState, reason: EndReason) -> GameResult {
        GameResult {
            reason,
            places: position(state).map(|p| places(state, p)),
        }
    }

    /// A timeout or resignation: the player is eliminated with no credit to anyone, and
    /// so is anyone left without a move in consequence. Resignation needs two players
    /// left when the rule option says so.
    fn leave(
        &self,
        state: &mut GameState,
        seat: Seat,
        reason: EndReason,
    ) -> Result<MoveReport, GameError> {
        let variant = state.variant();
        let needs_two = state.options().resignation_needs_two;
        let AnyPosition::Shogi(p) = &mut state.position else {
            return Err(Refusal::NotFourPlayers.into());
        };
        if !p.alive().contains(seat) {
            return Err(Refusal::AlreadyOut { variant, seat }.into());
        }
        if reason == EndReason::Resignation && needs_two && p.alive().len() >= 3 {
            return Err(Refusal::ResignationNeedsTwo {
                alive: p.alive().len(),
            }
            .into());
        }
        let effects = p.eliminate_externally(seat);
        let ply = p.ply();
        let why = match reason {
            EndReason::Resignation => EliminationReason::Resignation,
            _ => EliminationReason::Timeout,
        };
        let eliminated: Vec<Elimination> = std::iter::once((seat, why))
            .chain(effects.eliminated.iter().copied())
            .map(|(seat, reason)| Elimination {
                seat,
                by: None,
                reason,
                ply,
            })
            .collect();
        state.eliminations.extend(eliminated.iter().cloned());
        // The game ends if this left one player (singles) or broke a pair (doubles).
        state.result = self.board_result(state).map(|r| GameResult { reason, ..r });
        Ok(MoveReport {
            played: None,
            eliminated,
            result: state.result.clone(),
            next: state.seat_to_move(),
        })
    }

    /// The entering-king declaration (入玉宣言) by the seat to move: after the set number
    /// of moves, with its king in its promotion zone, not in check and a legal move at
    /// hand, a player may end the game, which is then scored as at the move limit.
    fn declare(&self, state: &GameState) -> Result<GameResult, GameError> {
        let Some(p) = position(state) else {
            return Err(Refusal::NoDeclaration.into());
        };
        let Some(after) = state.options().declaration_after else {
            return Err(Refusal::EnteringKingDeclarationsOff.into());
        };
        if p.ply() < after {
            return Err(Refusal::DeclarationTooEarly { after }.into());
        }
        if let Some(why) = super::declaration_failure(p) {
            return Err(GameError::Declaration(why));
        }
        if self.legal_moves(state).is_empty() {
            return Err(GameError::Declaration(DeclarationFailure::NoLegalMove));
        }
        Ok(self.scored_result(state, EndReason::Declaration))
    }
}

/// The drop-shogi position of the game.
fn position(state: &GameState) -> Option<&ShogiPosition> {
    state.position().as_shogi()
}

/// Places as the rules rank them now (see [`super::places`]).
fn places(state: &GameState, p: &ShogiPosition) -> Vec<u8> {
    let order: Vec<Seat> = state.eliminations().iter().map(|e| e.seat).collect();
    super::places(p, &order)
}

/// The player whose perpetual check the plies of the record from position `first` on
/// make up, with `next` (a move about to be played: its seat and the seats in check
/// after it) appended: every ply either answers a check on its mover or gives check by
/// that one player.
fn perpetual_checker(
    state: &GameState,
    first: usize,
    next: Option<(Seat, SeatSet)>,
) -> Option<Seat> {
    let mut checked = state.checks_after(first);
    let mut checker = None;
    for (seat, checks_after) in state.history()[first..]
        .iter()
        .map(|m| (m.seat, m.checks))
        .chain(next)
    {
        let answer = checked.contains(seat);
        if !answer {
            if checks_after.is_empty() || checker.is_some_and(|c| c != seat) {
                return None;
            }
            checker = Some(seat);
        }
        checked = checks_after;
    }
    checker
}

/// Removes the moves by which a perpetual checker would bring about a position for the
/// fourth time, unless that leaves no move (the repetition then voids the game).
fn remove_perpetual_checks(state: &GameState, moves: &mut Vec<Move>) {
    if !state.options().perpetual_check_must_deviate {
        return;
    }
    let Some(p) = position(state) else {
        return;
    };
    let me = p.turn();
    // Only positions first seen within the run of plies that keep a perpetual check by
    // `me` going can be repeated by a forbidden move. Usually that run is empty.
    let n = state.history().len();
    let mut since = n;
    while since > 0 && continues_perpetual(state, since - 1, me) {
        since -= 1;
    }
    let window: Vec<u64> = (since..=n).map(|i| state.hash_after(i)).collect();
    if window.len() < 3 {
        return;
    }
    let allowed: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| {
            let mut after = p.clone();
            let effects = after.apply(m);
            let h = after.hash();
            if window.iter().filter(|&&w| w == h).count() < 3
                || (0..since).any(|i| state.hash_after(i) == h)
            {
                return true;
            }
            let first = since + window.iter().position(|&w| w == h).unwrap_or(0);
            perpetual_checker(state, first, Some((me, effects.checks))) != Some(me)
        })
        .collect();
    if !allowed.is_empty() {
        *moves = allowed;
    }
}

/// Whether ply `j` of the record fits a perpetual check by `checker`: it answers a check
/// on its mover, or it is a check by `checker`.
fn continues_perpetual(state: &GameState, j: usize, checker: Seat) -> bool {
    let m = &state.history()[j];
    state.checks_after(j).contains(m.seat) || (m.seat == checker && !m.checks.is_empty())
}
