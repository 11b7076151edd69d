//! Time controls: parsed from cutechess/fastchess syntax, echoed in fastchess style, and written
//! and read as the PGN `TimeControl` tag.
//!
//! References: cutechess @5e84232b `projects/lib/src/timecontrol.cpp`, fastchess @74deac23
//! `app/src/game/timecontrol/timecontrol.cpp`, PGN standard §9.6.1, and
//! `shared/spec/playground.md` §4.
//!
//! # Input syntax ([`TimeControl::from_str`])
//! A control is one or more whitespace-separated tokens:
//!
//! | token | meaning |
//! |---|---|
//! | `10+0.1`, `60`, `1:30+1` | sudden death with an optional Fischer increment; times in seconds, `m:ss` or `h:mm:ss` |
//! | `3m+2`, `1.5h`, `90s` | any time may carry an explicit unit: `s`, `m` (minutes) or `h`; without one it is seconds |
//! | `40/60+0.6`, `40/1:30` | `moves/time(+inc)`: a period of x moves in y, repeating |
//! | `40/9000;4500+60` | several stages joined by `;` (the form PGN import produces); the last one repeats |
//! | `tc=…` | the same, with fastchess's key (e.g. `tc=10+0.1`) |
//! | `hg60` | hourglass (sandglass) with 60 s (cutechess; PGN `*60`) |
//! | `60+d2` | simple (US) delay of 2 s (project syntax) |
//! | `60+b2` | Bronstein delay of 2 s (project syntax) |
//! | `600byo5x30` | byoyomi: 600 s main time, then 5 periods of 30 s (project syntax) |
//! | `600byo25/300` | Canadian overtime: 600 s main time, then 25 moves in every 300 s (project syntax) |
//! | `st=0.25`, `0.25/move` | fixed time per move, in seconds |
//! | `inf` | no time limit |
//! | `nodes=N`, `N nodes` | node limit per move (may be combined with a clock) |
//! | `depth=N`, `depth N` | depth limit per move (may be combined with a clock) |
//! | `timemargin=ms` | flag only when a move overshoots the clock by more than this (default 0) |
//!
//! Delays and byoyomi have no cutechess or fastchess syntax; the forms above are the project's.
//! Times have millisecond resolution: `0.0005` is rounded to the nearest millisecond.

use std::fmt;
use std::num::{NonZeroU32, NonZeroU64};
use std::str::FromStr;

use serde::Serialize;

/// The largest time accepted anywhere in a control: 10 000 hours, in milliseconds.
pub const MAX_TIME_MS: u64 = 10_000 * 3_600_000;

/// A parse error that names the bad token and says what is allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TcError {
    /// The offending token (or the whole input when it is empty).
    pub token: String,
    /// What is wrong and what is allowed.
    pub message: String,
}

/// The longest time control accepted, bytes.
pub const MAX_TC_LEN: usize = 1000;

/// The longest error message, characters (the quoted parts are cut shorter still).
const MAX_MESSAGE_CHARS: usize = 200;

/// At most 40 characters of `s`, with `…` when cut.
fn short(s: &str) -> String {
    match s.char_indices().nth(40) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_string(),
    }
}

impl TcError {
    /// An error about `token`; the token and every `quoted` part of the message are cut to a
    /// short excerpt, so a huge input never gives a huge error.
    fn new(token: &str, message: impl Into<String>) -> Self {
        let message: String = message.into();
        let message = message
            .split('`')
            .enumerate()
            .map(|(i, part)| if i % 2 == 1 { short(part) } else { part.to_string() })
            .collect::<Vec<_>>()
            .join("`");
        // A token with its own backticks upsets the quoting above: cap the whole message too.
        let message = match message.char_indices().nth(MAX_MESSAGE_CHARS) {
            Some((i, _)) => format!("{}…", &message[..i]),
            None => message,
        };
        TcError { token: short(token), message }
    }
}

impl fmt::Display for TcError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad time control token `{}`: {}", self.token, self.message)
    }
}

impl std::error::Error for TcError {}

/// A period of a classical control: `moves` moves in `time_ms`, with an increment per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Period {
    /// Moves in the period (the UCI `movestogo` at its start).
    pub moves: NonZeroU32,
    /// Time added when the period starts, in ms.
    pub time_ms: u64,
    /// Fischer increment per move during the period, in ms.
    pub inc_ms: u64,
}

