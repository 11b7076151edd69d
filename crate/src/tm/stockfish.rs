//! Stockfish's time manager: an optimum and a maximum from the clock and the ply, then a soft
//! stop after each iteration scaled by falling eval, best-move stability, instability and the
//! best move's share of the nodes.
//!
//! Reference: Stockfish @762dd1da: `src/timeman.cpp` (allocation), `src/search.cpp` (soft stop,
//! `check_time`, the 0.50 increase-depth threshold), `src/thread.cpp` (new-game time
//! reduction 0.85), `src/engine.cpp` (`Move Overhead`, `Ponder`), `src/types.h`
//! (`PawnValue` = 208). Spec §9. `f64` arithmetic, truncated where Stockfish stores a
//! `TimePoint`.
//!
//! Deviations, documented: the searcher reports scores in centipawns, so `score-unit` converts
//! them to Stockfish's internal units; one thread; the call counter of `check_time` is the
//! searcher's `check_interval` cadence. A clock of 0 takes `log10` of 1 ms instead of −∞. The
//! budget's soft limit is `min(optimum, maximum)`: the soft stop compares with
//! `min(totalTime, maximum)`, so a ponder bonus never lifts it above the maximum (the
//! `optimum` term keeps the full value).

use crate::stop::{
    Budget, Decision, EffectiveLimit, Hints, Iteration, LimitTerm, Score, SearchStats, StopReason, Term,
};

use super::common::{finish, is_mcts, t64};
use super::{MoveContext, MoveEnd, PonderStyle, SearchKind, TimeManager};

/// `Move Overhead` default, ms.
pub const MOVE_OVERHEAD_MS: u32 = 10;
/// Ponder bonus: optimum += optimum/4.
pub const PONDER_BONUS: f64 = 0.25;
/// Internal units per centipawn: `PawnValue` 208 / 100.
pub const SCORE_UNIT: f64 = 2.08;
/// Move horizon `mtg` without movestogo, and the cap on movestogo.
pub const HORIZON: u32 = 50;
/// maximum ≤ this·clock − O.
pub const MAX_CLOCK_FRAC: f64 = 0.8097;
/// Deepen only while elapsed ≤ this·totalTime.
pub const INCREASE_DEPTH_FRAC: f64 = 0.50;
/// Soft cap with a single legal move, ms.
pub const SINGLE_MOVE_CAP_MS: u32 = 500;
/// Hard check every this many `search()` calls.
pub const CHECK_CALLS: u32 = 512;
/// `previousTimeReduction` at a new game.
pub const TIME_REDUCTION_INIT: f64 = 0.85;

