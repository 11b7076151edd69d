//! The allocation chart: each manager's soft and hard budget per move over a simulated game,
//! with the clock remaining on a second axis (lc0's dual-axis "move time vs clock" layout).
//!
//! Up to [`MAX_MANAGERS`] simulations are overlaid; each may bring a ghost (its manager's default
//! configuration under the same usage model), drawn faintly behind it.

use crate::error::FieldError;
use plotters::coord::Shift;
use plotters::prelude::*;
use serde::Serialize;

use super::{DualAxes, Frame, backend_error, style};
use crate::tm::simulate::{SimConfig, SimRow, Simulation, simulate_spec};

/// How many managers one chart compares.
pub const MAX_MANAGERS: usize = 4;

/// One colour per compared manager: the first of the charts' series colours.
const PALETTE: [RGBColor; MAX_MANAGERS] =
    [style::SERIES[0], style::SERIES[1], style::SERIES[2], style::SERIES[3]];
/// Opacity of the clock-remaining line (thin, solid): context, the budgets are the story.
const CLOCK_ALPHA: f64 = 0.5;
/// Dash length and gap of the hard-limit line, in pixels. plotters strokes every dash as its
/// own path, so long dashes keep a redraw cheap.
const DASH: (u32, u32) = (10, 6);

/// The numbers of one manager at the hovered move.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AllocationPoint {
    /// Which simulation (index into the compared managers).
    pub index: usize,
    /// The manager's spec string.
    pub manager: String,
    /// The row: clock before, soft, hard, used, clock after, and the terms.
    pub row: SimRow,
    /// One line: the terms that produced the budget, with the glossary's labels and units, e.g.
    /// `move 23: clock 41.2 s · moves left (estimate) 32.51 moves · … → soft 2420 ms`.
    pub text: String,
    /// The terms as the glossary explains them (label, value with its unit, meaning, source).
    pub terms: Vec<crate::tm::glossary::Readout>,
    /// The text before the terms: `move 23: clock 41.2 s`.
    pub head: String,
    /// The text after them: `→ soft 2420 ms, hard 2420 ms, used 2420 ms` (and any flag or
    /// warning).
    pub tail: String,
}

/// Compared simulations and, for each, its manager's default configuration as a ghost (none
/// where the spec already is the default).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Comparison {
    /// The spec strings, as given.
    pub specs: Vec<String>,
    /// One simulation per spec.
    pub sims: Vec<Simulation>,
    /// The ghosts.
    pub ghosts: Vec<Option<Simulation>>,
    /// The time control and usage model it was run with.
    pub tc: String,
    /// The usage model.
    pub config: SimConfig,
}

impl Comparison {
    /// Simulate every spec (at most [`MAX_MANAGERS`]) at `tc` under the usage model `cfg`.
    pub fn run(specs: &[String], tc: &str, cfg: &SimConfig) -> Result<Self, FieldError> {
        if specs.is_empty() || specs.len() > MAX_MANAGERS {
            let message = format!("compare 1 to {MAX_MANAGERS} managers, got {}", specs.len());
            return Err(FieldError::new("specs", message, format!("1 to {MAX_MANAGERS} managers")));
        }
        let sims = specs.iter().map(|s| simulate_spec(s, tc, cfg)).collect::<Result<Vec<_>, _>>()?;
        let ghosts = sims
            .iter()
            .zip(specs)
            .map(|(sim, spec)| {
                let default = simulate_spec(sim.manager, tc, cfg).ok()?;
                (default.rows != sim.rows || spec.trim() != sim.manager).then_some(default)
            })
            .collect();
        Ok(Comparison { specs: specs.to_vec(), sims, ghosts, tc: tc.to_string(), config: *cfg })
    }

    /// Like [`Comparison::run`], but the ghosts are another setting (a lesson's own: `ghost_specs`,
    /// one per spec or one for all, at `ghost_tc` under the usage model `ghost_cfg`) instead of
    /// each manager's defaults; a ghost identical to its simulation is dropped.
    pub fn run_against(
        specs: &[String],
        tc: &str,
        cfg: &SimConfig,
        ghost_specs: &[String],
        ghost_tc: &str,
        ghost_cfg: &SimConfig,
    ) -> Result<Self, FieldError> {
        let mut cmp = Self::run(specs, tc, cfg)?;
        if ghost_specs.is_empty() {
            return Err(FieldError::new("ghost_specs", "a ghost needs at least one spec", "1 or more specs"));
        }
        cmp.ghosts = cmp
            .sims
            .iter()
            .enumerate()
            .map(|(i, sim)| {
                let spec = ghost_specs.get(i).or(ghost_specs.last())?;
                let ghost = simulate_spec(spec, ghost_tc, ghost_cfg).ok()?;
                (ghost.rows != sim.rows).then_some(ghost)
            })
            .collect();
        Ok(cmp)
    }

