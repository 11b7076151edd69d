//! The parameter table of `lc0-smooth` (spec §6): its keys, labels, sliders, ranges, units,
//! descriptions and sources, its presets, and how it builds the manager.

use super::smart_pruning_params;
use crate::tm::lc0_smooth::{NpsDecay, SmoothConfig, TrendRotation};
use crate::tm::params::{Access, ManagerConfig, ManagerInfo, Param, Preset};
use crate::tm::{SearchKind, TimeManager, lc0_smooth};

impl ManagerConfig for SmoothConfig {
    const NAME: &'static str = "lc0-smooth";
    const ALIASES: &'static [&'static str] = &["smooth"];
    const SEARCH: SearchKind = SearchKind::Mcts;

    fn info() -> ManagerInfo {
        ManagerInfo {
            label: "lc0 smooth",
            reference: "seed: seeds 000/003 (PR1195 design doc), lc0 @e0b6ef38; lc0: lc0 smooth.cc @909a4082",
            description: "same tree size at every move: tracks NPS, tree reuse and timeuse; lc0 preset adds the piggybank",
        }
    }

    fn params() -> Vec<Param<Self>> {
        type C = SmoothConfig;
        let s = "lc0 smooth.cc @909a4082; seeds 000/003";
        let mut v = vec![
            Param::new("init-tree-reuse", "Initial tree reuse", f32_!(C, init_tree_reuse))
                .lin(0.0, 0.9, 0.01)
                .desc("initial tree-reuse factor r")
                .src(s),
            Param::new("max-tree-reuse", "Max tree reuse", f32_!(C, max_tree_reuse)).lin(0.0, 0.95, 0.01).desc("cap on r").src(s),
            Param::new("tree-reuse-update-rate", "Tree reuse update rate", f32_!(C, tree_reuse_update_rate))
                .log(0.5, 20.0, 0.1)
                .unit("avg moves")
                .desc("average moves for a half update of r (ExponentialDecay step)")
                .src(s),
            Param::new("init-nps", "Initial NPS", f32_!(C, init_nps))
                .log(100.0, 1e6, 0.0)
                .unit("nodes/s")
                .desc("initial NPS (hard-coded 20000 in lc0; a parameter in the seed)")
                .src(s),
            Param::new(
                "nps-decay",
                "NPS smoothing",
                Access::Enum(NpsDecay::NAMES, |c: &C| c.nps_decay.name(), |c: &mut C, v| {
                    if let Some(d) = NpsDecay::from_name(v) {
                        c.nps_decay = d
                    }
                }),
            )
            .desc("linear: LinearDecay over nps-update-period (lc0 #1596); exponential: ED with nps-update-rate (seed)")
            .src(s),
            Param::new("nps-update-period", "NPS update period", f32_!(C, nps_update_period))
                .log(1.0, 120.0, 1.0)
                .unit("s")
                .desc("LinearDecay window W")
                .src(s),
            Param::new("nps-update-rate", "NPS update rate", f32_!(C, nps_update_rate))
                .log(0.5, 60.0, 0.5)
                .unit("s")
                .desc("ExponentialDecay half-life")
                .src(s),
            Param::new("init-timeuse", "Initial timeuse", f32_!(C, init_timeuse)).lin(0.1, 1.0, 0.01).desc("initial timeuse u").src(s),
            Param::new("min-timeuse", "Min timeuse", f32_!(C, min_timeuse)).lin(0.05, 1.0, 0.01).desc("floor on u").src(s),
            Param::new("timeuse-update-rate", "Timeuse update rate", f32_!(C, timeuse_update_rate))
                .log(0.5, 30.0, 0.1)
                .unit("avg moves")
                .desc("average moves for a half update of u")
                .src(s),
            Param::new("max-move-budget", "Max move budget", f32_!(C, max_move_budget))
                .lin(0.05, 0.95, 0.01)
                .desc("alloc ≤ this × clock")
                .src(s),
            Param::new("init-piggybank", "Initial piggybank", f32_!(C, init_piggybank))
                .lin(0.0, 0.5, 0.01)
                .desc("bank at the first move = clock × this")
                .src(s),
            Param::new("per-move-piggybank", "Per-move piggybank", f32_!(C, per_move_piggybank))
                .lin(0.0, 0.5, 0.01)
                .desc("share of each move's expected time that is banked")
                .src(s),
            Param::new("max-piggybank-use", "Max piggybank use", f32_!(C, max_piggybank_use))
                .lin(0.0, 1.0, 0.01)
                .desc("share of the bank usable on one move")
                .src(s),
            Param::new("max-piggybank-moves", "Max piggybank moves", f32_!(C, max_piggybank_moves))
                .lin(0.0, 100.0, 0.5)
                .unit("avg moves")
                .desc("bank cap")
                .src(s),
            Param::new("trend-nps-update-period-ms", "Trend period", int_!(C, u32, trend_nps_update_period_ms))
                .log(100.0, 20000.0, 100.0)
                .unit("ms")
                .desc("trend-watcher window")
                .src(s),
            Param::new("bestmove-optimism", "Best-move optimism", f32_!(C, bestmove_optimism))
                .lin(0.0, 2.0, 0.05)
                .desc("expected future rate of the best move relative to its current rate")
                .src(s),
            Param::new("overtaker-optimism", "Overtaker optimism", f32_!(C, overtaker_optimism))
                .lin(0.0, 10.0, 0.1)
                .desc("the same for the other moves")
                .src(s),
            Param::new(
                "trend-rotation",
                "Trend rotation",
                Access::Enum(TrendRotation::NAMES, |c: &C| c.trend_rotation.name(), |c: &mut C, v| {
                    if let Some(r) = TrendRotation::from_name(v) {
                        c.trend_rotation = r
                    }
                }),
            )
            .desc("when the trend watcher rotates its snapshots: upstream (lc0 @909a4082, at every check: rates over the last two checks) or intended (the design: a trend period apart, rates over 1–2 periods)")
            .src(s),
            Param::new("force-piggybank-ms", "Forced bank window", int_!(C, u32, force_piggybank_ms))
                .lin(0.0, 5000.0, 50.0)
                .unit("ms")
                .desc("the bank may be used during the first ms after the first batch")
                .src(s),
            Param::new("move-overhead", "Move overhead", int_!(C, u32, move_overhead))
                .lin(0.0, 2000.0, 10.0)
                .unit("ms")
                .desc("overhead")
                .src(s),
            Param::new("midpoint", "MLE midpoint", f32_!(C, midpoint))
                .group("mle-legacy")
                .lin(20.0, 100.0, 0.1)
                .unit("moves")
                .desc("moves-left estimator: median game length m")
                .src(s),
            Param::new("steepness", "MLE steepness", f32_!(C, steepness))
                .group("mle-legacy")
                .lin(2.0, 15.0, 0.01)
                .desc("moves-left estimator: steepness s")
                .src(s),
        ];
        v.extend(smart_pruning_params(true));
        v
    }

    fn presets() -> Vec<Preset<Self>> {
        vec![
            Preset {
                name: "seed",
                description: "the PR1195 design document (seeds 000/003): ExponentialDecay NPS, no piggybank",
                config: SmoothConfig::SEED,
            },
            Preset {
                name: "lc0",
                description: "lc0 @909a4082 code defaults: piggybank, LinearDecay NPS, trend watcher",
                config: SmoothConfig::LC0,
            },
        ]
    }

    fn build(&self) -> Box<dyn TimeManager> {
        Box::new(lc0_smooth::Smooth::new(*self))
    }
}
