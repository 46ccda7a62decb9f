//! Game threads: a game played in a public thread of its own under the channel of its
//! challenge, so one channel hosts any number of games.
//!
//! The thread is opened from the challenge's message when the last player accepts, before
//! the game is stored: Discord opens at most one thread per message (and gives it the
//! message's id), so opening it again after a failure or a restart finds the same thread,
//! and a game is never stored without its thread. What the game then says (its first board
//! and every later announcement, the result, the replay, the archiving a day later) goes
//! through the outbox like everything else.

use poise::serenity_prelude as serenity;
use serenity::http::HttpError;

use crate::service::{computer_level, ChallengeView, PlayerView};
use crate::store::{ChannelId, InviteResponse, UserId};

use super::i18n::{tr, Lang};
use super::{format, ids, Context, Error};

/// Discord's error code when a message already has its thread.
const THREAD_ALREADY_CREATED: isize = 160_004;
/// Discord's limit on a thread's name, in characters.
const MAX_NAME_CHARS: usize = 100;

/// The permissions a game thread needs, with the key of the name Discord shows for them
/// (`permission-<key>` in the message files).
const NEEDED: [(serenity::Permissions, &str); 2] = [
    (
        serenity::Permissions::CREATE_PUBLIC_THREADS,
        "create-public-threads",
    ),
    (
        serenity::Permissions::SEND_MESSAGES_IN_THREADS,
        "send-messages-in-threads",
    ),
];

/// Whether the server plays its games in threads unless a challenge says (its
/// `game_threads` setting). A setting that cannot be read counts as no, unless the
/// database cannot be reached: then the error comes back, and the challenge waits for it.
pub(crate) async fn by_default(
    service: &crate::service::Service,
    guild: crate::store::GuildId,
) -> Result<bool, crate::service::ServiceError> {
    match service.threads_by_default(guild).await {
        Ok(threads) => Ok(threads),
        Err(error) if error.is_unavailable() => Err(error),
        Err(error) => {
            tracing::warn!(%error, %guild, "cannot read whether games go in threads; they do not");
            Ok(false)
        }
    }
}

/// Whether a new challenge's game goes in a thread when `wanted` (as the challenge asks,
/// else as the server's setting says). `Err` holds what to tell the challenger when a
/// thread was wanted but cannot be: the game is then played in the channel.
pub(crate) fn wanted(ctx: Context<'_>, wanted: bool, computers_only: bool) -> Result<bool, String> {
    if !wanted {
        return Ok(false);
    }
    let lang = super::game::lang_of(ctx);
    if computers_only {
        return Err(format::threads::not_with_computers_only(lang));
    }
    let poise::Context::Application(app) = ctx else {
        return Ok(true);
    };
    if app.interaction.channel.as_ref().is_some_and(|channel| {
        matches!(
            channel.kind,
            serenity::ChannelType::PublicThread | serenity::ChannelType::PrivateThread
        )
    }) {
        return Err(format::threads::already_in_a_thread(lang));
    }
    let missing = missing_permissions(app.interaction.app_permissions);
    if missing.is_empty() {
        Ok(true)
    } else {
        Err(format::threads::missing_permissions(lang, &missing))
    }
}

/// The permissions a game thread needs that `granted` lacks (all of them when Discord did
/// not say).
fn missing_permissions(granted: Option<serenity::Permissions>) -> Vec<&'static str> {
    NEEDED
        .iter()
        .filter(|(permission, _)| !granted.is_some_and(|granted| granted.contains(*permission)))
        .map(|(_, name)| *name)
        .collect()
}

/// Whether `user` accepting `view` fills it, so that the game starts.
pub(crate) fn completes(view: &ChallengeView, user: UserId) -> bool {
    let invited = view.invitees.iter().any(|i| i.user_id == user);
    let others_pending = view
        .invitees
        .iter()
        .any(|i| i.user_id != user && i.response != InviteResponse::Accepted);
    let seats_left = if invited { 0 } else { 1 };
    !others_pending && view.open_seats == seats_left
}

