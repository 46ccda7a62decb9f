//! The message files in `locales/`: every language says everything, with the same
//! arguments; Japanese and Korean say it without English words, and what images draw in
//! them is in the embedded font; and the command translations match the commands the bot
//! registers.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use shogiban::discord::commands;
use shogiban::discord::i18n::{latin_words, lookup, slug, Lang};
use shogiban::render::fonts::{fonts, FontRole};

/// One language's messages in one file: `message` or `message.attribute` → the variables
/// it uses.
type Messages = BTreeMap<String, BTreeSet<String>>;

fn locales_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("locales")
}

/// The `.ftl` files of one language, by file name.
fn files_of(lang: Lang) -> BTreeMap<String, Messages> {
    let dir = locales_dir().join(lang.code());
    let mut files = BTreeMap::new();
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("a directory entry").path();
        if path.extension().is_some_and(|ext| ext == "ftl") {
            let name = path
                .file_name()
                .expect("a file name")
                .to_string_lossy()
                .into_owned();
            files.insert(name, messages_of(&path));
        }
    }
    files
}

fn messages_of(path: &Path) -> Messages {
    let source = std::fs::read_to_string(path).expect("a readable .ftl file");
    let resource = fluent_syntax::parser::parse(source.as_str())
        .unwrap_or_else(|(_, errors)| panic!("{} does not parse: {errors:?}", path.display()));
    let mut messages = Messages::new();
    for entry in resource.body {
        match entry {
            Entry::Message(message) => {
                let id = message.id.name.to_owned();
                if let Some(value) = &message.value {
                    messages.insert(id.clone(), variables(value));
                }
                for attribute in &message.attributes {
                    messages.insert(
                        format!("{id}.{}", attribute.id.name),
                        variables(&attribute.value),
                    );
                }
            }
            Entry::Junk { content } => panic!("{}: unreadable entry {content:?}", path.display()),
            _ => {}
        }
    }
    messages
}

/// The variables a pattern uses, in any branch of any selector.
fn variables(pattern: &Pattern<&str>) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_variables(expression, &mut found);
        }
    }
    found
}

fn expression_variables(expression: &Expression<&str>, found: &mut BTreeSet<String>) {
    match expression {
        Expression::Inline(inline) => inline_variables(inline, found),
        Expression::Select { selector, variants } => {
            inline_variables(selector, found);
            for variant in variants {
                found.extend(variables(&variant.value));
            }
        }
    }
}

fn inline_variables(inline: &InlineExpression<&str>, found: &mut BTreeSet<String>) {
    match inline {
        InlineExpression::VariableReference { id } => {
            found.insert(id.name.to_owned());
        }
        InlineExpression::FunctionReference { arguments, .. } => {
            for argument in &arguments.positional {
                inline_variables(argument, found);
            }
            for argument in &arguments.named {
                inline_variables(&argument.value, found);
            }
        }
        InlineExpression::Placeable { expression } => expression_variables(expression, found),
        _ => {}
    }
}

/// The files only the languages other than English have: command names and descriptions,
/// whose English lives in the code as Discord's defaults.
const TRANSLATIONS_ONLY: [&str; 1] = ["commands.ftl"];

