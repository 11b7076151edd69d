//! Reckless's time manager: a soft share of the clock that grows with the move number and a
//! hard share, then after each iteration a soft stop scaled by five factors: the best move's
//! node share, the score trend against the previous move, PV stability, eval stability and the
//! best-move changes of the last iteration.
//!
//! Reference: Reckless (codedeliveryservice/Reckless) @789de891: `src/time.rs` (the bounds,
//! `TIME_OVERHEAD_MS` = 15, the 2048-node hard check), `src/search.rs` (the counters and the
//! multiplier), `src/uci.rs` (`MoveOverhead` 100), `src/types/score.rs` (`normalize_to_cp`).
//! `docs/managers.md` gives the formulas; they are implemented from there, the bounds in `f64`
//! truncated to whole ms as Reckless's `as u64`, the multiplier in `f32` as Reckless.
//!
//! ```text
//! m = clock − O (≥ 0), n = fullmove = ⌊ply/2⌋ + 1
//! no movestogo: soft = min(trunc((0.0594 − 0.0492·e^(−0.0386·n))·m + 0.75·inc), m)
//!               hard = min(trunc(0.7281·m + 0.75·inc), m)
//! movestogo k:  b = m/k + 0.75·inc;  soft = min(trunc(b), m + inc);  hard = min(trunc(5·b), m + inc)
//! soft_bound = soft − 15, hard_bound = hard − 15 (≥ 0)
//! after each completed iteration: stop when elapsed ≥ soft_bound·nodes·pv·eval·trend·bms
//!   nodes = max(0.5460, 3.1838 − 2.6554·f)           f = best-move nodes / nodes
//!   trend = clamp(0.7426 + 0.0480·(prev − s), 0.7214, 1.4031)   (internal units)
//!   pv    = max(0.7160, 1.2881 − 0.0440·pv_stability)
//!   eval  = max(0.8642, 1.2664 − 0.0416·eval_stability)
//!   bms   = 1.1500 + ln(1 + 0.2526·best-move changes this iteration)
//! every 2048 nodes: stop when elapsed ≥ hard_bound
//! ```
//! Deviations, documented: scores reach the manager in centipawns and are multiplied by
//! `score-unit` (Reckless's `normalize_to_cp` divides by ≈ 3.21 at full material, ≈ 3.82 with
//! bare kings; one constant here); mate scores enter as ±(32000 − plies) as Reckless keeps them.
//! The move number is the ply's (a game from a FEN with another full-move counter differs).
//! One thread: the 65 % soft-stop vote is this thread's. Driven by MCTS, it stops at the soft
//! bound after a batch.

use crate::stop::{
    Budget, Decision, EffectiveLimit, Hints, Iteration, LimitTerm, Score, SearchStats, StopReason, Term,
};

use super::common::{clean, finish, from_config, is_mcts, ponder_start, t64};
use super::glossary::{Entry, Repo, Source, Unit, e};
use super::params::flags::searcher_only;
use super::params::tables::{f32_, f64_, int_, move_overhead};
use super::params::{ManagerConfig, ManagerInfo, Param, Preset};
use super::{MoveContext, MoveEnd, SearchKind, TimeManager, state};

/// Nodes between two hard checks (`td.nodes() & 2047 == 2047`).
const CHECK_NODES: u64 = 2048;
/// Reckless's `Score::MATE`.
const MATE: i32 = 32_000;

