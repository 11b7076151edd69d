//! Charts on the page's canvases, drawn by the same plotters code that writes SVG natively.

use super::Thrown;
use super::canvas::MeasuredCanvas;
use crate::error::FieldError;
use plotters::prelude::*;
use serde::Serialize;
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

use crate::plot::curves::{DecayParams, MovesLeftParams, decay_chart, decay_point, moves_left_chart};
use crate::plot::{Chart, Frame, Highlight, draw};

/// A canvas that shows one building-block curve and remembers where its plotting area is, so a
/// pointer position can be turned into the hovered data point.
#[wasm_bindgen]
pub struct CurveCanvas {
    canvas: HtmlCanvasElement,
    frame: Option<Frame>,
}

/// What a draw returns to the page: the plotting frame, the names of the curves drawn (the
/// chart lists them; the page records them on the canvas), and, when hovering, the exact point.
#[derive(Serialize)]
struct Drawn<P: Serialize> {
    frame: Frame,
    series: Vec<String>,
    point: Option<P>,
}

#[wasm_bindgen]
impl CurveCanvas {
    /// Wrap a canvas element.
    #[wasm_bindgen(constructor)]
    pub fn new(canvas: HtmlCanvasElement) -> CurveCanvas {
        CurveCanvas { canvas, frame: None }
    }

    /// Draw ED(from, to, step, ·). `hover_px` is the pointer's x in canvas pixels, if any.
    /// Returns `{frame, point}`, `point` being the hovered value's numbers.
    pub fn draw_decay(
        &mut self,
        from: f64,
        to: f64,
        step: f64,
        hover_px: Option<f64>,
    ) -> Result<JsValue, JsError> {
        let p = DecayParams { from, to, step };
        let chart = decay_chart(&p).map_err(|e| JsError::new(&e.to_string()))?;
        let point = self.hover_x(&chart, hover_px)?.map(|x| decay_point(&p, x));
        let highlight = point.as_ref().map(|pt| Highlight { x: pt.value, y: pt.ed });
        self.render(&chart, highlight, point)
    }

