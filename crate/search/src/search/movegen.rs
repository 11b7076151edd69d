//! Move generation for the search, written into the caller's list:
//!
//! - [`legal_moves`]: every legal move, in exactly the order of shakmaty's
//!   [`shakmaty::Position::legal_moves`] (move ordering breaks ties by that order, so the search
//!   visits the same nodes). shakmaty returns its list by value, which costs a copy of the whole
//!   2 KiB list into the caller's slot, and it computes the checkers again; here the list is
//!   the caller's and the check is known.
//! - [`tactical_moves`]: legal captures and queen promotions for quiescence search, generated
//!   directly from shakmaty's attack tables instead of filtering the full legal move list (most
//!   quiescence nodes would otherwise spend their time generating quiet moves they never
//!   search). Only for positions where the side to move is not in check; in check, quiescence
//!   search uses [`legal_moves`] (all evasions). Promotions are to a queen only.

use shakmaty::{
    Bitboard, Board, CastlingSide, Chess, Color, Move, MoveList, Position, Rank, Role, Square,
    attacks::{
        aligned, between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, ray,
        rook_attacks,
    },
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

/// Appends the legal en passant captures of `pos` by `pawns` (ours), `king` being our king: a
/// capture is legal if no enemy piece attacks the king once both pawns have left their squares.
#[inline(always)]
fn en_passant(pos: &Chess, king: Square, pawns: Bitboard, moves: &mut MoveList) {
    let Some(ep) = pos.maybe_ep_square() else { return };
    let (board, us) = (pos.board(), pos.turn());
    for from in pawn_attacks(!us, ep) & pawns {
        let captured = Square::from_coords(ep.file(), from.rank());
        let after = board.occupied().toggled(from).toggled(captured).with(ep);
        if board.attacks_to(king, !us, after).without(captured).is_empty() {
            moves.push(Move::EnPassant { from, to: ep });
        }
    }
}

/// Appends the legal moves of `pos` to `moves`, in the order of shakmaty's `legal_moves`:
/// en passant captures; then, not in check, the pawns' captures towards the a-file side, those
/// towards the h-file side, single pushes, double pushes (promotions after the other moves of
/// each group, as queen, rook, bishop, knight), the knights', bishops', rooks' and queens'
/// moves by origin and target square, the king's moves and castling king side then queen side;
/// in check, the king's moves first, then the other pieces' captures of the checker and
/// interpositions in the same order. `in_check` must be whether the side to move is in check.
#[inline(never)]
pub fn legal_moves(pos: &Chess, in_check: bool, moves: &mut MoveList) {
    debug_assert_eq!(in_check, pos.is_check(), "wrong check flag");
    let board = pos.board();
    let us = pos.turn();
    let ours = board.by_color(us);
    let occupied = board.occupied();
    let Some(king) = board.king_of(us) else { return };
    let pinned = pinned(board, us, king);
    let pawns = board.pawns() & ours;
    en_passant(pos, king, pawns, moves);
    let g = Gen { board, us, occupied, king, pinned };
    if in_check {
        let checkers = board.attacks_to(king, !us, occupied);
        // The squares behind the king on a checking slider's line stay attacked.
        let mut behind = Bitboard(0);
        for checker in checkers & board.sliders() {
            behind |= ray(checker, king) ^ checker;
        }
        g.king(!ours & !behind, moves);
        if let Some(checker) = checkers.single_square() {
            g.non_king(pawns, between(king, checker).with(checker), moves);
        }
    } else {
        g.non_king(pawns, !ours, moves);
        g.king(!ours, moves);
        for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
            g.castle(pos, side, moves);
        }
    }
}

/// The square `offset` before `to`: a pawn's origin (`offset` is the step of a pawn that is on
/// the board, so the result is a square; the mask spares a bounds check).
#[inline(always)]
fn back(to: Square, offset: i32) -> Square {
    Square::new(to.to_u32().wrapping_add_signed(-offset) & 63)
}

/// What [`legal_moves`] computes once per position.
struct Gen<'b> {
    board: &'b Board,
    us: Color,
    occupied: Bitboard,
    king: Square,
    /// Our pieces pinned to our king (see [`pinned`]).
    pinned: Bitboard,
}

