//! lc0's simple manager: a share of the clock that grows with the ply and with the
//! increment-to-clock ratio, plus the time left unused by the previous move.
//!
//! Reference: lc0 `src/search/classic/stoppers/simple.cc` @909a4082 (revised @874e0503, #1876).
//! Spec §7. `f32` arithmetic.
//!
//! ```text
//! avail  = clock − O
//! pct    = (base-pct + ply·ply-pct)·0.01 + (inc/clock)·time-factor
//! budget = avail·pct;  first move: budget += budget·opening-bonus-pct·0.01
//! if prev_budget > 0: budget += max(0, prev_budget − (prev_avail − (avail − inc)))   # unused last move
//! budget = min(budget, avail);  deadline = trunc(budget);  soft = hard = deadline
//! ```
//! With a clock of 0 the ratio `inc/clock` is taken as 0 (lc0 would divide by zero); the
//! budget is then ≤ 0: one batch, then stop.

use crate::stop::Term;

use super::MoveContext;
use super::common::{t32, t64};
use super::lc0_deadline::{Deadline, Lc0Game, Lc0Manager};
use super::smart_pruning::SmartPruningConfig;
use super::state::{StateError, StateReader, StateWriter};

mod table;

/// lc0's `simple-base-pct`: 1.4 % of the available time.
pub const BASE_PCT: f32 = 1.4;
/// lc0's `simple-ply-pct`: +0.049 % per ply.
pub const PLY_PCT: f32 = 0.049;
/// lc0's `simple-time-factor`: weight of inc/clock.
pub const TIME_FACTOR: f32 = 1.5;
/// lc0's `simple-opening-bonus-pct`.
pub const OPENING_BONUS_PCT: f32 = 0.0;
/// lc0's `MoveOverheadMs` default.
pub const MOVE_OVERHEAD_MS: u32 = 200;
/// Percent to fraction.
const PERCENT: f32 = 0.01;

/// The simple manager's parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SimpleConfig {
    /// Base share of (clock − O), %.
    pub base_pct: f32,
    /// Growth with ply, %/ply.
    pub ply_pct: f32,
    /// Weight of inc/clock.
    pub time_factor: f32,
    /// Extra on the first move, %.
    pub opening_bonus_pct: f32,
    /// Move overhead, ms.
    pub move_overhead: u32,
    /// The SmartPruning stopper that follows.
    pub smart_pruning: SmartPruningConfig,
}

impl SimpleConfig {
    /// lc0 @909a4082.
    pub const LC0: SimpleConfig = SimpleConfig {
        base_pct: BASE_PCT,
        ply_pct: PLY_PCT,
        time_factor: TIME_FACTOR,
        opening_bonus_pct: OPENING_BONUS_PCT,
        move_overhead: MOVE_OVERHEAD_MS,
        smart_pruning: SmartPruningConfig::LC0,
    };
}

/// The manager: lc0's per-game manager with its per-move
/// [`DeadlineStopper`](super::lc0_deadline::DeadlineStopper).
pub type Simple = Lc0Manager<SimpleGame>;

/// The per-game half: the last budget and available time, and whether the opening bonus was
/// given.
#[derive(Clone, Debug)]
pub struct SimpleGame {
    prev_budget: f32,
    prev_avail: f32,
    bonus_done: bool,
}

impl Lc0Game for SimpleGame {
    type Config = SimpleConfig;

    const FRESH: Self = SimpleGame { prev_budget: 0.0, prev_avail: 0.0, bonus_done: false };

