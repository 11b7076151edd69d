//! A weighted quadratic fit of Elo against a parameter's value, and where its maximum lies.
//!
//! Each point is `(x, y, σ)`: a value, its Elo and the Elo's standard error. The fit
//! `y = b0 + b1·x + b2·x²` minimises `Σ (y − ŷ)² / σ²` (weights 1/variance), so a value measured
//! with fewer games or a wider interval pulls less. The coefficients' covariance is
//! `(XᵀWX)⁻¹` (the σ are taken as known).
//!
//! The verdict ([`Optimum`]):
//! - [`Optimum::Interior`]: the parabola opens downwards with a curvature that is significant
//!   (`b2 + 1.96·se(b2) < 0`) and its vertex `x* = −b1 / (2·b2)` lies inside the values tried;
//!   the 95 % interval of `x*` comes from the delta method
//!   (`∂x*/∂b1 = −1/(2·b2)`, `∂x*/∂b2 = b1/(2·b2²)`).
//! - [`Optimum::Edge`]: the fitted curve rises significantly towards one end (the vertex lies
//!   beyond it, or the curve has no significant maximum but the end-to-end difference is
//!   significant): the optimum is at or beyond that edge; try values further out.
//! - [`Optimum::Flat`]: neither; the values tried are indistinguishable at this sample size.
//! - [`Optimum::TooFewPoints`]: fewer than three values with a finite Elo and interval.

use serde::Serialize;

/// z of a two-sided 95 % interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Smallest standard error a point is given (Elo), so a point with no spread (every game
/// drawn) does not take an infinite weight.
pub const MIN_SIGMA: f64 = 1.0;

/// One measured value.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct FitPoint {
    /// The parameter's value.
    pub x: f64,
    /// Elo at that value.
    pub y: f64,
    /// Standard error of `y` (Elo): the 95 % half-width ÷ 1.96.
    pub sigma: f64,
}

/// Which end of the values tried.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The smallest value.
    Low,
    /// The largest value.
    High,
}

/// Where the fitted maximum lies.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Optimum {
    /// A maximum inside the values tried.
    Interior {
        /// The vertex of the parabola.
        x: f64,
        /// Lower end of its 95 % interval.
        lo: f64,
        /// Upper end of its 95 % interval.
        hi: f64,
        /// Fitted Elo at `x`.
        elo: f64,
    },
    /// The fit rises significantly towards one end.
    Edge {
        /// Which end.
        side: Side,
        /// The value at that end.
        x: f64,
    },
    /// No significant maximum and no significant slope.
    Flat,
    /// Fewer than three usable points.
    TooFewPoints,
}

/// A fitted parabola.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Fit {
    /// `[b0, b1, b2]`: Elo = b0 + b1·x + b2·x².
    pub coef: [f64; 3],
    /// Their covariance matrix.
    pub cov: [[f64; 3]; 3],
    /// Smallest and largest x fitted.
    pub x_range: (f64, f64),
    /// Weighted sum of squared residuals (χ², in units of σ²).
    pub chi2: f64,
    /// The verdict.
    pub optimum: Optimum,
}

/// Inverse of a symmetric 3×3 matrix (None when singular).
fn invert3(m: [[f64; 3]; 3]) -> Option<[[f64; 3]; 3]> {
    let c = |r: usize, s: usize| {
        let (r1, r2) = ((r + 1) % 3, (r + 2) % 3);
        let (s1, s2) = ((s + 1) % 3, (s + 2) % 3);
        m[r1][s1] * m[r2][s2] - m[r1][s2] * m[r2][s1]
    };
    let det = m[0][0] * c(0, 0) + m[0][1] * c(0, 1) + m[0][2] * c(0, 2);
    let scale = m.iter().flatten().fold(0.0f64, |a, v| a.max(v.abs()));
    if !det.is_finite() || det.abs() <= 1e-12 * scale.powi(3) {
        return None;
    }
    let mut inv = [[0.0; 3]; 3];
    for (r, row) in inv.iter_mut().enumerate() {
        for (s, v) in row.iter_mut().enumerate() {
            // The adjugate is the transposed cofactor matrix.
            *v = c(s, r) / det;
        }
    }
    Some(inv)
}

fn quad(g: [f64; 3], cov: &[[f64; 3]; 3]) -> f64 {
    (0..3).map(|i| (0..3).map(|j| g[i] * cov[i][j] * g[j]).sum::<f64>()).sum()
}

impl Fit {
    /// Fitted Elo at `x`.
    pub fn eval(&self, x: f64) -> f64 {
        let [b0, b1, b2] = self.coef;
        b0 + b1 * x + b2 * x * x
    }

