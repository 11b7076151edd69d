//! Terms any manager can add to a budget, the chart readouts, and the stop reasons (the keys of
//! [`StopReason::key`](crate::stop::StopReason::key) and `cancelled`).

use super::{Entry, Repo, SCOPE_BUDGET, SCOPE_CHART, SCOPE_STOP, Source, Unit, e};

const B: &str = SCOPE_BUDGET;
const C: &str = SCOPE_CHART;
const S: &str = SCOPE_STOP;

const COMMON: Source = Source::Project("crate/src/tm/common.rs");
const BUDGET: Source = Source::Project("crate/search/src/stop/budget.rs");
const REASON: Source = Source::Project("crate/search/src/stop/reason.rs");
const LIMITS: Source = Source::Project("crate/search/src/search/limits.rs");
const SP: Source = Source::Upstream(Repo::Lc0, "src/search/classic/stoppers/stoppers.cc");
const SF_SEARCH: Source = Source::Upstream(Repo::Stockfish, "src/search.cpp");
const MCTS: Source = Source::Project("crate/search/src/search/mcts/search.rs");

/// The entries.
#[rustfmt::skip]
pub(super) const ENTRIES: &[Entry] = &[
    e(B, "exceeds_clock", "past the clock", Unit::Ms,
        "a warning: the hard stop can come this long after clock − overhead, so the engine can lose on time",
        "hard stop − (clock − O)", COMMON),
    e(B, "pondering", "pondering", Unit::Flag,
        "no limit while pondering: the search runs on the opponent's time until ponderhit or stop",
        "soft = hard = ∞", COMMON),
    e(B, "movetime", "fixed move time", Unit::Ms,
        "UCI go movetime: the search stops after this long whatever the manager says",
        "soft = hard = movetime", LIMITS),
    e(B, "clock_cap", "capped at the clock", Unit::Ms,
        "tmlab budget caps both limits at the clock: no move can use more time than is left",
        "soft = min(soft, clock); hard = min(hard, clock)", Source::Project("crate/src/bin/tmlab/budget.rs")),
    e(C, "used", "time used", Unit::Ms,
        "the time the move took",
        "", Source::Project("crate/src/play/game.rs")),
    e(C, "soft", "soft budget", Unit::Ms,
        "the manager's base soft limit: no new iteration after it (alpha-beta), stop at it (MCTS)",
        "", BUDGET),
    e(C, "effective_soft", "effective soft limit", Unit::Ms,
        "the soft limit the manager really used: the base scaled by its in-search factors",
        "base × factors, capped", BUDGET),
    e(C, "hard", "hard limit", Unit::Ms, "the search stops at once when it reaches this", "", BUDGET),
    e(C, "clock", "clock", Unit::Ms,
        "the time left on the side's clock after the move",
        "", Source::Project("crate/src/clock/game_clock.rs")),
    e(S, "soft-limit", "soft limit", Unit::Reason,
        "the soft limit passed: at an iteration boundary (alpha-beta) or after a batch (MCTS), compared as each reference does",
        "Stockfish: elapsed > min(totalTime, maximum); Mediocre: elapsed·next-depth-factor > budget; guide: elapsed + O ≥ soft", REASON),
    e(S, "hard-limit", "hard limit", Unit::Reason,
        "the hard limit was reached inside an iteration (alpha-beta), or smooth's deadline + allowed bank while the bank is in use",
        "Stockfish, Mediocre: elapsed > hard; guide: elapsed + O ≥ hard; lc0-smooth: elapsed ≥ deadline + allowed bank", REASON),
    e(S, "deadline", "deadline", Unit::Reason,
        "an lc0 deadline passed: the one limit of curve, legacy, AlphaZero, simple (soft = hard), or smooth's soft limit off the bank",
        "elapsed ≥ deadline", COMMON),
    e(S, "smart-pruning", "smart pruning", Unit::Reason,
        "no other root move can catch up with the best in the time left",
        "remaining playouts < n1 − n2", SP),
    e(S, "only-move", "only move", Unit::Reason,
        "one legal move, or at most one move that does not lose",
        "len(root moves) ≤ losing + 1", SP),
    e(S, "forced-win", "forced win", Unit::Reason, "the search proved a win", "", SP),
    e(S, "mate-found", "mate found", Unit::Reason,
        "a mate short enough to stop on",
        "mate within 3 plies, or mated in 2", SF_SEARCH),
    e(S, "depth", "depth limit", Unit::Reason, "UCI go depth: the fixed depth was reached", "", LIMITS),
    e(S, "nodes", "node limit", Unit::Reason,
        "UCI go nodes: the node (MCTS: visit or playout) limit was reached",
        "", LIMITS),
    e(S, "move-time", "move time", Unit::Reason, "UCI go movetime: the fixed time was used", "", LIMITS),
    e(S, "command", "stop command", Unit::Reason, "the GUI sent stop", "", LIMITS),
    e(S, "tree-full", "tree full", Unit::Reason, "the MCTS tree reached its node cap", "", MCTS),
    e(S, "cancelled", "dropped", Unit::Reason,
        "the page dropped the search (new game, view switch): nothing was charged",
        "", Source::Project("crate/src/uci/ext.rs")),
];
