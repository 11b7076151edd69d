//! The search timeline: one live alpha-beta search read from the engine's UCI lines, each
//! completed iteration's time (`info depth … time …`) against the manager's base soft budget
//! and hard limit (`info string tm soft … hard …`) and the effective soft limit it was really
//! using after that iteration (`info string tm-limit {json}`). The reason the search ended comes
//! from `info string stop <reason>`; a hard stop is marked where it happened, at the hard limit.
//!
//! What is drawn is plain data ([`TimelineChart`]): the engine module reads the lines
//! ([`SearchTimeline`], which needs the engine's report parser), the engine charts module draws
//! the chart and describes the hovered iteration.

use crate::error::FieldError;
use plotters::coord::Shift;
use plotters::prelude::*;
use serde::{Deserialize, Serialize};

use super::{Frame, backend_error, style};
#[cfg(feature = "engine")]
use crate::play::engine_report::EngineReport;

/// One completed iteration.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Iteration {
    /// The depth completed.
    pub depth: u32,
    /// When it completed, ms since the search started.
    pub time_ms: f64,
    /// The effective soft limit after it, ms (`None` until the manager printed one).
    pub soft_ms: Option<f64>,
    /// Score, centipawns (mate scores as ±100 000 − moves).
    pub score_cp: Option<i32>,
    /// The best move, UCI.
    pub best: String,
}

/// A search's timeline as drawn: its iterations, limits and end.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TimelineChart {
    /// The iterations so far.
    pub iterations: Vec<Iteration>,
    /// The manager's base soft budget, ms.
    pub base_soft_ms: Option<f64>,
    /// The hard limit, ms.
    pub hard_ms: Option<f64>,
    /// Why the search ended (`soft-limit`, `hard-limit`, …), once it has.
    pub stop: Option<String>,
    /// The bestmove arrived.
    pub done: bool,
}

/// A search as its lines arrive: the chart, and the engine's report the lines are read into.
#[cfg(feature = "engine")]
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SearchTimeline {
    /// What is drawn.
    pub chart: TimelineChart,
    report: EngineReport,
}

#[cfg(feature = "engine")]
impl SearchTimeline {
    /// An empty timeline.
    pub fn new() -> Self {
        Self::default()
    }

    /// Reads one engine line; returns whether the timeline changed.
    pub fn feed(&mut self, line: &str) -> bool {
        let chart = &mut self.chart;
        if line.starts_with("bestmove") {
            chart.done = true;
            return true;
        }
        let depth_line = line.starts_with("info depth ") || line.contains(" depth ") && line.contains(" pv ");
        let before = self.report.limit.as_ref().map(|l| l.soft_ms);
        if !self.report.feed(line) {
            return false;
        }
        chart.base_soft_ms = self.report.soft_ms;
        chart.hard_ms = self.report.hard_ms;
        chart.stop.clone_from(&self.report.stop);
        // The engine's closing line repeats the last completed iteration's depth and move with
        // the whole search's time (fastchess's latency reads it): not an iteration.
        let closing = chart
            .iterations
            .last()
            .is_some_and(|it| it.depth == self.report.depth && Some(&it.best) == self.report.pv.first());
        if depth_line && !line.contains("string") && !closing {
            let r = &self.report;
            let score_cp =
                r.score_cp.or(r.score_mate.map(|m| if m > 0 { 100_000 - m } else { -100_000 - m }));
            chart.iterations.push(Iteration {
                depth: r.depth,
                time_ms: r.time_ms as f64,
                soft_ms: None,
                score_cp,
                best: r.pv.first().cloned().unwrap_or_default(),
            });
        } else if let Some(l) =
            self.report.limit.as_ref().filter(|l| Some(l.soft_ms) != before || line.contains("tm-limit"))
            && let Some(last) = chart.iterations.last_mut()
        {
            last.soft_ms = Some(l.soft_ms);
        }
        true
    }
}

impl TimelineChart {
    /// The effective soft limit in force after iteration `i` (the latest one printed so far).
    fn soft_after(&self, i: usize) -> Option<f64> {
        self.iterations[..=i].iter().rev().find_map(|it| it.soft_ms).or(self.base_soft_ms)
    }

    /// Iteration `i` in words.
    pub fn describe(&self, i: usize) -> String {
        let it = &self.iterations[i];
        let soft = self.soft_after(i).map_or("–".into(), |s| format!("{:.2} s", s / 1000.0));
        let score = it.score_cp.map_or(String::new(), |c| format!(" · score {:+.2}", f64::from(c) / 100.0));
        format!(
            "depth {} done at {:.2} s · best {}{score} · soft limit now {soft}",
            it.depth,
            it.time_ms / 1000.0,
            it.best
        )
    }
}

