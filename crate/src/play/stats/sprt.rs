//! The SPRT on normalised Elo (fastchess's default model): its bounds, the log-likelihood ratio
//! of the pair results (Van den Bergh's maximum-likelihood distribution, §4.1) and its verdict.

use serde::Serialize;

use crate::error::FieldError;

use super::{NELO_SCALE, PENTA_SCORES, Pentanomial, REGULARIZE, mean_variance};

/// A sequential probability ratio test on normalised Elo (fastchess's default model).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Sprt {
    /// The null hypothesis: nElo = elo0.
    pub elo0: f64,
    /// The alternative: nElo = elo1.
    pub elo1: f64,
    /// False-positive rate.
    pub alpha: f64,
    /// False-negative rate.
    pub beta: f64,
}

/// Where an SPRT stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SprtVerdict {
    /// Neither bound reached yet.
    Running,
    /// LLR reached the upper bound: A is better by elo1.
    H1Accepted,
    /// LLR reached the lower bound: A is not better by elo1.
    H0Accepted,
}

impl SprtVerdict {
    /// The verdict in words: "running", "H1 accepted", "H0 accepted".
    pub fn label(self) -> &'static str {
        match self {
            SprtVerdict::Running => "running",
            SprtVerdict::H1Accepted => "H1 accepted",
            SprtVerdict::H0Accepted => "H0 accepted",
        }
    }
}

/// What an SPRT accepts (fastchess's rules).
pub const SPRT_ALLOWED: &str = "elo0 < elo1; alpha, beta in (0, 1), alpha + beta < 1";

impl Sprt {
    /// A test with fastchess's usual α = β = 0.05.
    pub fn new(elo0: f64, elo1: f64) -> Result<Self, FieldError> {
        Self::with_errors(elo0, elo1, 0.05, 0.05)
    }

    /// A test with the given error rates; refuses what fastchess refuses (path `sprt`).
    pub fn with_errors(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Self, FieldError> {
        if !(elo0.is_finite() && elo1.is_finite()) || elo0 >= elo1 {
            let message = format!("SPRT: elo0 must be less than elo1, got [{elo0}, {elo1}]");
            return Err(FieldError::new("sprt", message, SPRT_ALLOWED));
        }
        let in_unit = |x: f64| x > 0.0 && x < 1.0;
        if !in_unit(alpha) || !in_unit(beta) || alpha + beta >= 1.0 {
            let message = format!(
                "SPRT: alpha and beta must be in (0, 1) with alpha + beta < 1, got {alpha} and {beta}"
            );
            return Err(FieldError::new("sprt", message, SPRT_ALLOWED));
        }
        Ok(Sprt { elo0, elo1, alpha, beta })
    }

    /// The lower and upper LLR bounds, ln(β/(1−α)) and ln((1−β)/α).
    pub fn bounds(&self) -> (f64, f64) {
        (libm::log(self.beta / (1.0 - self.alpha)), libm::log((1.0 - self.beta) / self.alpha))
    }

    /// The log-likelihood ratio of the pair results (0 before any pair).
    pub fn llr(&self, p: &Pentanomial) -> f64 {
        if p.pairs() == 0 {
            return 0.0;
        }
        let counts = p.counts().map(|c| if c == 0.0 { REGULARIZE } else { c });
        let total: f64 = counts.iter().sum();
        let freqs = counts.map(|c| c / total);
        // A pair's normalised mean is √2 times a game's.
        let t0 = std::f64::consts::SQRT_2 * self.elo0 / NELO_SCALE;
        let t1 = std::f64::consts::SQRT_2 * self.elo1 / NELO_SCALE;
        let p0 = mle_normalized(&PENTA_SCORES, &freqs, 0.5, t0);
        let p1 = mle_normalized(&PENTA_SCORES, &freqs, 0.5, t1);
        total
            * freqs
                .iter()
                .zip(p0.iter().zip(&p1))
                .map(|(f, (a, b))| f * (libm::log(*b) - libm::log(*a)))
                .sum::<f64>()
    }

    /// How far an LLR has come towards the bound on its side, in 0 … 1 (1 at or past a bound).
    pub fn progress(&self, llr: f64) -> f64 {
        let (lower, upper) = self.bounds();
        (if llr >= 0.0 { llr / upper } else { llr / lower }).min(1.0)
    }

    /// The verdict for an LLR.
    pub fn verdict(&self, llr: f64) -> SprtVerdict {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            SprtVerdict::H1Accepted
        } else if llr <= lower {
            SprtVerdict::H0Accepted
        } else {
            SprtVerdict::Running
        }
    }
}

/// The maximum-likelihood distribution on `scores` whose normalised mean (μ − μ_ref)/σ is
/// `t`, given the empirical frequencies (Van den Bergh, §4.1): iterate p ← p̂/(1 + θ·φ) with
/// φ_i = a_i − μ_ref − t·σ·(1 + ((a_i − μ)/σ)²)/2 and θ the root of Σ p̂_i φ_i/(1 + θ φ_i).
fn mle_normalized<const N: usize>(scores: &[f64; N], freqs: &[f64; N], mu_ref: f64, t: f64) -> [f64; N] {
    /// Stop when no probability moves more than this in one iteration.
    const CONVERGED: f64 = 1e-9;
    /// A safety net; convergence takes a few dozen iterations in practice.
    const MAX_ITERATIONS: usize = 10_000;
    let mut p = [1.0 / N as f64; N];
    for _ in 0..MAX_ITERATIONS {
        let (mu, var) = mean_variance(scores, &p);
        let sigma = var.sqrt();
        let phi: [f64; N] = std::array::from_fn(|i| {
            scores[i] - mu_ref - 0.5 * t * sigma * (1.0 + ((scores[i] - mu) / sigma).powi(2))
        });
        let (u, v) = phi.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(u, v), &x| (u.min(x), v.max(x)));
        // 1 + θ·φ_i > 0 for all i bounds θ to (−1/v, −1/u); the sum is decreasing in θ there.
        let f = |theta: f64| freqs.iter().zip(&phi).map(|(q, x)| q * x / (1.0 + theta * x)).sum::<f64>();
        let theta = bisect_decreasing(f, -1.0 / v, -1.0 / u);
        let mut moved: f64 = 0.0;
        for i in 0..N {
            let next = freqs[i] / (1.0 + theta * phi[i]);
            moved = moved.max((next - p[i]).abs());
            p[i] = next;
        }
        if moved < CONVERGED {
            break;
        }
    }
    p
}

/// The root of a decreasing function on the open interval (lo, hi), by bisection.
fn bisect_decreasing(f: impl Fn(f64) -> f64, lo: f64, hi: f64) -> f64 {
    let (mut a, mut b) = (lo, hi);
    for _ in 0..200 {
        let m = 0.5 * (a + b);
        if m <= a || m >= b {
            break;
        }
        if f(m) > 0.0 { a = m } else { b = m }
    }
    0.5 * (a + b)
}
