//! Playing: moves, the board, autocomplete of legal moves, resignation, declarations and
//! aborts. Every action that changes a game goes through [`Service::settle`].

use crate::engine::{
    EndReason, GameError, GameResult, Move, MoveParseError, MoveReport, Position, Seat, SeatSet,
};
use crate::store::{ChannelId, NewMove, NextTurn, UserId};

use super::table::Table;
use super::{
    Announcement, BoardPicture, BoardView, Eliminated, Event, GameOver, GatheredMove, MoveAnswer,
    MoveChoice, MoveChoices, MoveText, Notation, Outcome, PlayedMove, PromotionQuestion, Service,
    ServiceError, ServiceResult, SinceTurn,
};

/// What an action writes besides the new state.
pub(super) enum Write {
    /// A move for the log, and the offers it lapsed (their messages lose their buttons).
    Move {
        mv: NewMove,
        lapsed: Vec<Announcement>,
    },
    /// Nothing else (a timeout that eliminates a yonin player, a resignation, ...).
    State,
    /// A draw agreed, and the edit of the offer's message (its buttons removed) when the
    /// offer was not answered by its own buttons.
    Agreement { answered: Vec<Announcement> },
    /// A takeback granted: this many moves leave the log; `answered` as for an agreement.
    TakeBack {
        plies: u32,
        answered: Vec<Announcement>,
    },
}

impl Write {
    /// What the write announces besides the outcome: the offers a move lapsed, or the
    /// offer an agreement answered.
    fn also_announced(&self) -> &[Announcement] {
        match self {
            Self::Move { lapsed, .. } => lapsed,
            Self::Agreement { answered } | Self::TakeBack { answered, .. } => answered,
            Self::State => &[],
        }
    }
}

impl Service {
    /// Plays `text` (any notation the variant reads) for `user` in the channel's game.
    /// Refused unless the user holds the seat to move and the move is legal; on success the
    /// move is stored, with its announcement (the board for the next player), before
    /// anything is returned.
    pub async fn play(
        &self,
        channel: ChannelId,
        user: UserId,
        text: &str,
    ) -> ServiceResult<Outcome> {
        let now = self.now();
        let table = self.table_in_channel(channel).await?;
        let seat = table.turn_of(user)?;
        let m = table.game.parse_move(text.trim())?;
        self.play_move(table, seat, m, now).await
    }

    /// Like [`Service::play`], for move text as a person types it: where the text leaves
    /// open whether the piece promotes and both are legal (`8h2b` or `Bx2b` when the
    /// bishop may promote on 2b), nothing is played and the question comes back, to be
    /// answered with [`Service::play_chosen`]. Text that says (`8h2b+`, `Bx2b=`,
    /// `２二角不成`) is played as it says.
    pub async fn play_or_ask(
        &self,
        channel: ChannelId,
        user: UserId,
        text: &str,
    ) -> ServiceResult<MoveAnswer> {
        let now = self.now();
        let table = self.table_for_move(channel, user).await?;
        let seat = table.turn_of(user)?;
        let text = text.trim();
        if let Some(question) = promotion_left_open(&table, text) {
            return Ok(MoveAnswer::PromotionOpen(Box::new(question)));
        }
        let m = table.game.parse_move(text)?;
        let outcome = self.play_move(table, seat, m, now).await?;
        Ok(MoveAnswer::Played(Box::new(outcome)))
    }

