//! Clockwork's time manager: a soft share of the clock plus the increment, re-scaled from depth
//! 6 by the best move's share of the root nodes and by the "complexity" of the position (how far
//! the score has moved from the depth-1 score), and a hard share of the clock.
//!
//! Reference: Clockwork (official-clockwork/Clockwork) @10d79e61: `src/tm.cpp` (limits),
//! `src/tm.hpp` (`UCI_LATENCY` = 50 ms), `src/search.cpp` (the recomputation after each
//! iteration, the 2048-node hard check, `cp = internal/4` in `format_score`), `src/tuned.hpp`
//! (the tunables, in 1/1024). The complexity factor came with Clockwork #269 (6007f704, 2025);
//! the node factor with #185. `docs/managers.md` gives the formulas; they are implemented from
//! there, in `f64` with Clockwork's integer divisions.
//!
//! ```text
//! soft0 = ⌊t·50/1024⌋ + ⌊inc·566/1024⌋           hard = ⌊t·286/1024⌋ − 50
//! after each completed iteration d ≥ 6:
//!   f  = best-move nodes / root nodes (cumulative over the search)
//!   nf = max(400/1024, 2380/1024 − f·2197/1024)
//!   C  = 0 for a mate score, else 0.6·|s₁ − s|·ln d   (internal units: 4 per cp)
//!   cf = max(978/1024 + clamp(C, 0, 223)/410, 1)
//!   soft = trunc(soft0·nf·cf)
//! stop at an iteration end when elapsed ≥ soft; every 2048 nodes when elapsed ≥ hard
//! ```
//! Deviations, documented: a budget's soft limit is `min(soft0, hard)` (the invariant soft ≤
//! hard; Clockwork's soft can pass its hard limit when the increment is large, and the hard
//! limit then stops the search); `movetime` is the searcher's own limit. Driven by MCTS (no
//! iterations), the manager stops at `min(soft0, hard)` after a batch.

use crate::stop::{Budget, Decision, EffectiveLimit, Hints, LimitTerm, Score, SearchStats, StopReason};

use super::common::{finish, from_config, is_mcts, no_game_state, ponder_start, t64};
use super::glossary::{Entry, Repo, Source, Unit, e};
use super::params::flags::searcher_only;
use super::params::tables::{f64_, int_, move_overhead};
use super::params::{ManagerConfig, ManagerInfo, Param, Preset};
use super::{MoveContext, SearchKind, TimeManager};

/// Clockwork's tunables are integers over 1024.
const TUNE_SCALE: f64 = 1024.0;
/// Nodes between two hard checks: `(search_nodes() & 2047) == 0`.
const CHECK_NODES: u64 = 2048;

/// The manager's parameters (the tunables keep Clockwork's integers, in 1/1024).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ComplexityConfig {
    /// `time_hard_limit`: hard share of the clock, /1024.
    pub hard_limit: u32,
    /// `time_soft_limit`: soft share of the clock, /1024.
    pub soft_limit: u32,
    /// `time_soft_increment`: soft share of the increment, /1024.
    pub soft_increment: u32,
    /// `UCI_LATENCY`: subtracted from the hard limit, ms.
    pub move_overhead: u32,
    /// `nodetm_min_factor`, /1024.
    pub node_min: u32,
    /// `nodetm_avg_factor`, /1024.
    pub node_avg: u32,
    /// `nodetm_frac_factor`, /1024.
    pub node_frac: u32,
    /// `d1plexity_base`, /1024.
    pub cplx_base: u32,
    /// `d1plexity_max_complexity`: cap on C, internal units.
    pub cplx_max: u32,
    /// `d1plexity_divisor`: C per unit of factor.
    pub cplx_divisor: u32,
    /// The 0.6 weight of |s₁ − s|·ln d.
    pub cplx_weight: f64,
    /// The first depth whose iteration re-scales the soft limit (6).
    pub from_depth: u32,
    /// Internal units per centipawn of the searcher's scores.
    pub score_unit: f64,
}

impl ComplexityConfig {
    /// Clockwork @10d79e61.
    pub const CLOCKWORK: ComplexityConfig = ComplexityConfig {
        hard_limit: 286,
        soft_limit: 50,
        soft_increment: 566,
        move_overhead: 50,
        node_min: 400,
        node_avg: 2380,
        node_frac: 2197,
        cplx_base: 978,
        cplx_max: 223,
        cplx_divisor: 410,
        cplx_weight: 0.6,
        from_depth: 6,
        score_unit: 4.0,
    };
    /// Without the complexity factor (Clockwork before #269): the base can never exceed 1.
    const NO_COMPLEXITY: ComplexityConfig = ComplexityConfig { cplx_weight: 0.0, ..Self::CLOCKWORK };
}

