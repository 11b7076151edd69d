//! A scripted search for one move (`tmlab stopper`): a manager is fed iterations (alpha-beta)
//! or polls (MCTS) from a list of JSON lines, and every decision is reported with the effective
//! soft limit and its terms. This is how a manager's in-search logic is checked against its
//! reference without running a search.
//!
//! One JSON object per line (blank lines and lines starting with `#` are skipped):
//! - `{"type":"iteration","elapsed_ms":120,"depth":5,"score":"cp 30","best":"e2e4",
//!   "best_move_changes":1,"node_share":0.62}` (optional `"nodes"`: search nodes so far, default
//!   1 000 000; `"root_moves"`, default 30); `score` is `cp N` or `mate N` (moves, negative when
//!   mated), as UCI prints it. The hard check runs first, then the soft check.
//! - `{"type":"poll","elapsed_ms":50,"nodes":12000,"root_visits":[800,150,50]}`: one MCTS batch.

use serde::{Deserialize, Serialize};

use crate::stop::{
    Budget, EffectiveLimit, Hints, Iteration, MoveKey, Score, SearchStats, StopReason, Stopper,
};
use crate::tm::stopper::ManagedStopper;
use crate::tm::{MoveContext, TmSpec};

/// The move the script searches.
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

/// One scripted event.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum ScriptEvent {
    /// A completed alpha-beta iteration.
    Iteration {
        /// Elapsed ms when it completed.
        elapsed_ms: f64,
        /// Its depth.
        depth: u32,
        /// Root score, `cp N` or `mate N`.
        score: String,
        /// The best move (any string; equal strings are the same move).
        best: String,
        /// Best-move changes during the iteration.
        #[serde(default)]
        best_move_changes: u32,
        /// Share of the search's nodes spent under the best move, 0 … 1.
        node_share: f64,
        /// Search nodes so far.
        #[serde(default = "default_nodes")]
        nodes: u64,
        /// Legal root moves.
        #[serde(default = "default_root_moves")]
        root_moves: u32,
    },
    /// An MCTS batch.
    Poll {
        /// Elapsed ms.
        elapsed_ms: f64,
        /// Visits in the tree.
        nodes: u64,
        /// Visits of every root move.
        root_visits: Vec<u64>,
    },
}

fn default_nodes() -> u64 {
    1_000_000
}

fn default_root_moves() -> u32 {
    30
}

/// A bad events line: its number (1-based) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptError {
    /// The line number.
    pub line: usize,
    /// What is wrong, naming the field.
    pub message: String,
}

impl std::fmt::Display for ScriptError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ScriptError {}

/// Parses `cp N` / `mate N`.
fn parse_score(s: &str) -> Option<Score> {
    let mut it = s.split_whitespace();
    let (kind, n) = (it.next()?, it.next()?.parse::<i32>().ok()?);
    if it.next().is_some() {
        return None;
    }
    match kind {
        "cp" => Some(Score::Cp(n)),
        "mate" if n > 0 => Some(Score::MateIn(n as u32 * 2 - 1)),
        "mate" => Some(Score::MatedIn(n.unsigned_abs() * 2)),
        _ => None,
    }
}

/// Reads the events, checking every field's value.
///
/// # Errors
/// The first bad line: not JSON, an unknown `type` or field, a missing field, or a value out of
/// range (named).
pub fn parse_events(text: &str) -> Result<Vec<(usize, ScriptEvent)>, ScriptError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let raw = raw.trim();
        if raw.is_empty() || raw.starts_with('#') {
            continue;
        }
        let bad = |message: String| ScriptError { line, message };
        let ev: ScriptEvent = serde_json::from_str(raw).map_err(|e| {
            let m = e.to_string();
            bad(m.split(" at line ").next().unwrap_or(&m).to_string())
        })?;
        let elapsed = match &ev {
            ScriptEvent::Iteration { elapsed_ms, .. } | ScriptEvent::Poll { elapsed_ms, .. } => *elapsed_ms,
        };
        if !(elapsed.is_finite() && elapsed >= 0.0) {
            return Err(bad(format!("elapsed_ms must be a non-negative number of ms, got {elapsed}")));
        }
        if let ScriptEvent::Iteration { depth, score, node_share, root_moves, .. } = &ev {
            if *depth == 0 {
                return Err(bad("depth must be at least 1".into()));
            }
            if parse_score(score).is_none() {
                return Err(bad(format!("score {score:?} is not `cp N` or `mate N` (N ≠ 0 for mate)")));
            }
            if !(0.0..=1.0).contains(node_share) {
                return Err(bad(format!("node_share must be within 0 … 1, got {node_share}")));
            }
            if *root_moves == 0 {
                return Err(bad("root_moves must be at least 1".into()));
            }
        }
        if let ScriptEvent::Poll { root_visits, .. } = &ev
            && root_visits.is_empty()
        {
            return Err(bad("root_visits must list at least one root move".into()));
        }
        out.push((line, ev));
    }
    if out.is_empty() {
        return Err(ScriptError { line: 0, message: "no events: the file has no JSON line".into() });
    }
    Ok(out)
}

