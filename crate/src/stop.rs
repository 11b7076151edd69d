//! The interface between a search and whatever decides when it stops.
//!
//! Modelled on lc0's stoppers: a time manager hands the search a [`Stopper`], and the search
//! knows nothing else about it. The search reports [`SearchStats`]; the stopper answers with a
//! [`Decision`]. Alpha-beta calls [`Stopper::poll`] every [`Stopper::check_interval`] nodes (the
//! hard check) and [`Stopper::iteration_done`] after every completed depth (the soft check). MCTS
//! calls `poll` after every batch and never calls `iteration_done`.
//!
//! Nothing in this module knows a particular manager or searcher, so both depend on it and on
//! nothing of each other.

use serde::{Deserialize, Serialize};

/// A move as the stopper sees it: an opaque key that is equal for equal moves.
///
/// Searchers derive it from the move (e.g. from, to and promotion packed into bits); managers
/// only compare keys (PV stability, Stockfish's best-move changes).
pub type MoveKey = u32;

/// A search score from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// The side to move mates in this many plies (1 = mate with this move).
    MateIn(u32),
    /// The side to move is mated in this many plies (0 = already mated).
    MatedIn(u32),
}

impl Score {
    /// A centipawn value that orders all scores: mates map beyond ±[`Score::MATE_CP`] minus the
    /// distance, so a faster mate is larger.
    pub fn as_cp(self) -> i32 {
        match self {
            Score::Cp(cp) => cp,
            Score::MateIn(plies) => Self::MATE_CP - plies as i32,
            Score::MatedIn(plies) => -Self::MATE_CP + plies as i32,
        }
    }

    /// The centipawn value used for "mate" by [`Score::as_cp`].
    pub const MATE_CP: i32 = 32_000;

    /// The UCI `score` field: `cp N` or `mate N` (N in moves, negative when mated).
    pub fn to_uci(self) -> String {
        match self {
            Score::Cp(cp) => format!("cp {cp}"),
            Score::MateIn(plies) => format!("mate {}", plies.div_ceil(2)),
            Score::MatedIn(plies) => format!("mate -{}", plies.div_ceil(2)),
        }
    }
}

/// One completed alpha-beta iteration, as the stopper sees it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Iteration {
    /// The completed depth.
    pub depth: u32,
    /// Best root move after this iteration.
    pub best_move: MoveKey,
    /// Root score after this iteration.
    pub score: Score,
    /// How many times the best root move changed during this iteration.
    pub best_move_changes: u32,
}

/// What a search reports at every check. Fields a searcher does not have stay at their default.
///
/// Field names follow the table in `shared/spec/time-managers.md` §0.7.
#[derive(Clone, Debug, Default)]
pub struct SearchStats<'a> {
    /// Milliseconds since the move started (real or virtual time, see [`crate::clock::timer`]).
    pub elapsed_ms: f64,
    /// MCTS: milliseconds since the first batch with playouts (0 before it).
    pub since_first_batch_ms: f64,
    /// MCTS: visits including reused nodes. Alpha-beta: nodes searched this move.
    pub total_nodes: u64,
    /// MCTS: playouts this move. Alpha-beta: nodes searched this move.
    pub nodes_this_move: u64,
    /// MCTS: batches this move.
    pub batches: u64,
    /// MCTS: visits of every legal root move (0 if unvisited).
    pub root_visits: &'a [u64],
    /// MCTS: the most-visited root child is not the one with the highest Q.
    pub need_more_time: bool,
    /// MCTS: a visited root child is a terminal win.
    pub win_found: bool,
    /// MCTS: visited root children that are terminal losses.
    pub num_losing_edges: u32,
    /// MCTS: no visited root child has Q above the resign threshold.
    pub may_resign: bool,
    /// Alpha-beta: completed iterations, oldest first (`iterations.last()` is the newest).
    pub iterations: &'a [Iteration],
    /// Alpha-beta: nodes under the current best root move (cumulative over this search).
    pub best_move_nodes: u64,
    /// Alpha-beta: all nodes of this search (cumulative over iterations).
    pub search_nodes: u64,
    /// Number of legal root moves.
    pub root_moves: u32,
    /// The search is pondering.
    pub pondering: bool,
    /// Running average score of the best root move, in centipawns (Stockfish's `averageScore`).
    pub best_avg_score: f64,
}