impl Gen<'_> {
    /// Whether a move from `from` to `to` keeps the king covered from pins.
    #[inline(always)]
    fn unpinned(&self, from: Square, to: Square) -> bool {
        !self.pinned.contains(from) || aligned(from, to, self.king)
    }

    /// The targets of a slider on `from` among `targets`: along its pin line if it is pinned.
    #[inline(always)]
    fn slider_targets(&self, from: Square, targets: Bitboard) -> Bitboard {
        if self.pinned.contains(from) { targets & ray(self.king, from) } else { targets }
    }

    #[inline(always)]
    fn push(&self, moves: &mut MoveList, role: Role, from: Square, to: Square) {
        moves.push(Move::Normal { role, from, capture: self.board.role_at(to), to, promotion: None });
    }

    #[inline(always)]
    fn push_promotions(moves: &mut MoveList, from: Square, to: Square, capture: Option<Role>) {
        for promotion in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
            moves.push(Move::Normal { role: Role::Pawn, from, capture, to, promotion: Some(promotion) });
        }
    }

    /// The moves of every piece but the king to `target`.
    #[inline(always)]
    fn non_king(&self, pawns: Bitboard, target: Bitboard, moves: &mut MoveList) {
        let board = self.board;
        let us = self.us;
        let theirs = board.by_color(!us);
        let ours = board.by_color(us);
        const FILE_A: u64 = 0x0101_0101_0101_0101;
        let p = pawns.0;
        // Captures towards the a-file, then towards the h-file: (to, its offset from `from`).
        let (west, east) = match us {
            Color::White => (((p & !FILE_A) << 7, 7), ((p << 9) & !FILE_A, 9)),
            Color::Black => (((p & !FILE_A) >> 9, -9), ((p >> 7) & !FILE_A, -7)),
        };
        for (set, offset) in [west, east] {
            let captures = Bitboard(set) & theirs & target;
            for to in captures & !Bitboard::BACKRANKS {
                let from = back(to, offset);
                if self.unpinned(from, to) {
                    self.push(moves, Role::Pawn, from, to);
                }
            }
            for to in captures & Bitboard::BACKRANKS {
                let from = back(to, offset);
                if self.unpinned(from, to) {
                    Self::push_promotions(moves, from, to, board.role_at(to));
                }
            }
        }
        let forward = us.fold_wb(8, -8);
        let single = pawns.shift(forward) & !self.occupied;
        for to in single & target & !Bitboard::BACKRANKS {
            let from = back(to, forward);
            if self.unpinned(from, to) {
                moves.push(Move::Normal { role: Role::Pawn, from, capture: None, to, promotion: None });
            }
        }
        for to in single & target & Bitboard::BACKRANKS {
            let from = back(to, forward);
            if self.unpinned(from, to) {
                Self::push_promotions(moves, from, to, None);
            }
        }
        let double = single.shift(forward)
            & Bitboard::from_rank(us.fold_wb(Rank::Fourth, Rank::Fifth))
            & !self.occupied;
        for to in double & target {
            let from = back(to, 2 * forward);
            if self.unpinned(from, to) {
                moves.push(Move::Normal { role: Role::Pawn, from, capture: None, to, promotion: None });
            }
        }
        // A pinned knight cannot move: no knight move stays on a line through the king.
        for from in board.knights() & ours & !self.pinned {
            for to in knight_attacks(from) & target {
                self.push(moves, Role::Knight, from, to);
            }
        }
        for from in board.bishops() & ours {
            for to in self.slider_targets(from, bishop_attacks(from, self.occupied) & target) {
                self.push(moves, Role::Bishop, from, to);
            }
        }
        for from in board.rooks() & ours {
            for to in self.slider_targets(from, rook_attacks(from, self.occupied) & target) {
                self.push(moves, Role::Rook, from, to);
            }
        }
        for from in board.queens() & ours {
            for to in self.slider_targets(from, queen_attacks(from, self.occupied) & target) {
                self.push(moves, Role::Queen, from, to);
            }
        }
    }

    /// The king's moves to `target` that do not step into an attack.
    #[inline(always)]
    fn king(&self, target: Bitboard, moves: &mut MoveList) {
        for to in king_attacks(self.king) & target {
            if self.board.attacks_to(to, !self.us, self.occupied).is_empty() {
                self.push(moves, Role::King, self.king, to);
            }
        }
    }

    /// Castling to `side`, if the right is kept, the path is empty and the king passes no
    /// attacked square (the side to move is not in check).
    #[inline(always)]
    fn castle(&self, pos: &Chess, side: CastlingSide, moves: &mut MoveList) {
        let castles = pos.castles();
        let Some(rook) = castles.rook(self.us, side) else { return };
        if castles.path(self.us, side).intersects(self.occupied) {
            return;
        }
        let (board, us, king) = (self.board, self.us, self.king);
        let king_to = side.king_to(us);
        if board.attacks_to(king_to, !us, self.occupied ^ king ^ rook ^ side.rook_to(us)).any() {
            return;
        }
        let without_king = self.occupied ^ king;
        if (between(king, king_to).with(king))
            .into_iter()
            .any(|sq| board.attacks_to(sq, !us, without_king).any())
        {
            return;
        }
        moves.push(Move::Castle { king, rook });
    }
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
    en_passant(pos, king, pawns, moves);
}

#[cfg(test)]
mod tests;
