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

/// The servers' `guild_locale`s and the players' `locale`s this process has stored, so that
/// an interaction stores one only when it changed.
#[derive(Debug, Default)]
pub(super) struct KnownLocales(
    Mutex<HashMap<GuildId, String>>,
    Mutex<HashMap<UserId, String>>,
);

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
    /// [`LANGUAGE_SETTING`], else the `guild_locale` Discord last reported, else `None`.
    pub async fn server_language(&self, guild: GuildId) -> ServiceResult<Option<String>> {
        if let Some(language) = self.store().setting(guild, LANGUAGE_SETTING).await? {
            return Ok(Some(language));
        }
        Ok(self.store().setting(guild, GUILD_LOCALE_SETTING).await?)
    }

    /// A server's language as `/server-settings` shows it: its [`LANGUAGE_SETTING`] (`None`
    /// when it follows Discord), and the `guild_locale` Discord last reported.
    pub async fn server_language_setting(
        &self,
        guild: GuildId,
    ) -> ServiceResult<(Option<String>, Option<String>)> {
        let chosen = self.store().setting(guild, LANGUAGE_SETTING).await?;
        let discord = self.store().setting(guild, GUILD_LOCALE_SETTING).await?;
        Ok((chosen, discord))
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

    /// The locale of `user`'s Discord client as their latest command reported it, if known.
    pub async fn player_language(&self, user: UserId) -> ServiceResult<Option<String>> {
        Ok(self.store().player_language(user).await?)
    }

    /// Remembers the `locale` a player's interaction carried, for what is sent to them
    /// alone later (the turn message, the digest). Written only when it changed.
    pub async fn note_player_locale(&self, user: UserId, locale: &str) -> ServiceResult<()> {
        let players = &self.inner.known_locales.1;
        let known =
            |map: &HashMap<UserId, String>| map.get(&user).map(String::as_str) == Some(locale);
        if known(&players.lock().unwrap_or_else(|e| e.into_inner())) {
            return Ok(());
        }
        self.store()
            .set_player_language(user, locale, self.now())
            .await?;
        players
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(user, locale.to_owned());
        Ok(())
    }

    /// Remembers the `guild_locale` an interaction carried, for the posts made later
    /// without one (announcements, reminders, results). Written only when it changed.
    pub async fn note_guild_locale(&self, guild: GuildId, locale: &str) -> ServiceResult<()> {
        let known =
            |map: &HashMap<GuildId, String>| map.get(&guild).map(String::as_str) == Some(locale);
        if known(
            &self
                .inner
                .known_locales
                .0
                .lock()
                .unwrap_or_else(|e| e.into_inner()),
        ) {
            return Ok(());
        }
        self.store()
            .set_setting(guild, GUILD_LOCALE_SETTING, locale, self.now())
            .await?;
        self.inner
            .known_locales
            .0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(guild, locale.to_owned());
        Ok(())
    }
}
