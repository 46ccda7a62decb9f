//! Discord's documented limits on what a bot sends, checked by the fake so that a payload
//! real Discord would refuse fails the test instead of passing silently.
//!
//! Each check returns the problems it found, as sentences; empty means acceptable.

use std::collections::HashSet;

use serde_json::Value;

pub const MAX_CONTENT_CHARS: usize = 2000;
pub const MAX_EMBEDS: usize = 10;
pub const MAX_ROWS: usize = 5;
pub const MAX_BUTTONS_PER_ROW: usize = 5;
pub const MAX_CUSTOM_ID_CHARS: usize = 100;
pub const MAX_BUTTON_LABEL_CHARS: usize = 80;
pub const MAX_SELECT_OPTIONS: usize = 25;
pub const MAX_AUTOCOMPLETE_CHOICES: usize = 25;
pub const MAX_CHOICE_CHARS: usize = 100;
pub const MAX_FILES: usize = 10;
pub const MAX_COMMANDS: usize = 100;
pub const MAX_COMMAND_NAME_CHARS: usize = 32;
pub const MAX_DESCRIPTION_CHARS: usize = 100;
pub const MAX_OPTIONS: usize = 25;
pub const MAX_COMMAND_CHOICES: usize = 25;

fn chars(value: &Value) -> usize {
    value.as_str().map_or(0, |text| text.chars().count())
}

/// A message body: content, embeds and components.
pub fn check_message(payload: &Value) -> Vec<String> {
    let mut problems = Vec::new();
    if let Some(content) = payload.get("content").filter(|c| !c.is_null()) {
        if chars(content) > MAX_CONTENT_CHARS {
            problems.push(format!(
                "content is {} characters; at most {MAX_CONTENT_CHARS}",
                chars(content)
            ));
        }
    }
    if let Some(embeds) = payload.get("embeds").and_then(Value::as_array) {
        if embeds.len() > MAX_EMBEDS {
            problems.push(format!("{} embeds; at most {MAX_EMBEDS}", embeds.len()));
        }
    }
    if let Some(components) = payload.get("components").filter(|c| !c.is_null()) {
        problems.extend(check_components(components));
    }
    problems
}

/// Message components: at most 5 action rows, each with at most 5 buttons or one select
/// menu; every custom id at most 100 characters and unique in the message.
pub fn check_components(components: &Value) -> Vec<String> {
    let mut problems = Vec::new();
    let Some(rows) = components.as_array() else {
        return vec!["components is not an array".into()];
    };
    if rows.len() > MAX_ROWS {
        problems.push(format!("{} action rows; at most {MAX_ROWS}", rows.len()));
    }
    let mut custom_ids = HashSet::new();
    for (r, row) in rows.iter().enumerate() {
        if row.get("type").and_then(Value::as_u64) != Some(1) {
            problems.push(format!("component {r} at the top is not an action row"));
            continue;
        }
        let items = row
            .get("components")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        if items.is_empty() {
            problems.push(format!("action row {r} is empty"));
        }
        let buttons = items
            .iter()
            .filter(|c| c.get("type").and_then(Value::as_u64) == Some(2))
            .count();
        let selects = items.len() - buttons;
        if buttons > MAX_BUTTONS_PER_ROW {
            problems.push(format!(
                "action row {r} has {buttons} buttons; at most {MAX_BUTTONS_PER_ROW}"
            ));
        }
        if selects > 0 && items.len() > 1 {
            problems.push(format!(
                "action row {r} holds a select menu together with other components"
            ));
        }
        for item in &items {
            problems.extend(check_component(r, item, &mut custom_ids));
        }
    }
    problems
}

