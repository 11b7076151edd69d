//! The parameter schema: the single source of truth for every parameter of every manager and of
//! SmartPruning, and lc0-style spec strings (§0.5) that select and configure a manager.
//!
//! - Each manager has a typed config (`XConfig` in its file) whose presets are named constants
//!   there, next to the formulas and their sources.
//! - [`tables`] declares, for every parameter, its key, label, kind, slider and valid ranges,
//!   unit, description and source, and how it reads and writes the typed config. Defaults are
//!   the default preset's values, read through the same accessors.
//! - [`schema`] serialises all of it (JSON for the browser's sliders; min/max for UCI options).
//! - [`TmSpec`] is a parsed spec string: a preset and a typed config. It prints back in the same
//!   syntax (only values that differ from the preset), and that print re-parses to the same spec.
//!
//! ```
//! use tmlab::tm::TmSpec;
//! let spec: TmSpec = "lc0-smooth(preset=lc0,mle-legacy(midpoint=50))".parse().unwrap();
//! assert_eq!(spec.to_string(), "lc0-smooth(preset=lc0,mle-legacy(midpoint=50.0))");
//! assert!("lc0-smooth(init-tree-reuse=2)".parse::<TmSpec>().unwrap_err().to_string().contains("0 … 0.9"));
//! ```

pub mod tables;

mod flags;
mod syntax;

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use serde::{Serialize, Serializer};

use super::{SearchKind, TimeManager};
use syntax::{Dict, Node};

pub use tables::TmConfig;

/// A parameter value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    /// A real number.
    Float(f64),
    /// A whole number.
    Int(i64),
    /// `true` or `false`.
    Bool(bool),
    /// One of an enum parameter's names.
    Enum(&'static str),
}

impl Serialize for Value {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match *self {
            Value::Float(x) => s.serialize_f64(x),
            Value::Int(x) => s.serialize_i64(x),
            Value::Bool(x) => s.serialize_bool(x),
            Value::Enum(x) => s.serialize_str(x),
        }
    }
}

impl fmt::Display for Value {
    /// lc0 syntax: floats always carry a decimal point (`5.0`), as lc0 requires.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Value::Float(x) => write!(f, "{x:?}"),
            Value::Int(x) => write!(f, "{x}"),
            Value::Bool(x) => write!(f, "{x}"),
            Value::Enum(x) => f.write_str(x),
        }
    }
}

/// The type of a parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// A real number; `5` and `5.0` are both accepted.
    Float,
    /// A whole number; fractions are rejected.
    Int,
    /// `true` or `false`.
    Bool,
    /// One of a fixed list of names.
    Enum,
}

/// How a slider maps its position to a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scale {
    /// Linear.
    Lin,
    /// Logarithmic.
    Log,
}

/// A slider for a numeric parameter (the spec's range column).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Slider {
    /// Left end.
    pub min: f64,
    /// Right end.
    pub max: f64,
    /// Additive step, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<f64>,
    /// Multiplicative step (e.g. ×2 for node counts), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub factor: Option<f64>,
    /// Linear or logarithmic.
    pub scale: Scale,
}

/// The values a numeric parameter accepts (the slider's range unless the spec allows more).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Range {
    /// Smallest value.
    pub min: f64,
    /// Largest value.
    pub max: f64,
    /// `min` itself is excluded.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub min_exclusive: bool,
}

impl Range {
    fn contains(&self, x: f64) -> bool {
        x <= self.max && if self.min_exclusive { x > self.min } else { x >= self.min }
    }
}

impl fmt::Display for Range {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.min_exclusive {
            write!(f, "above {} up to {}", num(self.min), num(self.max))
        } else {
            write!(f, "{} … {}", num(self.min), num(self.max))
        }
    }
}

/// A number without a trailing `.0`.
fn num(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 { format!("{}", x as i64) } else { format!("{x}") }
}