/// Below this clock (ms) the horizon shrinks …
const SHORT_CLOCK_MS: f64 = 1000.0;
/// … to this many moves per ms of clock.
const SHORT_CLOCK_MTG_PER_MS: f64 = 0.05;
/// `originalTimeAdjust = 0.3272·log10(timeLeft) − 0.4141`, once per game.
const ADJ_SLOPE: f64 = 0.3272;
/// See [`ADJ_SLOPE`].
const ADJ_OFFSET: f64 = 0.4141;
/// `optConstant = min(0.0029869 + 0.00033554·log10(T/1000), 0.004905)`.
const OPT_CONST_BASE: f64 = 0.0029869;
/// See [`OPT_CONST_BASE`].
const OPT_CONST_LOG: f64 = 0.00033554;
/// See [`OPT_CONST_BASE`].
const OPT_CONST_MAX: f64 = 0.004905;
/// `maxConstant = max(3.3744 + 3.0608·log10(T/1000), 3.1441)`.
const MAX_CONST_BASE: f64 = 3.3744;
/// See [`MAX_CONST_BASE`].
const MAX_CONST_LOG: f64 = 3.0608;
/// See [`MAX_CONST_BASE`].
const MAX_CONST_MIN: f64 = 3.1441;
/// `optScale = min(0.012112 + (ply + 3.22713)^0.46866·optConstant, 0.19404·T/timeLeft)·adj`.
const OPT_SCALE_BASE: f64 = 0.012112;
/// See [`OPT_SCALE_BASE`].
const OPT_PLY_OFFSET: f64 = 3.22713;
/// See [`OPT_SCALE_BASE`].
const OPT_PLY_EXP: f64 = 0.46866;
/// See [`OPT_SCALE_BASE`].
const OPT_CLOCK_CAP: f64 = 0.19404;
/// `maxScale = min(6.873, maxConstant + ply/12.352)`.
const MAX_SCALE_CAP: f64 = 6.873;
/// See [`MAX_SCALE_CAP`].
const MAX_SCALE_PLY_DIV: f64 = 12.352;
/// With movestogo: `optScale = min((0.88 + ply/116.4)/mtg, 0.88·T/timeLeft)`.
const MTG_OPT_BASE: f64 = 0.88;
/// See [`MTG_OPT_BASE`].
const MTG_OPT_PLY_DIV: f64 = 116.4;
/// See [`MTG_OPT_BASE`].
const MTG_OPT_CLOCK_CAP: f64 = 0.88;
/// With movestogo: `maxScale = 1.3 + 0.11·mtg`.
const MTG_MAX_BASE: f64 = 1.3;
/// See [`MTG_MAX_BASE`].
const MTG_MAX_PER_MOVE: f64 = 0.11;
/// `fallingEval = (11.48 + 2.30·(prevAvg − best) + 1.10·(iterValue − best))/100`, internal units.
const FALLING_EVAL_BASE: f64 = 11.48;
/// See [`FALLING_EVAL_BASE`].
const FALLING_EVAL_AVG: f64 = 2.30;
/// See [`FALLING_EVAL_BASE`].
const FALLING_EVAL_ITER: f64 = 1.10;
/// Clamp of fallingEval (a stable or rising score gives the floor).
const FALLING_EVAL_MIN: f64 = 0.576;
/// See [`FALLING_EVAL_MIN`].
const FALLING_EVAL_MAX: f64 = 1.728;
/// `timeReduction = clamp(lerp(d − lastChangeDepth; 4.96→0.639, 18.79→1.712), 0.629, 1.544)`.
const TIME_RED_X0: f64 = 4.96;
/// See [`TIME_RED_X0`].
const TIME_RED_Y0: f64 = 0.639;
/// See [`TIME_RED_X0`].
const TIME_RED_X1: f64 = 18.79;
/// See [`TIME_RED_X0`].
const TIME_RED_Y1: f64 = 1.712;
/// See [`TIME_RED_X0`].
const TIME_RED_MIN: f64 = 0.629;
/// See [`TIME_RED_X0`].
const TIME_RED_MAX: f64 = 1.544;
/// `reduction = (1.468 + previousTimeReduction)/(2.284·timeReduction)`.
const REDUCTION_BASE: f64 = 1.468;
/// See [`REDUCTION_BASE`].
const REDUCTION_DIV: f64 = 2.284;
/// `bestMoveInstability = 1.077 + 2.229·totBestMoveChanges`.
const INSTABILITY_BASE: f64 = 1.077;
/// See [`INSTABILITY_BASE`].
const INSTABILITY_PER_CHANGE: f64 = 2.229;
/// `nodesEffort = bestMoveNodes·100000/nodes`.
const EFFORT_SCALE: u64 = 100_000;
/// `effortF = clamp(lerp(effort; 75800→0.969, 104510→0.714), 0.693, 0.838)`.
const EFFORT_X0: f64 = 75_800.0;
/// See [`EFFORT_X0`].
const EFFORT_Y0: f64 = 0.969;
/// See [`EFFORT_X0`].
const EFFORT_X1: f64 = 104_510.0;
/// See [`EFFORT_X0`].
const EFFORT_Y1: f64 = 0.714;
/// See [`EFFORT_X0`].
const EFFORT_MIN: f64 = 0.693;
/// See [`EFFORT_X0`].
const EFFORT_MAX: f64 = 0.838;
/// Stockfish's `VALUE_MATE`, internal units.
const VALUE_MATE: f64 = 32_000.0;
/// Stop at once on a mate for us within this many plies …
const MATE_STOP_PLIES: u32 = 3;
/// … or when mated in exactly this many plies.
const MATED_STOP_PLIES: u32 = 2;
/// Iteration values remembered (the 4-slot ring).
const ITER_SLOTS: usize = 4;

