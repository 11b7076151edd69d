//! `tmlab match`: a match between two managers (fastchess-style output, PGN and JSON).

use std::io::{IsTerminal, Write};

use serde::Serialize;

use crate::output::print;
use tmlab::clock::TimeControl;
use tmlab::play::engine::{EngineConfig, SearcherKind};
use tmlab::play::game::{Adjudication, ClockMode, DrawRule, ResignRule};
use tmlab::play::match_::{GameSummary, MatchConfig, MatchState, run_match};
use tmlab::play::openings;
use tmlab::play::stats::Sprt;
use tmlab::tm::TmSpec;

#[derive(clap::Args)]
pub struct Args {
    /// The searcher both players use: ab or mcts.
    #[arg(long, default_value = "ab")]
    engine: String,
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
    /// Clock: virtual (nodes ÷ --nps) or real (wall time).
    #[arg(long, default_value = "virtual")]
    clock: String,
    /// Virtual nodes per second.
    #[arg(long, default_value_t = 1_000_000.0)]
    nps: f64,
    /// Simulated latency per move under the virtual clock, ms.
    #[arg(long, default_value_t = 0.0)]
    latency: f64,
    /// Opening file: EPD/FEN lines (default: the builtin set).
    #[arg(long, value_name = "FILE")]
    openings: Option<String>,
    /// Seed of the opening order.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once (threads).
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// SPRT bounds `elo0,elo1` (α = β = 0.05); the match stops when it decides.
    #[arg(long, value_name = "ELO0,ELO1")]
    sprt: Option<String>,
    /// fastchess `-resign`: `movecount,score[,twosided]`, e.g. `3,600,true`.
    #[arg(long, value_name = "N,CP[,TWOSIDED]")]
    resign: Option<String>,
    /// fastchess `-draw`: `movenumber,movecount,score`, e.g. `40,8,10`.
    #[arg(long, value_name = "M,N,CP")]
    draw: Option<String>,
    /// fastchess `-maxmoves`: a draw after this many full moves.
    #[arg(long, value_name = "N")]
    maxmoves: Option<u32>,
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

fn adjudication(args: &Args) -> Result<Adjudication, String> {
    let mut adj = Adjudication { max_moves: args.maxmoves, ..Adjudication::default() };
    if let Some(r) = &args.resign {
        let f: Vec<&str> = r.split(',').collect();
        if !(2..=3).contains(&f.len()) {
            return Err(format!("--resign: expected movecount,score[,twosided], got {r:?}"));
        }
        adj.resign = Some(ResignRule {
            move_count: num("--resign movecount", f[0])?,
            score_cp: num("--resign score", f[1])?,
            two_sided: f.get(2).map(|s| num::<bool>("--resign twosided", s)).transpose()?.unwrap_or(false),
        });
    }
    if let Some(d) = &args.draw {
        let f: Vec<&str> = d.split(',').collect();
        if f.len() != 3 {
            return Err(format!("--draw: expected movenumber,movecount,score, got {d:?}"));
        }
        adj.draw = Some(DrawRule {
            move_number: num("--draw movenumber", f[0])?,
            move_count: num("--draw movecount", f[1])?,
            score_cp: num("--draw score", f[2])?,
        });
    }
    Ok(adj)
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

#[derive(Serialize)]
struct JsonOut<'a> {
    engine: &'a str,
    a: String,
    b: String,
    tc_a: String,
    tc_b: String,
    clock: ClockMode,
    seed: u64,
    games: Vec<&'a GameSummary>,
    report: tmlab::play::match_::MatchReport,
    wall_ms: f64,
}

pub fn run(args: Args) -> Result<(), String> {
    let searcher: SearcherKind = args.engine.parse().map_err(|e| format!("--engine: {e}"))?;
    let mut a = EngineConfig::new(searcher, spec("a", &args.a)?);
    let mut b = EngineConfig::new(searcher, spec("b", &args.b)?);
    for c in [&mut a, &mut b] {
        c.hash_mb = args.hash;
        if let Some(o) = args.overhead {
            c.set_move_overhead(o).map_err(|e| format!("--overhead: {e}"))?;
        }
    }
    let tc_a = tc("tc", &args.tc)?;
    let tc_b = match &args.tc_b {
        Some(s) => tc("tc-b", s)?,
        None => tc_a.clone(),
    };
    let clock = match args.clock.as_str() {
        "virtual" => {
            if !(args.nps.is_finite() && args.nps > 0.0) {
                return Err(format!("--nps must be a positive number, not {}", args.nps));
            }
            if !(args.latency.is_finite() && args.latency >= 0.0) {
                return Err(format!("--latency must be ≥ 0 ms, not {}", args.latency));
            }
            ClockMode::Virtual { nps: args.nps, latency_ms: args.latency }
        }
        "real" | "wall" => ClockMode::Real,
        other => return Err(format!("--clock: {other:?} is not a clock mode (virtual or real)")),
    };
    let openings = match &args.openings {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("--openings {path}: {e}"))?;
            openings::parse_epd(&text).map_err(|e| format!("--openings {path}: {e}"))?
        }
        None => openings::builtin(),
    };
    let sprt = match &args.sprt {
        Some(s) => {
            let (e0, e1) = s.split_once(',').ok_or(format!("--sprt: expected elo0,elo1, got {s:?}"))?;
            Some(Sprt::new(num("--sprt elo0", e0)?, num("--sprt elo1", e1)?)?)
        }
        None => None,
    };
    let (name_a, name_b) = (format!("A {}", a.tm), format!("B {}", b.tm));
    let cfg = MatchConfig {
        a,
        b,
        name_a: name_a.clone(),
        name_b: name_b.clone(),
        tc_a,
        tc_b,
        games: args.games,
        openings,
        seed: args.seed,
        clock,
        adjudication: adjudication(&args)?,
        sprt,
        event: "tmlab match".into(),
        date: today(),
    };
    let tty = std::io::stderr().is_terminal();
    let start = std::time::Instant::now();
    let total = args.games;
    let interval = args.ratinginterval;
    let json = args.json;
    let mut on_game = |g: &GameSummary, st: &MatchState| {
        let n = st.finished();
        let r = st.report(cfg.sprt);
        let w = &r.block.wdl;
        let line = format!(
            "[{n}/{total}] game {} {} ({}) | A +{} -{} ={} | timeouts A {} B {} | {:.0} s",
            g.index + 1,
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
    let state = run_match(&cfg, args.concurrency, &mut on_game)?;
    if tty {
        eprintln!();
    }
    let wall_ms = start.elapsed().as_secs_f64() * 1000.0;
    let report = state.report(cfg.sprt);
    if let Some(path) = &args.pgn {
        let text: String = state.games.iter().flatten().map(|g| g.record.pgn.clone()).collect();
        std::fs::write(path, text).map_err(|e| format!("--pgn {path}: {e}"))?;
    }
    if json {
        let out = JsonOut {
            engine: searcher.as_str(),
            a: cfg.a.tm.to_string(),
            b: cfg.b.tm.to_string(),
            tc_a: cfg.tc_a.to_string(),
            tc_b: cfg.tc_b.to_string(),
            clock,
            seed: cfg.seed,
            games: state.games.iter().flatten().collect(),
            report,
            wall_ms,
        };
        let text = serde_json::to_string_pretty(&out).map_err(|e| e.to_string())?;
        return print(&(text + "\n"));
    }
    let mode = match clock {
        ClockMode::Virtual { nps, latency_ms } => {
            format!("virtual clock: 1 ms = {} nodes, latency {latency_ms} ms", nps / 1000.0)
        }
        ClockMode::Real => "wall clock".into(),
    };
    print(&format!(
        "{}{mode}; {} vs {}; {} games in {:.1} s\n",
        report.to_text(&name_a, &name_b),
        cfg.tc_a,
        cfg.tc_b,
        report.finished,
        wall_ms / 1000.0
    ))
}
