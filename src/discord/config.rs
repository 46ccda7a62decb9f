//! Start-up settings for the bot, read from environment variables.

use std::fmt;

use poise::serenity_prelude as serenity;

/// Name of the variable holding the bot token.
pub const TOKEN_VAR: &str = "DISCORD_TOKEN";
/// Name of the variable holding the database address.
pub const DATABASE_URL_VAR: &str = "DATABASE_URL";
/// Name of the variable holding the guild to register commands in.
pub const GUILD_ID_VAR: &str = "DISCORD_GUILD_ID";
/// Name of the variable holding an alternative Discord API base address.
pub const API_BASE_VAR: &str = "DISCORD_API_BASE";

/// Database used when `DATABASE_URL` is not set: a file in the working directory.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://shogiban.db";

/// Everything the bot needs to know before it connects.
///
/// `Debug` never prints the token.
#[derive(Clone, PartialEq, Eq)]
pub struct Config {
    /// The bot token from the Discord developer portal.
    pub token: String,
    /// Where the games are stored, e.g. `sqlite://shogiban.db`.
    pub database_url: String,
    /// Register commands in this guild only (they appear at once); `None` registers them
    /// globally.
    pub guild_id: Option<serenity::GuildId>,
    /// Send REST calls to this base address (e.g. `http://127.0.0.1:3000`) instead of
    /// `https://discord.com`, and take the gateway address from it. Used by the end-to-end
    /// tests and by deployments behind an API proxy.
    pub api_base: Option<String>,
}

/// Why the settings could not be read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ConfigError {
    #[error("{TOKEN_VAR} is not set: put the bot token from the Discord developer portal in it")]
    MissingToken,
    #[error("{TOKEN_VAR} is empty: put the bot token from the Discord developer portal in it")]
    EmptyToken,
    #[error("{GUILD_ID_VAR} must be a guild id (a positive number), not {0:?}")]
    BadGuildId(String),
    #[error("{API_BASE_VAR} must start with http:// or https://, not {0:?}")]
    BadApiBase(String),
}

impl Config {
    /// Reads the settings from the process environment.
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// Reads the settings through `lookup`, which returns a variable's value if it is set.
    /// Empty optional variables count as unset.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let token = lookup(TOKEN_VAR).ok_or(ConfigError::MissingToken)?;
        let token = token.trim().to_owned();
        if token.is_empty() {
            return Err(ConfigError::EmptyToken);
        }
        let optional = |name: &str| lookup(name).filter(|value| !value.trim().is_empty());

        let database_url =
            optional(DATABASE_URL_VAR).unwrap_or_else(|| DEFAULT_DATABASE_URL.to_owned());
        let guild_id = optional(GUILD_ID_VAR)
            .map(|text| match text.trim().parse::<u64>() {
                Ok(id) if id != 0 => Ok(serenity::GuildId::new(id)),
                _ => Err(ConfigError::BadGuildId(text)),
            })
            .transpose()?;
        let api_base = optional(API_BASE_VAR)
            .map(|text| {
                let base = text.trim().trim_end_matches('/').to_owned();
                if base.starts_with("http://") || base.starts_with("https://") {
                    Ok(base)
                } else {
                    Err(ConfigError::BadApiBase(text))
                }
            })
            .transpose()?;

        Ok(Self {
            token,
            database_url,
            guild_id,
            api_base,
        })
    }
}

impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Config")
            .field("token", &"[redacted]")
            .field("database_url", &crate::store::shown_url(&self.database_url))
            .field("guild_id", &self.guild_id)
            .field("api_base", &self.api_base)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
        Config::from_lookup(|name| {
            vars.iter()
                .find(|(key, _)| *key == name)
                .map(|(_, value)| (*value).to_owned())
        })
    }

    #[test]
    fn token_is_required_and_the_error_names_the_variable() {
        let missing = config(&[]).unwrap_err();
        assert_eq!(missing, ConfigError::MissingToken);
        assert!(missing.to_string().contains("DISCORD_TOKEN"));

        let empty = config(&[("DISCORD_TOKEN", "  ")]).unwrap_err();
        assert_eq!(empty, ConfigError::EmptyToken);
        assert!(empty.to_string().contains("DISCORD_TOKEN"));
    }

    #[test]
    fn optional_settings_have_defaults() {
        let config = config(&[("DISCORD_TOKEN", "abc"), ("DISCORD_GUILD_ID", "")]).unwrap();
        assert_eq!(config.token, "abc");
        assert_eq!(config.database_url, "sqlite://shogiban.db");
        assert_eq!(config.guild_id, None);
        assert_eq!(config.api_base, None);
    }

    #[test]
    fn optional_settings_are_read() {
        let config = config(&[
            ("DISCORD_TOKEN", "abc"),
            ("DATABASE_URL", "sqlite:///var/lib/shogiban/games.db"),
            ("DISCORD_GUILD_ID", "4242"),
            ("DISCORD_API_BASE", "http://127.0.0.1:3000/"),
        ])
        .unwrap();
        assert_eq!(config.database_url, "sqlite:///var/lib/shogiban/games.db");
        assert_eq!(config.guild_id, Some(serenity::GuildId::new(4242)));
        assert_eq!(config.api_base.as_deref(), Some("http://127.0.0.1:3000"));
    }

    #[test]
    fn bad_values_are_named() {
        let guild = config(&[("DISCORD_TOKEN", "abc"), ("DISCORD_GUILD_ID", "general")]);
        assert_eq!(guild, Err(ConfigError::BadGuildId("general".into())));
        let base = config(&[
            ("DISCORD_TOKEN", "abc"),
            ("DISCORD_API_BASE", "127.0.0.1:3000"),
        ]);
        assert_eq!(base, Err(ConfigError::BadApiBase("127.0.0.1:3000".into())));
    }

    #[test]
    fn debug_output_hides_the_token() {
        let config = config(&[("DISCORD_TOKEN", "very-secret-token")]).unwrap();
        let shown = format!("{config:?}");
        assert!(!shown.contains("very-secret-token"), "{shown}");
        assert!(shown.contains("redacted"));
    }
}
