//! The glossary covers every term the managers emit, and every link is a pinned upstream file,
//! a seed the spec names, or a file of this repository. The parameter schema's `in_search`
//! flags agree with what the managers do.

#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::collections::BTreeSet;
use std::path::Path;

use tmlab::stop::{Hints, Iteration, Score, SearchStats, StopReason};
use tmlab::tm::glossary::{self, Repo, SCOPE_BUDGET, SCOPE_STOP, SEEDS, Source};
use tmlab::tm::params::{Kind, ParamSchema, TmSpec, schema};
use tmlab::tm::simulate::{SimConfig, simulate_spec};
use tmlab::tm::{MoveContext, MoveEnd, SearchKind};

const CLOCKS: [f64; 8] = [0.0, 40.0, 500.0, 3_000.0, 60_000.0, 600_000.0, 7_200_000.0, 36_000_000.0];
const INCS: [f64; 3] = [0.0, 100.0, 5_000.0];
const MTGS: [Option<u32>; 4] = [None, Some(1), Some(12), Some(40)];
const PLIES: [u32; 7] = [0, 1, 2, 9, 40, 101, 300];

/// Feeds a manager a few iterations (alpha-beta) or batches (MCTS) of a search that changes its
/// mind and loses score, then ends the move; collects every key it emits.
fn exercise(spec: &str, keys: &mut BTreeSet<(String, String)>) {
    let parsed: TmSpec = spec.parse().unwrap();
    let name = parsed.manager().to_string();
    let mut add = |k: &str| {
        keys.insert((name.clone(), k.to_string()));
    };
    for &mtg in &MTGS {
        for &inc in &INCS {
            let mut tm = parsed.build();
            tm.new_game();
            for (i, &clock) in CLOCKS.iter().enumerate() {
                let ply = PLIES[i % PLIES.len()];
                let ponder = i == 5;
                let mut ctx =
                    MoveContext::new(clock, inc, ply).with_movestogo(mtg).with_reused_nodes(ply as u64 * 50);
                ctx.ponder = ponder;
                ctx.legal_moves = if i == 3 { 1 } else { 30 };
                let budget = tm.begin_move(&ctx);
                budget.terms.iter().for_each(|t| add(t.name));
                let elapsed = budget.soft_ms.min(clock).clamp(1.0, 1e7);
                let iters: Vec<Iteration> = (1..=12)
                    .map(|d| Iteration {
                        depth: d,
                        best_move: d % 3,
                        score: Score::Cp(40 - 9 * d as i32),
                        best_move_changes: d % 2,
                    })
                    .collect();
                let visits = [600u64, 250, 100, 50];
                for step in 1..=12u32 {
                    let t = elapsed * f64::from(step) / 10.0;
                    let mcts = step % 2 == 0;
                    let stats = SearchStats {
                        elapsed_ms: t,
                        since_first_batch_ms: t,
                        total_nodes: 1_000 * u64::from(step),
                        nodes_this_move: 1_000 * u64::from(step),
                        batches: u64::from(step),
                        root_visits: if mcts { &visits } else { &[] },
                        iterations: &iters[..step as usize],
                        best_move_nodes: 700 * u64::from(step),
                        search_nodes: 1_000 * u64::from(step),
                        root_moves: ctx.legal_moves,
                        pondering: ponder,
                        best_avg_score: 10.0,
                        ..SearchStats::default()
                    };
                    let mut hints = Hints::reset(stats.total_nodes);
                    tm.poll(&stats, &mut hints);
                    if !mcts {
                        tm.iteration_done(&stats);
                    }
                    tm.effective_limit(&budget).terms.iter().for_each(|t| add(&t.key));
                }
                let mut end = MoveEnd::new(elapsed, 12_000);
                end.final_score = Score::Cp(-60);
                tm.end_move(&end);
                tm.state().iter().for_each(|t| add(t.name));
            }
        }
    }
}

