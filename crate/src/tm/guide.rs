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

use super::common::{finish, is_mcts, t64};
use super::{MoveContext, MoveEnd, SearchKind, TimeManager};

/// The seed's fixed-chunk divisor: initial time / 50.
pub const CHUNK_DIVISOR: u32 = 50;
/// The seed's fixed-fraction divisor: 10 % of the remaining time.
pub const FRACTION_DIVISOR: u32 = 10;
/// The recap rule's divisor: remaining / 20.
pub const BASE_DIVISOR: u32 = 20;
/// The recap rule's increment share: 3/4.
pub const INC_FRAC: f64 = 0.75;
/// soft = base / 2.
pub const SOFT_FRAC: f64 = 0.5;
/// hard = 3 · base.
pub const HARD_MULT: f64 = 3.0;
/// The seed's communication overhead, added to elapsed at every check.
pub const MOVE_OVERHEAD_MS: u32 = 50;
/// The seed checks the hard limit in every node.
pub const CHECK_INTERVAL: u32 = 1;
/// Ethereal's PV-stability factor at s = 0 …
pub const PV_BASE: f64 = 1.20;
/// … falling by this per stable iteration …
pub const PV_STEP: f64 = 0.04;
/// … for at most this many iterations (1.20 → 0.80).
pub const PV_CAP: u32 = 10;
/// The seed applies the score factor from depth 7.
pub const SCORE_MIN_DEPTH: u32 = 7;
/// Ethereal compares the score with the one 3 iterations earlier.
pub const SCORE_LAG: u32 = 3;
/// Ethereal: factor = 0.05 per cp of drop …
pub const SCORE_SLOPE: f64 = 0.05;
/// … clamped to 0.75 …
pub const SCORE_MIN: f64 = 0.75;
/// … and 1.25.
pub const SCORE_MAX: f64 = 1.25;
/// Ethereal's node factor: max(0.5, 2·(1 − f) + 0.4).
pub const NODE_SLOPE: f64 = 2.0;
/// See [`NODE_SLOPE`].
pub const NODE_OFFSET: f64 = 0.4;
/// See [`NODE_SLOPE`].
pub const NODE_MIN: f64 = 0.5;
/// Ethereal applies the PV and node factors from depth 4.
pub const TRICKS_MIN_DEPTH: u32 = 4;

/// The allocation rule (§3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GuideMode {
    /// L = initial clock / divisor, for every move.
    Chunks,
    /// L = clock / divisor.
    Fraction,
    /// base = clock/divisor + ¾ inc, with a soft/hard split.
    Recap,
}

impl GuideMode {
    /// Names in spec strings.
    pub const NAMES: &'static [&'static str] = &["chunks", "fraction", "recap"];

    /// The name in spec strings.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    /// From a name in [`GuideMode::NAMES`].
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "chunks" => Some(GuideMode::Chunks),
            "fraction" => Some(GuideMode::Fraction),
            "recap" => Some(GuideMode::Recap),
            _ => None,
        }
    }
}