/// The stage a classical control ends with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum FinalStage {
    /// The rest of the game in `time_ms`, with an increment per move.
    SuddenDeath {
        /// Time added when the stage starts, in ms.
        time_ms: u64,
        /// Fischer increment per move, in ms.
        inc_ms: u64,
    },
    /// A period that repeats until the game ends.
    Repeating(Period),
}

impl FinalStage {
    fn time_ms(&self) -> u64 {
        match *self {
            FinalStage::SuddenDeath { time_ms, .. } => time_ms,
            FinalStage::Repeating(p) => p.time_ms,
        }
    }
    fn inc_ms(&self) -> u64 {
        match *self {
            FinalStage::SuddenDeath { inc_ms, .. } => inc_ms,
            FinalStage::Repeating(p) => p.inc_ms,
        }
    }
    fn moves(&self) -> Option<NonZeroU32> {
        match *self {
            FinalStage::SuddenDeath { .. } => None,
            FinalStage::Repeating(p) => Some(p.moves),
        }
    }
}

/// A classical control: sudden death, Fischer increment, x moves in y, or several stages.
///
/// Only the last stage may be sudden death, so `leading` periods always have a move count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Classical {
    /// Periods played once each, in order (empty for cutechess controls).
    pub leading: Vec<Period>,
    /// The stage that follows them and lasts the rest of the game.
    pub last: FinalStage,
}

impl Classical {
    /// Sudden death with a Fischer increment (`base+inc`).
    pub fn fischer(base_ms: u64, inc_ms: u64) -> Self {
        Classical { leading: Vec::new(), last: FinalStage::SuddenDeath { time_ms: base_ms, inc_ms } }
    }

    /// `moves` moves in `time_ms` (+`inc_ms`), repeating.
    pub fn repeating(moves: NonZeroU32, time_ms: u64, inc_ms: u64) -> Self {
        Classical { leading: Vec::new(), last: FinalStage::Repeating(Period { moves, time_ms, inc_ms }) }
    }

    /// The stage in force after `index` completed stages (the last one repeats).
    pub(crate) fn stage(&self, index: usize) -> (u64, u64, Option<NonZeroU32>) {
        match self.leading.get(index) {
            Some(p) => (p.time_ms, p.inc_ms, Some(p.moves)),
            None => (self.last.time_ms(), self.last.inc_ms(), self.last.moves()),
        }
    }
}

/// How a move's delay is credited.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DelayKind {
    /// Bronstein: after the move, up to `delay` of the time used is given back.
    Bronstein,
    /// Simple (US) delay: the clock starts only after `delay`.
    Simple,
}

/// What follows the main time in byoyomi.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Overtime {
    /// Japanese byoyomi: every move may take `period_ms`; exceeding it uses up one of `periods`.
    Japanese {
        /// Number of periods.
        periods: NonZeroU32,
        /// Length of each period, in ms.
        period_ms: u64,
    },
    /// Canadian overtime: `moves` moves in every `period_ms`; exceeding a period loses.
    Canadian {
        /// Moves per period.
        moves: NonZeroU32,
        /// Length of each period, in ms.
        period_ms: u64,
    },
}

/// How the time of a game is measured.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "type")]
pub enum Timing {
    /// No time limit (`inf`, or games bounded only by nodes or depth).
    Infinite,
    /// A fixed time per move (`st=`).
    MoveTime {
        /// Time per move, in ms.
        ms: u64,
    },
    /// Sudden death, Fischer increment, x moves in y, several stages.
    Classical(Classical),
    /// A delay per move with no increment: the clock never gains time.
    Delay {
        /// Starting time, in ms.
        base_ms: u64,
        /// Delay per move, in ms.
        delay_ms: u64,
        /// Bronstein or simple.
        kind: DelayKind,
    },
    /// Hourglass: the time one side uses flows to the other.
    Hourglass {
        /// Starting time of each side, in ms.
        base_ms: u64,
    },
    /// Main time followed by byoyomi periods.
    Byoyomi {
        /// Main time, in ms.
        main_ms: u64,
        /// The overtime that follows.
        overtime: Overtime,
    },
}

