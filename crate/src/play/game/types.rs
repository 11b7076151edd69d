//! What a game is set up with and what it records: the clock mode, each side's setup, the
//! record of every move, how the game ended, and what the side to move is given to think.

use serde::{Deserialize, Serialize};
use shakmaty::{Chess, Color, Move};

use super::{Adjudication, Thought};
use crate::clock::TimeControl;
use crate::clock::timer::Timer;
use crate::play::pgn::PgnResult;

/// How the game's clock is driven.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "mode")]
pub enum ClockMode {
    /// Time = nodes ÷ `nps` (virtual nodes per second) + `latency_ms` per move: reproducible.
    Virtual {
        /// Virtual nodes per second.
        nps: f64,
        /// Simulated latency charged per move on top of the search's time, ms.
        latency_ms: f64,
    },
    /// Wall time measured by the runner around each search.
    Real,
}

impl ClockMode {
    /// The timer a search uses under this mode.
    pub fn timer(&self) -> Timer {
        match *self {
            ClockMode::Virtual { nps, .. } => Timer::virtual_nps(nps),
            ClockMode::Real => Timer::real(),
        }
    }

    /// The PGN `ClockMode` tag: `virtual 1000 nodes/ms latency 0 ms` or `wall`.
    pub fn tag(&self) -> String {
        match *self {
            ClockMode::Virtual { nps, latency_ms } => {
                format!("virtual {} nodes/ms latency {latency_ms} ms", nps / 1000.0)
            }
            ClockMode::Real => "wall".into(),
        }
    }
}

/// Why a game ended; [`Termination::pgn`] gives the PGN tag value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Termination {
    /// Checkmate, stalemate, repetition, fifty moves, insufficient material.
    Normal,
    /// A side exceeded its time.
    TimeForfeit,
    /// Score-based or move-count adjudication.
    Adjudication,
    /// An engine failed to produce a legal move.
    RulesInfraction,
}

impl Termination {
    /// The PGN `Termination` value.
    pub fn pgn(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::TimeForfeit => "time forfeit",
            Termination::Adjudication => "adjudication",
            Termination::RulesInfraction => "rules infraction",
        }
    }
}

/// The end of a game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameOutcome {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: PgnResult,
    /// The PGN termination.
    pub termination: Termination,
    /// Human-readable reason (`White mates`, `Draw by 3-fold repetition`, …).
    pub reason: String,
}

/// One side's setup.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SideSetup {
    /// Player name (PGN `White`/`Black`).
    pub name: String,
    /// The side's time control.
    pub tc: TimeControl,
    /// Searcher and manager spec, for the PGN's extra tags (empty for a person).
    pub engine: String,
}

/// Everything a game needs besides its players.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameSetup {
    /// White's setup.
    pub white: SideSetup,
    /// Black's setup.
    pub black: SideSetup,
    /// The clock mode.
    pub clock: ClockMode,
    /// Score adjudication.
    pub adjudication: Adjudication,
    /// PGN `Event`.
    pub event: String,
    /// PGN `Date` (`YYYY.MM.DD`; `????.??.??` if unknown).
    pub date: String,
    /// PGN `Round`.
    pub round: String,
}

/// One move of the game as recorded.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveRecord {
    /// Half-moves played before this one (§0.2).
    pub ply: u32,
    /// The mover.
    #[serde(serialize_with = "ser_color")]
    pub color: Color,
    /// The move, SAN (with `+`/`#`).
    pub san: String,
    /// A book move (no clock charged, no engine record).
    pub book: bool,
    /// The mover's model clock before the move, ms.
    pub clock_before_ms: f64,
    /// The mover's clock after the move, increment included, ms.
    pub clock_after_ms: f64,
    /// Time charged to the clock, ms (before any delay is deducted).
    pub used_ms: f64,
    /// Charged − engine-reported time, ms.
    pub latency_ms: f64,
    /// The move lost on time.
    pub flagged: bool,
    /// How far the move overshot the clock (+ margin), ms; 0 if it did not.
    pub overshoot_ms: f64,
    /// The engine's record (absent for book moves and a person's moves).
    pub engine: Option<Thought>,
}

fn ser_color<S: serde::Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(if c.is_white() { "white" } else { "black" })
}

/// What the side to move must be given to think (see [`Game::request`]).
#[derive(Clone, Debug)]
pub struct MoveRequest<'a> {
    /// The game's start position.
    pub start: &'a Chess,
    /// Every move played so far, book moves included.
    pub moves: &'a [Move],
    /// The side to move.
    pub color: Color,
}
