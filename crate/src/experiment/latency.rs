//! Latency models for the flag-risk simulation ([`super::overhead`]): the time a GUI charges for
//! a move beyond the engine's own thinking time (process wake-up, pipes, the GUI's polling; what
//! fastchess prints as `latency=` in its PGN comments).
//!
//! - `fixed:MS`: every move the same;
//! - `normal:MEAN,SD`: normal, values below 0 taken as 0;
//! - `lognormal:MEDIAN,SIGMA`: heavy tail: `MEDIAN·e^(SIGMA·Z)`, Z standard normal (the median is
//!   MEDIAN, the mean `MEDIAN·e^(SIGMA²/2)`);
//! - `pareto:MIN,ALPHA`: heavier tail: `MIN·U^(−1/ALPHA)`, U uniform in (0, 1] (P(X > x) =
//!   (MIN/x)^ALPHA; no finite mean for ALPHA ≤ 1);
//! - `pgn:FILE` (read by the caller, [`LatencyModel::from_pgn`]): the `latency=` values of a PGN's
//!   move comments (fastchess's `0.024s`, tmlab's `37` in ms), drawn at random with replacement;
//!   negative values (fastchess prints them when the engine's own time exceeded the GUI's
//!   measure) are taken as 0.
//!
//! All in milliseconds.

use crate::error::FieldError;
use crate::excerpt::excerpt;
use serde::{Deserialize, Serialize};

use crate::play::pgn_import::import_pgn;

/// The largest latency value a model may be given, ms (an hour).
pub const MAX_MS: f64 = 3_600_000.0;

/// A latency model (see the module documentation).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum LatencyModel {
    /// The same every move.
    Fixed {
        /// ms.
        ms: f64,
    },
    /// Normal, clamped at 0.
    Normal {
        /// ms.
        mean: f64,
        /// ms.
        sd: f64,
    },
    /// Log-normal.
    Lognormal {
        /// ms.
        median: f64,
        /// Standard deviation of the log.
        sigma: f64,
    },
    /// Pareto (type I).
    Pareto {
        /// Scale (the smallest value), ms.
        min: f64,
        /// Tail index.
        alpha: f64,
    },
    /// Values read from a PGN, drawn with replacement.
    Samples {
        /// ms, each ≥ 0.
        #[serde(skip)]
        values: Vec<f64>,
        /// How many.
        count: usize,
        /// Their mean, ms.
        mean: f64,
        /// Their largest, ms.
        max: f64,
    },
}

/// What the model field accepts.
pub const ALLOWED: &str =
    "fixed:MS, normal:MEAN,SD, lognormal:MEDIAN,SIGMA, pareto:MIN,ALPHA (ms) or pgn:FILE";

/// A small deterministic generator (SplitMix64) for the simulation's draws.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in (0, 1].
    pub fn unit(&mut self) -> f64 {
        ((self.next_u64() >> 11) + 1) as f64 / (1u64 << 53) as f64
    }

    /// Standard normal (Box–Muller).
    pub fn normal(&mut self) -> f64 {
        let (u, v) = (self.unit(), self.unit());
        libm::sqrt(-2.0 * libm::log(u)) * libm::cos(2.0 * std::f64::consts::PI * v)
    }
}

/// The error of a latency model's value: its path is `latency`.
fn bad(message: String, allowed: impl Into<String>) -> FieldError {
    FieldError::new("latency", message, allowed)
}

fn number(model: &str, part: &str, what: &str) -> Result<f64, FieldError> {
    let part = part.trim();
    let x: f64 =
        part.parse().map_err(|_| bad(format!("{model}: {what} {:?} is not a number", excerpt(part)), ""))?;
    if !(x.is_finite() && (0.0..=MAX_MS).contains(&x)) {
        return Err(bad(format!("{model}: {what} {x} is out of range"), format!("0 … {MAX_MS}")));
    }
    Ok(x)
}

impl std::str::FromStr for LatencyModel {
    type Err = FieldError;

