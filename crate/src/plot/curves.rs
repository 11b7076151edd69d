//! The building-block curves of the Curves view: exponential decay and the moves-left estimate.
//!
//! Each curve has a parameter struct with the view's defaults, a builder that returns the
//! [`Chart`] (with the default curve as a ghost), and a hover function that returns the exact
//! numbers of the point nearest to a data x.

use crate::decimal::{fixed, shortest};
use crate::error::FieldError;
use serde::{Deserialize, Serialize};

use super::{Chart, Mark, Series, SeriesKind};
use crate::tm::decay::exponential_decay;
use crate::tm::moves_left::{LEGACY_MIDPOINT, LEGACY_STEEPNESS, expositor, moves_left};

/// Points per curve: smooth at any width the page uses.
const SAMPLES: usize = 240;

/// How far the decay chart runs, in steps: far enough to see the curve flatten out.
const DECAY_SPAN_STEPS: f64 = 6.0;

/// The range of the decay chart's `from` and `to` (its sliders').
pub const DECAY_VALUE_RANGE: (f64, f64) = (-10.0, 10.0);
/// The range of the decay chart's `step` (its slider's).
pub const DECAY_STEP_RANGE: (f64, f64) = (0.1, 20.0);

/// `v` must be a number in `lo ..= hi`.
fn in_range(name: &str, v: f64, lo: f64, hi: f64) -> Result<(), FieldError> {
    if v.is_finite() && (lo..=hi).contains(&v) {
        Ok(())
    } else {
        let (v, lo, hi) = (shortest(v), shortest(lo), shortest(hi));
        Err(FieldError::new("", format!("{name} = {v} is out of range"), format!("a number in {lo} … {hi}")))
    }
}

/// Parameters of `ED(from, to, step, value)`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct DecayParams {
    /// The value at 0.
    pub from: f64,
    /// The value approached.
    pub to: f64,
    /// The half-life: how much `value` makes half the way.
    pub step: f64,
}

impl Default for DecayParams {
    fn default() -> Self {
        DecayParams { from: 0.0, to: 1.0, step: 1.0 }
    }
}

impl DecayParams {
    /// Check the parameters against the Curves view's slider ranges ([`DECAY_VALUE_RANGE`],
    /// [`DECAY_STEP_RANGE`]), naming the bad one and what is allowed.
    pub fn validate(&self) -> Result<(), FieldError> {
        let (lo, hi) = DECAY_VALUE_RANGE;
        in_range("from", self.from, lo, hi)?;
        in_range("to", self.to, lo, hi)?;
        in_range("step", self.step, DECAY_STEP_RANGE.0, DECAY_STEP_RANGE.1)
    }

    /// ED at `value`, computed in f32 as lc0 does.
    pub fn eval(&self, value: f64) -> f64 {
        f64::from(exponential_decay(self.from as f32, self.to as f32, self.step as f32, value as f32))
    }

    fn points(&self, span: f64) -> Vec<(f64, f64)> {
        (0..=SAMPLES)
            .map(|i| {
                let v = span * i as f64 / SAMPLES as f64;
                (v, self.eval(v))
            })
            .collect()
    }
}

/// The decay chart over value 0 … 6×step, with the ½, ¾ and ⅞ points marked.
pub fn decay_chart(p: &DecayParams) -> Result<Chart, FieldError> {
    p.validate()?;
    let span = DECAY_SPAN_STEPS * p.step;
    let ghost = DecayParams::default();
    let main = p.points(span);
    let ghost_points = ghost.points(span);
    let marks = [(1.0, "½"), (2.0, "¾"), (3.0, "⅞")]
        .iter()
        .map(|&(k, label)| Mark { x: k * p.step, y: p.eval(k * p.step), label: label.to_string() })
        .collect();
    let y_range = padded_range(main.iter().chain(&ghost_points).map(|&(_, y)| y));
    Ok(Chart {
        title: format!("ED(from={}, to={}, step={}, value)", fmt(p.from), fmt(p.to), fmt(p.step)),
        x_label: "value".into(),
        y_label: "ED".into(),
        x_range: (0.0, span),
        y_range,
        series: vec![
            Series { name: "default".into(), kind: SeriesKind::Ghost, points: ghost_points },
            Series { name: "ED".into(), kind: SeriesKind::Main, points: main },
        ],
        marks,
    })
}

/// The exact numbers at a hovered decay value.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DecayPoint {
    /// The value (x).
    pub value: f64,
    /// ED at that value.
    pub ed: f64,
    /// The share of the way from `from` to `to` covered: 1 − 0.5^(value/step).
    pub fraction: f64,
    /// A one-line description for the annotation.
    pub text: String,
}