/// The manager's parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RecklessConfig {
    /// `MoveOverhead`, ms.
    pub move_overhead: u32,
    /// `TIME_OVERHEAD_MS`, taken from both bounds, ms.
    pub time_overhead: u32,
    /// Soft share: base − decay·e^(−rate·move).
    pub soft_base: f64,
    /// See [`RecklessConfig::soft_base`].
    pub soft_decay: f64,
    /// See [`RecklessConfig::soft_base`].
    pub soft_rate: f64,
    /// Hard share of the clock.
    pub hard_scale: f64,
    /// Share of the increment in both bounds.
    pub inc_share: f64,
    /// With movestogo, the hard bound is this many soft bounds.
    pub cyclic_hard: f64,
    /// Nodes factor: max(min, base − slope·f).
    pub nodes_base: f32,
    /// See [`RecklessConfig::nodes_base`].
    pub nodes_slope: f32,
    /// See [`RecklessConfig::nodes_base`].
    pub nodes_min: f32,
    /// Score trend: clamp(base + slope·(prev − s), min, max).
    pub trend_base: f32,
    /// See [`RecklessConfig::trend_base`].
    pub trend_slope: f32,
    /// See [`RecklessConfig::trend_base`].
    pub trend_min: f32,
    /// See [`RecklessConfig::trend_base`].
    pub trend_max: f32,
    /// PV stability: max(min, base − slope·count).
    pub pv_base: f32,
    /// See [`RecklessConfig::pv_base`].
    pub pv_slope: f32,
    /// See [`RecklessConfig::pv_base`].
    pub pv_min: f32,
    /// Eval stability: max(min, base − slope·count).
    pub eval_base: f32,
    /// See [`RecklessConfig::eval_base`].
    pub eval_slope: f32,
    /// See [`RecklessConfig::eval_base`].
    pub eval_min: f32,
    /// A score within this of the running average counts as stable, internal units.
    pub eval_window: u32,
    /// Best-move stability: base + ln(1 + slope·changes).
    pub bms_base: f32,
    /// See [`RecklessConfig::bms_base`].
    pub bms_slope: f32,
    /// Internal units per centipawn.
    pub score_unit: f64,
}

impl RecklessConfig {
    /// Reckless @789de891.
    pub const RECKLESS: RecklessConfig = RecklessConfig {
        move_overhead: 100,
        time_overhead: 15,
        soft_base: 0.0594,
        soft_decay: 0.0492,
        soft_rate: 0.0386,
        hard_scale: 0.7281,
        inc_share: 0.75,
        cyclic_hard: 5.0,
        nodes_base: 3.1838,
        nodes_slope: 2.6554,
        nodes_min: 0.5460,
        trend_base: 0.7426,
        trend_slope: 0.0480,
        trend_min: 0.7214,
        trend_max: 1.4031,
        pv_base: 1.2881,
        pv_slope: 0.0440,
        pv_min: 0.7160,
        eval_base: 1.2664,
        eval_slope: 0.0416,
        eval_min: 0.8642,
        eval_window: 12,
        bms_base: 1.1500,
        bms_slope: 0.2526,
        score_unit: 3.21,
    };
}

const TIME: Source = Source::Upstream(Repo::Reckless, "src/time.rs");
const SEARCH: Source = Source::Upstream(Repo::Reckless, "src/search.rs");
/// The parameters that act only inside a search: all of them in the alpha-beta rule.
const IN_SEARCH: [&str; 6] = ["nodes-*", "trend-*", "pv-*", "eval-*", "best-move-*", "score-unit"];
/// Why an in-search parameter does nothing under MCTS.
const AB_ONLY: &str = "it acts in Reckless's soft stop after each completed alpha-beta iteration; under MCTS the manager stops at the soft bound, so this does nothing there";

/// Where the rows come from.
const T: &str = "Reckless @789de891 time.rs";
const S: &str = "Reckless @789de891 search.rs";

