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

use std::ops::ControlFlow;

use pgn_reader::{KnownOutcome, Outcome, RawComment, RawTag, Reader, SanPlus, Visitor};
use shakmaty::{Chess, Position};

use super::openings::parse_fen;
use super::pgn::parse_clock;

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
    let mut reader = Reader::new(text.as_bytes());
    let mut games = Vec::new();
    loop {
        let mut visitor = Collect { number: games.len() + 1 };
        match reader.read_game(&mut visitor) {
            Ok(Some(Ok(game))) => games.push(game),
            Ok(Some(Err(e))) => return Err(e),
            Ok(None) => break,
            Err(e) => return Err(ImportError::text(format!("reading the PGN: {e}"))),
        }
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
fn command_ms(comment: &str, cmd: &str) -> Result<Option<f64>, String> {
    let key = format!("[%{cmd}");
    let Some(at) = comment.find(&key) else { return Ok(None) };
    let rest = &comment[at + key.len()..];
    let Some(end) = rest.find(']') else {
        return Err(format!("[%{cmd} …] is not closed with `]`"));
    };
    let value = rest[..end].trim();
    parse_clock(value).filter(|ms| ms.is_finite()).map(Some).ok_or_else(|| {
        format!(
            "[%{cmd} {}] is not a time; allowed: h:mm:ss or h:mm:ss.f (e.g. 0:02:55.3)",
            crate::excerpt::excerpt(value)
        )
    })
}

/// The longest move time accepted, s (10 000 h, the cap of time controls).
const MAX_MOVE_SECS: f64 = 36_000_000.0;

/// Seconds written `1.21s` (cutechess, fastchess), in ms: `Ok(None)` when the word is not of
/// that shape, `Err(())` when it is but is no time (`1e308s`, `-1s`, `nans`).
fn seconds(word: &str) -> Result<Option<f64>, ()> {
    let Some(num) = word.strip_suffix('s') else { return Ok(None) };
    let plain = !num.is_empty() && num.bytes().all(|b| b.is_ascii_digit() || b == b'.');
    match num.parse::<f64>() {
        Ok(secs) if plain && secs <= MAX_MOVE_SECS => Ok(Some((secs * 1000.0).round())),
        Ok(_) => Err(()),
        Err(_) => Ok(None),
    }
}

/// cutechess's `+0.31/14 1.21s` prefix (or `1.21s` alone), before any `, …` fastchess or
/// cutechess appends: the seconds, in ms.
fn cutechess_seconds(comment: &str) -> Result<Option<f64>, String> {
    let head = comment.split(',').next().unwrap_or("");
    let mut words = head.split_whitespace();
    let Some(first) = words.next() else { return Ok(None) };
    let token = if first.contains('/') { words.next() } else { Some(first) };
    let Some(token) = token else { return Ok(None) };
    seconds(token).map_err(|()| {
        format!(
            "the move time `{}` is not a time; allowed: seconds like 1.21s, at most {MAX_MOVE_SECS} s",
            crate::excerpt::excerpt(token)
        )
    })
}

/// fastchess's `tl=9.810s` (pgnout `timeleft=true`): the clock after the move, ms. A flagged
/// move's is negative (`tl=-0.006s, … loses on time (6ms overrun)`): its clock is at 0.
fn fastchess_time_left(comment: &str) -> Result<Option<f64>, String> {
    let Some(word) = comment.split([',', ' ']).find_map(|w| w.trim().strip_prefix("tl=")) else {
        return Ok(None);
    };
    let (flagged, time) = match word.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, word),
    };
    match seconds(time) {
        Ok(Some(ms)) => Ok(Some(if flagged { 0.0 } else { ms })),
        _ => Err(format!(
            "`tl={}` is not a time left; allowed: seconds like 9.810s",
            crate::excerpt::excerpt(word)
        )),
    }
}

/// chess.com's `[%timestamp N]`: the move's time in tenths of a second, ms.
fn timestamp_ms(comment: &str) -> Result<Option<f64>, String> {
    let key = "[%timestamp";
    let Some(at) = comment.find(key) else { return Ok(None) };
    let rest = &comment[at + key.len()..];
    let value = rest.split(']').next().unwrap_or("").trim();
    match value.parse::<u64>() {
        Ok(t) if value.bytes().all(|b| b.is_ascii_digit()) && (t as f64) <= MAX_MOVE_SECS * 10.0 => {
            Ok(Some(t as f64 * 100.0))
        }
        _ => Err(format!(
            "[%timestamp {}] is not a time; allowed: tenths of a second, e.g. 15",
            crate::excerpt::excerpt(value)
        )),
    }
}

