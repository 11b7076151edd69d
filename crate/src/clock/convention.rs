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
}

impl Convention {
    /// Whether a clock that has charged `moves_played` moves runs during the next one.
    pub fn runs(self, moves_played: u32) -> bool {
        match self {
            Convention::Cutechess => true,
            Convention::Lichess => moves_played > 0,
        }
    }

    /// Whether the increment is credited before move 1.
    pub fn increment_before_first_move(self) -> bool {
        self == Convention::Cutechess
    }

    /// The label a PGN or a page shows: `cutechess` or `lichess`.
    pub fn as_str(self) -> &'static str {
        match self {
            Convention::Cutechess => "cutechess",
            Convention::Lichess => "lichess",
        }
    }
}
