//! Why a search stopped ([`StopReason`]) and a stopper's answer at each check ([`Decision`]).

use serde::Serialize;

/// Why a search stopped. Shown in the UI and recorded with every move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum StopReason {
    /// The soft limit passed at an iteration boundary.
    SoftLimit,
    /// The hard limit was reached inside an iteration (or lc0-smooth's deadline + allowed bank,
    /// while the bank is in use).
    HardLimit,
    /// An lc0 manager's deadline was reached: the one limit of curve, legacy, AlphaZero and
    /// simple (soft = hard), or lc0-smooth's soft limit while the bank is not in use.
    Deadline,
    /// SmartPruning: no other root move can catch up with the best.
    SmartPruning,
    /// Only one legal move, or at most one move that does not lose.
    OnlyMove,
    /// A forced win was found.
    ForcedWin,
    /// A mate score short enough to stop on (Stockfish).
    MateFound,
    /// The fixed depth was reached.
    Depth,
    /// The node limit was reached.
    Nodes,
    /// The fixed move time was used.
    MoveTime,
    /// The GUI sent `stop`.
    Command,
    /// The tree reached its node cap and the stopper asked to end (MCTS).
    TreeFull,
}

impl StopReason {
    /// A short human-readable label.
    pub fn label(self) -> &'static str {
        match self {
            StopReason::SoftLimit => "soft limit",
            StopReason::HardLimit => "hard limit",
            StopReason::Deadline => "deadline",
            StopReason::SmartPruning => "smart pruning",
            StopReason::OnlyMove => "only move",
            StopReason::ForcedWin => "forced win",
            StopReason::MateFound => "mate found",
            StopReason::Depth => "depth limit",
            StopReason::Nodes => "node limit",
            StopReason::MoveTime => "move time",
            StopReason::Command => "stop command",
            StopReason::TreeFull => "tree full",
        }
    }

    /// The sentence the UI shows for a search that stopped for this reason, worded for the
    /// searcher (`mcts`: MCTS has no iterations, every limit is checked after a batch).
    pub fn describe(self, mcts: bool) -> &'static str {
        match (self, mcts) {
            (StopReason::SoftLimit, false) => "soft limit reached at an iteration boundary",
            (StopReason::SoftLimit, true) => "soft limit reached (checked after every batch)",
            (StopReason::HardLimit, false) => "hard limit reached mid-iteration",
            (StopReason::HardLimit, true) => "hard limit reached (checked after every batch)",
            (StopReason::Deadline, _) => "the deadline passed",
            (StopReason::SmartPruning, _) => "smart pruning: no other move could catch up",
            (StopReason::OnlyMove, _) => "only one sensible move",
            (StopReason::ForcedWin, _) => "a forced win was found",
            (StopReason::MateFound, _) => "a short mate was found",
            (StopReason::Depth, _) => "depth limit",
            (StopReason::Nodes, false) => "node limit",
            (StopReason::Nodes, true) => "visit or playout limit",
            (StopReason::MoveTime, _) => "fixed move time used",
            (StopReason::Command, _) => "stopped on request",
            (StopReason::TreeFull, _) => "the tree is full",
        }
    }

    /// The key printed for a dropped search (`info string stop cancelled`): not a reason a
    /// search stops for, but the line the UCI engine writes instead of one.
    pub const CANCELLED_KEY: &'static str = "cancelled";

    /// [`StopReason::describe`] by key, `cancelled` included.
    pub fn describe_key(key: &str, mcts: bool) -> Option<&'static str> {
        if key == Self::CANCELLED_KEY {
            return Some("dropped: nothing charged");
        }
        Self::from_key(key).map(|r| r.describe(mcts))
    }

    /// Every reason, in declaration order.
    pub const ALL: [StopReason; 12] = [
        StopReason::SoftLimit,
        StopReason::HardLimit,
        StopReason::Deadline,
        StopReason::SmartPruning,
        StopReason::OnlyMove,
        StopReason::ForcedWin,
        StopReason::MateFound,
        StopReason::Depth,
        StopReason::Nodes,
        StopReason::MoveTime,
        StopReason::Command,
        StopReason::TreeFull,
    ];

    /// The kebab-case key serde writes (`soft-limit`), also printed by the UCI engine as
    /// `info string stop <key>`.
    pub fn key(self) -> &'static str {
        match self {
            StopReason::SoftLimit => "soft-limit",
            StopReason::HardLimit => "hard-limit",
            StopReason::Deadline => "deadline",
            StopReason::SmartPruning => "smart-pruning",
            StopReason::OnlyMove => "only-move",
            StopReason::ForcedWin => "forced-win",
            StopReason::MateFound => "mate-found",
            StopReason::Depth => "depth",
            StopReason::Nodes => "nodes",
            StopReason::MoveTime => "move-time",
            StopReason::Command => "command",
            StopReason::TreeFull => "tree-full",
        }
    }

    /// The reason whose [`StopReason::key`] is `key`.
    pub fn from_key(key: &str) -> Option<StopReason> {
        Self::ALL.into_iter().find(|r| r.key() == key)
    }
}

/// A stopper's answer at a check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision {
    /// `Some(reason)` ends the search.
    pub stop: Option<StopReason>,
    /// Stockfish only: `false` asks the next iteration to re-search at the same effective depth.
    pub increase_depth: bool,
}

impl Decision {
    /// Go on searching.
    pub const CONTINUE: Decision = Decision { stop: None, increase_depth: true };

    /// Stop for this reason.
    pub fn stop(reason: StopReason) -> Self {
        Decision { stop: Some(reason), increase_depth: true }
    }

    /// Stop for `reason` if `cond` holds, else continue.
    pub fn stop_if(cond: bool, reason: StopReason) -> Self {
        if cond { Self::stop(reason) } else { Self::CONTINUE }
    }

    /// Whether this decision ends the search.
    pub fn is_stop(&self) -> bool {
        self.stop.is_some()
    }
}
