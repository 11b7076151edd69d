//! [`FieldError`]: a refused match-spec field as typed data (which field, what is wrong, what it
//! allows), so the CLI maps the field to its flag and the page to its form field without
//! splitting message strings.

use std::fmt;

/// A bad value of one field of a spec (a match spec, or a sweep or tune spec around one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldError {
    /// The field's path in the JSON form: `tc_a`, `clock.nps`, `adjudication.resign.score_cp`,
    /// `values`, `match.b` (empty when no one field is at fault).
    pub field: String,
    /// What is wrong, naming the value; neither the field nor the allowed list.
    pub message: String,
    /// What the field accepts (empty when the message says it).
    pub allowed: String,
}

impl FieldError {
    /// An error of `field`.
    pub fn new(field: impl Into<String>, message: impl Into<String>, allowed: impl Into<String>) -> Self {
        FieldError { field: field.into(), message: message.into(), allowed: allowed.into() }
    }

    /// An error of `field` whose message says what is allowed (another module's error text).
    pub fn said(field: impl Into<String>, message: impl fmt::Display) -> Self {
        FieldError::new(field, message.to_string(), "")
    }

    /// The same error one level down: `match.` + `tc_a` is `match.tc_a`.
    pub fn within(mut self, prefix: &str) -> Self {
        self.field =
            if self.field.is_empty() { prefix.to_string() } else { format!("{prefix}.{}", self.field) };
        self
    }

    /// The same error under another field name (`param` → `params`).
    pub fn renamed(mut self, field: impl Into<String>) -> Self {
        self.field = field.into();
        self
    }

    /// The message and the allowed list, without the field: `0 is out of range; allowed: 1 to 9`.
    pub fn text(&self) -> String {
        if self.allowed.is_empty() {
            self.message.clone()
        } else {
            format!("{}; allowed: {}", self.message, self.allowed)
        }
    }
}

impl fmt::Display for FieldError {
    /// `field: message; allowed: …` (the project's one error style).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            write!(f, "{}", self.text())
        } else {
            write!(f, "{}: {}", self.field, self.text())
        }
    }
}

impl std::error::Error for FieldError {}

impl From<FieldError> for String {
    /// The display text, for callers whose errors are strings.
    fn from(e: FieldError) -> String {
        e.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn displays_field_message_and_allowed_in_one_style() {
        let e = FieldError::new("games", "0 is out of range", "1 to 100000");
        assert_eq!(e.to_string(), "games: 0 is out of range; allowed: 1 to 100000");
        assert_eq!(e.text(), "0 is out of range; allowed: 1 to 100000");
        assert_eq!(e.clone().within("match").field, "match.games");
        assert_eq!(e.renamed("n").to_string(), "n: 0 is out of range; allowed: 1 to 100000");
        assert_eq!(FieldError::said("sprt", "elo0 must be less").to_string(), "sprt: elo0 must be less");
        assert_eq!(FieldError::said("", "no openings").to_string(), "no openings");
    }
}
