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

use serde::{Deserialize, Serialize};
use shakmaty::Color;

use super::engine::{EngineConfig, EnginePlayer};
use super::game::{Adjudication, ClockMode, Game, GameRecord, GameSetup, SideSetup, Termination, play_game};
use super::openings::Opening;
use super::pgn::PgnResult;
use super::stats::{Outcome, Pentanomial, ResultBlock, Sprt, SprtVerdict, Wdl};
use crate::clock::TimeControl;

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
    pub fn validate(&self) -> Result<(), String> {
        if self.openings.is_empty() {
            return Err("the opening set is empty".into());
        }
        if self.games == 0 {
            return Err("a match needs at least one game".into());
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
    ) -> Result<GameRecord, String> {
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

/// W/L/D, pentanomial, SPRT and time statistics of finished games, given by game index
/// (`slots[i]` is game `i`, `None` while unfinished; a pair counts once both games are in).
pub fn report_scores(slots: &[Option<GameScore>], sprt: Option<Sprt>) -> MatchReport {
    let mut wdl = Wdl::default();
    for g in slots.iter().flatten() {
        match g.outcome_a {
            Outcome::Win => wdl.wins += 1,
            Outcome::Loss => wdl.losses += 1,
            Outcome::Draw => wdl.draws += 1,
        }
    }
    let mut penta = Pentanomial::default();
    for pair in slots.chunks(2) {
        if let [Some(x), Some(y)] = pair {
            penta.add_pair(x.outcome_a, y.outcome_a);
        }
    }
    let done: Vec<&GameScore> = slots.iter().flatten().collect();
    let ua: Vec<TimeUsage> = done.iter().map(|g| g.usage_a).collect();
    let ub: Vec<TimeUsage> = done.iter().map(|g| g.usage_b).collect();
    let oa: Vec<f64> = done.iter().map(|g| g.overshoot[0]).collect();
    let ob: Vec<f64> = done.iter().map(|g| g.overshoot[1]).collect();
    MatchReport {
        finished: done.len() as u32,
        block: ResultBlock::new(wdl, penta, sprt),
        a: PlayerTimeStats::from_games(&ua, &oa),
        b: PlayerTimeStats::from_games(&ub, &ob),
    }
}

/// Games finished so far and everything computed from them.
#[derive(Clone, Debug, Default, Serialize)]
pub struct MatchState {
    /// Finished games by index (empty for a state made by [`MatchState::scores_only`]).
    pub games: Vec<Option<GameSummary>>,
    /// The scores of finished games by index: what the statistics need.
    #[serde(skip)]
    scores: Vec<Option<GameScore>>,
    #[serde(skip)]
    finished: u32,
    #[serde(skip)]
    keep_records: bool,
}

/// The statistics of a match so far.
#[derive(Clone, Debug, Serialize)]
pub struct MatchReport {
    /// Games finished.
    pub finished: u32,
    /// The fastchess result block (for A).
    pub block: ResultBlock,
    /// A's time statistics.
    pub a: PlayerTimeStats,
    /// B's time statistics.
    pub b: PlayerTimeStats,
}

impl MatchReport {
    /// The block as fastchess prints it, followed by the timeouts and time usage per player.
    pub fn to_text(&self, name_a: &str, name_b: &str) -> String {
        let mut s = format!("Results of {name_a} vs {name_b}:\n");
        s += &self.block.to_fastchess();
        s += &format!("{name_a}: {}\n", self.a.line());
        s += &format!("{name_b}: {}\n", self.b.line());
        s
    }
}

impl MatchState {
    /// Room for `games` games.
    pub fn new(games: u32) -> Self {
        MatchState { games: vec![None; games as usize], keep_records: true, ..Self::scores_only(games) }
    }

    /// Room for `games` games whose records are not kept, only their scores (a caller that
    /// streams each record out as it arrives): memory stays at about 100 bytes per game.
    pub fn scores_only(games: u32) -> Self {
        MatchState { games: Vec::new(), scores: vec![None; games as usize], finished: 0, keep_records: false }
    }

    /// Records a finished game.
    pub fn add(&mut self, summary: GameSummary) {
        let i = summary.score.index as usize;
        if i >= self.scores.len() {
            self.scores.resize(i + 1, None);
        }
        if self.scores[i].replace(summary.score).is_none() {
            self.finished += 1;
        }
        if self.keep_records {
            if i >= self.games.len() {
                self.games.resize(i + 1, None);
            }
            self.games[i] = Some(summary);
        }
    }

    /// Games finished.
    pub fn finished(&self) -> u32 {
        self.finished
    }

    /// W/L/D, pentanomial, SPRT and time statistics of the games finished so far.
    pub fn report(&self, sprt: Option<Sprt>) -> MatchReport {
        report_scores(&self.scores, sprt)
    }

    /// Whether the SPRT has decided.
    pub fn sprt_decided(&self, sprt: Option<Sprt>) -> bool {
        self.report(sprt).block.sprt.is_some_and(|(_, _, v)| v != SprtVerdict::Running)
    }
}

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
