//! The experiments' charts, computed from their reports as plain data ([`crate::plot::reports`])
//! and drawn there: a sweep's Elo with 95 % error bars against the value plus the fitted
//! parabola, a scaling's Elo against log₂ time with its line fit, a tune's parameter
//! trajectories and a flag-risk curve. The `*_svg` functions draw them as SVG text (the command
//! line); the browser's engine module hands the chart data to the engine charts module, which
//! draws it on a canvas.

use crate::error::FieldError;

use super::fit::{Optimum, short};
use super::overhead::OverheadReport;
use super::scaling::ScalingReport;
use super::spsa::{SpsaConfig, SpsaIteration};
use super::sweep::SweepReport;
use crate::play::stats::EloEstimate;
use crate::plot::reports::{
    Line, OptimumMark, OverheadChart, PointsChart, TuneChart, draw_overhead, draw_points, draw_tune,
};

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

/// A sweep's chart: each value's Elo with its 95 % interval, and the fit with its optimum.
pub fn sweep_chart(r: &SweepReport, title: &str) -> PointsChart {
    let points = elo_points(r.points.iter().map(|p| (p.value, p.m.estimate)));
    let (x0, x1) = padded_x(r.points.iter().map(|p| p.value));
    let curve: Vec<(f64, f64)> = r
        .fit
        .as_ref()
        .map(|f| (0..=100).map(|i| x0 + (x1 - x0) * f64::from(i) / 100.0).map(|x| (x, f.eval(x))).collect())
        .unwrap_or_default();
    let optimum = match r.fit.as_ref().map(|f| f.optimum) {
        Some(Optimum::Interior { x, lo, hi, elo }) => {
            let (lo, hi) = (lo.max(x0), hi.min(x1));
            let label = format!("optimum {} (95 % CI {} … {})", short(x), short(lo), short(hi));
            Some(OptimumMark { x, lo, hi, elo, label })
        }
        _ => None,
    };
    PointsChart {
        title: title.to_string(),
        x_desc: r.param.clone(),
        y_desc: "Elo vs baseline (95 % CI)".into(),
        x_range: (x0, x1),
        points,
        points_label: "Elo ± 95 % per value".into(),
        fit: Some(Line { label: "weighted quadratic fit".into(), points: curve }),
        optimum,
        ticks: None,
    }
}

/// A sweep chart as SVG text.
///
/// # Errors
/// Drawing failed.
pub fn sweep_svg(r: &SweepReport, title: &str, size: (u32, u32)) -> Result<String, FieldError> {
    crate::plot::svg(size.0, size.1, |area| draw_points(area, &sweep_chart(r, title)))
}

/// A time-control scaling's chart: each control's Elo with its 95 % interval against log₂ of the
/// time (labelled with the controls), and the weighted line fit.
pub fn scaling_chart(r: &ScalingReport, title: &str) -> PointsChart {
    let points = elo_points(r.points.iter().map(|p| (p.log2_time, p.m.estimate)));
    let (x0, x1) = padded_x(r.points.iter().map(|p| p.log2_time));
    let fit = r.fit.as_ref().map(|f| Line {
        label: format!(
            "fit: {:+.1} Elo per doubling (95 % CI {:+.1} … {:+.1})",
            f.slope, f.slope_lo, f.slope_hi
        ),
        points: vec![(x0, f.eval(x0)), (x1, f.eval(x1))],
    });
    // A tick at each control's time, labelled with the (first) control at that time.
    let label = |x: f64| {
        r.points.iter().find(|p| (p.log2_time - x).abs() < 1e-9).map_or_else(String::new, |p| p.tc.clone())
    };
    let ticks = r.points.iter().map(|p| (p.log2_time, label(p.log2_time))).collect();
    PointsChart {
        title: title.to_string(),
        x_desc: "time control (log2 of the time a typical game spends per side)".into(),
        y_desc: "Elo of A vs B (95 % CI)".into(),
        x_range: (x0, x1),
        points,
        points_label: "Elo ± 95 % per control".into(),
        fit,
        optimum: None,
        ticks: Some(ticks),
    }
}