impl ManagerConfig for RecklessConfig {
    const NAME: &'static str = "reckless";
    const SEARCH: SearchKind = SearchKind::AlphaBeta;
    const IN_SEARCH: &'static [&'static str] = &IN_SEARCH;
    const ONLY_FOR: &'static [(&'static str, SearchKind, &'static str)] =
        &searcher_only(IN_SEARCH, SearchKind::AlphaBeta, AB_ONLY);
    const SOURCES: &'static [(&'static str, Source)] = &[
        ("move-overhead", Source::Upstream(Repo::Reckless, "src/uci.rs")),
        ("score-unit", Source::Upstream(Repo::Reckless, "src/types/score.rs")),
        ("soft-*", TIME),
        ("hard-*", TIME),
        ("inc-share", TIME),
        ("cyclic-hard", TIME),
        ("time-overhead", TIME),
        ("*", SEARCH),
    ];
    #[rustfmt::skip]
    const TERMS: &'static [Entry] = &[
        e(Self::NAME, "soft_scale", "soft share", Unit::Share,
            "the clock's share of the soft bound, growing with the move number n from 1.0 % to 5.9 %",
            "0.0594 − 0.0492·e^(−0.0386·n), n = ⌊ply/2⌋ + 1", TIME),
        e(Self::NAME, "cyclic_base", "share per move", Unit::Ms,
            "with movestogo: the clock split over the remaining moves plus most of the increment",
            "(clock − O)/movestogo + 0.75·inc", TIME),
        e(Self::NAME, "soft_bound", "soft bound", Unit::Ms,
            "the soft stop before the in-search factors",
            "min(trunc(soft share·(clock − O) + 0.75·inc), clock − O) − 15", TIME),
        e(Self::NAME, "hard_bound", "hard bound", Unit::Ms,
            "checked every 2048 nodes",
            "min(trunc(0.7281·(clock − O) + 0.75·inc), clock − O) − 15", TIME),
        e(Self::NAME, "nodes", "node factor", Unit::Factor,
            "less time when the best move took most of the nodes",
            "max(0.5460, 3.1838 − 2.6554·f), f = best-move nodes/nodes", SEARCH),
        e(Self::NAME, "score_trend", "score trend", Unit::Factor,
            "more time when the score fell below the previous move's, less when it rose",
            "clamp(0.7426 + 0.0480·(prev − s), 0.7214, 1.4031), internal units", SEARCH),
        e(Self::NAME, "pv_stability", "PV stability", Unit::Factor,
            "less time for every iteration in a row with the same best move",
            "max(0.7160, 1.2881 − 0.0440·same-best-move count)", SEARCH),
        e(Self::NAME, "eval_stability", "eval stability", Unit::Factor,
            "less time for every iteration in a row whose score stays within 12 of the running average",
            "max(0.8642, 1.2664 − 0.0416·stable-score count)", SEARCH),
        e(Self::NAME, "best_move_stability", "best-move changes", Unit::Factor,
            "more time after best-move changes in the last iteration",
            "1.1500 + ln(1 + 0.2526·changes)", SEARCH),
        e(Self::NAME, "prev_best_score", "previous best score", Unit::Score,
            "the previous move's final score, internal units: the score trend's reference and the average's start",
            "0 at a new game", SEARCH),
    ];

    const INFO: ManagerInfo = ManagerInfo {
        label: "Reckless",
        reference: "Reckless @789de891 src/time.rs, src/search.rs",
        description: "a soft share growing with the move number; soft stop × node share × score trend × PV, eval and best-move stability",
    };

    const PARAMS: &'static [Param<Self>] = &[
        move_overhead(int_!(Self, u32, move_overhead))
            .log(0.0, 5000.0, 1.0)
            .desc("MoveOverhead (uci.rs, default 100): taken from the clock before both shares")
            .src("Reckless @789de891 uci.rs"),
        Param::new("time-overhead", "Time overhead", int_!(Self, u32, time_overhead))
            .lin(0.0, 200.0, 1.0)
            .unit("ms")
            .desc("TIME_OVERHEAD_MS: taken from both bounds")
            .src(T),
        Param::new("soft-base", "Soft share, late", f64_!(Self, soft_base))
            .lin(0.01, 0.2, 0.0001)
            .desc("soft share = this − soft-decay·e^(−soft-rate·move): the share the game tends to")
            .src(T),
        Param::new("soft-decay", "Soft share, opening cut", f64_!(Self, soft_decay))
            .lin(0.0, 0.1, 0.0001)
            .desc("how much less the first moves take (move 1: 0.0594 − 0.0492·e^(−0.0386) = 1.20 %)")
            .src(T),
        Param::new("soft-rate", "Soft share, growth", f64_!(Self, soft_rate))
            .lin(0.001, 0.2, 0.0001)
            .unit("/move")
            .desc("how fast the share grows with the move number")
            .src(T),
        Param::new("hard-scale", "Hard share", f64_!(Self, hard_scale))
            .lin(0.1, 1.0, 0.0001)
            .desc("hard bound = this·(clock − O) + inc-share·inc")
            .src(T),
        Param::new("inc-share", "Increment share", f64_!(Self, inc_share))
            .lin(0.0, 1.0, 0.01)
            .desc("the increment's share in both bounds")
            .src(T),
        Param::new("cyclic-hard", "Cyclic hard multiple", f64_!(Self, cyclic_hard))
            .lin(1.0, 10.0, 0.1)
            .desc("with movestogo: hard bound = this × the per-move share")
            .src(T),
        Param::new("nodes-base", "Node factor base", f32_!(Self, nodes_base))
            .lin(1.0, 5.0, 0.0001)
            .desc("node factor = max(nodes-min, this − nodes-slope·f)")
            .src(S),
        Param::new("nodes-slope", "Node factor slope", f32_!(Self, nodes_slope))
            .lin(0.0, 5.0, 0.0001)
            .desc("the node factor's slope in the best move's node share f")
            .src(S),
        Param::new("nodes-min", "Node factor floor", f32_!(Self, nodes_min))
            .lin(0.1, 1.0, 0.0001)
            .desc("the node factor's floor (f ≥ 0.99 gives it)")
            .src(S),
        Param::new("trend-base", "Score trend base", f32_!(Self, trend_base))
            .lin(0.1, 2.0, 0.0001)
            .desc("score trend = clamp(this + trend-slope·(prev − s), trend-min, trend-max)")
            .src(S),
        Param::new("trend-slope", "Score trend slope", f32_!(Self, trend_slope))
            .lin(0.0, 0.2, 0.0001)
            .unit("/internal")
            .desc("per internal unit the score fell since the previous move")
            .src(S),
        Param::new("trend-min", "Score trend floor", f32_!(Self, trend_min))
            .lin(0.1, 1.0, 0.0001)
            .desc("the score trend's floor")
            .src(S),
        Param::new("trend-max", "Score trend ceiling", f32_!(Self, trend_max))
            .lin(1.0, 3.0, 0.0001)
            .desc("the score trend's ceiling")
            .src(S),
        Param::new("pv-base", "PV stability base", f32_!(Self, pv_base))
            .lin(0.5, 2.0, 0.0001)
            .desc("PV stability = max(pv-min, this − pv-slope·count)")
            .src(S),
        Param::new("pv-slope", "PV stability slope", f32_!(Self, pv_slope))
            .lin(0.0, 0.2, 0.0001)
            .desc("per iteration in a row with the same best move")
            .src(S),
        Param::new("pv-min", "PV stability floor", f32_!(Self, pv_min))
            .lin(0.1, 1.0, 0.0001)
            .desc("the PV stability factor's floor")
            .src(S),
        Param::new("eval-base", "Eval stability base", f32_!(Self, eval_base))
            .lin(0.5, 2.0, 0.0001)
            .desc("eval stability = max(eval-min, this − eval-slope·count)")
            .src(S),
        Param::new("eval-slope", "Eval stability slope", f32_!(Self, eval_slope))
            .lin(0.0, 0.2, 0.0001)
            .desc("per iteration in a row whose score stays near the running average")
            .src(S),
        Param::new("eval-min", "Eval stability floor", f32_!(Self, eval_min))
            .lin(0.1, 1.0, 0.0001)
            .desc("the eval stability factor's floor")
            .src(S),
        Param::new("eval-window", "Eval stability window", int_!(Self, u32, eval_window))
            .lin(0.0, 200.0, 1.0)
            .unit("internal")
            .desc("a score closer than this to the running average (avg = (avg + s)/2) counts as stable")
            .src(S),
        Param::new("best-move-base", "Best-move changes base", f32_!(Self, bms_base))
            .lin(0.5, 2.0, 0.0001)
            .desc("best-move factor = this + ln(1 + best-move-slope·changes in the last iteration)")
            .src(S),
        Param::new("best-move-slope", "Best-move changes slope", f32_!(Self, bms_slope))
            .lin(0.0, 2.0, 0.0001)
            .desc("weight of the last iteration's best-move changes")
            .src(S),
        Param::new("score-unit", "Score unit", f64_!(Self, score_unit))
            .lin(1.0, 8.0, 0.01)
            .unit("internal/cp")
            .desc("Reckless's internal units per centipawn (normalize_to_cp: 3.21 at full material, 3.82 with little)")
            .src("project (Reckless types/score.rs normalize_to_cp)"),
    ];

    const PRESETS: &'static [Preset<Self>] =
        &[Preset { name: "reckless", description: "Reckless @789de891", config: Self::RECKLESS }];

    type Manager = Reckless;
    const NEW: fn(Self) -> Reckless = Reckless::new;
}

