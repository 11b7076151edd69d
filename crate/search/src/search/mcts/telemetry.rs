//! What the search tells the outside while it runs: UCI info lines and the root "visit race".

use serde::Serialize;

use crate::stop::Score;

/// One UCI `info` line, as lc0 fills it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct InfoLine {
    /// Average depth of the playouts this move (lc0: cumulative depth ÷ playouts).
    pub depth: u32,
    /// Deepest playout this move.
    pub seldepth: u32,
    /// Milliseconds since the move started.
    pub time_ms: u64,
    /// Visits in the tree, reused ones included (lc0's `nodes`).
    pub nodes: u64,
    /// Playouts this move ÷ time since the first batch (absent until that time is positive).
    pub nps: Option<u64>,
    /// Score of the best move: mate from proven results, else centipawns from its Q through the
    /// inverse of the value map.
    pub score: Score,
    /// Tree fill in per mille of the node cap (the fullest of the node, edge and record budgets).
    pub hashfull: u32,
    /// Principal variation: the most-visited path, in UCI notation.
    pub pv: Vec<String>,
}

impl InfoLine {
    /// The line in UCI syntax, e.g. `info depth 4 seldepth 11 time 52 nodes 10240 nps 201000
    /// score cp 31 hashfull 8 pv e2e4 e7e5`.
    pub fn to_uci(&self) -> String {
        let mut s = format!(
            "info depth {} seldepth {} time {} nodes {}",
            self.depth, self.seldepth, self.time_ms, self.nodes
        );
        if let Some(nps) = self.nps {
            s.push_str(&format!(" nps {nps}"));
        }
        s.push_str(&format!(" score {} hashfull {}", self.score.to_uci(), self.hashfull));
        if !self.pv.is_empty() {
            s.push_str(" pv ");
            s.push_str(&self.pv.join(" "));
        }
        s
    }
}

/// Root visit counts at one moment.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct VisitSnapshot {
    /// Milliseconds since the move (or the ponder search) started.
    pub elapsed_ms: f64,
    /// Playouts this move so far.
    pub playouts: u64,
    /// Visits of every root move, in the order of [`VisitRace::moves`].
    pub visits: Vec<u32>,
    /// Taken while pondering.
    pub pondering: bool,
}

/// Root visit counts over time: what the UI draws as the "visit race" that smart pruning ends.
///
/// Snapshots are taken after a batch once at least [`VisitRace::interval_ms`] passed since the
/// previous one, and always at the end. When [`MAX_SNAPSHOTS`] is reached every other snapshot is
/// dropped and the interval doubles, so memory stays bounded however long the search runs.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct VisitRace {
    /// Root moves in UCI notation.
    pub moves: Vec<String>,
    /// The snapshots, oldest first.
    pub snapshots: Vec<VisitSnapshot>,
    /// Current minimum spacing of snapshots, in ms.
    pub interval_ms: f64,
}

/// Most snapshots kept by a [`VisitRace`].
pub const MAX_SNAPSHOTS: usize = 512;

impl VisitRace {
    /// An empty race with a snapshot spacing of `interval_ms`.
    pub fn new(interval_ms: f64) -> Self {
        VisitRace { moves: Vec::new(), snapshots: Vec::new(), interval_ms }
    }

    /// Whether a snapshot is due at `elapsed_ms`.
    pub fn due(&self, elapsed_ms: f64) -> bool {
        match self.snapshots.last() {
            None => true,
            Some(last) => elapsed_ms >= last.elapsed_ms + self.interval_ms,
        }
    }

    /// Record a snapshot (thinning the history when it is full).
    pub fn push(&mut self, snapshot: VisitSnapshot) {
        if self.snapshots.len() >= MAX_SNAPSHOTS {
            let mut i = 0;
            self.snapshots.retain(|_| {
                i += 1;
                i % 2 == 1
            });
            self.interval_ms *= 2.0;
        }
        self.snapshots.push(snapshot);
    }
}

#[cfg(test)]
mod tests;
