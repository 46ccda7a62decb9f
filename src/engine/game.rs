//! A game in progress, for any variant: the position, the moves played with their
//! notation, and the rules that need history or act from outside the board (repetition,
//! perpetual check, move limits, declarations, resignation, timeouts, agreed draws,
//! aborts, takebacks). This is what the service stores and reloads, without replaying.

use serde::{Deserialize, Serialize};

use super::any_position::AnyPosition;
use super::daidai;
use super::error::{IllegalMove, PositionError};
use super::geometry::{Seat, SeatSet, Sq};
use super::moves::Move;
use super::notation;
use super::outcome::{
    Elimination, EliminationReason, EndReason, GameError, GameResult, MoveReport, PlayedMove,
};
use super::record;
use super::shogi::ShogiPosition;
use super::standard;
use super::yonin;
use super::Variant;

/// Rule options of a game. Each variant has its defaults ([`RuleOptions::defaults`]);
/// options that do not apply to a variant are ignored by it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RuleOptions {
    /// Plies after which the game ends (standard: 500, a draw; yonin: 300, scored by points).
    pub move_limit: Option<u32>,
    /// Standard shogi: the 27-point impasse declaration is available.
    pub impasse_declaration: bool,
    /// Yonin: the entering-king declaration is available after this many moves.
    pub declaration_after: Option<u32>,
    /// Yonin: resignation only once two players are left.
    pub resignation_needs_two: bool,
    /// Yonin: 4-fold repetition voids the game.
    pub repetition_voids: bool,
    /// Yonin: a perpetual checker must deviate instead of repeating.
    pub perpetual_check_must_deviate: bool,
    /// Yonin original rules: an eliminated player's hand goes to the eliminator.
    pub hand_to_eliminator: bool,
    /// Dai dai shogi: the historical readings (lion dog as a range-3 slider, ...).
    pub daidai: daidai::Rules,
}

impl Default for RuleOptions {
    fn default() -> Self {
        RuleOptions::defaults(Variant::Standard)
    }
}

impl RuleOptions {
    pub fn defaults(variant: Variant) -> RuleOptions {
        let yonin = matches!(variant, Variant::Yonin | Variant::YoninDoubles);
        RuleOptions {
            move_limit: match variant {
                Variant::Standard => Some(500),
                Variant::Yonin | Variant::YoninDoubles => Some(300),
                Variant::DaiDai => None,
            },
            impasse_declaration: variant == Variant::Standard,
            declaration_after: yonin.then_some(250),
            resignation_needs_two: yonin,
            repetition_voids: yonin,
            perpetual_check_must_deviate: yonin,
            hand_to_eliminator: false,
            daidai: daidai::Rules::default(),
        }
    }
}

