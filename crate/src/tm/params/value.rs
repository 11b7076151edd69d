//! Parameter values and their shapes: the value itself, its type, and the slider and range a
//! numeric parameter is shown and checked with.

use std::fmt;

use serde::{Serialize, Serializer};

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
            Value::Float(x) => f.write_str(&crate::decimal::debug(x)),
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
    pub(super) fn contains(&self, x: f64) -> bool {
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
    if x.fract() == 0.0 && x.abs() < 1e15 { format!("{}", x as i64) } else { crate::decimal::shortest(x) }
}
