//! Start-up settings for the bot, read from environment variables.

use std::fmt;
use std::net::SocketAddr;
use std::time::Duration;

use poise::serenity_prelude as serenity;

/// Name of the variable holding the bot token.
pub const TOKEN_VAR: &str = "DISCORD_TOKEN";
/// Name of the variable holding the database address.
pub const DATABASE_URL_VAR: &str = "DATABASE_URL";
/// Name of the variable holding the guild to register commands in.
pub const GUILD_ID_VAR: &str = "DISCORD_GUILD_ID";
/// Name of the variable holding an alternative Discord API base address.
pub const API_BASE_VAR: &str = "DISCORD_API_BASE";
/// Name of the variable holding the address of an HTTP rate-limit proxy shared by every
/// process of the bot.
pub const REST_PROXY_VAR: &str = "DISCORD_REST_PROXY";

/// Name of the variable holding the wait before the first retry of an announcement.
pub const RETRY_FIRST_VAR: &str = "ANNOUNCE_RETRY_FIRST_MS";
/// Name of the variable holding the longest wait between two retries of an announcement.
pub const RETRY_MAX_VAR: &str = "ANNOUNCE_RETRY_MAX_MS";
/// Name of the variable holding how long a claim on an announcement lasts.
pub const LEASE_VAR: &str = "ANNOUNCE_LEASE_MS";

/// Name of the variable holding the total number of gateway shards of the bot.
pub const SHARD_COUNT_VAR: &str = "SHARD_COUNT";
/// Name of the variable naming the shards this process runs.
pub const SHARDS_VAR: &str = "SHARDS";
/// Name of the variable holding the address the health endpoints listen on.
pub const HEALTH_ADDR_VAR: &str = "HEALTH_ADDR";

/// Name of the variable holding how long a query waits for a database connection.
pub const ACQUIRE_TIMEOUT_VAR: &str = "DATABASE_ACQUIRE_TIMEOUT_MS";
/// Name of the variable holding how long a command waits for the database before it is
/// given up.
pub const GIVE_UP_VAR: &str = "DATABASE_GIVE_UP_MS";

/// The most shards `SHARD_COUNT` may name: far past what any bot needs (Discord asks for a
/// shard per 2,500 servers), low enough that a typo is caught.
pub const MAX_SHARD_COUNT: u32 = 65_535;

/// Database used when `DATABASE_URL` is not set: a file in the working directory.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://shogiban.db";

/// How announcements are delivered (see `outbox`). The defaults are the production
/// settings; the variables above change them (the tests shorten them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Delivery {
    /// The wait before the first retry of a post that failed for a reason that may pass
    /// (Discord answered 5xx, or did not answer); each further retry waits twice as long.
    pub first_retry: Duration,
    /// The longest wait between two retries.
    pub max_retry: Duration,
    /// How long a claim on an announcement lasts: if the bot dies while posting, the
    /// announcement is taken over (by the restarted bot, or another process) once it has
    /// run out. Discord remembers a message's nonce for a few minutes, so a lease well
    /// under that keeps such a retry from posting twice.
    pub lease: Duration,
}

impl Default for Delivery {
    fn default() -> Self {
        Self {
            first_retry: Duration::from_secs(1),
            max_retry: Duration::from_secs(5 * 60),
            lease: Duration::from_secs(60),
        }
    }
}

impl Delivery {
    /// How long one post may take before it is given up and retried: half the lease, so the
    /// claim is still this process's when the outcome is written.
    pub fn send_timeout(&self) -> Duration {
        self.lease / 2
    }

    /// The wait before attempt `attempt + 1`, after attempt `attempt` (1 for the first)
    /// failed: doubling from [`Self::first_retry`], at most [`Self::max_retry`].
    pub fn backoff(&self, attempt: u32) -> Duration {
        let doublings = attempt.saturating_sub(1).min(31);
        self.first_retry
            .saturating_mul(1 << doublings)
            .min(self.max_retry)
    }
}

