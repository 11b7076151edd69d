//! The experiments' charts, drawn by plotters on any backend (SVG natively, a canvas in the
//! browser): a sweep's Elo with 95 % error bars against the value plus the fitted parabola, and
//! a tune's parameter trajectories.

use crate::error::FieldError;
use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;

use super::fit::{Optimum, short};
use super::overhead::OverheadReport;
use super::scaling::ScalingReport;
use super::spsa::{SpsaConfig, SpsaIteration};
use super::sweep::SweepReport;
use crate::play::stats::EloEstimate;

use crate::plot::style::{GRID, MAIN, MARK as FIT, SERIES as PALETTE};

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

use crate::plot::backend_error as err;

/// Each point's Elo with its 95 % interval, `(x, elo, error)`, where both are finite.
fn elo_points(points: impl Iterator<Item = (f64, Option<EloEstimate>)>) -> Vec<(f64, f64, f64)> {
    points
        .filter_map(|(x, e)| e.map(|e| (x, e.elo, e.elo_error)))
        .filter(|(_, y, e)| y.is_finite() && e.is_finite())
        .collect()
}

/// The x range of a points chart: the points' x, padded by 6 % (±1 around a single x).
fn padded_x(xs: impl Iterator<Item = f64>) -> (f64, f64) {
    let (mut x0, mut x1) = xs.fold((f64::MAX, f64::MIN), |(a, b), x| (a.min(x), b.max(x)));
    if x0 >= x1 {
        (x0, x1) = (x0 - 1.0, x0 + 1.0);
    }
    let pad = (x1 - x0) * 0.06;
    (x0 - pad, x1 + pad)
}

type EloChart<'a, DB> = ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// The frame of a points chart (a sweep's, a scaling's): `title` above, x over `x`, y over
/// every interval, the `fit` curve and 0, padded by 8 %. Returns the chart and its y range.
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

/// The line at 0 Elo across a points chart.
fn zero_line<DB: DrawingBackend>(ctx: &mut EloChart<'_, DB>, (x0, x1): (f64, f64)) -> Result<(), FieldError> {
    ctx.draw_series(LineSeries::new([(x0, 0.0), (x1, 0.0)], BLACK.mix(0.3))).map_err(err)?;
    Ok(())
}

/// Each point's Elo as a dot with its 95 % interval as a bar, in the legend as `label`.
fn draw_elo_points<DB: DrawingBackend>(
    ctx: &mut EloChart<'_, DB>,
    pts: &[(f64, f64, f64)],
    label: &str,
) -> Result<(), FieldError> {
    ctx.draw_series(
        pts.iter().map(|&(x, y, e)| PathElement::new([(x, y - e), (x, y + e)], MAIN.stroke_width(2))),
    )
    .map_err(err)?;
    ctx.draw_series(pts.iter().map(|&(x, y, _)| Circle::new((x, y), 4, MAIN.filled())))
        .map_err(err)?
        .label(label)
        .legend(|(x, y)| Circle::new((x + 8, y), 4, MAIN.filled()));
    Ok(())
}

/// Draws a sweep: each value's Elo with its 95 % interval, and the fit with its optimum.
///
/// # Errors
/// The backend failed.
pub fn draw_sweep<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    r: &SweepReport,
    title: &str,
) -> Result<(), FieldError> {
    let pts = elo_points(r.points.iter().map(|p| (p.value, p.m.estimate)));
    let (x0, x1) = padded_x(r.points.iter().map(|p| p.value));
    let curve: Vec<(f64, f64)> = r
        .fit
        .as_ref()
        .map(|f| (0..=100).map(|i| x0 + (x1 - x0) * f64::from(i) / 100.0).map(|x| (x, f.eval(x))).collect())
        .unwrap_or_default();
    let (mut ctx, _) = elo_frame(area, title, (x0, x1), &pts, &curve)?;
    ctx.configure_mesh()
        .x_desc(r.param.as_str())
        .y_desc("Elo vs baseline (95 % CI)")
        .x_label_formatter(&|x| short(*x))
        .y_label_formatter(&|y| format!("{y:.0}"))
        .light_line_style(GRID)
        .max_light_lines(1)
        .label_style(("sans-serif", 12))
        .draw()
        .map_err(err)?;
    zero_line(&mut ctx, (x0, x1))?;
    if !curve.is_empty() {
        ctx.draw_series(LineSeries::new(curve, FIT.stroke_width(2)))
            .map_err(err)?
            .label("weighted quadratic fit")
            .legend(|(x, y)| PathElement::new([(x, y), (x + 16, y)], FIT.stroke_width(2)));
    }
    draw_elo_points(&mut ctx, &pts, "Elo ± 95 % per value")?;
    if let Some(Optimum::Interior { x, lo, hi, elo }) = r.fit.as_ref().map(|f| f.optimum) {
        let (lo, hi) = (lo.max(x0), hi.min(x1));
        ctx.draw_series([PathElement::new([(lo, elo), (hi, elo)], FIT.stroke_width(3))]).map_err(err)?;
        ctx.draw_series([Circle::new((x, elo), 5, FIT.filled())])
            .map_err(err)?
            .label(format!("optimum {} (95 % CI {} … {})", short(x), short(lo), short(hi)))
            .legend(|(x, y)| Circle::new((x + 8, y), 5, FIT.filled()));
    }
    legend(&mut ctx, SeriesLabelPosition::LowerRight)?;
    area.present().map_err(err)
}

