//! Time-control scaling in the browser (the Match view's Scaling section): the page plays each
//! control's games in the match workers (game `i` of a match spec these functions hand out) and
//! asks here for the plan, the report with its line fit and verdict, the chart and the resume
//! check. Errors are typed objects `{path, message, allowed}`.

use std::cell::RefCell;

use serde::Serialize;
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

use super::Thrown;
use super::canvas::MeasuredCanvas;
use super::experiments::{js_err, open_records};
use super::match_rules::spec_field_error;
use super::to_js;
use crate::experiment::chart::draw_scaling;
use crate::experiment::journal::Damage;
use crate::experiment::resume;
use crate::experiment::scaling::{ScalingPlan, ScalingReport, ScalingSpec, tcs_list};
use crate::play::match_::GameScore;
use plotters::prelude::IntoDrawingArea;

thread_local! {
    /// The last scaling checked, by its spec JSON (the page asks after every game).
    static LAST: RefCell<Option<(String, ScalingPlan)>> = const { RefCell::new(None) };
}

fn plan_of(spec_json: &str) -> Result<ScalingPlan, JsValue> {
    if let Some(p) = LAST.with_borrow(|c| c.as_ref().filter(|(k, _)| k == spec_json).map(|(_, p)| p.clone()))
    {
        return Ok(p);
    }
    let spec = ScalingSpec::from_json(spec_json).map_err(|e| spec_field_error(&e).js())?;
    let plan = spec.plan().map_err(|e| spec_field_error(&e).js())?;
    LAST.set(Some((spec_json.to_string(), plan.clone())));
    Ok(plan)
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
    let s: Vec<Vec<Option<GameScore>>> = serde_wasm_bindgen::from_value(scores).map_err(js_err)?;
    if s.len() != plan.spec.tcs.len() {
        return Err(js_err(format!("scores: {} controls, expected {}", s.len(), plan.spec.tcs.len())));
    }
    Ok(plan.report(&s))
}

#[derive(Serialize)]
struct ScalingShown {
    report: ScalingReport,
    text: String,
    csv: String,
}

/// The report of a scaling's finished games (`scores[i][g]`: control `i`'s game `g`, or null):
/// `{report, text, csv}` (per-control Elo, the line fit of Elo against log₂ time, the verdict).
#[wasm_bindgen]
pub fn scaling_report(spec_json: &str, scores: JsValue) -> Result<JsValue, JsValue> {
    let plan = plan_of(spec_json)?;
    let report = report_of(&plan, scores)?;
    let (text, csv) = (report.to_text(), report.to_csv());
    to_js(&ScalingShown { report, text, csv }).map_err(JsValue::from)
}

/// Draw a scaling's chart (Elo ± 95 % against log time, with the fitted line) on `canvas`.
#[wasm_bindgen]
pub fn draw_scaling_chart(
    canvas: HtmlCanvasElement,
    spec_json: &str,
    scores: JsValue,
) -> Result<(), JsValue> {
    let plan = plan_of(spec_json)?;
    let report = report_of(&plan, scores)?;
    let backend = MeasuredCanvas::new(&canvas).ok_or_else(|| js_err("the canvas has no 2d context"))?;
    let title = format!("{} vs {}, {} games per control", plan.spec.base.a, plan.spec.base.b, plan.games());
    draw_scaling(&backend.into_drawing_area(), &report, &title).map_err(js_err)
}

#[derive(Serialize)]
struct Restored {
    scores: Vec<Vec<Option<GameScore>>>,
    damaged: Vec<Damage>,
}

/// A scaling's saved game records (sealed lines) checked against its spec: `{scores, damaged}`;
/// the rule of `tmlab scaling --resume`.
#[wasm_bindgen]
pub fn scaling_resume(spec_json: &str, lines: JsValue) -> Result<JsValue, JsValue> {
    let plan = plan_of(spec_json)?;
    let (records, mut damaged) = open_records(lines)?;
    let r = resume::scaling_resume(&plan, &records);
    damaged.extend(r.damaged);
    damaged.sort_by_key(|d| d.line);
    to_js(&Restored { scores: r.scores, damaged }).map_err(JsValue::from)
}

/// The plan of a scaling, `workers` games at once, from a calibration of its longest control's
/// game 0 (`plies` engine moves in `ms` wall ms and `clock_ms` clock ms; `finished` the game):
/// the form of `experiment_estimate`; the rule of `tmlab scaling --dry-run`.
#[wasm_bindgen]
pub fn scaling_estimate(
    spec_json: &str,
    workers: u32,
    plies: u32,
    ms: f64,
    clock_ms: f64,
    finished: bool,
) -> Result<JsValue, JsValue> {
    use crate::experiment::cost::{Calibration, duration_text};
    let plan = plan_of(spec_json)?;
    let estimate = plan.cost(&Calibration { plies, ms, clock_ms, finished }, workers.max(1));
    let (text, duration) = (estimate.to_text(), duration_text(estimate.seconds));
    to_js(&super::experiments::Planned { estimate, text, duration }).map_err(JsValue::from)
}
