//! Match statistics the way engine testers count: Elo and normalised Elo with 95 % intervals,
//! LOS, draw and pair ratios, pentanomial counts and the SPRT log-likelihood ratio.
//!
//! The formulas follow fastchess (`app/src/matchmaking/sprt/sprt.cpp`, `elo_pentanomial`) and the
//! paper it implements: Michel Van den Bergh, *Comments on Normalized Elo* (the GSPRT for a
//! distribution with a given normalised mean, §4.1). They are written here from the maths; the
//! tests check them against result blocks fastchess printed.

use serde::{Deserialize, Serialize};

/// 800/ln 10: converts a score's normalised distance from ½ into (normalised) Elo.
const NELO_SCALE: f64 = 800.0 / std::f64::consts::LN_10;
/// The two-sided 95 % quantile of the standard normal distribution.
const Z95: f64 = 1.959_963_984_540_054;
/// Counts of 0 are replaced by this in the LLR, as fastchess does, so logs stay finite.
const REGULARIZE: f64 = 1e-3;

/// Game results from player A's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Wdl {
    /// Games A won.
    pub wins: u32,
    /// Games A lost.
    pub losses: u32,
    /// Drawn games.
    pub draws: u32,
}

impl Wdl {
    /// All games.
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// A's points.
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + 0.5 * f64::from(self.draws)
    }
}

/// Results of colour-reversed game pairs from player A's point of view: the pentanomial
/// distribution of pair scores 0, ½, 1, 1½, 2.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Pentanomial {
    /// Both games lost (pair score 0).
    pub ll: u32,
    /// A loss and a draw (½).
    pub ld: u32,
    /// A win and a loss (1).
    pub wl: u32,
    /// Two draws (1).
    pub dd: u32,
    /// A win and a draw (1½).
    pub wd: u32,
    /// Both games won (2).
    pub ww: u32,
}

/// The result of one game for player A.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// A won.
    Win,
    /// Drawn.
    Draw,
    /// A lost.
    Loss,
}

impl Pentanomial {
    /// Completed pairs.
    pub fn pairs(&self) -> u32 {
        self.ll + self.ld + self.wl + self.dd + self.wd + self.ww
    }

    /// Count one completed pair.
    pub fn add_pair(&mut self, a: Outcome, b: Outcome) {
        use Outcome::*;
        match (a, b) {
            (Loss, Loss) => self.ll += 1,
            (Loss, Draw) | (Draw, Loss) => self.ld += 1,
            (Win, Loss) | (Loss, Win) => self.wl += 1,
            (Draw, Draw) => self.dd += 1,
            (Win, Draw) | (Draw, Win) => self.wd += 1,
            (Win, Win) => self.ww += 1,
        }
    }

    /// The five frequencies in pair-score order (LL, LD, WL+DD, WD, WW), as f64.
    fn counts(&self) -> [f64; 5] {
        [self.ll, self.ld, self.wl + self.dd, self.wd, self.ww].map(f64::from)
    }
}

/// Pair scores (per game) of the five pentanomial cells.
const PENTA_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];
/// Game scores of loss, draw, win.
const WDL_SCORES: [f64; 3] = [0.0, 0.5, 1.0];

/// A number with two decimals, and infinity and NaN spelt as C++ streams (and so fastchess)
/// print them: `inf`, `-inf`, `nan`.
fn c_number(x: f64) -> String {
    match x {
        x if x.is_nan() => "nan".to_string(),
        f64::INFINITY => "inf".to_string(),
        f64::NEG_INFINITY => "-inf".to_string(),
        x => format!("{x:.2}"),
    }
}

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

/// Mean and variance of a discrete distribution given by counts.
fn mean_variance(scores: &[f64], counts: &[f64]) -> (f64, f64) {
    let n: f64 = counts.iter().sum();
    let mu = scores.iter().zip(counts).map(|(s, c)| s * c).sum::<f64>() / n;
    let var = scores.iter().zip(counts).map(|(s, c)| c * (s - mu).powi(2)).sum::<f64>() / n;
    (mu, var)
}

/// The standard normal CDF.
fn phi(x: f64) -> f64 {
    0.5 * (1.0 + erf(x / std::f64::consts::SQRT_2))
}

