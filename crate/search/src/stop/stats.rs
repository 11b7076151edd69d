//! What a search reports to its stopper: scores, completed iterations, the running
//! [`SearchStats`], and the [`Hints`] a stopper may give back.

use serde::Serialize;

/// A move as the stopper sees it: an opaque key that is equal for equal moves.
///
/// Searchers derive it from the move (e.g. from, to and promotion packed into bits); managers
/// only compare keys (PV stability, Stockfish's best-move changes).
pub type MoveKey = u32;

/// A search score from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// The side to move mates in this many plies (1 = mate with this move).
    MateIn(u32),
    /// The side to move is mated in this many plies (0 = already mated).
    MatedIn(u32),
}

impl Score {
    /// A centipawn value that orders all scores: mates map beyond ±[`Score::MATE_CP`] minus the
    /// distance, so a faster mate is larger.
    pub fn as_cp(self) -> i32 {
        match self {
            Score::Cp(cp) => cp,
            Score::MateIn(plies) => Self::MATE_CP - plies as i32,
            Score::MatedIn(plies) => -Self::MATE_CP + plies as i32,
        }
    }

    /// The centipawn value used for "mate" by [`Score::as_cp`].
    pub const MATE_CP: i32 = 32_000;

    /// The UCI `score` field: `cp N` or `mate N` (N in moves, negative when mated).
    pub fn to_uci(self) -> String {
        match self {
            Score::Cp(cp) => format!("cp {cp}"),
            Score::MateIn(plies) => format!("mate {}", plies.div_ceil(2)),
            Score::MatedIn(plies) => format!("mate -{}", plies.div_ceil(2)),
        }
    }
}

/// One completed alpha-beta iteration, as the stopper sees it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Iteration {
    /// The completed depth.
    pub depth: u32,
    /// Best root move after this iteration.
    pub best_move: MoveKey,
    /// Root score after this iteration.
    pub score: Score,
    /// How many times the best root move changed during this iteration.
    pub best_move_changes: u32,
}

/// What a search reports at every check. Fields a searcher does not have stay at their default.
///
/// Field names follow the table in `shared/spec/time-managers.md` §0.7.
#[derive(Clone, Debug, Default)]
pub struct SearchStats<'a> {
    /// Milliseconds since the move started (real or virtual time, see [`crate::clock::timer`]).
    pub elapsed_ms: f64,
    /// MCTS: milliseconds since the first batch with playouts (0 before it).
    pub since_first_batch_ms: f64,
    /// MCTS: visits including reused nodes. Alpha-beta: nodes searched this move.
    pub total_nodes: u64,
    /// MCTS: playouts this move. Alpha-beta: nodes searched this move.
    pub nodes_this_move: u64,
    /// MCTS: batches this move.
    pub batches: u64,
    /// MCTS: visits of every legal root move (0 if unvisited).
    pub root_visits: &'a [u64],
    /// MCTS: the most-visited root child is not the one with the highest Q.
    pub need_more_time: bool,
    /// MCTS: a visited root child is a terminal win.
    pub win_found: bool,
    /// MCTS: visited root children that are terminal losses.
    pub num_losing_edges: u32,
    /// MCTS: no visited root child has Q above the resign threshold.
    pub may_resign: bool,
    /// Alpha-beta: completed iterations, oldest first (`iterations.last()` is the newest).
    pub iterations: &'a [Iteration],
    /// Alpha-beta: nodes under the current best root move (cumulative over this search).
    pub best_move_nodes: u64,
    /// Alpha-beta: all nodes of this search (cumulative over iterations).
    pub search_nodes: u64,
    /// Number of legal root moves.
    pub root_moves: u32,
    /// The search is pondering.
    pub pondering: bool,
    /// Running average score of the best root move, in centipawns (Stockfish's `averageScore`).
    pub best_avg_score: f64,
    /// MCTS: Q of every legal root move, −1 … 1 from the side to move's point of view (0 if
    /// unvisited), in the order of `root_visits`.
    pub root_q: &'a [f64],
    /// MCTS: the root's Q, the mean of every value backed up through the root (reused visits
    /// included), −1 … 1 from the side to move's point of view.
    pub root_value: f64,
    /// MCTS: the standard deviation of the values backed up through the root by this move's
    /// playouts, in Q units (−1 … 1 scale; 0 before two playouts).
    pub root_value_sd: f64,
    /// MCTS: Q along the principal variation, from the root side's point of view: `pv_q[0]` is
    /// the best root move's Q, `pv_q[i]` the Q of the PV's move at depth i + 1.
    pub pv_q: &'a [f64],
    /// MCTS: average playout depth this move (the info line's `depth`, unrounded).
    pub avg_depth: f64,
}

impl SearchStats<'_> {
    /// Depth of the last completed iteration, 0 before the first one completes.
    pub fn completed_depth(&self) -> u32 {
        self.iterations.last().map_or(0, |it| it.depth)
    }
}

/// Hints passed along the MCTS stopper chain (lc0's `StoppersHints`), reset before every poll.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hints {
    /// Time the earlier stoppers still allow, in ms.
    pub remaining_ms: f64,
    /// Playouts the earlier stoppers still allow.
    pub remaining_playouts: f64,
    /// Nodes per second, if an earlier stopper estimated it.
    pub nps: Option<f64>,
}

impl Hints {
    /// lc0's "no time limit" value for `remaining_ms`.
    pub const UNLIMITED_MS: f64 = 1e11;
    /// lc0's always-present visits limit.
    pub const VISITS_LIMIT: f64 = 4e9;

    /// The hints at the start of every poll, given the visits in the tree.
    pub fn reset(total_nodes: u64) -> Self {
        Hints {
            remaining_ms: Self::UNLIMITED_MS,
            remaining_playouts: Self::VISITS_LIMIT - total_nodes as f64,
            nps: None,
        }
    }
}
