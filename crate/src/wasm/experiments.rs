//! Sweeps and tunes in the browser. The page plays the games in the match workers (each game
//! is game `i` of a match spec these functions hand out) and asks here for everything else:
//! checking the setup, each value's or iteration's match spec, the report and fit, the SPSA
//! steps, and the charts. Errors are typed objects `{path, message, allowed}`.

use std::cell::RefCell;

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::match_rules::spec_field_error;
use super::{Thrown, js_err, to_js};
use crate::error::FieldError;
use crate::experiment::chart::{sweep_chart, tune_chart};
use crate::experiment::journal::{self, Damage};
use crate::experiment::param::NumericParam;
use crate::experiment::resume;
use crate::experiment::spsa::SpsaIteration;
use crate::experiment::sweep::{SweepPlan, SweepSpec};
use crate::experiment::tune::{TunePlan, TuneSpec};
use crate::play::match_::GameScore;
use wasm_bindgen::JsCast;

thread_local! {
    /// The last sweep and tune checked, by their spec JSON: the page asks about the same run
    /// after every game or iteration, and building a plan (every value's match config, the
    /// opening set) costs milliseconds.
    static LAST_SWEEP: RefCell<Option<(String, SweepPlan)>> = const { RefCell::new(None) };
    static LAST_TUNE: RefCell<Option<(String, TunePlan)>> = const { RefCell::new(None) };
}

/// The plan of `spec_json`: `cache`'s when it holds the same spec, else `build`'s, which is
/// cached. Throws the spec's error `{path, message, allowed}`.
pub(super) fn cached_plan<P: Clone + 'static>(
    cache: &'static std::thread::LocalKey<RefCell<Option<(String, P)>>>,
    spec_json: &str,
    build: impl FnOnce(&str) -> Result<P, FieldError>,
) -> Result<P, JsValue> {
    if let Some(p) = cache.with_borrow(|c| c.as_ref().filter(|(k, _)| k == spec_json).map(|(_, p)| p.clone()))
    {
        return Ok(p);
    }
    let plan = build(spec_json).map_err(|e| spec_field_error(&e).js())?;
    cache.set(Some((spec_json.to_string(), plan.clone())));
    Ok(plan)
}

fn sweep_plan_of(spec_json: &str) -> Result<SweepPlan, JsValue> {
    cached_plan(&LAST_SWEEP, spec_json, |j| SweepSpec::from_json(j)?.plan())
}

fn tune_plan_of(spec_json: &str) -> Result<TunePlan, JsValue> {
    cached_plan(&LAST_TUNE, spec_json, |j| TuneSpec::from_json(j)?.plan())
}

/// A checked sweep, as the page needs it.
#[derive(Serialize)]
struct SweepInfo {
    param: String,
    unit: &'static str,
    allowed: String,
    values: Vec<f64>,
    games: u32,
    /// Value `i`'s match spec JSON, for the game workers.
    specs: Vec<String>,
    /// Value `i`'s spec string of the swept manager.
    managers: Vec<String>,
}

/// Check a sweep spec (JSON, see `experiment::sweep`) and return `{param, unit, allowed, values,
/// games, specs, managers}`; throws `{path, message, allowed}`.
#[wasm_bindgen]
pub fn sweep_plan(spec_json: &str) -> Result<JsValue, JsValue> {
    let plan = sweep_plan_of(spec_json)?;
    to_js(&SweepInfo {
        param: plan.spec.param.clone(),
        unit: plan.param.unit,
        allowed: plan.param.allowed(),
        values: plan.spec.values.clone(),
        games: plan.games(),
        specs: plan.specs.iter().map(|s| s.to_json()).collect(),
        managers: plan.specs.iter().map(|s| s.a.clone()).collect(),
    })
    .map_err(JsValue::from)
}

