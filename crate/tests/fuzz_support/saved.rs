//! The targets over what tmlab reads back from disk, a page or a pipe (issue 30): resume
//! journals of `tmlab sweep|tune --resume` (and the browser's saved records, the same sealed
//! lines), `tmlab restore` payloads, and PGN uploads of the Replay view.

use std::sync::OnceLock;

use tmlab::drive::TmSnapshot;
use tmlab::experiment::journal;
use tmlab::experiment::replay::replay_pgn;
use tmlab::experiment::resume::{check_iteration, sweep_resume, tune_resume};
use tmlab::experiment::sweep::{SweepPlan, SweepSpec};
use tmlab::experiment::tune::{TunePlan, TuneSpec};
use tmlab::play::match_spec::MatchSpec;
use tmlab::tm::{MoveContext, TmSpec};

use super::targets::{class, error};

pub const JOURNAL_DICT: &[&str] = &[
    "\n",
    "\r\n",
    "\0",
    "{\"sum\":\"",
    "\",\"record\":",
    "}",
    "{",
    "\"value\":",
    "\"game\":",
    "\"index\":",
    "\"outcome_a\":\"win\"",
    "\"outcome_a\":\"loss\"",
    "\"a_white\":true",
    "\"a_white\":false",
    "\"step\":",
    "\"k\":",
    "\"flip\":[1]",
    "\"wins\":",
    "\"losses\":",
    "\"draws\":",
    "\"theta\":",
    "0.049999999999999996",
    "1e308",
    "-1",
    "18446744073709551615",
    "null",
    "[]",
    "\"journal\":\"tmlab\"",
    "\"version\":2",
];

fn sweep_plan() -> &'static SweepPlan {
    static P: OnceLock<SweepPlan> = OnceLock::new();
    P.get_or_init(|| {
        let base = MatchSpec {
            a: "lc0-legacy".into(),
            b: "stockfish".into(),
            tc_a: "1+0.01".into(),
            games: 4,
            ..MatchSpec::default()
        };
        SweepSpec { param: "slowmover".into(), values: vec![0.5, 1.5, 2.5], base }.plan().unwrap()
    })
}

fn tune_plan() -> &'static TunePlan {
    static P: OnceLock<TunePlan> = OnceLock::new();
    P.get_or_init(|| {
        let base = MatchSpec {
            a: "lc0-legacy(slowmover=0.5)".into(),
            b: "lc0-legacy(slowmover=0.5)".into(),
            tc_a: "1+0.01".into(),
            games: 8,
            ..MatchSpec::default()
        };
        TuneSpec { params: vec!["slowmover".into()], c_end: vec![0.3], r_end: vec![0.2], pairs_per: 1, base }
            .plan()
            .unwrap()
    })
}

/// Resume journals: the text as a file holds it, then each line's payload sealed (so the checks
/// past the checksum run too). Invariants: every line is a record, a damaged line or blank;
/// damage is bounded and names a line of the text; a kept record seals to a line that opens to
/// it; a sweep keeps or refuses each record and its scores fit the plan; a tune's history follows
/// iteration by iteration and every record is in it, held or refused.
pub fn journal(data: &[u8]) -> Result<String, String> {
    let text = String::from_utf8_lossy(data);
    let lines = text.split('\n').count();
    let mut sig = String::new();
    for (pass, t) in [("raw", text.to_string()), ("sealed", sealed_lines(&text))] {
        let (records, damaged) = journal::read(&t);
        for d in &damaged {
            if d.line == 0 || d.line > lines {
                return Err(format!("{pass}: damage names line {} of {lines}", d.line));
            }
            sig.push_str(&error(pass, d.why.clone())?);
        }
        for (line, r) in &records {
            let again =
                journal::open(&journal::seal(r)?).map_err(|e| format!("line {line} re-sealed: {e}"))?;
            if &again != r {
                return Err(format!("line {line}: sealing changed the record {r:.200}"));
            }
        }
        let s = sweep_resume(sweep_plan(), &records);
        if s.kept + s.damaged.len() != records.len() {
            return Err(format!(
                "sweep: {} kept + {} damaged of {} records",
                s.kept,
                s.damaged.len(),
                records.len()
            ));
        }
        let filled = s.scores.iter().flatten().filter(|x| x.is_some()).count();
        if filled != s.kept || s.scores.len() != 3 || s.scores.iter().any(|v| v.len() != 4) {
            return Err(format!("sweep: {filled} scores for {} kept records", s.kept));
        }
        for d in &s.damaged {
            error("sweep", d.why.clone())?;
        }
        let t = tune_resume(tune_plan(), &records);
        if t.history.len() + t.held.len() + t.damaged.len() != records.len() {
            return Err(format!(
                "tune: {} + {} held + {} damaged of {} records",
                t.history.len(),
                t.held.len(),
                t.damaged.len(),
                records.len()
            ));
        }
        let mut theta = tune_plan().cfg.start();
        for (i, it) in t.history.iter().enumerate() {
            check_iteration(tune_plan(), &theta, i as u32 + 1, it)
                .map_err(|e| format!("tune: kept iteration {} does not follow: {e}", i + 1))?;
            theta.clone_from(&it.theta);
        }
        if t.held.iter().any(|(_, r)| r.step.k <= t.history.len() as u32 + 1) {
            return Err("tune: a held record is not after the missing iteration".into());
        }
        for d in &t.damaged {
            error("tune", d.why.clone())?;
        }
        sig += &format!("|{pass}:{}r{}d{}k{}h", records.len(), damaged.len(), s.kept, t.history.len());
    }
    Ok(class("journal", &sig))
}

