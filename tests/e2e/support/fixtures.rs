//! Interaction payloads as Discord sends them over the gateway: slash commands, autocomplete
//! and component clicks, with the fields serenity 0.12 requires.
//!
//! A builder leaves out the interaction id and token; [`super::fake_discord::FakeDiscord::send`]
//! fills them in, checks that serenity can read the payload and dispatches it.

use serde_json::{json, Map, Value};

/// The bot's application id, which is also its user id.
pub const APPLICATION_ID: u64 = 1000;
/// The bot's user name.
pub const BOT_NAME: &str = "shogibot";
/// The guild interactions come from unless told otherwise.
pub const GUILD_ID: u64 = 4242;
/// The channel interactions come from unless told otherwise.
pub const CHANNEL_ID: u64 = 5555;
/// Largest upload Discord allows for an interaction, unless told otherwise (10 MiB).
pub const ATTACHMENT_SIZE_LIMIT: u64 = 10 * 1024 * 1024;
/// Permissions the bot and members have: view, send, embed, attach, read history, use
/// application commands.
pub const PERMISSIONS: &str = "2147601408";
/// [`PERMISSIONS`] and Manage Server.
pub const MANAGER_PERMISSIONS: &str = "2147601440";
/// [`PERMISSIONS`] with Create Public Threads and Send Messages in Threads, which game
/// threads need.
pub const THREAD_PERMISSIONS: &str = "311385246720";

const JOINED_AT: &str = "2024-01-01T00:00:00.000000+00:00";

/// Interaction types on the wire.
pub mod kind {
    pub const COMMAND: u64 = 2;
    pub const COMPONENT: u64 = 3;
    pub const AUTOCOMPLETE: u64 = 4;
}

/// A Discord user taking part in a test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestUser {
    pub id: u64,
    pub name: String,
    /// A bot account (this bot itself, when named as an opponent).
    pub bot: bool,
    /// The language of the user's Discord client: their interactions' `locale`.
    pub locale: &'static str,
    /// The server's language as this user's interactions report it (`guild_locale`).
    pub guild_locale: &'static str,
}

impl TestUser {
    pub fn new(id: u64, name: &str) -> Self {
        Self {
            id,
            name: name.to_owned(),
            bot: false,
            locale: "en-US",
            guild_locale: "en-US",
        }
    }

    /// This user with their Discord client in `locale` (`ja`, `ko`, `en-US`, ...).
    pub fn speaking(mut self, locale: &'static str) -> Self {
        self.locale = locale;
        self
    }

    /// This user in a server whose language Discord reports as `locale`.
    pub fn in_server_speaking(mut self, locale: &'static str) -> Self {
        self.guild_locale = locale;
        self
    }

    /// The user id as the service knows it.
    pub fn user_id(&self) -> shogiban::store::UserId {
        shogiban::store::UserId(self.id)
    }

    /// The user object, as in `member.user` or `resolved.users`.
    pub fn json(&self) -> Value {
        json!({
            "id": self.id.to_string(),
            "username": self.name,
            "global_name": self.name,
            "discriminator": "0",
            "avatar": null,
            "bot": self.bot,
        })
    }

    /// How Discord writes a mention of this user in message content.
    pub fn mention(&self) -> String {
        format!("<@{}>", self.id)
    }
}

pub fn alice() -> TestUser {
    TestUser::new(2001, "alice")
}

pub fn bob() -> TestUser {
    TestUser::new(2002, "bob")
}

pub fn carol() -> TestUser {
    TestUser::new(2003, "carol")
}

pub fn dave() -> TestUser {
    TestUser::new(2004, "dave")
}

/// The channel of the bot's direct messages with user `user`, as the fake Discord opens it.
pub fn dm_channel_id(user: u64) -> u64 {
    700_000 + user
}

/// The bot's own user object.
pub fn bot_user() -> Value {
    json!({
        "id": APPLICATION_ID.to_string(),
        "username": BOT_NAME,
        "discriminator": "0",
        "avatar": null,
        "bot": true,
    })
}

fn member(user: &TestUser, permissions: &str, roles: &[u64]) -> Value {
    let roles: Vec<String> = roles.iter().map(u64::to_string).collect();
    json!({
        "user": user.json(),
        "roles": roles,
        "joined_at": JOINED_AT,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
        "permissions": permissions,
    })
}

/// A member as in `resolved.members`: without `user`, `deaf` and `mute`.
fn partial_member() -> Value {
    json!({
        "roles": [],
        "joined_at": JOINED_AT,
        "flags": 0,
        "permissions": PERMISSIONS,
    })
}

