//! `tmlab overhead`: the probability of losing on time against the Move Overhead under a latency
//! model, the overhead that keeps it under a chosen risk, and the Elo that overhead costs (the
//! simulation of `tmlab::experiment::overhead`).

use std::io::{IsTerminal, Write};

use crate::output::{OutFile, after_results, print};
use tmlab::experiment::latency::LatencyModel;
use tmlab::experiment::overhead::{DEFAULT_ELO_PER_DOUBLING, OverheadSpec};
use tmlab::experiment::param::number_list;

#[derive(clap::Args)]
pub struct Args {
    /// The manager (spec string); its move-overhead is what varies.
    #[arg(long, value_name = "SPEC")]
    tm: String,
    /// The time control (cutechess syntax), e.g. 10+0.1.
    #[arg(long, value_name = "TC")]
    tc: String,
    /// The latency per move: fixed:MS, normal:MEAN,SD, lognormal:MEDIAN,SIGMA, pareto:MIN,ALPHA (ms) or pgn:FILE (its latency= values).
    #[arg(long, value_name = "MODEL")]
    latency: String,
    /// Games simulated per overhead.
    #[arg(long, value_name = "N", default_value_t = OverheadSpec::default().games)]
    games: u32,
    /// The acceptable probability of losing a game on time.
    #[arg(long, value_name = "P", default_value_t = OverheadSpec::default().risk)]
    risk: f64,
    /// Moves per game (of the simulated side).
    #[arg(long, value_name = "N", default_value_t = OverheadSpec::default().moves)]
    moves: u32,
    /// Share of moves that think until the hard limit (the others think for the soft limit).
    #[arg(long, value_name = "F", default_value_t = OverheadSpec::default().to_hard)]
    to_hard: f64,
    /// Elo of a doubling of the thinking time at this control (for the overhead's Elo cost).
    #[arg(long, value_name = "ELO", default_value_t = DEFAULT_ELO_PER_DOUBLING)]
    elo_per_doubling: f64,
    /// The overheads of the curve, ms, comma-separated (default: 21 chosen from the latency).
    #[arg(long, value_name = "MS,MS,…")]
    overheads: Option<String>,
    /// Seed of the simulated latencies.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print JSON instead of the table.
    #[arg(long)]
    json: bool,
    /// Write the curve (flag risk against overhead) as SVG to FILE.
    #[arg(long, value_name = "FILE")]
    svg: Option<String>,
}

fn latency(text: &str) -> Result<LatencyModel, String> {
    match text.strip_prefix("pgn:") {
        Some(path) => {
            let pgn = std::fs::read_to_string(path).map_err(|e| format!("--latency pgn:{path}: {e}"))?;
            LatencyModel::from_pgn(&pgn).map_err(|e| format!("--latency pgn:{path}: {}", e.text()))
        }
        None => text.parse().map_err(|e| crate::flags::flag_error(crate::flags::Cmd::Overhead, &e)),
    }
}

pub fn run(args: Args) -> Result<(), String> {
    let overheads = match &args.overheads {
        Some(t) => number_list("overheads", t, "overheads in ms, e.g. 0,10,20")
            .map_err(|e| format!("--overheads: {}", e.text()))?,
        None => Vec::new(),
    };
    let spec = OverheadSpec {
        tm: args.tm.clone(),
        tc: args.tc.clone(),
        latency: latency(&args.latency)?,
        games: args.games,
        moves: args.moves,
        risk: args.risk,
        to_hard: args.to_hard,
        seed: args.seed,
        elo_per_doubling: args.elo_per_doubling,
        overheads,
    };
    let plan = spec.plan().map_err(|e| crate::flags::flag_error(crate::flags::Cmd::Overhead, &e))?;
    let svg_out = OutFile::maybe("--svg", &args.svg)?;
    let tty = std::io::stderr().is_terminal();
    let start = std::time::Instant::now();
    let report = plan.report(&mut |done, total| {
        let line = format!("[{done}/{total} overheads] {:.0} s", start.elapsed().as_secs_f64());
        let mut err = std::io::stderr().lock();
        let _ = if tty { write!(err, "\r\x1b[2K{line}") } else { writeln!(err, "{line}") };
    })?;
    if tty {
        eprintln!();
    }
    let wall = start.elapsed().as_secs_f64();
    let svg = match svg_out {
        Some(f) => {
            let title = format!("{} at {}, latency {}", args.tm, args.tc, report.spec.latency.label());
            Some((f, tmlab::experiment::chart::overhead_svg(&report, &title, (800, 480))?))
        }
        None => None,
    };
    let text = if args.json {
        serde_json::to_string_pretty(&serde_json::json!({ "report": report, "wall_s": wall }))
            .map_err(|e| e.to_string())?
            + "\n"
    } else {
        let mut s = format!(
            "Flag risk of {} at {} against Move Overhead: latency {}, {} simulated games of {} moves per overhead, {:.0} % of moves to the hard limit, seed {}\n",
            args.tm,
            args.tc,
            report.spec.latency.label(),
            args.games,
            args.moves,
            100.0 * args.to_hard,
            args.seed
        );
        s += &format!(
            "{:>12}  {:>7}  {:>9}  {:>10}  {:>8}  {:>9}\n",
            "overhead ms", "flags", "P(flag)", "95 % upper", "think", "Elo cost"
        );
        for p in &report.points {
            s += &format!(
                "{:>12}  {:>7}  {:>9.5}  {:>10.5}  {:>7.1}%  {:>9.1}\n",
                p.overhead_ms,
                p.flags,
                p.p,
                p.p_hi,
                100.0 * p.think_ratio,
                p.elo_cost
            );
        }
        s += &format!("answer: {}\n", report.sentence);
        s += &format!(
            "P(flag): share of simulated games lost on time; 95 % upper: Wilson bound; think: thinking time against no overhead on the same games; \
             Elo cost: {} Elo per doubling × log2(1/think). Simulated in {wall:.1} s ({ALLOWED_NOTE}).\n",
            args.elo_per_doubling
        );
        s
    };
    print(&text)?;
    after_results(svg.into_iter().filter_map(|(f, svg)| f.write(svg.as_bytes()).err()).collect())
}

/// How the search is modelled, for the table's legend.
const ALLOWED_NOTE: &str =
    "the manager's own budgets each move; the search modelled: soft limit, or hard for the share above";
