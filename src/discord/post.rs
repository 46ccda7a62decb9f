//! A message the bot sends, independent of how it is sent: text, who may be pinged, an
//! optional file and buttons. One `Post` becomes whichever Discord builder the answer
//! needs (a command reply, an interaction response or follow-up, an edit of a deferred
//! answer, or a plain channel message), so every path sends the same thing.

use poise::serenity_prelude as serenity;

use crate::store::UserId;

use super::ids;

/// Discord's limit on message content, in characters.
pub(crate) const MAX_CONTENT_CHARS: usize = 2000;
/// Buttons in one action row.
const BUTTONS_PER_ROW: usize = 5;
/// The upload limit of messages sent outside an interaction (Discord's default for bots).
pub(crate) const CHANNEL_ATTACHMENT_LIMIT: u64 = 10 * 1024 * 1024;

/// A file to attach.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct File {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// A message to send.
#[derive(Debug, Clone, Default)]
pub(crate) struct Post {
    content: String,
    ping: Vec<UserId>,
    /// The attachments, in order (a board, then its close-up).
    files: Vec<File>,
    buttons: Vec<serenity::CreateButton>,
    /// Buttons per action row; `None` for as many as Discord allows.
    per_row: Option<usize>,
    private: bool,
}

impl Post {
    /// A message with this text, cut to Discord's limit if it is longer.
    pub fn new(content: impl Into<String>) -> Self {
        Self {
            content: fit_content(content.into()),
            ..Self::default()
        }
    }

    /// A message only the user who acted sees.
    pub fn private(content: impl Into<String>) -> Self {
        Self::new(content).privately()
    }

    /// Makes the message visible only to the user who acted.
    pub fn privately(mut self) -> Self {
        self.private = true;
        self
    }

    /// Lets the message notify these users (mentions of anyone else stay silent).
    pub fn ping(mut self, users: impl IntoIterator<Item = UserId>) -> Self {
        for user in users {
            // A computer player has no account to notify.
            if crate::service::computer_level(user).is_none() && !self.ping.contains(&user) {
                self.ping.push(user);
            }
        }
        self
    }

    /// Stops the message notifying these users: their mentions stay in the text, silent.
    pub fn unping(mut self, users: &[UserId]) -> Self {
        self.ping.retain(|user| !users.contains(user));
        self
    }

    /// Attaches a file, if there is one, after those already attached.
    pub fn file(mut self, file: Option<File>) -> Self {
        self.files.extend(file);
        self
    }

    /// Adds a button.
    pub fn button(mut self, button: serenity::CreateButton) -> Self {
        self.buttons.push(button);
        self
    }

    /// Lays the buttons out `count` to a row (at most Discord's five).
    pub fn per_row(mut self, count: usize) -> Self {
        self.per_row = Some(count.clamp(1, BUTTONS_PER_ROW));
        self
    }

    #[cfg(test)]
    pub fn content(&self) -> &str {
        &self.content
    }

    /// Leaves out the attachments that would take the message over `limit` bytes (the
    /// later ones first: a close-up before its board), saying so in the text.
    pub fn within(mut self, limit: u64) -> Self {
        let mut total = 0_u64;
        let mut left_out = false;
        self.files.retain(|file| {
            let size = file.bytes.len() as u64;
            if total + size > limit {
                tracing::warn!(size, limit, file = %file.name, "attachment too large, left out");
                left_out = true;
                return false;
            }
            total += size;
            true
        });
        if left_out {
            let note = "\n(The board image is larger than this channel accepts as an attachment; `/export` gives the position as text.)";
            self.content = fit_content(format!("{}{note}", self.content));
        }
        self
    }

    fn allowed_mentions(&self) -> serenity::CreateAllowedMentions {
        serenity::CreateAllowedMentions::new()
            .everyone(false)
            .all_roles(false)
            .users(self.ping.iter().filter_map(|&user| ids::discord_user(user)))
    }

    fn rows(&self) -> Vec<serenity::CreateActionRow> {
        self.buttons
            .chunks(self.per_row.unwrap_or(BUTTONS_PER_ROW))
            .map(|row| serenity::CreateActionRow::Buttons(row.to_vec()))
            .collect()
    }

