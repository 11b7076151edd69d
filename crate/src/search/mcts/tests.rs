//! Behavioural tests of the MCTS searcher.

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

// ---------- tests ----------

#[test]
fn visit_counts_add_up() {
    for fen in [START, KIWIPETE, MATE_OR_STALEMATE] {
        let (r, s) = run(tree_at(fen), virtual_go(5_000), &mut never());
        let arena = &s.tree().arena;
        let interior = assert_invariants(arena, false);
        assert!(interior > 10, "{fen}: a real tree was built");
        assert_eq!(arena.root_kid.n as u64, 5_000);
        assert_eq!(r.total_nodes, 5_000);
        assert_eq!(r.playouts, 5_000);
        let sum: u64 = r.root.iter().map(|m| m.visits).sum();
        assert_eq!(sum + 1, r.total_nodes, "{fen}: root N = 1 + sum of root moves");
        assert_eq!(r.reason, StopReason::Nodes);
    }
}

#[test]
fn stats_fields_follow_the_spec_table() {
    // A 30 ms deadline at 100 k virtual playouts/s: the stop comes from the poll, so the last
    // poll saw the final tree.
    let mut chain = Chain::new(30.0, None);
    let (r, _) = run(tree_at(KIWIPETE), GoOptions::new(Timer::virtual_nps(100_000.0)), &mut chain);
    assert_eq!(r.reason, StopReason::Deadline);
    assert_eq!(r.playouts, 47 * 64);
    let polls = &chain.polls;
    assert_eq!(polls.len(), 47);
    let legal = parse_fen(KIWIPETE).unwrap().legal_moves().len() as u32;
    for (k, p) in polls.iter().enumerate() {
        assert_eq!(p.batches, k as u64 + 1, "one poll per batch");
        assert_eq!(p.this_move, 64 * (k as u64 + 1));
        assert_eq!(p.total, p.this_move, "fresh tree: visits = playouts");
        assert_eq!(p.root_moves, legal);
        assert_eq!(p.root_visits.len(), legal as usize);
        assert_eq!(p.root_visits.iter().sum::<u64>() + 1, p.total);
        assert!((p.elapsed - p.this_move as f64 / 100.0).abs() < 1e-9, "virtual time = playouts / rate");
        assert_eq!(p.hints_in, Hints::reset(p.total), "hints are reset before every poll");
        assert!(!p.pondering);
    }
    // lc0: the first-batch clock starts at the first poll, so it reads 0 there.
    assert_eq!(polls[0].since_first, 0.0);
    assert!((polls[1].since_first - (polls[1].elapsed - polls[0].elapsed)).abs() < 1e-9);
    // NPS as lc0: all playouts over the time since the first batch (more than the virtual rate).
    let nps = r.nps.unwrap();
    let expected = 3008.0 * 1000.0 / (30.08 - 0.64);
    assert!((nps - expected).abs() < 1e-6, "{nps} vs {expected}");
    // The flags agree with the root moves at the end.
    let last = polls.last().unwrap();
    assert_eq!(last.total, r.total_nodes);
    let visited: Vec<_> = r.root.iter().filter(|m| m.visits > 0).collect();
    let most_n = visited.iter().map(|m| m.visits).max().unwrap();
    let most = visited.iter().find(|m| m.visits == most_n).unwrap();
    let max_q = visited.iter().map(|m| m.q.unwrap()).fold(f32::NEG_INFINITY, f32::max);
    assert_eq!(last.need_more_time, most.q.unwrap() < max_q);
    assert_eq!(last.may_resign, !visited.iter().any(|m| m.q.unwrap() > -0.98));
    assert!(!last.win_found);
    assert_eq!(last.num_losing, 0);
    // A playout limit comes first in the chain and lowers the remaining-playouts hint.
    let mut chain = Chain::new(f64::INFINITY, None);
    let (r, _) = run(tree_at(KIWIPETE), virtual_go(3_000), &mut chain);
    assert_eq!((r.reason, r.playouts), (StopReason::Nodes, 3_000));
    for p in &chain.polls {
        assert_eq!(p.hints_in.remaining_playouts, (3_000 - p.this_move) as f64);
    }
}

