//! A weighted least-squares straight line, `y = a + b·x`, with weights 1/σ².
//!
//! Each point is a [`FitPoint`] `(x, y, σ)` (σ is taken as known; below [`MIN_SIGMA`] it is
//! raised to it). With `S = Σw`, `Sx = Σw·x`, `Sy = Σw·y`, `Sxx = Σw·x²`, `Sxy = Σw·x·y` and
//! `Δ = S·Sxx − Sx²`:
//!
//! - slope `b = (S·Sxy − Sx·Sy)/Δ`, intercept `a = (Sxx·Sy − Sx·Sxy)/Δ`;
//! - `var(b) = S/Δ`, `var(a) = Sxx/Δ`, `cov(a, b) = −Sx/Δ`;
//! - the slope's 95 % interval is `b ± 1.96·√var(b)`.
//!
//! The time-control scaling ([`super::scaling`]) fits Elo against log₂ of the time, so the slope
//! is Elo per doubling of the time.

use serde::Serialize;

use super::fit::{FitPoint, MIN_SIGMA, Z95};

/// A fitted line.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LineFit {
    /// `a`: the fitted y at x = 0.
    pub intercept: f64,
    /// `b`: the change of y per unit of x.
    pub slope: f64,
    /// Standard error of the slope.
    pub slope_se: f64,
    /// Lower end of the slope's 95 % interval.
    pub slope_lo: f64,
    /// Upper end of the slope's 95 % interval.
    pub slope_hi: f64,
    /// Standard error of the intercept.
    pub intercept_se: f64,
    /// Covariance of intercept and slope.
    pub cov: f64,
    /// Weighted sum of squared residuals (χ²).
    pub chi2: f64,
    /// Points fitted.
    pub points: usize,
    /// Smallest and largest x fitted.
    pub x_range: (f64, f64),
}

impl LineFit {
    /// Fits the points with a finite `x`, `y` and `σ`. `None` when fewer than two distinct x
    /// remain.
    pub fn new(points: &[FitPoint]) -> Option<LineFit> {
        let pts: Vec<FitPoint> = points
            .iter()
            .filter(|p| p.x.is_finite() && p.y.is_finite() && p.sigma.is_finite())
            .map(|p| FitPoint { sigma: p.sigma.max(MIN_SIGMA), ..*p })
            .collect();
        let (lo, hi) =
            pts.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), p| (a.min(p.x), b.max(p.x)));
        if pts.len() < 2 || lo >= hi {
            return None;
        }
        let (mut s, mut sx, mut sy, mut sxx, mut sxy) = (0.0, 0.0, 0.0, 0.0, 0.0);
        for p in &pts {
            let w = 1.0 / (p.sigma * p.sigma);
            s += w;
            sx += w * p.x;
            sy += w * p.y;
            sxx += w * p.x * p.x;
            sxy += w * p.x * p.y;
        }
        let delta = s * sxx - sx * sx;
        if !(delta.is_finite() && delta > 0.0) {
            return None;
        }
        let slope = (s * sxy - sx * sy) / delta;
        let intercept = (sxx * sy - sx * sxy) / delta;
        let slope_se = (s / delta).sqrt();
        let chi2 = pts.iter().map(|p| ((p.y - intercept - slope * p.x) / p.sigma).powi(2)).sum();
        Some(LineFit {
            intercept,
            slope,
            slope_se,
            slope_lo: slope - Z95 * slope_se,
            slope_hi: slope + Z95 * slope_se,
            intercept_se: (sxx / delta).sqrt(),
            cov: -sx / delta,
            chi2,
            points: pts.len(),
            x_range: (lo, hi),
        })
    }

    /// The fitted y at `x`.
    pub fn eval(&self, x: f64) -> f64 {
        self.intercept + self.slope * x
    }

    /// Whether the slope's 95 % interval contains 0.
    pub fn flat(&self) -> bool {
        self.slope_lo <= 0.0 && self.slope_hi >= 0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: f64, y: f64, sigma: f64) -> FitPoint {
        FitPoint { x, y, sigma }
    }

    #[test]
    fn a_hand_computed_weighted_line() {
        // x = 0, 1, 2; y = 0, 10, 40; σ = 1, 1, 2 (weights 1, 1, ¼).
        // S = 2.25, Sx = 1.5, Sxx = 2, Sy = 20, Sxy = 30, Δ = 2.25·2 − 1.5² = 2.25.
        // b = (2.25·30 − 1.5·20)/2.25 = 50/3; a = (2·20 − 1.5·30)/2.25 = −20/9;
        // var(b) = 2.25/2.25 = 1; var(a) = 2/2.25; cov = −1.5/2.25.
        let f = LineFit::new(&[p(0.0, 0.0, 1.0), p(1.0, 10.0, 1.0), p(2.0, 40.0, 2.0)]).unwrap();
        assert!((f.slope - 50.0 / 3.0).abs() < 1e-12, "{f:?}");
        assert!((f.intercept + 20.0 / 9.0).abs() < 1e-12);
        assert!((f.slope_se - 1.0).abs() < 1e-12);
        assert!(
            (f.slope_lo - (50.0 / 3.0 - Z95)).abs() < 1e-12
                && (f.slope_hi - (50.0 / 3.0 + Z95)).abs() < 1e-12
        );
        assert!((f.intercept_se - (2.0f64 / 2.25).sqrt()).abs() < 1e-12);
        assert!((f.cov + 1.5 / 2.25).abs() < 1e-12);
        // Residuals ÷ σ: 0 − (−20/9) = 20/9; 10 − 130/9 = −40/9; (40 − 280/9)/2 = 40/9.
        let chi2 = (20.0f64 / 9.0).powi(2) + 2.0 * (40.0f64 / 9.0).powi(2);
        assert!((f.chi2 - chi2).abs() < 1e-9);
        assert!(!f.flat());
    }

    #[test]
    fn flat_when_the_interval_contains_zero_and_none_without_two_x() {
        let f = LineFit::new(&[p(0.0, 5.0, 30.0), p(1.0, -5.0, 30.0), p(2.0, 10.0, 30.0)]).unwrap();
        assert!(f.flat(), "{f:?}");
        let down = LineFit::new(&[p(0.0, 50.0, 2.0), p(1.0, 0.0, 2.0), p(2.0, -50.0, 2.0)]).unwrap();
        assert!(down.slope_hi < 0.0 && !down.flat());
        assert!(LineFit::new(&[p(1.0, 5.0, 1.0), p(1.0, 6.0, 1.0)]).is_none());
        assert!(LineFit::new(&[p(1.0, 5.0, 1.0), p(2.0, f64::INFINITY, f64::NAN)]).is_none());
        // σ below 1 Elo is raised to 1: an all-drawn point does not take an infinite weight.
        let g = LineFit::new(&[p(0.0, 0.0, 0.0), p(1.0, 10.0, 0.0)]).unwrap();
        assert!((g.slope_se - 2f64.sqrt()).abs() < 1e-12);
    }
}
