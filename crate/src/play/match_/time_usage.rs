//! Time usage in a match: one player's in one game ([`time_usage`]: shares of the clock by move
//! 20 and 40, time left, time trouble below lichess's emergency threshold, used ÷ allocated,
//! latency) and their means over a match ([`PlayerTimeStats`]).

use serde::{Deserialize, Serialize};
use shakmaty::Color;

use crate::play::game::GameRecord;

/// One player's time usage in one game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TimeUsage {
    /// Share of the time available through move 20 that was used (if the player made 20 moves).
    pub share_by_20: Option<f64>,
    /// The same through move 40.
    pub share_by_40: Option<f64>,
    /// Clock left after the player's last move, ms.
    pub time_left_ms: f64,
    /// The clock fell below the emergency threshold before a move.
    pub time_trouble: bool,
    /// Lost on time.
    pub timeout: bool,
    /// Mean used ÷ soft budget over the moves with a finite budget.
    pub used_over_allocated: Option<f64>,
    /// Mean used ÷ effective soft limit (the limit the manager was using when the search
    /// ended, see [`crate::stop::EffectiveLimit`]) over the moves that report one.
    #[serde(default)]
    pub used_over_effective: Option<f64>,
    /// Mean latency, ms.
    pub latency_ms: Option<f64>,
    /// Engine moves made.
    pub moves: u32,
}

/// lichess's emergency threshold (playground.md §3) for a clock that started at `initial_ms`:
/// under one minute 20 % of it but at least 2 s; otherwise 12.5 %, at least 10 s, at most 60 s.
pub fn emergency_threshold_ms(initial_ms: f64) -> f64 {
    if initial_ms < 60_000.0 {
        (0.2 * initial_ms).max(2_000.0)
    } else {
        (0.125 * initial_ms).clamp(10_000.0, 60_000.0)
    }
}

/// `color`'s time usage in a finished game.
pub fn time_usage(rec: &GameRecord, color: Color) -> TimeUsage {
    let own: Vec<_> = rec.moves.iter().filter(|r| r.color == color && !r.book).collect();
    let mut u = TimeUsage { moves: own.len() as u32, ..TimeUsage::default() };
    let Some(first) = own.first() else { return u };
    let share = |k: usize| {
        (own.len() >= k)
            .then(|| {
                let used: f64 = own[..k].iter().map(|r| r.used_ms).sum();
                let avail = used + own[k - 1].clock_after_ms;
                if avail > 0.0 { used / avail } else { 0.0 }
            })
            // No clock (`nodes=`, `depth=`, `movetime=` controls): no share of it.
            .filter(|_| first.clock_before_ms.is_finite())
    };
    u.share_by_20 = share(20);
    u.share_by_40 = share(40);
    u.time_left_ms = own.last().map_or(0.0, |r| r.clock_after_ms);
    let threshold = emergency_threshold_ms(first.clock_before_ms);
    u.time_trouble = own.iter().any(|r| r.clock_before_ms < threshold);
    u.timeout = own.iter().any(|r| r.flagged);
    let ratios: Vec<f64> = own
        .iter()
        .filter_map(|r| {
            let soft = r.engine.as_ref()?.budget.soft_ms;
            (soft.is_finite() && soft > 0.0).then(|| r.used_ms / soft)
        })
        .collect();
    u.used_over_allocated = mean(&ratios);
    let effective: Vec<f64> = own
        .iter()
        .filter_map(|r| {
            let soft = r.engine.as_ref()?.effective.as_ref()?.soft_ms;
            (soft.is_finite() && soft > 0.0).then(|| r.used_ms / soft)
        })
        .collect();
    u.used_over_effective = mean(&effective);
    u.latency_ms = mean(&own.iter().map(|r| r.latency_ms).collect::<Vec<_>>());
    u
}

fn mean(xs: &[f64]) -> Option<f64> {
    (!xs.is_empty()).then(|| xs.iter().sum::<f64>() / xs.len() as f64)
}

/// One player's time statistics over a match.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct PlayerTimeStats {
    /// Games lost on time.
    pub timeouts: u32,
    /// Mean share of the clock used by move 20 (games that reached it).
    pub share_by_20: Option<f64>,
    /// Mean share used by move 40.
    pub share_by_40: Option<f64>,
    /// Mean clock left at the end of a game, ms (none without a clock).
    pub time_left_ms: Option<f64>,
    /// Share of games in time trouble.
    pub time_trouble: Option<f64>,
    /// Mean used ÷ soft budget (the base soft limit of the move's budget).
    pub used_over_allocated: Option<f64>,
    /// Mean used ÷ effective soft limit (the one the manager was using when the search ended).
    pub used_over_effective: Option<f64>,
    /// Mean latency, ms.
    pub latency_ms: Option<f64>,
    /// Largest overshoot of a flagged move, ms.
    pub max_overshoot_ms: f64,
}

impl PlayerTimeStats {
    /// The statistics of a player's games: their usages and the overshoots of flagged moves.
    pub(super) fn from_games(usages: &[TimeUsage], overshoots: &[f64]) -> Self {
        let pick =
            |f: &dyn Fn(&TimeUsage) -> Option<f64>| mean(&usages.iter().filter_map(f).collect::<Vec<_>>());
        PlayerTimeStats {
            timeouts: usages.iter().filter(|u| u.timeout).count() as u32,
            share_by_20: pick(&|u| u.share_by_20),
            share_by_40: pick(&|u| u.share_by_40),
            time_left_ms: pick(&|u| u.time_left_ms.is_finite().then_some(u.time_left_ms)),
            time_trouble: pick(&|u| Some(if u.time_trouble { 1.0 } else { 0.0 })),
            used_over_allocated: pick(&|u| u.used_over_allocated),
            used_over_effective: pick(&|u| u.used_over_effective),
            latency_ms: pick(&|u| u.latency_ms),
            max_overshoot_ms: overshoots.iter().copied().fold(0.0, f64::max),
        }
    }

    /// One line: `timeouts 0, used by move 20 31.2 %, …, used/allocated (base soft) 1.42,
    /// used/effective soft 0.93, latency 0.0 ms`.
    pub fn line(&self) -> String {
        let pct = |x: Option<f64>| x.map_or("-".into(), |v| format!("{:.1} %", 100.0 * v));
        format!(
            "timeouts {}, used by move 20 {}, by move 40 {}, left at end {}, time trouble {}, used/allocated (base soft) {}, used/effective soft {}, latency {}",
            self.timeouts,
            pct(self.share_by_20),
            pct(self.share_by_40),
            self.time_left_ms.map_or("-".into(), |v| format!("{:.2} s", v / 1000.0)),
            pct(self.time_trouble),
            self.used_over_allocated.map_or("-".into(), |v| format!("{v:.2}")),
            self.used_over_effective.map_or("-".into(), |v| format!("{v:.2}")),
            self.latency_ms.map_or("-".into(), |v| format!("{v:.1} ms")),
        )
    }
}
