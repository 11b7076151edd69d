//! Time-control scaling: the same two managers matched at several time controls, Elo ± 95 %
//! at each, and a weighted straight-line fit of Elo against log₂ of the time, whose slope (Elo
//! per doubling of the time) says whether A's edge grows, shrinks or stays as the time grows.
//!
//! A scaling is a [`ScalingSpec`]: a base [`MatchSpec`] (A against B, `games` per control) and
//! the controls. Control `i` plays the match [`ScalingPlan::specs`]`[i]`: the base spec with both
//! players at that control. Every control uses the same seed (the same openings in the same
//! order). The time of a control (the x of the fit) is the clock a typical game spends per side
//! ([`typical_clock_ms`]: 70 % of the base plus the increment on each of 65 moves), so `1+0.01`,
//! `2+0.02`, … are one doubling apart. Controls without such a time (moves in time, delays,
//! byoyomi, hourglass) are refused.
//!
//! The verdict ([`ScalingVerdict`]): `scales` when the slope's 95 % interval lies above 0,
//! `anti-scales` when below, `flat` when it contains 0, `too few` with fewer than two controls
//! with a finite Elo.
//!
//! JSON form (what the browser sends; `match` is a [`MatchSpec`] whose `tc_a`/`tc_b` are unused):
//! ```json
//! { "tcs": ["1+0.01", "2+0.02", "4+0.04"],
//!   "match": { "a": "lc0-legacy", "b": "stockfish", "games": 40 } }
//! ```

use serde::Serialize;
use serde_json::Value;

use super::cost::{Calibration, CostEstimate, typical_clock_ms};
use super::fit::{FitPoint, Z95};
use super::line_fit::LineFit;
use super::points::PointMatch;
use crate::clock::TimeControl;
use crate::play::game::ClockMode;
use crate::play::match_::{GameScore, MatchConfig};
use crate::play::match_spec::{FieldError, MatchSpec};

/// The fewest and most controls one scaling may have.
pub const TCS_RANGE: (usize, usize) = (2, 12);

/// The controls of `tmlab scaling` and the Match view's Scaling section by default: six
/// doublings from 1+0.01.
pub const DEFAULT_TCS: &str = "1+0.01,2+0.02,4+0.04,8+0.08,16+0.16,32+0.32";

/// A scaling's settings (see the module documentation for the JSON).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ScalingSpec {
    /// The controls, in the order they are listed (cutechess syntax).
    pub tcs: Vec<String>,
    /// The match each control plays (its `tc_a`/`tc_b` are replaced by the control).
    #[serde(rename = "match")]
    pub base: MatchSpec,
}

/// Reads a comma-separated list of controls (`1+0.01,2+0.02`), as `--tcs` and the view's field.
pub fn tcs_list(text: &str) -> Vec<String> {
    super::param::name_list(text)
}

impl ScalingSpec {
    /// Reads the JSON form. Errors name the field (`tcs`, `match.a`).
    ///
    /// # Errors
    /// Invalid JSON, a missing or mistyped field, or an invalid match spec.
    pub fn from_json(text: &str) -> Result<ScalingSpec, FieldError> {
        let obj = super::points::read_spec(text, "scaling", &["tcs", "match"])?;
        let tcs = obj
            .get("tcs")
            .and_then(Value::as_array)
            .ok_or_else(|| FieldError::new("tcs", "missing or not an array", "an array of time controls"))?
            .iter()
            .map(|x| {
                x.as_str().map(str::to_string).ok_or_else(|| {
                    FieldError::new("tcs", format!("{x} is not a string"), "time controls such as \"1+0.01\"")
                })
            })
            .collect::<Result<Vec<String>, FieldError>>()?;
        let base = super::points::base_of(&obj)?;
        Ok(ScalingSpec { tcs, base })
    }