#[test]
fn smart_pruning_reference_vector() {
    // Spec §11(f), through the test stopper used by the search tests below.
    let rv = [20_000u64, 5_000, 100];
    let stats = SearchStats {
        elapsed_ms: 1050.0,
        nodes_this_move: 10_000,
        total_nodes: 25_101,
        root_visits: &rv,
        ..SearchStats::default()
    };
    for (remaining_ms, expect_remaining, stop) in [(4000.0, 30_980.45, false), (1000.0, 7_745.11, true)] {
        let mut sp = SmartPruning { first_eval: Some(50.0), ..SmartPruning::default() };
        let mut hints = Hints::reset(stats.total_nodes);
        hints.remaining_ms = remaining_ms;
        let (d, remaining) = sp.poll(&stats, &mut hints);
        assert!((remaining.unwrap() - expect_remaining).abs() < 0.01, "{remaining:?}");
        assert_eq!(d.is_stop(), stop);
        assert_eq!(hints.remaining_playouts, expect_remaining.trunc());
    }
}

#[test]
fn smart_pruning_stops_when_the_gap_cannot_close_and_root_pruning_freezes_losers() {
    // 100 k virtual playouts/s, a 400 ms deadline: SmartPruning ends the search early.
    let mut chain = Chain::new(400.0, Some(SmartPruning::default()));
    let go = GoOptions::new(Timer::virtual_nps(100_000.0));
    let (r, _) = run(tree_at(START), go, &mut chain);
    assert_eq!(r.reason, StopReason::SmartPruning);
    assert!(r.elapsed_ms < 400.0);
    let polls = &chain.polls;
    let gap = |p: &PollRecord| {
        let mut v = p.root_visits.clone();
        v.sort_unstable_by(|a, b| b.cmp(a));
        v[0] as f64 - v[1] as f64
    };
    // It stopped at the first poll where remaining playouts < N_best − N_second.
    let last = polls.last().unwrap();
    let remaining_of = |p: &PollRecord| {
        let first = polls.iter().find(|q| q.this_move > 0).unwrap().elapsed;
        let nps = (1000.0 * (p.this_move as f64 + 300.0) / (p.elapsed - first)).floor() + 1.0;
        ((400.0 - p.elapsed) / 1000.0 * nps / 1.33).min(p.hints_in.remaining_playouts.max(1.0) / 1.33)
    };
    assert!(remaining_of(last) < gap(last));
    for p in &polls[..polls.len() - 1] {
        if p.elapsed >= polls[0].elapsed + 200.0 {
            assert!(remaining_of(p) >= gap(p), "should have stopped earlier at {}", p.elapsed);
        }
    }
    // Root pruning: a child that cannot catch up gets no visit until the next poll.
    let mut frozen = 0;
    for w in polls.windows(2) {
        let (a, b) = (&w[0], &w[1]);
        let best = *a.root_visits.iter().max().unwrap();
        for (i, &n) in a.root_visits.iter().enumerate() {
            if a.remaining_after.max(1.0) < (best - n) as f64 {
                assert_eq!(b.root_visits[i], n, "pruned child {i} was visited");
                frozen += 1;
            }
        }
    }
    assert!(frozen > 0, "root pruning never engaged");
}

#[test]
fn determinism_with_a_virtual_clock_and_sliced_steps() {
    let capture = |slices: Option<u32>| {
        let mut chain = Chain::new(150.0, Some(SmartPruning::default()));
        let mut infos: Vec<InfoLine> = Vec::new();
        let mut s =
            MctsSearch::new(tree_at(KIWIPETE), small_params(), GoOptions::new(Timer::virtual_nps(80_000.0)))
                .unwrap();
        let r = match slices {
            None => s.run_to_end(&mut chain, &mut |l| infos.push(l.clone())),
            Some(k) => loop {
                match s.step(&mut chain, k, &mut |l| infos.push(l.clone())) {
                    Progress::Running => continue,
                    Progress::Done(r) => break r,
                }
            },
        };
        let race = s.visit_race().clone();
        (r, infos, race, signature(&s.tree().arena, s.tree().arena.root_kid))
    };
    let a = capture(None);
    let b = capture(None);
    let c = capture(Some(1));
    let d = capture(Some(3));
    assert_eq!(a, b);
    assert_eq!(a, c, "one batch per step gives the same search");
    assert_eq!(a, d);
    assert!(!a.1.is_empty());
    assert!(a.2.snapshots.len() > 3);
}

