//! Material values and the piece-square tables, generated from a few named shape constants
//! (centralisation, pawn advance, king shelter) rather than typed in, so every number has a
//! reason; plus the role and square indexing the tables use.

use shakmaty::{Color, Role, Square};

/// Material values, middlegame, indexed by `role as usize - 1`.
///
/// These small tables are `static`, not `const`: indexed at run time, a `const` array is copied
/// to the stack at every use (both in the wasm module and natively), a `static` one is read in
/// place.
pub(crate) static VALUE_MG: [i32; 6] = [100, 320, 330, 500, 950, 0];
/// Material values, endgame.
pub(crate) static VALUE_EG: [i32; 6] = [120, 300, 320, 540, 980, 0];
/// Values used for ordering and exchange estimates (middlegame values; king "infinite").
pub(crate) static ORDER_VALUE: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

/// Knight: bonus per step of centralisation (0 on the rim … 6 in the centre), and its base.
const KNIGHT_CENTER: (i32, i32) = (10, 8);
const KNIGHT_BASE: (i32, i32) = (-30, -25);
/// Bishop: bonus per step of centralisation, and base.
const BISHOP_CENTER: (i32, i32) = (4, 4);
const BISHOP_BASE: (i32, i32) = (-10, -10);
/// Rook on the seventh rank, and on a central file (d/e), middlegame and endgame.
const ROOK_SEVENTH: (i32, i32) = (20, 15);
const ROOK_CENTRAL_FILE: (i32, i32) = (5, 0);
/// Queen: bonus per step of centralisation, and base.
const QUEEN_CENTER: (i32, i32) = (2, 5);
const QUEEN_BASE: (i32, i32) = (-5, -15);
/// King, middlegame: sheltered on the back rank away from the centre files; penalty per rank up.
const KING_SHELTER_MG: i32 = 20;
const KING_ADVANCE_MG: i32 = -15;
/// King, endgame: bonus per step of centralisation, and base.
const KING_CENTER_EG: i32 = 12;
const KING_BASE_EG: i32 = -40;
/// Pawn bonus by relative rank (rank 2 … rank 7), middlegame and endgame.
const PAWN_ADVANCE_MG: [i32; 8] = [0, 0, 5, 10, 20, 35, 60, 0];
const PAWN_ADVANCE_EG: [i32; 8] = [0, 0, 5, 12, 25, 45, 75, 0];
/// Pawn on a central file (d/e) on relative ranks 3–5, middlegame.
const PAWN_CENTER_MG: i32 = 10;

/// Centralisation of a square: 0 on the rim … 6 on the four centre squares.
const fn centrality(sq: usize) -> i32 {
    let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
    let fc = if f < 7 - f { f } else { 7 - f };
    let rc = if r < 7 - r { r } else { 7 - r };
    fc + rc
}

/// Piece-square value for a white piece of role index `role` on square `sq` (a1 = 0), as
/// (middlegame, endgame). Black uses the vertically mirrored square.
const fn pst_entry(role: usize, sq: usize) -> (i32, i32) {
    let (file, rank) = (sq % 8, sq / 8);
    let c = centrality(sq);
    let central_file = file == 3 || file == 4;
    match role {
        0 => {
            let center = if central_file && rank >= 2 && rank <= 4 { PAWN_CENTER_MG } else { 0 };
            (PAWN_ADVANCE_MG[rank] + center, PAWN_ADVANCE_EG[rank])
        }
        1 => (KNIGHT_BASE.0 + KNIGHT_CENTER.0 * c, KNIGHT_BASE.1 + KNIGHT_CENTER.1 * c),
        2 => (BISHOP_BASE.0 + BISHOP_CENTER.0 * c, BISHOP_BASE.1 + BISHOP_CENTER.1 * c),
        3 => {
            let seventh = rank == 6;
            (
                if seventh { ROOK_SEVENTH.0 } else { 0 } + if central_file { ROOK_CENTRAL_FILE.0 } else { 0 },
                if seventh { ROOK_SEVENTH.1 } else { 0 } + if central_file { ROOK_CENTRAL_FILE.1 } else { 0 },
            )
        }
        4 => (QUEEN_BASE.0 + QUEEN_CENTER.0 * c, QUEEN_BASE.1 + QUEEN_CENTER.1 * c),
        _ => {
            let shelter = rank == 0 && (file <= 2 || file >= 6);
            let mg = if shelter { KING_SHELTER_MG } else { 0 } + KING_ADVANCE_MG * rank as i32;
            (mg, KING_BASE_EG + KING_CENTER_EG * c)
        }
    }
}

const fn build_pst() -> [[(i32, i32); 64]; 6] {
    let mut t = [[(0, 0); 64]; 6];
    let mut role = 0;
    while role < 6 {
        let mut sq = 0;
        while sq < 64 {
            t[role][sq] = pst_entry(role, sq);
            sq += 1;
        }
        role += 1;
    }
    t
}

/// Piece-square tables for white, `[role index][square]` → (middlegame, endgame) centipawns.
pub(crate) static PST: [[(i32, i32); 64]; 6] = build_pst();

/// Role index 0 … 5 (pawn … king).
#[inline]
pub(crate) fn ri(role: Role) -> usize {
    role as usize - 1
}

/// The square from white's point of view for a piece of `color`.
#[inline]
pub(crate) fn rel(color: Color, sq: Square) -> usize {
    match color {
        Color::White => sq as usize,
        Color::Black => sq as usize ^ 56,
    }
}
