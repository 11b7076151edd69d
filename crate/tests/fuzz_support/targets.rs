//! The fuzz targets over text inputs. Each takes the raw bytes and returns `Ok(signature)` (a
//! short class of what happened, used to keep inputs that reach a new outcome) or `Err(why)`
//! when an invariant broke. A panic is caught by the runner and is a crash too.

use std::str::FromStr;

use tmlab::clock::TimeControl;
use tmlab::drive::fen_of;
use tmlab::drive::script::{ScriptSetup, parse_events, run_script};
use tmlab::play::match_spec::MatchSpec;
use tmlab::play::openings::{parse_epd, parse_fen, parse_lines};
use tmlab::play::pgn::{comment_command, parse_clock, parse_pgn};
use tmlab::tm::{MoveContext, TmSpec};

use super::{saved, uci};

/// A fuzz target.
pub struct Target {
    /// Its name: the folder under `tests/fuzz/`.
    pub name: &'static str,
    /// Tokens the mutator inserts.
    pub dict: &'static [&'static str],
    /// Whether the registry's manager names (and aliases) join `dict`.
    pub managers: bool,
    /// Runs one input.
    pub run: fn(&[u8]) -> Result<String, String>,
    /// One input running longer than this many ms is a hang.
    pub deadline_ms: u64,
}

/// Every target.
pub const ALL: &[Target] = &[
    Target { name: "spec", dict: SPEC_DICT, managers: true, run: spec, deadline_ms: 5_000 },
    Target { name: "tc", dict: TC_DICT, managers: false, run: tc, deadline_ms: 5_000 },
    Target { name: "fen", dict: FEN_DICT, managers: false, run: fen, deadline_ms: 5_000 },
    Target { name: "pgn", dict: PGN_DICT, managers: false, run: pgn, deadline_ms: 5_000 },
    Target { name: "matchspec", dict: MATCH_DICT, managers: false, run: matchspec, deadline_ms: 5_000 },
    Target { name: "stopper", dict: STOPPER_DICT, managers: false, run: stopper, deadline_ms: 5_000 },
    Target { name: "uci", dict: uci::DICT, managers: false, run: uci::run, deadline_ms: 60_000 },
    Target {
        name: "journal",
        dict: saved::JOURNAL_DICT,
        managers: false,
        run: saved::journal,
        deadline_ms: 5_000,
    },
    Target {
        name: "restore",
        dict: saved::RESTORE_DICT,
        managers: true,
        run: saved::restore,
        deadline_ms: 5_000,
    },
    Target {
        name: "replay",
        dict: saved::REPLAY_DICT,
        managers: false,
        run: saved::replay,
        deadline_ms: 5_000,
    },
];

/// The longest error message allowed: errors quote a short excerpt, never the whole input.
const MAX_ERROR_LEN: usize = 1000;

/// A short class of an error message: quoted parts (the echoed input) dropped, digits folded,
/// at most 48 characters, so classes name kinds of outcome rather than inputs.
pub fn class(prefix: &str, msg: &str) -> String {
    let mut out = String::new();
    let mut quoted = false;
    for c in msg.chars() {
        match c {
            '`' | '"' => quoted = !quoted,
            _ if quoted => {}
            c if c.is_ascii_digit() => out.push('#'),
            c => out.push(c),
        }
        if out.len() >= 48 {
            break;
        }
    }
    format!("{prefix}:{out}")
}

/// A bounded, non-empty error message's class; `Err` when it breaks the bounds.
pub fn error(prefix: &str, msg: String) -> Result<String, String> {
    if msg.len() > MAX_ERROR_LEN {
        return Err(format!(
            "{prefix} error is {} bytes long (max {MAX_ERROR_LEN}): {:.200}…",
            msg.len(),
            msg
        ));
    }
    if msg.trim().is_empty() {
        return Err(format!("{prefix} error message is empty"));
    }
    Ok(class(prefix, &msg))
}

