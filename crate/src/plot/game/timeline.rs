//! [`Timeline`]: a game's engine moves and its players as the chart needs them, from a native
//! [`GameRecord`] or a [`RecordView`] read from JSON, and the hover text of one move.

use serde::Serialize;

use super::view::RecordView;
#[cfg(feature = "engine")]
use super::view::finite;
#[cfg(feature = "engine")]
use crate::play::game::GameRecord;

/// One engine move as the chart needs it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TimelineMove {
    /// Half-moves played before it.
    pub ply: u32,
    /// Full-move number (x).
    pub move_no: u32,
    /// White moved.
    pub white: bool,
    /// SAN.
    pub san: String,
    /// Time charged, ms.
    pub used_ms: f64,
    /// The manager's soft budget, ms (none for controls without a clock).
    pub soft_ms: Option<f64>,
    /// The manager's hard limit, ms.
    pub hard_ms: Option<f64>,
    /// The effective soft limit the manager was using when the search ended, ms (drawn as a
    /// ring; Stockfish's can be far above the base soft budget).
    pub effective_ms: Option<f64>,
    /// The mover's clock after the move, ms.
    pub clock_ms: Option<f64>,
    /// The move lost on time.
    pub flagged: bool,
}

/// A game's engine moves and its players, ready to draw.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Timeline {
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// Engine moves in order (book moves are left out).
    pub moves: Vec<TimelineMove>,
    /// The resolution of the recorded times, ms ([`RecordView::resolution_ms`]; 0 when exact).
    pub resolution_ms: f64,
}

impl Timeline {
    /// The timeline of a finished (or running) game's record.
    #[cfg(feature = "engine")]
    pub fn from_record(rec: &GameRecord) -> Timeline {
        let moves = rec
            .moves
            .iter()
            .filter(|r| !r.book)
            .map(|r| TimelineMove {
                ply: r.ply,
                move_no: r.ply / 2 + 1,
                white: r.color.is_white(),
                san: r.san.clone(),
                used_ms: r.used_ms,
                soft_ms: r.engine.as_ref().and_then(|t| finite(t.budget.soft_ms)),
                hard_ms: r.engine.as_ref().and_then(|t| finite(t.budget.hard_ms)),
                effective_ms: r.engine.as_ref().and_then(|t| finite(t.effective.as_ref()?.soft_ms)),
                clock_ms: finite(r.clock_after_ms),
                flagged: r.flagged,
            })
            .collect();
        Timeline {
            white: rec.setup.white.name.clone(),
            black: rec.setup.black.name.clone(),
            moves,
            resolution_ms: 0.0,
        }
    }

    /// The timeline of a record read from JSON.
    pub fn from_view(v: RecordView) -> Timeline {
        let moves = v
            .moves
            .into_iter()
            .filter(|m| !m.book)
            .map(|m| TimelineMove {
                ply: m.ply,
                move_no: m.ply / 2 + 1,
                white: m.color == "white",
                san: m.san,
                used_ms: m.used_ms.unwrap_or(0.0),
                soft_ms: m.engine.as_ref().and_then(|e| e.budget.soft_ms),
                hard_ms: m.engine.as_ref().and_then(|e| e.budget.hard_ms),
                effective_ms: m.engine.as_ref().and_then(|e| e.effective.as_ref()?.soft_ms),
                clock_ms: m.clock_after_ms,
                flagged: m.flagged,
            })
            .collect();
        Timeline {
            white: v.setup.white.name,
            black: v.setup.black.name,
            moves,
            resolution_ms: v.resolution_ms,
        }
    }

    /// Whether `m` used more than its hard limit, beyond the times' resolution (a move recorded
    /// at exactly its rounded limit is not), and did not lose on time (those are marked apart).
    pub fn past_hard(&self, m: &TimelineMove) -> bool {
        m.hard_ms.is_some_and(|h| m.used_ms > h + self.resolution_ms) && !m.flagged
    }

    /// The first and last full-move numbers (1, 1 without moves).
    pub fn move_range(&self) -> (u32, u32) {
        let first = self.moves.first().map_or(1, |m| m.move_no);
        let last = self.moves.last().map_or(1, |m| m.move_no);
        (first, last.max(first))
    }

    /// The moves (one or two) with full-move number `move_no`.
    pub fn at(&self, move_no: u32) -> Vec<&TimelineMove> {
        self.moves.iter().filter(|m| m.move_no == move_no).collect()
    }

    /// One line per move at `move_no`, labelled by the glossary (`chart` scope):
    /// `23. White Nf3: time used 0.210 s (soft budget 0.250 s, hard limit 0.620 s), clock 3.200 s`.
    pub fn describe(&self, move_no: u32) -> Vec<String> {
        use crate::tm::glossary::{SCOPE_CHART, label};
        let s = |ms: f64| format!("{} s", crate::decimal::fixed(ms / 1000.0, 3));
        let l = |key: &str| label(SCOPE_CHART, key);
        self.at(move_no)
            .into_iter()
            .map(|m| {
                let side = if m.white { "White" } else { "Black" };
                let mut budget = Vec::new();
                if let Some(x) = m.soft_ms {
                    budget.push(format!("{} {}", l("soft"), s(x)));
                }
                if let Some(x) = m.effective_ms {
                    budget.push(format!("{} {}", l("effective_soft"), s(x)));
                }
                if let Some(x) = m.hard_ms {
                    budget.push(format!("{} {}", l("hard"), s(x)));
                }
                let budget =
                    if budget.is_empty() { String::new() } else { format!(" ({})", budget.join(", ")) };
                let clock = m.clock_ms.map_or(String::new(), |c| format!(", {} {}", l("clock"), s(c)));
                let flag = if m.flagged { ", lost on time" } else { "" };
                let dots = if m.white { "." } else { "..." };
                format!(
                    "{}{dots} {side} {}: {} {}{budget}{clock}{flag}",
                    m.move_no,
                    m.san,
                    l("used"),
                    s(m.used_ms)
                )
            })
            .collect()
    }
}
