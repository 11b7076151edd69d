//! A tapered piece-square evaluation in the style of PeSTO, kept incrementally.
//!
//! Values: Ronald Friederich's PeSTO tables (material + piece-square, middlegame and endgame),
//! as published on the Chessprogramming Wiki page "PeSTO's Evaluation Function". They are data,
//! not code; the incremental bookkeeping around them is ours.
//!
//! The evaluation is `(mg·phase + eg·(24 − phase)) / 24` where `phase` counts the non-pawn
//! material left (knight and bishop 1, rook 2, queen 4; capped at 24), so a position slides from
//! the middlegame tables to the endgame tables as pieces come off. [`EvalState`] holds the two
//! white-minus-black sums and the phase; [`EvalState::update`] adjusts them for a move in a few
//! additions, so a search never recomputes them from scratch.

use shakmaty::{Board, CastlingSide, Chess, Color, Move, Piece, Position, Role, Square};

/// Material values in centipawns, middlegame, indexed by `Role as usize - 1`.
const MG_VALUE: [i32; 6] = [82, 337, 365, 477, 1025, 0];
/// Material values in centipawns, endgame, indexed by `Role as usize - 1`.
const EG_VALUE: [i32; 6] = [94, 281, 297, 512, 936, 0];
/// Contribution of each role to the game phase (pawn, knight, bishop, rook, queen, king).
const PHASE_INC: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// The phase of the starting material; higher values (early promotions) are capped to it.
const MAX_PHASE: i32 = 24;

// The piece-square tables below are written from white's point of view with rank 8 first
// (index 0 = a8), as PeSTO publishes them.