/// Draws a tune's trajectories: each parameter's value against the iteration, as a share of
/// its range when there are several (one parameter is drawn in its own units).
///
/// # Errors
/// The backend failed.
pub fn draw_tune<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    cfg: &SpsaConfig,
    history: &[SpsaIteration],
    title: &str,
) -> Result<(), FieldError> {
    area.fill(&WHITE).map_err(err)?;
    let single = cfg.params.len() == 1;
    let scale = |i: usize, v: f64| {
        let p = &cfg.params[i];
        if single { v } else { (v - p.min) / (p.max - p.min) }
    };
    let (y0, y1) = if single {
        let p = &cfg.params[0];
        let vals = history.iter().map(|h| h.theta[0]).chain([p.start]);
        let (lo, hi) = vals.fold((f64::MAX, f64::MIN), |(a, b), v| (a.min(v), b.max(v)));
        let pad = ((hi - lo) * 0.15).max((p.max - p.min) * 0.02);
        ((lo - pad).max(p.min), (hi + pad).min(p.max))
    } else {
        (0.0, 1.0)
    };
    let n = f64::from(cfg.iterations.max(1));
    let mut ctx = ChartBuilder::on(area)
        .caption(title, ("sans-serif", 16))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(56)
        .build_cartesian_2d(0.0..n, y0..y1)
        .map_err(err)?;
    let y_desc = if single { cfg.params[0].path.clone() } else { "value as a share of its range".into() };
    ctx.configure_mesh()
        .x_desc("iteration (one pair of games each)")
        .y_desc(y_desc)
        // Iterations are whole: a fractional tick (few iterations) gets no label.
        .x_label_formatter(&|x| if x.fract().abs() < 1e-9 { format!("{x:.0}") } else { String::new() })
        .y_label_formatter(&|y| short(*y))
        .light_line_style(GRID)
        .max_light_lines(1)
        .label_style(("sans-serif", 12))
        .draw()
        .map_err(err)?;
    for (i, p) in cfg.params.iter().enumerate() {
        let color = PALETTE[i % PALETTE.len()];
        let line = std::iter::once((0.0, scale(i, p.start)))
            .chain(history.iter().map(|h| (f64::from(h.step.k), scale(i, h.theta[i]))));
        ctx.draw_series(LineSeries::new(line, color.stroke_width(2)))
            .map_err(err)?
            .label(p.path.as_str())
            .legend(move |(x, y)| PathElement::new([(x, y), (x + 16, y)], color.stroke_width(2)));
    }
    legend(&mut ctx, SeriesLabelPosition::MiddleRight)?;
    area.present().map_err(err)
}

/// A sweep chart as SVG text.
///
/// # Errors
/// Drawing failed.
pub fn sweep_svg(r: &SweepReport, title: &str, size: (u32, u32)) -> Result<String, FieldError> {
    crate::plot::svg(size.0, size.1, |area| draw_sweep(area, r, title))
}

/// Draws a time-control scaling: each control's Elo with its 95 % interval against log₂ of the
/// time (labelled with the controls), and the weighted line fit.
///
/// # Errors
/// The backend failed.
pub fn draw_scaling<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    r: &ScalingReport,
    title: &str,
) -> Result<(), FieldError> {
    let pts = elo_points(r.points.iter().map(|p| (p.log2_time, p.m.estimate)));
    let (x0, x1) = padded_x(r.points.iter().map(|p| p.log2_time));
    let line: Vec<(f64, f64)> =
        r.fit.as_ref().map(|f| vec![(x0, f.eval(x0)), (x1, f.eval(x1))]).unwrap_or_default();
    let (mut ctx, (ylo, yhi)) = elo_frame(area, title, (x0, x1), &pts, &line)?;
    // A tick at each control's time, labelled with the control.
    let ticks: Vec<(f64, String)> = r.points.iter().map(|p| (p.log2_time, p.tc.clone())).collect();
    let label = move |x: &f64| {
        ticks.iter().find(|(t, _)| (t - x).abs() < 1e-9).map_or_else(String::new, |(_, tc)| tc.clone())
    };
    ctx.configure_mesh()
        .x_desc("time control (log2 of the time a typical game spends per side)")
        .y_desc("Elo of A vs B (95 % CI)")
        .x_labels(0)
        .y_label_formatter(&|y| format!("{y:.0}"))
        .light_line_style(GRID)
        .max_light_lines(1)
        .label_style(("sans-serif", 12))
        .draw()
        .map_err(err)?;
    for p in &r.points {
        let x = p.log2_time;
        ctx.draw_series([PathElement::new([(x, ylo), (x, yhi)], GRID)]).map_err(err)?;
        ctx.draw_series([Text::new(label(&x), (x, ylo), ("sans-serif", 12).into_font().color(&BLACK))])
            .map_err(err)?;
    }
    zero_line(&mut ctx, (x0, x1))?;
    if let Some(f) = &r.fit {
        ctx.draw_series(LineSeries::new(line, FIT.stroke_width(2)))
            .map_err(err)?
            .label(format!(
                "fit: {:+.1} Elo per doubling (95 % CI {:+.1} … {:+.1})",
                f.slope, f.slope_lo, f.slope_hi
            ))
            .legend(|(x, y)| PathElement::new([(x, y), (x + 16, y)], FIT.stroke_width(2)));
    }
    draw_elo_points(&mut ctx, &pts, "Elo ± 95 % per control")?;
    legend(&mut ctx, SeriesLabelPosition::LowerRight)?;
    area.present().map_err(err)
}

