//! lc0's 2018 time curve (v0.17–v0.20): share the time until the next control along a bell
//! curve over the game, then multiply by slowmover to make up for SmartPruning's early exits.
//!
//! References: seed 002 (`002_29cd4cbab2371d27.txt`, the 2018 time-management blog: its seven
//! parameters), lc0 v0.17.0 `src/engine.cc` @62035fe5 (the curve, overhead per move), v0.18.0
//! @a4273d39 (overhead once, spared time, slowmover 1.0), v0.20.0 @0eeaa8d0. Spec §1.4 and §4.
//! `f32` arithmetic; `total` and `spared` are integer milliseconds.
//!
//! ```text
//! mtg   = movestogo (0 → 1) or default-mtg
//! total = max(0, clock + inc·(mtg − 1) − O·(overhead-per-move ? mtg : 1))
//! if spared > 0: squander = trunc(spared·immediate-time-use); spared −= squander; total −= squander
//! budget = total·w(ply) / Σ_{i<mtg} w(ply + 2i),   w(p) = cosh((p − peak)/(width·1.518651485))^−2
//! if slowmover < 1 or budget·slowmover > 200: budget *= slowmover; spared = trunc(spared − budget·(slowmover − 1))
//! deadline = max(0, min(trunc(budget + squander), clock − O))
//! end_move: spared += deadline − elapsed
//! ```
//!
//! Where the `f32` weights all underflow to 0 (very narrow widths far from the peak), lc0 would
//! divide 0 by 0; the share is then computed in log space instead.

use super::MoveContext;
use super::common::{t32, t64};
use super::lc0_deadline::{Deadline, Lc0Game, Lc0Manager};
use super::smart_pruning::{FACTOR, SmartPruningConfig};

mod table;

/// v0.17's peak of the curve, in plies (the blog rounds it to "26").
pub const PEAK: f32 = 26.2;
/// v0.17's width left of the peak, plies.
pub const LEFT_WIDTH: f32 = 82.0;
/// v0.17's width right of the peak, plies.
pub const RIGHT_WIDTH: f32 = 74.0;
/// v0.17's slowmover (v0.18+: 1.0).
pub const SLOWMOVER_V017: f32 = 2.4;
/// v0.17/v0.18 move overhead, ms (v0.19+: 200).
pub const MOVE_OVERHEAD_V017: u32 = 100;
/// v0.19+ move overhead, ms.
pub const MOVE_OVERHEAD_V019: u32 = 200;
/// v0.18–v0.20's share of spared time spent at once (v0.17 had no spared time).
pub const IMMEDIATE_TIME_USE_V018: f32 = 0.6;
/// The horizon without `movestogo` ("50 moves from the current move").
pub const DEFAULT_MTG: u32 = 50;
/// `2/ln(2 + √3)`: the curve falls to 2/3 of its peak at peak ± width (the inflection points).
pub const WIDTH_SCALER: f32 = 1.518_651_5;
/// Slowmover applies only above lc0's `kSmartPruningToleranceMs` (or when it shortens moves).
pub const SLOWMOVER_THRESHOLD_MS: f32 = 200.0;
/// Weights beyond this many moves are below `f32` resolution of the sum (cosh⁻² < 1e−14), so
/// the sum stops there; it keeps a huge `movestogo` from looping for long.
pub const MAX_CURVE_MOVES: u32 = 1000;

/// The curve's weight at `ply` (§1.4).
pub fn weight(ply: f32, peak: f32, left: f32, right: f32) -> f32 {
    let width = if ply > peak { right } else { left };
    let c = libm::coshf((ply - peak) / width / WIDTH_SCALER);
    1.0 / (c * c)
}

/// `w(ply)/Σ w(ply + 2i)` computed from `ln w`, for curves so narrow that the `f32` weights
/// underflow to 0 (0/0 in lc0's arithmetic). `ln cosh x = |x| − ln 2 + ln(1 + e^(−2|x|))`.
fn share_in_log_space(ply: f32, mtg: i64, c: &CurveConfig) -> f32 {
    let ln_w = |p: f64| {
        let width = if p > c.peak as f64 { c.right } else { c.left } as f64;
        let x = ((p - c.peak as f64) / width / WIDTH_SCALER as f64).abs();
        -2.0 * (x - std::f64::consts::LN_2 + libm::log1p(libm::exp(-2.0 * x)))
    };
    let w0 = ln_w(ply as f64);
    let sum: f64 = (0..mtg.max(1)).map(|i| libm::exp(ln_w(ply as f64 + 2.0 * i as f64) - w0)).sum();
    (1.0 / sum) as f32
}