#[test]
fn every_language_has_every_message_with_the_same_arguments() {
    let english = files_of(Lang::En);
    let japanese = files_of(Lang::Ja);
    let mut problems = Vec::new();
    for lang in [Lang::Ja, Lang::Ko] {
        let files = files_of(lang);
        let names: BTreeSet<&String> = english
            .keys()
            .chain(files.keys())
            .chain(japanese.keys())
            .collect();
        for name in names {
            // Each file is compared with English, or with Japanese for the files English
            // does not have.
            let (model, model_lang) = if TRANSLATIONS_ONLY.contains(&name.as_str()) {
                (japanese.get(name), Lang::Ja)
            } else {
                (english.get(name), Lang::En)
            };
            let (Some(model), Some(theirs)) = (model, files.get(name)) else {
                problems.push(format!(
                    "{name} exists in only one of {} and {}",
                    model_lang.code(),
                    lang.code()
                ));
                continue;
            };
            for (key, vars) in model {
                match theirs.get(key) {
                    None => problems.push(format!("{}/{name}: {key} is missing", lang.code())),
                    Some(their_vars) if their_vars != vars => problems.push(format!(
                        "{}/{name}: {key} uses {their_vars:?}, {} uses {vars:?}",
                        lang.code(),
                        model_lang.code()
                    )),
                    Some(_) => {}
                }
            }
            for key in theirs.keys().filter(|key| !model.contains_key(*key)) {
                problems.push(format!(
                    "{}/{name}: {key} is not in {}",
                    lang.code(),
                    model_lang.code()
                ));
            }
        }
    }
    for file in TRANSLATIONS_ONLY {
        if english.contains_key(file) {
            problems.push(format!(
                "en/{file}: English command names belong in the code, not in a file"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The keys `commands.ftl` must have: one per command and subcommand (`cmd-vacation-start`),
/// its description, each option's name and description, and each choice.
fn command_keys() -> BTreeSet<String> {
    let mut keys = BTreeSet::new();
    for command in commands() {
        add_command_keys(&command, "", &mut keys);
    }
    keys
}

fn add_command_keys(
    command: &poise::Command<shogiban::discord::Data, shogiban::discord::Error>,
    parent: &str,
    keys: &mut BTreeSet<String>,
) {
    let key = format!("cmd-{parent}{}", command.name);
    for parameter in &command.parameters {
        let param = format!("{key}.{}", parameter.name);
        for choice in parameter.choices.iter() {
            keys.insert(format!("{param}-choice-{}", slug(&choice.name)));
        }
        keys.insert(format!("{param}-description"));
        keys.insert(param);
    }
    keys.insert(format!("{key}.description"));
    keys.insert(key);
    let prefix = format!("{parent}{}-", command.name);
    for sub in &command.subcommands {
        add_command_keys(sub, &prefix, keys);
    }
}

#[test]
fn command_translations_cover_every_command_option_and_choice_and_nothing_else() {
    let expected = command_keys();
    for lang in [Lang::Ja, Lang::Ko] {
        let found: BTreeSet<String> = files_of(lang)
            .get("commands.ftl")
            .unwrap_or_else(|| panic!("{}/commands.ftl is missing", lang.code()))
            .keys()
            .cloned()
            .collect();
        let missing: Vec<_> = expected.difference(&found).collect();
        let stale: Vec<_> = found.difference(&expected).collect();
        assert!(
            missing.is_empty() && stale.is_empty(),
            "{}/commands.ftl: missing {missing:?}; no such command, option or choice: {stale:?}",
            lang.code()
        );
    }
}

#[test]
fn registered_commands_carry_japanese_and_korean_names() {
    let mut all = Vec::new();
    let mut pending = commands();
    while let Some(mut command) = pending.pop() {
        pending.append(&mut command.subcommands);
        all.push(command);
    }
    for command in all {
        for locale in ["ja", "ko"] {
            let has = |list: &[(
                std::borrow::Cow<'static, str>,
                std::borrow::Cow<'static, str>,
            )]| {
                list.iter().any(|(l, text)| l == locale && !text.is_empty())
            };
            assert!(
                has(&command.name_localizations),
                "/{} has no {locale} name",
                command.name
            );
            assert!(
                has(&command.description_localizations),
                "/{} has no {locale} description",
                command.name
            );
            for parameter in &command.parameters {
                assert!(
                    has(&parameter.name_localizations) && has(&parameter.description_localizations),
                    "/{} {} has no {locale} name or description",
                    command.name,
                    parameter.name
                );
                for choice in parameter.choices.iter() {
                    assert!(
                        has(&choice.localizations),
                        "/{} {} choice {:?} has no {locale} label",
                        command.name,
                        parameter.name,
                        choice.name
                    );
                }
            }
        }
    }
}

#[test]
fn a_command_reads_the_same_in_every_language_it_is_given_in() {
    // The Japanese /move is 指す, the Korean 착수; the English name stays the default.
    let commands = commands();
    let play = commands
        .iter()
        .find(|command| command.name == "move")
        .expect("/move");
    let name_in = |locale: &str| {
        play.name_localizations
            .iter()
            .find(|(l, _)| l == locale)
            .map(|(_, name)| name.to_string())
    };
    assert_eq!(name_in("ja"), lookup(Lang::Ja, "cmd-move", &[]));
    assert_eq!(name_in("ko"), lookup(Lang::Ko, "cmd-move", &[]));
    assert_ne!(name_in("ja"), name_in("ko"));
    assert_eq!(name_in("en-US"), None);
}

#[test]
fn each_language_names_itself() {
    let names: BTreeSet<String> = Lang::ALL
        .iter()
        .map(|lang| lookup(*lang, "language-name", &[]).expect("a language name"))
        .collect();
    assert_eq!(
        names,
        ["English", "日本語", "한국어"]
            .map(str::to_owned)
            .into_iter()
            .collect()
    );
}

/// Files of the Discord layer that write nothing a user reads: start-up settings and their
/// errors, custom ids, Discord ids, message builders, the delivery worker (its texts go to
/// the log and the outbox's records), the deferral of answers, the loader of the messages
/// itself, the module that registers the commands (their English names and descriptions
/// are Discord's defaults, in attributes, with `commands.ftl` beside them), and the health
/// report, read by operators and their monitoring in the log and on `HEALTH_ADDR`.
const NOT_REPLIES: [&str; 9] = [
    "config.rs",
    "custom_id.rs",
    "deadline.rs",
    "health.rs",
    "i18n.rs",
    "ids.rs",
    "mod.rs",
    "outbox.rs",
    "post.rs",
];

/// The string literals of Rust source before its tests, with their line and the code of
/// their statement before them (comments left out).
fn literals(source: &str) -> Vec<(usize, String, String)> {
    let code = source.split("#[cfg(test)]").next().unwrap_or_default();
    let mut found = Vec::new();
    let mut statement = String::new();
    let mut line = 1;
    let mut chars = code.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\n' => {
                line += 1;
                statement.push(c);
            }
            '/' if chars.peek() == Some(&'/') => {
                // A comment (doc comments included), to the end of the line.
                for skipped in chars.by_ref() {
                    if skipped == '\n' {
                        line += 1;
                        break;
                    }
                }
            }
            '\'' => {
                // A char literal ('"', '\'') or a lifetime: never the start of a string.
                statement.push(c);
                let mut ahead = chars.clone();
                let (first, second) = (ahead.next(), ahead.next());
                let closes_after = match (first, second) {
                    (Some('\\'), _) => 3,
                    (Some(_), Some('\'')) => 2,
                    _ => 0,
                };
                for _ in 0..closes_after {
                    if let Some(skipped) = chars.next() {
                        statement.push(skipped);
                    }
                }
            }
            '"' => {
                let start = line;
                let mut text = String::new();
                while let Some(inner) = chars.next() {
                    match inner {
                        '\\' => {
                            if let Some(escaped) = chars.next() {
                                if escaped == '\n' {
                                    line += 1;
                                }
                                text.push('\\');
                                text.push(escaped);
                            }
                        }
                        '"' => break,
                        other => {
                            if other == '\n' {
                                line += 1;
                            }
                            text.push(other);
                        }
                    }
                }
                found.push((start, text, statement.clone()));
                statement.push_str("\"…\"");
            }
            ';' | '{' | '}' => statement.clear(),
            other => statement.push(other),
        }
    }
    found
}

/// Whether `text` reads as English words: two words of letters in a row.
fn has_english_words(text: &str) -> bool {
    let words: Vec<&str> = text.split(' ').collect();
    words.windows(2).any(|pair| {
        pair.iter().all(|word| {
            let letters = word.trim_matches(|c: char| ",.:;!?()'".contains(c));
            letters.len() >= 2 && letters.chars().all(|c| c.is_ascii_alphabetic())
        })
    })
}

/// Where English may stay in the code: what goes to the log, attributes (command
/// descriptions and choice names are Discord's defaults; error messages for the log),
/// and what can only be a bug.
fn is_exempt(statement: &str) -> bool {
    ["tracing::", "#[", "panic!", "expect(", "unreachable!"]
        .iter()
        .any(|mark| statement.contains(mark))
}

/// English text a reply could be built from, in the Discord layer's source files.
fn english_in_replies(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("src/discord")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "rs"))
        .collect();
    files.sort();
    for path in files {
        let name = path.file_name().expect("a file name").to_string_lossy();
        if NOT_REPLIES.contains(&name.as_ref()) {
            continue;
        }
        let source = std::fs::read_to_string(&path).expect("a readable source file");
        for (line, text, statement) in literals(&source) {
            if has_english_words(&text) && !is_exempt(&statement) {
                found.push(format!("src/discord/{name}:{line}: \"{text}\""));
            }
        }
    }
    found
}