/// The values of `param` of manager `tm` that the Sweep view's values field `text` gives:
/// `V1,V2,…` or `LO:HI:N` (integers rounded; the rules of `tmlab sweep --values` and `--range`,
/// [`sweep_values`]). Throws `{path: "values", message, allowed}` for a bad list or range,
/// `{path: "a" | "param", …}` for a bad manager or parameter.
#[wasm_bindgen]
pub fn sweep_values(tm: &str, param: &str, text: &str) -> Result<Vec<f64>, JsValue> {
    let spec: crate::tm::TmSpec = tm
        .parse()
        .map_err(|e: crate::tm::SpecError| spec_field_error(&FieldError::from(e).renamed("a")).js())?;
    let p = NumericParam::find(&spec, param).map_err(|e| spec_field_error(&e).js())?;
    crate::experiment::sweep_range::sweep_values(text, &p).map_err(|e| spec_field_error(&e).js())
}

/// The finished games by point: `scores[i][g]` is point `i`'s game `g` (a GameSummary or
/// GameScore object, or null); `points` of them, named `unit` (`values`, `controls`).
pub(super) fn read_scores(
    points: usize,
    unit: &str,
    scores: JsValue,
) -> Result<Vec<Vec<Option<GameScore>>>, JsValue> {
    let s: Vec<Vec<Option<GameScore>>> = serde_wasm_bindgen::from_value(scores).map_err(js_err)?;
    if s.len() != points {
        return Err(js_err(format!("scores: {} {unit}, expected {points}", s.len())));
    }
    Ok(s)
}

/// What the page shows of a sweep's or a scaling's report.
#[derive(Serialize)]
pub(super) struct Shown<R> {
    pub report: R,
    pub text: String,
    pub csv: String,
}

fn sweep_scores(plan: &SweepPlan, scores: JsValue) -> Result<Vec<Vec<Option<GameScore>>>, JsValue> {
    read_scores(plan.spec.values.len(), "values", scores)
}

/// The report of a sweep's finished games: `{report, text, csv}` (per-value Elo, nElo, time
/// usage, timeouts; the fit and its verdict).
#[wasm_bindgen]
pub fn sweep_report(spec_json: &str, scores: JsValue) -> Result<JsValue, JsValue> {
    let plan = sweep_plan_of(spec_json)?;
    let report = plan.report(&sweep_scores(&plan, scores)?);
    let (text, csv) = (report.to_text(), report.to_csv());
    to_js(&Shown { report, text, csv }).map_err(JsValue::from)
}

/// A sweep's chart (Elo ± 95 % against the value, with the fit) as plain data, which the engine
/// charts module's `draw_points_chart` draws.
#[wasm_bindgen]
pub fn sweep_chart_data(spec_json: &str, scores: JsValue) -> Result<JsValue, JsValue> {
    let plan = sweep_plan_of(spec_json)?;
    let report = plan.report(&sweep_scores(&plan, scores)?);
    let title = format!("{} of {} vs {}", plan.spec.param, plan.spec.base.a, plan.spec.base.b);
    to_js(&sweep_chart(&report, &title)).map_err(JsValue::from)
}

fn read_history(history: JsValue) -> Result<Vec<SpsaIteration>, JsValue> {
    serde_wasm_bindgen::from_value(history).map_err(js_err)
}

/// A checked tune.
#[derive(Serialize)]
struct TuneInfo {
    spsa: crate::experiment::spsa::SpsaConfig,
    games_per_iteration: u32,
    /// Per parameter, how far a one-game edge every iteration moves it over the run.
    reach: Vec<f64>,
    /// Parameters this run cannot move measurably (`TunePlan::warnings`).
    warnings: Vec<String>,
}

/// The Tune view's `c_end` or `r_end` field (`field`) as numbers (empty: none, for the
/// defaults): the rule of `tmlab tune --c-end`/`--r-end`; throws `{path: field, message,
/// allowed}` naming the first part that is not a number.
#[wasm_bindgen]
pub fn tune_end_list(field: &str, text: &str) -> Result<Vec<f64>, JsValue> {
    crate::experiment::tune::end_list(field, text).map_err(|e| spec_field_error(&e).js())
}

/// The Tune view's `params` field (`slowmover, move-overhead`) as names, the rule of
/// `tmlab tune --params`: trimmed, empty ones dropped (each is checked by `tune_plan`).
#[wasm_bindgen]
pub fn tune_param_list(text: &str) -> Vec<String> {
    crate::experiment::param::name_list(text)
}

