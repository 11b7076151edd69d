//! An engine player: a searcher (alpha-beta or MCTS) steered by a time manager, as the game
//! runner uses it.
//!
//! Per move the player does what a UCI engine does between `go` and `bestmove` (spec
//! time-managers.md §0.3, §0.7, §10), through the same [`MoveDriver`]: it tells the manager the
//! clock as the UCI fields show it ([`UciView`]), searches with a real or virtual [`Timer`], and
//! ends the move with `end_move`. The MCTS tree is kept across moves: after our move and the
//! reply the matching subtree becomes the new root and its visits are the manager's
//! `reused_nodes` (lc0's `head_N`).
//!
//! Controls without a game clock (`st=`, `nodes=`, `depth=`) bypass the manager: the search runs
//! with its own limits only, as cutechess/fastchess send `go movetime|nodes|depth`.

use crate::error::FieldError;
use crate::tm::SearchKind;
use serde::Serialize;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move};

use crate::clock::UciView;
use crate::clock::timer::Timer;
use crate::drive::{Level, MoveDriver, MoveRequest};
use crate::search::SearchControl;
use crate::search::mcts::MctsParams;
use crate::stop::{Budget, EffectiveLimit, Score, StopReason};
use crate::tm::TmSpec;

/// Time kept in reserve under a fixed move time when the manager has no overhead of its own
/// (ms): more than alpha-beta's check interval takes at any realistic speed.
pub const MIN_MOVETIME_RESERVE_MS: f64 = 1.0;

/// Transposition-table size of a player unless set otherwise (MB).
pub const DEFAULT_HASH_MB: usize = 16;

/// Everything that defines an engine player.
#[derive(Clone, Debug)]
pub struct EngineConfig {
    /// The searcher.
    pub searcher: SearchKind,
    /// The time manager and its parameters (its `move-overhead` is the player's overhead).
    pub tm: TmSpec,
    /// Alpha-beta transposition table, MB.
    pub hash_mb: usize,
    /// MCTS parameters.
    pub mcts: MctsParams,
    /// The strength level (a cap on the node rate; the manager is untouched).
    pub level: Level,
    /// UCI `Ponder`: after its move the engine searches the reply it expects on the opponent's
    /// time (on a virtual clock only: see [`EnginePlayer::think`]).
    pub ponder: bool,
}

impl EngineConfig {
    /// A player with default options.
    pub fn new(searcher: SearchKind, tm: TmSpec) -> Self {
        EngineConfig {
            searcher,
            tm,
            hash_mb: DEFAULT_HASH_MB,
            mcts: MctsParams::default(),
            level: Level::full(),
            ponder: false,
        }
    }

    /// Turns pondering on or off, as UCI's `setoption name Ponder` does: a manager with a
    /// `ponder` parameter (Stockfish's bonus, lc0-curve's) is told too.
    pub fn set_ponder(&mut self, on: bool) {
        self.ponder = on;
        if self.tm.get("ponder").is_some() {
            self.tm.set("ponder", if on { "true" } else { "false" }).expect("ponder is a boolean parameter");
        }
    }

    /// Sets the manager's move overhead (ms).
    ///
    /// # Errors
    /// The manager has no `move-overhead` parameter (`mediocre`) or the value is out of range.
    pub fn set_move_overhead(&mut self, ms: f64) -> Result<(), FieldError> {
        if self.tm.get("move-overhead").is_none() {
            return Err(FieldError::message(format!(
                "manager {} has no move-overhead parameter",
                self.tm.manager()
            )));
        }
        self.tm.set("move-overhead", &format!("{ms}")).map_err(|e| FieldError::message(e.to_string()))
    }

