//! The match form's and the SPRT's rules for the page (the engine build's half of
//! [`super::rules`]): match-form checks with the players' readings, SPRT bounds and progress.
//! Errors cross as typed objects `{path, message, allowed}` (thrown).

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::{Thrown, to_js};
use crate::error::FieldError;
use crate::play::match_spec::MatchSpec;
use crate::play::stats::{Sprt, SprtVerdict};

/// A spec error as the forms show it: the same typed error, its `message` led by its `path`
/// (`games: 0 is out of range`), as the Sweep, Tune and Scaling forms show one error line for the
/// whole form. Built from the fields, never parsed back from text.
pub(crate) fn spec_field_error(e: &FieldError) -> FieldError {
    let message = if e.path.is_empty() { e.message.clone() } else { format!("{}: {}", e.path, e.message) };
    FieldError::new(e.path.clone(), message, e.allowed.clone())
}

/// What the match form shows about a valid spec.
#[derive(Serialize)]
struct MatchReading {
    tc_a: String,
    tc_b: String,
    reading_a: String,
    reading_b: String,
    /// Both sides in words: "5 s + 0.05 s per move vs 4 s + 0.05 s per move", or one reading
    /// when the sides are equal.
    reading: String,
    name_a: String,
    name_b: String,
    openings: usize,
    clock: String,
}

/// Check a match spec (JSON) and read it: `{tc_a, tc_b, reading_a, reading_b, reading, name_a,
/// name_b, openings, clock}`; throws `{path, message, allowed}` naming the bad field.
#[wasm_bindgen]
pub fn read_match_spec(spec_json: &str) -> Result<JsValue, JsValue> {
    let spec = MatchSpec::from_json(spec_json).map_err(|e| spec_field_error(&e).js())?;
    let cfg = spec.to_config().map_err(|e| spec_field_error(&e).js())?;
    let (reading_a, reading_b) = (cfg.tc_a.reading(), cfg.tc_b.reading());
    let reading = if cfg.tc_a == cfg.tc_b {
        format!("both: {reading_a}")
    } else {
        format!("{reading_a} vs {reading_b}")
    };
    to_js(&MatchReading {
        tc_a: cfg.tc_a.to_string(),
        tc_b: cfg.tc_b.to_string(),
        reading_a,
        reading_b,
        reading,
        name_a: cfg.name_a.clone(),
        name_b: cfg.name_b.clone(),
        openings: cfg.openings.len(),
        clock: spec.clock_label(),
    })
    .map_err(JsValue::from)
}

/// Where an SPRT stands, for the page.
#[derive(Serialize)]
struct SprtStatus {
    lower: f64,
    upper: f64,
    /// Share of the way to the bound on the LLR's side, 0 … 1.
    progress: f64,
    verdict: SprtVerdict,
    /// "running", "H1 accepted", "H0 accepted".
    label: &'static str,
}

/// The SPRT's LLR bounds, progress and verdict for `llr` under the test `{elo0, elo1, alpha,
/// beta}`; throws `{path: "sprt", …}` for a test fastchess refuses.
#[wasm_bindgen]
pub fn sprt_status(elo0: f64, elo1: f64, alpha: f64, beta: f64, llr: f64) -> Result<JsValue, JsValue> {
    let t = Sprt::with_errors(elo0, elo1, alpha, beta).map_err(|e| e.js())?;
    let (lower, upper) = t.bounds();
    let verdict = t.verdict(llr);
    to_js(&SprtStatus { lower, upper, progress: t.progress(llr), verdict, label: verdict.label() })
        .map_err(JsValue::from)
}
