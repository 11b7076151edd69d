//! [`SpecError`]: why a spec string or a parameter value was refused, and the excerpts of the
//! input an error quotes.

use std::fmt;

use super::schema;

/// Why a spec string or a parameter value was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecError {
    /// The text does not follow `name(key=value,…)`.
    Syntax {
        /// An excerpt of the input around the problem (see `excerpt_at`).
        input: String,
        /// Byte offset of the problem.
        at: usize,
        /// What was expected.
        message: String,
    },
    /// No manager has this name.
    UnknownManager {
        /// The name given.
        name: String,
    },
    /// No preset of the manager has this name.
    UnknownPreset {
        /// The manager.
        manager: String,
        /// The preset given.
        preset: String,
        /// The manager's presets.
        allowed: Vec<String>,
    },
    /// A key (or sub-dictionary) the manager does not have.
    UnknownKey {
        /// The manager.
        manager: String,
        /// The key, as `group.key` inside a sub-dictionary.
        key: String,
        /// The keys allowed at that place.
        allowed: Vec<String>,
    },
    /// The same key twice in one dictionary.
    Duplicate {
        /// The manager.
        manager: String,
        /// The key.
        key: String,
    },
    /// A value of the wrong type or out of range.
    BadValue {
        /// The manager.
        manager: String,
        /// The parameter.
        path: String,
        /// The value given.
        value: String,
        /// What is wrong with it.
        why: String,
        /// What the parameter accepts.
        allowed: String,
    },
}

/// Up to 24 characters either side of byte `at` of `input`, with `…` where cut: what an
/// error quotes of a long input.
pub(crate) fn excerpt_at(input: &str, at: usize) -> String {
    const SIDE: usize = 24;
    let floor = |mut i: usize| {
        i = i.min(input.len());
        while !input.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let (lo, hi) = (floor(at.saturating_sub(SIDE)), floor(at.saturating_add(SIDE)));
    let pre = if lo > 0 { "…" } else { "" };
    let post = if hi < input.len() { "…" } else { "" };
    format!("{pre}{}{post}", &input[lo..hi])
}

/// At most 40 characters of a name or value an error quotes.
pub(crate) fn short(s: &str) -> String {
    if s.len() <= 40 { s.to_string() } else { excerpt_at(s, 0) }
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::Syntax { input, at, message } => {
                write!(f, "bad spec string at position {} (`{input}`): {message}", at + 1)
            }
            SpecError::UnknownManager { name } => write!(
                f,
                "unknown time manager `{}`; allowed: {} (aliases: {})",
                short(name),
                all_names().join(", "),
                all_aliases().join(", ")
            ),
            SpecError::UnknownPreset { manager, preset, allowed } => {
                write!(f, "{manager}: unknown preset `{}`; allowed: {}", short(preset), allowed.join(", "))
            }
            SpecError::UnknownKey { manager, key, allowed } => {
                write!(
                    f,
                    "{manager}: unknown parameter `{}`; allowed here: {}",
                    short(key),
                    allowed.join(", ")
                )
            }
            SpecError::Duplicate { manager, key } => write!(f, "{manager}: `{}` is given twice", short(key)),
            SpecError::BadValue { manager, path, value, why, allowed } => {
                write!(f, "{manager}: parameter `{path}` = `{}` is {why}; allowed: {allowed}", short(value))
            }
        }
    }
}

impl std::error::Error for SpecError {}

/// The canonical name of every manager.
fn all_names() -> Vec<&'static str> {
    schema().iter().map(|m| m.name).collect()
}

/// Every alias, as `alias = name`.
fn all_aliases() -> Vec<String> {
    schema().iter().flat_map(|m| m.aliases.iter().map(move |a| format!("{a} = {}", m.name))).collect()
}
