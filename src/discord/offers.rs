//! `/draw` and `/takeback`, the posts of offers, and the buttons that answer them.

use poise::serenity_prelude as serenity;

use crate::service::{OfferMade, OfferOutcome, OfferView, Outcome};
use crate::store::OfferKind;

use super::custom_id::CustomId;
use super::deadline::{self, Click, ClickAnswer};
use super::game::{self, Here};
use super::i18n::{tr, Lang};
use super::post::Post;
use super::settings::notation_for;
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
    let work = async {
        let game = game::my_game_here(service, here).await?;
        let notation = notation_for(service, here).await?;
        let offered = service.offer_draw(here.channel, here.user).await?;
        Ok((game, notation, offered))
    };
    // The offer (or the drawn game) is announced in the channel; the player is told
    // privately.
    match deadline::command(ctx, true, work).await? {
        (game, _, OfferOutcome::Made(offer)) => {
            let text = format::offer_sent(here.lang, &offer, game.variant, game.game_id);
            game::confirm(ctx, text).await?;
            computer_answers(ctx, here).await;
            Ok(())
        }
        (_, notation, OfferOutcome::Agreed(outcome)) => {
            game::confirm(ctx, format::change_made(here.lang, notation, &outcome)).await
        }
    }
}

/// A computer opponent answers the offer just made; its answer is announced below the
/// offer. The offer stands whatever happens here, so a failure is only logged.
async fn computer_answers(ctx: Context<'_>, here: Here) {
    if let Err(error) = ctx.data().service().computer_answers(here.channel).await {
        tracing::warn!(%error, "the computer did not answer an offer");
    }
}

/// Asks your opponent to let you take back your last move.
#[poise::command(slash_command, guild_only)]
pub async fn takeback(ctx: Context<'_>) -> Result<(), Error> {
    let here = Here::of(ctx)?;
    let service = ctx.data().service();
    let work = async {
        let game = game::my_game_here(service, here).await?;
        Ok((
            game,
            service.request_takeback(here.channel, here.user).await?,
        ))
    };
    let (game, offer) = deadline::command(ctx, true, work).await?;
    let text = format::offer_sent(here.lang, &offer, game.variant, game.game_id);
    game::confirm(ctx, text).await?;
    computer_answers(ctx, here).await;
    Ok(())
}

/// An offer for the channel, with the buttons to answer it and a ping for who answers.
pub(crate) fn offer_post(lang: Lang, made: &OfferMade) -> Post {
    let (accept, decline, accept_label) = match made.offer.kind {
        OfferKind::Draw => (
            DRAW_ACCEPT_VERB,
            DRAW_DECLINE_VERB,
            tr!(lang, "button-accept-draw"),
        ),
        OfferKind::Takeback => (
            TAKEBACK_ACCEPT_VERB,
            TAKEBACK_DECLINE_VERB,
            tr!(lang, "button-allow-takeback"),
        ),
    };
    let others = made
        .players
        .iter()
        .map(|player| player.user_id)
        .filter(|&user| user != made.offer.by.user_id);
    let mut post = Post::new(format::offer_made(lang, made)).ping(others);
    for (verb, label, style) in [
        (accept, accept_label, serenity::ButtonStyle::Success),
        (
            decline,
            tr!(lang, "button-decline"),
            serenity::ButtonStyle::Secondary,
        ),
    ] {
        if let Ok(id) = CustomId::new(verb, [made.game_id]) {
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

/// The offer an accepted offer's outcome answered.
fn answered_offer(outcome: &Outcome) -> Option<OfferView> {
    match &outcome.event {
        crate::service::Event::DrawAgreed { offered_by, .. } => Some(OfferView {
            kind: OfferKind::Draw,
            by: offered_by.clone(),
        }),
        crate::service::Event::TakeBack { requested_by, .. } => Some(OfferView {
            kind: OfferKind::Takeback,
            by: requested_by.clone(),
        }),
        _ => None,
    }
}

/// The buttons under an offer: the offer's message loses its buttons and says how it was
/// answered; what followed (the end of the game, the board after the takeback, or the
/// refusal) is announced in the channel.
pub(crate) async fn answer(
    ctx: &serenity::Context,
    data: &Data,
    click: &serenity::ComponentInteraction,
    kind: OfferKind,
    answer: Answer,
    arg: &str,
) -> Result<(), Error> {
    let game_id =
        game::game_id_arg(arg).ok_or_else(|| Error::refused("error-button-gone-plain"))?;
    let here = Here::of_click(click)?;
    let service = data.service();
    let work = async {
        let summary = game::game_of_button(service, here, game_id).await?;
        let (channel, user, lang) = (here.channel, here.user, here.lang);
        let notation = notation_for(service, here).await?;
        // The offer's message is the channel's: it speaks the server's language.
        let server = game::server_lang(service, here.guild).await?;
        let (offer, truth) = match (kind, answer) {
            (OfferKind::Draw, Answer::Accept) => {
                let outcome = service.accept_draw(channel, user).await?;
                let truth = format::change_made(lang, notation, &outcome);
                (answered_offer(&outcome), truth)
            }
            (OfferKind::Takeback, Answer::Accept) => {
                let outcome = service.accept_takeback(channel, user).await?;
                let truth = format::change_made(lang, notation, &outcome);
                (answered_offer(&outcome), truth)
            }
            (OfferKind::Draw, Answer::Decline) => {
                let offer = service.decline_draw(channel, user).await?;
                (Some(offer), tr!(lang, "you-declined-draw"))
            }
            (OfferKind::Takeback, Answer::Decline) => {
                let offer = service.decline_takeback(channel, user).await?;
                (Some(offer), tr!(lang, "you-declined-takeback"))
            }
        };
        let text = match offer {
            Some(offer) => format::offer_answered(
                server,
                summary.variant,
                game_id,
                &offer,
                answer == Answer::Accept,
                user,
            ),
            None => truth.clone(),
        };
        Ok((Post::new(text), truth))
    };
    let (click, (post, truth)) = Click::run(ctx, data, click, ClickAnswer::Update, work).await?;
    click.confirm(post, &truth).await
}
