//! The declaration of `lc0-curve` (spec §4): its parameter rows (keys, labels, sliders,
//! ranges, units, descriptions, in-search and searcher flags, sources), its presets, its glossary
//! terms, and how it builds the manager. One line in the registry (`tm/mod.rs`) makes it known.

use crate::tm::SearchKind;
use crate::tm::glossary::{Entry, Repo, Source, Unit, e};
use crate::tm::lc0_curve::{Curve, CurveConfig};
use crate::tm::params::flags::SMART_PRUNING;
use crate::tm::params::tables::{
    bool_, concat, f32_, f64_, int_, lc0_fields, move_overhead, smart_pruning_params,
};
use crate::tm::params::{ManagerConfig, ManagerInfo, Param, Preset};

const V017: Source = Source::Upstream(Repo::Lc0V017, "src/engine.cc");
const V018: Source = Source::Upstream(Repo::Lc0V018, "src/engine.cc");
lc0_fields!(CurveConfig);

impl ManagerConfig for CurveConfig {
    const NAME: &'static str = "lc0-curve";
    const SEARCH: SearchKind = SearchKind::Mcts;
    const IN_SEARCH: &'static [&'static str] = &["futile-search-aversion", "ponder"];
    const ONLY_FOR: &'static [(&'static str, SearchKind, &'static str)] =
        &[("futile-search-aversion", SearchKind::Mcts, SMART_PRUNING)];
    const SOURCES: &'static [(&'static str, Source)] = &[
        ("futile-search-aversion", Source::Upstream(Repo::Lc0, "src/search/classic/stoppers/stoppers.cc")),
        ("immediate-time-use", V018),
        ("*", V017),
    ];
    #[rustfmt::skip]
    const TERMS: &'static [Entry] = &[
        // lc0-curve (spec §1.4, §4)
        e(Self::NAME, "mtg", "moves to go", Unit::Moves,
            "moves until the next time control, or default-mtg in sudden death",
            "movestogo (0 → 1) or default-mtg", V017),
        e(Self::NAME, "total", "time pool", Unit::Ms,
            "the time to share out until the next control, after overhead and the spared time used now",
            "max(0, clock + inc·(mtg − 1) − O·(overhead-per-move ? mtg : 1)) − squander", V017),
        e(Self::NAME, "weight_share", "curve share", Unit::Share,
            "this move's share of the pool along the bell curve over the game",
            "w(ply) / Σ_{i<mtg} w(ply + 2i), w(p) = cosh((p − peak)/(width·1.5187))^−2", V017),
        e(Self::NAME, "squander", "spared time used now", Unit::Ms,
            "the part of the spared pool this move spends",
            "trunc(spared·immediate-time-use)", V018),
        e(Self::NAME, "slowmover_applied", "slowmover applied", Unit::Flag,
            "whether slowmover multiplied the budget (only below 1, or above 200 ms; since v0.17)",
            "slowmover < 1 or budget·slowmover > 200", V017),
        e(Self::NAME, "deadline", "deadline", Unit::Ms,
            "the move's one limit (soft = hard): the search stops here",
            "max(0, min(trunc(budget + squander), clock − O))", V017),
        e(Self::NAME, "spared", "spared pool", Unit::Ms,
            "time left over by earlier moves that stopped before their deadline (negative: overspent by slowmover)",
            "spared += deadline − elapsed", V018),
    ];

    const INFO: ManagerInfo = ManagerInfo {
        label: "lc0 time curve (2018)",
        reference: "seed 002 (lc0 blog 2018); lc0 v0.17 engine.cc @62035fe5, v0.18 @a4273d39, v0.20 @0eeaa8d0",
        description: "shares the time to the next control along a bell curve over the plies, × slowmover",
    };

    const PARAMS: &'static [Param<Self>] =
        &concat::<_, { OWN.len() + 4 }>(OWN, smart_pruning_params::<Self>().split_at(1).1);

    const PRESETS: &'static [Preset<Self>] = &[
        Preset { name: "v0.17", description: "lc0 v0.17.0: the blog's defaults", config: CurveConfig::V0_17 },
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
    ];
    type Manager = Curve;
    const NEW: fn(Self) -> Curve = Curve::new;
}

type C = CurveConfig;
const S: &str = "seed 002; lc0 v0.17";

/// Its own rows; SmartPruning's follow, but for the factor (`futile-search-aversion` here).
const OWN: &[Param<C>] = &[
    Param::new("time-curve-peak", "Curve peak", f32_!(C, peak))
        .lin(-20.0, 150.0, 0.1)
        .unit("plies")
        .desc("where the weight curve peaks (the blog says move 26; the code 26.2 plies)")
        .src(S),
    Param::new("time-curve-left", "Curve left width", f32_!(C, left))
        .lin(1.0, 300.0, 1.0)
        .unit("plies")
        .desc("width left of the peak (upstream time-curve-left-width)")
        .src(S),
    Param::new("time-curve-right", "Curve right width", f32_!(C, right))
        .lin(1.0, 300.0, 1.0)
        .unit("plies")
        .desc("width right of the peak (upstream time-curve-right-width)")
        .src(S),
    Param::new("slowmover", "Slowmover", f32_!(C, slowmover))
        .lin(0.1, 5.0, 0.05)
        .unit("×")
        .desc("budget multiplier compensating early SmartPruning exits (v0.18+: 1.0)")
        .src(S),
    move_overhead(int_!(C, u32, move_overhead)).lin(0.0, 2000.0, 10.0).desc("overhead (v0.19+: 200)").src(S),
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
