//! What a search reports: one [`IterationReport`] per completed iteration (printed as a UCI
//! `info` line and serialised as telemetry for the UI), and the final [`SearchResult`].
//!
//! `nps` and `time` come from the search's [`crate::clock::timer::Timer`]: with a virtual timer
//! they are virtual (nodes ÷ virtual rate), so `nps` is exactly the virtual rate and every line
//! is deterministic.

use serde::Serialize;
use shakmaty::Move;

use crate::stop::{Budget, EffectiveLimit, Score, StopReason};

/// The stopper's answer after an iteration, as recorded in telemetry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct IterationDecision {
    /// Why the search stopped after this iteration, if it did.
    pub stop: Option<StopReason>,
    /// Stockfish's `increase_depth` (false: the next iteration re-searches at the same
    /// effective depth).
    pub increase_depth: bool,
}

/// One completed iteration.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct IterationReport {
    /// The iteration's depth (Stockfish's `rootDepth`; what `info depth` shows and what the
    /// stopper sees as the completed depth).
    pub depth: u32,
    /// The depth actually searched: `max(1, depth − ⌊3(c+1)/4⌋)` with Stockfish's re-search
    /// counter c (equal to `depth` while the stopper always increases depth).
    pub search_depth: u32,
    /// Deepest ply reached, quiescence included; never below `depth` (a line cut short by a
    /// transposition-table hit or a repetition counts as searched to the iteration's depth).
    pub seldepth: u32,
    /// Root score, side to move's point of view.
    pub score: Score,
    /// Nodes searched this move so far.
    pub nodes: u64,
    /// Elapsed ms (real or virtual).
    pub elapsed_ms: f64,
    /// Nodes per second (virtual with a virtual timer).
    pub nps: u64,
    /// Transposition table use, per mille.
    pub hashfull: u32,
    /// Principal variation in UCI notation.
    pub pv: Vec<String>,
    /// How many times the best root move changed during this iteration.
    pub best_move_changes: u32,
    /// Nodes under the best root move, cumulative over this search.
    pub best_move_nodes: u64,
    /// The stopper's budget after its soft check (soft, hard and the terms behind them).
    pub budget: Budget,
    /// The stopper's decision after this iteration.
    pub decision: IterationDecision,
    /// The soft limit the manager is using after this iteration, with its factors (`None`
    /// without a manager).
    pub limit: Option<EffectiveLimit>,
}

impl IterationReport {
    /// The UCI `info` line.
    pub fn to_uci(&self) -> String {
        let mut line = format!(
            "info depth {} seldepth {} multipv 1 score {} nodes {} nps {} hashfull {} time {}",
            self.depth,
            self.seldepth,
            self.score.to_uci(),
            self.nodes,
            self.nps,
            self.hashfull,
            self.elapsed_ms as u64
        );
        if !self.pv.is_empty() {
            line.push_str(" pv");
            for m in &self.pv {
                line.push(' ');
                line.push_str(m);
            }
        }
        line
    }
}

/// Nodes per second from nodes and milliseconds (0 when no time has elapsed).
pub fn nps(nodes: u64, elapsed_ms: f64) -> u64 {
    if elapsed_ms > 0.0 { (nodes as f64 * 1000.0 / elapsed_ms).round() as u64 } else { 0 }
}

/// The outcome of a search.
#[derive(Clone, Debug, Serialize)]
pub struct SearchResult {
    /// The move to play: the best move of the last completed iteration.
    #[serde(skip)]
    pub best_move: Move,
    /// `best_move` in UCI notation.
    pub best_move_uci: String,
    /// The expected reply (second PV move, or the transposition table's move), if known.
    #[serde(skip)]
    pub ponder_move: Option<Move>,
    /// `ponder_move` in UCI notation.
    pub ponder_uci: Option<String>,
    /// Score of the last completed iteration.
    pub score: Score,
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Selective depth of the last completed iteration.
    pub seldepth: u32,
    /// Nodes searched, including any aborted iteration.
    pub nodes: u64,
    /// Elapsed ms when the search returned (real or virtual).
    pub elapsed_ms: f64,
    /// Why the search ended.
    pub stop_reason: StopReason,
    /// Principal variation of the last completed iteration.
    pub pv: Vec<String>,
    /// Completed iterations.
    pub iterations: u32,
}

impl SearchResult {
    /// The UCI `bestmove` line.
    pub fn bestmove_line(&self) -> String {
        match &self.ponder_uci {
            Some(p) => format!("bestmove {} ponder {p}", self.best_move_uci),
            None => format!("bestmove {}", self.best_move_uci),
        }
    }
}

/// Why a search could not return a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchError {
    /// The side to move is checkmated: there is no move to play.
    Checkmate,
    /// The side to move is stalemated: there is no move to play.
    Stalemate,
    /// The limits were malformed (the message says which and what is allowed).
    BadLimits(crate::error::FieldError),
}

impl std::fmt::Display for SearchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SearchError::Checkmate => f.write_str("no legal moves: the side to move is checkmated"),
            SearchError::Stalemate => f.write_str("no legal moves: the side to move is stalemated"),
            SearchError::BadLimits(e) => write!(f, "bad search limits: {}", e.text()),
        }
    }
}

impl From<SearchError> for crate::error::FieldError {
    /// Bad limits keep their path (`movetime`), with the context before the message.
    fn from(e: SearchError) -> Self {
        match e {
            SearchError::BadLimits(e) => e.context("bad search limits"),
            other => crate::error::FieldError::message(other.to_string()),
        }
    }
}

impl std::error::Error for SearchError {}

#[cfg(test)]
mod tests;
