//! `tmlab scaling`: the same two managers matched at several time controls, with a weighted
//! straight-line fit of Elo against log₂ of the time and a verdict (scales, anti-scales, flat).

use crate::estimate;
use crate::flags::{Cmd, flag_error};
use crate::points;
use tmlab::experiment::chart::scaling_svg;
use tmlab::experiment::cost::calibrate;
use tmlab::experiment::pool::Task;
use tmlab::experiment::resume::scaling_resume;
use tmlab::experiment::scaling::{DEFAULT_TCS, ScalingSpec, tcs_list};

#[derive(clap::Args)]
#[command(
    mut_arg("seed", |a| a.help("Seed of the opening order (the same at every control)")),
    mut_arg("games", |a| a.help("Games per control (colour-reversed pairs)")),
    mut_arg("precision", |a| a.help("Play per control the games whose expected 95 % interval is ±ELO or narrower (instead of --games)")),
    mut_arg("svg", |a| a.help("Write the chart (Elo ± 95 % against log time, with the fitted line) as SVG to FILE")),
)]
pub struct Args {
    /// Player A's manager (spec string): the Elo reported is A's against B.
    #[arg(long, value_name = "SPEC")]
    a: String,
    /// Player B's manager (spec string).
    #[arg(long, value_name = "SPEC")]
    b: String,
    /// The time controls, comma-separated (cutechess syntax; both players play each).
    #[arg(long, value_name = "TC1,TC2,…", default_value = DEFAULT_TCS)]
    tcs: String,
    #[command(flatten)]
    points: points::PointsArgs,
}

pub fn run(args: Args) -> Result<(), String> {
    let p = &args.points;
    let points::Base { spec: base, concurrency, games } = p.base(&args.a, &args.b, "tmlab scaling")?;
    let spec = ScalingSpec { tcs: tcs_list(&args.tcs), base };
    let plan = spec.plan().map_err(|e| flag_error(Cmd::Scaling, &e))?;
    let svg_out = p.svg_out()?;
    let cal = calibrate(&plan.configs[plan.longest()]).map_err(|e| format!("calibration: {e}"))?;
    let cost = plan.cost(&cal, concurrency as u32);
    if estimate::announce(&cost, p.game.dry_run)? {
        return Ok(());
    }
    let label = |t: Task| spec.tcs[t.cfg].to_string();
    let resumed = |records: &[(usize, serde_json::Value)]| scaling_resume(&plan, records);
    let points = points::Points {
        kind: "scaling",
        spec: &spec,
        configs: &plan.configs,
        games,
        resume: p.resume.as_deref(),
        resumed: &resumed,
        label: &label,
    };
    let ran = points::run(&points, concurrency, &cost)?;
    let report = plan.report(&ran.scores);
    let title = format!("{} vs {}, {games} games per control", args.a, args.b);
    let svg = match svg_out {
        Some(f) => Some((f, scaling_svg(&report, &title, (800, 480))?)),
        None => None,
    };
    let head = format!(
        "Time-control scaling of {} against {}: {games} games per control, {}\n",
        args.a,
        args.b,
        p.clock_and_seed()
    );
    points::finish(&points, p, &report, head, &ran.played, svg)
}
