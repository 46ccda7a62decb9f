//! `/settings`: each player's own choices, answered privately and kept across servers and
//! restarts: how moves are written for them, the pieces of the boards drawn for them and
//! how they are told it is their turn; and the direct messages that last choice asks for
//! (the message on their turn and the daily digest). Each option is saved on its own;
//! `/settings` without options shows them all.

use std::fmt::Write as _;

use crate::service::{
    Digest, Notation, NotificationView, PieceSet, PlayerSettings, Service, TurnMessage,
};
use crate::store::{MessageId, NotificationMode};

use super::format::{self, game_title};
use super::game::{self, Here};
use super::i18n::{default_notation, tr, Lang};
use super::post::Post;
use super::{deadline, ids, Context, Error};

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

/// How you are told it is your turn, as `/settings` offers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum NotificationChoice {
    #[name = "Mention me in the channel"]
    Mention,
    #[name = "Mention me and send me a direct message"]
    Dm,
    #[name = "Quiet: no mention"]
    Quiet,
    #[name = "Daily digest by direct message, no mention"]
    Digest,
}

impl From<NotificationChoice> for NotificationMode {
    fn from(choice: NotificationChoice) -> Self {
        match choice {
            NotificationChoice::Mention => Self::Mention,
            NotificationChoice::Dm => Self::Dm,
            NotificationChoice::Quiet => Self::Quiet,
            NotificationChoice::Digest => Self::Digest,
        }
    }
}

/// The notation moves are written in for the user of `here`: their setting, else the
/// default of their language. A settings read that fails is logged and the default used (a
/// move is never refused for want of its notation), unless the database cannot be reached:
/// then the error comes back, and the command's work stops before it changes anything.
pub(crate) async fn notation_for(service: &Service, here: Here) -> Result<Notation, Error> {
    match service.player_settings(here.user).await {
        Ok(settings) => Ok(settings
            .notation
            .unwrap_or_else(|| default_notation(here.lang))),
        Err(error) if error.is_unavailable() => Err(error.into()),
        Err(error) => {
            tracing::warn!(%error, "cannot read a player's settings; using the defaults");
            Ok(default_notation(here.lang))
        }
    }
}

/// Your own settings: move notation, pieces, how you are told it is your turn.
#[poise::command(slash_command)]
pub async fn settings(
    ctx: Context<'_>,
    #[description = "How moves are written for you (default: Japanese for Japanese and Korean, else Western)"]
    notation: Option<NotationChoice>,
    #[description = "The pieces of the boards drawn for you (default: kanji)"] pieces: Option<
        PiecesChoice,
    >,
    #[description = "How you are told it is your turn (default: a mention in the channel)"]
    notifications: Option<NotificationChoice>,
) -> Result<(), Error> {
    let lang = game::lang_of(ctx);
    let user = ids::user(ctx.author().id);
    let change = PlayerSettings {
        notation: notation.map(NotationChoice::notation),
        pieces: pieces.map(PiecesChoice::pieces),
    };
    let changes_display = change != PlayerSettings::default();
    let changed = changes_display || notifications.is_some();
    let (now, notify) = deadline::command(ctx, true, async {
        let service = ctx.data().service();
        let now = if changes_display {
            service.change_player_settings(user, change).await?
        } else {
            service.player_settings(user).await?
        };
        let notify = match notifications {
            Some(choice) => service.set_notifications(user, choice.into()).await?,
            None => service.notifications(user).await?,
        };
        Ok((now, notify))
    })
    .await?;
    let text = settings_text(lang, &now, &notify, changed);
    game::send(ctx, Post::private(text)).await
}

