//! [`FieldError`]: the crate's one error type, a refused value as typed data: which value
//! (`path`), what is wrong (`message`), what it allows (`allowed`). The CLI maps the path to its
//! flag, UCI prints it as one `info string` line, the page gets it as a plain object
//! `{path, message, allowed}`; nobody splits message strings.
//!
//! It sits at the bottom with [`crate::excerpt`] (what an error quotes of a long input), so every
//! layer (clock, tm, search, play, uci, …) can return it without importing upward.

use std::fmt;

use serde::Serialize;

/// A bad value: of a field of a spec (a match spec, a sweep or tune spec around one), a flag, a
/// UCI option, a time control, a FEN, a parameter string.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FieldError {
    /// The value's path in the JSON form: `tc_a`, `clock.nps`, `adjudication.resign.score_cp`,
    /// `values`, `match.b`, a parameter (`base-pct`), a UCI option (`TimeManager`) (empty when
    /// no one value is at fault).
    pub path: String,
    /// What is wrong, naming the value; neither the path nor the allowed list.
    pub message: String,
    /// What the value accepts (empty when the message says it).
    pub allowed: String,
}

impl FieldError {
    /// An error of `path`.
    pub fn new(path: impl Into<String>, message: impl Into<String>, allowed: impl Into<String>) -> Self {
        FieldError { path: path.into(), message: message.into(), allowed: allowed.into() }
    }

    /// An error of `path` whose message says what is allowed (another module's error text).
    pub fn said(path: impl Into<String>, message: impl fmt::Display) -> Self {
        FieldError::new(path, message.to_string(), "")
    }

    /// An error of no one value (a file, the input as a whole).
    pub fn message(message: impl Into<String>) -> Self {
        FieldError::new("", message, "")
    }

    /// The same error one level down: `match.` + `tc_a` is `match.tc_a`.
    pub fn within(mut self, prefix: &str) -> Self {
        self.path = if self.path.is_empty() { prefix.to_string() } else { format!("{prefix}.{}", self.path) };
        self
    }

    /// The same error under another path (`param` → `params`).
    pub fn renamed(mut self, path: impl Into<String>) -> Self {
        self.path = path.into();
        self
    }

    /// The same error with `context` before its message (`White's time control: …`).
    pub fn context(mut self, context: impl fmt::Display) -> Self {
        self.message = format!("{context}: {}", self.message);
        self
    }

    /// The message and the allowed list, without the path: `0 is out of range; allowed: 1 to 9`.
    pub fn text(&self) -> String {
        if self.allowed.is_empty() {
            self.message.clone()
        } else {
            format!("{}; allowed: {}", self.message, self.allowed)
        }
    }
}

impl fmt::Display for FieldError {
    /// `path: message; allowed: …` (the project's one error style).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            write!(f, "{}", self.text())
        } else {
            write!(f, "{}: {}", self.path, self.text())
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
    fn displays_path_message_and_allowed_in_one_style() {
        let e = FieldError::new("games", "0 is out of range", "1 to 100000");
        assert_eq!(e.to_string(), "games: 0 is out of range; allowed: 1 to 100000");
        assert_eq!(e.text(), "0 is out of range; allowed: 1 to 100000");
        assert_eq!(e.clone().within("match").path, "match.games");
        assert_eq!(e.clone().renamed("n").to_string(), "n: 0 is out of range; allowed: 1 to 100000");
        assert_eq!(e.context("White").message, "White: 0 is out of range");
        assert_eq!(FieldError::said("sprt", "elo0 must be less").to_string(), "sprt: elo0 must be less");
        assert_eq!(FieldError::message("no openings").to_string(), "no openings");
    }

    #[test]
    fn serialises_as_the_pages_typed_object() {
        let e = FieldError::new("tc", "bad", "60, 180+2");
        assert_eq!(
            serde_json::to_string(&e).unwrap(),
            r#"{"path":"tc","message":"bad","allowed":"60, 180+2"}"#
        );
    }
}
