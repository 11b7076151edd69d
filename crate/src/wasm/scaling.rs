//! Time-control scaling in the browser (the Match view's Scaling section): the page plays each
//! control's games in the match workers (game `i` of a match spec these functions hand out) and
//! asks here for the plan, the report with its line fit and verdict, the chart and the resume
//! check. Errors are typed objects `{path, message, allowed}`.

use std::cell::RefCell;

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::experiments::{Shown, cached_plan, read_scores, restore};
use super::to_js;
use crate::experiment::chart::scaling_chart;
use crate::experiment::resume;
use crate::experiment::scaling::{ScalingPlan, ScalingReport, ScalingSpec, tcs_list};

thread_local! {
    /// The last scaling checked, by its spec JSON (the page asks after every game).
    static LAST: RefCell<Option<(String, ScalingPlan)>> = const { RefCell::new(None) };
}

fn plan_of(spec_json: &str) -> Result<ScalingPlan, JsValue> {
    cached_plan(&LAST, spec_json, |j| ScalingSpec::from_json(j)?.plan())
}

/// A checked scaling, as the page needs it.
#[derive(Serialize)]
struct ScalingInfo {
    tcs: Vec<String>,
    /// Control `i`'s typical clock time per side, seconds.
    seconds: Vec<f64>,
    games: u32,
    /// Control `i`'s match spec JSON, for the game workers.
    specs: Vec<String>,
    /// The control the estimate calibrates on (the longest).
    longest: usize,
}

/// The controls of the Scaling section's field (`1+0.01,2+0.02`, comma-separated), as a list.
#[wasm_bindgen]
pub fn scaling_tcs(text: &str) -> Vec<String> {
    tcs_list(text)
}

/// Check a scaling spec (JSON, see `experiment::scaling`): `{tcs, seconds, games, specs,
/// longest}`;
/// throws `{path, message, allowed}` (`tcs` for a bad control).
#[wasm_bindgen]
pub fn scaling_plan(spec_json: &str) -> Result<JsValue, JsValue> {
    let plan = plan_of(spec_json)?;
    to_js(&ScalingInfo {
        tcs: plan.spec.tcs.clone(),
        seconds: plan.seconds.clone(),
        games: plan.games(),
        specs: plan.specs.iter().map(|s| s.to_json()).collect(),
        longest: plan.longest(),
    })
    .map_err(JsValue::from)
}

fn report_of(plan: &ScalingPlan, scores: JsValue) -> Result<ScalingReport, JsValue> {
    Ok(plan.report(&read_scores(plan.spec.tcs.len(), "controls", scores)?))
}

/// The report of a scaling's finished games (`scores[i][g]`: control `i`'s game `g`, or null):
/// `{report, text, csv}` (per-control Elo, the line fit of Elo against log₂ time, the verdict).
#[wasm_bindgen]
pub fn scaling_report(spec_json: &str, scores: JsValue) -> Result<JsValue, JsValue> {
    let plan = plan_of(spec_json)?;
    let report = report_of(&plan, scores)?;
    let (text, csv) = (report.to_text(), report.to_csv());
    to_js(&Shown { report, text, csv }).map_err(JsValue::from)
}

/// A scaling's chart (Elo ± 95 % against log time, with the fitted line) as plain data, which
/// the engine charts module's `draw_points_chart` draws.
#[wasm_bindgen]
pub fn scaling_chart_data(spec_json: &str, scores: JsValue) -> Result<JsValue, JsValue> {
    let plan = plan_of(spec_json)?;
    let report = report_of(&plan, scores)?;
    let title = format!("{} vs {}, {} games per control", plan.spec.base.a, plan.spec.base.b, plan.games());
    to_js(&scaling_chart(&report, &title)).map_err(JsValue::from)
}

/// A scaling's saved game records (sealed lines) checked against its spec: `{scores, damaged}`;
/// the rule of `tmlab scaling --resume`.
#[wasm_bindgen]
pub fn scaling_resume(spec_json: &str, lines: JsValue) -> Result<JsValue, JsValue> {
    let plan = plan_of(spec_json)?;
    restore(lines, |records| resume::scaling_resume(&plan, records))
}

/// The plan of a scaling, `workers` games at once, from a calibration of its longest control's
/// game 0 (`{plies, ms, clock_ms, finished}`: engine moves, wall ms, clock ms, the game ended):
/// the form of `experiment_estimate`; the rule of `tmlab scaling --dry-run`.
#[wasm_bindgen]
pub fn scaling_estimate(spec_json: &str, workers: u32, calibration: JsValue) -> Result<JsValue, JsValue> {
    use crate::experiment::cost::duration_text;
    let plan = plan_of(spec_json)?;
    let estimate = plan.cost(&super::experiments::calibration_of(calibration)?, workers.max(1));
    let (text, duration) = (estimate.to_text(), duration_text(estimate.seconds));
    to_js(&super::experiments::Planned { estimate, text, duration }).map_err(JsValue::from)
}
