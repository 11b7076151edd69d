//! Flag risk against Move Overhead in the browser (the Curves view's Flag risk card): the page's
//! worker (www/overhead-worker.js) runs the simulation of `experiment::overhead` and the page
//! draws its curve. Errors are typed objects `{path, message, allowed}`.

use wasm_bindgen::prelude::*;

use super::Thrown;
use super::js_err;
use super::to_js;
use crate::error::FieldError;
use crate::experiment::chart::overhead_chart;
use crate::experiment::latency::LatencyModel;
use crate::experiment::overhead::OverheadSpec;

/// The page's form, as the simulation reads it.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Form {
    tm: String,
    tc: String,
    latency: String,
    games: u32,
    risk: f64,
    to_hard: f64,
    elo_per_doubling: f64,
    seed: u64,
}

fn spec_of(form: JsValue) -> Result<OverheadSpec, JsValue> {
    let f: Form = serde_wasm_bindgen::from_value(form).map_err(js_err)?;
    let latency: LatencyModel = f.latency.parse().map_err(|e: FieldError| e.js())?;
    let spec = OverheadSpec {
        tm: f.tm,
        tc: f.tc,
        latency,
        games: f.games,
        risk: f.risk,
        to_hard: f.to_hard,
        seed: f.seed,
        elo_per_doubling: f.elo_per_doubling,
        ..OverheadSpec::default()
    };
    spec.plan().map_err(|e| super::match_rules::spec_field_error(&e).js())?;
    Ok(spec)
}

/// Check the form `{tm, tc, latency, games, risk, to_hard, elo_per_doubling, seed}`: the
/// overheads the curve will be drawn at, or a typed error naming the field.
#[wasm_bindgen]
pub fn overhead_check(form: JsValue) -> Result<Vec<f64>, JsValue> {
    let spec = spec_of(form)?;
    Ok(spec.plan().map_err(|e| js_err(e.to_string()))?.overheads())
}

/// Run the simulation of the form (see [`overhead_check`]); `progress(done, total)` hears each
/// overhead finished. The report: `{spec, default_overhead_ms, points, required, sentence,
/// chart}`, `chart` being its curve as the engine charts module's `draw_overhead_chart` takes it.
#[wasm_bindgen]
pub fn overhead_report(form: JsValue, progress: &js_sys::Function) -> Result<JsValue, JsValue> {
    let spec = spec_of(form)?;
    let plan = spec.plan().map_err(|e| js_err(e.to_string()))?;
    let report = plan
        .report(&mut |done, total| {
            let _ = progress.call2(&JsValue::NULL, &JsValue::from(done as u32), &JsValue::from(total as u32));
        })
        .map_err(js_err)?;
    let title = format!("{} at {}, latency {}", report.spec.tm, report.spec.tc, report.spec.latency.label());
    let out = to_js(&report)?;
    // The chart is made here, in the worker that ran the simulation, so the engine module never
    // reads a report back from JavaScript (issue 24: that deserialiser was 9.6 kB of its gzip).
    js_sys::Reflect::set(&out, &JsValue::from_str("chart"), &to_js(&overhead_chart(&report, &title))?)?;
    Ok(out)
}
