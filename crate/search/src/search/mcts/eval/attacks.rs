//! Attack maps of one side (all its pieces, or its pawns alone), for the policy's threat terms.

use shakmaty::{Bitboard, Board, Color, Role, attacks};

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = 0x8080_8080_8080_8080;

/// Squares attacked by the pawns of `color`.
#[inline]
pub(crate) fn pawn_attacks_of(board: &Board, color: Color) -> Bitboard {
    let p = board.by_piece(Role::Pawn.of(color)).0;
    Bitboard(match color {
        Color::White => ((p & !FILE_A) << 7) | ((p & !FILE_H) << 9),
        Color::Black => ((p & !FILE_A) >> 9) | ((p & !FILE_H) >> 7),
    })
}

/// Squares attacked by the pieces of `color` on `board`.
pub(crate) fn attacked_by(board: &Board, color: Color) -> Bitboard {
    let occ = board.occupied();
    let mut a = pawn_attacks_of(board, color);
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King] {
        let piece = role.of(color);
        for sq in board.by_piece(piece) {
            a |= attacks::attacks(sq, piece, occ);
        }
    }
    a
}
