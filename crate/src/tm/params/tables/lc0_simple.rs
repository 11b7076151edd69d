//! The parameter table of `lc0-simple` (spec §7): its keys, labels, sliders, ranges, units,
//! descriptions and sources, its presets, and how it builds the manager.

use super::{SRC_LC0, lc0_move_overhead, smart_pruning_params};
use crate::tm::lc0_simple::SimpleConfig;
use crate::tm::params::{Access, ManagerConfig, ManagerInfo, Param, Preset};
use crate::tm::{SearchKind, TimeManager, lc0_simple};

impl ManagerConfig for SimpleConfig {
    const NAME: &'static str = "lc0-simple";
    const ALIASES: &'static [&'static str] = &["simple"];
    const SEARCH: SearchKind = SearchKind::Mcts;

    fn info() -> ManagerInfo {
        ManagerInfo {
            label: "lc0 simple",
            reference: "lc0 src/search/classic/stoppers/simple.cc @909a4082 (#1876)",
            description: "a share of the clock growing with ply and inc/clock, plus time unused last move",
        }
    }

    fn params() -> Vec<Param<Self>> {
        type C = SimpleConfig;
        let mut v = vec![
            Param::new("base-pct", "Base share", f32_!(C, base_pct))
                .lin(0.1, 10.0, 0.05)
                .valid_above(0.0, 100.0)
                .unit("%")
                .desc("base share of (clock − O)")
                .src(SRC_LC0),
            Param::new("ply-pct", "Share per ply", f32_!(C, ply_pct))
                .lin(0.0, 0.2, 0.001)
                .valid(0.0, 1.0)
                .unit("%/ply")
                .desc("growth with ply")
                .src(SRC_LC0),
            Param::new("time-factor", "Increment weight", f32_!(C, time_factor))
                .lin(0.0, 5.0, 0.05)
                .valid(0.0, 100.0)
                .desc("weight of inc/clock")
                .src(SRC_LC0),
            Param::new("opening-bonus-pct", "Opening bonus", f32_!(C, opening_bonus_pct))
                .lin(0.0, 300.0, 5.0)
                .valid(0.0, 1000.0)
                .unit("%")
                .desc("extra on the first move")
                .src(SRC_LC0),
            lc0_move_overhead(int_!(C, u32, move_overhead)),
        ];
        v.extend(smart_pruning_params(true));
        v
    }

    fn presets() -> Vec<Preset<Self>> {
        vec![Preset { name: "lc0", description: "lc0 @909a4082 defaults", config: SimpleConfig::LC0 }]
    }

    fn build(&self) -> Box<dyn TimeManager> {
        Box::new(lc0_simple::Simple::new(*self))
    }
}
