//! PGN clock replay on the page ([`replay_pgn`]) and the leaderboard's clock-share curves
//! ([`UsageCanvas`]).

use plotters::prelude::*;
use serde::Serialize;
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

use super::canvas::MeasuredCanvas;
use super::rules::{RuleError, spec_error};
use super::to_js;
use crate::experiment::replay::{MAX_MANAGERS, Replay, replay_pgn as replay};
use crate::plot::Frame;
use crate::plot::usage_curves::{UsageCurve, draw_usage_curves};
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

/// A canvas with clock-share curves overlaid per manager.
#[wasm_bindgen]
pub struct UsageCanvas {
    canvas: HtmlCanvasElement,
}

#[wasm_bindgen]
impl UsageCanvas {
    /// Wrap a canvas element.
    #[wasm_bindgen(constructor)]
    pub fn new(canvas: HtmlCanvasElement) -> UsageCanvas {
        UsageCanvas { canvas }
    }

    /// Draws `curves` (`[{name, points: [[move, share], …]}]`) under `title`, `highlight` (an
    /// index) thicker. Returns the plotting frame.
    pub fn draw(&self, title: &str, curves: JsValue, highlight: Option<usize>) -> Result<JsValue, JsError> {
        let curves: Vec<UsageCurve> = serde_wasm_bindgen::from_value(curves)
            .map_err(|e| JsError::new(&format!("not usage curves: {e}")))?;
        let backend =
            MeasuredCanvas::new(&self.canvas).ok_or_else(|| JsError::new("the canvas has no 2d context"))?;
        let frame: Frame = draw_usage_curves(&backend.into_drawing_area(), title, &curves, highlight)
            .map_err(|e| JsError::new(&e))?;
        to_js(&frame)
    }
}