#[test]
fn terminal_positions_are_valued_exactly() {
    let (r, s) = run(tree_at(MATE_OR_STALEMATE), virtual_go(3_000), &mut never());
    let by = |uci: &str| r.root.iter().find(|m| m.uci == uci).unwrap().clone();
    let mate = by("c5c8");
    assert_eq!(mate.bound, Bound::Win);
    assert_eq!(mate.q, Some(1.0));
    let stalemate = by("c5c7");
    assert_eq!(stalemate.bound, Bound::Draw);
    if stalemate.visits > 0 {
        assert_eq!(stalemate.q, Some(0.0));
    }
    assert!(matches!(r.score, Score::MateIn(1)));
    assert_eq!(by(&r.best_move).bound, Bound::Win);
    drop(s);

    // Fifty-move rule: any non-zeroing move draws (no mate available).
    let (r, _) = run(tree_at("8/8/4k3/8/8/3K4/8/3R4 w - - 99 80"), virtual_go(2_000), &mut never());
    for m in &r.root {
        if m.visits > 0 {
            assert_eq!(m.bound, Bound::Draw, "{}", m.uci);
            assert_eq!(m.q, Some(0.0));
        }
    }
}

#[test]
fn insufficient_material_and_repetition_are_draws() {
    // White knight takes the last black piece: K+N vs K.
    let (r, _) = run(tree_at("8/8/4k3/8/2r5/4N3/8/3K4 w - - 0 1"), virtual_go(2_000), &mut never());
    let nxc4 = r.root.iter().find(|m| m.uci == "e3c4").unwrap();
    assert_eq!(nxc4.bound, Bound::Draw);
    // Repetition: after Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1, Ng8 repeats the position.
    let mut tree = MctsTree::new();
    tree.set_position_uci(None, &["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"]).unwrap();
    let (r, _) = run(tree, virtual_go(2_000), &mut never());
    let back = r.root.iter().find(|m| m.uci == "f6g8").unwrap();
    assert_eq!(back.bound, Bound::Draw);
    assert!(r.root.iter().filter(|m| m.visits > 0 && m.bound == Bound::Draw).count() >= 1);
}

#[test]
fn the_cheap_legal_move_test_never_claims_a_move_that_is_not_there() {
    use super::search::surely_has_move;
    // Random games (a fixed linear congruential sequence) through many kinds of positions,
    // plus stalemates and checkmates.
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let (mut checked, mut sure) = (0, 0);
    for _ in 0..40 {
        let mut pos = Chess::default();
        for _ in 0..200 {
            let moves = pos.legal_moves();
            let claim = surely_has_move(&pos);
            assert!(!claim || !moves.is_empty(), "claimed a move in a game-over position");
            checked += 1;
            sure += claim as u32;
            if moves.is_empty() {
                break;
            }
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            pos.play_unchecked(moves[(seed >> 33) as usize % moves.len()]);
        }
    }
    assert!(sure * 10 > checked * 8, "the shortcut should decide most positions: {sure}/{checked}");
    for fen in ["k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", MATE_OR_STALEMATE] {
        let pos = parse_fen(fen).unwrap();
        assert!(!surely_has_move(&pos) || !pos.legal_moves().is_empty(), "{fen}");
    }
    // A position whose only piece moves are pinned: the king decides.
    let pos = parse_fen("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1").unwrap();
    assert!(surely_has_move(&pos));
}

#[test]
fn repeated_finds_only_same_side_positions_within_the_clock() {
    use super::search::repeated;
    assert!(repeated(&[1, 2, 3, 4, 1], 4));
    assert!(!repeated(&[1, 2, 3, 4, 1], 3), "halfmove clock too short");
    assert!(!repeated(&[1, 5, 6, 1], 9), "an odd distance (other side to move) is not compared");
    assert!(repeated(&[9, 5, 2, 5], 2));
    assert!(!repeated(&[5], 10));
}

