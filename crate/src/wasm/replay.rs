//! PGN clock replay on the page ([`replay_pgn`], [`ReplaySession`]) and the leaderboard's rank
//! ranges; the clock-share curves are drawn by [`super::usage::UsageCanvas`] (charts module).

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::{Thrown, to_js};
use crate::error::FieldError;
use crate::experiment::replay::{
    GameReplay, MAX_MANAGERS, OWN_LIMITS_LABEL, Replay, replay_game, replay_pgn as replay,
};
use crate::play::pgn_import::{ClockedGame, import_pgn};
use crate::tm::TmSpec;

/// A replay and, per game and manager, the record the game chart (`GameCanvas`) draws.
#[derive(Serialize)]
struct Replayed {
    replay: Replay,
    /// `charts[game][manager]`.
    charts: Vec<Vec<serde_json::Value>>,
}

fn throw(path: &str, message: String, allowed: &str) -> JsValue {
    FieldError::new(path, message, allowed).js()
}

/// The largest PGN the page replays, in bytes (UTF-8). A 12 MB upload took 40 s on the main
/// thread; in the worker a PGN this size replays in a few seconds and its result stays small
/// enough to hand to the page in one message.
pub const MAX_PAGE_PGN_BYTES: usize = 4 * 1024 * 1024;

/// Throws `{path: "pgn", message, allowed}` for a PGN of `bytes` bytes over
/// [`MAX_PAGE_PGN_BYTES`]: the page checks an upload's size before reading it.
#[wasm_bindgen]
pub fn replay_check_size(bytes: f64) -> Result<(), JsValue> {
    check_size(if bytes.is_finite() && bytes >= 0.0 { bytes as usize } else { usize::MAX })
}

const PGN_ALLOWED: &str = "a PGN with [%clk] or [%emt] on every move and a TimeControl tag";

/// The managers, checked.
fn read_specs(specs: &[String]) -> Result<Vec<TmSpec>, JsValue> {
    if specs.is_empty() || specs.len() > MAX_MANAGERS {
        return Err(throw(
            "tm",
            format!("choose 1 … {MAX_MANAGERS} managers, got {}", specs.len()),
            "1 … 8 spec strings",
        ));
    }
    let mut parsed = Vec::new();
    for (i, s) in specs.iter().enumerate() {
        let spec: TmSpec = s.parse().map_err(|e| {
            let r = FieldError::from(&e);
            throw(&format!("tm.{i}"), format!("manager {}: {}", i + 1, r.message), &r.allowed)
        })?;
        parsed.push(spec);
    }
    Ok(parsed)
}

/// `{path: "pgn", …}` for a text over the page's limit.
fn check_size(bytes: usize) -> Result<(), JsValue> {
    if bytes > MAX_PAGE_PGN_BYTES {
        let mb = |b: usize| b as f64 / (1024.0 * 1024.0);
        return Err(throw(
            "pgn",
            format!(
                "the PGN is {:.1} MB; the page replays at most {:.0} MB (split the file, or run `tmlab replay --pgn FILE` for any size)",
                mb(bytes),
                mb(MAX_PAGE_PGN_BYTES)
            ),
            &format!("a PGN of at most {:.0} MB", mb(MAX_PAGE_PGN_BYTES)),
        ));
    }
    Ok(())
}

fn replayed(managers: usize, r: Replay) -> Result<JsValue, JsValue> {
    // One chart per manager, and one more with the engines' own limits when the comments carry them.
    let charts = r
        .games
        .iter()
        .map(|g| (0..managers + usize::from(g.has_own_limits())).map(|m| g.chart_record(m)).collect())
        .collect();
    to_js(&Replayed { replay: r, charts }).map_err(JsValue::from)
}