#[test]
fn replies_take_their_words_from_the_message_files() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/discord");
    let found = english_in_replies(&dir);
    assert!(
        found.is_empty(),
        "English text in the code of replies; put it in locales/*/*.ftl:\n{}",
        found.join("\n")
    );
}

/// The errors that reach a user from below the Discord layer: the game service's, and the
/// rules' it carries.
const USER_ERRORS: [&str; 2] = ["ServiceError::", "GameError::"];

/// Whether a statement builds an error a user reads. Corrupt stored data keeps its English
/// detail: it is for the server admin the message asks the user to tell.
fn builds_a_refusal(statement: &str) -> bool {
    USER_ERRORS.iter().any(|error| statement.contains(error)) && !statement.contains("Corrupt(")
}

/// The Rust files under `dir`, at any depth, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// English sentences in the errors the service and the rules build for users.
fn english_in_refusals(source: &str) -> Vec<(usize, String)> {
    literals(source)
        .into_iter()
        .filter(|(_, text, statement)| {
            has_english_words(text) && !is_exempt(statement) && builds_a_refusal(statement)
        })
        .map(|(line, text, _)| (line, text))
        .collect()
}

#[test]
fn refusals_of_the_service_and_the_rules_are_reasons_not_sentences() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    for dir in ["src/service", "src/engine"] {
        for path in rust_files(&root.join(dir)) {
            let source = std::fs::read_to_string(&path).expect("a readable source file");
            let name = path
                .strip_prefix(root)
                .unwrap_or(&path)
                .display()
                .to_string();
            for (line, text) in english_in_refusals(&source) {
                found.push(format!("{name}:{line}: \"{text}\""));
            }
        }
    }
    assert!(
        found.is_empty(),
        "English sentences in errors that reach users; give the error a typed reason and \
         word it in src/discord/refusals.rs and locales/*/errors.ftl:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_refusal_check_finds_sentences_in_errors_and_leaves_the_rest_alone() {
    let source = r#"
/// Doc comments say what they like.
#[derive(Debug, Error)]
pub enum ServiceError {
    #[error("The English for the log is fine.")]
    VacationTooShort,
}
fn check(days: i64, last: u32) -> ServiceResult<()> {
    tracing::info!("a vacation of {days} days asked");
    if days < 1 {
        return Err(ServiceError::NotAllowed(format!("Game #{id} has {last} moves so far.")));
    }
    let row = read().map_err(|e| ServiceError::Corrupt(format!("stored variant: {e}")))?;
    let label = format!("game {id} record");
    Err(GameError::NotAllowed(
        "draws by agreement are for two-player games".into(),
    ))
}
"#;
    assert_eq!(
        english_in_refusals(source),
        [
            (11, "Game #{id} has {last} moves so far.".to_owned()),
            (16, "draws by agreement are for two-player games".to_owned())
        ]
    );
}