impl SearchStats<'_> {
    /// Depth of the last completed iteration, 0 before the first one completes.
    pub fn completed_depth(&self) -> u32 {
        self.iterations.last().map_or(0, |it| it.depth)
    }
}

/// Hints passed along the MCTS stopper chain (lc0's `StoppersHints`), reset before every poll.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hints {
    /// Time the earlier stoppers still allow, in ms.
    pub remaining_ms: f64,
    /// Playouts the earlier stoppers still allow.
    pub remaining_playouts: f64,
    /// Nodes per second, if an earlier stopper estimated it.
    pub nps: Option<f64>,
}

impl Hints {
    /// lc0's "no time limit" value for `remaining_ms`.
    pub const UNLIMITED_MS: f64 = 1e11;
    /// lc0's always-present visits limit.
    pub const VISITS_LIMIT: f64 = 4e9;

    /// The hints at the start of every poll, given the visits in the tree.
    pub fn reset(total_nodes: u64) -> Self {
        Hints {
            remaining_ms: Self::UNLIMITED_MS,
            remaining_playouts: Self::VISITS_LIMIT - total_nodes as f64,
            nps: None,
        }
    }
}

/// Why a search stopped. Shown in the UI and recorded with every move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum StopReason {
    /// The soft limit passed at an iteration boundary.
    SoftLimit,
    /// The hard limit was reached inside an iteration.
    HardLimit,
    /// A manager's single deadline was reached (MCTS managers where soft = hard).
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

/// One named intermediate value that explains a budget, e.g. `("moves left", 31.5)`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Term {
    /// The name used in the spec, e.g. `mtg`, `base`, `slowmover_applied`.
    pub name: &'static str,
    /// Its value (ms for times, a factor for multipliers, a count for moves).
    pub value: f64,
    /// A warning the UI shows beside the budget, e.g. "fallback exceeds the clock".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub warning: Option<String>,
}

impl Term {
    /// A term without a warning.
    pub fn new(name: &'static str, value: f64) -> Self {
        Term { name, value, warning: None }
    }
}

/// The limits of one move: soft (checked at iteration boundaries), hard (checked inside), and
/// the named terms that produced them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Budget {
    /// Soft limit in ms (`f64::INFINITY` for none).
    pub soft_ms: f64,
    /// Hard limit in ms (`f64::INFINITY` for none).
    pub hard_ms: f64,
    /// The intermediate values, in the order they were computed.
    pub terms: Vec<Term>,
}

impl Budget {
    /// No limit at all (infinite analysis, pondering).
    pub fn unlimited() -> Self {
        Budget { soft_ms: f64::INFINITY, hard_ms: f64::INFINITY, terms: Vec::new() }
    }
}

/// One factor of an effective soft limit, e.g. Stockfish's `fallingEval`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LimitTerm {
    /// A stable key (`optimum`, `falling_eval`, …).
    pub key: String,
    /// The label the UI shows (`falling`, …).
    pub label: String,
    /// The value (ms for times, else a factor).
    pub value: f64,
}

/// The soft limit a manager is actually using at a check, with the factors that make it
/// (contract point 5: `info string tm-limit <json>`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EffectiveLimit {
    /// The soft limit in use, ms.
    pub soft_ms: f64,
    /// The move's base soft budget, ms.
    pub base_ms: f64,
    /// A cap on the soft limit (Stockfish's maximum), ms.
    pub cap_ms: Option<f64>,
    /// The hard limit, ms.
    pub hard_ms: f64,
    /// The factors, in the order they multiply.
    pub terms: Vec<LimitTerm>,
    /// The human sentence, e.g. `soft 7.1 s = 7.1 s × falling 1.20 = 8.5 s, cap 26.0 s`.
    pub text: String,
}

/// Seconds with one decimal (`7.1 s`), `∞` for none.
pub fn secs(ms: f64) -> String {
    if ms.is_finite() { format!("{:.1} s", ms / 1000.0) } else { "∞".into() }
}

impl LimitTerm {
    /// A term.
    pub fn new(key: &str, label: &str, value: f64) -> Self {
        LimitTerm { key: key.into(), label: label.into(), value }
    }
}

