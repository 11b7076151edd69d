//! princhess's time manager (MCTS): the clock over Expositor's moves-left estimate scaled by
//! 20/27, a hard limit of a third of the clock, and a soft stop multiplied by the best move's
//! visit share and by the disagreement between its Q and the Q at the end of its PV.
//!
//! Reference: princesslana/princhess @d45769d9 `src/time_management.rs` (`from_tokens`),
//! `src/state.rs` (`moves_left`, from #349 after Expositor's movetime note),
//! `src/mcts.rs` (`soft_time_multiplier`, `pv_eval`, the 128-playout checks),
//! `src/options.rs` (the `TM*` options, read as value/100). The formulas, as this project
//! describes them, are in `docs/managers.md` ("princhess"); this file implements that
//! description.
//!
//! Deviations, documented there: princhess walks its PV by the highest reward from the
//! best-by-reward root move; tmlab's searcher reports Q along its visits PV (`pv_q`), whose
//! end is compared with the best-by-Q move. Its depth is the searcher's average playout depth.
//! Limits are checked after every batch (princhess: every 128 playouts).

use crate::stop::{Budget, Decision, EffectiveLimit, Hints, LimitTerm, SearchStats, StopReason};

use super::common::{finish, from_config, is_mcts, no_game_state, ponder_start, t64};
use super::glossary::{Entry, Repo, Source, Unit, e};
use super::moves_left::expositor;
use super::params::tables::{f64_, int_, move_overhead};
use super::params::{ManagerConfig, ManagerInfo, Param, Preset};
use super::{MoveContext, SearchKind, TimeManager};

/// princhess's `MOVE_OVERHEAD` (`src/time_management.rs`).
pub const MOVE_OVERHEAD_MS: u32 = 50;
/// `PV_EVAL_MIN_DEPTH` (`src/mcts.rs`): the PV term needs depth/2 ≥ this.
pub const PV_EVAL_MIN_DEPTH: u32 = 4;

/// princhess's time-management parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PrinchessConfig {
    /// Scale of the moves-left estimate, numerator (20 in `20/27`).
    pub mtf_num: u32,
    /// Scale of the moves-left estimate, denominator (27).
    pub mtf_den: u32,
    /// With movestogo: at most movestogo + this moves.
    pub mtg_extra: u32,
    /// Hard limit = clock/this.
    pub hard_div: u32,
    /// `TMVisitsBase`/100.
    pub visits_base: f64,
    /// `TMVisitsM`/100.
    pub visits_m: f64,
    /// `TMPvDiffC`/100.
    pub pv_diff_c: f64,
    /// `TMPvDiffM`/100.
    pub pv_diff_m: f64,
    /// `TMMinM`/100.
    pub min_m: f64,
    /// `TMMaxM`/100.
    pub max_m: f64,
    /// `PV_EVAL_MIN_DEPTH`.
    pub pv_min_depth: u32,
    /// Move overhead, ms.
    pub move_overhead: u32,
}

impl PrinchessConfig {
    /// princhess @d45769d9.
    pub const PRINCHESS: PrinchessConfig = PrinchessConfig {
        mtf_num: 20,
        mtf_den: 27,
        mtg_extra: 2,
        hard_div: 3,
        visits_base: 1.40,
        visits_m: 1.39,
        pv_diff_c: 0.0,
        pv_diff_m: 1.21,
        min_m: 0.10,
        max_m: 5.00,
        pv_min_depth: PV_EVAL_MIN_DEPTH,
        move_overhead: MOVE_OVERHEAD_MS,
    };
}

/// The allocation at the start of a move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Allocation {
    /// Expositor's moves-left estimate.
    pub moves_left: u32,
    /// The moves the clock is spread over.
    pub mtf: u32,
    /// The clock less the overhead, at least 0.
    pub remaining: f64,
    /// Soft limit, ms.
    pub soft: f64,
    /// Hard limit, ms.
    pub hard: f64,
}

