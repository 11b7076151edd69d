//! The declaration of `guide` (spec §3): its parameter rows (keys, labels, sliders,
//! ranges, units, descriptions, in-search and searcher flags, sources), its presets, its glossary
//! terms, and how it builds the manager. One line in the registry (`tm/mod.rs`) makes it known.

use crate::tm::glossary::{Entry, Repo, Source, Unit, e};
use crate::tm::guide::{GuideConfig, GuideMode};
use crate::tm::params::flags::{CHECK_EVERY, PER_ITERATION, searcher_only};
use crate::tm::params::tables::{bool_, concat, f64_, int_, move_overhead};
use crate::tm::params::{Access, ManagerConfig, ManagerInfo, Param, Preset};
use crate::tm::{SearchKind, guide};

const SEED_GUIDE: Source = Source::Seed("004_5553bfcd042ba4ed.txt");
const ETH: Source = Source::Upstream(Repo::Ethereal, "src/timeman.c");

/// Where the rows come from.
const S: &str = "seed 004";
const E: &str = "Ethereal timeman.c @0e47e9b6";

impl ManagerConfig for GuideConfig {
    const NAME: &'static str = "guide";
    const SEARCH: SearchKind = SearchKind::AlphaBeta;
    const IN_SEARCH: &'static [&'static str] = &[
        "move-overhead",
        "clear-one-depth",
        "check-interval",
        "pv-stability",
        "pv-base",
        "pv-step",
        "pv-cap",
        "score-stability",
        "score-min-depth",
        "score-lag",
        "score-slope",
        "score-min",
        "score-max",
        "node-tm",
        "node-slope",
        "node-offset",
        "node-min",
        "tricks-min-depth",
    ];
    const ONLY_FOR: &'static [(&'static str, SearchKind, &'static str)] = &concat::<_, 6>(
        &[("check-interval", SearchKind::AlphaBeta, CHECK_EVERY)],
        &searcher_only(
            ["clear-one-depth", "pv-*", "score-*", "node-*", "tricks-min-depth"],
            SearchKind::AlphaBeta,
            PER_ITERATION,
        ),
    );
    const SOURCES: &'static [(&'static str, Source)] =
        &[("pv-*", ETH), ("score-*", ETH), ("node-*", ETH), ("tricks-min-depth", ETH), ("*", SEED_GUIDE)];
    #[rustfmt::skip]
    const TERMS: &'static [Entry] = &[
        // The guide (spec §3)
        e(Self::NAME, "clock0", "first clock", Unit::Ms,
            "the clock at the first move of the game (fixed chunks divide it)",
            "clock₀", SEED_GUIDE),
        e(Self::NAME, "L", "limit", Unit::Ms,
            "the one limit of the chunks and fraction modes (soft = hard)",
            "chunks: ⌊clock₀/chunk-divisor⌋; fraction: ⌊clock/fraction-divisor⌋", SEED_GUIDE),
        e(Self::NAME, "clock_part", "clock share", Unit::Ms,
            "the clock divided by base-divisor",
            "⌊clock/base-divisor⌋", SEED_GUIDE),
        e(Self::NAME, "inc_part", "increment share", Unit::Ms,
            "the part of the increment spent on this move",
            "⌊inc·inc-frac⌋", SEED_GUIDE),
        e(Self::NAME, "base", "base", Unit::Ms,
            "the recap rule's budget before the soft/hard split",
            "clock_part + inc_part", SEED_GUIDE),
        e(Self::NAME, "soft", "soft limit", Unit::Ms,
            "no new iteration after this (scaled by the tricks when they are on)",
            "⌊base·soft-frac⌋", SEED_GUIDE),
        e(Self::NAME, "hard", "hard limit", Unit::Ms,
            "the search stops inside an iteration here",
            "⌊base·hard-mult⌋", SEED_GUIDE),
        e(Self::NAME, "overhead", "move overhead", Unit::Ms,
            "added to elapsed at every check: time lost to the GUI and the network",
            "stop when elapsed + O ≥ limit", SEED_GUIDE),
        e(Self::NAME, "soft_eff", "effective soft limit", Unit::Ms,
            "the soft limit after the last iteration's PV, score and node scalings",
            "soft·pv·score·node", ETH),
        e(Self::NAME, "pv", "PV stability", Unit::Factor,
            "shrinks the soft limit while the best move stays the same",
            "pv-base − pv-step·min(pv-cap, s)", ETH),
        e(Self::NAME, "score", "score stability", Unit::Factor,
            "0.75 (less time) while the score is stable or rising (drop ≤ 15 cp); above 1 only for drops over 20 cp, 1.25 from 25 cp",
            "clamp(score-slope·(score[d − lag] − score[d]), score-min, score-max)", ETH),
        e(Self::NAME, "node", "node share", Unit::Factor,
            "shrinks the soft limit when most nodes went to the best move",
            "max(node-min, node-slope·(1 − best_nodes/nodes) + node-offset)", ETH),
    ];

    const INFO: ManagerInfo = ManagerInfo {
        label: "Engine guide",
        reference: "seed 004 (engine guide, time management); tricks' constants from Ethereal timeman.c @0e47e9b6",
        description: "fixed chunks, fixed fraction, or clock/20 + ¾ inc with soft ½ and hard ×3; optional PV, score and node scalings",
    };

    const PARAMS: &'static [Param<Self>] = &[
        Param::new(
            "mode",
            "Allocation rule",
            Access::Enum(
                GuideMode::NAMES,
                |c: &Self| c.mode.name(),
                |c: &mut Self, v| {
                    if let Some(m) = GuideMode::from_name(v) {
                        c.mode = m
                    }
                },
            ),
        )
        .desc("chunks: initial/divisor; fraction: clock/divisor; recap: clock/20 + ¾ inc with soft/hard")
        .src(S),
        Param::new("chunk-divisor", "Chunk divisor", int_!(Self, u32, chunk_divisor))
            .lin(10.0, 200.0, 1.0)
            .desc("chunks: L = initial clock / divisor")
            .src(S),
        Param::new("fraction-divisor", "Fraction divisor", int_!(Self, u32, fraction_divisor))
            .lin(2.0, 100.0, 1.0)
            .desc("fraction: L = clock / divisor")
            .src(S),
        Param::new("base-divisor", "Base divisor", int_!(Self, u32, base_divisor))
            .lin(5.0, 100.0, 1.0)
            .desc("recap: base = clock/divisor + …")
            .src(S),
        Param::new("inc-frac", "Increment share", f64_!(Self, inc_frac))
            .lin(0.0, 1.0, 0.05)
            .desc("recap: share of the increment added (3/4)")
            .src(S),
        Param::new("soft-hard", "Soft/hard split", bool_!(Self, soft_hard))
            .desc("recap: soft/hard split (false: single limit L = base)")
            .src(S),
        Param::new("soft-frac", "Soft share", f64_!(Self, soft_frac))
            .lin(0.1, 1.0, 0.05)
            .desc("soft = base·soft-frac")
            .src(S),
        Param::new("hard-mult", "Hard multiple", f64_!(Self, hard_mult))
            .lin(1.0, 10.0, 0.1)
            .desc("hard = base·hard-mult")
            .src(S),
        move_overhead(int_!(Self, u32, move_overhead))
            .lin(0.0, 1000.0, 5.0)
            .desc("added to elapsed at every check")
            .src(S),
        Param::new("clear-one-depth", "Clear one depth", bool_!(Self, clear_one_depth))
            .desc("depth 1 is never aborted, and its result is kept")
            .src(S),
        Param::new("check-interval", "Check interval", int_!(Self, u32, check_interval))
            .log_factor(1.0, 65536.0, 2.0)
            .unit("nodes")
            .desc("hard-check cadence (the seed checks in every node)")
            .src(S),
        Param::new("pv-stability", "PV stability", bool_!(Self, pv_stability))
            .desc("enable the PV-stability scaling")
            .src(S),
        Param::new("pv-base", "PV factor base", f64_!(Self, pv_base))
            .lin(0.5, 2.0, 0.01)
            .desc("factor = base − step·min(cap, s)")
            .src(E),
        Param::new("pv-step", "PV factor step", f64_!(Self, pv_step))
            .lin(0.0, 0.1, 0.005)
            .desc("factor step per stable iteration")
            .src(E),
        Param::new("pv-cap", "PV stability cap", int_!(Self, u32, pv_cap))
            .lin(0.0, 20.0, 1.0)
            .unit("iterations")
            .desc("cap on the stable-iteration count s")
            .src(E),
        Param::new("score-stability", "Score stability", bool_!(Self, score_stability))
            .desc("enable the score-stability scaling")
            .src(S),
        Param::new("score-min-depth", "Score min depth", int_!(Self, u32, score_min_depth))
            .lin(1.0, 20.0, 1.0)
            .unit("plies")
            .desc("first depth at which the score factor applies")
            .src(S),
        Param::new("score-lag", "Score lag", int_!(Self, u32, score_lag))
            .lin(1.0, 6.0, 1.0)
            .unit("iterations")
            .desc("compare score[d − lag] with score[d]")
            .src(E),
        Param::new("score-slope", "Score slope", f64_!(Self, score_slope))
            .lin(0.0, 0.2, 0.005)
            .unit("1/cp")
            .desc("factor = clamp(slope·drop, min, max)")
            .src(E),
        Param::new("score-min", "Score factor min", f64_!(Self, score_min))
            .lin(0.25, 1.0, 0.05)
            .desc("lower clamp of the score factor")
            .src(E),
        Param::new("score-max", "Score factor max", f64_!(Self, score_max))
            .lin(1.0, 3.0, 0.05)
            .desc("upper clamp of the score factor")
            .src(E),
        Param::new("node-tm", "Node-based TM", bool_!(Self, node_tm))
            .desc("enable the node-based scaling")
            .src(S),
        Param::new("node-slope", "Node slope", f64_!(Self, node_slope))
            .lin(0.0, 4.0, 0.05)
            .desc("factor = max(min, slope·(1 − f) + offset)")
            .src(E),
        Param::new("node-offset", "Node offset", f64_!(Self, node_offset))
            .lin(0.0, 1.5, 0.05)
            .desc("offset of the node factor")
            .src(E),
        Param::new("node-min", "Node factor min", f64_!(Self, node_min))
            .lin(0.1, 1.0, 0.05)
            .desc("floor of the node factor")
            .src(E),
        Param::new("tricks-min-depth", "Tricks min depth", int_!(Self, u32, tricks_min_depth))
            .lin(1.0, 12.0, 1.0)
            .unit("depths")
            .desc("the PV and node factors apply from this completed depth on")
            .src(E),
    ];

    const PRESETS: &'static [Preset<Self>] = &[
        Preset {
            name: "recap",
            description: "clock/20 + ¾ inc, soft ½, hard ×3 (the guide's recap)",
            config: GuideConfig::RECAP,
        },
        Preset {
            name: "chunks",
            description: "initial clock / 50 per move: flags after 50 moves",
            config: GuideConfig::CHUNKS,
        },
        Preset {
            name: "fraction",
            description: "10 % of the remaining clock per move",
            config: GuideConfig::FRACTION,
        },
        Preset {
            name: "tricks",
            description: "recap with PV, score and node scalings on",
            config: GuideConfig::TRICKS,
        },
    ];

    type Manager = guide::Guide;
    const NEW: fn(Self) -> guide::Guide = guide::Guide::new;
}
