//! Moves as the search stores them: packed into 16 bits for the transposition table, killers
//! and history ([`pack`]), and written in UCI notation ([`uci`]).

use shakmaty::{CastlingMode, Move, Role, Square};

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

/// The UCI notation of a move (standard castling: king to g1/c1).
pub fn uci(m: Move) -> String {
    m.to_uci(CastlingMode::Standard).to_string()
}
