//! Move ordering: the transposition-table move first, then captures by MVV-LVA (most valuable
//! victim, least valuable attacker) with queen promotions among them, then the two killer moves
//! of the ply, then quiet moves by their history score. Moves are picked lazily (selection of
//! the best remaining), so a beta cutoff after the first moves sorts nothing else.

use arrayvec::ArrayVec;
use shakmaty::{Chess, Color, Move, MoveList, Role};

use super::movegen::legal_moves;
use super::position::pack;

mod history;
mod see;

pub use history::{HISTORY_MAX, History};
pub use see::see;

/// Score of the transposition-table move.
const TT_MOVE: i32 = 4_000_000;
/// Base score of captures and queen promotions (above killers and all history values).
const CAPTURE: i32 = 2_000_000;
/// Score of the first killer; the second gets one less.
const KILLER: i32 = 1_000_000;
/// Under-promotions go last.
const UNDERPROMOTION: i32 = -1_000_000;

/// Value rank of a role for MVV-LVA (pawn 1 … queen 5, king 6).
#[inline]
fn rank(role: Role) -> i32 {
    role as i32
}

/// The captured role of a move, if any (en passant captures a pawn).
#[inline]
pub fn victim(m: Move) -> Option<Role> {
    match m {
        Move::EnPassant { .. } => Some(Role::Pawn),
        _ => m.capture(),
    }
}

/// MVV-LVA score of a capture or promotion, relative to [`CAPTURE`]; `None` for quiet moves
/// and under-promotions.
#[inline]
fn tactical_score(m: Move) -> Option<i32> {
    let promo = m.promotion();
    if matches!(promo, Some(r) if r != Role::Queen) {
        return None;
    }
    let victim = victim(m);
    if victim.is_none() && promo.is_none() {
        return None;
    }
    let v = victim.map_or(0, rank) + if promo.is_some() { rank(Role::Queen) } else { 0 };
    Some(CAPTURE + v * 16 - rank(m.role()))
}

/// Whether a move is a capture or a promotion, promoting (if at all) to a queen: what
/// quiescence search looks at.
#[inline]
pub fn is_tactical(m: Move) -> bool {
    (m.is_capture() || m.is_promotion()) && m.promotion().is_none_or(|r| r == Role::Queen)
}

/// The ordering score of an en passant capture, a castling move or a drop (what
/// [`MovePicker::score`] computes for every kind of move).
#[inline(never)]
fn special_score(m: Move, killers: [u16; 2], turn: Color, history: &History) -> i32 {
    if let Some(t) = tactical_score(m) {
        t
    } else if m.is_promotion() {
        UNDERPROMOTION
    } else {
        let key = pack(m);
        if key == killers[0] {
            KILLER
        } else if key == killers[1] {
            KILLER - 1
        } else {
            history.get(turn, key)
        }
    }
}

/// Scores for a move list (same indices).
pub type Scores = ArrayVec<i32, 256>;

/// Picks moves best-first. It borrows the list and the scores, which live in the caller's stack
/// frame (moving a 256-entry list around costs more than generating it).
///
/// Staged: the transposition-table move comes first without scoring anything (it often cuts
/// off); the others are scored on the first request after it.
pub struct MovePicker<'m> {
    moves: &'m mut MoveList,
    scores: &'m mut Scores,
    next: usize,
    /// Whether `moves[0]` is the TT move, handed out before any scoring.
    tt_first: bool,
    /// Whether `scores` covers `moves[next..]`.
    scored: bool,
    /// `moves[..ready]` are in their final order: [`MovePicker::next`] hands them out without
    /// looking at anything else.
    ready: usize,
    killers: [u16; 2],
    turn: Color,
    /// The table move searched before the list was generated, while the list is still to be
    /// generated (see [`MovePicker::after_tt_move`]); 0 otherwise.
    pending_tt: u16,
}

/// Picks made by selection before the rest of the list is sorted once: most cutoffs come
/// from the first few moves, and sorting pays off only for nodes that search everything.
const LAZY_PICKS: usize = 3;

