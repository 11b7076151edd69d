//! `tmlab scaling`: the same two managers matched at several time controls, with a weighted
//! straight-line fit of Elo against log₂ of the time and a verdict (scales, anti-scales, flat).

use crate::estimate;
use crate::flags::{Cmd, flag_error};
use crate::game_args::GameArgs;
use crate::output::{OutFile, after_results, print, report_damage};
use crate::points;
use tmlab::experiment::chart::scaling_svg;
use tmlab::experiment::cost::calibrate;
use tmlab::experiment::journal::JournalFile;
use tmlab::experiment::pool::Task;
use tmlab::experiment::resume::scaling_resume;
use tmlab::experiment::scaling::{DEFAULT_TCS, ScalingSpec, tcs_list};
use tmlab::play::game::ClockMode;
use tmlab::play::match_::GameScore;
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
    let n = spec.tcs.len();
    let cal = calibrate(&plan.configs[plan.longest()]).map_err(|e| format!("calibration: {e}"))?;
    let cost = plan.cost(&cal, concurrency as u32);
    if estimate::announce(&cost, args.game.dry_run)? {
        return Ok(());
    }
    let mut scores: Vec<Vec<Option<GameScore>>> = vec![vec![None; games as usize]; n];
    let mut journal = match &args.resume {
        Some(path) => {
            let settings = serde_json::from_str(&spec.to_json()).map_err(|e| e.to_string())?;
            let j = JournalFile::open(path, "scaling", &settings)?;
            let r = scaling_resume(&plan, &j.records);
            report_damage(
                path,
                &[j.damaged.as_slice(), r.damaged.as_slice()].concat(),
                "any game it held is played again",
            );
            scores = r.scores;
            Some(j)
        }
        None => None,
    };
    let tasks = points::pending(&scores, games);
    let label = |t: Task| spec.tcs[t.cfg].to_string();
    let run =
        points::play_recorded(&plan.configs, &tasks, concurrency, &mut scores, &mut journal, &cost, &label)?;
    let (played, wall, write_error) = (run.games, run.wall_s, run.write_error);
    let report = plan.report(&scores);
    let title = format!("{} vs {}, {games} games per control", args.a, args.b);
    let svg = match svg_out {
        Some(f) => Some((f, scaling_svg(&report, &title, (800, 480))?)),
        None => None,
    };
    let text = if args.json {
        let out =
            serde_json::json!({ "spec": spec, "report": report, "games_played_now": played, "wall_s": wall });
        serde_json::to_string_pretty(&out).map_err(|e| e.to_string())? + "\n"
    } else if args.csv {
        report.to_csv()
    } else {
        let head = format!(
            "Time-control scaling of {} against {}: {games} games per control, virtual clock {} nodes/ms, seed {}\n",
            args.a,
            args.b,
            args.game.nps / 1000.0,
            args.game.seed
        );
        let rate = if wall > 0.0 { f64::from(played) / wall } else { 0.0 };
        let tail = format!("{played} games played in {wall:.1} s ({rate:.2} games/s)\n");
        format!("{head}{}{tail}", report.to_text())
    };
    print(&text)?;
    let mut errors: Vec<String> =
        svg.into_iter().filter_map(|(f, svg)| f.write(svg.as_bytes()).err()).collect();
    if let Some(e) = write_error {
        errors.insert(0, format!("{e}: the scaling stopped after {played} games this run"));
    }
    after_results(errors)
}
