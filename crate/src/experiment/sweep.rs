//! Parameter sweeps: one manager parameter set to each of several values, each value playing a
//! match against a fixed baseline, and a weighted quadratic fit of Elo against the value.
//!
//! A sweep is a [`SweepSpec`]: a base [`MatchSpec`] (player A is the swept manager, B the
//! baseline, `games` per value), the parameter's path and the values. Value `i` plays the match
//! [`SweepPlan::match_spec`]`(i)`: the base spec with A's parameter set. Every value uses the same
//! seed, so every value meets the same openings in the same order. Native runs and the browser's
//! workers play the same match specs, so on the virtual clock they give the same games.
//!
//! JSON form (what the browser sends; `match` is a [`MatchSpec`] in its JSON form):
//! ```json
//! { "param": "slowmover", "values": [0.5, 1.0, 1.5],
//!   "match": { "a": "lc0-legacy", "b": "stockfish", "tc_a": "4+0.04", "games": 100 } }
//! ```

use serde::Serialize;
use serde_json::Value;

use super::fit::{Fit, FitPoint, short};
use super::param::NumericParam;
use super::points::PointMatch;
pub use super::sweep_report::{SweepPoint, SweepReport};
use crate::play::match_::{GameScore, MatchConfig};
use crate::play::match_spec::{FieldError, MatchSpec};
use crate::tm::TmSpec;

/// The most values one sweep may have.
pub const MAX_VALUES: usize = 64;

/// A sweep's settings (see the module documentation for the JSON).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SweepSpec {
    /// The parameter's path in A's manager (`slowmover`, `smart-pruning.factor`).
    pub param: String,
    /// The values, in the order they are played.
    pub values: Vec<f64>,
    /// The match each value plays: A is the swept manager, B the baseline, `games` per value.
    #[serde(rename = "match")]
    pub base: MatchSpec,
}

impl SweepSpec {
    /// Reads the JSON form. Errors name the field (`param`, `values`, `match.tc_a`).
    ///
    /// # Errors
    /// Invalid JSON, a missing or mistyped field, or an invalid match spec.
    pub fn from_json(text: &str) -> Result<SweepSpec, FieldError> {
        let obj = super::points::read_spec(text, "sweep", &["param", "values", "match"])?;
        let param = obj
            .get("param")
            .and_then(Value::as_str)
            .ok_or_else(|| FieldError::new("param", "missing or not a string", "a parameter name"))?
            .to_string();
        let values = obj
            .get("values")
            .and_then(Value::as_array)
            .ok_or_else(|| FieldError::new("values", "missing or not an array", "an array of numbers"))?
            .iter()
            .map(|x| {
                x.as_f64().ok_or_else(|| FieldError::new("values", format!("{x} is not a number"), "numbers"))
            })
            .collect::<Result<Vec<f64>, FieldError>>()?;
        let base = super::points::base_of(&obj)?;
        Ok(SweepSpec { param, values, base })
    }

    /// The JSON form.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a sweep spec always serialises")
    }

    /// Checks everything and builds each value's match.
    ///
    /// # Errors
    /// `param` (not a numeric parameter of A's manager), `values` (none, too many, out of
    /// range, repeated, a fraction for an integer) or the match spec's own errors.
    pub fn plan(&self) -> Result<SweepPlan, FieldError> {
        let tm: TmSpec =
            self.base.a.parse().map_err(|e: crate::tm::SpecError| FieldError::from(e).renamed("a"))?;
        let param = NumericParam::find(&tm, &self.param)?;
        if self.values.is_empty() || self.values.len() > MAX_VALUES {
            let message = format!("{} values is not allowed", self.values.len());
            return Err(FieldError::new("values", message, format!("1 to {MAX_VALUES} values")));
        }
        for (i, &x) in self.values.iter().enumerate() {
            if !param.accepts(x) {
                let message = format!("{} is out of range for {}", short(x), self.param);
                return Err(FieldError::new("values", message, param.allowed()));
            }
            if self.values[..i].contains(&x) {
                return Err(FieldError::new(
                    "values",
                    format!("{} appears twice", short(x)),
                    "distinct values",
                ));
            }
        }
        let mut specs = Vec::new();
        let mut configs = Vec::new();
        for &x in &self.values {
            let mut s = self.base.clone();
            s.a = param.apply(&tm, x).map_err(|e| FieldError::said("values", e))?.to_string();
            s.name_a = Some(format!("{}={}", self.param, param.token(x)));
            s.name_b.get_or_insert_with(|| self.base.b.clone());
            configs.push(s.to_config()?);
            specs.push(s);
        }
        Ok(SweepPlan { spec: self.clone(), param, specs, configs })
    }
}