/// Moves the table move `tt_move` (0: none) to the front of `moves`; whether it was in the list.
#[inline]
fn table_move_first(moves: &mut MoveList, tt_move: u16) -> bool {
    tt_move != 0
        && match moves.iter().position(|&m| pack(m) == tt_move) {
            Some(i) => {
                moves.swap(0, i);
                true
            }
            None => false,
        }
}

impl<'m> MovePicker<'m> {
    /// Orders all `moves` for a full-width node.
    #[inline]
    pub fn new(
        moves: &'m mut MoveList,
        scores: &'m mut Scores,
        tt_move: u16,
        killers: [u16; 2],
        turn: Color,
    ) -> Self {
        let tt_first = table_move_first(moves, tt_move);
        MovePicker { moves, scores, next: 0, tt_first, scored: false, ready: 0, killers, turn, pending_tt: 0 }
    }

    /// This picker, made over an empty list with no table move, for a node whose table move
    /// `tt_move` (legal: see [`super::position::unpack`]) is searched before the node's moves
    /// are generated. Its first [`MovePicker::next`] generates them ([`MovePicker::fill`]) and
    /// carries on exactly as a [`MovePicker::new`] of that list and `tt_move` after it handed
    /// out the table move: `next` is 1 over the empty list.
    #[inline]
    pub fn after_tt_move(mut self, tt_move: u16) -> Self {
        debug_assert!(self.moves.is_empty() && !self.tt_first, "made over an empty list with no table move");
        self.next = 1;
        self.pending_tt = tt_move;
        self
    }

    /// Generates the legal moves of `pos` (`in_check`: whether its side to move is in check)
    /// into the list with the table move first, as [`MovePicker::new`] orders them, and skips
    /// the table move (searched already).
    #[inline(never)]
    pub fn fill(&mut self, pos: &Chess, in_check: bool) {
        legal_moves(pos, in_check, self.moves);
        let tt_move = std::mem::take(&mut self.pending_tt);
        self.tt_first = table_move_first(self.moves, tt_move);
        debug_assert!(self.tt_first, "the table move searched first is not legal");
        self.next = usize::from(self.tt_first);
    }

    /// Whether the list is still to be generated (see [`MovePicker::after_tt_move`]).
    #[inline(always)]
    pub fn needs_fill(&self) -> bool {
        self.pending_tt != 0
    }

    /// Orders captures and queen promotions by MVV-LVA (quiescence search). The list holds
    /// nothing else ([`super::movegen::tactical_moves`] generates only those).
    #[inline]
    pub fn tactical(moves: &'m mut MoveList, scores: &'m mut Scores) -> Self {
        debug_assert!(moves.iter().all(|m| is_tactical(*m)), "a quiet move in a tactical list");
        scores.clear();
        let (mut best, mut best_at) = (i32::MIN, 0);
        scores.extend(moves.iter().enumerate().map(|(at, &m)| {
            let score = tactical_score(m).unwrap_or(0);
            if score > best {
                (best, best_at) = (score, at);
            }
            score
        }));
        // The first pick by selection, made here with the best found while scoring: the first
        // move is then handed out as a ready one, and so is the second of a list of two.
        let ready = if moves.is_empty() {
            0
        } else {
            moves.swap(0, best_at);
            scores.swap(0, best_at);
            if moves.len() == 2 { 2 } else { 1 }
        };
        MovePicker {
            moves,
            scores,
            next: 0,
            tt_first: false,
            scored: true,
            ready,
            killers: [0; 2],
            turn: Color::White,
            pending_tt: 0,
        }
    }

