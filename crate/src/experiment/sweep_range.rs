//! `LO:HI:N`: N evenly spaced values of a parameter from LO to HI, the one rule behind
//! `tmlab sweep --range` and the Sweep view's range. Its errors are typed ([`RangeError`]) so the
//! CLI prints `--range: …` and the page gets `{path: "range", message, allowed}`.

use std::fmt;
use std::str::FromStr;

use super::fit::short;
use super::param::{NumericParam, number_list};
use super::sweep::MAX_VALUES;
use crate::excerpt::excerpt;
use crate::play::match_spec::FieldError;
use crate::tm::params::Kind;

/// `n` values from `lo` to `hi` (see [`SweepRange::values`] for the checked form).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SweepRange {
    /// The first value.
    pub lo: f64,
    /// The last value.
    pub hi: f64,
    /// How many values (1 to [`MAX_VALUES`]).
    pub n: u32,
}

/// Why a range was refused. The field is always `range`.
#[derive(Clone, Debug, PartialEq)]
pub enum RangeError {
    /// The text is not `LO:HI:N` (the text, as given).
    Syntax(String),
    /// N outside 1 to [`MAX_VALUES`].
    Count(u32),
    /// An end is not a number (`LO` or `HI`); `allowed` is the parameter's range.
    NotANumber {
        /// `LO` or `HI`.
        end: &'static str,
        /// What the parameter accepts.
        allowed: String,
    },
    /// LO above HI.
    Reversed {
        /// The low end given.
        lo: f64,
        /// The high end given.
        hi: f64,
    },
    /// An end outside the parameter's range (after rounding, for an integer).
    OutOfRange {
        /// The end.
        value: f64,
        /// The parameter's path.
        param: String,
        /// What the parameter accepts.
        allowed: String,
    },
}

impl RangeError {
    /// The field every range error belongs to.
    pub const FIELD: &'static str = "range";

    /// What is wrong, naming the value (without the allowed list).
    pub fn message(&self) -> String {
        match self {
            RangeError::Syntax(text) => format!("{:?} is not LO:HI:N", excerpt(text)),
            RangeError::Count(n) => format!("N = {n} is not allowed"),
            RangeError::NotANumber { end, .. } => format!("{end} is not a number"),
            RangeError::Reversed { lo, hi } => format!("LO {} is above HI {}", short(*lo), short(*hi)),
            RangeError::OutOfRange { value, param, .. } => {
                format!("{} is out of range for {param}", short(*value))
            }
        }
    }

    /// What is allowed.
    pub fn allowed(&self) -> String {
        match self {
            RangeError::Syntax(_) => {
                format!("LO:HI:N with numbers LO ≤ HI and N from 1 to {MAX_VALUES}, e.g. 0.5:1.5:5")
            }
            RangeError::Count(_) => format!("1 to {MAX_VALUES} values"),
            RangeError::Reversed { .. } => "LO ≤ HI".into(),
            RangeError::NotANumber { allowed, .. } | RangeError::OutOfRange { allowed, .. } => {
                allowed.clone()
            }
        }
    }
}

impl fmt::Display for RangeError {
    /// `message; allowed: …` (the caller adds the field or the flag).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}; allowed: {}", self.message(), self.allowed())
    }
}

impl std::error::Error for RangeError {}

impl From<RangeError> for FieldError {
    fn from(e: RangeError) -> FieldError {
        FieldError::new(RangeError::FIELD, e.message(), e.allowed())
    }
}

impl FromStr for SweepRange {
    type Err = RangeError;

    /// `LO:HI:N`, e.g. `0.5:1.5:5` (spaces around each part are ignored); the values are
    /// checked by [`SweepRange::values`].
    fn from_str(text: &str) -> Result<SweepRange, RangeError> {
        let bad = || RangeError::Syntax(text.to_string());
        let f: Vec<&str> = text.split(':').map(str::trim).collect();
        let [lo, hi, n] = f[..] else { return Err(bad()) };
        Ok(SweepRange {
            lo: lo.parse().map_err(|_| bad())?,
            hi: hi.parse().map_err(|_| bad())?,
            n: n.parse().map_err(|_| bad())?,
        })
    }
}

impl SweepRange {
    /// The values of parameter `p`: `n` evenly spaced from `lo` to `hi` (see [`range_values`]).
    /// An integer parameter's ends may be fractions that round into its range.
    ///
    /// # Errors
    /// N outside 1 to [`MAX_VALUES`], an end that is not a number, LO above HI, or an end
    /// outside `p`'s range.
    pub fn values(&self, p: &NumericParam) -> Result<Vec<f64>, RangeError> {
        let SweepRange { lo, hi, n } = *self;
        if !(1..=MAX_VALUES as u32).contains(&n) {
            return Err(RangeError::Count(n));
        }
        for (end, x) in [("LO", lo), ("HI", hi)] {
            if x.is_nan() {
                return Err(RangeError::NotANumber { end, allowed: p.allowed() });
            }
        }
        if lo > hi {
            return Err(RangeError::Reversed { lo, hi });
        }
        for x in [lo, hi] {
            if !(p.accepts(x) || (p.kind == Kind::Int && p.accepts(x.round()))) {
                return Err(RangeError::OutOfRange { value: x, param: p.path.clone(), allowed: p.allowed() });
            }
        }
        Ok(range_values(lo, hi, n, p.kind))
    }
}

/// A list of values of parameter `p`, `V1,V2,…` (`tmlab sweep --values`): each a number; the
/// parameter's range is checked with the plan ([`super::sweep::SweepSpec::plan`]).
///
/// # Errors
/// `values`: the first part that is not a number, with what `p` accepts.
pub fn values_list(text: &str, p: &NumericParam) -> Result<Vec<f64>, FieldError> {
    number_list("values", text, &format!("{} for {}", p.allowed(), p.path))
}

/// The Sweep view's values field: a list `V1,V2,…` ([`values_list`]) or, when it holds a `:`,
/// a range `LO:HI:N` ([`SweepRange`]).
///
/// # Errors
/// Always of field `values`: the list's or the range's error.
pub fn sweep_values(text: &str, p: &NumericParam) -> Result<Vec<f64>, FieldError> {
    if text.contains(':') {
        let range = text.parse::<SweepRange>().and_then(|r| r.values(p));
        range.map_err(|e| FieldError::from(e).renamed("values"))
    } else {
        values_list(text, p)
    }
}

/// `n` evenly spaced values from `lo` to `hi` (rounded and deduplicated for an integer).
pub fn range_values(lo: f64, hi: f64, n: u32, kind: Kind) -> Vec<f64> {
    let mut v: Vec<f64> = match n {
        0 => Vec::new(),
        1 => vec![lo],
        _ => (0..n).map(|i| lo + (hi - lo) * f64::from(i) / f64::from(n - 1)).collect(),
    };
    if kind == Kind::Int {
        v.iter_mut().for_each(|x| *x = x.round());
        v.dedup();
    } else {
        // Twelve significant digits: 0.1 + 0.2 prints as 0.3.
        v.iter_mut().for_each(|x| *x = format!("{:.12e}", *x).parse().unwrap_or(*x));
    }
    v
}

#[cfg(test)]
mod tests;
