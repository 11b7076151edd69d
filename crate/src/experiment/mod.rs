//! Experiments built on games and managers: the manager leaderboard and PGN clock replay.
//!
//! This layer sits above [`crate::play`] and [`crate::tm`] and below the bindings (`wasm/`,
//! `bin/`); nothing below imports it.

// Matches run on native threads only; the browser reads the committed results.
#[cfg(not(target_arch = "wasm32"))]
pub mod leaderboard;
pub mod replay;
