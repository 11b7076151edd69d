//! The search timeline ([`crate::plot::search_timeline`]) on a page canvas, fed the engine's
//! lines as they arrive.

use plotters::drawing::IntoDrawingArea;
use serde::Serialize;
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

use super::canvas::MeasuredCanvas;
use super::to_js;
use crate::plot::Frame;
use crate::plot::search_timeline::{SearchTimeline, draw_timeline, iteration_at};

/// A canvas showing one live search.
#[wasm_bindgen]
pub struct TimelineCanvas {
    canvas: HtmlCanvasElement,
    timeline: SearchTimeline,
    frame: Option<Frame>,
}

#[derive(Serialize)]
struct Drawn<'a> {
    frame: Frame,
    timeline: &'a SearchTimeline,
    hover: Option<usize>,
    text: Option<String>,
}

#[wasm_bindgen]
impl TimelineCanvas {
    /// Wrap a canvas element.
    #[wasm_bindgen(constructor)]
    pub fn new(canvas: HtmlCanvasElement) -> TimelineCanvas {
        TimelineCanvas { canvas, timeline: SearchTimeline::new(), frame: None }
    }

    /// Forget the search (a new one starts).
    pub fn clear(&mut self) {
        self.timeline = SearchTimeline::new();
    }

    /// Read one engine line; returns whether the chart changed.
    pub fn feed(&mut self, line: &str) -> bool {
        self.timeline.feed(line)
    }

    /// Draw; `hover_px`: the pointer's x in CSS pixels. Returns `{frame, timeline, hover, text}`.
    pub fn draw(&mut self, hover_px: Option<f64>) -> Result<JsValue, JsError> {
        let hover = match (hover_px, self.frame) {
            (Some(px), Some(f)) => iteration_at(&f, &self.timeline, px),
            _ => None,
        };
        let backend =
            MeasuredCanvas::new(&self.canvas).ok_or_else(|| JsError::new("the canvas has no 2d context"))?;
        let frame = draw_timeline(&backend.into_drawing_area(), &self.timeline, hover)
            .map_err(|e| JsError::new(&e.to_string()))?;
        self.frame = Some(frame);
        let text = hover.map(|i| self.timeline.describe(i));
        to_js(&Drawn { frame, timeline: &self.timeline, hover, text })
    }
}