/// The allocation of `from_tokens` (docs/managers.md "princhess").
pub fn allocate(c: &PrinchessConfig, ctx: &MoveContext) -> Allocation {
    let moves_left = expositor(ctx.ply);
    let mut mtf = (moves_left * c.mtf_num / c.mtf_den.max(1)).max(1);
    if let Some(m) = ctx.movestogo() {
        mtf = (m + c.mtg_extra).min(mtf);
    }
    let remaining = (ctx.clock().floor() - f64::from(c.move_overhead)).max(0.0);
    let inc = ctx.inc().floor();
    let hard = remaining / f64::from(c.hard_div.max(1));
    let soft = ((remaining + f64::from(mtf) * inc) / f64::from(mtf)).min(hard);
    Allocation { moves_left, mtf, remaining, soft, hard }
}

/// The factors of one soft check.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SoftCheck {
    /// The best move's share of the root visits.
    pub bm_frac: f64,
    /// (visits-base − share)·visits-m.
    pub visits: f64,
    /// |Q(best) − Q(PV end)|, when the PV term applies.
    pub pv_diff: Option<f64>,
    /// 1 + (diff − pv-diff-c)·pv-diff-m (1 without the PV term).
    pub pv: f64,
    /// The clamped product.
    pub multiplier: f64,
}

/// The manager.
#[derive(Clone, Debug)]
pub struct Princhess {
    cfg: PrinchessConfig,
    soft: f64,
    hard: f64,
    pondering: bool,
    last_check: Option<SoftCheck>,
}

impl Princhess {
    /// A manager with this config.
    pub fn new(cfg: PrinchessConfig) -> Self {
        Princhess { cfg, soft: 0.0, hard: 0.0, pondering: false, last_check: None }
    }

    /// The soft multiplier for these statistics (`soft_time_multiplier`); `None` before a root
    /// move has visits.
    pub fn soft_check(&self, stats: &SearchStats) -> Option<SoftCheck> {
        let c = &self.cfg;
        let total: u64 = stats.root_visits.iter().sum();
        let (bm, bm_q) = best_by_q(stats)?;
        if total == 0 {
            return None;
        }
        let bm_frac = stats.root_visits[bm] as f64 / total as f64;
        let visits = (c.visits_base - bm_frac) * c.visits_m;
        let pv_depth = (stats.avg_depth.max(0.0).floor() as u32) / 2;
        let pv_diff = (pv_depth >= c.pv_min_depth && !stats.pv_q.is_empty()).then(|| {
            let end = stats.pv_q[(pv_depth as usize).min(stats.pv_q.len() - 1)];
            (bm_q - end).abs()
        });
        let pv = pv_diff.map_or(1.0, |d| 1.0 + (d - c.pv_diff_c) * c.pv_diff_m);
        let multiplier = super::common::within(visits * pv, c.min_m, c.max_m.max(c.min_m));
        Some(SoftCheck { bm_frac, visits, pv_diff, pv, multiplier })
    }
}

/// The visited root move with the highest Q (the first on ties) and its Q.
fn best_by_q(stats: &SearchStats) -> Option<(usize, f64)> {
    let mut best: Option<(usize, f64)> = None;
    for (i, (&n, &q)) in stats.root_visits.iter().zip(stats.root_q).enumerate() {
        if n > 0 && best.is_none_or(|(_, b)| q > b) {
            best = Some((i, q));
        }
    }
    best
}

impl TimeManager for Princhess {
    from_config!(PrinchessConfig);

    fn begin_move(&mut self, ctx: &MoveContext) -> Budget {
        self.last_check = None;
        if let Some(b) = ponder_start(&mut self.pondering, ctx) {
            return b;
        }
        let a = allocate(&self.cfg, ctx);
        self.soft = a.soft;
        self.hard = a.hard;
        let terms = vec![
            t64("moves_left", f64::from(a.moves_left)),
            t64("mtf", f64::from(a.mtf)),
            t64("remaining", a.remaining),
            t64("soft", a.soft),
            t64("hard", a.hard),
        ];
        let o = f64::from(self.cfg.move_overhead);
        finish(a.soft, a.hard, terms, ctx.clock(), o, a.hard, "")
    }

    fn poll(&mut self, stats: &SearchStats, _hints: &mut Hints) -> Decision {
        if stats.pondering || self.pondering {
            return Decision::CONTINUE;
        }
        if stats.elapsed_ms >= self.hard {
            return Decision::stop(StopReason::HardLimit);
        }
        if !is_mcts(stats) {
            return Decision::CONTINUE;
        }
        self.last_check = self.soft_check(stats);
        let m = self.last_check.map_or(1.0, |c| c.multiplier);
        Decision::stop_if(stats.elapsed_ms >= self.soft * m, StopReason::SoftLimit)
    }

