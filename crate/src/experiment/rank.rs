//! Ranks as ranges: in a gauntlet, managers whose 95 % Elo intervals overlap cannot be told
//! apart, so each holds a range of places rather than one.

use serde::Deserialize;

/// What a rank is computed from: one manager's result in a gauntlet (the fields of a
/// leaderboard entry of the same names).
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
pub struct Standing {
    /// Games played.
    pub games: u32,
    /// Wins, losses, draws.
    pub wdl: [u32; 3],
    /// Elo (None before two pairs, or ±∞).
    pub elo: Option<f64>,
    /// Half-width of its 95 % interval.
    pub elo_error: Option<f64>,
}

impl Standing {
    /// The 95 % interval of the Elo: `elo ± elo_error`; a manager that won (lost) every game
    /// sits at +∞ (−∞); one without an estimate could be anywhere.
    pub fn interval(&self) -> (f64, f64) {
        match (self.elo, self.elo_error) {
            (Some(x), err) => (x - err.unwrap_or(0.0), x + err.unwrap_or(0.0)),
            _ if self.games > 0 && self.wdl[0] == self.games => (f64::INFINITY, f64::INFINITY),
            _ if self.games > 0 && self.wdl[1] == self.games => (f64::NEG_INFINITY, f64::NEG_INFINITY),
            _ => (f64::NEG_INFINITY, f64::INFINITY),
        }
    }
}

/// The ranks each manager of one gauntlet (one searcher and control) can hold, as `(best,
/// worst)`, 1 = first: managers whose 95 % intervals overlap are tied, so a manager's best
/// rank is 1 + the managers whose interval lies wholly above its own, its worst the count of
/// managers less those wholly below.
pub fn rank_ranges(standings: &[Standing]) -> Vec<(usize, usize)> {
    let iv: Vec<(f64, f64)> = standings.iter().map(Standing::interval).collect();
    iv.iter()
        .map(|&(lo, hi)| {
            let above = iv.iter().filter(|&&(l, _)| l > hi).count();
            let below = iv.iter().filter(|&&(_, h)| h < lo).count();
            (1 + above, standings.len() - below)
        })
        .collect()
}
