//! Behavioural tests of the MCTS searcher: shared helpers and a SmartPruning-like stopper chain
//! here, the tests by topic in `stopping`, `values`, `reuse` and `driving`.

use shakmaty::{Chess, Position};

use super::MctsParams;
use super::search::{GoOptions, MctsSearch, Progress, SearchResult};
use super::telemetry::InfoLine;
use super::tree::{Arena, Bound, Kid, MctsTree, NONE, parse_fen};
use crate::clock::timer::Timer;
use crate::stop::{Budget, Decision, Hints, Score, SearchStats, StopReason, Stopper};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
/// Black king a8 cornered: Qc8/Qf8/... mate, Qc7 stalemates.
const MATE_OR_STALEMATE: &str = "k7/8/1K6/2Q5/8/8/8/8 w - - 0 1";

fn tree_at(fen: &str) -> MctsTree {
    MctsTree::from_position(parse_fen(fen).unwrap())
}

fn virtual_go(playouts: u64) -> GoOptions {
    let mut go = GoOptions::new(Timer::virtual_nps(100_000.0));
    go.max_playouts = Some(playouts);
    go
}

fn small_params() -> MctsParams {
    MctsParams { batch_size: 64, ..MctsParams::default() }
}

fn run(tree: MctsTree, go: GoOptions, stopper: &mut dyn Stopper) -> (SearchResult, MctsSearch) {
    let mut s = MctsSearch::new(tree, small_params(), go).unwrap();
    let r = s.run_to_end(stopper, &mut |_| {});
    (r, s)
}

fn never() -> crate::stop::NeverStop {
    crate::stop::NeverStop::default()
}

/// Every record with children has `N = 1 + Σ N(children)` (proven ones: at least that, leaves:
/// `N ≥ 1`, exactly 1 while the tree can grow); child arrays are ordered by edge index; Q stays
/// in [−1, 1]. Walks the live tree from the root. Returns the number of records with children.
fn assert_invariants(arena: &Arena, allow_leaf_revisits: bool) -> usize {
    let mut interior = 0;
    let mut stack = vec![(arena.root_kid, true)];
    while let Some((rec, is_root)) = stack.pop() {
        assert!((-1.0..=1.0).contains(&rec.q), "q {}", rec.q);
        let kids: &[Kid] = if rec.node == NONE { &[] } else { arena.kids_of(rec.node) };
        let mut sum = 0u64;
        let mut last = -1i32;
        for c in kids {
            assert!(c.edge as i32 > last, "children out of edge order");
            assert!((c.edge as usize) < arena.node(rec.node).num_edges as usize);
            last = c.edge as i32;
            sum += c.n as u64;
            stack.push((*c, false));
        }
        if sum > 0 && rec.bound() != Bound::Unknown && !is_root {
            // A proven node takes later visits itself, at its exact value.
            assert!(rec.n as u64 > sum, "proven node");
        } else if sum > 0 {
            interior += 1;
            assert_eq!(rec.n as u64, 1 + sum, "N must be 1 + sum of children");
        } else if allow_leaf_revisits || rec.bound() != Bound::Unknown {
            assert!(rec.n >= 1);
        } else {
            assert_eq!(rec.n, 1, "an unproven leaf is visited once unless the tree is full");
        }
    }
    interior
}

/// Nodes in the subtree of record `rec` (terminal records have none).
fn count_nodes(arena: &Arena, rec: Kid) -> usize {
    if rec.node == NONE {
        return 0;
    }
    1 + arena.kids_of(rec.node).iter().map(|&k| count_nodes(arena, k)).sum::<usize>()
}

/// The subtree of record `rec` as (path of packed moves, N, Q bits, bound) in DFS order.
fn signature(arena: &Arena, rec: Kid) -> Vec<(Vec<u16>, u32, u32, Bound)> {
    let mut out = Vec::new();
    let mut stack = vec![(rec, Vec::<u16>::new())];
    while let Some((r, path)) = stack.pop() {
        out.push((path.clone(), r.n, r.q.to_bits(), r.bound()));
        if r.node == NONE {
            continue;
        }
        for c in arena.kids_of(r.node) {
            let mut p = path.clone();
            p.push(arena.edges_of(r.node)[c.edge as usize].mv.key() as u16);
            stack.push((*c, p));
        }
    }
    out
}

// ---------- a SmartPruning-like stopper chain (spec §8) ----------

/// One poll as the test stopper saw it.
#[derive(Clone, Debug)]
struct PollRecord {
    elapsed: f64,
    since_first: f64,
    total: u64,
    this_move: u64,
    batches: u64,
    root_visits: Vec<u64>,
    need_more_time: bool,
    win_found: bool,
    num_losing: u32,
    may_resign: bool,
    root_moves: u32,
    pondering: bool,
    hints_in: Hints,
    remaining_after: f64,
    root_q: Vec<f64>,
    root_value: f64,
    root_value_sd: f64,
    pv_q: Vec<f64>,
    avg_depth: f64,
}

