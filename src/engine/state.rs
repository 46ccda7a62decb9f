//! The stored form of a game: its texts and record as JSON, with a format version, read
//! back without replaying and checked to hang together.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::error::PositionError;
use super::game::Game;
use super::options::RuleOptions;
use super::outcome::{Elimination, GameResult, PlayedMove};
use super::variant::AnyPosition;
use super::Variant;
use crate::engine::position::Position;

/// Why a stored game could not be read back.
#[derive(Debug, Error)]
pub enum StateError {
    #[error("stored game is not valid JSON: {0}")]
    Json(#[from] serde_json::Error),
    #[error("stored position is invalid: {0}")]
    Position(#[from] PositionError),
    #[error("stored game is inconsistent: the position does not match the last recorded move")]
    PositionNotAfterRecord,
    #[error("stored game is inconsistent: the move count does not match the record")]
    MoveCount,
    /// Written by a later version of the program, whose format this one cannot know.
    #[error("stored game has format version {found}; this program reads up to {STATE_VERSION}")]
    Newer { found: u32 },
}

/// The version of the stored game format [`Game::to_state`] writes. Raise it when the
/// format or anything it depends on (position texts, Zobrist keys) changes, and teach
/// [`Game::from_state`] to read the older versions: the golden tests hold games written
/// by each version.
pub const STATE_VERSION: u32 = 1;

/// The stored form of a game: texts and the record, nothing to replay.
#[derive(Serialize, Deserialize)]
struct GameState {
    /// The format version; states written before versions existed have none (0), and
    /// read exactly as version 1.
    #[serde(default)]
    version: u32,
    variant: Variant,
    options: RuleOptions,
    start: String,
    position: String,
    history: Vec<PlayedMove>,
    #[serde(default)]
    eliminations: Vec<Elimination>,
    result: Option<GameResult>,
}

impl Game {
    /// The stored form (JSON): start and current positions, record and result.
    pub fn to_state(&self) -> String {
        let state = GameState {
            version: STATE_VERSION,
            variant: self.variant(),
            options: self.options.clone(),
            start: self.start.to_text(),
            position: self.position.to_text(),
            history: self.history.clone(),
            eliminations: self.eliminations.clone(),
            result: self.result.clone(),
        };
        serde_json::to_string(&state).expect("game state serializes")
    }

    /// Reads the stored form back, checking that it hangs together.
    pub fn from_state(text: &str) -> Result<Game, StateError> {
        let state: GameState = serde_json::from_str(text)?;
        if state.version > STATE_VERSION {
            return Err(StateError::Newer {
                found: state.version,
            });
        }
        // Versions 0 (unversioned) and 1 share one layout: nothing to migrate yet.
        let mut start = AnyPosition::from_text(state.variant, &state.start)?;
        let mut position = AnyPosition::from_text(state.variant, &state.position)?;
        start.apply_options(&state.options);
        position.apply_options(&state.options);
        // A timeout or resignation in a four-player game changes the position without a
        // move, so the last move's hash no longer matches it.
        let left_since = state
            .eliminations
            .iter()
            .any(|e| e.by.is_none() && e.ply == position.ply());
        if let Some(last) = state.history.last() {
            if last.hash != position.hash() && !left_since {
                return Err(StateError::PositionNotAfterRecord);
            }
        }
        if position.ply() < start.ply()
            || (position.ply() - start.ply()) as usize != state.history.len()
        {
            return Err(StateError::MoveCount);
        }
        Ok(Game {
            options: state.options,
            start,
            position,
            history: state.history,
            eliminations: state.eliminations,
            result: state.result,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stored_after(moves: &[&str]) -> String {
        let mut game = Game::new(Variant::Standard, RuleOptions::defaults(Variant::Standard));
        for text in moves {
            let m = game.parse_move(text).unwrap();
            game.play(&m).unwrap();
        }
        game.to_state()
    }

    #[test]
    fn a_state_that_does_not_hang_together_is_refused() {
        let stored = stored_after(&["7g7f", "3c3d"]);
        assert!(Game::from_state(&stored).is_ok());
        // A position that is not the one the last move led to.
        let other = stored.replace(
            "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3",
            "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 3",
        );
        assert_ne!(other, stored);
        assert!(matches!(
            Game::from_state(&other),
            Err(StateError::PositionNotAfterRecord)
        ));
        // A record one move short of the position.
        let state: serde_json::Value = serde_json::from_str(&stored).unwrap();
        let mut short = state.clone();
        short["history"].as_array_mut().unwrap().remove(0);
        assert!(matches!(
            Game::from_state(&short.to_string()),
            Err(StateError::MoveCount)
        ));
    }
}
