//! The registry's own test: a throwaway manager, declared in this file and added by one
//! `#[cfg(test)]` line of the registry in `tm/mod.rs` (nothing else names it), must show up in
//! the schema, spec strings, the CLI's `params` text, UCI's options, the wasm's schema JSON and
//! the glossary, and meet the property tests every registered manager meets (they iterate the
//! registry, so they run on it too).

use super::common::{deadline_iteration_done, deadline_poll, finish, from_config, no_game_state, t64};
use super::glossary::{Entry, Source, Unit, e};
use super::params::tables::{f64_, int_, move_overhead};
use super::params::{ManagerConfig, ManagerInfo, Param, Preset};
use super::{MoveContext, SearchKind, TimeManager};
use crate::stop::{Budget, Decision, Hints, SearchStats};

/// The throwaway manager's config: a fixed share of (clock − overhead) per move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ThrowawayConfig {
    /// Share of (clock − O) per move, %.
    pub share_pct: f64,
    /// Move overhead, ms.
    pub move_overhead: u32,
}

const HERE: Source = Source::Project("crate/src/tm/registry_test.rs");

impl ManagerConfig for ThrowawayConfig {
    const NAME: &'static str = "throwaway";
    const ALIASES: &'static [&'static str] = &["tossed"];
    const SEARCH: SearchKind = SearchKind::AlphaBeta;
    const SOURCES: &'static [(&'static str, Source)] = &[("*", HERE)];
    const TERMS: &'static [Entry] = &[e(
        Self::NAME,
        "deadline",
        "throwaway deadline",
        Unit::Ms,
        "the registry test's one limit",
        "(clock − O)·share-pct/100",
        HERE,
    )];

    const INFO: ManagerInfo = ManagerInfo {
        label: "Throwaway",
        reference: "the registry test",
        description: "a fixed share of the clock, to test the registry",
    };

    const PARAMS: &'static [Param<Self>] = &[
        Param::new("share-pct", "Share per move", f64_!(Self, share_pct))
            .lin(0.5, 20.0, 0.5)
            .unit("%")
            .desc("share of (clock − O) per move")
            .src("registry test"),
        move_overhead(int_!(Self, u32, move_overhead))
            .lin(0.0, 1000.0, 10.0)
            .desc("kept back from the clock")
            .src("registry test"),
    ];

    const PRESETS: &'static [Preset<Self>] = &[Preset {
        name: "default",
        description: "4 %",
        config: ThrowawayConfig { share_pct: 4.0, move_overhead: 30 },
    }];

    type Manager = Throwaway;
    const NEW: fn(Self) -> Throwaway = Throwaway::new;
}

/// The throwaway manager: one deadline per move.
pub struct Throwaway {
    cfg: ThrowawayConfig,
    deadline: f64,
}

impl Throwaway {
    fn new(cfg: ThrowawayConfig) -> Self {
        Throwaway { cfg, deadline: 0.0 }
    }
}

impl TimeManager for Throwaway {
    from_config!(ThrowawayConfig);
    no_game_state!();
    fn begin_move(&mut self, ctx: &MoveContext) -> Budget {
        let o = f64::from(self.cfg.move_overhead);
        self.deadline = ((ctx.clock() - o) * self.cfg.share_pct / 100.0).max(0.0).floor();
        let d = self.deadline;
        finish(d, d, vec![t64("deadline", d)], ctx.clock(), o, d, "")
    }
    fn poll(&mut self, stats: &SearchStats, hints: &mut Hints) -> Decision {
        deadline_poll(false, self.deadline, stats, hints)
    }
    fn iteration_done(&mut self, stats: &SearchStats) -> Decision {
        deadline_iteration_done(false, self.deadline, stats)
    }
}

#[test]
fn a_manager_added_by_one_registry_line_is_known_everywhere() {
    use super::params::{TmSpec, schema};

    // The registry and spec strings (by name and alias).
    assert!(super::registry::names().contains(&"throwaway"));
    let spec: TmSpec = "tossed(share-pct=10)".parse().unwrap();
    assert_eq!(spec.to_string(), "throwaway(share-pct=10.0)");
    let b = spec.build().begin_move(&MoveContext::new(10_030.0, 0.0, 0));
    assert_eq!((b.soft_ms, b.hard_ms), (1000.0, 1000.0));
    assert!("throwaway(share-pct=30)".parse::<TmSpec>().unwrap_err().to_string().contains("0.5 … 20"));

    // The schema, with its flags and sources.
    let m = schema().into_iter().find(|m| m.name == "throwaway").expect("in the schema");
    assert_eq!((m.label, m.search, m.params.len()), ("Throwaway", SearchKind::AlphaBeta, 2));
    assert_eq!(m.params[0].source_file, "tmlab crate/src/tm/registry_test.rs");

    // The CLI's `tmlab params` text (the library function the command prints).
    let text = super::params::text::all_managers();
    assert!(text.contains("throwaway (alias tossed): Throwaway"), "{text}");
    assert!(text.contains("share-pct"), "{text}");

    // UCI: one option per parameter, with the manager's name in it.
    let options = crate::uci::tm_options();
    assert!(
        options.iter().any(|l| l.starts_with("option name TM_throwaway_share-pct type spin")),
        "{options:?}"
    );

    // The wasm's `tm_schema` serialises `schema()`: the JSON the page builds its sliders from.
    let json = serde_json::to_value(schema()).unwrap();
    let tm = json.as_array().unwrap().iter().find(|m| m["name"] == "throwaway").expect("in the JSON");
    assert_eq!(tm["params"][0]["path"], "share-pct");

    // The glossary finds its terms under its name.
    assert_eq!(super::glossary::lookup("throwaway", "deadline").unwrap().label, "throwaway deadline");

    // The leaderboard's alpha-beta gauntlet runs it.
    assert!(
        crate::experiment::leaderboard::managers(crate::tm::SearchKind::AlphaBeta).contains(&"throwaway")
    );
    assert!(!crate::experiment::leaderboard::managers(crate::tm::SearchKind::Mcts).contains(&"throwaway"));
}
