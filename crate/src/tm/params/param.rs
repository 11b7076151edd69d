//! One parameter of a manager's typed config (key, label, slider, range, accessor), how its
//! value tokens are checked, and the [`ManagerConfig`] trait every manager's config implements.

use std::fmt;

use super::super::glossary::{Entry, Source};
use super::super::registry::Wrap;
use super::super::{SearchKind, TimeManager};
use super::{Kind, Range, Scale, Slider, SpecError, Value, syntax};

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

/// One parameter of a manager's config `C`: its [`Row`] (everything but the config's type) and
/// how it reads and writes `C`.
///
/// Only [`Param::get`], [`Param::set`] and the builders know `C`: the rest of the parameter
/// machinery (spec strings, printing, the schema) works on rows and values, compiled once rather
/// than once per manager (the charts wasm module is downloaded by every docs page).
pub struct Param<C> {
    /// What the parameter is, without `C`.
    pub row: Row,
    /// How to read and write it.
    pub access: Access<C>,
}

// Manual impls, as for `Access`.
impl<C> Clone for Param<C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C> Copy for Param<C> {}

/// One parameter without its config type: key, place, words, shape and ranges.
#[derive(Clone, Copy, Debug)]
pub struct Row {
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
    /// The parameter's type.
    pub kind: Kind,
    /// The allowed names of an enum parameter (empty otherwise).
    pub names: &'static [&'static str],
}

/// Whether rows keep their words: label, unit, description and source. Only the schema shows
/// them (sliders, `tmlab params`, UCI options), and the charts module exports no schema (a
/// page's sliders read the engine module's, docs/architecture.md "Three wasm modules"), so its
/// build leaves them out of the tables: the strings are then not linked into what a docs page
/// downloads. Keys, groups, ranges, kinds and enum names, which spec strings and their errors
/// use, are kept in both builds.
const WORDS: bool = cfg!(feature = "engine");

