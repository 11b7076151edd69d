//! Importing games with their clocks for a replay: every game of a PGN text, its players, its
//! time control tags and, per move, the clock readings its comment carries.
//!
//! Accepted comments (several may appear after one move; they are joined):
//! - `[%clk h:mm:ss(.f)]`: the mover's clock after the move, increment included (lichess,
//!   chess.com, tmlab); a command may wrap across lines (chess.com's downloads wrap at 80
//!   columns);
//! - `[%emt h:mm:ss(.f)]`: the time the move took (tmlab, fastchess, ChessBase);
//! - `[%timestamp N]` (chess.com's downloads): the time the move took, in tenths of a second,
//!   when there is no `[%emt]`;
//! - cutechess's prefix `+0.31/14 1.21s` (or `1.21s` alone): the time the move took, when there
//!   is no `[%emt]`. What fastchess and cutechess append after a comma is read too:
//!   `{-4.36/5 0.001s, Black wins by adjudication}`, OpenBench's pgnout flags
//!   `{-0.46/5 0.003s, n=8998, sd=13}`, and fastchess's `timeleft=true`
//!   `{…, tl=9.810s, latency=0.001s}`, whose `tl=` is the clock after the move (as `[%clk]`);
//! - `book` (cutechess, tmlab): a book move, played without a clock;
//! - the engine's own account ([`EngineTrace`]): eval/depth, `n=`, `sd=`, `latency=`, and
//!   tmlab's `soft=`/`hard=`/`ponderhit=`.
//!
//! A time that is not a plain non-negative number of at most 10 000 h (`1e308s`,
//! `[%clk -0:01:00]`) is an error naming the move, never read as infinity or as its absolute
//! value.
//!
//! Moves are checked against the rules from the `FEN` tag's position (or the standard one); a
//! malformed clock, an illegal move or a bad tag is an [`ImportError`] naming the game (its
//! number, White, Black and Event) and the move (`14... Nf6`).

use super::pgn::{ReadError, ReadGame, parse_clock, read_games};
use crate::error::FieldError;

/// The longest PGN text accepted, bytes (about 20 000 games).
pub const MAX_PGN_BYTES: usize = 32 << 20;

mod clocked;
mod trace;
pub use clocked::{ClockedGame, ClockedMove, GameId, ImportError, move_label};
pub use trace::{EngineTrace, parse_trace};

/// Reads every game of `text`.
///
/// # Errors
/// An empty text or one without games, a bad `FEN` tag, an illegal move, or a malformed
/// `[%clk]`/`[%emt]`.
pub fn import_pgn(text: &str) -> Result<Vec<ClockedGame>, ImportError> {
    if text.len() > MAX_PGN_BYTES {
        return Err(ImportError::text(format!(
            "the PGN is {} bytes; at most {MAX_PGN_BYTES} bytes allowed",
            text.len()
        )));
    }
    let mut games = Vec::new();
    for game in read_games(text) {
        games.push(clocked(game.map_err(import_error)?)?);
    }
    // A text of stray tokens gives games without tags or moves: not a PGN.
    games.retain(|g| !(g.tags.is_empty() && g.moves.is_empty()));
    if games.is_empty() {
        return Err(ImportError::text(
            "no game found; a PGN game is tag pairs like [White \"…\"] followed by moves like 1. e4 e5",
        ));
    }
    Ok(games)
}

/// Reads a clock command's value; `None` when absent.
fn command_ms(comment: &str, cmd: &str) -> Result<Option<f64>, FieldError> {
    let key = format!("[%{cmd}");
    let Some(at) = comment.find(&key) else { return Ok(None) };
    let rest = &comment[at + key.len()..];
    let Some(end) = rest.find(']') else {
        return Err(FieldError::new(cmd, format!("[%{cmd} …] is not closed with `]`"), ""));
    };
    let value = rest[..end].trim();
    parse_clock(value).filter(|ms| ms.is_finite()).map(Some).ok_or_else(|| {
        FieldError::new(
            cmd,
            format!("[%{cmd} {}] is not a time", crate::excerpt::excerpt(value)),
            "h:mm:ss or h:mm:ss.f (e.g. 0:02:55.3)",
        )
    })
}

/// The longest time accepted, ms (10 000 h, the cap of time controls).
const MAX_MS: f64 = 36_000_000_000.0;

/// How a time word is written: which forms [`time_ms`] accepts and how it reads them.
#[derive(Clone, Copy)]
struct TimeWord {
    /// A number without the `s` is milliseconds (`latency=37`); else it is not a time word.
    bare_ms: bool,
    /// A leading `-` is allowed (fastchess's `latency=-0.001s`, a clock's rounding).
    signed: bool,
    /// Round to the millisecond.
    round: bool,
}

/// A time written `1.21s` (seconds; cutechess, fastchess) or, where allowed, `232` (ms), in
/// ms: `Ok(None)` when the word is not of that shape, `Err(())` when it is but is no time
/// (`1e308s`, `-1s`, `nans`, more than [`MAX_MS`]).
fn time_ms(word: &str, how: TimeWord) -> Result<Option<f64>, ()> {
    let (num, scale) = match word.strip_suffix('s') {
        Some(secs) => (secs, 1000.0),
        None if how.bare_ms => (word, 1.0),
        None => return Ok(None),
    };
    let digits = if how.signed { num.strip_prefix('-').unwrap_or(num) } else { num };
    let plain = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit() || b == b'.');
    match num.parse::<f64>() {
        Ok(x) if plain && (x * scale).abs() <= MAX_MS => {
            Ok(Some(if how.round { (x * scale).round() } else { x * scale }))
        }
        Ok(_) => Err(()),
        Err(_) => Ok(None),
    }
}

