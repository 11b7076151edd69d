//! Monty's time manager (MCTS): Stockfish's 2024 optimum/maximum re-tuned for Monty (a 28-move
//! horizon, an opening bonus), then a soft stop that scales the optimum by falling eval,
//! best-move instability and the best move's visits, checked every 4096 playouts; optionally the
//! root-variance factor of Monty #136, reverted by #138 because it anti-scaled.
//!
//! Reference: Monty @562b13e9 `src/mcts/helpers.rs` (`get_time`, `soft_time_cutoff`),
//! `src/mcts/params.rs` (the tuned values), `src/mcts.rs` (`check_limits`: the cadences and the
//! running score), `src/uci.rs` (Move Overhead 400 ms, the ply counter); the variance factor
//! from Monty #136 @52e06cbd. The formulas, as this project describes them, are in
//! `docs/managers.md` ("monty"); this file implements that description.
//!
//! Deviations, documented there: Monty's ply is 2 × the `go` commands since `ucinewgame`; from
//! the game's ply p it is 2·(⌊p/2⌋ + 1), equal for games from the start position. The score of
//! the falling-eval term is Monty's display mapping of the root's Q without its WDL
//! calibration (this searcher has no draw head). The hard limit is checked after every batch
//! (Monty: every 128 playouts). `f64` arithmetic (Monty: `f32` in the soft stop).

use crate::stop::{Budget, Decision, EffectiveLimit, Hints, LimitTerm, SearchStats, StopReason};

use super::common::{finish, from_config, is_mcts, no_game_state, ponder_start, t64};
use super::glossary::{Entry, Repo, Source, Unit, e};
use super::params::tables::{bool_, f64_, int_, move_overhead};
use super::params::{ManagerConfig, ManagerInfo, Param, Preset};
use super::{MoveContext, SearchKind, TimeManager};

/// Monty's `Move Overhead` default (`src/uci.rs`).
pub const MOVE_OVERHEAD_MS: u32 = 400;
/// The clock after the overhead is at least this (`src/uci.rs`: `.max(10)`).
const MIN_TIME_MS: f64 = 10.0;
/// `timeLeft = time + inc·(mtg − 1) − OVERHEAD_PER_MOVE·(2 + mtg)`, as Stockfish's 10 ms.
const OVERHEAD_PER_MOVE: f64 = 10.0;
/// With movestogo the share is time / clamp(movestogo, 1, this).
const MTG_CAP: f64 = 30.0;
/// 2^64: Monty's `timeLeft` is a `u64` difference that wraps below 0 (release build).
const U64_WRAP: f64 = 18_446_744_073_709_551_616.0;