/// Which gateway shards this process runs (`SHARD_COUNT` and `SHARDS`).
///
/// Discord sends a server's events to shard `(guild_id >> 22) % shard count` only, and
/// direct messages to shard 0, so every shard of the count must run in exactly one process.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sharding {
    /// Neither variable set: one connection, shard 0 of 1, enough below 2,500 servers.
    Single,
    /// `SHARDS=auto`: as many shards as Discord recommends (`GET /gateway/bot`), all of
    /// them in this process.
    Auto,
    /// Shards `first` to `last` (both included) of `count`.
    Range { first: u32, last: u32, count: u32 },
}

impl Sharding {
    /// How many shards this process runs, when known before asking Discord.
    pub fn shards_here(&self) -> Option<u32> {
        match *self {
            Self::Single => Some(1),
            Self::Auto => None,
            Self::Range { first, last, .. } => Some(last - first + 1),
        }
    }

    /// Reads `SHARD_COUNT` (`count`) and `SHARDS` (`shards`), both optional.
    fn parse(count: Option<String>, shards: Option<String>) -> Result<Self, ConfigError> {
        let count = count
            .map(|text| match text.trim().parse::<u32>() {
                Ok(n) if (1..=MAX_SHARD_COUNT).contains(&n) => Ok(n),
                _ => Err(ConfigError::BadShardCount(text)),
            })
            .transpose()?;
        let Some(text) = shards else {
            return Ok(match count {
                None => Self::Single,
                Some(count) => Self::Range {
                    first: 0,
                    last: count - 1,
                    count,
                },
            });
        };
        let trimmed = text.trim();
        if trimmed.eq_ignore_ascii_case("auto") {
            return match count {
                None => Ok(Self::Auto),
                Some(count) => Err(ConfigError::AutoWithCount(count)),
            };
        }
        let number = |part: &str| part.trim().parse::<u32>().ok();
        let (first, last) = match trimmed.split_once('-') {
            Some((first, last)) => (number(first), number(last)),
            None => (number(trimmed), number(trimmed)),
        };
        let (Some(first), Some(last)) = (first, last) else {
            return Err(ConfigError::BadShards(text));
        };
        if first > last {
            return Err(ConfigError::BadShards(text));
        }
        let Some(count) = count else {
            return Err(ConfigError::ShardsWithoutCount(text));
        };
        if last >= count {
            return Err(ConfigError::ShardOutOfRange {
                shards: text,
                count,
            });
        }
        Ok(Self::Range { first, last, count })
    }
}