/// A complete time control for one side: how time is measured plus optional search limits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TimeControl {
    /// The clock.
    pub timing: Timing,
    /// A node limit per move, if any.
    pub nodes: Option<NonZeroU64>,
    /// A depth limit per move, if any.
    pub depth: Option<NonZeroU32>,
    /// A move flags only when it overshoots the clock by more than this many ms (default 0).
    pub margin_ms: u64,
}

impl TimeControl {
    /// A control with only a clock (no node or depth limit, margin 0).
    pub fn new(timing: Timing) -> Self {
        TimeControl { timing, nodes: None, depth: None, margin_ms: 0 }
    }

    /// No limit at all (`inf`).
    pub fn infinite() -> Self {
        Self::new(Timing::Infinite)
    }

    /// Sudden death plus increment, in milliseconds.
    pub fn fischer(base_ms: u64, inc_ms: u64) -> Self {
        Self::new(Timing::Classical(Classical::fischer(base_ms, inc_ms)))
    }

    /// Whether the control runs a game clock (everything but `inf` and `st=`).
    pub fn has_clock(&self) -> bool {
        !matches!(self.timing, Timing::Infinite | Timing::MoveTime { .. })
    }

    /// The PGN `TimeControl` tag value (standard §9.6.1), always in seconds.
    ///
    /// `180+2`, `40/9000:4500+60`, `300`, `*180` (hourglass), `-` (no clock: `inf`, nodes- or
    /// depth-limited games, and fixed time per move, which has no standard form). Delays and
    /// byoyomi have no standard form either and are written as `?` (unknown).
    pub fn pgn_tag(&self) -> String {
        match &self.timing {
            Timing::Infinite | Timing::MoveTime { .. } => "-".to_string(),
            Timing::Hourglass { base_ms } => format!("*{}", secs(*base_ms)),
            Timing::Delay { .. } | Timing::Byoyomi { .. } => "?".to_string(),
            Timing::Classical(c) => {
                let mut fields: Vec<String> = c.leading.iter().map(|p| period_field(p, "/")).collect();
                fields.push(match c.last {
                    FinalStage::SuddenDeath { time_ms, inc_ms } => with_inc(secs(time_ms), inc_ms),
                    FinalStage::Repeating(p) => period_field(&p, "/"),
                });
                fields.join(":")
            }
        }
    }

    /// Reads a PGN `TimeControl` tag. `?` (unknown) gives `Ok(None)`; `-` is [`Timing::Infinite`];
    /// `*N` is hourglass; otherwise `:`-joined fields `moves/seconds`, `seconds` or
    /// `seconds+increment`, where only the last field may lack a move count. `N/move` (written by
    /// cutechess for a fixed time per move) is accepted too.
    pub fn from_pgn(tag: &str) -> Result<Option<TimeControl>, TcError> {
        let tag = tag.trim();
        match tag {
            "" => Err(TcError::new(tag, "empty TimeControl tag; allowed: ?, -, *N, moves/secs, secs+inc")),
            "?" => Ok(None),
            "-" => Ok(Some(TimeControl::infinite())),
            _ => {
                if let Some(rest) = tag.strip_prefix('*') {
                    let base_ms = seconds_plain(rest, tag)?;
                    return Ok(Some(TimeControl::new(Timing::Hourglass { base_ms })));
                }
                if let Some(st) = tag.strip_suffix("/move") {
                    return Ok(Some(TimeControl::new(Timing::MoveTime { ms: seconds_plain(st, tag)? })));
                }
                let fields: Vec<&str> = tag.split(':').collect();
                let classical = stages(&fields, tag, seconds_plain)?;
                Ok(Some(TimeControl::new(Timing::Classical(classical))))
            }
        }
    }
}

/// `moves/time(+inc)` with `sep` between moves and time.
fn period_field(p: &Period, sep: &str) -> String {
    with_inc(format!("{}{sep}{}", p.moves, secs(p.time_ms)), p.inc_ms)
}

fn with_inc(s: String, inc_ms: u64) -> String {
    if inc_ms > 0 { format!("{s}+{}", secs(inc_ms)) } else { s }
}

/// Milliseconds as seconds with at most three decimals and no trailing zeros: 600 → `0.6`.
pub fn secs(ms: u64) -> String {
    let whole = ms / 1000;
    let frac = ms % 1000;
    if frac == 0 {
        whole.to_string()
    } else {
        let f = format!("{frac:03}");
        format!("{whole}.{}", f.trim_end_matches('0'))
    }
}

