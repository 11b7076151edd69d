//! The move-time chart of a game (playground.md §5.7, lichess's `movetime.ts`): one bar per move
//! for the time used, White's bars light and Black's dark, with the time manager's soft budget
//! (a tick) and hard budget (a dashed tick) on engine moves. The selected move is highlighted;
//! [`Frame::data_x`] of a pixel, rounded down, is the index of the move under it.
//!
//! The bars are plain data ([`MoveBar`]): the engine module computes them from a game's records
//! ([`bars_of`]), the engine charts module draws them.

use crate::error::FieldError;
use plotters::coord::Shift;
use plotters::prelude::*;
use serde::{Deserialize, Serialize};

use super::{Frame, backend_error, style};
#[cfg(feature = "engine")]
use crate::play::game::MoveRecord;

/// Every non-book move's bar, from a game's records.
#[cfg(feature = "engine")]
pub fn bars_of(records: &[MoveRecord]) -> Vec<MoveBar> {
    records
        .iter()
        .filter(|r| !r.book)
        .map(|r| MoveBar {
            white: r.color.is_white(),
            used_ms: r.used_ms,
            soft_ms: r.engine.as_ref().map(|t| t.budget.soft_ms).filter(|x| x.is_finite()),
            hard_ms: r.engine.as_ref().map(|t| t.budget.hard_ms).filter(|x| x.is_finite()),
            engine: r.engine.is_some(),
            flagged: r.flagged,
        })
        .collect()
}

/// One move's bar.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveBar {
    /// White's move.
    pub white: bool,
    /// Time used, ms.
    pub used_ms: f64,
    /// The manager's soft budget, ms (engine moves).
    pub soft_ms: Option<f64>,
    /// The manager's hard budget, ms (engine moves).
    pub hard_ms: Option<f64>,
    /// An engine move.
    pub engine: bool,
    /// The move lost on time.
    pub flagged: bool,
}

const WHITE_BAR: RGBColor = RGBColor(0xc8, 0xcd, 0xd6);
const BLACK_BAR: RGBColor = RGBColor(0x4a, 0x4f, 0x58);
const SOFT: RGBColor = style::MARK;
const HARD: RGBColor = RGBColor(0xc0, 0x1c, 0x28);
const SELECTED: RGBColor = RGBColor(0xff, 0xe0, 0x8a);

/// The legend: White's and Black's bars, the soft and the hard budget.
fn legend() -> [(&'static str, ShapeStyle); 4] {
    [
        ("White", WHITE_BAR.stroke_width(6)),
        ("Black", BLACK_BAR.stroke_width(6)),
        ("soft budget", SOFT.stroke_width(2)),
        ("hard budget", HARD.stroke_width(2)),
    ]
}

/// The y range in seconds: every bar and budget fits, at least 0.1 s.
fn y_max_s(bars: &[MoveBar]) -> f64 {
    let top = bars
        .iter()
        .flat_map(|b| [Some(b.used_ms), b.soft_ms, b.hard_ms])
        .flatten()
        .filter(|x| x.is_finite())
        .fold(0.0f64, f64::max);
    (top / 1000.0 * 1.1).max(0.1)
}

/// Draws the chart; `selected` is the index of the highlighted move. Returns the plot's
/// [`Frame`] (x from 0 to the number of moves; bar `i` spans `[i, i + 1)`).
pub fn draw_movetime<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    bars: &[MoveBar],
    selected: Option<usize>,
) -> Result<Frame, FieldError> {
    area.fill(&WHITE).map_err(backend_error)?;
    let n = bars.len().max(1) as f64;
    let y1 = y_max_s(bars);
    // The legend gets a strip of its own above the plot (the card's heading is the title).
    let plot = super::plot_area(area, "", &legend().map(|(l, _)| l))?;
    let mut ctx = ChartBuilder::on(&plot)
        .margin(10) // the legend strip's margin (plot::layout)
        .x_label_area_size(28)
        .y_label_area_size(44)
        .build_cartesian_2d(0.0..n, 0.0..y1)
        .map_err(backend_error)?;
    ctx.configure_mesh()
        .disable_x_mesh()
        .x_desc("move")
        .y_desc("seconds")
        .x_labels(bars.len().clamp(1, 12) + 1)
        // Bar i is ply i: label whole positions with the move number, others not at all.
        .x_label_formatter(&|x| {
            if (x - x.round()).abs() > 1e-6 || *x >= n {
                String::new()
            } else {
                format!("{}", (x.round() / 2.0).floor() as i64 + 1)
            }
        })
        .light_line_style(style::GRID)
        .max_light_lines(style::LIGHT_LINES)
        .label_style((style::FONT, 11))
        .draw()
        .map_err(backend_error)?;
    if let Some(i) = selected.filter(|&i| i < bars.len()) {
        let x = i as f64;
        ctx.draw_series([Rectangle::new([(x, 0.0), (x + 1.0, y1)], SELECTED.mix(0.6).filled())])
            .map_err(backend_error)?;
    }
    ctx.draw_series(bars.iter().enumerate().map(|(i, b)| {
        let x = i as f64;
        let color = if b.flagged {
            HARD.filled()
        } else if b.white {
            WHITE_BAR.filled()
        } else {
            BLACK_BAR.filled()
        };
        Rectangle::new([(x + 0.12, 0.0), (x + 0.88, (b.used_ms / 1000.0).min(y1))], color)
    }))
    .map_err(backend_error)?;
    let tick = |x: f64, ms: f64| [(x + 0.02, ms / 1000.0), (x + 0.98, ms / 1000.0)];
    for (i, b) in bars.iter().enumerate() {
        let x = i as f64;
        if let Some(s) = b.soft_ms {
            ctx.draw_series(LineSeries::new(tick(x, s), SOFT.stroke_width(2))).map_err(backend_error)?;
        }
        if let Some(h) = b.hard_ms {
            let [(a, y), (c, _)] = tick(x, h);
            let dashes = (0..4).map(|k| {
                let from = a + (c - a) * f64::from(k) / 4.0;
                PathElement::new(vec![(from, y), (from + (c - a) / 8.0, y)], HARD.stroke_width(2))
            });
            ctx.draw_series(dashes).map_err(backend_error)?;
        }
    }
    let entries: Vec<(String, ShapeStyle)> = legend().iter().map(|(l, s)| (l.to_string(), *s)).collect();
    super::finish(area, ctx.plotting_area().get_pixel_range(), &entries, (0.0, n), (0.0, y1))
}

