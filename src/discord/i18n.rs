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

use fluent_templates::fluent_bundle::{FluentArgs, FluentValue};
use fluent_templates::LanguageIdentifier;

use crate::service::Notation;

fluent_templates::static_loader! {
    static LOCALES = {
        locales: "./locales",
        fallback_language: "en",
        // Discord text carries mentions, markdown and custom ids: Unicode isolation marks
        // around arguments would break all three.
        customise: |bundle| {
            bundle.set_use_isolating(false);
            // Every bundle gets it; only Korean messages call it. Adding a function to a
            // new bundle cannot clash with another entry.
            let _ = bundle.add_function("JOSA", korean_particle);
            let _ = bundle.add_function("PARTICLE", |positional, named| {
                match korean_particle(positional, named) {
                    FluentValue::String(with_word) => match positional.first() {
                        Some(FluentValue::String(word)) => {
                            FluentValue::from(with_word[word.len()..].to_owned())
                        }
                        Some(FluentValue::Number(number)) => FluentValue::from(
                            with_word[number.as_string().len()..].to_owned(),
                        ),
                        _ => FluentValue::Error,
                    },
                    other => other,
                }
            });
        },
    };
}

/// `PARTICLE($word, "은")` is the particle alone, for a word written apart from it
/// (`**대국 신청 #{$id}**{PARTICLE($id, "을")}`).
///
/// `JOSA($word, "은")` in a Korean message: `$word` followed by the particle of the pair
/// named (은/는, 이/가, 을/를, 과/와, 으로/로), the form that agrees with how the word
/// ends when read aloud: 비차는, 대국 #3은, 7七로. Where the ending cannot be told (a name
/// in Latin letters, a mention), both forms are written as Korean software does: `은(는)`.
fn korean_particle<'a>(positional: &[FluentValue<'a>], _named: &FluentArgs) -> FluentValue<'a> {
    let [word, FluentValue::String(particle)] = positional else {
        return FluentValue::Error;
    };
    let word = match word {
        FluentValue::String(text) => text.to_string(),
        FluentValue::Number(number) => number.as_string().to_string(),
        _ => return FluentValue::Error,
    };
    let Some((after_consonant, after_vowel)) = PARTICLES
        .iter()
        .find(|(consonant, vowel)| particle == consonant || particle == vowel)
        .copied()
    else {
        return FluentValue::Error;
    };
    let chosen = match (korean_ending(&word), after_consonant) {
        (Some(Ending::Rieul), "으로") => after_vowel.to_owned(),
        (Some(Ending::Vowel), _) => after_vowel.to_owned(),
        (Some(Ending::Rieul | Ending::Consonant), _) => after_consonant.to_owned(),
        // 은(는), 이(가), 을(를), 과(와), (으)로.
        (None, "으로") => "(으)로".to_owned(),
        (None, _) => format!("{after_consonant}({after_vowel})"),
    };
    FluentValue::from(format!("{word}{chosen}"))
}

/// The Korean particle pairs: after a final consonant, after a vowel.
const PARTICLES: [(&str, &str); 5] = [
    ("은", "는"),
    ("이", "가"),
    ("을", "를"),
    ("과", "와"),
    ("으로", "로"),
];

/// How a word ends when read in Korean.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ending {
    Vowel,
    /// ㄹ, after which 으로 is 로.
    Rieul,
    Consonant,
}

