//! `tmlab spsa-inputs`: OpenBench's SPSA input lines (`name, int, start, min, max, c_end, r_end`)
//! for a manager's UCI options, read from the engine's own option list so that the names,
//! the ×1000 scaling of floats and the bounds are exactly what `tmlab uci` declares.

use crate::output::print;
use tmlab::excerpt::excerpt;
use tmlab::tm::params::Kind;
use tmlab::tm::{TmSpec, schema};
use tmlab::uci::tm_options;

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

/// One spin option: `(name, default, min, max)`.
fn spin(line: &str) -> Option<(String, i64, i64, i64)> {
    let rest = line.strip_prefix("option name ")?;
    let (name, tail) = rest.split_once(" type spin ")?;
    let words: Vec<&str> = tail.split_whitespace().collect();
    let get =
        |k: &str| words.iter().position(|w| *w == k).and_then(|i| words.get(i + 1)?.parse::<i64>().ok());
    Some((name.to_string(), get("default")?, get("min")?, get("max")?))
}

/// The perturbation at the end of the run: a twentieth of the range, at most a tenth of the
/// start value's size (a huge range would otherwise jump across orders of magnitude), and at
/// least 0.5 (OpenBench's floor for integers).
pub fn c_end(start: i64, min: i64, max: i64) -> f64 {
    let range = (max - min) as f64 / 20.0;
    let scale = if start != 0 { (start.abs() as f64 / 10.0).min(range) } else { range };
    (scale.max(0.5) * 100.0).round() / 100.0
}

pub fn run(args: Args) -> Result<(), String> {
    let spec: TmSpec = args.tm.parse().map_err(|e: tmlab::tm::SpecError| format!("--tm: {e}"))?;
    let params =
        schema().into_iter().find(|m| m.name == spec.manager()).map(|m| m.params).unwrap_or_default();
    let tunable: Vec<&str> = params
        .iter()
        .filter(|p| matches!(p.kind, Kind::Int | Kind::Float) && p.path != "move-overhead")
        .map(|p| p.path.as_str())
        .collect();
    let wanted: Vec<String> = match &args.params {
        None => tunable.iter().map(|s| s.to_string()).collect(),
        Some(list) => {
            let mut out = Vec::new();
            for k in list.split(',').map(str::trim) {
                if !tunable.contains(&k) {
                    let why = if k == "move-overhead" {
                        "is the GUI's `Move Overhead`, not a manager parameter to tune"
                    } else if params.iter().any(|p| p.path == k) {
                        "is a switch or a choice; SPSA tunes integers and floats"
                    } else {
                        "is not a parameter of this manager"
                    };
                    return Err(format!("--params: `{}` {why}; allowed: {}", excerpt(k), tunable.join(", ")));
                }
                if out.iter().any(|o| o == k) {
                    return Err(format!("--params: `{}` is given twice", excerpt(k)));
                }
                out.push(k.to_string());
            }
            out
        }
    };
    if wanted.is_empty() {
        return Err(format!("{} has no integer or float parameter to tune", spec.manager()));
    }
    let options: Vec<_> = tm_options(&spec).iter().filter_map(|l| spin(l)).collect();
    let mut text = String::new();
    for k in &wanted {
        let name = format!("TM_{k}");
        let (_, start, min, max) = options
            .iter()
            .find(|o| o.0 == name)
            .cloned()
            .ok_or_else(|| format!("the engine declares no spin option {name}"))?;
        text += &format!("{name}, int, {start}, {min}, {max}, {}, {R_END}\n", c_end(start, min, max));
    }
    print(&text)
}
