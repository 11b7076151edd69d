//! Elo and normalised Elo with their 95 % intervals and the LOS, from pair (pentanomial) or
//! game (W/D/L) results, and the normal distribution functions they need.

use serde::Serialize;

use super::{NELO_SCALE, PENTA_SCORES, Pentanomial, WDL_SCORES, Wdl, Z95, mean_variance};

/// Elo from an expected score in (0, 1) under the logistic model (±infinity at 1 and 0).
pub fn elo_from_score(score: f64) -> f64 {
    -400.0 * libm::log10(1.0 / score - 1.0)
}

/// The expected score of an Elo difference under the logistic model.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + libm::pow(10.0, -elo / 400.0))
}

/// Elo estimates with their 95 % intervals.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct EloEstimate {
    /// Logistic Elo difference (A − B); ±infinity when one side scored every point.
    pub elo: f64,
    /// Half-width of its 95 % interval; NaN when `elo` is infinite.
    pub elo_error: f64,
    /// Normalised Elo: the score's distance from ½ in standard deviations, scaled to Elo.
    pub nelo: f64,
    /// Half-width of its 95 % interval.
    pub nelo_error: f64,
    /// Likelihood of superiority: the probability that A is stronger.
    pub los: f64,
    /// The mean score per game.
    pub score: f64,
}

/// The standard normal CDF.
pub(super) fn phi(x: f64) -> f64 {
    0.5 * (1.0 + erf(x / std::f64::consts::SQRT_2))
}

/// The error function (Abramowitz–Stegun 7.1.26 is too coarse for LOS; this uses the series
/// and continued fraction of W. J. Cody's approach through `erfc` for large |x|).
pub(super) fn erf(x: f64) -> f64 {
    // Taylor series converges fast for |x| < 3; beyond that erf is 1 within f64 precision at 6.
    if x.abs() > 6.0 {
        return x.signum();
    }
    if x.abs() < 3.0 {
        let mut sum = x;
        let mut term = x;
        let x2 = x * x;
        // At |x| < 3 the terms fall below 1e-17 of the sum within 60 terms.
        for n in 1..=120 {
            let n = f64::from(n);
            term *= -x2 / n;
            let add = term / (2.0 * n + 1.0);
            sum += add;
            if add.abs() <= 1e-17 * sum.abs() {
                break;
            }
        }
        return sum * 2.0 / std::f64::consts::PI.sqrt();
    }
    // Continued fraction for erfc (Lentz), accurate for |x| ≥ 3.
    let ax = x.abs();
    let mut f = ax;
    let mut c = ax;
    let mut d = 0.0;
    for k in 1..200 {
        let a = f64::from(k) / 2.0;
        d = 1.0 / (ax + a * d);
        c = ax + a / c;
        let delta = c * d;
        f *= delta;
        if (delta - 1.0).abs() < 1e-16 {
            break;
        }
    }
    let erfc = libm::exp(-ax * ax) / (f * std::f64::consts::PI.sqrt());
    x.signum() * (1.0 - erfc)
}

/// Estimate from a distribution of per-unit scores (`units` = pairs or games). `pairs` selects
/// the pentanomial normalisation (a pair's standard deviation is √2 times a game's).
fn estimate(scores: &[f64], counts: &[f64], pairs: bool) -> Option<EloEstimate> {
    let n: f64 = counts.iter().sum();
    if n <= 0.0 {
        return None;
    }
    let (mu, var) = mean_variance(scores, counts);
    let var_mean = var / n;
    let spread = Z95 * var_mean.sqrt();
    // At a score of 0 or 1 the Elo difference is infinite and its interval undefined, as in
    // fastchess ("inf +/- nan"). Otherwise an interval end beyond 0 or 1 is clamped, so the
    // error stays a (large) number.
    let clamp = |s: f64| s.clamp(1e-6, 1.0 - 1e-6);
    let elo = elo_from_score(mu);
    let elo_error = if mu <= 0.0 || mu >= 1.0 {
        f64::NAN
    } else {
        (elo_from_score(clamp(mu + spread)) - elo_from_score(clamp(mu - spread))) / 2.0
    };
    let norm = if pairs { NELO_SCALE / std::f64::consts::SQRT_2 } else { NELO_SCALE };
    let (nelo, nelo_error) =
        if var > 0.0 { ((mu - 0.5) / var.sqrt() * norm, Z95 / n.sqrt() * norm) } else { (0.0, 0.0) };
    let los = if var_mean > 0.0 {
        phi((mu - 0.5) / var_mean.sqrt())
    } else if mu > 0.5 {
        1.0
    } else if mu < 0.5 {
        0.0
    } else {
        0.5
    };
    Some(EloEstimate { elo, elo_error, nelo, nelo_error, los, score: mu })
}

/// The half-width of the 95 % Elo interval that `games` games between equal players are expected
/// to give when a share `draw_ratio` of them are drawn: the interval [`estimate_wdl`] computes
/// from a score of ½ with the per-game variance (1 − draw ratio)/4 (NaN for no games).
pub fn expected_elo_error(games: u32, draw_ratio: f64) -> f64 {
    if games == 0 {
        return f64::NAN;
    }
    let sd = ((1.0 - draw_ratio.clamp(0.0, 1.0)) / 4.0).sqrt();
    let spread = Z95 * sd / f64::from(games).sqrt();
    let clamp = |s: f64| s.clamp(1e-6, 1.0 - 1e-6);
    (elo_from_score(clamp(0.5 + spread)) - elo_from_score(clamp(0.5 - spread))) / 2.0
}

/// Estimates from pair results (fastchess's default report).
pub fn estimate_pentanomial(p: &Pentanomial) -> Option<EloEstimate> {
    estimate(&PENTA_SCORES, &p.counts(), true)
}

/// Estimates from game results alone (used before the first pair completes).
pub fn estimate_wdl(w: &Wdl) -> Option<EloEstimate> {
    estimate(&WDL_SCORES, &[w.losses, w.draws, w.wins].map(f64::from), false)
}
