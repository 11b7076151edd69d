//! Charts on the page's canvases, drawn by the same plotters code that writes SVG natively.

use plotters::prelude::*;
use plotters_canvas::CanvasBackend;
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

/// What a draw returns to the page: the plotting frame and, when hovering, the exact point.
#[derive(Serialize)]
struct Drawn<P: Serialize> {
    frame: Frame,
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
        let chart = decay_chart(&p).map_err(|e| JsError::new(&e))?;
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
        let chart = moves_left_chart(&p).map_err(|e| JsError::new(&e))?;
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
        let backend = CanvasBackend::with_canvas_object(self.canvas.clone())
            .ok_or_else(|| JsError::new("the canvas has no 2d context"))?;
        let frame = draw(&backend.into_drawing_area(), chart, highlight).map_err(|e| JsError::new(&e))?;
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
        serde_wasm_bindgen::to_value(&Drawn { frame, point }).map_err(|e| JsError::new(&e.to_string()))
    }
}
