//! The cheap policy: a softmax over move-ordering features.
//!
//! Each legal move gets a score in centipawns from features an alpha-beta engine would use to
//! order moves, and the priors are `softmax(score / (100 · temperature))`:
//! - captures: the victim's value, minus the attacker's value when the target square is attacked
//!   (a one-step exchange estimate, i.e. MVV-LVA with a defended-square test);
//! - promotions: the promoted piece's value minus a pawn;
//! - direct checks: [`CHECK_BONUS`] (discovered checks are not detected);
//! - piece-square gain: the tapered table value of the target square minus that of the origin;
//! - safety: a quiet move onto a square attacked by an enemy pawn loses the piece's value minus a
//!   pawn; onto an attacked square no other piece of ours defends, it loses the piece's value;
//! - escapes: moving a piece away from such a threat earns [`ESCAPE_SHARE`] of its value;
//! - castling: [`CASTLE_BONUS`] on top of the king's table gain.

use shakmaty::{Bitboard, Board, CastlingSide, Color, Move, Role, Square, attacks};

use super::eval::{ORDER_VALUE, PST, attacked_by, exp, pawn_attacks_of, phase, rel, ri, taper};

/// Score of a move that gives a direct check, in centipawns.
const CHECK_BONUS: i32 = 60;
/// Score of castling on top of the king's piece-square gain.
const CASTLE_BONUS: i32 = 30;
/// Share of a threatened piece's value earned by moving it away.
const ESCAPE_SHARE: i32 = 2; // value / ESCAPE_SHARE
/// Centipawns per softmax unit at temperature 1.
const CP_PER_LOGIT: f32 = 100.0;
/// Largest quantised prior (priors are stored as `p · PRIOR_ONE` in 16 bits).
pub(crate) const PRIOR_ONE: f32 = 65535.0;

/// What every move of one position shares: attack maps and checking squares.
struct Context {
    stm: Color,
    phase: i32,
    enemy_attacks: Bitboard,
    enemy_pawn_attacks: Bitboard,
    /// Our pieces (king excluded) that are attacked by an enemy pawn (pawns excluded) or
    /// attacked and undefended: moving them away is an escape.
    threatened: Bitboard,
    /// Squares from which a piece of each role gives check, by role index.
    check_squares: [Bitboard; 6],
}

impl Context {
    fn new(board: &Board, stm: Color) -> Self {
        let occ = board.occupied();
        let enemy_pawn_attacks = pawn_attacks_of(board, !stm);
        let mut check_squares = [Bitboard::EMPTY; 6];
        if let Some(k) = board.king_of(!stm) {
            let diag = attacks::bishop_attacks(k, occ);
            let line = attacks::rook_attacks(k, occ);
            check_squares = [
                attacks::pawn_attacks(!stm, k),
                attacks::knight_attacks(k),
                diag,
                line,
                diag | line,
                Bitboard::EMPTY,
            ];
        }
        let enemy_attacks = attacked_by(board, !stm);
        let mut threatened = Bitboard::EMPTY;
        for sq in enemy_attacks & board.by_color(stm) & !board.kings() {
            let pawn_hit = enemy_pawn_attacks.contains(sq) && !board.pawns().contains(sq);
            if pawn_hit || !board.attacks_to(sq, stm, occ).any() {
                threatened |= Bitboard::from_square(sq);
            }
        }
        Context { stm, phase: phase(board), enemy_attacks, enemy_pawn_attacks, threatened, check_squares }
    }

    fn pst(&self, role: Role, sq: Square) -> i32 {
        let (mg, eg) = PST[ri(role)][rel(self.stm, sq)];
        taper(mg, eg, self.phase)
    }

    /// The move's ordering score in centipawns.
    fn score(&self, board: &Board, m: Move) -> i32 {
        if let Move::Castle { king, rook } = m {
            let side = CastlingSide::from_king_side(king < rook);
            let to = Square::from_coords(side.king_to_file(), king.rank());
            return CASTLE_BONUS + self.pst(Role::King, to) - self.pst(Role::King, king);
        }
        let (Some(from), to, role) = (m.from(), m.to(), m.role()) else { return 0 };
        let new_role = m.promotion().unwrap_or(role);
        let mut s = self.pst(new_role, to) - self.pst(role, from);
        let value = ORDER_VALUE[ri(role)];
        if let Some(victim) = m.capture() {
            s += ORDER_VALUE[ri(victim)];
            if self.enemy_attacks.contains(to) {
                s -= value;
            }
        } else if role != Role::King {
            if self.enemy_pawn_attacks.contains(to) && role != Role::Pawn {
                s -= value - ORDER_VALUE[0];
            } else if self.enemy_attacks.contains(to) && !defended_by_others(board, self.stm, from, to) {
                s -= value;
            }
        }
        if self.threatened.contains(from) {
            s += value / ESCAPE_SHARE;
        }
        if let Some(p) = m.promotion() {
            s += ORDER_VALUE[ri(p)] - ORDER_VALUE[0];
        }
        if self.check_squares[ri(new_role)].contains(to) {
            s += CHECK_BONUS;
        }
        s
    }
}

/// Whether a piece of `stm` other than the one on `from` defends `to` once that piece has left.
fn defended_by_others(board: &Board, stm: Color, from: Square, to: Square) -> bool {
    let from_bb = Bitboard::from_square(from);
    (board.attacks_to(to, stm, board.occupied() ^ from_bb) & !from_bb).any()
}

/// Priors of `moves` (legal in the position with `board` and `stm` to move), quantised to 16 bits
/// and written to `out[..moves.len()]`. Every prior is at least 1 (of [`PRIOR_ONE`]).
pub(crate) fn priors(board: &Board, stm: Color, moves: &[Move], temperature: f32, out: &mut [u16]) {
    let ctx = Context::new(board, stm);
    let mut logits = [0f32; 256];
    let logits = &mut logits[..moves.len()];
    let scale = 1.0 / (CP_PER_LOGIT * temperature);
    let mut max = f32::NEG_INFINITY;
    // Zipped (no bounds check per move), and the maximum by a comparison: a logit is never NaN,
    // and `f32::max` costs a NaN test per move (in wasm, a branch more).
    for (l, &m) in logits.iter_mut().zip(moves) {
        *l = ctx.score(board, m) as f32 * scale;
        if *l > max {
            max = *l;
        }
    }
    let mut sum = 0.0;
    for l in logits.iter_mut() {
        *l = exp(*l - max);
        sum += *l;
    }
    let norm = PRIOR_ONE / sum;
    for (o, l) in out.iter_mut().zip(logits.iter()) {
        *o = round_prior(l * norm).max(1);
    }
}

/// `x.round() as u16` for `0 ≤ x` (half away from zero, saturating), without the `roundf` call
/// that `f32::round` is in wasm and natively: the integer part by a truncating conversion, then
/// the fraction (exact: `x < 2^24`) decides.
#[inline]
fn round_prior(x: f32) -> u16 {
    let i = x as u32;
    let r = i.saturating_add(u32::from(x - i as f32 >= 0.5));
    r.min(u16::MAX as u32) as u16
}

#[cfg(test)]
mod tests;
