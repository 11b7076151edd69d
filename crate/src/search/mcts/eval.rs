//! The cheap value behind every MCTS leaf: material + piece-square tables, a small capture
//! search on top, and the logistic map from centipawns to Q.
//!
//! The tables are generated from a few named shape constants (centralisation, pawn advance,
//! king shelter) rather than typed in, so every number has a reason. The evaluation is tapered
//! between middlegame and endgame by the usual phase count (N, B = 1, R = 2, Q = 4; 24 = all).
//!
//! The quiescence search is a fail-hard alpha-beta over captures and queen promotions with
//! stand-pat, MVV-LVA ordering and delta pruning, bounded by a node budget. It ignores checks
//! (a side in check may still stand pat): it is a static-exchange estimate, not a tactical
//! search; the tree above it finds mates.

use shakmaty::{Bitboard, Board, Color, Role, Square, attacks};

/// Material values, middlegame, indexed by `role as usize - 1`.
pub(crate) const VALUE_MG: [i32; 6] = [100, 320, 330, 500, 950, 0];
/// Material values, endgame.
pub(crate) const VALUE_EG: [i32; 6] = [120, 300, 320, 540, 980, 0];
/// Values used for ordering and exchange estimates (middlegame values; king "infinite").
pub(crate) const ORDER_VALUE: [i32; 6] = [100, 320, 330, 500, 950, 20_000];
/// Phase weight of each role; the full starting material is [`PHASE_MAX`].
const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// Phase of the starting position.
pub(crate) const PHASE_MAX: i32 = 24;
/// Bonus for the side to move, in centipawns.
const TEMPO: i32 = 10;
/// Delta pruning margin: a capture that cannot lift the stand-pat score to within this of alpha
/// is skipped.
const DELTA_MARGIN: i32 = 200;
/// Centipawn bound used as ±∞ in the capture search.
pub(crate) const INF: i32 = 30_000;

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

/// Game phase, 0 (bare kings and pawns) … [`PHASE_MAX`] (all pieces).
pub(crate) fn phase(board: &Board) -> i32 {
    let mut p = 0;
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        p += PHASE_WEIGHT[ri(role)] * board.by_role(role).count() as i32;
    }
    p.min(PHASE_MAX)
}

/// Taper a (middlegame, endgame) pair by `phase`.
#[inline]
pub(crate) fn taper(mg: i32, eg: i32, phase: i32) -> i32 {
    (mg * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX
}

/// Material + piece-square value of one piece, positive for white: (middlegame, endgame).
#[inline]
fn contribution(color: Color, role: Role, sq: Square) -> (i32, i32) {
    let r = ri(role);
    let (pm, pe) = PST[r][rel(color, sq)];
    let (mg, eg) = (VALUE_MG[r] + pm, VALUE_EG[r] + pe);
    match color {
        Color::White => (mg, eg),
        Color::Black => (-mg, -eg),
    }
}

/// The evaluation's sums, kept incrementally through the capture search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct EvalState {
    /// Middlegame sum, white's point of view.
    mg: i32,
    /// Endgame sum, white's point of view.
    eg: i32,
    /// Phase count (not yet capped at [`PHASE_MAX`]).
    phase: i32,
}

impl EvalState {
    /// The sums of `board`, from scratch.
    pub fn of(board: &Board) -> Self {
        let (mut mg, mut eg, mut phase) = (0, 0, 0);
        for color in Color::ALL {
            for role in Role::ALL {
                let bb = board.by_piece(role.of(color));
                phase += PHASE_WEIGHT[ri(role)] * bb.count() as i32;
                for sq in bb {
                    let (m, e) = contribution(color, role, sq);
                    mg += m;
                    eg += e;
                }
            }
        }
        EvalState { mg, eg, phase }
    }

    /// The score for `stm`, in centipawns.
    #[inline]
    pub fn score(&self, stm: Color) -> i32 {
        let t = taper(self.mg, self.eg, self.phase.min(PHASE_MAX));
        (if stm == Color::White { t } else { -t }) + TEMPO
    }