/// The five factors of the last soft check.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Factors {
    /// Node share factor.
    pub nodes: f32,
    /// PV stability factor.
    pub pv: f32,
    /// Eval stability factor.
    pub eval: f32,
    /// Score trend factor.
    pub trend: f32,
    /// Best-move changes factor.
    pub bms: f32,
}

impl Factors {
    /// nodes·pv·eval·trend·bms, in Reckless's order.
    pub fn product(&self) -> f32 {
        self.nodes * self.pv * self.eval * self.trend * self.bms
    }
}

/// The manager.
#[derive(Clone, Debug)]
pub struct Reckless {
    cfg: RecklessConfig,
    /// The previous move's final score, internal units (0 at a new game).
    prev_best: i32,
    soft_bound: f64,
    hard_bound: f64,
    last: Option<Factors>,
    pondering: bool,
}

impl Reckless {
    /// A manager with this config.
    pub fn new(cfg: RecklessConfig) -> Self {
        Reckless { cfg, prev_best: 0, soft_bound: 0.0, hard_bound: 0.0, last: None, pondering: false }
    }

    /// A score in Reckless's internal units.
    fn internal(&self, s: Score) -> i32 {
        match s {
            Score::Cp(cp) => (f64::from(cp) * self.cfg.score_unit).round().clamp(-30_000.0, 30_000.0) as i32,
            Score::MateIn(p) => MATE - p.min(1000) as i32,
            Score::MatedIn(p) => -MATE + p.min(1000) as i32,
        }
    }

