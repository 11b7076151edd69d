//! The rules the page asks instead of re-implementing: time-control readings, a parameter's
//! bounds (exclusive ones included), spec strings, the Curves view's values (the match form's
//! and the SPRT's are in [`super::match_rules`], the engine build's). Errors cross as typed objects `{path, message, allowed}`
//! (thrown), so the page never splits message strings.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::{Thrown, to_js};
use crate::clock::TimeControl;
use crate::error::FieldError;
use crate::tm::params::TmSpec;

/// A time control as the page shows it.
#[derive(Serialize)]
struct TcReading {
    /// fastchess-style canonical form (`180+2`).
    canonical: String,
    /// In words ("3 min + 2 s per move").
    reading: String,
}

fn parse_tc(path: &str, tc: &str) -> Result<TimeControl, FieldError> {
    tc.parse::<TimeControl>().map_err(|e| e.at(path))
}

/// What a message quotes of a long input (the crate's one rule, [`crate::excerpt::excerpt`]):
/// at most 40 characters, with `…` when cut. The URL reader's notes quote values with it.
#[wasm_bindgen]
pub fn excerpt(text: &str) -> String {
    crate::excerpt::excerpt(text)
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
        Err(e) => FieldError::from(&e).js(),
    }
}

/// A checked spec string in canonical form; throws `{path, message, allowed}`.
#[wasm_bindgen]
pub fn check_spec(spec: &str) -> Result<String, JsValue> {
    spec.parse::<TmSpec>().map(|s| s.to_string()).map_err(|e| FieldError::from(&e).js())
}

/// The Curves view's sliders and defaults (see [`crate::plot::curve_params`]).
#[cfg(feature = "engine")] // not in the charts module: no chart or embed asks it (issue 24)
#[wasm_bindgen]
pub fn curve_schema() -> Result<JsValue, JsValue> {
    to_js(&crate::plot::curve_params::curve_schema()).map_err(JsValue::from)
}

/// Check a Curves-view value against the schema's range: `chart` is a chart id (`decay`,
/// `moves-left`) or `usage` (the allocation chart's sliders). `null` when accepted, else
/// `{path: "chart.key", message, allowed}`.
#[wasm_bindgen]
pub fn check_curve_value(chart: &str, key: &str, value: f64) -> JsValue {
    use crate::decimal::{fixed, shortest};
    let schema = crate::plot::curve_params::curve_schema();
    let params = if chart == "usage" { Some(schema.usage.as_slice()) } else { schema.chart(chart) };
    let path = format!("{chart}.{key}");
    let Some(p) = params.and_then(|ps| ps.iter().find(|p| p.key == key)) else {
        return FieldError::new(&path, format!("`{path}` is not a parameter of the Curves view"), "").js();
    };
    let unit = if p.unit.is_empty() { String::new() } else { format!(" {}", p.unit) };
    // Shown with the slider step's precision (20.0 … 100.0 for a step of 0.5).
    let step = shortest(p.step);
    let places = step.split_once('.').map_or(0, |(_, f)| f.len());
    let (min, max) = (fixed(p.min, places), fixed(p.max, places));
    let allowed = format!("{min} … {max}{unit}");
    if !value.is_finite() {
        return FieldError::new(&path, "is not a number", allowed).js();
    }
    if value < p.min || value > p.max {
        // The range is short: the message names it (a link's message shows no `allowed`).
        return FieldError::new(
            &path,
            format!("is outside the allowed {} … {}", shortest(p.min), shortest(p.max)),
            allowed,
        )
        .js();
    }
    JsValue::NULL
}

/// The specs of a list field (`stockfish; lc0-legacy(slowmover=1.5)`: the Replay view's
/// managers, a lesson's or an embed's `specs=`), each trimmed, empty ones dropped.
#[wasm_bindgen]
pub fn spec_list(text: &str) -> Vec<String> {
    crate::tm::params::spec_list(text).into_iter().map(String::from).collect()
}

/// Specs joined into one list field (the inverse of `spec_list`).
#[wasm_bindgen]
pub fn join_spec_list(specs: Vec<String>) -> String {
    crate::tm::params::join_spec_list(&specs)
}

/// The manager a spec names: canonical when known (an alias gives its manager), else as written.
#[wasm_bindgen]
pub fn spec_manager(spec: &str) -> String {
    crate::tm::params::spec_manager(spec)
}
