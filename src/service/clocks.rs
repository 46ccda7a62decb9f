//! The turn clocks of stored games: what pauses them (the players' vacations, the server's
//! weekend) read from the store, and the deadlines [`time_control`](super::time_control)
//! computes from them, written when a turn begins or a pause changes.
//! What "now" is comes from [`super::clock`], the time source; this file is the games'
//! clocks.

use crate::store::{self, GuildId, Reclock, SeatBank, TurnClock, UserId};

use super::server_settings::ServerSettings;
use super::time_control::{Pauses, Span, TimeControl};
use super::{Service, ServiceError, ServiceResult};

/// How many times a change that moves several games' clocks is tried when a move lands in
/// between.
pub(super) const RECLOCK_ATTEMPTS: usize = 5;

/// A game's time control, if it has a clock.
pub(super) fn control_of(row: &store::Game) -> Option<TimeControl> {
    row.seconds_per_move.map(|per_move| TimeControl {
        per_move,
        bank: row.bank_seconds,
    })
}

/// What is left of a seat's bank (`None` while untouched, which is full).
fn bank_left(row: &store::Game, seat: u8) -> Option<i64> {
    row.seats
        .iter()
        .find(|s| s.seat == seat)
        .and_then(|s| s.bank_left)
}

/// What is left of a seat's bank, as players are told it: the full reserve while
/// untouched; `None` in a game without a bank.
pub(super) fn bank_shown(row: &store::Game, seat: u8) -> Option<i64> {
    row.bank_seconds
        .map(|full| bank_left(row, seat).unwrap_or(full))
}

/// Whether a seat of a stored game is held by a computer player.
fn computer_seat(row: &store::Game, seat: u8) -> bool {
    row.seats
        .iter()
        .any(|s| s.seat == seat && super::computer_level(s.user_id).is_some())
}

/// The clock of a computer's turn: it moves as soon as it has thought, so it has no
/// deadline to be reminded of or to lose on (a bot that was down owes its move, and plays
/// it when it is back), only the time the turn began.
fn computer_turn(started_at: Option<i64>) -> TurnClock {
    TurnClock {
        started_at,
        deadline_at: None,
        remind_at: None,
    }
}

/// The clock of a turn of `seat` starting at `started_at`, with `bank` its bank.
fn turn_of(
    control: Option<TimeControl>,
    pauses: &Pauses,
    started_at: i64,
    bank: Option<i64>,
) -> TurnClock {
    match control {
        Some(control) => {
            let turn = control.turn(pauses, started_at, bank);
            TurnClock {
                started_at: Some(started_at),
                deadline_at: Some(turn.deadline_at),
                remind_at: Some(turn.remind_at),
            }
        }
        None => TurnClock::default(),
    }
}

/// The clock a game's current turn has with these pauses, as stored facts make it.
pub(super) fn current_turn(row: &store::Game, seat: Option<u8>, pauses: &Pauses) -> TurnClock {
    let (Some(started_at), Some(seat)) = (row.turn_started_at, seat) else {
        return row.clock();
    };
    if computer_seat(row, seat) {
        return computer_turn(Some(started_at));
    }
    turn_of(control_of(row), pauses, started_at, bank_left(row, seat))
}

impl Service {
    /// What stops a game's clock after `since`: its players' vacations and its server's
    /// weekend pause.
    pub(super) async fn pauses_of(&self, row: &store::Game, since: i64) -> ServiceResult<Pauses> {
        let settings = self.server_settings(row.guild_id).await?;
        self.pauses_with(row, since, &settings, None).await
    }

    /// As [`Service::pauses_of`] with the server's settings at hand, and one vacation
    /// changed (`changed`: the vacation's id and its span as it is about to be) or added
    /// (id `None`).
    pub(super) async fn pauses_with(
        &self,
        row: &store::Game,
        since: i64,
        settings: &ServerSettings,
        changed: Option<(Option<i64>, UserId, Span)>,
    ) -> ServiceResult<Pauses> {
        let users: Vec<UserId> = row.seats.iter().map(|s| s.user_id).collect();
        let mut spans = Vec::new();
        for vacation in self.store().vacations_of(&users, since).await? {
            match changed {
                Some((Some(id), _, _)) if id == vacation.id => {}
                _ => spans.push(Span::new(vacation.starts_at, vacation.ends_at)),
            }
        }
        if let Some((_, user, span)) = changed {
            if users.contains(&user) {
                spans.push(span);
            }
        }
        Ok(settings.pauses(spans))
    }

