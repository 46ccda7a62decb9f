//! The words of draw offers and takeback requests: made, declined, answered, sent and
//! lapsed.

use crate::engine::Variant;
use crate::service::{OfferDeclined, OfferLapsed, OfferMade, OfferView, PlayerView};
use crate::store::{OfferKind, UserId};

use super::{game_title, mention, player, players};
use crate::discord::i18n::{tr, Lang};

pub(super) fn standing_offer(lang: Lang, offer: &OfferView) -> String {
    let by = player(lang, &offer.by);
    match offer.kind {
        OfferKind::Draw => tr!(lang, "offer-draw-standing", player = by),
        OfferKind::Takeback => tr!(lang, "offer-takeback-standing", player = by),
    }
}

/// A new draw offer or takeback request, for the channel.
pub(crate) fn offer_made(lang: Lang, made: &OfferMade) -> String {
    let others: Vec<&PlayerView> = made
        .players
        .iter()
        .filter(|p| p.user_id != made.offer.by.user_id)
        .collect();
    let key = match made.offer.kind {
        OfferKind::Draw => "offer-draw-ask",
        OfferKind::Takeback => "offer-takeback-ask",
    };
    format!(
        "{} · {}\n{}",
        game_title(lang, made.variant, made.game_id),
        standing_offer(lang, &made.offer),
        tr!(lang, key, players = players(lang, others))
    )
}

pub(super) fn offer_name(lang: Lang, kind: OfferKind) -> String {
    match kind {
        OfferKind::Draw => tr!(lang, "offer-draw-name"),
        OfferKind::Takeback => tr!(lang, "offer-takeback-name"),
    }
}

/// An offer turned down, for the channel.
pub(crate) fn offer_declined(lang: Lang, declined: &OfferDeclined) -> String {
    format!(
        "{} · {}",
        game_title(lang, declined.variant, declined.game_id),
        tr!(
            lang,
            "offer-declined",
            by = mention(lang, declined.by),
            offer = offer_name(lang, declined.offer.kind),
            player = player(lang, &declined.offer.by)
        )
    )
}

/// An offer's message once it has been answered (its buttons are gone): what was offered
/// and the answer.
pub(crate) fn offer_answered(
    lang: Lang,
    variant: Variant,
    game: impl std::fmt::Display,
    offer: &OfferView,
    accepted: bool,
    by: UserId,
) -> String {
    let answer = if accepted {
        "offer-accepted-by"
    } else {
        "offer-declined-by"
    };
    format!(
        "{} · {}\n{}",
        game_title(lang, variant, game),
        standing_offer(lang, offer),
        tr!(lang, answer, by = mention(lang, by))
    )
}

/// The private answer to the player who made an offer or request: it is posted for the
/// others to answer.
pub(crate) fn offer_sent(
    lang: Lang,
    offer: &OfferView,
    variant: Variant,
    game: impl std::fmt::Display,
) -> String {
    tr!(
        lang,
        "offer-sent",
        offer = offer_name(lang, offer.kind),
        game = game_title(lang, variant, game)
    )
}

/// What a lapsed offer's message says once its buttons are gone.
pub(crate) fn offer_lapsed(lang: Lang, lapsed: &OfferLapsed) -> String {
    format!(
        "{} · {}",
        game_title(lang, lapsed.variant, lapsed.game_id),
        tr!(
            lang,
            "offer-lapsed",
            player = player(lang, &lapsed.offer.by),
            offer = offer_name(lang, lapsed.offer.kind)
        )
    )
}
