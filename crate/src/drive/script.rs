//! A scripted game for one side (`tmlab stopper`): a manager is fed iterations (alpha-beta) or
//! polls (MCTS) from a list of JSON lines, move after move, and every decision is reported with
//! the effective soft limit and its terms. This is how a manager's in-search logic, and the state
//! it carries from move to move, is checked against its reference without running a search.
//!
//! One JSON object per line (blank lines and lines starting with `#` are skipped):
//! - `{"type":"iteration","elapsed_ms":120,"depth":5,"score":"cp 30","best":"e2e4",
//!   "best_move_changes":1,"node_share":0.62}` (optional `"nodes"`: search nodes so far, default
//!   1 000 000; `"root_moves"`, default 30); `score` is `cp N` or `mate N` (moves, negative when
//!   mated), as UCI prints it. The hard check runs first, then the soft check.
//! - `{"type":"poll","elapsed_ms":50,"nodes":12000,"root_visits":[800,150,50]}`: one MCTS batch;
//!   `nodes` counts the whole tree, reused visits included (optional `"need_more_time"`, default
//!   false; `"since_first_batch_ms"`, default `elapsed_ms`; the root's Q statistics
//!   `"root_q"`: one Q per root move, −1 … 1, default all 0; `"root_value"`, default 0;
//!   `"root_value_sd"`, default 0; `"pv_q"`: Q along the PV from the root side's view, default
//!   none; `"avg_depth"`, default 0).
//! - `{"type":"move-end","elapsed_ms":900,"nodes":50000,"reused_nodes":20000,"score":"cp 25"}`:
//!   the move ends (`end_move`: elapsed, final nodes, score; optional `"avg_score"`, default the
//!   score) and, if events follow, the next move starts with `reused_nodes` of the tree kept.
//!   Its clock is the clock less `elapsed_ms` (at least 0) plus the increment, its ply 2 more,
//!   its movestogo 1 less; `"clock_ms"`, `"inc_ms"`, `"ply"` and `"movestogo"` (0: none) override
//!   them, and a movestogo that would reach 0 must be given.
//!
//! One manager plays every move, so what it carries across moves (Stockfish's previous score,
//! average score and time reduction; smooth's nps, timeuse, tree reuse and bank; legacy's spared
//! time) can be scripted. Events after a stop are not fed until the move ends.

mod parse;

use serde::Serialize;

use crate::stop::{
    Budget, EffectiveLimit, Hints, Iteration, MoveKey, Score, SearchStats, StopReason, Stopper, Term,
};
use crate::tm::stopper::ManagedStopper;
use crate::tm::{MoveContext, MoveEnd, TmSpec};

pub use parse::{
    MAX_CP, MAX_FILE_BYTES, MAX_LINE_BYTES, MAX_MATE_MOVES, MAX_ROOT_MOVES, ScriptError, ScriptEvent,
    parse_events, parse_score, read_events,
};

/// The first move the script searches.
#[derive(Clone, Copy, Debug)]
pub struct ScriptSetup {
    /// The manager.
    pub spec: TmSpec,
    /// The side to move's clock, ms.
    pub clock_ms: f64,
    /// Increment, ms.
    pub inc_ms: f64,
    /// Moves to the next control.
    pub movestogo: Option<u32>,
    /// Half-moves played (§0.2).
    pub ply: u32,
}

/// The manager's answer to one event.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ScriptStep {
    /// The move (1-based).
    #[serde(rename = "move")]
    pub move_no: usize,
    /// The events line.
    pub line: usize,
    /// `iteration` or `poll`.
    pub kind: &'static str,
    /// Elapsed ms.
    pub elapsed_ms: f64,
    /// `continue` or `stop`.
    pub decision: &'static str,
    /// The stop reason's key.
    pub reason: Option<&'static str>,
    /// The stop reason worded for the searcher.
    pub label: Option<&'static str>,
    /// Stockfish: deepen at the next iteration.
    pub increase_depth: bool,
    /// The effective soft limit after the event.
    pub limit: EffectiveLimit,
}

/// How a move ended (a `move-end` event).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ScriptEnd {
    /// The events line.
    pub line: usize,
    /// `end_move`'s elapsed, ms.
    pub elapsed_ms: f64,
    /// Final tree visits or nodes searched.
    pub nodes: u64,
    /// Visits kept for the next move.
    pub reused_nodes: u64,
    /// The final score, as UCI prints it.
    pub score: String,
    /// The average score, in centipawns as the manager receives it.
    pub avg_score_cp: f64,
    /// The manager's per-game state after `end_move`.
    pub state: Vec<Term>,
}