/// `lerp(x; x0→y0, x1→y1)`, unclamped.
fn lerp(x: f64, x0: f64, y0: f64, x1: f64, y1: f64) -> f64 {
    y0 + (y1 - y0) * (x - x0) / (x1 - x0)
}

/// Stockfish's parameters (§9).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StockfishConfig {
    /// `Move Overhead`, ms.
    pub move_overhead: u32,
    /// `Ponder` option: optimum += optimum·ponder-bonus.
    pub ponder: bool,
    /// The ponder bonus share.
    pub ponder_bonus: f64,
    /// Internal units per centipawn fed by the searcher.
    pub score_unit: f64,
    /// Move horizon.
    pub horizon: u32,
    /// maximum ≤ this·clock − O.
    pub max_clock_frac: f64,
    /// Deepen only while elapsed ≤ this·totalTime.
    pub increase_depth_frac: f64,
    /// Soft cap with one legal move, ms.
    pub single_move_cap_ms: u32,
    /// Hard check cadence in `search()` calls.
    pub check_calls: u32,
    /// previousTimeReduction at a new game.
    pub time_reduction_init: f64,
}

impl StockfishConfig {
    /// Stockfish @762dd1da with `Ponder` off.
    pub const SF: StockfishConfig = StockfishConfig {
        move_overhead: MOVE_OVERHEAD_MS,
        ponder: false,
        ponder_bonus: PONDER_BONUS,
        score_unit: SCORE_UNIT,
        horizon: HORIZON,
        max_clock_frac: MAX_CLOCK_FRAC,
        increase_depth_frac: INCREASE_DEPTH_FRAC,
        single_move_cap_ms: SINGLE_MOVE_CAP_MS,
        check_calls: CHECK_CALLS,
        time_reduction_init: TIME_REDUCTION_INIT,
    };
    /// The same with `Ponder` on (a quarter more optimum).
    pub const PONDER: StockfishConfig = StockfishConfig { ponder: true, ..Self::SF };
}

impl Default for StockfishConfig {
    fn default() -> Self {
        Self::SF
    }
}

/// The result of the allocation (§9.1), for tests and terms.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Allocation {
    /// Move horizon.
    pub mtg: f64,
    /// Time left for the horizon, integer ms.
    pub time_left: i64,
    /// originalTimeAdjust (sudden death only).
    pub adj: Option<f64>,
    /// Share of timeLeft for the optimum.
    pub opt_scale: f64,
    /// Multiple of the optimum for the maximum.
    pub max_scale: f64,
    /// Optimum, ms (with the ponder bonus).
    pub optimum: f64,
    /// Maximum, ms.
    pub maximum: f64,
}

/// The manager.
#[derive(Clone, Debug)]
pub struct Stockfish {
    cfg: StockfishConfig,
    /// originalTimeAdjust, computed once per game.
    adj: Option<f64>,
    /// The previous search's final timeReduction.
    prev_time_red: f64,
    /// The previous move's final score, internal units.
    prev_score: Option<f64>,
    /// The previous move's average score, internal units.
    prev_avg: Option<f64>,
    optimum: f64,
    maximum: f64,
    iter_value: [f64; ITER_SLOTS],
    iter_idx: usize,
    last_time_red: Option<f64>,
    stop_on_ponderhit: bool,
    /// The last soft check of this move and whether the root had one legal move (per move, not
    /// per game: reset by `begin_move`).
    last_check: Option<(SoftCheck, bool)>,
}

impl Stockfish {
    /// A manager with this config.
    pub fn new(cfg: StockfishConfig) -> Self {
        Stockfish {
            cfg,
            adj: None,
            prev_time_red: cfg.time_reduction_init,
            prev_score: None,
            prev_avg: None,
            optimum: 0.0,
            maximum: 0.0,
            iter_value: [0.0; ITER_SLOTS],
            iter_idx: 0,
            last_time_red: None,
            stop_on_ponderhit: false,
            last_check: None,
        }
    }

