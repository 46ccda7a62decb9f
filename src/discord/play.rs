//! Playing: `/move` with autocomplete of the legal moves, `/board`, `/resign` with its
//! confirm button, `/declare`, `/abort`, and the "My view" button.

use std::time::Duration;

use poise::serenity_prelude as serenity;

use crate::service::{MoveAnswer, Notation, PromotionQuestion, ServiceError};
use crate::store::{GameId, GameStatus};

use super::custom_id::CustomId;
use super::deadline::{self, Click, ClickAnswer};
use super::game::{self, Here};
use super::i18n::{tr, Lang, Text};
use super::post::Post;
use super::settings::notation_for;
use super::{format, refusals, Context, Data, Error};

/// The verb of the resign confirmation button: `resign:<game id>`.
pub(crate) const RESIGN_VERB: &str = "resign";

/// The verb of the Promote / Don't promote buttons: `promote:<game id>:<ply>:<move>`, the
/// move in coordinate form saying whether it promotes, the ply the question was asked at.
pub(crate) const PROMOTE_VERB: &str = "promote";

/// Discord shows at most 25 autocomplete choices.
const MAX_CHOICES: usize = 25;

/// Discord's limit on an autocomplete choice's name and value, in characters.
const MAX_CHOICE_CHARS: usize = 100;

/// How long the list of legal moves may wait for the database: Discord drops an
/// autocomplete not answered within 3 seconds, and it cannot be deferred.
const AUTOCOMPLETE_BUDGET: Duration = Duration::from_millis(1500);

