//! [`TcError`]: the error of reading a time control, naming the bad token and what is allowed,
//! with every quoted part cut to a short excerpt.

use std::fmt;

use crate::error::FieldError;
use crate::excerpt::{excerpt, excerpt_quoted};

/// The forms a time control may take, for error messages (the `allowed` of a time-control error).
pub const TC_FORMS: &str = "seconds in cutechess/fastchess syntax: 60, 180+2, 40/60, 40/60+0.6, st=0.5, inf; minutes with a unit: 3m+2";

/// A parse error that names the bad token and says what is allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TcError {
    /// The offending token (or the whole input when it is empty).
    pub token: String,
    /// What is wrong with the token.
    pub message: String,
    /// What is allowed when the message does not say it: empty for [`TC_FORMS`].
    pub allowed: String,
}

/// The longest error message, characters (the quoted parts are cut shorter still).
const MAX_MESSAGE_CHARS: usize = 200;

impl TcError {
    /// An error about `token`; the token and every `quoted` part of the message are cut to a
    /// short excerpt, so a huge input never gives a huge error.
    pub(super) fn new(token: &str, message: impl Into<String>) -> Self {
        let message: String = message.into();
        // A token with its own backticks upsets the quoting: the whole message is capped too.
        let message = excerpt_quoted(&message, &['`'], MAX_MESSAGE_CHARS);
        TcError { token: excerpt(token), message, allowed: String::new() }
    }

    /// The same error with its own allowed list (instead of [`TC_FORMS`]).
    pub(super) fn allowing(mut self, allowed: impl Into<String>) -> Self {
        self.allowed = allowed.into();
        self
    }

    /// The crate's typed error for the value at `path` (`tc`, `tc_a`, `white_tc`): the bad
    /// token and what is wrong in `message`, the forms in `allowed`.
    pub fn at(&self, path: &str) -> FieldError {
        let message = if self.token.trim().is_empty() {
            "the time control is empty".to_string()
        } else {
            format!("bad time control token `{}`: {}", self.token, self.message)
        };
        let allowed = if self.allowed.is_empty() { TC_FORMS } else { &self.allowed };
        FieldError::new(path, message, allowed)
    }
}

impl fmt::Display for TcError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad time control token `{}`: {}", self.token, self.message)?;
        if !self.allowed.is_empty() {
            write!(f, "; allowed: {}", self.allowed)?;
        }
        Ok(())
    }
}

impl std::error::Error for TcError {}