    /// The JSON form.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a scaling spec always serialises")
    }

    /// Checks everything and builds each control's match.
    ///
    /// # Errors
    /// `tcs` (too few or too many, unreadable, without a typical game time, two with the same
    /// time) or the match spec's own errors.
    pub fn plan(&self) -> Result<ScalingPlan, FieldError> {
        let (lo, hi) = TCS_RANGE;
        if !(lo..=hi).contains(&self.tcs.len()) {
            return Err(FieldError::new(
                "tcs",
                format!("{} time controls is not allowed", self.tcs.len()),
                format!("{lo} to {hi} time controls, e.g. {DEFAULT_TCS}"),
            ));
        }
        let mut specs = Vec::new();
        let mut configs = Vec::new();
        let mut seconds = Vec::new();
        for tc in &self.tcs {
            let mut s = self.base.clone();
            s.tc_a = tc.clone();
            s.tc_b = None;
            let parsed: TimeControl = tc.parse().map_err(|e: crate::clock::TcError| {
                FieldError::new("tcs", format!("`{tc}`: {e}"), "cutechess time controls such as 4+0.04")
            })?;
            let per_side = typical_clock_ms([&parsed, &parsed]).map(|ms| ms / 2000.0).ok_or_else(|| {
                FieldError::new(
                    "tcs",
                    format!("`{tc}` has no typical game time to put on the time axis"),
                    "sudden-death controls (base+inc, e.g. 4+0.04) or a fixed time per move (st=0.1)",
                )
            })?;
            if per_side <= 0.0 {
                return Err(FieldError::new("tcs", format!("`{tc}` gives no time"), "a control with time"));
            }
            if let Some(i) = seconds.iter().position(|&x| x == per_side) {
                return Err(FieldError::new(
                    "tcs",
                    format!("`{tc}` gives the same typical time as `{}`", self.tcs[i]),
                    "controls of different lengths",
                ));
            }
            configs.push(
                s.to_config().map_err(|e| if e.path.starts_with("tc_") { e.within("tcs") } else { e })?,
            );
            s.name_a.get_or_insert_with(|| self.base.a.clone());
            s.name_b.get_or_insert_with(|| self.base.b.clone());
            specs.push(s);
            seconds.push(per_side);
        }
        Ok(ScalingPlan { spec: self.clone(), specs, configs, seconds })
    }
}

/// A checked scaling: each control's match spec, config and typical time.
#[derive(Clone, Debug)]
pub struct ScalingPlan {
    /// What it was made from.
    pub spec: ScalingSpec,
    /// Control `i`'s match spec.
    pub specs: Vec<MatchSpec>,
    /// Control `i`'s match config.
    pub configs: Vec<MatchConfig>,
    /// Control `i`'s typical clock time per side and game, seconds (the fit's x is its log₂).
    pub seconds: Vec<f64>,
}

/// One control's results.
#[derive(Clone, Debug, Serialize)]
pub struct ScalingPoint {
    /// The control as given.
    pub tc: String,
    /// Its typical clock time per side and game, seconds.
    pub seconds: f64,
    /// log₂ of `seconds`: the fit's x.
    pub log2_time: f64,
    /// The control's match (its fields are the point's in JSON).
    #[serde(flatten)]
    pub m: PointMatch,
}

/// What the fitted slope says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ScalingVerdict {
    /// The slope's 95 % interval lies above 0: A gains on B as the time grows.
    Scales,
    /// The slope's 95 % interval lies below 0: A loses ground as the time grows.
    AntiScales,
    /// The slope's 95 % interval contains 0.
    Flat,
    /// Fewer than two controls with a finite Elo.
    TooFew,
}

/// A scaling's results and fit.
#[derive(Clone, Debug, Serialize)]
pub struct ScalingReport {
    /// A's and B's manager specs.
    pub a: String,
    /// B's manager spec.
    pub b: String,
    /// One per control, in the spec's order.
    pub points: Vec<ScalingPoint>,
    /// Elo against log₂(time), weights 1/variance (two controls with a finite Elo needed).
    pub fit: Option<LineFit>,
    /// The verdict.
    pub verdict: ScalingVerdict,
    /// The verdict as a sentence, with its numbers.
    pub sentence: String,
}