    /// Fits the points with a finite `y` and `sigma` (σ below [`MIN_SIGMA`] is raised to it).
    /// `None` when fewer than three distinct values remain or the system is singular.
    pub fn new(points: &[FitPoint]) -> Option<Fit> {
        let pts: Vec<FitPoint> = points
            .iter()
            .filter(|p| p.x.is_finite() && p.y.is_finite() && p.sigma.is_finite())
            .map(|p| FitPoint { sigma: p.sigma.max(MIN_SIGMA), ..*p })
            .collect();
        let mut xs: Vec<f64> = pts.iter().map(|p| p.x).collect();
        xs.sort_by(f64::total_cmp);
        xs.dedup();
        if xs.len() < 3 {
            return None;
        }
        let (lo, hi) = (xs[0], xs[xs.len() - 1]);
        let mut a = [[0.0; 3]; 3];
        let mut b = [0.0; 3];
        for p in &pts {
            let w = 1.0 / (p.sigma * p.sigma);
            let row = [1.0, p.x, p.x * p.x];
            for i in 0..3 {
                b[i] += w * row[i] * p.y;
                for j in 0..3 {
                    a[i][j] += w * row[i] * row[j];
                }
            }
        }
        let cov = invert3(a)?;
        let coef: [f64; 3] = std::array::from_fn(|i| (0..3).map(|j| cov[i][j] * b[j]).sum());
        let mut fit = Fit { coef, cov, x_range: (lo, hi), chi2: 0.0, optimum: Optimum::Flat };
        fit.chi2 = pts.iter().map(|p| ((p.y - fit.eval(p.x)) / p.sigma).powi(2)).sum();
        fit.optimum = fit.verdict();
        Some(fit)
    }

    fn verdict(&self) -> Optimum {
        let [_, b1, b2] = self.coef;
        let (lo, hi) = self.x_range;
        let se_b2 = self.cov[2][2].max(0.0).sqrt();
        if b2 < 0.0 && b2 + Z95 * se_b2 < 0.0 {
            let x = -b1 / (2.0 * b2);
            if x < lo {
                return Optimum::Edge { side: Side::Low, x: lo };
            }
            if x > hi {
                return Optimum::Edge { side: Side::High, x: hi };
            }
            let g = [0.0, -1.0 / (2.0 * b2), b1 / (2.0 * b2 * b2)];
            let half = Z95 * quad(g, &self.cov).max(0.0).sqrt();
            return Optimum::Interior { x, lo: x - half, hi: x + half, elo: self.eval(x) };
        }
        // No significant maximum: is one end significantly above the other?
        let d = self.eval(hi) - self.eval(lo);
        let se_d = quad([0.0, hi - lo, hi * hi - lo * lo], &self.cov).max(0.0).sqrt();
        if d.abs() > Z95 * se_d {
            if d > 0.0 {
                Optimum::Edge { side: Side::High, x: hi }
            } else {
                Optimum::Edge { side: Side::Low, x: lo }
            }
        } else {
            Optimum::Flat
        }
    }

    /// One sentence on the optimum, with units.
    pub fn describe(&self, param: &str) -> String {
        match self.optimum {
            Optimum::Interior { x, lo, hi, elo } => format!(
                "fitted optimum {param} = {} (95 % CI {} … {}), fitted Elo there {elo:+.1}",
                short(x),
                short(lo),
                short(hi)
            ),
            Optimum::Edge { side, x } => format!(
                "the optimum is at the {} edge ({param} = {}) or beyond it: the fit rises significantly towards it; try values further {}",
                if side == Side::Low { "low" } else { "high" },
                short(x),
                if side == Side::Low { "down" } else { "up" }
            ),
            Optimum::Flat => format!(
                "the fit is flat: no significant maximum or slope of Elo in {param} at this sample size (more games per value would tell)"
            ),
            Optimum::TooFewPoints => "too few values with a finite Elo to fit".into(),
        }
    }
}

