//! The search itself: a resumable state machine of batches of PUCT playouts.

use serde::Serialize;
use shakmaty::{Chess, EnPassantMode, Move, Position, zobrist::Zobrist64};

use super::eval::{QSearch, cp_to_q, q_to_cp};
use super::moves::PackedMove;
use super::params::MctsParams;
use super::policy::{PRIOR_ONE, priors};
use super::telemetry::{InfoLine, VisitRace, VisitSnapshot};
use super::tree::{Arena, Bound, Edge, Kid, MctsTree, NONE, hash};
use crate::clock::timer::Timer;
use crate::stop::{Hints, Score, SearchStats, StopReason, Stopper};

/// lc0 prints an info line at least this often even when nothing changed (ms).
const INFO_MAX_SILENCE_MS: f64 = 5000.0;

/// How one search (one move, or one ponder search) is run.
#[derive(Clone, Debug)]
pub struct GoOptions {
    /// Where elapsed time comes from; started when the move started.
    pub timer: Timer,
    /// The search runs on the opponent's time (`go ponder`, or the position after our move).
    pub pondering: bool,
    /// Stop after this many playouts this move (lc0's `PlayoutsStopper`); also lowers the
    /// remaining-playouts hint, so root pruning sees it.
    pub max_playouts: Option<u64>,
    /// Stop when the tree holds this many visits, reused ones included (lc0's `VisitsStopper`,
    /// UCI `go nodes`). lc0's always-present limit of 4·10⁹ visits applies in any case.
    pub max_visits: Option<u64>,
    /// Stop by ourselves on a single legal move, at most one non-losing move, or a proven win,
    /// even if the stopper goes on (for drivers with [`crate::stop::NeverStop`] and a fixed
    /// budget). Ignored while pondering. Keep it off for `go infinite`.
    pub stop_when_decided: bool,
    /// Stop with [`StopReason::TreeFull`] once the tree reaches its node cap, instead of going on
    /// revisiting leaves (lc0's RAM-limit stopper).
    pub stop_when_full: bool,
    /// Search only these root moves (UCI `go searchmoves`); empty = every legal move. A
    /// restricted search starts from a fresh tree, whose root then holds only these moves.
    pub searchmoves: Vec<Move>,
}

impl GoOptions {
    /// A search timed by `timer`, not pondering, without limits of its own.
    pub fn new(timer: Timer) -> Self {
        GoOptions {
            timer,
            pondering: false,
            max_playouts: None,
            max_visits: None,
            stop_when_decided: false,
            stop_when_full: false,
            searchmoves: Vec::new(),
        }
    }
}

/// One root move in a result.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RootMove {
    /// The move in UCI notation.
    pub uci: String,
    /// Its visits.
    pub visits: u64,
    /// Its Q from the side to move's point of view (`None` if unvisited).
    pub q: Option<f32>,
    /// Its prior.
    pub prior: f32,
    /// Its proven result for the side to move.
    pub bound: Bound,
}

/// The outcome of a finished search.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SearchResult {
    /// The move to play (most visits; a proven win first, a proven loss last).
    #[serde(skip)]
    pub best: Move,
    /// The move to play in UCI notation.
    pub best_move: String,
    /// The expected reply (the best child of the best move), if the tree has one.
    pub ponder_move: Option<String>,
    /// Score of the best move.
    pub score: Score,
    /// Q of the best move, side to move's point of view.
    pub q: f32,
    /// Why the search ended.
    pub reason: StopReason,
    /// Playouts this move.
    pub playouts: u64,
    /// Visits in the tree at the end, reused ones included.
    pub total_nodes: u64,
    /// Visits reused at the start (or at ponderhit): lc0's `head_N`.
    pub head_n: u64,
    /// Batches this move.
    pub batches: u64,
    /// Elapsed ms at the end.
    pub elapsed_ms: f64,
    /// Ms since the first batch with playouts, at the end.
    pub since_first_batch_ms: f64,
    /// Playouts ÷ time since the first batch, as lc0 measures it (`None` if that time is 0).
    pub nps: Option<f64>,
    /// Average playout depth.
    pub depth: u32,
    /// Deepest playout.
    pub seldepth: u32,
    /// Every root move, in edge order (highest prior first; the order of `root_visits`).
    pub root: Vec<RootMove>,
    /// Most-visited path in UCI notation.
    pub pv: Vec<String>,
    /// Nodes in the tree.
    pub tree_nodes: u32,
    /// The tree reached its node cap.
    pub tree_full: bool,
}