impl EffectiveLimit {
    /// A manager that does not move its soft limit during a search: the base soft budget.
    pub fn base(budget: &Budget) -> Self {
        EffectiveLimit {
            soft_ms: budget.soft_ms,
            base_ms: budget.soft_ms,
            cap_ms: None,
            hard_ms: budget.hard_ms,
            terms: Vec::new(),
            text: format!(
                "soft {} (the base soft limit: this manager does not move it during a search), hard {}",
                secs(budget.soft_ms),
                secs(budget.hard_ms)
            ),
        }
    }

    /// A soft limit that is the base times `factors`, capped by `cap`:
    /// `soft S = base × f1 … = product, cap C`.
    pub fn product(budget: &Budget, base: LimitTerm, factors: Vec<LimitTerm>, cap: Option<f64>) -> Self {
        let product = factors.iter().fold(base.value, |p, t| p * t.value);
        let soft = cap.map_or(product, |c| product.min(c));
        let mut text = format!("soft {} = {}", secs(soft), secs(base.value));
        for t in &factors {
            text.push_str(&format!(" × {} {:.2}", t.label, t.value));
        }
        if !factors.is_empty() {
            text.push_str(&format!(" = {}", secs(product)));
        }
        if let Some(c) = cap {
            text.push_str(&format!(", cap {}", secs(c)));
        }
        let mut terms = vec![base];
        terms.extend(factors);
        EffectiveLimit {
            soft_ms: soft,
            base_ms: budget.soft_ms,
            cap_ms: cap,
            hard_ms: budget.hard_ms,
            terms,
            text,
        }
    }
}

/// Decides when a search ends. The search knows only this.
pub trait Stopper {
    /// Alpha-beta: nodes between two hard checks ([`Stopper::poll`] calls). MCTS ignores it.
    fn check_interval(&self) -> u64;

    /// The hard check: every `check_interval` nodes in alpha-beta, after every batch in MCTS.
    /// `hints` has been reset with [`Hints::reset`] by the caller.
    fn poll(&mut self, stats: &SearchStats, hints: &mut Hints) -> Decision;

    /// The soft check after a completed alpha-beta iteration.
    fn iteration_done(&mut self, stats: &SearchStats) -> Decision;

    /// The budget currently in force (soft and hard may move during a search, e.g. scalings).
    fn budget(&self) -> &Budget;

    /// The GUI sent `ponderhit`: the ponder search becomes a normal one.
    fn ponderhit(&mut self, stats: &SearchStats) {
        let _ = stats;
    }

    /// The soft limit in use now, with its factors (`None`: a stopper without a manager).
    fn effective_limit(&self) -> Option<EffectiveLimit> {
        None
    }

    /// MCTS: the Q above which a visited root child clears [`SearchStats::may_resign`]
    /// (SmartPruning's `resign-q`; lc0 hard-codes −0.98).
    fn resign_q(&self) -> f64 {
        DEFAULT_RESIGN_Q
    }
}

/// lc0's hard-coded resign threshold for `may_resign` (`search.cc` @909a4082).
pub const DEFAULT_RESIGN_Q: f64 = -0.98;

/// A stopper that never stops: `go infinite`, or a search bounded only by depth or nodes.
#[derive(Debug)]
pub struct NeverStop {
    budget: Budget,
}

impl Default for NeverStop {
    fn default() -> Self {
        NeverStop { budget: Budget::unlimited() }
    }
}

impl Stopper for NeverStop {
    fn check_interval(&self) -> u64 {
        1024
    }
    fn poll(&mut self, _: &SearchStats, _: &mut Hints) -> Decision {
        Decision::CONTINUE
    }
    fn iteration_done(&mut self, _: &SearchStats) -> Decision {
        Decision::CONTINUE
    }
    fn budget(&self) -> &Budget {
        &self.budget
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_order_and_print() {
        assert!(Score::MateIn(1).as_cp() > Score::MateIn(3).as_cp());
        assert!(Score::MatedIn(2).as_cp() < Score::Cp(-5000).as_cp());
        assert_eq!(Score::MateIn(3).to_uci(), "mate 2");
        assert_eq!(Score::MatedIn(2).to_uci(), "mate -1");
        assert_eq!(Score::Cp(-31).to_uci(), "cp -31");
    }

    #[test]
    fn hints_reset_to_lc0_values() {
        let h = Hints::reset(1000);
        assert_eq!(h.remaining_ms, 1e11);
        assert_eq!(h.remaining_playouts, 4e9 - 1000.0);
        assert_eq!(h.nps, None);
    }
}