const SPEC_DICT: &[&str] = &[
    "decay",
    "stopper",
    "moves-left",
    "smart-pruning",
    "preset=",
    "lc0",
    "default",
    "(",
    ")",
    ",",
    "=",
    "move-overhead=",
    "slowmover=",
    "trend-rotation=",
    "upstream",
    "intended",
    "cyclic-fix=",
    "midpoint=",
    "steepness=",
    "((((",
    "))))",
    "a=1,",
    "x(y=1)",
];

/// Spec strings: a parsed spec prints to a string that parses to the same spec, and its
/// manager gives finite, non-negative limits for a few clocks.
fn spec(data: &[u8]) -> Result<String, String> {
    let s = String::from_utf8_lossy(data);
    let spec = match TmSpec::from_str(&s) {
        Ok(spec) => spec,
        Err(e) => return error("spec", e.to_string()),
    };
    let printed = spec.to_string();
    let again =
        TmSpec::from_str(&printed).map_err(|e| format!("printed spec {printed:?} does not parse: {e}"))?;
    if again.to_string() != printed {
        return Err(format!("spec round trip changed {printed:?} into {again}"));
    }
    let mut tm = spec.build();
    tm.new_game();
    for (clock, inc, ply) in [(60_000.0, 600.0, 0), (1.0, 0.0, 80), (0.0, 0.0, 1), (36e9, 36e9, 500)] {
        let b = tm.begin_move(&MoveContext::new(clock, inc, ply));
        for (what, v) in [("soft", b.soft_ms), ("hard", b.hard_ms)] {
            if v.is_nan() || v < 0.0 {
                return Err(format!("{printed}: {what} limit {v} for clock {clock} inc {inc} ply {ply}"));
            }
        }
    }
    Ok(format!("spec-ok:{}", tm.name()))
}

const TC_DICT: &[&str] = &[
    "+",
    "/",
    ":",
    "40/",
    "60+0.6",
    "st=",
    "inf",
    "hg",
    "nodes=",
    "depth=",
    "timemargin=",
    "tc=",
    "movestogo",
    "moves",
    "d",
    "b",
    "us",
    "ms",
    "s",
    "m",
    "h",
    "?",
    "-",
    "*",
    "/move",
    " ",
];

/// Time controls (cutechess syntax and PGN tags): a parsed one prints to a string that
/// parses back to it, and its PGN tag reads back to a control with the same tag.
fn tc(data: &[u8]) -> Result<String, String> {
    let s = String::from_utf8_lossy(data);
    let mut sig = match TimeControl::from_str(&s) {
        Ok(t) => {
            let printed = t.to_string();
            let again = TimeControl::from_str(&printed)
                .map_err(|e| format!("printed time control {printed:?} does not parse: {e}"))?;
            if again != t {
                return Err(format!(
                    "time control round trip: {printed:?} reads back as {again:?}, not {t:?}"
                ));
            }
            let tag = t.pgn_tag();
            if let Ok(Some(back)) = TimeControl::from_pgn(&tag)
                && back.pgn_tag() != tag
            {
                return Err(format!("PGN tag {tag:?} reads back as {:?}", back.pgn_tag()));
            }
            "tc-ok".to_string()
        }
        Err(e) => error("tc", e.to_string())?,
    };
    match TimeControl::from_pgn(&s) {
        Ok(Some(t)) => {
            let tag = t.pgn_tag();
            let back =
                TimeControl::from_pgn(&tag).map_err(|e| format!("written PGN tag {tag:?} fails: {e}"))?;
            if back.as_ref().map(|b| b.pgn_tag()) != Some(tag.clone()) {
                return Err(format!("PGN tag {tag:?} reads back as {back:?}"));
            }
            sig.push_str("|pgn-ok");
        }
        Ok(None) => sig.push_str("|pgn-none"),
        Err(e) => add(&mut sig, &error("pgn", e.to_string())?),
    }
    Ok(sig)
}

