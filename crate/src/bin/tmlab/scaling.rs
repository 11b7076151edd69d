//! `tmlab scaling`: the same two managers matched at several time controls, with a weighted
//! straight-line fit of Elo against log₂ of the time and a verdict (scales, anti-scales, flat).

use crate::estimate;
use crate::flags::{Cmd, flag_error};
use crate::game_args::GameArgs;
use crate::output::OutFile;
use crate::points;
use tmlab::experiment::chart::scaling_svg;
use tmlab::experiment::cost::calibrate;
use tmlab::experiment::pool::Task;
use tmlab::experiment::resume::scaling_resume;
use tmlab::experiment::scaling::{DEFAULT_TCS, ScalingSpec, tcs_list};
use tmlab::play::game::ClockMode;
use tmlab::play::match_spec::MatchSpec;

#[derive(clap::Args)]
#[command(mut_arg("seed", |a| a.help("Seed of the opening order (the same at every control)")))]
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
    /// Games per control (colour-reversed pairs).
    #[arg(long, value_name = "N", required_unless_present = "precision")]
    games: Option<u32>,
    /// Play per control the games whose expected 95 % interval is ±ELO or narrower (instead of --games).
    #[arg(long, value_name = "ELO", conflicts_with = "games")]
    precision: Option<f64>,
    /// Searcher, concurrency, virtual speed, seed and adjudication.
    #[command(flatten)]
    game: GameArgs,
    /// Record every finished game in FILE and skip those already in it (continue a stopped run).
    #[arg(long, value_name = "FILE")]
    resume: Option<String>,
    /// Print JSON instead of the table.
    #[arg(long, conflicts_with = "csv")]
    json: bool,
    /// Print CSV instead of the table.
    #[arg(long)]
    csv: bool,
    /// Write the chart (Elo ± 95 % against log time, with the fitted line) as SVG to FILE.
    #[arg(long, value_name = "FILE")]
    svg: Option<String>,
}

pub fn run(args: Args) -> Result<(), String> {
    let engine = args.game.searcher()?;
    let concurrency = args.game.concurrency()?;
    let adjudication = args.game.adjudication()?;
    let games = estimate::games_or_precision(args.games, args.precision)?;
    let base = MatchSpec {
        engine,
        a: args.a.clone(),
        b: args.b.clone(),
        games,
        clock: ClockMode::Virtual { nps: args.game.nps, latency_ms: 0.0 },
        seed: args.game.seed,
        adjudication,
        event: "tmlab scaling".into(),
        ..MatchSpec::default()
    };
    let spec = ScalingSpec { tcs: tcs_list(&args.tcs), base };
    let plan = spec.plan().map_err(|e| flag_error(Cmd::Scaling, &e))?;
    let svg_out = if args.game.dry_run { None } else { OutFile::maybe("--svg", &args.svg)? };
    let cal = calibrate(&plan.configs[plan.longest()]).map_err(|e| format!("calibration: {e}"))?;
    let cost = plan.cost(&cal, concurrency as u32);
    if estimate::announce(&cost, args.game.dry_run)? {
        return Ok(());
    }
    let label = |t: Task| spec.tcs[t.cfg].to_string();
    let resumed = |records: &[(usize, serde_json::Value)]| scaling_resume(&plan, records);
    let points = points::Points {
        kind: "scaling",
        spec: &spec,
        configs: &plan.configs,
        games,
        resume: args.resume.as_deref(),
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
        "Time-control scaling of {} against {}: {games} games per control, virtual clock {} nodes/ms, seed {}\n",
        args.a,
        args.b,
        args.game.nps / 1000.0,
        args.game.seed
    );
    let printed = points::Printed {
        report: &report,
        json: args.json,
        csv: args.csv,
        csv_text: &|| report.to_csv(),
        head,
        table: &|| report.to_text(),
    };
    points::finish(&points, printed, &ran.played, svg)
}