fn mate_in(pos: &Chess, n: u32) -> bool {
    pos.legal_moves().iter().any(|&m| {
        let mut p = pos.clone();
        p.play_unchecked(m);
        let replies = p.legal_moves();
        if replies.is_empty() {
            return p.is_check();
        }
        n > 1
            && replies.iter().all(|&r| {
                let mut q = p.clone();
                q.play_unchecked(r);
                mate_in(&q, n - 1)
            })
    })
}

#[test]
fn mate_in_one_and_mate_in_two_are_found_and_proven() {
    let mut go = virtual_go(200_000);
    go.stop_when_decided = true;
    let (r, _) = run(tree_at(MATE_OR_STALEMATE), go.clone(), &mut never());
    assert_eq!(r.reason, StopReason::ForcedWin);
    assert_eq!(r.score, Score::MateIn(1));
    let mut pos = parse_fen(MATE_OR_STALEMATE).unwrap();
    pos.play_unchecked(r.best);
    assert!(pos.is_checkmate());

    // A mate in two (checked by brute force) is proven through the propagation of bounds.
    let fen = "2k5/8/1K6/8/8/8/8/7R w - - 0 1";
    let pos = parse_fen(fen).unwrap();
    assert!(!mate_in(&pos, 1) && mate_in(&pos, 2));
    let (r, _) = run(tree_at(fen), go, &mut never());
    assert_eq!(r.reason, StopReason::ForcedWin);
    assert_eq!(r.score, Score::MateIn(3));
    let mut p = pos.clone();
    p.play_unchecked(r.best);
    assert!(p.legal_moves().iter().all(|&reply| {
        let mut q = p.clone();
        q.play_unchecked(reply);
        mate_in(&q, 1)
    }));
}

#[test]
fn node_cap_is_respected_and_the_search_keeps_visiting() {
    let params = MctsParams { node_cap: 1_000, batch_size: 64, ..MctsParams::default() };
    let mut s = MctsSearch::new(tree_at(KIWIPETE), params.clone(), virtual_go(20_000)).unwrap();
    let r = s.run_to_end(&mut never(), &mut |_| {});
    assert_eq!(r.playouts, 20_000);
    assert_eq!(r.total_nodes, 20_000);
    assert!(r.tree_full);
    assert!(r.tree_nodes <= 1_000, "{}", r.tree_nodes);
    let arena = &s.tree().arena;
    assert!(arena.edges.len() as usize <= 1_000 * super::EDGE_BUDGET_PER_NODE);
    assert!(arena.kids.len() as usize <= 1_000 * super::KID_BUDGET_PER_NODE);
    assert_eq!(r.root.iter().map(|m| m.visits).sum::<u64>() + 1, 20_000, "root N = 1 + Σ children");
    assert_invariants(arena, true);
    // With stop_when_full the search ends as soon as the tree is full.
    let mut go = virtual_go(20_000);
    go.stop_when_full = true;
    let mut s = MctsSearch::new(tree_at(KIWIPETE), params, go).unwrap();
    let r = s.run_to_end(&mut never(), &mut |_| {});
    assert_eq!(r.reason, StopReason::TreeFull);
    assert!(r.playouts < 2_000);
}

#[test]
fn the_default_node_cap_keeps_the_tree_under_256_mb() {
    use super::{DEFAULT_NODE_CAP, EDGE_BYTES, KID_BYTES, MAX_BYTES_PER_NODE, NODE_BYTES};
    // One partly used chunk per arena on top of the budgets.
    let chunks = (1 << 15) * NODE_BYTES + (1 << 16) * EDGE_BYTES + (1 << 15) * KID_BYTES;
    let worst = DEFAULT_NODE_CAP as usize * MAX_BYTES_PER_NODE + chunks;
    assert!(worst < 256_000_000, "{worst}");
    assert_eq!(MAX_BYTES_PER_NODE, 176);
}

