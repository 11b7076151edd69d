//! Both sides' clocks in one game ([`GameClock`]): per-side controls (time odds), hourglass
//! moving time from one side to the other, and the PGN tags for the controls.

use shakmaty::Color;

use super::{Charge, Clock};
use crate::clock::{Convention, TimeControl};

/// Both sides' clocks. Per-side controls give time odds; hourglass moves time between them.
#[derive(Clone, Debug, PartialEq)]
pub struct GameClock {
    white: Clock,
    black: Clock,
}

impl GameClock {
    /// Clocks for a game with a control per side (the same control twice for an even game).
    pub fn new(white: &TimeControl, black: &TimeControl) -> Self {
        Self::with_convention(white, black, Convention::Cutechess)
    }

    /// Clocks for a game under `convention` (lichess for games with a person).
    pub fn with_convention(white: &TimeControl, black: &TimeControl, convention: Convention) -> Self {
        GameClock {
            white: Clock::with_convention(white, convention),
            black: Clock::with_convention(black, convention),
        }
    }

    /// Both sides under the same control.
    pub fn even(tc: &TimeControl) -> Self {
        Self::new(tc, tc)
    }

    /// One side's clock.
    pub fn side(&self, color: Color) -> &Clock {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    fn side_mut(&mut self, color: Color) -> &mut Clock {
        match color {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }

    /// Charges `color`'s move; under hourglass the drained time goes to the opponent.
    pub fn play(&mut self, color: Color, used_ms: f64) -> Charge {
        let out = self.side_mut(color).charge(used_ms);
        if out.transfer_ms > 0.0 {
            self.side_mut(!color).credit(out.transfer_ms);
        }
        out
    }

    /// The PGN tags for the controls: `TimeControl` alone when both sides match; otherwise
    /// `TimeControl "?"` plus `WhiteTimeControl` and `BlackTimeControl` (playground.md §4).
    pub fn pgn_tags(&self) -> Vec<(&'static str, String)> {
        let (w, b) = (self.white.time_control(), self.black.time_control());
        if w.pgn_tag() == b.pgn_tag() && w == b {
            vec![("TimeControl", w.pgn_tag())]
        } else {
            vec![
                ("TimeControl", "?".to_string()),
                ("WhiteTimeControl", w.pgn_tag()),
                ("BlackTimeControl", b.pgn_tag()),
            ]
        }
    }
}
