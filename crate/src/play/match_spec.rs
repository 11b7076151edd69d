//! The match spec: a match's settings as plain data (JSON in the browser, flags in the CLI),
//! turned into a [`MatchConfig`] by one piece of code, so the page, the game workers and
//! `tmlab match` agree on what a setting means and on how a bad one is reported.
//!
//! Every error of [`MatchSpec::to_config`] is a [`FieldError`] naming the field (`tc_a`,
//! `sprt`, `clock.nps`) and what it allows, so the page puts it beside the field and the CLI
//! beside the flag; its text is `field: message; allowed: …`.
//!
//! JSON form (every field optional except `a` and `b`; defaults as in [`MatchSpec::default`]):
//! ```json
//! { "engine": "ab", "a": "stockfish", "b": "lc0-legacy(slowmover=1.2)",
//!   "tc_a": "10+0.1", "tc_b": "8+0.1", "games": 100,
//!   "clock": { "mode": "virtual", "nps": 1000000, "latency_ms": 0 },
//!   "openings": "builtin",
//!   "seed": 1, "sprt": { "elo0": 0, "elo1": 10, "alpha": 0.05, "beta": 0.05 },
//!   "adjudication": { "max_moves": 150, "resign": { "move_count": 3, "score_cp": 600,
//!                     "two_sided": false }, "draw": { "move_number": 40, "move_count": 8,
//!                     "score_cp": 10 } },
//!   "overhead_ms": 0, "hash_mb": 16, "level_a": 5, "level_b": 5,
//!   "event": "tmlab match", "date": "2025.01.31" }
//! ```
//! `openings` is `"builtin"` or `{ "epd": "<EPD text>" }`; `clock` may be `{ "mode": "real" }`.

use crate::tm::SearchKind;
use serde::Serialize;

use super::engine::EngineConfig;
use super::game::{Adjudication, ClockMode};
use super::match_::MatchConfig;
use super::openings::{self, Opening};
use super::stats::Sprt;
use crate::clock::{TimeControl, Timing};
use crate::drive::strength::{FULL, Level};
use crate::tm::TmSpec;

/// The most games one match may have.
pub const MAX_GAMES: u32 = 100_000;
/// The largest transposition table a match player may have, MB.
pub const MAX_HASH_MB: usize = 1024;
/// The fastest virtual clock accepted (nodes per second).
pub const MAX_VIRTUAL_NPS: f64 = 1e10;

/// Where the openings come from.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum OpeningsSpec {
    /// The shipped set (see `crate/data/openings.txt`).
    Builtin,
    /// EPD text: one position per line.
    Epd(String),
}

/// A match's settings as the user gave them (see the module documentation for the JSON).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatchSpec {
    /// The searcher both players use.
    pub engine: SearchKind,
    /// Player A's manager, a spec string such as `lc0-legacy(slowmover=1.2)`.
    pub a: String,
    /// Player B's manager.
    pub b: String,
    /// A's name in the PGN (default `A <spec>`).
    pub name_a: Option<String>,
    /// B's name in the PGN (default `B <spec>`).
    pub name_b: Option<String>,
    /// A's time control, cutechess syntax.
    pub tc_a: String,
    /// B's time control; `None` (or empty) means the same as A's.
    pub tc_b: Option<String>,
    /// Number of games, played in colour-reversed pairs.
    pub games: u32,
    /// Virtual or real clock.
    pub clock: ClockMode,
    /// The opening set.
    pub openings: OpeningsSpec,
    /// Seed of the opening order.
    pub seed: u64,
    /// Optional SPRT; the match stops once it decides.
    pub sprt: Option<Sprt>,
    /// Score and move-count adjudication.
    pub adjudication: Adjudication,
    /// Move overhead of both managers, ms (`None`: each manager's own).
    pub overhead_ms: Option<f64>,
    /// Alpha-beta transposition table per player, MB.
    pub hash_mb: usize,
    /// A's strength level, 1 … 5 (see [`crate::drive::strength`]; 5 = full strength).
    pub level_a: u8,
    /// B's strength level.
    pub level_b: u8,
    /// PGN `Event`.
    pub event: String,
    /// PGN `Date` (`YYYY.MM.DD`, `????.??.??` when unknown).
    pub date: String,
}

