//! `tmlab match`: a match between two managers (fastchess-style output, PGN and JSON).

use std::io::{IsTerminal, Write};

use serde::Serialize;

use crate::game_args::{GameArgs, flag_error};
use crate::match_sink::{Sink, pretty};
use crate::output::print;
use tmlab::clock::TimeControl;
use tmlab::play::game::ClockMode;
use tmlab::play::match_::{GameFailure, GameSummary, MatchState, run_match_keeping};
use tmlab::play::match_spec::{MatchSpec, OpeningsSpec};
use tmlab::play::openings;
use tmlab::play::stats::Sprt;
use tmlab::tm::TmSpec;

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

fn num<T: std::str::FromStr>(what: &str, s: &str) -> Result<T, String> {
    s.trim().parse().map_err(|_| format!("{what}: {s:?} is not a valid number"))
}

fn spec(which: &str, s: &str) -> Result<TmSpec, String> {
    s.parse().map_err(|e: tmlab::tm::SpecError| format!("--{which}: {e}"))
}

fn tc(which: &str, s: &str) -> Result<TimeControl, String> {
    s.parse().map_err(|e: tmlab::clock::TcError| format!("--{which}: {e}"))
}

/// The flag of a match-spec field only `tmlab match` has.
fn own_flag(field: &str) -> Option<&'static str> {
    Some(match field {
        "a" => "--a",
        "b" => "--b",
        "games" => "--games",
        "sprt" => "--sprt",
        "tc_a" => "--tc",
        "tc_b" => "--tc-b",
        "clock.latency_ms" => "--latency",
        "hash_mb" => "--hash",
        f if f.starts_with("overhead_ms") => "--overhead",
        f if f.starts_with("openings") => "--openings",
        _ => return None,
    })
}

/// Today's date as `YYYY.MM.DD` (UTC), from the system clock (the binary only runs natively).
fn today() -> String {
    let secs =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64);
    // Civil-from-days (Howard Hinnant's algorithm).
    let z = secs.div_euclid(86_400) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The JSON output's fields before `games`.
#[derive(Serialize)]
struct JsonHead<'a> {
    engine: &'a str,
    a: String,
    b: String,
    tc_a: String,
    tc_b: String,
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

pub fn run(args: Args) -> Result<(), String> {
    // The flags fill a MatchSpec, which builds the config as the browser's matches do; its
    // errors name the spec field, so prefix them with the flag.
    let searcher = args.game.searcher()?;
    spec("a", &args.a)?;
    spec("b", &args.b)?;
    tc("tc", &args.tc)?;
    if let Some(t) = &args.tc_b {
        tc("tc-b", t)?;
    }
    let clock = match args.clock.as_str() {
        "virtual" => ClockMode::Virtual { nps: args.game.nps, latency_ms: args.latency },
        "real" | "wall" => ClockMode::Real,
        other => return Err(format!("--clock: {other:?} is not a clock mode (virtual or real)")),
    };
    let openings = match &args.openings {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("--openings {path}: {e}"))?;
            openings::parse_epd(&text).map_err(|e| format!("--openings {path}: {e}"))?;
            OpeningsSpec::Epd(text)
        }
        None => OpeningsSpec::Builtin,
    };
    let sprt = match &args.sprt {
        Some(s) => {
            let (e0, e1) = s.split_once(',').ok_or(format!("--sprt: expected elo0,elo1, got {s:?}"))?;
            Some(Sprt::new(num("--sprt elo0", e0)?, num("--sprt elo1", e1)?)?)
        }
        None => None,
    };
    let match_spec = MatchSpec {
        engine: searcher,
        a: args.a.clone(),
        b: args.b.clone(),
        name_a: None,
        name_b: None,
        tc_a: args.tc.clone(),
        tc_b: args.tc_b.clone(),
        games: args.games,
        clock,
        openings,
        seed: args.game.seed,
        sprt,
        adjudication: args.game.adjudication()?,
        overhead_ms: args.overhead,
        hash_mb: args.hash,
        event: "tmlab match".into(),
        date: today(),
    };
    let cfg = match_spec.to_config().map_err(|e| flag_error(&e, own_flag))?;
    let concurrency = args.game.concurrency()?;
    // Open the PGN file before playing: an unwritable path is refused before any game.
    let pgn = match &args.pgn {
        Some(path) => {
            let f = std::fs::File::create(path).map_err(|e| format!("--pgn {path}: {e}"))?;
            Some((path.clone(), std::io::BufWriter::new(f)))
        }
        None => None,
    };
    let json_head = if args.json {
        let head = JsonHead {
            engine: cfg.a.searcher.as_str(),
            a: cfg.a.tm.to_string(),
            b: cfg.b.tm.to_string(),
            tc_a: cfg.tc_a.to_string(),
            tc_b: cfg.tc_b.to_string(),
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
            "[{n}/{total}] game {} {} ({}) | A +{} -{} ={} | timeouts A {} B {} | {:.0} s",
            g.score.index + 1,
            g.record.outcome.as_ref().map_or("*", |o| o.result.as_str()),
            g.record.outcome.as_ref().map_or("", |o| o.reason.as_str()),
            w.wins,
            w.losses,
            w.draws,
            r.a.timeouts,
            r.b.timeouts,
            start.elapsed().as_secs_f64()
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
