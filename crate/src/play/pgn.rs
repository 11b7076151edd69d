//! PGN: writing games with the clock comments engine testers and viewers read, and reading
//! them back (through niklasf's `pgn-reader`).
//!
//! This file holds the game types and the export format; the move comments' conventions are in
//! `comment`, reading in `read`.

use crate::error::FieldError;
use std::fmt::Write as _;

use shakmaty::Chess;

use crate::play::openings::parse_fen;

mod comment;
mod read;

pub use comment::{
    COMMENT_FIELDS, CommentField, MoveComment, comment_command, format_clock, format_eval, parse_clock,
};
pub use read::parse_pgn;
pub(crate) use read::{ReadError, ReadGame, read_games};

/// PGN lines are wrapped before this many characters (the PGN standard's export format).
const LINE_WIDTH: usize = 80;

/// A game's result as PGN writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum PgnResult {
    /// White won.
    #[serde(rename = "1-0")]
    WhiteWins,
    /// Black won.
    #[serde(rename = "0-1")]
    BlackWins,
    /// Drawn.
    #[serde(rename = "1/2-1/2")]
    Draw,
    /// Unfinished.
    #[serde(rename = "*")]
    Unfinished,
}

impl PgnResult {
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub fn as_str(self) -> &'static str {
        match self {
            PgnResult::WhiteWins => "1-0",
            PgnResult::BlackWins => "0-1",
            PgnResult::Draw => "1/2-1/2",
            PgnResult::Unfinished => "*",
        }
    }
}

/// One move of a PGN game.
#[derive(Clone, Debug, PartialEq)]
pub struct PgnMove {
    /// The move in SAN, with `+`/`#`.
    pub san: String,
    /// The comment after it, without braces.
    pub comment: Option<String>,
}

/// A game to write or that was read.
#[derive(Clone, Debug, PartialEq)]
pub struct PgnGame {
    /// Tags in order (the seven-tag roster first when writing).
    pub tags: Vec<(String, String)>,
    /// The moves.
    pub moves: Vec<PgnMove>,
    /// The result.
    pub result: PgnResult,
}

impl PgnGame {
    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    /// The start position: the `FEN` tag, or the standard one.
    pub fn start_position(&self) -> Result<Chess, FieldError> {
        match self.tag("FEN") {
            Some(fen) => parse_fen(fen),
            None => Ok(Chess::default()),
        }
    }

    /// The game in PGN export format, ending with a blank line.
    pub fn to_pgn(&self) -> String {
        let mut out = String::new();
        for (k, v) in &self.tags {
            // A tag is one line: a line break inside a value would end the tag section there.
            let v = v.replace('\\', "\\\\").replace('"', "\\\"").replace(['\n', '\r'], " ");
            let _ = writeln!(out, "[{k} \"{v}\"]");
        }
        out.push('\n');
        let start = self.start_position().unwrap_or_default();
        let first_ply = crate::drive::game_ply(&start, 0);
        let mut tokens = Vec::new();
        for (i, m) in self.moves.iter().enumerate() {
            let ply = first_ply.saturating_add(u32::try_from(i).unwrap_or(u32::MAX));
            if ply % 2 == 0 {
                tokens.push(format!("{}.", ply / 2 + 1));
            } else if i == 0 {
                tokens.push(format!("{}...", ply / 2 + 1));
            }
            tokens.push(m.san.clone());
            if let Some(c) = &m.comment {
                tokens.push(format!("{{{}}}", c.replace('}', ")")));
            }
        }
        tokens.push(self.result.as_str().to_string());
        let mut line = String::new();
        for t in tokens {
            if !line.is_empty() && line.len() + 1 + t.len() > LINE_WIDTH {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&t);
        }
        out.push_str(&line);
        out.push_str("\n\n");
        out
    }
}

#[cfg(test)]
mod tests;
