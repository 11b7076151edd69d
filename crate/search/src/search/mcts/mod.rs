//! A small MCTS searcher in lc0's image, for the lc0 time managers: PUCT with a cheap policy and
//! value, tree reuse, a node cap, root pruning from the stopper chain's hints, and lc0's stats.
//!
//! # Search
//! - **Priors**: a softmax over move-ordering features ([`policy`](self) — captures by MVV-LVA
//!   with a defended-square test, checks, promotions, piece-square gains, hanging pieces), with
//!   the temperature `policy-temperature`.
//! - **Values**: material + piece-square tables with a capture search of at most
//!   `qsearch-nodes` nodes, mapped to Q ∈ [−1, 1] by the logistic curve
//!   `Q = 2/(1 + e^(−cp/value-scale)) − 1`.
//! - **Terminal positions** are valued exactly: checkmate ±1, stalemate, the fifty-move rule,
//!   insufficient material and repetitions 0. A position that repeats one earlier in the game
//!   or the search path (twofold) counts as a draw; because the rule looks at the whole game,
//!   a reused subtree keeps the same verdicts. Proven results propagate up (a winning reply
//!   proves a loss; when every reply is proven the best decides), give mate scores, and make a
//!   proven win the move to play.
//! - **Selection**: `Q + c_puct · P · √max(1, N − 1) / (1 + n)`, unvisited moves at
//!   `parent Q − fpu-reduction · √(visited policy)`.
//! - **Determinism**: there is no randomness at all (no seed to set), and the transcendental
//!   functions (`exp`, `ln`, the logistic map) are computed from IEEE basic operations rather
//!   than the platform's libm, so the same position, parameters and virtual timer give the same
//!   tree bit for bit, natively and in wasm (the native and wasm benches build identical trees).
//! - **Best move**: most visits (a proven win first, a proven loss last; then Q, then prior).
//!
//! # Batches, stops and stats (spec §0.6, §0.7, §8)
//! Playouts run in batches of `batch-size`. After every batch (never before the tree has a
//! visit) the hints are reset with [`Hints::reset`](crate::stop::Hints::reset)`(total_nodes)`,
//! the built-in limits of [`GoOptions`] lower `remaining_playouts` first (lc0's playouts/visits
//! stoppers), then the caller's [`Stopper`](crate::stop::Stopper) is polled — for the lc0
//! managers a chain of the manager and SmartPruning. The `remaining_playouts` it leaves drives
//! **root pruning** until the next poll: at the root, every child other than the most-visited is
//! skipped while `max(1, remaining_playouts) < N_best − N_child`.
//!
//! Every MCTS field of [`SearchStats`](crate::stop::SearchStats) is filled: `elapsed_ms`,
//! `since_first_batch_ms` (as lc0: its clock starts at the first poll after a batch with
//! playouts, so it reads 0 at that poll), `total_nodes` (root visits, reused ones included),
//! `nodes_this_move` (playouts), `batches`, `root_visits` (every legal move, edge order),
//! `need_more_time` (the most-visited child, first on ties, has lower Q than another visited
//! child), `win_found`, `num_losing_edges`, `may_resign` (no visited child has Q above
//! `resign-q`), `root_moves`, `pondering`, and the Q statistics MCTS time managers read:
//! `root_q` (every root move's Q), `root_value` (the root's Q), `root_value_sd` (the spread of
//! the values this move's playouts backed up through the root), `pv_q` (Q along the PV, root
//! side's view) and `avg_depth`. Filling them reads the tree and never changes the search.
//!
//! A single legal move or a forced win ends the search through the stopper (SmartPruning
//! decides from these stats). A driver that polls [`NeverStop`](crate::stop::NeverStop) (a
//! `go nodes` budget, the bench) can set [`GoOptions::stop_when_decided`] to get the same early
//! exits from the search itself; otherwise, as lc0 with smart pruning off and as `go infinite`
//! requires, it keeps searching — the only move's subtree is what the next move reuses.
//!
//! NPS is measured as lc0 does: playouts this move ÷ time since the first batch (the first
//! batch's playouts count, its time does not). Under a [virtual timer](crate::clock::timer::Timer)
//! elapsed time is playouts ÷ rate, so every stop decision is reproducible.
//!
//! # Telemetry
//! Info lines ([`InfoLine`], UCI text with [`InfoLine::to_uci`]) go to a callback when the best
//! move, the average depth or the seldepth changes, at least every 5 s (lc0's rule), and at the
//! end: `depth` is lc0's average playout depth, `seldepth` the deepest, `nodes` the tree's
//! visits, `nps` as above, `score` from the best move's Q through the inverse logistic map (or
//! a mate distance for proven results), `hashfull` the tree's fill and `pv` the most-visited
//! path. [`MctsSearch::visit_race`] holds throttled snapshots of the root visits over time
//! ([`VisitRace`]: one every `telemetry-ms`, thinned when long) for the "visit race" chart.
//!
//! # Tree and memory
//! Three chunked arenas indexed by `u32` (so the layout and the byte counts are the same on
//! wasm32): 12-byte nodes, 4-byte edges (move + prior, written at a node's second visit), and
//! 16-byte child records (visits, Q, prior, proof) kept contiguous per parent so selection reads
//! one short array per level. Measured: about 115 bytes per node (80–140 by position). The
//! node cap budgets [`EDGE_BUDGET_PER_NODE`] edges and [`KID_BUDGET_PER_NODE`] records per node,
//! so the worst case is [`MAX_BYTES_PER_NODE`] = 176 bytes per node, and the default
//! [`DEFAULT_NODE_CAP`] of 1.4 M nodes stays under 256 MB (246.4 MB + at most 1.2 MB of partly
//! used chunks). At the cap the tree stops growing and playouts revisit existing leaves.
//!
//! # Driving a search
//! ```
//! use tmlab_search::clock::timer::Timer;
//! use tmlab_search::search::mcts::{GoOptions, MctsParams, MctsSearch, MctsTree};
//! use tmlab_search::stop::NeverStop;
//!
//! let mut tree = MctsTree::new();
//! tree.set_position_uci(None, &["e2e4", "e7e5"]).unwrap();
//! let mut go = GoOptions::new(Timer::virtual_nps(100_000.0));
//! go.max_playouts = Some(2_000);
//! let mut search = MctsSearch::new(tree, MctsParams::default(), go).unwrap();
//! let result = search.run_to_end(&mut NeverStop::default(), &mut |info| {
//!     let _uci_line = info.to_uci();
//! });
//! assert_eq!(result.playouts, 2_000);
//! // Next move: take the tree back, play our move and the reply, and keep the subtree.
//! let mut tree = search.into_tree();
//! let reuse = tree.set_position_uci(None, &["e2e4", "e7e5", &result.best_move, "a7a6"]).unwrap();
//! assert!(reuse.head_n <= 2_000); // the manager's `reused_nodes`
//! ```
//! - **Sliced (wasm worker)**: call [`MctsSearch::step`] with a few batches, yield to the event
//!   loop, deliver `stop` with [`MctsSearch::request_stop`] and `ponderhit` with
//!   [`MctsSearch::ponderhit`], repeat until [`Progress::Done`].
//! - **Native thread**: [`MctsSearch::run_controlled`] with an `Arc<`[`SearchControl`]`>` whose
//!   atomics the input thread sets.
//!
//! # Bench
//! [`bench`]`(playouts, &params)` searches [`BENCH_POSITIONS`] and returns an [`MctsBenchReport`]
//! (playouts/s per position and overall, bytes per node measured and worst case, the default
//! cap's worst-case size, pointer width): the `mcts` section of `tmlab bench --json`. Natively:
//! `cargo run --release --example mcts_bench [playouts] [key=value …] [--json]`; in wasm:
//! `cargo test --release --target wasm32-unknown-unknown --lib mcts_wasm_bench --
//! --include-ignored --nocapture`.
//!
//! # Pondering
//! As lc0 does in games against a person: after playing our move, search the position *after
//! our move* (the opponent to move) with [`GoOptions::pondering`] set, so all replies are
//! searched; when the opponent moves, stop, take the tree back and call
//! [`MctsTree::set_position`] with the reply: its subtree becomes the root and its visits the
//! `head_n` the manager gets as `reused_nodes`. With UCI `go ponder` (root = after the predicted
//! reply) [`MctsSearch::ponderhit`] turns the running search into the real one and returns the
//! ponder tree's visits as `head_n`.

mod arena;
mod bench;
mod control;
mod eval;
mod moves;
mod params;
mod policy;
mod search;
mod telemetry;
mod tree;

#[cfg(test)]
mod tests;

pub use bench::{BENCH_POSITIONS, MctsBenchPosition, MctsBenchReport, TARGET_PLAYOUTS_PER_S, bench};
pub use control::{Controlled, SearchControl};
pub use moves::PackedMove;
pub use params::{DEFAULT_NODE_CAP, MctsParams, ParamSpec, SliderScale};
pub use search::{GoOptions, MctsSearch, Progress, RootMove, SearchResult};
pub use telemetry::{InfoLine, MAX_SNAPSHOTS, VisitRace, VisitSnapshot};
pub use tree::{
    Bound, EDGE_BUDGET_PER_NODE, EDGE_BYTES, KID_BUDGET_PER_NODE, KID_BYTES, MAX_BYTES_PER_NODE,
    MAX_END_PLIES, MctsTree, NODE_BYTES, Reuse, parse_fen,
};
