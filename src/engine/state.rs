//! A game's state below the game: the start and current positions, the record of moves
//! with the hash and checks after each, the options, the seats eliminated and the result,
//! with what the variants' rules read of them (`GameState::hash_after`,
//! `GameState::checks_after`, ...). The rules ([`super::rules`]) take this state;
//! the game ([`super::game`]) owns it, asks the rules of its variant and changes it.
//! Also its stored form: its texts and record as JSON, with a format version, read back
//! without replaying and checked to hang together.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::error::PositionError;
use super::geometry::{Seat, SeatSet};
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

/// The version of the stored game format `Game::to_state` writes. Raise it when the
/// format or anything it depends on (position texts, Zobrist keys) changes, and teach
/// `Game::from_state` to read the older versions: the golden tests hold games written
/// by each version.
pub const STATE_VERSION: u32 = 1;

/// A game's state: positions, record, options, eliminations and result. The game holds
/// it and changes it; the variants' rules read it (yonin's also settle a player's
/// leaving in it).
#[derive(Clone, Debug)]
pub(crate) struct GameState {
    pub(super) options: RuleOptions,
    pub(super) start: AnyPosition,
    pub(super) position: AnyPosition,
    pub(super) history: Vec<PlayedMove>,
    pub(super) eliminations: Vec<Elimination>,
    pub(super) result: Option<GameResult>,
}

impl GameState {
    /// A game not yet begun from `start`, with no result yet.
    pub(super) fn new(start: AnyPosition, options: RuleOptions) -> GameState {
        GameState {
            options,
            position: start.clone(),
            start,
            history: Vec::new(),
            eliminations: Vec::new(),
            result: None,
        }
    }

    pub(crate) fn variant(&self) -> Variant {
        self.position.variant()
    }

    pub(crate) fn options(&self) -> &RuleOptions {
        &self.options
    }

    pub(crate) fn position(&self) -> &AnyPosition {
        &self.position
    }

    pub(crate) fn start_position(&self) -> &AnyPosition {
        &self.start
    }

    pub(crate) fn history(&self) -> &[PlayedMove] {
        &self.history
    }

    pub(crate) fn eliminations(&self) -> &[Elimination] {
        &self.eliminations
    }

    pub(crate) fn result(&self) -> Option<&GameResult> {
        self.result.as_ref()
    }

    pub(crate) fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// The seat to move, or `None` once the game is over.
    pub(crate) fn seat_to_move(&self) -> Option<Seat> {
        (!self.is_over()).then(|| self.position.turn())
    }

    /// The hash of the position after the first `plies` moves of the record (0: the
    /// start).
    pub(crate) fn hash_after(&self, plies: usize) -> u64 {
        match plies {
            0 => self.start.hash(),
            i => self.history[i - 1].hash,
        }
    }

    /// The seats in check after the first `plies` moves of the record.
    pub(crate) fn checks_after(&self, plies: usize) -> SeatSet {
        match plies {
            0 => self.start.checked_seats(),
            i => self.history[i - 1].checks,
        }
    }

    /// The stored form (JSON): start and current positions, record and result.
    pub(super) fn to_stored(&self) -> String {
        let stored = StoredGame {
            version: STATE_VERSION,
            variant: self.variant(),
            options: self.options.clone(),
            start: self.start.to_text(),
            position: self.position.to_text(),
            history: self.history.clone(),
            eliminations: self.eliminations.clone(),
            result: self.result.clone(),
        };
        serde_json::to_string(&stored).expect("game state serializes")
    }

    /// Reads the stored form back, checking that it hangs together.
    pub(super) fn from_stored(text: &str) -> Result<GameState, StateError> {
        let stored: StoredGame = serde_json::from_str(text)?;
        if stored.version > STATE_VERSION {
            return Err(StateError::Newer {
                found: stored.version,
            });
        }
        // Versions 0 (unversioned) and 1 share one layout: nothing to migrate yet.
        let mut start = AnyPosition::from_text(stored.variant, &stored.start)?;
        let mut position = AnyPosition::from_text(stored.variant, &stored.position)?;
        start.apply_options(&stored.options);
        position.apply_options(&stored.options);
        // A timeout or resignation in a four-player game changes the position without a
        // move, so the last move's hash no longer matches it.
        let left_since = stored
            .eliminations
            .iter()
            .any(|e| e.by.is_none() && e.ply == position.ply());
        if let Some(last) = stored.history.last() {
            if last.hash != position.hash() && !left_since {
                return Err(StateError::PositionNotAfterRecord);
            }
        }
        if position.ply() < start.ply()
            || (position.ply() - start.ply()) as usize != stored.history.len()
        {
            return Err(StateError::MoveCount);
        }
        Ok(GameState {
            options: stored.options,
            start,
            position,
            history: stored.history,
            eliminations: stored.eliminations,
            result: stored.result,
        })
    }
}

/// The stored form of a game: texts and the record, nothing to replay.
#[derive(Serialize, Deserialize)]
struct StoredGame {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::Game;

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
