//! The stop check after every batch: built-in limits, the caller's stopper, root statistics.

use super::super::tree::Bound;
use super::super::tree::NONE;
use super::select::{best_edge, kid_at};
use super::{MctsSearch, RootSummary};
use crate::stop::{Hints, SearchStats, StopReason, Stopper};

/// The longest PV whose Q values are reported (as the info line's PV).
const PV_Q_MAX: usize = 64;

impl MctsSearch {
    pub(super) fn check(&mut self, stopper: &mut dyn Stopper) -> Option<StopReason> {
        let elapsed = self.go.timer.elapsed_ms(self.playouts);
        self.last_elapsed_ms = elapsed;
        // As lc0: the time since the first batch is read before the start time is first set,
        // so it is 0 at the first poll after the first batch.
        let since_first = self.first_batch_ms.map_or(0.0, |t| (elapsed - t).max(0.0));
        if self.first_batch_ms.is_none() && self.playouts > 0 {
            self.first_batch_ms = Some(elapsed);
        }
        let total = self.tree.head_n();
        if total == 0 {
            return None;
        }
        let summary = self.root_summary();
        let stats = SearchStats {
            elapsed_ms: elapsed,
            since_first_batch_ms: since_first,
            total_nodes: total,
            nodes_this_move: self.playouts,
            batches: self.batches,
            root_visits: &self.root_visits,
            need_more_time: summary.need_more_time,
            win_found: summary.win_found,
            num_losing_edges: summary.num_losing_edges,
            may_resign: summary.may_resign,
            root_moves: self.root_visits.len() as u32,
            pondering: self.go.pondering,
            root_q: &self.root_q,
            root_value: summary.root_value,
            root_value_sd: summary.root_value_sd,
            pv_q: &self.pv_q,
            avg_depth: self.cum_depth as f64 / self.playouts.max(1) as f64,
            ..SearchStats::default()
        };
        let mut hints = Hints::reset(total);
        // Built-in limits come first in the chain, as lc0's playouts/visits stoppers do.
        if let Some(max) = self.go.max_playouts {
            if self.playouts >= max {
                return Some(StopReason::Nodes);
            }
            hints.remaining_playouts = hints.remaining_playouts.min((max - self.playouts) as f64);
        }
        let max = self.visits_limit();
        if total >= max {
            return Some(StopReason::Nodes);
        }
        hints.remaining_playouts = hints.remaining_playouts.min((max - total) as f64);
        let decision = stopper.poll(&stats, &mut hints);
        self.remaining_playouts = hints.remaining_playouts;
        if let Some(reason) = decision.stop {
            return Some(reason);
        }
        if self.go.stop_when_decided && !self.go.pondering {
            let moves = stats.root_moves;
            if moves == 1 || moves <= summary.num_losing_edges + 1 {
                return Some(StopReason::OnlyMove);
            }
            if summary.win_found {
                return Some(StopReason::ForcedWin);
            }
        }
        if self.go.stop_when_full && !self.tree.arena.can_grow(self.params.node_cap) {
            return Some(StopReason::TreeFull);
        }
        None
    }

    /// Fill `root_visits` and compute the root flags of `SearchStats` (spec §0.7, lc0's
    /// `PopulateCommonIterationStats`).
    pub(super) fn root_summary(&mut self) -> RootSummary {
        let arena = &self.tree.arena;
        let root = arena.root;
        let num = arena.node(root).num_edges as usize;
        self.root_visits.clear();
        self.root_visits.resize(num, 0);
        self.root_q.clear();
        self.root_q.resize(num, 0.0);
        let mut s = RootSummary { may_resign: true, ..RootSummary::default() };
        let mut most: Option<(u32, f32)> = None; // (n, q) of the most-visited child
        let mut max_q = f32::NEG_INFINITY;
        for c in arena.kids_of(root) {
            self.root_visits[c.edge as usize] = c.n as u64;
            self.root_q[c.edge as usize] = f64::from(c.q);
            if c.n == 0 {
                continue;
            }
            s.win_found |= c.bound() == Bound::Win;
            s.num_losing_edges += (c.bound() == Bound::Loss) as u32;
            if c.q > self.params.resign_q {
                s.may_resign = false;
            }
            if most.is_none_or(|(n, _)| c.n > n) {
                most = Some((c.n, c.q));
            }
            max_q = max_q.max(c.q);
        }
        // Spec §0.7: the most-visited child is not the one with the highest Q (visited children;
        // the first most-visited child in edge order on ties in N).
        s.need_more_time = most.is_some_and(|(_, q)| max_q > q);
        s.best_edge = best_edge(arena, root);
        // The root's own record holds Q from the view of the side that moved into the root.
        s.root_value = -f64::from(arena.root_kid.q);
        let (n, sum, sq) = self.root_values;
        if n >= 2 {
            let mean = sum / n as f64;
            s.root_value_sd = (sq / n as f64 - mean * mean).max(0.0).sqrt();
        }
        // Q along the PV (the info line's best-edge rule), alternating to the root side's view.
        self.pv_q.clear();
        let mut node = root;
        let mut sign = 1.0;
        while node != NONE && self.pv_q.len() < PV_Q_MAX {
            let Some(e) = best_edge(arena, node) else { break };
            let Some(kid) = kid_at(arena, node, e) else { break };
            if kid.n == 0 {
                break;
            }
            self.pv_q.push(sign * f64::from(kid.q));
            sign = -sign;
            node = kid.node;
        }
        s
    }
}
