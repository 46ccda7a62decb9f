//! The correspondence clock's commands and texts: `/vacation` (start, end) and
//! `/server-settings` (weekend pause, time zone, vacation allowance, the language of channel
//! posts, the default time per move, whether games are rated, the role allowed to abort,
//! game threads; for managers), the vacation notices posted in games' channels, and the deadline
//! with what is left of a time bank as every board says it.

use std::fmt::Write as _;

use poise::serenity_prelude as serenity;

use crate::service::{ServerSettings, SettingsChange, TimeLimit, VacationNotice, VacationView};

use super::format::{self, duration, duration_left, game_title, mention, relative_time};
use super::game::{self, Here};
use super::i18n::{tr, Lang};
use super::post::Post;
use super::settings::LanguageChoice;
use super::{deadline, Context, Error};

/// Pauses the clocks of all your games for some days, or ends your vacation early.
#[poise::command(
    slash_command,
    guild_only,
    subcommands("start", "end"),
    subcommand_required
)]
pub async fn vacation(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Starts a vacation: every clock of your games waits until it ends.
#[poise::command(slash_command, guild_only)]
pub async fn start(
    ctx: Context<'_>,
    #[description = "How many days (they count against this server's yearly allowance)"]
    #[min = 1]
    #[max = 365]
    days: i64,
) -> Result<(), Error> {
    let here = Here::of(ctx)?;
    let view = deadline::command(ctx, true, async {
        Ok(ctx
            .data()
            .service()
            .start_vacation(here.guild, here.user, days)
            .await?)
    })
    .await?;
    game::send(ctx, Post::private(vacation_started(here.lang, &view))).await
}

/// Ends your vacation now; the days you did not take go back to your allowance.
#[poise::command(slash_command, guild_only)]
pub async fn end(ctx: Context<'_>) -> Result<(), Error> {
    let here = Here::of(ctx)?;
    let view = deadline::command(ctx, true, async {
        Ok(ctx
            .data()
            .service()
            .end_vacation(here.guild, here.user)
            .await?)
    })
    .await?;
    game::send(ctx, Post::private(vacation_ended(here.lang, &view))).await
}

/// The settings `/server-settings` can give back their defaults, which no value of their
/// own options says: the default time per move (`none` there means no clock) and no
/// abort role (a role option takes only roles).
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum ResetChoice {
    #[name = "Time per move"]
    TimePerMove,
    #[name = "Abort role"]
    AbortRole,
}

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
) -> Result<(), Error> {
    let here = Here::of(ctx)?;
    // A setting both given and reset is refused before anything is saved.
    let conflict = match reset {
        Some(ResetChoice::TimePerMove) => time_per_move.is_some(),
        Some(ResetChoice::AbortRole) => abort_role.is_some(),
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
    let changed = clock_changed || language.is_some();
    let (settings, language) = deadline::command(ctx, true, async {
        let service = ctx.data().service();
        let settings = if clock_changed {
            service.change_server_settings(here.guild, change).await?
        } else {
            service.server_settings(here.guild).await?
        };
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
        Ok((settings, language))
    })
    .await?;
    let table_default = ctx.data().service().settings().default_seconds_per_move;
    let text = settings_text(here.lang, &settings, language, table_default, changed);
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

/// The answer to `/vacation start`.
pub(crate) fn vacation_started(lang: Lang, view: &VacationView) -> String {
    let mut text = tr!(
        lang,
        "vacation-started",
        until = absolute_time(view.ends_at),
        when = relative_time(view.ends_at),
        left = duration_left(lang, view.allowance_left)
    );
    games_lines(lang, &mut text, view);
    text
}

/// The answer to `/vacation end`.
pub(crate) fn vacation_ended(lang: Lang, view: &VacationView) -> String {
    let mut text = tr!(
        lang,
        "vacation-ended",
        left = duration_left(lang, view.allowance_left)
    );
    games_lines(lang, &mut text, view);
    text
}

fn games_lines(lang: Lang, text: &mut String, view: &VacationView) {
    for game in &view.games {
        let channel = format::channel(game.channel_id);
        let line = match game.deadline_at {
            Some(deadline) => tr!(
                lang,
                "vacation-game-deadline",
                game = game.game_id.to_string(),
                channel = channel,
                when = relative_time(deadline)
            ),
            None => tr!(
                lang,
                "vacation-game",
                game = game.game_id.to_string(),
                channel = channel
            ),
        };
        let _ = write!(text, "\n· {line}");
    }
}

/// A vacation starting or ending, as said in a game's channel.
pub(crate) fn vacation_notice(lang: Lang, notice: &VacationNotice) -> String {
    let title = game_title(lang, notice.variant, notice.game_id);
    let who = mention(lang, notice.player.user_id);
    let mut text = if notice.started {
        tr!(
            lang,
            "vacation-notice-started",
            title = title,
            player = who,
            until = absolute_time(notice.ends_at)
        )
    } else {
        tr!(lang, "vacation-notice-ended", title = title, player = who)
    };
    if let (Some(to_move), Some(deadline)) = (&notice.to_move, notice.deadline_at) {
        let _ = write!(
            text,
            " {}",
            tr!(
                lang,
                "vacation-notice-to-move",
                player = format::player(lang, to_move),
                when = relative_time(deadline)
            )
        );
    }
    text
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

/// When the player to move runs out of time, as the `when` of a sentence about the
/// deadline: the time itself, and in a game with a time bank that the deadline includes
/// it and how much of it is left.
pub(crate) fn deadline_when(lang: Lang, deadline: i64, bank_left: Option<i64>) -> String {
    match bank_left {
        None => relative_time(deadline),
        Some(bank) => tr!(
            lang,
            "deadline-with-bank",
            when = relative_time(deadline),
            bank = bank_words(lang, bank)
        ),
    }
}

/// What is left of a time bank, as people say it ("2 days 4 hours"), or that it is empty.
fn bank_words(lang: Lang, seconds: i64) -> String {
    if seconds <= 0 {
        return tr!(lang, "bank-empty");
    }
    duration_left(lang, seconds)
}

/// A point in time as Discord shows it to each reader, in full in their own time zone.
fn absolute_time(unix_seconds: i64) -> String {
    format!("<t:{unix_seconds}:f>")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Variant;
    use crate::service::{PlayerView, VacationGame};
    use crate::store::{ChannelId, GameId, UserId};

    fn player(seat: u8, user: u64) -> PlayerView {
        PlayerView {
            seat,
            seat_name: if seat == 0 { "black" } else { "white" },
            user_id: UserId(user),
            name: None,
        }
    }

    #[test]
    fn a_vacation_notice_names_who_left_and_the_new_deadline() {
        let notice = VacationNotice {
            game_id: GameId(7),
            variant: Variant::Standard,
            player: player(1, 22),
            started: true,
            ends_at: 1_800_000_000,
            to_move: Some(player(0, 11)),
            deadline_at: Some(1_800_086_400),
        };
        let text = vacation_notice(Lang::En, &notice);
        assert_eq!(
            text,
            "**Shogi #7** · <@22> is on vacation until <t:1800000000:f>: the clock waits for \
             everyone. black <@11> to move; time runs out <t:1800086400:R>."
        );
        let back = vacation_notice(
            Lang::En,
            &VacationNotice {
                started: false,
                ..notice
            },
        );
        assert!(back.contains("<@22> is back from vacation"), "{back}");
    }

    #[test]
    fn the_bank_left_is_said_beside_the_deadline_as_people_say_it() {
        assert_eq!(
            deadline_when(Lang::En, 1_800_000_000, None),
            "<t:1800000000:R>"
        );
        assert_eq!(
            deadline_when(
                Lang::En,
                1_800_000_000,
                Some(2 * 86_400 + 4 * 3_600 + 59 * 60 + 12)
            ),
            "<t:1800000000:R>, time bank included: 2 days 5 hours left in the bank"
        );
        assert_eq!(bank_words(Lang::En, 3 * 3_600 + 12 * 60 + 5), "3 hours");
        assert_eq!(bank_words(Lang::En, 86_400 + 30), "1 day");
        assert_eq!(bank_words(Lang::En, 0), "none");
        assert_eq!(bank_words(Lang::Ja, 86_400 + 3_600 + 5), "1日1時間");
    }

    #[test]
    fn the_vacation_answer_lists_the_games_and_the_allowance_left() {
        let view = VacationView {
            user_id: UserId(22),
            starts_at: 1_800_000_000,
            ends_at: 1_800_000_000 + 7 * 86_400,
            allowance_left: 23 * 86_400,
            games: vec![VacationGame {
                game_id: GameId(7),
                channel_id: ChannelId(99),
                deadline_at: Some(1_800_700_000),
            }],
        };
        let text = vacation_started(Lang::En, &view);
        assert!(text.contains("23 days of vacation left"), "{text}");
        assert!(text.contains("Game #7 in <#99>"), "{text}");
        assert!(text.contains("<t:1800700000:R>"), "{text}");
    }
}
