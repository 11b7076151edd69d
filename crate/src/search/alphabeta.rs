//! Iterative-deepening alpha-beta: negamax with principal variation search (PVS), aspiration
//! windows, a transposition table, quiescence search, check extension, null-move pruning
//! (skipped in check and when the side to move has only king and pawns, where zugzwang is
//! likely), reverse futility pruning, late move reductions, and mate, repetition, fifty-move and
//! insufficient-material draws.
//!
//! # Scores
//! Centipawns from the side to move's point of view. A mate is `±(MATE − plies)` counted from
//! the root (so a faster mate scores higher), the same scale as [`Score::as_cp`]. Any
//! repetition of a position of the game or of the search path is scored as a draw (0), as is
//! a position with the fifty-move counter at 100 or more (unless it is checkmate) and a
//! position where neither side can mate.
//!
//! # Time
//! The search knows time only through the [`Stopper`] and [`Timer`] it is given (see
//! [`super::limits`] for how its own limits combine with the stopper):
//! - every [`Stopper::check_interval`] nodes it polls the stopper; a stop aborts the iteration
//!   at once, which is discarded, and the search returns the best move of the last completed
//!   iteration. Nodes are counted at every node, quiescence included (Stockfish's
//!   `check-calls` counts only main-search calls, so a Stockfish stopper is polled somewhat more
//!   often here than in Stockfish; Mediocre's "counted at alpha-beta entry" likewise);
//! - after every completed iteration it calls [`Stopper::iteration_done`] with the
//!   [`SearchStats`] of §0.7 of the time-manager spec;
//! - depth 1 always completes: nothing is polled before it is done;
//! - Stockfish's `increase_depth = false` is honoured as Stockfish does (spec §9.2): a counter c
//!   grows by one at the start of every iteration that follows such a decision, and iteration
//!   d searches to depth `max(1, d − ⌊3(c+1)/4⌋)`. (Stockfish also subtracts the number of root
//!   fail-highs of the aspiration loop; this search does not.)
//! - with a single legal move it searches as usual; the stopper sees `root_moves = 1` and
//!   decides.
//!
//! With a virtual timer the search never reads the wall clock, and the same position, limits
//! and table state give the same nodes, moves and info lines.

use std::mem::MaybeUninit;

use shakmaty::{Move, MoveList, Position};

use super::info::{IterationDecision, IterationReport, SearchError, SearchResult, nps};
use super::limits::{Governor, Limits, SearchControl};
use super::movegen::tactical_moves;
use super::ordering::{History, MovePicker, Scores, see, victim};
use super::position::{RootPosition, SearchPosition, pack, uci};
use super::tt::{Bound, DEFAULT_MB, MATE_BOUND, Tt};
use crate::clock::timer::Timer;
use crate::stop::{Iteration, MoveKey, Score, SearchStats, StopReason, Stopper};

/// The score of being mated at the root (0 plies); mate in n plies scores `MATE − n`.
pub const MATE: i32 = Score::MATE_CP;
/// Larger than any score.
pub const INF: i32 = MATE + 1;
/// Deepest ply the search can reach (quiescence and extensions included).
pub const MAX_PLY: usize = 128;
/// Deepest iteration.
pub const MAX_DEPTH: u32 = 100;

/// First depth searched with an aspiration window.
const ASPIRATION_MIN_DEPTH: i32 = 4;
/// Initial half-width of the aspiration window, cp.
const ASPIRATION_DELTA: i32 = 20;
/// Beyond this half-width the window opens fully.
const ASPIRATION_MAX_DELTA: i32 = 600;
/// Null-move pruning from this remaining depth on.
const NULL_MIN_DEPTH: i32 = 3;
/// Null-move reduction: `NULL_BASE_R + depth / NULL_DEPTH_DIV`.
const NULL_BASE_R: i32 = 3;
/// See [`NULL_BASE_R`].
const NULL_DEPTH_DIV: i32 = 4;
/// Reverse futility pruning up to this remaining depth.
const RFP_MAX_DEPTH: i32 = 6;
/// Reverse futility margin per ply of remaining depth, cp.
const RFP_MARGIN: i32 = 80;
/// Late move reductions from this remaining depth on.
const LMR_MIN_DEPTH: i32 = 3;
/// Late move reductions from this move number on (0-based).
const LMR_MIN_MOVE: usize = 3;
/// Quiescence delta pruning margin, cp: a capture that cannot lift the score to alpha even
/// with this much to spare is skipped.
const DELTA_MARGIN: i32 = 200;
/// Quiet moves remembered per node for the history malus.
const MAX_QUIETS: usize = 64;
/// Pawn-to-king values used by quiescence pruning, cp (index `Role as usize`; 0 unused).
const PIECE_VALUE: [i32; 7] = [0, 100, 320, 330, 500, 900, 20_000];

