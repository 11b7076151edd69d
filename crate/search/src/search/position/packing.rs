//! Moves as the search stores them: packed into 16 bits for the transposition table, killers
//! and history ([`pack`]), and written in UCI notation ([`uci`]).

use shakmaty::{
    Bitboard, CastlingMode, Chess, Move, Position, Rank, Role, Square,
    attacks::{
        aligned, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, ray, rook_attacks,
    },
};

/// A move packed into 16 bits: from (6 bits), to (6 bits), promotion role (3 bits). Castling is
/// packed as king square → rook square. 0 means "no move" (a1a1 is never a move).
///
/// Normal moves are packed inline; the other kinds out of line, so the common case is one test
/// of the move's kind rather than a jump through a table (move ordering packs every move).
#[inline(always)]
pub fn pack(m: Move) -> u16 {
    if let Move::Normal { from, to, promotion, .. } = m {
        return pack_fields(from, to, promotion);
    }
    pack_special(m)
}

/// The 16-bit layout of [`pack`]: from, to and a role (a promotion, or a drop's piece).
#[inline(always)]
fn pack_fields(from: Square, to: Square, role: Option<Role>) -> u16 {
    from as u16 | (to as u16) << 6 | role.map_or(0, |r| r as u16) << 12
}

/// [`pack`] for en passant, castling and drops, out of line. Written with shakmaty's accessors,
/// so it has no case per kind and packs every kind the way [`pack`] does: castling's `to` is the
/// rook square, a drop packs its square as both from and to with the dropped role.
#[inline(never)]
pub(super) fn pack_special(m: Move) -> u16 {
    let to = m.to();
    let role = if m.is_put() { Some(m.role()) } else { m.promotion() };
    pack_fields(m.from().unwrap_or(to), to, role)
}

/// The legal move of `pos` that [`pack`]s to `key`, or `None` if no legal move does (`key` 0,
/// a move of another position: a table entry of a colliding key).
///
/// The inverse of [`pack`] on the legal moves of `pos`: the move is rebuilt from the board
/// (mover, victim, castling as king → own rook, en passant as a pawn's diagonal step to the en
/// passant square) and checked: a normal move out of check from its piece's reach and the pin
/// through its square, any other by shakmaty's `is_legal` (which generates only the moves of
/// that piece kind to that square). The search tries its table move with it before generating
/// every move of the node (through [`unpack_in`], which knows the check).
pub fn unpack(pos: &Chess, key: u16) -> Option<Move> {
    unpack_in(pos, pos.is_check(), key)
}

/// [`unpack`] where `in_check` is whether the side to move of `pos` is in check. A normal move
/// out of check is checked here, from its piece's attacks and the pin through its square;
/// the other moves by shakmaty's `is_legal`.
#[inline]
pub fn unpack_in(pos: &Chess, in_check: bool, key: u16) -> Option<Move> {
    let from = Square::new(u32::from(key & 63));
    let to = Square::new(u32::from((key >> 6) & 63));
    let board = pos.board();
    let ours = board.by_color(pos.turn());
    if !ours.contains(from) {
        return None;
    }
    let role = board.role_at(from)?;
    let promotion = match key >> 12 {
        0 => None,
        2 => Some(Role::Knight),
        3 => Some(Role::Bishop),
        4 => Some(Role::Rook),
        5 => Some(Role::Queen),
        _ => return None,
    };
    let m = if role == Role::King && ours.contains(to) {
        Move::Castle { king: from, rook: to }
    } else if role == Role::Pawn && from.file() != to.file() && pos.maybe_ep_square() == Some(to) {
        Move::EnPassant { from, to }
    } else {
        Move::Normal { role, from, capture: board.role_at(to), to, promotion }
    };
    if pack(m) != key {
        return None;
    }
    match m {
        Move::Normal { role, from, capture, to, promotion } if !in_check => {
            normal_is_legal(pos, role, from, capture.is_some(), to, promotion.is_some()).then_some(m)
        }
        _ => pos.is_legal(m).then_some(m),
    }
}

/// Whether the normal move of our `role` from `from` to `to` (a capture if `capture`, a
/// promotion if `promotion`) is legal in `pos`, whose side to move is not in check and has a
/// `role` on `from`.
///
/// The move must reach `to` (a pawn: a capture diagonally forward, else a push to an empty
/// square, two from its start rank over an empty one; a promotion exactly when it reaches the
/// last rank) and not leave the king attacked: a king steps to an unattacked square, another
/// piece either stays on the line through the king or uncovers no slider of theirs (the king is
/// not in check, so a slider can reach it only through `from`).
fn normal_is_legal(
    pos: &Chess,
    role: Role,
    from: Square,
    capture: bool,
    to: Square,
    promotion: bool,
) -> bool {
    let board = pos.board();
    let us = pos.turn();
    let occupied = board.occupied();
    if board.by_color(us).contains(to) || (promotion && role != Role::Pawn) {
        return false;
    }
    let reaches = match role {
        Role::Pawn => {
            if promotion != Bitboard::BACKRANKS.contains(to) {
                return false;
            }
            let forward = us.fold_wb(8, -8);
            if capture {
                pawn_attacks(us, from).contains(to)
            } else if from.offset(forward) == Some(to) {
                true
            } else {
                from.rank() == us.fold_wb(Rank::Second, Rank::Seventh)
                    && from.offset(2 * forward) == Some(to)
                    && from.offset(forward).is_some_and(|over| !occupied.contains(over))
            }
        }
        Role::Knight => knight_attacks(from).contains(to),
        Role::Bishop => bishop_attacks(from, occupied).contains(to),
        Role::Rook => rook_attacks(from, occupied).contains(to),
        Role::Queen => queen_attacks(from, occupied).contains(to),
        Role::King => {
            return king_attacks(from).contains(to) && board.attacks_to(to, !us, occupied).is_empty();
        }
    };
    let Some(king) = board.king_of(us) else { return false };
    reaches
        && (!ray(king, from).any() || aligned(from, to, king) || {
            let after = occupied.without(from);
            ((rook_attacks(king, after) & board.rooks_and_queens())
                | (bishop_attacks(king, after) & board.bishops_and_queens()))
            .intersect(board.by_color(!us))
            .is_empty()
        })
}

/// The UCI notation of a move (standard castling: king to g1/c1).
pub fn uci(m: Move) -> String {
    m.to_uci(CastlingMode::Standard).to_string()
}
