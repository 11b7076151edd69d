//! The negamax node: draws, check extension, TT cutoffs, pruning (null move, reverse futility,
//! late move reductions) and the PVS move loop.

use std::mem::MaybeUninit;

use shakmaty::{MoveList, Position};

use super::super::mate::MATE_BOUND;
use super::super::movegen::legal_moves;
use super::super::ordering::{MovePicker, Scores, victim};
use super::super::position::{SearchPosition, pack, unpack_in};
use super::super::tt::Bound;
use super::tuning::*;
use super::{INF, MATE, MAX_PLY, Search};

impl Search<'_, '_> {
    /// Whether the current node (key last on the stack) repeats an earlier position within the
    /// reversible moves, or is drawn by the fifty-move rule or insufficient material.
    #[inline]
    fn is_draw(&self, sp: &SearchPosition) -> bool {
        let pos = sp.pos();
        let halfmoves = pos.halfmoves() as usize;
        if halfmoves >= 100 {
            return !(sp.is_check() && pos.legal_moves().is_empty());
        }
        let n = self.keys.len();
        let key = sp.key();
        // Positions with the same side to move, back to the last irreversible move.
        let oldest = n.saturating_sub(halfmoves + 1);
        let mut i = n - 1;
        while i >= oldest + 2 {
            i -= 2;
            if self.keys[i] == key {
                return true;
            }
        }
        let board = pos.board();
        board.occupied().count() <= 3 && (board.pawns() | board.rooks_and_queens()).is_empty()
    }

    /// Searches `sp` to `depth` (extended by one ply in check): quiescence search at the
    /// horizon, [`Search::node`] above it.
    ///
    /// Inlined into every caller, so a move at the horizon costs one call (to `qsearch`), not
    /// two: a call is dearer in wasm, where the engine saves no registers across calls.
    #[inline(always)]
    pub(super) fn negamax(
        &mut self,
        sp: &SearchPosition,
        mut depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        null_ok: bool,
    ) -> i32 {
        if sp.is_check() && ply < MAX_PLY / 2 {
            depth += 1;
        }
        if depth <= 0 {
            return self.qsearch(sp, alpha, beta, ply);
        }
        self.node(sp, depth, alpha, beta, ply, null_ok)
    }