#[test]
fn every_emitted_term_has_an_entry() {
    let mut keys = BTreeSet::new();
    for m in schema() {
        for p in &m.presets {
            exercise(&p.spec, &mut keys);
        }
        // Each boolean switched away from the default preset (the guide's tricks, ponder, …).
        for p in m.params.iter().filter(|p| p.kind == Kind::Bool) {
            let mut spec: TmSpec = m.name.parse().unwrap();
            let flipped = p.default.to_string() != "true";
            spec.set(&p.path, &flipped.to_string()).unwrap();
            exercise(&spec.to_string(), &mut keys);
        }
    }
    assert!(keys.len() > 80, "the grid reached only {} keys", keys.len());
    let missing: Vec<_> = keys.iter().filter(|(m, k)| glossary::lookup(m, k).is_none()).collect();
    assert!(missing.is_empty(), "terms without a glossary entry: {missing:?}");
    // What the searchers, the UCI engine and the CLI add.
    for k in ["movetime", "clock_cap", "exceeds_clock", "pondering"] {
        assert!(glossary::lookup(SCOPE_BUDGET, k).is_some(), "{k}");
    }
    for r in StopReason::ALL {
        let e = glossary::lookup(SCOPE_STOP, r.key()).unwrap_or_else(|| panic!("stop reason {}", r.key()));
        assert_eq!(e.label, r.label(), "the glossary labels a stop reason as the engine does");
    }
    assert!(glossary::lookup(SCOPE_STOP, StopReason::CANCELLED_KEY).is_some());
}

#[test]
fn every_entry_is_complete_and_unique() {
    let mut seen = BTreeSet::new();
    for e in glossary::entries() {
        assert!(seen.insert((e.scope, e.key)), "{}/{} twice", e.scope, e.key);
        assert!(!e.label.is_empty() && !e.meaning.is_empty(), "{}/{}", e.scope, e.key);
        assert!(!e.meaning.contains('\n') && e.meaning.len() < 160, "one line: {}/{}", e.scope, e.key);
    }
}

