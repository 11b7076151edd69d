//! The cheap value behind every MCTS leaf: material + piece-square tables (`pst`), a small
//! capture search on top (`qsearch`), and the logistic map from centipawns to Q
//! (`logistic`); `attacks` holds the attack maps the policy shares.
//!
//! This file is the evaluation itself: the sums kept incrementally ([`EvalState`]), tapered
//! between middlegame and endgame by the usual phase count (N, B = 1, R = 2, Q = 4; 24 = all).

use shakmaty::{Board, Color, Role, Square};

mod attacks;
mod logistic;
mod pst;
mod qsearch;

pub(crate) use attacks::{attacked_by, pawn_attacks_of};
#[cfg(test)]
pub(crate) use logistic::ln;
pub(crate) use logistic::{cp_to_q, exp, q_to_cp};
pub(crate) use pst::{ORDER_VALUE, PST, rel, ri};
use pst::{VALUE_EG, VALUE_MG};
pub(crate) use qsearch::QSearch;

/// Phase weight of each role; the full starting material is [`PHASE_MAX`].
static PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// Phase of the starting position.
pub(crate) const PHASE_MAX: i32 = 24;
/// Bonus for the side to move, in centipawns.
const TEMPO: i32 = 10;

/// Game phase, 0 (bare kings and pawns) … [`PHASE_MAX`] (all pieces).
pub(crate) fn phase(board: &Board) -> i32 {
    let mut p = 0;
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        p += PHASE_WEIGHT[ri(role)] * board.by_role(role).count() as i32;
    }
    p.min(PHASE_MAX)
}

/// Taper a (middlegame, endgame) pair by `phase`.
#[inline]
pub(crate) fn taper(mg: i32, eg: i32, phase: i32) -> i32 {
    (mg * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX
}

/// Material + piece-square value of one piece, positive for white: (middlegame, endgame).
#[inline]
fn contribution(color: Color, role: Role, sq: Square) -> (i32, i32) {
    let r = ri(role);
    let (pm, pe) = PST[r][rel(color, sq)];
    let (mg, eg) = (VALUE_MG[r] + pm, VALUE_EG[r] + pe);
    match color {
        Color::White => (mg, eg),
        Color::Black => (-mg, -eg),
    }
}

/// The evaluation's sums, kept incrementally through the capture search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct EvalState {
    /// Middlegame sum, white's point of view.
    mg: i32,
    /// Endgame sum, white's point of view.
    eg: i32,
    /// Phase count (not yet capped at [`PHASE_MAX`]).
    phase: i32,
}

impl EvalState {
    /// The sums of `board`, from scratch.
    pub fn of(board: &Board) -> Self {
        let (mut mg, mut eg, mut phase) = (0, 0, 0);
        for color in Color::ALL {
            for role in Role::ALL {
                let bb = board.by_piece(role.of(color));
                phase += PHASE_WEIGHT[ri(role)] * bb.count() as i32;
                for sq in bb {
                    let (m, e) = contribution(color, role, sq);
                    mg += m;
                    eg += e;
                }
            }
        }
        EvalState { mg, eg, phase }
    }

    /// The score for `stm`, in centipawns.
    #[inline]
    pub fn score(&self, stm: Color) -> i32 {
        let t = taper(self.mg, self.eg, self.phase.min(PHASE_MAX));
        (if stm == Color::White { t } else { -t }) + TEMPO
    }

    /// The sums after `stm` moves `role` from `from` to `to`, capturing `victim`, becoming
    /// `new_role` (different from `role` for a promotion).
    #[inline]
    fn after(
        self,
        stm: Color,
        role: Role,
        new_role: Role,
        from: Square,
        to: Square,
        victim: Option<Role>,
    ) -> Self {
        let mut s = self;
        if let Some(v) = victim {
            let (m, e) = contribution(!stm, v, to);
            s.mg -= m;
            s.eg -= e;
            s.phase -= PHASE_WEIGHT[ri(v)];
        }
        let (m, e) = contribution(stm, role, from);
        s.mg -= m;
        s.eg -= e;
        let (m, e) = contribution(stm, new_role, to);
        s.mg += m;
        s.eg += e;
        s.phase += PHASE_WEIGHT[ri(new_role)] - PHASE_WEIGHT[ri(role)];
        s
    }
}

/// Static evaluation in centipawns from the point of view of `stm`.
#[cfg(test)]
pub(crate) fn evaluate(board: &Board, stm: Color) -> i32 {
    EvalState::of(board).score(stm)
}

#[cfg(test)]
mod tests;
