//! Beginning a move: checking the request, preparing the alpha-beta root or the MCTS tree (with
//! the visits it reuses), beginning the manager's move; and an MCTS ponderhit, which begins it
//! afresh.

use crate::error::FieldError;
use crate::tm::SearchKind;
use shakmaty::Position;

use super::{MoveDriver, Reuse, Running, Search};
use crate::clock::timer::Timer;
use crate::drive::request::{Event, MoveRequest};
use crate::drive::strength::slice_nodes;
use crate::drive::{context, fen_of, game_ply};
use crate::search::mcts::{GoOptions, MctsSearch, MctsTree};
use crate::search::{Limits, RootPosition};
use crate::stop::{Budget, Stopper};
use crate::tm::stopper::ManagedStopper;

impl MoveDriver {
    /// Starts a move: begins the manager's move (reporting [`Event::Budget`]) when there is a
    /// clock. Nothing is searched until [`MoveDriver::step`].
    ///
    /// # Errors
    /// An illegal move in `req.moves`, no legal move, or invalid MCTS parameters.
    pub fn start(&mut self, req: MoveRequest, out: &mut dyn FnMut(Event)) -> Result<(), FieldError> {
        let mut pos = req.start.clone();
        for (i, &m) in req.moves.iter().enumerate() {
            if !pos.is_legal(m) {
                return Err(FieldError::message(format!("move {} ({m}) of the game is illegal", i + 1)));
            }
            pos.play_unchecked(m);
        }
        let legal = pos.legal_moves().len() as u32;
        if legal == 0 {
            return Err(FieldError::message("the game is over: no legal move"));
        }
        let ply = game_ply(&req.start, req.moves.len());
        let before = self.snapshot();
        // The level caps the node rate: a virtual clock runs slower, the wall clock is waited for.
        let throttle = self.level.throttle(req.searcher);
        let timer = self.level.timer(req.timer, req.searcher);
        let (search, reused) = match req.searcher {
            SearchKind::AlphaBeta => {
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
                    searchmoves: req.searchmoves.clone(),
                };
                (Search::Ab { root: Box::new(root), limits }, 0)
            }
            SearchKind::Mcts => {
                let mut tree = self.tree.take().unwrap_or_default();
                if self.tree_restricted || !req.searchmoves.is_empty() {
                    tree.clear();
                }
                self.tree_restricted = !req.searchmoves.is_empty();
                let reuse = match tree.set_position(req.start.clone(), &req.moves) {
                    Ok(r) => r,
                    Err(e) => {
                        self.tree = Some(tree);
                        return Err(e);
                    }
                };
                let mut go = GoOptions::new(timer);
                go.pondering = req.ponder;
                go.max_playouts = req.nodes;
                go.max_visits = req.max_visits;
                go.searchmoves = req.searchmoves.clone();
                go.stop_when_decided = req.clock.is_none() && !req.open_ended;
                // A capped level polls (after each batch) at least every slice of capped time.
                let mut params = self.mcts.clone();
                if let Some(rate) = throttle {
                    let slice = u32::try_from(slice_nodes(rate)).unwrap_or(u32::MAX);
                    params.batch_size = params.batch_size.min(slice);
                }
                let search = match MctsSearch::new(tree, params, go) {
                    Ok(s) => s,
                    Err(e) => {
                        self.tree = Some(MctsTree::default());
                        return Err(e);
                    }
                };
                (Search::Mcts { search: Box::new(search) }, reuse.head_n)
            }
        };
        let mut reuse = Reuse { start: fen_of(&req.start), moves: req.moves.clone(), visits: reused };
        if let Some(d) = self.dropped.take()
            && d.start == reuse.start
            && d.moves == reuse.moves
            && req.searcher == SearchKind::Mcts
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
            timer,
            throttle,
            control: req.control,
            before,
            reuse,
            limit: None,
            polls: 0,
            ponder_at: req
                .ponderhit_at_ms
                .filter(|_| req.ponder && req.timer.is_virtual())
                .map(|ms| (ms, req.timer)),
            pondered_ms: None,
            late_ms: 0.0,
        });
        Ok(())
    }

    /// MCTS ponderhit: the ponder search becomes a normal one timed by `timer`; an lc0-style
    /// manager begins the move afresh with the ponder tree as reused nodes ([`Event::Budget`]).
    pub fn mcts_ponderhit(&mut self, timer: Timer, out: &mut dyn FnMut(Event)) {
        let MoveDriver { running, tm, level, .. } = self;
        let Some(Running { search: Search::Mcts { search }, managed, budget, timer: run_timer, .. }) =
            running
        else {
            return;
        };
        if !search.is_pondering() {
            return;
        }
        let timer = level.timer(timer, crate::tm::SearchKind::Mcts);
        *run_timer = timer;
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
}