/// How a parameter reads and writes a typed config.
pub enum Access<C> {
    /// An `f32` field (lc0 managers).
    F32(fn(&C) -> f32, fn(&mut C, f32)),
    /// An `f64` field.
    F64(fn(&C) -> f64, fn(&mut C, f64)),
    /// An integer field, read and written as `i64` (values are validated before writing).
    Int(fn(&C) -> i64, fn(&mut C, i64)),
    /// A boolean field.
    Bool(fn(&C) -> bool, fn(&mut C, bool)),
    /// An enum field: its allowed names, a reader, and a writer given a validated name.
    Enum(&'static [&'static str], fn(&C) -> &'static str, fn(&mut C, &str)),
}

// Manual impls: function pointers are `Copy` whatever `C` is.
impl<C> Clone for Access<C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C> Copy for Access<C> {}

/// One parameter of a manager's config `C`.
pub struct Param<C> {
    /// The key in spec strings (`init-tree-reuse`).
    pub key: &'static str,
    /// The sub-dictionary it lives in (`smart-pruning`, `mle-legacy`), if any.
    pub group: Option<&'static str>,
    /// A short label for sliders.
    pub label: &'static str,
    /// The unit (`ms`, `moves`, `×`, … or empty).
    pub unit: &'static str,
    /// One line on what it does.
    pub description: &'static str,
    /// Where the parameter and its default come from.
    pub source: &'static str,
    /// The slider, for numeric parameters.
    pub slider: Option<Slider>,
    /// Accepted values when wider than the slider.
    pub valid: Option<Range>,
    /// How to read and write it.
    pub access: Access<C>,
}

impl<C> Param<C> {
    /// A parameter with its key, label and accessor; the builder methods add the rest.
    pub fn new(key: &'static str, label: &'static str, access: Access<C>) -> Self {
        Param {
            key,
            group: None,
            label,
            unit: "",
            description: "",
            source: "",
            slider: None,
            valid: None,
            access,
        }
    }

    /// In a sub-dictionary.
    pub fn group(mut self, group: &'static str) -> Self {
        self.group = Some(group);
        self
    }

    /// A linear slider.
    pub fn lin(mut self, min: f64, max: f64, step: f64) -> Self {
        self.slider = Some(Slider { min, max, step: Some(step), factor: None, scale: Scale::Lin });
        self
    }

    /// A logarithmic slider with an additive step (or none when `step` is 0).
    pub fn log(mut self, min: f64, max: f64, step: f64) -> Self {
        let step = (step > 0.0).then_some(step);
        self.slider = Some(Slider { min, max, step, factor: None, scale: Scale::Log });
        self
    }

    /// A logarithmic slider that moves by a factor (×2 for node counts).
    pub fn log_factor(mut self, min: f64, max: f64, factor: f64) -> Self {
        self.slider = Some(Slider { min, max, step: None, factor: Some(factor), scale: Scale::Log });
        self
    }

    /// Values accepted beyond the slider (`(valid 0 … 100)` in the spec).
    pub fn valid(mut self, min: f64, max: f64) -> Self {
        self.valid = Some(Range { min, max, min_exclusive: false });
        self
    }

    /// Values accepted beyond the slider, with `min` excluded (`(valid (0, 100])`).
    pub fn valid_above(mut self, min: f64, max: f64) -> Self {
        self.valid = Some(Range { min, max, min_exclusive: true });
        self
    }

    /// The unit.
    pub fn unit(mut self, unit: &'static str) -> Self {
        self.unit = unit;
        self
    }

    /// The one-line description.
    pub fn desc(mut self, description: &'static str) -> Self {
        self.description = description;
        self
    }

    /// The source.
    pub fn src(mut self, source: &'static str) -> Self {
        self.source = source;
        self
    }

    /// `group.key`, or `key` outside a sub-dictionary.
    pub fn path(&self) -> String {
        match self.group {
            Some(g) => format!("{g}.{}", self.key),
            None => self.key.to_string(),
        }
    }

    /// The parameter's type.
    pub fn kind(&self) -> Kind {
        match self.access {
            Access::F32(..) | Access::F64(..) => Kind::Float,
            Access::Int(..) => Kind::Int,
            Access::Bool(..) => Kind::Bool,
            Access::Enum(..) => Kind::Enum,
        }
    }

