//! A time control in words, for people: `180+2` reads "3 min + 2 s per move", `40/60` reads
//! "40 moves in 1 min, repeating". Every view of the playground echoes its time-control fields
//! with this reading, so the one syntax (cutechess/fastchess seconds) is never ambiguous.

use super::tc::{Classical, DelayKind, FinalStage, Overtime, Period, TimeControl, Timing};

/// A duration in words: `3 min`, `1 h 30 min`, `1 min 30 s`, `0.6 s`, `2 s`.
pub fn duration(ms: u64) -> String {
    if ms < 60_000 || !ms.is_multiple_of(1000) {
        return format!("{} s", super::tc::secs(ms));
    }
    let (h, m, s) = (ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60);
    let mut parts = Vec::new();
    if h > 0 {
        parts.push(format!("{h} h"));
    }
    if m > 0 {
        parts.push(format!("{m} min"));
    }
    if s > 0 {
        parts.push(format!("{s} s"));
    }
    parts.join(" ")
}

fn with_inc(s: String, inc_ms: u64) -> String {
    if inc_ms > 0 { format!("{s} + {} per move", duration(inc_ms)) } else { s }
}

fn period(p: &Period) -> String {
    let moves = if p.moves.get() == 1 { "1 move".to_string() } else { format!("{} moves", p.moves) };
    with_inc(format!("{moves} in {}", duration(p.time_ms)), p.inc_ms)
}

fn classical(c: &Classical) -> String {
    let mut stages: Vec<String> = c.leading.iter().map(period).collect();
    stages.push(match &c.last {
        FinalStage::SuddenDeath { time_ms, inc_ms } if stages.is_empty() => {
            with_inc(duration(*time_ms), *inc_ms)
        }
        FinalStage::SuddenDeath { time_ms, inc_ms } => {
            with_inc(format!("then {} for the rest", duration(*time_ms)), *inc_ms)
        }
        FinalStage::Repeating(p) => format!("{}, repeating", period(p)),
    });
    stages.join(", ")
}

impl TimeControl {
    /// The control in words: "3 min + 2 s per move", "40 moves in 1 min, repeating",
    /// "0.5 s per move", "no time limit, 5000 nodes".
    pub fn reading(&self) -> String {
        let mut parts = vec![match &self.timing {
            Timing::Infinite => "no time limit".to_string(),
            Timing::MoveTime { ms } => format!("{} per move", duration(*ms)),
            Timing::Classical(c) => classical(c),
            Timing::Delay { base_ms, delay_ms, kind } => {
                let kind = match kind {
                    DelayKind::Bronstein => "Bronstein",
                    DelayKind::Simple => "simple",
                };
                format!("{} with a {kind} delay of {} per move", duration(*base_ms), duration(*delay_ms))
            }
            Timing::Hourglass { base_ms } => format!("hourglass, {} each", duration(*base_ms)),
            Timing::Byoyomi { main_ms, overtime } => match overtime {
                Overtime::Japanese { periods, period_ms } => {
                    format!(
                        "{} then {periods} byoyomi periods of {}",
                        duration(*main_ms),
                        duration(*period_ms)
                    )
                }
                Overtime::Canadian { moves, period_ms } => {
                    format!("{} then {moves} moves in every {}", duration(*main_ms), duration(*period_ms))
                }
            },
        }];
        if let Some(n) = self.nodes {
            parts.push(format!("{n} nodes per move"));
        }
        if let Some(d) = self.depth {
            parts.push(format!("depth {d}"));
        }
        if self.margin_ms > 0 {
            parts.push(format!("{} ms grace", self.margin_ms));
        }
        parts.join(", ")
    }
}

#[cfg(test)]
mod tests {
    fn read(tc: &str) -> String {
        tc.parse::<super::TimeControl>().unwrap().reading()
    }

    #[test]
    fn readings() {
        assert_eq!(read("180+2"), "3 min + 2 s per move");
        assert_eq!(read("40/60"), "40 moves in 1 min, repeating");
        assert_eq!(read("5+0.05"), "5 s + 0.05 s per move");
        assert_eq!(read("10+0.1"), "10 s + 0.1 s per move");
        assert_eq!(read("300"), "5 min");
        assert_eq!(read("5400+30"), "1 h 30 min + 30 s per move");
        assert_eq!(read("90"), "1 min 30 s");
        assert_eq!(read("st=0.5"), "0.5 s per move");
        assert_eq!(read("inf"), "no time limit");
    }
}
