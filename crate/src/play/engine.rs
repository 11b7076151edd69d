//! An engine player: a searcher (alpha-beta or MCTS) steered by a time manager, as the game
//! runner and the UCI engine use it.
//!
//! Per move the player does what a UCI engine does between `go` and `bestmove` (spec
//! time-managers.md §0.3, §0.7, §10): it tells the manager the clock as the UCI fields show it
//! ([`UciView`]), runs `begin_move` through a [`ManagedStopper`], searches with a real or virtual
//! [`Timer`], and ends the move with `end_move`. The MCTS tree is kept across moves: after our
//! move and the reply the matching subtree becomes the new root and its visits are the
//! manager's `reused_nodes` (lc0's `head_N`).
//!
//! Controls without a game clock (`st=`, `nodes=`, `depth=`) bypass the manager: the search runs
//! with its own limits only, as cutechess/fastchess send `go movetime|nodes|depth`.

use serde::Serialize;
use shakmaty::{Chess, Move, Position};

use crate::clock::UciView;
use crate::clock::timer::Timer;
use crate::search::mcts::{GoOptions, MctsParams, MctsSearch, MctsTree};
use crate::search::{Limits, RootPosition, SearchControl, SearchRequest, Searcher};
use crate::stop::{Budget, Decision, Hints, NeverStop, Score, SearchStats, StopReason, Stopper};
use crate::tm::stopper::ManagedStopper;
use crate::tm::{MoveContext, MoveEnd, TimeManager, TmSpec};

/// Which searcher a player uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SearcherKind {
    /// The alpha-beta searcher ([`crate::search::Searcher`]).
    Ab,
    /// The MCTS searcher ([`crate::search::mcts`]).
    Mcts,
}

impl SearcherKind {
    /// `ab` or `mcts`.
    pub fn as_str(self) -> &'static str {
        match self {
            SearcherKind::Ab => "ab",
            SearcherKind::Mcts => "mcts",
        }
    }
}

impl std::str::FromStr for SearcherKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "ab" | "alphabeta" | "alpha-beta" => Ok(SearcherKind::Ab),
            "mcts" => Ok(SearcherKind::Mcts),
            other => Err(format!("unknown searcher {other:?}: expected ab or mcts")),
        }
    }
}

/// Time kept in reserve under a fixed move time when the manager has no overhead of its own
/// (ms): more than alpha-beta's check interval takes at any realistic speed.
pub const MIN_MOVETIME_RESERVE_MS: f64 = 1.0;

/// Transposition-table size of a player unless set otherwise (MB).
pub const DEFAULT_HASH_MB: usize = 16;

/// Everything that defines an engine player.
#[derive(Clone, Debug)]
pub struct EngineConfig {
    /// The searcher.
    pub searcher: SearcherKind,
    /// The time manager and its parameters (its `move-overhead` is the player's overhead).
    pub tm: TmSpec,
    /// Alpha-beta transposition table, MB.
    pub hash_mb: usize,
    /// MCTS parameters.
    pub mcts: MctsParams,
}

impl EngineConfig {
    /// A player with default options.
    pub fn new(searcher: SearcherKind, tm: TmSpec) -> Self {
        EngineConfig { searcher, tm, hash_mb: DEFAULT_HASH_MB, mcts: MctsParams::default() }
    }

    /// Sets the manager's move overhead (ms).
    ///
    /// # Errors
    /// The manager has no `move-overhead` parameter (`mediocre`) or the value is out of range.
    pub fn set_move_overhead(&mut self, ms: f64) -> Result<(), String> {
        if self.tm.get("move-overhead").is_none() {
            return Err(format!("manager {} has no move-overhead parameter", self.tm.manager()));
        }
        self.tm.set("move-overhead", &format!("{ms}")).map_err(|e| e.to_string())
    }

    /// `ab lc0-legacy(slowmover=1.2)`: searcher and spec string.
    pub fn label(&self) -> String {
        format!("{} {}", self.searcher.as_str(), self.tm)
    }
}