    /// The values accepted by a numeric parameter: the valid range, or the slider's.
    pub fn range(&self) -> Option<Range> {
        self.valid.or(self.slider.map(|s| Range { min: s.min, max: s.max, min_exclusive: false }))
    }

    /// The value in `c`.
    pub fn get(&self, c: &C) -> Value {
        match self.access {
            Access::F32(get, _) => Value::Float(super::common::clean(get(c))),
            Access::F64(get, _) => Value::Float(get(c)),
            Access::Int(get, _) => Value::Int(get(c)),
            Access::Bool(get, _) => Value::Bool(get(c)),
            Access::Enum(_, get, _) => Value::Enum(get(c)),
        }
    }

    /// What the parameter accepts, in words: "a float in 0 … 0.9".
    pub fn allowed(&self) -> String {
        let range = self.range().map(|r| format!(" in {r}")).unwrap_or_default();
        match self.access {
            Access::F32(..) | Access::F64(..) => format!("a float{range}"),
            Access::Int(..) => format!("an integer{range}"),
            Access::Bool(..) => "true or false".into(),
            Access::Enum(names, ..) => format!("one of {}", names.join(", ")),
        }
    }

    /// Checks a value token (`0.5`, `40`, `true`, `linear`) against the parameter's type and
    /// range.
    pub fn check(&self, manager: &str, token: &str) -> Result<Value, SpecError> {
        let bad = |why: &str| SpecError::BadValue {
            manager: manager.to_string(),
            path: self.path(),
            value: token.to_string(),
            why: why.to_string(),
            allowed: self.allowed(),
        };
        match self.access {
            Access::F32(..) | Access::F64(..) | Access::Int(..) => {
                let x = syntax::number(token).ok_or_else(|| bad("not a number"))?;
                let is_int = self.kind() == Kind::Int;
                if is_int && (x.fract() != 0.0 || x.abs() > 9.0e15) {
                    return Err(bad("not a whole number"));
                }
                if let Some(r) = self.range()
                    && !r.contains(x)
                {
                    return Err(bad("out of range"));
                }
                Ok(if is_int { Value::Int(x as i64) } else { Value::Float(x) })
            }
            Access::Bool(..) => match token {
                "true" => Ok(Value::Bool(true)),
                "false" => Ok(Value::Bool(false)),
                _ => Err(bad("not a boolean")),
            },
            Access::Enum(names, ..) => names
                .iter()
                .find(|&&n| n == token)
                .map(|&n| Value::Enum(n))
                .ok_or_else(|| bad("not an allowed name")),
        }
    }

    /// Writes a value produced by [`Param::check`] into `c`.
    fn set(&self, c: &mut C, v: Value) {
        match (self.access, v) {
            (Access::F32(_, set), Value::Float(x)) => set(c, x as f32),
            (Access::F64(_, set), Value::Float(x)) => set(c, x),
            (Access::Int(_, set), Value::Int(x)) => set(c, x),
            (Access::Bool(_, set), Value::Bool(x)) => set(c, x),
            (Access::Enum(_, _, set), Value::Enum(x)) => set(c, x),
            // check() produces the value of the parameter's own kind.
            _ => debug_assert!(false, "value of the wrong kind for {}", self.key),
        }
    }
}

/// A named set of values for every parameter of a manager.
pub struct Preset<C> {
    /// The name used with `preset=`.
    pub name: &'static str,
    /// What it reproduces.
    pub description: &'static str,
    /// The values.
    pub config: C,
}

/// Describes a manager in the schema.
pub struct ManagerInfo {
    /// A short human name.
    pub label: &'static str,
    /// The reference it implements (seed or upstream file@commit).
    pub reference: &'static str,
    /// One line on how it allocates time.
    pub description: &'static str,
}

