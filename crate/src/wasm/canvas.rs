//! A plotters backend for `<canvas>`: the crate's own, and measuring text with the canvas.
//!
//! Adapted from plotters-canvas 0.3.1's `CanvasBackend` (src/canvas.rs), which is under this
//! licence:
//!
//! > MIT License. Copyright (c) 2019 Hao Hou <haohou302@gmail.com>
//! >
//! > Permission is hereby granted, free of charge, to any person obtaining a copy of this software
//! > and associated documentation files (the "Software"), to deal in the Software without
//! > restriction, including without limitation the rights to use, copy, modify, merge, publish,
//! > distribute, sublicense, and/or sell copies of the Software, and to permit persons to whom the
//! > Software is furnished to do so, subject to the following conditions:
//! >
//! > The above copyright notice and this permission notice shall be included in all copies or
//! > substantial portions of the Software.
//! >
//! > THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING
//! > BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND
//! > NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM,
//! > DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
//! > OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
//!
//! It draws as plotters-canvas 0.3.1 drew (the same canvas calls, colours as `rgba(r,g,b,a)`,
//! fonts as `style sizepx family`, horizontal and vertical lines moved half a pixel onto the pixel
//! grid), with two changes: plotters measures text (for axis and legend layout) by inserting a
//! `<span>` into the page and reading `offsetHeight`, which forces a layout of the whole page for
//! every label (a third of a chart's redraw time on a page with many controls), so
//! [`DrawingBackend::estimate_text_size`] asks `CanvasRenderingContext2d.measureText`, which needs
//! no layout; and the numbers of the colour and font strings are printed by
//! [`crate::decimal`], so the chart modules link none of core's float printing (issue 24).

use plotters::prelude::*;
use plotters_backend::text_anchor::{HPos, VPos};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind, FontTransform,
};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

use crate::decimal::shortest;

/// The canvas backend with layout-free text measurement, drawing in CSS pixels on a backing
/// store `data-dpr` times larger (the page sets `width = CSS width × devicePixelRatio` and
/// `data-dpr`), so charts are crisp on HiDPI screens and lay out the same at every ratio.
pub struct MeasuredCanvas {
    canvas: HtmlCanvasElement,
    context: CanvasRenderingContext2d,
    dpr: f64,
}

impl MeasuredCanvas {
    /// Wrap a canvas; `None` if it has no 2d context.
    pub fn new(canvas: &HtmlCanvasElement) -> Option<Self> {
        let context = canvas.get_context("2d").ok()??.dyn_into::<CanvasRenderingContext2d>().ok()?;
        let dpr = canvas
            .get_attribute("data-dpr")
            .and_then(|d| crate::decimal::parse_f64(&d))
            .filter(|d| d.is_finite() && (0.5..=8.0).contains(d))
            .unwrap_or(1.0);
        // Every draw starts from this base transform (plotters' rotated text saves and restores it).
        context.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0).ok()?;
        Some(MeasuredCanvas { canvas: canvas.clone(), context, dpr })
    }

    fn set_line_style(&self, style: &impl BackendStyle) {
        self.context.set_stroke_style_str(&color(style.color()));
        self.context.set_line_width(f64::from(style.stroke_width()));
    }

    fn set_fill(&self, c: BackendColor) {
        self.context.set_fill_style_str(&color(c));
    }

    /// The font string plotters-canvas draws with: `style sizepx family`.
    fn set_font(&self, style: &impl BackendTextStyle) {
        self.context.set_font(&format!(
            "{} {}px {}",
            style.style().as_str(),
            shortest(style.size()),
            style.family().as_str()
        ));
    }

    /// Begin a path at the first point and run through the others (`None` if there are none).
    fn trace(&self, path: impl IntoIterator<Item = BackendCoord>) -> Option<()> {
        let mut path = path.into_iter();
        let start = path.next()?;
        self.context.move_to(f64::from(start.0), f64::from(start.1));
        for p in path {
            self.context.line_to(f64::from(p.0), f64::from(p.1));
        }
        Some(())
    }
}

/// A canvas error: a canvas call threw (the exception as JSON).
pub struct CanvasError(String);

impl std::fmt::Display for CanvasError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Canvas Error: {}", self.0)
    }
}

impl std::fmt::Debug for CanvasError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "CanvasError({})", self.0)
    }
}

impl std::error::Error for CanvasError {}

fn error_cast(e: JsValue) -> DrawingErrorKind<CanvasError> {
    let text = js_sys::JSON::stringify(&e).map_or_else(|_| "Unknown".to_string(), String::from);
    DrawingErrorKind::DrawingError(CanvasError(text))
}

/// `rgba(r,g,b,a)`.
fn color(c: BackendColor) -> String {
    let (r, g, b) = c.rgb;
    format!("rgba({r},{g},{b},{})", shortest(c.alpha))
}