/// The legal moves matching what has been typed, for the player to move. When the
/// database cannot be reached (or is too slow to answer in time), one hint says so
/// instead, at once.
async fn legal_moves(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let lang = game::lang_of(ctx);
    let here = match Here::of(ctx) {
        Ok(here) => here,
        Err(error) => {
            let choices = vec![hint(&error.user_message(lang), partial)];
            return serenity::CreateAutocompleteResponse::new().set_choices(choices);
        }
    };
    let service = ctx.data().service();
    let found = deadline::autocomplete(ctx.data(), AUTOCOMPLETE_BUDGET, async {
        let notation = notation_for(service, here).await?;
        Ok::<_, Error>(
            service
                .legal_moves_for(here.channel, here.user, partial, MAX_CHOICES, notation)
                .await?,
        )
    })
    .await;
    let choices = match found {
        Some(Ok(found)) => move_choices(lang, partial, found),
        Some(Err(Error::Service(error))) if !error.is_unavailable() => {
            vec![hint(&refusals::service_error(lang, &error), partial)]
        }
        Some(Err(error)) => {
            if let Error::Service(ServiceError::Storage(error)) = &error {
                service.store().note_error(error);
            }
            vec![hint(&tr!(lang, "autocomplete-database-down"), partial)]
        }
        None => vec![hint(&tr!(lang, "autocomplete-database-down"), partial)],
    };
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// The choices for the moves found: at most Discord's 25, a list cut short saying so
/// first, and how to narrow it.
fn move_choices(
    lang: Lang,
    partial: &str,
    mut found: crate::service::MoveChoices,
) -> Vec<serenity::AutocompleteChoice> {
    if found.moves.is_empty() {
        return vec![hint(&format::no_move_matches(lang, partial), partial)];
    }
    // The note takes the place of one move.
    let cut_short = found.matching > found.moves.len();
    if cut_short {
        found.moves.truncate(MAX_CHOICES - 1);
    }
    let note = cut_short.then(|| {
        hint(
            &format::choices_cut(lang, found.moves.len(), found.matching),
            partial,
        )
    });
    note.into_iter()
        .chain(found.moves.into_iter().map(|m| {
            serenity::AutocompleteChoice::new(
                cut(&m.label, MAX_CHOICE_CHARS),
                cut(&m.value, MAX_CHOICE_CHARS),
            )
        }))
        .collect()
}

/// A choice that explains instead of offering a move; picking it submits what was typed, so
/// the command then says what is wrong.
fn hint(text: &str, typed: &str) -> serenity::AutocompleteChoice {
    let value = if typed.trim().is_empty() {
        "?"
    } else {
        typed.trim()
    };
    serenity::AutocompleteChoice::new(cut(text, MAX_CHOICE_CHARS), cut(value, MAX_CHOICE_CHARS))
}

/// `text` cut to `max` characters.
fn cut(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let mut cut: String = text.chars().take(max - 1).collect();
    cut.push('…');
    cut
}

/// Plays your move in this channel's game: pick a legal move from the list, or type one.
#[poise::command(slash_command, guild_only, rename = "move")]
pub async fn play_move(
    ctx: Context<'_>,
    #[rename = "move"]
    #[description = "Your move, e.g. 7g7f, P*5e or P-7f (the list shows the legal ones)"]
    #[autocomplete = "legal_moves"]
    #[max_length = 100]
    text: String,
) -> Result<(), Error> {
    let here = Here::of(ctx)?;
    let service = ctx.data().service();
    let work = async {
        // Read before the move, so that nothing is read after the change is made.
        let notation = notation_for(service, here).await?;
        let answer = service.play_or_ask(here.channel, here.user, &text).await?;
        Ok((answer, notation))
    };
    // The channel sees the move (the board, a mention of who is next) in its announcement;
    // the mover is told privately that it was played.
    match deadline::command(ctx, true, work).await? {
        (MoveAnswer::Played(outcome), notation) => {
            game::confirm(ctx, format::change_made(here.lang, notation, &outcome)).await
        }
        (MoveAnswer::PromotionOpen(question), notation) => {
            game::send(ctx, promotion_question(here.lang, notation, &question)).await
        }
    }
}

/// Asks privately whether the piece promotes, with a button for each answer, the moves in
/// the player's `notation`.
fn promotion_question(lang: Lang, notation: Notation, question: &PromotionQuestion) -> Post {
    let mut post = Post::private(format::promotion_question(lang, notation, question));
    let buttons = [
        (
            &question.promote,
            &question.promote_text,
            format::promote_label(lang),
            serenity::ButtonStyle::Primary,
        ),
        (
            &question.stay,
            &question.stay_text,
            format::stay_label(lang),
            serenity::ButtonStyle::Secondary,
        ),
    ];
    for (choice, text, label, style) in buttons {
        let id = CustomId::new(
            PROMOTE_VERB,
            [
                question.game_id.to_string(),
                question.ply.to_string(),
                choice.value.clone(),
            ],
        );
        // A move whose id would not fit is still played by typing it out.
        if let Ok(id) = id {
            post = post.button(
                serenity::CreateButton::new(id.to_string())
                    .label(format!("{label} ({})", format::move_text(notation, text)))
                    .style(style),
            );
        }
    }
    post
}

/// A Promote or Don't promote button: plays the chosen move if the game still stands where
/// it was asked, and puts the answer in place of the question.
pub(crate) async fn choose_promotion(
    ctx: &serenity::Context,
    data: &Data,
    click: &serenity::ComponentInteraction,
    args: [&str; 3],
) -> Result<(), Error> {
    let [game_arg, ply_arg, coordinate] = args;
    let (Some(game_id), Ok(ply)) = (game::game_id_arg(game_arg), ply_arg.parse::<u32>()) else {
        return Err(Error::refused("error-button-gone-move"));
    };
    let here = Here::of_click(click)?;
    let service = data.service();
    let work = async {
        let notation = notation_for(service, here).await?;
        let outcome = service
            .play_chosen(here.channel, here.user, game_id, ply, coordinate)
            .await?;
        Ok((outcome, notation))
    };
    let (click, (outcome, notation)) =
        Click::run(ctx, data, click, ClickAnswer::Update, work).await?;
    let text = format::change_made(here.lang, notation, &outcome);
    click.confirm(Post::new(text.clone()), &text).await
}

/// Shows this channel's game from your seat, only to you.
#[poise::command(slash_command, guild_only)]
pub async fn board(ctx: Context<'_>) -> Result<(), Error> {
    let here = Here::of(ctx)?;
    let service = ctx.data().service();
    let work = async { Ok(game::board_for(service, here).await?) };
    let (view, notation) = deadline::command(ctx, true, work).await?;
    game::send(ctx, game::board_post(here.lang, notation, &view)).await
}

/// Resigns your game in this channel (you confirm with a button first).
#[poise::command(slash_command, guild_only)]
pub async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    let here = Here::of(ctx)?;
    let service = ctx.data().service();
    let game = deadline::command(ctx, true, async {
        let game = game::my_game_here(service, here).await?;
        // No confirmation for a resignation the rules would refuse: the reason instead.
        service.check_resign(here.channel, here.user).await?;
        Ok(game)
    })
    .await?;
    let id = CustomId::new(RESIGN_VERB, [game.game_id])
        .map_err(|_| Error::refused("error-cannot-resign-here"))?;
    let post = Post::private(tr!(
        here.lang,
        "resign-confirm",
        variant = format::variant_title(here.lang, game.variant),
        game = game.game_id.to_string()
    ))
    .button(
        serenity::CreateButton::new(id.to_string())
            .label(tr!(here.lang, "button-resign"))
            .style(serenity::ButtonStyle::Danger),
    );
    game::send(ctx, post).await
}