    /// Plays the answer to a [`PromotionQuestion`]: `coordinate` (the move in the
    /// variant's coordinate form, which says whether it promotes) in game `game_id`, if
    /// the game still stands at `ply`, the move the question was asked at. A game that
    /// has moved on since refuses the answer, and nothing is played.
    pub async fn play_chosen(
        &self,
        channel: ChannelId,
        user: UserId,
        game_id: crate::store::GameId,
        ply: u32,
        coordinate: &str,
    ) -> ServiceResult<Outcome> {
        let now = self.now();
        let table = match self.table_in_channel(channel).await {
            Ok(table) if table.id() == game_id => table,
            Ok(_) | Err(ServiceError::NoGameHere) => return Err(ServiceError::GameOver(game_id)),
            Err(error) => return Err(error),
        };
        // The clicker is a player (a private question is only theirs), so a game that
        // moved on is the reason to give, before whose turn it now is.
        table.seat_of(user)?;
        if table.row.ply != ply {
            return Err(ServiceError::MovedOn {
                game_id,
                asked_at: ply,
                now_at: table.row.ply,
            });
        }
        let seat = table.turn_of(user)?;
        let m = table.game.parse_move(coordinate)?;
        self.play_move(table, seat, m, now).await
    }

    /// The channel's game for a player about to move; without one, the game of theirs
    /// that just ended there, if any, says why.
    async fn table_for_move(&self, channel: ChannelId, user: UserId) -> ServiceResult<Table> {
        match self.table_in_channel(channel).await {
            Err(ServiceError::NoGameHere) => Err(self.no_game_for(channel, user).await),
            other => other,
        }
    }

    /// Plays a move the engine has read for `seat`, the seat to move, and stores it with
    /// its announcement.
    async fn play_move(
        &self,
        mut table: Table,
        seat: u8,
        m: Move,
        now: i64,
    ) -> ServiceResult<Outcome> {
        let before = table.game.position().to_text();
        let standing = self.standing_offer_rows(&table).await?;
        let report = table.game.play(&m)?;
        let lapsed = self.lapsed_by_move(&table, standing).await?;
        let Some(played) = report.played.clone() else {
            return Err(ServiceError::Corrupt(
                "the engine reported a move without the move".into(),
            ));
        };
        let last_move = PlayedMove {
            before,
            coordinate: played.coordinate.clone(),
        };
        let mv = NewMove {
            seat,
            user_id: user_in(&table, seat),
            notation: played.coordinate.clone(),
            readable: played.western.clone(),
            position: table.game.position().to_text(),
        };
        let event = Event::Move {
            by: table.player(seat),
            readable: played.western,
            coordinate: played.coordinate,
            japanese: (!played.japanese.is_empty()).then_some(played.japanese),
        };
        self.settle(
            table,
            event,
            report,
            Write::Move { mv, lapsed },
            Some(last_move),
            now,
        )
        .await
    }

    /// Resigns the user's game in this channel. Two-player games are lost at once; in
    /// yonin the rule options decide (by default no resignation while three or more
    /// players are alive), and the refusal says why.
    pub async fn resign(&self, channel: ChannelId, user: UserId) -> ServiceResult<Outcome> {
        let now = self.now();
        let mut table = self.table_in_channel(channel).await?;
        let seat = table.seat_of(user)?;
        let report = table
            .game
            .resign(Seat(seat))
            .map_err(|error| resignation_refused(&table, seat, error))?;
        let event = Event::Resignation {
            by: table.player(seat),
        };
        self.settle(table, event, report, Write::State, None, now)
            .await
    }

    /// Whether the user may resign the channel's game now, without resigning: the check
    /// made before asking them to confirm, refused with the same reason as
    /// [`Service::resign`] would be.
    pub async fn check_resign(&self, channel: ChannelId, user: UserId) -> ServiceResult<()> {
        let table = self.table_in_channel(channel).await?;
        let seat = table.seat_of(user)?;
        let mut trial = table.game.clone();
        trial
            .resign(Seat(seat))
            .map(|_| ())
            .map_err(|error| resignation_refused(&table, seat, error))
    }

    /// Declares on the user's turn instead of moving: the 27-point impasse rule in
    /// standard shogi, the entering-king declaration in yonin. An invalid declaration is
    /// refused with the reason and costs nothing.
    pub async fn declare(&self, channel: ChannelId, user: UserId) -> ServiceResult<Outcome> {
        let now = self.now();
        let mut table = self.table_in_channel(channel).await?;
        let seat = table.turn_of(user)?;
        let report = table.game.declare(Seat(seat))?;
        let event = Event::Declaration {
            by: table.player(seat),
        };
        self.settle(table, event, report, Write::State, None, now)
            .await
    }