#[test]
fn reuse_keeps_exactly_the_chosen_subtree() {
    let mut tree = MctsTree::new();
    tree.set_position_uci(None, &["e2e4"]).unwrap();
    let (r, s) = run(tree, virtual_go(20_000), &mut never());
    let mut tree = s.into_tree();
    // Our move (black's best) and white's most-visited reply.
    let ours = r.best_move.clone();
    let (_, our_kid) = tree.arena.kid_by_move(tree.arena.root, pm(&tree, &ours)).unwrap();
    assert_ne!(our_kid.node, NONE);
    let reply_kid = *tree.arena.kids_of(our_kid.node).iter().max_by_key(|k| k.n).unwrap();
    let reply = tree.arena.edges_of(our_kid.node)[reply_kid.edge as usize].mv;
    let mut p = tree.root_position().clone();
    p.play_unchecked(pm(&tree, &ours).unpack(p.board()));
    let reply_uci = reply.to_uci(p.board());
    let expected = signature(&tree.arena, reply_kid);
    let expected_n = reply_kid.n as u64;
    let expected_nodes = count_nodes(&tree.arena, reply_kid);
    let before_nodes = tree.node_count();
    let reuse = tree.set_position_uci(None, &["e2e4", &ours, &reply_uci]).unwrap();
    assert_eq!(reuse.head_n, expected_n);
    assert_eq!(reuse.kept_nodes + reuse.freed_nodes, before_nodes);
    assert_eq!(reuse.kept_nodes, tree.node_count());
    assert_eq!(tree.node_count() as usize, expected_nodes, "exactly the subtree's nodes are kept");
    assert_eq!(signature(&tree.arena, tree.arena.root_kid), expected);
    tree.arena.check_walks();
    assert_invariants(&tree.arena, false);
    // The reused tree searches on: total = head_n + playouts, and stays consistent.
    let mut go = virtual_go(3_000);
    go.max_playouts = Some(3_000);
    let mut chain = Chain::new(f64::INFINITY, None);
    let mut s = MctsSearch::new(tree, small_params(), go).unwrap();
    let r = s.run_to_end(&mut chain, &mut |_| {});
    assert_eq!(r.head_n, expected_n);
    assert_eq!(r.total_nodes, expected_n + 3_000);
    assert!(chain.polls.iter().all(|p| p.total == expected_n + p.this_move));
    assert_invariants(&s.tree().arena, false);
    // A different game (or a move not in the tree) starts afresh.
    let mut tree = s.into_tree();
    let reuse = tree.set_position_uci(Some(KIWIPETE), &[]).unwrap();
    assert_eq!(reuse.head_n, 0);
    assert_eq!(tree.node_count(), 0);
}

fn pm(tree: &MctsTree, uci: &str) -> super::PackedMove {
    let m = uci.parse::<shakmaty::uci::UciMove>().unwrap().to_move(tree.root_position()).unwrap();
    super::PackedMove::pack(m)
}

#[test]
fn measured_reuse_over_a_self_play_game() {
    // Ten plies of self-play at 4000 playouts (the engine plays both sides, so one move is added
    // per search): head_n is what the previous search left under the move played, and the
    // measured reuse fraction (what smooth's tree-reuse estimate tracks) is a proper fraction.
    let mut tree = MctsTree::new();
    let mut moves: Vec<String> = Vec::new();
    let mut last_total = 0u64;
    let mut fractions = Vec::new();
    for ply in 0..10 {
        let (r, s) = run(tree, virtual_go(4_000), &mut never());
        assert_eq!(r.total_nodes, r.head_n + 4_000, "ply {ply}");
        if ply >= 2 {
            fractions.push(r.head_n as f64 / last_total as f64);
        }
        last_total = r.total_nodes;
        moves.push(r.best_move.clone());
        tree = s.into_tree();
        tree.arena.check_walks();
        let refs: Vec<&str> = moves.iter().map(String::as_str).collect();
        tree.set_position_uci(None, &refs).unwrap();
        tree.arena.check_walks();
    }
    assert!(fractions.iter().all(|f| (0.0..1.0).contains(f)), "{fractions:?}");
    assert!(fractions.iter().any(|&f| f > 0.0), "some subtree was reused: {fractions:?}");
}