fn check_component(row: usize, item: &Value, custom_ids: &mut HashSet<String>) -> Vec<String> {
    let mut problems = Vec::new();
    let kind = item.get("type").and_then(Value::as_u64).unwrap_or(0);
    let style = item.get("style").and_then(Value::as_u64).unwrap_or(0);
    let custom_id = item.get("custom_id").and_then(Value::as_str);
    let is_link = kind == 2 && style == 5;
    match (custom_id, is_link) {
        (Some(_), true) => problems.push(format!("link button in row {row} has a custom_id")),
        (None, false) => problems.push(format!("component in row {row} has no custom_id")),
        (Some(id), false) => {
            let len = id.chars().count();
            if len == 0 || len > MAX_CUSTOM_ID_CHARS {
                problems.push(format!(
                    "custom_id {id:?} is {len} characters; 1 to {MAX_CUSTOM_ID_CHARS} allowed"
                ));
            }
            if !custom_ids.insert(id.to_owned()) {
                problems.push(format!("custom_id {id:?} is used twice in one message"));
            }
        }
        (None, true) => {
            if item.get("url").and_then(Value::as_str).is_none() {
                problems.push(format!("link button in row {row} has no url"));
            }
        }
    }
    if kind == 2 {
        let label = item.get("label").map(chars).unwrap_or(0);
        if label > MAX_BUTTON_LABEL_CHARS {
            problems.push(format!(
                "button label in row {row} is {label} characters; at most {MAX_BUTTON_LABEL_CHARS}"
            ));
        }
        if label == 0 && item.get("emoji").is_none() {
            problems.push(format!("button in row {row} has neither label nor emoji"));
        }
    }
    if kind == 3 {
        let options = item
            .get("options")
            .and_then(Value::as_array)
            .map_or(0, Vec::len);
        if options == 0 || options > MAX_SELECT_OPTIONS {
            problems.push(format!(
                "select menu in row {row} has {options} options; 1 to {MAX_SELECT_OPTIONS} allowed"
            ));
        }
    }
    problems
}

/// An autocomplete answer's `data`: at most 25 choices of 1 to 100 characters.
pub fn check_autocomplete(data: &Value) -> Vec<String> {
    let mut problems = Vec::new();
    let Some(choices) = data.get("choices").and_then(Value::as_array) else {
        return vec!["autocomplete answer has no choices array".into()];
    };
    if choices.len() > MAX_AUTOCOMPLETE_CHOICES {
        problems.push(format!(
            "{} autocomplete choices; at most {MAX_AUTOCOMPLETE_CHOICES}",
            choices.len()
        ));
    }
    for choice in choices {
        let name = choice.get("name").map(chars).unwrap_or(0);
        if name == 0 || name > MAX_CHOICE_CHARS {
            problems.push(format!(
                "autocomplete choice name {:?} is {name} characters; 1 to {MAX_CHOICE_CHARS} allowed",
                choice.get("name")
            ));
        }
        if let Some(value) = choice.get("value").filter(|v| v.is_string()) {
            if chars(value) > MAX_CHOICE_CHARS {
                problems.push(format!(
                    "autocomplete choice value {value} is longer than {MAX_CHOICE_CHARS} characters"
                ));
            }
        }
    }
    problems
}

/// Uploaded files: at most 10, each within the interaction's `attachment_size_limit`.
pub fn check_files(sizes: &[(String, usize)], limit: u64) -> Vec<String> {
    let mut problems = Vec::new();
    if sizes.len() > MAX_FILES {
        problems.push(format!("{} files; at most {MAX_FILES}", sizes.len()));
    }
    for (name, size) in sizes {
        if *size as u64 > limit {
            problems.push(format!(
                "file {name} is {size} bytes; the attachment size limit is {limit}"
            ));
        }
    }
    problems
}

/// A command list for bulk registration.
pub fn check_commands(commands: &Value) -> Vec<String> {
    let Some(commands) = commands.as_array() else {
        return vec!["command list is not an array".into()];
    };
    let mut problems = Vec::new();
    if commands.len() > MAX_COMMANDS {
        problems.push(format!(
            "{} commands; at most {MAX_COMMANDS}",
            commands.len()
        ));
    }
    let mut names = HashSet::new();
    for command in commands {
        let name = command.get("name").and_then(Value::as_str).unwrap_or("");
        if !names.insert(name) {
            problems.push(format!("command /{name} is registered twice"));
        }
        // Type 1 (chat input) is the default; only those need a description.
        let chat_input = command.get("type").and_then(Value::as_u64).unwrap_or(1) == 1;
        problems.extend(check_name_and_description(
            &format!("command /{name}"),
            command,
            chat_input,
        ));
        if let Some(options) = command.get("options").and_then(Value::as_array) {
            problems.extend(check_options(&format!("/{name}"), options));
        }
    }
    problems
}

/// Discord's locale codes, the only keys a `*_localizations` map may have.
pub const DISCORD_LOCALES: [&str; 34] = [
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th",
    "zh-CN", "ja", "zh-TW", "ko", "he", "ar",
];

