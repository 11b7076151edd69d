//! Determinism, exact node and depth limits, and aborted iterations.

use super::*;

#[test]
fn virtual_time_makes_searches_deterministic() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10";
    let run = || {
        let (r, reports) = search(fen, Limits::movetime(40.0));
        let lines: Vec<String> = reports.iter().map(IterationReport::to_uci).collect();
        (r.best_move_uci, r.nodes, r.score, r.stop_reason, lines)
    };
    let a = run();
    let b = run();
    assert_eq!(a, b);
    assert_eq!(a.3, StopReason::MoveTime);
    // 40 virtual ms at 1000 nodes/ms: the first own check at or after node 40 000 stops.
    assert!(a.1 >= 40_000 && a.1 < 40_000 + limits::DEFAULT_CHECK_INTERVAL, "{}", a.1);
    assert!(a.4.iter().all(|l| l.contains(" nps 1000000 ")), "{:?}", a.4);
}

#[test]
fn node_limit_is_exact_and_depth_limit_stops_after_that_depth() {
    let (r, _) = search("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Limits::nodes(12_345));
    assert_eq!(r.nodes, 12_345);
    assert_eq!(r.stop_reason, StopReason::Nodes);
    let (r, reports) = search("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Limits::depth(5));
    assert_eq!(r.depth, 5);
    assert_eq!(reports.len(), 5);
    assert_eq!(r.stop_reason, StopReason::Depth);
    assert_eq!(reports.last().unwrap().decision.stop, Some(StopReason::Depth));
    assert!(r.pv.len() >= 2 && r.pv[0] == r.best_move_uci);
    assert_eq!(r.ponder_uci.as_deref(), Some(r.pv[1].as_str()));
}

/// A stopper that aborts at a pseudo-random poll, with a pseudo-random interval.
struct RandomAbort {
    interval: u64,
    polls_left: u32,
    budget: Budget,
}

impl Stopper for RandomAbort {
    fn check_interval(&self) -> u64 {
        self.interval
    }
    fn poll(&mut self, _: &SearchStats, _: &mut Hints) -> Decision {
        if self.polls_left == 0 {
            return Decision::stop(StopReason::HardLimit);
        }
        self.polls_left -= 1;
        Decision::CONTINUE
    }
    fn iteration_done(&mut self, _: &SearchStats) -> Decision {
        Decision::CONTINUE
    }
    fn budget(&self) -> &Budget {
        &self.budget
    }
}

#[test]
fn aborted_iterations_return_the_last_completed_legal_move() {
    let mut seed: u64 = 0x1234_5678_9ABC_DEF1;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut aborted = 0;
    for bp in bench::POSITIONS.iter().step_by(3) {
        for _ in 0..4 {
            let mut stopper = RandomAbort {
                interval: 1 + next() % 300,
                polls_left: (next() % 200) as u32,
                budget: Budget::unlimited(),
            };
            let root = RootPosition::from_fen(bp.fen).unwrap();
            let (r, reports) = search_with(&root, &mut stopper, Limits::depth(40), SearchControl::new());
            assert!(root.position().is_legal(r.best_move), "{} {}", bp.fen, r.best_move_uci);
            let last = reports.last().unwrap();
            assert_eq!(last.pv[0], r.best_move_uci, "the last completed iteration's move");
            assert_eq!(r.depth, last.depth);
            assert_eq!(r.score, last.score);
            if r.stop_reason == StopReason::HardLimit {
                aborted += 1;
            }
            // Walk the PV: every move is legal in turn.
            let mut pos = root.position().clone();
            for m in &r.pv {
                let mv = m.parse::<shakmaty::uci::UciMove>().unwrap().to_move(&pos).expect("legal pv");
                pos.play_unchecked(mv);
            }
        }
    }
    assert!(aborted > 20, "{aborted}");
}