impl fmt::Display for TimeControl {
    /// fastchess-style echo: `40/60+0.6`, `10+0.1`, `0.25/move`, `inf`, `hg60`, `5000 nodes`,
    /// `depth 8`, `timemargin=50`, joined by spaces. It parses back to the same control.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        match &self.timing {
            Timing::Infinite => {
                if self.nodes.is_none() && self.depth.is_none() {
                    parts.push("inf".into())
                }
            }
            Timing::MoveTime { ms } => parts.push(format!("{}/move", secs(*ms))),
            Timing::Hourglass { base_ms } => parts.push(format!("hg{}", secs(*base_ms))),
            Timing::Delay { base_ms, delay_ms, kind } => {
                let k = match kind {
                    DelayKind::Bronstein => 'b',
                    DelayKind::Simple => 'd',
                };
                parts.push(format!("{}+{k}{}", secs(*base_ms), secs(*delay_ms)))
            }
            Timing::Byoyomi { main_ms, overtime } => parts.push(match overtime {
                Overtime::Japanese { periods, period_ms } => {
                    format!("{}byo{periods}x{}", secs(*main_ms), secs(*period_ms))
                }
                Overtime::Canadian { moves, period_ms } => {
                    format!("{}byo{moves}/{}", secs(*main_ms), secs(*period_ms))
                }
            }),
            Timing::Classical(c) => {
                let mut stages: Vec<String> = c.leading.iter().map(|p| period_field(p, "/")).collect();
                stages.push(match c.last {
                    FinalStage::SuddenDeath { time_ms, inc_ms } => with_inc(secs(time_ms), inc_ms),
                    FinalStage::Repeating(p) => period_field(&p, "/"),
                });
                parts.push(stages.join(";"))
            }
        }
        if let Some(n) = self.nodes {
            parts.push(format!("{n} nodes"));
        }
        if let Some(d) = self.depth {
            parts.push(format!("depth {d}"));
        }
        if self.margin_ms > 0 {
            parts.push(format!("timemargin={}", self.margin_ms));
        }
        f.write_str(&parts.join(" "))
    }
}

impl FromStr for TimeControl {
    type Err = TcError;

    /// Parses the cutechess/fastchess syntax in the module documentation.
    fn from_str(s: &str) -> Result<Self, TcError> {
        if s.len() > MAX_TC_LEN {
            let why = format!("the time control is {} bytes long; at most {MAX_TC_LEN} allowed", s.len());
            return Err(TcError::new(s, why));
        }
        let tokens: Vec<&str> = s.split_whitespace().collect();
        if tokens.is_empty() {
            return Err(TcError::new(
                s,
                "empty time control; allowed e.g. 10+0.1, 40/60+0.6, 60, st=1, inf, hg60, nodes=N, depth=N",
            ));
        }
        let mut timing: Option<(Timing, &str)> = None;
        let mut nodes = None;
        let mut depth = None;
        let mut margin = None;
        let mut i = 0;
        while i < tokens.len() {
            let tok = tokens[i];
            let next = tokens.get(i + 1).copied();
            let mut set_timing = |t: Timing| -> Result<(), TcError> {
                if let Some((_, first)) = timing {
                    return Err(TcError::new(tok, format!("a second clock after `{first}`; give only one")));
                }
                timing = Some((t, tok));
                Ok(())
            };
            if let Some(v) = tok.strip_prefix("nodes=") {
                set_once(&mut nodes, positive_u64(v, tok)?, tok)?;
            } else if let Some(v) = tok.strip_prefix("depth=") {
                set_once(&mut depth, positive_u32(v, tok)?, tok)?;
            } else if tok == "depth" {
                let v = next.ok_or_else(|| TcError::new(tok, "`depth` needs a number after it"))?;
                set_once(&mut depth, positive_u32(v, v)?, tok)?;
                i += 1;
            } else if next == Some("nodes") {
                set_once(&mut nodes, positive_u64(tok, tok)?, tok)?;
                i += 1;
            } else if let Some(v) = tok.strip_prefix("timemargin=") {
                let ms: u64 =
                    v.parse().map_err(|_| TcError::new(tok, "timemargin must be whole milliseconds ≥ 0"))?;
                set_once(&mut margin, ms, tok)?;
            } else if let Some(v) = tok.strip_prefix("st=") {
                set_timing(Timing::MoveTime { ms: seconds(v, tok)? })?;
            } else if let Some(v) = tok.strip_suffix("/move") {
                set_timing(Timing::MoveTime { ms: seconds(v, tok)? })?;
            } else if tok == "inf" || tok == "tc=inf" {
                set_timing(Timing::Infinite)?;
            } else {
                let body = tok.strip_prefix("tc=").unwrap_or(tok);
                set_timing(parse_clock(body, tok)?)?;
            }
            i += 1;
        }
        let timing = match timing {
            Some((t, _)) => t,
            None if nodes.is_some() || depth.is_some() => Timing::Infinite,
            None => return Err(TcError::new(s, "a margin alone is not a time control; add a clock")),
        };
        Ok(TimeControl { timing, nodes, depth, margin_ms: margin.unwrap_or(0) })
    }
}

