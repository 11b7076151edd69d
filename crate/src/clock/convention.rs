//! Whose clock rule a game follows: engine matches keep cutechess/fastchess's, games with a
//! person follow lichess's (`shared/spec/playground.md` §3).

use serde::{Deserialize, Serialize};

/// When a clock starts and when a Fischer increment is credited.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Convention {
    /// cutechess/fastchess (time-managers spec §10): the increment is credited before move 1
    /// (a 180+2 clock shows 3:02), and every move is timed.
    #[default]
    Cutechess,
    /// lichess: a clock shows its base time (180+2 shows 3:00); each side's first move is not
    /// timed (its clock starts after that move, no time charged and no increment); from then on
    /// the increment is added after each move.
    Lichess,
    /// chess.com (and an over-the-board Fischer clock): a clock shows its base time, every move
    /// is timed, and the increment is added after each move, the first included (180+2 after a
    /// first move of 1 s shows 3:01). Only read from PGNs (`tmlab replay`).
    #[serde(rename = "chess.com")]
    ChessCom,
}

impl Convention {
    /// Whether a clock that has charged `moves_played` moves runs during the next one.
    pub fn runs(self, moves_played: u32) -> bool {
        match self {
            Convention::Cutechess | Convention::ChessCom => true,
            Convention::Lichess => moves_played > 0,
        }
    }

    /// Whether the increment is credited before move 1.
    pub fn increment_before_first_move(self) -> bool {
        self == Convention::Cutechess
    }

    /// The label a PGN or a page shows: `cutechess`, `lichess` or `chess.com`.
    pub fn as_str(self) -> &'static str {
        match self {
            Convention::Cutechess => "cutechess",
            Convention::Lichess => "lichess",
            Convention::ChessCom => "chess.com",
        }
    }
}