/// `ln(x)` with basic IEEE operations only (same bits natively and in wasm, unlike `f64::ln`).
const fn ln(x: f64) -> f64 {
    // Halve into [1, 2), then ln(m) = 2·atanh((m − 1)/(m + 1)).
    let mut m = x;
    let mut k = 0.0;
    while m >= 2.0 {
        m /= 2.0;
        k += 1.0;
    }
    let y = (m - 1.0) / (m + 1.0);
    let y2 = y * y;
    let mut term = y;
    let mut sum = 0.0;
    let mut n = 1.0;
    while n < 60.0 {
        sum += term / n;
        term *= y2;
        n += 2.0;
    }
    2.0 * sum + k * std::f64::consts::LN_2
}

/// Late-move reduction by remaining depth and move number: `0.75 + ln(d)·ln(m)/2.25` plies.
const LMR: [[u8; 64]; 64] = {
    let mut t = [[0u8; 64]; 64];
    let mut d = 1;
    while d < 64 {
        let mut m = 1;
        while m < 64 {
            t[d][m] = (0.75 + ln(d as f64) * ln(m as f64) / 2.25) as u8;
            m += 1;
        }
        d += 1;
    }
    t
};

/// A mate score for a mate `plies` from the root, as a [`Score`].
pub fn to_score(v: i32) -> Score {
    if v >= MATE_BOUND {
        Score::MateIn((MATE - v) as u32)
    } else if v <= -MATE_BOUND {
        Score::MatedIn((MATE + v) as u32)
    } else {
        Score::Cp(v)
    }
}

/// The stopper's view of a move.
pub fn move_key(m: Move) -> MoveKey {
    pack(m) as MoveKey
}

/// Everything a search needs besides the position: who decides when it stops, the clock, its
/// own limits and the flags another thread may set.
pub struct SearchRequest<'a> {
    /// The caller's stopper (a time manager's for clock-managed searches, else
    /// [`crate::stop::NeverStop`]).
    pub stopper: &'a mut dyn Stopper,
    /// Where elapsed time comes from; started by the caller when the move started.
    pub timer: Timer,
    /// The search's own limits.
    pub limits: Limits,
    /// Stop / ponderhit flags (make a fresh one per search).
    pub control: SearchControl,
}

/// An alpha-beta engine. The transposition table persists across searches (cleared by
/// [`Searcher::clear`]); killers and history start empty at every search, so a search depends
/// only on the position, the request and the table.
#[derive(Debug)]
pub struct Searcher {
    tt: Tt,
    history: History,
}

impl Default for Searcher {
    fn default() -> Self {
        Self::new(DEFAULT_MB)
    }
}

/// A root move with its bookkeeping.
#[derive(Clone, Debug)]
struct RootMove {
    mv: Move,
    /// Latest score from a completed search of this move (−INF if not known this iteration).
    score: i32,
    /// Stockfish's `averageScore`: running average of this move's scores.
    avg: Option<i32>,
    /// Nodes under this move, cumulative over the search.
    nodes: u64,
    /// Nodes under this move in the latest iteration (orders the next iteration).
    iter_nodes: u64,
}

/// The result of the last completed iteration.
#[derive(Clone, Debug)]
struct Completed {
    depth: u32,
    seldepth: u32,
    score: i32,
    pv: Vec<Move>,
}

/// Per-search state.
struct Search<'s, 'a> {
    tt: &'s mut Tt,
    history: &'s mut History,
    gov: Governor<'a>,
    timer: Timer,
    nodes: u64,
    next_check: u64,
    stop: Option<StopReason>,
    seldepth: usize,
    killers: Vec<[u16; 2]>,
    /// Keys of the game's positions and of the search path (current node last).
    keys: Vec<u64>,
    pv: Vec<[Option<Move>; MAX_PLY]>,
    pv_len: [usize; MAX_PLY + 1],
    root_moves: Vec<RootMove>,
    iterations: Vec<Iteration>,
    iter_changes: u32,
}

