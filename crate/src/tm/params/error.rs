//! [`SpecError`]: why a spec string or a parameter value was refused, and the excerpts of the
//! input an error quotes.

use std::fmt;

use crate::error::FieldError;
use crate::excerpt::excerpt;

/// Why a spec string or a parameter value was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecError {
    /// The text does not follow `name(key=value,…)`.
    Syntax {
        /// An excerpt of the input around the problem (see [`crate::excerpt::excerpt_at`]).
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

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::Syntax { input, at, message } => {
                write!(f, "bad spec string at position {} (`{input}`): {message}", at + 1)
            }
            SpecError::UnknownManager { name } => write!(
                f,
                "unknown time manager `{}`; allowed: {} (aliases: {})",
                excerpt(name),
                all_names().join(", "),
                all_aliases().join(", ")
            ),
            SpecError::UnknownPreset { manager, preset, allowed } => {
                write!(f, "{manager}: unknown preset `{}`; allowed: {}", excerpt(preset), allowed.join(", "))
            }
            SpecError::UnknownKey { manager, key, allowed } => {
                write!(
                    f,
                    "{manager}: unknown parameter `{}`; allowed here: {}",
                    excerpt(key),
                    allowed.join(", ")
                )
            }
            SpecError::Duplicate { manager, key } => {
                write!(f, "{manager}: `{}` is given twice", excerpt(key))
            }
            SpecError::BadValue { manager, path, value, why, allowed } => {
                write!(f, "{manager}: parameter `{path}` = `{}` is {why}; allowed: {allowed}", excerpt(value))
            }
        }
    }
}

impl std::error::Error for SpecError {}

impl From<&SpecError> for FieldError {
    /// The typed error: `path` is the parameter (`base-pct`, `group.key`), `manager`, `preset`
    /// or `spec` (the text as a whole); `allowed` what that place accepts.
    fn from(e: &SpecError) -> FieldError {
        match e {
            SpecError::BadValue { manager, path, value, why, allowed } => FieldError::new(
                path.as_str(),
                format!("{manager}: parameter `{path}` = `{}` is {why}", excerpt(value)),
                allowed.as_str(),
            ),
            SpecError::UnknownKey { manager, key, allowed } => FieldError::new(
                key.as_str(),
                format!("{manager}: unknown parameter `{}`", excerpt(key)),
                allowed.join(", "),
            ),
            SpecError::UnknownPreset { manager, preset, allowed } => FieldError::new(
                "preset",
                format!("{manager}: unknown preset `{}`", excerpt(preset)),
                allowed.join(", "),
            ),
            SpecError::Duplicate { key, .. } => FieldError::new(key.as_str(), e.to_string(), ""),
            SpecError::UnknownManager { name } => FieldError::new(
                "manager",
                format!("unknown time manager `{}`", excerpt(name)),
                format!("{} (aliases: {})", all_names().join(", "), all_aliases().join(", ")),
            ),
            SpecError::Syntax { .. } => FieldError::new("spec", e.to_string(), "name(key=value,…)"),
        }
    }
}

impl From<SpecError> for FieldError {
    fn from(e: SpecError) -> FieldError {
        FieldError::from(&e)
    }
}

/// The canonical name of every manager.
fn all_names() -> Vec<&'static str> {
    super::super::registry::names()
}

/// Every alias, as `alias = name`.
fn all_aliases() -> Vec<String> {
    super::super::registry::all()
        .iter()
        .flat_map(|m| m.aliases.iter().map(move |a| format!("{a} = {}", m.name)))
        .collect()
}