/// The error function (Abramowitz–Stegun 7.1.26 is too coarse for LOS; this uses the series
/// and continued fraction of W. J. Cody's approach through `erfc` for large |x|).
fn erf(x: f64) -> f64 {
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

/// Estimates from pair results (fastchess's default report).
pub fn estimate_pentanomial(p: &Pentanomial) -> Option<EloEstimate> {
    estimate(&PENTA_SCORES, &p.counts(), true)
}

/// Estimates from game results alone (used before the first pair completes).
pub fn estimate_wdl(w: &Wdl) -> Option<EloEstimate> {
    estimate(&WDL_SCORES, &[w.losses, w.draws, w.wins].map(f64::from), false)
}

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

impl Sprt {
    /// A test with fastchess's usual α = β = 0.05.
    pub fn new(elo0: f64, elo1: f64) -> Result<Self, String> {
        Self::with_errors(elo0, elo1, 0.05, 0.05)
    }

    /// A test with the given error rates; refuses what fastchess refuses.
    pub fn with_errors(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Self, String> {
        if !(elo0.is_finite() && elo1.is_finite()) || elo0 >= elo1 {
            return Err(format!("SPRT: elo0 must be less than elo1, got [{elo0}, {elo1}]"));
        }
        let in_unit = |x: f64| x > 0.0 && x < 1.0;
        if !in_unit(alpha) || !in_unit(beta) || alpha + beta >= 1.0 {
            return Err(format!(
                "SPRT: alpha and beta must be in (0, 1) with alpha + beta < 1, got {alpha} and {beta}"
            ));
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

/// Completed pairs before the Elo estimates are defined.
pub const MIN_PAIRS: u32 = 2;

/// Everything the result block shows.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ResultBlock {
    /// Game results for A.
    pub wdl: Wdl,
    /// Pair results for A.
    pub penta: Pentanomial,
    /// Estimates from the pentanomial, defined from [`MIN_PAIRS`] completed pairs on (None
    /// before: one pair has no spread, so its intervals would read ± 0).
    pub estimate: Option<EloEstimate>,
    /// Share of pairs that were WL or DD (pentanomial), else of drawn games.
    pub draw_ratio: f64,
    /// (WW + WD)/(LL + LD): pairs won over pairs lost.
    pub pairs_ratio: f64,
    /// The SPRT, if one runs: the test, its LLR and verdict.
    pub sprt: Option<(Sprt, f64, SprtVerdict)>,
}

impl ResultBlock {
    /// Compute the block from counts.
    pub fn new(wdl: Wdl, penta: Pentanomial, sprt: Option<Sprt>) -> Self {
        let pairs = penta.pairs();
        let estimate = if pairs >= MIN_PAIRS { estimate_pentanomial(&penta) } else { None };
        let draw_ratio = if pairs > 0 {
            f64::from(penta.wl + penta.dd) / f64::from(pairs)
        } else if wdl.games() > 0 {
            f64::from(wdl.draws) / f64::from(wdl.games())
        } else {
            0.0
        };
        let lost = f64::from(penta.ll + penta.ld);
        let won = f64::from(penta.ww + penta.wd);
        let pairs_ratio = if lost > 0.0 {
            won / lost
        } else if won > 0.0 {
            f64::INFINITY
        } else {
            0.0
        };
        let sprt = sprt.map(|s| {
            let llr = s.llr(&penta);
            (s, llr, s.verdict(llr))
        });
        ResultBlock { wdl, penta, estimate, draw_ratio, pairs_ratio, sprt }
    }

    /// The block as fastchess prints it (without its header line).
    pub fn to_fastchess(&self) -> String {
        let mut s = String::new();
        if let Some(e) = &self.estimate {
            s += &format!(
                "Elo: {} +/- {}, nElo: {:.2} +/- {:.2}\n",
                c_number(e.elo),
                c_number(e.elo_error),
                e.nelo,
                e.nelo_error
            );
            s += &format!(
                "LOS: {:.2} %, DrawRatio: {:.2} %, PairsRatio: {:.2}\n",
                100.0 * e.los,
                100.0 * self.draw_ratio,
                self.pairs_ratio
            );
        }
        let games = self.wdl.games();
        let pct = if games > 0 { 100.0 * self.wdl.points() / f64::from(games) } else { 0.0 };
        s += &format!(
            "Games: {games}, Wins: {}, Losses: {}, Draws: {}, Points: {:.1} ({pct:.2} %)\n",
            self.wdl.wins,
            self.wdl.losses,
            self.wdl.draws,
            self.wdl.points()
        );
        let p = &self.penta;
        let wl_dd = if p.dd > 0 { f64::from(p.wl) / f64::from(p.dd) } else { 0.0 };
        s += &format!(
            "Ptnml(0-2): [{}, {}, {}, {}, {}], WL/DD Ratio: {wl_dd:.2}\n",
            p.ll,
            p.ld,
            p.wl + p.dd,
            p.wd,
            p.ww
        );
        if let Some((sprt, llr, verdict)) = &self.sprt {
            let (lower, upper) = sprt.bounds();
            let progress = if *llr >= 0.0 { llr / upper } else { llr / lower };
            s += &format!(
                "LLR: {llr:.2} ({:.1}%) ({lower:.2}, {upper:.2}) [{:.2}, {:.2}]{}\n",
                100.0 * progress,
                sprt.elo0,
                sprt.elo1,
                match verdict {
                    SprtVerdict::Running => "",
                    SprtVerdict::H1Accepted => " - H1 was accepted",
                    SprtVerdict::H0Accepted => " - H0 was accepted",
                }
            );
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Result blocks fastchess printed (published in the eschec engine's dev log), 15+0.1,
    /// SPRT [0, 10], α = β = 0.05: (W, L, D), [LL, LD, WL+DD, WD, WW], WL/DD ratio, Elo ± err,
    /// nElo ± err, LOS %, LLR.
    struct Published {
        wld: (u32, u32, u32),
        penta: [u32; 5],
        wl: u32,
        elo: (f64, f64),
        nelo: (f64, f64),
        los: f64,
        llr: f64,
    }

    const PUBLISHED: [Published; 3] = [
        Published {
            wld: (67, 23, 110),
            penta: [1, 11, 47, 25, 16],
            wl: 10,
            elo: (77.71, 33.03),
            nelo: (117.50, 48.15),
            los: 100.00,
            llr: 1.71,
        },
        Published {
            wld: (45, 30, 125),
            penta: [1, 24, 42, 25, 8],
            wl: 4,
            elo: (26.11, 31.23),
            nelo: (40.51, 48.15),
            los: 95.04,
            llr: 0.60,
        },
        Published {
            wld: (63, 39, 98),
            penta: [2, 23, 32, 35, 8],
            wl: 12,
            elo: (41.89, 33.28),
            nelo: (61.39, 48.15),
            los: 99.38,
            llr: 0.92,
        },
    ];

    fn penta(p: &Published) -> Pentanomial {
        let [ll, ld, wl_dd, wd, ww] = p.penta;
        Pentanomial { ll, ld, wl: p.wl, dd: wl_dd - p.wl, wd, ww }
    }

    #[test]
    fn elo_nelo_los_match_fastchess_output() {
        for p in &PUBLISHED {
            let e = estimate_pentanomial(&penta(p)).unwrap();
            assert!((e.elo - p.elo.0).abs() < 0.006, "elo {} vs {}", e.elo, p.elo.0);
            assert!((e.elo_error - p.elo.1).abs() < 0.006, "err {} vs {}", e.elo_error, p.elo.1);
            assert!((e.nelo - p.nelo.0).abs() < 0.006, "nelo {} vs {}", e.nelo, p.nelo.0);
            assert!((e.nelo_error - p.nelo.1).abs() < 0.006, "nelo err {} vs {}", e.nelo_error, p.nelo.1);
            assert!((100.0 * e.los - p.los).abs() < 0.006, "los {} vs {}", 100.0 * e.los, p.los);
            let w = Wdl { wins: p.wld.0, losses: p.wld.1, draws: p.wld.2 };
            assert!((e.score - w.points() / f64::from(w.games())).abs() < 1e-12);
        }
    }

    #[test]
    fn llr_matches_fastchess_output() {
        let sprt = Sprt::new(0.0, 10.0).unwrap();
        for p in &PUBLISHED {
            let llr = sprt.llr(&penta(p));
            assert!((llr - p.llr).abs() < 0.006, "llr {llr} vs {}", p.llr);
            assert_eq!(sprt.verdict(llr), SprtVerdict::Running);
        }
        let (lo, hi) = sprt.bounds();
        assert!((lo + 2.944).abs() < 1e-3 && (hi - 2.944).abs() < 1e-3);
    }

    #[test]
    fn block_prints_like_fastchess() {
        let p = &PUBLISHED[0];
        let block = ResultBlock::new(
            Wdl { wins: p.wld.0, losses: p.wld.1, draws: p.wld.2 },
            penta(p),
            Some(Sprt::new(0.0, 10.0).unwrap()),
        );
        let text = block.to_fastchess();
        assert!(text.contains("Elo: 77.71 +/- 33.03, nElo: 117.50 +/- 48.15"), "{text}");
        assert!(text.contains("LOS: 100.00 %, DrawRatio: 47.00 %, PairsRatio: 3.42"), "{text}");
        assert!(
            text.contains("Games: 200, Wins: 67, Losses: 23, Draws: 110, Points: 122.0 (61.00 %)"),
            "{text}"
        );
        assert!(text.contains("Ptnml(0-2): [1, 11, 47, 25, 16], WL/DD Ratio: 0.27"), "{text}");
        assert!(text.contains("LLR: 1.71 (5"), "{text}");
        assert!(text.contains("(-2.94, 2.94) [0.00, 10.00]"), "{text}");
    }

    #[test]
    fn a_perfect_score_has_infinite_elo_like_fastchess() {
        let all = Pentanomial { ww: 3, ..Pentanomial::default() };
        let e = estimate_pentanomial(&all).unwrap();
        assert_eq!(e.elo, f64::INFINITY);
        assert!(e.elo_error.is_nan());
        assert_eq!(e.los, 1.0);
        let block = ResultBlock::new(Wdl { wins: 6, losses: 0, draws: 0 }, all, None);
        assert!(
            block.to_fastchess().starts_with("Elo: inf +/- nan, nElo: 0.00 +/- 0.00\n"),
            "{}",
            block.to_fastchess()
        );
        let none = Pentanomial { ll: 3, ..Pentanomial::default() };
        let e = estimate_pentanomial(&none).unwrap();
        assert_eq!(e.elo, f64::NEG_INFINITY);
        let block = ResultBlock::new(Wdl { wins: 0, losses: 6, draws: 0 }, none, None);
        assert!(block.to_fastchess().starts_with("Elo: -inf +/- nan"));
        // Nearly perfect: finite, with a finite (clamped) error.
        let e = estimate_pentanomial(&Pentanomial { ww: 3, wd: 1, ..Pentanomial::default() }).unwrap();
        assert!(e.elo.is_finite() && e.elo > 0.0 && e.elo_error.is_finite());
    }

    #[test]
    fn sprt_decides_on_overwhelming_evidence() {
        let sprt = Sprt::new(0.0, 5.0).unwrap();
        // nElo ≈ +109 over 900 pairs: far past elo1 (225 pairs give only LLR ≈ 1.76).
        let strong = Pentanomial { ll: 20, ld: 80, wl: 40, dd: 400, wd: 240, ww: 120 };
        assert_eq!(sprt.verdict(sprt.llr(&strong)), SprtVerdict::H1Accepted);
        let weak = Pentanomial { ll: 120, ld: 240, wl: 40, dd: 400, wd: 80, ww: 20 };
        assert_eq!(sprt.verdict(sprt.llr(&weak)), SprtVerdict::H0Accepted);
        assert_eq!(sprt.llr(&Pentanomial::default()), 0.0);
    }

    #[test]
    fn bad_sprt_parameters_are_refused() {
        assert!(Sprt::new(5.0, 0.0).unwrap_err().contains("elo0 must be less than elo1"));
        assert!(Sprt::with_errors(0.0, 5.0, 0.6, 0.5).is_err());
    }

    #[test]
    fn los_symmetry_and_erf() {
        assert!((erf(0.5) - 0.520_499_877_813_046_5).abs() < 1e-15);
        assert!((erf(3.5) - 0.999_999_256_901_627_7).abs() < 1e-15);
        assert!((phi(1.6449) - 0.95).abs() < 1e-4);
        let even = Pentanomial { ll: 3, ld: 10, wl: 5, dd: 20, wd: 10, ww: 3 };
        assert!((estimate_pentanomial(&even).unwrap().los - 0.5).abs() < 1e-12);
    }

    #[test]
    fn pairs_are_counted_in_their_cells() {
        use Outcome::*;
        let mut p = Pentanomial::default();
        p.add_pair(Win, Loss);
        p.add_pair(Draw, Draw);
        p.add_pair(Draw, Win);
        p.add_pair(Loss, Loss);
        assert_eq!(p, Pentanomial { ll: 1, ld: 0, wl: 1, dd: 1, wd: 1, ww: 0 });
        assert_eq!(p.pairs(), 4);
    }

    #[test]
    fn estimates_need_two_pairs() {
        // Three games, one pair: no estimate (it would read "± 0.00", LOS 100 %).
        let w = Wdl { wins: 3, losses: 0, draws: 0 };
        let one = Pentanomial { ww: 1, ..Pentanomial::default() };
        assert!(ResultBlock::new(w, one, None).estimate.is_none());
        assert!(ResultBlock::new(Wdl::default(), Pentanomial::default(), None).estimate.is_none());
        let two = Pentanomial { ww: 1, ld: 1, ..Pentanomial::default() };
        let e = ResultBlock::new(Wdl { wins: 3, losses: 1, draws: 0 }, two, None).estimate.unwrap();
        assert_eq!(e, estimate_pentanomial(&two).unwrap());
        assert!((e.score - 0.625).abs() < 1e-12 && e.elo_error > 0.0);
        assert!((score_from_elo(elo_from_score(0.3)) - 0.3).abs() < 1e-12);
    }
}