/// cutechess's and fastchess's move times and time left: seconds only, rounded to the ms.
const SECONDS: TimeWord = TimeWord { bare_ms: false, signed: false, round: true };

/// cutechess's `+0.31/14 1.21s` prefix (or `1.21s` alone), before any `, …` fastchess or
/// cutechess appends: the seconds, in ms.
fn cutechess_seconds(comment: &str) -> Result<Option<f64>, FieldError> {
    let head = comment.split(',').next().unwrap_or("");
    let mut words = head.split_whitespace();
    let Some(first) = words.next() else { return Ok(None) };
    let token = if first.contains('/') { words.next() } else { Some(first) };
    let Some(token) = token else { return Ok(None) };
    time_ms(token, SECONDS).map_err(|()| {
        FieldError::new(
            "emt",
            format!("the move time `{}` is not a time", crate::excerpt::excerpt(token)),
            format!("seconds like 1.21s, at most {} s", MAX_MS / 1000.0),
        )
    })
}

/// fastchess's `tl=9.810s` (pgnout `timeleft=true`): the clock after the move, ms. A flagged
/// move's is negative (`tl=-0.006s, … loses on time (6ms overrun)`): its clock is at 0.
fn fastchess_time_left(comment: &str) -> Result<Option<f64>, FieldError> {
    let Some(word) = comment.split([',', ' ']).find_map(|w| w.trim().strip_prefix("tl=")) else {
        return Ok(None);
    };
    let (flagged, time) = match word.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, word),
    };
    match time_ms(time, SECONDS) {
        Ok(Some(ms)) => Ok(Some(if flagged { 0.0 } else { ms })),
        _ => Err(FieldError::new(
            "tl",
            format!("`tl={}` is not a time left", crate::excerpt::excerpt(word)),
            "seconds like 9.810s",
        )),
    }
}

/// chess.com's `[%timestamp N]`: the move's time in tenths of a second, ms.
fn timestamp_ms(comment: &str) -> Result<Option<f64>, FieldError> {
    let key = "[%timestamp";
    let Some(at) = comment.find(key) else { return Ok(None) };
    let rest = &comment[at + key.len()..];
    let value = rest.split(']').next().unwrap_or("").trim();
    match value.parse::<u64>() {
        Ok(t) if value.bytes().all(|b| b.is_ascii_digit()) && (t as f64) * 100.0 <= MAX_MS => {
            Ok(Some(t as f64 * 100.0))
        }
        _ => Err(FieldError::new(
            "timestamp",
            format!("[%timestamp {}] is not a time", crate::excerpt::excerpt(value)),
            "tenths of a second, e.g. 15",
        )),
    }
}

/// The game named as errors name it.
fn game_id(number: usize, tags: &[(String, String)]) -> GameId {
    let get = |k: &str| {
        tags.iter()
            .find(|(n, _)| n == k)
            .map(|(_, v)| v.clone())
            .filter(|v| !v.is_empty())
            .unwrap_or("?".into())
    };
    GameId { number, white: get("White"), black: get("Black"), event: get("Event") }
}

/// A reading error, naming the game and the move.
fn import_error(e: ReadError) -> ImportError {
    match e {
        ReadError::Text(e) => ImportError::text(format!("reading the PGN: {e}")),
        ReadError::Fen { number, tags, message } => ImportError {
            game: Some(Box::new(game_id(number, &tags))),
            mv: None,
            message: format!("FEN tag: {message}"),
        },
        ReadError::IllegalMove { number, tags, ply, san, message, .. } => ImportError {
            game: Some(Box::new(game_id(number, &tags))),
            mv: Some(move_label(ply, &san)),
            message: format!("illegal move in this position: {message}"),
        },
    }
}

/// A game read, with the clock readings and the engine's account its comments carry.
fn clocked(read: ReadGame) -> Result<ClockedGame, ImportError> {
    let id = game_id(read.number, &read.tags);
    let mut moves = Vec::with_capacity(read.moves.len());
    for m in read.moves {
        let c = m.comment.as_deref().unwrap_or("");
        let label = move_label(m.ply, &m.san);
        // The comment's field is named in the message; its allowed forms follow it.
        let at = |e: FieldError| ImportError {
            game: Some(Box::new(id.clone())),
            mv: Some(label.clone()),
            message: e.text(),
        };
        let clk_ms = match command_ms(c, "clk").map_err(&at)? {
            Some(clk) => Some(clk),
            None => fastchess_time_left(c).map_err(&at)?,
        };
        let emt_ms = match command_ms(c, "emt").map_err(&at)? {
            Some(emt) => Some(emt),
            None => match timestamp_ms(c).map_err(&at)? {
                Some(t) => Some(t),
                None => cutechess_seconds(c).map_err(&at)?,
            },
        };
        let book = c.split_whitespace().next() == Some("book") && clk_ms.is_none() && emt_ms.is_none();
        let trace = if book { None } else { trace::parse_trace(c).map_err(&at)? };
        moves.push(ClockedMove { ply: m.ply, white: m.white, san: m.san, book, clk_ms, emt_ms, trace });
    }
    Ok(ClockedGame { id, tags: read.tags, moves, result: read.result.as_str().into() })
}

#[cfg(test)]
mod tests;