#[rustfmt::skip]
const MG_PAWN: [i32; 64] = [
      0,   0,   0,   0,   0,   0,  0,   0,
     98, 134,  61,  95,  68, 126, 34, -11,
     -6,   7,  26,  31,  65,  56, 25, -20,
    -14,  13,   6,  21,  23,  12, 17, -23,
    -27,  -2,  -5,  12,  17,   6, 10, -25,
    -26,  -4,  -4, -10,   3,   3, 33, -12,
    -35,  -1, -20, -23, -15,  24, 38, -22,
      0,   0,   0,   0,   0,   0,  0,   0,
];
#[rustfmt::skip]
const EG_PAWN: [i32; 64] = [
      0,   0,   0,   0,   0,   0,   0,   0,
    178, 173, 158, 134, 147, 132, 165, 187,
     94, 100,  85,  67,  56,  53,  82,  84,
     32,  24,  13,   5,  -2,   4,  17,  17,
     13,   9,  -3,  -7,  -7,  -8,   3,  -1,
      4,   7,  -6,   1,   0,  -5,  -1,  -8,
     13,   8,   8,  10,  13,   0,   2,  -7,
      0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const MG_KNIGHT: [i32; 64] = [
    -167, -89, -34, -49,  61, -97, -15, -107,
     -73, -41,  72,  36,  23,  62,   7,  -17,
     -47,  60,  37,  65,  84, 129,  73,   44,
      -9,  17,  19,  53,  37,  69,  18,   22,
     -13,   4,  16,  13,  28,  19,  21,   -8,
     -23,  -9,  12,  10,  19,  17,  25,  -16,
     -29, -53, -12,  -3,  -1,  18, -14,  -19,
    -105, -21, -58, -33, -17, -28, -19,  -23,
];
#[rustfmt::skip]
const EG_KNIGHT: [i32; 64] = [
    -58, -38, -13, -28, -31, -27, -63, -99,
    -25,  -8, -25,  -2,  -9, -25, -24, -52,
    -24, -20,  10,   9,  -1,  -9, -19, -41,
    -17,   3,  22,  22,  22,  11,   8, -18,
    -18,  -6,  16,  25,  16,  17,   4, -18,
    -23,  -3,  -1,  15,  10,  -3, -20, -22,
    -42, -20, -10,  -5,  -2, -20, -23, -44,
    -29, -51, -23, -15, -22, -18, -50, -64,
];
#[rustfmt::skip]
const MG_BISHOP: [i32; 64] = [
    -29,   4, -82, -37, -25, -42,   7,  -8,
    -26,  16, -18, -13,  30,  59,  18, -47,
    -16,  37,  43,  40,  35,  50,  37,  -2,
     -4,   5,  19,  50,  37,  37,   7,  -2,
     -6,  13,  13,  26,  34,  12,  10,   4,
      0,  15,  15,  15,  14,  27,  18,  10,
      4,  15,  16,   0,   7,  21,  33,   1,
    -33,  -3, -14, -21, -13, -12, -39, -21,
];
#[rustfmt::skip]
const EG_BISHOP: [i32; 64] = [
    -14, -21, -11,  -8, -7,  -9, -17, -24,
     -8,  -4,   7, -12, -3, -13,  -4, -14,
      2,  -8,   0,  -1, -2,   6,   0,   4,
     -3,   9,  12,   9, 14,  10,   3,   2,
     -6,   3,  13,  19,  7,  10,  -3,  -9,
    -12,  -3,   8,  10, 13,   3,  -7, -15,
    -14, -18,  -7,  -1,  4,  -9, -15, -27,
    -23,  -9, -23,  -5, -9, -16,  -5, -17,
];
#[rustfmt::skip]
const MG_ROOK: [i32; 64] = [
     32,  42,  32,  51, 63,  9,  31,  43,
     27,  32,  58,  62, 80, 67,  26,  44,
     -5,  19,  26,  36, 17, 45,  61,  16,
    -24, -11,   7,  26, 24, 35,  -8, -20,
    -36, -26, -12,  -1,  9, -7,   6, -23,
    -45, -25, -16, -17,  3,  0,  -5, -33,
    -44, -16, -20,  -9, -1, 11,  -6, -71,
    -19, -13,   1,  17, 16,  7, -37, -26,
];
#[rustfmt::skip]
const EG_ROOK: [i32; 64] = [
    13, 10, 18, 15, 12,  12,   8,   5,
    11, 13, 13, 11, -3,   3,   8,   3,
     7,  7,  7,  5,  4,  -3,  -5,  -3,
     4,  3, 13,  1,  2,   1,  -1,   2,
     3,  5,  8,  4, -5,  -6,  -8, -11,
    -4,  0, -5, -1, -7, -12,  -8, -16,
    -6, -6,  0,  2, -9,  -9, -11,  -3,
    -9,  2,  3, -1, -5, -13,   4, -20,
];
#[rustfmt::skip]
const MG_QUEEN: [i32; 64] = [
    -28,   0,  29,  12,  59,  44,  43,  45,
    -24, -39,  -5,   1, -16,  57,  28,  54,
    -13, -17,   7,   8,  29,  56,  47,  57,
    -27, -27, -16, -16,  -1,  17,  -2,   1,
     -9, -26,  -9, -10,  -2,  -4,   3,  -3,
    -14,   2, -11,  -2,  -5,   2,  14,   5,
    -35,  -8,  11,   2,   8,  15,  -3,   1,
     -1, -18,  -9,  10, -15, -25, -31, -50,
];
#[rustfmt::skip]
const EG_QUEEN: [i32; 64] = [
     -9,  22,  22,  27,  27,  19,  10,  20,
    -17,  20,  32,  41,  58,  25,  30,   0,
    -20,   6,   9,  49,  47,  35,  19,   9,
      3,  22,  24,  45,  57,  40,  57,  36,
    -18,  28,  19,  47,  31,  34,  39,  23,
    -16, -27,  15,   6,   9,  17,  10,   5,
    -22, -23, -30, -16, -16, -23, -36, -32,
    -33, -28, -22, -43,  -5, -32, -20, -41,
];
#[rustfmt::skip]
const MG_KING: [i32; 64] = [
    -65,  23,  16, -15, -56, -34,   2,  13,
     29,  -1, -20,  -7,  -8,  -4, -38, -29,
     -9,  24,   2, -16, -20,   6,  22, -22,
    -17, -20, -12, -27, -30, -25, -14, -36,
    -49,  -1, -27, -39, -46, -44, -33, -51,
    -14, -14, -22, -46, -44, -30, -15, -27,
      1,   7,  -8, -64, -43, -16,   9,   8,
    -15,  36,  12, -54,   8, -28,  24,  14,
];
#[rustfmt::skip]
const EG_KING: [i32; 64] = [
    -74, -35, -18, -18, -11,  15,   4, -17,
    -12,  17,  14,  17,  17,  38,  23,  11,
     10,  17,  23,  15,  20,  45,  44,  13,
     -8,  22,  24,  27,  26,  33,  26,   3,
    -18,  -4,  21,  24,  27,  23,   9, -11,
    -19,  -3,  11,  21,  23,  16,   7,  -9,
    -27, -11,   4,  13,  14,   4,  -5, -17,
    -53, -34, -21, -11, -28, -14, -24, -43,
];

const MG_TABLES: [[i32; 64]; 6] = [MG_PAWN, MG_KNIGHT, MG_BISHOP, MG_ROOK, MG_QUEEN, MG_KING];
const EG_TABLES: [[i32; 64]; 6] = [EG_PAWN, EG_KNIGHT, EG_BISHOP, EG_ROOK, EG_QUEEN, EG_KING];

/// One (middlegame, endgame) pair per piece and square, signed from white's point of view
/// (black pieces negative), material included. Indexed `[piece_index][square]` with
/// [`piece_index`] and shakmaty's square numbering (a1 = 0).
const PST: [[(i32, i32); 64]; 12] = build_pst();

const fn build_pst() -> [[(i32, i32); 64]; 12] {
    let mut t = [[(0, 0); 64]; 12];
    let mut role = 0;
    while role < 6 {
        let mut sq = 0;
        while sq < 64 {
            // White: the table's rank 8 row comes first, so flip the rank (a1 = 0 → index 56).
            let w = sq ^ 56;
            t[role][sq] = (MG_VALUE[role] + MG_TABLES[role][w], EG_VALUE[role] + EG_TABLES[role][w]);
            // Black: mirror vertically, which for the rank-8-first layout is the square itself.
            t[6 + role][sq] =
                (-(MG_VALUE[role] + MG_TABLES[role][sq]), -(EG_VALUE[role] + EG_TABLES[role][sq]));
            sq += 1;
        }
        role += 1;
    }
    t
}

/// Index of a piece in the tables: white pawn … king are 0 … 5, black pawn … king 6 … 11.
#[inline]
pub fn piece_index(piece: Piece) -> usize {
    (piece.role as usize - 1) + if piece.color == Color::White { 0 } else { 6 }
}

/// The incrementally maintained evaluation terms of a position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EvalState {
    /// Middlegame material + piece-square sum, white minus black.
    mg: i32,
    /// Endgame material + piece-square sum, white minus black.
    eg: i32,
    /// Game phase (uncapped; capped when tapering).
    phase: i32,
}

