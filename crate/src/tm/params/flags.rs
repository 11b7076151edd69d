//! Which parameters act only inside a search, which apply to one searcher only, and which file
//! each comes from: each manager declares its own rows ([`ManagerConfig::IN_SEARCH`],
//! [`ManagerConfig::ONLY_FOR`], [`ManagerConfig::SOURCES`]); the rows every manager shares
//! (SmartPruning's sub-dictionary) are here. `crate/tests/glossary.rs` checks them against the
//! managers themselves (an in-search parameter never moves a budget of the allocation model;
//! every other one does somewhere on its grid).

use super::super::SearchKind;
use super::super::glossary::{Repo, Source};

/// Why a SmartPruning parameter does nothing under alpha-beta.
pub const SMART_PRUNING: &str =
    "SmartPruning is an MCTS stopper: the alpha-beta searcher never runs it, so this does nothing there";
/// Why a node interval between hard checks does nothing under MCTS.
pub const CHECK_EVERY: &str = "a node interval between alpha-beta's hard checks; MCTS checks after every batch, so this does nothing there";
/// Why a per-iteration soft-limit factor does nothing under MCTS.
pub const PER_ITERATION: &str = "it scales the soft limit after each completed iteration; MCTS has no iterations, so this does nothing there";

/// The [`ManagerConfig::ONLY_FOR`] rows of `paths` (patterns) that act with `kind` only, for
/// one reason `why`: `&searcher_only(["node-*", "from-depth"], SearchKind::AlphaBeta, WHY)`.
///
/// [`ManagerConfig::ONLY_FOR`]: super::ManagerConfig::ONLY_FOR
pub(crate) const fn searcher_only<const N: usize>(
    paths: [&'static str; N],
    kind: SearchKind,
    why: &'static str,
) -> [(&'static str, SearchKind, &'static str); N] {
    let mut out = [("", kind, why); N];
    let mut i = 0;
    while i < N {
        out[i].0 = paths[i];
        i += 1;
    }
    out
}

/// The shared rows: in-search paths, searcher-only paths, sources.
const SHARED_IN_SEARCH: &[&str] = &["smart-pruning.*"];
const SHARED_ONLY_FOR: &[(&str, SearchKind, &str)] = &[("smart-pruning.*", SearchKind::Mcts, SMART_PRUNING)];
const SHARED_SOURCES: &[(&str, Source)] = &[
    ("smart-pruning.resign-q", Source::Upstream(Repo::Lc0, "src/search/classic/search.cc")),
    ("smart-pruning.*", Source::Upstream(Repo::Lc0, "src/search/classic/stoppers/stoppers.cc")),
];

/// `pattern` is a path, or ends in `*` to match a prefix.
pub(crate) fn matches(pattern: &str, path: &str) -> bool {
    match pattern.strip_suffix('*') {
        Some(prefix) => path.starts_with(prefix),
        None => pattern == path,
    }
}

/// Whether a parameter `path` of a manager with in-search rows `own` acts only inside a search.
pub(super) fn in_search(own: &[&str], path: &str) -> bool {
    SHARED_IN_SEARCH.iter().chain(own).any(|p| matches(p, path))
}

/// The searcher a parameter `path` of a manager with searcher rows `own` needs, and why, if it
/// needs one.
pub(super) fn only_for(
    own: &[(&'static str, SearchKind, &'static str)],
    path: &str,
) -> Option<(SearchKind, &'static str)> {
    SHARED_ONLY_FOR.iter().chain(own).find(|(p, ..)| matches(p, path)).map(|&(_, kind, why)| (kind, why))
}

/// The file a parameter `path` of a manager with sources `own` comes from (a pinned upstream
/// file or a seed).
pub(super) fn source(own: &[(&'static str, Source)], path: &str) -> Option<Source> {
    SHARED_SOURCES.iter().chain(own).find(|(p, _)| matches(p, path)).map(|&(_, s)| s)
}
