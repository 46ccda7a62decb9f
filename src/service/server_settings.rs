//! A server's settings: each one's key, default and meaning in one table, read from and
//! written to the store's per-server settings. New settings are added to [`SETTINGS`] and
//! [`ServerSettings`]. (The language of channel posts is kept apart, in
//! [`super::preferences`], with the locale Discord reports.)

use chrono_tz::Tz;

use crate::store::GuildId;

use super::time_control::{self, Pauses, Span};
use super::{Service, ServiceError, ServiceResult, TimeLimit};

/// The yearly vacation allowance when a server does not set one.
pub const DEFAULT_VACATION_DAYS: i64 = 30;
/// The most vacation a server may allow in a year.
pub const MAX_VACATION_DAYS: i64 = 365;

/// A server's settings, each at its stored value or its default.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerSettings {
    /// Whether clocks stop from Saturday 00:00 to Monday 00:00 in [`Self::time_zone`].
    pub weekend_pause: bool,
    /// The server's time zone (IANA name), where its weekends fall.
    pub time_zone: Tz,
    /// Days of vacation each player may take in a calendar year.
    pub vacation_days: i64,
    /// The time per move of a challenge that does not ask for one: [`TimeLimit::Default`]
    /// for the table's default, else a time per move or no clock.
    pub time_per_move: TimeLimit,
    /// Whether a challenge that does not say is rated (games against the computer stay
    /// unrated whatever this says).
    pub rated: bool,
    /// The role (a Discord role id) whose members may abort any game of the server, besides
    /// those who manage its messages.
    pub abort_role: Option<u64>,
    /// Whether each game goes in a thread of its own unless its challenge says otherwise.
    pub game_threads: bool,
}

impl Default for ServerSettings {
    fn default() -> Self {
        Self {
            weekend_pause: false,
            time_zone: Tz::UTC,
            vacation_days: DEFAULT_VACATION_DAYS,
            time_per_move: TimeLimit::Default,
            rated: true,
            abort_role: None,
            game_threads: false,
        }
    }
}

/// One setting: how it is stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    WeekendPause,
    TimeZone,
    VacationDays,
    TimePerMove,
    Rated,
    AbortRole,
    GameThreads,
}

/// Every setting with its key in the store.
pub const SETTINGS: [(Setting, &str); 7] = [
    (Setting::WeekendPause, "weekend_pause"),
    (Setting::TimeZone, "time_zone"),
    (Setting::VacationDays, "vacation_days"),
    (Setting::TimePerMove, "time_per_move"),
    (Setting::Rated, "rated"),
    (Setting::AbortRole, "abort_role"),
    (Setting::GameThreads, GAME_THREADS_SETTING),
];

/// How a stored time per move says "no clock".
const NO_CLOCK: &str = "none";

impl Setting {
    pub fn key(self) -> &'static str {
        SETTINGS
            .iter()
            .find(|(setting, _)| *setting == self)
            .map_or("", |(_, key)| key)
    }
}

/// A change to a server's settings: the settings to change, each with its new value.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SettingsChange {
    pub weekend_pause: Option<bool>,
    /// An IANA time zone name, such as `Europe/Paris`.
    pub time_zone: Option<String>,
    pub vacation_days: Option<i64>,
    /// The default time per move; [`TimeLimit::Default`] gives it back to the table's.
    pub time_per_move: Option<TimeLimit>,
    pub rated: Option<bool>,
    /// A Discord role id; `Some(None)` leaves the server without an abort role again.
    pub abort_role: Option<Option<u64>>,
    pub game_threads: Option<bool>,
}

impl SettingsChange {
    pub fn is_empty(&self) -> bool {
        self == &Self::default()
    }
}

impl ServerSettings {
    /// The settings from stored `(key, value)` pairs; a value that no longer reads back
    /// keeps the default (and is logged), so one bad row never stops a server's games.
    fn from_stored(stored: &[(String, String)]) -> Self {
        let mut settings = Self::default();
        for (key, value) in stored {
            let Some((setting, _)) = SETTINGS.iter().find(|(_, k)| k == key) else {
                continue;
            };
            let read = match setting {
                Setting::WeekendPause => value.parse().map(|on| settings.weekend_pause = on).ok(),
                Setting::TimeZone => {
                    time_control::time_zone(value).map(|tz| settings.time_zone = tz)
                }
                Setting::VacationDays => value
                    .parse()
                    .ok()
                    .filter(|days| (0..=MAX_VACATION_DAYS).contains(days))
                    .map(|days| settings.vacation_days = days),
                Setting::TimePerMove => stored_time(value).map(|t| settings.time_per_move = t),
                Setting::Rated => value.parse().map(|on| settings.rated = on).ok(),
                Setting::AbortRole => value.parse().map(|id| settings.abort_role = Some(id)).ok(),
                Setting::GameThreads => switch(value).map(|on| settings.game_threads = on),
            };
            if read.is_none() {
                tracing::warn!(key, value, "stored server setting ignored");
            }
        }
        settings
    }

