//! Mediocre's time manager: a fortieth of the clock plus half the increment, a hard stop inside
//! the search, and "do not start a depth you cannot finish twice over".
//!
//! Reference: seed 001 (`001_17165174847994fc.txt`, Mediocre v0.12b, Jonatan Pettersson 2007);
//! spec §2. Integer milliseconds, as the seed's Java `int` arithmetic.
//!
//! ```text
//! b = ⌊clock/divisor⌋ + ⌊inc·inc-frac⌋
//! if b >= clock: b = clock − safety-ms        # the increment would take us past the clock
//! if b < 0:      b = fallback-ms              # "use 0.1 seconds to at least get some move"
//! soft = b/next-depth-factor;  hard = b
//! ```
//!
//! **Reference deviation kept on purpose:** the 100 ms fallback can exceed a clock below 100 ms
//! (and the safety rule can leave more than the clock when the clock is under the safety
//! margin). The project keeps the seed's behaviour — it is a visible flag risk — and the budget
//! carries an `exceeds_clock` warning term whenever it happens. The seed's comment says
//! "2.25 %", but 1/40 is 2.5 %.

use crate::stop::{Budget, Decision, EffectiveLimit, Hints, LimitTerm, SearchStats, StopReason, Term, secs};

use super::common::{finish, from_config, is_mcts, ponder_start, t64};
use super::{MoveContext, TimeManager};

mod table;

/// The seed's divisor: a fortieth of the remaining time.
pub const DIVISOR: u32 = 40;
/// The seed's share of the increment: a half.
pub const INC_FRAC: f64 = 0.5;
/// The seed's safety margin when the budget would reach the clock: 0.5 s.
pub const SAFETY_MS: u32 = 500;
/// The seed's fallback when the safety rule goes negative: 0.1 s.
pub const FALLBACK_MS: u32 = 100;
/// The seed's estimate of how much longer the next depth takes: twice the time so far.
pub const NEXT_DEPTH_FACTOR: f64 = 2.0;
/// Nodes between hard checks (`TIME_CHECK_INTERVAL`); the seed gives no value, 1024 as Ethereal.
pub const CHECK_INTERVAL: u32 = 1024;

/// Mediocre's parameters (§2).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MediocreConfig {
    /// Budget = clock/divisor + …
    pub divisor: u32,
    /// Share of the increment added.
    pub inc_frac: f64,
    /// If the budget reaches the clock, use clock − this.
    pub safety_ms: u32,
    /// Used when the result is negative.
    pub fallback_ms: u32,
    /// Do not start the next depth if elapsed × factor > budget.
    pub next_depth_factor: f64,
    /// Hard-check cadence in nodes.
    pub check_interval: u32,
}

impl MediocreConfig {
    /// The seed's values.
    pub const SEED: MediocreConfig = MediocreConfig {
        divisor: DIVISOR,
        inc_frac: INC_FRAC,
        safety_ms: SAFETY_MS,
        fallback_ms: FALLBACK_MS,
        next_depth_factor: NEXT_DEPTH_FACTOR,
        check_interval: CHECK_INTERVAL,
    };
}

/// Which guard of the seed fired (the `guard` term: 0 none, 1 safety, 2 fallback).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Guard {
    /// The plain budget.
    None = 0,
    /// Budget ≥ clock: clock − safety.
    Safety = 1,
    /// Negative: the fallback.
    Fallback = 2,
}

/// The manager. It has no per-game state.
#[derive(Clone, Debug)]
pub struct Mediocre {
    cfg: MediocreConfig,
    /// This move's budget `b`, ms.
    budget_ms: i64,
    pondering: bool,
}

impl Mediocre {
    /// A manager with this config.
    pub fn new(cfg: MediocreConfig) -> Self {
        Mediocre { cfg, budget_ms: 0, pondering: false }
    }

    /// The seed's allocation: `(b, guard, base, inc_part)`.
    pub fn allocate(&self, clock_ms: i64, inc_ms: i64) -> (i64, Guard, i64, i64) {
        let base = clock_ms / self.cfg.divisor as i64;
        let inc_part = (inc_ms as f64 * self.cfg.inc_frac).floor() as i64;
        let mut b = base + inc_part;
        let mut guard = Guard::None;
        if b >= clock_ms {
            b = clock_ms - self.cfg.safety_ms as i64;
            guard = Guard::Safety;
        }
        if b < 0 {
            b = self.cfg.fallback_ms as i64;
            guard = Guard::Fallback;
        }
        (b, guard, base, inc_part)
    }
}

impl TimeManager for Mediocre {
    from_config!(MediocreConfig, no overhead);

    fn save_state(&self, w: &mut super::state::StateWriter) {
        w.i64(self.budget_ms);
        w.bool(self.pondering);
    }

