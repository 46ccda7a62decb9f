//! Button ids that carry their own meaning: `verb:arg:arg`, at most 100 characters.
//!
//! The bot keeps no memory of the buttons it sent, so a button still works after a restart:
//! everything needed to act on a click is in its custom id (e.g. `accept:<challenge id>`).

use std::fmt;
use std::str::FromStr;

/// Discord's limit on the length of a component's custom id, in characters.
pub const MAX_LEN: usize = 100;

/// Separates the verb and the arguments.
pub const SEPARATOR: char = ':';

/// A parsed custom id: a verb saying what the button does and the arguments it acts on.
///
/// Displays as the text Discord stores, and parses back to an equal value.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CustomId {
    verb: String,
    args: Vec<String>,
}

/// Why a text is not a valid custom id.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CustomIdError {
    #[error("custom id is {0} characters long; Discord allows at most {MAX_LEN}")]
    TooLong(usize),
    #[error("custom id verb {0:?} must be non-empty lowercase letters, digits or '-'")]
    BadVerb(String),
    #[error("custom id argument {0:?} must be non-empty and must not contain '{SEPARATOR}'")]
    BadArgument(String),
}

impl CustomId {
    /// Builds a custom id, checking that it will fit in a Discord component.
    pub fn new<I>(verb: &str, args: I) -> Result<Self, CustomIdError>
    where
        I: IntoIterator,
        I::Item: ToString,
    {
        let id = Self {
            verb: verb.to_owned(),
            args: args.into_iter().map(|arg| arg.to_string()).collect(),
        };
        id.check()?;
        Ok(id)
    }

    /// Parses the custom id of a clicked component.
    pub fn parse(text: &str) -> Result<Self, CustomIdError> {
        let mut parts = text.split(SEPARATOR);
        let verb = parts.next().unwrap_or_default().to_owned();
        let id = Self {
            verb,
            args: parts.map(str::to_owned).collect(),
        };
        id.check()?;
        Ok(id)
    }

    /// What the button does, e.g. `accept`.
    pub fn verb(&self) -> &str {
        &self.verb
    }

    /// What the button acts on, in order.
    pub fn args(&self) -> &[String] {
        &self.args
    }

    fn check(&self) -> Result<(), CustomIdError> {
        let verb_ok = !self.verb.is_empty()
            && self
                .verb
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !verb_ok {
            return Err(CustomIdError::BadVerb(self.verb.clone()));
        }
        if let Some(bad) = self
            .args
            .iter()
            .find(|arg| arg.is_empty() || arg.contains(SEPARATOR))
        {
            return Err(CustomIdError::BadArgument(bad.clone()));
        }
        let len = self.verb.chars().count()
            + self
                .args
                .iter()
                .map(|arg| 1 + arg.chars().count())
                .sum::<usize>();
        if len > MAX_LEN {
            return Err(CustomIdError::TooLong(len));
        }
        Ok(())
    }
}

impl fmt::Display for CustomId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.verb)?;
        for arg in &self.args {
            write!(f, "{SEPARATOR}{arg}")?;
        }
        Ok(())
    }
}

impl FromStr for CustomId {
    type Err = CustomIdError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Self::parse(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_and_parses_back() {
        let id = CustomId::new("accept", [1234567890123456789_u64]).unwrap();
        assert_eq!(id.to_string(), "accept:1234567890123456789");
        assert_eq!(CustomId::parse("accept:1234567890123456789"), Ok(id));

        let resign = CustomId::new("resign-confirm", ["42", "7"]).unwrap();
        let parsed: CustomId = resign.to_string().parse().unwrap();
        assert_eq!(parsed.verb(), "resign-confirm");
        assert_eq!(parsed.args(), ["42", "7"]);
    }

    #[test]
    fn a_bare_verb_has_no_arguments() {
        let id = CustomId::parse("help").unwrap();
        assert_eq!(id.verb(), "help");
        assert!(id.args().is_empty());
    }

    #[test]
    fn rejects_what_would_not_round_trip() {
        assert_eq!(
            CustomId::parse(""),
            Err(CustomIdError::BadVerb(String::new()))
        );
        assert_eq!(
            CustomId::parse("Accept:1"),
            Err(CustomIdError::BadVerb("Accept".into()))
        );
        assert_eq!(
            CustomId::parse("accept::1"),
            Err(CustomIdError::BadArgument(String::new()))
        );
        assert_eq!(
            CustomId::new("move", ["7g:7f"]),
            Err(CustomIdError::BadArgument("7g:7f".into()))
        );
    }

    #[test]
    fn enforces_discords_length_limit_in_characters() {
        let at_limit = "x".repeat(MAX_LEN - "v:".len());
        assert!(CustomId::new("v", [&at_limit]).is_ok());
        let over = format!("{at_limit}x");
        assert_eq!(
            CustomId::new("v", [&over]),
            Err(CustomIdError::TooLong(MAX_LEN + 1))
        );
        // Characters, not bytes: 49 kanji and a verb fit although they take 147+ bytes.
        let kanji = "王".repeat(49);
        assert!(CustomId::new("v", [&kanji]).is_ok());
    }
}
