//! `tmlab tune`: SPSA over a manager's parameters (fishtest/OpenBench formulation), each
//! iteration a pair of games between the manager at θ + flip·c and at θ − flip·c.

use std::io::{IsTerminal, Write};

use crate::estimate;
use crate::flags::{Cmd, flag_error};
use crate::game_args::GameArgs;
use crate::output::{OutFile, after_results, print, report_damage};
use tmlab::experiment::chart::tune_svg;
use tmlab::experiment::cost::CostEstimate;
use tmlab::experiment::fit::short;
use tmlab::experiment::journal::JournalFile;
use tmlab::experiment::pool::{Task, play_tasks};
use tmlab::experiment::resume::{take_held, tune_resume};
use tmlab::experiment::spsa::SpsaIteration;
use tmlab::experiment::tune::{TuneSpec, end_list};
use tmlab::play::game::ClockMode;
use tmlab::play::match_spec::MatchSpec;
use tmlab::play::stats::Outcome;

#[derive(clap::Args)]
#[command(
    mut_arg("seed", |a| a.help("Seed of the openings, flips and roundings")),
    mut_arg("concurrency", |a| a.help("Games played at once (threads; at most 2 × pairs per iteration are useful)")),
)]
pub struct Args {
    /// The manager to tune (spec string); its values are the starting point.
    #[arg(long, value_name = "SPEC")]
    tm: String,
    /// The parameters to tune, comma-separated (floats or integers).
    #[arg(long, value_name = "K1,K2,…")]
    params: String,
    /// The time control of both players (cutechess syntax).
    #[arg(long, value_name = "TC")]
    tc: String,
    /// Total games: iterations × 2 × pairs per iteration.
    #[arg(long, value_name = "N")]
    games: u32,
    /// Perturbation at the last iteration, per parameter (default: a twentieth of each range).
    #[arg(long, value_name = "C1,C2,…")]
    c_end: Option<String>,
    /// Learning rate at the last iteration, per parameter (default: what moves a parameter a
    /// quarter of its range over the run given a one-game edge per iteration, at least 0.002).
    #[arg(long, value_name = "R1,R2,…")]
    r_end: Option<String>,
    /// Colour-reversed pairs per iteration.
    #[arg(long, default_value_t = 1)]
    pairs_per: u32,
    /// Searcher, concurrency, virtual speed, seed and adjudication.
    #[command(flatten)]
    game: GameArgs,
    /// Record every finished iteration in FILE and continue from it.
    #[arg(long, value_name = "FILE")]
    resume: Option<String>,
    /// Write the settings, every iteration and the result as JSON to FILE.
    #[arg(long, value_name = "FILE")]
    json: Option<String>,
    /// Write the trajectories as SVG to FILE.
    #[arg(long, value_name = "FILE")]
    svg: Option<String>,
}

/// `--c-end`/`--r-end` (`field`), read by the crate's one rule ([`end_list`]).
fn list(field: &str, s: &Option<String>) -> Result<Vec<f64>, String> {
    end_list(field, s.as_deref().unwrap_or("")).map_err(|e| flag_error(Cmd::Tune, &e))
}