    fn load_state(&mut self, r: &mut super::state::StateReader) -> Result<(), super::state::StateError> {
        self.budget_ms = r.i64()?;
        self.pondering = r.bool("pondering")?;
        Ok(())
    }

    fn begin_move(&mut self, ctx: &MoveContext) -> Budget {
        if let Some(b) = ponder_start(&mut self.pondering, ctx) {
            return b;
        }
        let (clock, inc) = ctx.whole_ms();
        let (b, guard, base, inc_part) = self.allocate(clock, inc);
        self.budget_ms = b;
        let terms = vec![
            t64("base", base as f64),
            t64("inc_part", inc_part as f64),
            Term::new("guard", guard as i32 as f64),
            t64("budget", b as f64),
        ];
        let soft = b as f64 / self.cfg.next_depth_factor;
        finish(
            soft,
            b as f64,
            terms,
            ctx.clock(),
            0.0,
            b as f64,
            "Mediocre's seed falls back to 100 ms (or clock − 500 ms) even when the clock holds less",
        )
    }

    fn poll(&mut self, stats: &SearchStats, _hints: &mut Hints) -> Decision {
        if self.pondering {
            return Decision::CONTINUE;
        }
        let b = self.budget_ms as f64;
        if is_mcts(stats) && stats.elapsed_ms * self.cfg.next_depth_factor > b {
            // Driven by MCTS (no iterations): every batch is a boundary, so the soft rule applies.
            return Decision::stop(StopReason::SoftLimit);
        }
        Decision::stop_if(stats.elapsed_ms > b, StopReason::HardLimit)
    }

    fn iteration_done(&mut self, stats: &SearchStats) -> Decision {
        if self.pondering {
            return Decision::CONTINUE;
        }
        Decision::stop_if(
            stats.elapsed_ms * self.cfg.next_depth_factor > self.budget_ms as f64,
            StopReason::SoftLimit,
        )
    }

    fn effective_limit(&self, budget: &Budget) -> EffectiveLimit {
        // §2: the next depth is not started once elapsed × next-depth factor > budget.
        let b = self.budget_ms as f64;
        let f = self.cfg.next_depth_factor;
        let soft = b / f;
        let f2 = crate::decimal::fixed(f, 2);
        EffectiveLimit {
            soft_ms: soft,
            base_ms: budget.soft_ms,
            cap_ms: None,
            hard_ms: budget.hard_ms,
            terms: vec![
                LimitTerm::new("budget", "budget", b),
                LimitTerm::new("next_depth_factor", "next-depth factor", f),
            ],
            text: format!(
                "soft {} = budget {} ÷ next-depth factor {f2}: no new depth once elapsed × {f2} > {}",
                secs(soft),
                secs(b),
                secs(b)
            ),
        }
    }

    fn check_interval(&self) -> u64 {
        self.cfg.check_interval as u64
    }

    fn state(&self) -> Vec<Term> {
        vec![Term::new("budget", self.budget_ms as f64)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_vector_h() {
        // §11(h): clock 60000, inc 600 → b = 1500 + 300 = 1800; next depth not started past 900.
        let mut m = Mediocre::new(MediocreConfig::SEED);
        let b = m.begin_move(&MoveContext::new(60_000.0, 600.0, 0));
        assert_eq!((b.soft_ms, b.hard_ms), (900.0, 1800.0));
        let s = |e: f64| SearchStats { elapsed_ms: e, ..Default::default() };
        assert!(!m.iteration_done(&s(900.0)).is_stop());
        assert!(m.iteration_done(&s(900.5)).is_stop());
        let mut h = Hints::reset(0);
        assert!(!m.poll(&s(1800.0), &mut h).is_stop());
        assert_eq!(m.poll(&s(1800.5), &mut h).stop, Some(StopReason::HardLimit));
    }

    #[test]
    fn guards_follow_the_seed() {
        let m = Mediocre::new(MediocreConfig::SEED);
        assert_eq!(m.allocate(600, 1200), (100, Guard::Safety, 15, 600));
        assert_eq!(m.allocate(400, 1000), (100, Guard::Fallback, 10, 500));
        let mut m = Mediocre::new(MediocreConfig::SEED);
        let b = m.begin_move(&MoveContext::new(50.0, 200.0, 0));
        assert_eq!(b.hard_ms, 100.0, "the seed's fallback exceeds a 50 ms clock");
        let w = b.terms.iter().find(|t| t.name == "exceeds_clock").expect("warning term");
        assert!(w.warning.is_some());
        let b = m.begin_move(&MoveContext::new(60_000.0, 0.0, 0));
        assert!(b.terms.iter().all(|t| t.warning.is_none()));
    }
}
