//! A tune: SPSA ([`super::spsa`]) over a manager's parameters, each iteration a match between
//! the manager at θ + flip·c and at θ − flip·c.
//!
//! Iteration k (1 … N) plays games `2·(k−1)·P … 2·k·P − 1` (P pairs per iteration) of a match
//! spec whose A is player + and B player − ([`TunePlan::iteration_match`]); the game index picks
//! the opening, so every iteration meets new openings, and a native run and the browser's
//! workers play the same games.
//!
//! JSON form (`match` is a [`MatchSpec`]; its `a` is the manager to tune, `games` the total;
//! `c_end`/`r_end` may be empty for the defaults, which follow the parameter's range and the
//! run's length):
//!
//! - `c_end` is a twentieth of the range, OpenBench's usual input (its SPSA inputs are
//!   `name, type, start, min, max, c_end, r_end` per parameter:
//!   AndyGrant/OpenBench `OpenBench/workloads/create_workload.py`
//!   @06d4e2c67bf6b98b989307b3798acd4687cb4769, `extract_spas_params`, turns them into
//!   c = c_end·N^γ, a_end = r_end·c_end², a = a_end·(A + N)^α);
//! - `r_end` is whatever lets a consistent one-game edge per iteration move the value a quarter
//!   of its range over the N iterations ([`DEFAULT_REACH`]; Σₖ r_k·c_k, [`SpsaConfig::reach`]),
//!   but never below OpenBench's 0.002. Since r_k·c_k scales with r_end·c_end, that r_end is
//!   about 3.6/N: 0.12 for a 30-iteration run, 0.002 from about 1 800 iterations up. OpenBench's
//!   fixed 0.002 is made for tens of thousands of iterations; in 60 it moves a value by under
//!   1 % of its range (issue 25). Keeping r_end·N roughly constant is also what keeps SPSA's
//!   noise ball the same size across run lengths.
//!
//! [`TunePlan::warnings`] names a parameter whose whole planned travel is below its resolution
//! (the schema's slider step), so a run cannot move it measurably.
//! ```json
//! { "params": ["slowmover"], "c_end": [0.15], "r_end": [0.05], "pairs_per": 1,
//!   "match": { "a": "lc0-legacy(slowmover=0.5)", "b": "lc0-legacy", "tc_a": "4+0.04", "games": 200 } }
//! ```

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::param::NumericParam;
use super::spsa::{SpsaConfig, SpsaIteration, SpsaParam, SpsaStep};
use crate::play::match_spec::{FieldError, MatchSpec};
use crate::tm::TmSpec;
use crate::tm::params::Kind;

/// OpenBench's usual final learning rate: the smallest default (a long run's).
pub const DEFAULT_R_END: f64 = 0.002;

/// The share of a parameter's range a default run can cover: r_end is set so that a consistent
/// one-game edge per iteration (W − L = 1 every time) moves the value this far over the run.
pub const DEFAULT_REACH: f64 = 0.25;

/// The default `c_end` of a parameter: a twentieth of its range (at least 1 for an integer), the
/// usual OpenBench input.
pub fn default_c_end(min: f64, max: f64, float: bool) -> f64 {
    ((max - min) / 20.0).max(if float { 0.0 } else { 1.0 })
}

/// A tune's settings (see the module documentation for the JSON).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TuneSpec {
    /// Parameter paths.
    pub params: Vec<String>,
    /// c_end per parameter (empty: a twentieth of each range).
    #[serde(default)]
    pub c_end: Vec<f64>,
    /// r_end per parameter (empty: 0.002 each).
    #[serde(default)]
    pub r_end: Vec<f64>,
    /// Pairs per iteration.
    #[serde(default = "one")]
    pub pairs_per: u32,
    /// The match: `a` is the manager to tune (its values are the start), `games` the total.
    #[serde(rename = "match", skip_deserializing)]
    pub base: MatchSpec,
}

