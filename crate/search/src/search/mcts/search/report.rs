//! Results, info lines and visit-race telemetry.

use shakmaty::Position;

use super::super::eval::q_to_cp;
use super::super::policy::PRIOR_ONE;
use super::super::telemetry::{InfoLine, VisitSnapshot};
use super::super::tree::{Bound, Kid, NONE};
use super::select::{best_edge, kid_at};
use super::{InfoState, MctsSearch, Progress, RootMove, SearchResult};
use crate::stop::{Score, StopReason};

/// lc0 prints an info line at least this often even when nothing changed (ms).
const INFO_MAX_SILENCE_MS: f64 = 5000.0;

impl MctsSearch {
    pub(super) fn finish(&mut self, reason: StopReason, on_info: &mut dyn FnMut(&InfoLine)) -> Progress {
        self.last_elapsed_ms = self.go.timer.elapsed_ms(self.playouts);
        self.record_final_snapshot();
        let line = self.info_line();
        on_info(&line);
        let result = self.build_result(reason);
        self.result = Some(result.clone());
        Progress::Done(result)
    }

    fn since_first_batch(&self) -> f64 {
        self.first_batch_ms.map_or(0.0, |t| (self.last_elapsed_ms - t).max(0.0))
    }

    fn nps(&self) -> Option<f64> {
        let t = self.since_first_batch();
        (t > 0.0).then(|| self.playouts as f64 * 1000.0 / t)
    }

    fn avg_depth(&self) -> u32 {
        (self.cum_depth / self.playouts.max(1)) as u32
    }

    /// Score of the root child `c` from the side to move's point of view.
    fn score_of(&self, c: &Kid) -> Score {
        match c.bound() {
            Bound::Win => Score::MateIn(c.end_plies() as u32),
            Bound::Loss => Score::MatedIn(c.end_plies() as u32),
            Bound::Draw => Score::Cp(0),
            Bound::Unknown => Score::Cp(q_to_cp(c.q, self.params.value_scale)),
        }
    }

    /// Moves along the best path from the root, in UCI notation.
    fn pv(&self) -> Vec<String> {
        let arena = &self.tree.arena;
        let mut pos = self.tree.root_position().clone();
        let mut out = Vec::new();
        let mut node = arena.root;
        while node != NONE {
            let Some(e) = best_edge(arena, node) else { break };
            let pm = arena.edges_of(node)[e].mv;
            out.push(pm.to_uci(pos.board()));
            let Some(kid) = kid_at(arena, node, e) else { break };
            if out.len() >= 64 {
                break;
            }
            pos.play_unchecked(pm.unpack(pos.board()));
            node = kid.node;
        }
        out
    }

    fn info_line(&self) -> InfoLine {
        let arena = &self.tree.arena;
        let root = arena.root;
        let score = best_edge(arena, root)
            .and_then(|e| kid_at(arena, root, e))
            .map_or(Score::Cp(0), |k| self.score_of(&k));
        InfoLine {
            depth: self.avg_depth(),
            seldepth: self.max_depth,
            time_ms: self.last_elapsed_ms as u64,
            nodes: self.tree.head_n(),
            nps: self.nps().map(|n| n as u64),
            score,
            hashfull: arena.fill_per_mille(self.params.node_cap),
            pv: self.pv(),
        }
    }

    pub(super) fn maybe_info(&mut self, on_info: &mut dyn FnMut(&InfoLine)) {
        let best = best_edge(&self.tree.arena, self.tree.arena.root);
        let (depth, seldepth, now) = (self.avg_depth(), self.max_depth, self.last_elapsed_ms);
        let i = &self.info;
        if i.sent
            && best == i.last_best
            && depth == i.last_depth
            && seldepth == i.last_seldepth
            && now < i.last_time_ms + INFO_MAX_SILENCE_MS
        {
            return;
        }
        self.info = InfoState {
            last_best: best,
            last_depth: depth,
            last_seldepth: seldepth,
            last_time_ms: now,
            sent: true,
        };
        let line = self.info_line();
        on_info(&line);
    }

    fn snapshot(&self) -> VisitSnapshot {
        VisitSnapshot {
            elapsed_ms: self.last_elapsed_ms,
            playouts: self.playouts,
            visits: self.root_visits.iter().map(|&v| v.min(u32::MAX as u64) as u32).collect(),
            pondering: self.go.pondering,
        }
    }

    fn ensure_race_moves(&mut self) {
        if self.race.moves.is_empty() && self.tree.arena.root != NONE {
            let board = self.tree.root_position().board().clone();
            self.race.moves =
                self.tree.arena.edges_of(self.tree.arena.root).iter().map(|e| e.mv.to_uci(&board)).collect();
        }
    }

    pub(super) fn record_snapshot(&mut self) {
        let ponder_switch = self.race.snapshots.last().is_some_and(|s| s.pondering != self.go.pondering);
        if self.race.due(self.last_elapsed_ms) || ponder_switch {
            self.ensure_race_moves();
            let snap = self.snapshot();
            self.race.push(snap);
        }
    }

    fn record_final_snapshot(&mut self) {
        if self.tree.arena.root == NONE {
            return;
        }
        self.root_summary();
        self.ensure_race_moves();
        let snap = self.snapshot();
        if self.race.snapshots.last() != Some(&snap) {
            self.race.push(snap);
        }
    }

    fn build_result(&mut self, reason: StopReason) -> SearchResult {
        self.root_summary();
        let arena = &self.tree.arena;
        let root = arena.root;
        let board = self.tree.root_position().board();
        let edges = arena.edges_of(root);
        let mut root_moves: Vec<RootMove> = edges
            .iter()
            .map(|e| RootMove {
                uci: e.mv.to_uci(board),
                visits: 0,
                q: None,
                prior: e.prior as f32 / PRIOR_ONE,
                bound: Bound::Unknown,
            })
            .collect();
        for c in arena.kids_of(root) {
            let rm = &mut root_moves[c.edge as usize];
            rm.visits = c.n as u64;
            rm.q = (c.n > 0).then_some(c.q);
            rm.bound = c.bound();
        }
        let best_e = best_edge(arena, root).unwrap_or(0);
        let best_pm = edges[best_e].mv;
        let (score, q) = match kid_at(arena, root, best_e) {
            None => (Score::Cp(0), 0.0),
            Some(k) => (self.score_of(&k), k.q),
        };
        let pv = self.pv();
        SearchResult {
            best: best_pm.unpack(board),
            best_move: root_moves[best_e].uci.clone(),
            ponder_move: pv.get(1).cloned(),
            score,
            q,
            reason,
            playouts: self.playouts,
            total_nodes: self.tree.head_n(),
            head_n: self.head_n,
            batches: self.batches,
            elapsed_ms: self.last_elapsed_ms,
            since_first_batch_ms: self.since_first_batch(),
            nps: self.nps(),
            depth: self.avg_depth(),
            seldepth: self.max_depth,
            root: root_moves,
            pv,
            tree_nodes: self.tree.node_count(),
            tree_full: !self.tree.arena.can_grow(self.params.node_cap),
        }
    }
}