    /// The clock of a new game's first turn, starting `now`, for players `seats` on the
    /// server `guild`.
    pub(super) async fn first_turn_clock(
        &self,
        guild: GuildId,
        seats: &[UserId],
        control: Option<TimeControl>,
        now: i64,
    ) -> ServiceResult<TurnClock> {
        if control.is_none() {
            return Ok(TurnClock::default());
        }
        // Seat 0 moves first in every variant.
        if seats
            .first()
            .is_some_and(|&first| super::computer_level(first).is_some())
        {
            return Ok(computer_turn(Some(now)));
        }
        let settings = self.server_settings(guild).await?;
        let spans = self
            .store()
            .vacations_of(seats, now)
            .await?
            .into_iter()
            .map(|v| Span::new(v.starts_at, v.ends_at));
        Ok(turn_of(control, &settings.pauses(spans), now, None))
    }

    /// The clock of the turn that begins at `now` after an action on a game, the bank of
    /// `mover` as a move by them leaves it (`None` unless they moved and the game has a
    /// bank), and the bank the next player has (`None` without a bank).
    pub(super) async fn next_turn_clock(
        &self,
        row: &store::Game,
        moved: Option<u8>,
        next: Option<u8>,
        now: i64,
    ) -> ServiceResult<(TurnClock, Option<SeatBank>, Option<i64>)> {
        let Some(control) = control_of(row) else {
            return Ok((TurnClock::default(), None, None));
        };
        let started_at = row.turn_started_at.unwrap_or(now).min(now);
        let pauses = self.pauses_of(row, started_at).await?;
        let bank = moved.and_then(|seat| {
            control
                .bank_after_move(&pauses, started_at, now, bank_left(row, seat))
                .map(|left| SeatBank { seat, left })
        });
        let next_bank = match (next, bank) {
            (Some(next), Some(bank)) if bank.seat == next => Some(bank.left),
            (Some(next), _) => bank_left(row, next),
            (None, _) => None,
        };
        if next.is_some_and(|next| computer_seat(row, next)) {
            return Ok((computer_turn(Some(now)), bank, None));
        }
        let shown = next.and_then(|_| control.bank.map(|full| next_bank.unwrap_or(full)));
        Ok((turn_of(Some(control), &pauses, now, next_bank), bank, shown))
    }

    /// The new clocks of `rows` (those that change) with the server settings and vacation
    /// change given.
    pub(super) async fn reclocks(
        &self,
        rows: &[store::Game],
        settings: Option<&ServerSettings>,
        changed: Option<(Option<i64>, UserId, Span)>,
    ) -> ServiceResult<Vec<(Reclock, TurnClock)>> {
        let mut reclocks = Vec::new();
        for row in rows {
            let Some(started_at) = row.turn_started_at else {
                continue;
            };
            let table = super::table::Table::from_row(row.clone())?;
            let seat = table.seat_to_move();
            let settings = match settings {
                Some(settings) => settings.clone(),
                None => self.server_settings(row.guild_id).await?,
            };
            let pauses = self
                .pauses_with(row, started_at, &settings, changed)
                .await?;
            let clock = current_turn(row, seat, &pauses);
            if clock != row.clock() {
                let reclock = Reclock {
                    at: row.at_version(),
                    clock,
                };
                reclocks.push((reclock, clock));
            }
        }
        Ok(reclocks)
    }

    /// Moves the deadlines of a server's games to match its settings.
    pub(super) async fn reclock_guild(&self, guild: GuildId) -> ServiceResult<()> {
        for _ in 0..RECLOCK_ATTEMPTS {
            let rows = self.store().active_games_in_guild(guild).await?;
            let settings = self.server_settings(guild).await?;
            let reclocks = self.reclocks(&rows, Some(&settings), None).await?;
            let clocks: Vec<Reclock> = reclocks.into_iter().map(|(r, _)| r).collect();
            match self.store().reclock(&clocks, self.now()).await {
                Ok(()) => {
                    self.schedule_changed();
                    return Ok(());
                }
                Err(store::StoreError::Conflict { .. }) => continue,
                Err(error) => return Err(error.into()),
            }
        }
        Err(ServiceError::Raced)
    }
}
