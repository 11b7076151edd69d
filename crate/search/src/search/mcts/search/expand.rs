//! Adding positions and their edges to the tree; repetition detection.

use shakmaty::{Chess, Move, Position};

use super::super::eval::{QSearch, cp_to_q};
use super::super::moves::PackedMove;
use super::super::params::MctsParams;
use super::super::policy::priors;
use super::super::tree::{Arena, Bound, Edge, NONE};

/// A position just added to the tree.
pub(super) struct Expanded {
    /// Its node ([`NONE`] for a terminal position).
    pub(super) node: u32,
    /// Its proven result (for the side that moved into it).
    pub(super) bound: Bound,
    /// Plies to the end when proven.
    pub(super) end_plies: u8,
    /// Its value for the side that moved into it.
    pub(super) value: f32,
}

/// Add the position `pos` to the tree: a terminal position is valued exactly and gets no node;
/// otherwise an unexpanded node is created and the position valued by the capture search. The
/// root never takes a draw by rule (the game goes on there).
pub(super) fn add_position(
    arena: &mut Arena,
    pos: &Chess,
    hashes: &[u64],
    qsearch: &mut QSearch,
    params: &MctsParams,
    is_root: bool,
) -> Expanded {
    let terminal = if !surely_has_move(pos) && pos.legal_moves().is_empty() {
        Some(if pos.is_check() { Bound::Win } else { Bound::Draw })
    } else if !is_root
        && (pos.halfmoves() >= 100 || pos.is_insufficient_material() || repeated(hashes, pos.halfmoves()))
    {
        Some(Bound::Draw)
    } else {
        None
    };
    if let Some(bound) = terminal {
        return Expanded { node: NONE, bound, end_plies: 1, value: bound.value().unwrap_or(0.0) };
    }
    let node = arena.new_node();
    let cp = qsearch.value(pos.board(), pos.turn(), params.qsearch_nodes);
    Expanded { node, bound: Bound::Unknown, end_plies: 0, value: -cp_to_q(cp, params.value_scale) }
}

/// A cheap sufficient test for "the side to move has a legal move" (not in check, and an
/// unpinned piece with a pseudo-legal move, or a safe king step). `false` means "not sure": the
/// caller then generates the moves. Saves a full move generation for almost every new node.
pub(in crate::search::mcts) fn surely_has_move(pos: &Chess) -> bool {
    use shakmaty::{Bitboard, Role, attacks};
    if pos.is_check() {
        return false;
    }
    let board = pos.board();
    let us = pos.turn();
    let Some(king) = board.king_of(us) else { return false };
    let occ = board.occupied();
    let ours = board.by_color(us);
    let their_sliders = board.by_color(!us) & board.sliders();
    // Not in check: a piece is pinned iff removing it lets a slider see the king.
    let pinned = |sq| (board.attacks_to(king, !us, occ ^ Bitboard::from_square(sq)) & their_sliders).any();
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        let piece = role.of(us);
        for sq in board.by_piece(piece) {
            if (attacks::attacks(sq, piece, occ) & !ours).any() && !pinned(sq) {
                return true;
            }
        }
    }
    let push = if us == shakmaty::Color::White { 8 } else { -8 };
    for sq in board.by_piece(Role::Pawn.of(us)) {
        if let Some(to) = sq.offset(push)
            && !occ.contains(to)
            && !pinned(sq)
        {
            return true;
        }
    }
    let without_king = occ ^ Bitboard::from_square(king);
    (attacks::king_attacks(king) & !ours).into_iter().any(|to| !board.attacks_to(to, !us, without_king).any())
}

/// Write the edges of node `node` (position `pos`, not terminal): its legal moves with their
/// priors, highest prior first (generation order on ties), which `select` relies on.
pub(in crate::search::mcts) fn expand_edges(arena: &mut Arena, node: u32, pos: &Chess, params: &MctsParams) {
    expand_edges_of(arena, node, pos, params, &[]);
}

/// [`expand_edges`] with only the legal moves in `only` (all of them if `only` is empty).
pub(super) fn expand_edges_of(arena: &mut Arena, node: u32, pos: &Chess, params: &MctsParams, only: &[Move]) {
    let mut moves = pos.legal_moves();
    if !only.is_empty() {
        moves.retain(|m| only.contains(m));
    }
    let mut pri = [0u16; 256];
    priors(pos.board(), pos.turn(), &moves, params.policy_temperature, &mut pri);
    let mut order = [0u32; 256];
    let order = &mut order[..moves.len()];
    for (i, o) in order.iter_mut().enumerate() {
        *o = ((u16::MAX - pri[i]) as u32) << 8 | i as u32;
    }
    insertion_sort(order);
    let edges = arena.expand(node, moves.len() as u32);
    for (e, &o) in edges.iter_mut().zip(order.iter()) {
        let i = (o & 0xff) as usize;
        *e = Edge { mv: PackedMove::pack(moves[i]), prior: pri[i] };
    }
}

/// Sort a short slice in place (faster than the library sorts for a few dozen keys).
fn insertion_sort(keys: &mut [u32]) {
    for i in 1..keys.len() {
        let k = keys[i];
        let mut j = i;
        while j > 0 && keys[j - 1] > k {
            keys[j] = keys[j - 1];
            j -= 1;
        }
        keys[j] = k;
    }
}

/// Whether the last position of `hashes` occurred before within the last `halfmoves` plies
/// (twofold repetition, counted as a draw; see the module documentation).
pub(in crate::search::mcts) fn repeated(hashes: &[u64], halfmoves: u32) -> bool {
    let Some((&h, earlier)) = hashes.split_last() else { return false };
    let reach = (halfmoves as usize).min(earlier.len());
    // `earlier[earlier.len() - k]` is the position k plies before the last one.
    (2..=reach).step_by(2).any(|k| earlier[earlier.len() - k] == h)
}
