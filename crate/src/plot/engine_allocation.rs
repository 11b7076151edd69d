//! The engine-mode allocation chart: one side's moves of a real self-play game (a
//! [`TraceMove`] list), with per move the time used (a bar), the base soft budget, the effective
//! soft limit the manager really used, the hard limit, and the clock on a second axis. The
//! default configuration's game stays as a faint ghost (its time used and effective limit).
//!
//! The chart reads plain rows ([`TraceMove`]: a trace move's JSON as the engine module's
//! `TraceRunner` hands it to the page), so the engine charts module draws it without the engine.

use crate::error::FieldError;
pub use crate::tm::trace_move::TraceMove;
use plotters::coord::Shift;
use plotters::prelude::*;
use serde::Serialize;

use super::{DualAxes, Frame, backend_error, style};

const USED: RGBColor = RGBColor(0x9a, 0xb8, 0xd8);
const BASE: RGBColor = RGBColor(0xd5, 0x5e, 0x00);
const EFFECTIVE: RGBColor = RGBColor(0x7b, 0x3f, 0xb0);
const HARD: RGBColor = RGBColor(0xc0, 0x1c, 0x28);
const CLOCK: RGBColor = RGBColor(0x00, 0x72, 0xb2);
const PONDER: RGBColor = RGBColor(0x00, 0x9e, 0x73);

/// The hovered move's numbers.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TracePoint {
    /// The move.
    pub row: TraceMove,
    /// One line in words.
    pub text: String,
}

/// One side's moves of a trace (`white`: White's, else Black's).
pub fn side(moves: &[TraceMove], white: bool) -> Vec<TraceMove> {
    moves.iter().filter(|m| m.white == white).cloned().collect()
}

/// Rounds a top value up to a readable axis end (seconds), at least 0.1.
fn top(x: f64) -> f64 {
    let x = x.max(0.1) * 1.08;
    let mag = 10f64.powf(x.log10().floor());
    [1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0].iter().map(|k| k * mag).find(|v| *v >= x).unwrap_or(x)
}

/// The hovered move's line: `move 12: used 1.84 s · base soft 1.52 s · soft 2.10 s · hard 6.1 s ·
/// clock 48.3 s · depth 9 · stopped: soft-limit`.
pub fn describe(m: &TraceMove) -> String {
    format!(
        "{}move {} {}: used {:.2} s · base soft {:.2} s · effective soft {:.2} s · hard {:.2} s · clock {:.1} s → {:.1} s · \
         depth {} · {} nodes · stopped: {}",
        if m.flagged { "LOST ON TIME · " } else { "" },
        m.move_number,
        m.san,
        m.used_ms / 1000.0,
        m.base_soft_ms / 1000.0,
        m.soft_ms / 1000.0,
        m.hard_ms / 1000.0,
        m.clock_before_ms / 1000.0,
        m.clock_after_ms / 1000.0,
        m.depth,
        m.nodes,
        m.stop
    )
}

/// The legend's name of the ghost game when it is the manager's defaults' (in a lesson it is the
/// lesson's own setting, and the caller names it so).
pub const DEFAULT_GHOST_LABEL: &str = "default settings";

/// The marked move's label drawn on the chart: `move 12: used 1.84 s · soft 2.10 s · hard 6.1 s
/// · clock 48.3 s` (and `· pondered 0.52 s` on a ponder hit).
pub fn mark_label(m: &TraceMove) -> String {
    let mut s = format!(
        "move {}: used {:.3} s · soft {:.3} s · hard {:.3} s · clock {:.2} s",
        m.move_number,
        m.used_ms / 1000.0,
        m.base_soft_ms / 1000.0,
        m.hard_ms.min(m.clock_before_ms) / 1000.0,
        m.clock_before_ms / 1000.0
    );
    if let Some(p) = m.pondered_ms {
        s.push_str(&format!(" · pondered {:.3} s", p / 1000.0));
    }
    s
}