/// The settings as they stand, each saying whether it is the default.
fn settings_text(
    lang: Lang,
    settings: &PlayerSettings,
    notify: &NotificationView,
    saved: bool,
) -> String {
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
    let notifications = tr!(
        lang,
        "settings-notifications",
        value = notifications_text(lang, notify)
    );
    let head = tr!(
        lang,
        if saved {
            "settings-saved"
        } else {
            "settings-head"
        }
    );
    format!(
        "{head}\n{notation}\n{pieces}\n{notifications}\n{}",
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

fn notifications_text(lang: Lang, view: &NotificationView) -> String {
    match (view.mode, view.digest_at) {
        (NotificationMode::Mention, _) => tr!(lang, "notifications-mention"),
        (NotificationMode::Dm, _) => tr!(lang, "notifications-dm"),
        (NotificationMode::Quiet, _) => tr!(lang, "notifications-quiet"),
        (NotificationMode::Digest, Some(at)) => tr!(
            lang,
            "notifications-digest-at",
            time = format!("<t:{at}:t>"),
            when = format::relative_time(at)
        ),
        (NotificationMode::Digest, None) => tr!(lang, "notifications-digest"),
    }
}

/// A link to a message in a server channel.
fn message_link(
    guild: impl std::fmt::Display,
    channel: impl std::fmt::Display,
    message: MessageId,
) -> String {
    format!("https://discord.com/channels/{guild}/{channel}/{message}")
}

/// The direct message on a player's turn: the game, the move just played, the deadline
/// and a link to the game's board in its channel (when it has been posted).
pub(crate) fn turn_message(
    lang: Lang,
    notation: Notation,
    message: &TurnMessage,
    board: Option<MessageId>,
) -> String {
    let title = game_title(lang, message.variant, message.game_id);
    let channel = format::channel(message.channel_id);
    let last = match (&message.last_played, &message.last_move) {
        (Some(last), _) => Some(format::move_named(
            lang,
            notation,
            message.variant,
            last.seat,
            &last.text,
        )),
        // A message stored before every notation was kept.
        (None, last) => last.clone(),
    };
    let mut text = match last {
        Some(last) => tr!(
            lang,
            "turn-dm-after",
            title = title,
            channel = channel,
            played = last,
            ply = message.ply
        ),
        None => tr!(lang, "turn-dm", title = title, channel = channel),
    };
    if let Some(deadline) = message.deadline_at {
        let _ = write!(
            text,
            " {}",
            tr!(
                lang,
                "turn-dm-deadline",
                when = format::deadline_when(lang, deadline, message.bank_left)
            )
        );
    }
    if let Some(board) = board {
        let _ = write!(
            text,
            "\n{}",
            tr!(
                lang,
                "turn-dm-link",
                link = message_link(message.guild_id, message.channel_id, board)
            )
        );
    }
    text
}

/// The daily digest: the games where it is the player's turn, each with its deadline and a
/// link to its board.
pub(crate) fn digest(lang: Lang, digest: &Digest, boards: &[Option<MessageId>]) -> String {
    let mut text = tr!(lang, "digest-head", count = digest.games.len());
    for (index, game) in digest.games.iter().enumerate() {
        let _ = write!(
            text,
            "\n· {}",
            tr!(
                lang,
                "digest-game",
                title = game_title(lang, game.variant, game.game_id),
                channel = format::channel(game.channel_id),
                opponents = format::players(lang, &game.opponents),
                ply = game.ply + 1
            )
        );
        if let Some(deadline) = game.deadline_at {
            let _ = write!(
                text,
                " {}",
                tr!(
                    lang,
                    "turn-dm-deadline",
                    when = format::deadline_when(lang, deadline, game.bank_left)
                )
            );
        }
        if let Some(Some(board)) = boards.get(index) {
            let _ = write!(
                text,
                " · {}",
                tr!(
                    lang,
                    "digest-board-link",
                    link = message_link(game.guild_id, game.channel_id, *board)
                )
            );
        }
    }
    text
}

/// The direct message on a player's turn, with their board drawn from their seat in their
/// own piece style.
pub(crate) async fn turn_post(
    service: &Service,
    lang: Lang,
    message: &TurnMessage,
    board: Option<MessageId>,
) -> Post {
    let style = service.piece_style_of(message.player.user_id).await;
    let notation = game::player_notation(service, message.player.user_id, lang).await;
    let words = super::format::pictures::picture_words(lang, notation, &message.picture, None);
    let image = message.picture.draw_with(style, &words).await;
    Post::new(turn_message(lang, notation, message, board))
        .file(game::image_file(
            image.as_ref(),
            message.game_id,
            message.ply,
        ))
        .file(game::close_up_file(
            image.as_ref(),
            message.game_id,
            message.ply,
        ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_notation_follows_the_language() {
        assert_eq!(default_notation(Lang::Ja), Notation::Japanese);
        assert_eq!(default_notation(Lang::En), Notation::Western);
        assert_eq!(default_notation(Lang::Ko), Notation::Japanese);
    }

    fn mention() -> NotificationView {
        NotificationView {
            mode: NotificationMode::Mention,
            digest_at: None,
        }
    }

    #[test]
    fn settings_say_which_are_defaults() {
        let text = settings_text(Lang::En, &PlayerSettings::default(), &mention(), false);
        assert!(
            text.contains("Western (P-7f) (the default for your language)"),
            "{text}"
        );
        assert!(text.contains("a mention in the channel"), "{text}");
        let chosen = PlayerSettings {
            notation: Some(Notation::Coordinate),
            pieces: Some(PieceSet::International),
        };
        let text = settings_text(Lang::Ja, &chosen, &mention(), true);
        assert!(text.contains("座標（`7g7f`）"), "{text}");
        assert!(!text.contains("default"), "{text}");
    }

    #[test]
    fn the_digest_setting_says_when_it_comes_in_every_language() {
        let digest = NotificationView {
            mode: NotificationMode::Digest,
            digest_at: Some(1_800_000_000),
        };
        for lang in Lang::ALL {
            let text = notifications_text(lang, &digest);
            assert!(text.contains("<t:1800000000:t>"), "{lang:?}: {text}");
            assert!(text.contains("<t:1800000000:R>"), "{lang:?}: {text}");
        }
    }
}