fn one() -> u32 {
    1
}

/// The text form of `c_end` or `r_end` (`field`): numbers, comma-separated, one per parameter;
/// empty for the defaults (`tmlab tune --c-end`/`--r-end`, the Tune view's fields).
///
/// # Errors
/// Of `field`: the first part that is not a number.
pub fn end_list(field: &str, text: &str) -> Result<Vec<f64>, FieldError> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    super::param::number_list(
        field,
        text,
        "numbers, comma-separated, one per parameter (empty: the defaults)",
    )
}

impl TuneSpec {
    /// Reads the JSON form.
    ///
    /// # Errors
    /// Invalid JSON or fields.
    pub fn from_json(text: &str) -> Result<TuneSpec, FieldError> {
        let v: Value = serde_json::from_str(text).map_err(|e| {
            FieldError::new("", format!("the tune spec is not valid JSON: {e}"), "a JSON object")
        })?;
        let mut s: TuneSpec =
            serde_json::from_value(v.clone()).map_err(|e| FieldError::message(format!("tune spec: {e}")))?;
        let base =
            v.get("match").ok_or_else(|| FieldError::new("match", "missing", "a match spec object"))?;
        s.base = MatchSpec::from_value(base).map_err(|e| e.within("match"))?;
        Ok(s)
    }

    /// The JSON form.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a tune spec always serialises")
    }

    /// Checks everything and sets up SPSA.
    ///
    /// # Errors
    /// `params`, `c_end`/`r_end`, `pairs_per`, `games` or the match spec's errors.
    pub fn plan(&self) -> Result<TunePlan, FieldError> {
        let tm: TmSpec =
            self.base.a.parse().map_err(|e: crate::tm::SpecError| FieldError::from(e).renamed("a"))?;
        if self.params.is_empty() {
            return Err(FieldError::new("params", "no parameter is named", "at least one parameter to tune"));
        }
        if !(1..=64).contains(&self.pairs_per) {
            let message = format!("{} is not allowed", self.pairs_per);
            return Err(FieldError::new("pairs_per", message, "1 to 64 pairs per iteration"));
        }
        let per = 2 * self.pairs_per;
        if self.base.games < per || !self.base.games.is_multiple_of(per) {
            return Err(FieldError::new(
                "games",
                format!("{} is not a positive multiple of {per}", self.base.games),
                format!("multiples of {per} (2 games per pair × {} pairs per iteration)", self.pairs_per),
            ));
        }
        let mut params = Vec::new();
        let mut spsa = Vec::new();
        for (i, path) in self.params.iter().enumerate() {
            if self.params[..i].contains(path) {
                return Err(FieldError::new(
                    "params",
                    format!("{path} appears twice"),
                    "distinct parameters",
                ));
            }
            let p = NumericParam::find(&tm, path).map_err(|e| e.renamed("params"))?;
            let (min, max) = p.bounds();
            let float = p.kind == Kind::Float;
            spsa.push(SpsaParam {
                path: path.clone(),
                float,
                start: p.current.clamp(min, max),
                min,
                max,
                c_end: self.c_end.get(i).copied().unwrap_or(default_c_end(min, max, float)),
                // Replaced below by the default that follows the run's length.
                r_end: self.r_end.get(i).copied().unwrap_or(1.0),
            });
            params.push(p);
        }
        for (field, list) in [("c_end", &self.c_end), ("r_end", &self.r_end)] {
            if !list.is_empty() && list.len() != self.params.len() {
                let message = format!("{} values for {} parameters", list.len(), self.params.len());
                let allowed =
                    format!("none (the defaults) or one value per parameter ({})", self.params.len());
                return Err(FieldError::new(field, message, allowed));
            }
        }
        let mut cfg = SpsaConfig {
            params: spsa,
            iterations: self.base.games / per,
            pairs_per: self.pairs_per,
            a_ratio: 0.1,
            alpha: 0.602,
            gamma: 0.101,
            seed: self.base.seed,
        };
        for i in 0..cfg.params.len() {
            if self.r_end.get(i).is_none() {
                // The reach is linear in r_end: at r_end = 1 it is the factor.
                let reach_per_unit = cfg.reach(i);
                let p = &cfg.params[i];
                let wanted = DEFAULT_REACH * (p.max - p.min) / reach_per_unit;
                cfg.params[i].r_end =
                    if wanted.is_finite() { wanted.max(DEFAULT_R_END) } else { DEFAULT_R_END };
            }
        }
        cfg.validate()?;
        let plan = TunePlan { spec: self.clone(), tm, params, cfg };
        // Both ends of every range must make a valid match.
        let lo: Vec<f64> = plan.cfg.params.iter().map(|p| p.min).collect();
        let hi: Vec<f64> = plan.cfg.params.iter().map(|p| p.max).collect();
        let step = SpsaStep { k: 1, flip: vec![], c: vec![], r: vec![], plus: lo, minus: hi };
        plan.iteration_match(&step).map_err(|e| FieldError::said("params", e))?.to_config()?;
        Ok(plan)
    }
}

