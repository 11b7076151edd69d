//! Moves packed into 16 bits, for the tree's edges.
//!
//! Layout: bits 0–5 the origin square, bits 6–11 the target square (for castling the rook's
//! square, as shakmaty represents it), bits 12–15 the kind: 0 normal, 1 en passant, 2 castling,
//! 3 drop (origin bits hold the role), 4–7 promotion to knight, bishop, rook, queen. The moving and
//! captured pieces are read back from the board when the move is unpacked.

use shakmaty::{Board, Move, Role, Square, uci::UciMove};

use crate::stop::MoveKey;

const KIND_NORMAL: u16 = 0;
const KIND_EN_PASSANT: u16 = 1;
const KIND_CASTLE: u16 = 2;
const KIND_PUT: u16 = 3;
const KIND_PROMOTION: u16 = 4;

/// A move in 16 bits. Equal moves of one position pack equally.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PackedMove(u16);

impl PackedMove {
    /// Pack a move.
    pub fn pack(m: Move) -> PackedMove {
        let (from, to, kind) = match m {
            Move::Normal { from, to, promotion: None, .. } => (from as u16, to as u16, KIND_NORMAL),
            Move::Normal { from, to, promotion: Some(p), .. } => {
                // Knight = 2 … Queen = 5 → 4 … 7.
                (from as u16, to as u16, KIND_PROMOTION + (p as u16).saturating_sub(2).min(3))
            }
            Move::EnPassant { from, to } => (from as u16, to as u16, KIND_EN_PASSANT),
            Move::Castle { king, rook } => (king as u16, rook as u16, KIND_CASTLE),
            Move::Put { role, to } => (role as u16, to as u16, KIND_PUT),
        };
        PackedMove(from | (to << 6) | (kind << 12))
    }

    /// The raw 16 bits (used by the tree for slice headers).
    pub(crate) fn raw(self) -> u16 {
        self.0
    }

    /// A packed move from raw bits (used by the tree for slice headers).
    pub(crate) fn from_raw(bits: u16) -> Self {
        PackedMove(bits)
    }

    /// The key the stopper sees (equal for equal moves).
    pub fn key(self) -> MoveKey {
        self.0 as MoveKey
    }

    /// The origin square (the king's for castling).
    pub fn from(self) -> Square {
        Square::new((self.0 & 63) as u32)
    }

    /// The target square (the rook's for castling).
    pub fn to(self) -> Square {
        Square::new(((self.0 >> 6) & 63) as u32)
    }

    fn kind(self) -> u16 {
        self.0 >> 12
    }

    /// The promotion piece, if any.
    pub fn promotion(self) -> Option<Role> {
        match self.kind() {
            k @ KIND_PROMOTION.. => Some(Role::ALL[(k - KIND_PROMOTION) as usize + 1]),
            _ => None,
        }
    }

    /// The full move in the position whose board is `board` (the move must be legal there).
    pub fn unpack(self, board: &Board) -> Move {
        let (from, to) = (self.from(), self.to());
        match self.kind() {
            KIND_EN_PASSANT => Move::EnPassant { from, to },
            KIND_CASTLE => Move::Castle { king: from, rook: to },
            KIND_PUT => Move::Put { role: Role::ALL[((self.0 & 63) as usize).clamp(1, 6) - 1], to },
            _ => Move::Normal {
                role: board.role_at(from).unwrap_or(Role::Pawn),
                from,
                capture: board.role_at(to),
                to,
                promotion: self.promotion(),
            },
        }
    }

    /// The move in UCI notation (castling as the king's two-square move).
    pub fn to_uci(self, board: &Board) -> String {
        UciMove::from_standard(self.unpack(board)).to_string()
    }
}

#[cfg(test)]
mod tests;