/// One scripted move: what the manager was told, its budget, one step per event fed (the events
/// after a stop are not), and how the move ended.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ScriptMove {
    /// The move (1-based).
    #[serde(rename = "move")]
    pub move_no: usize,
    /// What the manager was told at `begin_move`.
    pub context: MoveContext,
    /// The manager's budget for the move.
    pub budget: Budget,
    /// The decisions.
    pub steps: Vec<ScriptStep>,
    /// Events of this move left unfed after the stop.
    pub unfed: usize,
    /// The `move-end` event, if the script ends the move.
    pub end: Option<ScriptEnd>,
}

/// The scripted game: its moves in order.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ScriptRun {
    /// The moves.
    pub moves: Vec<ScriptMove>,
}

/// The search of one move as it is fed: the iterations so far and the move names.
struct Search {
    its: Vec<Iteration>,
    names: Vec<String>,
    batches: u64,
    root_q: Vec<f64>,
}

impl Search {
    fn new() -> Self {
        Search { its: Vec::new(), names: Vec::new(), batches: 0, root_q: Vec::new() }
    }

    /// Feeds one iteration or poll; `reused` visits were in the tree when the move began.
    fn feed(
        &mut self,
        stopper: &mut ManagedStopper,
        ev: &ScriptEvent,
        reused: u64,
    ) -> (&'static str, StopDecision) {
        match ev {
            ScriptEvent::Iteration {
                elapsed_ms,
                depth,
                score,
                best,
                best_move_changes,
                node_share,
                nodes,
                root_moves,
            } => {
                let key = self.names.iter().position(|b| b == best).unwrap_or_else(|| {
                    self.names.push(best.clone());
                    self.names.len() - 1
                }) as MoveKey;
                let score = parse_score(score).expect("checked by parse_events");
                self.its.push(Iteration {
                    depth: *depth,
                    best_move: key,
                    score,
                    best_move_changes: *best_move_changes,
                });
                let stats = SearchStats {
                    elapsed_ms: *elapsed_ms,
                    total_nodes: *nodes,
                    nodes_this_move: *nodes,
                    iterations: &self.its,
                    best_move_nodes: (node_share * *nodes as f64).round() as u64,
                    search_nodes: *nodes,
                    root_moves: *root_moves,
                    best_avg_score: f64::from(score.as_cp()),
                    ..SearchStats::default()
                };
                let hard = stopper.poll(&stats, &mut Hints::reset(*nodes));
                ("iteration", if hard.is_stop() { hard } else { stopper.iteration_done(&stats) })
            }
            ScriptEvent::Poll(b) => {
                self.batches += 1;
                self.root_q.clear();
                self.root_q.extend(b.root_q.iter().copied());
                self.root_q.resize(b.root_visits.len(), 0.0);
                let stats = SearchStats {
                    elapsed_ms: b.elapsed_ms,
                    since_first_batch_ms: b.since_first_batch_ms.unwrap_or(b.elapsed_ms),
                    total_nodes: b.nodes,
                    nodes_this_move: b.nodes.saturating_sub(reused),
                    batches: self.batches,
                    root_visits: &b.root_visits,
                    root_moves: b.root_visits.len() as u32,
                    need_more_time: b.need_more_time,
                    root_q: &self.root_q,
                    root_value: b.root_value,
                    root_value_sd: b.root_value_sd,
                    pv_q: &b.pv_q,
                    avg_depth: b.avg_depth,
                    ..SearchStats::default()
                };
                ("poll", stopper.poll(&stats, &mut Hints::reset(b.nodes)))
            }
            ScriptEvent::MoveEnd { .. } => unreachable!("move ends are not fed to the search"),
        }
    }

    /// The last iteration's score.
    fn last_score(&self) -> Option<Score> {
        self.its.last().map(|it| it.score)
    }
}

type StopDecision = crate::stop::Decision;

