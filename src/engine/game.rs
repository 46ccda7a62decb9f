//! A game in progress, for any variant: the top of the engine's game files. It owns the
//! game's state (`GameState`: positions, record, options, result, in `state.rs` below it),
//! keeps the rules every variant shares (a move must be legal, the turn, the move limit,
//! the fourth occurrence of a position, resignation and timeouts, agreed draws, aborts,
//! takebacks) and asks what the variants rule differently of the variant's
//! [`VariantRules`](super::rules), found by `rules_of` in `engine/mod.rs`, handing them the
//! state. This is what the service stores and reloads, without replaying
//! ([`super::state`]).

use std::fmt;

use super::error::{MoveParseError, PositionError};
use super::geometry::Seat;
use super::moves::Move;
use super::options::RuleOptions;
use super::outcome::{
    Elimination, EndReason, GameError, GameResult, MoveReport, PlayedMove, Refusal,
};
use super::position::Position;
use super::rules::VariantRules;
use super::rules_of;
use super::state::{GameState, StateError};
use super::variant::{AnyPosition, Variant};

/// A game: start position, current position, record and result.
#[derive(Clone)]
pub struct Game {
    state: GameState,
}

// As the game printed when it held its state's fields itself.
impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = &self.state;
        f.debug_struct("Game")
            .field("options", &s.options)
            .field("start", &s.start)
            .field("position", &s.position)
            .field("history", &s.history)
            .field("eliminations", &s.eliminations)
            .field("result", &s.result)
            .finish()
    }
}

impl Game {
    /// A new game from the variant's start position.
    pub fn new(variant: Variant, options: RuleOptions) -> Game {
        let start = AnyPosition::start(variant, &options);
        Game::from_start(start, options)
    }

    /// A new game from a given position text.
    pub fn from_position(
        variant: Variant,
        options: RuleOptions,
        text: &str,
    ) -> Result<Game, PositionError> {
        let start = AnyPosition::from_text(variant, text)?;
        Ok(Game::from_start(start, options))
    }

    fn from_start(mut start: AnyPosition, options: RuleOptions) -> Game {
        start.apply_options(&options);
        let mut game = Game {
            state: GameState::new(start, options),
        };
        game.state.result = game.rules().board_result(&game.state);
        game
    }