    /// Stops the channel's game without a result; ratings do not change. Players may abort
    /// until every seat has made a move; a moderator (as the caller decides) at any time,
    /// even a game whose stored state no longer reads back.
    pub async fn abort(
        &self,
        channel: ChannelId,
        user: UserId,
        moderator: bool,
    ) -> ServiceResult<Outcome> {
        let now = self.now();
        let row = self
            .store()
            .active_game_in_channel(channel)
            .await?
            .ok_or(ServiceError::NoGameHere)?;
        let mut table = match Table::from_row(row.clone()) {
            Ok(table) => table,
            Err(error) if moderator => return self.abort_unreadable(row, user, error, now).await,
            Err(error) => return Err(error),
        };
        // Players abort their own games; a moderator any game.
        match table.seat_of(user) {
            Err(error) if !moderator => return Err(error),
            _ => {}
        }
        if !moderator {
            let seats = table.variant().seats();
            let moved = table
                .game
                .history()
                .iter()
                .fold(SeatSet::EMPTY, |moved, m| moved.with(m.seat));
            if moved.len() >= usize::from(seats) {
                return Err(ServiceError::TooLateToAbort);
            }
        }
        let result = table.game.abort()?;
        let report = ended_by(result);
        let event = Event::Aborted {
            by: user,
            moderator,
        };
        self.settle(table, event, report, Write::State, None, now)
            .await
    }

    /// Ends a game whose state is unreadable, keeping the stored state as it is.
    async fn abort_unreadable(
        &self,
        row: crate::store::Game,
        user: UserId,
        why: ServiceError,
        now: i64,
    ) -> ServiceResult<Outcome> {
        tracing::warn!(game = %row.id, error = %why, "a moderator aborts an unreadable game");
        let variant = super::table::parse_variant(&row.variant)?;
        let result = GameResult::void(EndReason::Aborted);
        let stored = super::table::StoredResult {
            reason: result.reason,
            places: None,
            summary: "the game was aborted".into(),
        };
        let end = crate::store::GameEnd {
            ending: crate::store::Ending::Aborted,
            result: serde_json::to_value(&stored)
                .map_err(|e| ServiceError::Corrupt(format!("result: {e}")))?,
            places: Vec::new(),
        };
        let outcome_of = |row: &crate::store::Game| {
            let standings = super::table::players_of(row, variant)
                .into_iter()
                .map(|player| super::Standing {
                    player,
                    place: None,
                    rating: None,
                })
                .collect();
            Outcome {
                game_id: row.id,
                guild_id: row.guild_id,
                channel_id: row.channel_id,
                variant,
                event: Event::Aborted {
                    by: user,
                    moderator: true,
                },
                ply: row.ply,
                checks: Vec::new(),
                eliminated: Vec::new(),
                result: Some(GameOver {
                    status: row.status,
                    reason: result.reason,
                    summary: stored.summary.clone(),
                    rated: false,
                    standings,
                }),
                next: None,
                deadline_at: None,
                bank_left: None,
                picture: None,
                since_turn: None,
            }
        };
        let announce = |row: &crate::store::Game| {
            let announcement = Announcement::Outcome(Box::new(outcome_of(row)));
            Ok(vec![announcement.stored_in(
                row.channel_id,
                Some(row.id),
                None,
            )?])
        };
        let row = self
            .store()
            .finish_game(
                row.at_version(),
                None,
                &end,
                crate::store::unrated,
                announce,
                now,
            )
            .await?;
        self.announced();
        Ok(outcome_of(&row))
    }

    /// The channel's game as it stands, drawn from the user's seat (or, for spectators,
    /// from the first seat).
    pub async fn board(&self, channel: ChannelId, user: UserId) -> ServiceResult<BoardView> {
        let mut view = self.board_undrawn(channel, user).await?;
        let style = self.piece_style_of(user).await;
        view.image = view.picture.draw_styled(style).await;
        Ok(view)
    }