/// The context of the move after `ctx`, from a `move-end` event's values and overrides.
///
/// # Errors
/// A movestogo that runs out without the next one given.
fn next_context(ctx: &MoveContext, ev: &ScriptEvent, line: usize) -> Result<MoveContext, ScriptError> {
    let ScriptEvent::MoveEnd { elapsed_ms, reused_nodes, clock_ms, inc_ms, movestogo, ply, .. } = ev else {
        unreachable!("called with a move end")
    };
    let inc = inc_ms.unwrap_or(ctx.inc_ms);
    let clock = clock_ms.unwrap_or_else(|| (ctx.clock_ms - elapsed_ms).max(0.0) + inc);
    let movestogo = match (movestogo, ctx.movestogo()) {
        (Some(m), _) => Some(*m).filter(|&m| m > 0),
        (None, None) => None,
        (None, Some(1)) => {
            return Err(ScriptError {
                line,
                message: "movestogo reaches 0 here: give the next move's \"movestogo\" and \"clock_ms\" (a new period), or \"movestogo\": 0 for sudden death".into(),
            });
        }
        (None, Some(m)) => Some(m - 1),
    };
    let next = MoveContext::new(clock, inc, ply.unwrap_or(ctx.ply + 2)).with_movestogo(movestogo);
    Ok(next.with_reused_nodes(*reused_nodes))
}

/// Feeds the events to one manager, a new game, move after move (see the module docs).
///
/// # Errors
/// A `move-end` before an event the manager was fed, or whose next move lacks a movestogo it
/// needs.
pub fn run_script(setup: &ScriptSetup, events: &[(usize, ScriptEvent)]) -> Result<ScriptRun, ScriptError> {
    let mut tm = setup.spec.build();
    tm.new_game();
    let mut ctx = MoveContext::new(setup.clock_ms, setup.inc_ms, setup.ply).with_movestogo(setup.movestogo);
    let mut moves = Vec::new();
    let mut rest = events;
    while !rest.is_empty() {
        let n_search =
            rest.iter().position(|(_, ev)| matches!(ev, ScriptEvent::MoveEnd { .. })).unwrap_or(rest.len());
        let (search_events, after) = rest.split_at(n_search);
        let mut stopper = ManagedStopper::begin(tm.as_mut(), &ctx);
        let budget = stopper.budget().clone();
        let move_no = moves.len() + 1;
        let mut search = Search::new();
        let mut steps = Vec::new();
        let mut unfed = 0;
        for (n, (line, ev)) in search_events.iter().enumerate() {
            let (kind, d) = search.feed(&mut stopper, ev, ctx.reused_nodes);
            let limit = stopper.effective_limit().expect("a managed stopper has an effective limit");
            steps.push(ScriptStep {
                move_no,
                line: *line,
                kind,
                elapsed_ms: ev.elapsed_ms(),
                decision: if d.is_stop() { "stop" } else { "continue" },
                reason: d.stop.map(StopReason::key),
                label: d.stop.map(|r| r.describe(kind == "poll")),
                increase_depth: d.increase_depth,
                limit,
            });
            if d.is_stop() {
                unfed = search_events.len() - n - 1;
                break;
            }
        }
        let mut end = None;
        let mut next = None;
        if let Some(((line, ev), tail)) = after.split_first() {
            let ScriptEvent::MoveEnd { elapsed_ms, nodes, reused_nodes, score, avg_score, .. } = ev else {
                unreachable!("split at a move end")
            };
            if let Some(last) = steps.last()
                && *elapsed_ms < last.elapsed_ms
            {
                return Err(ScriptError {
                    line: *line,
                    message: format!(
                        "elapsed_ms {elapsed_ms} is before line {}'s {} ms, which the manager saw: a move ends after its last check",
                        last.line, last.elapsed_ms
                    ),
                });
            }
            let score = match score {
                Some(s) => parse_score(s).expect("checked by parse_events"),
                None => search.last_score().unwrap_or(Score::Cp(0)),
            };
            let avg =
                avg_score.as_deref().map_or(score, |s| parse_score(s).expect("checked by parse_events"));
            let avg_score_cp = f64::from(avg.as_cp());
            stopper.finish(&MoveEnd {
                elapsed_ms: *elapsed_ms,
                total_nodes: *nodes,
                final_score: score,
                final_avg_score: avg_score_cp,
            });
            end = Some(ScriptEnd {
                line: *line,
                elapsed_ms: *elapsed_ms,
                nodes: *nodes,
                reused_nodes: *reused_nodes,
                score: score.to_uci(),
                avg_score_cp,
                state: tm.state(),
            });
            if !tail.is_empty() {
                next = Some(next_context(&ctx, ev, *line)?);
            }
            rest = tail;
        } else {
            rest = &[];
        }
        moves.push(ScriptMove { move_no, context: ctx, budget, steps, unfed, end });
        if let Some(n) = next {
            ctx = n;
        }
    }
    Ok(ScriptRun { moves })
}