/// The decay point at `value` (clamped to the chart's range).
pub fn decay_point(p: &DecayParams, value: f64) -> DecayPoint {
    let value = crate::tm::within(value, 0.0, DECAY_SPAN_STEPS * p.step);
    let ed = p.eval(value);
    // `pow`, not the `exp2` LLVM turns a constant base of 0.5 into: the charts module links
    // `pow` anyway (plotters' ticks), and `exp2` would add its 4 kB table (issue 24).
    let fraction = 1.0 - std::hint::black_box(0.5f64).powf(value / p.step);
    DecayPoint {
        value,
        ed,
        fraction,
        text: format!(
            "value {} → ED {} ({} % of the way)",
            fixed(value, 3),
            fixed(ed, 4),
            fixed(100.0 * fraction, 1)
        ),
    }
}

/// Parameters of the `mle-legacy` moves-left estimator.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct MovesLeftParams {
    /// Median game length in moves (m).
    pub midpoint: f64,
    /// How sharply game lengths fall off around the midpoint (s).
    pub steepness: f64,
}

impl Default for MovesLeftParams {
    fn default() -> Self {
        MovesLeftParams { midpoint: f64::from(LEGACY_MIDPOINT), steepness: f64::from(LEGACY_STEEPNESS) }
    }
}

/// The last move number the moves-left chart shows: past the minimum, where the curve regrows.
pub const MOVES_LEFT_LAST_MOVE: u32 = 150;

impl MovesLeftParams {
    /// Check the parameters against the slider ranges of lc0-legacy's `midpoint-move` and
    /// `steepness` in the schema, naming the bad one and what is allowed.
    pub fn validate(&self) -> Result<(), FieldError> {
        for (name, v, path) in
            [("midpoint", self.midpoint, "midpoint-move"), ("steepness", self.steepness, "steepness")]
        {
            let (lo, hi) = crate::tm::registry::find("lc0-legacy")
                .and_then(|m| (m.params)().into_iter().find(|p| p.path == path))
                .and_then(|p| p.slider)
                .map_or((f64::MIN_POSITIVE, f64::MAX), |r| (r.min, r.max));
            in_range(name, v, lo, hi)?;
        }
        Ok(())
    }

    /// Moves left at white's move `mv` (ply 2·(mv − 1)), in f32 as lc0 computes it.
    pub fn at_move(&self, mv: u32) -> f64 {
        f64::from(moves_left(2 * mv.saturating_sub(1), self.midpoint as f32, self.steepness as f32))
    }

    /// One row per move number 1 … [`MOVES_LEFT_LAST_MOVE`].
    pub fn rows(&self) -> Vec<MovesLeftPoint> {
        (1..=MOVES_LEFT_LAST_MOVE).map(|mv| self.point(mv)).collect()
    }

    /// The row at move `mv`.
    pub fn point(&self, mv: u32) -> MovesLeftPoint {
        let mv = mv.clamp(1, MOVES_LEFT_LAST_MOVE);
        let left = self.at_move(mv);
        let expositor = expositor(2 * (mv - 1));
        MovesLeftPoint {
            r#move: mv,
            ply: 2 * (mv - 1),
            moves_left: left,
            expositor,
            text: format!(
                "move {mv} (ply {}): {} moves left; {EXPOSITOR_SERIES} {expositor}",
                2 * (mv - 1),
                fixed(left, 2)
            ),
        }
    }
}

/// One point of the moves-left curve.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MovesLeftPoint {
    /// Move number (white's move; ply = 2·(move − 1)).
    pub r#move: u32,
    /// The half-move count the estimator is given.
    pub ply: u32,
    /// The estimate.
    pub moves_left: f64,
    /// Expositor's estimate at the same ply, as princhess uses it.
    pub expositor: u32,
    /// A one-line description for the annotation.
    pub text: String,
}

/// The legend name of Expositor's estimate on the moves-left chart.
pub const EXPOSITOR_SERIES: &str = "Expositor (princhess)";