    fn iteration_done(&mut self, stats: &SearchStats) -> Decision {
        // Driven by alpha-beta: the unscaled soft limit at iteration boundaries.
        Decision::stop_if(!self.pondering && stats.elapsed_ms >= self.soft, StopReason::SoftLimit)
    }

    fn effective_limit(&self, budget: &Budget) -> EffectiveLimit {
        let Some(c) = self.last_check else { return EffectiveLimit::base(budget) };
        let term = LimitTerm::new;
        let mut factors = vec![term("visit_share", "visit share", c.visits)];
        if c.pv_diff.is_some() {
            factors.push(term("pv_disagreement", "PV disagreement", c.pv));
        }
        // The product is clamped to min-m … max-m before it multiplies the soft limit.
        let clamp = c.multiplier / (c.visits * c.pv);
        if (clamp - 1.0).abs() > 1e-12 && clamp.is_finite() {
            factors.push(term("multiplier_clamp", "clamp", clamp));
        }
        EffectiveLimit::product(budget, term("soft", "soft", self.soft), factors, None)
    }

    no_game_state!();
}

const TM: Source = Source::Upstream(Repo::Princhess, "src/time_management.rs");
const STATE: Source = Source::Upstream(Repo::Princhess, "src/state.rs");
const MCTS: Source = Source::Upstream(Repo::Princhess, "src/mcts.rs");
const OPTIONS: Source = Source::Upstream(Repo::Princhess, "src/options.rs");
const SRC_TM: &str = "princhess @d45769d9 src/time_management.rs";
const SRC_OPT: &str = "princhess @d45769d9 src/options.rs (value/100)";

