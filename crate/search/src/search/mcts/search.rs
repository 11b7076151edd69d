//! The search itself: a resumable state machine of batches of PUCT playouts.
//!
//! This file holds the search state and its public driver; `types` its options and results,
//! `playout` one playout and the backup, `select` PUCT selection, `expand` adding positions to
//! the tree, `check` the stop check after a batch, `report` results, info lines and telemetry.

use shakmaty::Position;

use super::eval::QSearch;
use super::params::MctsParams;
use super::telemetry::{InfoLine, VisitRace};
use super::tree::{MctsTree, NONE};
use crate::clock::timer::Timer;
use crate::stop::{Hints, StopReason, Stopper};
use expand::expand_edges;

mod check;
mod expand;
mod playout;
mod report;
mod select;
mod types;

#[cfg(test)]
pub(super) use expand::{repeated, surely_has_move};
pub use types::{GoOptions, Progress, RootMove, SearchResult};

/// Root statistics computed after a batch.
#[derive(Clone, Copy, Debug, Default)]
struct RootSummary {
    need_more_time: bool,
    win_found: bool,
    num_losing_edges: u32,
    may_resign: bool,
    best_edge: Option<usize>,
    root_value: f64,
    root_value_sd: f64,
}

/// Bookkeeping for lc0's info-line throttle.
#[derive(Clone, Copy, Debug, Default)]
struct InfoState {
    last_best: Option<usize>,
    last_depth: u32,
    last_seldepth: u32,
    last_time_ms: f64,
    sent: bool,
}

/// One MCTS search: create it with [`MctsSearch::new`], drive it with [`MctsSearch::step`] (or
/// [`MctsSearch::run_to_end`]), and take the tree back with [`MctsSearch::into_tree`] to reuse it
/// on the next move.
///
/// Each step runs up to a given number of batches. After every batch the stopper is polled (lc0:
/// hints reset, built-in limits first, then the caller's stopper), the root-pruning threshold is
/// taken from the hints it leaves, telemetry is recorded and info lines are sent when something
/// changed. Between steps the caller may deliver `stop` ([`MctsSearch::request_stop`]) and
/// `ponderhit` ([`MctsSearch::ponderhit`]) — which is how the wasm worker, which cannot receive
/// messages while wasm runs, yields to its event loop.
#[derive(Debug)]
pub struct MctsSearch {
    tree: MctsTree,
    params: MctsParams,
    go: GoOptions,
    playouts: u64,
    batches: u64,
    head_n: u64,
    first_batch_ms: Option<f64>,
    cum_depth: u64,
    max_depth: u32,
    /// The remaining-playouts hint left by the latest poll (already divided by the SmartPruning
    /// factor when that stopper is in the chain).
    remaining_playouts: f64,
    stop_requested: bool,
    result: Option<SearchResult>,
    last_elapsed_ms: f64,
    path: Vec<u32>,
    hashes: Vec<u64>,
    history_len: usize,
    root_visits: Vec<u64>,
    /// Root move Q for the stopper, side to move's view (edge order).
    root_q: Vec<f64>,
    /// Q along the PV for the stopper, root side's view.
    pv_q: Vec<f64>,
    /// Values backed up through the root this move (side to move's view): count, sum, sum of
    /// squares, for the stopper's `root_value_sd`.
    root_values: (u64, f64, f64),
    qsearch: QSearch,
    race: VisitRace,
    info: InfoState,
}

impl MctsSearch {
    /// Prepare a search of `tree`'s root position. Nothing is searched until the first step.
    ///
    /// # Errors
    /// Invalid parameters, or a root position without legal moves (the game is over).
    pub fn new(
        tree: MctsTree,
        params: MctsParams,
        mut go: GoOptions,
    ) -> Result<Self, crate::error::FieldError> {
        params.validate()?;
        let root_pos = tree.root_position();
        if root_pos.legal_moves().is_empty() {
            let what = if root_pos.is_check() { "checkmate" } else { "stalemate" };
            return Err(crate::error::FieldError::message(format!(
                "nothing to search: the position is {what}"
            )));
        }
        let restricted = root_pos.legal_moves().iter().any(|m| go.searchmoves.contains(m));
        let mut tree = tree;
        if restricted {
            tree.clear(); // the root is expanded with the allowed moves only
        } else {
            go.searchmoves.clear();
        }
        let root = tree.arena.root;
        if root != NONE && !tree.arena.node(root).expanded {
            let pos = tree.root_position().clone();
            expand_edges(&mut tree.arena, root, &pos, &params);
        }
        let hashes = tree.history().to_vec();
        let head_n = tree.head_n();
        Ok(MctsSearch {
            history_len: hashes.len(),
            hashes,
            head_n,
            race: VisitRace::new(params.telemetry_ms),
            params,
            go,
            playouts: 0,
            batches: 0,
            first_batch_ms: None,
            cum_depth: 0,
            max_depth: 0,
            remaining_playouts: Hints::reset(head_n).remaining_playouts,
            stop_requested: false,
            result: None,
            last_elapsed_ms: 0.0,
            path: Vec::with_capacity(64),
            root_visits: Vec::new(),
            root_q: Vec::new(),
            pv_q: Vec::new(),
            root_values: (0, 0.0, 0.0),
            qsearch: QSearch::default(),
            info: InfoState::default(),
            tree,
        })
    }

