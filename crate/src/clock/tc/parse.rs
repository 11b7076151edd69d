//! Reading time controls: the cutechess/fastchess syntax of [`TimeControl::from_str`] (the
//! table in the parent module's documentation) and the PGN `TimeControl` tag
//! ([`TimeControl::from_pgn`]).

use std::num::{NonZeroU32, NonZeroU64};
use std::str::FromStr;

use super::{
    Classical, DelayKind, FinalStage, MAX_TC_LEN, MAX_TIME_MS, Overtime, Period, TcError, TimeControl, Timing,
};

impl TimeControl {
    /// Reads a PGN `TimeControl` tag. `?` (unknown) gives `Ok(None)`; `-` is [`Timing::Infinite`];
    /// `*N` is hourglass; otherwise `:`-joined fields `moves/seconds`, `seconds` or
    /// `seconds+increment`, where only the last field may lack a move count. `N/move` (written by
    /// cutechess for a fixed time per move) is accepted too.
    pub fn from_pgn(tag: &str) -> Result<Option<TimeControl>, TcError> {
        let tag = tag.trim();
        match tag {
            "" => Err(TcError::new(tag, "empty TimeControl tag").allowing("?, -, *N, moves/secs, secs+inc")),
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

impl FromStr for TimeControl {
    type Err = TcError;

    /// Parses the cutechess/fastchess syntax in the module documentation.
    fn from_str(s: &str) -> Result<Self, TcError> {
        if s.len() > MAX_TC_LEN {
            let why = format!("the time control is {} bytes long", s.len());
            return Err(TcError::new(s, why).allowing(format!("at most {MAX_TC_LEN} bytes")));
        }
        let tokens: Vec<&str> = s.split_whitespace().collect();
        if tokens.is_empty() {
            return Err(TcError::new(s, "empty time control")
                .allowing("e.g. 10+0.1, 40/60+0.6, 60, st=1, inf, hg60, nodes=N, depth=N"));
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
    if let Some((main, over)) = split_at_byo(body) {
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
        // (`strip_prefix`, not `&d[1..]`: no slicing panic, whose message links `char`'s `Debug`
        // into the charts module.)
        let delay = match d.strip_prefix('b') {
            Some(rest) => Some((DelayKind::Bronstein, rest)),
            None => d.strip_prefix('d').map(|rest| (DelayKind::Simple, rest)),
        };
        if let Some((kind, rest)) = delay {
            if base.contains('/') || base.contains(';') {
                return Err(TcError::new(tok, "delays combine only with a plain base time, e.g. 60+d2"));
            }
            return Ok(Timing::Delay {
                base_ms: positive_time(base, tok)?,
                delay_ms: seconds(rest, tok)?,
                kind,
            });
        }
    }
    let fields: Vec<&str> = body.split(';').collect();
    Ok(Timing::Classical(stages(&fields, tok, seconds)?))
}

/// `body` split around its first `byo`: `split_once("byo")` without a `&str` pattern's searcher,
/// whose empty-pattern branch slices with a panic (its message links `char`'s `Debug` into the
/// charts module).
fn split_at_byo(body: &str) -> Option<(&str, &str)> {
    let i = body.as_bytes().windows(3).position(|w| w == b"byo")?;
    let (main, rest) = body.split_at_checked(i)?;
    Some((main, rest.strip_prefix("byo")?))
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
    let mut chars = v.chars();
    let factor = match chars.next_back()? {
        's' => 1.0,
        'm' => 60.0,
        'h' => 3600.0,
        _ => return None,
    };
    let num = chars.as_str();
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
    crate::decimal::parse_f64(v).ok_or_else(|| TcError::new(tok, format!("`{v}` is not a number of seconds")))
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
