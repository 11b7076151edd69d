//! The hard-stop overshoot measurement: how far past a `movetime` limit a search returns, over
//! every bench position on the wall clock.

use serde::Serialize;

use super::super::alphabeta::{SearchRequest, Searcher};
use super::super::limits::{Limits, SearchControl};
use super::{POSITIONS, roots};
use crate::clock::timer::Timer;
use crate::stop::NeverStop;

/// Overshoot past a move-time limit over all positions.
#[derive(Clone, Debug, Serialize)]
pub struct Overshoot {
    /// The `movetime` limit, ms.
    pub limit_ms: f64,
    /// Number of searches.
    pub samples: usize,
    /// Median of elapsed − limit, ms.
    pub p50_ms: f64,
    /// 99th percentile (nearest rank) of elapsed − limit, ms.
    pub p99_ms: f64,
    /// Largest elapsed − limit, ms.
    pub max_ms: f64,
    /// The position with the largest overshoot.
    pub worst_fen: String,
    /// Searches that returned more than 1 ms late.
    pub over_1ms: usize,
}

/// Nearest-rank percentile of sorted values.
pub(super) fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// Searches every bench position `repeats` times with `go movetime limit_ms` on the wall clock
/// and reports how far past the limit each search returned. The table is cleared before the
/// clock starts. Searches that end before the limit (e.g. a forced mate fully searched) count
/// with their negative overshoot.
pub fn measure_overshoot(limit_ms: f64, hash_mb: usize, repeats: usize) -> Overshoot {
    let mut engine = Searcher::new(hash_mb);
    let mut overs = Vec::new();
    let mut worst = (f64::NEG_INFINITY, "");
    let all = roots();
    let runs = all.iter().zip(POSITIONS).flat_map(|run| std::iter::repeat_n(run, repeats.max(1)));
    for (root, bp) in runs {
        engine.clear();
        let mut stopper = NeverStop::default();
        let timer = Timer::real();
        let request = SearchRequest {
            stopper: &mut stopper,
            timer,
            limits: Limits::movetime(limit_ms),
            control: SearchControl::new(),
        };
        let result = engine.search(root, request, &mut |_| {});
        let over = timer.elapsed_ms(0) - limit_ms;
        if result.is_ok() {
            overs.push(over);
            if over > worst.0 {
                worst = (over, bp.fen);
            }
        }
    }
    overs.sort_by(f64::total_cmp);
    Overshoot {
        limit_ms,
        samples: overs.len(),
        p50_ms: percentile(&overs, 50.0),
        p99_ms: percentile(&overs, 99.0),
        max_ms: overs.last().copied().unwrap_or(0.0),
        worst_fen: worst.1.to_string(),
        over_1ms: overs.iter().filter(|&&o| o > 1.0).count(),
    }
}