/// What a slice of work returned.
#[derive(Clone, Debug, PartialEq)]
#[allow(clippy::large_enum_variant)]
pub enum Progress {
    /// The search goes on: call [`MctsSearch::step`] again.
    Running,
    /// The search ended.
    Done(SearchResult),
}

/// Root statistics computed after a batch.
#[derive(Clone, Copy, Debug, Default)]
struct RootSummary {
    need_more_time: bool,
    win_found: bool,
    num_losing_edges: u32,
    may_resign: bool,
    best_edge: Option<usize>,
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
    qsearch: QSearch,
    race: VisitRace,
    info: InfoState,
}

impl MctsSearch {
    /// Prepare a search of `tree`'s root position. Nothing is searched until the first step.
    ///
    /// # Errors
    /// Invalid parameters, or a root position without legal moves (the game is over).
    pub fn new(tree: MctsTree, params: MctsParams, mut go: GoOptions) -> Result<Self, String> {
        params.validate()?;
        let root_pos = tree.root_position();
        if root_pos.legal_moves().is_empty() {
            let what = if root_pos.is_check() { "checkmate" } else { "stalemate" };
            return Err(format!("nothing to search: the position is {what}"));
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

    // ----- batches and playouts -----

    fn run_batch(&mut self) {
        let mut n = self.params.batch_size as u64;
        if let Some(max) = self.go.max_playouts {
            n = n.min(max.saturating_sub(self.playouts));
        }
        n = n.min(self.visits_limit().saturating_sub(self.tree.head_n()));
        if self.tree.head_n() == 0 {
            n = n.max(1); // MCTS always evaluates something before the first stop check
        }
        for _ in 0..n {
            self.playout();
        }
        self.batches += 1;
    }

    /// The visits limit: `max_visits`, and never more than lc0's always-present 4·10⁹ (which
    /// also keeps every 32-bit visit counter from overflowing).
    fn visits_limit(&self) -> u64 {
        let always = Hints::VISITS_LIMIT as u64;
        self.go.max_visits.map_or(always, |m| m.min(always))
    }

    fn playout(&mut self) {
        let mut pos: Chess = self.tree.root_position().clone();
        let params = &self.params;
        let arena = &mut self.tree.arena;
        self.hashes.truncate(self.history_len);
        self.path.clear();
        if arena.root == NONE {
            let x = add_position(arena, &pos, &self.hashes, &mut self.qsearch, params, true);
            expand_edges_of(arena, x.node, &pos, params, &self.go.searchmoves);
            arena.root = x.node;
            arena.root_kid = Kid { n: 1, q: x.value, ..Kid::new(x.node, 0, 0) };
            self.playouts += 1;
            return;
        }
        let mut rec = NONE; // the root's record
        self.path.push(rec);
        let mut depth = 0u32;
        let value = loop {
            let k = *arena.kid(rec);
            if depth > 0
                && let Some(v) = k.bound().value()
            {
                break v;
            }
            if k.node == NONE {
                break k.q;
            }
            let grow = arena.can_grow(params.node_cap);
            if !arena.node(k.node).expanded {
                if !grow {
                    break k.q; // full tree: revisit this leaf
                }
                expand_edges(arena, k.node, &pos, params);
            }
            let remaining = if depth == 0 { self.remaining_playouts } else { f64::INFINITY };
            let Some(pick) = select(arena, k.node, &k, params, grow, remaining) else {
                break k.q; // full tree: revisit this leaf
            };
            let mv = arena.edges_of(k.node)[pick.edge].mv.unpack(pos.board());
            let h = *self.hashes.last().unwrap_or(&0);
            let inc = pos.update_zobrist_hash(Zobrist64(h), mv, EnPassantMode::Legal);
            pos.play_unchecked(mv);
            self.hashes.push(inc.map_or_else(|| hash(&pos), |z| z.0));
            depth += 1;
            if let Some(next) = pick.kid {
                rec = next;
                self.path.push(rec);
                continue;
            }
            let x = add_position(arena, &pos, &self.hashes, &mut self.qsearch, params, false);
            let mut kid = Kid::new(x.node, pick.edge as u8, pick.prior);
            kid.set_proof(x.bound, x.end_plies);
            let idx = arena.insert_kid(k.node, pick.pos, kid);
            self.path.push(idx);
            break x.value;
        };
        backup(arena, &self.path, value);
        self.cum_depth += depth as u64;
        self.max_depth = self.max_depth.max(depth);
        self.playouts += 1;
    }

    // ----- the stop check -----

    fn check(&mut self, stopper: &mut dyn Stopper) -> Option<StopReason> {
        let elapsed = self.go.timer.elapsed_ms(self.playouts);
        self.last_elapsed_ms = elapsed;
        // As lc0: the time since the first batch is read before the start time is first set,
        // so it is 0 at the first poll after the first batch.
        let since_first = self.first_batch_ms.map_or(0.0, |t| (elapsed - t).max(0.0));
        if self.first_batch_ms.is_none() && self.playouts > 0 {
            self.first_batch_ms = Some(elapsed);
        }
        let total = self.tree.head_n();
        if total == 0 {
            return None;
        }
        let summary = self.root_summary();
        let stats = SearchStats {
            elapsed_ms: elapsed,
            since_first_batch_ms: since_first,
            total_nodes: total,
            nodes_this_move: self.playouts,
            batches: self.batches,
            root_visits: &self.root_visits,
            need_more_time: summary.need_more_time,
            win_found: summary.win_found,
            num_losing_edges: summary.num_losing_edges,
            may_resign: summary.may_resign,
            root_moves: self.root_visits.len() as u32,
            pondering: self.go.pondering,
            ..SearchStats::default()
        };
        let mut hints = Hints::reset(total);
        // Built-in limits come first in the chain, as lc0's playouts/visits stoppers do.
        if let Some(max) = self.go.max_playouts {
            if self.playouts >= max {
                return Some(StopReason::Nodes);
            }
            hints.remaining_playouts = hints.remaining_playouts.min((max - self.playouts) as f64);
        }
        let max = self.visits_limit();
        if total >= max {
            return Some(StopReason::Nodes);
        }
        hints.remaining_playouts = hints.remaining_playouts.min((max - total) as f64);
        let decision = stopper.poll(&stats, &mut hints);
        self.remaining_playouts = hints.remaining_playouts;
        if let Some(reason) = decision.stop {
            return Some(reason);
        }
        if self.go.stop_when_decided && !self.go.pondering {
            let moves = stats.root_moves;
            if moves == 1 || moves <= summary.num_losing_edges + 1 {
                return Some(StopReason::OnlyMove);
            }
            if summary.win_found {
                return Some(StopReason::ForcedWin);
            }
        }
        if self.go.stop_when_full && !self.tree.arena.can_grow(self.params.node_cap) {
            return Some(StopReason::TreeFull);
        }
        None
    }

    /// Fill `root_visits` and compute the root flags of `SearchStats` (spec §0.7, lc0's
    /// `PopulateCommonIterationStats`).
    fn root_summary(&mut self) -> RootSummary {
        let arena = &self.tree.arena;
        let root = arena.root;
        let num = arena.node(root).num_edges as usize;
        self.root_visits.clear();
        self.root_visits.resize(num, 0);
        let mut s = RootSummary { may_resign: true, ..RootSummary::default() };
        let mut most: Option<(u32, f32)> = None; // (n, q) of the most-visited child
        let mut max_q = f32::NEG_INFINITY;
        for c in arena.kids_of(root) {
            self.root_visits[c.edge as usize] = c.n as u64;
            if c.n == 0 {
                continue;
            }
            s.win_found |= c.bound() == Bound::Win;
            s.num_losing_edges += (c.bound() == Bound::Loss) as u32;
            if c.q > self.params.resign_q {
                s.may_resign = false;
            }
            if most.is_none_or(|(n, _)| c.n > n) {
                most = Some((c.n, c.q));
            }
            max_q = max_q.max(c.q);
        }
        // Spec §0.7: the most-visited child is not the one with the highest Q (visited children;
        // the first most-visited child in edge order on ties in N).
        s.need_more_time = most.is_some_and(|(_, q)| max_q > q);
        s.best_edge = best_edge(arena, root);
        s
    }

    // ----- results, info lines, telemetry -----

    fn finish(&mut self, reason: StopReason, on_info: &mut dyn FnMut(&InfoLine)) -> Progress {
        self.last_elapsed_ms = self.go.timer.elapsed_ms(self.playouts);
        self.record_final_snapshot();
        let line = self.info_line();
        on_info(&line);
        let result = self.build_result(reason);
        self.result = Some(result.clone());
        Progress::Done(result)
    }

    fn since_first_batch(&self) -> f64 {
        self.first_batch_ms.map_or(0.0, |t| (self.last_elapsed_ms - t).max(0.0))
    }

    fn nps(&self) -> Option<f64> {
        let t = self.since_first_batch();
        (t > 0.0).then(|| self.playouts as f64 * 1000.0 / t)
    }

    fn avg_depth(&self) -> u32 {
        (self.cum_depth / self.playouts.max(1)) as u32
    }

    /// Score of the root child `c` from the side to move's point of view.
    fn score_of(&self, c: &Kid) -> Score {
        match c.bound() {
            Bound::Win => Score::MateIn(c.end_plies() as u32),
            Bound::Loss => Score::MatedIn(c.end_plies() as u32),
            Bound::Draw => Score::Cp(0),
            Bound::Unknown => Score::Cp(q_to_cp(c.q, self.params.value_scale)),
        }
    }

    /// Moves along the best path from the root, in UCI notation.
    fn pv(&self) -> Vec<String> {
        let arena = &self.tree.arena;
        let mut pos = self.tree.root_position().clone();
        let mut out = Vec::new();
        let mut node = arena.root;
        while node != NONE {
            let Some(e) = best_edge(arena, node) else { break };
            let pm = arena.edges_of(node)[e].mv;
            out.push(pm.to_uci(pos.board()));
            let Some(kid) = kid_at(arena, node, e) else { break };
            if out.len() >= 64 {
                break;
            }
            pos.play_unchecked(pm.unpack(pos.board()));
            node = kid.node;
        }
        out
    }

    fn info_line(&self) -> InfoLine {
        let arena = &self.tree.arena;
        let root = arena.root;
        let score = best_edge(arena, root)
            .and_then(|e| kid_at(arena, root, e))
            .map_or(Score::Cp(0), |k| self.score_of(&k));
        InfoLine {
            depth: self.avg_depth(),
            seldepth: self.max_depth,
            time_ms: self.last_elapsed_ms as u64,
            nodes: self.tree.head_n(),
            nps: self.nps().map(|n| n as u64),
            score,
            hashfull: arena.fill_per_mille(self.params.node_cap),
            pv: self.pv(),
        }
    }

    fn maybe_info(&mut self, on_info: &mut dyn FnMut(&InfoLine)) {
        let best = best_edge(&self.tree.arena, self.tree.arena.root);
        let (depth, seldepth, now) = (self.avg_depth(), self.max_depth, self.last_elapsed_ms);
        let i = &self.info;
        if i.sent
            && best == i.last_best
            && depth == i.last_depth
            && seldepth == i.last_seldepth
            && now < i.last_time_ms + INFO_MAX_SILENCE_MS
        {
            return;
        }
        self.info = InfoState {
            last_best: best,
            last_depth: depth,
            last_seldepth: seldepth,
            last_time_ms: now,
            sent: true,
        };
        let line = self.info_line();
        on_info(&line);
    }

    fn snapshot(&self) -> VisitSnapshot {
        VisitSnapshot {
            elapsed_ms: self.last_elapsed_ms,
            playouts: self.playouts,
            visits: self.root_visits.iter().map(|&v| v.min(u32::MAX as u64) as u32).collect(),
            pondering: self.go.pondering,
        }
    }

    fn ensure_race_moves(&mut self) {
        if self.race.moves.is_empty() && self.tree.arena.root != NONE {
            let board = self.tree.root_position().board().clone();
            self.race.moves =
                self.tree.arena.edges_of(self.tree.arena.root).iter().map(|e| e.mv.to_uci(&board)).collect();
        }
    }

    fn record_snapshot(&mut self) {
        let ponder_switch = self.race.snapshots.last().is_some_and(|s| s.pondering != self.go.pondering);
        if self.race.due(self.last_elapsed_ms) || ponder_switch {
            self.ensure_race_moves();
            let snap = self.snapshot();
            self.race.push(snap);
        }
    }

    fn record_final_snapshot(&mut self) {
        if self.tree.arena.root == NONE {
            return;
        }
        self.root_summary();
        self.ensure_race_moves();
        let snap = self.snapshot();
        if self.race.snapshots.last() != Some(&snap) {
            self.race.push(snap);
        }
    }

    fn build_result(&mut self, reason: StopReason) -> SearchResult {
        self.root_summary();
        let arena = &self.tree.arena;
        let root = arena.root;
        let board = self.tree.root_position().board();
        let edges = arena.edges_of(root);
        let mut root_moves: Vec<RootMove> = edges
            .iter()
            .map(|e| RootMove {
                uci: e.mv.to_uci(board),
                visits: 0,
                q: None,
                prior: e.prior as f32 / PRIOR_ONE,
                bound: Bound::Unknown,
            })
            .collect();
        for c in arena.kids_of(root) {
            let rm = &mut root_moves[c.edge as usize];
            rm.visits = c.n as u64;
            rm.q = (c.n > 0).then_some(c.q);
            rm.bound = c.bound();
        }
        let best_e = best_edge(arena, root).unwrap_or(0);
        let best_pm = edges[best_e].mv;
        let (score, q) = match kid_at(arena, root, best_e) {
            None => (Score::Cp(0), 0.0),
            Some(k) => (self.score_of(&k), k.q),
        };
        let pv = self.pv();
        SearchResult {
            best: best_pm.unpack(board),
            best_move: root_moves[best_e].uci.clone(),
            ponder_move: pv.get(1).cloned(),
            score,
            q,
            reason,
            playouts: self.playouts,
            total_nodes: self.tree.head_n(),
            head_n: self.head_n,
            batches: self.batches,
            elapsed_ms: self.last_elapsed_ms,
            since_first_batch_ms: self.since_first_batch(),
            nps: self.nps(),
            depth: self.avg_depth(),
            seldepth: self.max_depth,
            root: root_moves,
            pv,
            tree_nodes: self.tree.node_count(),
            tree_full: !self.tree.arena.can_grow(self.params.node_cap),
        }
    }
}

/// The child selected by PUCT.
struct Pick {
    /// Edge index.
    edge: usize,
    /// The child's record, or `None` if the edge is unvisited.
    kid: Option<u32>,
    /// Where a record for this edge goes in the child array (for an unvisited edge).
    pos: usize,
    /// The edge's prior.
    prior: u16,
}

/// PUCT selection at `node` (whose own record is `me`):
/// `Q + c_puct · P · √max(1, N − 1) / (1 + n)`, unvisited children at the FPU value
/// `Q_parent − fpu_reduction · √(visited policy)`. Without `grow` only existing children are
/// candidates. With a finite `remaining` (the root), children that can no longer catch up with
/// the most-visited one (`max(1, remaining) < N_best − n`) are skipped (spec §8, root pruning).
///
/// Edges are sorted by prior (highest first) when a node is created, and every unvisited edge
/// has the same Q (the FPU) and the same denominator, so the best unvisited edge is the first
/// one missing from the child array: one pass over the visited children decides.
fn select(
    arena: &Arena,
    node: u32,
    me: &Kid,
    params: &MctsParams,
    grow: bool,
    remaining: f64,
) -> Option<Pick> {
    let edges = arena.edges_of(node);
    let kids = arena.kids_of(node);
    let u_mult = params.c_puct * (me.n.saturating_sub(1).max(1) as f32).sqrt() / PRIOR_ONE;
    // Root pruning as a visit floor: `max(1, remaining) < N_best − n` ⟺ `n < ⌈N_best − max(1, remaining)⌉`.
    let floor = if remaining.is_finite() {
        let best_n = kids.iter().map(|k| k.n).max().unwrap_or(0);
        (best_n as f64 - remaining.max(1.0)).ceil().max(0.0) as u32
    } else {
        0
    };
    let mut visited_prior = 0u32;
    let (mut best_score, mut best_j) = (f32::NEG_INFINITY, usize::MAX);
    for (j, k) in kids.iter().enumerate() {
        let prior = k.prior as u32;
        visited_prior += prior;
        // score = q + u/d > best  ⟺  q·d + u > best·d  (d > 0): divide only on improvement.
        let (d, u) = ((1 + k.n) as f32, u_mult * prior as f32);
        if k.n >= floor && k.q * d + u > best_score * d {
            best_score = k.q + u / d;
            best_j = j;
        }
    }
    // Child arrays are sorted by edge with distinct edges, so `edge − position` never decreases
    // and the first unvisited edge is at the first position where it is not 0.
    let gap = if kids.last().is_none_or(|k| k.edge as usize == kids.len() - 1) {
        if kids.len() < edges.len() { kids.len() } else { usize::MAX }
    } else {
        let (mut lo, mut hi) = (0, kids.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            if kids[mid].edge as usize == mid { lo = mid + 1 } else { hi = mid }
        }
        lo
    };
    if gap != usize::MAX && grow && floor == 0 {
        let fpu = -me.q - params.fpu_reduction * (visited_prior as f32 / PRIOR_ONE).sqrt();
        let score = fpu + u_mult * edges[gap].prior as f32;
        if score > best_score
            || (score == best_score && best_j != usize::MAX && gap < kids[best_j].edge as usize)
        {
            return Some(Pick { edge: gap, kid: None, pos: gap, prior: edges[gap].prior });
        }
    }
    (best_j != usize::MAX).then(|| Pick {
        edge: kids[best_j].edge as usize,
        kid: Some(arena.kids_start(node) + best_j as u32),
        pos: best_j,
        prior: kids[best_j].prior,
    })
}

/// The record of the child of `node` at edge `e`, if visited.
fn kid_at(arena: &Arena, node: u32, e: usize) -> Option<Kid> {
    arena.kids_of(node).iter().find(|k| k.edge as usize == e).copied()
}

/// The edge a player would choose at `node`: a proven win first (the shortest), then by visits,
/// Q and prior, a proven loss last (the longest). `None` without edges.
fn best_edge(arena: &Arena, node: u32) -> Option<usize> {
    let edges = arena.edges_of(node);
    if edges.is_empty() {
        return None;
    }
    // Rank: (class, tiebreak on plies, visits, q, prior); compared lexicographically.
    type Key = (u8, i32, u32, f32, u16);
    let key_of = |i: usize, c: Option<&Kid>| -> Key {
        let prior = edges[i].prior;
        match c {
            None => (1, 0, 0, f32::NEG_INFINITY, prior),
            Some(c) => match c.bound() {
                Bound::Win => (2, -(c.end_plies() as i32), c.n, c.q, prior),
                Bound::Loss => (0, c.end_plies() as i32, c.n, c.q, prior),
                _ => (1, 0, c.n, c.q, prior),
            },
        }
    };
    let greater = |a: &Key, b: &Key| {
        (a.0, a.1, a.2).cmp(&(b.0, b.1, b.2)).then(a.3.total_cmp(&b.3)).then(a.4.cmp(&b.4))
            == std::cmp::Ordering::Greater
    };
    let mut best: Option<(usize, Key)> = None;
    let mut kids = arena.kids_of(node).iter().peekable();
    for i in 0..edges.len() {
        let c = match kids.peek() {
            Some(k) if k.edge as usize == i => kids.next(),
            _ => None,
        };
        let key = key_of(i, c);
        if best.as_ref().is_none_or(|(_, b)| greater(&key, b)) {
            best = Some((i, key));
        }
    }
    best.map(|(i, _)| i)
}

/// A position just added to the tree.
struct Expanded {
    /// Its node ([`NONE`] for a terminal position).
    node: u32,
    /// Its proven result (for the side that moved into it).
    bound: Bound,
    /// Plies to the end when proven.
    end_plies: u8,
    /// Its value for the side that moved into it.
    value: f32,
}

/// Add the position `pos` to the tree: a terminal position is valued exactly and gets no node;
/// otherwise an unexpanded node is created and the position valued by the capture search. The
/// root never takes a draw by rule (the game goes on there).
fn add_position(
    arena: &mut Arena,
    pos: &Chess,
    hashes: &[u64],
    qsearch: &mut QSearch,
    params: &MctsParams,
    is_root: bool,
) -> Expanded {
    let terminal = if !surely_has_move(pos) && pos.legal_moves().is_empty() {
        Some(if pos.is_check() { Bound::Win } else { Bound::Draw })
    } else if !is_root
        && (pos.halfmoves() >= 100 || pos.is_insufficient_material() || repeated(hashes, pos.halfmoves()))
    {
        Some(Bound::Draw)
    } else {
        None
    };
    if let Some(bound) = terminal {
        return Expanded { node: NONE, bound, end_plies: 1, value: bound.value().unwrap_or(0.0) };
    }
    let node = arena.new_node();
    let cp = qsearch.value(pos.board(), pos.turn(), params.qsearch_nodes);
    Expanded { node, bound: Bound::Unknown, end_plies: 0, value: -cp_to_q(cp, params.value_scale) }
}

/// A cheap sufficient test for "the side to move has a legal move" (not in check, and an
/// unpinned piece with a pseudo-legal move, or a safe king step). `false` means "not sure": the
/// caller then generates the moves. Saves a full move generation for almost every new node.
pub(super) fn surely_has_move(pos: &Chess) -> bool {
    use shakmaty::{Bitboard, Role, attacks};
    if pos.is_check() {
        return false;
    }
    let board = pos.board();
    let us = pos.turn();
    let Some(king) = board.king_of(us) else { return false };
    let occ = board.occupied();
    let ours = board.by_color(us);
    let their_sliders = board.by_color(!us) & board.sliders();
    // Not in check: a piece is pinned iff removing it lets a slider see the king.
    let pinned = |sq| (board.attacks_to(king, !us, occ ^ Bitboard::from_square(sq)) & their_sliders).any();
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        let piece = role.of(us);
        for sq in board.by_piece(piece) {
            if (attacks::attacks(sq, piece, occ) & !ours).any() && !pinned(sq) {
                return true;
            }
        }
    }
    let push = if us == shakmaty::Color::White { 8 } else { -8 };
    for sq in board.by_piece(Role::Pawn.of(us)) {
        if let Some(to) = sq.offset(push)
            && !occ.contains(to)
            && !pinned(sq)
        {
            return true;
        }
    }
    let without_king = occ ^ Bitboard::from_square(king);
    (attacks::king_attacks(king) & !ours).into_iter().any(|to| !board.attacks_to(to, !us, without_king).any())
}

/// Write the edges of node `node` (position `pos`, not terminal): its legal moves with their
/// priors, highest prior first (generation order on ties), which `select` relies on.
pub(super) fn expand_edges(arena: &mut Arena, node: u32, pos: &Chess, params: &MctsParams) {
    expand_edges_of(arena, node, pos, params, &[]);
}

/// [`expand_edges`] with only the legal moves in `only` (all of them if `only` is empty).
fn expand_edges_of(arena: &mut Arena, node: u32, pos: &Chess, params: &MctsParams, only: &[Move]) {
    let mut moves = pos.legal_moves();
    if !only.is_empty() {
        moves.retain(|m| only.contains(m));
    }
    let mut pri = [0u16; 256];
    priors(pos.board(), pos.turn(), &moves, params.policy_temperature, &mut pri);
    let mut order = [0u32; 256];
    let order = &mut order[..moves.len()];
    for (i, o) in order.iter_mut().enumerate() {
        *o = ((u16::MAX - pri[i]) as u32) << 8 | i as u32;
    }
    insertion_sort(order);
    let edges = arena.expand(node, moves.len() as u32);
    for (e, &o) in edges.iter_mut().zip(order.iter()) {
        let i = (o & 0xff) as usize;
        *e = Edge { mv: PackedMove::pack(moves[i]), prior: pri[i] };
    }
}

/// Sort a short slice in place (faster than the library sorts for a few dozen keys).
fn insertion_sort(keys: &mut [u32]) {
    for i in 1..keys.len() {
        let k = keys[i];
        let mut j = i;
        while j > 0 && keys[j - 1] > k {
            keys[j] = keys[j - 1];
            j -= 1;
        }
        keys[j] = k;
    }
}

/// Whether the last position of `hashes` occurred before within the last `halfmoves` plies
/// (twofold repetition, counted as a draw; see the module documentation).
pub(super) fn repeated(hashes: &[u64], halfmoves: u32) -> bool {
    let Some((&h, earlier)) = hashes.split_last() else { return false };
    let reach = (halfmoves as usize).min(earlier.len());
    // `earlier[earlier.len() - k]` is the position k plies before the last one.
    (2..=reach).step_by(2).any(|k| earlier[earlier.len() - k] == h)
}

/// Add one visit with `value` (for the side that made the last move of the path) to every
/// record of `path` (record indices, [`NONE`] = the root), then propagate proven results up.
fn backup(arena: &mut Arena, path: &[u32], value: f32) {
    let mut v = value;
    for &k in path.iter().rev() {
        let r = arena.kid_mut(k);
        r.n += 1;
        r.q += (v - r.q) / r.n as f32;
        v = -v;
    }
    // Certainty propagation: a proven child may prove its parent, and so on up the path.
    for i in (0..path.len().saturating_sub(1)).rev() {
        let (child, parent) = (*arena.kid(path[i + 1]), *arena.kid(path[i]));
        if child.bound() == Bound::Unknown || parent.bound() != Bound::Unknown {
            break;
        }
        let Some((bound, plies)) = prove(arena, parent.node) else { break };
        let p = arena.kid_mut(path[i]);
        p.set_proof(bound, plies);
        let exact = bound.value().unwrap_or(0.0);
        let (delta, n) = (exact - p.q, p.n as f32);
        p.q = exact;
        // Keep every ancestor the mean of its playouts, now counting these at the exact value.
        let mut sign = -1.0;
        for &j in path[..i].iter().rev() {
            let anc = arena.kid_mut(j);
            anc.q += sign * delta * n / anc.n as f32;
            sign = -sign;
        }
    }
}

/// The bound `node` gets from its children, if they decide it: a winning reply makes it a
/// loss; when every reply is proven, the best of them decides.
fn prove(arena: &Arena, node: u32) -> Option<(Bound, u8)> {
    let num_edges = arena.node(node).num_edges as usize;
    let (mut proven, mut best) = (0usize, -2.0f32);
    let (mut win_plies, mut loss_plies, mut draw_plies) = (u8::MAX, 0u8, 0u8);
    for c in arena.kids_of(node) {
        let Some(v) = c.bound().value() else { continue };
        proven += 1;
        best = best.max(v);
        match c.bound() {
            Bound::Win => win_plies = win_plies.min(c.end_plies()),
            Bound::Loss => loss_plies = loss_plies.max(c.end_plies()),
            _ => draw_plies = draw_plies.max(c.end_plies()),
        }
    }
    if best == 1.0 {
        return Some((Bound::Loss, win_plies.saturating_add(1)));
    }
    if proven < num_edges || num_edges == 0 {
        return None;
    }
    Some(if best == 0.0 {
        (Bound::Draw, draw_plies.saturating_add(1))
    } else {
        (Bound::Win, loss_plies.saturating_add(1))
    })
}
