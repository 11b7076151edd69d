//! How a parameter is set over UCI: one option per parameter of every manager, named
//! `TM_<manager>_<path>`, declared at `uci` whatever manager is selected, so that testers that
//! check option names against the `uci` list (fastchess, cutechess-cli) accept every manager's
//! options in any order. Floats are integer spins (the form SPSA tuners tune) scaled by a power
//! of ten chosen per parameter so that every preset value is a whole number.

use serde::Serialize;

use super::{Kind, Range, Value};

/// The smallest scale of a float spin: 1 = 0.001, the resolution SPSA needs on ranges like 0.1 … 3.
pub const MIN_FLOAT_SCALE: u64 = 1000;
/// The largest scale tried for a float spin (beyond it a preset value is kept to 10⁻⁹).
pub const MAX_FLOAT_SCALE: u64 = 1_000_000_000;
/// The largest magnitude of a declared spin bound: cutechess-cli reads `min`/`max` with Qt's
/// `toInt` (32 bits; out of range reads as 0 and the option then refuses every value).
pub const SPIN_LIMIT: i64 = i32::MAX as i64;

/// A parameter's UCI option, as declared at `uci`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UciOption {
    /// `TM_<manager>_<path>`: no space (OpenBench's client splits options at whitespace).
    pub name: String,
    /// What a spin's integer means: the float value × `scale` (1 for integers; 1000, or a
    /// larger power of ten when a preset value needs more digits, for floats). Absent for
    /// checks and combos.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scale: Option<u64>,
    /// A spin's bounds: the accepted range × `scale`, rounded inwards and kept within
    /// ±(2³¹ − 1) (cutechess reads spins as 32-bit integers).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min: Option<i64>,
    /// See `min`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max: Option<i64>,
}

/// The option name of `path` of `manager`.
pub fn option_name(manager: &str, path: &str) -> String {
    format!("TM_{manager}_{path}")
}

/// Whether `x × scale` is a whole number (to 10⁻⁹ of its size).
fn whole_at(x: f64, scale: u64) -> bool {
    let y = x * scale as f64;
    (y - y.round()).abs() <= 1e-9 * y.abs().max(1.0)
}

/// The scale of a float parameter whose presets hold `values`.
pub fn float_scale(values: &[f64]) -> u64 {
    let mut scale = MIN_FLOAT_SCALE;
    while scale < MAX_FLOAT_SCALE && !values.iter().all(|&x| !x.is_finite() || whole_at(x, scale)) {
        scale *= 10;
    }
    scale
}

impl UciOption {
    /// The option of a parameter of `kind` with `range`, whose presets hold `values`.
    pub fn new(manager: &str, path: &str, kind: Kind, range: Option<Range>, values: &[Value]) -> Self {
        let name = option_name(manager, path);
        let scale = match kind {
            Kind::Int => 1,
            Kind::Float => {
                let xs: Vec<f64> = values
                    .iter()
                    .filter_map(|v| if let Value::Float(x) = v { Some(*x) } else { None })
                    .collect();
                float_scale(&xs)
            }
            Kind::Bool | Kind::Enum => return UciOption { name, scale: None, min: None, max: None },
        };
        let s = scale as f64;
        let r = range.unwrap_or(Range { min: 0.0, max: 1e9, min_exclusive: false });
        let mut min = (r.min * s).ceil();
        if r.min_exclusive && min <= r.min * s {
            min += 1.0;
        }
        let max = (r.max * s).floor();
        let clamp = |x: f64| x.clamp(-SPIN_LIMIT as f64, SPIN_LIMIT as f64) as i64;
        UciOption { name, scale: Some(scale), min: Some(clamp(min)), max: Some(clamp(max)) }
    }

    /// A spin's integer for the value `v` (`None` for checks and combos).
    pub fn spin_value(&self, v: Value) -> Option<i64> {
        let s = self.scale? as f64;
        let x = match v {
            Value::Float(x) => x,
            Value::Int(x) => x as f64,
            _ => return None,
        };
        Some((x * s).round().clamp(-SPIN_LIMIT as f64, SPIN_LIMIT as f64) as i64)
    }

    /// The parameter's value token (spec-string units) for a spin's integer `n`.
    pub fn token(&self, n: i64) -> String {
        match self.scale {
            Some(1) | None => n.to_string(),
            Some(s) => format!("{:?}", n as f64 / s as f64),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scale_keeps_every_preset_value_whole() {
        assert_eq!(float_scale(&[1.2, 0.5]), 1000);
        assert_eq!(float_scale(&[0.8097]), 10_000);
        assert_eq!(float_scale(&[0.00308, 2.0]), 100_000);
        assert_eq!(float_scale(&[]), 1000);
        let o = UciOption::new("stockfish", "x", Kind::Float, None, &[Value::Float(0.8097)]);
        assert_eq!(o.spin_value(Value::Float(0.8097)), Some(8097));
        assert_eq!(o.token(8097).parse::<f64>().unwrap(), 0.8097);
        // A huge range is kept within what cutechess reads.
        let r = Range { min: 0.0, max: 1e12, min_exclusive: false };
        let o = UciOption::new("m", "y", Kind::Float, Some(r), &[Value::Float(1.0)]);
        assert_eq!((o.min, o.max), (Some(0), Some(SPIN_LIMIT)));
        let r = Range { min: 0.0, max: 3.0, min_exclusive: true };
        let o = UciOption::new("m", "z", Kind::Float, Some(r), &[Value::Float(1.0)]);
        assert_eq!((o.min, o.max), (Some(1), Some(3000)));
    }
}