    /// A score in Stockfish's internal units.
    fn internal(&self, s: Score) -> f64 {
        match s {
            Score::Cp(cp) => cp as f64 * self.cfg.score_unit,
            Score::MateIn(p) => VALUE_MATE - p as f64,
            Score::MatedIn(p) => -VALUE_MATE + p as f64,
        }
    }

    /// The allocation of §9.1 (sets `adj` on the first sudden-death move of a game).
    pub fn allocate(&mut self, ctx: &MoveContext) -> Allocation {
        let c = self.cfg;
        let t = ctx.clock().floor();
        let inc = ctx.inc().floor();
        let o = c.move_overhead as f64;
        let mut mtg = match ctx.movestogo() {
            Some(m) => m.min(c.horizon) as f64,
            None => c.horizon as f64,
        };
        if t < SHORT_CLOCK_MS {
            mtg = (SHORT_CLOCK_MTG_PER_MS * t).trunc();
        }
        let time_left = (t + inc * (mtg - 1.0) - o * (2.0 + mtg)).max(1.0).trunc();
        let ply = ctx.ply as f64;
        let (opt_scale, max_scale, adj) = if ctx.movestogo().is_none() {
            let adj = *self.adj.get_or_insert(ADJ_SLOPE * libm::log10(time_left) - ADJ_OFFSET);
            let l = libm::log10(t.max(1.0) / 1000.0);
            let opt_const = (OPT_CONST_BASE + OPT_CONST_LOG * l).min(OPT_CONST_MAX);
            let max_const = (MAX_CONST_BASE + MAX_CONST_LOG * l).max(MAX_CONST_MIN);
            let opt = (OPT_SCALE_BASE + libm::pow(ply + OPT_PLY_OFFSET, OPT_PLY_EXP) * opt_const)
                .min(OPT_CLOCK_CAP * t / time_left)
                * adj;
            let max = MAX_SCALE_CAP.min(max_const + ply / MAX_SCALE_PLY_DIV);
            (opt, max, Some(adj))
        } else {
            let opt = ((MTG_OPT_BASE + ply / MTG_OPT_PLY_DIV) / mtg).min(MTG_OPT_CLOCK_CAP * t / time_left);
            (opt, MTG_MAX_BASE + MTG_MAX_PER_MOVE * mtg, None)
        };
        let optimum = (opt_scale * time_left).max(1.0).trunc();
        let maximum = optimum.max((c.max_clock_frac * t - o).min(max_scale * optimum)).trunc();
        let optimum = if c.ponder { optimum + (optimum * c.ponder_bonus).floor() } else { optimum };
        Allocation { mtg, time_left: time_left as i64, adj, opt_scale, max_scale, optimum, maximum }
    }
}

/// The factors of the soft stop after one iteration (§9.2).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SoftCheck {
    /// The iteration's score, internal units.
    pub best: f64,
    /// Panic time from a falling score.
    pub falling_eval: f64,
    /// Best-move stability (timeReduction).
    pub time_red: f64,
    /// (1.468 + previousTimeReduction)/(2.284·timeReduction).
    pub reduction: f64,
    /// 1.077 + 2.229·changes.
    pub instability: f64,
    /// The node-effort factor.
    pub effort_f: f64,
    /// optimum·fallingEval·reduction·instability·effortF (capped with one legal move).
    pub total_time: f64,
}

