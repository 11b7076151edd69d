//! The numeric parameter an experiment varies: found in the manager's schema, with its kind and
//! accepted range, and written into a spec string.

use crate::excerpt::excerpt;
use crate::play::match_spec::FieldError;
use crate::tm::TmSpec;
use crate::tm::params::{Kind, ParamSchema, Range, schema};

/// A numeric parameter of a manager, as an experiment varies it.
#[derive(Clone, Debug, PartialEq)]
pub struct NumericParam {
    /// `key` or `group.key`.
    pub path: String,
    /// Float or integer.
    pub kind: Kind,
    /// Accepted values.
    pub range: Range,
    /// Unit (`ms`, `×`, … or empty).
    pub unit: &'static str,
    /// The value in the spec it came from.
    pub current: f64,
    /// The schema's slider step (None: the slider has none, or a multiplicative one).
    pub step: Option<f64>,
}

impl NumericParam {
    /// Looks `path` up in `tm`'s manager.
    ///
    /// # Errors
    /// A `param` error: no such parameter, or one that is not a number (`true`/`false`, a
    /// name); `allowed` lists the manager's numeric parameters.
    pub fn find(tm: &TmSpec, path: &str) -> Result<NumericParam, FieldError> {
        let err = |message: String, allowed: String| FieldError::new("param", message, allowed);
        let manager = schema()
            .into_iter()
            .find(|m| m.name == tm.manager())
            .ok_or_else(|| err(format!("{} has no schema", tm.manager()), String::new()))?;
        let numeric: Vec<&ParamSchema> =
            manager.params.iter().filter(|p| matches!(p.kind, Kind::Float | Kind::Int)).collect();
        let names = || numeric.iter().map(|p| p.path.as_str()).collect::<Vec<_>>().join(", ");
        let Some(p) = manager.params.iter().find(|p| p.path == path) else {
            return Err(err(format!("{:?} is not a parameter of {}", excerpt(path), manager.name), names()));
        };
        if !matches!(p.kind, Kind::Float | Kind::Int) {
            return Err(err(format!("{path} of {} is not a number ({:?})", manager.name, p.kind), names()));
        }
        let range = p
            .valid
            .or(p.slider.map(|s| Range { min: s.min, max: s.max, min_exclusive: false }))
            .ok_or_else(|| err(format!("{path} has no range"), names()))?;
        let current = match tm.get(path) {
            Some(crate::tm::params::Value::Float(x)) => x,
            Some(crate::tm::params::Value::Int(n)) => n as f64,
            _ => return Err(err(format!("{path} has no numeric value"), names())),
        };
        let step = p.slider.and_then(|s| s.step);
        Ok(NumericParam { path: path.to_string(), kind: p.kind, range, unit: p.unit, current, step })
    }

    /// The smallest change that matters: the slider's step (at least 1 for an integer), else a
    /// thousandth of the range.
    pub fn resolution(&self) -> f64 {
        let (lo, hi) = self.bounds();
        let step = self.step.unwrap_or((hi - lo) / 1000.0);
        if self.kind == Kind::Int { step.max(1.0) } else { step }
    }

    /// Whether `x` is accepted (and whole, for an integer).
    pub fn accepts(&self, x: f64) -> bool {
        let r = &self.range;
        x.is_finite()
            && x <= r.max
            && (if r.min_exclusive { x > r.min } else { x >= r.min })
            && (self.kind != Kind::Int || x.fract() == 0.0)
    }

    /// What it accepts, in words: `a float in 0.1 … 3`.
    pub fn allowed(&self) -> String {
        let what = if self.kind == Kind::Int { "an integer" } else { "a float" };
        format!("{what} in {}", self.range)
    }

    /// The smallest and largest value an experiment may use (an excluded minimum is moved a
    /// millionth of the range inwards).
    pub fn bounds(&self) -> (f64, f64) {
        let r = &self.range;
        let lo = if r.min_exclusive { r.min + (r.max - r.min) * 1e-6 } else { r.min };
        (lo, r.max)
    }

