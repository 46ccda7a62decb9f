//! The bot's languages: which one a reader gets, and the Fluent messages in `locales/`.
//!
//! English, Japanese and Korean messages live in `locales/<lang>/*.ftl`, compiled into the
//! binary. A reader's language comes from Discord's locale code (the interaction's `locale`
//! for private answers, the server's `guild_locale` for the channel); every other locale
//! reads English.
//!
//! Slash commands keep their English names and descriptions in the code (poise's attributes
//! and doc comments, which Discord shows by default); `locales/<lang>/commands.ftl` gives
//! the other languages' names and descriptions of every command, option and choice, one
//! message per command:
//!
//! ```ftl
//! cmd-move = 指す
//!     .description = この対局で指します
//!     .move = 指し手
//!     .move-description = 指し手（例: 7g7f）
//! cmd-challenge = 対局申込
//!     .variant-choice-yonin-shogi-4-players = 四人将棋（4人）
//! ```
//!
//! A choice's key is its option's name, `-choice-` and the [`slug`] of its English name, so
//! a changed English label asks for a new translation instead of keeping a stale one.

use std::borrow::Cow;
use std::collections::HashMap;

use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::LanguageIdentifier;

use super::{Data, Error};

fluent_templates::static_loader! {
    static LOCALES = {
        locales: "./locales",
        fallback_language: "en",
        // Discord text carries mentions, markdown and custom ids: Unicode isolation marks
        // around arguments would break all three.
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

/// A language the bot writes in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lang {
    En,
    Ja,
    Ko,
}

impl Lang {
    /// Every language, English (the fallback) first.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Ja, Lang::Ko];

    /// The language for a Discord locale code (`ja`, `ko`, `en-US`, `en-GB`, `fr`, ...):
    /// anything but Japanese and Korean reads English.
    pub fn from_discord(locale: &str) -> Lang {
        match locale.split('-').next().unwrap_or_default() {
            "ja" => Lang::Ja,
            "ko" => Lang::Ko,
            _ => Lang::En,
        }
    }

    /// The folder of this language's files under `locales/`, also its Fluent identifier.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ja => "ja",
            Lang::Ko => "ko",
        }
    }

    /// The Discord locale codes whose readers get this language in command names.
    /// English names are the commands' defaults, so English needs none.
    fn discord_locales(self) -> &'static [&'static str] {
        match self {
            Lang::En => &[],
            Lang::Ja => &["ja"],
            Lang::Ko => &["ko"],
        }
    }

    /// The language of a stored code (`en`, `ja`, `ko`), as [`Lang::code`] writes it.
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|lang| lang.code() == code)
    }

    fn id(self) -> LanguageIdentifier {
        match self {
            Lang::En => fluent_templates::langid!("en"),
            Lang::Ja => fluent_templates::langid!("ja"),
            Lang::Ko => fluent_templates::langid!("ko"),
        }
    }
}

/// The message `key` (or `message.attribute`) in `lang`, with `args`; English when `lang`
/// lacks it, the key itself when no language has it (tests/locales.rs keeps every
/// language complete, so neither happens in a release).
pub fn text(lang: Lang, key: &str, args: &[(&'static str, FluentValue<'static>)]) -> String {
    lookup(lang, key, args)
        .or_else(|| lookup(Lang::En, key, args))
        .unwrap_or_else(|| key.to_owned())
}

/// The message `key` in exactly `lang`, without falling back to English.
pub fn lookup(
    lang: Lang,
    key: &str,
    args: &[(&'static str, FluentValue<'static>)],
) -> Option<String> {
    let args: HashMap<Cow<'static, str>, FluentValue<'static>> = args
        .iter()
        .map(|(name, value)| (Cow::Borrowed(*name), value.clone()))
        .collect();
    LOCALES
        .lookup_single_language(&lang.id(), key, (!args.is_empty()).then_some(&args))
        .ok()
}

/// A value given to a message: text as it is, numbers as Fluent numbers (so plurals pick
/// their form from them). Kept apart from Fluent's own value type, which cannot be shared
/// between threads, so that a message can travel in an error.
#[derive(Debug, Clone, PartialEq)]
pub enum ArgValue {
    Text(String),
    Number(f64),
}

impl ArgValue {
    /// The value as Fluent takes it.
    pub fn fluent(&self) -> FluentValue<'static> {
        match self {
            ArgValue::Text(text) => FluentValue::from(text.clone()),
            ArgValue::Number(number) => FluentValue::from(*number),
        }
    }
}

/// What can be given to a message as an argument.
pub trait Arg {
    fn value(self) -> ArgValue;
}

impl Arg for &str {
    fn value(self) -> ArgValue {
        ArgValue::Text(self.to_owned())
    }
}

impl Arg for String {
    fn value(self) -> ArgValue {
        ArgValue::Text(self)
    }
}

impl Arg for &String {
    fn value(self) -> ArgValue {
        ArgValue::Text(self.clone())
    }
}

macro_rules! number_args {
    ($($t:ty),*) => {$(
        impl Arg for $t {
            // Counts, plies and ratings: far inside the integers an f64 holds exactly.
            #[allow(clippy::cast_precision_loss, clippy::cast_lossless)]
            fn value(self) -> ArgValue {
                ArgValue::Number(self as f64)
            }
        }
    )*};
}
number_args!(u8, u16, u32, u64, usize, i32, i64);

