//! The per-game time chart ([`crate::plot::game`]) on a page canvas.

use plotters::prelude::*;
use serde::Serialize;
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

use super::canvas::MeasuredCanvas;
use crate::plot::Frame;
use crate::plot::game::{RecordView, Timeline, draw_game};

/// A canvas showing one game's time per move and clocks.
#[wasm_bindgen]
pub struct GameCanvas {
    canvas: HtmlCanvasElement,
    timeline: Option<Timeline>,
    frame: Option<Frame>,
}

/// What a draw returns: the frame, the hovered move and its numbers.
#[derive(Serialize)]
struct GameDrawn {
    frame: Frame,
    moves: usize,
    hover_move: Option<u32>,
    lines: Vec<String>,
}

#[wasm_bindgen]
impl GameCanvas {
    /// Wrap a canvas element.
    #[wasm_bindgen(constructor)]
    pub fn new(canvas: HtmlCanvasElement) -> GameCanvas {
        GameCanvas { canvas, timeline: None, frame: None }
    }

    /// Show the game whose record is `record` (a game summary's `record`, or
    /// `{setup, moves}` of a running game); returns the number of engine moves.
    pub fn set_game(&mut self, record: JsValue) -> Result<usize, JsError> {
        let view: RecordView = serde_wasm_bindgen::from_value(record)
            .map_err(|e| JsError::new(&format!("not a game record: {e}")))?;
        let t = Timeline::from_view(view);
        let n = t.moves.len();
        self.timeline = Some(t);
        Ok(n)
    }

    /// Draw the game; `hover_px` is the pointer's x in canvas pixels. Returns
    /// `{frame, moves, hover_move, lines}` (`lines`: the hovered move's numbers per side).
    pub fn draw(&mut self, hover_px: Option<f64>) -> Result<JsValue, JsError> {
        let t = self.timeline.as_ref().ok_or_else(|| JsError::new("no game to draw: call set_game first"))?;
        let hover_move = match (hover_px, self.frame) {
            (Some(px), Some(f)) => {
                let (a, b) = t.move_range();
                let x_range = (f64::from(a) - 0.5, f64::from(b) + 0.5);
                Some(Frame { x_range, ..f }.data_x(px).round().max(f64::from(a)).min(f64::from(b)) as u32)
            }
            _ => None,
        };
        let backend =
            MeasuredCanvas::new(&self.canvas).ok_or_else(|| JsError::new("the canvas has no 2d context"))?;
        let frame = draw_game(&backend.into_drawing_area(), t, hover_move)
            .map_err(|e| JsError::new(&e.to_string()))?;
        self.frame = Some(frame);
        let lines = hover_move.map(|m| t.describe(m)).unwrap_or_default();
        super::to_js(&GameDrawn { frame, moves: t.moves.len(), hover_move, lines })
    }
}

/// A game record's chart data (the fields the game chart reads, as compact JSON): what the Match
/// view's Embed button puts inline in a `<tm-curve kind="game">`, which draws it with
/// [`GameCanvas::set_game`].
#[wasm_bindgen]
pub fn game_chart_data(record: JsValue) -> Result<String, JsError> {
    let view: RecordView = serde_wasm_bindgen::from_value(record)
        .map_err(|e| JsError::new(&format!("not a game record: {e}")))?;
    // The same fields as `RecordView::chart_data`, stringified by the page's JSON: the charts
    // module then links no JSON printer of its own (serde_json and its float printing, issue 24).
    let value = super::to_js(&view)?;
    js_sys::JSON::stringify(&value)
        .map(String::from)
        .map_err(|_| JsError::new("the chart data did not stringify"))
}