/// A game: start position, current position, record and result.
#[derive(Clone, Debug)]
pub struct Game {
    pub(super) options: RuleOptions,
    pub(super) start: AnyPosition,
    pub(super) position: AnyPosition,
    pub(super) history: Vec<PlayedMove>,
    pub(super) eliminations: Vec<Elimination>,
    pub(super) result: Option<GameResult>,
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
            options,
            position: start.clone(),
            start,
            history: Vec::new(),
            eliminations: Vec::new(),
            result: None,
        };
        if game.legal_moves().is_empty() {
            game.result = game.no_move_result();
        }
        game
    }

    pub fn variant(&self) -> Variant {
        self.position.variant()
    }

    pub fn options(&self) -> &RuleOptions {
        &self.options
    }

    pub fn position(&self) -> &AnyPosition {
        &self.position
    }

    pub fn start_position(&self) -> &AnyPosition {
        &self.start
    }

    pub fn history(&self) -> &[PlayedMove] {
        &self.history
    }

    pub fn eliminations(&self) -> &[Elimination] {
        &self.eliminations
    }

    pub fn result(&self) -> Option<&GameResult> {
        self.result.as_ref()
    }

    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// The seat to move, or `None` once the game is over.
    pub fn seat_to_move(&self) -> Option<Seat> {
        (!self.is_over()).then(|| self.position.turn())
    }

    /// The legal moves now (none once the game is over), less those the perpetual-check
    /// rule forbids.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        if self.result.is_none() {
            self.position.legal_moves(&mut moves);
            self.remove_perpetual_checks(&mut moves);
            self.remove_forbidden_repetitions(&mut moves);
        }
        moves
    }

    /// Every legal move in the canonical coordinate form.
    pub fn legal_move_texts(&self) -> Vec<String> {
        self.legal_moves()
            .iter()
            .map(|m| self.position.coordinate(m))
            .collect()
    }

    /// Reads move text in any notation the variant supports. Japanese 同 ("same square")
    /// is resolved here, where the previous move is known.
    pub fn parse_move(&self, text: &str) -> Result<Move, GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        if let (Some(i), Some(to)) = (text.find('同'), self.last_destination()) {
            let g = self.position.geometry();
            let square = format!("{}{}", g.file(to), g.rank(to));
            let rest = text[i + '同'.len_utf8()..].trim_start_matches([' ', '　']);
            let resolved = format!("{}{square}{rest}", &text[..i]);
            return Ok(self.position.parse_move(&resolved)?);
        }
        Ok(self.position.parse_move(text)?)
    }

    /// Plays move text for `seat`, checking that it is that seat's turn.
    pub fn play_text_as(&mut self, seat: Seat, text: &str) -> Result<MoveReport, GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        if self.position.turn() != seat {
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
        self.position.legal_moves(&mut legal);
        if !legal.contains(m) {
            // Not legal, so this names the rule that forbids it.
            self.position.check_move(m)?;
        }
        let mut allowed = legal.clone();
        self.remove_perpetual_checks(&mut allowed);
        if !allowed.contains(m) {
            return Err(GameError::Illegal(IllegalMove::PerpetualCheck));
        }
        let seat = self.position.turn();
        let start_hash = self.start.hash();
        let before = self.position.clone();
        let mut played = PlayedMove {
            seat,
            coordinate: before.coordinate(m),
            western: before.western(m, &legal),
            japanese: String::new(),
            kif: String::new(),
            csa: String::new(),
            checks: SeatSet::EMPTY,
            hash: 0,
            attacked: false,
            passed: false,
        };
        let prev_to = self.last_destination();
        let repetition_history = self.daidai_history();
        let mut repetition_draw = false;
        let (checks, eliminated_seats) = match &mut self.position {
            AnyPosition::Shogi(p) => {
                if p.variant() == Variant::Standard {
                    played.japanese = notation::to_japanese(p, m, &legal, prev_to);
                    played.kif = record::kif_move(p, m, &legal, prev_to);
                    played.csa = record::csa_move(p, m);
                }
                let effects = p.apply(m);
                (effects.checks, effects.eliminated.to_vec())
            }
            AnyPosition::DaiDai(p) => {
                let mut after = p.clone();
                let effects = after.apply(m);
                let candidate = daidai::HistoryEntry::new(&after, seat, &effects);
                match daidai::judge_repetition(start_hash, &repetition_history, &candidate) {
                    daidai::Repetition::Forbidden(culprit) => {
                        return Err(GameError::Illegal(IllegalMove::MustDeviate(culprit_text(
                            culprit,
                        ))))
                    }
                    daidai::Repetition::Draw => repetition_draw = true,
                    daidai::Repetition::Allowed => {}
                }
                *p = after;
                played.attacked = effects.attacks;
                played.passed = effects.passed;
                (effects.checks, Vec::new())
            }
        };
        played.checks = checks;
        played.hash = self.position.hash();
        let ply = self.position.ply();
        let mut eliminated = Vec::new();
        for (s, reason) in &eliminated_seats {
            eliminated.push(Elimination {
                seat: *s,
                by: Some(seat),
                reason: *reason,
                ply,
            });
        }
        self.eliminations.extend(eliminated.iter().cloned());
        self.history.push(played.clone());
        self.result = if repetition_draw {
            Some(GameResult::draw(2, EndReason::Repetition))
        } else {
            self.result_after_move()
        };
        Ok(MoveReport {
            played: Some(played),
            eliminated,
            result: self.result.clone(),
            next: self.seat_to_move(),
        })
    }

    /// The record as the dai dai repetition rule reads it.
    fn daidai_history(&self) -> Vec<daidai::HistoryEntry> {
        if !matches!(self.position, AnyPosition::DaiDai(_)) {
            return Vec::new();
        }
        self.history
            .iter()
            .map(|h| daidai::HistoryEntry {
                hash: h.hash,
                mover: h.seat,
                gave_check: !h.checks.is_empty(),
                attacked: h.attacked,
                passed: h.passed,
            })
            .collect()
    }

    /// Dai dai: drops the moves the repetition rule forbids now. Only positions already
    /// seen three times can be forbidden, so most of the time nothing is tried.
    fn remove_forbidden_repetitions(&self, moves: &mut Vec<Move>) {
        let AnyPosition::DaiDai(p) = &self.position else {
            return;
        };
        let start_hash = self.start.hash();
        let mut counts = std::collections::HashMap::new();
        *counts.entry(start_hash).or_insert(0) += 1;
        for h in &self.history {
            *counts.entry(h.hash).or_insert(0) += 1;
        }
        if !counts.values().any(|&n| n >= 3) {
            return;
        }
        let history = self.daidai_history();
        let seat = p.turn();
        moves.retain(|m| {
            let mut after = p.clone();
            let effects = after.apply(m);
            if counts.get(&after.hash()).copied().unwrap_or(0) < 3 {
                return true;
            }
            let candidate = daidai::HistoryEntry::new(&after, seat, &effects);
            !matches!(
                daidai::judge_repetition(start_hash, &history, &candidate),
                daidai::Repetition::Forbidden(_)
            )
        });
    }

    /// Destination of the last move, read back from its coordinate text (standard shogi,
    /// whose Japanese notation refers to it as 同).
    fn last_destination(&self) -> Option<Sq> {
        if self.variant() != Variant::Standard {
            return None;
        }
        let last = self.history.last()?;
        let g = self.position.geometry();
        let text = last.coordinate.trim_end_matches('+');
        let to = match text.split_once('*') {
            Some((_, sq)) => sq,
            None => {
                let (_, rest) = g.parse_square_prefix(text)?;
                rest
            }
        };
        g.parse_square(to)
    }

    fn no_move_result(&self) -> Option<GameResult> {
        let seat = self.position.turn();
        match self.position.variant().seats() {
            2 => {
                let reason = if self.position.in_check(seat) {
                    EndReason::Checkmate
                } else {
                    EndReason::NoLegalMove
                };
                Some(GameResult::win(Seat(1 - seat.0), reason))
            }
            _ => self.four_player_board_result(),
        }
    }

    /// The rules that end a game after a move: no legal move, repetition, move limit.
    fn result_after_move(&self) -> Option<GameResult> {
        // Dai dai repetition is judged before the move is accepted, in `play`.
        if !matches!(self.position, AnyPosition::DaiDai(_)) {
            if let Some(r) = self.repetition_result() {
                return Some(r);
            }
        }
        // A four-player position settles its eliminations as it plays, so whether the
        // game is over on the board is known without generating moves.
        let no_move = match self.variant().seats() {
            2 => self.legal_moves().is_empty(),
            _ => self.four_player_position().is_some_and(|p| p.is_decided()),
        };
        if no_move {
            if let Some(r) = self.no_move_result() {
                return Some(r);
            }
        }
        if let Some(limit) = self.options.move_limit {
            if self.position.ply() >= limit {
                return Some(match self.variant().seats() {
                    2 => GameResult::draw(2, EndReason::MoveLimit),
                    _ => self.four_player_scored_result(EndReason::MoveLimit),
                });
            }
        }
        None
    }

    /// Sennichite: the fourth occurrence of the current position is a draw, unless one
    /// side checked with every move of the cycle, which then loses.
    fn repetition_result(&self) -> Option<GameResult> {
        let current = self.position.hash();
        let mut occurrences: Vec<usize> = Vec::new();
        if self.start.hash() == current {
            occurrences.push(0);
        }
        for (i, h) in self.history.iter().enumerate() {
            if h.hash == current {
                occurrences.push(i + 1);
            }
        }
        if occurrences.len() < 4 {
            return None;
        }
        let first = occurrences[0];
        if self.variant().seats() == 4 {
            return self.four_player_repetition_result(first);
        }
        let cycle = &self.history[first..];
        let seats = self.variant().seats();
        for seat in 0..seats {
            let seat = Seat(seat);
            let mine: Vec<&PlayedMove> = cycle.iter().filter(|m| m.seat == seat).collect();
            if !mine.is_empty() && mine.iter().all(|m| !m.checks.is_empty()) && seats == 2 {
                return Some(GameResult::win(Seat(1 - seat.0), EndReason::PerpetualCheck));
            }
        }
        Some(GameResult::draw(seats, EndReason::Repetition))
    }

    /// Resignation by `seat`.
    pub fn resign(&mut self, seat: Seat) -> Result<MoveReport, GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        self.end_by_leaving(seat, EndReason::Resignation)
    }

    /// `seat` ran out of time.
    pub fn timeout(&mut self, seat: Seat) -> Result<MoveReport, GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        self.end_by_leaving(seat, EndReason::Timeout)
    }

    fn end_by_leaving(&mut self, seat: Seat, reason: EndReason) -> Result<MoveReport, GameError> {
        match self.variant().seats() {
            2 => {
                self.result = Some(GameResult::win(Seat(1 - seat.0), reason));
                Ok(MoveReport {
                    played: None,
                    eliminated: Vec::new(),
                    result: self.result.clone(),
                    next: None,
                })
            }
            _ => self.four_player_leave(seat, reason),
        }
    }

    /// A declaration (standard: the 27-point impasse rule) by the seat to move.
    pub fn declare(&mut self, seat: Seat) -> Result<MoveReport, GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        if self.position.turn() != seat {
            return Err(GameError::NotYourTurn);
        }
        match &self.position {
            AnyPosition::Shogi(p) if p.spec().seats == 4 => {
                let result = self.four_player_declaration()?;
                self.result = Some(result);
            }
            AnyPosition::Shogi(p) if p.variant() == Variant::Standard => {
                if !self.options.impasse_declaration {
                    return Err(GameError::NotAllowed(
                        "impasse declarations are off in this game".into(),
                    ));
                }
                if let Some(why) = standard::declaration_failure(p) {
                    return Err(GameError::Declaration(why));
                }
                self.result = Some(GameResult::win(seat, EndReason::Declaration));
            }
            _ => {
                return Err(GameError::NotAllowed(
                    "this variant has no declaration".into(),
                ))
            }
        }
        Ok(MoveReport {
            played: None,
            eliminated: Vec::new(),
            result: self.result.clone(),
            next: None,
        })
    }

    /// Ends a two-player game as a draw by agreement.
    pub fn agree_draw(&mut self) -> Result<GameResult, GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        if self.variant().seats() != 2 {
            return Err(GameError::NotAllowed(
                "draws by agreement are for two-player games".into(),
            ));
        }
        let r = GameResult::draw(2, EndReason::DrawAgreed);
        self.result = Some(r.clone());
        Ok(r)
    }

    /// Ends the game without a result (no rating changes).
    pub fn abort(&mut self) -> Result<GameResult, GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        let r = GameResult::void(EndReason::Aborted);
        self.result = Some(r.clone());
        Ok(r)
    }

    /// Takes back the last `plies` moves (two-player games), rebuilding from the start.
    pub fn takeback(&mut self, plies: usize) -> Result<(), GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        if self.variant().seats() != 2 {
            return Err(GameError::NotAllowed(
                "takebacks are for two-player games".into(),
            ));
        }
        if plies == 0 || plies > self.history.len() {
            return Err(GameError::NotAllowed(
                "there is no move to take back".into(),
            ));
        }
        let keep: Vec<String> = self.history[..self.history.len() - plies]
            .iter()
            .map(|m| m.coordinate.clone())
            .collect();
        let mut rebuilt = Game::from_start(self.start.clone(), self.options.clone());
        for text in &keep {
            let m = rebuilt.parse_move(text)?;
            rebuilt.play(&m)?;
        }
        *self = rebuilt;
        Ok(())
    }
}

