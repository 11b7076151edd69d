//! The engine-programming guide's time managers: fixed chunks, fixed fraction, the recap rule
//! with soft and hard limits, and the three "fancier tricks" as switchable soft-limit scalings.
//!
//! Reference: seed 004 (`004_5553bfcd042ba4ed.txt`, the "Time management" chapter of an engine
//! guide); the tricks' constants come from Ethereal `src/timeman.c` @0e47e9b6, since the seed
//! gives none. Spec §3. Integer milliseconds, as the seed's `u64` arithmetic.
//!
//! ```text
//! chunks:   L = ⌊clock₀/chunk-divisor⌋            (clock₀ = the first clock of the game)
//! fraction: L = ⌊clock/fraction-divisor⌋
//! recap:    base = ⌊clock/base-divisor⌋ + ⌊inc·inc-frac⌋
//!           soft = ⌊base·soft-frac⌋, hard = ⌊base·hard-mult⌋   (soft-hard = false: L = base)
//! iteration_done: Stop iff elapsed + O >= soft·Π(factors)
//! poll:           Stop iff elapsed + O >= hard, once depth 1 is complete (clear-one-depth)
//! ```
//!
//! **Seed errata (spec §3.3):** the seed's `should_stop` returns `elapsed + OVERHEAD < hard`,
//! true while time remains; the intended rule (stop once elapsed + overhead reaches hard) is
//! implemented. Its loop would also drop a timed-out depth-1 result; depth 1 always completes.
//!
//! **Reference behaviour kept:** fixed chunks run out of time after `chunk-divisor` moves (the
//! seed's lesson), and the recap rule has no clock cap: with a large increment and a small clock
//! the hard limit can pass the clock. Budgets then carry an `exceeds_clock` warning. The limits
//! are compared with elapsed + overhead, so the warning fires when the hard limit passes the
//! clock itself.

use crate::stop::{
    Budget, Decision, EffectiveLimit, Hints, Iteration, LimitTerm, SearchStats, StopReason, Term,
};

use super::common::{finish, from_config, is_mcts, ponder_start, t64};
use super::{MoveContext, TimeManager};
mod config;
mod table;
#[cfg(test)]
mod tests;

pub use config::{
    BASE_DIVISOR, CHECK_INTERVAL, CHUNK_DIVISOR, FRACTION_DIVISOR, GuideConfig, GuideMode, HARD_MULT,
    INC_FRAC, MOVE_OVERHEAD_MS, NODE_MIN, NODE_OFFSET, NODE_SLOPE, PV_BASE, PV_CAP, PV_STEP, SCORE_LAG,
    SCORE_MAX, SCORE_MIN, SCORE_MIN_DEPTH, SCORE_SLOPE, SOFT_FRAC, TRICKS_MIN_DEPTH,
};

/// The soft-limit factors at the last completed iteration: `(pv, score, node)`, each 1 when
/// disabled or below its minimum depth (§3.4).
pub fn factors(cfg: &GuideConfig, stats: &SearchStats) -> (f64, f64, f64) {
    let its: &[Iteration] = stats.iterations;
    let Some(last) = its.last() else { return (1.0, 1.0, 1.0) };
    let d = last.depth;
    let pv = if cfg.pv_stability && d >= cfg.tricks_min_depth {
        let mut s = 0u32;
        for k in 1..its.len() {
            if its[k].depth >= cfg.tricks_min_depth {
                s = if its[k].best_move == its[k - 1].best_move { (s + 1).min(cfg.pv_cap) } else { 0 };
            }
        }
        cfg.pv_base - cfg.pv_step * s as f64
    } else {
        1.0
    };
    let score = if cfg.score_stability && d >= cfg.score_min_depth {
        match its.iter().find(|it| it.depth + cfg.score_lag == d) {
            Some(old) => {
                let drop = (old.score.as_cp() - last.score.as_cp()) as f64;
                super::common::within(cfg.score_slope * drop, cfg.score_min, cfg.score_max.max(cfg.score_min))
            }
            None => 1.0,
        }
    } else {
        1.0
    };
    let node = if cfg.node_tm && d >= cfg.tricks_min_depth && stats.search_nodes > 0 {
        let f = stats.best_move_nodes as f64 / stats.search_nodes as f64;
        (cfg.node_slope * (1.0 - f) + cfg.node_offset).max(cfg.node_min)
    } else {
        1.0
    };
    (pv, score, node)
}

/// The manager.
#[derive(Clone, Debug)]
pub struct Guide {
    cfg: GuideConfig,
    /// The first clock after `new_game` (chunks).
    clock0: Option<i64>,
    soft: f64,
    hard: f64,
    /// The soft limit after the latest scaling.
    soft_eff: f64,
    pondering: bool,
    /// The scalings `(pv, score, node)` of the last soft check this move (reset by `begin_move`).
    last_factors: Option<(f64, f64, f64)>,
}

impl Guide {
    /// A manager with this config.
    pub fn new(cfg: GuideConfig) -> Self {
        Guide { cfg, clock0: None, soft: 0.0, hard: 0.0, soft_eff: 0.0, pondering: false, last_factors: None }
    }

