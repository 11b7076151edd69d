//! [`MoveDriver`]: one engine's per-game state and the move it is searching.

use shakmaty::{Move, Position};

use crate::clock::timer::Timer;
use crate::search::mcts::{GoOptions, InfoLine, MctsParams, MctsSearch, MctsTree, Progress};
use crate::search::{IterationReport, Limits, RootPosition, SearchControl, SearchRequest, Searcher};
use crate::stop::{Budget, EffectiveLimit, NeverStop, Stopper};
use crate::tm::stopper::{ManagedStopper, Suspended};
use crate::tm::{MoveEnd, TimeManager, TmSpec};

use super::request::{Event, MoveOutcome, MoveRequest};
use super::{MoveTimeStopper, SearcherKind, TmSnapshot, context, game_ply};

enum Search {
    Ab { root: Box<RootPosition>, limits: Limits },
    Mcts { search: Box<MctsSearch> },
}

/// The move being searched.
struct Running {
    search: Search,
    /// The manager's parked stopper (a clock move), else none.
    managed: Option<Suspended>,
    /// The budget reported for the move.
    budget: Budget,
    movetime_ms: Option<f64>,
    timer: Timer,
    control: SearchControl,
    /// The manager before `begin_move`, for a dropped search.
    before: TmSnapshot,
    /// The position (start FEN and moves) and the visits the manager was told were reused.
    reuse: Reuse,
    /// The last effective limit reported.
    limit: Option<EffectiveLimit>,
    /// MCTS batches run.
    polls: u64,
}

/// MCTS: batches between two looks at the manager's effective limit (a batch takes ~0.1 ms).
const LIMIT_POLL_STRIDE: u64 = 16;

/// The reused visits an MCTS move was begun with, at a position.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Reuse {
    start: String,
    moves: Vec<Move>,
    visits: u64,
}

/// One engine across a game: its manager, its search state and the move it is searching.
pub struct MoveDriver {
    spec: TmSpec,
    tm: Box<dyn TimeManager>,
    hash_mb: usize,
    mcts: MctsParams,
    ab: Option<Searcher>,
    tree: Option<MctsTree>,
    running: Option<Running>,
    generation: u64,
    /// A dropped MCTS move: its tree keeps the visits it added, but the manager is told the
    /// reuse the undisturbed move had when the same position is searched next.
    dropped: Option<Reuse>,
}

impl std::fmt::Debug for MoveDriver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MoveDriver").field("spec", &self.spec).finish_non_exhaustive()
    }
}

impl MoveDriver {
    /// A driver for a new game with this manager.
    pub fn new(spec: TmSpec, hash_mb: usize, mcts: MctsParams) -> Self {
        let mut tm = spec.build();
        tm.new_game();
        MoveDriver {
            spec,
            tm,
            hash_mb: hash_mb.max(1),
            mcts,
            ab: None,
            tree: None,
            running: None,
            generation: 0,
            dropped: None,
        }
    }

    /// The manager's spec.
    pub fn spec(&self) -> &TmSpec {
        &self.spec
    }

    /// The manager (read-only).
    pub fn manager(&self) -> &dyn TimeManager {
        self.tm.as_ref()
    }

    /// Replaces the manager with a fresh one for `spec` (per-game state reset).
    pub fn set_spec(&mut self, spec: TmSpec) {
        self.generation += 1;
        self.spec = spec;
        self.tm = self.spec.build();
        self.tm.new_game();
    }

    /// Resizes the transposition table (MB).
    pub fn set_hash_mb(&mut self, mb: usize) {
        self.hash_mb = mb.max(1);
        if let Some(ab) = &mut self.ab {
            ab.resize(self.hash_mb);
        }
    }

    /// A new game: fresh manager state, cleared transposition table and tree.
    pub fn new_game(&mut self) {
        self.generation += 1;
        self.dropped = None;
        self.tm = self.spec.build();
        self.tm.new_game();
        if let Some(ab) = &mut self.ab {
            ab.clear();
        }
        if let Some(t) = &mut self.tree {
            t.clear();
        }
    }

    /// Counts manager rebuilds ([`MoveDriver::set_spec`], [`MoveDriver::new_game`]).
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The manager's per-game state now.
    pub fn snapshot(&self) -> TmSnapshot {
        TmSnapshot::take(&self.spec, self.tm.as_ref())
    }

    /// Puts a snapshot's state into the manager.
    ///
    /// # Errors
    /// Another spec's snapshot, or malformed state; the manager is unchanged then.
    pub fn restore(&mut self, snap: &TmSnapshot) -> Result<(), super::StateError> {
        snap.restore(&self.spec, self.tm.as_mut())
    }

    /// Whether a move is being searched.
    pub fn running(&self) -> bool {
        self.running.is_some()
    }

    /// Whether the running search is MCTS and still pondering.
    pub fn mcts_pondering(&self) -> bool {
        matches!(&self.running, Some(Running { search: Search::Mcts { search }, .. }) if search.is_pondering())
    }

