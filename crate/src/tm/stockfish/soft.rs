//! The soft stop after each iteration (§9.2, Stockfish @762dd1da `src/search.cpp`): falling
//! eval, best-move stability, instability and the best move's share of the nodes.

use super::Stockfish;
use crate::stop::{Iteration, SearchStats};

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

/// `lerp(x; x0→y0, x1→y1)`, unclamped.
pub(super) fn lerp(x: f64, x0: f64, y0: f64, x1: f64, y1: f64) -> f64 {
    y0 + (y1 - y0) * (x - x0) / (x1 - x0)
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
        // At a new game prevAvg is VALUE_INFINITE and the formula runs with it: 1.728 unless
        // the score is a mate for us or above ≈ 10 384 cp, which give the floor 0.576.
        let prev_avg = self.prev_avg.unwrap_or(super::VALUE_INFINITE);
        let falling_eval = ((FALLING_EVAL_BASE
            + FALLING_EVAL_AVG * (prev_avg - best)
            + FALLING_EVAL_ITER * (self.iter_value[self.iter_idx] - best))
            / 100.0)
            .clamp(FALLING_EVAL_MIN, FALLING_EVAL_MAX);
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
pub(super) fn last_change_depth(its: &[Iteration]) -> u32 {
    let mut d = its.first().map_or(0, |it| it.depth);
    for w in its.windows(2) {
        if w[1].best_move != w[0].best_move {
            d = w[1].depth;
        }
    }
    d
}

/// totBestMoveChanges: halved at the start of every iteration, plus the iteration's changes.
pub(super) fn best_move_changes(its: &[Iteration]) -> f64 {
    its.iter().fold(0.0, |c, it| c / 2.0 + it.best_move_changes as f64)
}