/// What the player is asked to do for one move.
#[derive(Clone, Debug)]
pub struct ThinkRequest<'a> {
    /// The game's start position.
    pub start: &'a Chess,
    /// The moves played since (book moves included).
    pub moves: &'a [Move],
    /// The clock as UCI shows it (`None` for controls without a clock).
    pub view: Option<UciView>,
    /// Fixed time per move (`st=`), ms.
    pub movetime_ms: Option<u64>,
    /// Node limit per move.
    pub nodes: Option<u64>,
    /// Depth limit per move (alpha-beta only; MCTS ignores it).
    pub depth: Option<u32>,
    /// Where the search's elapsed time comes from.
    pub timer: Timer,
}

/// The engine's side of a move record.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Thought {
    /// The move, UCI notation.
    pub uci: String,
    /// What the manager was told (`wtime`/`winc`/`movestogo` of the side to move).
    pub told: Option<UciView>,
    /// The manager's budget (soft, hard, terms); unlimited for controls without a clock.
    pub budget: Budget,
    /// Time the search reports it used (virtual or wall), ms.
    pub engine_ms: f64,
    /// Nodes searched this move (alpha-beta nodes, MCTS playouts).
    pub nodes: u64,
    /// Completed depth (alpha-beta) or average playout depth (MCTS).
    pub depth: u32,
    /// MCTS: visits in the tree at the end, reused ones included.
    pub visits: Option<u64>,
    /// Score from the mover's view.
    pub score: Score,
    /// Visits kept from the previous search (MCTS `head_N`; 0 for alpha-beta).
    pub reused_nodes: u64,
    /// Why the search stopped.
    pub stop_reason: StopReason,
}

/// A stopper for `st=` controls and `go movetime`: stops when the move time is used (MCTS has
/// no movetime limit of its own).
#[derive(Debug)]
pub struct MoveTimeStopper {
    budget: Budget,
}

impl MoveTimeStopper {
    /// Stops once `ms` have elapsed.
    pub fn new(ms: f64) -> Self {
        MoveTimeStopper { budget: Budget { soft_ms: ms, hard_ms: ms, terms: Vec::new() } }
    }
}

impl Stopper for MoveTimeStopper {
    fn check_interval(&self) -> u64 {
        256
    }
    fn poll(&mut self, stats: &SearchStats, _: &mut Hints) -> Decision {
        Decision::stop_if(stats.elapsed_ms >= self.budget.hard_ms, StopReason::MoveTime)
    }
    fn iteration_done(&mut self, stats: &SearchStats) -> Decision {
        Decision::stop_if(stats.elapsed_ms >= self.budget.hard_ms, StopReason::MoveTime)
    }
    fn budget(&self) -> &Budget {
        &self.budget
    }
}

/// Half-moves played before `moves` at `start` plus `moves` (§0.2).
pub fn game_ply(start: &Chess, moves: usize) -> u32 {
    u32::from(start.fullmoves()) * 2 - 2 + u32::from(start.turn().is_black()) + moves as u32
}

/// An engine player: its config, its manager (kept across a game) and its search state.
pub struct EnginePlayer {
    config: EngineConfig,
    tm: Box<dyn TimeManager>,
    ab: Option<Searcher>,
    tree: Option<MctsTree>,
}

impl std::fmt::Debug for EnginePlayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EnginePlayer").field("config", &self.config).finish_non_exhaustive()
    }
}

impl EnginePlayer {
    /// A player ready for a new game.
    pub fn new(config: EngineConfig) -> Self {
        let tm = config.tm.build();
        let mut p = EnginePlayer { config, tm, ab: None, tree: None };
        p.new_game();
        p
    }

    /// The config.
    pub fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// Resets the manager's per-game state, the transposition table and the tree.
    pub fn new_game(&mut self) {
        self.tm.new_game();
        if let Some(ab) = &mut self.ab {
            ab.clear();
        }
        if let Some(t) = &mut self.tree {
            t.clear();
        }
    }

    /// Searches the position after `req.moves` and returns the move to play with its record.
    ///
    /// # Errors
    /// A move of `req.moves` is illegal, the position has no legal move, or the MCTS
    /// parameters are invalid.
    pub fn think(&mut self, req: &ThinkRequest<'_>) -> Result<(Move, Thought), String> {
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
        let ply = game_ply(req.start, req.moves.len());
        // A fixed move time keeps the manager's move overhead in reserve, as lc0 does with
        // `go movetime`: the search checks its limit only every few hundred nodes (or after a
        // batch), and any overshoot would lose on time.
        let overhead = self.tm.overhead_ms().max(MIN_MOVETIME_RESERVE_MS);
        let mut req = req.clone();
        req.movetime_ms = req.movetime_ms.map(|ms| (ms as f64 - overhead).max(1.0) as u64);
        let req = &req;
        match self.config.searcher {
            SearcherKind::Ab => self.think_ab(req, ply, legal),
            SearcherKind::Mcts => self.think_mcts(req, ply, legal),
        }
    }

