//! One engine move of a traced self-play game (`play::trace`): what its manager allotted (base
//! soft budget, the effective soft limit, the hard limit), what it used, the clock around it and
//! why the search stopped. Plain data, no chess rules: the engine plays the trace and hands it
//! to the page as JSON, and the engine charts module (`plot::engine_allocation`) draws it
//! without the engine.

use serde::{Deserialize, Serialize};

/// One engine move of the trace.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TraceMove {
    /// Half-moves played before this one.
    pub ply: u32,
    /// The full move number.
    pub move_number: u32,
    /// White moved.
    pub white: bool,
    /// The move, SAN.
    pub san: String,
    /// The manager's base soft budget, ms.
    pub base_soft_ms: f64,
    /// The soft limit the manager was really using when the search ended, ms.
    pub soft_ms: f64,
    /// The hard limit, ms.
    pub hard_ms: f64,
    /// Time charged to the clock, ms.
    pub used_ms: f64,
    /// The mover's clock before the move, ms.
    pub clock_before_ms: f64,
    /// The mover's clock after the move (increment included), ms.
    pub clock_after_ms: f64,
    /// Nodes (alpha-beta) or playouts (MCTS) searched.
    pub nodes: u64,
    /// Completed depth.
    pub depth: u32,
    /// Why the search stopped (kebab-case, as the engine reports it).
    pub stop: String,
    /// The effective limit's sentence.
    pub limit_text: String,
    /// The move lost on time.
    pub flagged: bool,
    /// A ponder hit: the ms searched on the opponent's time before it (not charged); `None`
    /// without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pondered_ms: Option<f64>,
}
