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

use std::num::{NonZeroU32, NonZeroU64};

use serde::Serialize;

mod display;
mod error;

pub use display::secs;
pub use error::{TC_FORMS, TcError};

/// The largest time accepted anywhere in a control: 10 000 hours, in milliseconds.
pub const MAX_TIME_MS: u64 = 10_000 * 3_600_000;

/// The longest time control accepted, bytes.
pub const MAX_TC_LEN: usize = 1000;

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
}

mod parse;

#[cfg(test)]
mod tests;
