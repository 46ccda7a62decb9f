//! Discord's ids and users as the service knows them.

use poise::serenity_prelude as serenity;

use crate::service::Person;
use crate::store::{ChannelId, GuildId, UserId};

/// A Discord user as a player.
pub(crate) fn person(user: &serenity::User) -> Person {
    Person::new(user.id.get(), user.display_name())
}

pub(crate) fn user(id: serenity::UserId) -> UserId {
    UserId(id.get())
}

pub(crate) fn channel(id: serenity::ChannelId) -> ChannelId {
    ChannelId(id.get())
}

pub(crate) fn guild(id: serenity::GuildId) -> GuildId {
    GuildId(id.get())
}

/// A Discord user id for a player the service names, if it is a real one (the service uses
/// 0 for a seat it cannot name).
pub(crate) fn discord_user(id: UserId) -> Option<serenity::UserId> {
    (id.0 != 0).then(|| serenity::UserId::new(id.0))
}

/// A Discord channel id for a channel the service names.
pub(crate) fn discord_channel(id: ChannelId) -> Option<serenity::ChannelId> {
    (id.0 != 0).then(|| serenity::ChannelId::new(id.0))
}