/// How `word` ends read aloud: a Hangul syllable by its final consonant, digits and kanji
/// numerals as Sino-Korean numbers (일, 이, 삼 ... 십), Latin letters by their Korean names
/// (엘, 엠 ...); `None` when it cannot be told. Markdown marks and quotes at the end are
/// not read.
fn korean_ending(word: &str) -> Option<Ending> {
    let last = word
        .trim_end_matches(['*', '_', '`', '~', '"', '\'', '」'])
        .chars()
        .last()?;
    if ('가'..='힣').contains(&last) {
        return Some(match (u32::from(last) - u32::from('가')) % 28 {
            0 => Ending::Vowel,
            8 => Ending::Rieul,
            _ => Ending::Consonant,
        });
    }
    // 영 일 이 삼 사 오 육 칠 팔 구; a final 0 is read 십, 백, 천 or 만.
    const DIGITS: [Ending; 10] = [
        Ending::Consonant,
        Ending::Rieul,
        Ending::Vowel,
        Ending::Consonant,
        Ending::Vowel,
        Ending::Vowel,
        Ending::Consonant,
        Ending::Rieul,
        Ending::Rieul,
        Ending::Vowel,
    ];
    if let Some(digit) = last.to_digit(10) {
        return Some(DIGITS[digit as usize]);
    }
    if let Some(digit) = ('０'..='９').position(|d| d == last) {
        return Some(DIGITS[digit]);
    }
    if let Some(digit) = "〇一二三四五六七八九".chars().position(|d| d == last) {
        return Some(DIGITS[digit]);
    }
    if last == '十' {
        return Some(Ending::Consonant);
    }
    if last.is_ascii_alphabetic() {
        return Some(match last.to_ascii_lowercase() {
            'l' | 'r' => Ending::Rieul,
            'm' | 'n' => Ending::Consonant,
            _ => Ending::Vowel,
        });
    }
    None
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
/// lacks it, the key itself when no language has it (tests/e2e/locales.rs keeps every
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

/// The words in Latin letters of a text written for a Japanese or Korean reader, which
/// such a reader should not meet: what is left once mentions, channels and timestamps
/// (`<@1>`, `<#2>`, `<t:1:R>`), code spans, the addresses of links and the moves and
/// squares in coordinate form (`7g7f`, `8h2b+`, `P*5e`, `8h7g6f`, `9q`) are set aside,
/// other than the names in `names` (players', and Discord's). The tests hold every
/// Japanese and Korean text of the bot to it.
pub fn latin_words(text: &str, names: &[&str]) -> Vec<String> {
    let mut plain = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let close = match c {
            '<' => Some('>'),
            '`' => Some('`'),
            // The address of a link: `[text](https://...)`.
            '(' if chars.peek() == Some(&'h') => Some(')'),
            _ => None,
        };
        match close {
            Some(close) => {
                for inner in chars.by_ref() {
                    if inner == close {
                        break;
                    }
                }
                plain.push(' ');
            }
            None => plain.push(c),
        }
    }
    let is_token = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '*' | '+' | '!');
    plain
        .split(|c: char| !is_token(c))
        // Bold marks around a word are markdown, not part of it (a drop's `*` is inside).
        .map(|run| run.trim_matches('*'))
        .filter(|run| run.chars().any(|c| c.is_ascii_alphabetic()))
        .filter(|run| !is_coordinate_move(run))
        .filter(|run| !names.contains(run))
        .map(str::to_owned)
        .collect()
}

/// Whether `token` is a move or square in coordinate form: squares (a file number and a
/// rank letter) one after another with an optional `+`, a drop (`P*5e`), or a CSA move
/// (`+7776FU`, `-3334FU`, `7776FU`: two squares as digits and a two-letter piece code).
fn is_coordinate_move(token: &str) -> bool {
    let csa = token.strip_prefix(['+', '-']).unwrap_or(token);
    if csa.len() == 6
        && csa[..4].bytes().all(|b| b.is_ascii_digit())
        && csa[4..].bytes().all(|b| b.is_ascii_uppercase())
    {
        return true;
    }
    let squares = |text: &str| {
        let mut rest = text.strip_suffix('+').unwrap_or(text);
        if rest.is_empty() {
            return false;
        }
        while !rest.is_empty() {
            let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            if !(1..=2).contains(&digits) {
                return false;
            }
            let Some(rank) = rest[digits..].chars().next() else {
                return false;
            };
            if !('a'..='q').contains(&rank) {
                return false;
            }
            rest = &rest[digits + 1..];
        }
        true
    };
    match token.split_once('*') {
        Some((piece, square)) => {
            piece.len() == 1 && piece.chars().all(|c| c.is_ascii_uppercase()) && squares(square)
        }
        None => squares(token),
    }
}

/// The message of one command in `commands.ftl`: `cmd-` and its name (`cmd-games`).
fn command_key(name: &str) -> String {
    format!("cmd-{name}")
}

/// The notation a reader of `lang` gets until they choose: Japanese for Japanese and
/// Korean readers (Korean shogi players read the kanji of the pieces and Japanese
/// records), Western otherwise.
pub(crate) fn default_notation(lang: Lang) -> Notation {
    match lang {
        Lang::Ja | Lang::Ko => Notation::Japanese,
        Lang::En => Notation::Western,
    }
}

