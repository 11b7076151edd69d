//! What a driven move takes ([`MoveRequest`]), reports while it runs ([`Event`]) and gives
//! back ([`MoveOutcome`]).

use crate::tm::SearchKind;
use shakmaty::{Chess, Move};

use crate::clock::UciView;
use crate::clock::timer::Timer;
use crate::search::mcts::InfoLine;
use crate::search::{IterationReport, SearchControl};
use crate::stop::{Budget, EffectiveLimit, Score, StopReason};

/// What a driven search reports while it runs.
#[derive(Debug)]
pub enum Event<'a> {
    /// The manager's budget at the start of the move (or at an lc0-style ponderhit).
    Budget(&'a Budget),
    /// A completed alpha-beta iteration.
    Iteration(&'a IterationReport),
    /// An MCTS info line.
    Mcts(&'a InfoLine),
    /// The manager's effective soft limit: after every alpha-beta iteration, after an MCTS
    /// batch when it changed.
    Limit(&'a EffectiveLimit),
}

/// One move to search.
#[derive(Clone, Debug)]
pub struct MoveRequest {
    /// The searcher.
    pub searcher: SearchKind,
    /// The game's start position.
    pub start: Chess,
    /// The moves played since.
    pub moves: Vec<Move>,
    /// The side to move's clock as UCI shows it; `None` searches without the manager.
    pub clock: Option<UciView>,
    /// A fixed move time (ms), without the manager.
    pub movetime_ms: Option<f64>,
    /// Alpha-beta: depth limit.
    pub depth: Option<u32>,
    /// Alpha-beta: node limit. MCTS: playout limit.
    pub nodes: Option<u64>,
    /// MCTS: visit limit (UCI `go nodes`, lc0's meaning).
    pub max_visits: Option<u64>,
    /// Search only these root moves (UCI `go searchmoves`); empty = every legal move.
    pub searchmoves: Vec<Move>,
    /// `go ponder`.
    pub ponder: bool,
    /// `go infinite` / `go ponder`: MCTS must not stop on its own once the move is decided.
    pub open_ended: bool,
    /// Where elapsed time comes from (started now).
    pub timer: Timer,
    /// Stop, ponderhit and cancel flags for this search.
    pub control: SearchControl,
    /// A ponder search on a virtual clock: the opponent plays the expected move once the
    /// search has run this many ms, and the driver delivers the `ponderhit` itself then (no
    /// thread sends it). The time before it is the opponent's; [`MoveOutcome::pondered_ms`].
    pub ponderhit_at_ms: Option<f64>,
}

/// How a move ended.
#[derive(Clone, Debug)]
pub struct MoveOutcome {
    /// The move to play.
    pub best: Move,
    /// `best` in UCI notation.
    pub uci: String,
    /// The expected reply, UCI notation.
    pub ponder: Option<String>,
    /// The manager's budget (unlimited, or the move time, without a clock).
    pub budget: Budget,
    /// Elapsed ms the search reports (virtual or wall).
    pub elapsed_ms: f64,
    /// Alpha-beta nodes, MCTS playouts.
    pub nodes: u64,
    /// Completed depth (alpha-beta) or average playout depth (MCTS).
    pub depth: u32,
    /// Selective depth of the last completed iteration (alpha-beta) or deepest playout (MCTS).
    pub seldepth: u32,
    /// The principal variation behind `best`, UCI notation.
    pub pv: Vec<String>,
    /// MCTS: visits in the tree at the end.
    pub visits: Option<u64>,
    /// Final score, mover's view.
    pub score: Score,
    /// Visits reused from the previous search (MCTS `head_N`).
    pub reused_nodes: u64,
    /// Why the search stopped.
    pub reason: StopReason,
    /// The manager's effective soft limit at the end (`None` without a manager).
    pub limit: Option<EffectiveLimit>,
    /// The search was dropped (`tmlab cancel`): the manager is as it was before the move.
    pub dropped: bool,
    /// A ponder search with [`MoveRequest::ponderhit_at_ms`]: the ms it searched on the
    /// opponent's time before the ponderhit (then `elapsed_ms` is the time after it, the time
    /// the mover's clock pays). `None` for every other search.
    pub pondered_ms: Option<f64>,
}

impl MoveOutcome {
    /// The UCI `bestmove` line.
    pub fn bestmove_line(&self) -> String {
        match &self.ponder {
            Some(p) => format!("bestmove {} ponder {p}", self.uci),
            None => format!("bestmove {}", self.uci),
        }
    }

    /// The last `info` line before `bestmove`: the whole search's depth, score, nodes and time
    /// (MCTS: lc0's `nodes`, the tree's visits). fastchess's `latency=` is its own measured time
    /// less the `time` of the last such line; Stockfish also ends with one.
    pub fn final_info_line(&self) -> String {
        let nodes = self.visits.unwrap_or(self.nodes);
        let mut line = format!(
            "info depth {} seldepth {} score {} nodes {} nps {} time {}",
            self.depth,
            self.seldepth,
            self.score.to_uci(),
            nodes,
            crate::search::info::nps(self.nodes, self.elapsed_ms),
            self.elapsed_ms.max(0.0) as u64
        );
        let pv: Vec<&str> = match self.pv.first() {
            Some(first) if *first == self.uci => self.pv.iter().map(String::as_str).collect(),
            _ => vec![self.uci.as_str()],
        };
        line.push_str(" pv ");
        line.push_str(&pv.join(" "));
        line
    }
}
