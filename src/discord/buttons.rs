//! Button clicks: reads the verb of a stateless custom id and calls the handler for it.
//!
//! Adding a button means: a verb constant next to its handler, one arm below, and the
//! handler as one async function that checks the click against the current state (the
//! custom id may be days old) and answers it.

use poise::serenity_prelude as serenity;

use crate::store::OfferKind;

use super::custom_id::CustomId;
use super::offers::{self, Answer};
use super::{challenge, game, help, play, replay, Data, Error};

/// Handles one click on a button or menu the bot sent.
pub(crate) async fn on_click(
    framework: poise::FrameworkContext<'_, Data, Error>,
    click: &serenity::ComponentInteraction,
) -> Result<(), Error> {
    let ctx = framework.serenity_context;
    let Ok(id) = CustomId::parse(&click.data.custom_id) else {
        tracing::info!("click on a malformed custom id {:?}", click.data.custom_id);
        return Err(stale_button());
    };
    let data = framework.user_data;
    match (id.verb(), id.args()) {
        (help::HELP_VERB, [page]) => help::show_page(ctx, framework, click, page).await,
        (challenge::ACCEPT_VERB, [arg]) => challenge::accept(ctx, data, click, arg).await,
        (challenge::DECLINE_VERB, [arg]) => challenge::decline(ctx, data, click, arg).await,
        (challenge::WITHDRAW_VERB, [arg]) => challenge::withdraw(ctx, data, click, arg).await,
        (challenge::FILL_VERB, [arg]) => challenge::fill(ctx, data, click, arg).await,
        (play::PROMOTE_VERB, [game, ply, chosen]) => {
            play::choose_promotion(ctx, data, click, [game, ply, chosen]).await
        }
        (play::RESIGN_VERB, [arg]) => play::confirm_resign(ctx, data, click, arg).await,
        (game::VIEW_VERB, [arg]) => play::my_view(ctx, data, click, arg).await,
        (replay::REPLAY_VERB, args) => replay::page(ctx, data, click, args).await,
        (replay::WATCH_VERB, [arg]) => replay::watch(ctx, data, click, arg).await,
        (offers::DRAW_ACCEPT_VERB, [arg]) => {
            offers::answer(ctx, data, click, OfferKind::Draw, Answer::Accept, arg).await
        }
        (offers::DRAW_DECLINE_VERB, [arg]) => {
            offers::answer(ctx, data, click, OfferKind::Draw, Answer::Decline, arg).await
        }
        (offers::TAKEBACK_ACCEPT_VERB, [arg]) => {
            offers::answer(ctx, data, click, OfferKind::Takeback, Answer::Accept, arg).await
        }
        (offers::TAKEBACK_DECLINE_VERB, [arg]) => {
            offers::answer(ctx, data, click, OfferKind::Takeback, Answer::Decline, arg).await
        }
        _ => {
            tracing::info!("click on an unknown custom id {:?}", click.data.custom_id);
            Err(stale_button())
        }
    }
}

/// The answer to a click the bot cannot act on, such as a button from an older version.
fn stale_button() -> Error {
    Error::refused("error-button-gone")
}
