//! Engine-mode allocation in the browser: [`TraceRunner`] plays a self-play game on the virtual
//! clock one move per call (in a worker, which posts progress between moves);
//! [`EngineAllocationCanvas`] draws the moves it produced, over the default's game as a ghost.

use crate::tm::SearchKind;
use plotters::drawing::IntoDrawingArea;
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

use super::canvas::MeasuredCanvas;
use super::{Thrown, to_js};
use crate::error::FieldError;
use crate::play::trace::{TraceGame, TraceMove, TraceSpec};
use crate::plot::Frame;
use crate::plot::engine_allocation::{
    DEFAULT_GHOST_LABEL, TracePoint, describe, draw_engine_allocation, mark_label, move_at, move_numbered,
    side,
};

/// The page's request: `{tm, tc, opening, nps, moves, searcher?}`.
#[derive(Deserialize)]
struct SpecJs {
    tm: String,
    tc: String,
    #[serde(default)]
    opening: usize,
    nps: f64,
    moves: u32,
    #[serde(default)]
    searcher: Option<String>,
    #[serde(default)]
    latency: f64,
    #[serde(default)]
    ponder: bool,
}

fn thrown(e: &FieldError) -> JsValue {
    e.js()
}

/// A self-play game being played for the engine-mode chart.
#[wasm_bindgen]
pub struct TraceRunner {
    inner: TraceGame,
}

#[wasm_bindgen]
impl TraceRunner {
    /// Sets up the game from `{tm, tc, opening, nps, moves, searcher?, latency?}` (latency: ms per move) (`searcher`: `ab` or
    /// `mcts`; default the manager's own). Throws `{path, message, allowed}`.
    #[wasm_bindgen(constructor)]
    pub fn new(spec: JsValue) -> Result<TraceRunner, JsValue> {
        let s: SpecJs = serde_wasm_bindgen::from_value(spec).map_err(|e| {
            thrown(&FieldError::new(
                "spec",
                format!("spec: {e}"),
                "{tm, tc, opening, nps, moves, searcher, latency, ponder}",
            ))
        })?;
        let searcher = match s.searcher.as_deref() {
            None | Some("") => None,
            Some(k) => Some(k.parse::<SearchKind>().map_err(|e| thrown(&FieldError::said("searcher", e)))?),
        };
        let spec = TraceSpec {
            tm: s.tm,
            tc: s.tc,
            opening: s.opening,
            nps: s.nps,
            moves: s.moves,
            searcher,
            latency_ms: s.latency,
            ponder: s.ponder,
        };
        Ok(TraceRunner { inner: TraceGame::new(&spec).map_err(|e| thrown(&e))? })
    }

    /// Plays the next move; returns its record, or `null` once the game is over.
    pub fn step(&mut self) -> Result<JsValue, JsError> {
        match self.inner.step() {
            Some(m) => to_js(m),
            None => Ok(JsValue::NULL),
        }
    }

    /// Whether the game is over.
    #[wasm_bindgen(getter)]
    pub fn done(&self) -> bool {
        self.inner.done()
    }

    /// `ab` or `mcts`.
    #[wasm_bindgen(getter)]
    pub fn searcher(&self) -> String {
        self.inner.searcher().as_str().to_string()
    }

    /// The opening's name.
    #[wasm_bindgen(getter)]
    pub fn opening(&self) -> String {
        self.inner.opening().to_string()
    }

    /// The result and reason once over (`1/2-1/2 …`), else `null`.
    #[wasm_bindgen(getter)]
    pub fn result(&self) -> Option<String> {
        self.inner.result()
    }
}

/// The engine-mode chart on a page canvas.
#[wasm_bindgen]
pub struct EngineAllocationCanvas {
    canvas: HtmlCanvasElement,
    moves: Vec<TraceMove>,
    ghost: Vec<TraceMove>,
    ghost_label: String,
    white: bool,
    mark: Option<u32>,
    frame: Option<Frame>,
}

#[derive(Serialize)]
struct Drawn {
    frame: Frame,
    moves: usize,
    point: Option<TracePoint>,
    /// The marked move's numbers as drawn (while nothing is hovered), if the game has it.
    marked: Option<TracePoint>,
}

fn read_moves(v: JsValue) -> Result<Vec<TraceMove>, JsError> {
    if v.is_null() || v.is_undefined() {
        return Ok(Vec::new());
    }
    serde_wasm_bindgen::from_value(v).map_err(|e| JsError::new(&format!("not a list of trace moves: {e}")))
}

#[wasm_bindgen]
impl EngineAllocationCanvas {
    /// Wrap a canvas element.
    #[wasm_bindgen(constructor)]
    pub fn new(canvas: HtmlCanvasElement) -> EngineAllocationCanvas {
        EngineAllocationCanvas {
            canvas,
            moves: Vec::new(),
            ghost: Vec::new(),
            ghost_label: DEFAULT_GHOST_LABEL.to_string(),
            white: true,
            mark: None,
            frame: None,
        }
    }

    /// Sets the game (both sides' moves, as [`TraceRunner::step`] returned them), the default's
    /// game (`null`: none) and the side to show (`true`: White).
    pub fn set(&mut self, moves: JsValue, ghost: JsValue, white: bool) -> Result<(), JsError> {
        self.moves = read_moves(moves)?;
        self.ghost = read_moves(ghost)?;
        self.white = white;
        Ok(())
    }

    /// Names the ghost game in the legend (a lesson's: "the lesson's setting"; by default
    /// "default settings").
    pub fn set_ghost_label(&mut self, label: &str) {
        self.ghost_label = label.to_string();
    }

    /// Marks a move (a lesson's `@ mark=N`): drawn with its numbers while nothing is hovered;
    /// `None` clears it.
    pub fn set_mark(&mut self, move_number: Option<u32>) {
        self.mark = move_number;
    }

    /// Draws; `hover_px` is the pointer's x in CSS pixels. Returns `{frame, moves, point,
    /// marked}` (`marked.text` is the label drawn at the marked move).
    pub fn draw(&mut self, hover_px: Option<f64>) -> Result<JsValue, JsError> {
        let moves = side(&self.moves, self.white);
        let ghost = side(&self.ghost, self.white);
        let hover = match (hover_px, self.frame) {
            (Some(px), Some(f)) => move_at(&f, &moves, px),
            _ => None,
        };
        let backend =
            MeasuredCanvas::new(&self.canvas).ok_or_else(|| JsError::new("the canvas has no 2d context"))?;
        let frame = draw_engine_allocation(
            &backend.into_drawing_area(),
            &moves,
            &ghost,
            &self.ghost_label,
            hover,
            self.mark,
        )
        .map_err(|e| JsError::new(&e.to_string()))?;
        self.frame = Some(frame);
        let point = hover.map(|i| TracePoint { row: moves[i].clone(), text: describe(&moves[i]) });
        let marked = match (hover, self.mark.and_then(|n| move_numbered(&moves, n))) {
            (None, Some(i)) => Some(TracePoint { row: moves[i].clone(), text: mark_label(&moves[i]) }),
            _ => None,
        };
        to_js(&Drawn { frame, moves: moves.len(), point, marked })
    }
}

/// The builtin openings' names, in index order (the `opening` a trace takes).
#[wasm_bindgen]
pub fn trace_openings() -> Vec<String> {
    crate::play::openings::builtin().into_iter().map(|o| o.name).collect()
}
