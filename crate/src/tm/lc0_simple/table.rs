//! The declaration of `lc0-simple` (spec §7): its parameter rows (keys, labels, sliders,
//! ranges, units, descriptions, in-search and searcher flags, sources), its presets, its glossary
//! terms, and how it builds the manager. One line in the registry (`tm/mod.rs`) makes it known.

use crate::tm::SearchKind;
use crate::tm::glossary::{Entry, Repo, Source, Unit, e};
use crate::tm::lc0_simple::{Simple, SimpleConfig};
use crate::tm::params::tables::{SRC_LC0, f32_, lc0_fields, lc0_rows};
use crate::tm::params::{ManagerConfig, ManagerInfo, Param, Preset};

const SIM: Source = Source::Upstream(Repo::Lc0, "src/search/classic/stoppers/simple.cc");
lc0_fields!(SimpleConfig);

impl ManagerConfig for SimpleConfig {
    const NAME: &'static str = "lc0-simple";
    const ALIASES: &'static [&'static str] = &["simple"];
    const SEARCH: SearchKind = SearchKind::Mcts;
    const SOURCES: &'static [(&'static str, Source)] = &[("*", SIM)];
    #[rustfmt::skip]
    const TERMS: &'static [Entry] = &[
        // lc0-simple (spec §7)
        e(Self::NAME, "avail", "available", Unit::Ms, "the clock less the move overhead", "clock − O", SIM),
        e(Self::NAME, "pct", "share", Unit::Share,
            "share of the available time, growing with the ply and the increment-to-clock ratio",
            "(base-pct + ply·ply-pct)·0.01 + (inc/clock)·time-factor", SIM),
        e(Self::NAME, "opening_bonus", "opening bonus", Unit::Ms,
            "extra time on the manager's first move",
            "budget·opening-bonus-pct·0.01", SIM),
        e(Self::NAME, "unused_last_move", "unused last move", Unit::Ms,
            "time the previous move was given but did not use",
            "max(0, prev_budget − (prev_avail − (avail − inc)))", SIM),
        e(Self::NAME, "budget", "budget", Unit::Ms,
            "the share plus the bonus and the unused time, at most what is available",
            "min(avail·pct + opening_bonus + unused_last_move, avail)", SIM),
        e(Self::NAME, "deadline", "deadline", Unit::Ms, "the move's one limit (soft = hard)", "trunc(budget)", SIM),
        e(Self::NAME, "prev_budget", "previous budget", Unit::Ms, "the budget of the previous move", "", SIM),
        e(Self::NAME, "prev_avail", "previous available", Unit::Ms,
            "the available time at the previous move",
            "", SIM),
        e(Self::NAME, "bonus_done", "bonus given", Unit::Flag,
            "whether the opening bonus was given in this game",
            "", SIM),
    ];

    const INFO: ManagerInfo = ManagerInfo {
        label: "lc0 simple",
        reference: "lc0 src/search/classic/stoppers/simple.cc @909a4082 (#1876)",
        description: "a share of the clock growing with ply and inc/clock, plus time unused last move",
    };

    const PARAMS: &'static [Param<Self>] = &lc0_rows::<Self, { OWN.len() + 6 }>(OWN);

    const PRESETS: &'static [Preset<Self>] =
        &[Preset { name: "lc0", description: "lc0 @909a4082 defaults", config: SimpleConfig::LC0 }];
    type Manager = Simple;
    const NEW: fn(Self) -> Simple = Simple::new;
}

type C = SimpleConfig;

/// Its own rows; [`lc0_rows`] adds lc0's move overhead and SmartPruning's.
const OWN: &[Param<C>] = &[
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
];
