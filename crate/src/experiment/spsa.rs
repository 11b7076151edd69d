//! SPSA tuning in the fishtest/OpenBench formulation: the perturbation and learning rate are
//! given by their values at the last iteration (`c_end`, `r_end`) per parameter.
//!
//! Reference: AndyGrant/OpenBench, `OpenBench/workloads/create_workload.py`
//! @06d4e2c67bf6b98b989307b3798acd4687cb4769 (`extract_spas_params`: c, a_end, a) and
//! `OpenBench/spsa_utils.py` @1ffb0dee0cb9019b5132283b72432f25e70fd67f
//! (`spsa_workload_assignment_dict`: c_k, r_k, flips, probabilistic rounding, clipping); the
//! server adds the client's `r·c·(W − L)·flip` to each value and clips it
//! (`OpenBench/utils.py`, the SPSA branch of the result update). Implemented from those formulas:
//!
//! With N iterations, A = `a_ratio`·N (10 %), α = 0.602, γ = 0.101, per parameter:
//! - `c = c_end·N^γ`, `a_end = r_end·c_end²`, `a = a_end·(A + N)^α`;
//! - at iteration k = 1 … N: `c_k = max(c / k^γ, 0 for a float | 0.5 for an integer)`,
//!   `a_k = a / (A + k)^α`, `r_k = a_k / c_k²`;
//! - a random sign `flip` per parameter; player + plays `θ + flip·c_k`, player − plays
//!   `θ − flip·c_k` (an integer rounded down after adding a uniform [0, 1) draw, the same draw
//!   for both), both clipped to the parameter's range;
//! - they play `pairs_per` colour-reversed pairs; with W and L the wins and losses of player +,
//!   `θ += r_k·c_k·(W − L)·flip` (= `a_k/c_k·(W − L)·flip`), clipped to the range.
//!
//! The random draws of iteration k come from a SplitMix64 seeded by (seed, k), so an iteration
//! is the same whether it is played straight through or after a resume.

use crate::play::match_spec::FieldError;
use serde::{Deserialize, Serialize};

/// One tuned parameter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SpsaParam {
    /// Its path in the manager (`slowmover`).
    pub path: String,
    /// A float (else an integer, whose played values are rounded).
    pub float: bool,
    /// Starting value.
    pub start: f64,
    /// Smallest value.
    pub min: f64,
    /// Largest value.
    pub max: f64,
    /// Perturbation at the last iteration.
    pub c_end: f64,
    /// Learning rate at the last iteration.
    pub r_end: f64,
}

/// A tune's settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SpsaConfig {
    /// The parameters.
    pub params: Vec<SpsaParam>,
    /// Iterations N.
    pub iterations: u32,
    /// Colour-reversed pairs per iteration.
    pub pairs_per: u32,
    /// A ÷ N (OpenBench's `A_ratio`, 0.1).
    pub a_ratio: f64,
    /// α (0.602).
    pub alpha: f64,
    /// γ (0.101).
    pub gamma: f64,
    /// Seed of the flips and roundings.
    pub seed: u64,
}

/// What iteration k plays.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SpsaStep {
    /// The iteration, 1 … N.
    pub k: u32,
    /// ±1 per parameter.
    pub flip: Vec<i8>,
    /// c_k per parameter.
    pub c: Vec<f64>,
    /// r_k per parameter.
    pub r: Vec<f64>,
    /// Player +'s values.
    pub plus: Vec<f64>,
    /// Player −'s values.
    pub minus: Vec<f64>,
}

/// The smallest final learning rate accepted (below it SPSA does not move).
pub const R_END_MIN: f64 = 1e-9;

/// A number for a message: plain in 0.0001 … 1e9, else in scientific notation with at most four
/// significant digits (`1e-200`, `2.9e-6`), never hundreds of digits.
fn num(x: f64) -> String {
    let a = x.abs();
    if a == 0.0 || !a.is_finite() || (1e-4..1e9).contains(&a) {
        return format!("{x}");
    }
    let s = format!("{x:.3e}");
    let (m, e) = s.split_once('e').unwrap_or((&s, "0"));
    format!("{}e{e}", m.trim_end_matches('0').trim_end_matches('.'))
}

fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl SpsaConfig {
    /// A with the settings' ratio.
    pub fn big_a(&self) -> f64 {
        self.a_ratio * f64::from(self.iterations)
    }

    /// Checks the settings.
    ///
    /// # Errors
    /// No parameters, no iterations, or a parameter whose start, range, c_end or r_end is bad.
    pub fn validate(&self) -> Result<(), FieldError> {
        if self.params.is_empty() {
            return Err(FieldError::new("params", "no parameter is named", "at least one parameter to tune"));
        }
        if self.iterations == 0 || self.pairs_per == 0 {
            let allowed = "at least one iteration (2 × pairs per iteration games)";
            return Err(FieldError::new("games", "no iteration fits", allowed));
        }
        for p in &self.params {
            if !(p.min < p.max && (p.min..=p.max).contains(&p.start)) {
                let message = format!("start {} of {} is not allowed", p.start, p.path);
                return Err(FieldError::new("params", message, format!("{} … {}", p.min, p.max)));
            }
            // From the parameter's range in the schema: at least a millionth of it (the
            // resolution experiments use, see `NumericParam::bounds`), at most all of it.
            let range = p.max - p.min;
            let c_min = range * 1e-6;
            if !(p.c_end.is_finite() && p.c_end >= c_min && p.c_end <= range) {
                let message = format!("{} for {} is not allowed", num(p.c_end), p.path);
                let allowed =
                    format!("{} (a millionth of the range) to the range {}", num(c_min), num(range));
                return Err(FieldError::new("c_end", message, allowed));
            }
            if !(p.r_end.is_finite() && p.r_end >= R_END_MIN && p.r_end <= 10.0) {
                let message = format!("{} for {} is not allowed", num(p.r_end), p.path);
                return Err(FieldError::new("r_end", message, format!("{} to 10", num(R_END_MIN))));
            }
            // Every iteration's gains must be numbers (a tiny c_end squared underflows to 0).
            for k in [1, self.iterations] {
                let (c, r) = self.gains(p, k);
                if !(c.is_finite() && c > 0.0 && r.is_finite()) {
                    let message = format!(
                        "{} with r_end {} for {} gives iteration {k} the gains c = {}, r = {}",
                        num(p.c_end),
                        num(p.r_end),
                        p.path,
                        num(c),
                        num(r)
                    );
                    return Err(FieldError::new("c_end", message, "values whose gains are finite numbers"));
                }
            }
        }
        Ok(())
    }

    /// The gains of iteration `k` for parameter `p`: (c_k, r_k).
    pub fn gains(&self, p: &SpsaParam, k: u32) -> (f64, f64) {
        let n = f64::from(self.iterations);
        let c = p.c_end * n.powf(self.gamma);
        let a_end = p.r_end * p.c_end * p.c_end;
        let a = a_end * (self.big_a() + n).powf(self.alpha);
        let k = f64::from(k);
        let c_k = (c / k.powf(self.gamma)).max(if p.float { 0.0 } else { 0.5 });
        let a_k = a / (self.big_a() + k).powf(self.alpha);
        (c_k, a_k / (c_k * c_k))
    }

    /// How far parameter `i` moves over the whole run if player + scores one game more than
    /// player − in every iteration: Σₖ r_k·c_k (the update per unit of W − L, summed).
    pub fn reach(&self, i: usize) -> f64 {
        let p = &self.params[i];
        (1..=self.iterations)
            .map(|k| {
                let (c, r) = self.gains(p, k);
                r * c
            })
            .sum()
    }

    /// What iteration `k` (1 … N) plays from the values `theta`.
    pub fn step(&self, theta: &[f64], k: u32) -> SpsaStep {
        let mut rng = self.seed ^ u64::from(k).wrapping_mul(0xD1B5_4A32_D192_ED03);
        let mut s = SpsaStep { k, flip: vec![], c: vec![], r: vec![], plus: vec![], minus: vec![] };
        for (p, &t) in self.params.iter().zip(theta) {
            let (c_k, r_k) = self.gains(p, k);
            let flip: i8 = if splitmix(&mut rng) & 1 == 1 { 1 } else { -1 };
            let u = (splitmix(&mut rng) >> 11) as f64 / (1u64 << 53) as f64;
            let f = f64::from(flip);
            let (mut plus, mut minus) = (t + f * c_k, t - f * c_k);
            if !p.float {
                plus = (plus + u).floor();
                minus = (minus + u).floor();
            }
            s.flip.push(flip);
            s.c.push(c_k);
            s.r.push(r_k);
            s.plus.push(plus.clamp(p.min, p.max));
            s.minus.push(minus.clamp(p.min, p.max));
        }
        s
    }

    /// The values after `step`, in which player + scored `wins` and `losses`.
    pub fn update(&self, theta: &[f64], step: &SpsaStep, wins: u32, losses: u32) -> Vec<f64> {
        let result = f64::from(wins) - f64::from(losses);
        self.params
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let delta = step.r[i] * step.c[i] * result * f64::from(step.flip[i]);
                (theta[i] + delta).clamp(p.min, p.max)
            })
            .collect()
    }

    /// The starting values.
    pub fn start(&self) -> Vec<f64> {
        self.params.iter().map(|p| p.start).collect()
    }
}