/// Gives every command, option and choice its Japanese and Korean names and descriptions
/// from `commands.ftl`. What a language lacks stays English (Discord's default), which
/// tests/e2e/locales.rs does not let happen.
pub fn localize_commands<U, E>(commands: &mut [poise::Command<U, E>]) {
    for command in commands {
        localize_command(command, "");
    }
}

fn localize_command<U, E>(command: &mut poise::Command<U, E>, parent: &str) {
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

/// The languages of a server's channel posts, as `/server-settings` offers them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum LanguageChoice {
    #[name = "English"]
    English,
    #[name = "Japanese (日本語)"]
    Japanese,
    #[name = "Korean (한국어)"]
    Korean,
    #[name = "The server's language in Discord"]
    Discord,
}

impl LanguageChoice {
    /// The language chosen; `None` to follow the server's language in Discord.
    pub(crate) fn lang(self) -> Option<Lang> {
        match self {
            LanguageChoice::English => Some(Lang::En),
            LanguageChoice::Japanese => Some(Lang::Ja),
            LanguageChoice::Korean => Some(Lang::Ko),
            LanguageChoice::Discord => None,
        }
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
    fn latin_words_are_found_outside_code_mentions_and_coordinate_moves() {
        assert_eq!(
            latin_words(
                "**将棋 #1** · 1手目　先手 <@2001> **７六歩**（`7g7f`）",
                &[]
            ),
            Vec::<String>::new()
        );
        assert_eq!(
            latin_words(
                "alice の手番です（期限 <t:1790000000:R>）。7g7f、8h2b+、P*5e、8h7g6f",
                &["alice"]
            ),
            Vec::<String>::new()
        );
        assert_eq!(
            latin_words("1手目: 先手 **P-7f** (`7g7f`, ７六歩) · Your move", &[]),
            ["P-7f", "Your", "move"]
        );
        assert_eq!(
            latin_words("[盤面](https://discord.com/channels/1/2/3)", &[]),
            Vec::<String>::new()
        );
        assert_eq!(latin_words("KIF 形式", &[]), ["KIF"]);
        assert_eq!(latin_words("Bx2b+ か Ln-7c", &[]), ["Bx2b+", "Ln-7c"]);
        assert_eq!(
            latin_words("「-3334FU」と「+7776FU」", &[]),
            Vec::<String>::new()
        );
        assert_eq!(latin_words("+7776 と FUFU", &[]), ["FUFU"]);
    }

    #[test]
    fn korean_particles_agree_with_the_word_before_them() {
        let josa = |word: &str, particle: &str| match korean_particle(
            &[
                FluentValue::from(word.to_owned()),
                FluentValue::from(particle),
            ],
            &FluentArgs::new(),
        ) {
            FluentValue::String(text) => text.into_owned(),
            other => panic!("{word} {particle}: {other:?}"),
        };
        assert_eq!(josa("비차", "은"), "비차는");
        assert_eq!(josa("보병", "는"), "보병은");
        assert_eq!(josa("무승부 제안", "을"), "무승부 제안을");
        assert_eq!(josa("무르기 요청", "이"), "무르기 요청이");
        assert_eq!(josa("７七", "으로"), "７七로");
        assert_eq!(josa("７六", "으로"), "７六으로");
        assert_eq!(josa("5e", "으로"), "5e로");
        assert_eq!(josa("#12", "이"), "#12가");
        assert_eq!(josa("#10", "은"), "#10은");
        assert_eq!(josa("**쇼기 #3**", "은"), "**쇼기 #3**은");
        assert_eq!(josa("<@1>", "이"), "<@1>이(가)");
        assert_eq!(josa("獅子", "으로"), "獅子(으)로");
    }

    #[test]
    fn korean_messages_use_the_particle_function() {
        let text = lookup(
            Lang::Ko,
            "illegal-cannot-promote",
            &[("piece", FluentValue::from("금장"))],
        );
        assert_eq!(text.as_deref(), Some("금장은 승격할 수 없습니다"));
    }

    #[test]
    fn a_language_without_a_message_is_not_answered_in_english() {
        // Command names exist only in Japanese and Korean: English is the code's default.
        assert_eq!(lookup(Lang::En, "cmd-move", &[]), None);
        assert!(lookup(Lang::Ja, "cmd-move", &[]).is_some());
    }
}
