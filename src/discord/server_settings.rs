//! `/server-settings`: the weekend pause, time zone, vacation allowance, the language of
//! channel posts, the default time per move, whether games are rated, the role allowed to
//! abort, game threads and the daily tsume's channel, shown or changed by managers.

use std::fmt::Write as _;

use poise::serenity_prelude as serenity;

use crate::service::{ServerSettings, SettingsChange, TimeLimit};

use super::format::{self, duration};
use super::game::{self, Here};
use super::i18n::{tr, Lang, LanguageChoice};
use super::post::Post;
use super::{deadline, Context, Error};

/// The settings `/server-settings` can give back their defaults, which no value of their
/// own options says: the default time per move (`none` there means no clock) and no
/// abort role (a role option takes only roles).
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum ResetChoice {
    #[name = "Time per move"]
    TimePerMove,
    #[name = "Abort role"]
    AbortRole,
    #[name = "Puzzle channel"]
    PuzzleChannel,
}

/// The hour of the daily tsume when a manager names only its channel.
const DEFAULT_PUZZLE_HOUR: i64 = 9;

/// Shows or changes this server's settings: clocks, language, rated games, aborts, threads.
#[allow(clippy::too_many_arguments)]
#[poise::command(
    slash_command,
    guild_only,
    rename = "server-settings",
    required_permissions = "MANAGE_GUILD",
    default_member_permissions = "MANAGE_GUILD"
)]
pub async fn server_settings(
    ctx: Context<'_>,
    #[description = "Stop every clock from Saturday 00:00 to Monday 00:00 in the server's time zone"]
    weekend_pause: Option<bool>,
    #[description = "The server's time zone, e.g. Europe/Paris, America/New_York, Asia/Tokyo"]
    time_zone: Option<String>,
    #[description = "Days of vacation each player may take in a year (default 30)"]
    #[min = 0]
    #[max = 365]
    vacation_days: Option<i64>,
    #[description = "The language of the bot's posts in this server's channels"] language: Option<
        LanguageChoice,
    >,
    #[description = "Time for each move when a challenge does not say, e.g. 1d, 3d, 12h, or none"]
    #[autocomplete = "super::challenge::time_suggestions"]
    #[max_length = 30]
    time_per_move: Option<String>,
    #[description = "Whether games are rated when a challenge does not say (default: yes)"]
    rated: Option<bool>,
    #[description = "Members with this role may abort any game here (besides Manage Messages)"]
    abort_role: Option<serenity::RoleId>,
    #[description = "Play each game in a thread of its own unless its challenge says (default: no)"]
    game_threads: Option<bool>,
    #[description = "Give a setting back its default: the time per move, or no abort role"]
    reset: Option<ResetChoice>,
    #[description = "Post a daily tsume (mate problem) in this channel"]
    #[channel_types("Text")]
    puzzle_channel: Option<serenity::ChannelId>,
    #[description = "The hour of the daily tsume in the server's time zone, 0 to 23 (default 9)"]
    #[min = 0]
    #[max = 23]
    puzzle_hour: Option<i64>,
) -> Result<(), Error> {
    let here = Here::of(ctx)?;
    // A setting both given and reset is refused before anything is saved.
    let conflict = match reset {
        Some(ResetChoice::TimePerMove) => time_per_move.is_some(),
        Some(ResetChoice::AbortRole) => abort_role.is_some(),
        Some(ResetChoice::PuzzleChannel) => puzzle_channel.is_some() || puzzle_hour.is_some(),
        None => false,
    };
    if conflict {
        return Err(Error::refused("error-reset-and-set"));
    }
    // An unreadable time is refused before anything is saved.
    let time_per_move = match time_per_move.as_deref() {
        None if reset == Some(ResetChoice::TimePerMove) => Some(TimeLimit::Default),
        None => None,
        Some(text) if format::means_no_clock(text) => Some(TimeLimit::Unlimited),
        Some(text) => Some(TimeLimit::PerMove(
            format::parse_duration(here.lang, text).map_err(Error::Said)?,
        )),
    };
    let change = SettingsChange {
        weekend_pause,
        time_zone,
        vacation_days,
        time_per_move,
        rated,
        abort_role: match abort_role {
            Some(role) => Some(Some(role.get())),
            None if reset == Some(ResetChoice::AbortRole) => Some(None),
            None => None,
        },
        game_threads,
    };
    let clock_changed = !change.is_empty();
    let puzzle_changed = puzzle_channel.is_some()
        || puzzle_hour.is_some()
        || reset == Some(ResetChoice::PuzzleChannel);
    let changed = clock_changed || language.is_some() || puzzle_changed;
    let (settings, language, puzzle) = deadline::command(ctx, true, async {
        let service = ctx.data().service();
        let settings = if clock_changed {
            service.change_server_settings(here.guild, change).await?
        } else {
            service.server_settings(here.guild).await?
        };
        let current = service.puzzle_channel(here.guild).await?;
        if reset == Some(ResetChoice::PuzzleChannel) {
            service.clear_puzzle_channel(here.guild).await?;
        } else if puzzle_channel.is_some() || puzzle_hour.is_some() {
            let channel = puzzle_channel
                .map(|c| crate::store::ChannelId(c.get()))
                .or(current.map(|c| c.channel_id))
                .unwrap_or(here.channel);
            let hour = puzzle_hour
                .or(current.map(|c| c.hour))
                .unwrap_or(DEFAULT_PUZZLE_HOUR);
            service
                .set_puzzle_channel(here.guild, channel, hour)
                .await?;
        }
        let puzzle = service.puzzle_channel(here.guild).await?;
        // Saved after the clock's settings, which refuse bad input (an unknown time zone):
        // a refused command changes nothing.
        if let Some(choice) = language {
            let code = choice.lang().map(Lang::code);
            service.set_server_language(here.guild, code).await?;
        }
        let (chosen, discord) = service.server_language_setting(here.guild).await?;
        let language = ServerLanguage {
            chosen: chosen.as_deref().map(Lang::from_discord),
            discord: discord.as_deref().map(Lang::from_discord),
        };
        Ok((settings, language, puzzle))
    })
    .await?;
    let table_default = ctx.data().service().settings().default_seconds_per_move;
    let mut text = settings_text(here.lang, &settings, language, table_default, changed);
    text.push('\n');
    text.push_str(&match puzzle {
        Some(p) => tr!(
            here.lang,
            "settings-puzzle-channel",
            channel = format::channel(p.channel_id),
            hour = p.hour
        ),
        None => tr!(here.lang, "settings-puzzle-none"),
    });
    game::send(ctx, Post::private(text)).await
}