    /// The factors after the completed iterations `its` (oldest first) with this node share
    /// and the last iteration's best-move changes.
    pub fn factors(&self, its: &[Iteration], share: f32) -> Factors {
        let c = self.cfg;
        let (mut avg, mut eval_stable, mut pv_stable, mut last_best) = (self.prev_best, 0u32, 0u32, None);
        for it in its {
            let s = self.internal(it.score);
            avg = (avg + s) / 2;
            eval_stable = if (s - avg).unsigned_abs() < c.eval_window { eval_stable + 1 } else { 0 };
            pv_stable = if last_best == Some(it.best_move) { pv_stable + 1 } else { 0 };
            last_best = Some(it.best_move);
        }
        let last = its.last().map_or((0, 0), |it| (self.internal(it.score), it.best_move_changes));
        let nodes = (c.nodes_base - c.nodes_slope * share).max(c.nodes_min);
        let trend = super::common::within(
            c.trend_base + c.trend_slope * (self.prev_best - last.0) as f32,
            c.trend_min,
            c.trend_max.max(c.trend_min),
        );
        let pv = (c.pv_base - c.pv_slope * pv_stable as f32).max(c.pv_min);
        let eval = (c.eval_base - c.eval_slope * eval_stable as f32).max(c.eval_min);
        let bms = c.bms_base + (c.bms_slope * last.1 as f32).ln_1p();
        Factors { nodes, pv, eval, trend, bms }
    }

    /// The soft stop's threshold, ms: the soft bound times the product, in `f32` seconds.
    fn threshold(&self, f: &Factors) -> f64 {
        f64::from((self.soft_bound / 1000.0) as f32 * f.product()) * 1000.0
    }
}

impl TimeManager for Reckless {
    from_config!(RecklessConfig);

