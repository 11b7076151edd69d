//! The clock model: one [`Clock`] per side, a two-sided [`GameClock`] (per-side controls are
//! time odds), flag detection with a margin, and what a manager or UCI engine is told.
//!
//! Reference: `shared/spec/time-managers.md` §10, which follows cutechess @5e84232b and
//! fastchess @74deac23:
//! - **Fischer** (and sudden death): the increment is credited before move 1, so a 60+0.6 clock
//!   shows 60 600 ms at move 1. After a move that took `u`: `c ← max(0, c − u) + inc`.
//! - **x moves in y**: as Fischer; the move that completes a period adds the next period's time
//!   and resets `movestogo`.
//! - **Bronstein / simple delay d**: `c ← c − max(0, u − d)`; the clock never gains time. Both
//!   rules give the same numbers after a move and flag at the same moment (`u > c + d`); they
//!   differ only in what a running display shows during the move.
//! - **Hourglass**: `c ← c − u`, and the opponent's clock gains what ran out of ours.
//! - **Byoyomi** (Japanese): main time first, then each move may take one period `p`; a move
//!   that exceeds `p` uses up a period per started `p` beyond the first; exceeding the last one
//!   loses. **Canadian**: `k` moves in every period; exceeding the period loses.
//!
//! Games with a person follow lichess instead ([`Convention::Lichess`]): no increment before
//! move 1, and each side's first move is not timed.
//!
//! A move **flags** when the time charged exceeds the clock plus the margin (default 0). The
//! clock is clamped at 0 before any credit (fastchess).

use serde::Serialize;

use super::convention::Convention;
use super::tc::{Overtime, TimeControl, Timing};

/// The result of charging one move to a clock.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Charge {
    /// The time that counted against the clock (after any delay), in ms.
    pub charged_ms: f64,
    /// Whether the move lost on time.
    pub flagged: bool,
    /// Hourglass: the time that ran out of this clock and flows to the opponent's.
    pub transfer_ms: f64,
}

/// Byoyomi bookkeeping.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Overtimes {
    /// Main time left, ms.
    main_left: f64,
    /// Japanese: periods left.
    periods_left: u32,
    /// Canadian: time left in the current period, ms.
    period_left: f64,
    /// Canadian: moves left in the current period.
    period_moves_left: u32,
}

/// One side's clock under one [`TimeControl`].
#[derive(Clone, Debug, PartialEq)]
pub struct Clock {
    tc: TimeControl,
    /// Time left on the main clock, ms (classical, delay, hourglass; the fixed time for `st`).
    remaining: f64,
    /// Classical: stages completed so far.
    stage: usize,
    /// Classical: moves until the current period ends (`None` in sudden death).
    moves_left: Option<u32>,
    /// Byoyomi state.
    byo: Overtimes,
    /// The flag margin in ms.
    margin: f64,
    /// Whether a move has lost on time.
    flagged: bool,
    /// Moves charged so far.
    moves: u32,
    /// cutechess or lichess.
    convention: Convention,
}

impl Clock {
    /// A clock at the start of a game: Fischer increments already credited for move 1.
    pub fn new(tc: &TimeControl) -> Self {
        Self::with_convention(tc, Convention::Cutechess)
    }

    /// A clock at the start of a game under `convention` (lichess: the base time only).
    pub fn with_convention(tc: &TimeControl, convention: Convention) -> Self {
        let mut clock = Clock {
            tc: tc.clone(),
            remaining: 0.0,
            stage: 0,
            moves_left: None,
            byo: Overtimes { main_left: 0.0, periods_left: 0, period_left: 0.0, period_moves_left: 0 },
            margin: tc.margin_ms as f64,
            flagged: false,
            moves: 0,
            convention,
        };
        match &tc.timing {
            Timing::Infinite => clock.remaining = f64::INFINITY,
            Timing::MoveTime { ms } => clock.remaining = *ms as f64,
            Timing::Classical(c) => {
                let (time, inc, moves) = c.stage(0);
                let credit = if convention.increment_before_first_move() { inc } else { 0 };
                clock.remaining = (time + credit) as f64;
                clock.moves_left = moves.map(|m| m.get());
            }
            Timing::Delay { base_ms, .. } | Timing::Hourglass { base_ms } => {
                clock.remaining = *base_ms as f64
            }
            Timing::Byoyomi { main_ms, overtime } => {
                clock.byo.main_left = *main_ms as f64;
                match *overtime {
                    Overtime::Japanese { periods, .. } => clock.byo.periods_left = periods.get(),
                    Overtime::Canadian { moves, period_ms } => {
                        clock.byo.period_left = period_ms as f64;
                        clock.byo.period_moves_left = moves.get();
                    }
                }
            }
        }
        clock
    }

    /// The same clock with another flag margin (ms ≥ 0; the control's `timemargin` by default).
    pub fn with_margin(mut self, margin_ms: f64) -> Self {
        self.margin = if margin_ms.is_finite() { margin_ms.max(0.0) } else { 0.0 };
        self
    }

    /// The control this clock runs.
    pub fn time_control(&self) -> &TimeControl {
        &self.tc
    }

