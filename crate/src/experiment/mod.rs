//! Experiments built on games and managers: parameter sweeps with a fitted optimum, SPSA tuning,
//! the manager leaderboard and PGN clock replay.
//!
//! This layer sits above [`crate::play`] and [`crate::tm`] (it runs games through the match
//! machinery and scores them with its statistics) and below the bindings (`wasm/`, `bin/`);
//! nothing below imports it.

pub mod chart;
pub mod cost;
pub mod fit;
pub mod journal;
pub mod latency;
// Matches run on native threads only; the browser reads the committed results.
#[cfg(not(target_arch = "wasm32"))]
pub mod leaderboard;
pub mod lesson_numbers;
pub mod line_fit;
pub mod overhead;
pub mod param;
pub mod points;
#[cfg(not(target_arch = "wasm32"))]
pub mod pool;
pub mod rank;
pub mod replay;
pub mod resume;
pub mod scaling;
pub mod spsa;
pub mod sweep;
pub mod sweep_range;
pub mod sweep_report;
pub mod tune;