fn make_stats<'x>(
    timer: &Timer,
    nodes: u64,
    iterations: &'x [Iteration],
    root_moves: &[RootMove],
    pondering: bool,
) -> SearchStats<'x> {
    let best = &root_moves[0];
    SearchStats {
        elapsed_ms: timer.elapsed_ms(nodes),
        total_nodes: nodes,
        nodes_this_move: nodes,
        iterations,
        best_move_nodes: best.nodes,
        search_nodes: nodes,
        root_moves: root_moves.len() as u32,
        pondering,
        best_avg_score: best.avg.unwrap_or(best.score) as f64,
        ..SearchStats::default()
    }
}

impl Searcher {
    /// An engine with a transposition table of `tt_mb` MiB (see [`Tt::new`]).
    pub fn new(tt_mb: usize) -> Self {
        Searcher { tt: Tt::new(tt_mb), history: History::default() }
    }

    /// Forgets everything learnt (UCI `ucinewgame`): clears the table and the history.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.clear();
    }

    /// Replaces the transposition table with one of `mb` MiB (UCI `setoption name Hash`).
    pub fn resize(&mut self, mb: usize) {
        self.tt = Tt::new(mb);
    }

    /// The transposition table.
    pub fn tt(&self) -> &Tt {
        &self.tt
    }

    /// Searches `root`, reporting every completed iteration to `on_iteration`.
    pub fn search(
        &mut self,
        root: &RootPosition,
        req: SearchRequest<'_>,
        on_iteration: &mut dyn FnMut(&IterationReport),
    ) -> Result<SearchResult, SearchError> {
        req.limits.validate().map_err(SearchError::BadLimits)?;
        let sp = SearchPosition::new(root.position().clone());
        let mut legal = sp.pos().legal_moves();
        if legal.is_empty() {
            return Err(if sp.is_check() { SearchError::Checkmate } else { SearchError::Stalemate });
        }
        if legal.iter().any(|m| req.limits.searchmoves.contains(m)) {
            legal.retain(|m| req.limits.searchmoves.contains(m));
        }
        self.tt.new_search();
        self.history.clear();
        let tt_move = self.tt.probe(sp.key(), 0).map_or(0, |h| h.mv);
        let turn = sp.pos().turn();
        let (mut legal, mut scores) = (legal, Scores::new());
        let mut picker = MovePicker::new(&mut legal, &mut scores, tt_move, [0, 0], turn);
        let root_moves = std::iter::from_fn(|| picker.next(&self.history))
            .map(|mv| RootMove { mv, score: -INF, avg: None, nodes: 0, iter_nodes: 0 })
            .collect();
        let mut keys = Vec::with_capacity(root.history().len() + MAX_PLY + 1);
        keys.extend_from_slice(root.history());
        keys.push(sp.key());
        let mut s = Search {
            tt: &mut self.tt,
            history: &mut self.history,
            gov: Governor::new(req.stopper, req.limits, req.control),
            timer: req.timer,
            nodes: 0,
            next_check: u64::MAX,
            stop: None,
            seldepth: 0,
            killers: vec![[0; 2]; MAX_PLY + 2],
            keys,
            pv: vec![[None; MAX_PLY]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            root_moves,
            iterations: Vec::new(),
            iter_changes: 0,
        };
        Ok(s.iterate(&sp, on_iteration))
    }
}