/// The four-player (yonin) rules that need the record or act from outside the board:
/// results and places, repetition and perpetual check, resignation, timeouts and the
/// entering-king declaration.
impl Game {
    /// The drop-shogi position of a four-player game.
    fn four_player_position(&self) -> Option<&ShogiPosition> {
        match &self.position {
            AnyPosition::Shogi(p) if p.spec().seats == 4 => Some(p),
            _ => None,
        }
    }

    /// Places as the rules rank them now (see [`yonin::places`]).
    fn four_player_places(&self, p: &ShogiPosition) -> Vec<u8> {
        let order: Vec<Seat> = self.eliminations.iter().map(|e| e.seat).collect();
        yonin::places(p, &order)
    }

    /// The result once the game has ended on the board: one survivor in singles, a
    /// player out in doubles.
    fn four_player_board_result(&self) -> Option<GameResult> {
        let p = self.four_player_position()?;
        if !p.is_decided() {
            return None;
        }
        Some(GameResult {
            reason: if p.spec().doubles {
                EndReason::PairEliminated
            } else {
                EndReason::LastSurvivor
            },
            places: Some(self.four_player_places(p)),
        })
    }

    /// The game scored by points (move limit, declaration).
    fn four_player_scored_result(&self, reason: EndReason) -> GameResult {
        let places = self
            .four_player_position()
            .map(|p| self.four_player_places(p));
        GameResult { reason, places }
    }

