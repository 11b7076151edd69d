//! The per-game time chart in lc0's dual-axis layout (playground.md §7, Lc0 #271): time used
//! per move as bars (White's left of the move number, Black's right), the manager's soft budget
//! as a bar-wide tick and its hard limit as a cross on the left axis, and each side's clock
//! remaining as a line on the right axis. Moves that lost on time are marked in red; moves that
//! used more than their hard limit are circled.
//!
//! The points come from a game's records: [`Timeline::from_record`] natively, and
//! [`RecordView`] reads the same fields from a record's JSON (the browser's game summaries),
//! ignoring the rest.

use crate::error::FieldError;
use plotters::coord::Shift;
use plotters::prelude::*;

use super::allocation::nice_top;
use super::{DualAxes, Frame, backend_error, style};

/// White's colour and Black's: the first two series colours, as in the allocation chart.
const SIDE_COLORS: [RGBColor; 2] = [style::SERIES[0], style::SERIES[1]];
/// Half the width of a move's slot that one side's bar takes.
const BAR: f64 = 0.38;
/// The left axis stops at this multiple of the largest used or soft time: a hard limit far
/// above it is drawn at the top edge.
const HARD_HEADROOM: f64 = 1.6;

mod timeline;
mod view;

pub use timeline::{Timeline, TimelineMove};
pub use view::{BudgetView, EffectiveView, EngineView, MoveView, RecordView, SetupView, SideView};

/// Draw `t` on `area` (lc0's dual-axis layout, see the module documentation); highlight
/// `hover_move` if given. Returns the plotting area's [`Frame`] (x in full moves, y in the left
/// axis's unit).
pub fn draw_game<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    t: &Timeline,
    hover_move: Option<u32>,
) -> Result<Frame, FieldError> {
    area.fill(&WHITE).map_err(backend_error)?;
    let (first, last) = t.move_range();
    let x_range = (f64::from(first) - 0.5, f64::from(last) + 0.5);
    let biggest = t
        .moves
        .iter()
        .map(|m| m.used_ms.max(m.soft_ms.unwrap_or(0.0)).max(m.effective_ms.unwrap_or(0.0)))
        .fold(0.0, f64::max);
    let hard_top = t.moves.iter().filter_map(|m| m.hard_ms).fold(0.0, f64::max).min(biggest * HARD_HEADROOM);
    let top_ms = biggest.max(hard_top);
    // Seconds from 2 s up, milliseconds below.
    let (scale, unit) = if top_ms >= 2000.0 { (1000.0, "s") } else { (1.0, "ms") };
    let y_top = nice_top(top_ms / scale);
    let clock_top = nice_top(t.moves.iter().filter_map(|m| m.clock_ms).fold(0.0, f64::max) / 1000.0);

    let (white, black) = (format!("White: {}", t.white), format!("Black: {}", t.black));
    let plot = super::plot_area(area, "Time per move and clock", &[&white, &black, "soft budget"])?;
    let y_desc = format!("used per move ({unit}); soft ▬, effective soft ○, hard ×");
    let axes = DualAxes {
        right: 66,
        x_desc: "move",
        y_desc: &y_desc,
        clock_desc: "clock remaining (s), lines",
        x_mesh: false,
    };
    let mut ctx = super::dual_axes(area, &plot, x_range, (y_top, clock_top), &axes)?;

    let y = |ms: f64| (ms / scale).min(y_top);
    let slot = |m: &TimelineMove| {
        let c = f64::from(m.move_no);
        if m.white { (c - BAR, c - 0.02) } else { (c + 0.02, c + BAR) }
    };
    let color = |m: &TimelineMove| SIDE_COLORS[usize::from(!m.white)];
    ctx.draw_series(t.moves.iter().map(|m| {
        let (x0, x1) = slot(m);
        Rectangle::new([(x0, 0.0), (x1, y(m.used_ms))], color(m).mix(0.7).filled())
    }))
    .map_err(backend_error)?;
    ctx.draw_series(t.moves.iter().filter_map(|m| {
        let soft = m.soft_ms?;
        let (x0, x1) = slot(m);
        Some(PathElement::new(vec![(x0, y(soft)), (x1, y(soft))], style::HOVER.stroke_width(2)))
    }))
    .map_err(backend_error)?;
    ctx.draw_series(t.moves.iter().filter_map(|m| {
        let hard = m.hard_ms?;
        let (x0, x1) = slot(m);
        Some(Cross::new(((x0 + x1) / 2.0, y(hard)), 3, style::HOVER.mix(0.7).stroke_width(1)))
    }))
    .map_err(backend_error)?;
    ctx.draw_series(t.moves.iter().filter_map(|m| {
        let eff = m.effective_ms?;
        let (x0, x1) = slot(m);
        Some(Circle::new(((x0 + x1) / 2.0, y(eff)), 3, style::HOVER.stroke_width(1)))
    }))
    .map_err(backend_error)?;
    // A move that used more than its hard limit: circled at the top of its bar.
    let past_hard = |m: &&TimelineMove| t.past_hard(m);
    ctx.draw_series(t.moves.iter().filter(past_hard).map(|m| {
        let (x0, x1) = slot(m);
        Circle::new(((x0 + x1) / 2.0, y(m.used_ms)), 9, style::MARK.stroke_width(2))
    }))
    .map_err(backend_error)?;
    ctx.draw_series(t.moves.iter().filter(|m| m.flagged).map(|m| {
        let (x0, x1) = slot(m);
        Cross::new(((x0 + x1) / 2.0, y(m.used_ms)), 7, style::MARK.stroke_width(3))
    }))
    .map_err(backend_error)?;
    let mut legend = Vec::new();
    for (i, (white, name)) in [(true, &t.white), (false, &t.black)].into_iter().enumerate() {
        let pts: Vec<(f64, f64)> = t
            .moves
            .iter()
            .filter(|m| m.white == white)
            .filter_map(|m| Some((f64::from(m.move_no), m.clock_ms? / 1000.0)))
            .collect();
        let line = SIDE_COLORS[i].stroke_width(2);
        ctx.draw_secondary_series(LineSeries::new(pts, line)).map_err(backend_error)?;
        let side = if white { "White" } else { "Black" };
        legend.push((format!("{side}: {name}"), line));
    }
    legend.push(("soft budget".to_string(), style::HOVER.stroke_width(2)));
    if t.moves.iter().any(|m| past_hard(&m)) {
        legend.push(("○ past the hard limit".to_string(), style::MARK.stroke_width(2)));
    }
    if let Some(mv) = hover_move {
        let x = f64::from(mv);
        let guide = style::HOVER.mix(0.3);
        ctx.draw_series(LineSeries::new([(x, 0.0), (x, y_top)], guide)).map_err(backend_error)?;
    }
    super::finish(area, ctx.plotting_area().get_pixel_range(), &legend, x_range, (0.0, y_top))
}

/// Render the chart to an SVG document of `width` × `height` pixels.
pub fn game_svg(t: &Timeline, width: u32, height: u32) -> Result<String, FieldError> {
    super::svg(width, height, |area| draw_game(area, t, None))
}

// (They play real games: the engine build, the default.)
#[cfg(all(test, feature = "engine"))]
mod tests;
