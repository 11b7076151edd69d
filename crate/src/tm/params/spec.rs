//! [`TmSpec`], a parsed spec string: a preset and a typed config, printed back in the same
//! syntax.

use std::fmt;
use std::str::FromStr;

use super::super::TimeManager;
use super::{SpecError, TmConfig, Value, syntax};

/// A parsed spec string: a manager's typed config and the preset it started from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TmSpec {
    preset: &'static str,
    config: TmConfig,
}

impl TmSpec {
    /// The default preset of the named manager (a canonical name or an alias).
    pub fn default_for(name: &str) -> Result<TmSpec, SpecError> {
        name.parse()
    }

    /// The typed config.
    pub fn config(&self) -> &TmConfig {
        &self.config
    }

    /// The preset the values started from.
    pub fn preset(&self) -> &'static str {
        self.preset
    }

    /// The manager's canonical name.
    pub fn manager(&self) -> &'static str {
        self.config.name()
    }

    /// A fresh manager with this config.
    pub fn build(&self) -> Box<dyn TimeManager> {
        self.config.build()
    }

    /// The value of a parameter (`slowmover`, `smart-pruning.factor`).
    pub fn get(&self, path: &str) -> Option<Value> {
        self.config.get(path)
    }

    /// Sets one parameter from a value token, as a UCI option or a slider does. The path is
    /// `key` or `group.key`; the value is checked like in a spec string.
    pub fn set(&mut self, path: &str, value: &str) -> Result<(), SpecError> {
        self.config.set(path, value.trim())
    }

    /// Resets every value to a preset of the same manager (`default` names the default one).
    pub fn set_preset(&mut self, preset: &str) -> Result<(), SpecError> {
        let (name, config) = self.config.preset(preset)?;
        self.preset = name;
        self.config = config;
        Ok(())
    }
}

impl FromStr for TmSpec {
    type Err = SpecError;

    /// Parses `name(key=value,group(key=value),…)` (§0.5).
    fn from_str(s: &str) -> Result<Self, SpecError> {
        let (name, dict) = syntax::parse(s)?;
        let (preset, config) = TmConfig::resolve(&name, &dict)?;
        Ok(TmSpec { preset, config })
    }
}

impl fmt::Display for TmSpec {
    /// The spec string: the preset if not the default, then the values that differ from it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.config.print(self.preset))
    }
}

/// Builds a manager from a spec string, e.g. `from_spec("lc0-smooth(preset=lc0)")`.
pub fn from_spec(spec: &str) -> Result<Box<dyn TimeManager>, SpecError> {
    Ok(spec.parse::<TmSpec>()?.build())
}
