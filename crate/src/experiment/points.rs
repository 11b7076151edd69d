//! What a sweep and a scaling share: a set of points (a parameter's values, time controls), each
//! played as a match of one base [`MatchSpec`] (the same seed: the same openings in the same
//! order), and reported per point with Elo and nElo ± 95 %, the points then fitted.
//!
//! The two fronts ([`super::sweep`], [`super::scaling`]) say what a point is, how its match
//! differs from the base, and which curve is fitted; everything else is here.

use serde::Serialize;
use serde_json::{Map, Value};

use super::fit::{FitPoint, Z95};
use crate::play::match_::{GameScore, PlayerTimeStats, report_scores};
use crate::play::match_spec::{FieldError, MatchSpec};
use crate::play::stats::{EloEstimate, Pentanomial, Wdl};

/// Reads the JSON form of a points experiment: an object with `fields` (the last is `match`,
/// read by [`base_of`] after the front's own fields). `kind` names the spec (`sweep`).
///
/// # Errors
/// Invalid JSON, not an object, or an unknown field.
pub(crate) fn read_spec(text: &str, kind: &str, fields: &[&str]) -> Result<Map<String, Value>, FieldError> {
    let v: Value = serde_json::from_str(text).map_err(|e| {
        FieldError::new("", format!("the {kind} spec is not valid JSON: {e}"), "a JSON object")
    })?;
    let Value::Object(obj) = v else {
        return Err(FieldError::new("", format!("the {kind} spec is not an object"), "an object"));
    };
    if let Some(k) = obj.keys().find(|k| !fields.contains(&k.as_str())) {
        return Err(FieldError::new(k.as_str(), "unknown field", fields.join(", ")));
    }
    Ok(obj)
}

/// The spec's `match`: the [`MatchSpec`] every point's match is made from. Errors name the
/// field (`match.tc_a`).
///
/// # Errors
/// A missing or invalid match spec.
pub(crate) fn base_of(obj: &Map<String, Value>) -> Result<MatchSpec, FieldError> {
    let base = obj.get("match").ok_or_else(|| FieldError::new("match", "missing", "a match spec object"))?;
    MatchSpec::from_value(base).map_err(|e| e.within("match"))
}

/// One point's match: A against B at that point.
#[derive(Clone, Debug, Serialize)]
pub struct PointMatch {
    /// Games finished.
    pub finished: u32,
    /// A's wins, losses and draws.
    pub wdl: Wdl,
    /// A's pair results.
    pub penta: Pentanomial,
    /// Elo and nElo of A against B with 95 % intervals (from the pairs; `None` before one).
    pub estimate: Option<EloEstimate>,
    /// A's time usage and timeouts.
    pub a: PlayerTimeStats,
    /// Games B lost on time.
    pub timeouts_b: u32,
}

impl PointMatch {
    /// Point `i`'s match from `scores[i][g]` (point `i`'s game `g`; missing points have none).
    pub fn of(scores: &[Vec<Option<GameScore>>], i: usize) -> PointMatch {
        let r = report_scores(scores.get(i).map_or(&[][..], Vec::as_slice), None);
        PointMatch {
            finished: r.finished,
            wdl: r.block.wdl,
            penta: r.block.penta,
            estimate: r.block.estimate,
            a: r.a,
            timeouts_b: r.b.timeouts,
        }
    }

    /// Elo, or NaN before two pairs.
    pub fn elo(&self) -> f64 {
        self.estimate.map_or(f64::NAN, |e| e.elo)
    }

    /// The point at `x` for a fit weighted by 1/σ² (σ the 95 % interval / 1.96), when there is
    /// an estimate.
    pub fn fit_point(&self, x: f64) -> Option<FitPoint> {
        self.estimate.map(|e| FitPoint { x, y: e.elo, sigma: e.elo_error / Z95 })
    }

    /// The table's cells: `W-L-D`, `Elo ± 95 %`, `nElo ± 95 %` and `t/o A/B`.
    pub fn cells(&self) -> [String; 4] {
        let pm = |x: f64, e: f64| if x.is_finite() { format!("{x:+.1} ± {e:.1}") } else { format!("{x}") };
        let (elo, nelo) = self
            .estimate
            .map_or(("-".into(), "-".into()), |e| (pm(e.elo, e.elo_error), pm(e.nelo, e.nelo_error)));
        let wdl = format!("{}-{}-{}", self.wdl.wins, self.wdl.losses, self.wdl.draws);
        [wdl, elo, nelo, format!("{}/{}", self.a.timeouts, self.timeouts_b)]
    }
}
