//! What a time manager or UCI engine is told of a [`Clock`] at the start of a move: the
//! [`UciView`] (`wtime`, `winc`, `movestogo`) or the fixed time per move.

use serde::Serialize;

use super::Clock;
use crate::clock::tc::{Overtime, Timing};

/// What a time manager or UCI engine is told at the start of a move (`wtime`, `winc`,
/// `movestogo`), per §10.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct UciView {
    /// `wtime`/`btime`: whole milliseconds (fractions of the model clock are dropped).
    pub time_ms: u64,
    /// `winc`/`binc`.
    pub inc_ms: u64,
    /// `movestogo`, absent in sudden death; always ≥ 1 when present.
    pub movestogo: Option<u32>,
}

impl Clock {
    /// Fixed time per move (`st=`), if that is the control.
    pub fn move_time_ms(&self) -> Option<u64> {
        match self.tc.timing {
            Timing::MoveTime { ms } => Some(ms),
            _ => None,
        }
    }

    /// What a manager or UCI engine is told (`wtime`, `winc`, `movestogo`), per §10; `None` for
    /// controls without a game clock (`inf`, `st=`).
    pub fn uci_view(&self) -> Option<UciView> {
        let floor = |x: f64| if x.is_finite() && x > 0.0 { x.floor() as u64 } else { 0 };
        match &self.tc.timing {
            Timing::Infinite | Timing::MoveTime { .. } => None,
            Timing::Classical(c) => {
                let (_, inc, _) = c.stage(self.stage);
                Some(UciView { time_ms: floor(self.remaining), inc_ms: inc, movestogo: self.moves_left })
            }
            Timing::Delay { delay_ms, .. } => Some(UciView {
                time_ms: floor(self.remaining) + delay_ms,
                inc_ms: *delay_ms,
                movestogo: None,
            }),
            Timing::Hourglass { .. } => {
                Some(UciView { time_ms: floor(self.remaining), inc_ms: 0, movestogo: None })
            }
            Timing::Byoyomi { overtime, .. } => Some(match *overtime {
                Overtime::Japanese { period_ms, .. } => {
                    let main = floor(self.byo.main_left);
                    UciView { time_ms: main + period_ms, inc_ms: period_ms, movestogo: None }
                }
                // Canadian main time tells only the main time: a manager that spends up to it
                // reaches the first period with all of it (`m + p` would be unsafe: the period
                // must last k moves).
                Overtime::Canadian { .. } if self.byo.main_left > 0.0 => {
                    UciView { time_ms: floor(self.byo.main_left), inc_ms: 0, movestogo: None }
                }
                Overtime::Canadian { .. } => UciView {
                    time_ms: floor(self.byo.period_left),
                    inc_ms: 0,
                    movestogo: Some(self.byo.period_moves_left.max(1)),
                },
            }),
        }
    }
}
