//! Which parameters act only inside a search, and which apply to one searcher only: data, kept
//! beside the tables and checked by `crate/tests/glossary.rs` against the managers themselves
//! (an in-search parameter never moves a budget of the allocation model; every other one does
//! somewhere on its grid).

use super::super::SearchKind;

/// Parameters that act only inside a search (its checks, the stopper chain, what a search
/// measures): the allocation chart's usage model runs no search, so they do not move it.
const IN_SEARCH: &[(&str, &[&str])] = &[
    ("mediocre", &["check-interval"]),
    (
        "guide",
        &[
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
        ],
    ),
    ("lc0-curve", &["futile-search-aversion", "ponder", "smart-pruning.*"]),
    ("lc0-legacy", &["smart-pruning.*"]),
    (
        "lc0-smooth",
        &[
            "init-nps",
            "nps-decay",
            "nps-update-period",
            "nps-update-rate",
            "trend-nps-update-period-ms",
            "bestmove-optimism",
            "overtaker-optimism",
            "trend-rotation",
            "force-piggybank-ms",
            "smart-pruning.*",
        ],
    ),
    ("lc0-alphazero", &["smart-pruning.*"]),
    ("lc0-simple", &["smart-pruning.*"]),
    (
        "stockfish",
        &["score-unit", "increase-depth-frac", "single-move-cap-ms", "check-calls", "time-reduction-init"],
    ),
];

const SMART_PRUNING: &str =
    "SmartPruning is an MCTS stopper: the alpha-beta searcher never runs it, so this does nothing there";
const CHECK_EVERY: &str = "a node interval between alpha-beta's hard checks; MCTS checks after every batch, so this does nothing there";
const PER_ITERATION: &str = "it scales the soft limit after each completed iteration; MCTS has no iterations, so this does nothing there";
const SF_SOFT_CHECK: &str = "it acts in Stockfish's soft check after each completed iteration; under MCTS the manager stops at min(optimum, maximum), so this does nothing there";
const SMOOTH_POLL: &str = "it acts in the MCTS poll (nps measurement, trend watcher, piggybank); under alpha-beta the manager only meets its deadline, so this does nothing there";

/// `(manager or "*", path or `group.*`, the searcher it needs, why)`.
const ONLY_FOR: &[(&str, &str, SearchKind, &str)] = &[
    ("*", "smart-pruning.*", SearchKind::Mcts, SMART_PRUNING),
    ("lc0-curve", "futile-search-aversion", SearchKind::Mcts, SMART_PRUNING),
    ("mediocre", "check-interval", SearchKind::AlphaBeta, CHECK_EVERY),
    ("guide", "check-interval", SearchKind::AlphaBeta, CHECK_EVERY),
    ("stockfish", "check-calls", SearchKind::AlphaBeta, CHECK_EVERY),
    ("guide", "clear-one-depth", SearchKind::AlphaBeta, PER_ITERATION),
    ("guide", "pv-*", SearchKind::AlphaBeta, PER_ITERATION),
    ("guide", "score-*", SearchKind::AlphaBeta, PER_ITERATION),
    ("guide", "node-*", SearchKind::AlphaBeta, PER_ITERATION),
    ("guide", "tricks-min-depth", SearchKind::AlphaBeta, PER_ITERATION),
    ("stockfish", "score-unit", SearchKind::AlphaBeta, SF_SOFT_CHECK),
    ("stockfish", "increase-depth-frac", SearchKind::AlphaBeta, SF_SOFT_CHECK),
    ("stockfish", "single-move-cap-ms", SearchKind::AlphaBeta, SF_SOFT_CHECK),
    ("stockfish", "time-reduction-init", SearchKind::AlphaBeta, SF_SOFT_CHECK),
    ("lc0-smooth", "nps-*", SearchKind::Mcts, SMOOTH_POLL),
    ("lc0-smooth", "trend-nps-update-period-ms", SearchKind::Mcts, SMOOTH_POLL),
    ("lc0-smooth", "bestmove-optimism", SearchKind::Mcts, SMOOTH_POLL),
    ("lc0-smooth", "overtaker-optimism", SearchKind::Mcts, SMOOTH_POLL),
    ("lc0-smooth", "trend-rotation", SearchKind::Mcts, SMOOTH_POLL),
    ("lc0-smooth", "force-piggybank-ms", SearchKind::Mcts, SMOOTH_POLL),
];

