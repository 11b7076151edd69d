//! `tmlab match`'s flags to a [`MatchSpec`]: each flag checked with an error naming it, then the
//! spec the browser's matches also build their config from.

use tmlab::clock::TimeControl;
use tmlab::play::game::ClockMode;
use tmlab::play::match_spec::{MatchSpec, OpeningsSpec};
use tmlab::play::openings;
use tmlab::play::stats::Sprt;
use tmlab::tm::TmSpec;

use super::Args;

/// The match spec of the flags (errors name the flag).
pub(super) fn match_spec(args: &Args) -> Result<MatchSpec, String> {
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
            openings::parse_epd(&text).map_err(|e| format!("--openings {path}: {}", e.text()))?;
            OpeningsSpec::Epd(text)
        }
        None => OpeningsSpec::Builtin,
    };
    let sprt = match &args.sprt {
        Some(s) => {
            let (e0, e1) = s.split_once(',').ok_or(format!("--sprt: expected elo0,elo1, got {s:?}"))?;
            Some(
                Sprt::new(num("--sprt elo0", e0)?, num("--sprt elo1", e1)?)
                    .map_err(|e| format!("--sprt: {e}"))?,
            )
        }
        None => None,
    };
    Ok(MatchSpec {
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
        level_a: args.level_a,
        level_b: args.level_b,
        event: "tmlab match".into(),
        date: today(),
    })
}

/// A number flag `what`.
fn num<T: std::str::FromStr>(what: &str, s: &str) -> Result<T, String> {
    s.trim().parse().map_err(|_| format!("{what}: {s:?} is not a valid number"))
}

/// A manager spec flag `--which`.
fn spec(which: &str, s: &str) -> Result<TmSpec, String> {
    s.parse().map_err(|e: tmlab::tm::SpecError| format!("--{which}: {e}"))
}

/// A time-control flag `--which`.
fn tc(which: &str, s: &str) -> Result<TimeControl, String> {
    s.parse().map_err(|e: tmlab::clock::TcError| format!("--{which}: {}", e.at(which).text()))
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