/// An interaction to send through the fake gateway.
#[derive(Debug, Clone)]
pub struct InteractionBuilder {
    kind: u64,
    data: Map<String, Value>,
    user: TestUser,
    guild_id: Option<u64>,
    channel_id: u64,
    message: Option<Value>,
    attachment_size_limit: u64,
    /// The member's permissions in the channel, as Discord computes them.
    permissions: &'static str,
    app_permissions: &'static str,
    /// The ids of the acting member's roles.
    roles: Vec<u64>,
}

impl InteractionBuilder {
    fn new(kind: u64, data: Value) -> Self {
        let Value::Object(data) = data else {
            unreachable!("interaction data is an object")
        };
        Self {
            kind,
            data,
            user: alice(),
            guild_id: Some(GUILD_ID),
            channel_id: CHANNEL_ID,
            message: None,
            attachment_size_limit: ATTACHMENT_SIZE_LIMIT,
            permissions: PERMISSIONS,
            app_permissions: PERMISSIONS,
            roles: Vec::new(),
        }
    }

    /// `/name` typed by alice in the default guild channel.
    pub fn slash(name: &str) -> Self {
        Self::new(
            kind::COMMAND,
            json!({ "name": name, "type": 1, "options": [] }),
        )
    }

    /// Discord asking for suggestions while `/name` is being typed; mark the option being
    /// typed with [`Self::focused`].
    pub fn autocomplete(name: &str) -> Self {
        Self::new(
            kind::AUTOCOMPLETE,
            json!({ "name": name, "type": 1, "options": [] }),
        )
    }

    /// A click on the button `custom_id` of `message` (a whole message object, as the bot
    /// sent it).
    pub fn click(custom_id: &str, message: Value) -> Self {
        let mut builder = Self::new(
            kind::COMPONENT,
            json!({ "custom_id": custom_id, "component_type": 2 }),
        );
        builder.message = Some(message);
        builder
    }

    /// A choice made in the select menu `custom_id` of `message`.
    pub fn select(custom_id: &str, values: &[&str], message: Value) -> Self {
        let mut builder = Self::new(
            kind::COMPONENT,
            json!({ "custom_id": custom_id, "component_type": 3, "values": values }),
        );
        builder.message = Some(message);
        builder
    }

    /// The bot's permissions in the channel, as Discord reports them (a bit set).
    pub fn app_permissions(mut self, permissions: &'static str) -> Self {
        self.app_permissions = permissions;
        self
    }

    /// Who acts.
    pub fn by(mut self, user: &TestUser) -> Self {
        self.user = user.clone();
        self
    }

    /// The acting member may manage the server (Discord's Manage Server permission).
    pub fn with_manage_server(mut self) -> Self {
        self.permissions = MANAGER_PERMISSIONS;
        self
    }

    /// The acting member has the role `id`.
    pub fn with_role(mut self, id: u64) -> Self {
        self.roles.push(id);
        self
    }

    /// Where: a guild channel.
    pub fn in_guild(mut self, guild_id: u64, channel_id: u64) -> Self {
        self.guild_id = Some(guild_id);
        self.channel_id = channel_id;
        self
    }

    /// Where: a direct message with the bot.
    pub fn in_dm(mut self, channel_id: u64) -> Self {
        self.guild_id = None;
        self.channel_id = channel_id;
        self
    }

    /// The upload limit Discord announces with this interaction.
    pub fn attachment_size_limit(mut self, bytes: u64) -> Self {
        self.attachment_size_limit = bytes;
        self
    }

    /// Adds any option object as it appears in `data.options`.
    pub fn option(mut self, option: Value) -> Self {
        self.options().push(option);
        self
    }

    pub fn string(self, name: &str, value: &str) -> Self {
        self.option(json!({ "name": name, "type": 3, "value": value }))
    }

    /// An integer option; also how a choice parameter arrives (the index of the choice).
    pub fn integer(self, name: &str, value: i64) -> Self {
        self.option(json!({ "name": name, "type": 4, "value": value }))
    }

    pub fn boolean(self, name: &str, value: bool) -> Self {
        self.option(json!({ "name": name, "type": 5, "value": value }))
    }

    pub fn number(self, name: &str, value: f64) -> Self {
        self.option(json!({ "name": name, "type": 10, "value": value }))
    }

    /// A user option; the user is added to `resolved.users` and, in a guild, to
    /// `resolved.members`, as Discord does.
    pub fn user(mut self, name: &str, user: &TestUser) -> Self {
        let key = user.id.to_string();
        let guild = self.guild_id.is_some();
        let resolved = self
            .data
            .entry("resolved")
            .or_insert_with(|| json!({}))
            .as_object_mut()
            .expect("resolved is an object");
        resolved
            .entry("users")
            .or_insert_with(|| json!({}))
            .as_object_mut()
            .expect("users is an object")
            .insert(key.clone(), user.json());
        if guild {
            resolved
                .entry("members")
                .or_insert_with(|| json!({}))
                .as_object_mut()
                .expect("members is an object")
                .insert(key.clone(), partial_member());
        }
        self.option(json!({ "name": name, "type": 6, "value": key }))
    }

