//! The per-game time chart in lc0's dual-axis layout (playground.md §7, Lc0 #271): time used
//! per move as bars (White's left of the move number, Black's right), the manager's soft budget
//! as a bar-wide tick and its hard limit as a cross on the left axis, and each side's clock
//! remaining as a line on the right axis. Moves that lost on time are marked in red.
//!
//! The points come from a game's records: [`Timeline::from_record`] natively, and
//! [`RecordView`] reads the same fields from a record's JSON (the browser's game summaries),
//! ignoring the rest.

use plotters::coord::Shift;
use plotters::prelude::*;
use serde::{Deserialize, Deserializer, Serialize};

use super::allocation::nice_top;
use super::{Frame, backend_error, style};
use crate::play::game::GameRecord;

/// White's colour (Okabe–Ito blue) and Black's (vermilion), as in the allocation chart.
const SIDE_COLORS: [RGBColor; 2] = [RGBColor(0x00, 0x72, 0xb2), RGBColor(0xd5, 0x5e, 0x00)];
/// Half the width of a move's slot that one side's bar takes.
const BAR: f64 = 0.38;
/// The left axis stops at this multiple of the largest used or soft time: a hard limit far
/// above it is drawn at the top edge.
const HARD_HEADROOM: f64 = 1.6;

/// One engine move as the chart needs it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TimelineMove {
    /// Half-moves played before it.
    pub ply: u32,
    /// Full-move number (x).
    pub move_no: u32,
    /// White moved.
    pub white: bool,
    /// SAN.
    pub san: String,
    /// Time charged, ms.
    pub used_ms: f64,
    /// The manager's soft budget, ms (none for controls without a clock).
    pub soft_ms: Option<f64>,
    /// The manager's hard limit, ms.
    pub hard_ms: Option<f64>,
    /// The effective soft limit the manager was using when the search ended, ms (drawn as a
    /// ring; Stockfish's can be far above the base soft budget).
    pub effective_ms: Option<f64>,
    /// The mover's clock after the move, ms.
    pub clock_ms: Option<f64>,
    /// The move lost on time.
    pub flagged: bool,
}

/// A game's engine moves and its players, ready to draw.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Timeline {
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// Engine moves in order (book moves are left out).
    pub moves: Vec<TimelineMove>,
}

fn finite(x: f64) -> Option<f64> {
    x.is_finite().then_some(x)
}

fn finite_opt<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    Ok(Option::<f64>::deserialize(d)?.and_then(finite))
}

/// The fields of a game record's JSON that the chart reads.
#[derive(Clone, Debug, Deserialize)]
pub struct RecordView {
    /// Players.
    pub setup: SetupView,
    /// Every move, book moves included.
    pub moves: Vec<MoveView>,
}

/// The players of a record's setup.
#[derive(Clone, Debug, Deserialize)]
pub struct SetupView {
    /// White.
    pub white: SideView,
    /// Black.
    pub black: SideView,
}

/// A side's name.
#[derive(Clone, Debug, Deserialize)]
pub struct SideView {
    /// Name.
    pub name: String,
}

/// The fields of a move record the chart reads (non-finite numbers, written `null` in JSON, read
/// as none).
#[derive(Clone, Debug, Deserialize)]
pub struct MoveView {
    /// Half-moves before it.
    pub ply: u32,
    /// `white` or `black`.
    pub color: String,
    /// SAN.
    #[serde(default)]
    pub san: String,
    /// A book move.
    pub book: bool,
    /// Time charged, ms.
    #[serde(deserialize_with = "finite_opt")]
    pub used_ms: Option<f64>,
    /// Clock after the move, ms.
    #[serde(deserialize_with = "finite_opt")]
    pub clock_after_ms: Option<f64>,
    /// Lost on time.
    pub flagged: bool,
    /// The engine's record.
    pub engine: Option<EngineView>,
}

/// The engine's side of a move: its budget.
#[derive(Clone, Debug, Deserialize)]
pub struct EngineView {
    /// Soft and hard budget.
    pub budget: BudgetView,
    /// The effective soft limit at the end of the search (absent in older records).
    #[serde(default)]
    pub effective: Option<EffectiveView>,
}

/// The effective soft limit of a move.
#[derive(Clone, Debug, Deserialize)]
pub struct EffectiveView {
    /// Effective soft limit, ms.
    #[serde(deserialize_with = "finite_opt")]
    pub soft_ms: Option<f64>,
}

/// A manager's budget.
#[derive(Clone, Debug, Deserialize)]
pub struct BudgetView {
    /// Soft budget, ms.
    #[serde(deserialize_with = "finite_opt")]
    pub soft_ms: Option<f64>,
    /// Hard limit, ms.
    #[serde(deserialize_with = "finite_opt")]
    pub hard_ms: Option<f64>,
}

impl Timeline {
    /// The timeline of a finished (or running) game's record.
    pub fn from_record(rec: &GameRecord) -> Timeline {
        let moves = rec
            .moves
            .iter()
            .filter(|r| !r.book)
            .map(|r| TimelineMove {
                ply: r.ply,
                move_no: r.ply / 2 + 1,
                white: r.color.is_white(),
                san: r.san.clone(),
                used_ms: r.used_ms,
                soft_ms: r.engine.as_ref().and_then(|t| finite(t.budget.soft_ms)),
                hard_ms: r.engine.as_ref().and_then(|t| finite(t.budget.hard_ms)),
                effective_ms: r.engine.as_ref().and_then(|t| finite(t.effective.as_ref()?.soft_ms)),
                clock_ms: finite(r.clock_after_ms),
                flagged: r.flagged,
            })
            .collect();
        Timeline { white: rec.setup.white.name.clone(), black: rec.setup.black.name.clone(), moves }
    }