#[test]
fn the_reply_check_finds_english_in_code_and_leaves_the_log_alone() {
    let source = r#"
/// A doc comment in English is fine.
fn reply(lang: Lang) -> String {
    tracing::warn!("the log may say anything it likes");
    let ok = tr!(lang, "error-no-game-here");
    let file = format!("game-{id}-move-{ply}.png");
    let quote = '"';
    Error::refused("This button no longer works, sorry.")
}
#[cfg(test)]
mod tests { const T: &str = "tests say what they like"; }
"#;
    let english: Vec<(usize, String)> = literals(source)
        .into_iter()
        .filter(|(_, text, statement)| has_english_words(text) && !is_exempt(statement))
        .map(|(line, text, _)| (line, text))
        .collect();
    assert_eq!(
        english,
        [(8, "This button no longer works, sorry.".to_owned())]
    );
}

/// Every message of one language's file, `message` or `message.attribute`, with its text:
/// the text of the pattern, a string literal as its text, any other placeable (a variable,
/// a function) as a space, and every branch of a selector.
fn texts_of(path: &Path) -> Vec<(String, String)> {
    let source = std::fs::read_to_string(path).expect("a readable .ftl file");
    let resource = fluent_syntax::parser::parse(source.as_str())
        .unwrap_or_else(|(_, errors)| panic!("{} does not parse: {errors:?}", path.display()));
    let mut texts = Vec::new();
    for entry in resource.body {
        if let Entry::Message(message) = entry {
            let id = message.id.name.to_owned();
            if let Some(value) = &message.value {
                texts.push((id.clone(), pattern_text(value)));
            }
            for attribute in &message.attributes {
                texts.push((
                    format!("{id}.{}", attribute.id.name),
                    pattern_text(&attribute.value),
                ));
            }
        }
    }
    texts
}

fn pattern_text(pattern: &Pattern<&str>) -> String {
    let mut text = String::new();
    for element in &pattern.elements {
        match element {
            PatternElement::TextElement { value } => text.push_str(value),
            PatternElement::Placeable { expression } => text.push_str(&expression_text(expression)),
        }
    }
    text
}

