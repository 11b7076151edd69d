//! The experiments' charts as plain data, and their drawing on any backend (SVG natively, a
//! canvas in the browser): a sweep's or a scaling's Elo with 95 % error bars and the fit
//! ([`PointsChart`]), a tune's parameter trajectories ([`TuneChart`]) and a flag-risk curve
//! ([`OverheadChart`]).
//!
//! The engine computes a chart from its report (`experiment::chart`); what is drawn needs no
//! chess and no experiment type, so the *engine charts* wasm module draws it without the engine
//! (docs/architecture.md, "Three wasm modules").

use crate::error::FieldError;
use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use serde::{Deserialize, Serialize};

use super::backend_error as err;
use super::style::{GRID, MAIN, MARK as FIT, SERIES as PALETTE};

/// A number as the experiments print it: at most four decimals, no trailing zeros (`0.25`,
/// `12`, never `-0`).
pub fn short(x: f64) -> String {
    let s = format!("{x:.4}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.to_string() }
}

/// A line drawn through points, named in the legend.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Line {
    /// Legend label.
    pub label: String,
    /// The points, in data coordinates.
    pub points: Vec<(f64, f64)>,
}

/// A sweep's optimum: the fitted vertex with its 95 % interval (clamped to the chart).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OptimumMark {
    /// The vertex's x.
    pub x: f64,
    /// The interval's ends on x.
    pub lo: f64,
    /// The interval's ends on x.
    pub hi: f64,
    /// The fitted Elo at the vertex.
    pub elo: f64,
    /// Legend label.
    pub label: String,
}

/// A points chart (a sweep's, a scaling's): each point's Elo with its 95 % interval, a fitted
/// curve, and for a sweep its optimum.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PointsChart {
    /// Caption.
    pub title: String,
    /// The x axis' description.
    pub x_desc: String,
    /// The y axis' description.
    pub y_desc: String,
    /// The x range shown.
    pub x_range: (f64, f64),
    /// `(x, elo, error)` of each point whose numbers are finite.
    pub points: Vec<(f64, f64, f64)>,
    /// The points' legend label.
    pub points_label: String,
    /// The fit, if there is one.
    pub fit: Option<Line>,
    /// A sweep's optimum, if the fit has one inside the range.
    pub optimum: Option<OptimumMark>,
    /// Labelled x ticks, each with a vertical grid line (a scaling's controls); `None`: the
    /// axis' own numbers.
    pub ticks: Option<Vec<(f64, String)>>,
}

/// A tune's trajectories: each parameter's value against the iteration.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TuneChart {
    /// Caption.
    pub title: String,
    /// The y axis' description.
    pub y_desc: String,
    /// The last iteration (the x range is `0..x_max`).
    pub x_max: f64,
    /// The y range shown.
    pub y_range: (f64, f64),
    /// One line per parameter, coloured in order.
    pub series: Vec<Line>,
}

/// A flag-risk curve: the probability of losing on time against the Move Overhead, on a log
/// scale whose floor stands for 0.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OverheadChart {
    /// Caption.
    pub title: String,
    /// The y axis' floor (a probability of 0 is drawn there).
    pub floor: f64,
    /// The largest overhead (the x range is `0..x_max`).
    pub x_max: f64,
    /// The chosen risk level, drawn across.
    pub risk: Line,
    /// The 95 % upper bound per overhead.
    pub upper: Line,
    /// The flag probability per overhead (also drawn as dots).
    pub curve: Line,
    /// The required overhead, if one was found: `(ms, label)`.
    pub required: Option<(f64, String)>,
}

/// The series legend every chart here draws: white-backed, framed, 12 px labels, at `pos`
/// (plotters' default is `MiddleRight`).
fn legend<'a, DB: DrawingBackend + 'a, CT: CoordTranslate>(
    ctx: &mut ChartContext<'a, DB, CT>,
    pos: SeriesLabelPosition,
) -> Result<(), FieldError> {
    ctx.configure_series_labels()
        .background_style(WHITE.mix(0.85))
        .border_style(GRID)
        .label_font(("sans-serif", 12))
        .position(pos)
        .draw()
        .map_err(err)
}

