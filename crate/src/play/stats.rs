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

mod sprt;
pub use sprt::{Sprt, SprtVerdict};

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
mod tests;