type Error = CanvasError;

impl DrawingBackend for MeasuredCanvas {
    type ErrorType = Error;

    fn get_size(&self) -> (u32, u32) {
        let (w, h) = (self.canvas.width(), self.canvas.height());
        ((f64::from(w) / self.dpr).round() as u32, (f64::from(h) / self.dpr).round() as u32)
    }
    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<Error>> {
        Ok(())
    }
    fn present(&mut self) -> Result<(), DrawingErrorKind<Error>> {
        Ok(())
    }
    fn draw_pixel(
        &mut self,
        point: BackendCoord,
        color: BackendColor,
    ) -> Result<(), DrawingErrorKind<Error>> {
        if color.alpha == 0.0 {
            return Ok(());
        }
        self.set_fill(color);
        self.context.fill_rect(f64::from(point.0), f64::from(point.1), 1.0, 1.0);
        Ok(())
    }
    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Error>> {
        if style.color().alpha == 0.0 {
            return Ok(());
        }
        // A horizontal or vertical line of odd width sits on the pixel grid half a pixel over.
        let (mut a, mut b) = ((f64::from(from.0), f64::from(from.1)), (f64::from(to.0), f64::from(to.1)));
        if a.0 == b.0 {
            a.0 -= 0.5;
            b.0 -= 0.5;
        }
        if a.1 == b.1 {
            a.1 -= 0.5;
            b.1 -= 0.5;
        }
        self.set_line_style(style);
        self.context.begin_path();
        self.context.move_to(a.0, a.1);
        self.context.line_to(b.0, b.1);
        self.context.stroke();
        Ok(())
    }
    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Error>> {
        if style.color().alpha == 0.0 {
            return Ok(());
        }
        let (x, y) = (f64::from(upper_left.0), f64::from(upper_left.1));
        let (w, h) = (f64::from(bottom_right.0 - upper_left.0), f64::from(bottom_right.1 - upper_left.1));
        if fill {
            self.set_fill(style.color());
            self.context.fill_rect(x, y, w, h);
        } else {
            self.set_line_style(style);
            self.context.stroke_rect(x, y, w, h);
        }
        Ok(())
    }
    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Error>> {
        if style.color().alpha == 0.0 {
            return Ok(());
        }
        self.context.begin_path();
        let mut path = path.into_iter().peekable();
        if path.peek().is_some() {
            self.set_line_style(style);
            self.trace(path);
        }
        self.context.stroke();
        Ok(())
    }
    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Error>> {
        if style.color().alpha == 0.0 {
            return Ok(());
        }
        if fill {
            self.set_fill(style.color());
        } else {
            self.set_line_style(style);
        }
        self.context.begin_path();
        let (x, y, r) = (f64::from(center.0), f64::from(center.1), f64::from(radius));
        self.context.arc(x, y, r, 0.0, std::f64::consts::PI * 2.0).map_err(error_cast)?;
        if fill {
            self.context.fill();
        } else {
            self.context.stroke();
        }
        Ok(())
    }
    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Error>> {
        if style.color().alpha == 0.0 {
            return Ok(());
        }
        self.context.begin_path();
        let mut vert = vert.into_iter().peekable();
        if vert.peek().is_some() {
            self.set_fill(style.color());
            self.trace(vert);
            self.context.close_path();
        }
        self.context.fill();
        Ok(())
    }
    fn draw_text<T: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &T,
        pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<Error>> {
        let c = style.color();
        if c.alpha == 0.0 {
            return Ok(());
        }
        let quarter_turns = match style.transform() {
            FontTransform::None => 0.0,
            FontTransform::Rotate90 => 1.0,
            FontTransform::Rotate180 => 2.0,
            FontTransform::Rotate270 => 3.0,
        };
        let angle = quarter_turns * std::f64::consts::FRAC_PI_2;
        let (mut x, mut y) = (f64::from(pos.0), f64::from(pos.1));
        if angle != 0.0 {
            self.context.save();
            self.context.translate(x, y).map_err(error_cast)?;
            self.context.rotate(angle).map_err(error_cast)?;
            (x, y) = (0.0, 0.0);
        }
        self.context.set_text_baseline(match style.anchor().v_pos {
            VPos::Top => "top",
            VPos::Center => "middle",
            VPos::Bottom => "bottom",
        });
        self.context.set_text_align(match style.anchor().h_pos {
            HPos::Left => "start",
            HPos::Right => "end",
            HPos::Center => "center",
        });
        self.set_fill(c);
        self.set_font(style);
        self.context.fill_text(text, x, y).map_err(error_cast)?;
        if angle != 0.0 {
            self.context.restore();
        }
        Ok(())
    }

    fn estimate_text_size<T: BackendTextStyle>(
        &self,
        text: &str,
        style: &T,
    ) -> Result<(u32, u32), DrawingErrorKind<Error>> {
        self.set_font(style);
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