const DOT: RGBColor = RGBColor(0x00, 0x72, 0xb2);
const BASE: RGBColor = RGBColor(0xd5, 0x5e, 0x00);
const EFFECTIVE: RGBColor = RGBColor(0x7b, 0x3f, 0xb0);
const HARD: RGBColor = RGBColor(0xc0, 0x1c, 0x28);

/// Draws the timeline: x is time (s), y the depth; the soft, effective soft and hard limits are
/// vertical lines (the effective one a step per iteration). `hover`: the highlighted iteration.
pub fn draw_timeline<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    t: &TimelineChart,
    hover: Option<usize>,
) -> Result<Frame, FieldError> {
    area.fill(&WHITE).map_err(backend_error)?;
    let finite = |x: Option<f64>| x.filter(|v| v.is_finite());
    let effective: Vec<f64> = t.iterations.iter().filter_map(|i| i.soft_ms).collect();
    let x_top = [finite(t.hard_ms), finite(t.base_soft_ms)]
        .into_iter()
        .flatten()
        .chain(effective.iter().copied())
        .chain(t.iterations.iter().map(|i| i.time_ms))
        .fold(100.0f64, f64::max)
        / 1000.0
        * 1.05;
    let max_depth = t.iterations.iter().map(|i| i.depth).max().unwrap_or(1);
    let y_top = f64::from(max_depth + 1);
    let entries = vec![
        ("iteration done".to_string(), DOT.stroke_width(3)),
        ("base soft".to_string(), BASE.stroke_width(2)),
        ("effective soft".to_string(), EFFECTIVE.stroke_width(3)),
        ("hard".to_string(), HARD.stroke_width(2)),
    ];
    let labels: Vec<&str> = entries.iter().map(|(l, _)| l.as_str()).collect();
    let title = match &t.stop {
        Some(s) => format!("Search timeline: stopped by {s}"),
        None if t.iterations.is_empty() => "Search timeline: waiting for the engine".to_string(),
        None => "Search timeline: searching…".to_string(),
    };
    let plot = super::plot_area(area, &title, &labels)?;
    let mut ctx = ChartBuilder::on(&plot)
        .margin(10)
        .x_label_area_size(36)
        .y_label_area_size(44)
        .build_cartesian_2d(0.0..x_top, 0.0..y_top)
        .map_err(backend_error)?;
    ctx.configure_mesh()
        .x_desc("seconds since the search started")
        .y_desc("depth")
        .y_label_formatter(&super::whole_label)
        .light_line_style(style::GRID)
        .max_light_lines(style::LIGHT_LINES)
        .label_style((style::FONT, 12))
        .draw()
        .map_err(backend_error)?;
    let vline = |x: f64| [(x, 0.0), (x, y_top)];
    if let Some(s) = finite(t.base_soft_ms) {
        ctx.draw_series(LineSeries::new(vline(s / 1000.0), BASE.stroke_width(2))).map_err(backend_error)?;
    }
    if let Some(h) = finite(t.hard_ms) {
        ctx.draw_series(DashedLineSeries::new(vline(h / 1000.0), 8, 5, HARD.stroke_width(2)))
            .map_err(backend_error)?;
    }
    // The effective soft limit after each iteration: a step from that depth to the next.
    let steps: Vec<(f64, f64)> = (0..t.iterations.len())
        .filter_map(|i| {
            let s = t.soft_after(i)? / 1000.0;
            let d = f64::from(t.iterations[i].depth);
            Some([(s, d - 0.5), (s, d + 0.5)])
        })
        .flatten()
        .collect();
    ctx.draw_series(LineSeries::new(steps, EFFECTIVE.stroke_width(3))).map_err(backend_error)?;
    let pts: Vec<(f64, f64)> =
        t.iterations.iter().map(|i| (i.time_ms / 1000.0, f64::from(i.depth))).collect();
    ctx.draw_series(LineSeries::new(pts.clone(), DOT.mix(0.5).stroke_width(1))).map_err(backend_error)?;
    ctx.draw_series(pts.iter().map(|&p| Circle::new(p, 4, DOT.filled()))).map_err(backend_error)?;
    if let Some(&p) = hover.and_then(|i| pts.get(i)) {
        ctx.draw_series([Circle::new(p, 7, style::HOVER.stroke_width(2))]).map_err(backend_error)?;
    }
    if t.stop.as_deref() == Some("hard-limit")
        && let Some(h) = finite(t.hard_ms)
    {
        let y = f64::from(max_depth) + 1.0 - 0.3;
        let x = EmptyElement::at((h / 1000.0, y))
            + Cross::new((0, 0), 7, HARD.stroke_width(3))
            + Text::new("aborted", (-58, -6), (style::FONT, 12).into_font().color(&HARD));
        ctx.draw_series([x]).map_err(backend_error)?;
    }
    super::finish(area, ctx.plotting_area().get_pixel_range(), &entries, (0.0, x_top), (0.0, y_top))
}