impl Default for MatchSpec {
    /// Stockfish's manager against lc0's legacy one at 10+0.1 on a 1 M nps virtual clock.
    fn default() -> Self {
        MatchSpec {
            engine: SearchKind::AlphaBeta,
            a: "stockfish".into(),
            b: "lc0-legacy".into(),
            name_a: None,
            name_b: None,
            tc_a: "10+0.1".into(),
            tc_b: None,
            games: 2,
            clock: ClockMode::Virtual { nps: 1_000_000.0, latency_ms: 0.0 },
            openings: OpeningsSpec::Builtin,
            seed: 1,
            sprt: None,
            adjudication: Adjudication::default(),
            overhead_ms: None,
            hash_mb: super::engine::DEFAULT_HASH_MB,
            level_a: crate::drive::strength::FULL,
            level_b: crate::drive::strength::FULL,
            event: "tmlab match".into(),
            date: "????.??.??".into(),
        }
    }
}

/// The top-level JSON fields, in documentation order.
pub const FIELDS: [&str; 19] = [
    "engine",
    "a",
    "b",
    "name_a",
    "name_b",
    "tc_a",
    "tc_b",
    "games",
    "clock",
    "openings",
    "seed",
    "sprt",
    "adjudication",
    "overhead_ms",
    "hash_mb",
    "level_a",
    "level_b",
    "event",
    "date",
];

mod read;
pub use crate::error::FieldError;
use read::clip;