    /// [`Service::board`] without the drawing, for a caller that draws the picture with
    /// its reader's words.
    pub async fn board_undrawn(
        &self,
        channel: ChannelId,
        user: UserId,
    ) -> ServiceResult<BoardView> {
        let table = self.table_in_channel(channel).await?;
        let seat = table.seat_of(user).unwrap_or(0);
        let offers = self.standing_offers(&table).await?;
        let last_move = self.last_played(&table, table.row.ply).await;
        let mut view = table.board(seat, last_move);
        view.offers = offers;
        Ok(view)
    }

    /// Legal moves for the user's move command matching what has been typed, at most
    /// `limit` of them, with how many match in all. A move matches when one of its forms
    /// (coordinate, Western, Japanese as typed: `７六`, `７六歩`, `76`, `同`) starts with
    /// the text, or failing that contains it (typing a destination such as `7f` finds
    /// `7g7f`); an `x` asks for captures only. Captures and checks come first. Refused
    /// unless it is the user's turn.
    pub async fn legal_moves_for(
        &self,
        channel: ChannelId,
        user: UserId,
        typed: &str,
        limit: usize,
        notation: Notation,
    ) -> ServiceResult<MoveChoices> {
        let table = self.table_for_move(channel, user).await?;
        table.turn_of(user)?;
        let game = &table.game;
        let position = game.position();
        let legal = game.legal_moves();
        let captures_only = typed.contains(['x', 'X', '×']);
        let wanted = squeeze(typed);
        // (prefix match, capture or check, order in the move list)
        let mut found: Vec<(bool, bool, usize, MoveChoice)> = Vec::new();
        for (order, m) in legal.iter().enumerate() {
            let captures = m
                .middles()
                .chain([m.to])
                .any(|sq| sq != m.from && position.piece_at(sq).is_some());
            if captures_only && !captures {
                continue;
            }
            let coordinate = position.coordinate(m);
            let western = position.western(m, &legal);
            let japanese = game.japanese(m, &legal);
            // Where moves are not written in Japanese (dai dai), the piece's kanji and
            // English name lead to its moves: `獅子`, `lion`, `獅子7c`.
            let named = match &japanese {
                None if !m.is_drop() => position.piece_at(m.from).map(|p| position.kind(p.kind())),
                _ => None,
            };
            let to = position.geometry().name(m.to).to_string();
            let names: Vec<String> = named
                .iter()
                .flat_map(|kind| [format!("{}{to}", kind.kanji), format!("{}{to}", kind.name)])
                .collect();
            let forms = [Some(&coordinate), Some(&western), japanese.as_ref()];
            let forms = forms
                .into_iter()
                .flatten()
                .chain(&names)
                .map(|form| squeeze(form));
            let mut starts = false;
            let mut contains = false;
            for form in forms {
                starts |= form.starts_with(&wanted);
                contains |= form.contains(&wanted);
            }
            // CSA (`+7776FU`, which holds the digits form `7776`) is typed from its start:
            // within it, two digits can name no square (`6766` holds `76`).
            if let Some(csa) = game.csa(m).map(|csa| squeeze(&csa)) {
                let csa_starts = csa.starts_with(&wanted)
                    || csa
                        .trim_start_matches(['+', '-'])
                        .starts_with(wanted.trim_start_matches(['+', '-']));
                starts |= csa_starts;
                contains |= csa_starts;
            }
            if !contains {
                continue;
            }
            let forcing = captures || {
                let mut after = position.clone();
                !Position::play_unchecked(&mut after, m).checks.is_empty()
            };
            // The player's notation first, the other forms after it.
            let label = match (notation, &japanese, named, western == coordinate) {
                // The coordinate form beside it is what the command receives.
                (Notation::Japanese, Some(japanese), _, _) => {
                    format!("{japanese} ({coordinate})")
                }
                (Notation::Coordinate, Some(japanese), _, _) => {
                    format!("{coordinate} ({western}, {japanese})")
                }
                (_, Some(japanese), _, _) => format!("{western} ({coordinate}, {japanese})"),
                // Dai dai shogi, written for Japanese readers as its records keep it.
                (Notation::Japanese, None, Some(kind), _) => format!("{} {coordinate}", kind.kanji),
                (Notation::Coordinate, None, Some(kind), _) => {
                    format!("{coordinate} ({western}, {})", kind.kanji)
                }
                (_, None, Some(kind), _) => format!("{western} ({coordinate}, {})", kind.kanji),
                (_, None, None, true) => coordinate.clone(),
                (Notation::Coordinate, None, None, false) => format!("{coordinate} ({western})"),
                (_, None, None, false) => format!("{western} ({coordinate})"),
            };
            found.push((
                starts,
                forcing,
                order,
                MoveChoice {
                    label,
                    value: coordinate,
                },
            ));
        }
        let matching = found.len();
        found.sort_by_key(|(starts, forcing, order, _)| (!starts, !forcing, *order));
        let moves = found
            .into_iter()
            .take(limit)
            .map(|(.., choice)| choice)
            .collect();
        Ok(MoveChoices { moves, matching })
    }

