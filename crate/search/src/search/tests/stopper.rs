//! The contract with the stopper: poll cadence, soft checks with full stats, increase_depth,
//! ponderhit, stop, and telemetry.

use super::*;

/// Shared log of what a recording stopper saw.
#[derive(Default)]
struct Log {
    poll_nodes: Vec<u64>,
    iterations: Vec<(u32, u64, u64, u32, bool, f64)>,
    ponderhits: u32,
    root_moves: Vec<u32>,
}

/// Soft/hard limits in ms, a fixed interval, an optional Mediocre-style doubling rule, and
/// Stockfish-style increase_depth = false; records what it sees.
struct Recorder {
    interval: u64,
    soft_ms: f64,
    hard_ms: f64,
    doubling: bool,
    increase_depth: bool,
    log: Rc<RefCell<Log>>,
    budget: Budget,
    on_iteration: Option<Box<dyn FnMut(u32)>>,
}

impl Recorder {
    fn new(interval: u64, soft_ms: f64, hard_ms: f64) -> Self {
        Recorder {
            interval,
            soft_ms,
            hard_ms,
            doubling: false,
            increase_depth: true,
            log: Rc::default(),
            budget: Budget { soft_ms, hard_ms, terms: Vec::new() },
            on_iteration: None,
        }
    }
}

impl Stopper for Recorder {
    fn check_interval(&self) -> u64 {
        self.interval
    }
    fn poll(&mut self, stats: &SearchStats, hints: &mut Hints) -> Decision {
        assert_eq!(hints.remaining_ms, Hints::UNLIMITED_MS, "hints reset before every poll");
        self.log.borrow_mut().poll_nodes.push(stats.total_nodes);
        Decision::stop_if(stats.elapsed_ms >= self.hard_ms, StopReason::HardLimit)
    }
    fn iteration_done(&mut self, stats: &SearchStats) -> Decision {
        let it = stats.iterations.last().unwrap();
        self.log.borrow_mut().iterations.push((
            stats.completed_depth(),
            stats.best_move_nodes,
            stats.search_nodes,
            it.best_move_changes,
            stats.pondering,
            stats.elapsed_ms,
        ));
        self.log.borrow_mut().root_moves.push(stats.root_moves);
        assert!(stats.best_move_nodes <= stats.search_nodes);
        assert_eq!(stats.iterations.len() as u32, stats.completed_depth());
        if let Some(f) = self.on_iteration.as_mut() {
            f(stats.completed_depth());
        }
        let factor = if self.doubling { 2.0 } else { 1.0 };
        Decision {
            stop: (stats.elapsed_ms * factor > self.soft_ms).then_some(StopReason::SoftLimit),
            increase_depth: self.increase_depth,
        }
    }
    fn budget(&self) -> &Budget {
        &self.budget
    }
    fn ponderhit(&mut self, stats: &SearchStats) {
        assert!(stats.pondering);
        self.log.borrow_mut().ponderhits += 1;
    }
}

const MIDDLEGAME: &str = "r1bq1r1k/b1p1npp1/p2p3p/1p6/3PP3/1B2NN2/PP3PPP/R2Q1RK1 w - - 1 16";

#[test]
fn polls_come_exactly_every_check_interval_nodes_after_depth_one() {
    let mut rec = Recorder::new(100, f64::INFINITY, 30.0);
    let log = rec.log.clone();
    let (r, reports) = search_with(
        &RootPosition::from_fen(MIDDLEGAME).unwrap(),
        &mut rec,
        Limits::default(),
        SearchControl::new(),
    );
    assert_eq!(r.stop_reason, StopReason::HardLimit);
    let log = log.borrow();
    let polls = &log.poll_nodes;
    assert!(polls.len() > 100);
    assert!(
        polls.windows(2).all(|w| w[1] - w[0] == 100),
        "cadence: one check at the end of depth 1, then every interval"
    );
    assert!(
        polls[0] >= reports[0].nodes,
        "depth 1 ({} nodes) ends before its first check is due",
        reports[0].nodes
    );
    // Hard limit 30 virtual ms = 30 000 nodes: the abort comes at the first poll at or past it.
    assert!(r.nodes >= 30_000 && r.nodes < 30_000 + 100, "{}", r.nodes);
    assert!(r.elapsed_ms - 30.0 < 0.1);
}