/// Monty's time-management parameters (`tm_*` in `src/mcts/params.rs`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MontyConfig {
    /// Move horizon (`tm_mtg`).
    pub mtg: u32,
    /// optConstant base, % (`tm_opt_value1`).
    pub opt_value1: f64,
    /// optConstant log slope, ‰ (`tm_opt_value2`).
    pub opt_value2: f64,
    /// optConstant cap, % (`tm_opt_value3`).
    pub opt_value3: f64,
    /// optScale base, % (`tm_optscale_value1`).
    pub optscale_value1: f64,
    /// optScale ply offset (`tm_optscale_value2`).
    pub optscale_value2: f64,
    /// optScale ply exponent (`tm_optscale_value3`).
    pub optscale_value3: f64,
    /// optScale clock cap (`tm_optscale_value4`).
    pub optscale_value4: f64,
    /// maxConstant base (`tm_max_value1`).
    pub max_value1: f64,
    /// maxConstant log slope (`tm_max_value2`).
    pub max_value2: f64,
    /// maxConstant floor (`tm_max_value3`).
    pub max_value3: f64,
    /// maxScale ply divisor (`tm_maxscale_value1`).
    pub maxscale_value1: f64,
    /// maxScale cap (`tm_maxscale_value2`).
    pub maxscale_value2: f64,
    /// Plies that get the opening bonus (`tm_bonus_ply`).
    pub bonus_ply: f64,
    /// Opening bonus weight (`tm_bonus_value1`).
    pub bonus_value1: f64,
    /// Maximum ≤ this·time (`tm_max_time`).
    pub max_time: f64,
    /// Falling-eval slope per display cp (`tm_falling_eval1`).
    pub falling_eval1: f64,
    /// Falling-eval floor (`tm_falling_eval2`).
    pub falling_eval2: f64,
    /// Falling-eval cap (`tm_falling_eval3`).
    pub falling_eval3: f64,
    /// Instability weight per best-move change (`tm_bmi1`).
    pub bmi1: f64,
    /// Instability floor (`tm_bmi2`).
    pub bmi2: f64,
    /// Instability cap (`tm_bmi3`).
    pub bmi3: f64,
    /// Visits factor base (`tm_bmv1`).
    pub bmv1: f64,
    /// Visits factor share offset (`tm_bmv2`).
    pub bmv2: f64,
    /// Visits factor share scale (`tm_bmv3`).
    pub bmv3: f64,
    /// Visits factor weight (`tm_bmv4`).
    pub bmv4: f64,
    /// Visits factor floor (`tm_bmv5`).
    pub bmv5: f64,
    /// Visits factor cap (`tm_bmv6`).
    pub bmv6: f64,
    /// Monty #136's root-variance factor (reverted by #138).
    pub variance: bool,
    /// Variance factor pivot, the root's Q standard deviation (`tm_var_kt`, #136).
    pub var_kt: f64,
    /// Variance factor slope (`tm_var_slope`, #136).
    pub var_slope: f64,
    /// Variance factor floor (`tm_var_min`, #136).
    pub var_min: f64,
    /// Variance factor cap (`tm_var_max`, #136).
    pub var_max: f64,
    /// Playouts between soft checks (`check_limits`: 4096).
    pub soft_every: u32,
    /// Playouts between best-move comparisons (`check_limits`: 128).
    pub bmc_every: u32,
    /// Playouts between resets of the change count (`check_limits`: 16384).
    pub bmc_reset: u32,
    /// Move overhead, ms.
    pub move_overhead: u32,
}

impl MontyConfig {
    /// Monty @562b13e9.
    pub const MONTY: MontyConfig = MontyConfig {
        mtg: 28,
        opt_value1: 0.639,
        opt_value2: 0.43186,
        opt_value3: 0.66352,
        optscale_value1: 1.640,
        optscale_value2: 2.4785,
        optscale_value3: 0.4843,
        optscale_value4: 0.2602,
        max_value1: 2.8707,
        max_value2: 2.8376,
        max_value3: 2.7119,
        maxscale_value1: 13.282,
        maxscale_value2: 5.1389,
        bonus_ply: 11.453,
        bonus_value1: 0.4536,
        max_time: 0.876,
        falling_eval1: 0.05428,
        falling_eval2: 0.7255,
        falling_eval3: 1.6281,
        bmi1: 0.2567,
        bmi2: 0.8305,
        bmi3: 3.2734,
        bmv1: 3.6254,
        bmv2: 0.3613,
        bmv3: 0.4755,
        bmv4: 2.5457,
        bmv5: 0.6282,
        bmv6: 1.9047,
        variance: false,
        var_kt: 0.25,
        var_slope: 1.0,
        var_min: 0.5,
        var_max: 1.5,
        soft_every: 4096,
        bmc_every: 128,
        bmc_reset: 16384,
        move_overhead: MOVE_OVERHEAD_MS,
    };

    /// Monty #136 @52e06cbd: the variance factor on (passed STC and LTC; reverted by #138).
    pub const VARIANCE: MontyConfig = MontyConfig { variance: true, ..Self::MONTY };
}

/// The allocation at the start of a move, with its intermediate values.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Allocation {
    /// The clock after the overhead, at least 10 ms.
    pub time: f64,
    /// Monty's ply: 2·(⌊game ply/2⌋ + 1).
    pub ply: f64,
    /// Sudden death: timeLeft (wrapped as Monty's `u64` when negative); `None` with movestogo.
    pub time_left: Option<f64>,
    /// optConstant.
    pub opt_constant: f64,
    /// optScale.
    pub opt_scale: f64,
    /// maxConstant.
    pub max_constant: f64,
    /// maxScale.
    pub max_scale: f64,
    /// Opening bonus factor.
    pub bonus: f64,
    /// Optimum (soft base), integer ms.
    pub opt: f64,
    /// Maximum (hard), integer ms.
    pub max: f64,
}

