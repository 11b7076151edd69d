//! Time managers: one file per manager, the shared building blocks, the parameter schema, the
//! adapter that turns a manager into a [`Stopper`](crate::stop::Stopper), and the allocation
//! simulation.
//!
//! The normative specification is `shared/spec/time-managers.md`; every manager file names the
//! reference it implements. A manager is chosen with an lc0-style spec string
//! ([`from_spec`], [`params`]):
//!
//! ```
//! let mut tm = tmlab::tm::from_spec("lc0-legacy(slowmover=1.2)").unwrap();
//! tm.new_game();
//! let budget = tm.begin_move(&tmlab::tm::MoveContext::new(60_000.0, 600.0, 0));
//! assert!(budget.soft_ms <= budget.hard_ms);
//! ```
//!
//! # Life cycle (§0.7)
//! `new_game` → per move: `begin_move` → (`poll` | `iteration_done`)* → `end_move`. A search
//! never sees a manager directly: the driver wraps it in a [`stopper::ManagedStopper`].

pub mod decay;
pub mod glossary;
pub mod moves_left;
pub mod params;
pub mod registry;
pub mod simulate;
pub mod smart_pruning;
pub mod state;
pub mod stopper;
pub mod trace_move;

// The registry: one line per manager declares its module (its config, parameter rows, flags,
// sources, glossary terms and the manager) and makes it known everywhere, in this order.
registry::managers! {
    /// Mediocre's seed (§2).
    mediocre::MediocreConfig => Mediocre,
    /// The engine guide (§3).
    guide::GuideConfig => Guide,
    /// lc0's 2018 curve (§4).
    lc0_curve::CurveConfig => Lc0Curve,
    /// lc0's legacy manager (§5).
    lc0_legacy::LegacyConfig => Lc0Legacy,
    /// lc0's smooth manager (§6).
    lc0_smooth::SmoothConfig => Lc0Smooth,
    /// lc0's AlphaZero share (§7).
    lc0_alphazero::AlphaZeroConfig => Lc0AlphaZero,
    /// lc0's simple manager (§7).
    lc0_simple::SimpleConfig => Lc0Simple,
    /// Stockfish's optimum/maximum (§9).
    stockfish::StockfishConfig => Stockfish,
    /// Monty's MCTS manager (issue 28).
    monty::MontyConfig => Monty,
    /// princhess's MCTS manager (issue 28).
    princhess::PrinchessConfig => Princhess,
    /// Clockwork's node-share and complexity scaling (issue 28).
    complexity::ComplexityConfig => Complexity,
    /// Koivisto's node-share root rule (issue 28).
    koivisto::KoivistoConfig => Koivisto,
    /// Reckless's move-number share and five in-search factors (issue 28).
    reckless::RecklessConfig => Reckless,
    /// A throwaway manager added by the registry test alone.
    #[cfg(test)]
    registry_test::ThrowawayConfig => Throwaway,
}

mod common;
pub mod lc0_deadline;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod props;

use serde::Serialize;

use crate::stop::{Budget, Decision, EffectiveLimit, Hints, Score, SearchStats, Term};

pub(crate) use common::within;
#[cfg(feature = "engine")]
pub use params::schema;
pub use params::{SpecError, TmSpec, from_spec};
pub use smart_pruning::{SmartPruning, SmartPruningConfig};

/// A kind of search: the one an engine runs, and the one a manager was designed for. Written
/// `ab` and `mcts` (UCI's `Searcher` option, spec strings, JSON).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SearchKind {
    /// Iterative deepening (the alpha-beta searcher): soft limit at iteration boundaries, hard
    /// limit inside.
    #[serde(rename = "ab")]
    AlphaBeta,
    /// MCTS: every limit is checked after each batch; SmartPruning follows the manager.
    Mcts,
}

impl SearchKind {
    /// `ab` or `mcts`.
    pub fn as_str(self) -> &'static str {
        match self {
            SearchKind::AlphaBeta => "ab",
            SearchKind::Mcts => "mcts",
        }
    }
}

impl std::str::FromStr for SearchKind {
    type Err = crate::error::FieldError;
    /// The error has no path: the caller names the field (`engine`, `searcher`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "ab" | "alphabeta" | "alpha-beta" => Ok(SearchKind::AlphaBeta),
            "mcts" => Ok(SearchKind::Mcts),
            other => Err(crate::error::FieldError::new(
                "",
                format!("unknown searcher {:?}", crate::excerpt::excerpt(other)),
                "ab, mcts",
            )),
        }
    }
}

/// How a manager treats `go ponder` and `ponderhit` (§0.7, §9.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PonderStyle {
    /// lc0 style: no limit while pondering; at ponderhit the driver starts the move afresh with
    /// `begin_move`, and the ponder tree becomes `reused_nodes`.
    Restart,
    /// Stockfish style: the ponder search keeps its budget and its elapsed time counts from the
    /// original `go`; a stop decided while pondering waits for ponderhit.
    Continue,
}

/// What a manager is told at the start of a move (§0.3, §0.7).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct MoveContext {
    /// The side to move's remaining time, including any increment already credited (UCI
    /// `wtime`/`btime`), in ms.
    pub clock_ms: f64,
    /// The increment (UCI `winc`/`binc`), in ms; negative values count as 0.
    pub inc_ms: f64,
    /// Moves until the next time control, absent in sudden death. `Some(0)` is passed through
    /// as received: managers treat it as absent, except `lc0-curve` which uses 1 (§0.3).
    pub movestogo: Option<u32>,
    /// Half-moves played in the game (§0.2): 0 for white's first move.
    pub ply: u32,
    /// Visits of the subtree kept from the previous search (lc0 `head_N`); 0 for alpha-beta.
    pub reused_nodes: u64,
    /// `go ponder`: the search runs on the opponent's time.
    pub ponder: bool,
    /// Number of legal moves in the position.
    pub legal_moves: u32,
}

