//! The parameter table of `lc0-alphazero` (spec §7): its keys, labels, sliders, ranges, units,
//! descriptions and sources, its presets, and how it builds the manager.

use super::{SRC_LC0, lc0_move_overhead, smart_pruning_params};
use crate::tm::lc0_alphazero::AlphaZeroConfig;
use crate::tm::params::{Access, ManagerConfig, ManagerInfo, Param, Preset};
use crate::tm::{SearchKind, TimeManager, lc0_alphazero};

impl ManagerConfig for AlphaZeroConfig {
    const NAME: &'static str = "lc0-alphazero";
    const ALIASES: &'static [&'static str] = &["alphazero"];
    const SEARCH: SearchKind = SearchKind::Mcts;

    fn info() -> ManagerInfo {
        ManagerInfo {
            label: "lc0 AlphaZero",
            reference: "lc0 src/search/classic/stoppers/alphazero.cc @909a4082",
            description: "a fixed share of (clock − overhead) per move",
        }
    }

    fn params() -> Vec<Param<Self>> {
        type C = AlphaZeroConfig;
        let mut v = vec![
            Param::new("alphazero-time-pct", "Time share", f32_!(C, time_pct))
                .lin(0.5, 50.0, 0.5)
                .valid(0.0, 100.0)
                .unit("%")
                .desc("share of (clock − O) per move (5.0 before #1622)")
                .src(SRC_LC0),
            lc0_move_overhead(int_!(C, u32, move_overhead)),
        ];
        v.extend(smart_pruning_params(true));
        v
    }

    fn presets() -> Vec<Preset<Self>> {
        vec![
            Preset { name: "lc0", description: "lc0 @909a4082: 12 %", config: AlphaZeroConfig::LC0 },
            Preset {
                name: "pr1201",
                description: "the first version (#1201): 5 %",
                config: AlphaZeroConfig::PR1201,
            },
        ]
    }

    fn build(&self) -> Box<dyn TimeManager> {
        Box::new(lc0_alphazero::AlphaZero::new(*self))
    }
}