/// A checked sweep: each value's match spec and config.
#[derive(Clone, Debug)]
pub struct SweepPlan {
    /// What it was made from.
    pub spec: SweepSpec,
    /// The swept parameter.
    pub param: NumericParam,
    /// Value `i`'s match spec.
    pub specs: Vec<MatchSpec>,
    /// Value `i`'s match config.
    pub configs: Vec<MatchConfig>,
}

impl SweepPlan {
    /// Value `i`'s match spec.
    pub fn match_spec(&self, i: usize) -> &MatchSpec {
        &self.specs[i]
    }

    /// Games per value.
    pub fn games(&self) -> u32 {
        self.spec.base.games
    }

    /// The report of finished games: `scores[i][g]` is value `i`'s game `g`.
    pub fn report(&self, scores: &[Vec<Option<GameScore>>]) -> SweepReport {
        let points: Vec<SweepPoint> = self
            .spec
            .values
            .iter()
            .enumerate()
            .map(|(i, &value)| SweepPoint {
                value,
                spec: self.specs[i].a.clone(),
                m: PointMatch::of(scores, i),
            })
            .collect();
        let fit_points: Vec<FitPoint> = points.iter().filter_map(|p| p.m.fit_point(p.value)).collect();
        let fit = Fit::new(&fit_points);
        let verdict = fit.as_ref().map_or_else(
            || "too few values with a finite Elo to fit a parabola (three are needed)".to_string(),
            |f| f.describe(&self.spec.param),
        );
        let best = points
            .iter()
            .filter(|p| p.m.elo().is_finite())
            .max_by(|a, b| a.m.elo().total_cmp(&b.m.elo()))
            .map(|p| p.value);
        SweepReport { param: self.spec.param.clone(), points, fit, verdict, best_measured: best }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(values: &[f64]) -> SweepSpec {
        let base = MatchSpec {
            a: "lc0-legacy".into(),
            b: "stockfish".into(),
            tc_a: "1+0.01".into(),
            games: 4,
            ..MatchSpec::default()
        };
        SweepSpec { param: "slowmover".into(), values: values.to_vec(), base }
    }

    #[test]
    fn a_plan_sets_the_parameter_per_value_and_refuses_bad_values() {
        let plan = spec(&[0.5, 1.5]).plan().unwrap();
        assert_eq!(plan.match_spec(0).a, "lc0-legacy(slowmover=0.5)");
        assert_eq!(plan.match_spec(1).name_a.as_deref(), Some("slowmover=1.5"));
        assert_eq!(plan.configs[1].seed, plan.configs[0].seed);
        let e = spec(&[0.5, 9.0]).plan().unwrap_err();
        assert_eq!(e.to_string(), "values: 9 is out of range for slowmover; allowed: a float in 0.1 … 3");
        assert!(spec(&[0.5, 0.5]).plan().unwrap_err().message.contains("twice"));
        assert_eq!(
            spec(&[]).plan().unwrap_err().to_string(),
            "values: 0 values is not allowed; allowed: 1 to 64 values"
        );
        let mut s = spec(&[1.0]);
        s.param = "horizon".into();
        assert!(
            s.plan()
                .unwrap_err()
                .to_string()
                .starts_with("param: \"horizon\" is not a parameter of lc0-legacy")
        );
        s.param = "slowmover".into();
        s.base.tc_b = Some("inf".into());
        assert_eq!(s.plan().unwrap_err().path, "tc_b", "the match spec's field comes through");
        let round = SweepSpec::from_json(&spec(&[0.5, 1.0]).to_json()).unwrap();
        assert_eq!(round, spec(&[0.5, 1.0]));
        assert!(
            SweepSpec::from_json(r#"{"param":"x","values":[1],"match":{"a":"stockfish"}}"#).unwrap_err().path
                == "match.b"
        );
    }
}