/// `text` in a build that keeps rows' words, else empty.
const fn words(text: &'static str) -> &'static str {
    if WORDS { text } else { "" }
}

impl<C> Param<C> {
    /// A parameter with its key, label and accessor; the builder methods add the rest.
    pub const fn new(key: &'static str, label: &'static str, access: Access<C>) -> Self {
        const NONE: &[&str] = &[];
        let (kind, names) = match access {
            Access::F32(..) | Access::F64(..) => (Kind::Float, NONE),
            Access::Int(..) => (Kind::Int, NONE),
            Access::Bool(..) => (Kind::Bool, NONE),
            Access::Enum(names, ..) => (Kind::Enum, names),
        };
        let row = Row {
            key,
            group: None,
            label: words(label),
            unit: "",
            description: "",
            source: "",
            slider: None,
            valid: None,
            kind,
            names,
        };
        Param { row, access }
    }

    /// In a sub-dictionary.
    pub const fn group(mut self, group: &'static str) -> Self {
        self.row.group = Some(group);
        self
    }

    /// A linear slider.
    pub const fn lin(mut self, min: f64, max: f64, step: f64) -> Self {
        self.row.slider = Some(Slider { min, max, step: Some(step), factor: None, scale: Scale::Lin });
        self
    }

    /// A logarithmic slider with an additive step (or none when `step` is 0).
    pub const fn log(mut self, min: f64, max: f64, step: f64) -> Self {
        let step = if step > 0.0 { Some(step) } else { None };
        self.row.slider = Some(Slider { min, max, step, factor: None, scale: Scale::Log });
        self
    }

    /// A logarithmic slider that moves by a factor (×2 for node counts).
    pub const fn log_factor(mut self, min: f64, max: f64, factor: f64) -> Self {
        self.row.slider = Some(Slider { min, max, step: None, factor: Some(factor), scale: Scale::Log });
        self
    }

    /// Values accepted beyond the slider (`(valid 0 … 100)` in the spec).
    pub const fn valid(mut self, min: f64, max: f64) -> Self {
        self.row.valid = Some(Range { min, max, min_exclusive: false });
        self
    }

    /// Values accepted beyond the slider, with `min` excluded (`(valid (0, 100])`).
    pub const fn valid_above(mut self, min: f64, max: f64) -> Self {
        self.row.valid = Some(Range { min, max, min_exclusive: true });
        self
    }

    /// The unit.
    pub const fn unit(mut self, unit: &'static str) -> Self {
        self.row.unit = words(unit);
        self
    }

    /// The one-line description.
    pub const fn desc(mut self, description: &'static str) -> Self {
        self.row.description = words(description);
        self
    }

    /// The source.
    pub const fn src(mut self, source: &'static str) -> Self {
        self.row.source = words(source);
        self
    }

    /// The value in `c`.
    pub fn get(&self, c: &C) -> Value {
        match self.access {
            Access::F32(get, _) => Value::Float(super::super::common::clean(get(c))),
            Access::F64(get, _) => Value::Float(get(c)),
            Access::Int(get, _) => Value::Int(get(c)),
            Access::Bool(get, _) => Value::Bool(get(c)),
            Access::Enum(_, get, _) => Value::Enum(get(c)),
        }
    }

    /// Writes a value produced by [`Row::check`] into `c`.
    pub(crate) fn set(&self, c: &mut C, v: Value) {
        match (self.access, v) {
            (Access::F32(_, set), Value::Float(x)) => set(c, x as f32),
            (Access::F64(_, set), Value::Float(x)) => set(c, x),
            (Access::Int(_, set), Value::Int(x)) => set(c, x),
            (Access::Bool(_, set), Value::Bool(x)) => set(c, x),
            (Access::Enum(_, _, set), Value::Enum(x)) => set(c, x),
            // check() produces the value of the parameter's own kind.
            _ => debug_assert!(false, "value of the wrong kind for {}", self.row.key),
        }
    }
}

impl Row {
    /// `group.key`, or `key` outside a sub-dictionary.
    pub fn path(&self) -> String {
        match self.group {
            Some(g) => format!("{g}.{}", self.key),
            None => self.key.to_string(),
        }
    }

    /// Whether this is the parameter at `path` (`group.key` or `key`), without allocating.
    pub fn is_at(&self, path: &str) -> bool {
        match self.group {
            Some(g) => path.strip_prefix(g).and_then(|r| r.strip_prefix('.')) == Some(self.key),
            None => path == self.key,
        }
    }

    /// The values accepted by a numeric parameter: the valid range, or the slider's.
    pub fn range(&self) -> Option<Range> {
        self.valid.or(self.slider.map(|s| Range { min: s.min, max: s.max, min_exclusive: false }))
    }

    /// What the parameter accepts, in words: "a float in 0 … 0.9".
    pub fn allowed(&self) -> String {
        let range = self.range().map(|r| format!(" in {r}")).unwrap_or_default();
        match self.kind {
            Kind::Float => format!("a float{range}"),
            Kind::Int => format!("an integer{range}"),
            Kind::Bool => "true or false".into(),
            Kind::Enum => format!("one of {}", self.names.join(", ")),
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
        match self.kind {
            Kind::Float | Kind::Int => {
                let x = syntax::number(token).ok_or_else(|| bad("not a number"))?;
                let is_int = self.kind == Kind::Int;
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
            Kind::Bool => match token {
                "true" => Ok(Value::Bool(true)),
                "false" => Ok(Value::Bool(false)),
                _ => Err(bad("not a boolean")),
            },
            Kind::Enum => self
                .names
                .iter()
                .find(|&&n| n == token)
                .map(|&n| Value::Enum(n))
                .ok_or_else(|| bad("not an allowed name")),
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

/// A manager's typed config: its parameters, presets, flags, sources, glossary terms and the
/// manager it configures. Implementing it and adding one line to the registry (`tm/mod.rs`) is
/// all a new manager takes. Everything here is data (`const`): the wasm modules hold the tables
/// as data rather than as code that builds them, and what every manager would write alike
/// ([`Default`], [`ManagerConfig::build`]) is written once, by the registry and by the trait.
pub trait ManagerConfig: Copy + PartialEq + fmt::Debug + Send + Wrap + 'static {
    /// The canonical name (`lc0-smooth`).
    const NAME: &'static str;
    /// Other accepted names (`smooth`).
    const ALIASES: &'static [&'static str] = &[];
    /// The search kind it was designed for.
    const SEARCH: SearchKind;
    /// Paths (or `prefix*` patterns) of the parameters that act only inside a search: its
    /// checks, the stopper chain, what a search measures. The allocation chart's usage model runs
    /// no search, so they do not move it. (`smart-pruning.*` is in-search for every manager.)
    const IN_SEARCH: &'static [&'static str] = &[];
    /// `(path or pattern, the only searcher it acts with, why it does nothing with the other)`
    /// ([`searcher_only`](super::flags::searcher_only) gives a list of patterns one reason).
    const ONLY_FOR: &'static [(&'static str, SearchKind, &'static str)] = &[];
    /// `(path or pattern, the file it comes from)`: the first match is a parameter's source.
    const SOURCES: &'static [(&'static str, Source)];
    /// The glossary terms its budgets, effective limits and state emit (scope [`Self::NAME`]).
    const TERMS: &'static [Entry];
    /// Label, reference and description.
    const INFO: ManagerInfo;
    /// Every parameter, in display order.
    const PARAMS: &'static [Param<Self>];
    /// The presets; the first is the default (the registry's [`Default`] for the config).
    const PRESETS: &'static [Preset<Self>];
    /// The default config: the first preset's.
    const DEFAULT: Self = Self::PRESETS[0].config;
    /// The manager this config configures.
    type Manager: TimeManager + 'static;
    /// How a config becomes its manager (the manager's `new`).
    const NEW: fn(Self) -> Self::Manager;

    /// A fresh manager with this config.
    fn build(&self) -> Box<dyn TimeManager> {
        Box::new((Self::NEW)(*self))
    }
}