/// The index of the move (of `moves`) numbered `n`.
pub fn move_numbered(moves: &[TraceMove], n: u32) -> Option<usize> {
    moves.iter().position(|m| m.move_number == n)
}

/// Draws the chart of `moves` (one side's) over `ghost` (same side: the default's, or whatever
/// `ghost_label` names); `hover` is the index of the highlighted move; `mark` (a move number: a
/// lesson's) is drawn with its numbers ([`mark_label`]) while nothing is hovered. x is the move
/// number; bar `i` is centred on its move. Ponder hits add, above the bar, the time searched on
/// the opponent's clock.
pub fn draw_engine_allocation<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    moves: &[TraceMove],
    ghost: &[TraceMove],
    ghost_label: &str,
    hover: Option<usize>,
    mark: Option<u32>,
) -> Result<Frame, FieldError> {
    area.fill(&WHITE).map_err(backend_error)?;
    let all = || moves.iter().chain(ghost);
    let first = all().map(|m| m.move_number).min().unwrap_or(1);
    let last = all().map(|m| m.move_number).max().unwrap_or(1).max(first + 1);
    let x_range = (f64::from(first) - 0.5, f64::from(last) + 0.5);
    let y1 = top(all()
        .map(|m| {
            let bar = m.used_ms + m.pondered_ms.unwrap_or(0.0);
            m.hard_ms.min(m.clock_before_ms).max(bar).max(m.soft_ms)
        })
        .fold(0.0, f64::max)
        / 1000.0);
    let c1 = top(all().map(|m| m.clock_before_ms).fold(0.0, f64::max) / 1000.0);
    let mut entries = vec![
        ("time used".to_string(), USED.stroke_width(6)),
        ("base soft".to_string(), BASE.stroke_width(2)),
        ("effective soft".to_string(), EFFECTIVE.stroke_width(3)),
        ("hard".to_string(), HARD.stroke_width(1)),
        ("clock (right axis)".to_string(), CLOCK.mix(0.6).stroke_width(1)),
    ];
    let hits = moves.iter().any(|m| m.pondered_ms.is_some());
    if hits {
        entries.push(("pondered (ponder hit)".to_string(), PONDER.stroke_width(6)));
    }
    if !ghost.is_empty() {
        entries.push((ghost_label.to_string(), style::GHOST.mix(style::GHOST_ALPHA).stroke_width(2)));
    }
    let labels: Vec<&str> = entries.iter().map(|(l, _)| l.as_str()).collect();
    let plot = super::plot_area(area, "Engine game: time per move", &labels)?;
    let axes = DualAxes {
        right: 60,
        x_desc: "move number",
        y_desc: "seconds per move",
        clock_desc: "clock (s)",
        x_mesh: true,
    };
    let mut ctx = super::dual_axes(area, &plot, x_range, (y1, c1), &axes)?;
    let x = |m: &TraceMove| f64::from(m.move_number);
    if let Some(h) = hover.and_then(|i| moves.get(i)) {
        let band = [(x(h) - 0.5, 0.0), (x(h) + 0.5, y1)];
        ctx.draw_series([Rectangle::new(band, RGBColor(0xff, 0xe0, 0x8a).mix(0.5).filled())])
            .map_err(backend_error)?;
    }
    let ghost_style = style::GHOST.mix(style::GHOST_ALPHA).stroke_width(2);
    let line = |ms: &[TraceMove], f: fn(&TraceMove) -> f64| -> Vec<(f64, f64)> {
        ms.iter().map(|m| (x(m), f(m) / 1000.0)).collect()
    };
    ctx.draw_series(LineSeries::new(line(ghost, |m| m.used_ms), ghost_style)).map_err(backend_error)?;
    ctx.draw_series(DashedLineSeries::new(line(ghost, |m| m.soft_ms), 4, 4, ghost_style))
        .map_err(backend_error)?;
    ctx.draw_series(moves.iter().map(|m| {
        let (a, b) = (x(m) - 0.35, x(m) + 0.35);
        Rectangle::new([(a, 0.0), (b, (m.used_ms / 1000.0).min(y1))], USED.filled())
    }))
    .map_err(backend_error)?;
    ctx.draw_series(moves.iter().filter_map(|m| {
        let p = m.pondered_ms?;
        let (a, b) = (x(m) - 0.35, x(m) + 0.35);
        let (lo, hi) = (m.used_ms / 1000.0, ((m.used_ms + p) / 1000.0).min(y1));
        Some(Rectangle::new([(a, lo.min(y1)), (b, hi)], PONDER.mix(0.55).filled()))
    }))
    .map_err(backend_error)?;
    ctx.draw_series(LineSeries::new(line(moves, |m| m.base_soft_ms), BASE.stroke_width(2)))
        .map_err(backend_error)?;
    ctx.draw_series(LineSeries::new(line(moves, |m| m.soft_ms), EFFECTIVE.stroke_width(3)))
        .map_err(backend_error)?;
    let hard = line(moves, |m| m.hard_ms.min(m.clock_before_ms));
    ctx.draw_series(DashedLineSeries::new(hard, 8, 5, HARD.stroke_width(1))).map_err(backend_error)?;
    ctx.draw_secondary_series(LineSeries::new(
        line(moves, |m| m.clock_after_ms),
        CLOCK.mix(0.6).stroke_width(1),
    ))
    .map_err(backend_error)?;
    ctx.draw_series(
        moves
            .iter()
            .filter(|m| m.flagged)
            .map(|m| Cross::new((x(m), (m.used_ms / 1000.0).min(y1)), 7, HARD.stroke_width(3))),
    )
    .map_err(backend_error)?;
    if hover.is_none()
        && let Some(m) = mark.and_then(|n| move_numbered(moves, n)).map(|i| &moves[i])
    {
        let guide = style::MARK.mix(0.6);
        ctx.draw_series(DashedLineSeries::new([(x(m), 0.0), (x(m), y1)], 5, 4, guide.stroke_width(1)))
            .map_err(backend_error)?;
        let label = mark_label(m);
        // Left of the guide in the chart's right half, so the label stays inside.
        let right_half = x(m) > (x_range.0 + x_range.1) / 2.0;
        let dx = if right_half { -(label.chars().count() as i32) * 13 / 2 - 8 } else { 8 };
        // The point on the bar, the label at the top of the plot (above the bars).
        ctx.draw_series([EmptyElement::at((x(m), (m.used_ms / 1000.0).min(y1)))
            + Circle::new((0, 0), 5, style::MARK.filled())])
            .map_err(backend_error)?;
        ctx.draw_series([EmptyElement::at((x(m), y1))
            + Text::new(label, (dx, 4), (style::FONT, 13).into_font().color(&style::MARK))])
            .map_err(backend_error)?;
    }
    super::finish(area, ctx.plotting_area().get_pixel_range(), &entries, x_range, (0.0, y1))
}