impl ScalingPlan {
    /// The control with the longest typical time: the one to calibrate on (its calibration game
    /// is cut short by the budget, so its cost is measured per clock millisecond).
    pub fn longest(&self) -> usize {
        (0..self.seconds.len()).max_by(|&i, &j| self.seconds[i].total_cmp(&self.seconds[j])).unwrap_or(0)
    }

    /// The plan of every control's games, `workers` at once, from a calibration of the
    /// [`ScalingPlan::longest`] control: each control's games costed by the clock time a typical
    /// game of it spends (the rule of `tmlab scaling --dry-run` and the Scaling section).
    pub fn cost(&self, cal: &Calibration, workers: u32) -> CostEstimate {
        let games = self.games();
        let parts: Vec<CostEstimate> = self
            .configs
            .iter()
            .map(|cfg| {
                let nps = match cfg.clock {
                    ClockMode::Virtual { nps, .. } => Some(nps),
                    ClockMode::Real => None,
                };
                let clock = typical_clock_ms([&cfg.tc_a, &cfg.tc_b]);
                CostEstimate::new(games, games, workers, cal, clock, nps)
            })
            .collect();
        CostEstimate::sequence(&parts).expect("a plan has two controls or more")
    }

    /// Games per control.
    pub fn games(&self) -> u32 {
        self.spec.base.games
    }

    /// The report of finished games: `scores[i][g]` is control `i`'s game `g`.
    pub fn report(&self, scores: &[Vec<Option<GameScore>>]) -> ScalingReport {
        let points: Vec<ScalingPoint> = self
            .spec
            .tcs
            .iter()
            .enumerate()
            .map(|(i, tc)| ScalingPoint {
                tc: tc.clone(),
                seconds: self.seconds[i],
                log2_time: self.seconds[i].log2(),
                m: PointMatch::of(scores, i),
            })
            .collect();
        let fit_points: Vec<FitPoint> = points.iter().filter_map(|p| p.m.fit_point(p.log2_time)).collect();
        let fit = LineFit::new(&fit_points);
        let (a, b) = (self.spec.base.a.clone(), self.spec.base.b.clone());
        let (verdict, sentence) = describe(fit.as_ref(), &a, &b);
        ScalingReport { a, b, points, fit, verdict, sentence }
    }
}

/// The verdict of a fit and its sentence.
pub fn describe(fit: Option<&LineFit>, a: &str, b: &str) -> (ScalingVerdict, String) {
    let Some(f) = fit else {
        return (
            ScalingVerdict::TooFew,
            "too few controls with a finite Elo to fit a line (two are needed, each with a finished pair and not every game won or lost)".into(),
        );
    };
    let numbers = format!(
        "{:+.1} Elo per doubling of the time (95 % CI {:+.1} … {:+.1}; {} controls, χ² = {:.2} on {} degrees of freedom)",
        f.slope,
        f.slope_lo,
        f.slope_hi,
        f.points,
        f.chi2,
        f.points.saturating_sub(2)
    );
    if f.slope_lo > 0.0 {
        (ScalingVerdict::Scales, format!("{a} scales against {b}: it gains {numbers}"))
    } else if f.slope_hi < 0.0 {
        (ScalingVerdict::AntiScales, format!("{a} anti-scales against {b}: it loses ground, {numbers}"))
    } else {
        (
            ScalingVerdict::Flat,
            format!(
                "flat: no significant change of {a}'s Elo against {b} with the time, {numbers}; more games per control would narrow it"
            ),
        )
    }
}