    /// Draw the moves-left estimate. `hover_px` as for [`CurveCanvas::draw_decay`].
    pub fn draw_moves_left(
        &mut self,
        midpoint: f64,
        steepness: f64,
        hover_px: Option<f64>,
    ) -> Result<JsValue, JsError> {
        let p = MovesLeftParams { midpoint, steepness };
        let chart = moves_left_chart(&p).map_err(|e| JsError::new(&e.to_string()))?;
        let point = self.hover_x(&chart, hover_px)?.map(|x| p.point(x.round() as u32));
        let highlight = point.as_ref().map(|pt| Highlight { x: f64::from(pt.r#move), y: pt.moves_left });
        self.render(&chart, highlight, point)
    }
}

impl CurveCanvas {
    /// The data x under the pointer, using the frame of the last draw (drawing once first if
    /// there was none: the frame depends only on the canvas size and the axes' label areas).
    fn hover_x(&mut self, chart: &Chart, hover_px: Option<f64>) -> Result<Option<f64>, JsError> {
        let Some(px) = hover_px else { return Ok(None) };
        let frame = match self.frame {
            Some(f) => f,
            None => self.paint(chart, None)?,
        };
        Ok(Some(Frame { x_range: chart.x_range, ..frame }.data_x(px)))
    }

    fn paint(&mut self, chart: &Chart, highlight: Option<Highlight>) -> Result<Frame, JsError> {
        let backend =
            MeasuredCanvas::new(&self.canvas).ok_or_else(|| JsError::new("the canvas has no 2d context"))?;
        let frame =
            draw(&backend.into_drawing_area(), chart, highlight).map_err(|e| JsError::new(&e.to_string()))?;
        self.frame = Some(frame);
        Ok(frame)
    }

    fn render<P: Serialize>(
        &mut self,
        chart: &Chart,
        highlight: Option<Highlight>,
        point: Option<P>,
    ) -> Result<JsValue, JsError> {
        let frame = self.paint(chart, highlight)?;
        let series = chart.series.iter().map(|s| s.name.clone()).collect();
        super::to_js(&Drawn { frame, series, point })
    }
}

/// A canvas that compares managers' allocation over a simulated game.
#[wasm_bindgen]
pub struct AllocationCanvas {
    canvas: HtmlCanvasElement,
    frame: Option<Frame>,
    /// The last simulations: a hover redraws without simulating again.
    last: Option<crate::plot::allocation::Comparison>,
    /// The ghost setting the last comparison was run with.
    ghost_key: (Vec<String>, String, Option<crate::tm::simulate::SimConfig>),
}

/// What an allocation draw returns: the frame and the hovered move's numbers.
#[derive(Serialize)]
struct AllocationDrawn {
    frame: Frame,
    hover_move: Option<u32>,
    points: Vec<crate::plot::allocation::AllocationPoint>,
}

#[wasm_bindgen]
impl AllocationCanvas {
    /// Wrap a canvas element.
    #[wasm_bindgen(constructor)]
    pub fn new(canvas: HtmlCanvasElement) -> AllocationCanvas {
        AllocationCanvas { canvas, frame: None, last: None, ghost_key: (Vec::new(), String::new(), None) }
    }

    /// Simulate `specs` (1 to 4 spec strings) at time control `tc` under the usage model
    /// (share of the soft budget used, nps, tree reuse) and draw them; `hover_px` is the
    /// pointer's x in canvas pixels. Returns `{frame, hover_move, points}`.
    ///
    /// A lesson passes its own setting as the ghost (`ghost_specs`, `;`-separated, at
    /// `ghost_tc`, under the usage model `ghost_usage` = `[moves, use, nps, reuse]`; empty:
    /// each manager's defaults) and a move to annotate when nothing is hovered (`mark_move`:
    /// its numbers are drawn on the chart).
    #[allow(clippy::too_many_arguments)]
    pub fn draw(
        &mut self,
        specs: Vec<String>,
        tc: &str,
        moves: u32,
        use_frac: f64,
        nps: f64,
        reuse: f64,
        hover_px: Option<f64>,
        ghost_specs: Option<String>,
        ghost_tc: Option<String>,
        ghost_usage: Option<Vec<f64>>,
        mark_move: Option<u32>,
    ) -> Result<JsValue, JsValue> {
        let cfg = crate::tm::simulate::SimConfig { moves, use_frac, nps, reuse };
        let ghost: Vec<String> = crate::tm::params::spec_list(ghost_specs.as_deref().unwrap_or(""))
            .into_iter()
            .map(String::from)
            .collect();
        let ghost_tc = ghost_tc.filter(|t| !t.trim().is_empty()).unwrap_or_else(|| tc.to_string());
        let ghost_cfg = match ghost_usage.as_deref() {
            None => cfg,
            Some(&[moves, use_frac, nps, reuse]) if moves >= 1.0 && moves.fract() == 0.0 => {
                crate::tm::simulate::SimConfig { moves: moves as u32, use_frac, nps, reuse }
            }
            Some(other) => {
                // `{other:?}`'s text, printed by the crate's own `f64` printer (issue 24).
                let list: Vec<String> = other.iter().map(|&x| crate::decimal::debug(x)).collect();
                let message = format!("[{}] is not a usage", list.join(", "));
                let allowed = "[moves, use, nps, reuse] with whole moves ≥ 1";
                return Err(FieldError::new("ghost_usage", message, allowed).js());
            }
        };
        let key = (ghost.clone(), ghost_tc.clone(), Some(ghost_cfg));
        let cmp = match self.last.take() {
            Some(c) if c.ran_with(&specs, tc, &cfg) && self.ghost_key == key => c,
            _ if ghost.is_empty() => {
                crate::plot::allocation::Comparison::run(&specs, tc, &cfg).map_err(|e| e.js())?
            }
            _ => crate::plot::allocation::Comparison::run_against(
                &specs, tc, &cfg, &ghost, &ghost_tc, &ghost_cfg,
            )
            .map_err(|e| e.js())?,
        };
        self.ghost_key = key;
        let last = cmp.sims.iter().filter_map(|s| s.rows.last()).map(|r| r.move_no).max().unwrap_or(1);
        let hover_move = match (hover_px, self.frame) {
            (Some(px), Some(f)) => {
                Some(Frame { x_range: (1.0, f64::from(last.max(2))), ..f }.data_x(px).round() as u32)
            }
            _ => mark_move.map(|m| m.clamp(1, last)),
        };
        let backend = MeasuredCanvas::new(&self.canvas)
            .ok_or_else(|| FieldError::message("the canvas has no 2d context").js())?;
        let frame =
            cmp.draw(&backend.into_drawing_area(), hover_move).map_err(|e| FieldError::message(e).js())?;
        self.frame = Some(frame);
        let points = hover_move.map(|m| cmp.points(m)).unwrap_or_default();
        let drawn = super::to_js(&AllocationDrawn { frame, hover_move, points }).map_err(JsValue::from);
        self.last = Some(cmp);
        drawn
    }
}