    /// Stores what an action did to a game, with its announcement: a game that goes on gets
    /// its new state and the next player's clock; a game that ended gets its result, places
    /// and ratings. The board is seen from the game's channel seat (the challenger's),
    /// marking `last_move` (by default the last move in the log).
    pub(super) async fn settle(
        &self,
        table: Table,
        event: Event,
        report: MoveReport,
        write: Write,
        last_move: Option<PlayedMove>,
        now: i64,
    ) -> ServiceResult<Outcome> {
        let at = table.row.at_version();
        let ply = match &write {
            Write::Move { .. } => table.row.ply + 1,
            Write::State | Write::Agreement { .. } => table.row.ply,
            Write::TakeBack { plies, .. } => table.row.ply.saturating_sub(*plies),
        };
        let checks = match &report.played {
            Some(played) => played.checks,
            None if report.result.is_some() => SeatSet::EMPTY,
            None => table.game.position().checked_seats(),
        };
        let eliminated = report
            .eliminated
            .iter()
            .map(|e| Eliminated {
                player: table.player(e.seat.0),
                reason: e.reason,
                by: e.by.map(|by| table.player(by.0)),
            })
            .collect();
        // The channel's board keeps one seat for the whole game; "My view" and /board
        // show each player their own.
        let image_seat = self.channel_seat_of(&table).await?;
        let last_move = match last_move {
            Some(last_move) => Some(last_move),
            None => self.last_played(&table, ply).await,
        };
        let mut outcome = Outcome {
            game_id: table.row.id,
            guild_id: table.row.guild_id,
            channel_id: table.row.channel_id,
            variant: table.variant(),
            event,
            ply,
            checks: table.players_in(checks),
            eliminated,
            next: report.next.map(|seat| table.player(seat.0)),
            deadline_at: None,
            bank_left: None,
            result: None,
            picture: Some(BoardPicture::of(&table, image_seat, last_move.clone())),
            since_turn: None,
        };

        if let Some(result) = &report.result {
            let final_move = match &write {
                Write::Move { mv, .. } => Some(mv),
                _ => None,
            };
            let over = self
                .store_end(
                    &table,
                    result,
                    final_move,
                    &outcome,
                    write.also_announced(),
                    now,
                )
                .await?;
            outcome.result = Some(over);
            self.announced();
            return Ok(outcome);
        }

        let moved = match &write {
            Write::Move { mv, .. } => Some(mv.seat),
            _ => None,
        };
        let next_seat = report.next.map(|seat| seat.0);
        let (clock, bank, next_bank) = self
            .next_turn_clock(&table.row, moved, next_seat, now)
            .await?;
        let next = NextTurn {
            state: table.game.to_state(),
            clock,
            bank,
        };
        outcome.deadline_at = next.clock.deadline_at;
        outcome.bank_left = next_bank;
        // Four-player games with a computer are quiet while no person is to move: a move
        // is posted only when it hands the turn to a person, with every move since their
        // last turn, and the board from their seat.
        let mut silent = false;
        if let (true, Write::Move { .. }) = (quiet(&table), &write) {
            match next_seat.filter(|&seat| !table.is_computer(seat)) {
                Some(person) => {
                    outcome.since_turn = Some(self.since_turn(&table, person).await);
                    outcome.eliminated = eliminated_since_turn(&table, person);
                    outcome.picture = Some(BoardPicture::of(&table, person, last_move));
                }
                None => silent = true,
            }
        }
        let announcement = Announcement::Outcome(Box::new(outcome.clone()));
        let lapsed = write.also_announced();
        let turn_message = match next_seat {
            Some(seat) => self.turn_message(&table, seat, &outcome).await?,
            None => None,
        };
        let announcements = std::iter::once(&announcement)
            .filter(|_| !silent)
            .chain(lapsed)
            .chain(turn_message.iter())
            .map(|said| said.stored_in(outcome.channel_id, Some(outcome.game_id), None))
            .collect::<Result<Vec<_>, _>>()?;
        let store = self.store();
        match &write {
            Write::Move { mv, .. } => {
                store.apply_move(at, mv, &next, announcements, now).await?;
                self.inner
                    .moves_played
                    .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
            Write::State | Write::Agreement { .. } => {
                store.update_state(at, &next, announcements, now).await?;
            }
            Write::TakeBack { plies, .. } => {
                store
                    .take_back(at, *plies, &next, announcements, now)
                    .await?;
            }
        }
        self.schedule_changed();
        self.announced();
        Ok(outcome)
    }
}

/// Whether a game is played quietly while no person is to move: a game of more than two
/// seats with a computer in one. Two-player games against the computer post every move:
/// every other move is the person's.
fn quiet(table: &Table) -> bool {
    table.variant().seats() > 2 && (0..table.variant().seats()).any(|seat| table.is_computer(seat))
}

/// The history index just after `seat`'s last move (0 if it has not moved): where the
/// moves since its last turn begin.
fn after_last_turn(table: &Table, seat: u8) -> usize {
    let history = table.game.history();
    history
        .iter()
        .rposition(|m| m.seat == Seat(seat))
        .map_or(0, |index| index + 1)
}

/// The players eliminated since `seat` last moved, by its own last move included (a move
/// followed by a computer's turn is not posted, so nobody has been told).
fn eliminated_since_turn(table: &Table, seat: u8) -> Vec<Eliminated> {
    let played = table.game.history().len();
    let since = after_last_turn(table, seat).saturating_sub(1);
    // Eliminations count the position's plies, which may start past 0.
    let offset = i64::from(table.game.position().ply()) - played as i64;
    table
        .game
        .eliminations()
        .iter()
        .filter(|e| i64::from(e.ply) - offset > since as i64)
        .map(|e| Eliminated {
            player: table.player(e.seat.0),
            reason: e.reason,
            by: e.by.map(|by| table.player(by.0)),
        })
        .collect()
}

impl Service {
    /// The moves since `seat` (a person, now to move) last moved, in their notation.
    async fn since_turn(&self, table: &Table, seat: u8) -> SinceTurn {
        let from = after_last_turn(table, seat);
        let moves = (from..)
            .zip(&table.game.history()[from..])
            .map(|(index, m)| GatheredMove {
                ply: u32::try_from(index + 1).unwrap_or(u32::MAX),
                by: table.player(m.seat.0),
                readable: m.western.clone(),
                coordinate: m.coordinate.clone(),
                japanese: (!m.japanese.is_empty()).then(|| m.japanese.clone()),
            })
            .collect();
        let user = table.player(seat).user_id;
        let notation = match self.player_settings(user).await {
            Ok(settings) => settings.notation,
            Err(error) => {
                tracing::warn!(%error, %user, "cannot read a player's settings; moves in the default notation");
                None
            }
        };
        SinceTurn { moves, notation }
    }
}

/// The report of an action that ended the game without a move.
pub(super) fn ended_by(result: GameResult) -> MoveReport {
    MoveReport {
        played: None,
        eliminated: Vec::new(),
        result: Some(result),
        next: None,
    }
}

/// Why a resignation is refused, said to the player in full: an eliminated player has
/// nothing to resign, and yonin's rule against resigning while three or more are alive
/// leaves playing on.
fn resignation_refused(table: &Table, seat: u8, error: GameError) -> ServiceError {
    let position = table.game.position();
    if !position.alive().contains(Seat(seat)) {
        return ServiceError::NothingToResign;
    }
    if table.game.options().resignation_needs_two && position.alive().len() >= 3 {
        return ServiceError::ResignationNeedsTwo {
            alive: position.alive().len(),
        };
    }
    error.into()
}

/// The user in a seat.
fn user_in(table: &Table, seat: u8) -> UserId {
    table.player(seat).user_id
}

/// The question to ask when `text` reads as a board move whose promotion it leaves open
/// while both promoting and not promoting are legal: coordinate text without `+` (which
/// the engine reads as not promoting, as USI does) or Western or Japanese text without a
/// promotion mark (which the engine finds ambiguous). Text that says `=` or 不成 has
/// decided.
fn promotion_left_open(table: &Table, text: &str) -> Option<PromotionQuestion> {
    if text.ends_with('=') || text.contains("不成") || crate::engine::notation::is_csa_move(text)
    {
        return None;
    }
    let game = &table.game;
    let promoting = match game.parse_move(text) {
        Ok(m) if !m.is_drop() && !m.promote => Move { promote: true, ..m },
        Ok(_) => return None,
        // Ambiguous only between promoting and not: the text with a promotion mark names
        // one move.
        Err(GameError::Parse(MoveParseError::Ambiguous { .. })) => ["+", "成"]
            .iter()
            .find_map(|mark| game.parse_move(&format!("{text}{mark}")).ok())
            .filter(|m| m.promote)?,
        Err(_) => return None,
    };
    let staying = Move {
        promote: false,
        ..promoting
    };
    let legal = game.legal_moves();
    if !(legal.contains(&promoting) && legal.contains(&staying)) {
        return None;
    }
    let position = game.position();
    let choice = |m: &Move| MoveChoice {
        label: position.western(m, &legal),
        value: position.coordinate(m),
    };
    let text = |m: &Move| MoveText {
        coordinate: position.coordinate(m),
        western: position.western(m, &legal),
        japanese: game.japanese(m, &legal),
    };
    Some(PromotionQuestion {
        game_id: table.id(),
        variant: table.variant(),
        ply: table.row.ply,
        promote: choice(&promoting),
        stay: choice(&staying),
        promote_text: text(&promoting),
        stay_text: text(&staying),
    })
}

/// Move text as compared for autocomplete: lowercase, without separators, the capture
/// mark or the side marks, with full-width digits and kanji rank numerals as plain
/// digits (so `７六`, `7六` and `76` are one square).
fn squeeze(text: &str) -> String {
    const FULL_WIDTH: &str = "１２３４５６７８９";
    const KANJI: &str = "一二三四五六七八九";
    text.chars()
        .filter(|c| {
            !matches!(
                c,
                '-' | 'x' | 'X' | '×' | '=' | ' ' | '　' | '*' | '▲' | '△' | '☗' | '☖'
            )
        })
        .map(
            |c| match FULL_WIDTH.chars().chain(KANJI.chars()).position(|d| d == c) {
                Some(i) => char::from(b'1' + (i % 9) as u8),
                None => c,
            },
        )
        .flat_map(char::to_lowercase)
        .collect()
}