/// The iteration whose dot is nearest pixel column `px`.
pub fn iteration_at(frame: &Frame, t: &TimelineChart, px: f64) -> Option<usize> {
    if px < f64::from(frame.left) || px > f64::from(frame.right) {
        return None;
    }
    let x = frame.data_x(px) * 1000.0;
    let d = |i: &Iteration| (i.time_ms - x).abs();
    (0..t.iterations.len()).min_by(|&a, &b| d(&t.iterations[a]).total_cmp(&d(&t.iterations[b])))
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINES: &[&str] = &[
        "info string tm soft 750 hard 1500 base=1500",
        "info depth 1 seldepth 1 score cp 20 nodes 30 nps 1000000 time 1 pv e2e4",
        r#"info string tm-limit {"soft_ms":750.0,"base_ms":750.0,"cap_ms":null,"hard_ms":1500.0,"terms":[],"text":"soft 0.8 s"}"#,
        "info depth 2 seldepth 3 score cp 10 nodes 300 nps 1000000 time 3 pv d2d4 d7d5",
        r#"info string tm-limit {"soft_ms":900.0,"base_ms":750.0,"cap_ms":null,"hard_ms":1500.0,"terms":[],"text":"soft 0.9 s"}"#,
        "info depth 3 seldepth 5 score mate 2 nodes 3000 nps 1000000 time 800 pv d2d4",
        // The closing totals: the same depth and move, the whole search's time.
        "info depth 3 seldepth 5 score mate 2 nodes 3500 nps 1000000 time 950 pv d2d4",
        "info string stop soft-limit",
        "bestmove d2d4",
    ];

    #[test]
    fn lines_become_iterations_with_their_limits() {
        let mut timeline = SearchTimeline::new();
        for l in LINES {
            timeline.feed(l);
        }
        assert!(!timeline.feed("readyok"));
        let t = &timeline.chart;
        assert_eq!(t.iterations.len(), 3);
        assert_eq!((t.base_soft_ms, t.hard_ms), (Some(750.0), Some(1500.0)));
        assert_eq!(t.iterations[0].soft_ms, Some(750.0));
        assert_eq!(t.iterations[1].soft_ms, Some(900.0));
        assert_eq!(t.iterations[2].soft_ms, None);
        assert_eq!(t.soft_after(2), Some(900.0));
        assert_eq!(t.iterations[1].best, "d2d4");
        assert_eq!(t.iterations[2].score_cp, Some(99_998));
        assert_eq!(t.stop.as_deref(), Some("soft-limit"));
        assert!(t.done);
        assert!(
            t.describe(1)
                .starts_with("depth 2 done at 0.00 s · best d2d4 · score +0.10 · soft limit now 0.90 s")
        );
    }

    #[test]
    fn the_chart_draws_and_maps_pixels_to_iterations() {
        let mut timeline = SearchTimeline::new();
        for l in LINES {
            timeline.feed(l);
        }
        let mut t = timeline.chart;
        t.stop = Some("hard-limit".into());
        let mut s = String::new();
        let f = {
            let area = SVGBackend::with_string(&mut s, (600, 300)).into_drawing_area();
            let f = draw_timeline(&area, &t, Some(2)).unwrap();
            drop(area);
            f
        };
        assert!(s.contains("aborted") && s.contains("effective soft"));
        assert_eq!(iteration_at(&f, &t, f64::from(f.right)), Some(2));
        assert_eq!(iteration_at(&f, &t, f64::from(f.left)), Some(0));
        assert_eq!(iteration_at(&f, &t, -1.0), None);
        let svg =
            super::super::svg(300, 200, |area| draw_timeline(area, &TimelineChart::default(), None)).unwrap();
        assert!(svg.contains("waiting"));
    }
}