impl Stockfish {
    /// The soft-stop factors for the just-completed iteration `last`.
    pub fn soft_check(&self, stats: &SearchStats, last: &Iteration) -> SoftCheck {
        let best = self.internal(last.score);
        let effort = stats.best_move_nodes.saturating_mul(EFFORT_SCALE) / stats.search_nodes.max(1);
        let falling_eval = match self.prev_avg {
            None => FALLING_EVAL_MAX,
            Some(avg) => ((FALLING_EVAL_BASE
                + FALLING_EVAL_AVG * (avg - best)
                + FALLING_EVAL_ITER * (self.iter_value[self.iter_idx] - best))
                / 100.0)
                .clamp(FALLING_EVAL_MIN, FALLING_EVAL_MAX),
        };
        let since_change = last.depth as f64 - last_change_depth(stats.iterations) as f64;
        let time_red = lerp(since_change, TIME_RED_X0, TIME_RED_Y0, TIME_RED_X1, TIME_RED_Y1)
            .clamp(TIME_RED_MIN, TIME_RED_MAX);
        let reduction = (REDUCTION_BASE + self.prev_time_red) / (REDUCTION_DIV * time_red);
        let instability = INSTABILITY_BASE + INSTABILITY_PER_CHANGE * best_move_changes(stats.iterations);
        let effort_f =
            lerp(effort as f64, EFFORT_X0, EFFORT_Y0, EFFORT_X1, EFFORT_Y1).clamp(EFFORT_MIN, EFFORT_MAX);
        let mut total_time = self.optimum * falling_eval * reduction * instability * effort_f;
        if stats.root_moves == 1 {
            total_time = total_time.min(self.cfg.single_move_cap_ms as f64);
        }
        SoftCheck { best, falling_eval, time_red, reduction, instability, effort_f, total_time }
    }
}

/// The last completed depth whose best move differed from the previous iteration's (the first
/// completed depth counts as a change).
fn last_change_depth(its: &[Iteration]) -> u32 {
    let mut d = its.first().map_or(0, |it| it.depth);
    for w in its.windows(2) {
        if w[1].best_move != w[0].best_move {
            d = w[1].depth;
        }
    }
    d
}

/// totBestMoveChanges: halved at the start of every iteration, plus the iteration's changes.
fn best_move_changes(its: &[Iteration]) -> f64 {
    its.iter().fold(0.0, |c, it| c / 2.0 + it.best_move_changes as f64)
}

impl TimeManager for Stockfish {
    fn save_state(&self, w: &mut super::state::StateWriter) {
        w.opt_f64(self.adj);
        w.f64(self.prev_time_red);
        w.opt_f64(self.prev_score);
        w.opt_f64(self.prev_avg);
        w.f64(self.optimum);
        w.f64(self.maximum);
        for &v in &self.iter_value {
            w.f64(v);
        }
        w.u64(self.iter_idx as u64);
        w.opt_f64(self.last_time_red);
        w.bool(self.stop_on_ponderhit);
    }

    fn load_state(&mut self, r: &mut super::state::StateReader) -> Result<(), super::state::StateError> {
        self.adj = r.opt_f64("adj")?;
        self.prev_time_red = r.f64()?;
        self.prev_score = r.opt_f64("prevScore")?;
        self.prev_avg = r.opt_f64("prevAvg")?;
        self.optimum = r.f64()?;
        self.maximum = r.f64()?;
        for v in &mut self.iter_value {
            *v = r.f64()?;
        }
        let idx = r.u64()?;
        if idx >= ITER_SLOTS as u64 {
            return Err(super::state::StateError::BadValue { field: "iterIdx", word: idx });
        }
        self.iter_idx = idx as usize;
        self.last_time_red = r.opt_f64("lastTimeReduction")?;
        self.stop_on_ponderhit = r.bool("stopOnPonderhit")?;
        Ok(())
    }