struct Collect {
    number: usize,
}

struct Movetext {
    game: ClockedGame,
    pos: Chess,
    first_ply: u32,
    /// The full comment of each move, joined.
    comments: Vec<String>,
    error: Option<ImportError>,
}

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

impl Visitor for Collect {
    type Tags = Vec<(String, String)>;
    type Movetext = Movetext;
    type Output = Result<ClockedGame, ImportError>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(Vec::new())
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<Self::Output> {
        tags.push((String::from_utf8_lossy(name).into_owned(), value.decode_utf8_lossy().into_owned()));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        let id = game_id(self.number, &tags);
        let pos = match tags.iter().find(|(k, _)| k == "FEN") {
            Some((_, fen)) => match parse_fen(fen) {
                Ok(p) => p,
                Err(e) => {
                    let e =
                        ImportError { game: Some(Box::new(id)), mv: None, message: format!("FEN tag: {e}") };
                    return ControlFlow::Break(Err(e));
                }
            },
            None => Chess::default(),
        };
        let first_ply = crate::drive::game_ply(&pos, 0);
        let game = ClockedGame { id, tags, moves: Vec::new(), result: "*".into() };
        ControlFlow::Continue(Movetext { game, pos, first_ply, comments: Vec::new(), error: None })
    }

    fn san(&mut self, mt: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        if mt.error.is_some() {
            return ControlFlow::Continue(());
        }
        let ply = mt.first_ply.saturating_add(mt.game.moves.len() as u32);
        match san_plus.san.to_move(&mt.pos) {
            Ok(m) => {
                let white = mt.pos.turn().is_white();
                let san = SanPlus::from_move_and_play_unchecked(&mut mt.pos, m).to_string();
                mt.game.moves.push(ClockedMove {
                    ply,
                    white,
                    san,
                    book: false,
                    clk_ms: None,
                    emt_ms: None,
                    trace: None,
                });
                mt.comments.push(String::new());
            }
            Err(e) => {
                mt.error = Some(ImportError {
                    game: Some(Box::new(mt.game.id.clone())),
                    mv: Some(move_label(ply, &san_plus.to_string())),
                    message: format!("illegal move in this position: {e}"),
                });
            }
        }
        ControlFlow::Continue(())
    }

    fn comment(&mut self, mt: &mut Self::Movetext, comment: RawComment<'_>) -> ControlFlow<Self::Output> {
        if let Some(last) = mt.comments.last_mut() {
            let text = String::from_utf8_lossy(comment.as_bytes());
            if !last.is_empty() {
                last.push(' ');
            }
            last.push_str(text.trim());
        }
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, mt: &mut Self::Movetext, outcome: Outcome) -> ControlFlow<Self::Output> {
        mt.game.result = match outcome {
            Outcome::Known(KnownOutcome::Decisive { winner }) if winner.is_white() => "1-0",
            Outcome::Known(KnownOutcome::Decisive { .. }) => "0-1",
            Outcome::Known(KnownOutcome::Draw) => "1/2-1/2",
            Outcome::Unknown => "*",
        }
        .into();
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, mt: Self::Movetext) -> Self::Output {
        if let Some(e) = mt.error {
            return Err(e);
        }
        let mut game = mt.game;
        for (m, c) in game.moves.iter_mut().zip(&mt.comments) {
            let label = m.label();
            let at = |message: String| ImportError {
                game: Some(Box::new(game.id.clone())),
                mv: Some(label.clone()),
                message,
            };
            m.clk_ms = match command_ms(c, "clk").map_err(&at)? {
                Some(clk) => Some(clk),
                None => fastchess_time_left(c).map_err(&at)?,
            };
            m.emt_ms = match command_ms(c, "emt").map_err(&at)? {
                Some(emt) => Some(emt),
                None => match timestamp_ms(c).map_err(&at)? {
                    Some(t) => Some(t),
                    None => cutechess_seconds(c).map_err(&at)?,
                },
            };
            m.book = c.split_whitespace().next() == Some("book") && m.clk_ms.is_none() && m.emt_ms.is_none();
            m.trace = if m.book { None } else { trace::parse_trace(c).map_err(&at)? };
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests;