const FEN_DICT: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "8/8/8/8/8/8/8/8",
    "/",
    " w ",
    " b ",
    "KQkq",
    "-",
    "e3",
    "e6",
    "K",
    "k",
    "Q",
    "P",
    "p",
    "8",
    "9",
    "0",
    "id \"x\";",
    "c0 \"y\";",
    "\n",
    "ECO | name | e4 e5",
    "|",
    "O-O",
    "Nf3",
    "e8=Q",
    "#",
];

/// FEN, EPD and opening lines: a parsed position's FEN parses back to the same FEN.
fn fen(data: &[u8]) -> Result<String, String> {
    let s = String::from_utf8_lossy(data);
    let mut sig = match parse_fen(&s) {
        Ok(pos) => {
            let f = fen_of(&pos);
            let again = parse_fen(&f).map_err(|e| format!("written FEN {f:?} does not parse: {e}"))?;
            if fen_of(&again) != f {
                return Err(format!("FEN round trip: {f:?} reads back as {:?}", fen_of(&again)));
            }
            "fen-ok".to_string()
        }
        Err(e) => error("fen", e.to_string())?,
    };
    match tmlab::search::position::parse_fen(&s) {
        Ok(_) => sig.push_str("|search-ok"),
        Err(e) => add(&mut sig, &error("search-fen", e.to_string())?),
    }
    match parse_epd(&s) {
        Ok(v) => {
            for o in &v {
                parse_fen(&o.fen)
                    .map_err(|e| format!("EPD position {:?} does not parse back: {e}", o.fen))?;
            }
            sig.push_str(&format!("|epd-ok{}", v.len().min(3)));
        }
        Err(e) => add(&mut sig, &error("epd", e.to_string())?),
    }
    match parse_lines(&s) {
        Ok(v) => sig.push_str(&format!("|lines-ok{}", v.len().min(3))),
        Err(e) => add(&mut sig, &error("lines", e.to_string())?),
    }
    Ok(sig)
}

const PGN_DICT: &[&str] = &[
    "[Event \"x\"]\n",
    "[FEN \"",
    "[SetUp \"1\"]\n",
    "[TimeControl \"40/60:30+1\"]\n",
    "\n\n",
    "1.",
    "1...",
    " e4 ",
    " e5 ",
    " Nf3 ",
    " O-O ",
    " exd5 ",
    " e8=Q+ ",
    " {",
    "}",
    " (",
    ")",
    " $1",
    " ;c\n",
    " 1-0",
    " 0-1",
    " 1/2-1/2",
    " *",
    "[%clk 0:01:00.5]",
    "[%emt 0:00:01]",
    "+0.31/14 1.21s",
    "\\\"",
    "%",
];

/// PGN import: every game read writes back to PGN that reads as the same moves and result,
/// and its clock comments and `TimeControl` tag are read without trouble.
fn pgn(data: &[u8]) -> Result<String, String> {
    let s = String::from_utf8_lossy(data);
    // The clock importer and the replay (over the same text) only have to answer, never panic.
    let _ = tmlab::play::pgn_import::import_pgn(&s);
    let stockfish = TmSpec::from_str("stockfish").expect("a known manager");
    let _ = tmlab::experiment::replay::replay_pgn(&s, &[stockfish]);
    let games = match parse_pgn(&s) {
        Ok(g) => g,
        Err(e) => return error("pgn", e.to_string()),
    };
    for g in &games {
        let text = g.to_pgn();
        let back = parse_pgn(&text).map_err(|e| format!("written PGN does not read back: {e}\n{text}"))?;
        let [b] = &back[..] else {
            return Err(format!("written PGN reads as {} games, not 1:\n{text}", back.len()));
        };
        let sans = |g: &tmlab::play::pgn::PgnGame| g.moves.iter().map(|m| m.san.clone()).collect::<Vec<_>>();
        if sans(b) != sans(g) || b.result != g.result {
            return Err(format!("written PGN reads back differently:\n{text}"));
        }
        for m in &g.moves {
            if let Some(c) = &m.comment {
                for cmd in ["clk", "emt"] {
                    if let Some(v) = comment_command(c, cmd).and_then(parse_clock)
                        && !(v.is_finite() && v >= 0.0)
                    {
                        return Err(format!("[%{cmd}] in {c:?} reads as {v}"));
                    }
                }
            }
        }
        if let Some(tag) = g.tag("TimeControl") {
            let _ = TimeControl::from_pgn(tag);
        }
        let _ = g.start_position();
    }
    Ok(format!("pgn-ok{}", games.len().min(3)))
}

