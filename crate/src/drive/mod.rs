//! The engine driver: what happens between `go` and `bestmove`, written once.
//!
//! A [`MoveDriver`] owns what an engine keeps across a game (the time manager, the alpha-beta
//! transposition table, the MCTS tree) and runs one move at a time: it begins the manager's move
//! through a [`ManagedStopper`](crate::tm::stopper::ManagedStopper) (the per-game manager hands a
//! per-move stopper to the search, as in lc0), runs the search in slices, and ends the move with
//! `end_move` — or, for a *dropped* search (`tmlab cancel`), puts the manager back exactly as it
//! was before the move began. The UCI session ([`crate::uci`]), the game runner's
//! [`EnginePlayer`](crate::play::engine::EnginePlayer) and the wasm worker all drive moves through
//! it.
//!
//! This module sits below `play` and `uci` and knows neither.

mod driver;
mod request;
pub mod script;
mod snapshot;
pub mod strength;

use shakmaty::fen::Fen;
use shakmaty::{Chess, EnPassantMode, Position};

use crate::stop::{Budget, Decision, Hints, SearchStats, StopReason, Stopper};
use crate::tm::MoveContext;

pub use driver::MoveDriver;
pub use request::{Event, MoveOutcome, MoveRequest};
pub use snapshot::{StateError, TmSnapshot};
pub use strength::Level;

/// A stopper for `st=` controls and `go movetime`: stops when the move time is used (MCTS has
/// no movetime limit of its own).
#[derive(Debug)]
pub struct MoveTimeStopper {
    budget: Budget,
}

impl MoveTimeStopper {
    /// Stops once `ms` have elapsed.
    pub fn new(ms: f64) -> Self {
        MoveTimeStopper { budget: Budget { soft_ms: ms, hard_ms: ms, terms: Vec::new() } }
    }
}

impl Stopper for MoveTimeStopper {
    fn check_interval(&self) -> u64 {
        256
    }
    fn poll(&mut self, stats: &SearchStats, _: &mut Hints) -> Decision {
        Decision::stop_if(stats.elapsed_ms >= self.budget.hard_ms, StopReason::MoveTime)
    }
    fn iteration_done(&mut self, stats: &SearchStats) -> Decision {
        Decision::stop_if(stats.elapsed_ms >= self.budget.hard_ms, StopReason::MoveTime)
    }
    fn budget(&self) -> &Budget {
        &self.budget
    }
}

/// Half-moves played before `moves` at `start` plus `moves` (§0.2). Saturates at `u32::MAX`: a
/// FEN may give any full-move number up to `u32::MAX`.
pub fn game_ply(start: &Chess, moves: usize) -> u32 {
    let before = (u32::from(start.fullmoves()) - 1).saturating_mul(2);
    before
        .saturating_add(u32::from(start.turn().is_black()))
        .saturating_add(u32::try_from(moves).unwrap_or(u32::MAX))
}

/// The FEN of a position.
pub fn fen_of(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// What the manager is told at the start of a move: the side to move's clock as UCI shows it,
/// the game ply, the visits reused from the previous search, pondering, and the legal moves.
pub fn context(
    time_ms: u64,
    inc_ms: u64,
    movestogo: Option<u32>,
    ply: u32,
    reused: u64,
    ponder: bool,
    legal: u32,
) -> MoveContext {
    let mut c = MoveContext::new(time_ms as f64, inc_ms as f64, ply)
        .with_movestogo(movestogo)
        .with_reused_nodes(reused);
    c.ponder = ponder;
    c.legal_moves = legal;
    c
}

#[cfg(test)]
mod script_tests;
#[cfg(test)]
mod tests;
