//! A plotters backend for `<canvas>` that measures text with the canvas itself.
//!
//! plotters-canvas draws well, but plotters measures text (for axis and legend layout) by
//! inserting a `<span>` into the page and reading `offsetHeight`, which forces a layout of the
//! whole page for every label: on a page with many controls that was a third of a chart's redraw
//! time. This wrapper delegates all drawing to [`CanvasBackend`] and answers
//! [`DrawingBackend::estimate_text_size`] with `CanvasRenderingContext2d.measureText`, which
//! needs no layout.

use plotters::prelude::*;
use plotters_backend::{BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind};
use plotters_canvas::CanvasBackend;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// The canvas backend with layout-free text measurement, drawing in CSS pixels on a backing
/// store `data-dpr` times larger (the page sets `width = CSS width × devicePixelRatio` and
/// `data-dpr`), so charts are crisp on HiDPI screens and lay out the same at every ratio.
pub struct MeasuredCanvas {
    inner: CanvasBackend,
    context: CanvasRenderingContext2d,
    dpr: f64,
}

impl MeasuredCanvas {
    /// Wrap a canvas; `None` if it has no 2d context.
    pub fn new(canvas: &HtmlCanvasElement) -> Option<Self> {
        let context = canvas.get_context("2d").ok()??.dyn_into::<CanvasRenderingContext2d>().ok()?;
        let inner = CanvasBackend::with_canvas_object(canvas.clone())?;
        let dpr = canvas
            .get_attribute("data-dpr")
            .and_then(|d| crate::decimal::parse_f64(&d))
            .filter(|d| d.is_finite() && (0.5..=8.0).contains(d))
            .unwrap_or(1.0);
        // Every draw starts from this base transform (plotters' rotated text saves and restores it).
        context.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0).ok()?;
        Some(MeasuredCanvas { inner, context, dpr })
    }
}

type Error = <CanvasBackend as DrawingBackend>::ErrorType;

impl DrawingBackend for MeasuredCanvas {
    type ErrorType = Error;

    fn get_size(&self) -> (u32, u32) {
        let (w, h) = self.inner.get_size();
        ((f64::from(w) / self.dpr).round() as u32, (f64::from(h) / self.dpr).round() as u32)
    }
    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<Error>> {
        self.inner.ensure_prepared()
    }
    fn present(&mut self) -> Result<(), DrawingErrorKind<Error>> {
        self.inner.present()
    }
    fn draw_pixel(
        &mut self,
        point: BackendCoord,
        color: BackendColor,
    ) -> Result<(), DrawingErrorKind<Error>> {
        self.inner.draw_pixel(point, color)
    }
    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Error>> {
        self.inner.draw_line(from, to, style)
    }
    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Error>> {
        self.inner.draw_rect(upper_left, bottom_right, style, fill)
    }
    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Error>> {
        self.inner.draw_path(path, style)
    }
    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Error>> {
        self.inner.draw_circle(center, radius, style, fill)
    }
    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Error>> {
        self.inner.fill_polygon(vert, style)
    }
    fn draw_text<T: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &T,
        pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<Error>> {
        self.inner.draw_text(text, style, pos)
    }

    fn estimate_text_size<T: BackendTextStyle>(
        &self,
        text: &str,
        style: &T,
    ) -> Result<(u32, u32), DrawingErrorKind<Error>> {
        // The same font string plotters-canvas draws with.
        self.context.set_font(&format!(
            "{} {}px {}",
            style.style().as_str(),
            style.size(),
            style.family().as_str()
        ));
        let (width, height) = match self.context.measure_text(text) {
            Ok(m) => (m.width(), m.font_bounding_box_ascent() + m.font_bounding_box_descent()),
            // measureText cannot fail for a valid font string; fall back to a typical box.
            Err(_) => (style.size() * 0.6 * text.chars().count() as f64, style.size() * 1.2),
        };
        // Rotated labels (the y-axis titles) swap width and height, as plotters' own layout does.
        let t = style.transform();
        let (x0, y0) = t.transform(0, 0);
        let (x1, y1) = t.transform(width.ceil() as i32, height.ceil() as i32);
        Ok(((x1 - x0).unsigned_abs(), (y1 - y0).unsigned_abs()))
    }
}
