//! What players and servers choose for themselves: a player's move notation and piece
//! style, and the language a server's channel posts are written in.

use std::collections::HashMap;
use std::sync::Mutex;

use crate::store::{GameId, GuildId, PlayerSettingsRow, UserId};

use super::{Service, ServiceError, ServiceResult};

/// The server setting that names the language of channel posts (`en`, `ja`, `ko`).
pub const LANGUAGE_SETTING: &str = "language";

/// The server's own language as Discord last reported it with an interaction (its
/// `guild_locale`), used for channel posts when [`LANGUAGE_SETTING`] is not set.
pub const GUILD_LOCALE_SETTING: &str = "guild_locale";

/// How moves are written for a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Notation {
    /// ７六歩.
    Japanese,
    /// P-7f.
    Western,
    /// 7g7f (USI for standard shogi).
    Coordinate,
}

impl Notation {
    pub const ALL: [Notation; 3] = [Notation::Japanese, Notation::Western, Notation::Coordinate];

    /// The stored word.
    pub fn name(self) -> &'static str {
        match self {
            Notation::Japanese => "japanese",
            Notation::Western => "western",
            Notation::Coordinate => "coordinate",
        }
    }

    pub fn from_name(name: &str) -> Option<Notation> {
        Notation::ALL.into_iter().find(|n| n.name() == name)
    }
}

/// The pieces a player's boards are drawn with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PieceSet {
    /// The traditional kanji pieces.
    #[default]
    Kanji,
    /// Western letters with the moves drawn on the piece, for beginners (standard and
    /// yonin; dai dai keeps kanji).
    International,
}

impl PieceSet {
    pub const ALL: [PieceSet; 2] = [PieceSet::Kanji, PieceSet::International];

    /// The stored word.
    pub fn name(self) -> &'static str {
        match self {
            PieceSet::Kanji => "kanji",
            PieceSet::International => "international",
        }
    }

    pub fn from_name(name: &str) -> Option<PieceSet> {
        PieceSet::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The renderer's style for these pieces.
    pub fn style(self) -> crate::render::PieceStyle {
        match self {
            PieceSet::Kanji => crate::render::PieceStyle::Kanji,
            PieceSet::International => crate::render::PieceStyle::International,
        }
    }
}

/// A player's settings; `None` where they keep the default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayerSettings {
    pub notation: Option<Notation>,
    pub pieces: Option<PieceSet>,
}

impl PlayerSettings {
    fn from_row(row: &PlayerSettingsRow) -> ServiceResult<Self> {
        let notation = match row.notation.as_deref() {
            Some(name) => Some(Notation::from_name(name).ok_or_else(|| {
                ServiceError::Corrupt(format!("stored notation setting {name:?}"))
            })?),
            None => None,
        };
        let pieces =
            match row.pieces.as_deref() {
                Some(name) => Some(PieceSet::from_name(name).ok_or_else(|| {
                    ServiceError::Corrupt(format!("stored pieces setting {name:?}"))
                })?),
                None => None,
            };
        Ok(Self { notation, pieces })
    }

    fn to_row(self) -> PlayerSettingsRow {
        PlayerSettingsRow {
            notation: self.notation.map(|n| n.name().to_owned()),
            pieces: self.pieces.map(|p| p.name().to_owned()),
        }
    }
}

/// The servers' `guild_locale`s and the players' `locale`s as this process last saw them
/// (`seen`) and as it last stored them (`stored`), so that an interaction stores one only
/// when it changed, and what it saw counts at once, before it is stored.
#[derive(Debug, Default)]
pub(super) struct KnownLocales(Mutex<Locales>);

#[derive(Debug, Default)]
struct Locales {
    seen_guilds: HashMap<GuildId, String>,
    stored_guilds: HashMap<GuildId, String>,
    seen_players: HashMap<UserId, String>,
    stored_players: HashMap<UserId, String>,
}

impl KnownLocales {
    fn locales(&self) -> std::sync::MutexGuard<'_, Locales> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Service {
    /// A player's settings.
    pub async fn player_settings(&self, user: UserId) -> ServiceResult<PlayerSettings> {
        PlayerSettings::from_row(&self.store().player_settings(user).await?)
    }

    /// The pieces of the boards drawn for `user`: their setting, else kanji. A settings
    /// read that fails is logged and kanji used: a board is never left out for want of its
    /// style.
    pub async fn piece_style_of(&self, user: UserId) -> crate::render::PieceStyle {
        match self.player_settings(user).await {
            Ok(settings) => settings.pieces.unwrap_or_default().style(),
            Err(error) => {
                tracing::warn!(%error, %user, "cannot read a player's settings; drawing kanji pieces");
                crate::render::PieceStyle::default()
            }
        }
    }

    /// Saves the settings given in `change` (each `Some` on its own), keeping the others;
    /// returns the settings as they now stand.
    pub async fn change_player_settings(
        &self,
        user: UserId,
        change: PlayerSettings,
    ) -> ServiceResult<PlayerSettings> {
        let row = self
            .store()
            .set_player_settings(user, &change.to_row(), self.now())
            .await?;
        PlayerSettings::from_row(&row)
    }