/// Every line's payload (trimmed) sealed with its right checksum.
fn sealed_lines(text: &str) -> String {
    text.split('\n').map(|l| journal::seal_text(l.trim()) + "\n").collect()
}

pub const RESTORE_DICT: &[&str] = &[
    "{\"tm\":\"",
    "\",\"state\":\"",
    "\"}",
    ".",
    "0000000000000000",
    "0000000000000001",
    "7ff0000000000000",
    "fff0000000000000",
    "7ff8000000000000",
    "7fffffffffffffff",
    "8000000000000000",
    "000000007f800000",
    "000000007fc00000",
    "3ff0000000000000",
    "ffffffffffffffff",
];

/// `tmlab restore` payloads: a payload restores into its own manager (and a few others) or is
/// refused with a bounded error leaving the manager as it was; a manager it restores gives a
/// next move finite, non-negative limits (an infinite state value made `go` never end).
pub fn restore(data: &[u8]) -> Result<String, String> {
    let text = String::from_utf8_lossy(data);
    let snap = match TmSnapshot::from_payload(&text) {
        Ok(s) => s,
        Err(e) => return error("restore-payload", e.to_string()),
    };
    let mut sig = String::from("payload-ok");
    let own = snap.spec().parse::<TmSpec>().ok();
    let specs: Vec<TmSpec> =
        own.into_iter().chain(["stockfish", "guide"].iter().map(|s| s.parse().unwrap())).collect();
    for spec in specs {
        let mut tm = spec.build();
        tm.new_game();
        let before = TmSnapshot::take(&spec, tm.as_ref());
        match snap.restore(&spec, tm.as_mut()) {
            Err(e) => {
                if TmSnapshot::take(&spec, tm.as_ref()) != before {
                    return Err(format!("a refused payload changed {spec}: {e}"));
                }
                sig.push('|');
                sig += &error("restore", e.to_string())?;
            }
            Ok(()) => {
                for (clock, inc, ply) in [(1_000.0, 0.0, 40), (60_000.0, 600.0, 1), (10.0, 0.0, 200)] {
                    let b = tm.begin_move(&MoveContext::new(clock, inc, ply));
                    for (what, v) in [("soft", b.soft_ms), ("hard", b.hard_ms)] {
                        if !(v.is_finite() && v >= 0.0) {
                            return Err(format!(
                                "restored {spec}: {what} limit {v} at clock {clock} ply {ply}"
                            ));
                        }
                    }
                }
                sig += &format!("|ok:{}", tm.name());
            }
        }
    }
    Ok(sig)
}

pub const REPLAY_DICT: &[&str] = &[
    "[Event \"x\"]\n",
    "[TimeControl \"",
    "180+2",
    "40/7200:3600",
    "-",
    "\"]\n",
    "[WhiteTimeControl \"60+1\"]\n",
    "1. ",
    "e4 ",
    "e5 ",
    "Nf3 ",
    "{ [%clk ",
    "{ [%emt ",
    "0:03:00",
    "0:00:01.5",
    "] } ",
    "{ +0.31/14 1.21s } ",
    "{book} ",
    " 1-0\n",
    " *\n",
    "\n\n",
];

/// Replay uploads (the Replay view's worker, `tmlab replay`): a PGN replays against two
/// managers or is refused with a bounded error naming what was wrong; every time in a replay is
/// a finite, non-negative number of ms.
pub fn replay(data: &[u8]) -> Result<String, String> {
    let text = String::from_utf8_lossy(data);
    let specs: Vec<TmSpec> = ["stockfish", "lc0-legacy"].iter().map(|s| s.parse().unwrap()).collect();
    match replay_pgn(&text, &specs) {
        Err(e) => error("replay", e.to_string()),
        Ok(r) => {
            for g in &r.games {
                for side in &g.sides {
                    for m in &side.moves {
                        let times = [m.used_ms, m.clock_before_ms];
                        if times.iter().any(|t| !(t.is_finite() && *t >= 0.0)) {
                            return Err(format!(
                                "game {}: move {} has times {times:?}",
                                g.game.number, m.label
                            ));
                        }
                        for b in &m.budgets {
                            if !(b.soft_ms.is_finite() && b.hard_ms.is_finite()) {
                                return Err(format!(
                                    "game {}: move {} has limits {b:?}",
                                    g.game.number, m.label
                                ));
                            }
                        }
                    }
                }
            }
            Ok(format!("replay-ok:{}", r.games.len().min(3)))
        }
    }
}