    /// Whether this comparison was run with these inputs (so a redraw can reuse it).
    pub fn ran_with(&self, specs: &[String], tc: &str, cfg: &SimConfig) -> bool {
        self.specs == specs && self.tc == tc && self.config == *cfg
    }

    /// Draw it; see [`draw_allocation`].
    pub fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        hover_move: Option<u32>,
    ) -> Result<Frame, FieldError> {
        draw_allocation(area, &self.sims, &self.specs, &self.ghosts, hover_move)
    }

    /// The numbers at move `mv`; see [`allocation_points`].
    pub fn points(&self, mv: u32) -> Vec<AllocationPoint> {
        allocation_points(&self.sims, &self.specs, mv)
    }
}

/// A series to draw: one simulation with its label and colour.
struct Drawn<'a> {
    sim: &'a Simulation,
    color: RGBColor,
    ghost: bool,
}

/// Draw the compared simulations (and their ghosts) on `area`; highlight `hover_move` if given.
/// `labels[i]` names `sims[i]` in the legend.
pub fn draw_allocation<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    sims: &[Simulation],
    labels: &[String],
    ghosts: &[Option<Simulation>],
    hover_move: Option<u32>,
) -> Result<Frame, FieldError> {
    area.fill(&WHITE).map_err(backend_error)?;
    let mut drawn: Vec<Drawn> = Vec::new();
    for (i, g) in ghosts.iter().enumerate().take(MAX_MANAGERS) {
        if let Some(sim) = g {
            drawn.push(Drawn { sim, color: PALETTE[i], ghost: true });
        }
    }
    for (i, sim) in sims.iter().enumerate().take(MAX_MANAGERS) {
        drawn.push(Drawn { sim, color: PALETTE[i], ghost: false });
    }
    let moves = drawn.iter().flat_map(|d| d.sim.rows.last()).map(|r| r.move_no).max().unwrap_or(1).max(2);
    let budget_top = nice_top(
        drawn.iter().flat_map(|d| &d.sim.rows).map(|r| r.hard_ms.min(r.clock_before_ms)).fold(0.0, f64::max)
            / 1000.0,
    );
    let clock_top = nice_top(
        drawn.iter().flat_map(|d| &d.sim.rows).map(|r| r.clock_before_ms).fold(0.0, f64::max) / 1000.0,
    );
    let x_range = (1.0, f64::from(moves));

    let legend_labels: Vec<&str> =
        (0..sims.len().min(MAX_MANAGERS)).map(|j| labels.get(j).map_or("", String::as_str)).collect();
    let plot = super::plot_area(area, "Allocation per move", &legend_labels)?;
    let axes = DualAxes {
        right: 66,
        x_desc: "move number",
        y_desc: "budget (s): soft solid, hard dashed",
        clock_desc: "clock remaining (s), thin line",
        x_mesh: true,
    };
    let mut ctx = super::dual_axes(area, &plot, x_range, (budget_top, clock_top), &axes)?;

    let mut legend_entries = Vec::new();
    for (i, d) in drawn.iter().enumerate() {
        let alpha = if d.ghost { style::GHOST_ALPHA * 0.6 } else { 1.0 };
        let soft_style = d.color.mix(alpha).stroke_width(if d.ghost { 2 } else { 3 });
        let hard_style = d.color.mix(alpha * 0.8).stroke_width(1);
        let pts = |f: fn(&SimRow) -> f64| -> Vec<(f64, f64)> {
            d.sim.rows.iter().map(|r| (f64::from(r.move_no), f(r) / 1000.0)).collect()
        };
        ctx.draw_series(LineSeries::new(pts(|r| r.soft_ms), soft_style)).map_err(backend_error)?;
        if !d.ghost {
            let label = labels.get(i - ghosts.iter().flatten().count()).cloned().unwrap_or_default();
            legend_entries.push((label, soft_style));
        }
        // Where soft = hard the dashes would only clutter the solid line.
        if d.sim.rows.iter().any(|r| r.hard_ms > r.soft_ms + 0.5) {
            let hard = pts(|r| r.hard_ms.min(r.clock_before_ms));
            ctx.draw_series(DashedLineSeries::new(hard, DASH.0, DASH.1, hard_style))
                .map_err(backend_error)?;
        }
        if !d.ghost {
            let clock = pts(|r| r.clock_after_ms);
            let clock_style = d.color.mix(CLOCK_ALPHA).stroke_width(1);
            ctx.draw_secondary_series(DashedLineSeries::new(clock, 2, 3, clock_style))
                .map_err(backend_error)?;
            let flags = d.sim.rows.iter().filter(|r| r.flagged);
            ctx.draw_series(flags.map(|r| {
                Cross::new((f64::from(r.move_no), r.used_ms / 1000.0), 6, style::MARK.stroke_width(2))
            }))
            .map_err(backend_error)?;
        }
    }
    if let Some(mv) = hover_move {
        let x = f64::from(mv);
        ctx.draw_series(LineSeries::new([(x, 0.0), (x, budget_top)], style::HOVER.mix(0.35)))
            .map_err(backend_error)?;
        for (i, sim) in sims.iter().enumerate().take(MAX_MANAGERS) {
            if let Some(r) = sim.rows.iter().find(|r| r.move_no == mv) {
                ctx.draw_series([Circle::new((x, r.soft_ms / 1000.0), 5, PALETTE[i].stroke_width(2))])
                    .map_err(backend_error)?;
            }
        }
    }
    super::finish(area, ctx.plotting_area().get_pixel_range(), &legend_entries, x_range, (0.0, budget_top))
}