/// The time curve's parameters (§4).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CurveConfig {
    /// Where the weight curve peaks, plies.
    pub peak: f32,
    /// Width left of the peak, plies.
    pub left: f32,
    /// Width right of the peak, plies.
    pub right: f32,
    /// Budget multiplier.
    pub slowmover: f32,
    /// Move overhead, ms.
    pub move_overhead: u32,
    /// Ponder on the opponent's time (for the driver; the manager gives no limit while
    /// pondering either way).
    pub ponder: bool,
    /// Overhead charged per remaining move (v0.17) or once (v0.18+).
    pub overhead_per_move: bool,
    /// Share of spared time spent on the next move.
    pub immediate_time_use: f32,
    /// Horizon without `movestogo`, moves.
    pub default_mtg: u32,
    /// SmartPruning; its factor is the `futile-search-aversion` parameter.
    pub smart_pruning: SmartPruningConfig,
}

impl CurveConfig {
    /// lc0 v0.17.0, the blog's defaults.
    pub const V0_17: CurveConfig = CurveConfig {
        peak: PEAK,
        left: LEFT_WIDTH,
        right: RIGHT_WIDTH,
        slowmover: SLOWMOVER_V017,
        move_overhead: MOVE_OVERHEAD_V017,
        ponder: false,
        overhead_per_move: true,
        immediate_time_use: 0.0,
        default_mtg: DEFAULT_MTG,
        smart_pruning: SmartPruningConfig::with_factor(FACTOR),
    };
    /// lc0 v0.18.0: overhead once, slowmover 1.0, 60 % of spared time spent at once.
    pub const V0_18: CurveConfig = CurveConfig {
        slowmover: 1.0,
        overhead_per_move: false,
        immediate_time_use: IMMEDIATE_TIME_USE_V018,
        ..Self::V0_17
    };
    /// lc0 v0.20.0: as v0.18 with the 200 ms overhead of v0.19+.
    pub const V0_20: CurveConfig = CurveConfig { move_overhead: MOVE_OVERHEAD_V019, ..Self::V0_18 };
}

/// The manager: lc0's per-game manager with its per-move
/// [`DeadlineStopper`](super::lc0_deadline::DeadlineStopper).
pub type Curve = Lc0Manager<CurveGame>;

/// The per-game half: nothing but lc0's spared pool, which the manager keeps.
#[derive(Clone, Debug)]
pub struct CurveGame;

impl Lc0Game for CurveGame {
    type Config = CurveConfig;

    const FRESH: Self = CurveGame;
    const SPARED: bool = true;

