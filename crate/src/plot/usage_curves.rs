//! Clock-share curves overlaid per manager (the leaderboard's time-usage profile): the mean
//! share of the clock used by each move number, one coloured line per manager.

use crate::error::FieldError;
use plotters::coord::Shift;
use plotters::prelude::*;
use serde::Deserialize;

use super::{Frame, backend_error, finish, plot_area, style, whole_label, x_label_count};

/// One manager's curve.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct UsageCurve {
    /// Legend name.
    pub name: String,
    /// `(move number, share of the clock used by then)`, move ascending.
    pub points: Vec<(f64, f64)>,
}

/// Draws the curves (share in %, move number on x); `highlight` draws that curve thicker.
/// Returns the plotting area's [`Frame`].
pub fn draw_usage_curves<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    title: &str,
    curves: &[UsageCurve],
    highlight: Option<usize>,
) -> Result<Frame, FieldError> {
    area.fill(&WHITE).map_err(backend_error)?;
    let x1 = curves.iter().flat_map(|c| c.points.iter().map(|p| p.0)).fold(1.0f64, f64::max);
    let labels: Vec<&str> = curves.iter().map(|c| c.name.as_str()).collect();
    let plot = plot_area(area, title, &labels)?;
    let mut ctx = ChartBuilder::on(&plot)
        .margin(10)
        .x_label_area_size(36)
        .y_label_area_size(48)
        .build_cartesian_2d(1.0..x1.max(2.0), 0.0..100.0)
        .map_err(backend_error)?;
    ctx.configure_mesh()
        .x_labels(x_label_count(area))
        .x_label_formatter(&whole_label)
        .x_desc("the manager's move number")
        .y_desc("share of the clock used by then, %")
        .light_line_style(style::GRID)
        .max_light_lines(style::LIGHT_LINES)
        .label_style((style::FONT, 12))
        .draw()
        .map_err(backend_error)?;
    let mut legend = Vec::new();
    for (i, c) in curves.iter().enumerate() {
        let width = if highlight == Some(i) { 4 } else { 2 };
        let color = style::SERIES[i % style::SERIES.len()].stroke_width(width);
        ctx.draw_series(LineSeries::new(c.points.iter().map(|&(x, y)| (x, 100.0 * y)), color))
            .map_err(backend_error)?;
        legend.push((c.name.clone(), color));
    }
    finish(area, ctx.plotting_area().get_pixel_range(), &legend, (1.0, x1.max(2.0)), (0.0, 100.0))
}

/// The chart as SVG (for tests and the command line).
pub fn usage_svg(title: &str, curves: &[UsageCurve], width: u32, height: u32) -> Result<String, FieldError> {
    super::svg(width, height, |area| draw_usage_curves(area, title, curves, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_one_line_per_manager() {
        let curves = vec![
            UsageCurve { name: "stockfish".into(), points: vec![(1.0, 0.03), (2.0, 0.06), (3.0, 0.1)] },
            UsageCurve { name: "lc0-legacy".into(), points: vec![(1.0, 0.05), (2.0, 0.08)] },
        ];
        let svg = usage_svg("1+0.01", &curves, 600, 300).unwrap();
        assert!(svg.contains("stockfish") && svg.contains("lc0-legacy"), "legend names both");
        assert!(svg.contains("#0072B2") || svg.contains("#0072b2"), "first colour");
        assert!(svg.contains("#D55E00") || svg.contains("#d55e00"), "second colour");
    }
}