    /// Starts a move: begins the manager's move (reporting [`Event::Budget`]) when there is a
    /// clock. Nothing is searched until [`MoveDriver::step`].
    ///
    /// # Errors
    /// An illegal move in `req.moves`, no legal move, or invalid MCTS parameters.
    pub fn start(&mut self, req: MoveRequest, out: &mut dyn FnMut(Event)) -> Result<(), String> {
        let mut pos = req.start.clone();
        for (i, &m) in req.moves.iter().enumerate() {
            if !pos.is_legal(m) {
                return Err(format!("move {} ({m}) of the game is illegal", i + 1));
            }
            pos.play_unchecked(m);
        }
        let legal = pos.legal_moves().len() as u32;
        if legal == 0 {
            return Err("the game is over: no legal move".into());
        }
        let ply = game_ply(&req.start, req.moves.len());
        let before = self.snapshot();
        let (search, reused) = match req.searcher {
            SearcherKind::Ab => {
                let mut root = RootPosition::new(req.start.clone());
                for &m in &req.moves {
                    root.play(m)?;
                }
                let limits = Limits {
                    depth: req.depth,
                    nodes: req.nodes,
                    movetime_ms: req.movetime_ms,
                    ponder: req.ponder,
                    check_interval: None,
                };
                (Search::Ab { root: Box::new(root), limits }, 0)
            }
            SearcherKind::Mcts => {
                let mut tree = self.tree.take().unwrap_or_default();
                let reuse = match tree.set_position(req.start.clone(), &req.moves) {
                    Ok(r) => r,
                    Err(e) => {
                        self.tree = Some(tree);
                        return Err(e);
                    }
                };
                let mut go = GoOptions::new(req.timer);
                go.pondering = req.ponder;
                go.max_playouts = req.nodes;
                go.max_visits = req.max_visits;
                go.stop_when_decided = req.clock.is_none() && !req.open_ended;
                let search = match MctsSearch::new(tree, self.mcts.clone(), go) {
                    Ok(s) => s,
                    Err(e) => {
                        self.tree = Some(MctsTree::default());
                        return Err(e);
                    }
                };
                (Search::Mcts { search: Box::new(search) }, reuse.head_n)
            }
        };
        let mut reuse = Reuse { start: super::fen_of(&req.start), moves: req.moves.clone(), visits: reused };
        if let Some(d) = self.dropped.take()
            && d.start == reuse.start
            && d.moves == reuse.moves
            && req.searcher == SearcherKind::Mcts
        {
            reuse.visits = d.visits;
        }
        let reused = reuse.visits;
        let (managed, budget) = match req.clock {
            Some(v) => {
                let ctx = context(v.time_ms, v.inc_ms, v.movestogo, ply, reused, req.ponder, legal);
                let s = ManagedStopper::begin(self.tm.as_mut(), &ctx);
                let budget = s.budget().clone();
                out(Event::Budget(&budget));
                (Some(s.suspend()), budget)
            }
            None => {
                let mut b = Budget::unlimited();
                if let Some(ms) = req.movetime_ms {
                    (b.soft_ms, b.hard_ms) = (ms, ms);
                }
                (None, b)
            }
        };
        self.running = Some(Running {
            search,
            managed,
            budget,
            movetime_ms: req.movetime_ms,
            timer: req.timer,
            control: req.control,
            before,
            reuse,
            limit: None,
            polls: 0,
        });
        Ok(())
    }

    /// MCTS ponderhit: the ponder search becomes a normal one timed by `timer`; an lc0-style
    /// manager begins the move afresh with the ponder tree as reused nodes ([`Event::Budget`]).
    pub fn mcts_ponderhit(&mut self, timer: Timer, out: &mut dyn FnMut(Event)) {
        let MoveDriver { running, tm, .. } = self;
        let Some(Running { search: Search::Mcts { search }, managed, budget, .. }) = running else { return };
        if !search.is_pondering() {
            return;
        }
        let head_n = search.ponderhit(timer);
        if let Some(parked) = managed.take() {
            let s = ManagedStopper::resume(tm.as_mut(), parked);
            let mut ctx = *s.context();
            drop(s.suspend());
            ctx.ponder = false;
            ctx.reused_nodes = head_n;
            let s = ManagedStopper::begin(tm.as_mut(), &ctx);
            *budget = s.budget().clone();
            out(Event::Budget(budget));
            *managed = Some(s.suspend());
        }
    }