const TM: Source = Source::Upstream(Repo::Clockwork, "src/tm.cpp");
const TM_HPP: Source = Source::Upstream(Repo::Clockwork, "src/tm.hpp");
const SEARCH: Source = Source::Upstream(Repo::Clockwork, "src/search.cpp");
const TUNED: Source = Source::Upstream(Repo::Clockwork, "src/tuned.hpp");
/// The parameters that act only inside a search: all of them in the alpha-beta rule.
const IN_SEARCH: [&str; 4] = ["node-*", "complexity-*", "from-depth", "score-unit"];
/// Why an in-search parameter does nothing under MCTS.
const AB_ONLY: &str = "it acts after each completed alpha-beta iteration; under MCTS the manager stops at min(soft, hard), so this does nothing there";

/// Where the rows come from.
const S: &str = "Clockwork @10d79e61 tuned.hpp";

impl ManagerConfig for ComplexityConfig {
    const NAME: &'static str = "complexity";
    const ALIASES: &'static [&'static str] = &["clockwork"];
    const SEARCH: SearchKind = SearchKind::AlphaBeta;
    const IN_SEARCH: &'static [&'static str] = &IN_SEARCH;
    const ONLY_FOR: &'static [(&'static str, SearchKind, &'static str)] =
        &searcher_only(IN_SEARCH, SearchKind::AlphaBeta, AB_ONLY);
    const SOURCES: &'static [(&'static str, Source)] = &[
        ("move-overhead", TM_HPP),
        ("complexity-weight", SEARCH),
        ("from-depth", SEARCH),
        ("score-unit", SEARCH),
        ("*", TUNED),
    ];
    #[rustfmt::skip]
    const TERMS: &'static [Entry] = &[
        e(Self::NAME, "soft_base", "base soft limit", Unit::Ms,
            "Clockwork's soft limit before the in-search factors: a share of the clock plus a share of the increment",
            "⌊t·soft-limit/1024⌋ + ⌊inc·soft-increment/1024⌋", TM),
        e(Self::NAME, "hard", "hard limit", Unit::Ms,
            "checked every 2048 nodes; may be 0 on a clock under ≈ 180 ms (depth 1 still completes)",
            "⌊t·hard-limit/1024⌋ − move-overhead", TM),
        e(Self::NAME, "node_factor", "node factor", Unit::Factor,
            "less time when the best move took most of the root nodes (from depth 6)",
            "max(node-min, node-avg − f·node-frac)/1024, f = best-move nodes/root nodes", TM),
        e(Self::NAME, "complexity_factor", "complexity factor", Unit::Factor,
            "more time (never less) when the score moved far from the depth-1 score (from depth 6)",
            "max(base/1024 + min(C, max)/divisor, 1), C = 0.6·|s₁ − s|·ln d (0 for mates)", TM),
    ];

    const INFO: ManagerInfo = ManagerInfo {
        label: "Complexity (Clockwork)",
        reference: "Clockwork @10d79e61 src/tm.cpp, search.cpp, tuned.hpp (#269)",
        description: "soft share of clock + increment, scaled from depth 6 by the best move's node share and by how far the score moved from depth 1 (Clockwork #269; the same idea in PlentyChess #422, Tarnished #82, Calvin #404; removed again in PZChessBot #347)",
    };

    const PARAMS: &'static [Param<Self>] = &[
        Param::new("soft-limit", "Soft share of clock", int_!(Self, u32, soft_limit))
            .lin(25.0, 100.0, 1.0)
            .unit("/1024")
            .desc("time_soft_limit: soft limit = t·this/1024 + inc·soft-increment/1024 (SPSA range 25 … 100)")
            .src(S),
        Param::new("soft-increment", "Soft share of increment", int_!(Self, u32, soft_increment))
            .lin(256.0, 1024.0, 1.0)
            .unit("/1024")
            .desc("time_soft_increment: the increment's share of the soft limit (SPSA range 256 … 1024)")
            .src(S),
        Param::new("hard-limit", "Hard share of clock", int_!(Self, u32, hard_limit))
            .lin(128.0, 512.0, 1.0)
            .unit("/1024")
            .desc("time_hard_limit: hard limit = t·this/1024 − move-overhead (SPSA range 128 … 512)")
            .src(S),
        move_overhead(int_!(Self, u32, move_overhead))
            .log(0.0, 5000.0, 1.0)
            .desc("UCI_LATENCY (tm.hpp): subtracted from the hard limit only")
            .src("Clockwork @10d79e61 tm.hpp"),
        Param::new("node-min", "Node factor floor", int_!(Self, u32, node_min))
            .lin(256.0, 1024.0, 1.0)
            .unit("/1024")
            .desc("nodetm_min_factor: the node factor never goes below this/1024")
            .src(S),
        Param::new("node-avg", "Node factor base", int_!(Self, u32, node_avg))
            .lin(1024.0, 4096.0, 1.0)
            .unit("/1024")
            .desc("nodetm_avg_factor: node factor = (this − f·node-frac)/1024")
            .src(S),
        Param::new("node-frac", "Node factor slope", int_!(Self, u32, node_frac))
            .lin(948.0, 3792.0, 1.0)
            .unit("/1024")
            .desc("nodetm_frac_factor: the node factor's slope in the best move's node share f")
            .src(S),
        Param::new("complexity-base", "Complexity base", int_!(Self, u32, cplx_base))
            .lin(394.0, 1576.0, 1.0)
            .unit("/1024")
            .desc("d1plexity_base: complexity factor = max(this/1024 + min(C, max)/divisor, 1)")
            .src(S),
        Param::new("complexity-max", "Complexity cap", int_!(Self, u32, cplx_max))
            .lin(100.0, 400.0, 1.0)
            .unit("internal")
            .desc("d1plexity_max_complexity: C is clamped to 0 … this")
            .src(S),
        Param::new("complexity-divisor", "Complexity divisor", int_!(Self, u32, cplx_divisor))
            .lin(193.0, 772.0, 1.0)
            .unit("internal")
            .desc("d1plexity_divisor: C per unit of factor")
            .src(S),
        Param::new("complexity-weight", "Complexity weight", f64_!(Self, cplx_weight))
            .lin(0.0, 2.0, 0.05)
            .desc("C = this·|depth-1 score − score|·ln(depth); 0 turns the complexity factor off (Clockwork before #269)")
            .src("Clockwork @10d79e61 search.cpp"),
        Param::new("from-depth", "Re-scale from depth", int_!(Self, u32, from_depth))
            .lin(1.0, 20.0, 1.0)
            .unit("plies")
            .desc("the soft limit is recomputed after each iteration from this depth (the node share is unstable before)")
            .src("Clockwork @10d79e61 search.cpp"),
        Param::new("score-unit", "Score unit", f64_!(Self, score_unit))
            .lin(1.0, 8.0, 0.01)
            .unit("internal/cp")
            .desc("Clockwork's internal units per centipawn fed by the searcher (format_score prints cp = internal/4)")
            .src("project (Clockwork search.cpp format_score)"),
    ];

    const PRESETS: &'static [Preset<Self>] = &[
        Preset { name: "clockwork", description: "Clockwork @10d79e61", config: Self::CLOCKWORK },
        Preset {
            name: "no-complexity",
            description: "node factor only (Clockwork #185, before #269)",
            config: Self::NO_COMPLEXITY,
        },
    ];

    type Manager = Complexity;
    const NEW: fn(Self) -> Complexity = Complexity::new;
}