    fn context(req: &ThinkRequest<'_>, ply: u32, legal: u32, reused: u64) -> Option<MoveContext> {
        req.view.map(|v| {
            let mut ctx = MoveContext::new(v.time_ms as f64, v.inc_ms as f64, ply)
                .with_movestogo(v.movestogo)
                .with_reused_nodes(reused);
            ctx.legal_moves = legal;
            ctx
        })
    }

    fn think_ab(&mut self, req: &ThinkRequest<'_>, ply: u32, legal: u32) -> Result<(Move, Thought), String> {
        let mb = self.config.hash_mb.max(1);
        let ab = self.ab.get_or_insert_with(|| Searcher::new(mb));
        let mut root = RootPosition::new(req.start.clone());
        for &m in req.moves {
            root.play(m)?;
        }
        let limits = Limits {
            depth: req.depth,
            nodes: req.nodes,
            movetime_ms: req.movetime_ms.map(|ms| ms as f64),
            ..Limits::default()
        };
        let ctx = Self::context(req, ply, legal, 0);
        let run = |stopper: &mut dyn Stopper, ab: &mut Searcher| {
            let request = SearchRequest { stopper, timer: req.timer, limits, control: SearchControl::new() };
            ab.search(&root, request, &mut |_| {}).map_err(|e| e.to_string())
        };
        let (result, budget) = match ctx {
            Some(ctx) => {
                let mut stopper = ManagedStopper::begin(self.tm.as_mut(), &ctx);
                let r = run(&mut stopper, ab)?;
                let budget = stopper.budget().clone();
                let mut end = MoveEnd::new(r.elapsed_ms, r.nodes);
                end.final_score = r.score;
                end.final_avg_score = f64::from(r.score.as_cp());
                stopper.finish(&end);
                (r, budget)
            }
            None => {
                let mut stopper = NeverStop::default();
                let r = run(&mut stopper, ab)?;
                let mut budget = Budget::unlimited();
                if let Some(ms) = req.movetime_ms {
                    budget.soft_ms = ms as f64;
                    budget.hard_ms = ms as f64;
                }
                (r, budget)
            }
        };
        let thought = Thought {
            uci: result.best_move_uci.clone(),
            told: req.view,
            budget,
            engine_ms: result.elapsed_ms,
            nodes: result.nodes,
            depth: result.depth,
            visits: None,
            score: result.score,
            reused_nodes: 0,
            stop_reason: result.stop_reason,
        };
        Ok((result.best_move, thought))
    }

