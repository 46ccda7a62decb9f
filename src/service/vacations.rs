//! Vacations: a player stops the clocks of all their games (every seat waits, so a yonin
//! player keeps their seat) for some days a year, announced in each game's channel when it
//! starts and when it ends; ending early gives the rest of the allowance back.

use chrono::{Datelike, TimeZone, Utc};

use crate::store::{self, ChannelId, GameId, GuildId, NewAnnouncement, Reclock, UserId, WorkKind};

use super::clocks::RECLOCK_ATTEMPTS;
use super::table::Table;
use super::time_control::Span;
use super::{Announcement, Service, ServiceError, ServiceResult, VacationNotice};

const DAY: i64 = 86_400;

/// A player's vacation as the player is told of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VacationView {
    pub user_id: UserId,
    pub starts_at: i64,
    pub ends_at: i64,
    /// Vacation time left this calendar year, in seconds.
    pub allowance_left: i64,
    /// The player's games whose clocks wait (or, once ended, run again).
    pub games: Vec<VacationGame>,
}

/// One game a vacation stops.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VacationGame {
    pub game_id: GameId,
    pub channel_id: ChannelId,
    pub deadline_at: Option<i64>,
}

/// The calendar year (UTC) around `now`, in which vacations count against the allowance.
fn year_of(now: i64) -> (i64, i64) {
    let year = chrono::DateTime::<Utc>::from_timestamp(now, 0)
        .unwrap_or_default()
        .year();
    let start = |year| {
        Utc.with_ymd_and_hms(year, 1, 1, 0, 0, 0)
            .single()
            .map_or(0, |t| t.timestamp())
    };
    (start(year), start(year + 1))
}

impl Service {
    /// Starts a vacation of `days` days for `user` now, under the allowance of the server
    /// `guild` (where it is asked): every clock of the user's games waits until it ends.
    pub async fn start_vacation(
        &self,
        guild: GuildId,
        user: UserId,
        days: i64,
    ) -> ServiceResult<VacationView> {
        let now = self.now();
        if days < 1 {
            return Err(ServiceError::VacationTooShort);
        }
        if let Some(current) = self.store().current_vacation(user, now).await? {
            return Err(ServiceError::OnVacation {
                until: current.ends_at,
            });
        }
        let settings = self.server_settings(guild).await?;
        let left = self.vacation_left(guild, user, now).await?;
        if days.saturating_mul(DAY) > left {
            return Err(ServiceError::VacationAllowance {
                asked_days: days,
                left_seconds: left,
                allowance_days: settings.vacation_days,
            });
        }
        let span = Span::new(now, now + days * DAY);
        for _ in 0..RECLOCK_ATTEMPTS {
            let rows = self.store().active_games_of_user(user, None).await?;
            let (clocks, announcements, games) =
                self.vacation_change(&rows, user, None, span, true).await?;
            match self
                .store()
                .start_vacation(user, span.start, span.end, &clocks, announcements, now)
                .await
            {
                Ok(_) => {
                    self.schedule_changed();
                    self.announced();
                    return Ok(VacationView {
                        user_id: user,
                        starts_at: span.start,
                        ends_at: span.end,
                        allowance_left: left - (span.end - span.start),
                        games,
                    });
                }
                Err(store::StoreError::Conflict { .. }) => continue,
                Err(error) => return Err(error.into()),
            }
        }
        Err(ServiceError::Raced)
    }

    /// Ends the user's vacation now; the days not taken go back to their allowance (as the
    /// server `guild`, where it is asked, counts it).
    pub async fn end_vacation(&self, guild: GuildId, user: UserId) -> ServiceResult<VacationView> {
        let now = self.now();
        let vacation = self
            .store()
            .current_vacation(user, now)
            .await?
            .ok_or(ServiceError::NotOnVacation)?;
        let mut view = self
            .finish_vacation(vacation, now)
            .await?
            .ok_or(ServiceError::NotOnVacation)?;
        view.allowance_left = self.vacation_left(guild, user, now).await?;
        Ok(view)
    }