/// A manager's typed config: its parameters, presets, and how to build the manager.
pub trait ManagerConfig: Copy + PartialEq + fmt::Debug + Send + tables::Wrap + 'static {
    /// The canonical name (`lc0-smooth`).
    const NAME: &'static str;
    /// Other accepted names (`smooth`).
    const ALIASES: &'static [&'static str];
    /// The search kind it was designed for.
    const SEARCH: SearchKind;
    /// Label, reference and description.
    fn info() -> ManagerInfo;
    /// Every parameter, in display order.
    fn params() -> Vec<Param<Self>>;
    /// The presets; the first is the default.
    fn presets() -> Vec<Preset<Self>>;
    /// A fresh manager with this config.
    fn build(&self) -> Box<dyn TimeManager>;
}

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

/// A parameter in the serialised schema.
#[derive(Clone, Debug, Serialize)]
pub struct ParamSchema {
    /// `group.key` or `key`: the name for [`TmSpec::set`] and UCI options.
    pub path: String,
    /// The key inside its dictionary.
    pub key: &'static str,
    /// The sub-dictionary, if any.
    pub group: Option<&'static str>,
    /// Short label.
    pub label: &'static str,
    /// Type.
    pub kind: Kind,
    /// Allowed names of an enum parameter.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values: Option<&'static [&'static str]>,
    /// The default preset's value.
    pub default: Value,
    /// Slider for numeric parameters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slider: Option<Slider>,
    /// Accepted values of numeric parameters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub valid: Option<Range>,
    /// Unit.
    pub unit: &'static str,
    /// One-line description.
    pub description: &'static str,
    /// Source.
    pub source: &'static str,
    /// The parameter acts only inside a search (its checks, the stopper chain, what a search
    /// measures): the allocation chart's usage model runs no search and does not move with it.
    pub in_search: bool,
    /// The only searcher the parameter acts with, if it does not act with both.
    pub searcher: Option<SearchKind>,
    /// Why it does nothing with the other searcher.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub searcher_note: Option<&'static str>,
    /// The file it comes from, in words (`lc0 @909a4082 src/…/legacy.cc`, `seed 001_….txt`).
    pub source_file: String,
    /// That file's permanent URL at the pinned commit (none for a seed).
    pub source_url: Option<String>,
}

impl ParamSchema {
    /// Why the parameter does nothing with `searcher` (`None`: it applies).
    pub fn not_for(&self, searcher: SearchKind) -> Option<&'static str> {
        match self.searcher {
            Some(kind) if kind != searcher => {
                Some(self.searcher_note.unwrap_or("it does not apply to this searcher"))
            }
            _ => None,
        }
    }
}

/// A preset in the serialised schema: every parameter's value, by path.
#[derive(Clone, Debug, Serialize)]
pub struct PresetSchema {
    /// Name for `preset=`.
    pub name: &'static str,
    /// What it reproduces.
    pub description: &'static str,
    /// The spec string that selects it.
    pub spec: String,
    /// Every parameter's value under this preset.
    pub values: BTreeMap<String, Value>,
}

/// A manager in the serialised schema.
#[derive(Clone, Debug, Serialize)]
pub struct ManagerSchema {
    /// Canonical name.
    pub name: &'static str,
    /// Other accepted names.
    pub aliases: &'static [&'static str],
    /// Short human name.
    pub label: &'static str,
    /// The kind of search it was designed for.
    pub search: SearchKind,
    /// The reference it implements.
    pub reference: &'static str,
    /// How it allocates time.
    pub description: &'static str,
    /// Name of the default preset.
    pub default_preset: &'static str,
    /// The presets.
    pub presets: Vec<PresetSchema>,
    /// The parameters, in display order.
    pub params: Vec<ParamSchema>,
}

