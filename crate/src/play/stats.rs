//! Match statistics the way engine testers count: Elo and normalised Elo with 95 % intervals,
//! LOS, draw and pair ratios, pentanomial counts and the SPRT log-likelihood ratio.
//!
//! The formulas follow fastchess (`app/src/matchmaking/sprt/sprt.cpp`, `elo_pentanomial`) and the
//! paper it implements: Michel Van den Bergh, *Comments on Normalized Elo* (the GSPRT for a
//! distribution with a given normalised mean, §4.1). They are written here from the maths; the
//! tests check them against result blocks fastchess printed.

use serde::{Deserialize, Serialize};

mod block;
mod elo;
mod sprt;

pub use block::{MIN_PAIRS, ResultBlock};
pub use elo::{
    EloEstimate, elo_from_score, estimate_pentanomial, estimate_wdl, expected_elo_error, score_from_elo,
};
#[cfg(test)]
use elo::{erf, phi};
pub use sprt::{Sprt, SprtVerdict};

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

/// Mean and variance of a discrete distribution given by counts.
fn mean_variance(scores: &[f64], counts: &[f64]) -> (f64, f64) {
    let n: f64 = counts.iter().sum();
    let mu = scores.iter().zip(counts).map(|(s, c)| s * c).sum::<f64>() / n;
    let var = scores.iter().zip(counts).map(|(s, c)| c * (s - mu).powi(2)).sum::<f64>() / n;
    (mu, var)
}

#[cfg(test)]
mod tests;