impl MatchSpec {
    /// The spec as JSON (the same form [`MatchSpec::from_json`] reads).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a match spec always serialises")
    }

    /// A's and B's time controls, parsed and checked.
    ///
    /// # Errors
    /// `tc_a` or `tc_b` with the parser's message, or a control that bounds nothing.
    pub fn time_controls(&self) -> Result<(TimeControl, TimeControl), FieldError> {
        let a = parse_tc("tc_a", &self.tc_a)?;
        let b = match &self.tc_b {
            Some(t) if !t.trim().is_empty() => parse_tc("tc_b", t)?,
            _ => a.clone(),
        };
        Ok((a, b))
    }

    /// The openings, parsed.
    ///
    /// # Errors
    /// `openings.epd` naming the bad EPD line.
    pub fn opening_set(&self) -> Result<Vec<Opening>, FieldError> {
        match &self.openings {
            OpeningsSpec::Builtin => Ok(openings::builtin()),
            OpeningsSpec::Epd(text) => openings::parse_epd(text).map_err(|e| e.within("openings.epd")),
        }
    }

    /// Check every value and build the match configuration.
    ///
    /// # Errors
    /// The first bad field, named, with what it allows.
    pub fn to_config(&self) -> Result<MatchConfig, FieldError> {
        let tm_a: TmSpec =
            self.a.parse().map_err(|e: crate::tm::SpecError| FieldError::from(e).renamed("a"))?;
        let tm_b: TmSpec =
            self.b.parse().map_err(|e: crate::tm::SpecError| FieldError::from(e).renamed("b"))?;
        if !(1..=MAX_HASH_MB).contains(&self.hash_mb) {
            let message = format!("{} MB is out of range", self.hash_mb);
            return Err(FieldError::new("hash_mb", message, format!("1 to {MAX_HASH_MB}")));
        }
        let mut a = EngineConfig::new(self.engine, tm_a);
        let mut b = EngineConfig::new(self.engine, tm_b);
        for (which, c, level) in [("a", &mut a, self.level_a), ("b", &mut b, self.level_b)] {
            c.hash_mb = self.hash_mb;
            c.level = Level::get(u64::from(level)).map_err(|_| {
                let allowed = format!("1 (beginner) to {FULL} (full strength)");
                FieldError::new(format!("level_{which}"), format!("{level} is out of range"), allowed)
            })?;
            if let Some(o) = self.overhead_ms {
                if !(o.is_finite() && o >= 0.0) {
                    return Err(FieldError::new("overhead_ms", format!("{o} ms is not allowed"), "≥ 0 ms"));
                }
                c.set_move_overhead(o)
                    .map_err(|e| FieldError::said("overhead_ms", format!("player {which}: {e}")))?;
            }
        }
        let (tc_a, tc_b) = self.time_controls()?;
        if !(1..=MAX_GAMES).contains(&self.games) {
            let message = format!("{} is out of range", self.games);
            return Err(FieldError::new("games", message, format!("1 to {MAX_GAMES}")));
        }
        if let ClockMode::Virtual { nps, latency_ms } = self.clock {
            if !(nps.is_finite() && nps > 0.0 && nps <= MAX_VIRTUAL_NPS) {
                let allowed = format!("virtual nodes per second above 0 and at most {MAX_VIRTUAL_NPS:e}");
                return Err(FieldError::new("clock.nps", format!("{nps} is not allowed"), allowed));
            }
            if !(latency_ms.is_finite() && (0.0..=60_000.0).contains(&latency_ms)) {
                let message = format!("{latency_ms} ms is not allowed");
                return Err(FieldError::new("clock.latency_ms", message, "0 to 60000 ms"));
            }
        }
        let sprt = self.sprt.map(|t| Sprt::with_errors(t.elo0, t.elo1, t.alpha, t.beta)).transpose()?;
        check_adjudication(&self.adjudication)?;
        let openings = self.opening_set()?;
        // `A stockfish`, or `A stockfish level 2` below full strength.
        let name = |n: &Option<String>, side: &str, c: &EngineConfig| {
            let own = c.label();
            let own = own.split_once(' ').map_or(own.as_str(), |(_, rest)| rest);
            n.as_deref()
                .map(str::trim)
                .filter(|n| !n.is_empty())
                .map_or(format!("{side} {own}"), str::to_string)
        };
        let (name_a, name_b) = (name(&self.name_a, "A", &a), name(&self.name_b, "B", &b));
        if name_a == name_b {
            let message = format!("both players are called {:?}", clip(&name_a));
            return Err(FieldError::new("name_b", message, "different names for A and B"));
        }
        let cfg = MatchConfig {
            a,
            b,
            name_a,
            name_b,
            tc_a,
            tc_b,
            games: self.games,
            openings,
            seed: self.seed,
            clock: self.clock,
            adjudication: self.adjudication,
            sprt,
            event: self.event.clone(),
            date: self.date.clone(),
        };
        // The games are checked above, so only the openings can be missing.
        cfg.validate().map_err(|e| FieldError::said("openings", e))?;
        Ok(cfg)
    }

    /// "virtual clock: 1 ms = 1000 nodes, latency 0 ms" or "real (wall) clock".
    pub fn clock_label(&self) -> String {
        match self.clock {
            ClockMode::Virtual { nps, latency_ms } => {
                let per_ms = nps / 1000.0;
                let n = if per_ms.fract() == 0.0 { format!("{per_ms:.0}") } else { format!("{per_ms}") };
                if latency_ms > 0.0 {
                    format!("virtual clock: 1 ms = {n} nodes, latency {latency_ms} ms")
                } else {
                    format!("virtual clock: 1 ms = {n} nodes")
                }
            }
            ClockMode::Real => "real (wall) clock".into(),
        }
    }
}

fn parse_tc(field: &str, text: &str) -> Result<TimeControl, FieldError> {
    let tc: TimeControl = text.parse().map_err(|e: crate::clock::TcError| e.at(field))?;
    if !tc.has_clock()
        && tc.nodes.is_none()
        && tc.depth.is_none()
        && !matches!(tc.timing, Timing::MoveTime { .. })
    {
        return Err(FieldError::new(
            field,
            format!("`{tc}` bounds neither time, nodes nor depth, so a game could never end"),
            "a clock (10+0.1), a move time (st=0.1), nodes=N or depth=N",
        ));
    }
    Ok(tc)
}

fn check_adjudication(a: &Adjudication) -> Result<(), FieldError> {
    a.check().map_err(|e| FieldError::new(format!("adjudication.{}", e.path), e.message, e.allowed))
}

#[cfg(test)]
mod tests;