    /// A full-width node (`depth` ≥ 1, extensions applied): TT cutoffs, pruning, and the
    /// move loop.
    fn node(
        &mut self,
        sp: &SearchPosition,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        null_ok: bool,
    ) -> i32 {
        let in_check = sp.is_check();
        self.pv_len[ply] = 0;
        if self.tick() {
            return 0;
        }
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if self.is_draw(sp) {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return sp.evaluate();
        }
        // Mate distance pruning: no score here can beat a mate already found nearer the root.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let pv_node = beta - alpha > 1;
        let key = sp.key();
        let hit = self.tt.probe(key, ply);
        let tt_move = hit.map_or(0, |h| h.mv);
        if let Some(h) = hit
            && !pv_node
            && h.depth >= depth
            && match h.bound {
                Bound::Exact => true,
                Bound::Lower => h.score >= beta,
                Bound::Upper => h.score <= alpha,
            }
        {
            return h.score;
        }
        let static_eval = if in_check { -INF } else { sp.evaluate() };
        if !pv_node && !in_check && beta.abs() < MATE_BOUND {
            if depth <= RFP_MAX_DEPTH && static_eval - RFP_MARGIN * depth >= beta {
                return static_eval;
            }
            if null_ok
                && depth >= NULL_MIN_DEPTH
                && static_eval >= beta
                && sp.has_non_pawn_material()
                && let Some(null) = sp.play_null()
            {
                let r = NULL_BASE_R + depth / NULL_DEPTH_DIV;
                self.keys.push(null.key());
                let score = -self.negamax(&null, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
                self.keys.pop();
                if self.stop.is_some() {
                    return 0;
                }
                if score >= beta {
                    return if score >= MATE_BOUND { beta } else { score };
                }
            }
        }
        // A legal table move is searched before the node's moves are generated: when it cuts
        // off, they never are. The picker generates them after it, in the order it would have
        // given them with the table move in front, so the search is the same move for move.
        let tt_first = if tt_move != 0 { unpack_in(sp.pos(), in_check, tt_move) } else { None };
        let mut moves = MoveList::new();
        if tt_first.is_none() {
            legal_moves(sp.pos(), in_check, &mut moves);
        }
        if tt_first.is_none() && moves.is_empty() {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        let turn = sp.pos().turn();
        let killers = self.killers[ply];
        let mut scores = Scores::new();
        let mut picker = match tt_first {
            Some(_) => MovePicker::new(&mut moves, &mut scores, 0, killers, turn).after_tt_move(tt_move),
            None => MovePicker::new(&mut moves, &mut scores, tt_move, killers, turn),
        };
        let mut first = tt_first;
        let original_alpha = alpha;
        let mut best_score = -INF;
        let mut best_move = 0u16;
        let mut quiets: arrayvec::ArrayVec<u16, MAX_QUIETS> = arrayvec::ArrayVec::new();
        let mut index = 0;
        let mut slot = MaybeUninit::uninit();
        loop {
            let m = match first.take() {
                Some(m) => m,
                None => {
                    if picker.needs_fill() {
                        picker.fill(sp.pos(), in_check);
                    }
                    let Some(m) = picker.next(self.history) else { break };
                    m
                }
            };
            let key_m = pack(m);
            let quiet = victim(m).is_none() && !m.is_promotion();
            let new_depth = depth - 1;
            const { assert!(LMR_MIN_DEPTH > 1, "depth-1 children are searched unreduced") };
            // At depth 1 a child not in check is searched by quiescence search alone, once
            // with its upper bound at −alpha (no reduction applies there, no check extension,
            // and a child that stands pat scores at most alpha: no re-search).
            let leaf = if depth == 1 { self.stand_pat_leaf(sp, m, -alpha, ply + 1) } else { None };
            let score = if let Some(v) = leaf {
                -v
            } else {
                // Quiescence search reads no key, nor the key stack: a child at depth 1 not in
                // check gets no key, no prefetch of its table line, no place on the stack.
                let child = if depth > 1 {
                    sp.play_into(m, &mut slot)
                } else {
                    sp.play_into_unless_quiet(m, &mut slot)
                };
                let keyed = depth > 1 || child.is_check();
                if keyed {
                    self.tt.prefetch(child.key());
                    self.keys.push(child.key());
                }
                let mut score;
                if index == 0 {
                    score = -self.negamax(child, new_depth, -beta, -alpha, ply + 1, true);
                } else {
                    let mut r = 0;
                    if depth >= LMR_MIN_DEPTH && index >= LMR_MIN_MOVE && quiet && !in_check {
                        r = LMR[depth.min(63) as usize][index.min(63)] as i32;
                        if pv_node {
                            r -= 1;
                        }
                        if key_m == killers[0] || key_m == killers[1] {
                            r -= 1;
                        }
                        if child.is_check() {
                            r -= 1;
                        }
                        r = r.clamp(0, new_depth - 1);
                    }
                    score = -self.negamax(child, new_depth - r, -alpha - 1, -alpha, ply + 1, true);
                    // No re-search once the search is stopped: the 0 an aborted child returns can
                    // look like a fail-high, and a re-search would count nodes past the limit.
                    if score > alpha && r > 0 && self.stop.is_none() {
                        score = -self.negamax(child, new_depth, -alpha - 1, -alpha, ply + 1, true);
                    }
                    if score > alpha && score < beta && self.stop.is_none() {
                        score = -self.negamax(child, new_depth, -beta, -alpha, ply + 1, true);
                    }
                }
                if keyed {
                    self.keys.pop();
                }
                score
            };
            if self.stop.is_some() {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = key_m;
                    alpha = score;
                    if pv_node {
                        self.update_pv(ply, m);
                    }
                    if score >= beta {
                        if quiet {
                            let k = &mut self.killers[ply];
                            if k[0] != key_m {
                                k[1] = k[0];
                                k[0] = key_m;
                            }
                            let bonus = depth * depth;
                            self.history.update(turn, key_m, bonus);
                            for &q in &quiets {
                                self.history.update(turn, q, -bonus);
                            }
                        }
                        break;
                    }
                }
            }
            if quiet && !quiets.is_full() {
                quiets.push(key_m);
            }
            index += 1;
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(key, ply, best_move, best_score, static_eval, depth, bound);
        best_score
    }
}
