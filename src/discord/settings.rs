//! `/settings`, a player's own settings (private answers), and the direct messages their
//! notification setting asks for: the message on their turn and the daily digest.

use std::fmt::Write as _;

use crate::service::{Digest, NotificationView, TurnMessage};
use crate::store::{MessageId, NotificationMode};

use super::format::{self, game_title, relative_time};
use super::game;
use super::post::Post;
use super::{deadline, ids, Context, Error};

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

/// Shows or changes your own settings (only you see the answer).
#[poise::command(slash_command)]
pub async fn settings(
    ctx: Context<'_>,
    #[description = "How you are told it is your turn (default: a mention in the channel)"]
    notifications: Option<NotificationChoice>,
) -> Result<(), Error> {
    let user = ids::user(ctx.author().id);
    let changed = notifications.is_some();
    let view = deadline::command(ctx, true, async {
        let service = ctx.data().service();
        Ok(match notifications {
            Some(choice) => service.set_notifications(user, choice.into()).await?,
            None => service.notifications(user).await?,
        })
    })
    .await?;
    game::send(ctx, Post::private(settings_text(&view, changed))).await
}

/// The answer to `/settings`.
pub(crate) fn settings_text(view: &NotificationView, changed: bool) -> String {
    let heading = if changed {
        "**Your settings changed.** They now are:"
    } else {
        "**Your settings** (change them with `/settings`):"
    };
    format!("{heading}\n· Notifications: {}", notifications_text(view))
}

fn notifications_text(view: &NotificationView) -> String {
    match (view.mode, view.digest_at) {
        (NotificationMode::Mention, _) => {
            "a mention in the channel when it is your turn".to_owned()
        }
        (NotificationMode::Dm, _) => {
            "a mention in the channel and a direct message with the board when it is your turn"
                .to_owned()
        }
        (NotificationMode::Quiet, _) => {
            "quiet: the channel's boards do not mention you (reminders neither)".to_owned()
        }
        (NotificationMode::Digest, Some(at)) => format!(
            "a daily digest: one direct message every day at <t:{at}:t> (the next {}) listing \
             the games where it is your turn; the channel's boards do not mention you",
            relative_time(at)
        ),
        (NotificationMode::Digest, None) => "a daily digest by direct message".to_owned(),
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
pub(crate) fn turn_message(message: &TurnMessage, board: Option<MessageId>) -> String {
    let mut text = format!(
        "{} in {}: your move",
        game_title(message.variant, message.game_id),
        format::channel(message.channel_id)
    );
    if let Some(last) = &message.last_move {
        let _ = write!(text, " after **{last}** (move {})", message.ply);
    }
    if let Some(deadline) = message.deadline_at {
        text.push_str(&super::clock::time_left(deadline, message.bank_left));
    }
    text.push('.');
    if let Some(board) = board {
        let _ = write!(
            text,
            "\n[Go to the game]({})",
            message_link(message.guild_id, message.channel_id, board)
        );
    }
    text
}

/// The daily digest: the games where it is the player's turn, each with its deadline and a
/// link to its board.
pub(crate) fn digest(digest: &Digest, boards: &[Option<MessageId>]) -> String {
    let count = digest.games.len();
    let mut text = format!(
        "**Your daily digest**: it is your turn in {count} game{}.",
        if count == 1 { "" } else { "s" }
    );
    for (index, game) in digest.games.iter().enumerate() {
        let opponents: Vec<String> = game.opponents.iter().map(format::player).collect();
        let _ = write!(
            text,
            "\n· {} in {} against {}, move {}",
            game_title(game.variant, game.game_id),
            format::channel(game.channel_id),
            opponents.join(", "),
            game.ply + 1
        );
        if let Some(deadline) = game.deadline_at {
            text.push_str(&super::clock::time_left(deadline, game.bank_left));
        }
        if let Some(Some(board)) = boards.get(index) {
            let _ = write!(
                text,
                " · [board]({})",
                message_link(game.guild_id, game.channel_id, *board)
            );
        }
    }
    text
}

/// The direct message on a player's turn, with their board drawn.
pub(crate) async fn turn_post(message: &TurnMessage, board: Option<MessageId>) -> Post {
    let image = message.picture.draw().await;
    Post::new(turn_message(message, board))
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