/// The schema of one manager.
pub fn manager_schema<C: ManagerConfig>() -> ManagerSchema {
    let params = C::params();
    let presets = C::presets();
    let default = &presets[0].config;
    let info = C::info();
    ManagerSchema {
        name: C::NAME,
        aliases: C::ALIASES,
        label: info.label,
        search: C::SEARCH,
        reference: info.reference,
        description: info.description,
        default_preset: presets[0].name,
        presets: presets
            .iter()
            .enumerate()
            .map(|(i, p)| PresetSchema {
                name: p.name,
                description: p.description,
                spec: if i == 0 { C::NAME.to_string() } else { format!("{}(preset={})", C::NAME, p.name) },
                values: params.iter().map(|q| (q.path(), q.get(&p.config))).collect(),
            })
            .collect(),
        params: params
            .iter()
            .map(|p| (p, flags::only_for(C::NAME, &p.path())))
            .map(|(p, only)| ParamSchema {
                path: p.path(),
                key: p.key,
                group: p.group,
                label: p.label,
                kind: p.kind(),
                values: match p.access {
                    Access::Enum(names, ..) => Some(names),
                    _ => None,
                },
                default: p.get(default),
                slider: p.slider,
                valid: p.range(),
                unit: p.unit,
                description: p.description,
                source: p.source,
                in_search: flags::in_search(C::NAME, &p.path()),
                searcher: only.map(|(kind, _)| kind),
                searcher_note: only.map(|(_, why)| why),
                source_file: flags::source(C::NAME, &p.path()).map(|s| s.text()).unwrap_or_default(),
                source_url: flags::source(C::NAME, &p.path()).and_then(|s| s.url()),
            })
            .collect(),
    }
}

/// The schema of every manager, in the spec's order.
pub fn schema() -> Vec<ManagerSchema> {
    tables::all_schemas()
}

fn all_names() -> Vec<&'static str> {
    schema().iter().map(|m| m.name).collect()
}

fn all_aliases() -> Vec<String> {
    schema().iter().flat_map(|m| m.aliases.iter().map(move |a| format!("{a} = {}", m.name))).collect()
}

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

/// Finds the preset named `name` (`default` = the first).
fn find_preset<C: ManagerConfig>(name: &str) -> Result<Preset<C>, SpecError> {
    let presets = C::presets();
    let mut allowed: Vec<String> = presets.iter().map(|p| p.name.to_string()).collect();
    if !allowed.iter().any(|a| a == "default") {
        allowed.push("default".into());
    }
    let idx = if name == "default" { Some(0) } else { presets.iter().position(|p| p.name == name) };
    match idx {
        Some(i) => Ok(presets.into_iter().nth(i).expect("index from position")),
        None => Err(SpecError::UnknownPreset { manager: C::NAME.into(), preset: name.into(), allowed }),
    }
}

/// Resolves a parsed dictionary against `C`'s parameters (§0.5): preset first, then explicit
/// keys; a key missing from a sub-dictionary is looked up in the parent; anything left unread
/// is an unknown key.
fn resolve<C: ManagerConfig>(dict: &Dict) -> Result<(&'static str, C), SpecError> {
    let manager = C::NAME;
    dict.check_duplicates(manager)?;
    let params = C::params();
    let mut top_used = vec![false; dict.entries.len()];
    let preset_name = match dict.find("preset") {
        Some((i, Node::Scalar(v))) => {
            top_used[i] = true;
            v.as_str()
        }
        Some((_, Node::Sub(_))) => {
            return Err(SpecError::UnknownKey {
                manager: manager.into(),
                key: "preset(…)".into(),
                allowed: vec!["preset=<name>".into()],
            });
        }
        None => "default",
    };
    let preset = find_preset::<C>(preset_name)?;
    let mut config = preset.config;
    let groups: Vec<&'static str> = {
        let mut g: Vec<&'static str> = params.iter().filter_map(|p| p.group).collect();
        g.dedup();
        g
    };
    // Sub-dictionaries must be known groups, and hold only scalars.
    let mut sub_used: Vec<(usize, Vec<bool>)> = Vec::new();
    for (i, e) in dict.entries.iter().enumerate() {
        if let Node::Sub(sub) = &e.value {
            if !groups.contains(&e.key.as_str()) {
                return Err(SpecError::UnknownKey {
                    manager: manager.into(),
                    key: format!("{}(…)", e.key),
                    allowed: allowed_here(&params, None),
                });
            }
            top_used[i] = true;
            if let Some(inner) = sub.entries.iter().find(|x| matches!(x.value, Node::Sub(_))) {
                return Err(SpecError::UnknownKey {
                    manager: manager.into(),
                    key: format!("{}.{}(…)", e.key, inner.key),
                    allowed: allowed_here(&params, Some(&e.key)),
                });
            }
            sub_used.push((i, vec![false; sub.entries.len()]));
        }
    }
    for p in &params {
        let mut found: Option<&str> = None;
        if let Some(g) = p.group
            && let Some((i, Node::Sub(sub))) = dict.find(g)
            && let Some((j, Node::Scalar(v))) = sub.find(p.key)
        {
            if let Some((_, used)) = sub_used.iter_mut().find(|(k, _)| *k == i) {
                used[j] = true;
            }
            found = Some(v);
        }
        if found.is_none()
            && let Some((i, Node::Scalar(v))) = dict.find(p.key)
        {
            // A top-level key, or the parent lookup of a key missing from a sub-dictionary.
            top_used[i] = true;
            found = Some(v);
        }
        if let Some(token) = found {
            let v = p.check(manager, token)?;
            p.set(&mut config, v);
        }
    }
    if let Some(i) = top_used.iter().position(|u| !u) {
        return Err(SpecError::UnknownKey {
            manager: manager.into(),
            key: dict.entries[i].key.clone(),
            allowed: allowed_here(&params, None),
        });
    }
    for (i, used) in &sub_used {
        if let Some(j) = used.iter().position(|u| !u) {
            let group = &dict.entries[*i].key;
            let Node::Sub(sub) = &dict.entries[*i].value else { continue };
            return Err(SpecError::UnknownKey {
                manager: manager.into(),
                key: format!("{group}.{}", sub.entries[j].key),
                allowed: allowed_here(&params, Some(group)),
            });
        }
    }
    Ok((preset.name, config))
}