/// The allocation of `get_time` (docs/managers.md "monty").
pub fn allocate(c: &MontyConfig, ctx: &MoveContext) -> Allocation {
    let time = (ctx.clock().floor() - f64::from(c.move_overhead)).max(MIN_TIME_MS);
    let ply = 2.0 * (f64::from(ctx.ply / 2) + 1.0);
    let mut a = Allocation {
        time,
        ply,
        time_left: None,
        opt_constant: 0.0,
        opt_scale: 0.0,
        max_constant: 0.0,
        max_scale: 0.0,
        bonus: 1.0,
        opt: 0.0,
        max: 0.0,
    };
    if let Some(m) = ctx.movestogo() {
        let t = (time / f64::from(m).clamp(1.0, MTG_CAP)).trunc();
        a.opt = t;
        a.max = t;
        return a;
    }
    let inc = ctx.inc().floor();
    let mtg = f64::from(c.mtg.max(1));
    let x = time + inc * (mtg - 1.0) - OVERHEAD_PER_MOVE * (2.0 + mtg);
    let time_left = if x >= 0.0 { x.max(1.0) } else { U64_WRAP + x };
    let log_time = (time_left / 1000.0).log10();
    a.opt_constant = (c.opt_value1 / 100.0 + c.opt_value2 / 1000.0 * log_time).min(c.opt_value3 / 100.0);
    a.opt_scale = (c.optscale_value1 / 100.0
        + (ply + c.optscale_value2).powf(c.optscale_value3) * a.opt_constant)
        .min(c.optscale_value4 * time / time_left);
    a.max_constant = (c.max_value1 + c.max_value2 * log_time).max(c.max_value3);
    a.max_scale = (a.max_constant + ply / c.maxscale_value1).min(c.maxscale_value2);
    if ply < c.bonus_ply {
        a.bonus = 1.0 + (c.bonus_ply - ply).log10() * c.bonus_value1;
    }
    a.time_left = Some(time_left);
    a.opt = (a.opt_scale * a.bonus * time_left).trunc();
    a.max = (a.max_scale * a.opt).min(time * c.max_time).trunc();
    a
}

/// Monty's display score of a root Q (−1 … 1, side to move): expected score s = (1 + Q)/2 − ½,
/// 400·s up to |s| = ¼, then 25/(½ − |s|), within ±5000 (`get_display_score`, without the WDL
/// calibration).
pub fn display_score(q: f64) -> f64 {
    let s = (1.0 + q) / 2.0 - 0.5;
    let t = s.abs();
    let v = if t <= 0.25 { 4.0 * t } else { 0.25 / (0.5 - t).max(0.0) };
    (s.signum() * v * 100.0).clamp(-5000.0, 5000.0)
}

/// The factors of one soft check.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SoftCheck {
    /// The display score now.
    pub score: f64,
    /// fallingEval.
    pub falling_eval: f64,
    /// bestMoveInstability.
    pub instability: f64,
    /// The best move's visits over this move's playouts.
    pub nodes_effort: f64,
    /// bestMoveVisits.
    pub visits: f64,
    /// The variance factor (1 when off).
    pub variance: f64,
    /// optimum × the factors, truncated.
    pub total: f64,
}

/// The manager.
#[derive(Clone, Debug)]
pub struct Monty {
    cfg: MontyConfig,
    opt: f64,
    max: f64,
    pondering: bool,
    /// The best move by Q at the last comparison (Monty starts each search with a null move, so
    /// the first comparison counts as a change).
    best: Option<usize>,
    changes: u32,
    /// The running display score, (score + 2·previous)/3 after every soft check.
    prev_score: Option<f64>,
    /// Playouts at the previous poll.
    last_playouts: u64,
    last_check: Option<SoftCheck>,
}

impl Monty {
    /// A manager with this config.
    pub fn new(cfg: MontyConfig) -> Self {
        Monty {
            cfg,
            opt: 0.0,
            max: 0.0,
            pondering: false,
            best: None,
            changes: 0,
            prev_score: None,
            last_playouts: 0,
            last_check: None,
        }
    }

