//! The rules a game asks of its variant: those that need the game's record or act from
//! outside the board, where the variants differ (repetition and perpetual check, what ends
//! a game on the board, how a game cut short is scored, leaving, declarations, the record's
//! extra notations). The game keeps the rules every variant shares and asks the variant's
//! `VariantRules` for these, as shakmaty asks a variant for its `variant_outcome`; each
//! variant module implements them. They read the game's state (`GameState`, below them),
//! never the game: the game sits above the rules and finds them through `rules_of` in
//! `engine/mod.rs`.

use super::error::IllegalMove;
use super::geometry::{Seat, Sq};
use super::moves::Move;
use super::outcome::{EndReason, GameError, GameResult, MoveReport, PlayedMove, Refusal};
use super::position::MoveEffects;
use super::state::GameState;
use super::variant::AnyPosition;
use crate::engine::position::Position;

pub use super::options::RuleOptions;

/// The rules of one variant that a game asks of it, reading its state. The provided
/// methods are the two-player rules; the four-player variant overrides them.
pub(crate) trait VariantRules: Sync {
    /// The options a game plays by unless it chooses others.
    fn default_options(&self) -> RuleOptions;

    /// The legal moves now (none once the game is over), less those the record forbids
    /// ([`Self::forbid`]: yonin's perpetual check, dai dai's repetition).
    fn legal_moves(&self, state: &GameState) -> Vec<Move> {
        let mut moves = Vec::new();
        if state.result.is_none() {
            state.position.legal_moves(&mut moves);
            self.forbid(state, &mut moves);
        }
        moves
    }

    /// The square the last move went to, where the variant's notation can refer to it
    /// (standard shogi's Japanese 同, "same square").
    fn previous_destination(&self, _state: &GameState) -> Option<Sq> {
        None
    }

    /// Writes into `played` the forms of `m` the variant's records keep besides the
    /// coordinate and readable ones (standard shogi: Japanese, KIF, CSA); `state` is the
    /// game's state before the move and `legal` its legal moves.
    fn record_forms(
        &self,
        _state: &GameState,
        _m: &Move,
        _legal: &[Move],
        _played: &mut PlayedMove,
    ) {
    }

    /// Removes from `moves`, the legal moves of the board, those the record forbids now.
    fn forbid(&self, _state: &GameState, _moves: &mut Vec<Move>) {}

    /// Judges `m`, a legal move of the board (`legal` all of them), by the record before
    /// it stands: refuses it with the rule that forbids it, or gives the result it ends
    /// the game with. `after` and `effects` are where it leads and what it did.
    fn judge(
        &self,
        _state: &GameState,
        _m: &Move,
        _legal: &[Move],
        _after: &AnyPosition,
        _effects: &MoveEffects,
    ) -> Result<Option<GameResult>, IllegalMove> {
        Ok(None)
    }

    /// The result once the current position has occurred for the fourth time; `first` is
    /// the number of moves of the record before its first occurrence.
    fn repetition_result(&self, state: &GameState, first: usize) -> Option<GameResult>;

    /// The result once the game has ended on the board: the player to move has no legal
    /// move and loses (checkmate, or no legal move while not in check).
    fn board_result(&self, state: &GameState) -> Option<GameResult> {
        if !self.legal_moves(state).is_empty() {
            return None;
        }
        let seat = state.position().turn();
        let reason = if state.position().in_check(seat) {
            EndReason::Checkmate
        } else {
            EndReason::NoLegalMove
        };
        Some(GameResult::win(opponent(seat), reason))
    }

    /// The result of a game cut short by a rule (the move limit): a draw.
    fn scored_result(&self, _state: &GameState, reason: EndReason) -> GameResult {
        GameResult::draw(2, reason)
    }

    /// `seat` leaves the game by `reason` (resignation, timeout), and loses it.
    fn leave(
        &self,
        state: &mut GameState,
        seat: Seat,
        reason: EndReason,
    ) -> Result<MoveReport, GameError> {
        state.result = Some(GameResult::win(opponent(seat), reason));
        Ok(MoveReport {
            played: None,
            eliminated: Vec::new(),
            result: state.result.clone(),
            next: None,
        })
    }

    /// A declaration by the seat to move: the result it ends the game with, or why it
    /// fails.
    fn declare(&self, _state: &GameState) -> Result<GameResult, GameError> {
        Err(Refusal::NoDeclaration.into())
    }
}

/// The other player of a two-player game.
fn opponent(seat: Seat) -> Seat {
    Seat(1 - seat.0)
}