/// The guide's parameters (§3.1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GuideConfig {
    /// Allocation rule.
    pub mode: GuideMode,
    /// chunks: L = initial clock / this.
    pub chunk_divisor: u32,
    /// fraction: L = clock / this.
    pub fraction_divisor: u32,
    /// recap: base = clock / this + …
    pub base_divisor: u32,
    /// recap: share of the increment added.
    pub inc_frac: f64,
    /// recap: soft/hard split (false: single limit L = base).
    pub soft_hard: bool,
    /// soft = base · this.
    pub soft_frac: f64,
    /// hard = base · this.
    pub hard_mult: f64,
    /// Added to elapsed at every check, ms.
    pub move_overhead: u32,
    /// Depth 1 is never aborted.
    pub clear_one_depth: bool,
    /// Hard-check cadence in nodes.
    pub check_interval: u32,
    /// Enable the PV-stability scaling.
    pub pv_stability: bool,
    /// PV factor at s = 0.
    pub pv_base: f64,
    /// PV factor step per stable iteration.
    pub pv_step: f64,
    /// Cap on s.
    pub pv_cap: u32,
    /// Enable the score-stability scaling.
    pub score_stability: bool,
    /// First depth for the score factor.
    pub score_min_depth: u32,
    /// Compare score[d − lag] with score[d].
    pub score_lag: u32,
    /// Score factor per cp of drop.
    pub score_slope: f64,
    /// Lower clamp of the score factor.
    pub score_min: f64,
    /// Upper clamp of the score factor.
    pub score_max: f64,
    /// Enable the node-based scaling.
    pub node_tm: bool,
    /// Node factor slope.
    pub node_slope: f64,
    /// Node factor offset.
    pub node_offset: f64,
    /// Node factor floor.
    pub node_min: f64,
    /// The PV and node factors apply from this completed depth.
    pub tricks_min_depth: u32,
}

impl GuideConfig {
    /// The recap rule with soft/hard limits and no tricks (the guide's "meat and bones").
    pub const RECAP: GuideConfig = GuideConfig {
        mode: GuideMode::Recap,
        chunk_divisor: CHUNK_DIVISOR,
        fraction_divisor: FRACTION_DIVISOR,
        base_divisor: BASE_DIVISOR,
        inc_frac: INC_FRAC,
        soft_hard: true,
        soft_frac: SOFT_FRAC,
        hard_mult: HARD_MULT,
        move_overhead: MOVE_OVERHEAD_MS,
        clear_one_depth: true,
        check_interval: CHECK_INTERVAL,
        pv_stability: false,
        pv_base: PV_BASE,
        pv_step: PV_STEP,
        pv_cap: PV_CAP,
        score_stability: false,
        score_min_depth: SCORE_MIN_DEPTH,
        score_lag: SCORE_LAG,
        score_slope: SCORE_SLOPE,
        score_min: SCORE_MIN,
        score_max: SCORE_MAX,
        node_tm: false,
        node_slope: NODE_SLOPE,
        node_offset: NODE_OFFSET,
        node_min: NODE_MIN,
        tricks_min_depth: TRICKS_MIN_DEPTH,
    };
    /// The seed's "bad idea": a fixed chunk of the initial time per move.
    pub const CHUNKS: GuideConfig = GuideConfig { mode: GuideMode::Chunks, ..Self::RECAP };
    /// The seed's "better idea": 10 % of the remaining time.
    pub const FRACTION: GuideConfig = GuideConfig { mode: GuideMode::Fraction, ..Self::RECAP };
    /// The recap rule with all three fancier tricks on.
    pub const TRICKS: GuideConfig =
        GuideConfig { pv_stability: true, score_stability: true, node_tm: true, ..Self::RECAP };
}

impl Default for GuideConfig {
    fn default() -> Self {
        Self::RECAP
    }
}

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
                (cfg.score_slope * drop).clamp(cfg.score_min, cfg.score_max.max(cfg.score_min))
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

    fn name(&self) -> &'static str {
        "guide"
    }

    fn search_kind(&self) -> SearchKind {
        SearchKind::AlphaBeta
    }

    fn new_game(&mut self) {
        *self = Guide::new(self.cfg);
    }

    fn begin_move(&mut self, ctx: &MoveContext) -> Budget {
        self.pondering = ctx.ponder;
        if ctx.ponder {
            return super::common::ponder_budget();
        }
        let clock = ctx.clock().floor() as i64;
        let inc = ctx.inc().floor() as i64;
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

    fn end_move(&mut self, _end: &MoveEnd) {}

    fn check_interval(&self) -> u64 {
        self.cfg.check_interval as u64
    }

    fn overhead_ms(&self) -> f64 {
        self.overhead()
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

#[cfg(test)]
mod tests;