/// A scaling chart as SVG text.
///
/// # Errors
/// Drawing failed.
pub fn scaling_svg(r: &ScalingReport, title: &str, size: (u32, u32)) -> Result<String, FieldError> {
    crate::plot::svg(size.0, size.1, |area| draw_points(area, &scaling_chart(r, title)))
}

/// A flag-risk chart: the probability of losing a game on time (and its 95 % upper bound)
/// against the Move Overhead on a log scale, the chosen risk level, the required overhead.
pub fn overhead_chart(r: &OverheadReport, title: &str) -> OverheadChart {
    let games = f64::from(r.spec.games.max(1));
    // A probability of 0 is drawn at the floor: a tenth of one game in all.
    let floor = 0.1 / games;
    let x1 = r.points.iter().map(|p| p.overhead_ms).fold(1.0f64, f64::max);
    let at = |p: f64| p.max(floor);
    OverheadChart {
        title: title.to_string(),
        floor,
        x_max: x1,
        risk: Line {
            label: format!("chosen risk: 1 in {:.0} games", 1.0 / r.spec.risk),
            points: vec![(0.0, r.spec.risk), (x1, r.spec.risk)],
        },
        upper: Line {
            label: "95 % upper bound".into(),
            points: r.points.iter().map(|p| (p.overhead_ms, at(p.p_hi))).collect(),
        },
        curve: Line {
            label: format!("flag probability ({} simulated games per overhead)", r.spec.games),
            points: r.points.iter().map(|p| (p.overhead_ms, at(p.p))).collect(),
        },
        required: r.required.as_ref().map(|q| {
            let o = q.overhead_ms;
            (o, format!("required overhead {o} ms (≈ {:.1} Elo)", q.elo_cost))
        }),
    }
}

/// A flag-risk chart as SVG text.
///
/// # Errors
/// Drawing failed.
pub fn overhead_svg(r: &OverheadReport, title: &str, size: (u32, u32)) -> Result<String, FieldError> {
    crate::plot::svg(size.0, size.1, |area| draw_overhead(area, &overhead_chart(r, title)))
}

/// A tune's trajectories: each parameter's value against the iteration, as a share of its
/// range when there are several (one parameter is drawn in its own units).
pub fn tune_chart(cfg: &SpsaConfig, history: &[SpsaIteration], title: &str) -> TuneChart {
    let single = cfg.params.len() == 1;
    let scale = |i: usize, v: f64| {
        let p = &cfg.params[i];
        if single { v } else { (v - p.min) / (p.max - p.min) }
    };
    let y_range = if single {
        let p = &cfg.params[0];
        let vals = history.iter().map(|h| h.theta[0]).chain([p.start]);
        let (lo, hi) = vals.fold((f64::MAX, f64::MIN), |(a, b), v| (a.min(v), b.max(v)));
        let pad = ((hi - lo) * 0.15).max((p.max - p.min) * 0.02);
        ((lo - pad).max(p.min), (hi + pad).min(p.max))
    } else {
        (0.0, 1.0)
    };
    let series = cfg
        .params
        .iter()
        .enumerate()
        .map(|(i, p)| Line {
            label: p.path.clone(),
            points: std::iter::once((0.0, scale(i, p.start)))
                .chain(history.iter().map(|h| (f64::from(h.step.k), scale(i, h.theta[i]))))
                .collect(),
        })
        .collect();
    TuneChart {
        title: title.to_string(),
        y_desc: if single { cfg.params[0].path.clone() } else { "value as a share of its range".into() },
        x_max: f64::from(cfg.iterations.max(1)),
        y_range,
        series,
    }
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
    crate::plot::svg(size.0, size.1, |area| draw_tune(area, &tune_chart(cfg, history, title)))
}
