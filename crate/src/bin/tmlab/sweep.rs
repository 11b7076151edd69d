//! `tmlab sweep`: one manager parameter at several values, each value a match against a
//! baseline, with a weighted quadratic fit of Elo against the value.

use crate::estimate;
use crate::flags::{Cmd, flag_error};
use crate::game_args::GameArgs;
use crate::output::OutFile;
use crate::points;
use tmlab::experiment::chart::sweep_svg;
use tmlab::experiment::fit::short;
use tmlab::experiment::param::NumericParam;
use tmlab::experiment::pool::Task;
use tmlab::experiment::resume::sweep_resume;
use tmlab::experiment::sweep::SweepSpec;
use tmlab::experiment::sweep_range::{SweepRange, values_list};
use tmlab::play::game::ClockMode;
use tmlab::play::match_spec::MatchSpec;
use tmlab::tm::TmSpec;

#[derive(clap::Args)]
#[command(mut_arg("seed", |a| a.help("Seed of the opening order (the same for every value)")))]
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
    /// Games per value (colour-reversed pairs).
    #[arg(long, value_name = "N", required_unless_present = "precision")]
    games: Option<u32>,
    /// Play per value the games whose expected 95 % interval is ±ELO or narrower (instead of --games).
    #[arg(long, value_name = "ELO", conflicts_with = "games")]
    precision: Option<f64>,
    /// Searcher, concurrency, virtual speed, seed and adjudication.
    #[command(flatten)]
    game: GameArgs,
    /// Record every finished game in FILE and skip those already in it (continue a stopped sweep).
    #[arg(long, value_name = "FILE")]
    resume: Option<String>,
    /// Print JSON instead of the table.
    #[arg(long, conflicts_with = "csv")]
    json: bool,
    /// Print CSV instead of the table.
    #[arg(long)]
    csv: bool,
    /// Write the chart (Elo ± 95 % against the value, with the fit) as SVG to FILE.
    #[arg(long, value_name = "FILE")]
    svg: Option<String>,
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
    let engine = args.game.searcher()?;
    let tm: TmSpec = args.tm.parse().map_err(|e: tmlab::tm::SpecError| format!("--tm: {e}"))?;
    args.vs.parse::<TmSpec>().map_err(|e| format!("--vs: {e}"))?;
    let (values, values_flag) = parse_values(&args, &tm)?;
    let concurrency = args.game.concurrency()?;
    let adjudication = args.game.adjudication()?;
    let games = estimate::games_or_precision(args.games, args.precision)?;
    let base = MatchSpec {
        engine,
        a: args.tm.clone(),
        b: args.vs.clone(),
        tc_a: args.tc.clone(),
        tc_b: args.tc_b.clone(),
        games,
        clock: ClockMode::Virtual { nps: args.game.nps, latency_ms: 0.0 },
        seed: args.game.seed,
        adjudication,
        event: "tmlab sweep".into(),
        ..MatchSpec::default()
    };
    let spec = SweepSpec { param: args.param.clone(), values, base };
    let plan = spec
        .plan()
        .map_err(|e| flag_error(if values_flag == "--range" { Cmd::SweepRange } else { Cmd::Sweep }, &e))?;
    // The output file is opened before the calibration and the first game: a bad path costs
    // no game (a dry run opens none).
    let svg_out = if args.game.dry_run { None } else { OutFile::maybe("--svg", &args.svg)? };
    let all = games * spec.values.len() as u32;
    let cost = estimate::estimate(&plan.configs[0], all, games, concurrency)?;
    if estimate::announce(&cost, args.game.dry_run)? {
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
        resume: args.resume.as_deref(),
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
    let clock = format!("virtual clock {} nodes/ms", args.game.nps / 1000.0);
    let head = format!(
        "Sweep of {} in {} against {}: {} vs {}, {games} games per value, {clock}, seed {}\n",
        spec.param,
        tm,
        args.vs,
        args.tc,
        args.tc_b.as_deref().unwrap_or(&args.tc),
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