    /// A role option; the role is added to `resolved.roles`, as Discord does.
    pub fn role(mut self, name: &str, id: u64, role_name: &str) -> Self {
        let key = id.to_string();
        let role = json!({
            "id": key,
            "name": role_name,
            "color": 0,
            "colors": { "primary_color": 0, "secondary_color": null, "tertiary_color": null },
            "hoist": false,
            "position": 1,
            "permissions": "0",
            "managed": false,
            "mentionable": true,
            "flags": 0,
        });
        self.data
            .entry("resolved")
            .or_insert_with(|| json!({}))
            .as_object_mut()
            .expect("resolved is an object")
            .entry("roles")
            .or_insert_with(|| json!({}))
            .as_object_mut()
            .expect("roles is an object")
            .insert(key.clone(), role);
        self.option(json!({ "name": name, "type": 8, "value": key }))
    }

    /// A channel option (a text channel of the server); the channel is added to
    /// `resolved.channels`, as Discord does.
    pub fn channel(mut self, name: &str, id: u64, channel_name: &str) -> Self {
        let key = id.to_string();
        let channel = json!({
            "id": key,
            "name": channel_name,
            "type": 0,
            "permissions": "0",
        });
        self.data
            .entry("resolved")
            .or_insert_with(|| json!({}))
            .as_object_mut()
            .expect("resolved is an object")
            .entry("channels")
            .or_insert_with(|| json!({}))
            .as_object_mut()
            .expect("channels is an object")
            .insert(key.clone(), channel);
        self.option(json!({ "name": name, "type": 7, "value": key }))
    }

    /// The string option being typed (autocomplete), with what has been typed so far.
    pub fn focused(self, name: &str, typed: &str) -> Self {
        self.option(json!({ "name": name, "type": 3, "value": typed, "focused": true }))
    }

    /// The server it comes from, if any (which decides its gateway shard).
    pub fn guild(&self) -> Option<u64> {
        self.guild_id
    }

    /// Interaction type on the wire.
    pub fn kind(&self) -> u64 {
        self.kind
    }

    /// The command name, or the custom id of a component.
    pub fn name(&self) -> &str {
        self.data
            .get("name")
            .or_else(|| self.data.get("custom_id"))
            .and_then(Value::as_str)
            .unwrap_or_default()
    }

    pub fn attachment_size_limit_bytes(&self) -> u64 {
        self.attachment_size_limit
    }

    fn options(&mut self) -> &mut Vec<Value> {
        self.data
            .entry("options")
            .or_insert_with(|| json!([]))
            .as_array_mut()
            .expect("options is an array")
    }

    /// The gateway `d` of an `INTERACTION_CREATE` with this id and token. `command_id` is
    /// the id Discord gave the command at registration, when known.
    pub fn build(&self, id: u64, token: &str, command_id: Option<u64>) -> Value {
        let mut data = self.data.clone();
        if self.kind != kind::COMPONENT {
            let command_id = command_id.unwrap_or(1);
            data.insert("id".into(), json!(command_id.to_string()));
            if let Some(guild_id) = self.guild_id {
                data.insert("guild_id".into(), json!(guild_id.to_string()));
            }
        }
        let mut interaction = json!({
            "id": id.to_string(),
            "application_id": APPLICATION_ID.to_string(),
            "type": self.kind,
            "data": data,
            "channel_id": self.channel_id.to_string(),
            "token": token,
            "version": 1,
            "locale": self.user.locale,
            "entitlements": [],
            "authorizing_integration_owners": {},
            "attachment_size_limit": self.attachment_size_limit,
            "app_permissions": self.app_permissions,
        });
        let fields = interaction
            .as_object_mut()
            .expect("interaction is an object");
        match self.guild_id {
            Some(guild_id) => {
                fields.insert("guild_id".into(), json!(guild_id.to_string()));
                fields.insert("guild_locale".into(), json!(self.user.guild_locale));
                fields.insert(
                    "member".into(),
                    member(&self.user, self.permissions, &self.roles),
                );
                fields.insert("context".into(), json!(0));
            }
            None => {
                fields.insert("user".into(), self.user.json());
                fields.insert("context".into(), json!(1));
            }
        }
        if let Some(message) = &self.message {
            fields.insert("message".into(), message.clone());
        }
        interaction
    }
}

/// A message object as Discord returns it, from the bot, for `channel_id`.
pub fn message(id: u64, channel_id: u64, content: &str, components: Value) -> Value {
    json!({
        "id": id.to_string(),
        "channel_id": channel_id.to_string(),
        "author": bot_user(),
        "content": content,
        "timestamp": "2024-01-01T00:00:00.000000+00:00",
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "components": components,
        "pinned": false,
        "type": 0,
        "flags": 0,
    })
}
