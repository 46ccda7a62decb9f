//! Clock arithmetic of the correspondence clock, pure: when a turn runs out given the time
//! per move, the mover's time bank, the players' vacations and the server's weekend pause,
//! and what a move does to the bank. The scheduler, the moves and every deadline shown ask
//! it, so they cannot disagree.
//!
//! The clock of a turn is *running time*: wall time minus the paused spans (any player's
//! vacation, the weekend in the server's time zone). Everything here is a function of
//! stored facts (when the turn started, the bank left, the vacations, the setting), so a
//! restarted bot computes the same deadline.

use chrono::{DateTime, Datelike, Days, NaiveDate, TimeZone, Utc};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

/// A move made before its per-move time runs out gives back this fraction (1/N) of the
/// time it left unused to the bank.
pub const REFILL_DIVISOR: i64 = 10;

/// The largest time bank a game may give each player: thirty days.
pub const MAX_BANK_SECONDS: i64 = 30 * 86_400;

/// A half-open span of UNIX seconds, `[start, end)`, during which a clock stands still.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Span {
    pub start: i64,
    pub end: i64,
}

impl Span {
    pub fn new(start: i64, end: i64) -> Self {
        Self { start, end }
    }
}

/// The time control of a game: time per move, and optionally a reserve that a late move
/// eats into.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeControl {
    pub per_move: i64,
    /// The reserve each player starts with, which is also the most it can refill to.
    pub bank: Option<i64>,
}

/// Everything that stops a game's clock: the vacations of its players and the server's
/// weekend pause.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Pauses {
    /// Sorted by start.
    vacations: Vec<Span>,
    /// The server's time zone when its weekend pause is on.
    weekend: Option<Tz>,
}

/// The clock of one turn: when it runs out and when to remind the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnTimes {
    pub deadline_at: i64,
    pub remind_at: i64,
}

impl Pauses {
    /// The pauses of a game: its players' vacations (in any order, overlapping or not) and,
    /// when the server pauses weekends, its time zone.
    pub fn new(vacations: impl IntoIterator<Item = Span>, weekend: Option<Tz>) -> Self {
        let mut vacations: Vec<Span> = vacations.into_iter().filter(|s| s.end > s.start).collect();
        vacations.sort();
        Self { vacations, weekend }
    }

    /// No pause at all.
    pub fn none() -> Self {
        Self::default()
    }

    /// Whether the clock stands still at `at`.
    pub fn is_paused(&self, at: i64) -> bool {
        self.next_pause(at).is_some_and(|p| p.start <= at)
    }

    /// The first stretch of pause that ends after `at` (it may have begun already), with
    /// every pause overlapping or touching it merged in.
    pub fn next_pause(&self, at: i64) -> Option<Span> {
        let mut first = self.next_raw(at)?;
        // Pauses that meet or overlap extend each other: a vacation running into a weekend
        // is one pause.
        loop {
            match self.next_raw(first.end) {
                Some(p) if p.start <= first.end && p.end > first.end => first.end = p.end,
                _ => return Some(first),
            }
        }
    }

    /// The earliest-starting single pause (one vacation or one weekend) that ends after
    /// `at`.
    fn next_raw(&self, at: i64) -> Option<Span> {
        let vacation = self.vacations.iter().filter(|s| s.end > at).min().copied();
        let weekend = self.weekend.map(|tz| weekend_around(tz, at));
        match (vacation, weekend) {
            (Some(v), Some(w)) => Some(v.min(w)),
            (v, w) => v.or(w),
        }
    }

    /// How long the clock ran between `from` and `to` (0 if `to` is not after `from`).
    pub fn running_between(&self, from: i64, to: i64) -> i64 {
        let mut total = 0;
        let mut at = from;
        while at < to {
            match self.next_pause(at) {
                Some(pause) if pause.start < to => {
                    total += (pause.start - at).max(0);
                    at = at.max(pause.end);
                }
                _ => {
                    total += to - at;
                    break;
                }
            }
        }
        total
    }

    /// The instant the clock, started at `from`, has run for `running` seconds.
    pub fn instant_after(&self, from: i64, running: i64) -> i64 {
        let mut left = running.max(0);
        let mut at = from;
        loop {
            match self.next_pause(at) {
                Some(pause) if pause.start <= at => at = pause.end,
                Some(pause) if pause.start - at < left => {
                    left -= pause.start - at;
                    at = pause.end;
                }
                _ => return at.saturating_add(left),
            }
        }
    }
}

impl TimeControl {
    /// The whole time a player has for a turn: the time per move and what is left of
    /// their bank.
    pub fn budget(&self, bank_left: Option<i64>) -> i64 {
        self.per_move + bank_left.or(self.bank).unwrap_or(0).max(0)
    }

