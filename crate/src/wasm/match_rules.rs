//! The match form's and the SPRT's rules for the page (the engine build's half of
//! [`super::rules`]): match-form checks with the players' readings, SPRT bounds and progress.
//! Errors cross as typed objects `{path, message, allowed}` (thrown).

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::rules::{RuleError, TC_FORMS};
use super::to_js;
use crate::play::match_spec::{FieldError, MatchSpec};
use crate::play::stats::{Sprt, SprtVerdict};

/// A library error of the form `field: message … allowed: …` (the match spec's) as a typed
/// error: the message without its allowed list, which goes to `allowed`.
pub(crate) fn field_error(e: &str) -> RuleError {
    let (path, _) = e.split_once(':').filter(|(p, _)| !p.contains(' ')).unwrap_or(("", e));
    let (message, allowed) = match e.split_once("allowed: ") {
        Some((m, a)) => (m.trim_end_matches([' ', ';', ',', '(']), a.trim_end_matches(')')),
        None if path.starts_with("tc_") => (e, TC_FORMS),
        None => (e, ""),
    };
    RuleError::new(path, message, allowed)
}

/// A typed spec error for the page: `path` is its field; `message` keeps the `field: ` prefix the
/// forms show. An error whose message carries another module's text (a spec string's, a time
/// control's) has its allowed list taken from that text as [`field_error`] does.
pub(crate) fn spec_field_error(e: &FieldError) -> RuleError {
    if e.allowed.is_empty() {
        return RuleError { path: e.field.clone(), ..field_error(&e.to_string()) };
    }
    let message = if e.field.is_empty() { e.message.clone() } else { format!("{}: {}", e.field, e.message) };
    RuleError::new(&e.field, message, e.allowed.clone())
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
    let t = Sprt::with_errors(elo0, elo1, alpha, beta).map_err(|e| {
        RuleError::new("sprt", e, "elo0 < elo1; alpha, beta in (0, 1), alpha + beta < 1").js()
    })?;
    let (lower, upper) = t.bounds();
    let verdict = t.verdict(llr);
    to_js(&SprtStatus { lower, upper, progress: t.progress(llr), verdict, label: verdict.label() })
        .map_err(JsValue::from)
}