fn set_once<T>(slot: &mut Option<T>, v: T, tok: &str) -> Result<(), TcError> {
    if slot.is_some() {
        return Err(TcError::new(tok, "given twice"));
    }
    *slot = Some(v);
    Ok(())
}

fn positive_u64(v: &str, tok: &str) -> Result<NonZeroU64, TcError> {
    v.parse::<NonZeroU64>().map_err(|_| TcError::new(tok, "needs a whole number ≥ 1"))
}

fn positive_u32(v: &str, tok: &str) -> Result<NonZeroU32, TcError> {
    v.parse::<NonZeroU32>().map_err(|_| TcError::new(tok, "needs a whole number from 1 to 4294967295"))
}

/// The clock part of a control: `hg60`, `60+d2`, `60+b2`, `600byo5x30`, `600byo25/300`, or
/// `;`-joined classical stages.
fn parse_clock(body: &str, tok: &str) -> Result<Timing, TcError> {
    if let Some(rest) = body.strip_prefix("hg") {
        return Ok(Timing::Hourglass { base_ms: seconds(rest, tok)? });
    }
    if let Some((main, over)) = body.split_once("byo") {
        let main_ms = seconds(main, tok)?;
        let overtime = if let Some((n, p)) = over.split_once('x') {
            let periods = positive_u32(n, tok)?;
            Overtime::Japanese { periods, period_ms: positive_time(p, tok)? }
        } else if let Some((k, p)) = over.split_once('/') {
            let moves = positive_u32(k, tok)?;
            Overtime::Canadian { moves, period_ms: positive_time(p, tok)? }
        } else {
            return Err(TcError::new(
                tok,
                "byoyomi is MAINbyoNxP (N periods of P s) or MAINbyoK/P (K moves in P s)",
            ));
        };
        return Ok(Timing::Byoyomi { main_ms, overtime });
    }
    if let Some((base, d)) = body.split_once('+') {
        let kind = if d.starts_with('b') {
            Some(DelayKind::Bronstein)
        } else if d.starts_with('d') {
            Some(DelayKind::Simple)
        } else {
            None
        };
        if let Some(kind) = kind {
            if base.contains('/') || base.contains(';') {
                return Err(TcError::new(tok, "delays combine only with a plain base time, e.g. 60+d2"));
            }
            return Ok(Timing::Delay {
                base_ms: positive_time(base, tok)?,
                delay_ms: seconds(&d[1..], tok)?,
                kind,
            });
        }
    }
    let fields: Vec<&str> = body.split(';').collect();
    Ok(Timing::Classical(stages(&fields, tok, seconds)?))
}