    /// The timeline of a record read from JSON.
    pub fn from_view(v: RecordView) -> Timeline {
        let moves = v
            .moves
            .into_iter()
            .filter(|m| !m.book)
            .map(|m| TimelineMove {
                ply: m.ply,
                move_no: m.ply / 2 + 1,
                white: m.color == "white",
                san: m.san,
                used_ms: m.used_ms.unwrap_or(0.0),
                soft_ms: m.engine.as_ref().and_then(|e| e.budget.soft_ms),
                hard_ms: m.engine.as_ref().and_then(|e| e.budget.hard_ms),
                effective_ms: m.engine.as_ref().and_then(|e| e.effective.as_ref()?.soft_ms),
                clock_ms: m.clock_after_ms,
                flagged: m.flagged,
            })
            .collect();
        Timeline { white: v.setup.white.name, black: v.setup.black.name, moves }
    }

    /// The first and last full-move numbers (1, 1 without moves).
    pub fn move_range(&self) -> (u32, u32) {
        let first = self.moves.first().map_or(1, |m| m.move_no);
        let last = self.moves.last().map_or(1, |m| m.move_no);
        (first, last.max(first))
    }

    /// The moves (one or two) with full-move number `move_no`.
    pub fn at(&self, move_no: u32) -> Vec<&TimelineMove> {
        self.moves.iter().filter(|m| m.move_no == move_no).collect()
    }

    /// One line per move at `move_no`, labelled by the glossary (`chart` scope):
    /// `23. White Nf3: time used 0.210 s (soft budget 0.250 s, hard limit 0.620 s), clock 3.200 s`.
    pub fn describe(&self, move_no: u32) -> Vec<String> {
        use crate::tm::glossary::{SCOPE_CHART, label};
        let s = |ms: f64| format!("{:.3} s", ms / 1000.0);
        let l = |key: &str| label(SCOPE_CHART, key);
        self.at(move_no)
            .into_iter()
            .map(|m| {
                let side = if m.white { "White" } else { "Black" };
                let mut budget = Vec::new();
                if let Some(x) = m.soft_ms {
                    budget.push(format!("{} {}", l("soft"), s(x)));
                }
                if let Some(x) = m.effective_ms {
                    budget.push(format!("{} {}", l("effective_soft"), s(x)));
                }
                if let Some(x) = m.hard_ms {
                    budget.push(format!("{} {}", l("hard"), s(x)));
                }
                let budget =
                    if budget.is_empty() { String::new() } else { format!(" ({})", budget.join(", ")) };
                let clock = m.clock_ms.map_or(String::new(), |c| format!(", {} {}", l("clock"), s(c)));
                let flag = if m.flagged { ", lost on time" } else { "" };
                let dots = if m.white { "." } else { "..." };
                format!(
                    "{}{dots} {side} {}: {} {}{budget}{clock}{flag}",
                    m.move_no,
                    m.san,
                    l("used"),
                    s(m.used_ms)
                )
            })
            .collect()
    }
}

/// Draw `t` on `area` (lc0's dual-axis layout, see the module documentation); highlight
/// `hover_move` if given. Returns the plotting area's [`Frame`] (x in full moves, y in the left
/// axis's unit).
pub fn draw_game<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    t: &Timeline,
    hover_move: Option<u32>,
) -> Result<Frame, String> {
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
    let mut ctx = ChartBuilder::on(&plot)
        .margin(10)
        .x_label_area_size(36)
        .y_label_area_size(52)
        .right_y_label_area_size(66)
        .build_cartesian_2d(x_range.0..x_range.1, 0.0..y_top)
        .map_err(backend_error)?
        .set_secondary_coord(x_range.0..x_range.1, 0.0..clock_top);
    ctx.configure_mesh()
        .disable_x_mesh()
        .x_labels(super::x_label_count(area))
        .x_label_formatter(&super::whole_label)
        .x_desc("move")
        .y_desc(format!("used per move ({unit}); soft ▬, effective soft ○, hard ×"))
        .light_line_style(style::GRID)
        .max_light_lines(style::LIGHT_LINES)
        .label_style((style::FONT, 12))
        .draw()
        .map_err(backend_error)?;
    ctx.configure_secondary_axes()
        .y_desc("clock remaining (s), lines")
        .label_style((style::FONT, 12))
        .draw()
        .map_err(backend_error)?;

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
    if let Some(mv) = hover_move {
        let x = f64::from(mv);
        let guide = style::HOVER.mix(0.3);
        ctx.draw_series(LineSeries::new([(x, 0.0), (x, y_top)], guide)).map_err(backend_error)?;
    }
    super::finish(area, ctx.plotting_area().get_pixel_range(), &legend, x_range, (0.0, y_top))
}

/// Render the chart to an SVG document of `width` × `height` pixels.
pub fn game_svg(t: &Timeline, width: u32, height: u32) -> Result<String, String> {
    super::svg(width, height, |area| draw_game(area, t, None))
}

#[cfg(test)]
mod tests;
