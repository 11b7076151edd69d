//! `tmlab match`: a match between two managers (fastchess-style output, PGN and JSON).

use std::io::{IsTerminal, Write};

use serde::Serialize;

use crate::estimate;
use crate::game_args::GameArgs;
use crate::match_sink::{Sink, pretty};
use crate::output::print;
use tmlab::play::game::ClockMode;
use tmlab::play::match_::{GameFailure, GameSummary, MatchState, run_match_keeping};

mod flags;

#[derive(clap::Args)]
pub struct Args {
    /// Player A's manager (spec string), e.g. `lc0-legacy(slowmover=1.2)`.
    #[arg(long, value_name = "SPEC")]
    a: String,
    /// Player B's manager (spec string).
    #[arg(long, value_name = "SPEC")]
    b: String,
    /// A's time control (cutechess syntax: `10+0.1`, `40/60+0.6`, `st=0.1`, `hg60`, …); B's too
    /// unless --tc-b is given.
    #[arg(long, value_name = "TC")]
    tc: String,
    /// B's time control (time odds).
    #[arg(long, value_name = "TC")]
    tc_b: Option<String>,
    /// Number of games (played in colour-reversed pairs).
    #[arg(long, default_value_t = 2)]
    games: u32,
    /// Play the games whose expected 95 % interval is ±ELO or narrower (instead of --games).
    #[arg(long, value_name = "ELO", conflicts_with = "games")]
    precision: Option<f64>,
    /// Searcher, concurrency, virtual speed, seed and adjudication.
    #[command(flatten)]
    game: GameArgs,
    /// Clock: virtual (nodes ÷ --nps) or real (wall time).
    #[arg(long, default_value = "virtual")]
    clock: String,
    /// Simulated latency per move under the virtual clock, ms.
    #[arg(long, default_value_t = 0.0)]
    latency: f64,
    /// Opening file: EPD/FEN lines (default: the builtin set).
    #[arg(long, value_name = "FILE")]
    openings: Option<String>,
    /// SPRT bounds `elo0,elo1` (α = β = 0.05); the match stops when it decides.
    #[arg(long, value_name = "ELO0,ELO1")]
    sprt: Option<String>,
    /// Move overhead of both managers, ms (default: each manager's own).
    #[arg(long, value_name = "MS")]
    overhead: Option<f64>,
    /// Alpha-beta hash, MB.
    #[arg(long, default_value_t = 16)]
    hash: usize,
    /// A's strength level, 1 (beginner) … 5 (full strength): a cap on the node rate, the
    /// manager untouched (docs/play.md lists the caps).
    #[arg(long, value_name = "N", default_value_t = 5)]
    level_a: u8,
    /// B's strength level, 1 … 5.
    #[arg(long, value_name = "N", default_value_t = 5)]
    level_b: u8,
    /// Write all games as PGN to this file.
    #[arg(long, value_name = "FILE")]
    pgn: Option<String>,
    /// Print JSON (config, per-game records, statistics) instead of the text block.
    #[arg(long)]
    json: bool,
    /// Print the result block every this many games (0: only at the end).
    #[arg(long, default_value_t = 10)]
    ratinginterval: u32,
}

/// The JSON output's fields before `games`.
#[derive(Serialize)]
struct JsonHead<'a> {
    engine: &'a str,
    a: String,
    b: String,
    tc_a: String,
    tc_b: String,
    level_a: u8,
    level_b: u8,
    clock: ClockMode,
    seed: u64,
}

/// The error after a match with failed games: how many, the first, and that the results
/// printed cover the others.
fn failed_games(failures: &[GameFailure], first: &GameFailure, finished: u32) -> String {
    let more = if failures.len() > 1 {
        format!(" (and {} more, listed above)", failures.len() - 1)
    } else {
        String::new()
    };
    format!(
        "{} game(s) failed: {first}{more}; the results above cover the {finished} finished games",
        failures.len()
    )
}

