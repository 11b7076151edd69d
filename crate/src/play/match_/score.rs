//! A finished game as a match counts it: A's result, the colours and both players' time usage
//! ([`GameScore`]), with or without the full record ([`GameSummary`]).

use serde::{Deserialize, Serialize};
use shakmaty::Color;

use super::{MatchConfig, TimeUsage, time_usage};
use crate::play::game::{GameRecord, Termination};
use crate::play::pgn::PgnResult;
use crate::play::stats::Outcome;

/// A finished game as the match counts it: its [`GameScore`] (flattened into the same JSON
/// object) and the full record.
#[derive(Clone, Debug, Serialize)]
pub struct GameSummary {
    /// The result and both players' time usage.
    #[serde(flatten)]
    pub score: GameScore,
    /// The full record.
    pub record: GameRecord,
}

impl GameSummary {
    /// Summarises game `index`.
    pub fn new(index: u32, record: GameRecord) -> Self {
        let a_white = MatchConfig::a_is_white(index);
        let result = record.outcome.as_ref().map_or(PgnResult::Draw, |o| o.result);
        let outcome_a = match (result, a_white) {
            (PgnResult::WhiteWins, true) | (PgnResult::BlackWins, false) => Outcome::Win,
            (PgnResult::WhiteWins, false) | (PgnResult::BlackWins, true) => Outcome::Loss,
            _ => Outcome::Draw,
        };
        let (ca, cb) = if a_white { (Color::White, Color::Black) } else { (Color::Black, Color::White) };
        let over = |c: Color| {
            record
                .moves
                .iter()
                .filter(|r| r.color == c && r.flagged)
                .map(|r| r.overshoot_ms)
                .fold(0.0, f64::max)
        };
        let score = GameScore {
            index,
            outcome_a,
            a_white,
            termination: record.outcome.as_ref().map(|o| o.termination),
            usage_a: time_usage(&record, ca),
            usage_b: time_usage(&record, cb),
            overshoot: [over(ca), over(cb)],
        };
        GameSummary { score, record }
    }
}

/// What the statistics need of a finished game: its result and both players' time usage,
/// without the record. The browser's match book reads it back from a [`GameSummary`]'s JSON
/// (unknown fields such as `record` are ignored).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameScore {
    /// Game index.
    pub index: u32,
    /// A's result.
    pub outcome_a: Outcome,
    /// A had white.
    pub a_white: bool,
    /// How the game ended.
    pub termination: Option<Termination>,
    /// A's time usage.
    pub usage_a: TimeUsage,
    /// B's time usage.
    pub usage_b: TimeUsage,
    /// Largest overshoot of a flagged move by A / by B, ms.
    pub overshoot: [f64; 2],
}
