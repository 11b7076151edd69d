//! lc0's AlphaZero-style manager: a fixed share of the clock per move.
//!
//! Reference: lc0 `src/search/classic/stoppers/alphazero.cc` @909a4082 (added @b6b30113,
//! #1201; 12 % since #1622, 5 % before). Spec §7. `f32` arithmetic.
//!
//! ```text
//! budget = trunc((clock − O)·pct/100);  soft = hard = budget;  Stop iff elapsed >= budget
//! ```
//! It ignores the increment, movestogo and ply, and has no clamp: a negative budget (clock
//! below the overhead) means one batch, then stop.

use super::MoveContext;
use super::common::{t32, t64};
use super::lc0_deadline::{Deadline, Lc0Game, Lc0Manager};
use super::smart_pruning::SmartPruningConfig;

mod table;

/// lc0's `alphazero-time-pct` since #1622.
pub const TIME_PCT: f32 = 12.0;
/// The value before #1622 (the first version, #1201).
pub const TIME_PCT_PR1201: f32 = 5.0;
/// lc0's `MoveOverheadMs` default.
pub const MOVE_OVERHEAD_MS: u32 = 200;

/// The AlphaZero manager's parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AlphaZeroConfig {
    /// Share of (clock − O) per move, %.
    pub time_pct: f32,
    /// Move overhead, ms.
    pub move_overhead: u32,
    /// The SmartPruning stopper that follows.
    pub smart_pruning: SmartPruningConfig,
}

impl AlphaZeroConfig {
    /// lc0 @909a4082.
    pub const LC0: AlphaZeroConfig = AlphaZeroConfig {
        time_pct: TIME_PCT,
        move_overhead: MOVE_OVERHEAD_MS,
        smart_pruning: SmartPruningConfig::LC0,
    };
    /// The first version (#1201): 5 %.
    pub const PR1201: AlphaZeroConfig = AlphaZeroConfig { time_pct: TIME_PCT_PR1201, ..Self::LC0 };
}

/// The manager: lc0's per-game manager (it has no per-game state) with its per-move
/// [`DeadlineStopper`](super::lc0_deadline::DeadlineStopper).
pub type AlphaZero = Lc0Manager<AlphaZeroGame>;

/// The per-game half: nothing (a share of the clock needs no memory).
#[derive(Clone, Debug)]
pub struct AlphaZeroGame;

impl Lc0Game for AlphaZeroGame {
    type Config = AlphaZeroConfig;
    const FRESH: Self = AlphaZeroGame;

    fn deadline(&mut self, c: &AlphaZeroConfig, _spared: &mut i64, ctx: &MoveContext) -> Deadline {
        let clock = ctx.clock().floor() as i64;
        let overhead = c.move_overhead as i64;
        let available = (clock - overhead) as f32;
        let budget = available * (c.time_pct / 100.0);
        // At 100 % the f32 product can round above the integer clock − O for huge clocks.
        let ms = if clock > overhead { (budget as i64).min(clock - overhead) } else { budget as i64 };
        let terms = vec![t64("available", available as f64), t32("budget", budget)];
        Deadline { ms, terms, why: "a share above 100 % of the clock" }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tm::TimeManager;

    #[test]
    fn reference_vector_e() {
        // §11(e): 60 s + 1 s, O = 200 → 7176.0.
        let mut m = AlphaZero::new(AlphaZeroConfig::LC0);
        let b = m.begin_move(&MoveContext::new(60_000.0, 1000.0, 0));
        assert_eq!((b.soft_ms, b.hard_ms), (7176.0, 7176.0));
        assert_eq!(b.terms.iter().find(|t| t.name == "budget").unwrap().value, 7176.0);
        let b = m.begin_move(&MoveContext::new(100.0, 1000.0, 0));
        assert_eq!(b.hard_ms, 0.0, "negative budget: one batch, then stop");
    }
}