    /// Number of moves in the list.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the list is empty.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Scores `moves[next..]` (entries before `next` hold a placeholder and are never read).
    ///
    /// One pass with the common case, a quiet normal move, first: its score is a killer's or
    /// its history value, read from the side's row by from and to (no bounds check). Captures and promotions follow in the same match; other kinds of move
    /// go to [`special_score`]. The scores are those of the general rules in the module
    /// documentation.
    ///
    /// Returns the place of the first best score among them, which the first pick by selection
    /// then needs no pass of its own to find.
    fn score(&mut self, history: &History) -> usize {
        let table = history.side(self.turn);
        let [k0, k1] = self.killers;
        let (killers, turn) = (self.killers, self.turn);
        let (mut best, mut best_at, mut at) = (i32::MIN, self.next, self.next);
        self.scores.clear();
        self.scores.extend(std::iter::repeat_n(TT_MOVE, self.next));
        self.scores.extend(self.moves[self.next..].iter().map(|&m| {
            let score = match m {
                Move::Normal { from, to, capture: None, promotion: None, .. } => {
                    let key = from as u16 | (to as u16) << 6;
                    if key == k0 {
                        KILLER
                    } else if key == k1 {
                        KILLER - 1
                    } else {
                        table[history::index(key)]
                    }
                }
                Move::Normal { role, capture: Some(c), promotion: None, .. } => {
                    CAPTURE + rank(c) * 16 - rank(role)
                }
                Move::Normal { role, capture, promotion: Some(Role::Queen), .. } => {
                    CAPTURE + (capture.map_or(0, rank) + rank(Role::Queen)) * 16 - rank(role)
                }
                Move::Normal { promotion: Some(_), .. } => UNDERPROMOTION,
                _ => special_score(m, killers, turn, history),
            };
            if score > best {
                (best, best_at) = (score, at);
            }
            at += 1;
            score
        }));
        self.scored = true;
        best_at
    }

    /// Sorts `moves[next..]` best first, stably (equal scores keep their order).
    ///
    /// Each score becomes one distinct key, `−score·256 + index`, so a plain ascending sort of
    /// the keys is the stable descending sort of the moves, and only 4-byte keys move while
    /// sorting; the moves are then permuted once. Scores are within ±2²² (see the constants
    /// above) and a list holds at most 256 moves, so a key fits an `i32`.
    #[inline]
    fn sort_rest(&mut self) {
        const { assert!(CAPTURE + 16 * 16 < 1 << 22 && -UNDERPROMOTION < 1 << 22 && HISTORY_MAX < 1 << 22) };
        let (start, n) = (self.next, self.moves.len());
        let keys = &mut self.scores[start..n];
        for (i, k) in keys.iter_mut().enumerate() {
            *k = (-*k << 8) | (start + i) as i32;
        }
        keys.sort_unstable();
        // One block copy of the unsorted moves (an `extend` pushes them one by one).
        let mut rest: MoveList = MoveList::new();
        let _ = rest.try_extend_from_slice(&self.moves[start..n]);
        for (slot, &k) in self.moves[start..n].iter_mut().zip(keys.iter()) {
            *slot = rest[(k & 255) as usize - start];
        }
    }

    /// The next move, best first; `history` orders the quiet moves.
    ///
    /// Inlined into the search's move loops: once the rest of the list is sorted (most moves
    /// of a node that searches them all), a move costs an index increment, not a call.
    #[inline(always)]
    pub fn next(&mut self, history: &History) -> Option<Move> {
        if self.next < self.ready {
            self.next += 1;
            return Some(self.moves[self.next - 1]);
        }
        if self.next >= self.moves.len() {
            return None;
        }
        self.pick(history)
    }

    /// [`MovePicker::next`] until the list is sorted, while moves remain: the TT move, then
    /// selection of the best for the first few picks, then one sort of the rest.
    #[inline(never)]
    fn pick(&mut self, history: &History) -> Option<Move> {
        let n = self.moves.len();
        if self.next == 0 && self.tt_first {
            self.next = 1;
            return Some(self.moves[0]);
        }
        let scored_best = if self.scored { None } else { Some(self.score(history)) };
        if self.next < LAZY_PICKS {
            // The first best score: found while scoring, or its value in one pass, then its
            // place. Two simple loops rather than one arg-max loop, because a plain maximum
            // vectorises.
            let best = scored_best.unwrap_or_else(|| {
                let rest = &self.scores[self.next..n];
                let max = rest.iter().copied().fold(i32::MIN, i32::max);
                self.next + rest.iter().position(|&s| s == max).unwrap_or(0)
            });
            self.moves.swap(self.next, best);
            self.scores.swap(self.next, best);
        } else if self.next == LAZY_PICKS {
            self.sort_rest();
            self.ready = n;
        }
        self.next += 1;
        Some(self.moves[self.next - 1])
    }
}

#[cfg(test)]
mod tests;
