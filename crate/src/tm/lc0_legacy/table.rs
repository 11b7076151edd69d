//! The declaration of `lc0-legacy` (spec §5): its parameter rows (keys, labels, sliders,
//! ranges, units, descriptions, in-search and searcher flags, sources), its presets, its glossary
//! terms, and how it builds the manager. One line in the registry (`tm/mod.rs`) makes it known.

use crate::tm::SearchKind;
use crate::tm::glossary::{Entry, Repo, Source, Unit, e};
use crate::tm::lc0_legacy::{Legacy, LegacyConfig};
use crate::tm::params::tables::{SRC_LC0, f32_, lc0_fields, lc0_rows};
use crate::tm::params::{ManagerConfig, ManagerInfo, Param, Preset};

const LEG: Source = Source::Upstream(Repo::Lc0, "src/search/classic/stoppers/legacy.cc");
lc0_fields!(LegacyConfig);

impl ManagerConfig for LegacyConfig {
    const NAME: &'static str = "lc0-legacy";
    const ALIASES: &'static [&'static str] = &["legacy"];
    const SEARCH: SearchKind = SearchKind::Mcts;
    const SOURCES: &'static [(&'static str, Source)] = &[("*", LEG)];
    #[rustfmt::skip]
    const TERMS: &'static [Entry] = &[
        // lc0-legacy (spec §5)
        e(Self::NAME, "mtg", "moves left (estimate)", Unit::Moves,
            "lc0's moves-left estimate (the median remaining life of a game), or movestogo if smaller",
            "MLE(ply; midpoint-move, steepness)", LEG),
        e(Self::NAME, "total", "time pool", Unit::Ms,
            "the clock plus the increments to come, less overhead and the spared pool when positive (a negative pool adds nothing)",
            "max(0, clock + inc·(mtg − 1) − O), then spared > 0: max(0, total − spared)", LEG),
        e(Self::NAME, "squander", "spared time used now", Unit::Ms,
            "the part of the spared pool this move spends",
            "trunc(spared·immediate-use)", LEG),
        e(Self::NAME, "base", "base budget", Unit::Ms,
            "the pool divided by the moves left, with the first-move bonus and slowmover",
            "total/mtg · bonus_mult (· slowmover)", LEG),
        e(Self::NAME, "bonus_mult", "first-move multiplier", Unit::Factor,
            "extra budget on the manager's first move (1 on every later move)",
            "1 + first-move-bonus + book-ply-bonus·min(12, ply)", LEG),
        e(Self::NAME, "slowmover_applied", "slowmover applied", Unit::Flag,
            "whether slowmover multiplied the base (only below 1, or above 200 ms)",
            "slowmover < 1 or base·slowmover > 200", LEG),
        e(Self::NAME, "deadline", "deadline", Unit::Ms,
            "the move's one limit (soft = hard): the search stops here",
            "min(trunc(base + squander), clock − O)", LEG),
        e(Self::NAME, "spared", "spared pool", Unit::Ms,
            "time left over by earlier moves (negative: slowmover's overspend still to pay back)",
            "spared += deadline − elapsed; −= base·(slowmover − 1)", LEG),
        e(Self::NAME, "first", "first move pending", Unit::Flag,
            "the first-move bonus has not been given yet in this game",
            "", LEG),
    ];

    const INFO: ManagerInfo = ManagerInfo {
        label: "lc0 legacy",
        reference: "lc0 src/search/classic/stoppers/legacy.cc @909a4082",
        description: "pool ÷ estimated moves left, first-move bonus, slowmover, spared time carried over",
    };

    const PARAMS: &'static [Param<Self>] = &lc0_rows::<Self, { OWN.len() + 6 }>(OWN);

    const PRESETS: &'static [Preset<Self>] = &[
        Preset { name: "lc0", description: "lc0 @909a4082 defaults", config: LegacyConfig::LC0 },
        Preset {
            name: "no-bonus",
            description: "without the first-move and book-ply bonuses (lc0 before #1493/#1891)",
            config: LegacyConfig::NO_BONUS,
        },
    ];
    type Manager = Legacy;
    const NEW: fn(Self) -> Legacy = Legacy::new;
}

type C = LegacyConfig;

/// Its own rows; [`lc0_rows`] adds lc0's move overhead and SmartPruning's.
const OWN: &[Param<C>] = &[
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
];