const MATCH_DICT: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "\"",
    "null",
    "true",
    "false",
    "\"a\"",
    "\"b\"",
    "\"tc\"",
    "\"games\"",
    "\"tm\"",
    "\"searcher\"",
    "\"openings\"",
    "\"seed\"",
    "\"10+0.1\"",
    "\"stockfish\"",
    "\"mcts\"",
    "\"ab\"",
    "\"virtual_nps\"",
    "\"concurrency\"",
    "\"adjudication\"",
    "\"nodes\"",
];

/// The match spec JSON the Match view and `tmlab match` read (a shared link's values end up
/// here): a read spec writes JSON that reads back to it, and errors are bounded.
fn matchspec(data: &[u8]) -> Result<String, String> {
    let s = String::from_utf8_lossy(data);
    match MatchSpec::from_json(&s) {
        Ok(spec) => {
            let json = spec.to_json();
            let back =
                MatchSpec::from_json(&json).map_err(|e| format!("written spec {json:.300} fails: {e}"))?;
            if back != spec {
                return Err(format!("match spec round trip changed {json:.300}"));
            }
            match spec.to_config() {
                Ok(_) => Ok("match-ok".into()),
                Err(e) => error("match-config", e.to_string()),
            }
        }
        Err(e) => error("match", e.to_string()),
    }
}

const STOPPER_DICT: &[&str] = &[
    "{\"type\":\"iteration\",",
    "{\"type\":\"poll\",",
    "{\"type\":\"move-end\",",
    "\"elapsed_ms\":",
    "\"depth\":",
    "\"score\":\"cp 1\",",
    "\"score\":\"mate 1\",",
    "\"best\":\"a\",",
    "\"node_share\":0.5",
    "\"nodes\":",
    "\"root_visits\":[",
    "\"reused_nodes\":",
    "\"clock_ms\":",
    "\"movestogo\":",
    "\"need_more_time\":true",
    "\n",
    "}",
    "1e308",
    "-1",
];

/// `tmlab stopper`'s events (a scripted game): a read script plays to the end against a few
/// managers with finite, ordered budgets and limits; errors are bounded.
fn stopper(data: &[u8]) -> Result<String, String> {
    let s = String::from_utf8_lossy(data);
    let events = match parse_events(&s) {
        Ok(events) => events,
        Err(e) => return error("stopper", e.to_string()),
    };
    let mut sig = String::from("stopper-ok");
    for spec in ["stockfish", "lc0-smooth(preset=lc0)", "lc0-legacy", "guide(preset=tricks)"] {
        let setup = ScriptSetup {
            spec: spec.parse().unwrap(),
            clock_ms: 60_000.0,
            inc_ms: 600.0,
            movestogo: Some(3),
            ply: 0,
        };
        let run = match run_script(&setup, &events) {
            Ok(run) => run,
            Err(e) => {
                add(&mut sig, &error("stopper-run", e.to_string())?);
                continue;
            }
        };
        for m in &run.moves {
            let b = &m.budget;
            if !(b.soft_ms >= 0.0 && b.soft_ms <= b.hard_ms) {
                return Err(format!("{spec}, move {}: budget {b:?}", m.move_no));
            }
            if let Some(step) = m.steps.iter().find(|st| st.limit.soft_ms.is_nan()) {
                return Err(format!("{spec}, line {}: limit {:?}", step.line, step.limit));
            }
        }
        add(&mut sig, &format!("{}", run.moves.len().min(3)));
    }
    Ok(sig)
}

/// Appends `|part` to a signature.
fn add(sig: &mut String, part: &str) {
    sig.push('|');
    sig.push_str(part);
}
