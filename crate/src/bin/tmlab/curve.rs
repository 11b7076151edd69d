//! `tmlab curve`: the building-block curves as SVG or JSON.

use crate::output::print;
use std::path::PathBuf;

use clap::Subcommand;
use tmlab::plot::allocation::Comparison;
use tmlab::plot::curve_params::curve_schema;
use tmlab::plot::curves::{DecayParams, MovesLeftParams, decay_chart, decay_point, moves_left_chart};
use tmlab::plot::{Chart, to_svg};
use tmlab::tm::simulate::SimConfig;

/// Size of the SVG written by `--svg`.
const SVG_SIZE: (u32, u32) = (800, 450);
/// Points printed by `curve decay --json`.
const DECAY_JSON_POINTS: usize = 60;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    curve: Curve,
}

#[derive(Subcommand)]
enum Curve {
    /// Exponential decay ED(from, to, step, value) over value 0 … 6×step.
    Decay {
        /// ED at value 0.
        #[arg(long, default_value_t = DecayParams::default().from, allow_negative_numbers = true)]
        from: f64,
        /// The value ED approaches.
        #[arg(long, default_value_t = DecayParams::default().to, allow_negative_numbers = true)]
        to: f64,
        /// Half-life: how much value makes half the way.
        #[arg(long, default_value_t = DecayParams::default().step)]
        step: f64,
        #[command(flatten)]
        out: Output,
    },
    /// lc0's mle-legacy moves-left estimate over the move number.
    MovesLeft {
        /// Median game length in moves.
        #[arg(long, default_value_t = MovesLeftParams::default().midpoint)]
        midpoint: f64,
        /// How sharply game lengths fall off around the midpoint.
        #[arg(long, default_value_t = MovesLeftParams::default().steepness)]
        steepness: f64,
        #[command(flatten)]
        out: Output,
    },
    /// Soft and hard budget per move over a simulated game, for up to four managers, with the
    /// clock remaining on a second axis; each manager's default configuration as a ghost.
    Allocation {
        /// A manager spec string; repeat to compare (at most 4).
        #[arg(long = "tm", value_name = "SPEC", required = true)]
        specs: Vec<String>,
        /// Time control (cutechess syntax, e.g. 60+0.6 or 40/60).
        #[arg(long, default_value = "60+0.6")]
        tc: String,
        /// Moves to simulate.
        #[arg(long, default_value_t = SimConfig::default().moves)]
        moves: u32,
        /// Share of the soft budget each move uses.
        #[arg(long = "use", default_value_t = SimConfig::default().use_frac)]
        use_frac: f64,
        /// Speed of the simulated MCTS search in nodes per second (fed to the lc0 managers).
        #[arg(long, default_value_t = SimConfig::default().nps)]
        nps: f64,
        /// Share of the previous move's tree kept for the next move (lc0 managers).
        #[arg(long, default_value_t = SimConfig::default().reuse)]
        reuse: f64,
        /// Write the chart as SVG to this file (without it, print the rows as JSON).
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
    },
}

#[derive(clap::Args)]
struct Output {
    /// Write the chart as SVG to this file.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Print the points as JSON (without it, and without --svg, they are printed as CSV).
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<(), String> {
    match args.curve {
        Curve::Allocation { specs, tc, moves, use_frac, nps, reuse, svg } => {
            check_usage(&[("use", use_frac), ("nps", nps), ("reuse", reuse)])?;
            let cfg = SimConfig { moves, use_frac, nps, reuse };
            let cmp = Comparison::run(&specs, &tc, &cfg)
                .map_err(|e| crate::flags::flag_error(crate::flags::Cmd::Simulate, &e))?;
            match svg {
                Some(path) => {
                    let text = tmlab::plot::svg(SVG_SIZE.0, SVG_SIZE.1, |area| cmp.draw(area, None))?;
                    std::fs::write(&path, text)
                        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                    eprintln!("wrote {}", path.display());
                }
                None => print(&format!(
                    "{}\n",
                    serde_json::to_string_pretty(&cmp.sims).map_err(|e| e.to_string())?
                ))?,
            }
            Ok(())
        }
        Curve::Decay { from, to, step, out } => {
            let p = DecayParams { from, to, step };
            let chart = decay_chart(&p)?;
            let span = chart.x_range.1;
            let points: Vec<_> = (0..=DECAY_JSON_POINTS)
                .map(|i| decay_point(&p, span * i as f64 / DECAY_JSON_POINTS as f64))
                .collect();
            emit(
                &chart,
                &out,
                || serde_json::to_string_pretty(&points),
                || {
                    let mut s = String::from("value,ed\n");
                    for pt in &points {
                        s += &format!("{},{}\n", pt.value, pt.ed);
                    }
                    s
                },
            )
        }
        Curve::MovesLeft { midpoint, steepness, out } => {
            let p = MovesLeftParams { midpoint, steepness };
            let chart = moves_left_chart(&p)?;
            let rows = p.rows();
            emit(
                &chart,
                &out,
                || serde_json::to_string_pretty(&rows),
                || {
                    let mut s = String::from("move,ply,moves_left\n");
                    for r in &rows {
                        s += &format!("{},{},{}\n", r.r#move, r.ply, r.moves_left);
                    }
                    s
                },
            )
        }
    }
}

/// `--use`, `--nps` and `--reuse` against the allocation chart's slider ranges (the schema's
/// `usage` parameters), naming the flag and what is allowed.
fn check_usage(values: &[(&str, f64)]) -> Result<(), String> {
    let usage = curve_schema().usage;
    for &(key, v) in values {
        let p = usage.iter().find(|p| p.key == key).ok_or_else(|| format!("no usage parameter {key}"))?;
        if !(v.is_finite() && (p.min..=p.max).contains(&v)) {
            let shown = if v.abs() >= 1e12 || (v != 0.0 && v.abs() < 1e-6) {
                format!("{v:e}")
            } else {
                v.to_string()
            };
            return Err(format!(
                "--{key} = {shown} is out of range; allowed: a number in {} … {} ({})",
                p.min, p.max, p.description
            ));
        }
    }
    Ok(())
}

fn emit(
    chart: &Chart,
    out: &Output,
    json: impl FnOnce() -> serde_json::Result<String>,
    csv: impl FnOnce() -> String,
) -> Result<(), String> {
    if let Some(path) = &out.svg {
        let svg = to_svg(chart, SVG_SIZE.0, SVG_SIZE.1, None)?;
        std::fs::write(path, svg).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        eprintln!("wrote {}", path.display());
    }
    if out.json {
        print(&format!("{}\n", json().map_err(|e| e.to_string())?))?;
    } else if out.svg.is_none() {
        print(&csv())?;
    }
    Ok(())
}