    /// The rules the variant answers for.
    fn rules(&self) -> &'static dyn VariantRules {
        rules_of(self.variant())
    }

    pub fn variant(&self) -> Variant {
        self.state.variant()
    }

    pub fn options(&self) -> &RuleOptions {
        self.state.options()
    }

    pub fn position(&self) -> &AnyPosition {
        self.state.position()
    }

    pub fn start_position(&self) -> &AnyPosition {
        self.state.start_position()
    }

    pub fn history(&self) -> &[PlayedMove] {
        self.state.history()
    }

    pub fn eliminations(&self) -> &[Elimination] {
        self.state.eliminations()
    }

    pub fn result(&self) -> Option<&GameResult> {
        self.state.result()
    }

    pub fn is_over(&self) -> bool {
        self.state.is_over()
    }

    /// The seat to move, or `None` once the game is over.
    pub fn seat_to_move(&self) -> Option<Seat> {
        self.state.seat_to_move()
    }

    /// The state the variants' rules read (the records' writers too).
    pub(super) fn state(&self) -> &GameState {
        &self.state
    }

    /// The legal moves now (none once the game is over), less those the variant's rules
    /// forbid by the record (yonin's perpetual check, dai dai's repetition).
    pub fn legal_moves(&self) -> Vec<Move> {
        self.rules().legal_moves(&self.state)
    }

    /// Every legal move in the canonical coordinate form.
    pub fn legal_move_texts(&self) -> Vec<String> {
        self.legal_moves()
            .iter()
            .map(|m| self.state.position.coordinate(m))
            .collect()
    }

    /// A legal move in Japanese (`７六歩`, `同　銀`, `２二角成`), in the variants whose
    /// records write it; `legal` is [`Game::legal_moves`].
    pub fn japanese(&self, m: &Move, legal: &[Move]) -> Option<String> {
        let position = self.state.position.as_shogi()?;
        let previous = self.rules().previous_destination(&self.state);
        Some(super::notation::to_japanese(position, m, legal, previous))
    }

    /// A legal move as CSA records write it (`+7776FU`), in standard shogi.
    pub fn csa(&self, m: &Move) -> Option<String> {
        let position = self.state.position.as_shogi()?;
        (self.variant() == Variant::Standard)
            .then(|| super::standard::record::csa_move(position, m))
    }

    /// Reads move text in any notation the variant supports. Japanese 同 ("same square")
    /// is resolved here, where the previous move is known.
    pub fn parse_move(&self, text: &str) -> Result<Move, GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        let Some(i) = text.find('同') else {
            return Ok(self.state.position.parse_move(text)?);
        };
        let Some(to) = self.rules().previous_destination(&self.state) else {
            // Variants written in Japanese read 同 once a move has been played.
            if self.state.position.as_shogi().is_some() {
                return Err(MoveParseError::SameWithoutPrevious(text.trim().into()).into());
            }
            return Ok(self.state.position.parse_move(text)?);
        };
        let g = self.state.position.geometry();
        let square = format!("{}{}", g.file(to), g.rank(to));
        let rest = text[i + '同'.len_utf8()..].trim_start_matches([' ', '　']);
        let resolved = format!("{}{square}{rest}", &text[..i]);
        // Refused, the move is named as it was typed (`同歩`), not as it was read (`34歩`).
        self.state
            .position
            .parse_move(&resolved)
            .map_err(|error| error.for_text(text.trim()).into())
    }

    /// Plays move text for `seat`, checking that it is that seat's turn.
    pub fn play_text_as(&mut self, seat: Seat, text: &str) -> Result<MoveReport, GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        if self.state.position.turn() != seat {
            return Err(GameError::NotYourTurn);
        }
        let m = self.parse_move(text)?;
        self.play(&m)
    }

    /// Plays a move for the seat to move.
    pub fn play(&mut self, m: &Move) -> Result<MoveReport, GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        let mut legal = Vec::new();
        self.state.position.legal_moves(&mut legal);
        if !legal.contains(m) {
            // Not legal, so this names the rule that forbids it.
            self.state.position.check_move(m)?;
        }
        let rules = self.rules();
        let mut after = self.state.position.clone();
        let effects = after.play_unchecked(m);
        let ends = rules.judge(&self.state, m, &legal, &after, &effects)?;
        let seat = self.state.position.turn();
        let mut played = PlayedMove {
            seat,
            coordinate: self.state.position.coordinate(m),
            western: self.state.position.western(m, &legal),
            japanese: String::new(),
            kif: String::new(),
            csa: String::new(),
            checks: effects.checks,
            hash: after.hash(),
            attacked: effects.attacks,
            passed: effects.passed,
        };
        rules.record_forms(&self.state, m, &legal, &mut played);
        self.state.position = after;
        let ply = self.state.position.ply();
        let eliminated: Vec<Elimination> = effects
            .eliminated
            .iter()
            .map(|&(out, reason)| Elimination {
                seat: out,
                by: Some(seat),
                reason,
                ply,
            })
            .collect();
        self.state.eliminations.extend(eliminated.iter().cloned());
        self.state.history.push(played.clone());
        self.state.result = ends.or_else(|| self.result_after_move());
        Ok(MoveReport {
            played: Some(played),
            eliminated,
            result: self.state.result.clone(),
            next: self.seat_to_move(),
        })
    }

    /// The rules that end a game after a move: the fourth occurrence of a position, the
    /// game over on the board, the move limit.
    fn result_after_move(&self) -> Option<GameResult> {
        let rules = self.rules();
        if let Some(first) = self.fourth_occurrence() {
            if let Some(result) = rules.repetition_result(&self.state, first) {
                return Some(result);
            }
        }
        if let Some(result) = rules.board_result(&self.state) {
            return Some(result);
        }
        match self.state.options.move_limit {
            Some(limit) if self.state.position.ply() >= limit => {
                Some(rules.scored_result(&self.state, EndReason::MoveLimit))
            }
            _ => None,
        }
    }

    /// When the current position has now occurred four times, the number of moves of the
    /// record before its first occurrence.
    fn fourth_occurrence(&self) -> Option<usize> {
        let current = self.state.position.hash();
        let state = &self.state;
        let mut occurrences = (0..=state.history.len()).filter(|&i| state.hash_after(i) == current);
        let first = occurrences.next()?;
        (occurrences.count() >= 3).then_some(first)
    }

    /// Resignation by `seat`.
    pub fn resign(&mut self, seat: Seat) -> Result<MoveReport, GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        self.rules()
            .leave(&mut self.state, seat, EndReason::Resignation)
    }

    /// `seat` ran out of time.
    pub fn timeout(&mut self, seat: Seat) -> Result<MoveReport, GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        self.rules()
            .leave(&mut self.state, seat, EndReason::Timeout)
    }

    /// A declaration by the seat to move (standard: the 27-point impasse rule; yonin: the
    /// entering-king declaration).
    pub fn declare(&mut self, seat: Seat) -> Result<MoveReport, GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        if self.state.position.turn() != seat {
            return Err(GameError::NotYourTurn);
        }
        self.state.result = Some(self.rules().declare(&self.state)?);
        Ok(MoveReport {
            played: None,
            eliminated: Vec::new(),
            result: self.state.result.clone(),
            next: None,
        })
    }

    /// Ends a two-player game as a draw by agreement.
    pub fn agree_draw(&mut self) -> Result<GameResult, GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        // Agreement needs every opponent's consent; the table asks one.
        if self.variant().seats() != 2 {
            return Err(Refusal::DrawsTwoPlayers.into());
        }
        let r = GameResult::draw(2, EndReason::DrawAgreed);
        self.state.result = Some(r.clone());
        Ok(r)
    }

    /// Ends the game without a result (no rating changes).
    pub fn abort(&mut self) -> Result<GameResult, GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        let r = GameResult::void(EndReason::Aborted);
        self.state.result = Some(r.clone());
        Ok(r)
    }

    /// Takes back the last `plies` moves (two-player games), rebuilding from the start.
    pub fn takeback(&mut self, plies: usize) -> Result<(), GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        // A takeback needs the consent of everyone whose move it undoes; the table asks
        // one opponent.
        if self.variant().seats() != 2 {
            return Err(Refusal::TakebacksTwoPlayers.into());
        }
        if plies == 0 || plies > self.state.history.len() {
            return Err(Refusal::NothingToTakeBack.into());
        }
        let history = &self.state.history;
        let keep: Vec<String> = history[..history.len() - plies]
            .iter()
            .map(|m| m.coordinate.clone())
            .collect();
        let mut rebuilt = Game::from_start(self.state.start.clone(), self.state.options.clone());
        for text in &keep {
            let m = rebuilt.parse_move(text)?;
            rebuilt.play(&m)?;
        }
        *self = rebuilt;
        Ok(())
    }

    /// The stored form (JSON): start and current positions, record and result.
    pub fn to_state(&self) -> String {
        self.state.to_stored()
    }

    /// Reads the stored form back, checking that it hangs together.
    pub fn from_state(text: &str) -> Result<Game, StateError> {
        Ok(Game {
            state: GameState::from_stored(text)?,
        })
    }
}