/// A checked tune.
#[derive(Clone, Debug)]
pub struct TunePlan {
    /// What it was made from.
    pub spec: TuneSpec,
    /// The manager at the start.
    pub tm: TmSpec,
    /// The tuned parameters.
    pub params: Vec<NumericParam>,
    /// SPSA's settings.
    pub cfg: SpsaConfig,
}

impl TunePlan {
    /// What the page and the CLI say before starting: each parameter whose whole planned
    /// travel ([`SpsaConfig::reach`]: a one-game edge every iteration) is below its resolution,
    /// so the run cannot move it measurably.
    pub fn warnings(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (i, (p, np)) in self.cfg.params.iter().zip(&self.params).enumerate() {
            let reach = self.cfg.reach(i);
            let res = np.resolution();
            if reach < res {
                out.push(format!(
                    "{}: the planned steps add up to {} over {} iterations (if player + won one game more every iteration), below its resolution {}: this run cannot move it measurably; raise r_end (now {}) or the games",
                    p.path,
                    super::fit::short(reach),
                    self.cfg.iterations,
                    super::fit::short(res),
                    super::fit::short(p.r_end),
                ));
            }
        }
        out
    }

    /// The manager's spec with `values` set.
    ///
    /// # Errors
    /// A value the manager refuses (cannot happen for values inside the ranges).
    pub fn spec_at(&self, values: &[f64]) -> Result<String, FieldError> {
        let mut tm = self.tm;
        for (p, &v) in self.params.iter().zip(values) {
            tm = p.apply(&tm, v)?;
        }
        Ok(tm.to_string())
    }

    /// The match iteration `step.k` plays: A is player +, B player −.
    ///
    /// # Errors
    /// As [`TunePlan::spec_at`].
    pub fn iteration_match(&self, step: &SpsaStep) -> Result<MatchSpec, FieldError> {
        let mut m = self.spec.base.clone();
        m.a = self.spec_at(&step.plus)?;
        m.b = self.spec_at(&step.minus)?;
        m.name_a = Some(format!("plus {}", m.a));
        m.name_b = Some(format!("minus {}", m.b));
        m.tc_b = None;
        m.sprt = None;
        Ok(m)
    }

    /// The game indices of iteration `k`.
    pub fn games_of(&self, k: u32) -> std::ops::Range<u32> {
        let per = 2 * self.cfg.pairs_per;
        (k - 1) * per..k * per
    }

