//! The benches in the browser: the same library code `tmlab bench` runs natively, so
//! `npm run bench` can compare wasm in the worker with native in one run.

use wasm_bindgen::prelude::*;

use crate::search::bench::{measure_overshoot, run_depth};
use crate::search::mcts::{MctsParams, bench};
use crate::search::perft;

/// The fixed-depth alpha-beta bench: `{positions, total_nodes, total_ms, nps}`.
#[wasm_bindgen]
pub fn bench_alphabeta(depth: u32, hash_mb: usize) -> Result<JsValue, JsError> {
    let runs = run_depth(depth, hash_mb, &mut |_| {});
    let total_nodes: u64 = runs.iter().map(|r| r.nodes).sum();
    let total_ms: f64 = runs.iter().map(|r| r.ms).sum();
    let nps = (total_nodes as f64 * 1000.0 / total_ms.max(1e-9)).round();
    #[derive(serde::Serialize)]
    struct Out {
        positions: Vec<crate::search::bench::PositionRun>,
        total_nodes: u64,
        total_ms: f64,
        nps: f64,
    }
    super::to_js(&Out { positions: runs, total_nodes, total_ms, nps })
}

/// The hard-stop overshoot at `go movetime limit_ms` over the bench positions.
#[wasm_bindgen]
pub fn bench_overshoot(limit_ms: f64, hash_mb: usize, repeats: usize) -> Result<JsValue, JsError> {
    super::to_js(&measure_overshoot(limit_ms, hash_mb, repeats))
}

/// The MCTS bench: playouts per second and bytes per node, `playouts` per position.
#[wasm_bindgen]
pub fn bench_mcts(playouts: u64) -> Result<JsValue, JsError> {
    let report = bench(playouts, &MctsParams::default()).map_err(|e| JsError::new(&e.to_string()))?;
    super::to_js(&report)
}

/// Perft speed over the Chessprogramming Wiki positions: `{leaves, ms, leaves_per_s}`; an error
/// if a count differs from the published one.
#[wasm_bindgen]
pub fn bench_perft() -> Result<JsValue, JsError> {
    let speed = perft::speed(perft::SPEED_CASES).map_err(|e| JsError::new(&e.to_string()))?;
    super::to_js(&speed)
}