    /// The sums after `stm` moves `role` from `from` to `to`, capturing `victim`, becoming
    /// `new_role` (different from `role` for a promotion).
    #[inline]
    fn after(
        self,
        stm: Color,
        role: Role,
        new_role: Role,
        from: Square,
        to: Square,
        victim: Option<Role>,
    ) -> Self {
        let mut s = self;
        if let Some(v) = victim {
            let (m, e) = contribution(!stm, v, to);
            s.mg -= m;
            s.eg -= e;
            s.phase -= PHASE_WEIGHT[ri(v)];
        }
        let (m, e) = contribution(stm, role, from);
        s.mg -= m;
        s.eg -= e;
        let (m, e) = contribution(stm, new_role, to);
        s.mg += m;
        s.eg += e;
        s.phase += PHASE_WEIGHT[ri(new_role)] - PHASE_WEIGHT[ri(role)];
        s
    }
}

/// Static evaluation in centipawns from the point of view of `stm`.
#[cfg(test)]
pub(crate) fn evaluate(board: &Board, stm: Color) -> i32 {
    EvalState::of(board).score(stm)
}

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

/// A capture-search move.
#[derive(Clone, Copy)]
struct Tactical {
    from: Square,
    to: Square,
    role: Role,
    /// The captured role, `None` for a quiet promotion.
    victim: Option<Role>,
}

/// Victims in the order the capture search tries them (most valuable first).
const VICTIMS: [Role; 5] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn];

/// The capture search. One instance is reused for every leaf (it holds no allocation).
#[derive(Debug, Default)]
pub(crate) struct QSearch {
    budget: u32,
    /// Nodes searched since creation (for statistics).
    pub nodes: u64,
}

/// What trying one move did.
enum Tried {
    /// Skipped (illegal, or pruned).
    Skipped,
    /// Searched; the new alpha.
    Searched,
    /// Beta cutoff with this score.
    Cutoff(i32),
    /// The node budget is spent.
    OutOfBudget,
}

impl QSearch {
    /// The capture-search value of `board` with `stm` to move, in centipawns from `stm`'s point
    /// of view, searching at most `budget` nodes beyond the root.
    pub fn value(&mut self, board: &Board, stm: Color, budget: u32) -> i32 {
        self.budget = budget;
        self.search(board, EvalState::of(board), stm, -INF, INF)
    }

    /// Moves are generated lazily, most valuable victim first and, for each victim, least
    /// valuable attacker first (MVV-LVA), so a cutoff by the first capture generates nothing
    /// else. Quiet queen promotions come first.
    fn search(&mut self, board: &Board, state: EvalState, stm: Color, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        let stand = state.score(stm);
        if stand >= beta {
            return stand;
        }
        if stand > alpha {
            alpha = stand;
        }
        if self.budget == 0 {
            return alpha;
        }
        let occ = board.occupied();
        let ours = board.by_color(stm);
        let (seventh, push) = match stm {
            Color::White => (Bitboard::from(shakmaty::Rank::Seventh), 8),
            Color::Black => (Bitboard::from(shakmaty::Rank::Second), -8),
        };
        let our_pawns = board.by_piece(Role::Pawn.of(stm));
        for from in our_pawns & seventh {
            if let Some(to) = from.offset(push)
                && !occ.contains(to)
            {
                let t = Tactical { from, to, role: Role::Pawn, victim: None };
                match self.try_move(board, state, stm, t, stand, &mut alpha, beta) {
                    Tried::Cutoff(score) => return score,
                    Tried::OutOfBudget => return alpha,
                    _ => {}
                }
            }
        }
        let promoting = our_pawns & seventh;
        for victim in VICTIMS {
            // Delta pruning for the whole victim class (a capture-promotion may still help).
            if stand + ORDER_VALUE[ri(victim)] + DELTA_MARGIN < alpha && promoting.is_empty() {
                break;
            }
            for to in board.by_piece(victim.of(!stm)) {
                let attackers = board.attacks_to(to, stm, occ) & ours;
                if attackers.is_empty() {
                    continue;
                }
                for role in Role::ALL {
                    for from in attackers & board.by_role(role) {
                        let t = Tactical { from, to, role, victim: Some(victim) };
                        match self.try_move(board, state, stm, t, stand, &mut alpha, beta) {
                            Tried::Cutoff(score) => return score,
                            Tried::OutOfBudget => return alpha,
                            _ => {}
                        }
                    }
                }
            }
        }
        alpha
    }