    /// The values after replaying finished iterations (a resume), checking that each record
    /// is the iteration this tune would play.
    ///
    /// # Errors
    /// A record that does not match (another tune's file).
    pub fn replay(&self, records: &[SpsaIteration]) -> Result<Vec<f64>, FieldError> {
        let mut theta = self.cfg.start();
        for (i, r) in records.iter().enumerate() {
            let step = self.cfg.step(&theta, i as u32 + 1);
            if step != r.step {
                return Err(FieldError::message(format!(
                    "iteration {} in the resume file is not this tune's",
                    i + 1
                )));
            }
            theta = self.cfg.update(&theta, &step, r.wins, r.losses);
        }
        Ok(theta)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(games: u32) -> TuneSpec {
        TuneSpec {
            params: vec!["slowmover".into()],
            c_end: vec![],
            r_end: vec![],
            pairs_per: 1,
            base: MatchSpec {
                a: "lc0-legacy(slowmover=0.5)".into(),
                b: "lc0-legacy".into(),
                games,
                ..MatchSpec::default()
            },
        }
    }

    #[test]
    fn a_plan_has_defaults_windows_and_refuses_bad_settings() {
        let p = spec(20).plan().unwrap();
        assert_eq!(p.cfg.iterations, 10);
        let sp = &p.cfg.params[0];
        assert!((sp.c_end - 0.145).abs() < 1e-9 && sp.start == 0.5, "{sp:?}");
        // r_end follows the run: a one-game edge every iteration moves it a quarter of 0.1 … 3.
        assert!((p.cfg.reach(0) - DEFAULT_REACH * 2.9).abs() < 1e-9, "{}", p.cfg.reach(0));
        assert_eq!(p.games_of(3), 4..6);
        let step = p.cfg.step(&[0.5], 1);
        let m = p.iteration_match(&step).unwrap();
        assert!(m.a.starts_with("lc0-legacy(slowmover=") && m.a != m.b, "{} {}", m.a, m.b);
        assert_eq!(
            spec(7).plan().unwrap_err().to_string(),
            "games: 7 is not a positive multiple of 2; allowed: multiples of 2 (2 games per pair × 1 pairs per iteration)"
        );
        let mut s = spec(20);
        s.params.push("nope".into());
        assert!(s.plan().unwrap_err().to_string().starts_with("params: \"nope\" is not a parameter"));
        let mut s = spec(20);
        s.c_end = vec![0.1, 0.2];
        let e = s.plan().unwrap_err();
        assert_eq!((e.path.as_str(), e.message.as_str()), ("c_end", "2 values for 1 parameters"));
        let back = TuneSpec::from_json(&spec(20).to_json()).unwrap();
        assert_eq!(back, spec(20));
    }

    #[test]
    fn the_default_r_end_follows_the_run_length_down_to_openbench_s() {
        let r = |games| spec(games).plan().unwrap().cfg.params[0].r_end;
        let (short, mid, long) = (r(60), r(600), r(100_000));
        // About 3.6/N: a run ten times as long gets a tenth of the rate …
        assert!((short / mid - 10.0).abs() < 1.0, "{short} / {mid}");
        assert!((0.08..0.2).contains(&short), "30 iterations: {short}");
        // … down to OpenBench's 0.002 for long runs.
        assert_eq!(long, DEFAULT_R_END);
        // Given values are kept.
        let mut s = spec(60);
        s.r_end = vec![0.05];
        assert_eq!(s.plan().unwrap().cfg.params[0].r_end, 0.05);
    }

    #[test]
    fn a_run_whose_steps_are_below_the_resolution_is_warned_about() {
        // Defaults: no warning.
        assert!(spec(60).plan().unwrap().warnings().is_empty());
        // OpenBench's 0.002 over 30 iterations: slowmover (step 0.05) cannot move.
        let mut s = spec(60);
        s.r_end = vec![0.002];
        let p = s.plan().unwrap();
        let w = p.warnings();
        assert_eq!(w.len(), 1, "{w:?}");
        assert!(
            w[0].starts_with("slowmover: the planned steps add up to ") && w[0].contains("resolution 0.05"),
            "{}",
            w[0]
        );
        assert!(p.cfg.reach(0) < 0.05);
    }
}
