//! The smooth manager's NPS estimate (§6.6): the rate measured at each poll, followed by
//! LinearDecay (lc0 @4e974a2e, #1596) or by exponential decay (the design document).

use super::super::common::ms_i64;
use super::super::decay::{exponential_decay, linear_decay};
use super::{MS_PER_S, NpsDecay, Smooth};

impl Smooth {
    /// The NPS update at a poll (§6.6), with `t = since_first_batch`.
    pub(super) fn update_nps(&mut self, since_first_batch_ms: f64, nodes_this_move: u64) -> f32 {
        let t = ms_i64(since_first_batch_ms) as f32;
        if t <= 0.0 || nodes_this_move == 0 {
            return self.nps;
        }
        let raw = MS_PER_S * nodes_this_move as f32 / t;
        if self.reliable && t > self.last_time {
            self.nps = match self.cfg.nps_decay {
                NpsDecay::Linear => {
                    linear_decay(self.nps, raw, t, t - self.last_time, MS_PER_S * self.cfg.nps_update_period)
                }
                NpsDecay::Exponential => exponential_decay(
                    self.nps,
                    raw,
                    self.cfg.nps_update_rate,
                    (t - self.last_time) / MS_PER_S,
                ),
            };
        } else {
            self.nps = raw;
        }
        self.last_time = t;
        self.nps
    }
}
