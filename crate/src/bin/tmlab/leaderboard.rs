//! `tmlab leaderboard`: every manager's default settings against a fixed reference, per searcher
//! and time control, on the virtual clock (see `tmlab::experiment::leaderboard`).

use serde::Serialize;
use tmlab::tm::SearchKind;

use crate::estimate;
use crate::flags::{Cmd, flag_error};
use crate::game_args::{DEFAULT_NPS, GameArgs, adjudication_flags};
use crate::output::print;
use tmlab::clock::{TimeControl, Timing};
use tmlab::excerpt::excerpt;
use tmlab::experiment::cost::CostEstimate;
use tmlab::experiment::leaderboard::{self, AB_REFERENCE, Entry, MCTS_REFERENCE, Plan, rank_ranges};
use tmlab::play::adjudication::Adjudication;

/// Most games per manager and control.
const MAX_GAMES: u32 = 100_000;

#[derive(clap::Args)]
#[command(
    mut_arg("engine", |a| a
        .default_value("both")
        .value_name("ab|mcts|both")
        .help("Which gauntlet: `ab` (every manager vs stockfish), `mcts` (the lc0 family vs lc0-legacy) or `both`")),
    mut_arg("concurrency", |a| a.default_value("2")),
)]
pub struct Args {
    /// Time controls, comma-separated (cutechess syntax with a game clock).
    #[arg(long, value_name = "TC,…", default_value = "1+0.01,10+0.1,60+0.6")]
    tc: String,
    /// Games per manager and control (even: colour-reversed pairs; at least 4 for an Elo).
    #[arg(long, value_name = "N", default_value_t = 100)]
    games: u32,
    /// Play per manager and control the games whose expected 95 % interval is ±ELO or narrower
    /// (instead of --games).
    #[arg(long, value_name = "ELO", conflicts_with = "games")]
    precision: Option<f64>,
    /// Only these managers, comma-separated (a slice of the gauntlet).
    #[arg(long, value_name = "M,…")]
    only: Option<String>,
    /// Gauntlet (--engine ab|mcts|both, default both), concurrency (default 2), virtual speed,
    /// seed and adjudication.
    #[command(flatten)]
    game: GameArgs,
    /// Print JSON (the format of the committed www/public/leaderboard.json).
    #[arg(long)]
    json: bool,
}

/// The JSON document.
#[derive(Serialize)]
struct Doc<'a> {
    tmlab_version: &'static str,
    command: String,
    seed: u64,
    games: u32,
    tcs: &'a [String],
    engines: Vec<&'static str>,
    references: References,
    clock: String,
    adjudication: Adjudication,
    openings: &'static str,
    results: &'a [Entry],
}

#[derive(Serialize)]
struct References {
    ab: &'static str,
    mcts: &'static str,
}

fn engines(s: &str) -> Result<Vec<SearchKind>, String> {
    match s {
        "ab" => Ok(vec![SearchKind::AlphaBeta]),
        "mcts" => Ok(vec![SearchKind::Mcts]),
        "both" => Ok(vec![SearchKind::AlphaBeta, SearchKind::Mcts]),
        _ => Err(format!("--engine `{}` is not a gauntlet; allowed: ab, mcts, both", excerpt(s))),
    }
}

fn tcs(s: &str) -> Result<Vec<String>, String> {
    let list: Vec<String> = s.split(',').map(|t| t.trim().to_string()).collect();
    for t in &list {
        let tc: TimeControl = t.parse().map_err(|e| format!("--tc `{}`: {e}", excerpt(t)))?;
        if !matches!(tc.timing, Timing::Classical(_)) {
            return Err(format!(
                "--tc `{}`: the leaderboard needs a game clock (e.g. 10+0.1 or 40/60); not `inf`, `st=`, delays, byoyomi or hourglass",
                excerpt(t)
            ));
        }
    }
    Ok(list)
}

