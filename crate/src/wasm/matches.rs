//! Matches in the browser: [`MatchGameRunner`] plays one game of a match inside a game worker,
//! one move per call; [`MatchBook`] is the page's book of the match (report, PGN, JSON export);
//! [`check_match_spec`] validates the setup form.

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use super::to_js;
use crate::play::match_::{GameScore, MatchConfig};
use crate::play::match_book;
use crate::play::match_game::MatchGame;
use crate::play::match_spec::MatchSpec;

fn js_err(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

/// One game of a match, played move by move (in a game worker).
#[wasm_bindgen]
pub struct MatchGameRunner {
    inner: MatchGame,
}

#[wasm_bindgen]
impl MatchGameRunner {
    /// Game `index` of the match whose spec is `spec_json`; the error names the bad field.
    #[wasm_bindgen(constructor)]
    pub fn new(spec_json: &str, index: u32) -> Result<MatchGameRunner, JsError> {
        Ok(MatchGameRunner { inner: MatchGame::from_spec_json(spec_json, index).map_err(js_err)? })
    }

    /// Play the next move and return its record (`null` once the game is over).
    pub fn step(&mut self) -> Result<JsValue, JsError> {
        match self.inner.step() {
            Some(r) => to_js(r),
            None => Ok(JsValue::NULL),
        }
    }

    /// Whether the game is over.
    #[wasm_bindgen(getter)]
    pub fn done(&self) -> bool {
        self.inner.done()
    }

    /// The game's index.
    #[wasm_bindgen(getter)]
    pub fn index(&self) -> u32 {
        self.inner.index()
    }

    /// The move records so far, book moves included.
    pub fn records(&self) -> Result<JsValue, JsError> {
        to_js(&self.inner.game().records())
    }

    /// The game summary (result, time usage, the full record with its PGN).
    pub fn summary(&self) -> Result<JsValue, JsError> {
        to_js(&self.inner.summary())
    }
}

/// What the form shows about a valid spec.
#[derive(Serialize)]
struct SpecInfo {
    spec: MatchSpec,
    tc_a: String,
    tc_b: String,
    name_a: String,
    name_b: String,
    openings: usize,
    clock: String,
}

fn spec_info(spec: &MatchSpec, cfg: &MatchConfig) -> SpecInfo {
    SpecInfo {
        spec: spec.clone(),
        tc_a: cfg.tc_a.to_string(),
        tc_b: cfg.tc_b.to_string(),
        name_a: cfg.name_a.clone(),
        name_b: cfg.name_b.clone(),
        openings: cfg.openings.len(),
        clock: spec.clock_label(),
    }
}

/// Check a match spec (JSON) and describe it: `{spec, tc_a, tc_b, name_a, name_b, openings,
/// clock}` with the controls echoed in fastchess style. The error starts with the bad field's
/// name (`tc_b: …`).
#[wasm_bindgen]
pub fn check_match_spec(spec_json: &str) -> Result<JsValue, JsError> {
    let spec = MatchSpec::from_json(spec_json).map_err(js_err)?;
    let cfg = spec.to_config().map_err(js_err)?;
    to_js(&spec_info(&spec, &cfg))
}

/// The PGN text inside a game summary.
#[derive(Deserialize)]
struct SummaryPgn {
    record: PgnOnly,
}

#[derive(Deserialize)]
struct PgnOnly {
    pgn: String,
}

/// Where a match stands, for the page.
#[derive(Serialize)]
struct Standing {
    report: crate::play::match_::MatchReport,
    text: String,
    finished: u32,
    games: u32,
    complete: bool,
    verdict: Option<crate::play::stats::SprtVerdict>,
    name_a: String,
    name_b: String,
}

/// The page's book of a match: finished games in, report, PGN and JSON export out. It keeps
/// each game's score and PGN, not the JS summary (the page's autosave holds those), so a long
/// match does not grow the JS heap by every move record.
#[wasm_bindgen]
pub struct MatchBook {
    inner: match_book::MatchBook,
    info: SpecInfo,
}

#[wasm_bindgen]
impl MatchBook {
    /// An empty book for the match `spec_json`; the error names the bad field.
    #[wasm_bindgen(constructor)]
    pub fn new(spec_json: &str) -> Result<MatchBook, JsError> {
        let spec = MatchSpec::from_json(spec_json).map_err(js_err)?;
        let cfg = spec.to_config().map_err(js_err)?;
        let info = spec_info(&spec, &cfg);
        let inner = match_book::MatchBook::from_config(spec, &cfg);
        Ok(MatchBook { inner, info })
    }

    /// Add a finished game's summary (as [`MatchGameRunner::summary`] returned it).
    pub fn add(&mut self, summary: JsValue) -> Result<(), JsError> {
        let score: GameScore = serde_wasm_bindgen::from_value(summary.clone())
            .map_err(|e| JsError::new(&format!("not a game summary: {e}")))?;
        let pgn: SummaryPgn = serde_wasm_bindgen::from_value(summary.clone())
            .map_err(|e| JsError::new(&format!("the game summary has no PGN: {e}")))?;
        self.inner.add(score, pgn.record.pgn).map_err(js_err)
    }

    /// Games in the match.
    #[wasm_bindgen(getter)]
    pub fn games(&self) -> u32 {
        self.inner.games()
    }

    /// Games finished.
    #[wasm_bindgen(getter)]
    pub fn finished(&self) -> u32 {
        self.inner.finished()
    }

    /// Whether the match is over (every game played or the SPRT decided).
    #[wasm_bindgen(getter)]
    pub fn complete(&self) -> bool {
        self.inner.complete()
    }

    /// The games still to play, in order.
    pub fn pending(&self) -> Vec<u32> {
        self.inner.pending()
    }

    /// `{report, text, finished, games, complete, verdict, name_a, name_b}`: the MatchReport,
    /// the fastchess-style block with time usage, and where the match stands.
    pub fn standing(&self) -> Result<JsValue, JsError> {
        let report = self.inner.report();
        let (a, b) = self.inner.names();
        let text = report.to_text(a, b);
        to_js(&Standing {
            verdict: report.block.sprt.map(|(_, _, v)| v),
            report,
            text,
            finished: self.inner.finished(),
            games: self.inner.games(),
            complete: self.inner.complete(),
            name_a: a.to_string(),
            name_b: b.to_string(),
        })
    }

    /// Every finished game's PGN, in game order.
    pub fn pgn(&self) -> String {
        self.inner.pgn()
    }

    /// The full export: `{format, version, spec, setup, games, standing}`, with `games` the
    /// finished games' summaries as the page saved them (in index order).
    pub fn export(&self, games: js_sys::Array) -> Result<JsValue, JsError> {
        let out = js_sys::Object::new();
        let set = |k: &str, v: &JsValue| js_sys::Reflect::set(&out, &JsValue::from_str(k), v).map(|_| ());
        let fail = |_| JsError::new("could not build the export object");
        set("format", &JsValue::from_str("tmlab-match")).map_err(fail)?;
        set("version", &JsValue::from_f64(1.0)).map_err(fail)?;
        set("spec", &to_js(self.inner.spec())?).map_err(fail)?;
        set("setup", &to_js(&self.info)?).map_err(fail)?;
        set("games", &games).map_err(fail)?;
        set("standing", &self.standing()?).map_err(fail)?;
        Ok(out.into())
    }
}