/// A scaling chart as SVG text.
///
/// # Errors
/// Drawing failed.
pub fn scaling_svg(r: &ScalingReport, title: &str, size: (u32, u32)) -> Result<String, FieldError> {
    crate::plot::svg(size.0, size.1, |area| draw_scaling(area, r, title))
}

/// Draws a flag-risk curve: the probability of losing a game on time (and its 95 % upper bound)
/// against the Move Overhead on a log scale, the chosen risk level, the required overhead.
///
/// # Errors
/// The backend failed.
pub fn draw_overhead<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    r: &OverheadReport,
    title: &str,
) -> Result<(), FieldError> {
    area.fill(&WHITE).map_err(err)?;
    let games = f64::from(r.spec.games.max(1));
    // A probability of 0 is drawn at the floor: a tenth of one game in all.
    let floor = 0.1 / games;
    let x1 = r.points.iter().map(|p| p.overhead_ms).fold(1.0f64, f64::max);
    let mut ctx = ChartBuilder::on(area)
        .caption(title, ("sans-serif", 16))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(64)
        .build_cartesian_2d(0.0..x1, (floor..1.0).log_scale())
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
    let at = |p: f64| p.max(floor);
    ctx.draw_series(LineSeries::new([(0.0, r.spec.risk), (x1, r.spec.risk)], BLACK.mix(0.6).stroke_width(1)))
        .map_err(err)?
        .label(format!("chosen risk: 1 in {:.0} games", 1.0 / r.spec.risk))
        .legend(|(x, y)| PathElement::new([(x, y), (x + 16, y)], BLACK.mix(0.6)));
    ctx.draw_series(LineSeries::new(
        r.points.iter().map(|p| (p.overhead_ms, at(p.p_hi))),
        FIT.mix(0.7).stroke_width(1),
    ))
    .map_err(err)?
    .label("95 % upper bound")
    .legend(|(x, y)| PathElement::new([(x, y), (x + 16, y)], FIT.mix(0.7)));
    ctx.draw_series(LineSeries::new(r.points.iter().map(|p| (p.overhead_ms, at(p.p))), MAIN.stroke_width(2)))
        .map_err(err)?
        .label(format!("flag probability ({} simulated games per overhead)", r.spec.games))
        .legend(|(x, y)| PathElement::new([(x, y), (x + 16, y)], MAIN.stroke_width(2)));
    ctx.draw_series(r.points.iter().map(|p| Circle::new((p.overhead_ms, at(p.p)), 3, MAIN.filled())))
        .map_err(err)?;
    if let Some(q) = &r.required {
        let o = q.overhead_ms;
        ctx.draw_series([PathElement::new([(o, floor), (o, 1.0)], FIT.stroke_width(2))])
            .map_err(err)?
            .label(format!("required overhead {o} ms (≈ {:.1} Elo)", q.elo_cost))
            .legend(|(x, y)| PathElement::new([(x + 8, y - 6), (x + 8, y + 6)], FIT.stroke_width(2)));
    }
    legend(&mut ctx, SeriesLabelPosition::MiddleRight)?;
    area.present().map_err(err)
}

/// A flag-risk chart as SVG text.
///
/// # Errors
/// Drawing failed.
pub fn overhead_svg(r: &OverheadReport, title: &str, size: (u32, u32)) -> Result<String, FieldError> {
    crate::plot::svg(size.0, size.1, |area| draw_overhead(area, r, title))
}

/// A tune chart as SVG text.
///
/// # Errors
/// Drawing failed.
pub fn tune_svg(
    cfg: &SpsaConfig,
    history: &[SpsaIteration],
    title: &str,
    size: (u32, u32),
) -> Result<String, FieldError> {
    crate::plot::svg(size.0, size.1, |area| draw_tune(area, cfg, history, title))
}