/// Declares on your turn instead of moving: the impasse (standard) or entering-king (yonin).
#[poise::command(slash_command, guild_only)]
pub async fn declare(ctx: Context<'_>) -> Result<(), Error> {
    let here = Here::of(ctx)?;
    let service = ctx.data().service();
    let work = async {
        let notation = notation_for(service, here).await?;
        Ok((service.declare(here.channel, here.user).await?, notation))
    };
    let (outcome, notation) = deadline::command(ctx, true, work).await?;
    game::confirm(ctx, format::change_made(here.lang, notation, &outcome)).await
}

/// Stops this channel's game without a result: before everyone has moved, or by a moderator.
#[poise::command(slash_command, guild_only)]
pub async fn abort(ctx: Context<'_>) -> Result<(), Error> {
    let here = Here::of(ctx)?;
    let service = ctx.data().service();
    let work = async {
        let notation = notation_for(service, here).await?;
        let abort_role = service.server_settings(here.guild).await?.abort_role;
        let moderator = is_moderator(ctx, abort_role);
        Ok((
            service.abort(here.channel, here.user, moderator).await?,
            notation,
        ))
    };
    let (outcome, notation) = deadline::command(ctx, true, work).await?;
    game::confirm(ctx, format::change_made(here.lang, notation, &outcome)).await
}

/// Whether the user is a moderator, who may abort any game: one who may manage messages in
/// the channel, or a member of the server's `abort_role`.
fn is_moderator(ctx: Context<'_>, abort_role: Option<u64>) -> bool {
    let poise::Context::Application(app) = ctx else {
        return false;
    };
    let Some(member) = app.interaction.member.as_ref() else {
        return false;
    };
    let by_permission = member
        .permissions
        .is_some_and(|permissions| permissions.manage_messages() || permissions.administrator());
    let by_role = abort_role.is_some_and(|role| member.roles.iter().any(|r| r.get() == role));
    by_permission || by_role
}

/// The Resign button of `/resign`'s confirmation: resigns and tells the player privately;
/// the result is announced in the channel.
pub(crate) async fn confirm_resign(
    ctx: &serenity::Context,
    data: &Data,
    click: &serenity::ComponentInteraction,
    arg: &str,
) -> Result<(), Error> {
    let game_id = game::game_id_arg(arg).ok_or_else(stale_resign)?;
    let here = Here::of_click(click)?;
    let service = data.service();
    let work = async {
        game::game_of_button(service, here, game_id).await?;
        let notation = notation_for(service, here).await?;
        Ok((service.resign(here.channel, here.user).await?, notation))
    };
    let (click, (outcome, notation)) =
        Click::run(ctx, data, click, ClickAnswer::Update, work).await?;
    let text = tr!(here.lang, "resigned-game", game = game_id.to_string());
    click
        .confirm(
            Post::new(text),
            &format::change_made(here.lang, notation, &outcome),
        )
        .await
}

fn stale_resign() -> Error {
    Error::refused("error-button-gone-resign")
}

/// The "My view" button: the board from the clicker's seat, only to them.
pub(crate) async fn my_view(
    ctx: &serenity::Context,
    data: &Data,
    click: &serenity::ComponentInteraction,
    arg: &str,
) -> Result<(), Error> {
    let game_id: GameId =
        game::game_id_arg(arg).ok_or_else(|| Error::refused("error-button-gone-board"))?;
    let here = Here::of_click(click)?;
    let service = data.service();
    let work = async {
        let view = game::board_for(service, here).await;
        match view {
            Ok((view, notation)) if view.game_id == game_id => Ok((view, notation)),
            Ok(_) | Err(crate::service::ServiceError::NoGameHere) => {
                // Say where the button's game stands: going on elsewhere, or over.
                let game = service.game_in_guild(here.guild, game_id).await?;
                Err(Error::Refused(if game.status == GameStatus::Active {
                    Text::new("error-view-elsewhere")
                        .arg("game", game_id.to_string())
                        .arg("channel", format::channel(game.channel_id))
                } else {
                    Text::new("error-view-over").arg("game", game_id.to_string())
                }))
            }
            Err(error) => Err(error.into()),
        }
    };
    let (click, (view, notation)) =
        Click::run(ctx, data, click, ClickAnswer::Private, work).await?;
    click
        .answer(game::board_post(here.lang, notation, &view))
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_texts_are_cut_for_autocomplete() {
        let long = "x".repeat(150);
        assert_eq!(
            cut(&long, MAX_CHOICE_CHARS).chars().count(),
            MAX_CHOICE_CHARS
        );
        assert_eq!(cut("7g7f", MAX_CHOICE_CHARS), "7g7f");
        let choice = hint("It is not your turn", "  ");
        let json = serde_json::to_value(&choice).unwrap();
        assert_eq!(json["value"], "?");
    }
}
