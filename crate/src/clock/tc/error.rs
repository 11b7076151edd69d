//! [`TcError`]: the error of reading a time control, naming the bad token and what is allowed,
//! with every quoted part cut to a short excerpt.

use std::fmt;

use crate::excerpt::excerpt;

/// A parse error that names the bad token and says what is allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TcError {
    /// The offending token (or the whole input when it is empty).
    pub token: String,
    /// What is wrong and what is allowed.
    pub message: String,
}

/// The longest error message, characters (the quoted parts are cut shorter still).
const MAX_MESSAGE_CHARS: usize = 200;

impl TcError {
    /// An error about `token`; the token and every `quoted` part of the message are cut to a
    /// short excerpt, so a huge input never gives a huge error.
    pub(super) fn new(token: &str, message: impl Into<String>) -> Self {
        let message: String = message.into();
        let message = message
            .split('`')
            .enumerate()
            .map(|(i, part)| if i % 2 == 1 { excerpt(part) } else { part.to_string() })
            .collect::<Vec<_>>()
            .join("`");
        // A token with its own backticks upsets the quoting above: cap the whole message too.
        let message = match message.char_indices().nth(MAX_MESSAGE_CHARS) {
            Some((i, _)) => format!("{}…", &message[..i]),
            None => message,
        };
        TcError { token: excerpt(token), message }
    }
}

impl fmt::Display for TcError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad time control token `{}`: {}", self.token, self.message)
    }
}

impl std::error::Error for TcError {}
