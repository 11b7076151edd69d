//! SmartPruning, lc0's futile search aversion: the MCTS stopper that runs last in the chain and
//! ends a search once no other root move can catch up with the best.
//!
//! Reference: lc0 `src/search/classic/stoppers/stoppers.cc` @909a4082 (`SmartPruningStopper`),
//! `resign-q` from lc0 `src/search/classic/search.cc` @909a4082; seed 002 explains the idea
//! (`futile-search-aversion`). Spec §8. Computed in `f64` as lc0 does, with lc0's `float`s
//! where it has them (§0.1): the factor is read as `f32` (1.33 is 1.33000004) and the NPS
//! estimate ⌊1000·nodes/ms⌋ + 1 is returned as `f32` (rounded above 2^24 ≈ 16.8 M nps).
//!
//! The chain (§8): at every poll the hints are reset (`remaining_ms` 1e11, `remaining_playouts`
//! 4e9 − total, no nps); the manager lowers `remaining_ms` to its `limit − elapsed` (smooth also
//! sets `nps`); SmartPruning runs last, converts the time left into playouts left (divided by
//! the factor F), publishes them for root pruning, and stops when the leader's lead is larger.

use crate::stop::{Decision, Hints, SearchStats, StopReason};

/// lc0's `kSmartPruningToleranceMs`: no decision until this long after the first evaluation.
pub const GRACE_MS: u32 = 200;
/// lc0's `kSmartPruningToleranceNodes`: added to the playouts in the NPS estimate.
pub const TOLERANCE_NODES: u32 = 300;
/// lc0's default `SmartPruningFactor` (seed 002's `futile-search-aversion`).
pub const FACTOR: f64 = 1.33;
/// The Q above which a visited root child clears `may_resign` (hard-coded in lc0 search.cc).
pub const RESIGN_Q: f64 = -0.98;
/// Milliseconds per second, for the NPS estimate.
const MS_PER_S: f64 = 1000.0;

/// SmartPruning's parameters (the `smart-pruning(...)` sub-dictionary).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SmartPruningConfig {
    /// F: > 1 prunes and stops earlier, < 1 later, 0 disables.
    pub factor: f64,
    /// No decision until this long after the first evaluation, ms.
    pub grace_ms: u32,
    /// Added to the playouts in the NPS estimate.
    pub tolerance_nodes: u32,
    /// No stop before this many batches.
    pub minimum_batches: u32,
    /// `may_resign` is cleared if a visited child has Q above this (the searcher computes it).
    pub resign_q: f64,
}

impl SmartPruningConfig {
    /// lc0's values.
    pub const LC0: SmartPruningConfig = SmartPruningConfig {
        factor: FACTOR,
        grace_ms: GRACE_MS,
        tolerance_nodes: TOLERANCE_NODES,
        minimum_batches: 0,
        resign_q: RESIGN_Q,
    };

    /// lc0's values with another factor.
    pub const fn with_factor(factor: f64) -> Self {
        SmartPruningConfig { factor, ..Self::LC0 }
    }
}

impl Default for SmartPruningConfig {
    fn default() -> Self {
        Self::LC0
    }
}

/// The stopper for one search (its state is the time of the first evaluation).
#[derive(Clone, Debug, PartialEq)]
pub struct SmartPruning {
    cfg: SmartPruningConfig,
    first_eval_ms: Option<f64>,
}

impl SmartPruning {
    /// A stopper for a new search.
    pub fn new(cfg: SmartPruningConfig) -> Self {
        SmartPruning { cfg, first_eval_ms: None }
    }

    /// The configuration.
    pub fn config(&self) -> &SmartPruningConfig {
        &self.cfg
    }