impl EvalState {
    /// The terms of `board`, computed from scratch.
    pub fn from_board(board: &Board) -> Self {
        let mut s = EvalState::default();
        for (sq, piece) in board {
            s.add(sq, piece);
        }
        s
    }

    #[inline]
    fn add(&mut self, sq: Square, piece: Piece) {
        let (mg, eg) = PST[piece_index(piece)][sq as usize];
        self.mg += mg;
        self.eg += eg;
        self.phase += PHASE_INC[piece.role as usize - 1];
    }

    #[inline]
    fn remove(&mut self, sq: Square, piece: Piece) {
        let (mg, eg) = PST[piece_index(piece)][sq as usize];
        self.mg -= mg;
        self.eg -= eg;
        self.phase -= PHASE_INC[piece.role as usize - 1];
    }

    /// The terms after `m` is played in `pos` (whose terms are `self`). `m` must be legal.
    #[inline(always)]
    pub fn update(&self, pos: &Chess, m: Move) -> Self {
        let us = pos.turn();
        let mut s = *self;
        match m {
            Move::Normal { role, from, capture, to, promotion } => {
                // The mover's two table entries as one difference; the phase changes only
                // with a capture or a promotion (a pawn counts 0 in it).
                let mover = piece_index(role.of(us));
                let (from_mg, from_eg) = PST[mover][from as usize];
                let (to_mg, to_eg) = match promotion {
                    None => PST[mover][to as usize],
                    Some(p) => {
                        s.phase += PHASE_INC[p as usize - 1];
                        PST[piece_index(p.of(us))][to as usize]
                    }
                };
                s.mg += to_mg - from_mg;
                s.eg += to_eg - from_eg;
                if let Some(captured) = capture {
                    s.remove(to, captured.of(!us));
                }
            }
            Move::EnPassant { from, to } => {
                s.remove(from, Role::Pawn.of(us));
                s.remove(Square::from_coords(to.file(), from.rank()), Role::Pawn.of(!us));
                s.add(to, Role::Pawn.of(us));
            }
            Move::Castle { king, rook } => {
                let side = CastlingSide::from_queen_side(rook < king);
                s.remove(king, Role::King.of(us));
                s.remove(rook, Role::Rook.of(us));
                s.add(side.king_to(us), Role::King.of(us));
                s.add(side.rook_to(us), Role::Rook.of(us));
            }
            Move::Put { role, to } => s.add(to, role.of(us)),
        }
        s
    }

    /// The tapered evaluation in centipawns from `turn`'s point of view.
    #[inline]
    pub fn evaluate(&self, turn: Color) -> i32 {
        let phase = self.phase.min(MAX_PHASE);
        let white = (self.mg * phase + self.eg * (MAX_PHASE - phase)) / MAX_PHASE;
        if turn == Color::White { white } else { -white }
    }

    /// The tapered evaluation from white's point of view.
    pub fn white_view(&self) -> i32 {
        self.evaluate(Color::White)
    }
}

/// The static evaluation of `pos` from the side to move's point of view, computed from scratch.
pub fn evaluate(pos: &Chess) -> i32 {
    EvalState::from_board(pos.board()).evaluate(pos.turn())
}

#[cfg(test)]
mod tests;