    /// `ab lc0-legacy(slowmover=1.2)`: searcher and spec string, then ` level N` below full
    /// strength.
    pub fn label(&self) -> String {
        if self.level == Level::full() {
            format!("{} {}", self.searcher.as_str(), self.tm)
        } else {
            format!("{} {} level {}", self.searcher.as_str(), self.tm, self.level.level)
        }
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
    /// The time the opponent used for the last move (ms), when it was a searched move: how
    /// long a pondering engine searched its expected reply.
    pub opponent_ms: Option<f64>,
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
    /// The soft limit the manager was using when the search ended, with its factors (`None`
    /// without a manager).
    pub effective: Option<EffectiveLimit>,
    /// A ponder hit: the ms the engine searched this move on the opponent's time before the
    /// opponent played the expected reply (`engine_ms` is the time after it). `None`: no hit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pondered_ms: Option<f64>,
}

/// An engine player: its config and its [`MoveDriver`] (manager, table and tree, kept across a
/// game).
pub struct EnginePlayer {
    config: EngineConfig,
    driver: MoveDriver,
    /// Pondering: the game length after our last move and the reply we expect (UCI).
    expect: Option<(usize, String)>,
}

impl std::fmt::Debug for EnginePlayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EnginePlayer").field("config", &self.config).finish_non_exhaustive()
    }
}

impl EnginePlayer {
    /// A player ready for a new game.
    pub fn new(config: EngineConfig) -> Self {
        let mut driver = MoveDriver::new(config.tm, config.hash_mb, config.mcts.clone());
        driver.set_level(config.level);
        EnginePlayer { config, driver, expect: None }
    }

    /// The config.
    pub fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// Resets the manager's per-game state, the transposition table and the tree.
    pub fn new_game(&mut self) {
        self.expect = None;
        self.driver.new_game();
    }

    /// Searches the position after `req.moves` and returns the move to play with its record.
    ///
    /// With [`EngineConfig::ponder`] on a virtual clock the player behaves as a pondering UCI
    /// engine does, in game order: after its move it would search the reply its PV expects
    /// (`go ponder`) for as long as the opponent thinks (`req.opponent_ms`). On a hit that search
    /// is run now, the ponderhit delivered at that time, and it continues as the real search
    /// (the tree or table kept; the manager's `ponderhit`: lc0's count the ponder tree as reused
    /// nodes, Stockfish keeps its bonus); the time before the hit is not charged. On a miss the
    /// ponder search is thrown away, so it is not run at all: the move is searched as without
    /// pondering (what a real engine would also lose, the table entries the discarded search
    /// left, is not modelled).
    ///
    /// # Errors
    /// A move of `req.moves` is illegal, the position has no legal move, the MCTS parameters
    /// are invalid, or an MCTS search has neither a clock, a move time nor a node limit.
    pub fn think(&mut self, req: &ThinkRequest<'_>) -> Result<(Move, Thought), FieldError> {
        // A fixed move time keeps the manager's move overhead in reserve, as lc0 does with
        // `go movetime`: the search checks its limit only every few hundred nodes (or after a
        // batch), and any overshoot would lose on time.
        let overhead = self.driver.manager().overhead_ms().max(MIN_MOVETIME_RESERVE_MS);
        let movetime = req.movetime_ms.map(|ms| (ms as f64 - overhead).max(1.0).floor());
        let mcts = self.config.searcher == SearchKind::Mcts;
        if mcts && req.view.is_none() && movetime.is_none() && req.nodes.is_none() {
            return Err(FieldError::message("no clock and no node limit: the MCTS search would never end"));
        }
        let hit = self.ponder_hit(req);
        let request = MoveRequest {
            searcher: self.config.searcher,
            start: req.start.clone(),
            moves: req.moves.to_vec(),
            clock: req.view,
            movetime_ms: movetime,
            depth: if mcts { None } else { req.depth },
            nodes: req.nodes,
            max_visits: None,
            searchmoves: Vec::new(),
            ponder: hit.is_some(),
            open_ended: false,
            timer: req.timer,
            control: SearchControl::new(),
            ponderhit_at_ms: hit,
        };
        let o = self.driver.run(request, &mut |_| {})?;
        self.expect =
            if self.config.ponder { o.ponder.clone().map(|p| (req.moves.len() + 1, p)) } else { None };
        let thought = Thought {
            uci: o.uci,
            told: req.view,
            budget: o.budget,
            engine_ms: o.elapsed_ms,
            nodes: o.nodes,
            depth: o.depth,
            visits: o.visits,
            score: o.score,
            reused_nodes: o.reused_nodes,
            stop_reason: o.reason,
            effective: o.limit,
            pondered_ms: o.pondered_ms,
        };
        Ok((o.best, thought))
    }
}