/// Classical stages from fields `moves/time(+inc)` or `time(+inc)`; only the last may lack moves.
fn stages(
    fields: &[&str],
    tok: &str,
    time: fn(&str, &str) -> Result<u64, TcError>,
) -> Result<Classical, TcError> {
    let mut leading = Vec::new();
    let mut last = None;
    for (i, field) in fields.iter().enumerate() {
        let is_last = i + 1 == fields.len();
        let (main, inc) = match field.split_once('+') {
            Some((m, inc)) => (m, time(inc, tok)?),
            None => (*field, 0),
        };
        let stage = match main.split_once('/') {
            Some((moves, t)) => {
                let moves = moves.parse::<NonZeroU32>().map_err(|_| {
                    TcError::new(
                        tok,
                        format!("`{moves}` is not a move count ≥ 1 in `{field}` (moves/time+inc)"),
                    )
                })?;
                FinalStage::Repeating(Period { moves, time_ms: time(t, tok)?, inc_ms: inc })
            }
            None => FinalStage::SuddenDeath { time_ms: time(main, tok)?, inc_ms: inc },
        };
        if stage.time_ms() == 0 && stage.inc_ms() == 0 {
            return Err(TcError::new(tok, "a stage needs time or an increment (use `inf` for no limit)"));
        }
        if is_last {
            last = Some(stage);
        } else {
            match stage {
                FinalStage::Repeating(p) => leading.push(p),
                FinalStage::SuddenDeath { .. } => {
                    return Err(TcError::new(
                        tok,
                        format!("only the last stage may be sudden death, not `{field}`"),
                    ));
                }
            }
        }
    }
    let last = last.ok_or_else(|| TcError::new(tok, "no stage given"))?;
    Ok(Classical { leading, last })
}

fn positive_time(v: &str, tok: &str) -> Result<u64, TcError> {
    let ms = seconds(v, tok)?;
    if ms == 0 {
        return Err(TcError::new(tok, format!("`{v}` must be more than 0 seconds")));
    }
    Ok(ms)
}

/// A time with an explicit unit (`3m`, `1.5h`, `90s`): never guessed, so `3+2` stays seconds.
fn with_unit(v: &str, tok: &str) -> Option<Result<u64, TcError>> {
    let (num, factor) = match v.char_indices().last()? {
        (i, 's') => (&v[..i], 1.0),
        (i, 'm') => (&v[..i], 60.0),
        (i, 'h') => (&v[..i], 3600.0),
        _ => return None,
    };
    if num.contains(':') {
        return Some(Err(TcError::new(
            tok,
            format!("`{v}`: a unit goes on a plain number (3m, 90s), not on m:ss"),
        )));
    }
    Some(decimal(num, tok).and_then(|x| {
        let ms = (x * factor * 1000.0).round();
        if ms > MAX_TIME_MS as f64 {
            return Err(TcError::new(tok, format!("`{v}` is longer than 10000 hours")));
        }
        Ok(ms as u64)
    }))
}

/// Seconds (`1.5`), `m:ss` (`1:30`), `h:mm:ss`, or a number with a unit (`3m`, `1.5h`, `90s`),
/// rounded to whole milliseconds.
fn seconds(v: &str, tok: &str) -> Result<u64, TcError> {
    if let Some(ms) = with_unit(v, tok) {
        return ms;
    }
    let parts: Vec<&str> = v.split(':').collect();
    if parts.len() > 3 {
        return Err(TcError::new(tok, format!("`{v}`: time is seconds, m:ss or h:mm:ss")));
    }
    // "m:ss" = m·60 s + ss; "h:mm:ss" = (h·60 + mm)·60 s + ss: each part before a colon counts
    // in the next unit up.
    let mut acc = 0u64;
    for (i, p) in parts.iter().enumerate() {
        let ms = seconds_plain(p, tok)?;
        if i + 1 < parts.len() && ms % 1000 != 0 {
            return Err(TcError::new(tok, format!("`{v}`: only the seconds may have a fraction")));
        }
        if i > 0 && ms >= 60_000 {
            return Err(TcError::new(tok, format!("`{v}`: minutes and seconds after `:` must be below 60")));
        }
        acc = if i == 0 { ms } else { acc.saturating_mul(60).saturating_add(ms) };
    }
    if acc > MAX_TIME_MS {
        return Err(TcError::new(tok, format!("`{v}` is longer than 10000 hours")));
    }
    Ok(acc)
}

/// A plain non-negative decimal number (`0.1`, `60`).
fn decimal(v: &str, tok: &str) -> Result<f64, TcError> {
    let ok = !v.is_empty()
        && v.chars().all(|c| c.is_ascii_digit() || c == '.')
        && v.chars().filter(|&c| c == '.').count() <= 1
        && v != ".";
    if !ok {
        return Err(TcError::new(tok, format!("`{v}` is not a time in seconds (e.g. 60, 0.1, 1:30, 3m)")));
    }
    v.parse().map_err(|_| TcError::new(tok, format!("`{v}` is not a number of seconds")))
}

