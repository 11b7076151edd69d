//! The leaderboard's and the replay's clock-share curves ([`UsageCanvas`]): plain data in, so
//! the charts module draws them.

use plotters::prelude::*;
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

use super::canvas::MeasuredCanvas;
use super::to_js;
use crate::plot::Frame;
use crate::plot::usage_curves::{UsageCurve, draw_usage_curves};

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
            .map_err(|e| JsError::new(&e.to_string()))?;
        to_js(&frame)
    }
}
