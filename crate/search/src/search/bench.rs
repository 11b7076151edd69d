//! The bench: a fixed set of positions searched to a fixed depth (speed, and a node-count
//! signature that changes whenever the search changes), and the hard-stop overshoot measurement
//! (how far past a `movetime` limit a search returns).
//!
//! Everything here runs in wasm as well: no threads, and time from [`now_ms`] and
//! [`Timer::real`] (both `web-time`).
//!
//! # Output
//! [`BenchReport::to_text`] ends the way Stockfish's `bench` does:
//! ```text
//! ===========================
//! Total time (ms) : 1234
//! Nodes searched  : 5678901
//! Nodes/second    : 4602000
//! ```
//! "Nodes searched" is the signature: it depends only on the search code, the positions, the
//! depth and the table size (every position starts from an empty table and history).

use serde::Serialize;

use super::alphabeta::{SearchRequest, Searcher};
use super::info::nps;
use super::limits::{Limits, SearchControl};
use super::perft::{self, PerftSpeed};
use super::position::RootPosition;
use crate::clock::timer::{Timer, now_ms};
use crate::stop::{NeverStop, Score};

mod overshoot;
mod positions;

#[cfg(test)]
use overshoot::percentile;
pub use overshoot::{Overshoot, measure_overshoot};
pub use positions::{BenchPosition, POSITIONS};

/// The default bench depth.
pub const DEFAULT_DEPTH: u32 = 10;
/// The move times whose overshoot is measured, ms.
pub const OVERSHOOT_LIMITS_MS: [f64; 3] = [10.0, 50.0, 200.0];

/// One position of the fixed-depth run.
#[derive(Clone, Debug, Serialize)]
pub struct PositionRun {
    /// The position.
    pub fen: String,
    /// Nodes searched.
    pub nodes: u64,
    /// Best move found (UCI).
    pub best_move: String,
    /// Its score.
    pub score: Score,
    /// Wall time, ms.
    pub ms: f64,
}

/// What `tmlab bench` reports.
#[derive(Clone, Debug, Serialize)]
pub struct BenchReport {
    /// The fixed depth.
    pub depth: u32,
    /// Transposition table size, MiB.
    pub hash_mb: usize,
    /// Per position.
    pub positions: Vec<PositionRun>,
    /// Nodes over all positions: the signature.
    pub total_nodes: u64,
    /// Wall time over all positions, ms.
    pub total_ms: f64,
    /// Nodes per second over all positions.
    pub nps: u64,
    /// Overshoot per move-time limit (empty if not measured).
    pub overshoot: Vec<Overshoot>,
    /// Perft speed over [`perft::SPEED_CASES`]: the move generation and copy-make alone, without
    /// the search (absent if not measured).
    pub perft: Option<PerftSpeed>,
}

impl BenchReport {
    /// The human-readable report, ending like Stockfish's bench.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for (i, r) in self.positions.iter().enumerate() {
            s.push_str(&format!(
                "Position {:>2}/{}: {:>9} nodes {:>8.1} ms  bestmove {:<6} score {:<9} {}\n",
                i + 1,
                self.positions.len(),
                r.nodes,
                r.ms,
                r.best_move,
                r.score.to_uci(),
                r.fen
            ));
        }
        for o in &self.overshoot {
            s.push_str(&format!(
                "Overshoot movetime {:>3} ms over {} searches: p50 {:.3} ms  p99 {:.3} ms  max {:.3} ms  \
                 >1 ms: {} (worst: {})\n",
                o.limit_ms, o.samples, o.p50_ms, o.p99_ms, o.max_ms, o.over_1ms, o.worst_fen
            ));
        }
        if let Some(p) = &self.perft {
            s.push_str(&format!(
                "Perft (move generation and copy-make, no search): {} leaves in {:.0} ms, {:.0} leaves/s\n",
                p.leaves, p.ms, p.leaves_per_s
            ));
        }
        s.push_str("\n===========================\n");
        s.push_str(&format!("Total time (ms) : {}\n", self.total_ms.round() as u64));
        s.push_str(&format!("Nodes searched  : {}\n", self.total_nodes));
        s.push_str(&format!("Nodes/second    : {}\n", self.nps));
        s
    }
}

/// Bench settings.
#[derive(Clone, Debug)]
pub struct BenchOptions {
    /// Fixed depth per position.
    pub depth: u32,
    /// Transposition table size, MiB.
    pub hash_mb: usize,
    /// Move-time limits whose overshoot to measure (empty: skip).
    pub overshoot_limits_ms: Vec<f64>,
    /// Searches per position and limit in the overshoot measurement (at least 1).
    pub overshoot_repeats: usize,
    /// Whether to time perft over [`perft::SPEED_CASES`] too.
    pub perft: bool,
}

impl Default for BenchOptions {
    fn default() -> Self {
        BenchOptions {
            depth: DEFAULT_DEPTH,
            hash_mb: super::tt::DEFAULT_MB,
            overshoot_limits_ms: OVERSHOOT_LIMITS_MS.to_vec(),
            overshoot_repeats: 1,
            perft: true,
        }
    }
}

fn roots() -> Vec<RootPosition> {
    POSITIONS
        .iter()
        .map(|p| RootPosition::from_fen(p.fen).expect("bench positions are valid (tested)"))
        .collect()
}

/// Searches every bench position to `depth`, each from an empty table and history.
/// `progress` receives one line per position.
pub fn run_depth(depth: u32, hash_mb: usize, progress: &mut dyn FnMut(&str)) -> Vec<PositionRun> {
    let mut engine = Searcher::new(hash_mb);
    let mut runs = Vec::new();
    for (root, bp) in roots().iter().zip(POSITIONS) {
        engine.clear();
        let mut stopper = NeverStop::default();
        let request = SearchRequest {
            stopper: &mut stopper,
            timer: Timer::real(),
            limits: Limits::depth(depth),
            control: SearchControl::new(),
        };
        let start = now_ms();
        let result = engine.search(root, request, &mut |_| {}).expect("bench positions have legal moves");
        let ms = now_ms() - start;
        progress(&format!("{} nodes {} bestmove {}", bp.fen, result.nodes, result.best_move_uci));
        runs.push(PositionRun {
            fen: bp.fen.to_string(),
            nodes: result.nodes,
            best_move: result.best_move_uci,
            score: result.score,
            ms,
        });
    }
    runs
}

/// The whole bench. An error only if perft miscounts (see [`perft::speed`]).
pub fn run(
    options: &BenchOptions,
    progress: &mut dyn FnMut(&str),
) -> Result<BenchReport, crate::error::FieldError> {
    let positions = run_depth(options.depth, options.hash_mb, progress);
    let total_nodes = positions.iter().map(|r| r.nodes).sum();
    let total_ms = positions.iter().map(|r| r.ms).sum();
    let overshoot = options
        .overshoot_limits_ms
        .iter()
        .map(|&limit| {
            let o = measure_overshoot(limit, options.hash_mb, options.overshoot_repeats);
            progress(&format!("overshoot movetime {limit} ms: p99 {:.3} ms", o.p99_ms));
            o
        })
        .collect();
    let perft = if options.perft {
        let speed = perft::speed(perft::SPEED_CASES)?;
        progress(&format!("perft: {} leaves in {:.0} ms", speed.leaves, speed.ms));
        Some(speed)
    } else {
        None
    };
    Ok(BenchReport {
        depth: options.depth,
        hash_mb: options.hash_mb,
        positions,
        total_nodes,
        total_ms,
        nps: nps(total_nodes, total_ms),
        overshoot,
        perft,
    })
}

#[cfg(test)]
mod tests;