impl EnginePlayer {
    /// When this move is a ponder hit: the ms the ponder search ran before the opponent moved.
    fn ponder_hit(&self, req: &ThinkRequest<'_>) -> Option<f64> {
        let (len, expected) = self.expect.as_ref()?;
        if !(self.config.ponder && req.timer.is_virtual() && req.view.is_some() && req.moves.len() == len + 1)
        {
            return None;
        }
        let played = UciMove::from_standard(req.moves[*len]).to_string();
        (played == *expected).then_some(req.opponent_ms?.max(0.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Position;

    fn req<'a>(start: &'a Chess, moves: &'a [Move], time_ms: u64) -> ThinkRequest<'a> {
        ThinkRequest {
            start,
            moves,
            view: Some(UciView { time_ms, inc_ms: 100, movestogo: None }),
            movetime_ms: None,
            nodes: None,
            depth: None,
            timer: Timer::virtual_nps(1_000_000.0),
            opponent_ms: None,
        }
    }

    #[test]
    fn ab_player_obeys_its_budget_and_records_it() {
        let mut p = EnginePlayer::new(EngineConfig::new(SearchKind::AlphaBeta, "stockfish".parse().unwrap()));
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
        let mut p = EnginePlayer::new(EngineConfig::new(SearchKind::Mcts, "lc0-legacy".parse().unwrap()));
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
        let mut ab =
            EnginePlayer::new(EngineConfig::new(SearchKind::AlphaBeta, "stockfish".parse().unwrap()));
        let (_, t) = ab.think(&r).unwrap();
        assert_eq!(t.depth, 3);
        assert_eq!(t.stop_reason, StopReason::Depth);
        let mut mcts = EnginePlayer::new(EngineConfig::new(SearchKind::Mcts, "lc0-legacy".parse().unwrap()));
        assert!(mcts.think(&r).is_err(), "MCTS cannot obey a depth limit alone");
        r.movetime_ms = Some(20);
        let (_, t) = mcts.think(&r).unwrap();
        assert_eq!(t.stop_reason, StopReason::MoveTime);
        assert!(t.engine_ms < 20.0, "{}", t.engine_ms);
    }

    #[test]
    fn overhead_is_a_manager_parameter() {
        let mut c = EngineConfig::new(SearchKind::AlphaBeta, "lc0-legacy".parse().unwrap());
        c.set_move_overhead(50.0).unwrap();
        assert!(c.label().contains("move-overhead=50"), "{}", c.label());
        let mut m = EngineConfig::new(SearchKind::AlphaBeta, "mediocre".parse().unwrap());
        assert!(m.set_move_overhead(50.0).is_err());
    }

    /// The start position, our first move `m1` and the opponent's reply: the expected one
    /// (`hit`) or another legal move.
    fn reply_to(p: &EnginePlayer, start: &Chess, m1: Move, hit: bool) -> [Move; 2] {
        let mut pos = start.clone();
        pos.play_unchecked(m1);
        let expected = p.expect.as_ref().expect("a pondering player expects a reply").1.clone();
        let uci = |m: Move| UciMove::from_standard(m).to_string();
        let reply = pos.legal_moves().into_iter().find(|&m| (uci(m) == expected) == hit).unwrap();
        [m1, reply]
    }

    fn ponder_req<'a>(start: &'a Chess, moves: &'a [Move], opponent_ms: Option<f64>) -> ThinkRequest<'a> {
        ThinkRequest {
            start,
            moves,
            view: Some(UciView { time_ms: 10_000, inc_ms: 100, movestogo: None }),
            movetime_ms: None,
            nodes: None,
            depth: None,
            timer: Timer::virtual_nps(10_000.0),
            opponent_ms,
        }
    }

    fn player(kind: SearchKind, spec: &str, ponder: bool) -> EnginePlayer {
        let mut c = EngineConfig::new(kind, spec.parse().unwrap());
        c.set_ponder(ponder);
        EnginePlayer::new(c)
    }

    #[test]
    fn a_ponder_miss_costs_nothing() {
        let start = Chess::default();
        for (kind, spec) in [(SearchKind::Mcts, "lc0-smooth"), (SearchKind::AlphaBeta, "lc0-legacy")] {
            let (mut on, mut off) = (player(kind, spec, true), player(kind, spec, false));
            let (m1, t1) = on.think(&ponder_req(&start, &[], None)).unwrap();
            assert_eq!(off.think(&ponder_req(&start, &[], None)).unwrap(), (m1, t1), "{spec}: move 1 alike");
            let moves = reply_to(&on, &start, m1, false);
            let a = on.think(&ponder_req(&start, &moves, Some(400.0))).unwrap();
            let b = off.think(&ponder_req(&start, &moves, Some(400.0))).unwrap();
            assert_eq!(a.1.pondered_ms, None, "{spec}: a miss is no hit");
            assert_eq!(a, b, "{spec}: after a miss the move is searched as without pondering");
        }
    }

    #[test]
    fn lc0_smooth_plays_at_once_after_a_hit_whose_ponder_tree_reaches_its_target() {
        let start = Chess::default();
        let (mut on, mut off) =
            (player(SearchKind::Mcts, "lc0-smooth", true), player(SearchKind::Mcts, "lc0-smooth", false));
        let (m1, _) = on.think(&ponder_req(&start, &[], None)).unwrap();
        off.think(&ponder_req(&start, &[], None)).unwrap();
        let moves = reply_to(&on, &start, m1, true);
        // The opponent thinks 3 s: 30 000 playouts of ponder tree at 10 k nodes/s.
        let (_, hit) = on.think(&ponder_req(&start, &moves, Some(3000.0))).unwrap();
        let (_, plain) = off.think(&ponder_req(&start, &moves, Some(3000.0))).unwrap();
        assert_eq!(hit.pondered_ms, Some(3000.0), "the opponent's whole think was pondered");
        let target =
            hit.budget.terms.iter().find(|t| t.name == "target").expect("smooth's target term").value;
        assert!(
            hit.reused_nodes as f64 >= target,
            "the ponder tree ({}) reaches the target ({target})",
            hit.reused_nodes
        );
        let batch_ms = f64::from(MctsParams::default().batch_size) / 10.0;
        // At once: the rest of the batch that was running when the opponent moved, and the one
        // batch MCTS runs before its first stop check.
        assert!(
            hit.engine_ms <= 2.0 * batch_ms,
            "plays at once: {} ms (one batch is {batch_ms} ms)",
            hit.engine_ms
        );
        assert_eq!(plain.pondered_ms, None);
        assert!(plain.engine_ms > 10.0 * batch_ms, "without pondering the move takes {} ms", plain.engine_ms);
    }

    #[test]
    fn stockfish_keeps_its_ponder_bonus_on_a_hit_and_saves_the_pondered_time() {
        let start = Chess::default();
        let on = || player(SearchKind::AlphaBeta, "stockfish", true);
        // The same manager (bonus on) that never ponders: the budget a hit must keep.
        let mut bonus_only = EnginePlayer::new(EngineConfig::new(
            SearchKind::AlphaBeta,
            "stockfish(ponder=true)".parse().unwrap(),
        ));
        let mut plain = player(SearchKind::AlphaBeta, "stockfish", false);
        let mut p = on();
        let (m1, t1) = p.think(&ponder_req(&start, &[], None)).unwrap();
        assert_eq!(bonus_only.think(&ponder_req(&start, &[], None)).unwrap(), (m1, t1.clone()));
        let (_, t0) = plain.think(&ponder_req(&start, &[], None)).unwrap();
        assert_eq!(
            t1.budget.soft_ms,
            t0.budget.soft_ms + (t0.budget.soft_ms * 0.25).floor(),
            "Ponder on adds a quarter"
        );
        let moves = reply_to(&p, &start, m1, true);
        let (_, hit) = p.think(&ponder_req(&start, &moves, Some(2000.0))).unwrap();
        let (_, cold) = bonus_only.think(&ponder_req(&start, &moves, Some(2000.0))).unwrap();
        assert_eq!(hit.pondered_ms, Some(2000.0));
        assert_eq!(hit.budget.soft_ms, cold.budget.soft_ms, "the hit keeps the bonus budget");
        assert!(
            hit.engine_ms < cold.engine_ms,
            "the hit pays {} ms, the cold search {} ms",
            hit.engine_ms,
            cold.engine_ms
        );
    }
}
