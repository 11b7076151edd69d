//! The adapter that turns a [`TimeManager`] into a [`Stopper`] for one move: the manager runs
//! first, then (in MCTS) SmartPruning with the hints the manager left (§8), with the ponder and
//! ponderhit semantics of §0.7 and §9.4.
//!
//! The driver (game runner, UCI engine) owns the manager across a game and does, per move:
//!
//! ```
//! use tmlab::stop::Stopper;
//! use tmlab::tm::{MoveContext, MoveEnd, from_spec, stopper::ManagedStopper};
//! let mut tm = from_spec("lc0-legacy").unwrap();
//! tm.new_game();
//! let mut stopper = ManagedStopper::begin(tm.as_mut(), &MoveContext::new(60_000.0, 600.0, 0));
//! assert_eq!(stopper.budget().hard_ms, 4898.0);
//! // … the search runs with `&mut stopper` as its `Stopper` …
//! stopper.finish(&MoveEnd::new(1234.0, 50_000));
//! ```
//!
//! - MCTS statistics (root visits present) get the lc0 chain: no check while the tree is empty,
//!   the manager lowers the time hint, SmartPruning (if the manager has one and is not
//!   pondering) runs last.
//! - Alpha-beta statistics skip SmartPruning; managers designed for MCTS then treat their
//!   deadline as both soft and hard limit.
//! - [`PonderStyle::Restart`] managers (lc0 style) search without limits while pondering; at
//!   ponderhit the adapter calls `begin_move` again with the ponder tree as reused nodes, and
//!   from then on measures elapsed time, playouts and batches from the ponderhit.
//! - [`PonderStyle::Continue`] managers (Stockfish) keep their budget; the searcher reports
//!   `pondering = false` after ponderhit and the manager decides.

use crate::stop::{Budget, Decision, EffectiveLimit, Hints, SearchStats, Stopper};

use super::common::is_mcts;
use super::smart_pruning::SmartPruning;
use super::{MoveContext, MoveEnd, PonderStyle, TimeManager};

/// Offsets subtracted from the statistics after an lc0-style ponderhit.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Rebase {
    elapsed_ms: f64,
    since_first_batch_ms: f64,
    nodes: u64,
    batches: u64,
}

/// A [`ManagedStopper`] parked between slices of a search (see [`ManagedStopper::suspend`]).
pub struct Suspended {
    ctx: MoveContext,
    budget: Budget,
    smart: Option<SmartPruning>,
    base: Rebase,
}

/// A manager acting as the [`Stopper`] of one search.
pub struct ManagedStopper<'a> {
    tm: &'a mut dyn TimeManager,
    ctx: MoveContext,
    budget: Budget,
    smart: Option<SmartPruning>,
    base: Rebase,
}

impl<'a> ManagedStopper<'a> {
    /// Starts a move: calls `begin_move` and sets up SmartPruning for MCTS managers (inactive
    /// while pondering, §8).
    pub fn begin(tm: &'a mut dyn TimeManager, ctx: &MoveContext) -> Self {
        let budget = tm.begin_move(ctx);
        let smart = if ctx.ponder { None } else { tm.smart_pruning().map(SmartPruning::new) };
        ManagedStopper { tm, ctx: *ctx, budget, smart, base: Rebase::default() }
    }

    /// Ends the move: calls `end_move` with the elapsed time measured from the (last)
    /// `begin_move`.
    pub fn finish(self, end: &MoveEnd) {
        let mut end = *end;
        end.elapsed_ms = (end.elapsed_ms - self.base.elapsed_ms).max(0.0);
        self.tm.end_move(&end);
    }

    /// Parks the stopper between slices of a search (the wasm worker's `pump`): everything but
    /// the borrow of the manager, which [`ManagedStopper::resume`] takes again. No manager call.
    pub fn suspend(self) -> Suspended {
        Suspended { ctx: self.ctx, budget: self.budget, smart: self.smart, base: self.base }
    }

    /// Continues a parked stopper with its manager, without calling `begin_move` again.
    pub fn resume(tm: &'a mut dyn TimeManager, parked: Suspended) -> Self {
        ManagedStopper { tm, ctx: parked.ctx, budget: parked.budget, smart: parked.smart, base: parked.base }
    }