/// The keys allowed at the top level (`group == None`) or inside a sub-dictionary.
fn allowed_here<C>(params: &[Param<C>], group: Option<&str>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    if group.is_none() {
        out.push("preset".into());
    }
    for p in params {
        match (group, p.group) {
            (None, None) => out.push(p.key.into()),
            (None, Some(g)) => {
                let s = format!("{g}(…)");
                if !out.contains(&s) {
                    out.push(s);
                }
            }
            (Some(want), Some(g)) if want == g => out.push(p.key.into()),
            _ => {}
        }
    }
    out
}

/// Prints `config` as a spec string relative to the preset `preset`.
fn print<C: ManagerConfig>(preset: &'static str, config: &C) -> String {
    let presets = C::presets();
    let base = presets.iter().find(|p| p.name == preset).unwrap_or(&presets[0]);
    let params = C::params();
    let mut items: Vec<String> = Vec::new();
    if base.name != presets[0].name {
        items.push(format!("preset={}", base.name));
    }
    let mut groups: Vec<(&'static str, Vec<String>)> = Vec::new();
    for p in &params {
        let v = p.get(config);
        if v == p.get(&base.config) {
            continue;
        }
        let item = format!("{}={v}", p.key);
        match p.group {
            None => items.push(item),
            Some(g) => match groups.iter_mut().find(|(name, _)| *name == g) {
                Some((_, list)) => list.push(item),
                None => groups.push((g, vec![item])),
            },
        }
    }
    for (g, list) in groups {
        items.push(format!("{g}({})", list.join(",")));
    }
    if items.is_empty() { C::NAME.to_string() } else { format!("{}({})", C::NAME, items.join(",")) }
}

/// Reads a parameter by path.
fn get_path<C: ManagerConfig>(config: &C, path: &str) -> Option<Value> {
    C::params().iter().find(|p| p.path() == path).map(|p| p.get(config))
}

/// Sets a parameter by path from a value token.
fn set_path<C: ManagerConfig>(config: &mut C, path: &str, token: &str) -> Result<(), SpecError> {
    let params = C::params();
    let p = params.iter().find(|p| p.path() == path).ok_or_else(|| SpecError::UnknownKey {
        manager: C::NAME.into(),
        key: path.into(),
        allowed: params.iter().map(|p| p.path()).collect(),
    })?;
    let v = p.check(C::NAME, token)?;
    p.set(config, v);
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests;