/// Plain non-negative seconds with an optional fraction (`0.1`, `60`), in whole milliseconds.
fn seconds_plain(v: &str, tok: &str) -> Result<u64, TcError> {
    let x = decimal(v, tok)?;
    let ms = (x * 1000.0).round();
    if ms > MAX_TIME_MS as f64 {
        return Err(TcError::new(tok, format!("`{v}` is longer than 10000 hours")));
    }
    Ok(ms as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tc(s: &str) -> TimeControl {
        s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    fn nz(n: u32) -> NonZeroU32 {
        NonZeroU32::new(n).unwrap()
    }

    #[test]
    fn cutechess_forms_parse_echo_and_tag() {
        // (input, control, fastchess echo, PGN tag)
        let cases = [
            ("10+0.1", TimeControl::fischer(10_000, 100), "10+0.1", "10+0.1"),
            ("60", TimeControl::fischer(60_000, 0), "60", "60"),
            ("tc=60+0.6", TimeControl::fischer(60_000, 600), "60+0.6", "60+0.6"),
            (
                "40/60+0.6",
                TimeControl::new(Timing::Classical(Classical::repeating(nz(40), 60_000, 600))),
                "40/60+0.6",
                "40/60+0.6",
            ),
            (
                "40/1:30+1",
                TimeControl::new(Timing::Classical(Classical::repeating(nz(40), 90_000, 1000))),
                "40/90+1",
                "40/90+1",
            ),
            ("1:00:00", TimeControl::fischer(3_600_000, 0), "3600", "3600"),
            ("st=1", TimeControl::new(Timing::MoveTime { ms: 1000 }), "1/move", "-"),
            ("0.25/move", TimeControl::new(Timing::MoveTime { ms: 250 }), "0.25/move", "-"),
            ("inf", TimeControl::infinite(), "inf", "-"),
            ("hg60", TimeControl::new(Timing::Hourglass { base_ms: 60_000 }), "hg60", "*60"),
            (
                "60+d2",
                TimeControl::new(Timing::Delay { base_ms: 60_000, delay_ms: 2000, kind: DelayKind::Simple }),
                "60+d2",
                "?",
            ),
            (
                "60+b2.5",
                TimeControl::new(Timing::Delay {
                    base_ms: 60_000,
                    delay_ms: 2500,
                    kind: DelayKind::Bronstein,
                }),
                "60+b2.5",
                "?",
            ),
            (
                "600byo5x30",
                TimeControl::new(Timing::Byoyomi {
                    main_ms: 600_000,
                    overtime: Overtime::Japanese { periods: nz(5), period_ms: 30_000 },
                }),
                "600byo5x30",
                "?",
            ),
            (
                "600byo25/300",
                TimeControl::new(Timing::Byoyomi {
                    main_ms: 600_000,
                    overtime: Overtime::Canadian { moves: nz(25), period_ms: 300_000 },
                }),
                "600byo25/300",
                "?",
            ),
        ];
        for (input, want, echo, tag) in cases {
            let got = tc(input);
            assert_eq!(got, want, "{input}");
            assert_eq!(got.to_string(), echo, "{input}");
            assert_eq!(got.pgn_tag(), tag, "{input}");
            assert_eq!(tc(&got.to_string()), got, "echo of {input} re-parses");
        }
    }

    #[test]
    fn limits_and_margin_combine_with_a_clock() {
        let t = tc("10+0.1 nodes=5000 depth=8 timemargin=50");
        assert_eq!(t.timing, TimeControl::fischer(10_000, 100).timing);
        assert_eq!(t.nodes.map(|n| n.get()), Some(5000));
        assert_eq!(t.depth.map(|d| d.get()), Some(8));
        assert_eq!(t.margin_ms, 50);
        assert_eq!(t.to_string(), "10+0.1 5000 nodes depth 8 timemargin=50");
        assert_eq!(tc(&t.to_string()), t);
        let n = tc("nodes=1000");
        assert_eq!(n.timing, Timing::Infinite);
        assert_eq!(n.to_string(), "1000 nodes");
        assert_eq!(tc("1000 nodes"), n);
        assert_eq!(tc("depth 6").depth.map(|d| d.get()), Some(6));
        assert_eq!(n.pgn_tag(), "-");
        assert!(!n.has_clock() && t.has_clock());
    }

    #[test]
    fn pgn_tags_import_and_round_trip() {
        let t = TimeControl::from_pgn("40/9000:4500+60").unwrap().unwrap();
        let Timing::Classical(c) = &t.timing else { panic!("classical expected") };
        assert_eq!(c.leading, vec![Period { moves: nz(40), time_ms: 9_000_000, inc_ms: 0 }]);
        assert_eq!(c.last, FinalStage::SuddenDeath { time_ms: 4_500_000, inc_ms: 60_000 });
        assert_eq!(t.pgn_tag(), "40/9000:4500+60");
        assert_eq!(t.to_string(), "40/9000;4500+60");
        assert_eq!(tc(&t.to_string()), t);
        for tag in ["180+2", "300", "40/9000", "*180", "-", "40/7200:20/3600:900+30"] {
            let t = TimeControl::from_pgn(tag).unwrap().unwrap();
            assert_eq!(t.pgn_tag(), tag);
        }
        assert_eq!(TimeControl::from_pgn("?").unwrap(), None);
        assert_eq!(TimeControl::from_pgn("1/move").unwrap().unwrap().timing, Timing::MoveTime { ms: 1000 });
        for bad in ["", "300:40/9000", "40/x", "3:00", "*", "180+"] {
            assert!(TimeControl::from_pgn(bad).is_err(), "{bad} must be rejected");
        }
    }

    #[test]
    fn errors_name_the_bad_token() {
        let cases = [
            ("10+x", "10+x"),
            ("abc", "abc"),
            ("40/0", "40/0"),
            ("0/60", "0/60"),
            ("1:75", "1:75"),
            ("st=-1", "st=-1"),
            ("10+0.1 20+0.2", "20+0.2"),
            ("nodes=0", "nodes=0"),
            ("nodes=-3", "nodes=-3"),
            ("timemargin=abc", "timemargin=abc"),
            ("hgx", "hgx"),
            ("60+d", "60+d"),
            ("0", "0"),
            ("60;40/60", "60;40/60"),
            ("600byo5", "600byo5"),
            ("depth", "depth"),
            ("inf 60", "60"),
            ("1e3", "1e3"),
            ("nan", "nan"),
        ];
        for (input, token) in cases {
            let e = input.parse::<TimeControl>().expect_err(input);
            assert_eq!(e.token, token, "{input}: {e}");
            assert!(e.to_string().contains(token), "{e}");
        }
        assert!("".parse::<TimeControl>().is_err());
        assert!("timemargin=5".parse::<TimeControl>().is_err());
        assert!("99999999".parse::<TimeControl>().is_err(), "more than 10000 hours");
    }

    #[test]
    fn explicit_units_only() {
        // Seconds unless a unit says otherwise: `3+2` is three seconds, `3m+2` three minutes.
        assert_eq!(tc("3+2"), TimeControl::fischer(3_000, 2_000));
        assert_eq!(tc("3m+2"), TimeControl::fischer(180_000, 2_000));
        assert_eq!(tc("3m+2").to_string(), "180+2");
        assert_eq!(tc("0.5m+0"), TimeControl::fischer(30_000, 0));
        assert_eq!(tc("1.5h+30s"), TimeControl::fischer(5_400_000, 30_000));
        assert_eq!(tc("tc=10m+5"), tc("600+5"));
        assert_eq!(tc("40/90m+30s"), tc("40/5400+30"));
        assert_eq!(tc("st=2s"), tc("st=2"));
        assert_eq!(tc("5m+d3"), tc("300+d3"));
        for bad in ["1:30m", "m+2", "3x+2", "3mm", "-3m", "20000h"] {
            let e = bad.parse::<TimeControl>().expect_err(bad);
            assert!(e.to_string().contains(bad), "{bad}: {e}");
        }
    }

    #[test]
    fn seconds_render_without_trailing_zeros() {
        assert_eq!(secs(600), "0.6");
        assert_eq!(secs(60_000), "60");
        assert_eq!(secs(1_050), "1.05");
        assert_eq!(secs(1), "0.001");
    }
}
