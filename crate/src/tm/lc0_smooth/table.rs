//! The declaration of `lc0-smooth` (spec §6): its parameter rows (keys, labels, sliders,
//! ranges, units, descriptions, in-search and searcher flags, sources), its presets, its glossary
//! terms, and how it builds the manager. One line in the registry (`tm/mod.rs`) makes it known.

use crate::tm::SearchKind;
use crate::tm::glossary::{Entry, Repo, Source, Unit, e};
use crate::tm::lc0_smooth::{NpsDecay, Smooth, SmoothConfig, TrendRotation};
use crate::tm::params::flags::searcher_only;
use crate::tm::params::tables::{concat, f32_, int_, lc0_fields, move_overhead, smart_pruning_params};
use crate::tm::params::{Access, ManagerConfig, ManagerInfo, Param, Preset};

const SMO: Source = Source::Upstream(Repo::Lc0, "src/search/classic/stoppers/smooth.cc");
/// Why a parameter of the MCTS poll does nothing under alpha-beta.
const SMOOTH_POLL: &str = "it acts in the MCTS poll (nps measurement, trend watcher, piggybank); under alpha-beta the manager only meets its deadline, so this does nothing there";
lc0_fields!(SmoothConfig);

impl ManagerConfig for SmoothConfig {
    const NAME: &'static str = "lc0-smooth";
    const ALIASES: &'static [&'static str] = &["smooth"];
    const SEARCH: SearchKind = SearchKind::Mcts;
    const IN_SEARCH: &'static [&'static str] = &[
        "init-nps",
        "nps-decay",
        "nps-update-period",
        "nps-update-rate",
        "trend-nps-update-period-ms",
        "bestmove-optimism",
        "overtaker-optimism",
        "trend-rotation",
        "force-piggybank-ms",
    ];
    const ONLY_FOR: &'static [(&'static str, SearchKind, &'static str)] = &searcher_only(
        [
            "nps-*",
            "trend-nps-update-period-ms",
            "bestmove-optimism",
            "overtaker-optimism",
            "trend-rotation",
            "force-piggybank-ms",
        ],
        SearchKind::Mcts,
        SMOOTH_POLL,
    );
    const SOURCES: &'static [(&'static str, Source)] =
        &[("mle-legacy.*", Source::Upstream(Repo::Lc0, "src/search/classic/stoppers/legacy.cc")), ("*", SMO)];
    #[rustfmt::skip]
    const TERMS: &'static [Entry] = &[
        // lc0-smooth (spec §6)
        e(Self::NAME, "rm", "moves left (estimate)", Unit::Moves,
            "lc0's moves-left estimate, or movestogo if smaller",
            "MLE(ply; midpoint, steepness)", SMO),
        e(Self::NAME, "max_bank", "piggybank cap", Unit::Ms,
            "the most time the piggybank may hold",
            "max-piggybank-moves·max(0, clock + inc·(rm − 1) − O)/rm", SMO),
        e(Self::NAME, "total", "time pool", Unit::Ms,
            "the clock plus the increments still to come, less the bank and overhead",
            "max(0, clock − bank + inc·(rm − 1) − O)", SMO),
        e(Self::NAME, "avg_ms", "average move time", Unit::Ms,
            "the pool spread evenly over the moves left",
            "total/rm", SMO),
        e(Self::NAME, "nps", "nps estimate", Unit::Nps,
            "nodes per second, moved toward each measurement by decay",
            "ED or LinearDecay of nps toward the measured nodes/elapsed", SMO),
        e(Self::NAME, "r", "tree reuse estimate", Unit::Share,
            "share of the final tree expected to survive into the next move",
            "min(max-tree-reuse, ED(r, reused/last_final_nodes, rate, last_time/avg_ms))", SMO),
        e(Self::NAME, "u", "time use estimate", Unit::Share,
            "share of its allocation a search is expected to use (SmartPruning stops early); a move that used the bank counts 1",
            "max(min-timeuse, ED(u, used_bank ? 1 : elapsed/alloc, timeuse-update-rate, elapsed/avg_ms))", SMO),
        e(Self::NAME, "target", "target tree size", Unit::Nodes,
            "nodes the tree should hold when the move ends, the same every move",
            "(total·nps/1000/rm)/(1 − r)", SMO),
        e(Self::NAME, "new", "new nodes", Unit::Nodes,
            "nodes still to search beyond the reused subtree",
            "max(0, target − reused)", SMO),
        e(Self::NAME, "brutto", "time for new nodes", Unit::Ms,
            "the time the new nodes take at the estimated nps",
            "new/nps·1000", SMO),
        e(Self::NAME, "to_bank", "to the piggybank", Unit::Ms,
            "time saved into the piggybank from this move",
            "min(max_bank − bank, brutto·per-move-piggybank)", SMO),
        e(Self::NAME, "alloc", "allocation", Unit::Ms,
            "the planned time, scaled up for the expected early stop",
            "min((brutto − to_bank)/u, clock·max-move-budget, clock − O)", SMO),
        e(Self::NAME, "deadline", "deadline (soft)", Unit::Ms,
            "the soft limit: the search stops here unless it draws on the bank (then at deadline + allowed bank, earlier if overdrawn)",
            "trunc(alloc)", SMO),
        e(Self::NAME, "allowed_bank", "bank allowed", Unit::Ms,
            "piggybank time this move may add past its deadline (shown at least 0; see overdraft)",
            "max(0, min(trunc(bank·max-piggybank-use), trunc(clock − O − alloc)))", SMO),
        e(Self::NAME, "overdraft", "bank overdrawn", Unit::Ms,
            "the bank is below 0 after an overshoot: while the bank is in use (always at first) lc0 stops this long before the deadline",
            "−trunc(bank·max-piggybank-use); hard = deadline − overdraft", SMO),
        e(Self::NAME, "bank", "piggybank", Unit::Ms,
            "saved time in the bank after this move's deposit",
            "bank + to_bank", SMO),
        e(Self::NAME, "reliable", "nps reliable", Unit::Flag,
            "whether the nps estimate comes from a measurement yet",
            "", SMO),
        e(Self::NAME, "last_final_nodes", "last tree size", Unit::Nodes,
            "nodes in the tree when the previous move ended",
            "", SMO),
        e(Self::NAME, "last_time", "last nps measurement", Unit::Ms,
            "ms since the first batch at the last nps update (at a new move: the previous search's, weighting the reuse update)",
            "since_first_batch at the last update_nps", SMO),
        e(Self::NAME, "first", "first move pending", Unit::Flag,
            "the piggybank has not been filled with init-piggybank yet",
            "bank = clock·init-piggybank", SMO),
        e(Self::NAME, "used_bank", "bank used", Unit::Flag,
            "whether the last search ran past its deadline into the bank",
            "", SMO),
    ];

    const INFO: ManagerInfo = ManagerInfo {
        label: "lc0 smooth",
        reference: "seed: seeds 000/003 (PR1195 design doc), lc0 @e0b6ef38; lc0: lc0 smooth.cc @909a4082",
        description: "same tree size at every move: tracks NPS, tree reuse and timeuse; lc0 preset adds the piggybank",
    };

    const PARAMS: &'static [Param<Self>] =
        &concat::<_, { OWN.len() + 5 }>(OWN, &smart_pruning_params::<Self>());

    const PRESETS: &'static [Preset<Self>] = &[
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
    ];
    type Manager = Smooth;
    const NEW: fn(Self) -> Smooth = Smooth::new;
}