impl ScalingReport {
    /// The table, the fit and a legend of the units.
    pub fn to_text(&self) -> String {
        let mut s = format!(
            "{:>12}  {:>9}  {:>5}  {:>11}  {:>16}  {:>16}  {:>8}\n",
            "tc", "s/side", "games", "W-L-D", "Elo ±95 %", "nElo ±95 %", "t/o A/B"
        );
        for p in &self.points {
            let [wdl, elo, nelo, timeouts] = p.m.cells();
            s += &format!(
                "{:>12}  {:>9.2}  {:>5}  {wdl:>11}  {elo:>16}  {nelo:>16}  {timeouts:>8}\n",
                p.tc, p.seconds, p.m.finished,
            );
        }
        if let Some(f) = &self.fit {
            s += &format!(
                "fit (weights 1/σ²): Elo = {:.1} {:+.2}·log2(s/side), slope ± 95 % = {:+.1} ± {:.1}\n",
                f.intercept,
                f.slope,
                f.slope,
                Z95 * f.slope_se
            );
        }
        s += &format!("verdict: {}\n", self.sentence);
        s += "Elo: A's logistic Elo against B from colour-reversed pairs (fastchess's pentanomial), 95 % interval; \
              s/side: the clock a typical game spends per side (70 % of the base + 65 increments), whose log2 is the fit's x; \
              slope: Elo per doubling of that time\n";
        s
    }

