//! The result block as fastchess prints it: W/L/D, pentanomial counts, the estimates, draw and
//! pair ratios and the SPRT line.

use serde::Serialize;

use super::{EloEstimate, Pentanomial, Sprt, SprtVerdict, Wdl, estimate_pentanomial};

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