/// Check a tune spec (JSON, see `experiment::tune`): `{spsa, games_per_iteration, reach,
/// warnings}`; throws `{path, message, allowed}`.
#[wasm_bindgen]
pub fn tune_plan(spec_json: &str) -> Result<JsValue, JsValue> {
    let plan = tune_plan_of(spec_json)?;
    let games_per_iteration = 2 * plan.cfg.pairs_per;
    let reach = (0..plan.cfg.params.len()).map(|i| plan.cfg.reach(i)).collect();
    let warnings = plan.warnings();
    to_js(&TuneInfo { spsa: plan.cfg, games_per_iteration, reach, warnings }).map_err(JsValue::from)
}

/// What the next iteration plays, or its record kept from a restore.
#[derive(Serialize)]
struct TuneNext {
    step: crate::experiment::spsa::SpsaStep,
    /// The iteration's match spec JSON (A = player +, B = player −).
    spec: String,
    /// Its game indices.
    games: Vec<u32>,
    /// The iteration's record, restored and checked: nothing to play.
    record: Option<SpsaIteration>,
    /// A restored record of the iteration that does not follow (dropped; the games are played).
    refused: Option<Damage>,
}

/// The next iteration after `history` (finished iterations): `{step, spec, games, record,
/// refused}`, or null when the tune is complete. `held` (optional) holds the restored records
/// after a missing one (`tune_resume`'s `held`): when the next iteration's is there and follows,
/// it is `record` and no game needs playing.
#[wasm_bindgen]
pub fn tune_next(spec_json: &str, history: JsValue, held: JsValue) -> Result<JsValue, JsValue> {
    let plan = tune_plan_of(spec_json)?;
    let history = read_history(history)?;
    let mut held: Vec<(usize, SpsaIteration)> = if held.is_undefined() || held.is_null() {
        Vec::new()
    } else {
        serde_wasm_bindgen::from_value(held).map_err(js_err)?
    };
    let theta = plan.replay(&history).map_err(js_err)?;
    let k = history.len() as u32 + 1;
    if k > plan.cfg.iterations {
        return Ok(JsValue::NULL);
    }
    let (record, refused) = match resume::take_held(&plan, &theta, k, &mut held) {
        Ok(r) => (r, None),
        Err(d) => (None, Some(d)),
    };
    let step = plan.cfg.step(&theta, k);
    let spec = plan.iteration_match(&step).map_err(js_err)?.to_json();
    to_js(&TuneNext { step, spec, games: plan.games_of(k).collect(), record, refused }).map_err(JsValue::from)
}

/// Intact records by their index in the saved list, and the damaged ones.
pub(super) type Opened = (Vec<(usize, serde_json::Value)>, Vec<Damage>);

/// The saved records of the browser (each a sealed line, see `experiment::journal`): the
/// intact ones as `(index, record)`, the others as damage naming their index.
pub(super) fn open_records(lines: JsValue) -> Result<Opened, JsValue> {
    let arr: js_sys::Array = lines.dyn_into().map_err(|_| js_err("the saved records are not a list"))?;
    let mut records = Vec::new();
    let mut damaged = Vec::new();
    for (i, v) in arr.iter().enumerate() {
        match v.as_string() {
            Some(line) => match journal::open(&line) {
                Ok(r) => records.push((i, r)),
                Err(why) => damaged.push(Damage::new(i, why)),
            },
            None => damaged.push(Damage::new(i, "not a sealed tmlab record (not text)")),
        }
    }
    Ok((records, damaged))
}

/// The sealed form of a record given as JSON text (`JSON.stringify(record)`): what the
/// browser's views store in IndexedDB, the format of a `--resume` journal's lines.
#[wasm_bindgen]
pub fn record_seal(json: &str) -> String {
    journal::seal_text(json)
}

/// The record in a saved value, checked against its checksum; throws `{path: "", message}`
/// saying why it is damaged.
#[wasm_bindgen]
pub fn record_open(saved: JsValue) -> Result<JsValue, JsValue> {
    let line = saved.as_string().ok_or_else(|| js_err("not a sealed tmlab record (not text)"))?;
    let v = journal::open(&line).map_err(js_err)?;
    to_js(&v).map_err(JsValue::from)
}

