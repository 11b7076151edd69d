//! Charts, drawn by plotters on any [`DrawingBackend`]: an `HtmlCanvasElement` in the browser,
//! SVG natively (tests, docs images, the embeds' static fallback).
//!
//! A [`Chart`] is plain data (series, marks, axis ranges). [`draw`] renders it and returns the
//! [`Frame`] that maps pixels back to data, which the page uses to find the hovered point.

pub mod allocation;
mod axis;
pub mod curve_params;
pub mod curves;
// Every chart draws plain data: the charts of the engine's own records (a self-play trace, a
// Play game's moves, a live search) read what the engine computes from them
// (`movetime::bars_of`, `search_timeline::SearchTimeline`: engine builds only; a trace's moves
// are JSON already), so the chart modules draw them without the engine.
pub mod engine_allocation;
pub mod game;
mod layout;
pub mod movetime;
pub mod numbers;
pub mod reports;
pub mod search_timeline;
pub mod usage_curves;

use crate::error::FieldError;
use plotters::coord::Shift;
use plotters::prelude::*;
use serde::Serialize;

pub(crate) use layout::{DualAxes, dual_axes, legend, plot_area};

/// How a series is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SeriesKind {
    /// The curve the reader is changing: solid and strong.
    Main,
    /// The default curve, kept as a faint line so the change is what the eye sees.
    Ghost,
    /// Another reference's curve beside the main one (e.g. Expositor's moves-left estimate).
    Reference,
}

/// A named line through data points, in data coordinates.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Series {
    /// Legend name.
    pub name: String,
    /// How it is drawn.
    pub kind: SeriesKind,
    /// The points, x ascending.
    pub points: Vec<(f64, f64)>,
}

/// A labelled point on the chart, e.g. the halfway point of a decay.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Mark {
    /// Data x.
    pub x: f64,
    /// Data y.
    pub y: f64,
    /// Short label drawn beside the point.
    pub label: String,
}

/// A chart: axes, series and marks. Everything needed to draw it, nothing about the backend.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Chart {
    /// Caption above the plot.
    pub title: String,
    /// Label of the x axis.
    pub x_label: String,
    /// Label of the y axis.
    pub y_label: String,
    /// Data range shown on x.
    pub x_range: (f64, f64),
    /// Data range shown on y.
    pub y_range: (f64, f64),
    /// Series, drawn in order (ghosts first, so the main line stays on top).
    pub series: Vec<Series>,
    /// Labelled points.
    pub marks: Vec<Mark>,
}

/// The hovered point to highlight, in data coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Highlight {
    /// Data x.
    pub x: f64,
    /// Data y.
    pub y: f64,
}

/// Where the plotting area landed, in pixels, and the data range it shows.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Frame {
    /// Left pixel of the plotting area.
    pub left: i32,
    /// Right pixel of the plotting area.
    pub right: i32,
    /// Top pixel of the plotting area.
    pub top: i32,
    /// Bottom pixel of the plotting area.
    pub bottom: i32,
    /// Data x at `left` and `right`.
    pub x_range: (f64, f64),
    /// Data y at `bottom` and `top`.
    pub y_range: (f64, f64),
}

impl Frame {
    /// The data x under pixel column `px`, clamped to the plotted range.
    pub fn data_x(&self, px: f64) -> f64 {
        let width = f64::from((self.right - self.left).max(1));
        let t = ((px - f64::from(self.left)) / width).clamp(0.0, 1.0);
        self.x_range.0 + t * (self.x_range.1 - self.x_range.0)
    }
}

/// Colours, fonts and sizes shared by every chart.
pub(crate) mod style {
    use plotters::style::RGBColor;

    pub const MAIN: RGBColor = RGBColor(0x1f, 0x6f, 0xd1);
    /// One colour per series when a chart draws several (managers, sides, parameters):
    /// Okabe–Ito's colour-blind-safe hues, then black and grey.
    pub const SERIES: [RGBColor; 8] = [
        RGBColor(0x00, 0x72, 0xb2),
        RGBColor(0xd5, 0x5e, 0x00),
        RGBColor(0x00, 0x9e, 0x73),
        RGBColor(0xcc, 0x79, 0xa7),
        RGBColor(0xe6, 0x9f, 0x00),
        RGBColor(0x56, 0xb4, 0xe9),
        RGBColor(0x00, 0x00, 0x00),
        RGBColor(0x99, 0x99, 0x99),
    ];
    pub const GHOST: RGBColor = RGBColor(0x8a, 0x8f, 0x98);
    pub const REFERENCE: RGBColor = RGBColor(0x2e, 0x9e, 0x5b);
    pub const MARK: RGBColor = RGBColor(0xd1, 0x5a, 0x1f);
    pub const HOVER: RGBColor = RGBColor(0x20, 0x20, 0x20);
    pub const GRID: RGBColor = RGBColor(0xe4, 0xe6, 0xea);
    /// The charts' font: the family itself, not its name (plotters lowercases a name with
    /// `str::to_lowercase`, which links Unicode case tables into the charts module).
    pub const FONT: plotters::style::FontFamily<'static> = plotters::style::FontFamily::SansSerif;
    pub const GHOST_ALPHA: f64 = 0.45;
    /// Faint grid lines between two labelled ones: enough to read values, cheap to draw.
    pub const LIGHT_LINES: usize = 1;
    /// Pixels per x-axis label at most.
    pub const X_LABEL_SPACING: u32 = 50;
}

