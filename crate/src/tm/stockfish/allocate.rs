//! The allocation at the start of a move (§9.1, Stockfish @762dd1da `src/timeman.cpp`): the
//! horizon, the optimum and the maximum from the clock and the ply.

use super::super::MoveContext;
use super::Stockfish;

/// Below this clock (ms) the horizon shrinks …
const SHORT_CLOCK_MS: f64 = 1000.0;
/// … to this many moves per ms of clock.
const SHORT_CLOCK_MTG_PER_MS: f64 = 0.05;
/// `originalTimeAdjust = 0.3272·log10(timeLeft) − 0.4141`, computed at the first sudden-death
/// move of a game and again at every later one while it is negative (timeLeft ≤ 18 ms).
const ADJ_SLOPE: f64 = 0.3272;
/// See [`ADJ_SLOPE`].
const ADJ_OFFSET: f64 = 0.4141;
/// `optConstant = min(0.0029869 + 0.00033554·log10(T/1000), 0.004905)`.
const OPT_CONST_BASE: f64 = 0.0029869;
/// See [`OPT_CONST_BASE`].
const OPT_CONST_LOG: f64 = 0.00033554;
/// See [`OPT_CONST_BASE`].
const OPT_CONST_MAX: f64 = 0.004905;
/// `maxConstant = max(3.3744 + 3.0608·log10(T/1000), 3.1441)`.
const MAX_CONST_BASE: f64 = 3.3744;
/// See [`MAX_CONST_BASE`].
const MAX_CONST_LOG: f64 = 3.0608;
/// See [`MAX_CONST_BASE`].
const MAX_CONST_MIN: f64 = 3.1441;
/// `optScale = min(0.012112 + (ply + 3.22713)^0.46866·optConstant, 0.19404·T/timeLeft)·adj`.
const OPT_SCALE_BASE: f64 = 0.012112;
/// See [`OPT_SCALE_BASE`].
const OPT_PLY_OFFSET: f64 = 3.22713;
/// See [`OPT_SCALE_BASE`].
const OPT_PLY_EXP: f64 = 0.46866;
/// See [`OPT_SCALE_BASE`].
const OPT_CLOCK_CAP: f64 = 0.19404;
/// `maxScale = min(6.873, maxConstant + ply/12.352)`.
const MAX_SCALE_CAP: f64 = 6.873;
/// See [`MAX_SCALE_CAP`].
const MAX_SCALE_PLY_DIV: f64 = 12.352;
/// With movestogo: `optScale = min((0.88 + ply/116.4)/mtg, 0.88·T/timeLeft)`.
const MTG_OPT_BASE: f64 = 0.88;
/// See [`MTG_OPT_BASE`].
const MTG_OPT_PLY_DIV: f64 = 116.4;
/// See [`MTG_OPT_BASE`].
const MTG_OPT_CLOCK_CAP: f64 = 0.88;
/// With movestogo: `maxScale = 1.3 + 0.11·mtg`.
const MTG_MAX_BASE: f64 = 1.3;
/// See [`MTG_MAX_BASE`].
const MTG_MAX_PER_MOVE: f64 = 0.11;

/// The result of the allocation (§9.1), for tests and terms.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Allocation {
    /// Move horizon.
    pub mtg: f64,
    /// Time left for the horizon, integer ms.
    pub time_left: i64,
    /// originalTimeAdjust (sudden death only).
    pub adj: Option<f64>,
    /// Share of timeLeft for the optimum.
    pub opt_scale: f64,
    /// Multiple of the optimum for the maximum.
    pub max_scale: f64,
    /// Optimum, ms (with the ponder bonus).
    pub optimum: f64,
    /// Maximum, ms.
    pub maximum: f64,
}

impl Stockfish {
    /// The allocation of §9.1. In sudden death it sets `adj` when it is unset or negative:
    /// Stockfish starts a game with originalTimeAdjust = −1 (`thread.cpp`) and `timeman.cpp`
    /// recomputes it while it is below 0, so a game that starts with timeLeft ≤ 18 ms (a large
    /// Move Overhead) gets a positive value once its clock has grown, and keeps that one.
    pub fn allocate(&mut self, ctx: &MoveContext) -> Allocation {
        let c = self.cfg;
        let t = ctx.clock().floor();
        let inc = ctx.inc().floor();
        let o = c.move_overhead as f64;
        let mut mtg = match ctx.movestogo() {
            Some(m) => m.min(c.horizon) as f64,
            None => c.horizon as f64,
        };
        // The pinned commit shrinks the horizon under 1 s even with movestogo (the 40/x bug);
        // `cyclic-fix` (Stockfish #7117) shrinks it only in sudden death.
        if t < SHORT_CLOCK_MS && !(c.cyclic_fix && ctx.movestogo().is_some()) {
            mtg = (SHORT_CLOCK_MTG_PER_MS * t).trunc();
        }
        let time_left = (t + inc * (mtg - 1.0) - o * (2.0 + mtg)).max(1.0).trunc();
        let ply = ctx.ply as f64;
        let (opt_scale, max_scale, adj) = if ctx.movestogo().is_none() {
            let adj = match self.adj {
                Some(adj) if adj >= 0.0 => adj,
                _ => ADJ_SLOPE * libm::log10(time_left) - ADJ_OFFSET,
            };
            self.adj = Some(adj);
            let l = libm::log10(t.max(1.0) / 1000.0);
            let opt_const = (OPT_CONST_BASE + OPT_CONST_LOG * l).min(OPT_CONST_MAX);
            let max_const = (MAX_CONST_BASE + MAX_CONST_LOG * l).max(MAX_CONST_MIN);
            let opt = (OPT_SCALE_BASE + libm::pow(ply + OPT_PLY_OFFSET, OPT_PLY_EXP) * opt_const)
                .min(OPT_CLOCK_CAP * t / time_left)
                * adj;
            let max = MAX_SCALE_CAP.min(max_const + ply / MAX_SCALE_PLY_DIV);
            (opt, max, Some(adj))
        } else {
            let opt = ((MTG_OPT_BASE + ply / MTG_OPT_PLY_DIV) / mtg).min(MTG_OPT_CLOCK_CAP * t / time_left);
            (opt, MTG_MAX_BASE + MTG_MAX_PER_MOVE * mtg, None)
        };
        let optimum = (opt_scale * time_left).max(1.0).trunc();
        let maximum = optimum.max((c.max_clock_frac * t - o).min(max_scale * optimum)).trunc();
        let optimum = if c.ponder { optimum + (optimum * c.ponder_bonus).floor() } else { optimum };
        Allocation { mtg, time_left: time_left as i64, adj, opt_scale, max_scale, optimum, maximum }
    }
}
