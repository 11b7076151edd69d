//! Writing time controls: the fastchess-style echo ([`Display`], which parses back to the same
//! control) and the PGN `TimeControl` tag ([`TimeControl::pgn_tag`]).
//!
//! [`Display`]: std::fmt::Display

use std::fmt;

use super::{DelayKind, FinalStage, Overtime, Period, TimeControl, Timing};

impl TimeControl {
    /// The PGN `TimeControl` tag value (standard §9.6.1), always in seconds.
    ///
    /// `180+2`, `40/9000:4500+60`, `300`, `*180` (hourglass), `-` (no clock: `inf`, nodes- or
    /// depth-limited games, and fixed time per move, which has no standard form). Delays and
    /// byoyomi have no standard form either and are written as `?` (unknown).
    pub fn pgn_tag(&self) -> String {
        match &self.timing {
            Timing::Infinite | Timing::MoveTime { .. } => "-".to_string(),
            Timing::Hourglass { base_ms } => format!("*{}", secs(*base_ms)),
            Timing::Delay { .. } | Timing::Byoyomi { .. } => "?".to_string(),
            Timing::Classical(c) => {
                let mut fields: Vec<String> = c.leading.iter().map(|p| period_field(p, "/")).collect();
                fields.push(match c.last {
                    FinalStage::SuddenDeath { time_ms, inc_ms } => with_inc(secs(time_ms), inc_ms),
                    FinalStage::Repeating(p) => period_field(&p, "/"),
                });
                fields.join(":")
            }
        }
    }
}

/// `moves/time(+inc)` with `sep` between moves and time.
fn period_field(p: &Period, sep: &str) -> String {
    with_inc(format!("{}{sep}{}", p.moves, secs(p.time_ms)), p.inc_ms)
}

fn with_inc(s: String, inc_ms: u64) -> String {
    if inc_ms > 0 { format!("{s}+{}", secs(inc_ms)) } else { s }
}

/// Milliseconds as seconds with at most three decimals and no trailing zeros: 600 → `0.6`.
pub fn secs(ms: u64) -> String {
    let whole = ms / 1000;
    let frac = ms % 1000;
    if frac == 0 {
        whole.to_string()
    } else {
        let f = format!("{frac:03}");
        format!("{whole}.{}", f.trim_end_matches('0'))
    }
}

impl fmt::Display for TimeControl {
    /// fastchess-style echo: `40/60+0.6`, `10+0.1`, `0.25/move`, `inf`, `hg60`, `5000 nodes`,
    /// `depth 8`, `timemargin=50`, joined by spaces. It parses back to the same control.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        match &self.timing {
            Timing::Infinite => {
                if self.nodes.is_none() && self.depth.is_none() {
                    parts.push("inf".into())
                }
            }
            Timing::MoveTime { ms } => parts.push(format!("{}/move", secs(*ms))),
            Timing::Hourglass { base_ms } => parts.push(format!("hg{}", secs(*base_ms))),
            Timing::Delay { base_ms, delay_ms, kind } => {
                let k = match kind {
                    DelayKind::Bronstein => 'b',
                    DelayKind::Simple => 'd',
                };
                parts.push(format!("{}+{k}{}", secs(*base_ms), secs(*delay_ms)))
            }
            Timing::Byoyomi { main_ms, overtime } => parts.push(match overtime {
                Overtime::Japanese { periods, period_ms } => {
                    format!("{}byo{periods}x{}", secs(*main_ms), secs(*period_ms))
                }
                Overtime::Canadian { moves, period_ms } => {
                    format!("{}byo{moves}/{}", secs(*main_ms), secs(*period_ms))
                }
            }),
            Timing::Classical(c) => {
                let mut stages: Vec<String> = c.leading.iter().map(|p| period_field(p, "/")).collect();
                stages.push(match c.last {
                    FinalStage::SuddenDeath { time_ms, inc_ms } => with_inc(secs(time_ms), inc_ms),
                    FinalStage::Repeating(p) => period_field(&p, "/"),
                });
                parts.push(stages.join(";"))
            }
        }
        if let Some(n) = self.nodes {
            parts.push(format!("{n} nodes"));
        }
        if let Some(d) = self.depth {
            parts.push(format!("depth {d}"));
        }
        if self.margin_ms > 0 {
            parts.push(format!("timemargin={}", self.margin_ms));
        }
        f.write_str(&parts.join(" "))
    }
}