#[test]
fn a_smooth_style_reuse_estimate_converges_toward_the_measured_reuse() {
    // Two engines with their own trees play 16 moves each at 3000 playouts. Each search reuses
    // the subtree under its previous move and the opponent's reply; head_n / previous total is
    // the measured reuse that lc0's smooth manager tracks with ExponentialDecay (spec §6.3,
    // preset lc0: r₀ = 0.52, cap 0.73, step 3.39 average moves; equal moves, so frac = 1).
    // This uses the shared ED building block; the smooth manager itself lives in `tm`.
    use crate::tm::decay::exponential_decay;
    const R0: f32 = 0.52;
    let mut trees = [MctsTree::new(), MctsTree::new()];
    let mut last_total = [0u64; 2];
    let mut r = [R0; 2]; // one manager per engine
    let mut moves: Vec<String> = Vec::new();
    let mut measured = Vec::new();
    let mut estimates = Vec::new();
    for ply in 0..32 {
        let side = ply % 2;
        let refs: Vec<&str> = moves.iter().map(String::as_str).collect();
        let reuse = trees[side].set_position_uci(None, &refs).unwrap();
        let tree = std::mem::take(&mut trees[side]);
        let (res, s) = run(tree, virtual_go(3_000), &mut never());
        assert_eq!(res.head_n, reuse.head_n);
        if last_total[side] > 0 {
            let m = reuse.head_n as f32 / last_total[side] as f32;
            assert!((0.0..1.0).contains(&m));
            measured.push(m);
            r[side] = exponential_decay(r[side], m, 3.39, 1.0).min(0.73);
            estimates.push(r[side]);
        }
        last_total[side] = res.total_nodes;
        moves.push(res.best_move);
        trees[side] = s.into_tree();
    }
    let mean = |v: &[f32]| v.iter().sum::<f32>() / v.len() as f32;
    let game = mean(&measured);
    let late = mean(&estimates[estimates.len() / 2..]);
    assert!(measured.iter().any(|&m| m > 0.05), "subtrees were reused: {measured:?}");
    assert!(
        (late - game).abs() < 0.5 * (R0 - game).abs(),
        "estimates in the second half ({late}) should be near the measured reuse ({game}), not r0"
    );
}

#[test]
fn ponder_on_the_opponents_time_then_reuse_the_reply() {
    // After our 1.e4 we search with black to move (pondering): all replies get visits.
    let mut tree = MctsTree::new();
    tree.set_position_uci(None, &["e2e4"]).unwrap();
    let mut go = virtual_go(6_000);
    go.pondering = true;
    let mut chain = Chain::new(f64::INFINITY, Some(SmartPruning::default()));
    let (r, s) = run(tree, go, &mut chain);
    assert!(chain.polls.iter().all(|p| p.pondering));
    assert_eq!(r.reason, StopReason::Nodes, "SmartPruning is inactive while pondering");
    assert!(r.root.iter().filter(|m| m.visits > 0).count() > 5);
    // The opponent plays c7c5: its subtree becomes the root and its visits head_n.
    let expected = r.root.iter().find(|m| m.uci == "c7c5").unwrap().visits;
    let mut tree = s.into_tree();
    let reuse = tree.set_position_uci(None, &["e2e4", "c7c5"]).unwrap();
    assert_eq!(reuse.head_n, expected);
}

#[test]
fn ponderhit_turns_the_ponder_tree_into_reused_visits() {
    let mut go = GoOptions::new(Timer::virtual_nps(100_000.0));
    go.pondering = true;
    let mut s = MctsSearch::new(tree_at(START), small_params(), go).unwrap();
    let mut infinite = Chain::new(f64::INFINITY, None);
    for _ in 0..10 {
        assert_eq!(s.step(&mut infinite, 5, &mut |_| {}), Progress::Running);
    }
    assert!(infinite.polls.iter().all(|p| p.pondering));
    let head = s.ponderhit(Timer::virtual_nps(100_000.0));
    assert_eq!(head, 10 * 5 * 64);
    assert!(!s.is_pondering());
    let mut chain = Chain::new(50.0, None);
    let r = s.run_to_end(&mut chain, &mut |_| {});
    assert_eq!(r.reason, StopReason::Deadline);
    assert_eq!(r.head_n, head);
    assert_eq!(chain.polls[0].this_move, 64, "counters restart at ponderhit");
    assert_eq!(chain.polls[0].since_first, 0.0);
    assert!(chain.polls.iter().all(|p| p.total == head + p.this_move && !p.pondering));
    assert!(s.visit_race().snapshots.iter().any(|x| x.pondering));
    assert!(s.visit_race().snapshots.iter().any(|x| !x.pondering));
}