#[derive(Serialize)]
struct Restored {
    scores: Vec<Vec<Option<GameScore>>>,
    damaged: Vec<Damage>,
}

/// A points experiment's saved game records (sealed lines) checked by `resumed`: `{scores,
/// damaged}`, the damage of both the seals and the records in the order of `lines`.
pub(super) fn restore(
    lines: JsValue,
    resumed: impl FnOnce(&[(usize, serde_json::Value)]) -> resume::SweepResumed,
) -> Result<JsValue, JsValue> {
    let (records, mut damaged) = open_records(lines)?;
    let r = resumed(&records);
    damaged.extend(r.damaged);
    damaged.sort_by_key(|d| d.line);
    to_js(&Restored { scores: r.scores, damaged }).map_err(JsValue::from)
}

/// A sweep's saved game records (sealed lines, any order) checked against its spec:
/// `{scores, damaged: [{line, why}]}`, `line` being the index in `lines` of a refused record
/// (its game is played again); the rule of `tmlab sweep --resume`.
#[wasm_bindgen]
pub fn sweep_resume(spec_json: &str, lines: JsValue) -> Result<JsValue, JsValue> {
    let plan = sweep_plan_of(spec_json)?;
    restore(lines, |records| resume::sweep_resume(&plan, records))
}

/// A tune's saved iteration records (sealed lines, any order) checked against its spec:
/// `{history, held, damaged}` (see `experiment::resume::TuneResumed`; `line` is an index in
/// `lines`); the rule of `tmlab tune --resume`.
#[wasm_bindgen]
pub fn tune_resume(spec_json: &str, lines: JsValue) -> Result<JsValue, JsValue> {
    let plan = tune_plan_of(spec_json)?;
    let (records, mut damaged) = open_records(lines)?;
    let mut r = resume::tune_resume(&plan, &records);
    damaged.append(&mut r.damaged);
    damaged.sort_by_key(|d| d.line);
    r.damaged = damaged;
    to_js(&r).map_err(JsValue::from)
}

/// The finished iteration record after `history`, whose games player + scored `wins`,
/// `losses`, `draws` (append it to the history).
#[wasm_bindgen]
pub fn tune_apply(
    spec_json: &str,
    history: JsValue,
    wins: u32,
    losses: u32,
    draws: u32,
) -> Result<JsValue, JsValue> {
    let plan = tune_plan_of(spec_json)?;
    let history = read_history(history)?;
    let theta = plan.replay(&history).map_err(js_err)?;
    let step = plan.cfg.step(&theta, history.len() as u32 + 1);
    let theta = plan.cfg.update(&theta, &step, wins, losses);
    to_js(&SpsaIteration { step, wins, losses, draws, theta }).map_err(JsValue::from)
}

/// A calibration the page measured, `{plies, ms, clock_ms, finished}`
/// ([`crate::experiment::cost::Calibration`]).
pub(super) fn calibration_of(v: JsValue) -> Result<crate::experiment::cost::Calibration, JsValue> {
    serde_wasm_bindgen::from_value(v).map_err(js_err)
}

/// The tune's current values and spec string: `{theta, tuned}`.
#[wasm_bindgen]
pub fn tune_result(spec_json: &str, history: JsValue) -> Result<JsValue, JsValue> {
    let plan = tune_plan_of(spec_json)?;
    let theta = plan.replay(&read_history(history)?).map_err(js_err)?;
    let tuned = plan.spec_at(&theta).map_err(js_err)?;
    to_js(&serde_json::json!({ "theta": theta, "tuned": tuned })).map_err(JsValue::from)
}

/// A tune's trajectories as plain data, which the engine charts module's `draw_tune_chart` draws.
#[wasm_bindgen]
pub fn tune_chart_data(spec_json: &str, history: JsValue) -> Result<JsValue, JsValue> {
    let plan = tune_plan_of(spec_json)?;
    let history = read_history(history)?;
    let title = format!("SPSA of {}", plan.tm.manager());
    to_js(&tune_chart(&plan.cfg, &history, &title)).map_err(JsValue::from)
}