    /// The context of the current `begin_move`.
    pub fn context(&self) -> &MoveContext {
        &self.ctx
    }

    /// The statistics as the manager sees them (measured from the last `begin_move`).
    fn rebased<'s>(&self, stats: &SearchStats<'s>) -> SearchStats<'s> {
        if self.base == Rebase::default() {
            return stats.clone();
        }
        let b = self.base;
        SearchStats {
            elapsed_ms: (stats.elapsed_ms - b.elapsed_ms).max(0.0),
            since_first_batch_ms: (stats.since_first_batch_ms - b.since_first_batch_ms).max(0.0),
            nodes_this_move: stats.nodes_this_move.saturating_sub(b.nodes),
            batches: stats.batches.saturating_sub(b.batches),
            ..stats.clone()
        }
    }
}

impl Stopper for ManagedStopper<'_> {
    fn check_interval(&self) -> u64 {
        self.tm.check_interval().max(1)
    }

    fn poll(&mut self, stats: &SearchStats, hints: &mut Hints) -> Decision {
        let mcts = is_mcts(stats);
        if mcts && stats.total_nodes == 0 {
            return Decision::CONTINUE; // MCTS always evaluates at least one batch
        }
        let s = self.rebased(stats);
        let d = self.tm.poll(&s, hints);
        if d.is_stop() {
            return d;
        }
        if mcts
            && !s.pondering
            && let Some(sp) = &mut self.smart
        {
            let d2 = sp.poll(&s, hints);
            if d2.is_stop() {
                return d2;
            }
        }
        d
    }

    fn iteration_done(&mut self, stats: &SearchStats) -> Decision {
        let s = self.rebased(stats);
        self.tm.iteration_done(&s)
    }

    fn budget(&self) -> &Budget {
        &self.budget
    }

    fn ponderhit(&mut self, stats: &SearchStats) {
        if !self.ctx.ponder || self.tm.ponder_style() != PonderStyle::Restart {
            return;
        }
        let mut ctx = self.ctx;
        ctx.ponder = false;
        ctx.reused_nodes = stats.total_nodes;
        self.budget = self.tm.begin_move(&ctx);
        self.smart = self.tm.smart_pruning().map(SmartPruning::new);
        self.base = Rebase {
            elapsed_ms: stats.elapsed_ms,
            since_first_batch_ms: stats.since_first_batch_ms,
            nodes: stats.nodes_this_move,
            batches: stats.batches,
        };
        self.ctx = ctx;
    }

    fn effective_limit(&self) -> Option<EffectiveLimit> {
        Some(self.tm.effective_limit(&self.budget))
    }

    fn resign_q(&self) -> f64 {
        self.tm.smart_pruning().map_or(crate::stop::DEFAULT_RESIGN_Q, |c| c.resign_q)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stop::{Iteration, Score, StopReason};
    use crate::tm::from_spec;

    fn mcts<'a>(elapsed: f64, nodes: u64, visits: &'a [u64]) -> SearchStats<'a> {
        SearchStats {
            elapsed_ms: elapsed,
            since_first_batch_ms: elapsed,
            nodes_this_move: nodes,
            total_nodes: nodes,
            batches: nodes / 10,
            root_visits: visits,
            ..Default::default()
        }
    }

    #[test]
    fn lc0_chain_runs_the_manager_then_smart_pruning() {
        let mut tm = from_spec("lc0-legacy").unwrap();
        tm.new_game();
        let mut st = ManagedStopper::begin(tm.as_mut(), &MoveContext::new(60_000.0, 600.0, 0));
        assert_eq!(st.budget().hard_ms, 4898.0);
        let visits = [0, 0, 0];
        let mut h = Hints::reset(0);
        assert!(!st.poll(&mcts(100.0, 0, &visits), &mut h).is_stop(), "no check before the first batch");
        // First evaluation, then a huge lead with little time left: SmartPruning stops.
        let v1 = [60, 30, 10];
        let mut h = Hints::reset(100);
        assert!(!st.poll(&mcts(100.0, 100, &v1), &mut h).is_stop());
        assert_eq!(h.remaining_ms, 4898.0 - 100.0, "the manager lowered the time hint");
        let v2 = [90_000, 100, 10];
        let mut h = Hints::reset(90_110);
        let d = st.poll(&mcts(4800.0, 90_110, &v2), &mut h);
        assert_eq!(d.stop, Some(StopReason::SmartPruning));
        let mut h = Hints::reset(90_110);
        let d = st.poll(&mcts(4898.0, 90_110, &v2), &mut h);
        assert_eq!(d.stop, Some(StopReason::Deadline), "the manager stops first at its deadline");
        st.finish(&MoveEnd::new(4800.0, 90_110));
        assert_eq!(tm.state().iter().find(|t| t.name == "spared").unwrap().value, 98.0);
    }

    #[test]
    fn lc0_managers_under_alpha_beta_use_the_deadline_as_both_limits() {
        let mut tm = from_spec("lc0-smooth(preset=lc0)").unwrap();
        let mut st = ManagedStopper::begin(tm.as_mut(), &MoveContext::new(60_000.0, 1000.0, 0));
        let its = [Iteration { depth: 1, best_move: 1, score: Score::Cp(0), best_move_changes: 0 }];
        let s = |e: f64| SearchStats { elapsed_ms: e, iterations: &its, ..Default::default() };
        assert!(!st.iteration_done(&s(5712.0)).is_stop());
        assert!(st.iteration_done(&s(5713.0)).is_stop());
        let mut h = Hints::reset(0);
        assert!(st.poll(&s(5713.0), &mut h).is_stop(), "not the bank-extended 10789");
    }

    #[test]
    fn lc0_ponder_is_unlimited_then_restarts_at_ponderhit() {
        let mut tm = from_spec("lc0-legacy").unwrap();
        let ctx = MoveContext { ponder: true, ..MoveContext::new(60_000.0, 600.0, 0) };
        let mut st = ManagedStopper::begin(tm.as_mut(), &ctx);
        assert_eq!(st.budget().hard_ms, f64::INFINITY);
        let v = [100_000, 10];
        let mut h = Hints::reset(100_010);
        assert!(!st.poll(&mcts(50_000.0, 100_010, &v), &mut h).is_stop(), "no SmartPruning while pondering");
        st.ponderhit(&mcts(50_000.0, 100_010, &v));
        assert_eq!(st.context().reused_nodes, 100_010);
        assert_eq!(st.budget().hard_ms, 4898.0, "a fresh budget at ponderhit");
        let mut h = Hints::reset(100_010);
        let at = SearchStats { root_visits: &[], ..mcts(50_000.0 + 4897.0, 100_010, &v) };
        assert!(!st.poll(&at, &mut h).is_stop(), "elapsed counts from ponderhit");
        let at = SearchStats { root_visits: &[], ..mcts(50_000.0 + 4898.0, 100_010, &v) };
        assert!(st.poll(&at, &mut h).is_stop());
        st.finish(&MoveEnd::new(50_000.0 + 4000.0, 0));
        assert_eq!(tm.state().iter().find(|t| t.name == "spared").unwrap().value, 898.0);
    }

    #[test]
    fn stockfish_keeps_its_budget_through_ponderhit() {
        let mut tm = from_spec("stockfish").unwrap();
        let ctx = MoveContext { ponder: true, ..MoveContext::new(60_600.0, 600.0, 0) };
        let mut st = ManagedStopper::begin(tm.as_mut(), &ctx);
        assert_eq!(st.budget().hard_ms, 13_587.0);
        let s = SearchStats { elapsed_ms: 20_000.0, pondering: true, ..Default::default() };
        let mut h = Hints::reset(0);
        assert!(!st.poll(&s, &mut h).is_stop());
        st.ponderhit(&s);
        assert_eq!(st.budget().hard_ms, 13_587.0);
        let s = SearchStats { pondering: false, ..s };
        assert_eq!(st.poll(&s, &mut h).stop, Some(StopReason::HardLimit), "elapsed counts from go");
        assert_eq!(st.check_interval(), 512);
    }
}