/// The index of the move (of `moves`) under pixel column `px`.
pub fn move_at(frame: &Frame, moves: &[TraceMove], px: f64) -> Option<usize> {
    if moves.is_empty() || px < f64::from(frame.left) || px > f64::from(frame.right) {
        return None;
    }
    let n = frame.data_x(px).round() as i64;
    moves.iter().enumerate().min_by_key(|(_, m)| (i64::from(m.move_number) - n).abs()).map(|(i, _)| i)
}

/// The chart as an SVG document.
pub fn engine_allocation_svg(
    moves: &[TraceMove],
    ghost: &[TraceMove],
    width: u32,
    height: u32,
) -> Result<String, FieldError> {
    super::svg(width, height, |area| {
        draw_engine_allocation(area, moves, ghost, DEFAULT_GHOST_LABEL, None, None)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(n: u32, used: f64) -> TraceMove {
        TraceMove {
            ply: 2 * (n - 1),
            move_number: n,
            white: true,
            san: "e4".into(),
            base_soft_ms: 1000.0,
            soft_ms: 1500.0,
            hard_ms: 4000.0,
            used_ms: used,
            clock_before_ms: 60_000.0 - f64::from(n) * 1000.0,
            clock_after_ms: 59_000.0 - f64::from(n) * 1000.0,
            nodes: 1000,
            depth: 8,
            stop: "soft-limit".into(),
            limit_text: String::new(),
            flagged: false,
            pondered_ms: None,
        }
    }

    #[test]
    fn bars_lines_and_legend_are_drawn_and_pixels_map_to_moves() {
        let moves: Vec<_> = (5..=20).map(|n| mv(n, 900.0 + f64::from(n))).collect();
        let svg = engine_allocation_svg(&moves, &moves[..3], 640, 320).unwrap();
        assert!(svg.contains("effective soft") && svg.contains("default settings"));
        assert!(svg.matches("<rect").count() >= moves.len(), "one bar per move");
        let mut s = String::new();
        let area = SVGBackend::with_string(&mut s, (640, 320)).into_drawing_area();
        let f = draw_engine_allocation(&area, &moves, &[], DEFAULT_GHOST_LABEL, Some(3), None).unwrap();
        assert_eq!(move_at(&f, &moves, f64::from(f.left) + 1.0), Some(0));
        assert_eq!(move_at(&f, &moves, f64::from(f.right)), Some(moves.len() - 1));
        assert_eq!(move_at(&f, &moves, f64::from(f.left) - 3.0), None);
        assert!(describe(&moves[0]).starts_with("move 5 e4: used 0.91 s"));
    }

    /// The engine's trace moves reach the chart as JSON: every field reads back unchanged.
    #[cfg(feature = "engine")]
    #[test]
    fn empty_traces_draw_and_sides_split() {
        assert!(engine_allocation_svg(&[], &[], 300, 200).unwrap().starts_with("<svg"));
        let mut b = mv(3, 10.0);
        b.white = false;
        let both = vec![mv(3, 10.0), b];
        assert_eq!(side(&both, true).len(), 1);
        assert!(!side(&both, false)[0].white);
        assert!((top(0.0) - 0.15).abs() < 1e-9);
        assert!((top(9.5) - 15.0).abs() < 1e-9);
    }

    #[test]
    fn a_mark_draws_its_move_s_numbers_and_ponder_hits_their_time() {
        let mut moves: Vec<_> = (1..=10).map(|n| mv(n, 900.0)).collect();
        moves[4].pondered_ms = Some(700.0);
        moves[4].used_ms = 12.0;
        let draw = |moves: &[TraceMove], mark| {
            let mut s = String::new();
            let area = SVGBackend::with_string(&mut s, (900, 360)).into_drawing_area();
            draw_engine_allocation(&area, moves, &[], DEFAULT_GHOST_LABEL, None, mark).unwrap();
            drop(area);
            s
        };
        let marked = draw(&moves, Some(5));
        let label = mark_label(&moves[4]);
        assert_eq!(
            label,
            "move 5: used 0.012 s · soft 1.000 s · hard 4.000 s · clock 55.00 s · pondered 0.700 s"
        );
        assert!(marked.contains("move 5: used 0.012 s"), "the mark's label is drawn");
        assert!(marked.contains("pondered (ponder hit)"), "the legend names ponder hits");
        let plain = draw(&moves, None);
        assert!(!plain.contains("move 5: used"));
        assert!(!draw(&moves, Some(99)).contains("move 99"), "a move not in the game draws no mark");
        assert!(plain.contains("pondered (ponder hit)"));
        moves[4].pondered_ms = None;
        assert!(!draw(&moves, None).contains("pondered (ponder hit)"), "no hit, no legend entry");
    }
}