    /// The value as a spec token (`0.75`, `40`).
    pub fn token(&self, x: f64) -> String {
        if self.kind == Kind::Int { format!("{}", x.round() as i64) } else { format!("{x}") }
    }

    /// `tm` with this parameter set to `x`.
    ///
    /// # Errors
    /// The manager refuses the value.
    pub fn apply(&self, tm: &TmSpec, x: f64) -> Result<TmSpec, FieldError> {
        let mut t = *tm;
        t.set(&self.path, &self.token(x)).map_err(|e| FieldError::message(e.to_string()))?;
        Ok(t)
    }
}

/// A comma-separated list of names (`slowmover, move-overhead`; `1+0.01,2+0.02`), each trimmed,
/// empty ones dropped: the one reading of `tmlab tune --params`, `tmlab scaling --tcs` and the
/// same fields on the page (the names are checked where they are used).
pub fn name_list(text: &str) -> Vec<String> {
    text.split(',').map(str::trim).filter(|t| !t.is_empty()).map(String::from).collect()
}

/// A comma-separated list of numbers (`0.5, 1,1.5`; spaces ignored), the one reading of
/// `tmlab sweep --values`, `tmlab tune --c-end`/`--r-end` and the same fields on the page.
///
/// # Errors
/// Of `field`: the first part that is not a number (an empty part or NaN included), with
/// `allowed` as what the field accepts.
pub fn number_list(field: &str, text: &str, allowed: &str) -> Result<Vec<f64>, FieldError> {
    text.split(',')
        .map(|s| {
            let s = s.trim();
            s.parse::<f64>()
                .ok()
                .filter(|x| !x.is_nan())
                .ok_or_else(|| FieldError::new(field, format!("{:?} is not a number", excerpt(s)), allowed))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_list_is_trimmed_and_empty_names_dropped() {
        assert_eq!(name_list(" slowmover, move-overhead ,,"), ["slowmover", "move-overhead"]);
        assert!(name_list(" , ").is_empty());
    }

    #[test]
    fn finds_numeric_parameters_and_refuses_others() {
        let tm: TmSpec = "lc0-legacy".parse().unwrap();
        let p = NumericParam::find(&tm, "slowmover").unwrap();
        assert_eq!((p.kind, p.range.min, p.range.max), (Kind::Float, 0.1, 3.0));
        assert!(p.accepts(0.5) && !p.accepts(3.5) && !p.accepts(f64::NAN));
        assert_eq!(p.apply(&tm, 1.25).unwrap().to_string(), "lc0-legacy(slowmover=1.25)");
        let e = NumericParam::find(&tm, "nope").unwrap_err();
        assert_eq!(
            (e.path.as_str(), e.message.as_str()),
            ("param", "\"nope\" is not a parameter of lc0-legacy")
        );
        assert!(e.allowed.split(", ").any(|p| p == "slowmover"), "{e}");
        let sf: TmSpec = "stockfish".parse().unwrap();
        assert!(NumericParam::find(&sf, "ponder").unwrap_err().message.contains("not a number"));
        let h = NumericParam::find(&sf, "horizon").unwrap();
        assert!(h.accepts(50.0) && !h.accepts(50.5));
        assert_eq!(h.token(49.6), "50");
    }

    #[test]
    fn a_number_list_names_its_field_and_the_first_part_that_is_not_a_number() {
        assert_eq!(number_list("c_end", " 0.1, 2 ", "numbers").unwrap(), [0.1, 2.0]);
        for (text, bad) in [("0.1,x", "\"x\""), ("1,,2", "\"\""), ("NaN", "\"NaN\""), ("", "\"\"")] {
            let e = number_list("c_end", text, "numbers").unwrap_err();
            assert_eq!(e.to_string(), format!("c_end: {bad} is not a number; allowed: numbers"), "{text:?}");
        }
        let long = "x".repeat(50);
        assert_eq!(
            number_list("v", &long, "").unwrap_err().message,
            format!("{:?} is not a number", format!("{}…", "x".repeat(40)))
        );
    }
}