fn name_problem(what: &str, name: &str) -> Option<String> {
    let name_ok = (1..=MAX_COMMAND_NAME_CHARS).contains(&name.chars().count())
        && name
            .chars()
            .all(|c| c == '-' || c == '_' || c.is_alphanumeric())
        && name.to_lowercase() == name;
    (!name_ok).then(|| {
        format!(
            "{what}: name {name:?} must be 1 to {MAX_COMMAND_NAME_CHARS} lowercase letters, digits, '-' or '_'"
        )
    })
}

fn description_problem(what: &str, description: &str) -> Option<String> {
    let length = description.chars().count();
    (length == 0 || length > MAX_DESCRIPTION_CHARS).then(|| {
        format!("{what}: description is {length} characters; 1 to {MAX_DESCRIPTION_CHARS} allowed")
    })
}

/// A `*_localizations` map: known locale keys, each text checked by `check`.
fn check_localizations(
    what: &str,
    item: &Value,
    field: &str,
    check: impl Fn(&str, &str) -> Option<String>,
) -> Vec<String> {
    let Some(map) = item.get(field).filter(|map| !map.is_null()) else {
        return Vec::new();
    };
    let Some(map) = map.as_object() else {
        return vec![format!("{what}: {field} is not an object")];
    };
    map.iter()
        .filter_map(|(locale, text)| {
            if !DISCORD_LOCALES.contains(&locale.as_str()) {
                return Some(format!("{what}: {field} has an unknown locale {locale:?}"));
            }
            check(&format!("{what} ({locale})"), text.as_str().unwrap_or(""))
        })
        .collect()
}

fn check_name_and_description(what: &str, item: &Value, needs_description: bool) -> Vec<String> {
    let name = item.get("name").and_then(Value::as_str).unwrap_or("");
    let mut problems: Vec<String> = name_problem(what, name).into_iter().collect();
    problems.extend(check_localizations(
        what,
        item,
        "name_localizations",
        name_problem,
    ));
    if needs_description {
        let description = item
            .get("description")
            .and_then(Value::as_str)
            .unwrap_or("");
        problems.extend(description_problem(what, description));
        problems.extend(check_localizations(
            what,
            item,
            "description_localizations",
            description_problem,
        ));
    }
    problems
}

fn check_options(parent: &str, options: &[Value]) -> Vec<String> {
    let mut problems = Vec::new();
    if options.len() > MAX_OPTIONS {
        problems.push(format!(
            "{parent} has {} options; at most {MAX_OPTIONS}",
            options.len()
        ));
    }
    let mut seen_optional = false;
    for option in options {
        let name = option.get("name").and_then(Value::as_str).unwrap_or("");
        let what = format!("{parent} option {name}");
        problems.extend(check_name_and_description(&what, option, true));
        let kind = option.get("type").and_then(Value::as_u64).unwrap_or(0);
        if kind == 1 || kind == 2 {
            if let Some(sub) = option.get("options").and_then(Value::as_array) {
                problems.extend(check_options(&format!("{parent} {name}"), sub));
            }
            continue;
        }
        let required = option
            .get("required")
            .and_then(Value::as_bool)
            .unwrap_or(false);
        if required && seen_optional {
            problems.push(format!(
                "{what} is required but comes after an optional one"
            ));
        }
        seen_optional |= !required;
        let choices = option
            .get("choices")
            .and_then(Value::as_array)
            .map_or(0, Vec::len);
        for choice in option
            .get("choices")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            problems.extend(check_localizations(
                &format!("{what} choice {}", choice["name"]),
                choice,
                "name_localizations",
                |what, label| {
                    let length = label.chars().count();
                    (length == 0 || length > MAX_CHOICE_CHARS).then(|| {
                        format!(
                            "{what}: label is {length} characters; 1 to {MAX_CHOICE_CHARS} allowed"
                        )
                    })
                },
            ));
        }
        if choices > MAX_COMMAND_CHOICES {
            problems.push(format!(
                "{what} has {choices} choices; at most {MAX_COMMAND_CHOICES}"
            ));
        }
        let autocomplete = option
            .get("autocomplete")
            .and_then(Value::as_bool)
            .unwrap_or(false);
        if autocomplete && choices > 0 {
            problems.push(format!("{what} has both choices and autocomplete"));
        }
    }
    problems
}