#[test]
fn every_link_is_a_pinned_commit_a_named_seed_or_a_file_of_this_repository() {
    // The pins of shared/spec/time-managers.md (its table of references).
    let pinned = [
        ("LeelaChessZero/lc0", "909a40826db9e8b221d9209a487daba6ab57e3b7"),
        ("LeelaChessZero/lc0", "62035fe5"),
        ("LeelaChessZero/lc0", "a4273d39"),
        ("LeelaChessZero/lc0", "e0b6ef38"),
        ("official-stockfish/Stockfish", "762dd1da"),
        ("AndyGrant/Ethereal", "0e47e9b6"),
        // Issue 28's modern managers, at the commits docs/managers.md reads them from.
        ("official-clockwork/Clockwork", "10d79e61"),
        ("Luecx/Koivisto", "6de225ad"),
        ("codedeliveryservice/Reckless", "789de891"),
        ("official-monty/Monty", "562b13e9e70a8e4858803802278e7c047b3e6cd2"),
        ("princesslana/princhess", "d45769d900deb1429e8f9de3c72cc1d59965688c"),
    ];
    for r in Repo::ALL {
        assert!(pinned.contains(&(r.github(), r.commit())), "{r:?} is not a pinned commit");
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    // The seeds live beside the repository in the project's workspace (shared/seeds).
    let seeds_dir =
        [root.join("shared/seeds"), root.join("../shared/seeds")].into_iter().find(|d| d.is_dir());
    if let Some(dir) = &seeds_dir {
        for s in SEEDS {
            assert!(dir.join(s).is_file(), "seed {s} missing from {}", dir.display());
        }
    }
    for e in glossary::entries() {
        match e.source {
            Source::Upstream(repo, path) => {
                let url = e.source.url().unwrap();
                let want = format!("https://github.com/{}/blob/{}/", repo.github(), repo.commit());
                assert!(url.starts_with(&want) && url.ends_with(path), "{url}");
                // Koivisto keeps its sources in `src_files/`.
                assert!(path.starts_with("src") && path.contains('/') && !path.contains(".."), "{path}");
            }
            Source::Seed(file) => {
                assert!(SEEDS.contains(&file), "{}/{}: unknown seed {file}", e.scope, e.key)
            }
            Source::Project(path) => {
                assert!(root.join(path).is_file(), "{}/{}: no file {path}", e.scope, e.key)
            }
        }
    }
}

/// Every slider value a parameter can take: both ends and the middle (every name of an enum,
/// both booleans).
fn values(p: &ParamSchema) -> Vec<String> {
    match p.kind {
        Kind::Bool => vec!["true".into(), "false".into()],
        Kind::Enum => p.values.unwrap().iter().map(|s| s.to_string()).collect(),
        Kind::Float | Kind::Int => {
            let s = p.slider.unwrap();
            let v = p.valid.unwrap();
            let lo = if v.min_exclusive { s.min.max(v.min + 1e-3) } else { s.min };
            let f =
                |x: f64| if p.kind == Kind::Int { format!("{}", x.round() as i64) } else { format!("{x}") };
            vec![f(lo), f((s.min + s.max) / 2.0), f(s.max)]
        }
    }
}

/// The budgets of the allocation model on a few controls and usage models, and of single
/// first moves at several plies and clocks.
fn budgets(spec: &str) -> Vec<u64> {
    let mut out = vec![];
    for tc in ["60+0.6", "40/60", "1+0.01", "180+2"] {
        for (use_frac, nps, reuse) in [(1.0, 20_000.0, 0.0), (0.5, 200_000.0, 0.5)] {
            let s = simulate_spec(spec, tc, &SimConfig { moves: 60, use_frac, nps, reuse }).unwrap();
            out.extend(s.rows.iter().flat_map(|r| [r.soft_ms.to_bits(), r.hard_ms.to_bits()]));
        }
    }
    let parsed: TmSpec = spec.parse().unwrap();
    for ply in [0u32, 8, 40] {
        for (clock, inc) in [(60_000.0, 600.0), (50.0, 300.0), (120.0, 0.0), (1_000.0, 5_000.0)] {
            let mut tm = parsed.build();
            tm.new_game();
            let b = tm.begin_move(&MoveContext::new(clock, inc, ply));
            out.extend([b.soft_ms.to_bits(), b.hard_ms.to_bits()]);
        }
    }
    out
}

#[test]
fn in_search_flags_match_what_moves_the_allocation_model() {
    let mut wrong = vec![];
    for m in schema() {
        let bases: Vec<(String, Vec<u64>)> =
            m.presets.iter().map(|p| (p.spec.clone(), budgets(&p.spec))).collect();
        for p in &m.params {
            let moves_a_budget = bases.iter().any(|(preset, base)| {
                values(p).iter().any(|v| {
                    let mut spec: TmSpec = preset.parse().unwrap();
                    spec.set(&p.path, v).is_ok() && budgets(&spec.to_string()) != *base
                })
            });
            if moves_a_budget == p.in_search {
                wrong.push(format!(
                    "{}.{} (in_search {}, moves a budget {moves_a_budget})",
                    m.name, p.path, p.in_search
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "in_search flags that disagree with the managers: {wrong:#?}");
}

#[test]
fn searcher_rules_name_a_reason() {
    let mut mcts_only = 0;
    for m in schema() {
        for p in &m.params {
            if let Some(kind) = p.searcher {
                let other = if kind == SearchKind::Mcts { SearchKind::AlphaBeta } else { SearchKind::Mcts };
                let why = p.not_for(other).expect("a reason for the other searcher");
                assert!(why.contains("does nothing"), "{}.{}: {why}", m.name, p.path);
                assert!(p.not_for(kind).is_none());
                assert!(
                    p.in_search,
                    "{}.{} is searcher-specific, so it acts inside a search",
                    m.name, p.path
                );
                mcts_only += usize::from(kind == SearchKind::Mcts);
            }
            if p.path.starts_with("smart-pruning.") {
                assert_eq!(p.searcher, Some(SearchKind::Mcts), "{}.{}", m.name, p.path);
            }
        }
    }
    assert!(mcts_only >= 25, "{mcts_only}");
}

#[test]
fn the_cli_prints_terms_with_labels_units_and_sources() {
    let (code, out, _) =
        common::tmlab(&["budget", "--tm", "stockfish", "--clock", "60000", "--inc", "600", "--ply", "38"]);
    assert_eq!(code, 0);
    assert!(out.contains("optScale           optimum share"), "{out}");
    assert!(out.contains(" %  (= 0.0"), "a share printed as a percentage: {out}");
    assert!(out.contains("(Stockfish @762dd1da src/timeman.cpp)"), "{out}");
    let (code, out, _) = common::tmlab(&["params", "--tm", "lc0-legacy"]);
    assert_eq!(code, 0);
    assert!(out.contains("[in search; MCTS only]") && out.contains("terms: mtg, total"), "{out}");
    let (code, out, _) = common::tmlab(&["params", "--terms", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v.as_array().unwrap().len(), glossary::entries().count());
    let legacy =
        v.as_array().unwrap().iter().find(|e| e["scope"] == "lc0-legacy" && e["key"] == "mtg").unwrap();
    assert_eq!(
        legacy["url"],
        "https://github.com/LeelaChessZero/lc0/blob/909a40826db9e8b221d9209a487daba6ab57e3b7/src/search/classic/stoppers/legacy.cc"
    );
}

#[test]
fn every_parameter_links_its_source() {
    for m in schema() {
        for p in &m.params {
            assert!(!p.source_file.is_empty(), "{}.{} has no source file", m.name, p.path);
            match &p.source_url {
                Some(url) => {
                    assert!(url.starts_with("https://github.com/") && url.contains("/blob/"), "{url}")
                }
                None => assert!(p.source_file.starts_with("seed "), "{}.{}", m.name, p.path),
            }
        }
    }
}