type EloChart<'a, DB> = ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// The frame of a points chart: `title` above, x over `x`, y over every interval, the `fit`
/// curve and 0, padded by 8 %. Returns the chart and its y range.
fn elo_frame<'a, DB: DrawingBackend>(
    area: &'a DrawingArea<DB, Shift>,
    title: &str,
    (x0, x1): (f64, f64),
    pts: &[(f64, f64, f64)],
    fit: &[(f64, f64)],
) -> Result<(EloChart<'a, DB>, (f64, f64)), FieldError> {
    area.fill(&WHITE).map_err(err)?;
    let ys = pts.iter().flat_map(|&(_, y, e)| [y - e, y + e]).chain(fit.iter().map(|c| c.1)).chain([0.0]);
    let (mut y0, mut y1) = ys.fold((f64::MAX, f64::MIN), |(a, b), y| (a.min(y), b.max(y)));
    if y0 >= y1 {
        (y0, y1) = (y0 - 50.0, y0 + 50.0);
    }
    let ypad = (y1 - y0) * 0.08;
    let (ylo, yhi) = (y0 - ypad, y1 + ypad);
    let ctx = ChartBuilder::on(area)
        .caption(title, ("sans-serif", 16))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(56)
        .build_cartesian_2d(x0..x1, ylo..yhi)
        .map_err(err)?;
    Ok((ctx, (ylo, yhi)))
}

/// Draws a points chart: the mesh (with the ticks' labels and lines, if any), the line at 0
/// Elo, the fit, each point's Elo as a dot with its interval as a bar, and the optimum.
///
/// # Errors
/// The backend failed.
pub fn draw_points<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    c: &PointsChart,
) -> Result<(), FieldError> {
    let (x0, x1) = c.x_range;
    let fit: &[(f64, f64)] = c.fit.as_ref().map_or(&[], |f| &f.points);
    let (mut ctx, (ylo, yhi)) = elo_frame(area, &c.title, (x0, x1), &c.points, fit)?;
    let number = |x: &f64| short(*x);
    let whole = |y: &f64| format!("{y:.0}");
    let mut mesh = ctx.configure_mesh();
    mesh.x_desc(c.x_desc.as_str())
        .y_desc(c.y_desc.as_str())
        .y_label_formatter(&whole)
        .light_line_style(GRID)
        .max_light_lines(1)
        .label_style(("sans-serif", 12));
    if c.ticks.is_some() {
        mesh.x_labels(0);
    } else {
        mesh.x_label_formatter(&number);
    }
    mesh.draw().map_err(err)?;
    for (x, label) in c.ticks.iter().flatten() {
        let x = *x;
        ctx.draw_series([PathElement::new([(x, ylo), (x, yhi)], GRID)]).map_err(err)?;
        ctx.draw_series([Text::new(label.clone(), (x, ylo), ("sans-serif", 12).into_font().color(&BLACK))])
            .map_err(err)?;
    }
    ctx.draw_series(LineSeries::new([(x0, 0.0), (x1, 0.0)], BLACK.mix(0.3))).map_err(err)?;
    if let Some(f) = c.fit.as_ref().filter(|f| !f.points.is_empty()) {
        ctx.draw_series(LineSeries::new(f.points.iter().copied(), FIT.stroke_width(2)))
            .map_err(err)?
            .label(f.label.as_str())
            .legend(|(x, y)| PathElement::new([(x, y), (x + 16, y)], FIT.stroke_width(2)));
    }
    let pts = &c.points;
    ctx.draw_series(
        pts.iter().map(|&(x, y, e)| PathElement::new([(x, y - e), (x, y + e)], MAIN.stroke_width(2))),
    )
    .map_err(err)?;
    ctx.draw_series(pts.iter().map(|&(x, y, _)| Circle::new((x, y), 4, MAIN.filled())))
        .map_err(err)?
        .label(c.points_label.as_str())
        .legend(|(x, y)| Circle::new((x + 8, y), 4, MAIN.filled()));
    if let Some(o) = &c.optimum {
        ctx.draw_series([PathElement::new([(o.lo, o.elo), (o.hi, o.elo)], FIT.stroke_width(3))])
            .map_err(err)?;
        ctx.draw_series([Circle::new((o.x, o.elo), 5, FIT.filled())])
            .map_err(err)?
            .label(o.label.as_str())
            .legend(|(x, y)| Circle::new((x + 8, y), 5, FIT.filled()));
    }
    legend(&mut ctx, SeriesLabelPosition::LowerRight)?;
    area.present().map_err(err)
}