    /// Search one tactical move if it is legal and not delta-pruned.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn try_move(
        &mut self,
        board: &Board,
        state: EvalState,
        stm: Color,
        t: Tactical,
        stand: i32,
        alpha: &mut i32,
        beta: i32,
    ) -> Tried {
        let promotes =
            t.role == Role::Pawn && matches!(t.to.rank(), shakmaty::Rank::First | shakmaty::Rank::Eighth);
        let gain = t.victim.map_or(0, |v| ORDER_VALUE[ri(v)])
            + if promotes { ORDER_VALUE[ri(Role::Queen)] - ORDER_VALUE[0] } else { 0 };
        if stand + gain + DELTA_MARGIN < *alpha {
            return Tried::Skipped;
        }
        let new_role = if promotes { Role::Queen } else { t.role };
        let mut child = board.clone();
        child.discard_piece_at(t.to);
        child.discard_piece_at(t.from);
        child.set_piece_at(t.to, new_role.of(stm));
        let king = if t.role == Role::King { Some(t.to) } else { board.king_of(stm) };
        if let Some(k) = king
            && child.attacks_to(k, !stm, child.occupied()).any()
        {
            return Tried::Skipped; // illegal: leaves the king in check
        }
        if self.budget == 0 {
            return Tried::OutOfBudget;
        }
        self.budget -= 1;
        let child_state = state.after(stm, t.role, new_role, t.from, t.to, t.victim);
        let score = -self.search(&child, child_state, !stm, -beta, -*alpha);
        if score >= beta {
            return Tried::Cutoff(score);
        }
        if score > *alpha {
            *alpha = score;
        }
        Tried::Searched
    }
}

/// `e^x`, from IEEE basic operations only (so native and wasm builds give the same bits, unlike
/// the platform `expf`), relative error below 1e-6 on [−87, 88].
pub(crate) fn exp(x: f32) -> f32 {
    const LN2_HI: f32 = 0.693_145_75;
    const LN2_LO: f32 = 1.428_606_8e-6;
    if x < -87.0 {
        return 0.0;
    }
    let x = x.min(88.0);
    // x = k·ln2 + r with |r| ≤ ln2/2; e^r by a degree-6 Taylor polynomial.
    let k = (x * std::f32::consts::LOG2_E + if x < 0.0 { -0.5 } else { 0.5 }) as i32;
    let r = (x - k as f32 * LN2_HI) - k as f32 * LN2_LO;
    let p = 1.0
        + r * (1.0 + r * (0.5 + r * (1.0 / 6.0 + r * (1.0 / 24.0 + r * (1.0 / 120.0 + r * (1.0 / 720.0))))));
    // Scale by 2^k in two steps so that k down to −126 − 1 stays representable.
    let half = k / 2;
    let two_pow = |e: i32| f32::from_bits(((e + 127) as u32) << 23);
    p * two_pow(half) * two_pow(k - half)
}

/// `ln x` for `x > 0`, from IEEE basic operations only, absolute error below 1e-6.
pub(crate) fn ln(x: f32) -> f32 {
    // x = m·2^e with m in [√½, √2); ln m = 2·atanh(s), s = (m − 1)/(m + 1), |s| ≤ 0.172.
    let bits = x.to_bits();
    let mut e = ((bits >> 23) & 0xff) as i32 - 127;
    let mut m = f32::from_bits((bits & 0x007f_ffff) | 0x3f80_0000);
    if m > std::f32::consts::SQRT_2 {
        m *= 0.5;
        e += 1;
    }
    let s = (m - 1.0) / (m + 1.0);
    let s2 = s * s;
    let atanh = s * (1.0 + s2 * (1.0 / 3.0 + s2 * (1.0 / 5.0 + s2 * (1.0 / 7.0 + s2 * (1.0 / 9.0)))));
    2.0 * atanh + e as f32 * std::f32::consts::LN_2
}

/// Win probability → Q and back: `Q = 2/(1 + e^(−cp/scale)) − 1 = tanh(cp / (2·scale))`.
pub(crate) fn cp_to_q(cp: i32, scale: f32) -> f32 {
    let t = exp(-(cp as f32 / scale).abs());
    let q = (1.0 - t) / (1.0 + t);
    if cp < 0 { -q } else { q }
}

/// The inverse of [`cp_to_q`]: `cp = scale · ln((1 + Q)/(1 − Q))`, with |Q| capped just below 1.
pub(crate) fn q_to_cp(q: f32, scale: f32) -> i32 {
    /// |Q| beyond this prints as the same large score instead of ±∞.
    const Q_CAP: f32 = 0.9999;
    let q = q.clamp(-Q_CAP, Q_CAP);
    (scale * ln((1.0 + q) / (1.0 - q))).round() as i32
}

#[cfg(test)]
mod tests;
