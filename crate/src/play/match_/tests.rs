//! Tests of `match_`.

use super::*;
use crate::drive::SearcherKind;
use crate::play::openings::builtin;

fn config(games: u32) -> MatchConfig {
    let adjudication = Adjudication { max_moves: Some(30), ..Adjudication::default() };
    MatchConfig {
        a: EngineConfig::new(SearcherKind::Ab, "stockfish".parse().unwrap()),
        b: EngineConfig::new(SearcherKind::Ab, "lc0-legacy".parse().unwrap()),
        name_a: "A".into(),
        name_b: "B".into(),
        tc_a: "2+0.02".parse().unwrap(),
        tc_b: "1+0.02".parse().unwrap(),
        games,
        openings: builtin(),
        seed: 7,
        clock: ClockMode::Virtual { nps: 1e6, latency_ms: 0.0 },
        adjudication,
        sprt: Some(Sprt::new(0.0, 10.0).unwrap()),
        event: "t".into(),
        date: "????.??.??".into(),
    }
}

#[test]
fn opening_order_is_a_seeded_permutation() {
    let a = opening_order(131, 1);
    let mut s = a.clone();
    s.sort();
    assert_eq!(s, (0..131).collect::<Vec<_>>());
    assert_eq!(a, opening_order(131, 1));
    assert_ne!(a, opening_order(131, 2));
}

#[test]
fn pairs_swap_colours_on_the_same_opening_and_controls_follow_players() {
    let cfg = config(4);
    let order = opening_order(cfg.openings.len(), cfg.seed);
    let (g0, o0) = cfg.game(0, &order);
    let (g1, o1) = cfg.game(1, &order);
    let (_, o2) = cfg.game(2, &order);
    assert_eq!(o0, o1);
    assert_ne!(o0, o2);
    assert_eq!((g0.white.name.as_str(), g1.white.name.as_str()), ("A", "B"));
    assert_eq!(g0.white.tc.to_string(), g1.black.tc.to_string());
}

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
fn emergency_thresholds_follow_lichess() {
    assert_eq!(emergency_threshold_ms(1_000.0), 2_000.0);
    assert_eq!(emergency_threshold_ms(30_000.0), 6_000.0);
    assert_eq!(emergency_threshold_ms(180_000.0), 22_500.0);
    assert_eq!(emergency_threshold_ms(60_000.0), 10_000.0);
    assert_eq!(emergency_threshold_ms(3_600_000.0), 60_000.0);
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
