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
//!
//! New-game state as `thread.cpp` sets it: originalTimeAdjust −1 (recomputed while negative),
//! bestPreviousAverageScore VALUE_INFINITE (the first move's falling eval runs with it),
//! previousTimeReduction 0.85. `cyclic-fix` (off by default) applies Stockfish #7117's fix of
//! the 40/x bug, which came after the pinned commit: the under-1-s horizon shrink only in
//! sudden death.

use crate::stop::{Budget, Decision, EffectiveLimit, Hints, LimitTerm, Score, SearchStats, StopReason, Term};

use super::common::{finish, from_config, is_mcts, t64};
use super::{MoveContext, MoveEnd, PonderStyle, TimeManager};

mod allocate;
mod config;
mod soft;
mod table;
#[cfg(test)]
mod tests;

pub use allocate::Allocation;
pub use config::{
    CHECK_CALLS, HORIZON, INCREASE_DEPTH_FRAC, MAX_CLOCK_FRAC, MOVE_OVERHEAD_MS, PONDER_BONUS, SCORE_UNIT,
    SINGLE_MOVE_CAP_MS, StockfishConfig, TIME_REDUCTION_INIT,
};
pub use soft::SoftCheck;

/// Stockfish's `VALUE_MATE`, internal units.
const VALUE_MATE: f64 = 32_000.0;
/// Stockfish's `VALUE_INFINITE`, internal units: `bestPreviousAverageScore` at a new game
/// (`thread.cpp`), which the first move's falling eval runs with.
const VALUE_INFINITE: f64 = 32_001.0;
/// Centipawn averages this close to [`Score::MATE_CP`] are mate scores ([`Score::as_cp`] maps a
/// mate in p plies to ±(32000 − p) cp); they enter as Stockfish's ±(VALUE_MATE − p).
const MATE_BAND_CP: f64 = 1_000.0;
/// Stop at once on a mate for us within this many plies …
const MATE_STOP_PLIES: u32 = 3;
/// … or when mated in exactly this many plies.
const MATED_STOP_PLIES: u32 = 2;
/// Iteration values remembered (the 4-slot ring).
const ITER_SLOTS: usize = 4;

/// The manager.
#[derive(Clone, Debug)]
pub struct Stockfish {
    cfg: StockfishConfig,
    /// originalTimeAdjust: unset at a new game (Stockfish's −1), recomputed while negative.
    adj: Option<f64>,
    /// The previous search's final timeReduction.
    prev_time_red: f64,
    /// The previous move's final score, internal units.
    prev_score: Option<f64>,
    /// The previous move's average score, internal units (unset at a new game: falling eval then
    /// uses VALUE_INFINITE).
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

    /// An average score given in centipawns, in internal units: a mate score (as [`Score::as_cp`]
    /// writes it) becomes ±(VALUE_MATE − plies) as Stockfish keeps it, anything else × k.
    fn internal_avg(&self, cp: f64) -> f64 {
        let mate = f64::from(Score::MATE_CP);
        if cp.abs() > mate - MATE_BAND_CP && cp.abs() <= mate {
            cp.signum() * (VALUE_MATE - (mate - cp.abs()))
        } else {
            cp * self.cfg.score_unit
        }
    }
}

impl TimeManager for Stockfish {
    from_config!(StockfishConfig);

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
        self.prev_avg = Some(self.internal_avg(end.final_avg_score));
    }

    fn check_interval(&self) -> u64 {
        self.cfg.check_calls as u64
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