/// Replays every game of `pgn` against the managers `specs`. Returns `{replay, charts}`; throws
/// `{path, message, allowed}` (`path`: `tm.<i>` for a bad spec, `pgn` for the text, whose message
/// names the game and the move, or says it is over [`MAX_PAGE_PGN_BYTES`]).
#[wasm_bindgen]
pub fn replay_pgn(pgn: &str, specs: Vec<String>) -> Result<JsValue, JsValue> {
    check_size(pgn.len())?;
    let parsed = read_specs(&specs)?;
    let r = replay(pgn, &parsed).map_err(|e| throw("pgn", e.to_string(), PGN_ALLOWED))?;
    replayed(parsed.len(), r)
}

/// A replay done game by game, for the Replay view's worker to report progress: `new` reads
/// the PGN (throwing as [`replay_pgn`] does), `step(n)` replays up to `n` more games, `result()`
/// is [`replay_pgn`]'s `{replay, charts}` with `charts` empty, and `chart(game, manager)` one
/// chart record on demand (all of them for a large PGN took seconds to hand to the page).
#[wasm_bindgen]
pub struct ReplaySession {
    specs: Vec<TmSpec>,
    games: Vec<ClockedGame>,
    done: Vec<GameReplay>,
}

#[wasm_bindgen]
impl ReplaySession {
    /// Reads `pgn` for the managers `specs`.
    #[wasm_bindgen(constructor)]
    pub fn new(pgn: &str, specs: Vec<String>) -> Result<ReplaySession, JsValue> {
        check_size(pgn.len())?;
        let specs = read_specs(&specs)?;
        let games = import_pgn(pgn).map_err(|e| throw("pgn", e.to_string(), PGN_ALLOWED))?;
        Ok(ReplaySession { specs, games, done: Vec::new() })
    }

    /// Games in the PGN.
    #[wasm_bindgen(getter)]
    pub fn total(&self) -> usize {
        self.games.len()
    }

    /// Games replayed so far.
    #[wasm_bindgen(getter)]
    pub fn replayed(&self) -> usize {
        self.done.len()
    }

    /// Replays up to `n` more games; true once every game is replayed. Throws for a game that
    /// cannot be replayed (naming it and the move).
    pub fn step(&mut self, n: usize) -> Result<bool, JsValue> {
        for g in self.games.iter().skip(self.done.len()).take(n) {
            let r = replay_game(g, &self.specs).map_err(|e| throw("pgn", e.to_string(), PGN_ALLOWED))?;
            self.done.push(r);
        }
        Ok(self.done.len() == self.games.len())
    }

    /// `{replay, charts: []}` of the games replayed.
    pub fn result(&self) -> Result<JsValue, JsValue> {
        let replay = Replay {
            managers: self.specs.iter().map(ToString::to_string).collect(),
            own_limits_label: OWN_LIMITS_LABEL,
            games: self.done.clone(),
        };
        to_js(&Replayed { replay, charts: Vec::new() }).map_err(JsValue::from)
    }

    /// The record the game chart draws for replayed game `game` with manager `manager`'s limits,
    /// or the engines' own limits from the comments for `manager` one past the last (null for
    /// an index out of range).
    pub fn chart(&self, game: usize, manager: usize) -> Result<JsValue, JsValue> {
        let own = |g: &GameReplay| manager == self.specs.len() && g.has_own_limits();
        match self.done.get(game) {
            Some(g) if manager < self.specs.len() || own(g) => {
                to_js(&g.chart_record(manager)).map_err(JsValue::from)
            }
            _ => Ok(JsValue::NULL),
        }
    }
}

/// The rank ranges of one leaderboard gauntlet (the entries of one searcher and control, as in
/// leaderboard.json): `[[best, worst], …]` in the entries' order; managers whose 95 % intervals
/// overlap are tied ([`crate::experiment::rank::rank_ranges`]).
#[wasm_bindgen(js_name = leaderboardRanks)]
pub fn leaderboard_ranks(entries: JsValue) -> Result<JsValue, JsValue> {
    let entries: Vec<crate::experiment::rank::Standing> =
        serde_wasm_bindgen::from_value(entries).map_err(|e| {
            throw("entries", format!("not leaderboard entries: {e}"), "the entries of leaderboard.json")
        })?;
    to_js(&crate::experiment::rank::rank_ranges(&entries)).map_err(JsValue::from)
}