/// `pattern` is a path, or ends in `*` to match a prefix.
fn matches(pattern: &str, path: &str) -> bool {
    match pattern.strip_suffix('*') {
        Some(prefix) => path.starts_with(prefix),
        None => pattern == path,
    }
}

/// Whether `manager`'s parameter `path` acts only inside a search.
pub(super) fn in_search(manager: &str, path: &str) -> bool {
    IN_SEARCH.iter().any(|(m, paths)| *m == manager && paths.iter().any(|p| matches(p, path)))
}

/// The searcher `manager`'s parameter `path` needs, and why, if it needs one.
pub(super) fn only_for(manager: &str, path: &str) -> Option<(SearchKind, &'static str)> {
    ONLY_FOR
        .iter()
        .find(|(m, p, ..)| (*m == "*" || *m == manager) && matches(p, path))
        .map(|&(_, _, kind, why)| (kind, why))
}

use super::super::glossary::{Repo, Source};

/// `(manager, path pattern, source)`: the first match is the file a parameter comes from.
const SOURCES: &[(&str, &str, Source)] = &[
    ("*", "smart-pruning.resign-q", Source::Upstream(Repo::Lc0, "src/search/classic/search.cc")),
    ("*", "smart-pruning.*", Source::Upstream(Repo::Lc0, "src/search/classic/stoppers/stoppers.cc")),
    ("mediocre", "*", Source::Seed("001_17165174847994fc.txt")),
    ("guide", "pv-*", Source::Upstream(Repo::Ethereal, "src/timeman.c")),
    ("guide", "score-*", Source::Upstream(Repo::Ethereal, "src/timeman.c")),
    ("guide", "node-*", Source::Upstream(Repo::Ethereal, "src/timeman.c")),
    ("guide", "tricks-min-depth", Source::Upstream(Repo::Ethereal, "src/timeman.c")),
    ("guide", "*", Source::Seed("004_5553bfcd042ba4ed.txt")),
    (
        "lc0-curve",
        "futile-search-aversion",
        Source::Upstream(Repo::Lc0, "src/search/classic/stoppers/stoppers.cc"),
    ),
    ("lc0-curve", "immediate-time-use", Source::Upstream(Repo::Lc0V018, "src/engine.cc")),
    ("lc0-curve", "*", Source::Upstream(Repo::Lc0V017, "src/engine.cc")),
    ("lc0-legacy", "*", Source::Upstream(Repo::Lc0, "src/search/classic/stoppers/legacy.cc")),
    ("lc0-smooth", "mle-legacy.*", Source::Upstream(Repo::Lc0, "src/search/classic/stoppers/legacy.cc")),
    ("lc0-smooth", "*", Source::Upstream(Repo::Lc0, "src/search/classic/stoppers/smooth.cc")),
    ("lc0-alphazero", "*", Source::Upstream(Repo::Lc0, "src/search/classic/stoppers/alphazero.cc")),
    ("lc0-simple", "*", Source::Upstream(Repo::Lc0, "src/search/classic/stoppers/simple.cc")),
    ("stockfish", "move-overhead", Source::Upstream(Repo::Stockfish, "src/engine.cpp")),
    ("stockfish", "ponder", Source::Upstream(Repo::Stockfish, "src/engine.cpp")),
    ("stockfish", "score-unit", Source::Upstream(Repo::Stockfish, "src/types.h")),
    ("stockfish", "increase-depth-frac", Source::Upstream(Repo::Stockfish, "src/search.cpp")),
    ("stockfish", "single-move-cap-ms", Source::Upstream(Repo::Stockfish, "src/search.cpp")),
    ("stockfish", "check-calls", Source::Upstream(Repo::Stockfish, "src/search.cpp")),
    ("stockfish", "time-reduction-init", Source::Upstream(Repo::Stockfish, "src/thread.cpp")),
    ("stockfish", "*", Source::Upstream(Repo::Stockfish, "src/timeman.cpp")),
];

/// The file `manager`'s parameter `path` comes from (a pinned upstream file or a seed).
pub(super) fn source(manager: &str, path: &str) -> Option<Source> {
    SOURCES.iter().find(|(m, p, _)| (*m == "*" || *m == manager) && matches(p, path)).map(|&(.., s)| s)
}