#[test]
fn a_search_slower_than_its_clock_stops_inside_depth_one() {
    // A check every node and a hard limit inside this middlegame's depth 1 (1 node = 1 virtual
    // µs): the search stops at the first check past the limit and plays, as Stockfish does, the
    // best root move searched so far, or inside the first root move the first of the root
    // ordering (a capped level, or a slow machine, no longer finishes an iteration that
    // outlasts its clock).
    let (full, _) = search(MIDDLEGAME, Limits::depth(1));
    let legal = parse_fen(MIDDLEGAME).unwrap().legal_moves();
    for hard_nodes in [1, full.nodes / 2, full.nodes - 1] {
        let mut rec = Recorder::new(1, f64::INFINITY, hard_nodes as f64 / 1000.0);
        let log = rec.log.clone();
        let root = RootPosition::from_fen(MIDDLEGAME).unwrap();
        let (r, reports) = search_with(&root, &mut rec, Limits::default(), SearchControl::new());
        assert_eq!(r.stop_reason, StopReason::HardLimit);
        assert!(reports.is_empty() && log.borrow().iterations.is_empty(), "no iteration completed");
        assert_eq!(r.nodes, hard_nodes, "stopped at the check at the limit (depth 1: {} nodes)", full.nodes);
        assert!(legal.iter().any(|&m| uci(m) == r.best_move_uci));
        assert_eq!(r.pv.first(), Some(&r.best_move_uci));
        if hard_nodes == 1 {
            assert_eq!((r.depth, r.pv.len()), (0, 1), "inside the first root move");
        } else {
            assert_eq!(r.depth, 1, "past the first root move");
        }
    }
}

#[test]
fn soft_limit_is_checked_at_iteration_boundaries_with_full_stats() {
    let mut rec = Recorder::new(1024, 20.0, f64::INFINITY);
    let log = rec.log.clone();
    let (r, reports) = search_with(
        &RootPosition::from_fen(MIDDLEGAME).unwrap(),
        &mut rec,
        Limits::default(),
        SearchControl::new(),
    );
    assert_eq!(r.stop_reason, StopReason::SoftLimit);
    let log = log.borrow();
    let last = log.iterations.last().unwrap();
    assert!(last.5 > 20.0, "stopped at the first boundary past soft");
    assert!(log.iterations[..log.iterations.len() - 1].iter().all(|it| it.5 <= 20.0));
    assert_eq!(log.iterations.iter().map(|it| it.0).collect::<Vec<_>>(), (1..=r.depth).collect::<Vec<_>>());
    assert!(log.iterations.iter().all(|it| it.1 > 0 && it.1 <= it.2 && !it.4));
    let n = parse_fen(MIDDLEGAME).unwrap().legal_moves().len() as u32;
    assert!(log.root_moves.iter().all(|&m| m == n), "{:?}", log.root_moves);
    assert_eq!(reports.last().unwrap().budget.soft_ms, 20.0);
    assert_eq!(reports.last().unwrap().decision.stop, Some(StopReason::SoftLimit));
}

#[test]
fn mediocre_doubling_rule_stops_earlier_than_plain_soft() {
    let root = RootPosition::from_fen(MIDDLEGAME).unwrap();
    // Iteration end times without limits, to pick a budget B between two of them where the
    // rules disagree: t[k] ≤ B < t[k+1] and 2·t[k−1] ≤ B < 2·t[k].
    let (_, reports) = search_with(&root, &mut NeverStop::default(), Limits::depth(12), SearchControl::new());
    let t: Vec<f64> = reports.iter().map(|r| r.elapsed_ms).collect();
    let (k, budget) = (2..t.len() - 1)
        .map(|k| (k, 1.5 * t[k]))
        .find(|&(k, b)| 2.0 * t[k - 1] <= b && b < t[k + 1])
        .expect("a budget where the two rules differ");
    let mut plain = Recorder::new(1024, budget, f64::INFINITY);
    let (a, _) = search_with(&root, &mut plain, Limits::default(), SearchControl::new());
    let mut doubling = Recorder::new(1024, budget, f64::INFINITY);
    doubling.doubling = true;
    let log = doubling.log.clone();
    let (b, _) = search_with(&root, &mut doubling, Limits::default(), SearchControl::new());
    assert_eq!(b.stop_reason, StopReason::SoftLimit);
    assert_eq!(b.depth as usize, k + 1, "doubling stops after t[k]");
    assert_eq!(a.depth as usize, k + 2, "plain soft stops after t[k+1]");
    assert!(b.nodes < a.nodes);
    let log = log.borrow();
    let (last, before) = log.iterations.split_last().unwrap();
    assert!(last.5 * 2.0 > budget);
    assert!(before.iter().all(|it| it.5 * 2.0 <= budget));
}

#[test]
fn increase_depth_false_follows_stockfish_search_again_counter() {
    let mut rec = Recorder::new(1024, f64::INFINITY, f64::INFINITY);
    rec.increase_depth = false;
    let (_, reports) = search_with(
        &RootPosition::from_fen(MIDDLEGAME).unwrap(),
        &mut rec,
        Limits::depth(12),
        SearchControl::new(),
    );
    let depths: Vec<(u32, u32)> = reports.iter().map(|r| (r.depth, r.search_depth)).collect();
    // c = d − 1 from depth 2 on: search depth max(1, d − ⌊3d/4⌋).
    let expected: Vec<(u32, u32)> = (1..=12).map(|d| (d, (d - 3 * d / 4).max(1))).collect();
    assert_eq!(depths, expected);
}