    /// The time shown on the clock, in ms: the main time, or the current byoyomi period once the
    /// main time is used up; `f64::INFINITY` without a limit.
    pub fn remaining_ms(&self) -> f64 {
        match &self.tc.timing {
            Timing::Byoyomi { overtime, .. } => {
                if self.byo.main_left > 0.0 {
                    self.byo.main_left
                } else {
                    match *overtime {
                        Overtime::Japanese { period_ms, .. } => period_ms as f64,
                        Overtime::Canadian { .. } => self.byo.period_left,
                    }
                }
            }
            _ => self.remaining,
        }
    }

    /// Whether a move has lost on time.
    pub fn is_flagged(&self) -> bool {
        self.flagged
    }

    /// Moves charged so far.
    pub fn moves_played(&self) -> u32 {
        self.moves
    }

    /// The clock rule (cutechess or lichess).
    pub fn convention(&self) -> Convention {
        self.convention
    }

    /// Whether this clock runs during its side's next move (under lichess, not before that
    /// side's first move: that move is charged nothing).
    pub fn runs(&self) -> bool {
        self.convention.runs(self.moves)
    }

    /// Charges a move that took `used_ms` (negative or NaN counts as 0) and applies the rule of
    /// the control. A flagged clock stays flagged.
    /// An untimed move (lichess: a side's first) is charged nothing and credits no increment.
    pub fn charge(&mut self, used_ms: f64) -> Charge {
        let timed = self.runs();
        // NaN and negatives count as 0
        let u = if timed && used_ms > 0.0 { used_ms } else { 0.0 };
        self.moves += 1;
        let margin = self.margin;
        let mut out = Charge { charged_ms: u, flagged: false, transfer_ms: 0.0 };
        match self.tc.timing.clone() {
            Timing::Infinite => {}
            Timing::MoveTime { ms } => out.flagged = u > ms as f64 + margin,
            Timing::Classical(c) => {
                out.flagged = u > self.remaining + margin;
                self.remaining = (self.remaining - u).max(0.0);
                if let Some(left) = self.moves_left {
                    if left <= 1 {
                        self.stage += 1;
                        let (time, _, moves) = c.stage(self.stage);
                        self.remaining += time as f64;
                        self.moves_left = moves.map(|m| m.get());
                    } else {
                        self.moves_left = Some(left - 1);
                    }
                }
                let (_, inc, _) = c.stage(self.stage);
                if timed {
                    self.remaining += inc as f64;
                }
            }
            Timing::Delay { delay_ms, .. } => {
                let charged = (u - delay_ms as f64).max(0.0);
                out.charged_ms = charged;
                out.flagged = charged > self.remaining + margin;
                self.remaining = (self.remaining - charged).max(0.0);
            }
            Timing::Hourglass { .. } => {
                out.flagged = u > self.remaining + margin;
                out.transfer_ms = u.min(self.remaining);
                self.remaining = (self.remaining - u).max(0.0);
            }
            Timing::Byoyomi { overtime, .. } => {
                // The part of the move beyond the main time counts against the overtime.
                let over = (u - self.byo.main_left).max(0.0);
                let in_overtime = self.byo.main_left == 0.0 || over > 0.0;
                self.byo.main_left = (self.byo.main_left - u).max(0.0);
                match overtime {
                    Overtime::Japanese { period_ms, .. } => {
                        let p = period_ms as f64;
                        if over > 0.0 {
                            let left = self.byo.periods_left as f64;
                            out.flagged = over > left * p + margin;
                            // A move within one period keeps every period; each started period
                            // beyond the first is used up.
                            let lost = ((over / p).ceil() - 1.0).max(0.0);
                            self.byo.periods_left =
                                if out.flagged { 0 } else { (left - lost).max(0.0) as u32 };
                        }
                    }
                    Overtime::Canadian { moves, period_ms } => {
                        // The move during which the main time runs out is the period's first.
                        if in_overtime {
                            out.flagged = over > self.byo.period_left + margin;
                            self.byo.period_left = (self.byo.period_left - over).max(0.0);
                            self.byo.period_moves_left = self.byo.period_moves_left.saturating_sub(1);
                            if self.byo.period_moves_left == 0 {
                                self.byo.period_left = period_ms as f64;
                                self.byo.period_moves_left = moves.get();
                            }
                        }
                    }
                }
            }
        }
        if out.flagged {
            self.flagged = true;
        }
        out
    }

    /// Adds time to the main clock (hourglass: what the opponent used).
    pub fn credit(&mut self, ms: f64) {
        if ms.is_finite() && ms > 0.0 {
            match self.tc.timing {
                Timing::Byoyomi { .. } => self.byo.main_left += ms,
                Timing::Infinite | Timing::MoveTime { .. } => {}
                _ => self.remaining += ms,
            }
        }
    }
}

// Both sides are named by shakmaty's `Color`: the engine build only.
#[cfg(feature = "engine")]
mod both_sides;
#[cfg(feature = "engine")]
pub use both_sides::GameClock;

mod uci_view;
pub use uci_view::UciView;

// (They name the sides with shakmaty's `Color`: run by the engine build, the default.)
#[cfg(all(test, feature = "engine"))]
mod tests;
