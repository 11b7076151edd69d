//! The rules the page asks instead of re-implementing: time-control readings, a parameter's
//! bounds (exclusive ones included), match-form checks with the players' readings, SPRT bounds
//! and progress, stop-reason labels. Errors cross as typed objects `{path, message, allowed}`
//! (thrown), so the page never splits message strings.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::to_js;
use crate::clock::TimeControl;
use crate::play::match_spec::{FieldError, MatchSpec};
use crate::play::stats::{Sprt, SprtVerdict};
use crate::tm::params::{SpecError, TmSpec};

/// An error for the page: which value (`path`), what is wrong, what is allowed. The message
/// never repeats the allowed list, so the page shows either without splitting strings.
#[derive(Serialize)]
pub struct RuleError {
    /// The value's name: a form field (`tc_a`, `games`), a parameter path (`base-pct`).
    pub path: String,
    /// What is wrong, in one sentence.
    pub message: String,
    /// What the value accepts (may be empty when the message says it).
    pub allowed: String,
}

impl RuleError {
    pub(crate) fn new(path: &str, message: impl Into<String>, allowed: impl Into<String>) -> Self {
        RuleError { path: path.into(), message: message.into(), allowed: allowed.into() }
    }

    /// Throwable: a plain JS object.
    pub(crate) fn js(&self) -> JsValue {
        to_js(self).unwrap_or_else(|_| JsValue::from_str(&self.message))
    }
}

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

use crate::excerpt::excerpt;

/// A spec-string error as a typed error (`path`: the parameter, `manager`, or `spec`).
pub(crate) fn spec_error(e: &SpecError) -> RuleError {
    match e {
        SpecError::BadValue { manager, path, value, why, allowed } => RuleError::new(
            path,
            format!("{manager}: parameter `{path}` = `{}` is {why}", excerpt(value)),
            allowed.clone(),
        ),
        SpecError::UnknownKey { manager, key, allowed } => RuleError::new(
            key,
            format!("{manager}: unknown parameter `{}`", excerpt(key)),
            allowed.join(", "),
        ),
        SpecError::UnknownPreset { manager, preset, allowed } => RuleError::new(
            "preset",
            format!("{manager}: unknown preset `{}`", excerpt(preset)),
            allowed.join(", "),
        ),
        SpecError::Duplicate { key, .. } => RuleError::new(key, e.to_string(), ""),
        SpecError::UnknownManager { name } => {
            let text = e.to_string();
            let allowed = text.split_once("allowed: ").map(|(_, a)| a.to_string()).unwrap_or_default();
            RuleError::new("manager", format!("unknown time manager `{}`", excerpt(name)), allowed)
        }
        SpecError::Syntax { .. } => RuleError::new("spec", e.to_string(), "name(key=value,…)"),
    }
}

/// The forms a time control may take, for error messages.
pub(crate) const TC_FORMS: &str = "seconds in cutechess/fastchess syntax: 60, 180+2, 40/60, 40/60+0.6, st=0.5, inf; minutes with a unit: 3m+2";

/// A time control as the page shows it.
#[derive(Serialize)]
struct TcReading {
    /// fastchess-style canonical form (`180+2`).
    canonical: String,
    /// In words ("3 min + 2 s per move").
    reading: String,
}

/// A time-control error for the page: the bad token and what is wrong with it; the forms go to
/// `allowed`.
pub(crate) fn tc_error(path: &str, e: &crate::clock::TcError) -> RuleError {
    let message = if e.token.trim().is_empty() {
        "the time control is empty".to_string()
    } else {
        let why = e.message.split("; allowed").next().unwrap_or(&e.message);
        format!("bad time control token `{}`: {why}", e.token)
    };
    RuleError::new(path, message, TC_FORMS)
}

fn parse_tc(path: &str, tc: &str) -> Result<TimeControl, RuleError> {
    tc.parse::<TimeControl>().map_err(|e| tc_error(path, &e))
}

/// Read a time control (cutechess/fastchess seconds syntax): `{canonical, reading}`, e.g.
/// `180+2` → `{canonical: "180+2", reading: "3 min + 2 s per move"}`; throws
/// `{path: "tc", message, allowed}`.
#[wasm_bindgen]
pub fn read_time_control(tc: &str) -> Result<JsValue, JsValue> {
    let t = parse_tc("tc", tc).map_err(|e| e.js())?;
    to_js(&TcReading { canonical: t.to_string(), reading: t.reading() }).map_err(JsValue::from)
}

/// Check one parameter value of `manager` against the schema (type and range, exclusive
/// bounds included): `null` when accepted, else `{path, message, allowed}`.
#[wasm_bindgen]
pub fn check_param(manager: &str, path: &str, value: &str) -> JsValue {
    let item = match path.split_once('.') {
        Some((group, key)) => format!("{group}({key}={value})"),
        None => format!("{path}={value}"),
    };
    match format!("{manager}({item})").parse::<TmSpec>() {
        Ok(_) => JsValue::NULL,
        Err(e) => spec_error(&e).js(),
    }
}

/// A checked spec string in canonical form; throws `{path, message, allowed}`.
#[wasm_bindgen]
pub fn check_spec(spec: &str) -> Result<String, JsValue> {
    spec.parse::<TmSpec>().map(|s| s.to_string()).map_err(|e| spec_error(&e).js())
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

/// The Curves view's sliders and defaults (see [`crate::plot::curve_params`]).
#[wasm_bindgen]
pub fn curve_schema() -> Result<JsValue, JsValue> {
    to_js(&crate::plot::curve_params::curve_schema()).map_err(JsValue::from)
}

/// Check a Curves-view value against the schema's range: `chart` is a chart id (`decay`,
/// `moves-left`) or `usage` (the allocation chart's sliders). `null` when accepted, else
/// `{path: "chart.key", message, allowed}`.
#[wasm_bindgen]
pub fn check_curve_value(chart: &str, key: &str, value: f64) -> JsValue {
    let schema = crate::plot::curve_params::curve_schema();
    let params = if chart == "usage" { Some(&schema.usage) } else { schema.charts.get(chart) };
    let path = format!("{chart}.{key}");
    let Some(p) = params.and_then(|ps| ps.iter().find(|p| p.key == key)) else {
        return RuleError::new(&path, format!("`{path}` is not a parameter of the Curves view"), "").js();
    };
    let unit = if p.unit.is_empty() { String::new() } else { format!(" {}", p.unit) };
    // Shown with the slider step's precision (20.0 … 100.0 for a step of 0.5).
    let step = p.step.to_string();
    let places = step.split_once('.').map_or(0, |(_, f)| f.len());
    let (min, max) = (format!("{:.places$}", p.min), format!("{:.places$}", p.max));
    let allowed = format!("{min} … {max}{unit}");
    if !value.is_finite() {
        return RuleError::new(&path, "is not a number", allowed).js();
    }
    if value < p.min || value > p.max {
        // The range is short: the message names it (a link's message shows no `allowed`).
        return RuleError::new(&path, format!("is outside the allowed {} … {}", p.min, p.max), allowed).js();
    }
    JsValue::NULL
}
