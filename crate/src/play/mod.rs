//! Games and matches: the game runner, matches and their statistics, PGN, openings.

pub mod adjudication;
pub mod engine;
pub mod engine_report;
pub mod game;
pub mod match_;
pub mod match_book;
pub mod match_game;
pub mod match_spec;
pub mod openings;
pub mod person;
pub mod pgn;
pub mod pgn_import;
pub mod stats;
pub mod trace;
pub mod why;
