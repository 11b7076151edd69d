//! The position a search walks: a shakmaty [`Chess`] plus its Zobrist key and evaluation terms,
//! both updated incrementally by [`SearchPosition::play`] (copy-make).
//!
//! The key is shakmaty's 64-bit Zobrist hash with [`EnPassantMode::PseudoLegal`] (an en passant
//! square counts when an enemy pawn stands beside the double-pushed pawn, as in Polyglot), so
//! `SearchPosition::new(p).key() == p.zobrist_hash::<Zobrist64>(EnPassantMode::PseudoLegal)`
//! holds for every position reached. [`RootPosition`] is a position together with the keys of
//! the game's earlier positions, which the search needs for repetition draws.

use shakmaty::{
    Bitboard, CastlingSide, Chess, Color, EnPassantMode, File, Move, Piece, Position, Role, Square,
    attacks::{bishop_attacks, knight_attacks, pawn_attacks, queen_attacks, ray, rook_attacks},
    zobrist::{Zobrist64, ZobristValue},
};

use std::mem::MaybeUninit;

use super::eval::EvalState;

#[inline]
fn piece_key(sq: Square, piece: Piece) -> u64 {
    Zobrist64::zobrist_for_piece(sq, piece).0
}

#[inline]
fn ep_key(file: File) -> u64 {
    Zobrist64::zobrist_for_en_passant_file(file).0
}

#[inline]
fn turn_key() -> u64 {
    Zobrist64::zobrist_for_white_turn().0
}

/// Copies `src` into `slot` and returns the copy.
///
/// Natively a plain copy, which compiles to a few vector moves (cheaper than the word-by-word
/// volatile copy the wasm build needs).
#[cfg(not(target_arch = "wasm32"))]
#[inline(always)]
fn copy_into<'s>(src: &SearchPosition, slot: &'s mut MaybeUninit<SearchPosition>) -> &'s mut SearchPosition {
    slot.write(src.clone())
}

/// Copies `src` into `slot` word by word and returns the copy.
///
/// `SearchPosition` is plain data (bitboards, small enums and integers; nothing to drop and no
/// references), so a bit copy is what `Clone` produces. Written as volatile word moves so the
/// compiler cannot fuse them back into a `memcpy` call, which wasm engines run as an
/// out-of-line `memory.copy`.
#[cfg(target_arch = "wasm32")]
#[inline(always)]
fn copy_into<'s>(src: &SearchPosition, slot: &'s mut MaybeUninit<SearchPosition>) -> &'s mut SearchPosition {
    use std::mem::{align_of, needs_drop, size_of};
    const WORDS: usize = size_of::<SearchPosition>() / 8;
    const {
        assert!(
            size_of::<SearchPosition>().is_multiple_of(8)
                && align_of::<SearchPosition>() >= 8
                && !needs_drop::<SearchPosition>()
        );
    }
    let from = (src as *const SearchPosition).cast::<MaybeUninit<u64>>();
    let to = slot.as_mut_ptr().cast::<MaybeUninit<u64>>();
    for i in 0..WORDS {
        // SAFETY: both pointers are valid and aligned for WORDS words (asserted above), and a
        // `&mut` slot cannot overlap the shared `src`.
        unsafe { to.add(i).write_volatile(from.add(i).read_volatile()) };
    }
    // SAFETY: every byte was copied from a valid `SearchPosition` (see above).
    unsafe { slot.assume_init_mut() }
}

/// The Zobrist key of a position computed from scratch (the reference for the incremental one).
pub fn zobrist_key(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::PseudoLegal).0
}

/// [`SearchPosition::make`]: the child's key is computed.
const KEY_ALWAYS: u8 = 0;
/// [`SearchPosition::make`]: the child's key is computed if the child is in check, else 0.
const KEY_IF_CHECK: u8 = 1;
/// [`SearchPosition::make`]: the child's key is 0.
const KEY_NEVER: u8 = 2;

/// Whether the side to move is in check. The search asks this several times per node (check
/// extension, null-move guard, reductions), so the answer is computed once, here, inline:
/// shakmaty's `is_check` is an out-of-line call in the wasm build.
#[inline(always)]
fn in_check(pos: &Chess) -> bool {
    let board = pos.board();
    let us = pos.turn();
    board.king_of(us).is_some_and(|king| board.attacks_to(king, !us, board.occupied()).any())
}