    /// The clock of a turn starting at `started_at` with `bank_left` in the mover's bank:
    /// it runs out once the time per move and the bank are both spent, and the reminder
    /// comes when a quarter of the time per move is left of that.
    pub fn turn(&self, pauses: &Pauses, started_at: i64, bank_left: Option<i64>) -> TurnTimes {
        let budget = self.budget(bank_left);
        TurnTimes {
            deadline_at: pauses.instant_after(started_at, budget),
            remind_at: pauses.instant_after(started_at, budget - self.per_move / 4),
        }
    }

    /// The mover's bank after a move made at `moved_at` in a turn that started at
    /// `started_at`: a late move pays for the overtime from the bank; an early one gets a
    /// tenth of the unused time per move back, up to the starting reserve. `None` without a
    /// bank.
    pub fn bank_after_move(
        &self,
        pauses: &Pauses,
        started_at: i64,
        moved_at: i64,
        bank_left: Option<i64>,
    ) -> Option<i64> {
        let cap = self.bank?;
        let left = bank_left.unwrap_or(cap);
        let used = pauses.running_between(started_at, moved_at);
        Some(if used > self.per_move {
            (left - (used - self.per_move)).max(0)
        } else {
            (left + (self.per_move - used) / REFILL_DIVISOR).min(cap)
        })
    }
}

/// The weekend (Saturday 00:00 to Monday 00:00 in `tz`) that contains `at`, or else the
/// next one.
fn weekend_around(tz: Tz, at: i64) -> Span {
    let utc = DateTime::<Utc>::from_timestamp(at, 0).unwrap_or_default();
    let today = utc.with_timezone(&tz).date_naive();
    // Days back to this week's Saturday for a weekend day, days ahead to the next one else.
    let saturday = match today.weekday().num_days_from_monday() {
        5 => today,
        6 => today - Days::new(1),
        weekday => today + Days::new(u64::from(5 - weekday)),
    };
    let span = Span::new(
        local_midnight(tz, saturday),
        local_midnight(tz, saturday + Days::new(2)),
    );
    if span.end > at {
        span
    } else {
        // Only reachable if a time zone's midnights fall oddly; look a week on.
        Span::new(
            local_midnight(tz, saturday + Days::new(7)),
            local_midnight(tz, saturday + Days::new(9)),
        )
    }
}

/// The instant a day begins in `tz`: local midnight, or where a clock change skips
/// midnight (as in some zones' spring change), the first local time that exists after it.
fn local_midnight(tz: Tz, day: NaiveDate) -> i64 {
    let midnight = day.and_hms_opt(0, 0, 0).unwrap_or_default();
    for minutes in (0..=180).step_by(15) {
        let local = midnight + chrono::Duration::minutes(minutes);
        if let Some(instant) = tz.from_local_datetime(&local).earliest() {
            return instant.timestamp();
        }
    }
    midnight.and_utc().timestamp()
}