    /// The soft check's factors for these statistics (`soft_time_cutoff`).
    pub fn soft_check(&self, stats: &SearchStats) -> SoftCheck {
        let c = &self.cfg;
        let score = display_score(stats.root_value);
        let diff = self.prev_score.map_or(0.0, |p| p - score);
        let falling_eval = clamp(1.0 + diff * c.falling_eval1, c.falling_eval2, c.falling_eval3);
        let instability = clamp(1.0 + (f64::from(self.changes) * c.bmi1).ln_1p(), c.bmi2, c.bmi3);
        let best_visits = best_by_q(stats).map_or(0, |i| stats.root_visits[i]);
        let nodes_effort = best_visits as f64 / stats.nodes_this_move.max(1) as f64;
        let visits = clamp(c.bmv1 - ((nodes_effort + c.bmv2) * c.bmv3).ln_1p() * c.bmv4, c.bmv5, c.bmv6);
        let variance = if c.variance {
            // Monty's Q is a win probability (0 … 1): its standard deviation is half of ours.
            let sd = stats.root_value_sd / 2.0;
            clamp(1.0 + (sd - c.var_kt) * c.var_slope, c.var_min, c.var_max)
        } else {
            1.0
        };
        let total = (self.opt * falling_eval * instability * visits * variance).trunc();
        SoftCheck { score, falling_eval, instability, nodes_effort, visits, variance, total }
    }
}

/// `x` within `lo … hi` as Rust's `clamp` when lo ≤ hi; with sliders that cross (a floor above
/// the cap, where `f64::clamp` would panic) the cap wins.
fn clamp(x: f64, lo: f64, hi: f64) -> f64 {
    x.max(lo).min(hi)
}

/// The visited root move with the highest Q (the first on ties), Monty's best move.
fn best_by_q(stats: &SearchStats) -> Option<usize> {
    let mut best: Option<(usize, f64)> = None;
    for (i, (&n, &q)) in stats.root_visits.iter().zip(stats.root_q).enumerate() {
        if n > 0 && best.is_none_or(|(_, b)| q > b) {
            best = Some((i, q));
        }
    }
    best.map(|(i, _)| i)
}

/// Whether a multiple of `every` lies in (from, to].
fn crossed(from: u64, to: u64, every: u32) -> Option<u64> {
    let every = u64::from(every.max(1));
    (to / every > from / every).then_some(to / every * every)
}

impl TimeManager for Monty {
    from_config!(MontyConfig);

    fn begin_move(&mut self, ctx: &MoveContext) -> Budget {
        self.best = None;
        self.changes = 0;
        self.prev_score = None;
        self.last_playouts = 0;
        self.last_check = None;
        if let Some(b) = ponder_start(&mut self.pondering, ctx) {
            return b;
        }
        let a = allocate(&self.cfg, ctx);
        self.opt = a.opt;
        self.max = a.max;
        let mut terms = vec![t64("time", a.time), t64("ply", a.ply)];
        if let Some(tl) = a.time_left {
            terms.extend([
                t64("timeLeft", tl),
                t64("optConstant", a.opt_constant),
                t64("optScale", a.opt_scale),
                t64("maxConstant", a.max_constant),
                t64("maxScale", a.max_scale),
                t64("bonus", a.bonus),
            ]);
        }
        terms.extend([t64("optimum", a.opt), t64("maximum", a.max)]);
        let o = f64::from(self.cfg.move_overhead);
        finish(
            a.opt.min(a.max),
            a.max,
            terms,
            ctx.clock(),
            o,
            a.max,
            "Monty keeps at least 10 ms after the overhead",
        )
    }

