//! Quiescence search: captures and queen promotions (evasions in check), with stand pat, delta
//! pruning and SEE pruning.

use std::mem::MaybeUninit;

use shakmaty::{Move, MoveList, Position};

use super::super::movegen::{legal_moves, tactical_moves};
use super::super::ordering::{MovePicker, Scores, see, victim};
use super::super::position::SearchPosition;
use super::tuning::{DELTA_MARGIN, PIECE_VALUE};
use super::{INF, MATE, MAX_PLY, Search};

impl Search<'_, '_> {
    /// Quiescence search: captures and queen promotions (all evasions in check) until the
    /// position is quiet, with the static evaluation as a lower bound ("stand pat") when not
    /// in check.
    ///
    /// Inlined into every caller up to the stand-pat cutoff, which ends most quiescence nodes:
    /// those cost no call (a call is dearer in wasm, where the engine saves no registers
    /// across calls). [`Search::qsearch_moves`] searches the moves.
    #[inline(always)]
    pub(super) fn qsearch(&mut self, sp: &SearchPosition, alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv_len[ply] = 0;
        if self.tick() {
            return 0;
        }
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if ply >= MAX_PLY - 1 {
            return sp.evaluate();
        }
        if sp.is_check() {
            return self.qsearch_moves(sp, alpha, beta, ply, -INF);
        }
        let stand_pat = sp.evaluate();
        if stand_pat >= beta {
            return stand_pat;
        }
        self.qsearch_moves(sp, alpha.max(stand_pat), beta, ply, stand_pat)
    }

    /// [`Search::qsearch`] of the child after `m` (at `ply`, with `beta` the upper bound of its
    /// window) when that search ends at its stand pat, without making the child: `m` is a
    /// normal move that does not give check and the child's static evaluation is at least
    /// `beta`. The node is counted, and the search stopped, as [`Search::qsearch`] would;
    /// `None` (nothing counted) when the child must be searched.
    ///
    /// Most quiescence nodes end at their stand pat; copying the position and playing the move
    /// costs more than the evaluation update and the check test that find them.
    #[inline(always)]
    pub(super) fn stand_pat_leaf(
        &mut self,
        sp: &SearchPosition,
        m: Move,
        beta: i32,
        ply: usize,
    ) -> Option<i32> {
        if ply >= MAX_PLY - 1 {
            return None;
        }
        let stand_pat = sp.child_eval(m);
        if stand_pat < beta || sp.may_give_check(m) {
            return None;
        }
        self.pv_len[ply] = 0;
        if self.tick() {
            return Some(0);
        }
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        Some(stand_pat)
    }

    /// The moves of [`Search::qsearch`]; `stand_pat` is the static evaluation, or `-INF`
    /// in check (every evasion is searched, and no evasion means mate).
    fn qsearch_moves(
        &mut self,
        sp: &SearchPosition,
        alpha: i32,
        beta: i32,
        ply: usize,
        stand_pat: i32,
    ) -> i32 {
        let mut scores = Scores::new();
        if sp.is_check() {
            let mut moves = MoveList::new();
            legal_moves(sp.pos(), true, &mut moves);
            if moves.is_empty() {
                return -MATE + ply as i32;
            }
            let turn = sp.pos().turn();
            let picker = MovePicker::new(&mut moves, &mut scores, 0, [0, 0], turn);
            return self.qsearch_loop::<true>(sp, picker, alpha, beta, ply, stand_pat);
        }
        let mut moves = MoveList::new();
        tactical_moves(sp.pos(), &mut moves);
        let picker = MovePicker::tactical(&mut moves, &mut scores);
        self.qsearch_loop::<false>(sp, picker, alpha, beta, ply, stand_pat)
    }

    /// The move loop of [`Search::qsearch_moves`], once for evasions (`IN_CHECK`, every move
    /// searched, no stand pat) and once for captures (pruned by delta and SEE).
    #[inline(always)]
    fn qsearch_loop<const IN_CHECK: bool>(
        &mut self,
        sp: &SearchPosition,
        mut picker: MovePicker<'_>,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        stand_pat: i32,
    ) -> i32 {
        let in_check = IN_CHECK;
        let mut best_score = if IN_CHECK { -INF } else { stand_pat };
        let mut slot = MaybeUninit::uninit();
        while let Some(m) = picker.next(self.history) {
            if !in_check && m.promotion().is_none() {
                let gain = victim(m).map_or(0, |r| PIECE_VALUE[r as usize]);
                if stand_pat + gain + DELTA_MARGIN <= alpha {
                    continue;
                }
                // Skip captures that lose material (a cheaper victim than the attacker may).
                if gain < PIECE_VALUE[m.role() as usize] && see(sp.pos().board(), m) < 0 {
                    continue;
                }
            }
            let score = match self.stand_pat_leaf(sp, m, -alpha, ply + 1) {
                Some(v) => -v,
                // Quiescence search reads no key.
                None => -self.qsearch(sp.play_into_keyless(m, &mut slot), -beta, -alpha, ply + 1),
            };
            if self.stop.is_some() {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best_score
    }
}
