//! The `mcts` section of the bench: playouts per second on a few positions, and memory per node.
//!
//! Timing uses the wall clock ([`crate::clock::timer::now_ms`], `performance.now()` in the
//! browser), so the same function measures native and wasm builds.

use serde::Serialize;

use super::params::{DEFAULT_NODE_CAP, MctsParams};
use super::search::{GoOptions, MctsSearch};
use super::tree::{EDGE_BYTES, KID_BYTES, MAX_BYTES_PER_NODE, MctsTree, NODE_BYTES, parse_fen};
use crate::clock::timer::{Timer, now_ms};
use crate::stop::NeverStop;

/// The bench positions: (name, FEN).
pub const BENCH_POSITIONS: &[(&str, &str)] = &[
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    ("middlegame", "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8"),
    ("endgame", "8/5pk1/6p1/3R4/5P2/6PK/r7/8 b - - 3 45"),
];

/// The playouts/s the issue asks for natively.
pub const TARGET_PLAYOUTS_PER_S: f64 = 200_000.0;

/// One bench position.
#[derive(Clone, Debug, Serialize)]
pub struct MctsBenchPosition {
    /// Short name.
    pub name: String,
    /// The position.
    pub fen: String,
    /// Playouts searched.
    pub playouts: u64,
    /// Wall time in ms.
    pub ms: f64,
    /// Playouts per second.
    pub playouts_per_s: f64,
    /// Nodes in the tree afterwards.
    pub tree_nodes: u32,
    /// Edges in the tree afterwards.
    pub tree_edges: u32,
    /// Child records in the tree afterwards (live, slack, headers, garbage).
    pub tree_records: u32,
    /// Bytes per node actually used: (nodes·12 + edges·4 + records·16) ÷ nodes.
    pub bytes_per_node: f64,
    /// The move found.
    pub best_move: String,
}

/// The `mcts` bench section.
#[derive(Clone, Debug, Serialize)]
pub struct MctsBenchReport {
    /// Per position.
    pub positions: Vec<MctsBenchPosition>,
    /// All playouts.
    pub total_playouts: u64,
    /// All wall time, ms.
    pub total_ms: f64,
    /// Overall playouts per second.
    pub playouts_per_s: f64,
    /// The native target.
    pub target_playouts_per_s: f64,
    /// Bytes of a node (the same on wasm32: every index is a `u32`).
    pub node_bytes: usize,
    /// Bytes of an edge.
    pub edge_bytes: usize,
    /// Bytes of a child record.
    pub record_bytes: usize,
    /// Measured bytes per node over all positions.
    pub bytes_per_node: f64,
    /// Worst-case bytes per node the node cap budgets for.
    pub max_bytes_per_node: usize,
    /// The default node cap.
    pub default_node_cap: u32,
    /// Worst-case tree size at the default cap, in MB (10^6 bytes).
    pub default_cap_max_mb: f64,
    /// Pointer width of this build (the tree does not depend on it).
    pub pointer_bits: u32,
}

/// Search every [`BENCH_POSITIONS`] entry for `playouts` playouts with `params` (fresh tree each)
/// and report the speed and memory.
///
/// # Errors
/// Invalid parameters.
pub fn bench(playouts: u64, params: &MctsParams) -> Result<MctsBenchReport, crate::error::FieldError> {
    params.validate()?;
    let mut positions = Vec::new();
    let (mut total_playouts, mut total_ms, mut nodes, mut bytes) = (0u64, 0.0, 0u64, 0u64);
    for &(name, fen) in BENCH_POSITIONS {
        let tree = MctsTree::from_position(parse_fen(fen)?);
        let mut go = GoOptions::new(Timer::real());
        go.max_playouts = Some(playouts);
        let mut search = MctsSearch::new(tree, params.clone(), go)?;
        let t0 = now_ms();
        let result = search.run_to_end(&mut NeverStop::default(), &mut |_| {});
        let ms = now_ms() - t0;
        let tree = search.into_tree();
        let (n, e, k) = (tree.node_count(), tree.edge_count(), tree.kid_count());
        let used = n as u64 * NODE_BYTES as u64 + e as u64 * EDGE_BYTES as u64 + k as u64 * KID_BYTES as u64;
        total_playouts += result.playouts;
        total_ms += ms;
        nodes += n as u64;
        bytes += used;
        positions.push(MctsBenchPosition {
            name: name.to_string(),
            fen: fen.to_string(),
            playouts: result.playouts,
            ms,
            playouts_per_s: result.playouts as f64 * 1000.0 / ms.max(1e-9),
            tree_nodes: n,
            tree_edges: e,
            tree_records: k,
            bytes_per_node: used as f64 / n.max(1) as f64,
            best_move: result.best_move,
        });
    }
    Ok(MctsBenchReport {
        positions,
        total_playouts,
        total_ms,
        playouts_per_s: total_playouts as f64 * 1000.0 / total_ms.max(1e-9),
        target_playouts_per_s: TARGET_PLAYOUTS_PER_S,
        node_bytes: NODE_BYTES,
        edge_bytes: EDGE_BYTES,
        record_bytes: KID_BYTES,
        bytes_per_node: bytes as f64 / nodes.max(1) as f64,
        max_bytes_per_node: MAX_BYTES_PER_NODE,
        default_node_cap: DEFAULT_NODE_CAP,
        default_cap_max_mb: DEFAULT_NODE_CAP as f64 * MAX_BYTES_PER_NODE as f64 / 1e6,
        pointer_bits: usize::BITS,
    })
}