/// What opening a game's thread came to.
pub(crate) enum Opened {
    /// The thread to play in.
    Thread(ChannelId),
    /// Discord refused for want of a permission: the game is played in the channel, and the
    /// player is told this.
    Refused(String),
}

/// Opens (or finds, if it was opened before) the thread of `view`'s game from the
/// challenge's message `message` in `channel`, named after the players and the variant in
/// the server's language `server`; what goes wrong is said in the clicker's `lang`.
pub(crate) async fn open(
    http: &serenity::Http,
    channel: serenity::ChannelId,
    message: serenity::MessageId,
    view: &ChallengeView,
    joining: &crate::service::Person,
    (lang, server): (Lang, Lang),
) -> Result<Opened, Error> {
    let name = thread_name(server, view, joining);
    let builder = serenity::CreateThread::new(name)
        .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek);
    match channel
        .create_thread_from_message(http, message, builder)
        .await
    {
        Ok(thread) => Ok(Opened::Thread(ids::channel(thread.id))),
        Err(serenity::Error::Http(HttpError::UnsuccessfulRequest(response)))
            if response.error.code == THREAD_ALREADY_CREATED =>
        {
            // A thread opened from a message has the message's id.
            Ok(Opened::Thread(ids::channel(serenity::ChannelId::new(
                message.get(),
            ))))
        }
        Err(serenity::Error::Http(HttpError::UnsuccessfulRequest(response)))
            if response.status_code.as_u16() == 403 =>
        {
            tracing::info!(%channel, "no thread for a game: {}", response.error.message);
            Ok(Opened::Refused(format::threads::refused_by_discord(lang)))
        }
        Err(why) => {
            tracing::warn!(%channel, "could not open a game thread: {why}");
            Err(Error::Said(format::threads::not_opened(lang)))
        }
    }
}

/// Adds the game's people to its thread, so it shows in their thread list. Best effort: a
/// public thread is open to everyone in the channel anyway, and the first board mentions
/// whoever moves first.
pub(crate) async fn add_players(http: &serenity::Http, thread: ChannelId, players: &[PlayerView]) {
    let Some(thread) = ids::discord_channel(thread) else {
        return;
    };
    for player in players {
        if computer_level(player.user_id).is_some() {
            continue;
        }
        let Some(user) = ids::discord_user(player.user_id) else {
            continue;
        };
        if let Err(why) = thread.add_thread_member(http, user).await {
            tracing::warn!(%thread, "could not add a player to a game thread: {why}");
        }
    }
}

/// "alice vs bob · Shogi", cut to Discord's limit.
fn thread_name(lang: Lang, view: &ChallengeView, joining: &crate::service::Person) -> String {
    let mut names: Vec<String> = std::iter::once(&view.challenger)
        .chain(&view.invitees)
        .map(|p| match computer_level(p.user_id) {
            Some(level) => format::computer(lang, level),
            None => p.name.clone().unwrap_or_else(|| {
                tr!(lang, "thread-unnamed-player", user = p.user_id.to_string())
            }),
        })
        .collect();
    if !view.invitees.iter().any(|i| i.user_id == joining.id) {
        names.push(joining.name.clone());
    }
    let name = format::threads::thread_name(lang, &names, view.variant);
    name.chars().take(MAX_NAME_CHARS).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_missing_permission_is_named() {
        assert_eq!(
            missing_permissions(None),
            ["create-public-threads", "send-messages-in-threads"]
        );
        let some =
            serenity::Permissions::SEND_MESSAGES | serenity::Permissions::CREATE_PUBLIC_THREADS;
        assert_eq!(
            missing_permissions(Some(some)),
            ["send-messages-in-threads"]
        );
        let all = some | serenity::Permissions::SEND_MESSAGES_IN_THREADS;
        assert!(missing_permissions(Some(all)).is_empty());
    }
}