    /// The language a server's channel posts are written in, as a locale code: its
    /// [`LANGUAGE_SETTING`], else the `guild_locale` Discord last reported (as this process
    /// last saw it, else as stored), else `None`.
    pub async fn server_language(&self, guild: GuildId) -> ServiceResult<Option<String>> {
        if let Some(language) = self.store().setting(guild, LANGUAGE_SETTING).await? {
            return Ok(Some(language));
        }
        if let Some(seen) = self.seen_guild_locale(guild) {
            return Ok(Some(seen));
        }
        Ok(self.store().setting(guild, GUILD_LOCALE_SETTING).await?)
    }

    /// A server's language as `/server-settings` shows it: its [`LANGUAGE_SETTING`] (`None`
    /// when it follows Discord), and the `guild_locale` Discord last reported (as this
    /// process last saw it, else as stored).
    pub async fn server_language_setting(
        &self,
        guild: GuildId,
    ) -> ServiceResult<(Option<String>, Option<String>)> {
        let chosen = self.store().setting(guild, LANGUAGE_SETTING).await?;
        let seen = self.seen_guild_locale(guild);
        let discord = match seen {
            Some(seen) => Some(seen),
            None => self.store().setting(guild, GUILD_LOCALE_SETTING).await?,
        };
        Ok((chosen, discord))
    }

    /// The `guild_locale` this process last saw for `guild`, if any.
    fn seen_guild_locale(&self, guild: GuildId) -> Option<String> {
        self.inner
            .known_locales
            .locales()
            .seen_guilds
            .get(&guild)
            .cloned()
    }

    /// The server a game is played in.
    pub async fn guild_of_game(&self, game: GameId) -> ServiceResult<GuildId> {
        let row = self
            .store()
            .game(game)
            .await?
            .ok_or(ServiceError::GameNotFound(game))?;
        Ok(row.guild_id)
    }

    /// Sets (`Some`) or clears a server's [`LANGUAGE_SETTING`].
    pub async fn set_server_language(
        &self,
        guild: GuildId,
        language: Option<&str>,
    ) -> ServiceResult<()> {
        match language {
            Some(language) => {
                self.store()
                    .set_setting(guild, LANGUAGE_SETTING, language, self.now())
                    .await?
            }
            None => {
                self.store().remove_setting(guild, LANGUAGE_SETTING).await?;
            }
        }
        Ok(())
    }

    /// The locale of `user`'s Discord client as their latest command reported it, if known
    /// (as this process last saw it, else as stored).
    pub async fn player_language(&self, user: UserId) -> ServiceResult<Option<String>> {
        let seen = self
            .inner
            .known_locales
            .locales()
            .seen_players
            .get(&user)
            .cloned();
        if seen.is_some() {
            return Ok(seen);
        }
        Ok(self.store().player_language(user).await?)
    }

    /// Remembers the `locale` a player's interaction carried (for what is sent to them
    /// alone later: the turn message, the digest) and the `guild_locale` of its server, if
    /// any (for the posts made later without an interaction: announcements, reminders,
    /// results). Nothing here waits for the database: what was seen counts at once for
    /// [`Service::player_language`] and [`Service::server_language`] in this process, and
    /// what changed is stored in the background, where a failure is logged and tried again
    /// with the next interaction.
    pub fn remember_locales(&self, user: UserId, locale: &str, guild: Option<(GuildId, &str)>) {
        let (player_changed, guild_changed) = {
            let mut locales = self.inner.known_locales.locales();
            locales.seen_players.insert(user, locale.to_owned());
            let player_changed =
                locales.stored_players.get(&user).map(String::as_str) != Some(locale);
            let guild_changed = guild.filter(|(guild, guild_locale)| {
                locales
                    .seen_guilds
                    .insert(*guild, (*guild_locale).to_owned());
                locales.stored_guilds.get(guild).map(String::as_str) != Some(*guild_locale)
            });
            (player_changed, guild_changed)
        };
        if !player_changed && guild_changed.is_none() {
            return;
        }
        let service = self.clone();
        let locale = locale.to_owned();
        let guild = guild_changed.map(|(guild, locale)| (guild, locale.to_owned()));
        tokio::spawn(async move {
            if player_changed {
                service.store_player_locale(user, &locale).await;
            }
            if let Some((guild, guild_locale)) = guild {
                service.store_guild_locale(guild, &guild_locale).await;
            }
        });
    }

    /// Stores a player's locale, noting that it was.
    async fn store_player_locale(&self, user: UserId, locale: &str) {
        match self
            .store()
            .set_player_language(user, locale, self.now())
            .await
        {
            Ok(()) => {
                self.inner
                    .known_locales
                    .locales()
                    .stored_players
                    .insert(user, locale.to_owned());
            }
            Err(error) if error.is_unavailable() => self.store().note_error(&error),
            Err(error) => tracing::warn!(%error, %user, "cannot remember a player's language"),
        }
    }

    /// Stores a server's `guild_locale`, noting that it was.
    async fn store_guild_locale(&self, guild: GuildId, locale: &str) {
        match self
            .store()
            .set_setting(guild, GUILD_LOCALE_SETTING, locale, self.now())
            .await
        {
            Ok(()) => {
                self.inner
                    .known_locales
                    .locales()
                    .stored_guilds
                    .insert(guild, locale.to_owned());
            }
            Err(error) if error.is_unavailable() => self.store().note_error(&error),
            Err(error) => tracing::warn!(%error, %guild, "cannot remember a server's language"),
        }
    }
}
