//! The stopper contract: the stats of every poll (spec §0.7), and SmartPruning with root pruning
//! (spec §8).

use super::*;

/// The Q statistics MCTS managers read (monty, princhess): per-move Q, the root's Q, the spread
/// of the backed-up values, Q along the PV and the average depth, checked against the tree.
#[test]
fn q_statistics_agree_with_the_tree() {
    let mut chain = Chain::new(30.0, None);
    let (r, _) = run(tree_at(KIWIPETE), GoOptions::new(Timer::virtual_nps(100_000.0)), &mut chain);
    let last = chain.polls.last().unwrap();
    assert_eq!(last.root_q.len(), last.root_visits.len());
    for (m, (&n, &q)) in r.root.iter().zip(last.root_visits.iter().zip(&last.root_q)) {
        assert_eq!(m.visits, n);
        assert_eq!(q, m.q.map_or(0.0, f64::from), "{}: root_q is the move's Q", m.uci);
    }
    // The root's Q is the mean of all its visits: the children's visits plus the first one
    // (the root's own value, within ±1), so N·root_value − Σ nᵢqᵢ lies within ±1.
    let weighted: f64 = last.root_visits.iter().zip(&last.root_q).map(|(&n, &q)| n as f64 * q).sum();
    let gap = last.total as f64 * last.root_value - weighted;
    assert!(gap.abs() <= 1.0 + 1e-3, "{gap}");
    assert!(
        (f64::from(r.q)
            - last.root_q
                [last.root_visits.iter().enumerate().max_by_key(|(i, n)| (**n, usize::MAX - i)).unwrap().0])
            .abs()
            < 1e-6
    );
    assert!(last.root_value_sd > 0.01 && last.root_value_sd <= 1.0, "{}", last.root_value_sd);
    assert_eq!(chain.polls[0].root_value_sd > 0.0, chain.polls[0].this_move >= 2);
    // The PV starts with the best move's Q and alternates views below it.
    assert!(!last.pv_q.is_empty() && last.pv_q.len() <= 64);
    assert_eq!(last.pv_q[0], f64::from(r.q));
    assert!(last.pv_q.len() as u32 >= r.depth.min(2), "{:?} vs depth {}", last.pv_q, r.depth);
    assert_eq!(last.avg_depth.floor() as u32, r.depth, "the info line's depth, unrounded");
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
