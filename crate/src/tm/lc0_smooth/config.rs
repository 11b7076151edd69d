//! The smooth manager's typed config ([`SmoothConfig`]) and its presets: `SEED` (the PR1195
//! design document, seeds 000/003) and `LC0` (lc0 @909a4082's code defaults, see the parent
//! module for the references).

use super::super::smart_pruning::SmartPruningConfig;

/// lc0's move overhead default, ms.
pub const MOVE_OVERHEAD_MS: u32 = 200;
/// The NPS guess before any measurement (hard-coded in lc0; a parameter in the seed).
pub const INIT_NPS: f32 = 20_000.0;

/// How the NPS estimate follows measurements (§6.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NpsDecay {
    /// LinearDecay over `nps-update-period` seconds (lc0 #1596).
    Linear,
    /// ExponentialDecay with a half-life of `nps-update-rate` seconds (the design document).
    Exponential,
}

impl NpsDecay {
    /// Names in spec strings.
    pub const NAMES: &'static [&'static str] = &["linear", "exponential"];

    /// The name in spec strings.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    /// From a name in [`NpsDecay::NAMES`].
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "linear" => Some(NpsDecay::Linear),
            "exponential" => Some(NpsDecay::Exponential),
            _ => None,
        }
    }
}

/// When the trend watcher rotates its root-visit snapshots (§6.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrendRotation {
    /// lc0 @909a4082: at every check that comes within a period of the current snapshot, so
    /// the rates span the last two checks (what lc0 plays).
    Upstream,
    /// The design's intent: once the newest sample is a period newer than the current snapshot,
    /// so the rates span one to two periods (≥ 3 s by default).
    Intended,
}

impl TrendRotation {
    /// Names in spec strings.
    pub const NAMES: &'static [&'static str] = &["upstream", "intended"];

    /// The name in spec strings.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    /// From a name in [`TrendRotation::NAMES`].
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "upstream" => Some(TrendRotation::Upstream),
            "intended" => Some(TrendRotation::Intended),
            _ => None,
        }
    }
}

/// The smooth manager's parameters (§6.1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SmoothConfig {
    /// Initial tree-reuse factor r.
    pub init_tree_reuse: f32,
    /// Cap on r.
    pub max_tree_reuse: f32,
    /// ED step for r, in average moves.
    pub tree_reuse_update_rate: f32,
    /// Initial NPS.
    pub init_nps: f32,
    /// NPS smoothing.
    pub nps_decay: NpsDecay,
    /// LD window, s.
    pub nps_update_period: f32,
    /// ED half-life, s.
    pub nps_update_rate: f32,
    /// Initial timeuse u.
    pub init_timeuse: f32,
    /// Floor on u.
    pub min_timeuse: f32,
    /// ED step for u, in average moves.
    pub timeuse_update_rate: f32,
    /// alloc ≤ this × clock.
    pub max_move_budget: f32,
    /// Bank at the first move = clock × this.
    pub init_piggybank: f32,
    /// Share of each move's expected time that is banked.
    pub per_move_piggybank: f32,
    /// Share of the bank usable on one move.
    pub max_piggybank_use: f32,
    /// Bank cap, in average moves.
    pub max_piggybank_moves: f32,
    /// Trend-watcher window, ms.
    pub trend_nps_update_period_ms: u32,
    /// Expected future rate of the best move relative to its current rate.
    pub bestmove_optimism: f32,
    /// The same for the other moves.
    pub overtaker_optimism: f32,
    /// When the trend watcher rotates its snapshots.
    pub trend_rotation: TrendRotation,
    /// The bank may be used during the first this-many ms after the first batch.
    pub force_piggybank_ms: u32,
    /// MLE midpoint m (`mle-legacy(midpoint=…)`).
    pub midpoint: f32,
    /// MLE steepness s (`mle-legacy(steepness=…)`).
    pub steepness: f32,
    /// Move overhead, ms.
    pub move_overhead: u32,
    /// The SmartPruning stopper that follows.
    pub smart_pruning: SmartPruningConfig,
}

impl SmoothConfig {
    /// The PR1195 design document (seeds 000/003) with its code's `mle-legacy` 51.5/7.0.
    pub const SEED: SmoothConfig = SmoothConfig {
        init_tree_reuse: 0.5,
        max_tree_reuse: 0.7,
        tree_reuse_update_rate: 4.0,
        init_nps: INIT_NPS,
        nps_decay: NpsDecay::Exponential,
        nps_update_period: 20.0,
        nps_update_rate: 5.0,
        init_timeuse: 0.7,
        min_timeuse: 0.3,
        timeuse_update_rate: 10.0,
        max_move_budget: 0.3,
        init_piggybank: 0.0,
        per_move_piggybank: 0.0,
        max_piggybank_use: 0.0,
        max_piggybank_moves: 0.0,
        trend_nps_update_period_ms: 3000,
        bestmove_optimism: 0.2,
        overtaker_optimism: 4.0,
        trend_rotation: TrendRotation::Intended,
        force_piggybank_ms: 0,
        midpoint: 51.5,
        steepness: 7.0,
        move_overhead: MOVE_OVERHEAD_MS,
        smart_pruning: SmartPruningConfig::LC0,
    };
    /// lc0 @909a4082's code defaults.
    pub const LC0: SmoothConfig = SmoothConfig {
        init_tree_reuse: 0.52,
        max_tree_reuse: 0.73,
        tree_reuse_update_rate: 3.39,
        init_nps: INIT_NPS,
        nps_decay: NpsDecay::Linear,
        nps_update_period: 20.0,
        nps_update_rate: 5.0,
        init_timeuse: 0.7,
        min_timeuse: 0.34,
        timeuse_update_rate: 5.51,
        max_move_budget: 0.42,
        init_piggybank: 0.09,
        per_move_piggybank: 0.12,
        max_piggybank_use: 0.94,
        max_piggybank_moves: 36.5,
        trend_nps_update_period_ms: 3000,
        bestmove_optimism: 0.2,
        overtaker_optimism: 4.0,
        trend_rotation: TrendRotation::Upstream,
        force_piggybank_ms: 1000,
        midpoint: 45.2,
        steepness: 5.93,
        move_overhead: MOVE_OVERHEAD_MS,
        smart_pruning: SmartPruningConfig::LC0,
    };
}