/// A time zone by its IANA name (`Europe/Paris`, `Asia/Tokyo`, `UTC`), as a server sets it.
pub fn time_zone(name: &str) -> Option<Tz> {
    name.trim().parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOUR: i64 = 3_600;
    const DAY: i64 = 86_400;

    fn at(tz: Tz, y: i32, m: u32, d: u32, h: u32, min: u32) -> i64 {
        tz.with_ymd_and_hms(y, m, d, h, min, 0)
            .earliest()
            .expect("a real local time")
            .timestamp()
    }

    fn utc(y: i32, m: u32, d: u32, h: u32) -> i64 {
        at(Tz::UTC, y, m, d, h, 0)
    }

    #[test]
    fn without_pauses_the_clock_is_the_wall_clock() {
        let control = TimeControl {
            per_move: 3 * DAY,
            bank: None,
        };
        let start = utc(2026, 11, 24, 14);
        let turn = control.turn(&Pauses::none(), start, None);
        assert_eq!(turn.deadline_at, start + 3 * DAY);
        assert_eq!(turn.remind_at, start + 3 * DAY - 3 * DAY / 4);
    }

    #[test]
    fn a_vacation_across_the_deadline_moves_it_by_the_vacation() {
        let control = TimeControl {
            per_move: DAY,
            bank: None,
        };
        let start = utc(2026, 11, 2, 12);
        // The opponent leaves 20 hours into the turn, for 5 days.
        let vacation = Span::new(start + 20 * HOUR, start + 20 * HOUR + 5 * DAY);
        let pauses = Pauses::new([vacation], None);
        let turn = control.turn(&pauses, start, None);
        assert_eq!(turn.deadline_at, start + DAY + 5 * DAY);
        // Where the old deadline was, the clock stands still and 4 hours are left.
        assert!(pauses.is_paused(start + DAY));
        assert_eq!(pauses.running_between(start, start + DAY), 20 * HOUR);
        // A restart during the vacation computes the same deadline from the stored facts.
        let restarted = Pauses::new([vacation], None);
        assert_eq!(control.turn(&restarted, start, None), turn);
        // Ended early after two days: the rest is given back, the clock runs again from
        // then.
        let ended = Pauses::new([Span::new(vacation.start, vacation.start + 2 * DAY)], None);
        assert_eq!(
            control.turn(&ended, start, None).deadline_at,
            start + 3 * DAY
        );
    }

    #[test]
    fn overlapping_vacations_of_two_players_pause_once() {
        let pauses = Pauses::new(
            [
                Span::new(utc(2026, 7, 10, 0), utc(2026, 7, 20, 0)),
                Span::new(utc(2026, 7, 1, 0), utc(2026, 7, 12, 0)),
            ],
            None,
        );
        assert_eq!(
            pauses.next_pause(utc(2026, 6, 1, 0)),
            Some(Span::new(utc(2026, 7, 1, 0), utc(2026, 7, 20, 0)))
        );
        assert_eq!(
            pauses.running_between(utc(2026, 6, 30, 0), utc(2026, 7, 21, 0)),
            2 * DAY
        );
        assert_eq!(
            pauses.instant_after(utc(2026, 6, 30, 0), 2 * DAY),
            utc(2026, 7, 21, 0)
        );
    }

    #[test]
    fn the_bank_is_spent_by_late_moves_and_refilled_by_early_ones() {
        let control = TimeControl {
            per_move: DAY,
            bank: Some(3 * DAY),
        };
        let none = Pauses::none();
        let mut start = utc(2026, 11, 2, 0);
        // A fresh bank: the turn runs out after the day and the whole reserve.
        assert_eq!(
            control.turn(&none, start, None).deadline_at,
            start + 4 * DAY
        );
        // Two days late: two days of the reserve gone.
        let bank = control.bank_after_move(&none, start, start + 3 * DAY, None);
        assert_eq!(bank, Some(DAY));
        start += 3 * DAY;
        assert_eq!(
            control.turn(&none, start, bank).deadline_at,
            start + 2 * DAY
        );
        // A move after 4 hours gives back a tenth of the 20 unused hours.
        let bank = control.bank_after_move(&none, start, start + 4 * HOUR, bank);
        assert_eq!(bank, Some(DAY + 2 * HOUR));
        // Many quick moves refill it to the cap, never beyond.
        let mut refilled = bank;
        for _ in 0..100 {
            refilled = control.bank_after_move(&none, start, start + 60, refilled);
        }
        assert_eq!(refilled, Some(3 * DAY));
        // Spent to nothing: then only the time per move is left, and the timeout comes
        // when both are spent.
        let spent = control.bank_after_move(&none, start, start + 10 * DAY, bank);
        assert_eq!(spent, Some(0));
        assert_eq!(control.turn(&none, start, spent).deadline_at, start + DAY);
    }

    #[test]
    fn the_bank_only_pays_for_running_time() {
        let control = TimeControl {
            per_move: DAY,
            bank: Some(2 * DAY),
        };
        let start = utc(2026, 11, 2, 0);
        let vacation = Span::new(start + HOUR, start + 5 * DAY);
        let pauses = Pauses::new([vacation], None);
        // Five wall days, but the clock ran 1 hour before and 1 hour after the vacation:
        // an early move, which gives back a tenth of the 22 unused hours.
        let moved_at = start + 5 * DAY + HOUR;
        assert_eq!(pauses.running_between(start, moved_at), 2 * HOUR);
        let bank = control.bank_after_move(&pauses, start, moved_at, Some(DAY));
        assert_eq!(bank, Some(DAY + 22 * HOUR / 10));
    }

    #[test]
    fn weekends_stop_the_clock_in_tokyo_and_in_new_york() {
        let control = TimeControl {
            per_move: DAY,
            bank: None,
        };
        for name in ["Asia/Tokyo", "America/New_York"] {
            let tz = time_zone(name).unwrap();
            let pauses = Pauses::new([], Some(tz));
            // Friday 2026-11-27 at 12:00 local: half a day to Saturday 00:00, then the
            // clock waits until Monday 00:00 and runs the other half.
            let friday_noon = at(tz, 2026, 11, 27, 12, 0);
            let monday_noon = at(tz, 2026, 11, 30, 12, 0);
            assert_eq!(
                control.turn(&pauses, friday_noon, None).deadline_at,
                monday_noon,
                "{name}"
            );
            // The boundaries are local midnights, to the second.
            let saturday = at(tz, 2026, 11, 28, 0, 0);
            let monday = at(tz, 2026, 11, 30, 0, 0);
            assert!(!pauses.is_paused(saturday - 1), "{name}");
            assert!(pauses.is_paused(saturday), "{name}");
            assert!(pauses.is_paused(monday - 1), "{name}");
            assert!(!pauses.is_paused(monday), "{name}");
            // A turn started during the weekend starts running on Monday.
            let sunday = at(tz, 2026, 11, 29, 15, 0);
            assert_eq!(
                control.turn(&pauses, sunday, None).deadline_at,
                monday + DAY,
                "{name}"
            );
            // A restart on Sunday sees the same deadline for the Friday turn.
            let restarted = Pauses::new([], time_zone(name));
            assert_eq!(
                control.turn(&restarted, friday_noon, None),
                control.turn(&pauses, friday_noon, None)
            );
        }
        // The two servers' weekends are different instants: Tokyo's starts 14 hours
        // before New York's.
        let tokyo = weekend_around(time_zone("Asia/Tokyo").unwrap(), utc(2026, 11, 25, 0));
        let new_york = weekend_around(time_zone("America/New_York").unwrap(), utc(2026, 11, 25, 0));
        assert_eq!(new_york.start - tokyo.start, 14 * HOUR);
    }

    #[test]
    fn a_weekend_with_a_clock_change_lasts_its_real_length() {
        // Europe/Paris leaves summer time on Sunday 2026-10-25: that weekend is 49 hours.
        let paris = time_zone("Europe/Paris").unwrap();
        let pauses = Pauses::new([], Some(paris));
        let friday = at(paris, 2026, 10, 23, 0, 0);
        let next_monday = at(paris, 2026, 10, 26, 0, 0);
        assert_eq!(
            pauses.next_pause(friday),
            Some(Span::new(at(paris, 2026, 10, 24, 0, 0), next_monday))
        );
        assert_eq!(next_monday - at(paris, 2026, 10, 24, 0, 0), 49 * HOUR);
        // Three days from Friday midnight: Friday, then Monday and Tuesday.
        let control = TimeControl {
            per_move: 3 * DAY,
            bank: None,
        };
        assert_eq!(
            control.turn(&pauses, friday, None).deadline_at,
            at(paris, 2026, 10, 28, 0, 0)
        );
        // New York's spring change (2026-03-08, a Sunday) makes a 47-hour weekend.
        let new_york = time_zone("America/New_York").unwrap();
        let weekend = weekend_around(new_york, at(new_york, 2026, 3, 7, 10, 0));
        assert_eq!(weekend.end - weekend.start, 47 * HOUR);
    }

    #[test]
    fn a_midnight_skipped_by_a_clock_change_starts_the_day_at_one() {
        // America/Santiago moved its clocks from 00:00 to 01:00 on Sunday 2026-09-06; the
        // weekend still ends on Monday midnight, which exists.
        let santiago = time_zone("America/Santiago").unwrap();
        let sunday = NaiveDate::from_ymd_opt(2026, 9, 6).unwrap();
        let start = local_midnight(santiago, sunday);
        let local = DateTime::<Utc>::from_timestamp(start, 0)
            .unwrap()
            .with_timezone(&santiago);
        assert_eq!(local.date_naive(), sunday);
        assert_eq!(local.format("%H:%M").to_string(), "01:00");
    }

    #[test]
    fn a_vacation_running_into_a_weekend_is_one_pause() {
        let tz = Tz::UTC;
        // Vacation Thursday 2026-11-26 to Saturday noon; the weekend goes on to Monday.
        let vacation = Span::new(utc(2026, 11, 26, 0), utc(2026, 11, 28, 12));
        let pauses = Pauses::new([vacation], Some(tz));
        assert_eq!(
            pauses.next_pause(utc(2026, 11, 25, 0)),
            Some(Span::new(utc(2026, 11, 26, 0), utc(2026, 11, 30, 0)))
        );
        let control = TimeControl {
            per_move: 2 * DAY,
            bank: None,
        };
        // Wednesday 00:00 + one day runs to Thursday, then the rest from Monday.
        assert_eq!(
            control
                .turn(&pauses, utc(2026, 11, 25, 0), None)
                .deadline_at,
            utc(2026, 12, 1, 0)
        );
    }

    #[test]
    fn unknown_time_zones_are_refused() {
        assert!(time_zone("Mars/Olympus").is_none());
        assert_eq!(time_zone(" Asia/Tokyo "), Some(chrono_tz::Asia::Tokyo));
    }
}