pub fn run(mut args: Args) -> Result<(), String> {
    args.games = estimate::games_or_precision(Some(args.games), args.precision)?;
    let match_spec = flags::match_spec(&args)?;
    let cfg = match_spec.to_config().map_err(|e| crate::flags::flag_error(crate::flags::Cmd::Match, &e))?;
    let concurrency = args.game.concurrency()?;
    // Open the PGN file before the calibration and the games: an unwritable path is refused
    // before any game (a dry run opens none).
    let pgn = match &args.pgn {
        Some(_) if args.game.dry_run => None,
        Some(path) => {
            let f = std::fs::File::create(path).map_err(|e| format!("--pgn {path}: {e}"))?;
            Some((path.clone(), std::io::BufWriter::new(f)))
        }
        None => None,
    };
    let plan = estimate::estimate(&cfg, cfg.games, cfg.games, concurrency)?;
    if estimate::announce(&plan, args.game.dry_run)? {
        return Ok(());
    }
    let json_head = if args.json {
        let head = JsonHead {
            engine: cfg.a.searcher.as_str(),
            a: cfg.a.tm.to_string(),
            b: cfg.b.tm.to_string(),
            tc_a: cfg.tc_a.to_string(),
            tc_b: cfg.tc_b.to_string(),
            level_a: cfg.a.level.level,
            level_b: cfg.b.level.level,
            clock: cfg.clock,
            seed: cfg.seed,
        };
        let text = pretty(&head, 0)?;
        Some(format!("{},\n  \"games\": [", text.trim_end().trim_end_matches('}').trim_end()))
    } else {
        None
    };
    let mut sink = Sink::new(pgn, json_head);
    let (name_a, name_b) = (cfg.name_a.clone(), cfg.name_b.clone());
    let tty = std::io::stderr().is_terminal();
    let start = std::time::Instant::now();
    let total = args.games;
    let interval = args.ratinginterval;
    let json = args.json;
    let mut sink_error = None;
    let mut on_game = |g: &GameSummary, st: &MatchState| {
        if sink_error.is_none()
            && let Err(e) = sink.game(g)
        {
            sink_error = Some(e);
        }
        let n = st.finished();
        let r = st.report(cfg.sprt);
        let w = &r.block.wdl;
        let line = format!(
            "[{n}/{total}] game {} {} ({}) | A +{} -{} ={} | timeouts A {} B {} | {:.0} s, {}",
            g.score.index + 1,
            g.record.outcome.as_ref().map_or("*", |o| o.result.as_str()),
            g.record.outcome.as_ref().map_or("", |o| o.reason.as_str()),
            w.wins,
            w.losses,
            w.draws,
            r.a.timeouts,
            r.b.timeouts,
            start.elapsed().as_secs_f64(),
            plan.left_text(n, start.elapsed().as_secs_f64())
        );
        let mut err = std::io::stderr().lock();
        if tty {
            let filled = (30 * n / total.max(1)) as usize;
            let _ = write!(err, "\r\x1b[2K[{}{}] {line}", "#".repeat(filled), "-".repeat(30 - filled));
        } else {
            let _ = writeln!(err, "{line}");
        }
        if !json && interval > 0 && n.is_multiple_of(interval) && n < total {
            if tty {
                let _ = writeln!(err);
            }
            let _ = write!(err, "{}", r.to_text(&name_a, &name_b));
        }
    };
    // A failed game is reported as it happens and at the end; the other games play on.
    let mut failures: Vec<GameFailure> = Vec::new();
    let mut on_failure = |f: &GameFailure, st: &MatchState| {
        let nl = if tty { "\n" } else { "" };
        eprintln!("{nl}[{}/{total}] {f} (the game is not counted)", st.finished());
        failures.push(f.clone());
    };
    let state = run_match_keeping(
        &cfg,
        concurrency,
        MatchState::scores_only(cfg.games),
        &mut on_game,
        &mut on_failure,
    )?;
    if tty {
        eprintln!();
    }
    if let Some(e) = sink_error {
        return Err(e);
    }
    sink.finish()?;
    let wall_ms = start.elapsed().as_secs_f64() * 1000.0;
    let report = state.report(cfg.sprt);
    let text = if json {
        format!(
            "\n  ],\n  \"report\": {},\n  \"failed\": {},\n  \"wall_ms\": {wall_ms}\n}}\n",
            pretty(&report, 2)?,
            pretty(&failures, 2)?
        )
    } else {
        let mode = match cfg.clock {
            ClockMode::Virtual { nps, latency_ms } => {
                format!("virtual clock: 1 ms = {} nodes, latency {latency_ms} ms", nps / 1000.0)
            }
            ClockMode::Real => "wall clock".into(),
        };
        format!(
            "{}{mode}; {} vs {}; {} games in {:.1} s\n",
            report.to_text(&name_a, &name_b),
            cfg.tc_a,
            cfg.tc_b,
            report.finished,
            wall_ms / 1000.0
        ) + &failures.iter().map(|f| format!("FAILED {f}\n")).collect::<String>()
    };
    print(&text)?;
    if let Some(first) = failures.first() {
        return Err(failed_games(&failures, first, report.finished));
    }
    // The results are out; a PGN file that failed part-way is reported last.
    match sink.pgn_error {
        Some(e) => Err(format!("{e} (the results above are complete; the PGN file is not)")),
        None => Ok(()),
    }
}