/// The project's one virtual node rate (`experiment::cost::DEFAULT_NPS`): every view's default.
#[wasm_bindgen]
pub fn default_nps() -> f64 {
    crate::experiment::cost::DEFAULT_NPS
}

/// How long the calibration may play, in ms (`experiment::cost::CALIBRATION_MS`).
#[wasm_bindgen]
pub fn calibration_ms() -> f64 {
    crate::experiment::cost::CALIBRATION_MS
}

/// What the page shows of a plan: the estimate and its sentence.
#[derive(Serialize)]
pub(super) struct Planned {
    #[serde(flatten)]
    pub(super) estimate: crate::experiment::cost::CostEstimate,
    pub(super) text: String,
    pub(super) duration: String,
}

/// The plan of `games` games (`per_point` per measured point, 0 for none) of the match spec
/// `spec_json` (its controls and virtual rate) played `workers` at once, from a calibration
/// `{plies, ms, clock_ms, finished}` (engine moves in `ms` on one worker that spent `clock_ms`
/// of the clocks; whether the game ended): `{games, games_per_point, workers, game_seconds, seconds, precision,
/// nps, text, duration}` (`precision` null without Elo); throws `{path, message, allowed}`
/// for a bad spec.
#[wasm_bindgen]
pub fn experiment_estimate(
    spec_json: &str,
    games: u32,
    per_point: u32,
    workers: u32,
    calibration: JsValue,
) -> Result<JsValue, JsValue> {
    use crate::experiment::cost::{CostEstimate, duration_text, typical_clock_ms};
    use crate::play::game::ClockMode;
    let spec =
        crate::play::match_spec::MatchSpec::from_json(spec_json).map_err(|e| spec_field_error(&e).js())?;
    let cfg = spec.to_config().map_err(|e| spec_field_error(&e).js())?;
    let nps = match cfg.clock {
        ClockMode::Virtual { nps, .. } => Some(nps),
        ClockMode::Real => None,
    };
    let cal = calibration_of(calibration)?;
    let clock = typical_clock_ms([&cfg.tc_a, &cfg.tc_b]);
    let estimate = CostEstimate::new(games, per_point, workers, &cal, clock, nps);
    let text = estimate.to_text();
    let duration = duration_text(estimate.seconds);
    to_js(&Planned { estimate, text, duration }).map_err(JsValue::from)
}

/// The games per point whose expected 95 % Elo interval is ±`elo` or narrower; throws
/// `{path: "precision", message, allowed}`.
#[wasm_bindgen]
pub fn games_for_precision(elo: f64) -> Result<u32, JsValue> {
    crate::experiment::cost::games_for_precision(elo).map_err(|e| spec_field_error(&e).js())
}

/// The expected 95 % Elo half-width of `games` games between near-equal players.
#[wasm_bindgen]
pub fn expected_precision(games: u32) -> f64 {
    crate::experiment::cost::expected_precision(games)
}

/// A running experiment's time left, in words and seconds: `{seconds, text}`
/// (`experiment::cost::eta_seconds`).
#[wasm_bindgen]
pub fn experiment_eta(
    remaining: u32,
    done: u32,
    elapsed_ms: f64,
    game_seconds: f64,
    workers: u32,
) -> JsValue {
    let seconds = crate::experiment::cost::eta_seconds(remaining, done, elapsed_ms, game_seconds, workers);
    let text = crate::experiment::cost::duration_text(seconds);
    to_js(&serde_json::json!({ "seconds": seconds, "text": text })).unwrap_or(JsValue::NULL)
}

/// The text of a lesson's number placeholder `{{= expr}}` (see [`crate::plot::numbers`]):
/// e.g. `lesson_number("sim spec=stockfish tc=2+0.1 at=1 field=soft unit=ms")` is `"94 ms"`.
/// Engine module only (no chart or embed asks it, issue 24); it adds match statistics and
/// replays (`crate::experiment::lesson_numbers`).
#[wasm_bindgen]
pub fn lesson_number(expr: &str) -> Result<String, JsError> {
    crate::experiment::lesson_numbers::evaluate(expr).map_err(|e| JsError::new(&e.to_string()))
}