    /// The check after a batch, with the hints the earlier stoppers left (§8). It lowers
    /// `hints.remaining_playouts` to the playouts left (divided by F), which the searcher uses to
    /// skip root children that can no longer catch up.
    pub fn poll(&mut self, stats: &SearchStats, hints: &mut Hints) -> Decision {
        // lc0 takes SmartPruningFactor as `float` and widens it to `double`.
        let f = f64::from(self.cfg.factor as f32);
        if f <= 0.0 {
            return Decision::CONTINUE;
        }
        let n = stats.root_visits.len();
        if n == 1 {
            return Decision::stop(StopReason::OnlyMove);
        }
        if n <= stats.num_losing_edges as usize + usize::from(!stats.may_resign) {
            return Decision::stop(StopReason::OnlyMove);
        }
        if stats.win_found {
            return Decision::stop(StopReason::ForcedWin);
        }
        let Some(first) = self.first_eval_ms else {
            if stats.nodes_this_move > 0 {
                self.first_eval_ms = Some(stats.elapsed_ms);
            }
            return Decision::CONTINUE;
        };
        if n == 0 || stats.elapsed_ms < first + self.cfg.grace_ms as f64 {
            return Decision::CONTINUE;
        }
        let since = stats.elapsed_ms - first;
        let nps = match hints.nps {
            Some(nps) => nps,
            None if since > 0.0 => {
                // An integer estimate, returned through lc0's `std::optional<float>` hint.
                let est = (MS_PER_S * (stats.nodes_this_move + self.cfg.tolerance_nodes as u64) as f64
                    / since)
                    .floor()
                    + 1.0;
                f64::from(est as f32)
            }
            None => return Decision::CONTINUE, // grace 0 and no time yet: nothing to estimate
        };
        let remaining = (hints.remaining_ms / MS_PER_S * nps / f).min(hints.remaining_playouts.max(1.0) / f);
        hints.remaining_playouts = hints.remaining_playouts.min(remaining.trunc());
        if stats.batches < self.cfg.minimum_batches as u64 {
            return Decision::CONTINUE;
        }
        let (mut n1, mut n2) = (0u64, 0u64);
        for &v in stats.root_visits {
            if v > n1 {
                n2 = n1;
                n1 = v;
            } else if v > n2 {
                n2 = v;
            }
        }
        Decision::stop_if(remaining < (n1 - n2) as f64, StopReason::SmartPruning)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stats(visits: &[u64], elapsed: f64) -> SearchStats<'_> {
        SearchStats {
            elapsed_ms: elapsed,
            nodes_this_move: 10_000,
            total_nodes: visits.iter().sum(),
            batches: 100,
            root_visits: visits,
            ..Default::default()
        }
    }

    #[test]
    fn reference_vector_f() {
        // §11(f): gap 15000, nodes 10000, elapsed 1050, first_eval 50.
        let visits = [20_000, 5000, 100];
        let s = stats(&visits, 1050.0);
        for (remaining_ms, want_remaining, stop) in [(4000.0, 30_980.45f64, false), (1000.0, 7745.11, true)] {
            let mut sp = SmartPruning { cfg: SmartPruningConfig::LC0, first_eval_ms: Some(50.0) };
            let mut hints = Hints::reset(s.total_nodes);
            hints.remaining_ms = remaining_ms;
            let d = sp.poll(&s, &mut hints);
            assert_eq!(d.is_stop(), stop, "remaining_ms {remaining_ms}");
            assert_eq!(hints.remaining_playouts, want_remaining.trunc());
            let nps = 10_301.0;
            let remaining = remaining_ms / 1000.0 * nps / 1.33;
            assert!((remaining - want_remaining).abs() < 0.01, "{remaining}");
            if stop {
                assert_eq!(d.stop, Some(StopReason::SmartPruning));
            }
        }
    }

    /// Issue 23, spec §0.1: lc0 reads SmartPruningFactor as `float`: 1.33 is 1.33000004, so
    /// 13 300 nps for 1 s leaves 9 999.9997 playouts, below a 10 000-visit lead (with 1.33 as a
    /// double it is exactly 10 000, not below).
    #[test]
    fn the_factor_is_read_as_f32() {
        let visits = [10_100, 100];
        let s = stats(&visits, 1050.0);
        let mut sp = SmartPruning { cfg: SmartPruningConfig::LC0, first_eval_ms: Some(50.0) };
        let mut h = Hints::reset(s.total_nodes);
        h.remaining_ms = 1000.0;
        h.nps = Some(13_300.0);
        assert_eq!(1.0 * 13_300.0 / 1.33, 10_000.0);
        assert_eq!(sp.poll(&s, &mut h).stop, Some(StopReason::SmartPruning));
        assert_eq!(h.remaining_playouts, 9999.0);
    }