    fn overhead(&self) -> f64 {
        self.cfg.move_overhead as f64
    }
}

impl TimeManager for Guide {
    from_config!(GuideConfig);

    fn save_state(&self, w: &mut super::state::StateWriter) {
        w.bool(self.clock0.is_some());
        w.i64(self.clock0.unwrap_or(0));
        w.f64(self.soft);
        w.f64(self.hard);
        w.f64(self.soft_eff);
        w.bool(self.pondering);
    }

    fn load_state(&mut self, r: &mut super::state::StateReader) -> Result<(), super::state::StateError> {
        let has_clock0 = r.bool("clock0")?;
        let clock0 = r.i64()?;
        self.clock0 = has_clock0.then_some(clock0);
        self.soft = r.f64()?;
        self.hard = r.f64()?;
        self.soft_eff = r.f64()?;
        self.pondering = r.bool("pondering")?;
        Ok(())
    }

    fn begin_move(&mut self, ctx: &MoveContext) -> Budget {
        if let Some(b) = ponder_start(&mut self.pondering, ctx) {
            return b;
        }
        let (clock, inc) = ctx.whole_ms();
        let clock0 = *self.clock0.get_or_insert(clock);
        let c = &self.cfg;
        let mut terms = Vec::new();
        let (soft, hard) = match c.mode {
            GuideMode::Chunks => {
                let l = clock0 / c.chunk_divisor as i64;
                terms.push(t64("clock0", clock0 as f64));
                terms.push(t64("L", l as f64));
                (l, l)
            }
            GuideMode::Fraction => {
                let l = clock / c.fraction_divisor as i64;
                terms.push(t64("L", l as f64));
                (l, l)
            }
            GuideMode::Recap => {
                let clock_part = clock / c.base_divisor as i64;
                let inc_part = (inc as f64 * c.inc_frac).floor() as i64;
                let base = clock_part + inc_part;
                terms.push(t64("clock_part", clock_part as f64));
                terms.push(t64("inc_part", inc_part as f64));
                terms.push(t64("base", base as f64));
                if c.soft_hard {
                    let soft = (base as f64 * c.soft_frac).floor() as i64;
                    let hard = (base as f64 * c.hard_mult).floor() as i64;
                    terms.push(t64("soft", soft as f64));
                    terms.push(t64("hard", hard as f64));
                    (soft, hard)
                } else {
                    (base, base)
                }
            }
        };
        terms.push(t64("overhead", self.overhead()));
        self.soft = soft as f64;
        self.hard = hard as f64;
        self.soft_eff = self.soft;
        self.last_factors = None;
        let why = match c.mode {
            GuideMode::Chunks => {
                "fixed chunks of the initial clock run out after chunk-divisor moves (seed 004)"
            }
            _ => "the seed's rule has no clock cap (seed 004)",
        };
        finish(self.soft, self.hard, terms, ctx.clock(), self.overhead(), self.hard - self.overhead(), why)
    }

    fn poll(&mut self, stats: &SearchStats, _hints: &mut Hints) -> Decision {
        if self.pondering {
            return Decision::CONTINUE;
        }
        let t = stats.elapsed_ms + self.overhead();
        if is_mcts(stats) {
            // Driven by MCTS: every batch is a boundary, so the soft limit applies as well.
            if t >= self.soft_eff {
                return Decision::stop(StopReason::SoftLimit);
            }
            return Decision::stop_if(t >= self.hard, StopReason::HardLimit);
        }
        let depth_done = stats.completed_depth() >= 1 || !self.cfg.clear_one_depth;
        Decision::stop_if(t >= self.hard && depth_done, StopReason::HardLimit)
    }

    fn iteration_done(&mut self, stats: &SearchStats) -> Decision {
        if self.pondering {
            return Decision::CONTINUE;
        }
        let (pv, score, node) = factors(&self.cfg, stats);
        self.last_factors = Some((pv, score, node));
        self.soft_eff = self.soft * pv * score * node;
        Decision::stop_if(stats.elapsed_ms + self.overhead() >= self.soft_eff, StopReason::SoftLimit)
    }

    fn effective_limit(&self, budget: &Budget) -> EffectiveLimit {
        // §3.4: soft_eff = soft × PV × score × node scalings (each 1 when off or too shallow).
        let Some((pv, score, node)) = self.last_factors else { return EffectiveLimit::base(budget) };
        let term = LimitTerm::new;
        let factors = vec![term("pv", "PV", pv), term("score", "score", score), term("node", "nodes", node)];
        EffectiveLimit::product(budget, term("soft", "soft", self.soft), factors, None)
    }

    fn check_interval(&self) -> u64 {
        self.cfg.check_interval as u64
    }

    fn state(&self) -> Vec<Term> {
        vec![
            Term::new("clock0", self.clock0.unwrap_or(0) as f64),
            Term::new("soft", self.soft),
            Term::new("hard", self.hard),
            Term::new("soft_eff", self.soft_eff),
        ]
    }
}