    fn poll(&mut self, stats: &SearchStats, _hints: &mut Hints) -> Decision {
        if stats.pondering || self.pondering {
            return Decision::CONTINUE;
        }
        if stats.elapsed_ms >= self.max {
            return Decision::stop(StopReason::HardLimit);
        }
        if !is_mcts(stats) {
            return Decision::CONTINUE;
        }
        let (from, to) = (self.last_playouts, stats.nodes_this_move);
        self.last_playouts = to;
        if crossed(from, to, self.cfg.bmc_every).is_some() {
            let now = best_by_q(stats);
            if now != self.best {
                self.best = now;
                self.changes += 1;
            }
        }
        let Some(at) = crossed(from, to, self.cfg.soft_every) else { return Decision::CONTINUE };
        let check = self.soft_check(stats);
        self.last_check = Some(check);
        if stats.elapsed_ms >= check.total {
            return Decision::stop(StopReason::SoftLimit);
        }
        if at % u64::from(self.cfg.bmc_reset.max(1)) == 0 {
            self.changes = 0;
        }
        self.prev_score = Some(self.prev_score.map_or(check.score, |p| (check.score + 2.0 * p) / 3.0));
        Decision::CONTINUE
    }

    fn iteration_done(&mut self, stats: &SearchStats) -> Decision {
        // Driven by alpha-beta: the optimum is the soft limit at iteration boundaries.
        Decision::stop_if(
            !self.pondering && stats.elapsed_ms >= self.opt.min(self.max),
            StopReason::SoftLimit,
        )
    }

    fn effective_limit(&self, budget: &Budget) -> EffectiveLimit {
        let Some(c) = self.last_check else { return EffectiveLimit::base(budget) };
        let term = LimitTerm::new;
        let mut factors = vec![
            term("falling", "falling", c.falling_eval),
            term("instability", "instability", c.instability),
            term("best_move_visits", "visits", c.visits),
        ];
        if self.cfg.variance {
            factors.push(term("variance", "variance", c.variance));
        }
        EffectiveLimit::product(budget, term("optimum", "optimum", self.opt), factors, Some(self.max))
    }

    no_game_state!();
}

const HELPERS: Source = Source::Upstream(Repo::Monty, "src/mcts/helpers.rs");
const PARAMS: Source = Source::Upstream(Repo::Monty, "src/mcts/params.rs");
const CHECKS: Source = Source::Upstream(Repo::Monty, "src/mcts.rs");
const UCI: Source = Source::Upstream(Repo::Monty, "src/uci.rs");
const SRC_PARAMS: &str = "Monty @562b13e9 src/mcts/params.rs";
const SRC_VAR: &str = "Monty #136 @52e06cbd src/mcts/params.rs (reverted by #138 @2947ba91)";
const SRC_CHECKS: &str = "Monty @562b13e9 src/mcts.rs check_limits";

/// Where the rows come from.
const P: &str = SRC_PARAMS;