    fn name(&self) -> &'static str {
        "stockfish"
    }

    fn search_kind(&self) -> SearchKind {
        SearchKind::AlphaBeta
    }

    fn new_game(&mut self) {
        *self = Stockfish::new(self.cfg);
    }

    fn begin_move(&mut self, ctx: &MoveContext) -> Budget {
        let a = self.allocate(ctx);
        self.optimum = a.optimum;
        self.maximum = a.maximum;
        self.iter_value = [self.prev_score.unwrap_or(0.0); ITER_SLOTS];
        self.iter_idx = 0;
        self.last_check = None;
        self.last_time_red = None;
        self.stop_on_ponderhit = false;
        let mut terms = vec![t64("mtg", a.mtg), t64("timeLeft", a.time_left as f64)];
        if let Some(adj) = a.adj {
            terms.push(t64("adj", adj));
        }
        terms.extend([
            t64("optScale", a.opt_scale),
            t64("maxScale", a.max_scale),
            t64("optimum", a.optimum),
            t64("maximum", a.maximum),
        ]);
        let o = self.cfg.move_overhead as f64;
        finish(
            a.optimum.min(a.maximum),
            a.maximum,
            terms,
            ctx.clock(),
            o,
            a.maximum,
            "Stockfish's 1 ms floor and movestogo share can pass a clock of a few ms",
        )
    }

    fn poll(&mut self, stats: &SearchStats, _hints: &mut Hints) -> Decision {
        if stats.pondering {
            return Decision::CONTINUE;
        }
        if self.stop_on_ponderhit {
            return Decision::stop(StopReason::SoftLimit);
        }
        if is_mcts(stats) && stats.elapsed_ms > self.optimum.min(self.maximum) {
            // Driven by MCTS: no iterations, so the optimum is checked at every batch.
            return Decision::stop(StopReason::SoftLimit);
        }
        Decision::stop_if(stats.elapsed_ms > self.maximum, StopReason::HardLimit)
    }

    fn iteration_done(&mut self, stats: &SearchStats) -> Decision {
        let Some(last) = stats.iterations.last() else { return Decision::CONTINUE };
        if self.stop_on_ponderhit {
            return Decision::CONTINUE;
        }
        let check = self.soft_check(stats, last);
        self.last_check = Some((check, stats.root_moves == 1));
        self.last_time_red = Some(check.time_red);
        let mate = matches!(last.score, Score::MateIn(p) if p <= MATE_STOP_PLIES)
            || last.score == Score::MatedIn(MATED_STOP_PLIES);
        let elapsed = stats.elapsed_ms;
        let total_time = check.total_time;
        let decision = if elapsed > total_time.min(self.maximum) || mate {
            if stats.pondering {
                self.stop_on_ponderhit = true;
                Decision::CONTINUE
            } else {
                Decision::stop(if mate { StopReason::MateFound } else { StopReason::SoftLimit })
            }
        } else {
            Decision {
                stop: None,
                increase_depth: stats.pondering || elapsed <= self.cfg.increase_depth_frac * total_time,
            }
        };
        self.iter_value[self.iter_idx] = check.best;
        self.iter_idx = (self.iter_idx + 1) % ITER_SLOTS;
        decision
    }

    fn effective_limit(&self, budget: &Budget) -> EffectiveLimit {
        // §9.2: the soft stop compares elapsed with min(totalTime, maximum), totalTime =
        // optimum × fallingEval × reduction × bestMoveInstability × nodesEffort (capped at the
        // single-move cap with one legal move). Before the first iteration: the base.
        let Some((c, single)) = self.last_check else { return EffectiveLimit::base(budget) };
        let term = LimitTerm::new;
        let factors = vec![
            term("falling_eval", "falling", c.falling_eval),
            term("reduction", "reduction", c.reduction),
            term("instability", "instability", c.instability),
            term("nodes_effort", "nodes effort", c.effort_f),
        ];
        let cap = if single { self.maximum.min(self.cfg.single_move_cap_ms as f64) } else { self.maximum };
        EffectiveLimit::product(budget, term("optimum", "optimum", self.optimum), factors, Some(cap))
    }

    fn end_move(&mut self, end: &MoveEnd) {
        self.prev_time_red = self.last_time_red.unwrap_or(1.0);
        self.prev_score = Some(self.internal(end.final_score));
        self.prev_avg = Some(end.final_avg_score * self.cfg.score_unit);
    }

    fn check_interval(&self) -> u64 {
        self.cfg.check_calls as u64
    }

    fn overhead_ms(&self) -> f64 {
        self.cfg.move_overhead as f64
    }

    fn ponder_style(&self) -> PonderStyle {
        PonderStyle::Continue
    }

    fn state(&self) -> Vec<Term> {
        let mut state = vec![Term::new("prevTimeReduction", self.prev_time_red)];
        if let Some(adj) = self.adj {
            state.push(Term::new("adj", adj));
        }
        if let Some(score) = self.prev_score {
            state.push(Term::new("prevScore", score));
        }
        if let Some(avg) = self.prev_avg {
            state.push(Term::new("prevAvg", avg));
        }
        state
    }
}

#[cfg(test)]
mod tests;
