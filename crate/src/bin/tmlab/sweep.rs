//! `tmlab sweep`: one manager parameter at several values, each value a match against a
//! baseline, with a weighted quadratic fit of Elo against the value.

use crate::estimate;
use crate::flags::{Cmd, flag_error};
use crate::points;
use tmlab::experiment::chart::sweep_svg;
use tmlab::experiment::fit::short;
use tmlab::experiment::param::NumericParam;
use tmlab::experiment::pool::Task;
use tmlab::experiment::resume::sweep_resume;
use tmlab::experiment::sweep::SweepSpec;
use tmlab::experiment::sweep_range::{SweepRange, values_list};
use tmlab::play::match_spec::MatchSpec;
use tmlab::tm::TmSpec;

#[derive(clap::Args)]
#[command(
    mut_arg("seed", |a| a.help("Seed of the opening order (the same for every value)")),
    mut_arg("games", |a| a.help("Games per value (colour-reversed pairs)")),
    mut_arg("precision", |a| a.help("Play per value the games whose expected 95 % interval is ±ELO or narrower (instead of --games)")),
    mut_arg("resume", |a| a.help("Record every finished game in FILE and skip those already in it (continue a stopped sweep)")),
    mut_arg("svg", |a| a.help("Write the chart (Elo ± 95 % against the value, with the fit) as SVG to FILE")),
)]
pub struct Args {
    /// The manager whose parameter is swept (spec string), e.g. `lc0-legacy`.
    #[arg(long, value_name = "SPEC")]
    tm: String,
    /// The parameter (`slowmover`, `smart-pruning.factor`); `tmlab params --tm NAME` lists them.
    #[arg(long, value_name = "KEY")]
    param: String,
    /// The values, comma-separated.
    #[arg(long, value_name = "V1,V2,…", conflicts_with = "range")]
    values: Option<String>,
    /// N evenly spaced values from LO to HI.
    #[arg(long, value_name = "LO:HI:N")]
    range: Option<String>,
    /// The baseline manager every value plays against.
    #[arg(long, value_name = "SPEC")]
    vs: String,
    /// The swept manager's time control (cutechess syntax); the baseline's too unless --tc-b.
    #[arg(long, value_name = "TC")]
    tc: String,
    /// The baseline's time control (time odds).
    #[arg(long, value_name = "TC")]
    tc_b: Option<String>,
    #[command(flatten)]
    points: points::PointsArgs,
}

fn parse_values(args: &Args, tm: &TmSpec) -> Result<(Vec<f64>, &'static str), String> {
    let p = NumericParam::find(tm, &args.param).map_err(|e| format!("--param: {}", e.text()))?;
    match (&args.values, &args.range) {
        (Some(v), None) => {
            Ok((values_list(v, &p).map_err(|e| format!("--values: {}", e.text()))?, "--values"))
        }
        (None, Some(r)) => {
            let values =
                r.parse::<SweepRange>().and_then(|r| r.values(&p)).map_err(|e| format!("--range: {e}"))?;
            Ok((values, "--range"))
        }
        _ => Err("give the values with --values V1,V2,… or --range LO:HI:N".into()),
    }
}

pub fn run(args: Args) -> Result<(), String> {
    let p = &args.points;
    let tm: TmSpec = args.tm.parse().map_err(|e: tmlab::tm::SpecError| format!("--tm: {e}"))?;
    args.vs.parse::<TmSpec>().map_err(|e| format!("--vs: {e}"))?;
    let (values, values_flag) = parse_values(&args, &tm)?;
    let points::Base { spec: base, concurrency, games } = p.base(&args.tm, &args.vs, "tmlab sweep")?;
    let base = MatchSpec { tc_a: args.tc.clone(), tc_b: args.tc_b.clone(), ..base };
    let spec = SweepSpec { param: args.param.clone(), values, base };
    let plan = spec
        .plan()
        .map_err(|e| flag_error(if values_flag == "--range" { Cmd::SweepRange } else { Cmd::Sweep }, &e))?;
    let svg_out = p.svg_out()?;
    let all = games * spec.values.len() as u32;
    let cost = estimate::estimate(&plan.configs[0], all, games, concurrency)?;
    if estimate::announce(&cost, p.game.dry_run)? {
        return Ok(());
    }
    let games = plan.games();
    let label = |t: Task| format!("{}={}", spec.param, short(spec.values[t.cfg]));
    let resumed = |records: &[(usize, serde_json::Value)]| sweep_resume(&plan, records);
    let points = points::Points {
        kind: "sweep",
        spec: &spec,
        configs: &plan.configs,
        games,
        resume: p.resume.as_deref(),
        resumed: &resumed,
        label: &label,
    };
    let ran = points::run(&points, concurrency, &cost)?;
    let report = plan.report(&ran.scores);
    let svg = match svg_out {
        Some(f) => {
            let title = format!(
                "{} of {} vs {} at {}, {games} games per value",
                spec.param,
                tm.manager(),
                args.vs,
                args.tc
            );
            Some((f, sweep_svg(&report, &title, (800, 480))?))
        }
        None => None,
    };
    let head = format!(
        "Sweep of {} in {} against {}: {} vs {}, {games} games per value, {}\n",
        spec.param,
        tm,
        args.vs,
        args.tc,
        args.tc_b.as_deref().unwrap_or(&args.tc),
        p.clock_and_seed()
    );
    points::finish(&points, p, &report, head, &ran.played, svg)
}