    fn begin_move(&mut self, ctx: &MoveContext) -> Budget {
        self.last = None;
        if let Some(b) = ponder_start(&mut self.pondering, ctx) {
            return b;
        }
        let c = self.cfg;
        let o = f64::from(c.move_overhead);
        let main = (ctx.clock().floor() - o).max(0.0);
        let inc = ctx.inc().floor();
        let mut terms = Vec::new();
        let (soft, hard) = match ctx.movestogo() {
            Some(k) => {
                let base = main / f64::from(k) + c.inc_share * inc;
                terms.push(t64("cyclic_base", base));
                (base.trunc().min(main + inc), (c.cyclic_hard * base).trunc().min(main + inc))
            }
            None => {
                let n = f64::from(ctx.ply / 2 + 1);
                let scale = c.soft_base - c.soft_decay * (-c.soft_rate * n).exp();
                terms.push(t64("soft_scale", scale));
                (
                    (scale * main + c.inc_share * inc).trunc().max(0.0).min(main),
                    (c.hard_scale * main + c.inc_share * inc).trunc().min(main),
                )
            }
        };
        let to = f64::from(c.time_overhead);
        self.soft_bound = (soft - to).max(0.0);
        self.hard_bound = (hard - to).max(0.0);
        terms.extend([t64("soft_bound", self.soft_bound), t64("hard_bound", self.hard_bound)]);
        finish(
            self.soft_bound.min(self.hard_bound),
            self.hard_bound,
            terms,
            ctx.clock(),
            o,
            self.hard_bound,
            "with movestogo Reckless caps its bounds at clock − overhead + increment",
        )
    }

    fn poll(&mut self, stats: &SearchStats, _hints: &mut Hints) -> Decision {
        if self.pondering || stats.pondering {
            return Decision::CONTINUE;
        }
        if is_mcts(stats) && stats.elapsed_ms >= self.soft_bound {
            return Decision::stop(StopReason::SoftLimit);
        }
        Decision::stop_if(stats.elapsed_ms >= self.hard_bound, StopReason::HardLimit)
    }

    fn iteration_done(&mut self, stats: &SearchStats) -> Decision {
        if stats.iterations.is_empty() || self.pondering || stats.pondering {
            return Decision::CONTINUE;
        }
        let share = if stats.search_nodes > 0 {
            stats.best_move_nodes as f32 / stats.search_nodes as f32
        } else {
            0.0
        };
        let f = self.factors(stats.iterations, share);
        self.last = Some(f);
        Decision::stop_if(stats.elapsed_ms >= self.threshold(&f), StopReason::SoftLimit)
    }

    fn effective_limit(&self, budget: &Budget) -> EffectiveLimit {
        let Some(f) = self.last else { return EffectiveLimit::base(budget) };
        let term = |k: &str, l: &str, x: f32| LimitTerm::new(k, l, clean(x));
        let mut lim = EffectiveLimit::product(
            budget,
            LimitTerm::new("soft_bound", "soft bound", self.soft_bound),
            vec![
                term("nodes", "nodes", f.nodes),
                term("pv_stability", "pv", f.pv),
                term("eval_stability", "eval", f.eval),
                term("score_trend", "trend", f.trend),
                term("best_move_stability", "best move", f.bms),
            ],
            Some(self.hard_bound),
        );
        lim.soft_ms = self.threshold(&f).min(self.hard_bound);
        lim
    }

    fn end_move(&mut self, end: &MoveEnd) {
        self.prev_best = self.internal(end.final_score);
    }

    fn check_interval(&self) -> u64 {
        CHECK_NODES
    }
    fn state(&self) -> Vec<Term> {
        vec![Term::new("prev_best_score", f64::from(self.prev_best))]
    }
    fn save_state(&self, w: &mut state::StateWriter) {
        w.i64(i64::from(self.prev_best));
    }
    fn load_state(&mut self, r: &mut state::StateReader) -> Result<(), state::StateError> {
        let x = r.i64()?;
        self.prev_best = i32::try_from(x)
            .map_err(|_| state::StateError::BadValue { field: "prevBestScore", word: x as u64 })?;
        Ok(())
    }
}

#[cfg(test)]
mod tests;