/// The moves-left chart over move numbers, with the default as a ghost, Expositor's estimate
/// (princhess #349, [`expositor`]) beside it for comparison, and the minimum marked.
pub fn moves_left_chart(p: &MovesLeftParams) -> Result<Chart, FieldError> {
    p.validate()?;
    let series = |q: &MovesLeftParams| -> Vec<(f64, f64)> {
        (1..=MOVES_LEFT_LAST_MOVE).map(|mv| (f64::from(mv), q.at_move(mv))).collect()
    };
    let main = series(p);
    let ghost = series(&MovesLeftParams::default());
    let other: Vec<(f64, f64)> =
        (1..=MOVES_LEFT_LAST_MOVE).map(|mv| (f64::from(mv), f64::from(expositor(2 * (mv - 1))))).collect();
    let (min_x, min_y) = main.iter().copied().min_by(|a, b| a.1.total_cmp(&b.1)).unwrap_or((1.0, 0.0));
    let top = main.iter().chain(&ghost).chain(&other).map(|&(_, y)| y).fold(0.0, f64::max);
    Ok(Chart {
        title: format!("mle-legacy(midpoint={}, steepness={})", fmt(p.midpoint), fmt(p.steepness)),
        x_label: "move number".into(),
        y_label: "moves left".into(),
        x_range: (1.0, f64::from(MOVES_LEFT_LAST_MOVE)),
        y_range: (0.0, nice_ceiling(top * 1.05)),
        series: vec![
            Series { name: "default (51.5, 7.0)".into(), kind: SeriesKind::Ghost, points: ghost },
            Series { name: EXPOSITOR_SERIES.into(), kind: SeriesKind::Reference, points: other },
            Series { name: "moves left".into(), kind: SeriesKind::Main, points: main },
        ],
        marks: vec![Mark { x: min_x, y: min_y, label: format!("min {}", fixed(min_y, 2)) }],
    })
}

/// A range around `ys` with a little room above and below.
fn padded_range(ys: impl Iterator<Item = f64>) -> (f64, f64) {
    let (lo, hi) = ys.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), y| (lo.min(y), hi.max(y)));
    let pad = ((hi - lo) * 0.08).max(1e-3);
    (lo - pad, hi + pad)
}

/// A round number at or above `v`, so axes end on a tick.
fn nice_ceiling(v: f64) -> f64 {
    (v / 10.0).ceil().max(1.0) * 10.0
}

/// A number without needless trailing zeros, for titles.
fn fmt(v: f64) -> String {
    let s = fixed(v, 3);
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decay_marks_are_half_three_quarters_seven_eighths() {
        let p = DecayParams { from: 2.0, to: 10.0, step: 4.0 };
        let chart = decay_chart(&p).unwrap();
        let ys: Vec<f64> = chart.marks.iter().map(|m| m.y).collect();
        assert!((ys[0] - 6.0).abs() < 1e-4 && (ys[1] - 8.0).abs() < 1e-4 && (ys[2] - 9.0).abs() < 1e-4);
        assert_eq!(chart.x_range, (0.0, 24.0));
        assert_eq!(chart.series[1].points.first(), Some(&(0.0, 2.0)));
    }

    #[test]
    fn decay_point_reports_fraction() {
        let p = DecayParams::default();
        let pt = decay_point(&p, 2.0);
        assert_eq!(pt.ed, 0.75);
        assert_eq!(pt.fraction, 0.75);
        assert!(pt.text.contains("75.0 %"));
        assert_eq!(decay_point(&p, 99.0).value, 6.0);
    }

    #[test]
    fn bad_parameters_name_the_parameter() {
        let err = decay_chart(&DecayParams { step: 0.0, ..Default::default() }).unwrap_err();
        assert!(err.to_string().contains("step"), "{err}");
        let err = moves_left_chart(&MovesLeftParams { midpoint: -1.0, steepness: 7.0 }).unwrap_err();
        assert!(err.to_string().contains("midpoint"), "{err}");
    }

    #[test]
    fn moves_left_rows_follow_the_estimator() {
        let rows = MovesLeftParams::default().rows();
        assert_eq!(rows.len(), MOVES_LEFT_LAST_MOVE as usize);
        assert_eq!(rows[0].moves_left, 51.5);
        // Move 21 is ply 40: §11(b) gives 31.5196.
        assert!((rows[20].moves_left - 31.5196).abs() < 6e-4);
        let chart = moves_left_chart(&MovesLeftParams::default()).unwrap();
        // Expositor's estimate beside it, from the crate's formula: 43 at move 1, 23 at move 41.
        let expo = chart.series.iter().find(|s| s.name == EXPOSITOR_SERIES).unwrap();
        assert_eq!(expo.kind, SeriesKind::Reference);
        assert_eq!((expo.points[0], expo.points[40]), ((1.0, 43.0), (41.0, 23.0)));
        assert_eq!(rows[0].expositor, 43);
        assert!(rows[0].text.ends_with("Expositor (princhess) 43"), "{}", rows[0].text);
        assert!(chart.marks[0].label.starts_with("min 7.7"));
    }
}
