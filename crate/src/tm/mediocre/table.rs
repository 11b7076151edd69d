//! The declaration of `mediocre` (spec §2): its parameter rows (keys, labels, sliders,
//! ranges, units, descriptions, in-search and searcher flags, sources), its presets, its glossary
//! terms, and how it builds the manager. One line in the registry (`tm/mod.rs`) makes it known.

use crate::tm::glossary::{Entry, Source, Unit, e};
use crate::tm::mediocre::MediocreConfig;
use crate::tm::params::flags::CHECK_EVERY;
use crate::tm::params::tables::{f64_, int_};
use crate::tm::params::{ManagerConfig, ManagerInfo, Param, Preset};
use crate::tm::{SearchKind, mediocre};

const SEED_MED: Source = Source::Seed("001_17165174847994fc.txt");

/// Where the rows come from.
const S: &str = "seed 001";

impl ManagerConfig for MediocreConfig {
    const NAME: &'static str = "mediocre";
    const SEARCH: SearchKind = SearchKind::AlphaBeta;
    const IN_SEARCH: &'static [&'static str] = &["check-interval"];
    const ONLY_FOR: &'static [(&'static str, SearchKind, &'static str)] =
        &[("check-interval", SearchKind::AlphaBeta, CHECK_EVERY)];
    const SOURCES: &'static [(&'static str, Source)] = &[("*", SEED_MED)];
    #[rustfmt::skip]
    const TERMS: &'static [Entry] = &[
        // Mediocre (spec §2)
        e(Self::NAME, "base", "clock share", Unit::Ms,
            "the clock spread over the next 40 moves",
            "⌊clock/divisor⌋", SEED_MED),
        e(Self::NAME, "inc_part", "increment share", Unit::Ms,
            "the part of the increment spent on this move",
            "⌊inc·inc-frac⌋", SEED_MED),
        e(Self::NAME, "guard", "guard", Unit::Code,
            "0: the plain budget; 1: it reached the clock, so clock − safety-ms; 2: negative, so fallback-ms",
            "b ≥ clock → clock − safety-ms; b < 0 → fallback-ms", SEED_MED),
        e(Self::NAME, "budget", "budget (hard)", Unit::Ms,
            "the hard limit: the search stops inside an iteration here",
            "b = base + inc_part, guarded", SEED_MED),
        e(Self::NAME, "next_depth_factor", "next-depth factor", Unit::Factor,
            "no new depth once elapsed × this passes the budget: do not start a depth you cannot finish",
            "soft = budget/next-depth-factor", SEED_MED),
    ];

    const INFO: ManagerInfo = ManagerInfo {
        label: "Mediocre",
        reference: "seed 001 (Mediocre v0.12b, 2007)",
        description: "clock/40 + inc/2; hard stop inside the search; no new depth past half the budget",
    };

    const PARAMS: &'static [Param<Self>] = &[
        Param::new("divisor", "Divisor", int_!(Self, u32, divisor))
            .lin(10.0, 100.0, 1.0)
            .desc("budget = clock/divisor + …")
            .src(S),
        Param::new("inc-frac", "Increment share", f64_!(Self, inc_frac))
            .lin(0.0, 1.0, 0.05)
            .desc("share of the increment added")
            .src(S),
        Param::new("safety-ms", "Safety margin", int_!(Self, u32, safety_ms))
            .lin(0.0, 2000.0, 10.0)
            .unit("ms")
            .desc("if the budget reaches the clock, use clock − safety")
            .src(S),
        Param::new("fallback-ms", "Fallback", int_!(Self, u32, fallback_ms))
            .lin(0.0, 1000.0, 10.0)
            .unit("ms")
            .desc("used when the result is negative (can exceed a tiny clock, as in the seed)")
            .src(S),
        Param::new("next-depth-factor", "Next-depth factor", f64_!(Self, next_depth_factor))
            .lin(1.0, 5.0, 0.1)
            .unit("×")
            .desc("do not start the next depth if elapsed × factor > budget")
            .src(S),
        Param::new("check-interval", "Check interval", int_!(Self, u32, check_interval))
            .log_factor(1.0, 65536.0, 2.0)
            .unit("nodes")
            .desc("hard-check cadence (TIME_CHECK_INTERVAL); the seed gives no value, 1024 as Ethereal")
            .src("project"),
    ];

    const PRESETS: &'static [Preset<Self>] =
        &[Preset { name: "default", description: "the seed's values", config: MediocreConfig::SEED }];

    type Manager = mediocre::Mediocre;
    const NEW: fn(Self) -> mediocre::Mediocre = mediocre::Mediocre::new;
}
