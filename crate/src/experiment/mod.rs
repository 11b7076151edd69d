//! Experiments built from matches: parameter sweeps with a fitted optimum, and SPSA tuning.
//!
//! This layer sits above `play` (it runs games through the match machinery and scores them with
//! its statistics) and below `wasm` and `bin`.

pub mod chart;
pub mod fit;
#[cfg(not(target_arch = "wasm32"))]
pub mod journal;
pub mod param;
#[cfg(not(target_arch = "wasm32"))]
pub mod pool;
pub mod spsa;
pub mod sweep;
pub mod sweep_report;
pub mod tune;
