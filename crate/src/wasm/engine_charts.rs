//! The engine's own charts on a page canvas, drawn from the plain data the engine module
//! computes: the experiments' (`sweep_chart_data`, `scaling_chart_data`, `tune_chart_data`,
//! `overhead_report`'s `chart`), the Play view's move times (`PlayBoard.move_bars`), the search
//! timeline (`TimelineFeed.chart`) and the allocation card's engine mode (`TraceRunner.step`'s
//! moves). The *engine
//! charts* module (feature `draw-engine`, no chess) draws them, so the engine module links no
//! drawing (issue 24). Errors are typed objects `{path, message, allowed}`.

use plotters::prelude::IntoDrawingArea;
use serde::Serialize;
use serde::de::DeserializeOwned;
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

use super::canvas::MeasuredCanvas;
use super::{Thrown, js_err, to_js};
use crate::error::FieldError;
use crate::plot::Frame;
use crate::plot::engine_allocation::{
    DEFAULT_GHOST_LABEL, TraceMove, TracePoint, describe, draw_engine_allocation, mark_label,
    move_at as trace_move_at, move_numbered, side,
};
use crate::plot::movetime::{MoveBar, draw_movetime, move_at};
use crate::plot::reports::{OverheadChart, PointsChart, TuneChart, draw_overhead, draw_points, draw_tune};
use crate::plot::search_timeline::{TimelineChart, draw_timeline, iteration_at};

/// Reads chart data `value`, named `what` in the error.
fn read<T: DeserializeOwned>(value: JsValue, what: &str) -> Result<T, JsValue> {
    serde_wasm_bindgen::from_value(value).map_err(|e| js_err(format!("not {what}: {e}")))
}

/// Reads chart data `value` (named `what` in the error) and draws it on `canvas` with `draw`.
fn draw_on<T: DeserializeOwned>(
    canvas: &HtmlCanvasElement,
    value: JsValue,
    what: &str,
    draw: impl FnOnce(
        &plotters::drawing::DrawingArea<MeasuredCanvas, plotters::coord::Shift>,
        &T,
    ) -> Result<(), FieldError>,
) -> Result<(), JsValue> {
    let chart: T = read(value, what)?;
    let backend = MeasuredCanvas::new(canvas).ok_or_else(|| js_err("the canvas has no 2d context"))?;
    draw(&backend.into_drawing_area(), &chart).map_err(|e| e.js())
}

/// Draw a sweep's or a scaling's chart (`sweep_chart_data`, `scaling_chart_data` of the engine
/// module) on `canvas`.
#[wasm_bindgen]
pub fn draw_points_chart(canvas: HtmlCanvasElement, chart: JsValue) -> Result<(), JsValue> {
    draw_on::<PointsChart>(&canvas, chart, "a points chart", draw_points)
}

/// Draw a tune's trajectories (`tune_chart_data` of the engine module) on `canvas`.
#[wasm_bindgen]
pub fn draw_tune_chart(canvas: HtmlCanvasElement, chart: JsValue) -> Result<(), JsValue> {
    draw_on::<TuneChart>(&canvas, chart, "a tune chart", draw_tune)
}

/// Draw a flag-risk curve (the `chart` of the engine module's `overhead_report`) on `canvas`.
#[wasm_bindgen]
pub fn draw_overhead_chart(canvas: HtmlCanvasElement, chart: JsValue) -> Result<(), JsValue> {
    draw_on::<OverheadChart>(&canvas, chart, "a flag-risk chart", draw_overhead)
}

/// The move-time chart on a canvas; remembers its frame to map a click to a move.
#[wasm_bindgen]
pub struct MoveTimeCanvas {
    canvas: HtmlCanvasElement,
    frame: Option<Frame>,
    moves: usize,
}

#[wasm_bindgen]
impl MoveTimeCanvas {
    /// Wrap a canvas element.
    #[wasm_bindgen(constructor)]
    pub fn new(canvas: HtmlCanvasElement) -> MoveTimeCanvas {
        MoveTimeCanvas { canvas, frame: None, moves: 0 }
    }

    /// Draw the move times `bars` (the engine module's `PlayBoard.move_bars()`), highlighting
    /// move `selected` (index into the move list).
    pub fn draw(&mut self, bars: JsValue, selected: Option<u32>) -> Result<(), JsValue> {
        let bars: Vec<MoveBar> = read(bars, "move bars")?;
        let backend =
            MeasuredCanvas::new(&self.canvas).ok_or_else(|| js_err("the canvas has no 2d context"))?;
        let frame = draw_movetime(&backend.into_drawing_area(), &bars, selected.map(|s| s as usize))
            .map_err(|e| e.js())?;
        self.frame = Some(frame);
        self.moves = bars.len();
        Ok(())
    }

    /// The index of the move under canvas pixel column `px`, if any.
    pub fn move_at(&self, px: f64) -> Option<u32> {
        self.frame.as_ref().and_then(|f| move_at(f, self.moves, px)).map(|i| i as u32)
    }
}

/// A canvas showing one live search's timeline.
#[wasm_bindgen]
pub struct TimelineCanvas {
    canvas: HtmlCanvasElement,
    frame: Option<Frame>,
}

/// What a timeline draw returns.
#[derive(Serialize)]
struct TimelineDrawn {
    frame: Frame,
    timeline: TimelineChart,
    hover: Option<usize>,
    text: Option<String>,
}

#[wasm_bindgen]
impl TimelineCanvas {
    /// Wrap a canvas element.
    #[wasm_bindgen(constructor)]
    pub fn new(canvas: HtmlCanvasElement) -> TimelineCanvas {
        TimelineCanvas { canvas, frame: None }
    }

    /// Draw `timeline` (the engine module's `TimelineFeed.chart()`); `hover_px`: the pointer's
    /// x in CSS pixels. Returns `{frame, timeline, hover, text}` (`text`: the hovered iteration
    /// in words).
    pub fn draw(&mut self, timeline: JsValue, hover_px: Option<f64>) -> Result<JsValue, JsValue> {
        let timeline: TimelineChart = read(timeline, "a search timeline")?;
        let hover = match (hover_px, self.frame) {
            (Some(px), Some(f)) => iteration_at(&f, &timeline, px),
            _ => None,
        };
        let backend =
            MeasuredCanvas::new(&self.canvas).ok_or_else(|| js_err("the canvas has no 2d context"))?;
        let frame = draw_timeline(&backend.into_drawing_area(), &timeline, hover).map_err(|e| e.js())?;
        self.frame = Some(frame);
        let text = hover.map(|i| timeline.describe(i));
        to_js(&TimelineDrawn { frame, timeline, hover, text }).map_err(JsValue::from)
    }
}

/// The allocation card's engine-mode chart on a page canvas: a self-play trace's moves (the
/// engine module's `TraceRunner.step` rows, as JSON).
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

/// What an engine-mode allocation draw returns.
#[derive(Serialize)]
struct AllocationDrawn {
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

    /// Sets the game (both sides' moves, as the engine module's `TraceRunner.step` returned them), the default's
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
            (Some(px), Some(f)) => trace_move_at(&f, &moves, px),
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
        to_js(&AllocationDrawn { frame, moves: moves.len(), point, marked })
    }
}
