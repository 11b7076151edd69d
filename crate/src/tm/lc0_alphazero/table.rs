//! The declaration of `lc0-alphazero` (spec §7): its parameter rows (keys, labels, sliders,
//! ranges, units, descriptions, in-search and searcher flags, sources), its presets, its glossary
//! terms, and how it builds the manager. One line in the registry (`tm/mod.rs`) makes it known.

use crate::tm::SearchKind;
use crate::tm::glossary::{Entry, Repo, Source, Unit, e};
use crate::tm::lc0_alphazero::{AlphaZero, AlphaZeroConfig};
use crate::tm::params::tables::{SRC_LC0, f32_, lc0_fields, lc0_rows};
use crate::tm::params::{ManagerConfig, ManagerInfo, Param, Preset};

const AZS: Source = Source::Upstream(Repo::Lc0, "src/search/classic/stoppers/alphazero.cc");
lc0_fields!(AlphaZeroConfig);

impl ManagerConfig for AlphaZeroConfig {
    const NAME: &'static str = "lc0-alphazero";
    const ALIASES: &'static [&'static str] = &["alphazero"];
    const SEARCH: SearchKind = SearchKind::Mcts;
    const SOURCES: &'static [(&'static str, Source)] = &[("*", AZS)];
    #[rustfmt::skip]
    const TERMS: &'static [Entry] = &[
        // lc0-alphazero (spec §7)
        e(Self::NAME, "available", "available", Unit::Ms, "the clock less the move overhead", "clock − O", AZS),
        e(Self::NAME, "budget", "budget", Unit::Ms,
            "a fixed share of the available time",
            "(clock − O)·alphazero-time-pct/100", AZS),
        e(Self::NAME, "deadline", "deadline", Unit::Ms, "the move's one limit (soft = hard)", "trunc(budget)", AZS),
    ];

    const INFO: ManagerInfo = ManagerInfo {
        label: "lc0 AlphaZero",
        reference: "lc0 src/search/classic/stoppers/alphazero.cc @909a4082",
        description: "a fixed share of (clock − overhead) per move",
    };

    const PARAMS: &'static [Param<Self>] = &lc0_rows::<Self, { OWN.len() + 6 }>(OWN);

    const PRESETS: &'static [Preset<Self>] = &[
        Preset { name: "lc0", description: "lc0 @909a4082: 12 %", config: AlphaZeroConfig::LC0 },
        Preset {
            name: "pr1201",
            description: "the first version (#1201): 5 %",
            config: AlphaZeroConfig::PR1201,
        },
    ];
    type Manager = AlphaZero;
    const NEW: fn(Self) -> AlphaZero = AlphaZero::new;
}

type C = AlphaZeroConfig;

/// Its own rows; [`lc0_rows`] adds lc0's move overhead and SmartPruning's.
const OWN: &[Param<C>] = &[Param::new("alphazero-time-pct", "Time share", f32_!(C, time_pct))
    .lin(0.5, 50.0, 0.5)
    .valid(0.0, 100.0)
    .unit("%")
    .desc("share of (clock − O) per move (5.0 before #1622)")
    .src(SRC_LC0)];