type C = SmoothConfig;
const S: &str = "lc0 smooth.cc @909a4082; seeds 000/003";

/// Its own rows; SmartPruning's follow.
const OWN: &[Param<C>] = &[
            Param::new("init-tree-reuse", "Initial tree reuse", f32_!(C, init_tree_reuse))
                .lin(0.0, 0.9, 0.01)
                .desc("initial tree-reuse factor r")
                .src(S),
            Param::new("max-tree-reuse", "Max tree reuse", f32_!(C, max_tree_reuse)).lin(0.0, 0.95, 0.01).desc("cap on r").src(S),
            Param::new("tree-reuse-update-rate", "Tree reuse update rate", f32_!(C, tree_reuse_update_rate))
                .log(0.5, 20.0, 0.1)
                .unit("avg moves")
                .desc("average moves for a half update of r (ExponentialDecay step)")
                .src(S),
            Param::new("init-nps", "Initial NPS", f32_!(C, init_nps))
                .log(100.0, 1e6, 0.0)
                .unit("nodes/s")
                .desc("initial NPS (hard-coded 20000 in lc0; a parameter in the seed)")
                .src(S),
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
            .src(S),
            Param::new("nps-update-period", "NPS update period", f32_!(C, nps_update_period))
                .log(1.0, 120.0, 1.0)
                .unit("s")
                .desc("LinearDecay window W")
                .src(S),
            Param::new("nps-update-rate", "NPS update rate", f32_!(C, nps_update_rate))
                .log(0.5, 60.0, 0.5)
                .unit("s")
                .desc("ExponentialDecay half-life")
                .src(S),
            Param::new("init-timeuse", "Initial timeuse", f32_!(C, init_timeuse)).lin(0.1, 1.0, 0.01).desc("initial timeuse u").src(S),
            Param::new("min-timeuse", "Min timeuse", f32_!(C, min_timeuse)).lin(0.05, 1.0, 0.01).desc("floor on u").src(S),
            Param::new("timeuse-update-rate", "Timeuse update rate", f32_!(C, timeuse_update_rate))
                .log(0.5, 30.0, 0.1)
                .unit("avg moves")
                .desc("average moves for a half update of u")
                .src(S),
            Param::new("max-move-budget", "Max move budget", f32_!(C, max_move_budget))
                .lin(0.05, 0.95, 0.01)
                .desc("alloc ≤ this × clock")
                .src(S),
            Param::new("init-piggybank", "Initial piggybank", f32_!(C, init_piggybank))
                .lin(0.0, 0.5, 0.01)
                .desc("bank at the first move = clock × this")
                .src(S),
            Param::new("per-move-piggybank", "Per-move piggybank", f32_!(C, per_move_piggybank))
                .lin(0.0, 0.5, 0.01)
                .desc("share of each move's expected time that is banked")
                .src(S),
            Param::new("max-piggybank-use", "Max piggybank use", f32_!(C, max_piggybank_use))
                .lin(0.0, 1.0, 0.01)
                .desc("share of the bank usable on one move")
                .src(S),
            Param::new("max-piggybank-moves", "Max piggybank moves", f32_!(C, max_piggybank_moves))
                .lin(0.0, 100.0, 0.5)
                .unit("avg moves")
                .desc("bank cap")
                .src(S),
            Param::new("trend-nps-update-period-ms", "Trend period", int_!(C, u32, trend_nps_update_period_ms))
                .log(100.0, 20000.0, 100.0)
                .unit("ms")
                .desc("trend-watcher window")
                .src(S),
            Param::new("bestmove-optimism", "Best-move optimism", f32_!(C, bestmove_optimism))
                .lin(0.0, 2.0, 0.05)
                .desc("expected future rate of the best move relative to its current rate")
                .src(S),
            Param::new("overtaker-optimism", "Overtaker optimism", f32_!(C, overtaker_optimism))
                .lin(0.0, 10.0, 0.1)
                .desc("the same for the other moves")
                .src(S),
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
            .src(S),
            Param::new("force-piggybank-ms", "Forced bank window", int_!(C, u32, force_piggybank_ms))
                .lin(0.0, 5000.0, 50.0)
                .unit("ms")
                .desc("the bank may be used during the first ms after the first batch")
                .src(S),
            move_overhead(int_!(C, u32, move_overhead))
                .lin(0.0, 2000.0, 10.0)
                .desc("overhead")
                .src(S),
            Param::new("midpoint", "MLE midpoint", f32_!(C, midpoint))
                .group("mle-legacy")
                .lin(20.0, 100.0, 0.1)
                .unit("moves")
                .desc("moves-left estimator: median game length m")
                .src(S),
            Param::new("steepness", "MLE steepness", f32_!(C, steepness))
                .group("mle-legacy")
                .lin(2.0, 15.0, 0.01)
                .desc("moves-left estimator: steepness s")
                .src(S),
];
