//! The root driver: iterative deepening, aspiration windows and the root move loop.

use shakmaty::{Move, Position};

use super::super::info::{IterationDecision, IterationReport, SearchResult, nps};
use super::super::mate::MATE_BOUND;
use super::super::position::{SearchPosition, pack, uci};
use super::tuning::{ASPIRATION_DELTA, ASPIRATION_MAX_DELTA, ASPIRATION_MIN_DEPTH};
use super::{Completed, INF, MAX_DEPTH, Search, make_stats, move_key, to_score};
use crate::stop::{Iteration, StopReason};

impl Search<'_, '_> {
    pub(super) fn iterate(
        &mut self,
        root: &SearchPosition,
        on_iteration: &mut dyn FnMut(&IterationReport),
    ) -> SearchResult {
        let mut completed: Option<Completed> = None;
        let mut search_again = 0i32;
        let mut increase_depth = true;
        let mut reason = StopReason::Depth;
        self.gov.arm(self.nodes);
        self.next_check = self.gov.next_check();
        for depth in 1..=MAX_DEPTH {
            if depth > 1 && !increase_depth {
                search_again += 1;
            }
            let search_depth = (depth as i32 - 3 * (search_again + 1) / 4).max(1);
            self.iter_changes = 0;
            self.seldepth = 0;
            for rm in &mut self.root_moves {
                rm.iter_nodes = 0;
            }
            let Some(score) = self.aspiration(root, search_depth, completed.as_ref().map(|c| c.score)) else {
                reason = self.stop.unwrap_or(StopReason::HardLimit);
                break;
            };
            let pv: Vec<Move> = self.pv[0][..self.pv_len[0]].iter().flatten().copied().collect();
            let best = self.root_moves[0].mv;
            self.iterations.push(Iteration {
                depth,
                best_move: move_key(best),
                score: to_score(score),
                best_move_changes: self.iter_changes,
            });
            // seldepth: the deepest ply reached, and never below the depth reported: a line cut
            // short by a transposition-table hit or a repetition counts as searched that deep,
            // as does Stockfish's re-search at a reduced depth (`search_depth`).
            let seldepth = (self.seldepth as u32).max(depth);
            completed = Some(Completed { depth, seldepth, score, pv });
            // Order the next iteration: best first, then by nodes spent in this one.
            self.root_moves[1..].sort_by_key(|rm| std::cmp::Reverse(rm.iter_nodes));
            if depth == 1 {
                self.gov.depth_one_done(self.nodes);
            }
            if self.gov.ponderhit_pending() {
                let stats = make_stats(
                    &self.timer,
                    self.nodes,
                    &self.iterations,
                    &self.root_moves,
                    self.gov.pondering(),
                );
                self.gov.apply_ponderhit(&stats);
            }
            let stats =
                make_stats(&self.timer, self.nodes, &self.iterations, &self.root_moves, self.gov.pondering());
            let elapsed_ms = stats.elapsed_ms;
            let decision = self.gov.iteration_done(self.nodes, &stats);
            let c = completed.as_ref().expect("just set");
            on_iteration(&IterationReport {
                depth,
                search_depth: search_depth as u32,
                seldepth: c.seldepth,
                score: to_score(score),
                nodes: self.nodes,
                elapsed_ms,
                nps: nps(self.nodes, elapsed_ms),
                hashfull: self.tt.hashfull(),
                pv: c.pv.iter().map(|&m| uci(m)).collect(),
                best_move_changes: self.iter_changes,
                best_move_nodes: self.root_moves[0].nodes,
                budget: self.gov.budget(),
                decision: IterationDecision { stop: decision.stop, increase_depth: decision.increase_depth },
                limit: self.gov.effective_limit(),
            });
            if let Some(r) = decision.stop {
                reason = r;
                break;
            }
            increase_depth = decision.increase_depth;
            self.next_check = self.gov.next_check();
        }
        let c = completed.unwrap_or_else(|| self.best_of_depth_one(root));
        let best_move = c.pv.first().copied().unwrap_or(self.root_moves[0].mv);
        let ponder_move = c.pv.get(1).copied().or_else(|| self.tt_reply(root, best_move));
        let elapsed_ms = self.timer.elapsed_ms(self.nodes);
        SearchResult {
            best_move,
            best_move_uci: uci(best_move),
            ponder_move,
            ponder_uci: ponder_move.map(uci),
            score: to_score(c.score),
            depth: c.depth,
            seldepth: c.seldepth,
            nodes: self.nodes,
            elapsed_ms,
            stop_reason: reason,
            pv: c.pv.iter().map(|&m| uci(m)).collect(),
            iterations: self.iterations.len() as u32,
        }
    }

