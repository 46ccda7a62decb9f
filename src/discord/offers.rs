//! `/draw` and `/takeback`, and the buttons that answer them.

use poise::serenity_prelude as serenity;

use crate::service::{ComputerAnswer, GameSummary, OfferOutcome, OfferView};
use crate::store::OfferKind;

use super::custom_id::CustomId;
use super::deadline::{self, Click, ClickAnswer};
use super::game::{self, Here};
use super::post::Post;
use super::{format, Context, Data, Error};

pub(crate) const DRAW_ACCEPT_VERB: &str = "draw-accept";
pub(crate) const DRAW_DECLINE_VERB: &str = "draw-decline";
pub(crate) const TAKEBACK_ACCEPT_VERB: &str = "takeback-accept";
pub(crate) const TAKEBACK_DECLINE_VERB: &str = "takeback-decline";

/// Offers a draw in your game here, or accepts your opponent's offer.
#[poise::command(slash_command, guild_only)]
pub async fn draw(ctx: Context<'_>) -> Result<(), Error> {
    let here = Here::of(ctx)?;
    let service = ctx.data().service();
    let game = game::my_game_here(service, here).await?;
    let work = async { Ok(service.offer_draw(here.channel, here.user).await?) };
    match deadline::command(ctx, false, work).await? {
        OfferOutcome::Made(offer) => {
            game::send(ctx, offer_post(&offer, &game)).await?;
            computer_answers(ctx, here).await
        }
        OfferOutcome::Agreed(outcome) => game::send(ctx, game::outcome_post(&outcome)).await,
    }
}

/// A computer opponent answers the offer just made, below it.
async fn computer_answers(ctx: Context<'_>, here: Here) -> Result<(), Error> {
    let post = match ctx.data().service().computer_answers(here.channel).await? {
        None => return Ok(()),
        Some(ComputerAnswer::Accepted(outcome)) => game::outcome_post(&outcome),
        Some(ComputerAnswer::Declined { offer, by }) => {
            Post::new(format::offer_declined(&offer, by))
        }
    };
    ctx.send(post.into_reply()).await?;
    Ok(())
}

/// Asks your opponent to let you take back your last move.
#[poise::command(slash_command, guild_only)]
pub async fn takeback(ctx: Context<'_>) -> Result<(), Error> {
    let here = Here::of(ctx)?;
    let service = ctx.data().service();
    let game = game::my_game_here(service, here).await?;
    let offer = service.request_takeback(here.channel, here.user).await?;
    game::send(ctx, offer_post(&offer, &game)).await?;
    computer_answers(ctx, here).await
}

/// An offer for the channel, with the buttons to answer it and a ping for who answers.
fn offer_post(offer: &OfferView, game: &GameSummary) -> Post {
    let (accept, decline, accept_label) = match offer.kind {
        OfferKind::Draw => (DRAW_ACCEPT_VERB, DRAW_DECLINE_VERB, "Accept the draw"),
        OfferKind::Takeback => (
            TAKEBACK_ACCEPT_VERB,
            TAKEBACK_DECLINE_VERB,
            "Allow the takeback",
        ),
    };
    let others = game
        .players
        .iter()
        .map(|seat| seat.player.user_id)
        .filter(|&user| user != offer.by.user_id);
    let mut post = Post::new(format::offer_made(offer, game)).ping(others);
    for (verb, label, style) in [
        (accept, accept_label, serenity::ButtonStyle::Success),
        (decline, "Decline", serenity::ButtonStyle::Secondary),
    ] {
        if let Ok(id) = CustomId::new(verb, [game.game_id]) {
            post = post.button(
                serenity::CreateButton::new(id.to_string())
                    .label(label)
                    .style(style),
            );
        }
    }
    post
}

/// An answer to an offer, by button.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Answer {
    Accept,
    Decline,
}

/// The buttons under an offer: accepting replaces the offer with what followed (the end of
/// the game, or the board after the takeback); declining says so.
pub(crate) async fn answer(
    ctx: &serenity::Context,
    data: &Data,
    click: &serenity::ComponentInteraction,
    kind: OfferKind,
    answer: Answer,
    arg: &str,
) -> Result<(), Error> {
    let game_id =
        game::game_id_arg(arg).ok_or_else(|| Error::refused("This button no longer works."))?;
    let here = Here::of_click(click)?;
    let service = data.service();
    let work = async {
        game::game_of_button(service, here, game_id).await?;
        let (channel, user) = (here.channel, here.user);
        let post = match (kind, answer) {
            (OfferKind::Draw, Answer::Accept) => {
                game::outcome_post(&service.accept_draw(channel, user).await?)
            }
            (OfferKind::Takeback, Answer::Accept) => {
                game::outcome_post(&service.accept_takeback(channel, user).await?)
            }
            (OfferKind::Draw, Answer::Decline) => {
                let offer = service.decline_draw(channel, user).await?;
                Post::new(format::offer_declined(&offer, user))
            }
            (OfferKind::Takeback, Answer::Decline) => {
                let offer = service.decline_takeback(channel, user).await?;
                Post::new(format::offer_declined(&offer, user))
            }
        };
        Ok(post)
    };
    let (click, post) = Click::run(ctx, data, click, ClickAnswer::Update, work).await?;
    click.answer(post).await
}
