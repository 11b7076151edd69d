//! The inputs and outputs of a search: options, result, root moves, progress.

use serde::Serialize;
use shakmaty::Move;

use super::super::tree::Bound;
use crate::clock::timer::Timer;
use crate::stop::{Score, StopReason};

/// How one search (one move, or one ponder search) is run.
#[derive(Clone, Debug)]
pub struct GoOptions {
    /// Where elapsed time comes from; started when the move started.
    pub timer: Timer,
    /// The search runs on the opponent's time (`go ponder`, or the position after our move).
    pub pondering: bool,
    /// Stop after this many playouts this move (lc0's `PlayoutsStopper`); also lowers the
    /// remaining-playouts hint, so root pruning sees it.
    pub max_playouts: Option<u64>,
    /// Stop when the tree holds this many visits, reused ones included (lc0's `VisitsStopper`,
    /// UCI `go nodes`). lc0's always-present limit of 4·10⁹ visits applies in any case.
    pub max_visits: Option<u64>,
    /// Stop by ourselves on a single legal move, at most one non-losing move, or a proven win,
    /// even if the stopper goes on (for drivers with [`crate::stop::NeverStop`] and a fixed
    /// budget). Ignored while pondering. Keep it off for `go infinite`.
    pub stop_when_decided: bool,
    /// Stop with [`StopReason::TreeFull`] once the tree reaches its node cap, instead of going on
    /// revisiting leaves (lc0's RAM-limit stopper).
    pub stop_when_full: bool,
    /// Search only these root moves (UCI `go searchmoves`); empty = every legal move. A
    /// restricted search starts from a fresh tree, whose root then holds only these moves.
    pub searchmoves: Vec<Move>,
}

impl GoOptions {
    /// A search timed by `timer`, not pondering, without limits of its own.
    pub fn new(timer: Timer) -> Self {
        GoOptions {
            timer,
            pondering: false,
            max_playouts: None,
            max_visits: None,
            stop_when_decided: false,
            stop_when_full: false,
            searchmoves: Vec::new(),
        }
    }
}

/// One root move in a result.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RootMove {
    /// The move in UCI notation.
    pub uci: String,
    /// Its visits.
    pub visits: u64,
    /// Its Q from the side to move's point of view (`None` if unvisited).
    pub q: Option<f32>,
    /// Its prior.
    pub prior: f32,
    /// Its proven result for the side to move.
    pub bound: Bound,
}

/// The outcome of a finished search.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SearchResult {
    /// The move to play (most visits; a proven win first, a proven loss last).
    #[serde(skip)]
    pub best: Move,
    /// The move to play in UCI notation.
    pub best_move: String,
    /// The expected reply (the best child of the best move), if the tree has one.
    pub ponder_move: Option<String>,
    /// Score of the best move.
    pub score: Score,
    /// Q of the best move, side to move's point of view.
    pub q: f32,
    /// Why the search ended.
    pub reason: StopReason,
    /// Playouts this move.
    pub playouts: u64,
    /// Visits in the tree at the end, reused ones included.
    pub total_nodes: u64,
    /// Visits reused at the start (or at ponderhit): lc0's `head_N`.
    pub head_n: u64,
    /// Batches this move.
    pub batches: u64,
    /// Elapsed ms at the end.
    pub elapsed_ms: f64,
    /// Ms since the first batch with playouts, at the end.
    pub since_first_batch_ms: f64,
    /// Playouts ÷ time since the first batch, as lc0 measures it (`None` if that time is 0).
    pub nps: Option<f64>,
    /// Average playout depth.
    pub depth: u32,
    /// Deepest playout.
    pub seldepth: u32,
    /// Every root move, in edge order (highest prior first; the order of `root_visits`).
    pub root: Vec<RootMove>,
    /// Most-visited path in UCI notation.
    pub pv: Vec<String>,
    /// Nodes in the tree.
    pub tree_nodes: u32,
    /// The tree reached its node cap.
    pub tree_full: bool,
}

/// What a slice of work returned.
#[derive(Clone, Debug, PartialEq)]
#[allow(clippy::large_enum_variant)]
pub enum Progress {
    /// The search goes on: call [`MctsSearch::step`](super::MctsSearch::step) again.
    Running,
    /// The search ended.
    Done(SearchResult),
}