/// The factors of the last re-scaling.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rescale {
    /// The best move's share of the root nodes.
    pub share: f64,
    /// The node factor.
    pub node_factor: f64,
    /// The complexity C, internal units.
    pub complexity: f64,
    /// The complexity factor.
    pub complexity_factor: f64,
    /// The new soft limit, ms.
    pub soft: f64,
}

/// The manager. It keeps no state between moves.
#[derive(Clone, Debug)]
pub struct Complexity {
    cfg: ComplexityConfig,
    soft_base: f64,
    hard: f64,
    /// The soft limit in use (the base until depth `from-depth`).
    soft: f64,
    last: Option<Rescale>,
    pondering: bool,
}

impl Complexity {
    /// A manager with this config.
    pub fn new(cfg: ComplexityConfig) -> Self {
        Complexity { cfg, soft_base: 0.0, hard: 0.0, soft: 0.0, last: None, pondering: false }
    }

    /// `⌊x·k/1024⌋` for a whole number of ms (Clockwork's `i64` arithmetic).
    fn share(x: f64, k: u32) -> f64 {
        (x.floor() * f64::from(k) / TUNE_SCALE).floor()
    }

    /// A score in Clockwork's internal units.
    fn internal(&self, s: Score) -> f64 {
        f64::from(s.as_cp()) * self.cfg.score_unit
    }

