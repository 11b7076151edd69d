//! The parameter table of `lc0-legacy` (spec §5): its keys, labels, sliders, ranges, units,
//! descriptions and sources, its presets, and how it builds the manager.

use super::{SRC_LC0, lc0_move_overhead, smart_pruning_params};
use crate::tm::lc0_legacy::LegacyConfig;
use crate::tm::params::{Access, ManagerConfig, ManagerInfo, Param, Preset};
use crate::tm::{SearchKind, TimeManager, lc0_legacy};

impl ManagerConfig for LegacyConfig {
    const NAME: &'static str = "lc0-legacy";
    const ALIASES: &'static [&'static str] = &["legacy"];
    const SEARCH: SearchKind = SearchKind::Mcts;

    fn info() -> ManagerInfo {
        ManagerInfo {
            label: "lc0 legacy",
            reference: "lc0 src/search/classic/stoppers/legacy.cc @909a4082",
            description: "pool ÷ estimated moves left, first-move bonus, slowmover, spared time carried over",
        }
    }

    fn params() -> Vec<Param<Self>> {
        type C = LegacyConfig;
        let mut v = vec![
            Param::new("slowmover", "Slowmover", f32_!(C, slowmover))
                .lin(0.1, 3.0, 0.05)
                .unit("×")
                .desc("budget multiplier (UCI Slowmover)")
                .src(SRC_LC0),
            Param::new("midpoint-move", "MLE midpoint", f32_!(C, midpoint_move))
                .lin(20.0, 100.0, 0.5)
                .unit("moves")
                .desc("moves-left estimator: median game length m")
                .src(SRC_LC0),
            Param::new("steepness", "MLE steepness", f32_!(C, steepness))
                .lin(2.0, 15.0, 0.1)
                .desc("moves-left estimator: steepness s")
                .src(SRC_LC0),
            Param::new("immediate-use", "Immediate use", f32_!(C, immediate_use))
                .lin(0.0, 1.0, 0.05)
                .desc("share of spared time spent on the next move")
                .src(SRC_LC0),
            Param::new("first-move-bonus", "First-move bonus", f32_!(C, first_move_bonus))
                .lin(0.0, 5.0, 0.1)
                .desc("added to 1 on the manager's first move: base × (1 + this + book-ply bonus), so 1.8 gives ×2.8 (#1891)")
                .src(SRC_LC0),
            Param::new("book-ply-bonus", "Book-ply bonus", f32_!(C, book_ply_bonus))
                .lin(0.0, 1.0, 0.01)
                .unit("/ply")
                .desc("added to that first move's multiplier per book ply, up to 12 plies (#1493)")
                .src(SRC_LC0),
            lc0_move_overhead(int_!(C, u32, move_overhead)),
        ];
        v.extend(smart_pruning_params(true));
        v
    }

    fn presets() -> Vec<Preset<Self>> {
        vec![
            Preset { name: "lc0", description: "lc0 @909a4082 defaults", config: LegacyConfig::LC0 },
            Preset {
                name: "no-bonus",
                description: "without the first-move and book-ply bonuses (lc0 before #1493/#1891)",
                config: LegacyConfig::NO_BONUS,
            },
        ]
    }

    fn build(&self) -> Box<dyn TimeManager> {
        Box::new(lc0_legacy::Legacy::new(*self))
    }
}
