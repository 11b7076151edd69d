//! Tests of `match_`.

use super::*;
use crate::play::openings::builtin;
use crate::tm::SearchKind;

/// A short virtual-clock match between two alpha-beta players with different controls.
pub(super) fn config(games: u32) -> MatchConfig {
    let adjudication = Adjudication { max_moves: Some(30), ..Adjudication::default() };
    MatchConfig {
        a: EngineConfig::new(SearchKind::AlphaBeta, "stockfish".parse().unwrap()),
        b: EngineConfig::new(SearchKind::AlphaBeta, "lc0-legacy".parse().unwrap()),
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
fn emergency_thresholds_follow_lichess() {
    assert_eq!(emergency_threshold_ms(1_000.0), 2_000.0);
    assert_eq!(emergency_threshold_ms(30_000.0), 6_000.0);
    assert_eq!(emergency_threshold_ms(180_000.0), 22_500.0);
    assert_eq!(emergency_threshold_ms(60_000.0), 10_000.0);
    assert_eq!(emergency_threshold_ms(3_600_000.0), 60_000.0);
}

/// Without a clock (`nodes=`) a match has no share of the clock and no time left to report:
/// `-`, never `inf s` or `0.0 %`.
#[test]
fn a_match_without_a_clock_reports_no_clock_figures() {
    let mut cfg = config(2);
    cfg.tc_a = "nodes=200".parse().unwrap();
    cfg.tc_b = "nodes=200".parse().unwrap();
    cfg.sprt = None;
    let state = run_match(&cfg, 1, &mut |_, _| {}).unwrap();
    let report = state.report(None);
    let line = report.a.line();
    assert!(line.contains("left at end -"), "{line}");
    assert!(!line.contains("inf"), "{line}");
    assert_eq!(report.a.share_by_20, None, "{line}");
}