    fn deadline(&mut self, c: &SimpleConfig, _spared: &mut i64, ctx: &MoveContext) -> Deadline {
        let clock = ctx.clock().floor() as i64;
        let inc = ctx.inc().floor() as f32;
        let overhead = c.move_overhead as i64;
        let avail = (clock - overhead) as f32;
        let ratio = if clock > 0 { inc / clock as f32 } else { 0.0 };
        let pct = (c.base_pct + ctx.ply as f32 * c.ply_pct) * PERCENT + ratio * c.time_factor;
        let mut budget = avail * pct;
        let mut bonus = 0.0f32;
        if !self.bonus_done {
            bonus = budget * c.opening_bonus_pct * PERCENT;
            budget += bonus;
            self.bonus_done = true;
        }
        let mut unused = 0.0f32;
        if self.prev_budget > 0.0 {
            unused = (self.prev_budget - (self.prev_avail - (avail - inc))).max(0.0);
            budget += unused;
        }
        budget = budget.min(avail);
        self.prev_budget = budget;
        self.prev_avail = avail;
        // `avail` in f32 can round above the integer clock − O for huge clocks; the integer
        // cap keeps lc0's `min(budget, avail)` exact.
        let ms = if clock > overhead { (budget as i64).min(clock - overhead) } else { budget as i64 };
        let terms = vec![
            t64("avail", avail as f64),
            t32("pct", pct),
            t32("opening_bonus", bonus),
            t32("unused_last_move", unused),
            t32("budget", budget),
        ];
        Deadline { ms, terms, why: "" }
    }

    fn state(&self) -> Vec<Term> {
        vec![
            Term::new("prev_budget", super::common::clean(self.prev_budget)),
            Term::new("prev_avail", super::common::clean(self.prev_avail)),
            Term::new("bonus_done", f64::from(u8::from(self.bonus_done))),
        ]
    }

    fn save(&self, w: &mut StateWriter) {
        w.f32(self.prev_budget);
        w.f32(self.prev_avail);
        w.bool(self.bonus_done);
    }

    fn load(&mut self, r: &mut StateReader) -> Result<(), StateError> {
        self.prev_budget = r.f32("prev_budget")?;
        self.prev_avail = r.f32("prev_avail")?;
        self.bonus_done = r.bool("bonus_done")?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tm::TimeManager;

    #[test]
    fn reference_vector_e() {
        // §11(e): 60 s + 1 s, O = 200, fresh managers: ply 0 → 2332.2, ply 40 → 3504.28.
        for (ply, budget, deadline) in [(0, 2332.2, 2332.0), (40, 3504.28, 3504.0)] {
            let mut m = Simple::new(SimpleConfig::LC0);
            let b = m.begin_move(&MoveContext::new(60_000.0, 1000.0, ply));
            assert_eq!((b.soft_ms, b.hard_ms), (deadline, deadline), "ply {ply}");
            let got = b.terms.iter().find(|t| t.name == "budget").unwrap().value;
            assert!((got - budget).abs() < 0.01, "ply {ply}: {got}");
        }
    }

    #[test]
    fn unused_time_carries_to_the_next_move() {
        let mut m = Simple::new(SimpleConfig::LC0);
        let b1 = m.begin_move(&MoveContext::new(60_000.0, 1000.0, 0));
        // The move used 1000 of its 2332 ms; the clock gains the increment.
        let b2 = m.begin_move(&MoveContext::new(60_000.0 - 1000.0 + 1000.0, 1000.0, 2));
        let plain = Simple::new(SimpleConfig::LC0).begin_move(&MoveContext::new(60_000.0, 1000.0, 2));
        let unused = b2.terms.iter().find(|t| t.name == "unused_last_move").unwrap().value;
        assert!((unused - 1332.2).abs() < 0.01, "{unused} (budget {})", b1.hard_ms);
        let plain_budget = plain.terms.iter().find(|t| t.name == "budget").unwrap().value;
        assert!((b2.hard_ms - (plain_budget + unused)).abs() < 1.0, "{b2:?}");
        assert!(b2.hard_ms > plain.hard_ms + 1300.0);
        let z = Simple::new(SimpleConfig::LC0).begin_move(&MoveContext::new(0.0, 1000.0, 0));
        assert_eq!(z.hard_ms, 0.0, "a zero clock gives no NaN");
    }
}
