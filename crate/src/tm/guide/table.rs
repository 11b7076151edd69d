//! The declaration of `guide` (spec §3): its parameter rows (keys, labels, sliders,
//! ranges, units, descriptions, in-search and searcher flags, sources), its presets, its glossary
//! terms, and how it builds the manager. One line in the registry (`tm/mod.rs`) makes it known.

use crate::tm::glossary::{Entry, Repo, Source, Unit, e};
use crate::tm::guide::{GuideConfig, GuideMode};
use crate::tm::params::flags::{CHECK_EVERY, PER_ITERATION};
use crate::tm::params::tables::{bool_, f64_, int_};
use crate::tm::params::{Access, ManagerConfig, ManagerInfo, Param, Preset};
use crate::tm::{SearchKind, TimeManager, guide};

const SEED_GUIDE: Source = Source::Seed("004_5553bfcd042ba4ed.txt");
const ETH: Source = Source::Upstream(Repo::Ethereal, "src/timeman.c");

impl ManagerConfig for GuideConfig {
    const NAME: &'static str = "guide";
    const ALIASES: &'static [&'static str] = &[];
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
    const ONLY_FOR: &'static [(&'static str, SearchKind, &'static str)] = &[
        ("check-interval", SearchKind::AlphaBeta, CHECK_EVERY),
        ("clear-one-depth", SearchKind::AlphaBeta, PER_ITERATION),
        ("pv-*", SearchKind::AlphaBeta, PER_ITERATION),
        ("score-*", SearchKind::AlphaBeta, PER_ITERATION),
        ("node-*", SearchKind::AlphaBeta, PER_ITERATION),
        ("tricks-min-depth", SearchKind::AlphaBeta, PER_ITERATION),
    ];
    const SOURCES: &'static [(&'static str, Source)] = &[
        ("pv-*", Source::Upstream(Repo::Ethereal, "src/timeman.c")),
        ("score-*", Source::Upstream(Repo::Ethereal, "src/timeman.c")),
        ("node-*", Source::Upstream(Repo::Ethereal, "src/timeman.c")),
        ("tricks-min-depth", Source::Upstream(Repo::Ethereal, "src/timeman.c")),
        ("*", Source::Seed("004_5553bfcd042ba4ed.txt")),
    ];
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

    fn info() -> ManagerInfo {
        ManagerInfo {
            label: "Engine guide",
            reference: "seed 004 (engine guide, time management); tricks' constants from Ethereal timeman.c @0e47e9b6",
            description: "fixed chunks, fixed fraction, or clock/20 + ¾ inc with soft ½ and hard ×3; optional PV, score and node scalings",
        }
    }

    fn params() -> &'static [Param<Self>] {
        type C = GuideConfig;
        const S: &str = "seed 004";
        const E: &str = "Ethereal timeman.c @0e47e9b6";
        const PARAMS: &[Param<C>] = &[
            Param::new(
                "mode",
                "Allocation rule",
                Access::Enum(
                    GuideMode::NAMES,
                    |c: &C| c.mode.name(),
                    |c: &mut C, v| {
                        if let Some(m) = GuideMode::from_name(v) {
                            c.mode = m
                        }
                    },
                ),
            )
            .desc("chunks: initial/divisor; fraction: clock/divisor; recap: clock/20 + ¾ inc with soft/hard")
            .src(S),
            Param::new("chunk-divisor", "Chunk divisor", int_!(C, u32, chunk_divisor))
                .lin(10.0, 200.0, 1.0)
                .desc("chunks: L = initial clock / divisor")
                .src(S),
            Param::new("fraction-divisor", "Fraction divisor", int_!(C, u32, fraction_divisor))
                .lin(2.0, 100.0, 1.0)
                .desc("fraction: L = clock / divisor")
                .src(S),
            Param::new("base-divisor", "Base divisor", int_!(C, u32, base_divisor))
                .lin(5.0, 100.0, 1.0)
                .desc("recap: base = clock/divisor + …")
                .src(S),
            Param::new("inc-frac", "Increment share", f64_!(C, inc_frac))
                .lin(0.0, 1.0, 0.05)
                .desc("recap: share of the increment added (3/4)")
                .src(S),
            Param::new("soft-hard", "Soft/hard split", bool_!(C, soft_hard))
                .desc("recap: soft/hard split (false: single limit L = base)")
                .src(S),
            Param::new("soft-frac", "Soft share", f64_!(C, soft_frac))
                .lin(0.1, 1.0, 0.05)
                .desc("soft = base·soft-frac")
                .src(S),
            Param::new("hard-mult", "Hard multiple", f64_!(C, hard_mult))
                .lin(1.0, 10.0, 0.1)
                .desc("hard = base·hard-mult")
                .src(S),
            Param::new("move-overhead", "Move overhead", int_!(C, u32, move_overhead))
                .lin(0.0, 1000.0, 5.0)
                .unit("ms")
                .desc("added to elapsed at every check")
                .src(S),
            Param::new("clear-one-depth", "Clear one depth", bool_!(C, clear_one_depth))
                .desc("depth 1 is never aborted, and its result is kept")
                .src(S),
            Param::new("check-interval", "Check interval", int_!(C, u32, check_interval))
                .log_factor(1.0, 65536.0, 2.0)
                .unit("nodes")
                .desc("hard-check cadence (the seed checks in every node)")
                .src(S),
            Param::new("pv-stability", "PV stability", bool_!(C, pv_stability))
                .desc("enable the PV-stability scaling")
                .src(S),
            Param::new("pv-base", "PV factor base", f64_!(C, pv_base))
                .lin(0.5, 2.0, 0.01)
                .desc("factor = base − step·min(cap, s)")
                .src(E),
            Param::new("pv-step", "PV factor step", f64_!(C, pv_step))
                .lin(0.0, 0.1, 0.005)
                .desc("factor step per stable iteration")
                .src(E),
            Param::new("pv-cap", "PV stability cap", int_!(C, u32, pv_cap))
                .lin(0.0, 20.0, 1.0)
                .unit("iterations")
                .desc("cap on the stable-iteration count s")
                .src(E),
            Param::new("score-stability", "Score stability", bool_!(C, score_stability))
                .desc("enable the score-stability scaling")
                .src(S),
            Param::new("score-min-depth", "Score min depth", int_!(C, u32, score_min_depth))
                .lin(1.0, 20.0, 1.0)
                .unit("plies")
                .desc("first depth at which the score factor applies")
                .src(S),
            Param::new("score-lag", "Score lag", int_!(C, u32, score_lag))
                .lin(1.0, 6.0, 1.0)
                .unit("iterations")
                .desc("compare score[d − lag] with score[d]")
                .src(E),
            Param::new("score-slope", "Score slope", f64_!(C, score_slope))
                .lin(0.0, 0.2, 0.005)
                .unit("1/cp")
                .desc("factor = clamp(slope·drop, min, max)")
                .src(E),
            Param::new("score-min", "Score factor min", f64_!(C, score_min))
                .lin(0.25, 1.0, 0.05)
                .desc("lower clamp of the score factor")
                .src(E),
            Param::new("score-max", "Score factor max", f64_!(C, score_max))
                .lin(1.0, 3.0, 0.05)
                .desc("upper clamp of the score factor")
                .src(E),
            Param::new("node-tm", "Node-based TM", bool_!(C, node_tm))
                .desc("enable the node-based scaling")
                .src(S),
            Param::new("node-slope", "Node slope", f64_!(C, node_slope))
                .lin(0.0, 4.0, 0.05)
                .desc("factor = max(min, slope·(1 − f) + offset)")
                .src(E),
            Param::new("node-offset", "Node offset", f64_!(C, node_offset))
                .lin(0.0, 1.5, 0.05)
                .desc("offset of the node factor")
                .src(E),
            Param::new("node-min", "Node factor min", f64_!(C, node_min))
                .lin(0.1, 1.0, 0.05)
                .desc("floor of the node factor")
                .src(E),
            Param::new("tricks-min-depth", "Tricks min depth", int_!(C, u32, tricks_min_depth))
                .lin(1.0, 12.0, 1.0)
                .unit("depths")
                .desc("the PV and node factors apply from this completed depth on")
                .src(E),
        ];
        PARAMS
    }

    fn presets() -> Vec<Preset<Self>> {
        vec![
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
        ]
    }

    fn build(&self) -> Box<dyn TimeManager> {
        Box::new(guide::Guide::new(*self))
    }
}