    /// Advances the running move: MCTS by up to `max_batches` batches, alpha-beta to its end.
    /// Returns the outcome once the move has ended (and the manager has been told, or put back
    /// for a dropped search), `None` while it runs.
    ///
    /// # Errors
    /// The alpha-beta search refused the position or its limits.
    pub fn step(
        &mut self,
        max_batches: u32,
        out: &mut dyn FnMut(Event),
    ) -> Option<Result<MoveOutcome, String>> {
        let run = self.running.as_mut()?;
        let control = run.control.clone();
        let done = match &mut run.search {
            Search::Ab { root, limits } => {
                let mb = self.hash_mb;
                let ab = self.ab.get_or_insert_with(|| Searcher::new(mb));
                let last = &mut run.limit;
                let mut on_it = |it: &IterationReport| {
                    out(Event::Iteration(it));
                    if let Some(l) = &it.limit {
                        out(Event::Limit(l));
                        *last = Some(l.clone());
                    }
                };
                let (timer, limits) = (run.timer, limits.clone());
                let request = |stopper| SearchRequest {
                    stopper,
                    timer,
                    limits: limits.clone(),
                    control: control.clone(),
                };
                let r = match run.managed.take() {
                    Some(parked) => {
                        let mut s = ManagedStopper::resume(self.tm.as_mut(), parked);
                        let r = ab.search(root, request(&mut s), &mut on_it);
                        run.managed = Some(s.suspend());
                        r
                    }
                    None => ab.search(root, request(&mut NeverStop::default()), &mut on_it),
                };
                match r {
                    Ok(r) => MoveOutcome {
                        best: r.best_move,
                        uci: r.best_move_uci,
                        ponder: r.ponder_uci,
                        budget: run.budget.clone(),
                        elapsed_ms: r.elapsed_ms,
                        nodes: r.nodes,
                        depth: r.depth,
                        visits: None,
                        score: r.score,
                        reused_nodes: 0,
                        reason: r.stop_reason,
                        limit: run.limit.clone(),
                        dropped: false,
                    },
                    Err(e) => {
                        let run = self.running.take().expect("running");
                        if let Some(parked) = run.managed {
                            drop(ManagedStopper::resume(self.tm.as_mut(), parked).suspend());
                        }
                        let _ = run.before.restore(&self.spec, self.tm.as_mut());
                        return Some(Err(e.to_string()));
                    }
                }
            }
            Search::Mcts { search } => {
                let mut movetime = run.movetime_ms.map(MoveTimeStopper::new);
                let mut never = NeverStop::default();
                let mut managed = run.managed.take().map(|p| ManagedStopper::resume(self.tm.as_mut(), p));
                let stopper: &mut dyn Stopper = match (&mut managed, &mut movetime) {
                    (Some(s), _) => s,
                    (None, Some(s)) => s,
                    (None, None) => &mut never,
                };
                // One batch at a time, so a `stop` from another thread is seen within a batch.
                let mut progress = Progress::Running;
                for _ in 0..max_batches.max(1) {
                    if control.stop_requested() {
                        search.request_stop();
                    }
                    progress = search.step(stopper, 1, &mut |i: &InfoLine| out(Event::Mcts(i)));
                    run.polls += 1;
                    let done = matches!(progress, Progress::Done(_));
                    // The effective limit (a formatted sentence) is asked for every
                    // LIMIT_POLL_STRIDE batches and at the end, not after every batch.
                    if !(done || run.polls % LIMIT_POLL_STRIDE == 1) {
                        continue;
                    }
                    let limit = stopper.effective_limit();
                    if limit.is_some() && limit != run.limit {
                        run.limit = limit;
                        if let Some(l) = &run.limit {
                            out(Event::Limit(l));
                        }
                    }
                    if matches!(progress, Progress::Done(_)) {
                        break;
                    }
                }
                run.managed = managed.map(ManagedStopper::suspend);
                let Progress::Done(r) = progress else { return None };
                MoveOutcome {
                    best: r.best,
                    uci: r.best_move,
                    ponder: r.ponder_move,
                    budget: run.budget.clone(),
                    elapsed_ms: r.elapsed_ms,
                    nodes: r.playouts,
                    depth: r.depth,
                    visits: Some(r.total_nodes),
                    score: r.score,
                    reused_nodes: r.head_n,
                    reason: r.reason,
                    limit: run.limit.clone(),
                    dropped: false,
                }
            }
        };
        Some(Ok(self.finish(done)))
    }

    /// Ends the move: `end_move` for a finished search, the snapshot back for a dropped one.
    fn finish(&mut self, mut done: MoveOutcome) -> MoveOutcome {
        let run = self.running.take().expect("a move is running");
        if let Search::Mcts { search } = run.search {
            self.tree = Some(search.into_tree());
        }
        let dropped = run.control.cancel_requested();
        if let Some(parked) = run.managed {
            let s = ManagedStopper::resume(self.tm.as_mut(), parked);
            if dropped {
                drop(s.suspend());
            } else {
                let mut end = MoveEnd::new(done.elapsed_ms, done.visits.unwrap_or(done.nodes));
                end.final_score = done.score;
                end.final_avg_score = f64::from(done.score.as_cp());
                s.finish(&end);
            }
        }
        if dropped {
            run.before.restore(&self.spec, self.tm.as_mut()).expect("the driver's own snapshot restores");
            done.dropped = true;
            self.dropped = Some(run.reuse);
        }
        done
    }

    /// Runs a move to its end (the game runner).
    ///
    /// # Errors
    /// As [`MoveDriver::start`] and [`MoveDriver::step`].
    pub fn run(&mut self, req: MoveRequest, out: &mut dyn FnMut(Event)) -> Result<MoveOutcome, String> {
        self.start(req, out)?;
        loop {
            if let Some(r) = self.step(u32::MAX, out) {
                return r;
            }
        }
    }
}