    /// lc0 returns its own NPS estimate ⌊1000·nodes/ms⌋ + 1 through a `float` hint: above 2^24 it
    /// is rounded (16 777 219 → 16 777 220).
    #[test]
    fn the_nps_estimate_is_an_f32() {
        let visits = [20_000, 5000];
        let s = SearchStats { nodes_this_move: 16_777_218 - 300, ..stats(&visits, 1050.0) };
        let mut sp = SmartPruning { cfg: SmartPruningConfig::LC0, first_eval_ms: Some(50.0) };
        let mut h = Hints::reset(0);
        h.remaining_ms = 100_000.0;
        h.remaining_playouts = 4e9;
        sp.poll(&s, &mut h);
        let f = f64::from(1.33f32);
        assert_eq!(h.remaining_playouts, (100.0 * 16_777_220.0 / f).trunc());
        assert_ne!(h.remaining_playouts, (100.0 * 16_777_219.0 / f).trunc());
    }

    #[test]
    fn first_eval_and_grace() {
        let visits = [900, 100];
        let mut sp = SmartPruning::new(SmartPruningConfig::LC0);
        let mut h = Hints::reset(1000);
        h.remaining_ms = 0.0;
        assert!(!sp.poll(&stats(&visits, 10.0), &mut h).is_stop(), "first poll records first_eval");
        assert_eq!(sp.first_eval_ms, Some(10.0));
        assert!(!sp.poll(&stats(&visits, 209.0), &mut h).is_stop(), "within the grace period");
        assert!(sp.poll(&stats(&visits, 210.0), &mut h).is_stop(), "no time left, lead 800");
    }

    #[test]
    fn single_move_losing_moves_and_wins() {
        let mut sp = SmartPruning::new(SmartPruningConfig::LC0);
        let mut h = Hints::reset(0);
        assert_eq!(sp.poll(&stats(&[5], 0.0), &mut h).stop, Some(StopReason::OnlyMove));
        let mut s = stats(&[5, 3, 1], 0.0);
        s.num_losing_edges = 2;
        assert_eq!(sp.poll(&s, &mut h).stop, Some(StopReason::OnlyMove), "one non-losing move");
        s.may_resign = true;
        assert!(!sp.poll(&s, &mut h).is_stop(), "may_resign: needs all three losing");
        s.num_losing_edges = 3;
        assert!(sp.poll(&s, &mut h).is_stop());
        let mut s = stats(&[5, 3, 1], 0.0);
        s.win_found = true;
        s.may_resign = true;
        assert_eq!(sp.poll(&s, &mut h).stop, Some(StopReason::ForcedWin));
        let mut off = SmartPruning::new(SmartPruningConfig::with_factor(0.0));
        assert!(!off.poll(&stats(&[5], 0.0), &mut h).is_stop(), "F = 0 disables everything");
    }

    #[test]
    fn nps_hint_and_minimum_batches() {
        let visits = [20_000, 5000];
        let mut s = stats(&visits, 1050.0);
        let mut sp = SmartPruning { cfg: SmartPruningConfig::LC0, first_eval_ms: Some(50.0) };
        let mut h = Hints::reset(s.total_nodes);
        h.remaining_ms = 1000.0;
        h.nps = Some(100_000.0); // 75 188 playouts left: no stop
        assert!(!sp.poll(&s, &mut h).is_stop());
        let cfg = SmartPruningConfig { minimum_batches: 500, ..SmartPruningConfig::LC0 };
        let mut sp = SmartPruning { cfg, first_eval_ms: Some(50.0) };
        let mut h = Hints::reset(s.total_nodes);
        h.remaining_ms = 0.0;
        assert!(!sp.poll(&s, &mut h).is_stop(), "too few batches");
        assert_eq!(h.remaining_playouts, 0.0, "the playouts hint is still published");
        s.batches = 500;
        assert!(sp.poll(&s, &mut h).is_stop());
    }
}