impl MoveContext {
    /// A context for a move at `ply` with this clock and increment; no movestogo, no reuse, not
    /// pondering, and a typical 30 legal moves.
    pub fn new(clock_ms: f64, inc_ms: f64, ply: u32) -> Self {
        MoveContext {
            clock_ms,
            inc_ms,
            movestogo: None,
            ply,
            reused_nodes: 0,
            ponder: false,
            legal_moves: 30,
        }
    }

    /// The same context with `movestogo`.
    pub fn with_movestogo(mut self, movestogo: Option<u32>) -> Self {
        self.movestogo = movestogo;
        self
    }

    /// The same context with reused nodes.
    pub fn with_reused_nodes(mut self, reused_nodes: u64) -> Self {
        self.reused_nodes = reused_nodes;
        self
    }

    /// The clock as a manager uses it: NaN and negative values count as 0.
    pub fn clock(&self) -> f64 {
        if self.clock_ms > 0.0 { self.clock_ms } else { 0.0 }
    }

    /// The increment as a manager uses it: NaN and negative values count as 0 (§0.3).
    pub fn inc(&self) -> f64 {
        if self.inc_ms > 0.0 { self.inc_ms } else { 0.0 }
    }

    /// The clock and the increment in whole ms, as the integer-millisecond managers read them.
    pub fn whole_ms(&self) -> (i64, i64) {
        (self.clock().floor() as i64, self.inc().floor() as i64)
    }

    /// `movestogo` with 0 treated as absent (§0.3).
    pub fn movestogo(&self) -> Option<u32> {
        self.movestogo.filter(|&m| m > 0)
    }
}

/// What a manager learns when a move ends (§0.7).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct MoveEnd {
    /// Milliseconds from `begin_move` to the end of the search.
    pub elapsed_ms: f64,
    /// MCTS: visits in the tree at the end, reused ones included. Alpha-beta: nodes searched.
    pub total_nodes: u64,
    /// The final root score.
    pub final_score: Score,
    /// The running average score of the best move, in centipawns (Stockfish's `averageScore`);
    /// a searcher without one passes the final score.
    pub final_avg_score: f64,
}

impl MoveEnd {
    /// A move end with a neutral score (0 cp).
    pub fn new(elapsed_ms: f64, total_nodes: u64) -> Self {
        MoveEnd { elapsed_ms, total_nodes, final_score: Score::Cp(0), final_avg_score: 0.0 }
    }
}

/// A time manager (§0.7). It never knows the searcher; the searcher never knows it.
pub trait TimeManager: Send {
    /// The manager's canonical name (`lc0-smooth`, …).
    fn name(&self) -> &'static str;

    /// The kind of search the manager was designed for.
    fn search_kind(&self) -> SearchKind;

    /// Resets all per-game state.
    fn new_game(&mut self);

    /// The budget for a move.
    fn begin_move(&mut self, ctx: &MoveContext) -> Budget;

    /// The hard check: after every batch (MCTS) or every [`TimeManager::check_interval`] nodes
    /// (alpha-beta). `hints` were reset by the caller; MCTS managers lower `remaining_ms` and may
    /// set `nps` for SmartPruning (§8).
    fn poll(&mut self, stats: &SearchStats, hints: &mut Hints) -> Decision;

    /// The soft check after a completed alpha-beta iteration.
    fn iteration_done(&mut self, stats: &SearchStats) -> Decision;

    /// The move ended; updates the per-game state. By default nothing: a manager that carries
    /// nothing from move to move learns nothing from a move's end.
    fn end_move(&mut self, _end: &MoveEnd) {}

    /// Alpha-beta: nodes between two [`TimeManager::poll`] calls. By default
    /// every 1024 nodes; engines that poll at their own rate say so.
    fn check_interval(&self) -> u64 {
        common::AB_CHECK_INTERVAL
    }

    /// The manager's move overhead in ms (§0.4): the budget keeps its hard limit at or below
    /// clock − overhead, unless a term carries a warning.
    fn overhead_ms(&self) -> f64;

    /// The SmartPruning stopper that follows this manager in an MCTS search, if any (§8).
    fn smart_pruning(&self) -> Option<SmartPruningConfig> {
        None
    }

    /// How the manager ponders.
    fn ponder_style(&self) -> PonderStyle {
        PonderStyle::Restart
    }

    /// The soft limit the manager is actually using after the last check, with its factors
    /// (`budget` is this move's budget). By default the base soft limit.
    fn effective_limit(&self, budget: &Budget) -> EffectiveLimit {
        EffectiveLimit::base(budget)
    }

    /// The per-game state, named (for the UI and for tests).
    fn state(&self) -> Vec<Term>;

    /// Writes every field that changes during a game, exactly ([`state`] explains the format).
    fn save_state(&self, w: &mut state::StateWriter);

    /// Reads back what [`TimeManager::save_state`] wrote, into a manager with the same spec.
    ///
    /// # Errors
    /// The words do not hold this manager's state.
    fn load_state(&mut self, r: &mut state::StateReader) -> Result<(), state::StateError>;
}