pub fn run(args: Args) -> Result<(), String> {
    let engine = args.game.searcher()?;
    let concurrency = args.game.concurrency()?;
    let spec = TuneSpec {
        params: tmlab::experiment::param::name_list(&args.params),
        c_end: list("c_end", &args.c_end)?,
        r_end: list("r_end", &args.r_end)?,
        pairs_per: args.pairs_per,
        base: MatchSpec {
            engine,
            a: args.tm.clone(),
            b: args.tm.clone(),
            tc_a: args.tc.clone(),
            games: args.games,
            clock: ClockMode::Virtual { nps: args.game.nps, latency_ms: 0.0 },
            seed: args.game.seed,
            adjudication: args.game.adjudication()?,
            event: "tmlab tune".into(),
            ..MatchSpec::default()
        },
    };
    let plan = spec.plan().map_err(|e| flag_error(Cmd::Tune, &e))?;
    let cfg = &plan.cfg;
    // The output files are opened before the calibration and the first game: a bad path costs
    // no game (a dry run opens none).
    let (json_out, svg_out) = if args.game.dry_run {
        (None, None)
    } else {
        (OutFile::maybe("--json", &args.json)?, OutFile::maybe("--svg", &args.svg)?)
    };
    // Iterations run one after another: at most their games are played at once.
    let per_iteration = 2 * cfg.pairs_per;
    let first = plan.iteration_match(&cfg.step(&cfg.start(), 1))?.to_config()?;
    let workers = concurrency.min(per_iteration as usize);
    let est = estimate::estimate(&first, cfg.iterations * per_iteration, 0, workers)?;
    for w in plan.warnings() {
        eprintln!("warning: {w}");
    }
    if estimate::announce(&est, args.game.dry_run)? {
        return Ok(());
    }
    let mut history: Vec<SpsaIteration> = Vec::new();
    let mut held = Vec::new();
    let mut journal = match &args.resume {
        Some(path) => {
            let settings = serde_json::from_str(&spec.to_json()).map_err(|e| e.to_string())?;
            let j =
                JournalFile::open(path, "tune", &settings).map_err(|e| format!("--resume {}", e.text()))?;
            let r = tune_resume(&plan, &j.records);
            report_damage(
                path,
                &[j.damaged.as_slice(), r.damaged.as_slice()].concat(),
                "its iteration is played again",
            );
            history = r.history;
            held = r.held;
            Some(j)
        }
        None => None,
    };
    let mut theta = history.last().map_or_else(|| cfg.start(), |h| h.theta.clone());
    if !history.is_empty() || !held.is_empty() {
        let later = if held.is_empty() {
            String::new()
        } else {
            format!(" ({} later iteration(s) kept for when they come due)", held.len())
        };
        eprintln!("resuming after iteration {} of {}{later}", history.len(), cfg.iterations);
    }
    let tty = std::io::stderr().is_terminal();
    let start = std::time::Instant::now();
    // The time left: this session's iterations against the ones still to run.
    let resumed = history.len() as u32;
    let rest = CostEstimate { games: (cfg.iterations - resumed) * per_iteration, ..est.clone() };
    let mut write_error = None;
    for k in history.len() as u32 + 1..=cfg.iterations {
        let step = cfg.step(&theta, k);
        let from_file = match take_held(&plan, &theta, k, &mut held) {
            Ok(it) => it,
            Err(d) => {
                let path = args.resume.as_deref().unwrap_or("");
                report_damage(path, &[d], "the iteration is played again");
                None
            }
        };
        let (it, how) = match from_file {
            Some(it) => (it, " (from the resume file)"),
            None => {
                let m = plan.iteration_match(&step)?.to_config()?;
                let tasks: Vec<Task> = plan.games_of(k).map(|g| Task { cfg: 0, game: g }).collect();
                let (mut wins, mut losses, mut draws) = (0, 0, 0);
                play_tasks(std::slice::from_ref(&m), &tasks, concurrency, &mut |_, g| {
                    match g.score.outcome_a {
                        Outcome::Win => wins += 1,
                        Outcome::Loss => losses += 1,
                        Outcome::Draw => draws += 1,
                    }
                    true
                })?;
                let theta = cfg.update(&theta, &step, wins, losses);
                let it = SpsaIteration { step, wins, losses, draws, theta };
                if let Some(j) = journal.as_mut()
                    && let Err(e) = j.append(&it)
                {
                    // The iteration counts, but the tune stops: its results are printed.
                    write_error =
                        Some(format!("--resume {}: the tune stopped after iteration {k}", e.text()));
                }
                (it, "")
            }
        };
        theta = it.theta.clone();
        let (wins, losses, draws) = (it.wins, it.losses, it.draws);
        history.push(it);
        let vals: Vec<String> =
            cfg.params.iter().zip(&theta).map(|(p, v)| format!("{}={}", p.path, short(*v))).collect();
        let line = format!(
            "[iteration {k}/{}] + scored {wins}-{losses}-{draws} (W-L-D){how} | {} | {:.0} s, {}",
            cfg.iterations,
            vals.join(" "),
            start.elapsed().as_secs_f64(),
            rest.left_text((k - resumed) * per_iteration, start.elapsed().as_secs_f64())
        );
        let mut err = std::io::stderr().lock();
        let _ = if tty { write!(err, "\r\x1b[2K{line}") } else { writeln!(err, "{line}") };
        if write_error.is_some() {
            break;
        }
    }
    if tty {
        eprintln!();
    }
    let tuned = plan.spec_at(&theta)?;
    let mut text = format!(
        "SPSA over {} of {} at {}: {} iterations × {} pair(s), A = {}, alpha {}, gamma {}, seed {}\n",
        spec.params.join(", "),
        plan.tm,
        args.tc,
        cfg.iterations,
        cfg.pairs_per,
        short(cfg.big_a()),
        cfg.alpha,
        cfg.gamma,
        args.game.seed
    );
    for p in &cfg.params {
        text += &format!(
            "  {}: start {}, range {} … {}, c_end {}, r_end {}\n",
            p.path,
            short(p.start),
            short(p.min),
            short(p.max),
            short(p.c_end),
            p.r_end
        );
    }
    text += &format!("trajectory (value after each listed iteration):\n{:>10}", "iteration");
    for p in &cfg.params {
        text += &format!("  {:>12}", p.path);
    }
    text += "\n";
    let n = history.len();
    let every = n.div_ceil(20).max(1);
    let mut rows: Vec<(usize, &[f64])> = vec![(0, &[])];
    rows.extend(
        history
            .iter()
            .enumerate()
            .filter(|(i, _)| (i + 1) % every == 0 || i + 1 == n)
            .map(|(i, h)| (i + 1, &h.theta[..])),
    );
    for (k, vals) in rows {
        text += &format!("{k:>10}");
        for (i, p) in cfg.params.iter().enumerate() {
            text += &format!("  {:>12}", short(if k == 0 { p.start } else { vals[i] }));
        }
        text += "\n";
    }
    text += &format!("tuned spec: {tuned}\n");
    // The results first; output files that cannot be written are reported after them.
    print(&text)?;
    let mut errors = Vec::new();
    errors.extend(write_error);
    if let Some(f) = json_out {
        let out = serde_json::json!({ "spec": spec, "spsa": cfg, "iterations": history, "final": theta, "tuned": tuned });
        let s = serde_json::to_string_pretty(&out).map_err(|e| e.to_string())?;
        errors.extend(f.write((s + "\n").as_bytes()).err());
    }
    if let Some(f) = svg_out {
        let title = format!("SPSA of {} at {}", plan.tm.manager(), args.tc);
        errors.extend(f.write(tune_svg(cfg, &history, &title, (800, 480))?.as_bytes()).err());
    }
    after_results(errors)
}
