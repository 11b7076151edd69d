//! A sweep's results: one [`SweepPoint`] per value and the fit, as a table, CSV or JSON.

use serde::Serialize;

use super::fit::{Fit, short};
use super::points::PointMatch;

/// One value's results.
#[derive(Clone, Debug, Serialize)]
pub struct SweepPoint {
    /// The parameter's value.
    pub value: f64,
    /// A's spec string at this value.
    pub spec: String,
    /// The value's match against the baseline (its fields are the point's in JSON).
    #[serde(flatten)]
    pub m: PointMatch,
}

/// A sweep's results and fit.
#[derive(Clone, Debug, Serialize)]
pub struct SweepReport {
    /// The parameter.
    pub param: String,
    /// One per value, in the spec's order.
    pub points: Vec<SweepPoint>,
    /// The weighted quadratic fit (three values with a finite Elo needed).
    pub fit: Option<Fit>,
    /// One sentence on the optimum.
    pub verdict: String,
    /// The value with the highest measured Elo.
    pub best_measured: Option<f64>,
}

impl SweepReport {
    /// The table, the fit and a legend of the units.
    pub fn to_text(&self) -> String {
        let pct = |x: Option<f64>| x.map_or("-".into(), |v| format!("{:.1} %", 100.0 * v));
        let mut s = format!(
            "{:>10}  {:>5}  {:>11}  {:>16}  {:>16}  {:>9}  {:>9}  {:>8}\n",
            self.param, "games", "W-L-D", "Elo ±95 %", "nElo ±95 %", "used@40", "used/soft", "t/o A/B"
        );
        for p in &self.points {
            let [wdl, elo, nelo, timeouts] = p.m.cells();
            s += &format!(
                "{:>10}  {:>5}  {wdl:>11}  {elo:>16}  {nelo:>16}  {:>9}  {:>9}  {timeouts:>8}\n",
                short(p.value),
                p.m.finished,
                pct(p.m.a.share_by_40),
                p.m.a.used_over_allocated.map_or("-".into(), |v| format!("{v:.2}")),
            );
        }
        if let Some(f) = &self.fit {
            let [b0, b1, b2] = f.coef;
            s += &format!(
                "fit (weights 1/σ²): Elo = {b0:.1} {:+.2}·x {:+.2}·x², χ² = {:.2} on {} degrees of freedom\n",
                b1,
                b2,
                f.chi2,
                self.points.iter().filter(|p| p.m.elo().is_finite()).count().saturating_sub(3)
            );
        }
        s += &format!("{}\n", self.verdict);
        if let Some(b) = self.best_measured {
            s += &format!("best measured: {} = {}\n", self.param, short(b));
        }
        s += "Elo: logistic Elo of the swept manager (A) against the baseline (B), ± the 95 % interval, from pairs; nElo: normalised Elo; used@40: share of A's clock used by move 40; used/soft: A's mean time used ÷ soft budget; t/o A/B: games lost on time by A / by B\n";
        s
    }

    /// CSV: one row per value.
    pub fn to_csv(&self) -> String {
        let opt = |x: Option<f64>| x.map_or(String::new(), |v| format!("{v}"));
        let mut s = format!(
            "{},games,wins,losses,draws,elo,elo_ci95,nelo,nelo_ci95,share_used_by_move_40,used_over_soft,timeouts_a,timeouts_b,spec\n",
            self.param
        );
        for p in &self.points {
            let m = &p.m;
            let e = m.estimate;
            s += &format!(
                "{},{},{},{},{},{},{},{},{},{},{},{},{},\"{}\"\n",
                p.value,
                m.finished,
                m.wdl.wins,
                m.wdl.losses,
                m.wdl.draws,
                opt(e.map(|e| e.elo)),
                opt(e.map(|e| e.elo_error)),
                opt(e.map(|e| e.nelo)),
                opt(e.map(|e| e.nelo_error)),
                opt(m.a.share_by_40),
                opt(m.a.used_over_allocated),
                m.a.timeouts,
                m.timeouts_b,
                p.spec.replace('"', "\"\"")
            );
        }
        s
    }
}