    fn deadline(&mut self, c: &CurveConfig, spared: &mut i64, ctx: &MoveContext) -> Deadline {
        let (clock, inc) = ctx.whole_ms();
        let overhead = c.move_overhead as i64;
        let mtg: i64 = match ctx.movestogo {
            Some(0) => 1,
            Some(m) => m as i64,
            None => c.default_mtg as i64,
        };
        let charged = if c.overhead_per_move { overhead.saturating_mul(mtg) } else { overhead };
        let mut total = clock.saturating_add(inc.saturating_mul(mtg - 1)).saturating_sub(charged).max(0);
        let mut squander = 0i64;
        if *spared > 0 {
            squander = (*spared as f32 * c.immediate_time_use) as i64;
            *spared -= squander;
            total -= squander;
        }
        let ply = ctx.ply as f32;
        let this = weight(ply, c.peak, c.left, c.right);
        let mut others = 0.0f32;
        for i in 1..mtg.min(MAX_CURVE_MOVES as i64) {
            others += weight(ply + 2.0 * i as f32, c.peak, c.left, c.right);
        }
        let mut share = this / (this + others);
        if !(share.is_finite() && this > 0.0) {
            share = share_in_log_space(ply, mtg.min(MAX_CURVE_MOVES as i64), c);
        }
        let mut budget = total as f32 * share;
        let applied = c.slowmover < 1.0 || budget * c.slowmover > SLOWMOVER_THRESHOLD_MS;
        if applied {
            budget *= c.slowmover;
            *spared = (*spared as f32 - budget * (c.slowmover - 1.0)) as i64;
        }
        budget += squander as f32;
        let ms = (budget as i64).min(clock - overhead).max(0);
        let terms = vec![
            t64("mtg", mtg as f64),
            t64("total", total as f64),
            t32("weight_share", share),
            t64("squander", squander as f64),
            t64("slowmover_applied", f64::from(u8::from(applied))),
        ];
        Deadline { ms, terms, why: "" }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tm::MoveEnd;
    use crate::tm::TimeManager;

    #[test]
    fn weight_is_two_thirds_at_the_inflection_points() {
        let w = |p| weight(p, PEAK, LEFT_WIDTH, RIGHT_WIDTH);
        assert_eq!(w(PEAK), 1.0);
        assert!((w(PEAK + RIGHT_WIDTH) - 2.0 / 3.0).abs() < 1e-5);
        assert!((w(PEAK - LEFT_WIDTH) - 2.0 / 3.0).abs() < 1e-5);
        assert!(w(PEAK + 10.0) > w(PEAK + 20.0));
    }

    #[test]
    fn narrow_curves_do_not_divide_zero_by_zero() {
        let cfg = CurveConfig { peak: -20.0, left: 1.0, right: 1.0, ..CurveConfig::V0_17 };
        let b = Curve::new(cfg).begin_move(&MoveContext::new(60_000.0, 0.0, 300));
        let share = b.terms.iter().find(|t| t.name == "weight_share").unwrap().value;
        // Far right of the peak each next weight is e^(−4/1.5187) ≈ 0.0718 of the previous.
        let r = (-4.0f64 / 1.518_651_5).exp();
        assert!((share - (1.0 - r)).abs() < 1e-3, "{share}");
        assert!(b.hard_ms > 0.0);
    }

    #[test]
    fn v017_budget_by_hand() {
        // 60 s + 0, ply 0: total = 60000 − 100·50 = 55000; share from the curve; ×2.4.
        let mut m = Curve::new(CurveConfig::V0_17);
        let b = m.begin_move(&MoveContext::new(60_000.0, 0.0, 0));
        let w = |p: f32| weight(p, PEAK, LEFT_WIDTH, RIGHT_WIDTH);
        let this = w(0.0);
        let others: f32 = (1..50).map(|i| w(2.0 * i as f32)).sum();
        let want = (55_000.0f32 * (this / (this + others)) * 2.4) as i64;
        assert_eq!(b.hard_ms, want as f64);
        assert!((1500..3500).contains(&want), "{want}");
        // Slowmover pre-pays from spared time, which v0.17 never spends.
        assert!(m.spared() < 0);
        let spared = m.spared();
        m.end_move(&MoveEnd::new(b.hard_ms - 300.0, 0));
        assert_eq!(m.spared(), spared + 300);
    }

    #[test]
    fn v018_overhead_once_and_movestogo_zero_is_one() {
        let mut m = Curve::new(CurveConfig::V0_18);
        let b = m.begin_move(&MoveContext::new(10_000.0, 0.0, 20).with_movestogo(Some(0)));
        // mtg 1: the whole pool minus the overhead once; slowmover 1.0.
        assert_eq!(b.hard_ms, 9900.0);
        let mut m = Curve::new(CurveConfig::V0_17);
        let b = m.begin_move(&MoveContext::new(10_000.0, 0.0, 20).with_movestogo(Some(1)));
        assert_eq!(b.hard_ms, 9900.0, "capped at clock − O");
        let mut m = Curve::new(CurveConfig::V0_18);
        *m.spared_mut() = 1000;
        let b = m.begin_move(&MoveContext::new(30_000.0, 0.0, 20).with_movestogo(Some(1)));
        // squander 600 leaves total and comes back on top, but the cap still holds.
        assert_eq!(b.hard_ms, 29_900.0);
        assert_eq!(m.spared(), 400);
    }
}
