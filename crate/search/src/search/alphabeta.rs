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
//! - checks start one interval after the search starts, inside depth 1: a search stopped there
//!   plays its best root move searched so far (or, inside the first one, the first of the root
//!   ordering), as Stockfish does; one check is due at the end of depth 1, then every interval;
//! - Stockfish's `increase_depth = false` is honoured as Stockfish does (spec §9.2): a counter c
//!   grows by one at the start of every iteration that follows such a decision, and iteration
//!   d searches to depth `max(1, d − ⌊3(c+1)/4⌋)`. (Stockfish also subtracts the number of root
//!   fail-highs of the aspiration loop; this search does not.)
//! - with a single legal move it searches as usual; the stopper sees `root_moves = 1` and
//!   decides.
//!
//! With a virtual timer the search never reads the wall clock, and the same position, limits
//! and table state give the same nodes, moves and info lines.
//!
//! # Layout
//! This file holds the engine and the per-search state; `root` drives the iterations and the
//! root move loop, `node` is the negamax node with its pruning, `quiesce` the quiescence search
//! and `tuning` their constants.

use shakmaty::{Move, Position};

use super::info::{IterationReport, SearchError, SearchResult};
use super::limits::{Governor, Limits, SearchControl};
use super::mate::MATE_BOUND;
use super::ordering::{History, MovePicker, Scores};
use super::position::{RootPosition, SearchPosition, pack};
use super::tt::{DEFAULT_MB, Tt};
use crate::clock::timer::Timer;
use crate::stop::{Iteration, MoveKey, Score, SearchStats, StopReason, Stopper};

mod node;
mod quiesce;
mod root;
mod tuning;

pub use super::mate::{MATE, MAX_PLY};
/// Larger than any score.
pub const INF: i32 = MATE + 1;
/// Deepest iteration.
pub const MAX_DEPTH: u32 = 100;

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
}

#[cfg(test)]
mod tests;