impl Search<'_, '_> {
    /// Counts a node and runs the hard check when due. Returns whether to abort.
    #[inline(always)]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.next_check {
            self.hard_check();
        }
        self.stop.is_some()
    }

    #[cold]
    fn hard_check(&mut self) {
        if self.gov.ponderhit_pending() {
            let stats =
                make_stats(&self.timer, self.nodes, &self.iterations, &self.root_moves, self.gov.pondering());
            self.gov.apply_ponderhit(&stats);
        }
        let stats =
            make_stats(&self.timer, self.nodes, &self.iterations, &self.root_moves, self.gov.pondering());
        if let Some(reason) = self.gov.check(self.nodes, &stats) {
            self.stop = Some(reason);
        }
        self.next_check = self.gov.next_check();
    }

    fn iterate(
        &mut self,
        root: &SearchPosition,
        on_iteration: &mut dyn FnMut(&IterationReport),
    ) -> SearchResult {
        let mut completed: Option<Completed> = None;
        let mut search_again = 0i32;
        let mut increase_depth = true;
        let mut reason = StopReason::Depth;
        for depth in 1..=MAX_DEPTH {
            if depth > 1 && !increase_depth {
                search_again += 1;
            }
            let search_depth = (depth as i32 - 3 * (search_again + 1) / 4).max(1);
            self.iter_changes = 0;
            self.seldepth = 0;
            for rm in &mut self.root_moves {
                rm.iter_nodes = 0;
            }
            let Some(score) = self.aspiration(root, search_depth, completed.as_ref().map(|c| c.score)) else {
                reason = self.stop.unwrap_or(StopReason::HardLimit);
                break;
            };
            let pv: Vec<Move> = self.pv[0][..self.pv_len[0]].iter().flatten().copied().collect();
            let best = self.root_moves[0].mv;
            self.iterations.push(Iteration {
                depth,
                best_move: move_key(best),
                score: to_score(score),
                best_move_changes: self.iter_changes,
            });
            completed = Some(Completed { depth, seldepth: self.seldepth as u32, score, pv });
            // Order the next iteration: best first, then by nodes spent in this one.
            self.root_moves[1..].sort_by_key(|rm| std::cmp::Reverse(rm.iter_nodes));
            if depth == 1 {
                self.gov.arm(self.nodes);
            }
            if self.gov.ponderhit_pending() {
                let stats = make_stats(
                    &self.timer,
                    self.nodes,
                    &self.iterations,
                    &self.root_moves,
                    self.gov.pondering(),
                );
                self.gov.apply_ponderhit(&stats);
            }
            let stats =
                make_stats(&self.timer, self.nodes, &self.iterations, &self.root_moves, self.gov.pondering());
            let elapsed_ms = stats.elapsed_ms;
            let decision = self.gov.iteration_done(self.nodes, &stats);
            let c = completed.as_ref().expect("just set");
            on_iteration(&IterationReport {
                depth,
                search_depth: search_depth as u32,
                seldepth: c.seldepth,
                score: to_score(score),
                nodes: self.nodes,
                elapsed_ms,
                nps: nps(self.nodes, elapsed_ms),
                hashfull: self.tt.hashfull(),
                pv: c.pv.iter().map(|&m| uci(m)).collect(),
                best_move_changes: self.iter_changes,
                best_move_nodes: self.root_moves[0].nodes,
                budget: self.gov.budget(),
                decision: IterationDecision { stop: decision.stop, increase_depth: decision.increase_depth },
                limit: self.gov.effective_limit(),
            });
            if let Some(r) = decision.stop {
                reason = r;
                break;
            }
            increase_depth = decision.increase_depth;
            self.next_check = self.gov.next_check();
        }
        let c = completed.expect("depth 1 always completes");
        let best_move = c.pv.first().copied().unwrap_or(self.root_moves[0].mv);
        let ponder_move = c.pv.get(1).copied().or_else(|| self.tt_reply(root, best_move));
        let elapsed_ms = self.timer.elapsed_ms(self.nodes);
        SearchResult {
            best_move,
            best_move_uci: uci(best_move),
            ponder_move,
            ponder_uci: ponder_move.map(uci),
            score: to_score(c.score),
            depth: c.depth,
            seldepth: c.seldepth,
            nodes: self.nodes,
            elapsed_ms,
            stop_reason: reason,
            pv: c.pv.iter().map(|&m| uci(m)).collect(),
            iterations: self.iterations.len() as u32,
        }
    }

    /// The transposition table's move in the position after `best`, if it is legal there.
    fn tt_reply(&self, root: &SearchPosition, best: Move) -> Option<Move> {
        let child = root.play(best);
        let mv = self.tt.probe(child.key(), 1)?.mv;
        child.pos().legal_moves().into_iter().find(|&m| pack(m) == mv)
    }

    /// One iteration with an aspiration window around the previous score. `None` if aborted.
    fn aspiration(&mut self, root: &SearchPosition, depth: i32, prev: Option<i32>) -> Option<i32> {
        let mut delta = ASPIRATION_DELTA;
        let (mut alpha, mut beta) = match prev {
            Some(p) if depth >= ASPIRATION_MIN_DEPTH && p.abs() < MATE_BOUND => {
                ((p - delta).max(-INF), (p + delta).min(INF))
            }
            _ => (-INF, INF),
        };
        loop {
            let score = self.search_root(root, depth, alpha, beta)?;
            if score <= alpha && alpha > -INF {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INF);
            } else if score >= beta && beta < INF {
                beta = (score + delta).min(INF);
            } else {
                return Some(score);
            }
            delta += delta / 2;
            if delta > ASPIRATION_MAX_DELTA {
                alpha = -INF;
                beta = INF;
            }
        }
    }

    /// Searches all root moves. Moves the best one to the front. `None` if aborted.
    fn search_root(&mut self, root: &SearchPosition, depth: i32, mut alpha: i32, beta: i32) -> Option<i32> {
        self.pv_len[0] = 0;
        let mut best_score = -INF;
        let mut best_index = 0;
        for i in 0..self.root_moves.len() {
            let m = self.root_moves[i].mv;
            let before = self.nodes;
            let child = root.play(m);
            self.keys.push(child.key());
            let mut score;
            if i == 0 {
                score = -self.negamax(&child, depth - 1, -beta, -alpha, 1, true);
            } else {
                score = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, 1, true);
                if score > alpha && score < beta && self.stop.is_none() {
                    score = -self.negamax(&child, depth - 1, -beta, -alpha, 1, true);
                }
            }
            self.keys.pop();
            let spent = self.nodes - before;
            let rm = &mut self.root_moves[i];
            rm.nodes += spent;
            rm.iter_nodes += spent;
            if self.stop.is_some() {
                return None;
            }
            if i == 0 || score > alpha {
                rm.score = score;
                rm.avg = Some(rm.avg.map_or(score, |a| (a + score) / 2));
                if score > best_score {
                    best_score = score;
                    best_index = i;
                    self.update_pv(0, m);
                }
                if score > alpha {
                    if i > 0 {
                        self.iter_changes += 1;
                    }
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            } else {
                rm.score = -INF;
            }
        }
        self.root_moves[..=best_index].rotate_right(1);
        Some(best_score)
    }

    #[inline]
    fn update_pv(&mut self, ply: usize, m: Move) {
        let child_len = self.pv_len[ply + 1];
        self.pv[ply][0] = Some(m);
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply][1..=child_len].copy_from_slice(&tail[0][..child_len]);
        self.pv_len[ply] = child_len + 1;
    }

    /// Whether the current node (key last on the stack) repeats an earlier position within the
    /// reversible moves, or is drawn by the fifty-move rule or insufficient material.
    #[inline]
    fn is_draw(&self, sp: &SearchPosition) -> bool {
        let pos = sp.pos();
        let halfmoves = pos.halfmoves() as usize;
        if halfmoves >= 100 {
            return !(sp.is_check() && pos.legal_moves().is_empty());
        }
        let n = self.keys.len();
        let key = sp.key();
        // Positions with the same side to move, back to the last irreversible move.
        let oldest = n.saturating_sub(halfmoves + 1);
        let mut i = n - 1;
        while i >= oldest + 2 {
            i -= 2;
            if self.keys[i] == key {
                return true;
            }
        }
        let board = pos.board();
        board.occupied().count() <= 3 && (board.pawns() | board.rooks_and_queens()).is_empty()
    }

    /// Searches `sp` to `depth` (extended by one ply in check): quiescence search at the
    /// horizon, [`Search::node`] above it.
    ///
    /// Inlined into every caller, so a move at the horizon costs one call (to `qsearch`), not
    /// two: a call is dearer in wasm, where the engine saves no registers across calls.
    #[inline(always)]
    fn negamax(
        &mut self,
        sp: &SearchPosition,
        mut depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        null_ok: bool,
    ) -> i32 {
        if sp.is_check() && ply < MAX_PLY / 2 {
            depth += 1;
        }
        if depth <= 0 {
            return self.qsearch(sp, alpha, beta, ply);
        }
        self.node(sp, depth, alpha, beta, ply, null_ok)
    }

    /// A full-width node (`depth` ≥ 1, extensions applied): TT cutoffs, pruning, and the
    /// move loop.
    fn node(
        &mut self,
        sp: &SearchPosition,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        null_ok: bool,
    ) -> i32 {
        let in_check = sp.is_check();
        self.pv_len[ply] = 0;
        if self.tick() {
            return 0;
        }
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if self.is_draw(sp) {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return sp.evaluate();
        }
        // Mate distance pruning: no score here can beat a mate already found nearer the root.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let pv_node = beta - alpha > 1;
        let key = sp.key();
        let hit = self.tt.probe(key, ply);
        let tt_move = hit.map_or(0, |h| h.mv);
        if let Some(h) = hit
            && !pv_node
            && h.depth >= depth
            && match h.bound {
                Bound::Exact => true,
                Bound::Lower => h.score >= beta,
                Bound::Upper => h.score <= alpha,
            }
        {
            return h.score;
        }
        let static_eval = if in_check { -INF } else { sp.evaluate() };
        if !pv_node && !in_check && beta.abs() < MATE_BOUND {
            if depth <= RFP_MAX_DEPTH && static_eval - RFP_MARGIN * depth >= beta {
                return static_eval;
            }
            if null_ok
                && depth >= NULL_MIN_DEPTH
                && static_eval >= beta
                && sp.has_non_pawn_material()
                && let Some(null) = sp.play_null()
            {
                let r = NULL_BASE_R + depth / NULL_DEPTH_DIV;
                self.keys.push(null.key());
                let score = -self.negamax(&null, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
                self.keys.pop();
                if self.stop.is_some() {
                    return 0;
                }
                if score >= beta {
                    return if score >= MATE_BOUND { beta } else { score };
                }
            }
        }
        let mut moves = sp.pos().legal_moves();
        if moves.is_empty() {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        let turn = sp.pos().turn();
        let killers = self.killers[ply];
        let mut scores = Scores::new();
        let mut picker = MovePicker::new(&mut moves, &mut scores, tt_move, killers, turn);
        let original_alpha = alpha;
        let mut best_score = -INF;
        let mut best_move = 0u16;
        let mut quiets: arrayvec::ArrayVec<u16, MAX_QUIETS> = arrayvec::ArrayVec::new();
        let mut index = 0;
        let mut slot = MaybeUninit::uninit();
        while let Some(m) = picker.next(self.history) {
            let child = sp.play_into(m, &mut slot);
            self.tt.prefetch(child.key());
            let key_m = pack(m);
            let quiet = victim(m).is_none() && !m.is_promotion();
            self.keys.push(child.key());
            let new_depth = depth - 1;
            let mut score;
            if index == 0 {
                score = -self.negamax(child, new_depth, -beta, -alpha, ply + 1, true);
            } else {
                let mut r = 0;
                if depth >= LMR_MIN_DEPTH && index >= LMR_MIN_MOVE && quiet && !in_check {
                    r = LMR[depth.min(63) as usize][index.min(63)] as i32;
                    if pv_node {
                        r -= 1;
                    }
                    if key_m == killers[0] || key_m == killers[1] {
                        r -= 1;
                    }
                    if child.is_check() {
                        r -= 1;
                    }
                    r = r.clamp(0, new_depth - 1);
                }
                score = -self.negamax(child, new_depth - r, -alpha - 1, -alpha, ply + 1, true);
                // No re-search once the search is stopped: the 0 an aborted child returns can
                // look like a fail-high, and a re-search would count nodes past the limit.
                if score > alpha && r > 0 && self.stop.is_none() {
                    score = -self.negamax(child, new_depth, -alpha - 1, -alpha, ply + 1, true);
                }
                if score > alpha && score < beta && self.stop.is_none() {
                    score = -self.negamax(child, new_depth, -beta, -alpha, ply + 1, true);
                }
            }
            self.keys.pop();
            if self.stop.is_some() {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = key_m;
                    alpha = score;
                    if pv_node {
                        self.update_pv(ply, m);
                    }
                    if score >= beta {
                        if quiet {
                            let k = &mut self.killers[ply];
                            if k[0] != key_m {
                                k[1] = k[0];
                                k[0] = key_m;
                            }
                            let bonus = depth * depth;
                            self.history.update(turn, key_m, bonus);
                            for &q in &quiets {
                                self.history.update(turn, q, -bonus);
                            }
                        }
                        break;
                    }
                }
            }
            if quiet && !quiets.is_full() {
                quiets.push(key_m);
            }
            index += 1;
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(key, ply, best_move, best_score, static_eval, depth, bound);
        best_score
    }

    /// Quiescence search: captures and queen promotions (all evasions in check) until the
    /// position is quiet, with the static evaluation as a lower bound ("stand pat") when not
    /// in check.
    ///
    /// Inlined into every caller up to the stand-pat cutoff, which ends most quiescence nodes:
    /// those cost no call (a call is dearer in wasm, where the engine saves no registers
    /// across calls). [`Search::qsearch_moves`] searches the moves.
    #[inline(always)]
    fn qsearch(&mut self, sp: &SearchPosition, alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv_len[ply] = 0;
        if self.tick() {
            return 0;
        }
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if ply >= MAX_PLY - 1 {
            return sp.evaluate();
        }
        if sp.is_check() {
            return self.qsearch_moves(sp, alpha, beta, ply, -INF);
        }
        let stand_pat = sp.evaluate();
        if stand_pat >= beta {
            return stand_pat;
        }
        self.qsearch_moves(sp, alpha.max(stand_pat), beta, ply, stand_pat)
    }

    /// The moves of [`Search::qsearch`]; `stand_pat` is the static evaluation, or `-INF`
    /// in check (every evasion is searched, and no evasion means mate).
    fn qsearch_moves(
        &mut self,
        sp: &SearchPosition,
        alpha: i32,
        beta: i32,
        ply: usize,
        stand_pat: i32,
    ) -> i32 {
        let mut scores = Scores::new();
        if sp.is_check() {
            // Bound where it is made: assigning the returned list to an existing one would copy
            // all its 256 slots.
            let mut moves = sp.pos().legal_moves();
            if moves.is_empty() {
                return -MATE + ply as i32;
            }
            let turn = sp.pos().turn();
            let picker = MovePicker::new(&mut moves, &mut scores, 0, [0, 0], turn);
            return self.qsearch_loop::<true>(sp, picker, alpha, beta, ply, stand_pat);
        }
        let mut moves = MoveList::new();
        tactical_moves(sp.pos(), &mut moves);
        let picker = MovePicker::tactical(&mut moves, &mut scores);
        self.qsearch_loop::<false>(sp, picker, alpha, beta, ply, stand_pat)
    }

    /// The move loop of [`Search::qsearch_moves`], once for evasions (`IN_CHECK`, every move
    /// searched, no stand pat) and once for captures (pruned by delta and SEE).
    #[inline(always)]
    fn qsearch_loop<const IN_CHECK: bool>(
        &mut self,
        sp: &SearchPosition,
        mut picker: MovePicker<'_>,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        stand_pat: i32,
    ) -> i32 {
        let in_check = IN_CHECK;
        let mut best_score = if IN_CHECK { -INF } else { stand_pat };
        let mut slot = MaybeUninit::uninit();
        while let Some(m) = picker.next(self.history) {
            if !in_check && m.promotion().is_none() {
                let gain = victim(m).map_or(0, |r| PIECE_VALUE[r as usize]);
                if stand_pat + gain + DELTA_MARGIN <= alpha {
                    continue;
                }
                // Skip captures that lose material (a cheaper victim than the attacker may).
                if gain < PIECE_VALUE[m.role() as usize] && see(sp.pos().board(), m) < 0 {
                    continue;
                }
            }
            let child = sp.play_into(m, &mut slot);
            let score = -self.qsearch(child, -beta, -alpha, ply + 1);
            if self.stop.is_some() {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best_score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic_ln_is_accurate() {
        for x in [1.0, 1.5, 2.0, 3.0, 10.0, 63.0] {
            assert!((ln(x) - f64::ln(x)).abs() < 1e-12, "{x}");
        }
        assert_eq!(LMR[1][1], 0);
        assert_eq!(LMR[8][10], (0.75 + f64::ln(8.0) * f64::ln(10.0) / 2.25) as u8);
    }

    #[test]
    fn mate_scores_convert() {
        assert_eq!(to_score(MATE - 3), Score::MateIn(3));
        assert_eq!(to_score(-MATE + 2), Score::MatedIn(2));
        assert_eq!(to_score(-35), Score::Cp(-35));
        assert_eq!(to_score(MATE - 3).as_cp(), MATE - 3);
    }
}