/// The manager's answer to one event.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ScriptStep {
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

/// The scripted move: the budget and one step per event fed (the events after a stop are not).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ScriptRun {
    /// The manager's budget for the move.
    pub budget: Budget,
    /// The decisions.
    pub steps: Vec<ScriptStep>,
    /// Events left unfed after the stop.
    pub unfed: usize,
}

/// Feeds the events to a fresh manager's move until it stops.
pub fn run_script(setup: &ScriptSetup, events: &[(usize, ScriptEvent)]) -> ScriptRun {
    let mut tm = setup.spec.build();
    tm.new_game();
    let ctx = MoveContext::new(setup.clock_ms, setup.inc_ms, setup.ply).with_movestogo(setup.movestogo);
    let mut stopper = ManagedStopper::begin(tm.as_mut(), &ctx);
    let budget = stopper.budget().clone();
    let mut its: Vec<Iteration> = Vec::new();
    let mut names: Vec<String> = Vec::new();
    let mut steps = Vec::new();
    let mut batches = 0;
    for (n, (line, ev)) in events.iter().enumerate() {
        let (kind, elapsed_ms, d) = match ev {
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
                let key = names.iter().position(|b| b == best).unwrap_or_else(|| {
                    names.push(best.clone());
                    names.len() - 1
                }) as MoveKey;
                let score = parse_score(score).expect("checked by parse_events");
                its.push(Iteration {
                    depth: *depth,
                    best_move: key,
                    score,
                    best_move_changes: *best_move_changes,
                });
                let stats = SearchStats {
                    elapsed_ms: *elapsed_ms,
                    total_nodes: *nodes,
                    nodes_this_move: *nodes,
                    iterations: &its,
                    best_move_nodes: (node_share * *nodes as f64).round() as u64,
                    search_nodes: *nodes,
                    root_moves: *root_moves,
                    best_avg_score: f64::from(score.as_cp()),
                    ..SearchStats::default()
                };
                let hard = stopper.poll(&stats, &mut Hints::reset(*nodes));
                let d = if hard.is_stop() { hard } else { stopper.iteration_done(&stats) };
                ("iteration", *elapsed_ms, d)
            }
            ScriptEvent::Poll { elapsed_ms, nodes, root_visits } => {
                batches += 1;
                let stats = SearchStats {
                    elapsed_ms: *elapsed_ms,
                    since_first_batch_ms: *elapsed_ms,
                    total_nodes: *nodes,
                    nodes_this_move: *nodes,
                    batches,
                    root_visits,
                    root_moves: root_visits.len() as u32,
                    ..SearchStats::default()
                };
                ("poll", *elapsed_ms, stopper.poll(&stats, &mut Hints::reset(*nodes)))
            }
        };
        let limit = stopper.effective_limit().expect("a managed stopper has an effective limit");
        let mcts = kind == "poll";
        steps.push(ScriptStep {
            line: *line,
            kind,
            elapsed_ms,
            decision: if d.is_stop() { "stop" } else { "continue" },
            reason: d.stop.map(StopReason::key),
            label: d.stop.map(|r| r.describe(mcts)),
            increase_depth: d.increase_depth,
            limit,
        });
        if d.is_stop() {
            return ScriptRun { budget, steps, unfed: events.len() - n - 1 };
        }
    }
    ScriptRun { budget, steps, unfed: 0 }
}
