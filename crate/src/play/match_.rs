//! Matches between two engine players: colour-reversed pairs from an opening set in a seeded
//! order, the fastchess result block, timeouts and per-player time-usage statistics
//! (playground.md §7).
//!
//! - Game `i` belongs to pair `i / 2` and uses opening `order[pair % openings]`; player A has
//!   white in the even game of a pair and black in the odd one. The order is a seeded shuffle
//!   (SplitMix64 + Fisher–Yates), so a seed reproduces a match.
//! - Each player keeps its own time control (`tc_a`, `tc_b`): per-side controls are time odds.
//! - [`MatchState`] accumulates finished games in any order (pairs are counted once both games
//!   are in); it is what a browser keeps while one worker per game plays. [`run_match`] plays a
//!   whole match natively with `concurrency` threads pulling game indices.

use crate::error::FieldError;
use serde::Serialize;

use super::engine::{EngineConfig, EnginePlayer};
use super::game::{Adjudication, ClockMode, Game, GameRecord, GameSetup, SideSetup, play_game};
use super::openings::Opening;
use super::stats::Sprt;
use crate::clock::TimeControl;

mod report;
mod score;

pub use report::{MatchReport, MatchState, report_scores};
pub use score::{GameScore, GameSummary};

/// A match's configuration.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Player A (the one the result block scores).
    pub a: EngineConfig,
    /// Player B.
    pub b: EngineConfig,
    /// A's name in the PGN.
    pub name_a: String,
    /// B's name in the PGN.
    pub name_b: String,
    /// A's time control.
    pub tc_a: TimeControl,
    /// B's time control.
    pub tc_b: TimeControl,
    /// Number of games (an odd count leaves the last pair half played).
    pub games: u32,
    /// The opening set.
    pub openings: Vec<Opening>,
    /// Seed of the opening order.
    pub seed: u64,
    /// The clock mode.
    pub clock: ClockMode,
    /// Score adjudication.
    pub adjudication: Adjudication,
    /// Optional SPRT; the match stops once it decides.
    pub sprt: Option<Sprt>,
    /// PGN `Event`.
    pub event: String,
    /// PGN `Date`.
    pub date: String,
}

/// SplitMix64: a tiny seeded generator (no OS randomness, same in wasm).
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seeded order of `n` openings (a Fisher–Yates shuffle).
pub fn opening_order(n: usize, seed: u64) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    let mut s = seed;
    for i in (1..n).rev() {
        let j = (splitmix(&mut s) % (i as u64 + 1)) as usize;
        order.swap(i, j);
    }
    order
}

impl MatchConfig {
    /// Checks the configuration.
    ///
    /// # Errors
    /// No openings or no games.
    pub fn validate(&self) -> Result<(), FieldError> {
        if self.openings.is_empty() {
            return Err(FieldError::message("the opening set is empty"));
        }
        if self.games == 0 {
            return Err(FieldError::message("a match needs at least one game"));
        }
        Ok(())
    }

    /// Whether A has white in game `i`.
    pub fn a_is_white(i: u32) -> bool {
        i.is_multiple_of(2)
    }

    /// The setup and opening of game `i`.
    pub fn game(&self, i: u32, order: &[usize]) -> (GameSetup, &Opening) {
        let pair = (i / 2) as usize;
        let opening = &self.openings[order[pair % order.len()]];
        let a = SideSetup { name: self.name_a.clone(), tc: self.tc_a.clone(), engine: self.a.label() };
        let b = SideSetup { name: self.name_b.clone(), tc: self.tc_b.clone(), engine: self.b.label() };
        let (white, black) = if Self::a_is_white(i) { (a, b) } else { (b, a) };
        let setup = GameSetup {
            white,
            black,
            clock: self.clock,
            adjudication: self.adjudication,
            event: self.event.clone(),
            date: self.date.clone(),
            round: format!("{}.{}", pair + 1, i % 2 + 1),
        };
        (setup, opening)
    }

    /// Plays game `i` with the two players (A's and B's), starting a new game for both.
    ///
    /// # Errors
    /// The game could not be set up (a control that bounds nothing).
    pub fn play(
        &self,
        i: u32,
        order: &[usize],
        a: &mut EnginePlayer,
        b: &mut EnginePlayer,
    ) -> Result<GameRecord, FieldError> {
        let (setup, opening) = self.game(i, order);
        let mut game = Game::new(setup, opening)?;
        a.new_game();
        b.new_game();
        if Self::a_is_white(i) {
            play_game(&mut game, a, b);
        } else {
            play_game(&mut game, b, a);
        }
        Ok(game.record())
    }
}

mod time_usage;
pub use time_usage::{PlayerTimeStats, TimeUsage, emergency_threshold_ms, time_usage};

/// A game that failed: it could not be set up, or its thread panicked.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameFailure {
    /// The game's index (0-based; game `index + 1` in reports).
    pub index: u32,
    /// Why.
    pub message: String,
}

impl std::fmt::Display for GameFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "game {}: {}", self.index + 1, self.message)
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod run;
#[cfg(not(target_arch = "wasm32"))]
pub use run::{run_match, run_match_into, run_match_keeping};

#[cfg(test)]
mod tests;