#[test]
fn single_legal_move() {
    // White king in check with one legal move.
    let fen = "k7/8/8/8/8/8/1r6/K1r5 w - - 0 1";
    assert_eq!(parse_fen(fen).unwrap().legal_moves().len(), 1);
    // With SmartPruning in the chain: stops at the first poll.
    let mut chain = Chain::new(1000.0, Some(SmartPruning::default()));
    let (r, _) = run(tree_at(fen), GoOptions::new(Timer::virtual_nps(1e5)), &mut chain);
    assert_eq!(r.reason, StopReason::OnlyMove);
    assert_eq!(r.batches, 1);
    assert_eq!(r.best_move, "a1b2");
    // NeverStop + stop_when_decided: the same; NeverStop alone searches on until its limit.
    let mut go = virtual_go(5_000);
    go.stop_when_decided = true;
    let (r, _) = run(tree_at(fen), go, &mut never());
    assert_eq!((r.reason, r.batches), (StopReason::OnlyMove, 1));
    let (r, _) = run(tree_at(fen), virtual_go(5_000), &mut never());
    assert_eq!((r.reason, r.playouts), (StopReason::Nodes, 5_000));
}

#[test]
fn info_lines_and_visit_race() {
    let mut infos = Vec::new();
    let mut s = MctsSearch::new(tree_at(START), small_params(), virtual_go(10_000)).unwrap();
    let r = s.run_to_end(&mut never(), &mut |l| infos.push(l.clone()));
    let last = infos.last().unwrap();
    assert_eq!(last.nodes, 10_000);
    assert_eq!(last.pv.first(), Some(&r.best_move));
    assert_eq!(last.score, r.score);
    assert!(last.nps.is_some() && last.seldepth >= last.depth && last.depth >= 1);
    assert!(last.to_uci().starts_with("info depth "));
    assert!(infos.windows(2).all(|w| w[0].nodes <= w[1].nodes));
    let race = s.visit_race();
    assert_eq!(race.moves.len(), 20);
    assert!(race.snapshots.windows(2).all(|w| w[0].elapsed_ms < w[1].elapsed_ms));
    let fin = race.snapshots.last().unwrap();
    assert_eq!(fin.playouts, 10_000);
    for (m, v) in r.root.iter().zip(&fin.visits) {
        assert_eq!(m.visits, *v as u64);
    }
    // Throttled: 100 ms virtual at 25 ms spacing → a handful of snapshots, not one per batch.
    assert!(race.snapshots.len() <= 10, "{}", race.snapshots.len());
}

#[test]
fn stop_command_between_slices_and_game_over_roots() {
    let mut s = MctsSearch::new(tree_at(START), small_params(), GoOptions::new(Timer::real())).unwrap();
    assert_eq!(s.step(&mut never(), 2, &mut |_| {}), Progress::Running);
    s.request_stop();
    let Progress::Done(r) = s.step(&mut never(), 2, &mut |_| {}) else { panic!("stop ignored") };
    assert_eq!(r.reason, StopReason::Command);
    assert_eq!(r.playouts, 128);
    assert!(matches!(s.step(&mut never(), 2, &mut |_| {}), Progress::Done(_)));
    // A stop before anything was searched still evaluates one batch and names a move.
    let mut s = MctsSearch::new(tree_at(KIWIPETE), small_params(), virtual_go(10_000)).unwrap();
    s.request_stop();
    let Progress::Done(r) = s.step(&mut never(), 5, &mut |_| {}) else { panic!("stop ignored") };
    assert_eq!((r.reason, r.playouts, r.batches), (StopReason::Command, 64, 1));
    assert!(r.best.from().is_some());
    // `go nodes`: the visits limit counts reused visits too.
    let mut go = virtual_go(1_000_000);
    go.max_visits = Some(1_000);
    let (r, _) = run(tree_at(START), go, &mut never());
    assert_eq!((r.reason, r.total_nodes), (StopReason::Nodes, 1_000));
    let mated = tree_at("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1");
    assert!(MctsSearch::new(mated, small_params(), virtual_go(10)).unwrap_err().contains("checkmate"));
    let bad = MctsParams { c_puct: -1.0, ..MctsParams::default() };
    assert!(MctsSearch::new(tree_at(START), bad, virtual_go(10)).unwrap_err().contains("c-puct"));
}

