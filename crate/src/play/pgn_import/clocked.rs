//! The records an import produces ([`super::import_pgn`]): a game with its tags and clocked
//! moves, which clock rule its times follow, and the typed error naming the game and move.

use std::fmt;

use serde::Serialize;

use super::trace::EngineTrace;

use crate::clock::Convention;

/// Which game an error or a replay is about.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct GameId {
    /// 1-based position of the game in the text.
    pub number: usize,
    /// The `White` tag (`?` when absent).
    pub white: String,
    /// The `Black` tag.
    pub black: String,
    /// The `Event` tag.
    pub event: String,
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::excerpt::excerpt;
        write!(
            f,
            "game {} ({} vs {}, {})",
            self.number,
            excerpt(&self.white),
            excerpt(&self.black),
            excerpt(&self.event)
        )
    }
}

/// Why a PGN could not be imported: the game, the move if there is one, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ImportError {
    /// The game (absent when the text as a whole is the problem).
    pub game: Option<Box<GameId>>,
    /// The move, as `14... Nf6`.
    #[serde(rename = "move")]
    pub mv: Option<String>,
    /// What is wrong and what is allowed.
    pub message: String,
}

impl ImportError {
    /// An error about the whole text.
    pub fn text(message: impl Into<String>) -> Self {
        ImportError { game: None, mv: None, message: message.into() }
    }
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.game, &self.mv) {
            (Some(g), Some(m)) => write!(f, "{g}, move {m}: {}", self.message),
            (Some(g), None) => write!(f, "{g}: {}", self.message),
            _ => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for ImportError {}

/// One move of an imported game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClockedMove {
    /// Half-moves played before it in the game (from the start position's move number).
    pub ply: u32,
    /// White moved.
    pub white: bool,
    /// SAN with `+`/`#`.
    pub san: String,
    /// A book move (comment `book`): no clock ran.
    pub book: bool,
    /// `[%clk]`: the mover's clock after the move, ms.
    pub clk_ms: Option<f64>,
    /// `[%emt]`, or the cutechess prefix's time: the time the move took, ms.
    pub emt_ms: Option<f64>,
    /// What the engine reported for the move (eval, depth, nodes, its own limits), if anything.
    pub trace: Option<EngineTrace>,
}

impl ClockedMove {
    /// `14. Nf3` or `14... Nf6`.
    pub fn label(&self) -> String {
        move_label(self.ply, &self.san)
    }
}

/// `14. Nf3` for White's move at ply 26, `14... Nf6` for Black's at ply 27.
pub fn move_label(ply: u32, san: &str) -> String {
    let dots = if ply.is_multiple_of(2) { "." } else { "..." };
    format!("{}{dots} {san}", ply / 2 + 1)
}

/// An imported game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClockedGame {
    /// Number and players.
    pub id: GameId,
    /// Tags in order.
    pub tags: Vec<(String, String)>,
    /// Moves of the main line.
    pub moves: Vec<ClockedMove>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
}

impl ClockedGame {
    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    /// The clock rule the game's recorded times follow, given each side's first-period base time
    /// and increment, ms (`[white, black]`), read from each side's first timed move:
    /// - `[%clk]` alone: [`Convention::Lichess`] (180+2 starts at 3:00, a side's first move is
    ///   not timed) when each side's first clock is exactly its base time, as lichess's are;
    ///   else [`Convention::ChessCom`] (the first move is timed and credited: `1. e4
    ///   {[%clk 0:03:01]}` after 1 s in a 180+2 game);
    /// - `[%emt]` or cutechess's `1.21s` alone (cutechess, fastchess): [`Convention::Cutechess`]
    ///   (180+2 starts at 3:02);
    /// - both (tmlab, fastchess's `tl=`, chess.com's `[%timestamp]` downloads), from White's
    ///   first timed move: lichess when its clock is exactly the base time though the move took
    ///   other than the increment (a person's game in tmlab: the first move is not timed);
    ///   chess.com when the clock is base + increment − the move's time (with an increment:
    ///   without one the rules agree); else cutechess (an engine match: base + 2 × increment −
    ///   the move's time, the increment credited before the move and after it).
    pub fn convention(&self, start: [(f64, f64); 2]) -> Convention {
        let mut timed = self.moves.iter().filter(|m| !m.book);
        let any_clk = timed.clone().any(|m| m.clk_ms.is_some());
        let any_emt = timed.clone().any(|m| m.emt_ms.is_some());
        let first_at_base = |white: bool| {
            let base = start[usize::from(!white)].0;
            self.moves
                .iter()
                .filter(|m| !m.book && m.white == white)
                .find_map(|m| m.clk_ms)
                .is_none_or(|c| c == base)
        };
        match (any_clk, any_emt) {
            (true, false) if first_at_base(true) && first_at_base(false) => Convention::Lichess,
            (true, false) => Convention::ChessCom,
            (true, true) => match timed.next() {
                Some(ClockedMove { clk_ms: Some(clk), emt_ms: Some(emt), white, .. }) => {
                    let (base, inc) = start[usize::from(!*white)];
                    if *clk == base && *emt != inc {
                        Convention::Lichess
                    } else if inc > 0.0 && *clk == base + inc - emt {
                        Convention::ChessCom
                    } else {
                        Convention::Cutechess
                    }
                }
                _ => Convention::Cutechess,
            },
            _ => Convention::Cutechess,
        }
    }
}