/// A value with four decimals at most (the charts' tick labels print values the same way).
pub use crate::plot::reports::short;

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: f64, y: f64, sigma: f64) -> FitPoint {
        FitPoint { x, y, sigma }
    }

    #[test]
    fn an_exact_parabola_is_recovered_with_its_vertex() {
        // y = 10 + 40x − 20x²: vertex at x = 1, y = 30.
        let pts: Vec<FitPoint> =
            [0.0, 0.5, 1.0, 1.5, 2.0].iter().map(|&x| p(x, 10.0 + 40.0 * x - 20.0 * x * x, 1.0)).collect();
        let f = Fit::new(&pts).unwrap();
        for (c, e) in f.coef.iter().zip([10.0, 40.0, -20.0]) {
            assert!((c - e).abs() < 1e-9, "{:?}", f.coef);
        }
        assert!(f.chi2 < 1e-12);
        let Optimum::Interior { x, lo, hi, elo } = f.optimum else { panic!("{:?}", f.optimum) };
        assert!((x - 1.0).abs() < 1e-9 && (elo - 30.0).abs() < 1e-9);
        assert!(lo < 1.0 && hi > 1.0);
    }

    #[test]
    fn a_hand_computed_weighted_fit() {
        // Points x = −1, 0, 1 with y = 0, 10, 0 and σ = 1, 2, 1 (weights 1, ¼, 1). Three points
        // fit a parabola exactly: b0 = 10, b1 = 0, b2 = −10, whatever the weights.
        // XᵀWX = [[2.25, 0, 2], [0, 2, 0], [2, 0, 2]]; its inverse:
        // by cofactors det = 2.25·(2·2 − 0) + 2·(0·0 − 2·2) = 9 − 8 = 1,
        // inv = [[4, 0, −4], [0, 0.5, 0], [−4, 0, 4.5]].
        let f = Fit::new(&[p(-1.0, 0.0, 1.0), p(0.0, 10.0, 2.0), p(1.0, 0.0, 1.0)]).unwrap();
        let want = [[4.0, 0.0, -4.0], [0.0, 0.5, 0.0], [-4.0, 0.0, 4.5]];
        for (got, want) in f.cov.iter().flatten().zip(want.iter().flatten()) {
            assert!((got - want).abs() < 1e-12, "{:?}", f.cov);
        }
        assert!(
            (f.coef[0] - 10.0).abs() < 1e-12 && f.coef[1].abs() < 1e-12 && (f.coef[2] + 10.0).abs() < 1e-12
        );
        // se(b2) = √4.5 = 2.12; b2 + 1.96·2.12 < 0: a significant maximum at x* = 0, whose
        // variance is (1/(2·b2))²·var(b1) = (1/20)²·0.5 = 0.00125: half-width 1.96·0.03536.
        let Optimum::Interior { x, lo, hi, .. } = f.optimum else { panic!("{:?}", f.optimum) };
        assert!(x.abs() < 1e-12);
        let half = Z95 * 0.00125f64.sqrt();
        assert!((hi - half).abs() < 1e-9 && (lo + half).abs() < 1e-9, "{lo} {hi}");
    }

    #[test]
    fn weights_pull_the_fit_towards_precise_points() {
        // Four points, one off the parabola: with a small σ it drags the fit, with a big σ not.
        let base = [p(0.0, 0.0, 1.0), p(1.0, 10.0, 1.0), p(2.0, 0.0, 1.0)];
        let with = |sigma| {
            let mut v = base.to_vec();
            v.push(p(1.5, 20.0, sigma));
            Fit::new(&v).unwrap().eval(1.5)
        };
        assert!(with(0.5) > with(50.0) + 5.0, "{} {}", with(0.5), with(50.0));
    }

    #[test]
    fn edges_flat_and_too_few() {
        // Rising line with small errors: the optimum is at the high edge.
        let rising: Vec<FitPoint> = (0..5).map(|i| p(f64::from(i), 50.0 * f64::from(i), 5.0)).collect();
        assert_eq!(Fit::new(&rising).unwrap().optimum, Optimum::Edge { side: Side::High, x: 4.0 });
        // A parabola whose vertex lies below the range: low edge.
        let vertex_low: Vec<FitPoint> =
            (0..5).map(f64::from).map(|x| p(x, -30.0 * (x + 2.0) * (x + 2.0), 1.0)).collect();
        assert_eq!(Fit::new(&vertex_low).unwrap().optimum, Optimum::Edge { side: Side::Low, x: 0.0 });
        // Noise much smaller than the errors: flat.
        let flat: Vec<FitPoint> =
            [0.0, 1.0, 2.0, 3.0].iter().zip([1.0, -2.0, 2.0, 0.0]).map(|(&x, y)| p(x, y, 40.0)).collect();
        let f = Fit::new(&flat).unwrap();
        assert_eq!(f.optimum, Optimum::Flat);
        assert!(f.describe("slowmover").contains("flat"));
        // Two values, or a third with an infinite Elo: nothing to fit.
        assert!(Fit::new(&[p(0.0, 1.0, 1.0), p(1.0, 2.0, 1.0)]).is_none());
        assert!(Fit::new(&[p(0.0, 1.0, 1.0), p(1.0, 2.0, 1.0), p(2.0, f64::INFINITY, f64::NAN)]).is_none());
    }
}
