//! Moves as the search stores them: packed into 16 bits for the transposition table, killers
//! and history ([`pack`]), and written in UCI notation ([`uci`]).

use shakmaty::{CastlingMode, Chess, Move, Position, Role, Square};

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
/// passant square) and checked with shakmaty's `is_legal`, which generates only the moves of
/// that piece kind to that square. The search tries its table move with it before generating
/// every move of the node.
pub fn unpack(pos: &Chess, key: u16) -> Option<Move> {
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
    Some(m).filter(|&m| pack(m) == key && pos.is_legal(m))
}

/// The UCI notation of a move (standard castling: king to g1/c1).
pub fn uci(m: Move) -> String {
    m.to_uci(CastlingMode::Standard).to_string()
}