    /// Reads `fixed:MS`, `normal:MEAN,SD`, `lognormal:MEDIAN,SIGMA` or `pareto:MIN,ALPHA`
    /// (`pgn:FILE` needs the file's text: [`LatencyModel::from_pgn`]).
    fn from_str(s: &str) -> Result<LatencyModel, FieldError> {
        let s = s.trim();
        let (kind, rest) = s
            .split_once(':')
            .ok_or_else(|| bad(format!("{:?} is not a latency model", excerpt(s)), ALLOWED))?;
        let parts: Vec<&str> = rest.split(',').collect();
        let want = |n: usize| {
            if parts.len() == n {
                Ok(())
            } else {
                Err(bad(format!("{kind}: {} values given, {n} expected", parts.len()), ALLOWED))
            }
        };
        match kind {
            "fixed" => {
                want(1)?;
                Ok(LatencyModel::Fixed { ms: number(kind, parts[0], "MS")? })
            }
            "normal" => {
                want(2)?;
                Ok(LatencyModel::Normal {
                    mean: number(kind, parts[0], "MEAN")?,
                    sd: number(kind, parts[1], "SD")?,
                })
            }
            "lognormal" => {
                want(2)?;
                let median = number(kind, parts[0], "MEDIAN")?;
                let sigma = number(kind, parts[1], "SIGMA")?;
                if median <= 0.0 || sigma > 5.0 {
                    return Err(bad(
                        format!("lognormal: MEDIAN must be > 0 and SIGMA 0 … 5, not {median},{sigma}"),
                        "",
                    ));
                }
                Ok(LatencyModel::Lognormal { median, sigma })
            }
            "pareto" => {
                want(2)?;
                let min = number(kind, parts[0], "MIN")?;
                let alpha = number(kind, parts[1], "ALPHA")?;
                if min <= 0.0 || alpha < 0.1 {
                    return Err(bad(
                        format!("pareto: MIN must be > 0 and ALPHA ≥ 0.1, not {min},{alpha}"),
                        "",
                    ));
                }
                Ok(LatencyModel::Pareto { min, alpha })
            }
            "pgn" => {
                Err(bad("pgn:FILE is read from a file (the command line's --latency pgn:FILE)".into(), ""))
            }
            _ => Err(bad(format!("{:?} is not a latency model", excerpt(kind)), ALLOWED)),
        }
    }
}

/// The `latency=` values of a PGN text's move comments, ms (`latency=0.024s`, seconds, from
/// fastchess; `latency=37`, ms, from tmlab), read as the replay reads an engine's comments
/// ([`crate::play::pgn_import::EngineTrace`]); negative ones (a clock's rounding) as 0.
///
/// # Errors
/// A PGN that does not import, or a malformed `latency=` (naming the game and move).
pub fn pgn_latencies(text: &str) -> Result<Vec<f64>, FieldError> {
    let games = import_pgn(text).map_err(|e| FieldError::message(e.to_string()))?;
    Ok(games
        .iter()
        .flat_map(|g| &g.moves)
        .filter_map(|m| m.trace.as_ref()?.latency_ms)
        .map(|ms| ms.clamp(0.0, MAX_MS))
        .collect())
}

impl LatencyModel {
    /// The model of a PGN's `latency=` values (see [`pgn_latencies`]).
    ///
    /// # Errors
    /// No `latency=` values, or a malformed one.
    pub fn from_pgn(text: &str) -> Result<LatencyModel, FieldError> {
        let values = pgn_latencies(text)?;
        if values.is_empty() {
            return Err(FieldError::message(
                "the PGN has no latency= values in its move comments (fastchess writes them with \
                 -pgnout timeleft=true; a [%emt] is the whole time a move took, the engine's \
                 thinking included, so it is not a latency)",
            ));
        }
        let count = values.len();
        let mean = values.iter().sum::<f64>() / count as f64;
        let max = values.iter().fold(0.0f64, |a, &b| a.max(b));
        Ok(LatencyModel::Samples { values, count, mean, max })
    }

    /// One draw, ms (≥ 0).
    pub fn sample(&self, rng: &mut Rng) -> f64 {
        let x = match self {
            LatencyModel::Fixed { ms } => *ms,
            LatencyModel::Normal { mean, sd } => mean + sd * rng.normal(),
            LatencyModel::Lognormal { median, sigma } => median * libm::exp(sigma * rng.normal()),
            LatencyModel::Pareto { min, alpha } => min * libm::pow(rng.unit(), -1.0 / alpha),
            LatencyModel::Samples { values, .. } => values[(rng.next_u64() % values.len() as u64) as usize],
        };
        x.clamp(0.0, MAX_MS)
    }

