//! Driving a search: a single legal move, info lines and the visit race, stop, bad input,
//! thread control, and the benches.

use super::*;

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
    assert!(
        MctsSearch::new(mated, small_params(), virtual_go(10)).unwrap_err().to_string().contains("checkmate")
    );
    let bad = MctsParams { c_puct: -1.0, ..MctsParams::default() };
    assert!(MctsSearch::new(tree_at(START), bad, virtual_go(10)).unwrap_err().to_string().contains("c-puct"));
}

#[test]
fn bad_positions_and_moves_are_errors() {
    let mut tree = MctsTree::new();
    assert!(tree.set_position_uci(Some("not a fen"), &[]).unwrap_err().to_string().contains("malformed FEN"));
    assert!(tree.set_position_uci(None, &["e2e5"]).unwrap_err().to_string().contains("not legal"));
    assert!(tree.set_position_uci(None, &["e2"]).unwrap_err().to_string().contains("not UCI"));
    assert!(
        tree.set_position_uci(Some("8/8/8/8/8/8/8/8 w - - 0 1"), &[])
            .unwrap_err()
            .to_string()
            .contains("illegal")
    );
}

#[cfg(not(target_arch = "wasm32"))]
#[test]
fn native_thread_control() {
    use super::super::{Controlled, SearchControl};
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
    let report = super::super::bench(200_000, &MctsParams::default()).unwrap();
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
        let report = super::super::super::bench(50_000, &super::MctsParams::default()).unwrap();
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
