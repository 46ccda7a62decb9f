//! `/settings`: each player's own choices, answered privately and kept across servers and
//! restarts: how moves are written for them and the pieces of the boards drawn for them.
//! Each option is saved on its own; `/settings` without options shows them.

use crate::service::{Notation, PieceSet, PlayerSettings, Service};

use super::game::{self, Here};
use super::i18n::{tr, Lang};
use super::post::Post;
use super::{ids, Context, Error};

/// Move notations, as `/settings` offers them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum NotationChoice {
    #[name = "Japanese (７六歩)"]
    Japanese,
    #[name = "Western (P-7f)"]
    Western,
    #[name = "Coordinate (7g7f)"]
    Coordinate,
}

impl NotationChoice {
    fn notation(self) -> Notation {
        match self {
            NotationChoice::Japanese => Notation::Japanese,
            NotationChoice::Western => Notation::Western,
            NotationChoice::Coordinate => Notation::Coordinate,
        }
    }
}

/// Piece styles, as `/settings` offers them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum PiecesChoice {
    #[name = "Kanji"]
    Kanji,
    #[name = "International (for beginners)"]
    International,
}

impl PiecesChoice {
    fn pieces(self) -> PieceSet {
        match self {
            PiecesChoice::Kanji => PieceSet::Kanji,
            PiecesChoice::International => PieceSet::International,
        }
    }
}

/// The notation a reader of `lang` gets until they choose: Japanese for Japanese readers,
/// Western otherwise.
pub(crate) fn default_notation(lang: Lang) -> Notation {
    match lang {
        Lang::Ja => Notation::Japanese,
        Lang::En | Lang::Ko => Notation::Western,
    }
}

/// The notation moves are written in for the user of `here`: their setting, else the
/// default of their language. A settings read that fails is logged and the default used:
/// a move is never refused for want of its notation.
pub(crate) async fn notation_for(service: &Service, here: Here) -> Notation {
    match service.player_settings(here.user).await {
        Ok(settings) => settings
            .notation
            .unwrap_or_else(|| default_notation(here.lang)),
        Err(error) => {
            tracing::warn!(%error, "cannot read a player's settings; using the defaults");
            default_notation(here.lang)
        }
    }
}

/// Your own settings: the notation of moves shown to you and the pieces of your boards.
#[poise::command(slash_command)]
pub async fn settings(
    ctx: Context<'_>,
    #[description = "How moves are written for you (default: Japanese for Japanese, else Western)"]
    notation: Option<NotationChoice>,
    #[description = "The pieces of the boards drawn for you (default: kanji)"] pieces: Option<
        PiecesChoice,
    >,
) -> Result<(), Error> {
    let lang = game::lang_of(ctx);
    let user = ids::user(ctx.author().id);
    let service = ctx.data().service();
    let change = PlayerSettings {
        notation: notation.map(NotationChoice::notation),
        pieces: pieces.map(PiecesChoice::pieces),
    };
    let changed = change != PlayerSettings::default();
    let now = if changed {
        service.change_player_settings(user, change).await?
    } else {
        service.player_settings(user).await?
    };
    game::send(ctx, Post::private(settings_text(lang, &now, changed))).await
}

/// The settings as they stand, each saying whether it is the default.
fn settings_text(lang: Lang, settings: &PlayerSettings, saved: bool) -> String {
    let notation = match settings.notation {
        Some(notation) => tr!(
            lang,
            "settings-notation",
            value = notation_name(lang, notation)
        ),
        None => tr!(
            lang,
            "settings-notation-default",
            value = notation_name(lang, default_notation(lang))
        ),
    };
    let pieces = match settings.pieces {
        Some(pieces) => tr!(lang, "settings-pieces", value = pieces_name(lang, pieces)),
        None => tr!(
            lang,
            "settings-pieces-default",
            value = pieces_name(lang, PieceSet::default())
        ),
    };
    let head = tr!(
        lang,
        if saved {
            "settings-saved"
        } else {
            "settings-head"
        }
    );
    format!(
        "{head}\n{notation}\n{pieces}\n{}",
        tr!(lang, "settings-how")
    )
}

fn notation_name(lang: Lang, notation: Notation) -> String {
    tr!(
        lang,
        match notation {
            Notation::Japanese => "notation-japanese",
            Notation::Western => "notation-western",
            Notation::Coordinate => "notation-coordinate",
        }
    )
}

fn pieces_name(lang: Lang, pieces: PieceSet) -> String {
    tr!(
        lang,
        match pieces {
            PieceSet::Kanji => "pieces-kanji",
            PieceSet::International => "pieces-international",
        }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_notation_follows_the_language() {
        assert_eq!(default_notation(Lang::Ja), Notation::Japanese);
        assert_eq!(default_notation(Lang::En), Notation::Western);
        assert_eq!(default_notation(Lang::Ko), Notation::Western);
    }

    #[test]
    fn settings_say_which_are_defaults() {
        let text = settings_text(Lang::En, &PlayerSettings::default(), false);
        assert!(
            text.contains("Western (P-7f) (the default for your language)"),
            "{text}"
        );
        let chosen = PlayerSettings {
            notation: Some(Notation::Coordinate),
            pieces: Some(PieceSet::International),
        };
        let text = settings_text(Lang::Ja, &chosen, true);
        assert!(text.contains("座標（7g7f）"), "{text}");
        assert!(!text.contains("default"), "{text}");
    }
}