/// One finished iteration.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SpsaIteration {
    /// What was played.
    pub step: SpsaStep,
    /// Player +'s wins.
    pub wins: u32,
    /// Player +'s losses.
    pub losses: u32,
    /// Draws.
    pub draws: u32,
    /// The values after the update.
    pub theta: Vec<f64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg(float: bool) -> SpsaConfig {
        SpsaConfig {
            params: vec![SpsaParam {
                path: "x".into(),
                float,
                start: 1.0,
                min: 0.0,
                max: 2.0,
                c_end: 0.1,
                r_end: 0.002,
            }],
            iterations: 10,
            pairs_per: 1,
            a_ratio: 0.1,
            alpha: 0.602,
            gamma: 0.101,
            seed: 1,
        }
    }

    #[test]
    fn a_hand_computed_step() {
        // N = 10, A = 1, c_end = 0.1, r_end = 0.002:
        // c = 0.1·10^0.101 = 0.1261828…; a_end = 0.002·0.01 = 2e-5; a = 2e-5·11^0.602 = 8.4713…e-5.
        // k = 1: c_1 = c = 0.1261828…, a_1 = a / 2^0.602 = 5.5812…e-5, r_1 = a_1 / c_1² = 0.0035053…
        // A pair won 2-0 by player +: θ += r_1·c_1·2·flip = ±0.00088462….
        let c = cfg(true);
        let (c1, r1) = c.gains(&c.params[0], 1);
        assert!((c1 - 0.126_182_9).abs() < 1e-6, "{c1}");
        assert!((r1 - 0.003_505_3).abs() < 1e-6, "{r1}");
        let s = c.step(&[1.0], 1);
        let f = f64::from(s.flip[0]);
        assert!((s.plus[0] - (1.0 + f * c1)).abs() < 1e-12 && (s.minus[0] - (1.0 - f * c1)).abs() < 1e-12);
        let after = c.update(&[1.0], &s, 2, 0);
        assert!((after[0] - (1.0 + f * 0.000_884_62)).abs() < 1e-7, "{after:?}");
        // At the last iteration the gains are c_end and r_end (the definition of the *_end values).
        let (cn, rn) = c.gains(&c.params[0], 10);
        assert!((cn - 0.1).abs() < 1e-12 && (rn - 0.002).abs() < 1e-12, "{cn} {rn}");
        // A lost pair moves the other way; a drawn one not at all; the range clips.
        assert!((c.update(&[1.0], &s, 0, 2)[0] - (1.0 - f * 0.000_884_62)).abs() < 1e-7);
        assert_eq!(c.update(&[1.0], &s, 1, 1), [1.0]);
        assert_eq!(
            c.update(&[2.0], &SpsaStep { flip: vec![1], r: vec![1.0], c: vec![1.0], ..s }, 2, 0),
            [2.0]
        );
    }

    #[test]
    fn integers_are_rounded_the_same_way_for_both_players_and_steps_are_reproducible() {
        let mut c = cfg(false);
        c.params[0].c_end = 1.0;
        c.params[0].max = 100.0;
        c.params[0].start = 50.0;
        for k in 1..=10 {
            let s = c.step(&[50.3], k);
            assert_eq!(s, c.step(&[50.3], k));
            assert!(s.plus[0].fract() == 0.0 && s.minus[0].fract() == 0.0);
            // Both got the same draw: they differ by 2·c_k rounded either way.
            let gap = (s.plus[0] - s.minus[0]).abs();
            assert!(gap == (2.0 * s.c[0]).floor() || gap == (2.0 * s.c[0]).ceil(), "{s:?}");
        }
        let flips: Vec<i8> = (1..=40).map(|k| c.step(&[50.0], k).flip[0]).collect();
        assert!(flips.contains(&1) && flips.contains(&-1));
        // c_k never falls below 0.5 for an integer.
        c.params[0].c_end = 0.1;
        assert_eq!(c.gains(&c.params[0], 10).0, 0.5);
    }

    #[test]
    fn bad_settings_are_refused() {
        let mut c = cfg(true);
        c.params[0].c_end = 5.0;
        assert_eq!(c.validate().unwrap_err().path, "c_end");
        let mut c = cfg(true);
        c.params[0].r_end = 0.0;
        assert_eq!(c.validate().unwrap_err().path, "r_end");
        let mut c = cfg(true);
        c.iterations = 0;
        assert_eq!(c.validate().unwrap_err().path, "games");
        // A c_end below a millionth of the range (1e-200 made every gain NaN) is refused.
        for tiny in [1e-200, 1.9e-6] {
            let mut c = cfg(true);
            c.params[0].c_end = tiny;
            let e = c.validate().unwrap_err();
            assert_eq!(e.path, "c_end");
            assert_eq!(e.allowed, "2e-6 (a millionth of the range) to the range 2", "{e:?}");
        }
        let mut c = cfg(true);
        c.params[0].c_end = 2e-6;
        c.validate().unwrap();
        assert!((1..=10).all(|k| c.gains(&c.params[0], k).1.is_finite()));
        let mut c = cfg(true);
        c.params[0].r_end = 1e-300;
        assert_eq!(c.validate().unwrap_err().path, "r_end");
    }
}
