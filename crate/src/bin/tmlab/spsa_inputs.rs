//! `tmlab spsa-inputs`: OpenBench's SPSA input lines (`name, int, start, min, max, c_end, r_end`)
//! for a manager's UCI options. Names, scales and bounds come from the schema (`uci` of each
//! parameter), the one source `tmlab uci` declares its `TM_<manager>_<path>` options from, so a
//! line names an option the engine declares whatever manager is selected at `uci` time.

use crate::output::print;
use tmlab::excerpt::excerpt;
use tmlab::tm::params::{Kind, ParamSchema};
use tmlab::tm::{TmSpec, schema};

/// fishtest's and OpenBench's usual final learning rate.
const R_END: f64 = 0.002;

#[derive(clap::Args)]
pub struct Args {
    /// The manager (its current values are the starting points), e.g. `lc0-legacy(slowmover=1.2)`.
    #[arg(long, value_name = "SPEC")]
    tm: String,
    /// Only these parameters, comma-separated (default: every integer and float parameter).
    #[arg(long, value_name = "K1,K2,…")]
    params: Option<String>,
}

/// One input line: the option, the start value (the spec's, × the option's scale) and bounds.
fn line(p: &ParamSchema, spec: &TmSpec) -> String {
    let (min, max) = (p.uci.min.unwrap_or(0), p.uci.max.unwrap_or(0));
    let start = spec.get(&p.path).and_then(|v| p.uci.spin_value(v)).unwrap_or(min).clamp(min, max);
    format!("{}, int, {start}, {min}, {max}, {}, {R_END}\n", p.uci.name, c_end(start, min, max))
}

/// The perturbation at the end of the run: a twentieth of the range; when the start value is
/// not 0, at most a tenth of its size (a huge range would otherwise jump across orders of
/// magnitude; a start of 0 says nothing about the size, so the range alone sets it); at least
/// 0.5 (OpenBench's floor for integers).
pub fn c_end(start: i64, min: i64, max: i64) -> f64 {
    let range = (max - min) as f64 / 20.0;
    let scale = if start != 0 { (start.abs() as f64 / 10.0).min(range) } else { range };
    (scale.max(0.5) * 100.0).round() / 100.0
}

pub fn run(args: Args) -> Result<(), String> {
    let spec: TmSpec = args.tm.parse().map_err(|e: tmlab::tm::SpecError| format!("--tm: {e}"))?;
    let params =
        schema().into_iter().find(|m| m.name == spec.manager()).map(|m| m.params).unwrap_or_default();
    let tunable: Vec<&ParamSchema> = params
        .iter()
        .filter(|p| matches!(p.kind, Kind::Int | Kind::Float) && p.path != "move-overhead")
        .collect();
    let paths: Vec<&str> = tunable.iter().map(|p| p.path.as_str()).collect();
    let wanted: Vec<&ParamSchema> = match &args.params {
        None => tunable.clone(),
        Some(list) => {
            let mut out: Vec<&ParamSchema> = Vec::new();
            for k in list.split(',').map(str::trim) {
                let Some(p) = tunable.iter().find(|p| p.path == k) else {
                    let why = if k == "move-overhead" {
                        "is the GUI's `Move Overhead`, not a manager parameter to tune"
                    } else if params.iter().any(|p| p.path == k) {
                        "is a switch or a choice; SPSA tunes integers and floats"
                    } else {
                        "is not a parameter of this manager"
                    };
                    return Err(format!("--params: `{}` {why}; allowed: {}", excerpt(k), paths.join(", ")));
                };
                if out.iter().any(|o| o.path == k) {
                    return Err(format!("--params: `{}` is given twice", excerpt(k)));
                }
                out.push(p);
            }
            out
        }
    };
    if wanted.is_empty() {
        return Err(format!("{} has no integer or float parameter to tune", spec.manager()));
    }
    print(&wanted.iter().map(|p| line(p, &spec)).collect::<String>())
}

#[cfg(test)]
mod tests {
    use super::c_end;

    #[test]
    fn c_end_follows_the_documented_rule() {
        // slowmover 1200 in 100 … 3000: min(2900 / 20, 1200 / 10) = 120.
        assert_eq!(c_end(1200, 100, 3000), 120.0);
        // A start of 0: the range's twentieth, not a tenth of 0 (which the floor would make 0.5).
        assert_eq!(c_end(0, 0, 1000), 50.0);
        assert_eq!(c_end(0, -10, 10), 1.0);
        // The floor.
        assert_eq!(c_end(3, 0, 10), 0.5);
    }
}