/// The index of the move under pixel column `px`, if there is one.
pub fn move_at(frame: &Frame, moves: usize, px: f64) -> Option<usize> {
    if moves == 0 || px < f64::from(frame.left) || px > f64::from(frame.right) {
        return None;
    }
    Some((frame.data_x(px).floor() as usize).min(moves - 1))
}

/// The chart as an SVG document.
pub fn movetime_svg(
    bars: &[MoveBar],
    selected: Option<usize>,
    width: u32,
    height: u32,
) -> Result<String, FieldError> {
    super::svg(width, height, |area| draw_movetime(area, bars, selected))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bar(white: bool, used: f64, soft: Option<f64>) -> MoveBar {
        MoveBar {
            white,
            used_ms: used,
            soft_ms: soft,
            hard_ms: soft.map(|s| s * 3.0),
            engine: soft.is_some(),
            flagged: false,
        }
    }

    #[test]
    fn one_bar_per_move_and_budget_ticks_for_engine_moves() {
        let bars = vec![bar(true, 300.0, None), bar(false, 1200.0, Some(1000.0)), bar(true, 50.0, None)];
        let svg = movetime_svg(&bars, Some(1), 600, 240).unwrap();
        // background + plot fill + selection + 3 bars + legend boxes (2)
        assert!(svg.matches("<rect").count() > 3, "three bars and the selection: {svg}");
        assert!(svg.contains("soft budget") && svg.contains("hard budget"));
        assert!((y_max_s(&bars) - 3.3).abs() < 1e-9, "the hard budget sets the scale");
    }

    #[test]
    fn pixels_map_to_moves() {
        let bars = vec![bar(true, 300.0, None); 10];
        let mut svg = String::new();
        let area = SVGBackend::with_string(&mut svg, (600, 240)).into_drawing_area();
        let f = draw_movetime(&area, &bars, None).unwrap();
        assert_eq!(move_at(&f, 10, f64::from(f.left) + 0.5), Some(0));
        assert_eq!(move_at(&f, 10, f64::from(f.right)), Some(9));
        let w = f64::from(f.right - f.left) / 10.0;
        assert_eq!(move_at(&f, 10, f64::from(f.left) + 3.5 * w), Some(3));
        assert_eq!(move_at(&f, 10, f64::from(f.left) - 5.0), None);
        assert_eq!(move_at(&f, 0, f64::from(f.left) + 5.0), None);
    }

    #[test]
    fn the_legend_sits_inside_the_chart_above_the_plot() {
        // Every legend label's baseline is below the top edge and above the plotting area.
        for (w, h) in [(300, 200), (600, 200), (1200, 240)] {
            let bars = vec![bar(true, 300.0, None), bar(false, 1200.0, Some(1000.0))];
            let mut svg = String::new();
            let f = {
                let area = SVGBackend::with_string(&mut svg, (w, h)).into_drawing_area();
                draw_movetime(&area, &bars, None).unwrap()
            };
            for label in ["White", "Black", "soft budget", "hard budget"] {
                let at = svg.find(&format!(">\n{label}\n<")).unwrap_or_else(|| panic!("{label} drawn"));
                let tag = &svg[svg[..at].rfind("<text").unwrap()..at];
                let y: f64 = tag.split("y=\"").nth(1).unwrap().split('"').next().unwrap().parse().unwrap();
                // Labels are centred on y, 12 px high: their top is at least 6 px below the edge.
                assert!(y >= 12.0 && y < f64::from(f.top), "{w}×{h}: {label} at y {y}, plot top {}", f.top);
            }
        }
    }

    #[test]
    fn empty_game_draws() {
        assert!(movetime_svg(&[], None, 300, 200).unwrap().starts_with("<svg"));
    }
}