    /// The model in its input form (`normal:20,5`; `pgn` with its count).
    pub fn label(&self) -> String {
        use super::fit::short;
        match self {
            LatencyModel::Fixed { ms } => format!("fixed:{}", short(*ms)),
            LatencyModel::Normal { mean, sd } => format!("normal:{},{}", short(*mean), short(*sd)),
            LatencyModel::Lognormal { median, sigma } => {
                format!("lognormal:{},{}", short(*median), short(*sigma))
            }
            LatencyModel::Pareto { min, alpha } => format!("pareto:{},{}", short(*min), short(*alpha)),
            LatencyModel::Samples { count, mean, max, .. } => {
                format!("{count} PGN latencies (mean {mean:.1} ms, max {max:.1} ms)")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn models_are_read_and_bad_ones_refused() {
        assert_eq!("fixed:20".parse::<LatencyModel>().unwrap(), LatencyModel::Fixed { ms: 20.0 });
        assert_eq!(
            "normal:20,5".parse::<LatencyModel>().unwrap(),
            LatencyModel::Normal { mean: 20.0, sd: 5.0 }
        );
        assert!("lognormal:10,1".parse::<LatencyModel>().is_ok());
        assert!("pareto:5,1.5".parse::<LatencyModel>().is_ok());
        let e = |s: &str| s.parse::<LatencyModel>().unwrap_err();
        assert!(e("20").to_string().contains("is not a latency model; allowed: fixed:MS"), "{}", e("20"));
        assert!(e("gauss:1,2").to_string().contains("\"gauss\" is not a latency model"));
        assert_eq!(e("normal:20").text(), format!("normal: 1 values given, 2 expected; allowed: {ALLOWED}"));
        assert_eq!(e("fixed:-5").path, "latency");
        assert_eq!(e("fixed:-5").text(), "fixed: MS -5 is out of range; allowed: 0 … 3600000");
        assert_eq!(e("fixed:abc").text(), "fixed: MS \"abc\" is not a number");
        assert!(e("pareto:0,2").to_string().contains("MIN must be > 0"));
        assert!(e("lognormal:10,9").to_string().contains("SIGMA 0 … 5"));
        assert!(e("fixed:NaN").to_string().contains("out of range"));
    }

    #[test]
    fn pgn_latencies_read_fastchess_seconds_and_tmlab_ms() {
        let text = "1. e4 {+0.1/5 0.2s, tl=1.9s, latency=0.024s} e5 {latency=37} 2. Nf3 {latency=-0.005s}";
        assert_eq!(pgn_latencies(text).unwrap(), [24.0, 37.0, 0.0]);
        let m = LatencyModel::from_pgn(text).unwrap();
        assert!(matches!(m, LatencyModel::Samples { count: 3, .. }));
        assert!(
            LatencyModel::from_pgn("1. e4 {[%emt 0:00:01]} e5")
                .unwrap_err()
                .to_string()
                .contains("no latency= values")
        );
        let e = pgn_latencies("1. e4 {latency=abc} e5").unwrap_err();
        assert!(
            e.to_string().contains("1. e4") && e.to_string().contains("`latency=abc` is not a time"),
            "{e}"
        );
        let text = include_str!("../../tests/data/pgn/fastchess-1.8.2-tc2+0.02.pgn");
        let values = pgn_latencies(text).unwrap();
        assert_eq!(values.len(), 4149, "every latency= of the shipped fastchess sample");
        assert!(values.iter().all(|&v| (0.0..1000.0).contains(&v)));
    }

    #[test]
    fn draws_follow_their_model() {
        let mut rng = Rng::new(7);
        let n = 200_000;
        let mean =
            |m: &LatencyModel, rng: &mut Rng| (0..n).map(|_| m.sample(rng)).sum::<f64>() / f64::from(n);
        assert_eq!(LatencyModel::Fixed { ms: 12.0 }.sample(&mut rng), 12.0);
        let normal = mean(&LatencyModel::Normal { mean: 50.0, sd: 10.0 }, &mut rng);
        assert!((normal - 50.0).abs() < 0.2, "{normal}");
        // Log-normal: mean = median·e^(σ²/2) = 10·e^0.125 = 11.33.
        let ln = mean(&LatencyModel::Lognormal { median: 10.0, sigma: 0.5 }, &mut rng);
        assert!((ln - 10.0 * 0.125f64.exp()).abs() < 0.1, "{ln}");
        // Pareto: mean = α·min/(α − 1) = 3·5/2 = 7.5.
        let p = mean(&LatencyModel::Pareto { min: 5.0, alpha: 3.0 }, &mut rng);
        assert!((p - 7.5).abs() < 0.1, "{p}");
    }
}