pub fn run(mut args: Args) -> Result<(), String> {
    args.games = estimate::games_or_precision(Some(args.games), args.precision)?;
    let g = &args.game;
    let engines = engines(&g.engine)?;
    let tcs = tcs(&args.tc)?;
    if args.games < 2 || args.games > MAX_GAMES || !args.games.is_multiple_of(2) {
        return Err(format!(
            "--games {} is not allowed; allowed: an even number from 2 to {MAX_GAMES} (colour-reversed pairs)",
            args.games
        ));
    }
    let concurrency = g.concurrency()?;
    let adjudication = g.adjudication()?;
    let only: Vec<String> = args
        .only
        .as_deref()
        .map(|o| o.split(',').map(|m| m.trim().to_string()).collect())
        .unwrap_or_default();
    let plan = Plan {
        tcs: tcs.clone(),
        games: args.games,
        engines: engines.clone(),
        seed: g.seed,
        only,
        concurrency,
        nps: g.nps,
        adjudication,
    };
    leaderboard::check(&plan).map_err(|e| flag_error(Cmd::Leaderboard, &e))?;
    leaderboard::check_only(&plan)?;
    let cost = plan_estimate(&plan)?;
    if estimate::announce(&cost, g.dry_run)? {
        return Ok(());
    }
    let start = std::time::Instant::now();
    let mut done = 0;
    let results = leaderboard::run(&plan, &mut |e| {
        done += e.games;
        let left = cost.left_text(done, start.elapsed().as_secs_f64());
        // On stderr, also with --json (stdout carries the JSON).
        eprintln!("{} {} {}: {} | {left}", e.engine, e.tc, e.manager, elo_text(e));
    })?;
    // The flags that change the games; a default left out keeps older commands as they were.
    let mut command = format!(
        "tmlab leaderboard --tc {} --games {} --engine {} --seed {}",
        args.tc, args.games, g.engine, g.seed
    );
    if g.nps != DEFAULT_NPS {
        command += &format!(" --nps {}", g.nps);
    }
    command += &adjudication_flags(&adjudication);
    if let Some(o) = &args.only {
        command += &format!(" --only {o}");
    }
    if args.json {
        let doc = Doc {
            tmlab_version: env!("CARGO_PKG_VERSION"),
            command: command + " --json",
            seed: g.seed,
            games: args.games,
            tcs: &tcs,
            engines: engines.iter().map(|e| e.as_str()).collect(),
            references: References { ab: AB_REFERENCE, mcts: MCTS_REFERENCE },
            clock: format!("virtual, 1 ms = {} nodes", g.nps / 1000.0),
            adjudication,
            openings: "builtin (crate/data/openings.txt), colour-reversed pairs in the seed's order",
            results: &results,
        };
        let json = serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())?;
        return print(&(json + "\n"));
    }
    print(&table(&results, &command))
}

/// The whole run's plan: each searcher and control calibrated once (on its reference's own
/// match), its entries played one after another.
fn plan_estimate(plan: &Plan) -> Result<CostEstimate, String> {
    let mut parts = Vec::new();
    for &engine in &plan.engines {
        let (managers, reference) = leaderboard::gauntlet(engine);
        let n = managers.iter().filter(|m| plan.only.is_empty() || plan.only.iter().any(|o| o == *m)).count();
        for tc in &plan.tcs {
            if n == 0 {
                continue;
            }
            let cfg = leaderboard::entry_spec(plan, engine, reference, tc).to_config()?;
            let one = estimate::estimate(&cfg, plan.games, plan.games, plan.concurrency)?;
            parts.extend(std::iter::repeat_n(one, n));
        }
    }
    CostEstimate::sequence(&parts).ok_or_else(|| "--only: no manager of this run's gauntlets".to_string())
}

fn elo_text(e: &Entry) -> String {
    match (e.elo, e.elo_error) {
        (Some(x), Some(err)) => format!("{x:+.0} ± {err:.0}"),
        (Some(x), None) => format!("{x:+.0}"),
        _ if e.wdl[0] == e.games => "+inf (won every game)".into(),
        _ if e.wdl[1] == e.games => "-inf (lost every game)".into(),
        _ => "-".into(),
    }
}

fn pct(x: Option<f64>) -> String {
    x.map_or("-".into(), |v| format!("{:.1} %", 100.0 * v))
}

/// The text table: one block per searcher and control, with each manager's rank range (managers
/// whose 95 % intervals overlap are tied: `rank_ranges`).
pub fn table(results: &[Entry], command: &str) -> String {
    let mut s = format!("{command}\n");
    let mut start = 0;
    while start < results.len() {
        let first = &results[start];
        let len =
            results[start..].iter().take_while(|e| e.engine == first.engine && e.tc == first.tc).count();
        let group = &results[start..start + len];
        start += len;
        s += &format!(
            "\n{} at {} vs {} ({} games each)\n{:<16} {:>5} {:>16} {:>7} {:>7} {:>9} {:>9} {:>10} {:>8}\n",
            first.engine,
            first.tc,
            first.reference,
            first.games,
            "manager",
            "rank",
            "Elo",
            "W-L-D",
            "by 20",
            "by 40",
            "used/soft",
            "left",
            "timeouts"
        );
        for (e, (best, worst)) in group.iter().zip(rank_ranges(group)) {
            let rank = if best == worst { best.to_string() } else { format!("{best}-{worst}") };
            s += &format!(
                "{:<16} {:>5} {:>16} {:>7} {:>7} {:>9} {:>9} {:>10} {:>8}\n",
                e.manager,
                rank,
                elo_text(e),
                format!("{}-{}-{}", e.wdl[0], e.wdl[1], e.wdl[2]),
                pct(e.share_by_20),
                pct(e.share_by_40),
                e.used_over_allocated.map_or("-".into(), |x| format!("{x:.2}")),
                e.time_left_ms.map_or("-".into(), |x| format!("{:.2} s", x / 1000.0)),
                e.timeouts
            );
        }
    }
    s += "\nrank: the places a manager can hold given the 95 % intervals (overlapping intervals tie)\n";
    s
}