/// A position with its incrementally maintained key and evaluation terms.
#[derive(Clone, Debug)]
pub struct SearchPosition {
    pos: Chess,
    key: u64,
    eval: EvalState,
    /// Whether the side to move is in check (see [`in_check`]).
    check: bool,
}

impl SearchPosition {
    /// Wraps `pos`, computing its key and evaluation terms from scratch.
    pub fn new(pos: Chess) -> Self {
        let key = zobrist_key(&pos);
        let eval = EvalState::from_board(pos.board());
        let check = in_check(&pos);
        SearchPosition { pos, key, eval, check }
    }

    /// The shakmaty position.
    #[inline]
    pub fn pos(&self) -> &Chess {
        &self.pos
    }

    /// The Zobrist key (see the module documentation).
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.check
    }

    /// The static evaluation in centipawns from the side to move's point of view.
    #[inline]
    pub fn evaluate(&self) -> i32 {
        self.eval.evaluate(self.pos.turn())
    }

    /// The evaluation terms.
    pub fn eval_state(&self) -> &EvalState {
        &self.eval
    }

    /// Whether the side to move has a piece other than pawns and the king (null-move guard).
    #[inline]
    pub fn has_non_pawn_material(&self) -> bool {
        let board = self.pos.board();
        let ours = board.by_color(self.pos.turn());
        (ours & !(board.pawns() | board.kings())).any()
    }

    /// The position after the legal move `m`.
    #[inline]
    pub fn play(&self, m: Move) -> SearchPosition {
        let mut slot = MaybeUninit::uninit();
        self.play_into(m, &mut slot);
        // SAFETY: `play_into` initialised the slot.
        unsafe { slot.assume_init() }
    }

    /// Writes the position after the legal move `m` into `slot` and returns it.
    ///
    /// The search's hot path: the child is built where it will live (the caller's stack frame)
    /// with a word-by-word copy of the parent. Returning a fresh `SearchPosition` by value
    /// costs a `memcpy` for the return slot, and wasm engines run every `memcpy` (`memory.copy`)
    /// as an out-of-line call.
    #[inline(always)]
    pub fn play_into<'s>(&self, m: Move, slot: &'s mut MaybeUninit<SearchPosition>) -> &'s SearchPosition {
        self.make::<KEY_ALWAYS>(m, slot)
    }

    /// [`SearchPosition::play_into`] for a child that quiescence search alone will search
    /// unless it is in check: its key is computed only when it is in check, and is 0
    /// ([`SearchPosition::key`] is then not the position's) otherwise.
    ///
    /// Quiescence search never reads a key (no table, no repetitions), and most children of
    /// a node at depth 1 are searched by quiescence search alone.
    #[inline(always)]
    pub fn play_into_unless_quiet<'s>(
        &self,
        m: Move,
        slot: &'s mut MaybeUninit<SearchPosition>,
    ) -> &'s SearchPosition {
        self.make::<KEY_IF_CHECK>(m, slot)
    }

    /// [`SearchPosition::play_into`] without the key (0): for quiescence search's children,
    /// which read none.
    #[inline(always)]
    pub fn play_into_keyless<'s>(
        &self,
        m: Move,
        slot: &'s mut MaybeUninit<SearchPosition>,
    ) -> &'s SearchPosition {
        self.make::<KEY_NEVER>(m, slot)
    }

    /// The child after `m` in `slot`, with its key as `KEY` says ([`KEY_ALWAYS`],
    /// [`KEY_IF_CHECK`], [`KEY_NEVER`]).
    ///
    /// Out of line, one copy per kind of key, with the evaluation update inside (inlined into
    /// the search's loops, the update was left as a call of its own and cost twice as much).
    #[inline(never)]
    fn make<'s, const KEY: u8>(
        &self,
        m: Move,
        slot: &'s mut MaybeUninit<SearchPosition>,
    ) -> &'s SearchPosition {
        let eval = self.eval.update(&self.pos, m);
        let child = copy_into(self, slot);
        child.eval = eval;
        child.pos.play_unchecked(m);
        child.check = in_check(&child.pos);
        child.key = match KEY {
            KEY_ALWAYS => self.child_key(m, &child.pos),
            KEY_IF_CHECK if child.check => self.child_key(m, &child.pos),
            _ => 0,
        };
        child
    }

    /// The key of `after`, the position after the legal move `m` in this one, updated from
    /// this position's key.
    #[inline(always)]
    fn child_key(&self, m: Move, after: &Chess) -> u64 {
        let pos = &self.pos;
        let us = pos.turn();
        let mut key = self.key ^ turn_key();
        if let Some(ep) = pos.pseudo_legal_ep_square() {
            key ^= ep_key(ep.file());
        }
        match m {
            Move::Normal { role, from, capture, to, promotion } => {
                key ^= piece_key(from, role.of(us)) ^ piece_key(to, promotion.unwrap_or(role).of(us));
                if let Some(captured) = capture {
                    key ^= piece_key(to, captured.of(!us));
                }
            }
            Move::EnPassant { from, to } => {
                key ^= piece_key(from, Role::Pawn.of(us))
                    ^ piece_key(to, Role::Pawn.of(us))
                    ^ piece_key(Square::from_coords(to.file(), from.rank()), Role::Pawn.of(!us));
            }
            Move::Castle { king, rook } => {
                let side = CastlingSide::from_queen_side(rook < king);
                key ^= piece_key(king, Role::King.of(us))
                    ^ piece_key(rook, Role::Rook.of(us))
                    ^ piece_key(side.king_to(us), Role::King.of(us))
                    ^ piece_key(side.rook_to(us), Role::Rook.of(us));
            }
            Move::Put { role, to } => key ^= piece_key(to, role.of(us)),
        }
        let (before, after_castles) = (pos.castles(), after.castles());
        if before.castling_rights() != after_castles.castling_rights() {
            for color in Color::ALL {
                for side in CastlingSide::ALL {
                    if before.has(color, side) != after_castles.has(color, side) {
                        key ^= Zobrist64::zobrist_for_castling_right(color, side).0;
                    }
                }
            }
        }
        if let Some(ep) = after.pseudo_legal_ep_square() {
            key ^= ep_key(ep.file());
        }
        key
    }

    /// The static evaluation of the position after the legal move `m`, from its side to
    /// move's point of view (what [`SearchPosition::evaluate`] of the child gives), without
    /// making the move.
    #[inline(always)]
    pub fn child_eval(&self, m: Move) -> i32 {
        self.eval.update(&self.pos, m).evaluate(!self.pos.turn())
    }

    /// Whether the legal move `m` may check the other side: exactly whether it does for a
    /// normal move, `true` for the other kinds (not examined).
    ///
    /// Before the move the other side is not in check (a legal position), so a check comes
    /// from the piece that lands on `to` or from a slider of ours whose line to the king ran
    /// through `from`; that second test runs only when `from` lies on a line through the king
    /// (a capture opens no line: `to` stays occupied).
    #[inline(always)]
    pub fn may_give_check(&self, m: Move) -> bool {
        let Move::Normal { role, from, to, promotion, .. } = m else { return true };
        let board = self.pos.board();
        let us = self.pos.turn();
        let Some(king) = board.king_of(!us) else { return false };
        let occupied = board.occupied().without(from).with(to);
        let direct = match promotion.unwrap_or(role) {
            Role::Pawn => pawn_attacks(us, to),
            Role::Knight => knight_attacks(to),
            Role::Bishop => bishop_attacks(to, occupied),
            Role::Rook => rook_attacks(to, occupied),
            Role::Queen => queen_attacks(to, occupied),
            Role::King => Bitboard(0),
        };
        direct.contains(king)
            || (ray(king, from).any()
                && ((rook_attacks(king, occupied) & board.rooks_and_queens())
                    | (bishop_attacks(king, occupied) & board.bishops_and_queens()))
                .intersects(board.by_color(us).without(from)))
    }

    /// The position after a null move (the side to move passes), or `None` if the side to move
    /// is in check (a null move would then be illegal).
    pub fn play_null(&self) -> Option<SearchPosition> {
        if self.check {
            return None;
        }
        let mut key = self.key ^ turn_key();
        if let Some(ep) = self.pos.pseudo_legal_ep_square() {
            key ^= ep_key(ep.file());
        }
        let pos = self.pos.clone().swap_turn().ok()?;
        // The side that passed was not in check, so after the pass nobody is.
        Some(SearchPosition { pos, key, eval: self.eval, check: false })
    }
}

mod packing;
mod root;

#[cfg(test)]
use packing::pack_special;
pub use packing::{pack, uci, unpack, unpack_in};
pub(crate) use root::excerpt;
pub use root::{FEN_ALLOWED, RootPosition, parse_fen};

#[cfg(test)]
mod tests;