/// The numbers of every compared manager at move `mv`.
pub fn allocation_points(sims: &[Simulation], labels: &[String], mv: u32) -> Vec<AllocationPoint> {
    sims.iter()
        .enumerate()
        .filter_map(|(index, sim)| {
            let row = sim.rows.iter().find(|r| r.move_no == mv)?.clone();
            let terms = crate::tm::glossary::readouts(sim.manager, &row.terms);
            let text = explain(&row, &terms);
            let (head, tail) = (head(&row), tail(&row));
            Some(AllocationPoint {
                index,
                manager: labels.get(index).cloned().unwrap_or_default(),
                row,
                text,
                terms,
                head,
                tail,
            })
        })
        .collect()
}

/// `move 23: clock 41.2 s · moves left (estimate) 32.51 moves · … → soft 2420 ms, hard 2420 ms,
/// used 2420 ms`, with `readouts` the row's terms as the glossary labels them.
pub fn explain(r: &SimRow, readouts: &[crate::tm::glossary::Readout]) -> String {
    let terms: Vec<String> = readouts.iter().map(|t| t.line()).collect();
    format!("{} · {} {}", head(r), terms.join(" · "), tail(r))
}

/// `move 23: clock 41.2 s`.
fn head(r: &SimRow) -> String {
    format!("move {}: clock {} s", r.move_no, short(r.clock_before_ms / 1000.0))
}

/// `→ soft 2420 ms, hard 2420 ms, used 2420 ms`, then a flag and any warnings.
fn tail(r: &SimRow) -> String {
    let mut s =
        format!("→ soft {} ms, hard {} ms, used {} ms", short(r.soft_ms), short(r.hard_ms), short(r.used_ms));
    if r.flagged {
        s += " · FLAGGED";
    }
    for w in r.terms.iter().filter_map(|t| t.warning.as_deref()) {
        s += &format!(" · warning: {w}");
    }
    s
}

/// A number with at most 4 significant decimals and no trailing zeros.
fn short(v: f64) -> String {
    if !v.is_finite() {
        return if v > 0.0 { "∞".into() } else { crate::decimal::shortest(v) };
    }
    let s = if v.abs() >= 100.0 { crate::decimal::fixed(v, 1) } else { crate::decimal::fixed(v, 4) };
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_string()
}

/// A round axis end at or above `v` (1, 2 or 5 times a power of ten).
pub(super) fn nice_top(v: f64) -> f64 {
    if !(v.is_finite() && v > 0.0) {
        return 1.0;
    }
    let p = 10f64.powf(v.log10().floor());
    [1.0, 2.0, 2.5, 5.0, 10.0].iter().map(|m| m * p).find(|&t| t >= v * 1.05).unwrap_or(10.0 * p)
}

#[cfg(test)]
mod tests;