    /// Vacation time a user has left this year under the allowance of the server `guild`.
    pub async fn vacation_left(
        &self,
        guild: GuildId,
        user: UserId,
        now: i64,
    ) -> ServiceResult<i64> {
        let settings = self.server_settings(guild).await?;
        let (year_start, year_end) = year_of(now);
        let used = self
            .store()
            .vacation_used(user, year_start, year_end)
            .await?;
        Ok((settings.vacation_days * DAY - used).max(0))
    }

    /// Ends a vacation at `at` (now, or its planned end), announcing it in each game's
    /// channel with the game's deadline as the clock now runs. `None` if another round
    /// ended it first.
    pub(super) async fn finish_vacation(
        &self,
        vacation: store::Vacation,
        at: i64,
    ) -> ServiceResult<Option<VacationView>> {
        let span = Span::new(vacation.starts_at, at.min(vacation.ends_at));
        for _ in 0..RECLOCK_ATTEMPTS {
            let rows = self
                .store()
                .active_games_of_user(vacation.user_id, None)
                .await?;
            let (clocks, announcements, games) = self
                .vacation_change(&rows, vacation.user_id, Some(vacation.id), span, false)
                .await?;
            match self
                .store()
                .end_vacation(vacation.id, span.end, &clocks, announcements, self.now())
                .await
            {
                Ok(Some(_)) => {
                    self.schedule_changed();
                    self.announced();
                    return Ok(Some(VacationView {
                        user_id: vacation.user_id,
                        starts_at: span.start,
                        ends_at: span.end,
                        allowance_left: 0,
                        games,
                    }));
                }
                Ok(None) => return Ok(None),
                Err(store::StoreError::Conflict { .. }) => continue,
                Err(error) => return Err(error.into()),
            }
        }
        Err(ServiceError::Raced)
    }

    /// Ends the vacations whose time is up, announcing it. Returns how many.
    pub(super) async fn end_due_vacations(&self, now: i64) -> ServiceResult<usize> {
        let mut ended = 0;
        for vacation in self.store().due_vacation_ends(now).await? {
            let id = vacation.id;
            // The end is written once (`end_vacation` is guarded), and claimed so that
            // only one process reckons the clocks of the vacationer's games.
            let finish = self.finish_vacation(vacation, vacation.ends_at);
            match self.once(WorkKind::VacationEnd, id, now, finish).await {
                Ok(Some(_)) => ended += 1,
                Ok(None) | Err(ServiceError::Raced) => {}
                Err(error) if error.is_unavailable() => return Err(error),
                Err(error) => tracing::error!(vacation = id, %error, "vacation end not applied"),
            }
        }
        Ok(ended)
    }

    /// The new clocks of a user's games with their vacation (`id`, if stored already) at
    /// `span`, and what each game's channel is told.
    async fn vacation_change(
        &self,
        rows: &[store::Game],
        user: UserId,
        id: Option<i64>,
        span: Span,
        started: bool,
    ) -> ServiceResult<(Vec<Reclock>, Vec<NewAnnouncement>, Vec<VacationGame>)> {
        let reclocks = self.reclocks(rows, None, Some((id, user, span))).await?;
        let mut clocks = Vec::new();
        let mut announcements = Vec::new();
        let mut games = Vec::new();
        for row in rows {
            let clock = reclocks.iter().find(|(r, _)| r.at.id == row.id).map_or(
                row.clock(),
                |(r, clock)| {
                    clocks.push(*r);
                    *clock
                },
            );
            let table = Table::from_row(row.clone())?;
            let seat = table.seat_of(user)?;
            let notice = VacationNotice {
                game_id: row.id,
                variant: table.variant(),
                player: table.player(seat),
                started,
                ends_at: span.end,
                to_move: table.seat_to_move().map(|s| table.player(s)),
                deadline_at: clock.deadline_at,
            };
            announcements.push(Announcement::Vacation(Box::new(notice)).stored_in(
                row.channel_id,
                Some(row.id),
                None,
            )?);
            games.push(VacationGame {
                game_id: row.id,
                channel_id: row.channel_id,
                deadline_at: clock.deadline_at,
            });
        }
        Ok((clocks, announcements, games))
    }
}
