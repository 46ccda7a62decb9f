//! `/vacation` (start, end) and the vacation notices posted in games' channels (the words
//! of deadlines and time banks are in `format::durations`). The clock here is the
//! correspondence clock of games (days per move); `service::clock` is the time source,
//! `service::clocks` the turn clocks and banks, `engine`'s none.
use std::fmt::Write as _;

use crate::service::{VacationNotice, VacationView};

use super::format::{self, absolute_time, duration_left, game_title, mention, relative_time};
use super::game::{self, Here};
use super::i18n::{tr, Lang};
use super::post::Post;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{SeatName, Variant};
    use crate::service::{PlayerView, VacationGame};
    use crate::store::{ChannelId, GameId, UserId};

    fn player(seat: u8, user: u64) -> PlayerView {
        PlayerView {
            seat,
            seat_name: if seat == 0 {
                SeatName::Black
            } else {
                SeatName::White
            },
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