impl ManagerConfig for PrinchessConfig {
    const NAME: &'static str = "princhess";
    const SEARCH: SearchKind = SearchKind::Mcts;
    const IN_SEARCH: &'static [&'static str] =
        &["visits-base", "visits-m", "pv-diff-c", "pv-diff-m", "min-m", "max-m", "pv-min-depth"];
    const ONLY_FOR: &'static [(&'static str, SearchKind, &'static str)] = &[
        (
            "visits-*",
            SearchKind::Mcts,
            "reads root visit counts, which only MCTS reports: under alpha-beta it does nothing",
        ),
        (
            "pv-*",
            SearchKind::Mcts,
            "reads Q along the PV, which only MCTS reports: under alpha-beta it does nothing",
        ),
        ("min-m", SearchKind::Mcts, "clamps the MCTS soft multiplier: under alpha-beta it does nothing"),
        ("max-m", SearchKind::Mcts, "clamps the MCTS soft multiplier: under alpha-beta it does nothing"),
    ];
    const SOURCES: &'static [(&'static str, Source)] = &[
        ("visits-*", OPTIONS),
        ("pv-diff-*", OPTIONS),
        ("min-m", OPTIONS),
        ("max-m", OPTIONS),
        ("pv-min-depth", MCTS),
        ("*", TM),
    ];
    #[rustfmt::skip]
    const TERMS: &'static [Entry] = &[
        e(Self::NAME, "moves_left", "moves left", Unit::Moves,
            "Expositor's estimate of the moves left in the game (43 at the start, never below 23)",
            "⌊59.3 + (72830 − 2330·ply)/(ply² + 10·ply + 2644)⌋ / 2", STATE),
        e(Self::NAME, "mtf", "moves to plan for", Unit::Moves,
            "the moves the clock is spread over: the estimate scaled to about 20 on average",
            "⌊moves_left·20/27⌋; with movestogo min(movestogo + 2, that)", TM),
        e(Self::NAME, "remaining", "remaining", Unit::Ms, "the clock less the move overhead", "max(clock − O, 0)", TM),
        e(Self::NAME, "soft", "soft limit", Unit::Ms, "the target time per move before in-search scaling",
            "min((remaining + mtf·inc)/mtf, hard)", TM),
        e(Self::NAME, "hard", "hard limit", Unit::Ms, "the safety net", "remaining/3", TM),
        e(Self::NAME, "visit_share", "visit share", Unit::Factor,
            "less time when the best move (by Q) holds most root visits",
            "(visits-base − visits(best)/Σ visits)·visits-m", MCTS),
        e(Self::NAME, "pv_disagreement", "PV disagreement", Unit::Factor,
            "more time when the best move's Q and the Q at the end of its PV disagree (once depth/2 ≥ 4)",
            "1 + (|Q(best) − Q(PV end at depth/2)| − pv-diff-c)·pv-diff-m", MCTS),
        e(Self::NAME, "multiplier_clamp", "clamp", Unit::Factor,
            "what the clamp of the product to min-m … max-m changed",
            "clamp(visit_share·pv_disagreement, min-m, max-m)/(visit_share·pv_disagreement)", MCTS),
    ];

    const INFO: ManagerInfo = ManagerInfo {
        label: "princhess",
        reference: "princhess src/time_management.rs @d45769d9 (#349: Expositor's moves-left)",
        description: "clock over Expositor's moves-left ×20/27, hard a third; soft × best-move visit share × PV-eval disagreement",
    };

    const PARAMS: &'static [Param<Self>] = &[
        Param::new("mtf-num", "Moves-left scale numerator", int_!(Self, u32, mtf_num)).lin(1.0, 60.0, 1.0)
            .desc("mtf = ⌊moves_left·this/mtf-den⌋ (the 20 of 20/27: about 20 moves on average)").src(SRC_TM),
        Param::new("mtf-den", "Moves-left scale denominator", int_!(Self, u32, mtf_den)).lin(1.0, 60.0, 1.0)
            .desc("the 27 of 20/27").src(SRC_TM),
        Param::new("mtg-extra", "Movestogo extra", int_!(Self, u32, mtg_extra)).lin(0.0, 10.0, 1.0).unit("moves")
            .desc("with movestogo, plan for at most movestogo + this moves").src(SRC_TM),
        Param::new("hard-div", "Hard divisor", int_!(Self, u32, hard_div)).lin(1.0, 10.0, 1.0)
            .desc("hard limit = (clock − O)/this").src(SRC_TM),
        Param::new("visits-base", "Visit-share base", f64_!(Self, visits_base)).lin(0.0, 3.0, 0.01)
            .desc("visit factor = (this − best move's visit share)·visits-m (TMVisitsBase 140)").src(SRC_OPT),
        Param::new("visits-m", "Visit-share weight", f64_!(Self, visits_m)).lin(0.0, 3.0, 0.01)
            .desc("TMVisitsM 139").src(SRC_OPT),
        Param::new("pv-diff-c", "PV threshold", f64_!(Self, pv_diff_c)).lin(0.0, 1.0, 0.01).unit("Q")
            .desc("PV disagreement (|ΔQ|, −1 … 1 scale) below which the PV factor lowers the time (TMPvDiffC 0)").src(SRC_OPT),
        Param::new("pv-diff-m", "PV weight", f64_!(Self, pv_diff_m)).lin(0.0, 5.0, 0.01)
            .desc("PV factor = 1 + (|ΔQ| − pv-diff-c)·this (TMPvDiffM 121)").src(SRC_OPT),
        Param::new("min-m", "Multiplier floor", f64_!(Self, min_m)).lin(0.0, 1.0, 0.01)
            .desc("the soft multiplier is at least this (TMMinM 10)").src(SRC_OPT),
        Param::new("max-m", "Multiplier cap", f64_!(Self, max_m)).lin(1.0, 10.0, 0.05)
            .desc("the soft multiplier is at most this (TMMaxM 500)").src(SRC_OPT),
        Param::new("pv-min-depth", "PV minimum depth", int_!(Self, u32, pv_min_depth)).lin(0.0, 32.0, 1.0)
            .unit("plies").desc("the PV term applies once ⌊average depth⌋/2 reaches this (PV_EVAL_MIN_DEPTH)")
            .src("princhess @d45769d9 src/mcts.rs"),
        move_overhead(int_!(Self, u32, move_overhead)).lin(0.0, 1000.0, 10.0).desc("kept back from the clock (MOVE_OVERHEAD 50)").src(SRC_TM),
    ];

    const PRESETS: &'static [Preset<Self>] = &[Preset {
        name: "princhess",
        description: "princhess @d45769d9",
        config: PrinchessConfig::PRINCHESS,
    }];

    type Manager = Princhess;
    const NEW: fn(Self) -> Princhess = Princhess::new;
}

#[cfg(test)]
mod tests;
