//! The capture search behind every MCTS leaf: a fail-hard alpha-beta over captures and queen
//! promotions with stand-pat, MVV-LVA ordering and delta pruning, bounded by a node budget. It
//! ignores checks (a side in check may still stand pat): it is a static-exchange estimate, not a
//! tactical search; the tree above it finds mates.

use shakmaty::{Bitboard, Board, Color, Role, Square};

use super::EvalState;
use super::pst::{ORDER_VALUE, ri};

/// Delta pruning margin: a capture that cannot lift the stand-pat score to within this of alpha
/// is skipped.
const DELTA_MARGIN: i32 = 200;
/// Centipawn bound used as ±∞ in the capture search.
pub(crate) const INF: i32 = 30_000;

/// A capture-search move.
#[derive(Clone, Copy)]
struct Tactical {
    from: Square,
    to: Square,
    role: Role,
    /// The captured role, `None` for a quiet promotion.
    victim: Option<Role>,
}

/// Victims in the order the capture search tries them (most valuable first).
const VICTIMS: [Role; 5] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn];

/// The capture search. One instance is reused for every leaf (it holds no allocation).
#[derive(Debug, Default)]
pub(crate) struct QSearch {
    budget: u32,
    /// Nodes searched since creation (for statistics).
    pub nodes: u64,
}

/// What trying one move did.
enum Tried {
    /// Skipped (illegal, or pruned).
    Skipped,
    /// Searched; the new alpha.
    Searched,
    /// Beta cutoff with this score.
    Cutoff(i32),
    /// The node budget is spent.
    OutOfBudget,
}

impl QSearch {
    /// The capture-search value of `board` with `stm` to move, in centipawns from `stm`'s point
    /// of view, searching at most `budget` nodes beyond the root.
    pub fn value(&mut self, board: &Board, stm: Color, budget: u32) -> i32 {
        self.budget = budget;
        self.search(board, EvalState::of(board), stm, -INF, INF)
    }

    /// Moves are generated lazily, most valuable victim first and, for each victim, least
    /// valuable attacker first (MVV-LVA), so a cutoff by the first capture generates nothing
    /// else. Quiet queen promotions come first.
    fn search(&mut self, board: &Board, state: EvalState, stm: Color, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        let stand = state.score(stm);
        if stand >= beta {
            return stand;
        }
        if stand > alpha {
            alpha = stand;
        }
        if self.budget == 0 {
            return alpha;
        }
        let occ = board.occupied();
        let ours = board.by_color(stm);
        let (seventh, push) = match stm {
            Color::White => (Bitboard::from(shakmaty::Rank::Seventh), 8),
            Color::Black => (Bitboard::from(shakmaty::Rank::Second), -8),
        };
        let our_pawns = board.by_piece(Role::Pawn.of(stm));
        for from in our_pawns & seventh {
            if let Some(to) = from.offset(push)
                && !occ.contains(to)
            {
                let t = Tactical { from, to, role: Role::Pawn, victim: None };
                match self.try_move(board, state, stm, t, stand, &mut alpha, beta) {
                    Tried::Cutoff(score) => return score,
                    Tried::OutOfBudget => return alpha,
                    _ => {}
                }
            }
        }
        let promoting = our_pawns & seventh;
        for victim in VICTIMS {
            // Delta pruning for the whole victim class (a capture-promotion may still help).
            if stand + ORDER_VALUE[ri(victim)] + DELTA_MARGIN < alpha && promoting.is_empty() {
                break;
            }
            for to in board.by_piece(victim.of(!stm)) {
                let attackers = board.attacks_to(to, stm, occ) & ours;
                if attackers.is_empty() {
                    continue;
                }
                for role in Role::ALL {
                    for from in attackers & board.by_role(role) {
                        let t = Tactical { from, to, role, victim: Some(victim) };
                        match self.try_move(board, state, stm, t, stand, &mut alpha, beta) {
                            Tried::Cutoff(score) => return score,
                            Tried::OutOfBudget => return alpha,
                            _ => {}
                        }
                    }
                }
            }
        }
        alpha
    }

    /// Search one tactical move if it is legal and not delta-pruned.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn try_move(
        &mut self,
        board: &Board,
        state: EvalState,
        stm: Color,
        t: Tactical,
        stand: i32,
        alpha: &mut i32,
        beta: i32,
    ) -> Tried {
        let promotes =
            t.role == Role::Pawn && matches!(t.to.rank(), shakmaty::Rank::First | shakmaty::Rank::Eighth);
        let gain = t.victim.map_or(0, |v| ORDER_VALUE[ri(v)])
            + if promotes { ORDER_VALUE[ri(Role::Queen)] - ORDER_VALUE[0] } else { 0 };
        if stand + gain + DELTA_MARGIN < *alpha {
            return Tried::Skipped;
        }
        let new_role = if promotes { Role::Queen } else { t.role };
        let mut child = board.clone();
        child.discard_piece_at(t.to);
        child.discard_piece_at(t.from);
        child.set_piece_at(t.to, new_role.of(stm));
        let king = if t.role == Role::King { Some(t.to) } else { board.king_of(stm) };
        if let Some(k) = king
            && child.attacks_to(k, !stm, child.occupied()).any()
        {
            return Tried::Skipped; // illegal: leaves the king in check
        }
        if self.budget == 0 {
            return Tried::OutOfBudget;
        }
        self.budget -= 1;
        let child_state = state.after(stm, t.role, new_role, t.from, t.to, t.victim);
        let score = -self.search(&child, child_state, !stm, -beta, -*alpha);
        if score >= beta {
            return Tried::Cutoff(score);
        }
        if score > *alpha {
            *alpha = score;
        }
        Tried::Searched
    }
}