    /// A search stopped inside depth 1 plays, as Stockfish does, its best root move searched so
    /// far (depth 1, that move's score); stopped inside the first root move, the first move of
    /// the root ordering (depth 0, the static evaluation).
    fn best_of_depth_one(&self, root: &SearchPosition) -> Completed {
        let pv: Vec<Move> = self.pv[0][..self.pv_len[0]].iter().flatten().copied().collect();
        match pv.first().and_then(|&best| self.root_moves.iter().find(|rm| rm.mv == best)) {
            Some(rm) => Completed { depth: 1, seldepth: (self.seldepth as u32).max(1), score: rm.score, pv },
            None => {
                Completed { depth: 0, seldepth: 0, score: root.evaluate(), pv: vec![self.root_moves[0].mv] }
            }
        }
    }

    /// The transposition table's move in the position after `best`, if it is legal there.
    fn tt_reply(&self, root: &SearchPosition, best: Move) -> Option<Move> {
        let child = root.play(best);
        let mv = self.tt.probe(child.key(), 1)?.mv;
        child.pos().legal_moves().into_iter().find(|&m| pack(m) == mv)
    }

    /// One iteration with an aspiration window around the previous score. `None` if aborted.
    fn aspiration(&mut self, root: &SearchPosition, depth: i32, prev: Option<i32>) -> Option<i32> {
        let mut delta = ASPIRATION_DELTA;
        let (mut alpha, mut beta) = match prev {
            Some(p) if depth >= ASPIRATION_MIN_DEPTH && p.abs() < MATE_BOUND => {
                ((p - delta).max(-INF), (p + delta).min(INF))
            }
            _ => (-INF, INF),
        };
        loop {
            let score = self.search_root(root, depth, alpha, beta)?;
            if score <= alpha && alpha > -INF {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INF);
            } else if score >= beta && beta < INF {
                beta = (score + delta).min(INF);
            } else {
                return Some(score);
            }
            delta += delta / 2;
            if delta > ASPIRATION_MAX_DELTA {
                alpha = -INF;
                beta = INF;
            }
        }
    }

    /// Searches all root moves. Moves the best one to the front. `None` if aborted.
    fn search_root(&mut self, root: &SearchPosition, depth: i32, mut alpha: i32, beta: i32) -> Option<i32> {
        self.pv_len[0] = 0;
        let mut best_score = -INF;
        let mut best_index = 0;
        for i in 0..self.root_moves.len() {
            let m = self.root_moves[i].mv;
            let before = self.nodes;
            let child = root.play(m);
            self.keys.push(child.key());
            let mut score;
            if i == 0 {
                score = -self.negamax(&child, depth - 1, -beta, -alpha, 1, true);
            } else {
                score = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, 1, true);
                if score > alpha && score < beta && self.stop.is_none() {
                    score = -self.negamax(&child, depth - 1, -beta, -alpha, 1, true);
                }
            }
            self.keys.pop();
            let spent = self.nodes - before;
            let rm = &mut self.root_moves[i];
            rm.nodes += spent;
            rm.iter_nodes += spent;
            if self.stop.is_some() {
                return None;
            }
            if i == 0 || score > alpha {
                rm.score = score;
                rm.avg = Some(rm.avg.map_or(score, |a| (a + score) / 2));
                if score > best_score {
                    best_score = score;
                    best_index = i;
                    self.update_pv(0, m);
                }
                if score > alpha {
                    if i > 0 {
                        self.iter_changes += 1;
                    }
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            } else {
                rm.score = -INF;
            }
        }
        self.root_moves[..=best_index].rotate_right(1);
        Some(best_score)
    }

    #[inline]
    pub(super) fn update_pv(&mut self, ply: usize, m: Move) {
        let child_len = self.pv_len[ply + 1];
        self.pv[ply][0] = Some(m);
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply][1..=child_len].copy_from_slice(&tail[0][..child_len]);
        self.pv_len[ply] = child_len + 1;
    }
}