#[test]
fn bad_positions_and_moves_are_errors() {
    let mut tree = MctsTree::new();
    assert!(tree.set_position_uci(Some("not a fen"), &[]).unwrap_err().contains("malformed FEN"));
    assert!(tree.set_position_uci(None, &["e2e5"]).unwrap_err().contains("not legal"));
    assert!(tree.set_position_uci(None, &["e2"]).unwrap_err().contains("not UCI"));
    assert!(tree.set_position_uci(Some("8/8/8/8/8/8/8/8 w - - 0 1"), &[]).unwrap_err().contains("illegal"));
}

#[cfg(not(target_arch = "wasm32"))]
#[test]
fn native_thread_control() {
    use super::{Controlled, SearchControl};
    use std::sync::Arc;
    let control = Arc::new(SearchControl::new());
    let c2 = Arc::clone(&control);
    let handle = std::thread::spawn(move || {
        let mut go = GoOptions::new(Timer::real());
        go.pondering = true;
        let mut s = MctsSearch::new(MctsTree::new(), small_params(), go).unwrap();
        let first = s.run_controlled(&mut never(), &c2, &mut |_| {});
        assert_eq!(first, Controlled::PonderHit);
        let head = s.ponderhit(Timer::real());
        let second = s.run_controlled(&mut never(), &c2, &mut |_| {});
        (head, second)
    });
    std::thread::sleep(std::time::Duration::from_millis(30));
    control.request_ponderhit();
    std::thread::sleep(std::time::Duration::from_millis(30));
    control.request_stop();
    let (head, second) = handle.join().unwrap();
    assert!(head > 0);
    let Controlled::Done(r) = second else { panic!("expected the search to end") };
    assert_eq!(r.reason, StopReason::Command);
    assert_eq!(r.head_n, head);
    assert_eq!(r.total_nodes, head + r.playouts);
}

/// Bench: `cargo test --release -p tmlab mcts_bench -- --ignored --nocapture`.
#[test]
#[ignore = "benchmark; run in release"]
fn mcts_bench() {
    let report = super::bench(200_000, &MctsParams::default()).unwrap();
    println!("{}", serde_json::to_string_pretty(&report).unwrap());
}

#[test]
#[ignore = "diagnostic"]
fn tree_shape_diagnostic() {
    for fen in [START, KIWIPETE] {
        let (r, s) = run(tree_at(fen), virtual_go(50_000), &mut never());
        let t = s.tree();
        println!(
            "{fen}: depth {} seldepth {} nodes {} edges {} records {} qnodes/playout {:.2}",
            r.depth,
            r.seldepth,
            t.node_count(),
            t.edge_count(),
            t.kid_count(),
            s.qsearch_nodes() as f64 / 50_000.0
        );
    }
}

/// The wasm bench (node or headless Chromium, whichever the runner uses):
/// `cargo test --release --target wasm32-unknown-unknown --lib mcts_wasm_bench -- --include-ignored`.
/// Prints the same report as the native bench, to compare playouts/s at equal tree sizes.
#[cfg(target_arch = "wasm32")]
mod wasm_bench {
    use wasm_bindgen_test::{console_log, wasm_bindgen_test};

    #[wasm_bindgen_test]
    #[ignore = "benchmark; run in release"]
    fn mcts_wasm_bench() {
        let report = super::super::bench(50_000, &super::MctsParams::default()).unwrap();
        for p in &report.positions {
            console_log!(
                "{:<12} {:>8} playouts {:>8.0} ms {:>10.0} playouts/s",
                p.name,
                p.playouts,
                p.ms,
                p.playouts_per_s
            );
        }
        console_log!("wasm total: {:.0} playouts/s", report.playouts_per_s);
        console_log!("{}", serde_json::to_string(&report).unwrap());
    }
}