impl fmt::Display for Sharding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Single => write!(f, "shard 0 of 1"),
            Self::Auto => write!(f, "every shard Discord recommends"),
            Self::Range { first, last, count } if first == last => {
                write!(f, "shard {first} of {count}")
            }
            Self::Range { first, last, count } => write!(f, "shards {first}-{last} of {count}"),
        }
    }
}

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
    /// tests. Serenity's rate limiter stays on.
    pub api_base: Option<String>,
    /// Send REST calls through this HTTP rate-limit proxy (twilight's `http-proxy`,
    /// nirn-proxy), e.g. `http://127.0.0.1:3000`, with serenity's own rate limiter off: the
    /// proxy keeps Discord's limits for every process of the bot together.
    pub rest_proxy: Option<String>,
    /// How announcements are delivered.
    pub delivery: Delivery,
    /// The gateway shards this process runs.
    pub sharding: Sharding,
    /// Serve `/healthz` and `/metrics` on this address, if set.
    pub health_addr: Option<SocketAddr>,
    /// How long a query waits for a connection from the pool (making one included) before
    /// it fails as "the database cannot be reached".
    pub acquire_timeout: Duration,
    /// How long a command or click that has changed nothing waits for the database before
    /// it is given up and its user told so (see `deadline`).
    pub give_up: Duration,
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
    #[error("{REST_PROXY_VAR} must start with http:// or https://, not {0:?}")]
    BadRestProxy(String),
    #[error(
        "{API_BASE_VAR} and {REST_PROXY_VAR} both say where REST calls go: set one (the proxy \
         for deployments, the base address for tests)"
    )]
    ApiBaseAndRestProxy,
    #[error("{0} must be a number of milliseconds (at least 1), not {1:?}")]
    BadMilliseconds(&'static str, String),
    #[error(
        "{SHARD_COUNT_VAR} must be the total number of gateway shards (1 to {MAX_SHARD_COUNT}), \
         not {0:?}"
    )]
    BadShardCount(String),
    #[error(
        "{SHARDS_VAR} must name this process's shards: one (2), a range (0-3) or auto, not {0:?}"
    )]
    BadShards(String),
    #[error(
        "{SHARDS_VAR}={0} needs {SHARD_COUNT_VAR}, the total number of shards, the same in \
         every process of the bot"
    )]
    ShardsWithoutCount(String),
    #[error(
        "{SHARDS_VAR}={shards} names a shard past the last of {SHARD_COUNT_VAR}={count} \
         (shards are numbered from 0)"
    )]
    ShardOutOfRange { shards: String, count: u32 },
    #[error(
        "{SHARDS_VAR}=auto takes the number of shards from Discord, so {SHARD_COUNT_VAR}={0} \
         cannot be set with it: unset {SHARD_COUNT_VAR}, or name this process's shards \
         ({SHARDS_VAR}=0-{last})", last = .0 - 1
    )]
    AutoWithCount(u32),
    #[error("{HEALTH_ADDR_VAR} must be an address and port such as 127.0.0.1:9090, not {0:?}")]
    BadHealthAddr(String),
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
        let address = |name: &str, bad: fn(String) -> ConfigError| {
            optional(name)
                .map(|text| {
                    let base = text.trim().trim_end_matches('/').to_owned();
                    if base.starts_with("http://") || base.starts_with("https://") {
                        Ok(base)
                    } else {
                        Err(bad(text))
                    }
                })
                .transpose()
        };
        let api_base = address(API_BASE_VAR, ConfigError::BadApiBase)?;
        let rest_proxy = address(REST_PROXY_VAR, ConfigError::BadRestProxy)?;
        if api_base.is_some() && rest_proxy.is_some() {
            return Err(ConfigError::ApiBaseAndRestProxy);
        }
        let millis = |name: &'static str, default: Duration| match optional(name) {
            None => Ok(default),
            Some(text) => match text.trim().parse::<u64>() {
                Ok(ms) if ms > 0 => Ok(Duration::from_millis(ms)),
                _ => Err(ConfigError::BadMilliseconds(name, text)),
            },
        };
        let defaults = Delivery::default();
        let delivery = Delivery {
            first_retry: millis(RETRY_FIRST_VAR, defaults.first_retry)?,
            max_retry: millis(RETRY_MAX_VAR, defaults.max_retry)?,
            lease: millis(LEASE_VAR, defaults.lease)?,
        };

        let acquire_timeout = millis(ACQUIRE_TIMEOUT_VAR, crate::store::DEFAULT_ACQUIRE_TIMEOUT)?;
        let give_up = millis(GIVE_UP_VAR, super::DEFAULT_GIVE_UP)?;

        let sharding = Sharding::parse(optional(SHARD_COUNT_VAR), optional(SHARDS_VAR))?;
        let health_addr = optional(HEALTH_ADDR_VAR)
            .map(|text| {
                text.trim()
                    .parse::<SocketAddr>()
                    .map_err(|_| ConfigError::BadHealthAddr(text))
            })
            .transpose()?;

        Ok(Self {
            token,
            database_url,
            guild_id,
            api_base,
            rest_proxy,
            delivery,
            sharding,
            health_addr,
            acquire_timeout,
            give_up,
        })
    }

    /// How the store waits for its database, as these settings say.
    pub fn store_options(&self) -> crate::store::StoreOptions {
        crate::store::StoreOptions {
            acquire_timeout: self.acquire_timeout,
        }
    }
}

impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Config")
            .field("token", &"[redacted]")
            .field("database_url", &crate::store::shown_url(&self.database_url))
            .field("guild_id", &self.guild_id)
            .field("api_base", &self.api_base)
            .field("rest_proxy", &self.rest_proxy)
            .field("delivery", &self.delivery)
            .field("sharding", &self.sharding)
            .field("health_addr", &self.health_addr)
            .field("acquire_timeout", &self.acquire_timeout)
            .field("give_up", &self.give_up)
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
        assert_eq!(config.rest_proxy, None);
        assert_eq!(config.delivery, Delivery::default());
        assert_eq!(config.sharding, Sharding::Single);
        assert_eq!(config.health_addr, None);
        assert_eq!(config.acquire_timeout, Duration::from_secs(3));
        assert_eq!(config.give_up, Duration::from_secs(5));
    }

    #[test]
    fn database_waits_are_read_in_milliseconds() {
        let config = config(&[
            ("DISCORD_TOKEN", "abc"),
            ("DATABASE_ACQUIRE_TIMEOUT_MS", "1200"),
            ("DATABASE_GIVE_UP_MS", "4000"),
        ])
        .unwrap();
        assert_eq!(config.acquire_timeout, Duration::from_millis(1200));
        assert_eq!(
            config.store_options().acquire_timeout,
            Duration::from_millis(1200)
        );
        assert_eq!(config.give_up, Duration::from_secs(4));
        let bad = super::Config::from_lookup(|name| match name {
            "DISCORD_TOKEN" => Some("abc".into()),
            "DATABASE_GIVE_UP_MS" => Some("0".into()),
            _ => None,
        });
        assert_eq!(
            bad,
            Err(ConfigError::BadMilliseconds(
                "DATABASE_GIVE_UP_MS",
                "0".into()
            ))
        );
    }

    fn sharding(count: &str, shards: &str) -> Result<Sharding, ConfigError> {
        config(&[
            ("DISCORD_TOKEN", "abc"),
            ("SHARD_COUNT", count),
            ("SHARDS", shards),
        ])
        .map(|config| config.sharding)
    }

    #[test]
    fn shards_are_a_range_a_single_shard_or_auto() {
        let range = |first, last, count| Ok(Sharding::Range { first, last, count });
        assert_eq!(sharding("4", "0-3"), range(0, 3, 4));
        assert_eq!(sharding("4", " 2 - 3 "), range(2, 3, 4));
        assert_eq!(sharding("2", "1"), range(1, 1, 2));
        // SHARD_COUNT alone: every shard in this process.
        assert_eq!(sharding("3", ""), range(0, 2, 3));
        assert_eq!(sharding("", "auto"), Ok(Sharding::Auto));
        assert_eq!(sharding("", "AUTO"), Ok(Sharding::Auto));
        assert_eq!(sharding("", ""), Ok(Sharding::Single));
        assert_eq!(sharding("4", "2-3").unwrap().to_string(), "shards 2-3 of 4");
        assert_eq!(sharding("2", "1").unwrap().shards_here(), Some(1));
        assert_eq!(Sharding::Auto.shards_here(), None);
    }

    #[test]
    fn bad_shard_settings_name_the_variable() {
        let cases: [(&str, &str, ConfigError, &str); 9] = [
            (
                "0",
                "",
                ConfigError::BadShardCount("0".into()),
                "SHARD_COUNT",
            ),
            (
                "many",
                "",
                ConfigError::BadShardCount("many".into()),
                "SHARD_COUNT",
            ),
            (
                "70000",
                "",
                ConfigError::BadShardCount("70000".into()),
                "SHARD_COUNT",
            ),
            ("4", "3-1", ConfigError::BadShards("3-1".into()), "SHARDS"),
            ("4", "0..3", ConfigError::BadShards("0..3".into()), "SHARDS"),
            ("4", "-1", ConfigError::BadShards("-1".into()), "SHARDS"),
            (
                "",
                "0-1",
                ConfigError::ShardsWithoutCount("0-1".into()),
                "SHARD_COUNT",
            ),
            (
                "4",
                "2-4",
                ConfigError::ShardOutOfRange {
                    shards: "2-4".into(),
                    count: 4,
                },
                "SHARDS=2-4",
            ),
            ("4", "auto", ConfigError::AutoWithCount(4), "SHARDS=0-3"),
        ];
        for (count, shards, error, named) in cases {
            let got = sharding(count, shards);
            assert_eq!(got, Err(error), "SHARD_COUNT={count} SHARDS={shards}");
            let message = got.unwrap_err().to_string();
            assert!(message.contains(named), "{message}");
        }
    }

    #[test]
    fn health_address_is_an_address_and_port() {
        let read = |value: &str| {
            config(&[("DISCORD_TOKEN", "abc"), ("HEALTH_ADDR", value)])
                .map(|config| config.health_addr)
        };
        assert_eq!(
            read("127.0.0.1:9090"),
            Ok(Some("127.0.0.1:9090".parse().unwrap()))
        );
        assert_eq!(read("[::1]:0"), Ok(Some("[::1]:0".parse().unwrap())));
        let bad = read("localhost").unwrap_err();
        assert_eq!(bad, ConfigError::BadHealthAddr("localhost".into()));
        assert!(bad.to_string().contains("HEALTH_ADDR"));
    }

    #[test]
    fn delivery_defaults_back_off_from_a_second_to_five_minutes() {
        let delivery = Delivery::default();
        assert_eq!(delivery.backoff(1), Duration::from_secs(1));
        assert_eq!(delivery.backoff(2), Duration::from_secs(2));
        assert_eq!(delivery.backoff(5), Duration::from_secs(16));
        assert_eq!(delivery.backoff(9), Duration::from_secs(256));
        assert_eq!(delivery.backoff(10), Duration::from_secs(300));
        assert_eq!(delivery.backoff(u32::MAX), Duration::from_secs(300));
        assert_eq!(delivery.lease, Duration::from_secs(60));
        assert_eq!(delivery.send_timeout(), Duration::from_secs(30));
    }

    #[test]
    fn delivery_settings_are_read_in_milliseconds() {
        let config = config(&[
            ("DISCORD_TOKEN", "abc"),
            ("ANNOUNCE_RETRY_FIRST_MS", "50"),
            ("ANNOUNCE_RETRY_MAX_MS", "400"),
            ("ANNOUNCE_LEASE_MS", "3000"),
        ])
        .unwrap();
        assert_eq!(config.delivery.first_retry, Duration::from_millis(50));
        assert_eq!(config.delivery.backoff(4), Duration::from_millis(400));
        assert_eq!(config.delivery.lease, Duration::from_secs(3));
        let bad = super::Config::from_lookup(|name| match name {
            "DISCORD_TOKEN" => Some("abc".into()),
            "ANNOUNCE_LEASE_MS" => Some("soon".into()),
            _ => None,
        });
        assert_eq!(
            bad,
            Err(ConfigError::BadMilliseconds(
                "ANNOUNCE_LEASE_MS",
                "soon".into()
            ))
        );
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
    fn a_rest_proxy_is_an_address_and_excludes_an_api_base() {
        let proxy = config(&[
            ("DISCORD_TOKEN", "abc"),
            ("DISCORD_REST_PROXY", "http://proxy.internal:3000/"),
        ])
        .unwrap();
        assert_eq!(
            proxy.rest_proxy.as_deref(),
            Some("http://proxy.internal:3000")
        );
        assert_eq!(proxy.api_base, None);
        let bad = config(&[
            ("DISCORD_TOKEN", "abc"),
            ("DISCORD_REST_PROXY", "proxy:3000"),
        ]);
        assert_eq!(bad, Err(ConfigError::BadRestProxy("proxy:3000".into())));
        let both = config(&[
            ("DISCORD_TOKEN", "abc"),
            ("DISCORD_REST_PROXY", "http://proxy:3000"),
            ("DISCORD_API_BASE", "http://127.0.0.1:3000"),
        ])
        .unwrap_err();
        assert_eq!(both, ConfigError::ApiBaseAndRestProxy);
        let message = both.to_string();
        assert!(message.contains("DISCORD_REST_PROXY") && message.contains("DISCORD_API_BASE"));
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
