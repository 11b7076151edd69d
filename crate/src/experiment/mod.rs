//! Experiments built on games and managers: the manager leaderboard and PGN clock replay.
//!
//! This layer sits above [`crate::play`] and [`crate::tm`] and below the bindings (`wasm/`,
//! `bin/`); nothing below imports it.

pub mod replay;