/// SmartPruning exactly as spec §8 writes it.
#[derive(Clone, Debug)]
struct SmartPruning {
    factor: f64,
    grace_ms: f64,
    tolerance_nodes: f64,
    minimum_batches: u64,
    first_eval: Option<f64>,
}

impl Default for SmartPruning {
    fn default() -> Self {
        SmartPruning {
            factor: 1.33,
            grace_ms: 200.0,
            tolerance_nodes: 300.0,
            minimum_batches: 0,
            first_eval: None,
        }
    }
}

impl SmartPruning {
    fn poll(&mut self, s: &SearchStats, hints: &mut Hints) -> (Decision, Option<f64>) {
        if self.factor <= 0.0 || s.pondering {
            return (Decision::CONTINUE, None);
        }
        let rv = s.root_visits;
        if rv.len() == 1 {
            return (Decision::stop(StopReason::OnlyMove), None);
        }
        if rv.len() <= (s.num_losing_edges + if s.may_resign { 0 } else { 1 }) as usize {
            return (Decision::stop(StopReason::OnlyMove), None);
        }
        if s.win_found {
            return (Decision::stop(StopReason::ForcedWin), None);
        }
        if s.nodes_this_move > 0 && self.first_eval.is_none() {
            self.first_eval = Some(s.elapsed_ms);
            return (Decision::CONTINUE, None);
        }
        let Some(first) = self.first_eval else { return (Decision::CONTINUE, None) };
        if rv.is_empty() || s.elapsed_ms < first + self.grace_ms {
            return (Decision::CONTINUE, None);
        }
        let nps = hints.nps.unwrap_or_else(|| {
            (1000.0 * (s.nodes_this_move as f64 + self.tolerance_nodes) / (s.elapsed_ms - first)).floor()
                + 1.0
        });
        let remaining = (hints.remaining_ms / 1000.0 * nps / self.factor)
            .min(hints.remaining_playouts.max(1.0) / self.factor);
        hints.remaining_playouts = hints.remaining_playouts.min(remaining.trunc());
        if s.batches < self.minimum_batches {
            return (Decision::CONTINUE, Some(remaining));
        }
        let mut sorted: Vec<u64> = rv.to_vec();
        sorted.sort_unstable_by(|a, b| b.cmp(a));
        let gap = sorted[0] as f64 - sorted.get(1).copied().unwrap_or(0) as f64;
        (Decision::stop_if(remaining < gap, StopReason::SmartPruning), Some(remaining))
    }
}

/// A deadline manager (lc0 legacy style: `remaining_ms = deadline − elapsed`) chained with
/// SmartPruning, recording every poll.
struct Chain {
    deadline_ms: f64,
    sp: Option<SmartPruning>,
    polls: Vec<PollRecord>,
    budget: Budget,
}

impl Chain {
    fn new(deadline_ms: f64, sp: Option<SmartPruning>) -> Self {
        Chain { deadline_ms, sp, polls: Vec::new(), budget: Budget::unlimited() }
    }
}

impl Stopper for Chain {
    fn check_interval(&self) -> u64 {
        1
    }
    fn poll(&mut self, s: &SearchStats, hints: &mut Hints) -> Decision {
        let hints_in = *hints;
        let mut decision = Decision::CONTINUE;
        if self.deadline_ms.is_finite() {
            hints.remaining_ms = self.deadline_ms - s.elapsed_ms;
            if s.elapsed_ms >= self.deadline_ms {
                decision = Decision::stop(StopReason::Deadline);
            }
        }
        if !decision.is_stop()
            && let Some(sp) = &mut self.sp
        {
            decision = sp.poll(s, hints).0;
        }
        self.polls.push(PollRecord {
            elapsed: s.elapsed_ms,
            since_first: s.since_first_batch_ms,
            total: s.total_nodes,
            this_move: s.nodes_this_move,
            batches: s.batches,
            root_visits: s.root_visits.to_vec(),
            need_more_time: s.need_more_time,
            win_found: s.win_found,
            num_losing: s.num_losing_edges,
            may_resign: s.may_resign,
            root_moves: s.root_moves,
            pondering: s.pondering,
            hints_in,
            remaining_after: hints.remaining_playouts,
            root_q: s.root_q.to_vec(),
            root_value: s.root_value,
            root_value_sd: s.root_value_sd,
            pv_q: s.pv_q.to_vec(),
            avg_depth: s.avg_depth,
        });
        decision
    }
    fn iteration_done(&mut self, _: &SearchStats) -> Decision {
        Decision::CONTINUE
    }
    fn budget(&self) -> &Budget {
        &self.budget
    }
}

mod driving;
mod reuse;
mod stopping;
mod values;