    /// The re-scaled soft limit after a completed iteration at `depth` with score `score`,
    /// depth-1 score `s1` and best-move node share `share`.
    pub fn rescale(&self, depth: u32, score: Score, s1: Score, share: f64) -> Rescale {
        let c = self.cfg;
        let node_factor = (f64::from(c.node_min) / TUNE_SCALE)
            .max(f64::from(c.node_avg) / TUNE_SCALE - share * f64::from(c.node_frac) / TUNE_SCALE);
        let mate = !matches!(score, Score::Cp(_));
        let complexity = if mate {
            0.0
        } else {
            c.cplx_weight * (self.internal(s1) - self.internal(score)).abs() * f64::from(depth.max(1)).ln()
        };
        let complexity_factor = (f64::from(c.cplx_base) / TUNE_SCALE
            + super::common::within(complexity, 0.0, f64::from(c.cplx_max))
                / f64::from(c.cplx_divisor.max(1)))
        .max(1.0);
        let soft = (self.soft_base * node_factor * complexity_factor).trunc();
        Rescale { share, node_factor, complexity, complexity_factor, soft }
    }
}

impl TimeManager for Complexity {
    from_config!(ComplexityConfig);

    fn begin_move(&mut self, ctx: &MoveContext) -> Budget {
        self.last = None;
        if let Some(b) = ponder_start(&mut self.pondering, ctx) {
            return b;
        }
        let c = self.cfg;
        let t = ctx.clock();
        self.soft_base = Self::share(t, c.soft_limit) + Self::share(ctx.inc(), c.soft_increment);
        self.hard = Self::share(t, c.hard_limit) - f64::from(c.move_overhead);
        self.soft = self.soft_base;
        let terms = vec![t64("soft_base", self.soft_base), t64("hard", self.hard)];
        let o = f64::from(c.move_overhead);
        finish(self.soft_base.min(self.hard), self.hard, terms, t, o, self.hard, "")
    }

    fn poll(&mut self, stats: &SearchStats, _hints: &mut Hints) -> Decision {
        if self.pondering || stats.pondering {
            return Decision::CONTINUE;
        }
        if is_mcts(stats) && stats.elapsed_ms >= self.soft_base.min(self.hard) {
            return Decision::stop(StopReason::SoftLimit);
        }
        Decision::stop_if(stats.elapsed_ms >= self.hard, StopReason::HardLimit)
    }

    fn iteration_done(&mut self, stats: &SearchStats) -> Decision {
        let Some(last) = stats.iterations.last() else { return Decision::CONTINUE };
        if self.pondering || stats.pondering {
            return Decision::CONTINUE;
        }
        if last.depth >= self.cfg.from_depth {
            let s1 = stats.iterations.iter().find(|it| it.depth == 1).unwrap_or(&stats.iterations[0]).score;
            let share = if stats.search_nodes > 0 {
                stats.best_move_nodes as f64 / stats.search_nodes as f64
            } else {
                0.0
            };
            let r = self.rescale(last.depth, last.score, s1, share);
            self.soft = r.soft;
            self.last = Some(r);
        }
        Decision::stop_if(stats.elapsed_ms >= self.soft, StopReason::SoftLimit)
    }

    fn effective_limit(&self, budget: &Budget) -> EffectiveLimit {
        let Some(r) = self.last else { return EffectiveLimit::base(budget) };
        let term = LimitTerm::new;
        let mut lim = EffectiveLimit::product(
            budget,
            term("soft_base", "base", self.soft_base),
            vec![
                term("node_factor", "nodes", r.node_factor),
                term("complexity_factor", "complexity", r.complexity_factor),
            ],
            Some(self.hard.max(0.0)),
        );
        // Clockwork truncates the product to whole ms.
        lim.soft_ms = r.soft.min(self.hard.max(0.0));
        lim
    }

    fn check_interval(&self) -> u64 {
        CHECK_NODES
    }
    no_game_state!();
}

#[cfg(test)]
mod tests;