impl ManagerConfig for MontyConfig {
    const NAME: &'static str = "monty";
    const SEARCH: SearchKind = SearchKind::Mcts;
    const IN_SEARCH: &'static [&'static str] =
        &["falling-eval*", "bmi*", "bmv*", "variance", "var-*", "soft-every", "bmc-every", "bmc-reset"];
    const ONLY_FOR: &'static [(&'static str, SearchKind, &'static str)] = &[
        (
            "falling-eval*",
            SearchKind::Mcts,
            "reads the root's Q, which only MCTS reports: under alpha-beta it does nothing",
        ),
        (
            "bmi*",
            SearchKind::Mcts,
            "counts changes of the best move by Q, which only MCTS reports: under alpha-beta it does nothing",
        ),
        (
            "bmv*",
            SearchKind::Mcts,
            "reads root visit counts, which only MCTS reports: under alpha-beta it does nothing",
        ),
        (
            "variance",
            SearchKind::Mcts,
            "reads the spread of root values, which only MCTS reports: under alpha-beta it does nothing",
        ),
        (
            "var-*",
            SearchKind::Mcts,
            "reads the spread of root values, which only MCTS reports: under alpha-beta it does nothing",
        ),
        (
            "soft-every",
            SearchKind::Mcts,
            "counts playouts, which only MCTS has: under alpha-beta it does nothing",
        ),
        (
            "bmc-every",
            SearchKind::Mcts,
            "counts playouts, which only MCTS has: under alpha-beta it does nothing",
        ),
        (
            "bmc-reset",
            SearchKind::Mcts,
            "counts playouts, which only MCTS has: under alpha-beta it does nothing",
        ),
    ];
    const SOURCES: &'static [(&'static str, Source)] =
        &[("move-overhead", UCI), ("soft-every", CHECKS), ("bmc-*", CHECKS), ("*", PARAMS)];
    #[rustfmt::skip]
    const TERMS: &'static [Entry] = &[
        e(Self::NAME, "time", "time", Unit::Ms, "the clock less the move overhead, at least 10 ms",
            "max(clock − O, 10)", UCI),
        e(Self::NAME, "ply", "Monty ply", Unit::Moves,
            "Monty's ply counter: 2 × the searches since the game began (2 on its first move)",
            "2·(⌊ply/2⌋ + 1)", UCI),
        e(Self::NAME, "timeLeft", "time left", Unit::Ms,
            "the clock over the 28-move horizon (Monty's u64 wraps it to ≈1.8e19 ms below 0)",
            "max(time + inc·(mtg − 1) − 10·(2 + mtg), 1)", HELPERS),
        e(Self::NAME, "optConstant", "opt constant", Unit::Share, "the optimum's base share, growing with the clock",
            "min(opt-value1/100 + opt-value2/1000·log10(timeLeft/1000), opt-value3/100)", HELPERS),
        e(Self::NAME, "optScale", "opt scale", Unit::Share, "share of timeLeft for the optimum",
            "min(optscale-value1/100 + (ply + optscale-value2)^optscale-value3·optConstant, optscale-value4·time/timeLeft)",
            HELPERS),
        e(Self::NAME, "maxConstant", "max constant", Unit::Factor, "the maximum's multiple of the optimum, from the clock",
            "max(max-value1 + max-value2·log10(timeLeft/1000), max-value3)", HELPERS),
        e(Self::NAME, "maxScale", "max scale", Unit::Factor, "multiple of the optimum for the maximum",
            "min(maxConstant + ply/maxscale-value1, maxscale-value2)", HELPERS),
        e(Self::NAME, "bonus", "opening bonus", Unit::Factor, "more time for the first plies",
            "1 + log10(bonus-ply − ply)·bonus-value1 while ply < bonus-ply, else 1", HELPERS),
        e(Self::NAME, "optimum", "optimum", Unit::Ms, "the soft limit before in-search scaling",
            "trunc(optScale·bonus·timeLeft); with movestogo trunc(time/clamp(movestogo, 1, 30))", HELPERS),
        e(Self::NAME, "maximum", "maximum", Unit::Ms, "the hard limit",
            "trunc(min(maxScale·optimum, max-time·time)); with movestogo = optimum", HELPERS),
        e(Self::NAME, "falling", "falling eval", Unit::Factor,
            "more time while the root's display score falls below its running average",
            "clamp(1 + (prev − score)·falling-eval1, falling-eval2, falling-eval3)", HELPERS),
        e(Self::NAME, "instability", "instability", Unit::Factor,
            "more time when the best move (by Q) keeps changing",
            "clamp(1 + ln(1 + changes·bmi1), bmi2, bmi3)", HELPERS),
        e(Self::NAME, "best_move_visits", "visits", Unit::Factor,
            "less time when the best move has many of this move's playouts",
            "clamp(bmv1 − ln(1 + (visits/playouts + bmv2)·bmv3)·bmv4, bmv5, bmv6)", HELPERS),
        e(Self::NAME, "variance", "variance", Unit::Factor,
            "Monty #136 (reverted by #138, it anti-scaled): more time when root values spread widely",
            "clamp(1 + (sd − var-kt)·var-slope, var-min, var-max)",
            Source::Upstream(Repo::Monty, "src/mcts/helpers.rs")),
    ];

    const INFO: ManagerInfo = ManagerInfo {
        label: "Monty",
        reference: "Monty src/mcts/helpers.rs @562b13e9 (+ #136 variance, reverted #138)",
        description: "Stockfish-style optimum/maximum re-tuned (mtg 28, opening bonus); soft stop × falling eval × instability × best-move visits",
    };

    const PARAMS: &'static [Param<Self>] = &[
        Param::new("mtg", "Horizon", int_!(Self, u32, mtg)).lin(10.0, 60.0, 1.0).unit("moves")
            .desc("move horizon of timeLeft (tm_mtg)").src(P),
        Param::new("opt-value1", "Opt base", f64_!(Self, opt_value1)).lin(0.1, 1.2, 0.001).unit("%")
            .desc("optConstant base (tm_opt_value1)").src(P),
        Param::new("opt-value2", "Opt log slope", f64_!(Self, opt_value2)).lin(0.1, 1.0, 0.0001).unit("‰")
            .desc("optConstant growth per decade of timeLeft/1 s (tm_opt_value2)").src(P),
        Param::new("opt-value3", "Opt cap", f64_!(Self, opt_value3)).lin(0.1, 1.2, 0.0001).unit("%")
            .desc("optConstant cap (tm_opt_value3)").src(P),
        Param::new("optscale-value1", "Opt scale base", f64_!(Self, optscale_value1)).lin(0.1, 2.0, 0.001).unit("%")
            .desc("optScale base (tm_optscale_value1)").src(P),
        Param::new("optscale-value2", "Opt scale ply offset", f64_!(Self, optscale_value2)).lin(0.1, 5.0, 0.0001)
            .unit("plies").desc("added to the ply before the power (tm_optscale_value2)").src(P),
        Param::new("optscale-value3", "Opt scale exponent", f64_!(Self, optscale_value3)).lin(0.1, 1.0, 0.0001)
            .desc("power of the ply (tm_optscale_value3)").src(P),
        Param::new("optscale-value4", "Opt scale clock cap", f64_!(Self, optscale_value4)).lin(0.1, 1.0, 0.0001)
            .desc("optScale ≤ this·time/timeLeft (tm_optscale_value4)").src(P),
        Param::new("max-value1", "Max base", f64_!(Self, max_value1)).lin(1.0, 10.0, 0.0001)
            .desc("maxConstant base (tm_max_value1)").src(P),
        Param::new("max-value2", "Max log slope", f64_!(Self, max_value2)).lin(1.0, 10.0, 0.0001)
            .desc("maxConstant growth per decade of timeLeft/1 s (tm_max_value2)").src(P),
        Param::new("max-value3", "Max floor", f64_!(Self, max_value3)).lin(1.0, 10.0, 0.0001)
            .desc("maxConstant floor (tm_max_value3)").src(P),
        Param::new("maxscale-value1", "Max scale ply divisor", f64_!(Self, maxscale_value1)).lin(1.0, 24.0, 0.001)
            .unit("plies").desc("maxScale grows by 1 every this many plies (tm_maxscale_value1)").src(P),
        Param::new("maxscale-value2", "Max scale cap", f64_!(Self, maxscale_value2)).lin(1.0, 12.0, 0.0001)
            .desc("maxScale cap (tm_maxscale_value2)").src(P),
        Param::new("bonus-ply", "Bonus plies", f64_!(Self, bonus_ply)).lin(1.0, 30.0, 0.001).unit("plies")
            .desc("plies (Monty's counter) that get the opening bonus (tm_bonus_ply)").src(P),
        Param::new("bonus-value1", "Bonus weight", f64_!(Self, bonus_value1)).lin(0.1, 2.0, 0.0001)
            .desc("bonus = 1 + log10(bonus-ply − ply)·this (tm_bonus_value1)").src(P),
        Param::new("max-time", "Max clock share", f64_!(Self, max_time)).lin(0.4, 0.99, 0.001)
            .desc("maximum ≤ this·time (tm_max_time)").src(P),
        Param::new("falling-eval1", "Falling slope", f64_!(Self, falling_eval1)).lin(0.0, 0.2, 0.00001)
            .unit("/cp").desc("fallingEval per display centipawn of drop (tm_falling_eval1)").src(P),
        Param::new("falling-eval2", "Falling floor", f64_!(Self, falling_eval2)).lin(0.1, 1.0, 0.0001)
            .desc("fallingEval floor (tm_falling_eval2)").src(P),
        Param::new("falling-eval3", "Falling cap", f64_!(Self, falling_eval3)).lin(0.1, 3.0, 0.0001)
            .desc("fallingEval cap (tm_falling_eval3)").src(P),
        Param::new("bmi1", "Instability weight", f64_!(Self, bmi1)).lin(0.1, 1.0, 0.0001)
            .desc("instability = 1 + ln(1 + changes·this) (tm_bmi1)").src(P),
        Param::new("bmi2", "Instability floor", f64_!(Self, bmi2)).lin(0.1, 2.0, 0.0001)
            .desc("instability floor (tm_bmi2)").src(P),
        Param::new("bmi3", "Instability cap", f64_!(Self, bmi3)).lin(0.1, 6.4, 0.0001)
            .desc("instability cap (tm_bmi3)").src(P),
        Param::new("bmv1", "Visits base", f64_!(Self, bmv1)).lin(0.1, 5.0, 0.0001)
            .desc("visits factor base (tm_bmv1)").src(P),
        Param::new("bmv2", "Visits offset", f64_!(Self, bmv2)).lin(0.1, 1.0, 0.0001)
            .desc("added to the best move's visit share (tm_bmv2)").src(P),
        Param::new("bmv3", "Visits scale", f64_!(Self, bmv3)).lin(0.1, 1.0, 0.0001)
            .desc("multiplies the shifted share inside ln(1 + …) (tm_bmv3)").src(P),
        Param::new("bmv4", "Visits weight", f64_!(Self, bmv4)).lin(0.1, 8.0, 0.0001)
            .desc("weight of ln(1 + …) (tm_bmv4)").src(P),
        Param::new("bmv5", "Visits floor", f64_!(Self, bmv5)).lin(0.1, 1.0, 0.0001)
            .desc("visits factor floor (tm_bmv5)").src(P),
        Param::new("bmv6", "Visits cap", f64_!(Self, bmv6)).lin(0.1, 3.0, 0.0001)
            .desc("visits factor cap (tm_bmv6)").src(P),
        Param::new("variance", "Variance factor (#136)", bool_!(Self, variance))
            .desc("Monty #136: × clamp(1 + (sd − var-kt)·var-slope, var-min, var-max) with sd the root's Q standard deviation (0 … 1 scale); passed STC and LTC, then reverted by #138 because it anti-scaled (−10 Elo at VVLTC SMP); off in Monty today")
            .src(SRC_VAR),
        Param::new("var-kt", "Variance pivot", f64_!(Self, var_kt)).lin(0.0, 1.0, 0.005)
            .desc("sd at which the variance factor is 1 (tm_var_kt)").src(SRC_VAR),
        Param::new("var-slope", "Variance slope", f64_!(Self, var_slope)).lin(0.0, 5.0, 0.01)
            .desc("variance factor per unit of sd (tm_var_slope)").src(SRC_VAR),
        Param::new("var-min", "Variance floor", f64_!(Self, var_min)).lin(0.1, 1.0, 0.01)
            .desc("variance factor floor (tm_var_min)").src(SRC_VAR),
        Param::new("var-max", "Variance cap", f64_!(Self, var_max)).lin(1.0, 5.0, 0.01)
            .desc("variance factor cap (tm_var_max)").src(SRC_VAR),
        Param::new("soft-every", "Soft check every", int_!(Self, u32, soft_every)).log_factor(64.0, 65536.0, 2.0)
            .unit("playouts").desc("playouts between soft checks (4096 in check_limits)").src(SRC_CHECKS),
        Param::new("bmc-every", "Best-move check every", int_!(Self, u32, bmc_every)).log_factor(1.0, 8192.0, 2.0)
            .unit("playouts").desc("playouts between best-move comparisons (128)").src(SRC_CHECKS),
        Param::new("bmc-reset", "Change count reset", int_!(Self, u32, bmc_reset)).log_factor(64.0, 1_048_576.0, 2.0)
            .unit("playouts").desc("the change count restarts after a soft check at a multiple of this (16384)").src(SRC_CHECKS),
        move_overhead(int_!(Self, u32, move_overhead)).lin(0.0, 1000.0, 10.0).desc("kept back from the clock (Monty's Move Overhead, 400 by default)")
            .src("Monty @562b13e9 src/uci.rs"),
    ];

    const PRESETS: &'static [Preset<Self>] = &[
        Preset { name: "monty", description: "Monty @562b13e9", config: MontyConfig::MONTY },
        Preset {
            name: "variance",
            description: "with Monty #136's variance factor (reverted by #138: it anti-scaled)",
            config: MontyConfig::VARIANCE,
        },
    ];

    type Manager = Monty;
    const NEW: fn(Self) -> Monty = Monty::new;
}

#[cfg(test)]
mod tests;
