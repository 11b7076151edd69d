//! Tests of the native match runner (threads: not built for wasm).

use super::super::tests::config;
use super::*;

#[test]
fn a_scores_only_state_keeps_no_records_and_the_same_statistics() {
    let cfg = config(4);
    let full = run_match(&cfg, 1, &mut |_, _| {}).unwrap();
    let lean =
        run_match_into(&cfg, 1, MatchState::scores_only(4), &mut |g, _| assert!(!g.record.pgn.is_empty()))
            .unwrap();
    assert!(lean.games.is_empty());
    assert_eq!(lean.finished(), 4);
    let (a, b) = (full.report(cfg.sprt), lean.report(cfg.sprt));
    assert_eq!(serde_json::to_string(&a).unwrap(), serde_json::to_string(&b).unwrap());
}

#[test]
fn a_threaded_match_counts_pairs_and_time_usage_deterministically() {
    let cfg = config(4);
    let mut seen = Vec::new();
    let st = run_match(&cfg, 2, &mut |g, s| seen.push((g.score.index, s.finished()))).unwrap();
    assert_eq!(st.finished(), 4);
    let mut idx: Vec<u32> = seen.iter().map(|x| x.0).collect();
    idx.sort();
    assert_eq!(idx, [0, 1, 2, 3]);
    let r = st.report(cfg.sprt);
    assert_eq!(r.block.wdl.games(), 4);
    assert_eq!(r.block.penta.pairs(), 2);
    assert!(r.block.sprt.is_some());
    assert_eq!(r.a.timeouts + r.b.timeouts, 0);
    assert!(r.a.share_by_20.is_some_and(|x| x > 0.0 && x < 1.0), "{:?}", r.a);
    assert!(r.a.used_over_allocated.is_some());
    assert!(r.a.used_over_effective.is_some(), "stockfish reports its effective limit");
    let line = r.a.line();
    assert!(line.contains("used/allocated (base soft) ") && line.contains("used/effective soft "), "{line}");
    let text = r.to_text("A", "B");
    assert!(text.contains("Ptnml(0-2)") && text.contains("LLR") && text.contains("timeouts 0"), "{text}");
    // Virtual clock: the same match again gives the same games, whatever the thread order.
    let st2 = run_match(&cfg, 1, &mut |_, _| {}).unwrap();
    for (x, y) in st.games.iter().zip(&st2.games) {
        assert_eq!(x.as_ref().unwrap().record.pgn, y.as_ref().unwrap().record.pgn);
    }
}
