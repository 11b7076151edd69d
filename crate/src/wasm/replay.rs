//! PGN clock replay on the page ([`replay_pgn`]); its clock-share curves are drawn by
//! [`super::usage::UsageCanvas`].

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::rules::{RuleError, spec_error};
use super::to_js;
use crate::experiment::replay::{MAX_MANAGERS, Replay, replay_pgn as replay};
use crate::tm::TmSpec;

/// A replay and, per game and manager, the record the game chart (`GameCanvas`) draws.
#[derive(Serialize)]
struct Replayed {
    replay: Replay,
    /// `charts[game][manager]`.
    charts: Vec<Vec<serde_json::Value>>,
}

fn throw(path: &str, message: String, allowed: &str) -> JsValue {
    let e = RuleError { path: path.into(), message, allowed: allowed.into() };
    to_js(&e).unwrap_or_else(|_| JsValue::from_str(&e.message))
}

/// Replays every game of `pgn` against the managers `specs`. Returns `{replay, charts}`; throws
/// `{path, message, allowed}` (`path`: `tm.<i>` for a bad spec, `pgn` for the text, whose message
/// names the game and the move).
#[wasm_bindgen]
pub fn replay_pgn(pgn: &str, specs: Vec<String>) -> Result<JsValue, JsValue> {
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
            let r = spec_error(&e);
            throw(&format!("tm.{i}"), format!("manager {}: {}", i + 1, r.message), &r.allowed)
        })?;
        parsed.push(spec);
    }
    let r = replay(pgn, &parsed).map_err(|e| {
        throw("pgn", e.to_string(), "a PGN with [%clk] or [%emt] on every move and a TimeControl tag")
    })?;
    let charts = r.games.iter().map(|g| (0..parsed.len()).map(|m| g.chart_record(m)).collect()).collect();
    to_js(&Replayed { replay: r, charts }).map_err(JsValue::from)
}