    /// The tree (read-only) while searching.
    pub fn tree(&self) -> &MctsTree {
        &self.tree
    }

    /// End the search and give the tree back for the next move.
    pub fn into_tree(self) -> MctsTree {
        self.tree
    }

    /// The parameters in force.
    pub fn params(&self) -> &MctsParams {
        &self.params
    }

    /// The visit race recorded so far.
    pub fn visit_race(&self) -> &VisitRace {
        &self.race
    }

    /// The result, once the search is done.
    pub fn result(&self) -> Option<&SearchResult> {
        self.result.as_ref()
    }

    /// Visits reused at the start of this move (or at ponderhit).
    pub fn head_n(&self) -> u64 {
        self.head_n
    }

    /// Capture-search nodes since the search was created (diagnostics).
    pub fn qsearch_nodes(&self) -> u64 {
        self.qsearch.nodes
    }

    /// Playouts this move so far.
    pub fn playouts(&self) -> u64 {
        self.playouts
    }

    /// Elapsed ms of this move at the last batch (since the ponderhit after one).
    pub fn elapsed_ms(&self) -> f64 {
        self.last_elapsed_ms
    }

    /// Whether the search runs on the opponent's time.
    pub fn is_pondering(&self) -> bool {
        self.go.pondering
    }

    /// Ask the search to stop (UCI `stop`): the next step ends it with [`StopReason::Command`].
    pub fn request_stop(&mut self) {
        self.stop_requested = true;
    }

    /// The opponent played the move we pondered on (UCI `ponderhit`): the search becomes a normal
    /// one timed by `timer`. Counters of this move restart and the tree searched so far becomes
    /// reused visits; returns that `head_n`, which the driver passes to the manager's
    /// `begin_move` as `reused_nodes` before handing the new stopper to the next steps.
    pub fn ponderhit(&mut self, timer: Timer) -> u64 {
        self.go.pondering = false;
        self.go.timer = timer;
        self.head_n = self.tree.head_n();
        self.playouts = 0;
        self.batches = 0;
        self.first_batch_ms = None;
        self.cum_depth = 0;
        self.max_depth = 0;
        self.remaining_playouts = Hints::reset(self.head_n).remaining_playouts;
        self.stop_requested = false;
        self.result = None;
        self.last_elapsed_ms = 0.0;
        self.info = InfoState::default();
        self.head_n
    }

    /// Run up to `max_batches` batches (at least one), polling `stopper` after each, and send
    /// info lines to `on_info`. Returns [`Progress::Done`] once the search has ended (and again
    /// on every later call).
    pub fn step(
        &mut self,
        stopper: &mut dyn Stopper,
        max_batches: u32,
        on_info: &mut dyn FnMut(&InfoLine),
    ) -> Progress {
        if let Some(r) = &self.result {
            return Progress::Done(r.clone());
        }
        for _ in 0..max_batches.max(1) {
            // A stop takes effect once the tree has a visit (MCTS always evaluates something).
            if self.stop_requested && self.tree.head_n() > 0 {
                return self.finish(StopReason::Command, on_info);
            }
            self.run_batch();
            if let Some(reason) = self.check(stopper) {
                return self.finish(reason, on_info);
            }
            self.record_snapshot();
            self.maybe_info(on_info);
        }
        Progress::Running
    }

    /// Run until the search ends.
    pub fn run_to_end(
        &mut self,
        stopper: &mut dyn Stopper,
        on_info: &mut dyn FnMut(&InfoLine),
    ) -> SearchResult {
        loop {
            if let Progress::Done(r) = self.step(stopper, u32::MAX, on_info) {
                return r;
            }
        }
    }
}