    /// The server's weekend as the clock sees it: its time zone when the pause is on.
    pub fn weekend(&self) -> Option<Tz> {
        self.weekend_pause.then_some(self.time_zone)
    }

    /// The pauses of a game on this server, given its players' vacations.
    pub fn pauses(&self, vacations: impl IntoIterator<Item = Span>) -> Pauses {
        Pauses::new(vacations, self.weekend())
    }
}

/// A stored time per move: seconds, or [`NO_CLOCK`].
fn stored_time(value: &str) -> Option<TimeLimit> {
    if value == NO_CLOCK {
        return Some(TimeLimit::Unlimited);
    }
    value
        .parse()
        .ok()
        .filter(|seconds| *seconds > 0)
        .map(TimeLimit::PerMove)
}

/// A stored on/off switch. `on`, `yes` and `off`, `no` are read as well as `true` and
/// `false`: the game threads switch was written by hand before it had a command.
fn switch(value: &str) -> Option<bool> {
    match value.trim().to_lowercase().as_str() {
        "true" | "on" | "yes" => Some(true),
        "false" | "off" | "no" => Some(false),
        _ => None,
    }
}

impl Service {
    /// A server's settings.
    pub async fn server_settings(&self, guild: GuildId) -> ServiceResult<ServerSettings> {
        let stored = self.store().settings(guild).await?;
        Ok(ServerSettings::from_stored(&stored))
    }

    /// Changes a server's settings (checked all together first: nothing changes if one is
    /// refused) and gives back the settings as they now stand. Changing the weekend pause
    /// or the time zone moves the deadlines of the server's games to match.
    pub async fn change_server_settings(
        &self,
        guild: GuildId,
        change: SettingsChange,
    ) -> ServiceResult<ServerSettings> {
        let mut writes = Vec::new();
        if let Some(on) = change.weekend_pause {
            writes.push((Setting::WeekendPause, on.to_string()));
        }
        if let Some(name) = &change.time_zone {
            let tz =
                time_control::time_zone(name).ok_or_else(|| ServiceError::UnknownTimeZone {
                    name: name.trim().to_owned(),
                })?;
            writes.push((Setting::TimeZone, tz.name().to_owned()));
        }
        if let Some(days) = change.vacation_days {
            if !(0..=MAX_VACATION_DAYS).contains(&days) {
                return Err(ServiceError::VacationDaysOutOfRange {
                    max: MAX_VACATION_DAYS,
                });
            }
            writes.push((Setting::VacationDays, days.to_string()));
        }
        // `None` removes the row: the table's default applies again.
        let mut removals = Vec::new();
        match change.time_per_move {
            None => {}
            Some(TimeLimit::Default) => removals.push(Setting::TimePerMove),
            Some(TimeLimit::Unlimited) => writes.push((Setting::TimePerMove, NO_CLOCK.into())),
            Some(TimeLimit::PerMove(seconds)) => {
                self.check_time_per_move(seconds)?;
                writes.push((Setting::TimePerMove, seconds.to_string()));
            }
        }
        if let Some(rated) = change.rated {
            writes.push((Setting::Rated, rated.to_string()));
        }
        match change.abort_role {
            None => {}
            Some(None) => removals.push(Setting::AbortRole),
            Some(Some(role)) => writes.push((Setting::AbortRole, role.to_string())),
        }
        if let Some(on) = change.game_threads {
            writes.push((Setting::GameThreads, on.to_string()));
        }
        let now = self.now();
        for (setting, value) in &writes {
            self.store()
                .set_setting(guild, setting.key(), value, now)
                .await?;
        }
        for setting in removals {
            self.store().remove_setting(guild, setting.key()).await?;
        }
        if change.weekend_pause.is_some() || change.time_zone.is_some() {
            self.reclock_guild(guild).await?;
        }
        self.server_settings(guild).await
    }
}

/// The server setting that puts every game in a thread of its own unless its challenge
/// says otherwise (`on` or `off`).
pub const GAME_THREADS_SETTING: &str = "game_threads";
