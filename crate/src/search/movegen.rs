//! Legal captures and queen promotions for quiescence search, generated directly from
//! shakmaty's attack tables instead of filtering the full legal move list (most quiescence nodes
//! would otherwise spend their time generating quiet moves they never search).
//!
//! Only for positions where the side to move is not in check; in check, quiescence search uses
//! [`shakmaty::Position::legal_moves`] (all evasions). Promotions are to a queen only.

use shakmaty::{
    Bitboard, Board, Chess, Color, Move, MoveList, Position, Rank, Role, Square,
    attacks::{aligned, between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks},
};

/// Our pieces that alone stand between our king and an enemy slider (they may only move along
/// that line).
#[inline]
fn pinned(board: &Board, us: Color, king: Square) -> Bitboard {
    let snipers = ((rook_attacks(king, Bitboard(0)) & board.rooks_and_queens())
        | (bishop_attacks(king, Bitboard(0)) & board.bishops_and_queens()))
        & board.by_color(!us);
    let mut pinned = Bitboard(0);
    for sniper in snipers {
        let b = between(king, sniper) & board.occupied();
        if !b.more_than_one() {
            pinned |= b;
        }
    }
    pinned & board.by_color(us)
}

/// Appends the legal captures and queen promotions of `pos` to `moves`.
///
/// `pos` must not be in check (the moves would not all be legal then).
#[inline]
pub fn tactical_moves(pos: &Chess, moves: &mut MoveList) {
    let board = pos.board();
    let us = pos.turn();
    let ours = board.by_color(us);
    let occupied = board.occupied();
    let Some(king) = board.king_of(us) else { return };
    let targets = board.by_color(!us) & !board.kings();
    let pinned = pinned(board, us, king);
    let legal = |from: Square, to: Square| !pinned.contains(from) || aligned(from, to, king);

    let push = |moves: &mut MoveList, role: Role, from: Square, to: Square| {
        moves.push(Move::Normal { role, from, capture: board.role_at(to), to, promotion: None });
    };
    for from in board.knights() & ours & !pinned {
        for to in knight_attacks(from) & targets {
            push(moves, Role::Knight, from, to);
        }
    }
    for from in board.bishops() & ours {
        for to in bishop_attacks(from, occupied) & targets {
            if legal(from, to) {
                push(moves, Role::Bishop, from, to);
            }
        }
    }
    for from in board.rooks() & ours {
        for to in rook_attacks(from, occupied) & targets {
            if legal(from, to) {
                push(moves, Role::Rook, from, to);
            }
        }
    }
    for from in board.queens() & ours {
        for to in (rook_attacks(from, occupied) | bishop_attacks(from, occupied)) & targets {
            if legal(from, to) {
                push(moves, Role::Queen, from, to);
            }
        }
    }
    let without_king = occupied.without(king);
    for to in king_attacks(king) & targets {
        if board.attacks_to(to, !us, without_king).is_empty() {
            push(moves, Role::King, king, to);
        }
    }

    let pawns = board.pawns() & ours;
    let last_rank = Bitboard::from_rank(us.fold_wb(Rank::Eighth, Rank::First));
    for from in pawns {
        for to in pawn_attacks(us, from) & targets {
            if legal(from, to) {
                let promotion = last_rank.contains(to).then_some(Role::Queen);
                moves.push(Move::Normal {
                    role: Role::Pawn,
                    from,
                    capture: board.role_at(to),
                    to,
                    promotion,
                });
            }
        }
    }
    let seventh = Bitboard::from_rank(us.fold_wb(Rank::Seventh, Rank::Second));
    for from in pawns & seventh {
        if let Some(to) = from.offset(us.fold_wb(8, -8))
            && !occupied.contains(to)
            && legal(from, to)
        {
            moves.push(Move::Normal {
                role: Role::Pawn,
                from,
                capture: None,
                to,
                promotion: Some(Role::Queen),
            });
        }
    }
    if let Some(ep) = pos.maybe_ep_square() {
        for from in pawn_attacks(!us, ep) & pawns {
            let captured = Square::from_coords(ep.file(), from.rank());
            let after = occupied.toggled(from).toggled(captured).with(ep);
            if board.attacks_to(king, !us, after).without(captured).is_empty() {
                moves.push(Move::EnPassant { from, to: ep });
            }
        }
    }
}

#[cfg(test)]
mod tests;