    /// The fourth occurrence of a position voids the game, unless the plies since its
    /// first occurrence are one player's perpetual check answered by the checked: then
    /// the checker must deviate (its repeating moves are refused), and only the checker's
    /// forced repetition, when it had no other move, voids the game.
    fn four_player_repetition_result(&self, first: usize) -> Option<GameResult> {
        if !self.options.repetition_voids {
            return None;
        }
        if self.options.perpetual_check_must_deviate {
            if let Some(checker) = self.perpetual_checker(first, None) {
                if self.history.last().map(|m| m.seat) != Some(checker) {
                    return None;
                }
            }
        }
        Some(GameResult::void(EndReason::Repetition))
    }

    fn perpetual_check_rule_applies(&self) -> bool {
        self.options.perpetual_check_must_deviate && self.four_player_position().is_some()
    }

    /// The player whose perpetual check the plies of the record from position `first` on
    /// make up, with `next` (a move about to be played: its seat and the seats in check
    /// after it) appended: every ply either answers a check on its mover or gives check
    /// by that one player.
    fn perpetual_checker(&self, first: usize, next: Option<(Seat, SeatSet)>) -> Option<Seat> {
        let mut checked = match first {
            0 => self.start.checked_seats(),
            i => self.history[i - 1].checks,
        };
        let mut checker = None;
        for (seat, checks_after) in self.history[first..]
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
    fn remove_perpetual_checks(&self, moves: &mut Vec<Move>) {
        if !self.perpetual_check_rule_applies() {
            return;
        }
        let Some(p) = self.four_player_position() else {
            return;
        };
        let me = p.turn();
        // Only positions first seen within the run of plies that keep a perpetual check
        // by `me` going can be repeated by a forbidden move. Usually that run is empty.
        let n = self.history.len();
        let mut since = n;
        while since > 0 && self.continues_perpetual(since - 1, me) {
            since -= 1;
        }
        let hash_at = |i: usize| match i {
            0 => self.start.hash(),
            i => self.history[i - 1].hash,
        };
        let window: Vec<u64> = (since..=n).map(hash_at).collect();
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
                    || (0..since).any(|i| hash_at(i) == h)
                {
                    return true;
                }
                let first = since + window.iter().position(|&w| w == h).unwrap_or(0);
                self.perpetual_checker(first, Some((me, effects.checks))) != Some(me)
            })
            .collect();
        if !allowed.is_empty() {
            *moves = allowed;
        }
    }

    /// Whether ply `j` of the record fits a perpetual check by `checker`: it answers a
    /// check on its mover, or it is a check by `checker`.
    fn continues_perpetual(&self, j: usize, checker: Seat) -> bool {
        let m = &self.history[j];
        let checked_before = match j {
            0 => self.start.checked_seats(),
            j => self.history[j - 1].checks,
        };
        checked_before.contains(m.seat) || (m.seat == checker && !m.checks.is_empty())
    }

    /// A timeout or resignation: the player is eliminated with no credit to anyone, and
    /// so is anyone left without a move in consequence. Resignation needs two players
    /// left when the rule option says so.
    fn four_player_leave(
        &mut self,
        seat: Seat,
        reason: EndReason,
    ) -> Result<MoveReport, GameError> {
        let name = self.variant().seat_name(seat);
        let needs_two = self.options.resignation_needs_two;
        let p = match &mut self.position {
            AnyPosition::Shogi(p) if p.spec().seats == 4 => p,
            _ => {
                return Err(GameError::NotAllowed(
                    "this is not a four-player game".into(),
                ))
            }
        };
        if !p.alive().contains(seat) {
            return Err(GameError::NotAllowed(format!(
                "{name} is already out of the game"
            )));
        }
        if reason == EndReason::Resignation && needs_two && p.alive().len() >= 3 {
            return Err(GameError::NotAllowed(
                "resignation is not allowed while three or more players are alive".into(),
            ));
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
        self.eliminations.extend(eliminated.iter().cloned());
        // The game ends if this left one player (singles) or broke a pair (doubles).
        self.result = self
            .four_player_board_result()
            .map(|r| GameResult { reason, ..r });
        Ok(MoveReport {
            played: None,
            eliminated,
            result: self.result.clone(),
            next: self.seat_to_move(),
        })
    }

    /// The entering-king declaration (入玉宣言) by the seat to move: after the set number
    /// of moves, with its king in its promotion zone, not in check and a legal move at
    /// hand, a player may end the game, which is then scored as at the move limit.
    fn four_player_declaration(&self) -> Result<GameResult, GameError> {
        let Some(p) = self.four_player_position() else {
            return Err(GameError::NotAllowed(
                "this variant has no declaration".into(),
            ));
        };
        let Some(after) = self.options.declaration_after else {
            return Err(GameError::NotAllowed(
                "entering-king declarations are off in this game".into(),
            ));
        };
        if p.ply() < after {
            return Err(GameError::NotAllowed(format!(
                "the entering-king declaration is available once {after} moves have been played"
            )));
        }
        if let Some(why) = yonin::declaration_failure(p) {
            return Err(GameError::Declaration(why));
        }
        if self.legal_moves().is_empty() {
            return Err(GameError::Declaration("you have no legal move".into()));
        }
        Ok(self.four_player_scored_result(EndReason::Declaration))
    }
}

/// Why a dai dai player must deviate rather than repeat, for the refusal message.
fn culprit_text(culprit: daidai::RepetitionCulprit) -> &'static str {
    match culprit {
        daidai::RepetitionCulprit::PerpetualCheck => "gave check with every move of the cycle",
        daidai::RepetitionCulprit::PerpetualAttack => "attacked with every move of the cycle",
        daidai::RepetitionCulprit::FirstPasser => "began the run of passes",
    }
}