    fn think_mcts(
        &mut self,
        req: &ThinkRequest<'_>,
        ply: u32,
        legal: u32,
    ) -> Result<(Move, Thought), String> {
        let mut tree = self.tree.take().unwrap_or_default();
        let reuse = tree.set_position(req.start.clone(), req.moves)?;
        let mut go = GoOptions::new(req.timer);
        go.max_playouts = req.nodes;
        let no_clock = req.view.is_none();
        go.stop_when_decided = no_clock;
        let mut search = MctsSearch::new(tree, self.config.mcts.clone(), go)?;
        let ctx = Self::context(req, ply, legal, reuse.head_n);
        let (result, budget) = match ctx {
            Some(ctx) => {
                let mut stopper = ManagedStopper::begin(self.tm.as_mut(), &ctx);
                let r = search.run_to_end(&mut stopper, &mut |_| {});
                let budget = stopper.budget().clone();
                let mut end = MoveEnd::new(r.elapsed_ms, r.total_nodes);
                end.final_score = r.score;
                end.final_avg_score = f64::from(r.score.as_cp());
                stopper.finish(&end);
                (r, budget)
            }
            None => match req.movetime_ms {
                Some(ms) => {
                    let ms = ms as f64;
                    let mut stopper =
                        MoveTimeStopper { budget: Budget { soft_ms: ms, hard_ms: ms, terms: Vec::new() } };
                    let r = search.run_to_end(&mut stopper, &mut |_| {});
                    (r, stopper.budget)
                }
                None => {
                    if req.nodes.is_none() {
                        self.tree = Some(search.into_tree());
                        return Err("no clock and no node limit: the MCTS search would never end".into());
                    }
                    let r = search.run_to_end(&mut NeverStop::default(), &mut |_| {});
                    (r, Budget::unlimited())
                }
            },
        };
        self.tree = Some(search.into_tree());
        let thought = Thought {
            uci: result.best_move.clone(),
            told: req.view,
            budget,
            engine_ms: result.elapsed_ms,
            nodes: result.playouts,
            depth: result.depth,
            visits: Some(result.total_nodes),
            score: result.score,
            reused_nodes: result.head_n,
            stop_reason: result.reason,
        };
        Ok((result.best, thought))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req<'a>(start: &'a Chess, moves: &'a [Move], time_ms: u64) -> ThinkRequest<'a> {
        ThinkRequest {
            start,
            moves,
            view: Some(UciView { time_ms, inc_ms: 100, movestogo: None }),
            movetime_ms: None,
            nodes: None,
            depth: None,
            timer: Timer::virtual_nps(1_000_000.0),
        }
    }

    #[test]
    fn ab_player_obeys_its_budget_and_records_it() {
        let mut p = EnginePlayer::new(EngineConfig::new(SearcherKind::Ab, "stockfish".parse().unwrap()));
        let start = Chess::default();
        let (m, t) = p.think(&req(&start, &[], 10_100)).unwrap();
        assert!(start.is_legal(m));
        assert!(t.budget.hard_ms.is_finite() && t.budget.soft_ms <= t.budget.hard_ms);
        assert!(t.engine_ms <= t.budget.hard_ms + 1.0, "{} > {}", t.engine_ms, t.budget.hard_ms);
        assert!(t.nodes > 0 && t.depth >= 1);
        assert!(!t.budget.terms.is_empty());
        assert_eq!(t.reused_nodes, 0);
    }

    #[test]
    fn mcts_player_reuses_its_tree() {
        let mut p = EnginePlayer::new(EngineConfig::new(SearcherKind::Mcts, "lc0-legacy".parse().unwrap()));
        let start = Chess::default();
        let (m1, t1) = p.think(&req(&start, &[], 10_100)).unwrap();
        assert_eq!(t1.reused_nodes, 0);
        let mut pos = start.clone();
        pos.play_unchecked(m1);
        let reply = pos.legal_moves()[0];
        let moves = [m1, reply];
        let (_, t2) = p.think(&req(&start, &moves, 10_000)).unwrap();
        assert!(t2.reused_nodes > 0, "the reply's subtree must be reused");
        assert!(t2.visits.unwrap() >= t2.reused_nodes + t2.nodes);
    }

    #[test]
    fn controls_without_clock_use_search_limits() {
        let start = Chess::default();
        let mut r = req(&start, &[], 0);
        r.view = None;
        r.depth = Some(3);
        let mut ab = EnginePlayer::new(EngineConfig::new(SearcherKind::Ab, "stockfish".parse().unwrap()));
        let (_, t) = ab.think(&r).unwrap();
        assert_eq!(t.depth, 3);
        assert_eq!(t.stop_reason, StopReason::Depth);
        let mut mcts =
            EnginePlayer::new(EngineConfig::new(SearcherKind::Mcts, "lc0-legacy".parse().unwrap()));
        assert!(mcts.think(&r).is_err(), "MCTS cannot obey a depth limit alone");
        r.movetime_ms = Some(20);
        let (_, t) = mcts.think(&r).unwrap();
        assert_eq!(t.stop_reason, StopReason::MoveTime);
        assert!(t.engine_ms < 20.0, "{}", t.engine_ms);
    }

    #[test]
    fn overhead_is_a_manager_parameter() {
        let mut c = EngineConfig::new(SearcherKind::Ab, "lc0-legacy".parse().unwrap());
        c.set_move_overhead(50.0).unwrap();
        assert!(c.label().contains("move-overhead=50"), "{}", c.label());
        let mut m = EngineConfig::new(SearcherKind::Ab, "mediocre".parse().unwrap());
        assert!(m.set_move_overhead(50.0).is_err());
    }
}