    /// CSV: one row per control.
    pub fn to_csv(&self) -> String {
        let mut s = String::from(
            "tc,seconds_per_side,log2_time,games,wins,losses,draws,elo,elo_error,nelo,nelo_error,timeouts_a,timeouts_b\n",
        );
        for p in &self.points {
            let m = &p.m;
            let (elo, ee, nelo, ne) = m.estimate.map_or((f64::NAN, f64::NAN, f64::NAN, f64::NAN), |e| {
                (e.elo, e.elo_error, e.nelo, e.nelo_error)
            });
            let num = |x: f64| if x.is_finite() { format!("{x:.3}") } else { String::new() };
            s += &format!(
                "{},{},{},{},{},{},{},{},{},{},{},{},{}\n",
                p.tc,
                num(p.seconds),
                num(p.log2_time),
                m.finished,
                m.wdl.wins,
                m.wdl.losses,
                m.wdl.draws,
                num(elo),
                num(ee),
                num(nelo),
                num(ne),
                m.a.timeouts,
                m.timeouts_b
            );
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::stats::Outcome;

    pub(crate) fn spec(tcs: &[&str]) -> ScalingSpec {
        let base =
            MatchSpec { a: "lc0-legacy".into(), b: "stockfish".into(), games: 4, ..MatchSpec::default() };
        ScalingSpec { tcs: tcs.iter().map(|s| (*s).to_string()).collect(), base }
    }

    #[test]
    fn a_plan_sets_each_control_and_refuses_bad_ones() {
        let plan = spec(&["1+0.01", "2+0.02", "4+0.04"]).plan().unwrap();
        assert_eq!(plan.specs[1].tc_a, "2+0.02");
        assert_eq!(plan.configs[2].seed, plan.configs[0].seed);
        // 0.7·1000 + 65·10 = 1350 ms per side at 1+0.01; each control doubles it.
        assert!((plan.seconds[0] - 1.35).abs() < 1e-12, "{:?}", plan.seconds);
        assert!((plan.seconds[1] / plan.seconds[0] - 2.0).abs() < 1e-12);
        let e = spec(&["1+0.01"]).plan().unwrap_err();
        assert_eq!(e.path, "tcs");
        assert!(e.to_string().contains("1 time controls is not allowed; allowed: 2 to 12"), "{e}");
        let e = spec(&["1+0.01", "banana"]).plan().unwrap_err();
        assert!(e.to_string().starts_with("tcs: `banana`:"), "{e}");
        let e = spec(&["1+0.01", "40/60"]).plan().unwrap_err();
        assert!(e.message.contains("no typical game time"), "{e}");
        let e = spec(&["1+0.01", "1+0.01"]).plan().unwrap_err();
        assert!(e.message.contains("the same typical time"), "{e}");
        let mut s = spec(&["1+0.01", "2+0.02"]);
        s.base.b = "nope".into();
        assert_eq!(s.plan().unwrap_err().path, "b");
        let round = ScalingSpec::from_json(&s.to_json()).unwrap();
        assert_eq!(round, s);
        assert_eq!(ScalingSpec::from_json(r#"{"tcs":[1],"match":{}}"#).unwrap_err().path, "tcs");
        assert_eq!(ScalingSpec::from_json(r#"{"tcs":[],"x":1}"#).unwrap_err().path, "x");
        assert_eq!(tcs_list(" 1+0.01, 2+0.02 ,"), ["1+0.01", "2+0.02"]);
    }

    fn game(index: u32, outcome_a: Outcome) -> GameScore {
        let usage = serde_json::json!({"share_by_20": null, "share_by_40": null, "time_left_ms": 1.0, "time_trouble": false, "timeout": false, "used_over_allocated": null, "latency_ms": null, "moves": 3});
        GameScore {
            index,
            outcome_a,
            a_white: MatchConfig::a_is_white(index),
            termination: None,
            usage_a: serde_json::from_value(usage.clone()).unwrap(),
            usage_b: serde_json::from_value(usage).unwrap(),
            overshoot: [0.0, 0.0],
        }
    }

    #[test]
    fn the_report_fits_elo_against_log_time() {
        use Outcome::{Draw, Loss, Win};
        let mut s = spec(&["1+0.01", "2+0.02", "4+0.04"]);
        s.base.games = 8;
        let plan = s.plan().unwrap();
        // Control 1 mostly lost, 2 even, 3 mostly won: a rising line.
        let rows = [
            [Loss, Loss, Loss, Draw, Win, Loss, Loss, Draw],
            [Win, Loss, Draw, Draw, Loss, Win, Draw, Draw],
            [Win, Win, Win, Draw, Loss, Win, Win, Draw],
        ];
        let scores: Vec<Vec<Option<GameScore>>> = rows
            .iter()
            .map(|r| r.iter().enumerate().map(|(g, &o)| Some(game(g as u32, o))).collect())
            .collect();
        let r = plan.report(&scores);
        let f = r.fit.clone().unwrap();
        // The fit is the line fit of the points' (log2 time, Elo, error/1.96).
        let pts: Vec<FitPoint> = r
            .points
            .iter()
            .map(|p| {
                let e = p.m.estimate.unwrap();
                FitPoint { x: p.seconds.log2(), y: e.elo, sigma: e.elo_error / Z95 }
            })
            .collect();
        assert_eq!(LineFit::new(&pts).unwrap(), f);
        assert!(f.slope > 0.0);
        assert!(r.sentence.contains("per doubling"), "{}", r.sentence);
        assert_eq!(r.verdict, if f.slope_lo > 0.0 { ScalingVerdict::Scales } else { ScalingVerdict::Flat });
        assert!(r.to_text().contains("verdict:"));
        assert_eq!(r.to_csv().lines().count(), 4);
        // No games: too few.
        let empty = plan.report(&[]);
        assert_eq!(empty.verdict, ScalingVerdict::TooFew);
    }

    #[test]
    fn verdicts_follow_the_interval() {
        let line = |lo: f64, hi: f64| LineFit {
            intercept: 0.0,
            slope: (lo + hi) / 2.0,
            slope_se: 1.0,
            slope_lo: lo,
            slope_hi: hi,
            intercept_se: 1.0,
            cov: 0.0,
            chi2: 0.0,
            points: 3,
            x_range: (0.0, 1.0),
        };
        assert_eq!(describe(Some(&line(1.0, 9.0)), "x", "y").0, ScalingVerdict::Scales);
        assert_eq!(describe(Some(&line(-9.0, -1.0)), "x", "y").0, ScalingVerdict::AntiScales);
        let (v, s) = describe(Some(&line(-1.0, 9.0)), "x", "y");
        assert_eq!(v, ScalingVerdict::Flat);
        assert!(s.contains("+4.0 Elo per doubling of the time (95 % CI -1.0 … +9.0"), "{s}");
    }
}