    fn attachments(&self) -> Vec<serenity::CreateAttachment> {
        self.files
            .iter()
            .map(|file| serenity::CreateAttachment::bytes(file.bytes.clone(), file.name.clone()))
            .collect()
    }

    /// The first answer to a command.
    pub fn into_reply(self) -> poise::CreateReply {
        let mut reply = poise::CreateReply::default()
            .content(self.content.clone())
            .allowed_mentions(self.allowed_mentions())
            .components(self.rows())
            .ephemeral(self.private);
        for attachment in self.attachments() {
            reply = reply.attachment(attachment);
        }
        reply
    }

    /// The first answer to a click, as a new message or as the new state of the clicked one
    /// (whose files are replaced by this post's).
    pub fn into_response_message(self) -> serenity::CreateInteractionResponseMessage {
        let mut message = serenity::CreateInteractionResponseMessage::new()
            .content(self.content.clone())
            .allowed_mentions(self.allowed_mentions())
            .components(self.rows());
        // Left unset otherwise: an update keeps the clicked message's visibility.
        if self.private {
            message = message.ephemeral(true);
        }
        message.files(self.attachments())
    }

    /// A further message after the first answer.
    pub fn into_followup(self) -> serenity::CreateInteractionResponseFollowup {
        let mut followup = serenity::CreateInteractionResponseFollowup::new()
            .content(self.content.clone())
            .allowed_mentions(self.allowed_mentions())
            .components(self.rows());
        if self.private {
            followup = followup.ephemeral(true);
        }
        followup.add_files(self.attachments())
    }

    /// The answer replacing a deferral (or the clicked message, after a deferred update).
    pub fn into_edit(self) -> serenity::EditInteractionResponse {
        let mut edit = serenity::EditInteractionResponse::new()
            .content(self.content.clone())
            .allowed_mentions(self.allowed_mentions())
            .components(self.rows())
            .clear_attachments();
        for attachment in self.attachments() {
            edit = edit.new_attachment(attachment);
        }
        edit
    }

    /// A message posted in a channel outside any interaction.
    pub fn into_message(self) -> serenity::CreateMessage {
        serenity::CreateMessage::new()
            .content(self.content.clone())
            .allowed_mentions(self.allowed_mentions())
            .components(self.rows())
            .add_files(self.attachments())
    }
}

/// Text cut to Discord's content limit, ending in an ellipsis if it was cut.
pub(crate) fn fit_content(text: String) -> String {
    if text.chars().count() <= MAX_CONTENT_CHARS {
        return text;
    }
    let mut cut: String = text.chars().take(MAX_CONTENT_CHARS - 1).collect();
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_cut_to_the_limit() {
        let post = Post::new("あ".repeat(MAX_CONTENT_CHARS + 10));
        assert_eq!(post.content().chars().count(), MAX_CONTENT_CHARS);
        assert!(post.content().ends_with('…'));
        let short = Post::new("hello");
        assert_eq!(short.content(), "hello");
    }

    #[test]
    fn an_attachment_over_the_limit_is_left_out_with_a_note() {
        let file = File {
            name: "board.png".into(),
            bytes: vec![0; 100],
        };
        let kept = Post::new("board").file(Some(file.clone())).within(100);
        assert_eq!(kept.files, std::slice::from_ref(&file));
        let dropped = Post::new("board").file(Some(file.clone())).within(99);
        assert!(dropped.files.is_empty());
        // A board and its close-up over the limit together: the close-up goes.
        let pair = Post::new("board")
            .file(Some(file.clone()))
            .file(Some(file.clone()))
            .within(150);
        assert_eq!(pair.files, [file]);
        assert!(pair.content().contains("larger than this channel accepts"));
        assert!(dropped
            .content()
            .contains("larger than this channel accepts"));
    }

    #[test]
    fn pings_are_listed_once() {
        let post = Post::new("x").ping([UserId(5), UserId(5), UserId(6)]);
        assert_eq!(post.ping, [UserId(5), UserId(6)]);
    }

    #[test]
    fn buttons_are_laid_out_five_per_row() {
        let mut post = Post::new("x");
        for n in 0..7 {
            post = post.button(serenity::CreateButton::new(format!("b:{n}")).label("b"));
        }
        assert_eq!(post.rows().len(), 2);
    }
}