#[test]
fn ponderhit_is_delivered_once_and_clears_pondering() {
    let control = SearchControl::new();
    let mut rec = Recorder::new(256, 30.0, 60.0);
    let log = rec.log.clone();
    let c = control.clone();
    rec.on_iteration = Some(Box::new(move |d| {
        if d == 3 {
            c.ponderhit();
        }
    }));
    let limits = Limits { ponder: true, ..Limits::default() };
    let (r, _) = search_with(&RootPosition::from_fen(MIDDLEGAME).unwrap(), &mut rec, limits, control);
    let log = log.borrow();
    assert_eq!(log.ponderhits, 1);
    let pondering: Vec<bool> = log.iterations.iter().map(|it| it.4).collect();
    assert_eq!(&pondering[..3], &[true, true, true]);
    assert!(pondering[3..].iter().all(|p| !p));
    assert!(r.depth > 3);
}

#[test]
fn stop_flag_ends_the_search_with_command() {
    let control = SearchControl::new();
    let mut rec = Recorder::new(64, f64::INFINITY, f64::INFINITY);
    let c = control.clone();
    rec.on_iteration = Some(Box::new(move |d| {
        if d == 4 {
            c.stop();
        }
    }));
    let (r, _) =
        search_with(&RootPosition::from_fen(MIDDLEGAME).unwrap(), &mut rec, Limits::default(), control);
    assert_eq!(r.stop_reason, StopReason::Command);
    assert_eq!(r.depth, 4);
}

#[test]
fn stop_from_another_thread_ends_an_infinite_search() {
    let control = SearchControl::new();
    let c = control.clone();
    let handle = std::thread::spawn(move || {
        let mut engine = Searcher::new(1);
        let req = SearchRequest {
            stopper: &mut NeverStop::default(),
            timer: Timer::real(),
            limits: Limits::infinite(),
            control: c,
        };
        engine.search(&RootPosition::startpos(), req, &mut |_| {}).unwrap()
    });
    std::thread::sleep(std::time::Duration::from_millis(50));
    control.stop();
    let r = handle.join().unwrap();
    assert_eq!(r.stop_reason, StopReason::Command);
    assert!(Chess::default().is_legal(r.best_move));
}

#[test]
fn single_legal_move_is_left_to_the_stopper() {
    // White king in check from the protected rook, with one escape.
    let fen = "8/8/8/8/8/1k6/r7/K7 w - - 0 1";
    let root = RootPosition::from_fen(fen).unwrap();
    assert_eq!(root.position().legal_moves().len(), 1);
    let mut rec = Recorder::new(1024, f64::INFINITY, f64::INFINITY);
    let log = rec.log.clone();
    let (r, _) = search_with(&root, &mut rec, Limits::depth(6), SearchControl::new());
    assert_eq!(r.best_move_uci, "a1b1");
    assert!(log.borrow().root_moves.iter().all(|&n| n == 1));
    assert_eq!(r.depth, 6);
}

#[test]
fn telemetry_serialises_with_budget_and_decision() {
    let mut rec = Recorder::new(1024, 15.0, 50.0);
    let (r, reports) = search_with(
        &RootPosition::from_fen(MIDDLEGAME).unwrap(),
        &mut rec,
        Limits::movetime(35.0),
        SearchControl::new(),
    );
    let json = serde_json::to_value(&reports).unwrap();
    let first = &json[0];
    assert_eq!(first["budget"]["soft_ms"], 15.0);
    assert_eq!(first["budget"]["hard_ms"], 35.0, "movetime caps the stopper's hard limit");
    assert_eq!(first["budget"]["terms"][0]["name"], "movetime");
    assert!(first["decision"]["increase_depth"].as_bool().unwrap());
    let res = serde_json::to_value(&r).unwrap();
    assert_eq!(res["stop_reason"], "soft-limit");
    assert_eq!(res["best_move_uci"], r.best_move_uci);
}

#[test]
fn mate_scores_use_the_stop_score_scale() {
    let (r, reports) = search("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", Limits::depth(3));
    assert_eq!(r.score.as_cp(), MATE - 1);
    assert!(reports.iter().all(|it| it.to_uci().contains("score mate 1")));
    assert_eq!(move_key(r.best_move), u32::from(position::pack(r.best_move)));
    assert_eq!(uci(r.best_move), "d1d8");
}

#[test]
fn node_limits_are_exact_everywhere() {
    // A stopped child returns 0, which can look like a fail-high to its parent; no re-search
    // may follow it, or the search would count nodes past the limit. (Limits above the first
    // iteration's size: one iteration always completes.)
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19",
    ] {
        for limit in [5_003, 12_345, 33_331, 77_777] {
            let (r, _) = search(fen, Limits::nodes(limit));
            assert_eq!((r.nodes, r.stop_reason), (limit, StopReason::Nodes), "{fen} at {limit} nodes");
        }
    }
}