/// A server's language for channel posts as `/server-settings` shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ServerLanguage {
    /// Chosen by a manager; `None` to follow Discord.
    pub chosen: Option<Lang>,
    /// The server's language as Discord last reported it.
    pub discord: Option<Lang>,
}

/// The answer to `/server-settings`.
pub(crate) fn settings_text(
    lang: Lang,
    settings: &ServerSettings,
    language: ServerLanguage,
    default_seconds_per_move: i64,
    changed: bool,
) -> String {
    let heading = tr!(
        lang,
        if changed {
            "server-settings-changed"
        } else {
            "server-settings-head"
        }
    );
    let weekend = tr!(
        lang,
        if settings.weekend_pause {
            "server-settings-weekend-on"
        } else {
            "server-settings-weekend-off"
        }
    );
    let lines = [
        tr!(lang, "server-settings-weekend", value = weekend),
        tr!(
            lang,
            "server-settings-time-zone",
            zone = settings.time_zone.name()
        ),
        tr!(
            lang,
            "server-settings-vacation",
            days = settings.vacation_days
        ),
        tr!(
            lang,
            "server-settings-language",
            value = match language.chosen {
                Some(chosen) => language_name(lang, chosen),
                None => tr!(
                    lang,
                    "server-settings-language-discord",
                    value = language_name(lang, language.discord.unwrap_or(Lang::En))
                ),
            }
        ),
        tr!(
            lang,
            "server-settings-time-per-move",
            value = match settings.time_per_move {
                TimeLimit::Default => tr!(
                    lang,
                    "server-settings-time-per-move-default",
                    time = duration(lang, default_seconds_per_move)
                ),
                TimeLimit::PerMove(seconds) => duration(lang, seconds),
                TimeLimit::Unlimited => tr!(lang, "server-settings-no-clock"),
            }
        ),
        tr!(
            lang,
            "server-settings-rated",
            value = on_off(lang, settings.rated)
        ),
        tr!(
            lang,
            "server-settings-abort-role",
            value = match settings.abort_role {
                Some(role) => format!("<@&{role}>"),
                None => tr!(lang, "server-settings-abort-role-none"),
            }
        ),
        tr!(
            lang,
            "server-settings-threads",
            value = on_off(lang, settings.game_threads)
        ),
    ];
    let mut text = heading;
    for line in lines {
        let _ = write!(text, "\n· {line}");
    }
    text
}

/// A yes-or-no setting in `lang`.
fn on_off(lang: Lang, on: bool) -> String {
    tr!(
        lang,
        if on {
            "server-settings-yes"
        } else {
            "server-settings-no"
        }
    )
}

/// A language's name in `lang`.
fn language_name(lang: Lang, named: Lang) -> String {
    tr!(
        lang,
        match named {
            Lang::En => "language-en",
            Lang::Ja => "language-ja",
            Lang::Ko => "language-ko",
        }
    )
}