/// Draws a tune's trajectories.
///
/// # Errors
/// The backend failed.
pub fn draw_tune<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, c: &TuneChart) -> Result<(), FieldError> {
    area.fill(&WHITE).map_err(err)?;
    let (y0, y1) = c.y_range;
    let mut ctx = ChartBuilder::on(area)
        .caption(c.title.as_str(), ("sans-serif", 16))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(56)
        .build_cartesian_2d(0.0..c.x_max, y0..y1)
        .map_err(err)?;
    ctx.configure_mesh()
        .x_desc("iteration (one pair of games each)")
        .y_desc(c.y_desc.as_str())
        // Iterations are whole: a fractional tick (few iterations) gets no label.
        .x_label_formatter(&|x| if x.fract().abs() < 1e-9 { format!("{x:.0}") } else { String::new() })
        .y_label_formatter(&|y| short(*y))
        .light_line_style(GRID)
        .max_light_lines(1)
        .label_style(("sans-serif", 12))
        .draw()
        .map_err(err)?;
    for (i, s) in c.series.iter().enumerate() {
        let color = PALETTE[i % PALETTE.len()];
        ctx.draw_series(LineSeries::new(s.points.iter().copied(), color.stroke_width(2)))
            .map_err(err)?
            .label(s.label.as_str())
            .legend(move |(x, y)| PathElement::new([(x, y), (x + 16, y)], color.stroke_width(2)));
    }
    legend(&mut ctx, SeriesLabelPosition::MiddleRight)?;
    area.present().map_err(err)
}

/// Draws a flag-risk curve.
///
/// # Errors
/// The backend failed.
pub fn draw_overhead<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    c: &OverheadChart,
) -> Result<(), FieldError> {
    area.fill(&WHITE).map_err(err)?;
    let floor = c.floor;
    let mut ctx = ChartBuilder::on(area)
        .caption(c.title.as_str(), ("sans-serif", 16))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(64)
        .build_cartesian_2d(0.0..c.x_max, (floor..1.0).log_scale())
        .map_err(err)?;
    ctx.configure_mesh()
        .x_desc("Move Overhead (ms)")
        .y_desc("P(lose on time) per game")
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| if *y <= floor * 1.0001 { "0".into() } else { format!("{y:.0e}") })
        .light_line_style(GRID)
        .max_light_lines(1)
        .label_style(("sans-serif", 12))
        .draw()
        .map_err(err)?;
    ctx.draw_series(LineSeries::new(c.risk.points.iter().copied(), BLACK.mix(0.6).stroke_width(1)))
        .map_err(err)?
        .label(c.risk.label.as_str())
        .legend(|(x, y)| PathElement::new([(x, y), (x + 16, y)], BLACK.mix(0.6)));
    ctx.draw_series(LineSeries::new(c.upper.points.iter().copied(), FIT.mix(0.7).stroke_width(1)))
        .map_err(err)?
        .label(c.upper.label.as_str())
        .legend(|(x, y)| PathElement::new([(x, y), (x + 16, y)], FIT.mix(0.7)));
    ctx.draw_series(LineSeries::new(c.curve.points.iter().copied(), MAIN.stroke_width(2)))
        .map_err(err)?
        .label(c.curve.label.as_str())
        .legend(|(x, y)| PathElement::new([(x, y), (x + 16, y)], MAIN.stroke_width(2)));
    ctx.draw_series(c.curve.points.iter().map(|&p| Circle::new(p, 3, MAIN.filled()))).map_err(err)?;
    if let Some((o, label)) = &c.required {
        let o = *o;
        ctx.draw_series([PathElement::new([(o, floor), (o, 1.0)], FIT.stroke_width(2))])
            .map_err(err)?
            .label(label.as_str())
            .legend(|(x, y)| PathElement::new([(x + 8, y - 6), (x + 8, y + 6)], FIT.stroke_width(2)));
    }
    legend(&mut ctx, SeriesLabelPosition::MiddleRight)?;
    area.present().map_err(err)
}