/// Errors from drawing: the backend's message.
pub(crate) fn backend_error<E: std::fmt::Debug>(e: E) -> FieldError {
    FieldError::message(format!("drawing failed: {e:?}"))
}

/// Draw `chart` on `area`, highlighting `hover` if given. Returns the plotting area's [`Frame`].
pub fn draw<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    chart: &Chart,
    hover: Option<Highlight>,
) -> Result<Frame, FieldError> {
    area.fill(&WHITE).map_err(backend_error)?;
    let (x0, x1) = chart.x_range;
    let (y0, y1) = chart.y_range;
    let labels: Vec<&str> = [SeriesKind::Ghost, SeriesKind::Reference, SeriesKind::Main]
        .iter()
        .flat_map(|&k| chart.series.iter().filter(move |s| s.kind == k).map(|s| s.name.as_str()))
        .collect();
    let plot = plot_area(area, &chart.title, &labels)?;
    let mut ctx = ChartBuilder::on(&plot)
        .margin(10)
        .x_label_area_size(36)
        .y_label_area_size(48)
        .build_cartesian_2d(axis::Axis::from(x0..x1), axis::Axis::from(y0..y1))
        .map_err(backend_error)?;
    ctx.configure_mesh()
        .x_labels(x_label_count(area))
        .x_label_formatter(&whole_label)
        .x_desc(&chart.x_label)
        .y_desc(&chart.y_label)
        .light_line_style(style::GRID)
        .max_light_lines(style::LIGHT_LINES)
        .label_style((style::FONT, 12))
        .draw()
        .map_err(backend_error)?;

    let mut legend_entries = Vec::new();
    for kind in [SeriesKind::Ghost, SeriesKind::Reference, SeriesKind::Main] {
        for series in chart.series.iter().filter(|s| s.kind == kind) {
            let color = match kind {
                SeriesKind::Ghost => style::GHOST.mix(style::GHOST_ALPHA).stroke_width(2),
                SeriesKind::Reference => style::REFERENCE.stroke_width(2),
                SeriesKind::Main => style::MAIN.stroke_width(3),
            };
            ctx.draw_series(LineSeries::new(series.points.iter().copied(), color)).map_err(backend_error)?;
            legend_entries.push((series.name.clone(), color));
        }
    }
    ctx.draw_series(chart.marks.iter().map(|m| {
        EmptyElement::at((m.x, m.y))
            + Circle::new((0, 0), 5, style::MARK.filled())
            + Text::new(m.label.clone(), (8, -16), (style::FONT, 13).into_font().color(&style::MARK))
    }))
    .map_err(backend_error)?;
    if let Some(h) = hover {
        let guide = style::HOVER.mix(0.35);
        ctx.draw_series(LineSeries::new([(h.x, y0), (h.x, y1)], guide)).map_err(backend_error)?;
        ctx.draw_series([Circle::new((h.x, h.y), 6, style::HOVER.stroke_width(2))]).map_err(backend_error)?;
    }
    finish(area, ctx.plotting_area().get_pixel_range(), &legend_entries, chart.x_range, chart.y_range)
}

/// Finishes a chart whose plotting area covers the pixel ranges `(xs, ys)`: draws the legend in
/// the strip above it (see [`plot_area`]), presents the drawing, and returns the frame that maps pixels back to
/// data (`x_range`, `y_range`).
pub(crate) fn finish<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    (xs, ys): (std::ops::Range<i32>, std::ops::Range<i32>),
    entries: &[(String, ShapeStyle)],
    x_range: (f64, f64),
    y_range: (f64, f64),
) -> Result<Frame, FieldError> {
    legend(area, (xs.end, ys.start), entries)?;
    area.present().map_err(backend_error)?;
    Ok(Frame { left: xs.start, right: xs.end, top: ys.start, bottom: ys.end, x_range, y_range })
}

/// How many labels the x axis gets: one per [`style::X_LABEL_SPACING`] pixels (plotters' default
/// of ten from 500 pixels up), so a phone-sized chart's labels do not run into each other.
pub(crate) fn x_label_count<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>) -> usize {
    (area.dim_in_pixel().0 / style::X_LABEL_SPACING).clamp(4, 10) as usize
}

/// A tick label for a whole-number axis (move numbers): `40`, not `40.0`.
pub(crate) fn whole_label(x: &f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        crate::decimal::shortest(x.round())
    } else {
        crate::decimal::fixed(*x, 1)
    }
}

/// An SVG document of `width` × `height` pixels drawn by `draw` (any of this module's charts).
pub fn svg<T>(
    width: u32,
    height: u32,
    draw: impl FnOnce(&DrawingArea<SVGBackend, Shift>) -> Result<T, FieldError>,
) -> Result<String, FieldError> {
    let mut text = String::new();
    {
        let area = SVGBackend::with_string(&mut text, (width, height)).into_drawing_area();
        draw(&area)?;
    }
    Ok(text)
}

/// Render `chart` to an SVG document of `width` × `height` pixels.
pub fn to_svg(
    chart: &Chart,
    width: u32,
    height: u32,
    hover: Option<Highlight>,
) -> Result<String, FieldError> {
    svg(width, height, |area| draw(area, chart, hover))
}

#[cfg(test)]
mod tests;
