//! A tune: SPSA ([`super::spsa`]) over a manager's parameters, each iteration a match between
//! the manager at θ + flip·c and at θ − flip·c.
//!
//! Iteration k (1 … N) plays games `2·(k−1)·P … 2·k·P − 1` (P pairs per iteration) of a match
//! spec whose A is player + and B player − ([`TunePlan::iteration_match`]); the game index picks
//! the opening, so every iteration meets new openings, and a native run and the browser's
//! workers play the same games.
//!
//! JSON form (`match` is a [`MatchSpec`]; its `a` is the manager to tune, `games` the total;
//! `c_end`/`r_end` may be empty for the defaults: a twentieth of the range, and 0.002):
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

/// OpenBench's default final learning rate.
pub const DEFAULT_R_END: f64 = 0.002;

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
            serde_json::from_value(v.clone()).map_err(|e| FieldError::said("", format!("tune spec: {e}")))?;
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
        let tm: TmSpec = self.base.a.parse().map_err(|e: crate::tm::SpecError| FieldError::said("a", e))?;
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
            let default_c = ((max - min) / 20.0).max(if p.kind == Kind::Int { 1.0 } else { 0.0 });
            spsa.push(SpsaParam {
                path: path.clone(),
                float: p.kind == Kind::Float,
                start: p.current.clamp(min, max),
                min,
                max,
                c_end: self.c_end.get(i).copied().unwrap_or(default_c),
                r_end: self.r_end.get(i).copied().unwrap_or(DEFAULT_R_END),
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
        let cfg = SpsaConfig {
            params: spsa,
            iterations: self.base.games / per,
            pairs_per: self.pairs_per,
            a_ratio: 0.1,
            alpha: 0.602,
            gamma: 0.101,
            seed: self.base.seed,
        };
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
    /// The manager's spec with `values` set.
    ///
    /// # Errors
    /// A value the manager refuses (cannot happen for values inside the ranges).
    pub fn spec_at(&self, values: &[f64]) -> Result<String, String> {
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
    pub fn iteration_match(&self, step: &SpsaStep) -> Result<MatchSpec, String> {
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
    pub fn replay(&self, records: &[SpsaIteration]) -> Result<Vec<f64>, String> {
        let mut theta = self.cfg.start();
        for (i, r) in records.iter().enumerate() {
            let step = self.cfg.step(&theta, i as u32 + 1);
            if step != r.step {
                return Err(format!("iteration {} in the resume file is not this tune's", i + 1));
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
        assert!((sp.c_end - 0.145).abs() < 1e-9 && sp.r_end == DEFAULT_R_END && sp.start == 0.5, "{sp:?}");
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
        assert_eq!((e.field.as_str(), e.message.as_str()), ("c_end", "2 values for 1 parameters"));
        let back = TuneSpec::from_json(&spec(20).to_json()).unwrap();
        assert_eq!(back, spec(20));
    }
}