/// `tr!(lang, "key", name = value, ...)`: the message `key` in `lang` with its arguments.
macro_rules! tr {
    ($lang:expr, $key:expr $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::discord::i18n::text(
            $lang,
            $key,
            &[$((stringify!($name), $crate::discord::i18n::Arg::value($value).fluent())),*],
        )
    };
}
pub(crate) use tr;

/// A message not yet put in a language: its key and arguments, for text decided before the
/// reader is known (a refusal travels as an error to the one handler that answers it).
#[derive(Debug, Clone, PartialEq)]
pub struct Text {
    key: &'static str,
    args: Vec<(&'static str, ArgValue)>,
}

impl Text {
    /// The message `key` without arguments.
    pub fn new(key: &'static str) -> Self {
        Self {
            key,
            args: Vec::new(),
        }
    }

    /// Adds the argument `name`.
    pub fn arg(mut self, name: &'static str, value: impl Arg) -> Self {
        self.args.push((name, value.value()));
        self
    }

    /// The message's key.
    pub fn key(&self) -> &'static str {
        self.key
    }

    /// The message in `lang`.
    pub fn render(&self, lang: Lang) -> String {
        let args: Vec<(&'static str, FluentValue<'static>)> = self
            .args
            .iter()
            .map(|(name, value)| (*name, value.fluent()))
            .collect();
        text(lang, self.key, &args)
    }
}

/// The key form of an English choice label: lower-case letters and digits, runs of
/// anything else turned into one `-` ("Shogi (standard, 2 players)" → `shogi-standard-2-players`).
pub fn slug(label: &str) -> String {
    let mut out = String::with_capacity(label.len());
    for c in label.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    out
}

/// The message of one command in `commands.ftl`: `cmd-` and its name (`cmd-games`).
fn command_key(name: &str) -> String {
    format!("cmd-{name}")
}

/// Gives every command, option and choice its Japanese and Korean names and descriptions
/// from `commands.ftl`. What a language lacks stays English (Discord's default), which
/// tests/locales.rs does not let happen.
pub fn localize_commands(commands: &mut [poise::Command<Data, Error>]) {
    for command in commands {
        localize_command(command, "");
    }
}

fn localize_command(command: &mut poise::Command<Data, Error>, parent: &str) {
    let key = command_key(&format!("{parent}{}", command.name));
    for lang in Lang::ALL {
        for locale in lang.discord_locales() {
            if let Some(name) = lookup(lang, &key, &[]) {
                command
                    .name_localizations
                    .to_mut()
                    .push(((*locale).into(), name.into()));
            }
            if let Some(description) = lookup(lang, &format!("{key}.description"), &[]) {
                command
                    .description_localizations
                    .to_mut()
                    .push(((*locale).into(), description.into()));
            }
            for parameter in &mut command.parameters {
                let param = format!("{key}.{}", parameter.name);
                if let Some(name) = lookup(lang, &param, &[]) {
                    parameter
                        .name_localizations
                        .to_mut()
                        .push(((*locale).into(), name.into()));
                }
                if let Some(description) = lookup(lang, &format!("{param}-description"), &[]) {
                    parameter
                        .description_localizations
                        .to_mut()
                        .push(((*locale).into(), description.into()));
                }
                for choice in parameter.choices.to_mut() {
                    let choice_key = format!("{param}-choice-{}", slug(&choice.name));
                    if let Some(label) = lookup(lang, &choice_key, &[]) {
                        choice
                            .localizations
                            .to_mut()
                            .push(((*locale).into(), label.into()));
                    }
                }
            }
        }
    }
    let prefix = format!("{parent}{}-", command.name);
    for sub in &mut command.subcommands {
        localize_command(sub, &prefix);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discord_locales_map_to_our_languages() {
        assert_eq!(Lang::from_discord("ja"), Lang::Ja);
        assert_eq!(Lang::from_discord("ko"), Lang::Ko);
        assert_eq!(Lang::from_discord("en-US"), Lang::En);
        assert_eq!(Lang::from_discord("en-GB"), Lang::En);
        assert_eq!(Lang::from_discord("zh-TW"), Lang::En);
        assert_eq!(Lang::from_discord(""), Lang::En);
    }

    #[test]
    fn slugs_keep_letters_and_digits() {
        assert_eq!(
            slug("Shogi (standard, 2 players)"),
            "shogi-standard-2-players"
        );
        assert_eq!(
            slug("As listed: you, then the opponents in order"),
            "as-listed-you-then-the-opponents-in-order"
        );
        assert_eq!(
            slug("Original 1992/93 (eliminated hand to the eliminator)"),
            "original-1992-93-eliminated-hand-to-the-eliminator"
        );
    }

    #[test]
    fn a_language_without_a_message_is_not_answered_in_english() {
        // Command names exist only in Japanese and Korean: English is the code's default.
        assert_eq!(lookup(Lang::En, "cmd-move", &[]), None);
        assert!(lookup(Lang::Ja, "cmd-move", &[]).is_some());
    }
}