fn expression_text(expression: &Expression<&str>) -> String {
    match expression {
        Expression::Inline(InlineExpression::StringLiteral { value }) => (*value).to_owned(),
        Expression::Inline(InlineExpression::Placeable { expression }) => {
            expression_text(expression)
        }
        Expression::Inline(_) => " ".to_owned(),
        Expression::Select { variants, .. } => variants
            .iter()
            .map(|variant| pattern_text(&variant.value))
            .collect::<Vec<_>>()
            .join(" "),
    }
}

/// Names in Latin letters a Japanese or Korean text may hold: Discord's, and the bot's own
/// in the computer players' names.
const NAMES: [&str; 2] = ["Discord", "shogiban"];

#[test]
fn japanese_and_korean_messages_hold_no_english_words() {
    let mut found = Vec::new();
    for lang in [Lang::Ja, Lang::Ko] {
        let dir = locales_dir().join(lang.code());
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .expect("a language folder")
            .map(|entry| entry.expect("a directory entry").path())
            .filter(|path| path.extension().is_some_and(|ext| ext == "ftl"))
            .collect();
        files.sort();
        for path in files {
            let name = path
                .file_name()
                .expect("a file name")
                .to_string_lossy()
                .into_owned();
            for (key, text) in texts_of(&path) {
                // Of the commands' translations, the bot writes the commands' descriptions
                // (on /help's page of commands); Discord shows the rest in its own menus.
                let written = name != "commands.ftl"
                    || key.strip_prefix("cmd-").is_some_and(|rest| {
                        rest.strip_suffix(".description")
                            .is_some_and(|command| !command.contains('.'))
                    });
                let words = latin_words(&text, &NAMES);
                if written && !words.is_empty() {
                    found.push(format!("{}/{name}: {key}: {words:?}", lang.code()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "English words outside code spans in Japanese and Korean messages:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_english_word_check_of_messages_reads_selectors_and_literals() {
    let dir = std::env::temp_dir().join(format!("shogiban-locales-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = dir.join("sample.ftl");
    std::fs::write(
        &path,
        "a = {$n ->\n    [one] 1 move\n   *[other] {$n}手\n}\nb = {\"**\"}王手** `P-7f`\n    .c = x y\n",
    )
    .expect("a sample file");
    let texts = texts_of(&path);
    std::fs::remove_dir_all(&dir).expect("the temporary folder removed");
    let words: Vec<(String, Vec<String>)> = texts
        .into_iter()
        .map(|(key, text)| (key, latin_words(&text, &NAMES)))
        .collect();
    assert_eq!(
        words,
        [
            ("a".to_owned(), vec!["move".to_owned()]),
            ("b".to_owned(), vec![]),
            ("b.c".to_owned(), vec!["x".to_owned(), "y".to_owned()]),
        ]
    );
}

/// The messages whose words board images and replays draw, by file: the tags and verdicts,
/// the captions, the seats' names, and the dai dai pages.
const DRAWN: [(&str, &[&str]); 3] = [
    ("images.ftl", &[""]),
    ("play.ftl", &["caption-", "seat-"]),
    ("help.ftl", &["reference-"]),
];

#[test]
fn what_images_draw_in_every_language_is_in_the_embedded_font() {
    let mut missing = std::collections::BTreeSet::new();
    for lang in Lang::ALL {
        for (file, prefixes) in DRAWN {
            let path = locales_dir().join(lang.code()).join(file);
            for (key, text) in texts_of(&path) {
                if !prefixes.iter().any(|prefix| key.starts_with(prefix)) {
                    continue;
                }
                for c in text.chars().filter(|c| !c.is_whitespace()) {
                    if fonts().outline(FontRole::Text, c).is_none() {
                        missing.insert(format!("{c} ({}/{file}: {key})", lang.code()));
                    }
                }
            }
        }
    }
    // Moves in Japanese notation in captions: every piece's kanji (dai dai's included, as
    // its moves are written for Japanese readers) and the words of Japanese move text.
    let kanji = shogiban::engine::kinds::STANDARD_KINDS
        .iter()
        .chain(shogiban::engine::daidai::kinds())
        .flat_map(|kind| [kind.kanji, kind.kif])
        .collect::<String>();
    for c in kanji.chars().chain("同打成不右左上引寄直".chars()) {
        if fonts().outline(FontRole::Text, c).is_none() {
            missing.insert(format!("{c} (a move in Japanese)"));
        }
    }
    assert!(
        missing.is_empty(),
        "characters drawn on images without an outline in the text font; add them to \
         fonts/glyphs.txt and run fonts/subset.sh:\n{}",
        missing.into_iter().collect::<Vec<_>>().join("\n")
    );
}
