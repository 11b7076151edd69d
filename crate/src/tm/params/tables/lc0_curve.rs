//! The parameter table of `lc0-curve` (spec §4): its keys, labels, sliders, ranges, units,
//! descriptions and sources, its presets, and how it builds the manager.

use super::smart_pruning_params;
use crate::tm::lc0_curve::CurveConfig;
use crate::tm::params::{Access, ManagerConfig, ManagerInfo, Param, Preset};
use crate::tm::{SearchKind, TimeManager, lc0_curve};

impl ManagerConfig for CurveConfig {
    const NAME: &'static str = "lc0-curve";
    const ALIASES: &'static [&'static str] = &[];
    const SEARCH: SearchKind = SearchKind::Mcts;

    fn info() -> ManagerInfo {
        ManagerInfo {
            label: "lc0 time curve (2018)",
            reference: "seed 002 (lc0 blog 2018); lc0 v0.17 engine.cc @62035fe5, v0.18 @a4273d39, v0.20 @0eeaa8d0",
            description: "shares the time to the next control along a bell curve over the plies, × slowmover",
        }
    }

    fn params() -> Vec<Param<Self>> {
        type C = CurveConfig;
        let s = "seed 002; lc0 v0.17";
        let mut v = vec![
            Param::new("time-curve-peak", "Curve peak", f32_!(C, peak))
                .lin(-20.0, 150.0, 0.1)
                .unit("plies")
                .desc("where the weight curve peaks (the blog says move 26; the code 26.2 plies)")
                .src(s),
            Param::new("time-curve-left", "Curve left width", f32_!(C, left))
                .lin(1.0, 300.0, 1.0)
                .unit("plies")
                .desc("width left of the peak (upstream time-curve-left-width)")
                .src(s),
            Param::new("time-curve-right", "Curve right width", f32_!(C, right))
                .lin(1.0, 300.0, 1.0)
                .unit("plies")
                .desc("width right of the peak (upstream time-curve-right-width)")
                .src(s),
            Param::new("slowmover", "Slowmover", f32_!(C, slowmover))
                .lin(0.1, 5.0, 0.05)
                .unit("×")
                .desc("budget multiplier compensating early SmartPruning exits (v0.18+: 1.0)")
                .src(s),
            Param::new("move-overhead", "Move overhead", int_!(C, u32, move_overhead))
                .lin(0.0, 2000.0, 10.0)
                .unit("ms")
                .desc("overhead (v0.19+: 200)")
                .src(s),
            Param::new("futile-search-aversion", "Futile search aversion", f64_!(C, smart_pruning.factor))
                .lin(0.0, 10.0, 0.01)
                .desc("SmartPruning factor F (§8); 0 disables it")
                .src("seed 002; lc0 v0.17 src/mcts/search.cc"),
            Param::new("ponder", "Ponder", bool_!(C, ponder))
                .desc("ponder on the opponent's time: no limit and no SmartPruning while pondering")
                .src("seed 002"),
            Param::new("overhead-per-move", "Overhead per move", bool_!(C, overhead_per_move))
                .desc("true: O charged per remaining move (v0.17); false: once (v0.18+)")
                .src("seed 002; v0.17 vs v0.18"),
            Param::new("immediate-time-use", "Immediate time use", f32_!(C, immediate_time_use))
                .lin(0.0, 1.0, 0.05)
                .desc("share of spared time spent on the next move (v0.17: none; v0.18–v0.20: 0.6)")
                .src("lc0 v0.18, v0.20"),
            Param::new("default-mtg", "Default moves to go", int_!(C, u32, default_mtg))
                .lin(10.0, 100.0, 1.0)
                .unit("moves")
                .desc("horizon when movestogo is absent")
                .src("seed 002"),
        ];
        v.extend(smart_pruning_params(false));
        v
    }

    fn presets() -> Vec<Preset<Self>> {
        vec![
            Preset {
                name: "v0.17",
                description: "lc0 v0.17.0: the blog's defaults",
                config: CurveConfig::V0_17,
            },
            Preset {
                name: "v0.18",
                description: "lc0 v0.18.0: overhead once, slowmover 1.0, 60 % of spared time at once",
                config: CurveConfig::V0_18,
            },
            Preset {
                name: "v0.20",
                description: "lc0 v0.20.0: as v0.18 with 200 ms overhead",
                config: CurveConfig::V0_20,
            },
        ]
    }

    fn build(&self) -> Box<dyn TimeManager> {
        Box::new(lc0_curve::Curve::new(*self))
    }
}
