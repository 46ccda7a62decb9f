//! Playing: moves, the board, autocomplete of legal moves, resignation, declarations and
//! aborts. Every action that changes a game goes through [`Service::settle`].

use crate::engine::{EndReason, GameResult, MoveReport, Seat, SeatSet};
use crate::store::{ChannelId, NewMove, NextTurn, UserId};

use super::table::Table;
use super::{
    Announcement, BoardPicture, BoardView, Eliminated, Event, GameOver, MoveChoice, Outcome,
    PlayedMove, Service, ServiceError, ServiceResult,
};

/// Discord shows at most 25 autocomplete choices.
const MAX_CHOICES: usize = 25;

/// What an action writes besides the new state.
pub(super) enum Write {
    /// A move for the log.
    Move(NewMove),
    /// Nothing else (a timeout that eliminates a yonin player, a resignation, ...).
    State,
    /// This many moves leave the log.
    TakeBack(u32),
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
        let mut table = self.table_in_channel(channel).await?;
        let seat = table.turn_of(user)?;
        let m = table.game.parse_move(text.trim())?;
        let before = table.game.position().to_text();
        let report = table.game.play(&m)?;
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
            user_id: user,
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
            Write::Move(mv),
            seat,
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
        let report = table.game.resign(Seat(seat))?;
        let event = Event::Resignation {
            by: table.player(seat),
        };
        self.settle(table, event, report, Write::State, seat, None, now)
            .await
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
        self.settle(table, event, report, Write::State, seat, None, now)
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
        let seat = match table.seat_of(user) {
            Ok(seat) => seat,
            Err(_) if moderator => 0,
            Err(error) => return Err(error),
        };
        if !moderator {
            let seats = table.variant().seats();
            let moved = table
                .game
                .history()
                .iter()
                .fold(SeatSet::EMPTY, |moved, m| moved.with(m.seat));
            if moved.len() >= usize::from(seats) {
                return Err(ServiceError::NotAllowed(
                    "Every player has moved, so the game can no longer be aborted. Resign, \
                     offer a draw, or ask a moderator."
                        .into(),
                ));
            }
        }
        let result = table.game.abort()?;
        let report = ended_by(result);
        let event = Event::Aborted {
            by: user,
            moderator,
        };
        self.settle(table, event, report, Write::State, seat, None, now)
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
        let stored = super::ending::StoredResult {
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
                picture: None,
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
    /// from the seat to move).
    pub async fn board(&self, channel: ChannelId, user: UserId) -> ServiceResult<BoardView> {
        let table = self.table_in_channel(channel).await?;
        let seat = table
            .seat_of(user)
            .ok()
            .or(table.seat_to_move())
            .unwrap_or(0);
        self.board_view(table, seat).await
    }

    /// The board of a loaded game from one seat, drawn.
    pub(super) async fn board_view(&self, table: Table, seat: u8) -> ServiceResult<BoardView> {
        let offers = self.standing_offers(&table).await?;
        let last_move = self.last_played(&table, table.row.ply).await;
        let mut view = board_of(&table, seat, last_move);
        view.offers = offers;
        view.image = view.picture.draw().await;
        Ok(view)
    }

    /// Legal moves for the user's move command: up to 25, those starting with `prefix` in
    /// coordinate or Western notation first, then those containing it (typing a
    /// destination such as `7f` finds `7g7f`). Refused unless it is the user's turn.
    pub async fn legal_moves_for(
        &self,
        channel: ChannelId,
        user: UserId,
        prefix: &str,
    ) -> ServiceResult<Vec<MoveChoice>> {
        let table = self.table_in_channel(channel).await?;
        table.turn_of(user)?;
        let position = table.game.position();
        let legal = table.game.legal_moves();
        let wanted = squeeze(prefix);
        let mut starting = Vec::new();
        let mut containing = Vec::new();
        for m in &legal {
            let coordinate = position.coordinate(m);
            let western = position.western(m, &legal);
            let (c, w) = (squeeze(&coordinate), squeeze(&western));
            let bucket = if c.starts_with(&wanted) || w.starts_with(&wanted) {
                &mut starting
            } else if c.contains(&wanted) || w.contains(&wanted) {
                &mut containing
            } else {
                continue;
            };
            let label = if western == coordinate {
                coordinate.clone()
            } else {
                format!("{western} ({coordinate})")
            };
            bucket.push(MoveChoice {
                label,
                value: coordinate,
            });
            if starting.len() >= MAX_CHOICES {
                break;
            }
        }
        starting.extend(containing);
        starting.truncate(MAX_CHOICES);
        Ok(starting)
    }

    /// Stores what an action did to a game, with its announcement: a game that goes on gets
    /// its new state and the next player's clock; a game that ended gets its result, places
    /// and ratings. The board is seen from whoever is to move (or, once the game is over,
    /// from `actor`'s seat), marking `last_move` (by default the last move in the log).
    #[allow(clippy::too_many_arguments)]
    pub(super) async fn settle(
        &self,
        table: Table,
        event: Event,
        report: MoveReport,
        write: Write,
        actor: u8,
        last_move: Option<PlayedMove>,
        now: i64,
    ) -> ServiceResult<Outcome> {
        let at = table.row.at_version();
        let ply = match &write {
            Write::Move(_) => table.row.ply + 1,
            Write::State => table.row.ply,
            Write::TakeBack(plies) => table.row.ply.saturating_sub(*plies),
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
        let image_seat = report.next.map_or(actor, |seat| seat.0);
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
            result: None,
            picture: Some(BoardPicture::of(&table, image_seat, last_move)),
        };

        if let Some(result) = &report.result {
            let final_move = match &write {
                Write::Move(mv) => Some(mv),
                _ => None,
            };
            let over = self
                .store_end(&table, result, final_move, &outcome, now)
                .await?;
            outcome.result = Some(over);
            self.announced();
            return Ok(outcome);
        }

        let moved = matches!(write, Write::Move(_)).then_some(actor);
        let next_seat = report.next.map(|seat| seat.0);
        let (clock, bank) = self
            .next_turn_clock(&table.row, moved, next_seat, now)
            .await?;
        let next = NextTurn {
            state: table.game.to_state(),
            clock,
            bank,
        };
        outcome.deadline_at = next.clock.deadline_at;
        let announcement = Announcement::Outcome(Box::new(outcome.clone()));
        let announcements =
            vec![announcement.stored_in(outcome.channel_id, Some(outcome.game_id), None)?];
        let store = self.store();
        match &write {
            Write::Move(mv) => store.apply_move(at, mv, &next, announcements, now).await?,
            Write::State => store.update_state(at, &next, announcements, now).await?,
            Write::TakeBack(plies) => {
                store
                    .take_back(at, *plies, &next, announcements, now)
                    .await?
            }
        };
        self.schedule_changed();
        self.announced();
        Ok(outcome)
    }
}

/// A game as it stands from one seat, not yet drawn, without its offers.
pub(super) fn board_of(table: &Table, seat: u8, last_move: Option<PlayedMove>) -> BoardView {
    let position = table.game.position();
    BoardView {
        game_id: table.row.id,
        guild_id: table.row.guild_id,
        channel_id: table.row.channel_id,
        variant: table.variant(),
        ply: table.row.ply,
        players: table.players(),
        to_move: table.seat_to_move().map(|s| table.player(s)),
        checks: table.players_in(position.checked_seats()),
        last_move: table.game.history().last().map(|m| m.western.clone()),
        deadline_at: table.row.deadline_at,
        offers: Vec::new(),
        position: position.to_text(),
        picture: BoardPicture::of(table, seat, last_move),
        image: None,
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

/// Move text as compared for autocomplete: lowercase, without separators.
fn squeeze(text: &str) -> String {
    text.chars()
        .filter(|c| !matches!(c, '-' | 'x' | '=' | ' ' | '*'))
        .flat_map(char::to_lowercase)
        .collect()
}
