//! Tests for the Guide manager.

use super::*;
use crate::stop::Score;

fn it(depth: u32, best_move: u32, cp: i32) -> Iteration {
    Iteration { depth, best_move, score: Score::Cp(cp), best_move_changes: 0 }
}

#[test]
fn reference_vector_h() {
    // §11(h): recap, clock 10100, inc 100 → base 580, soft 290, hard 1740; checks use elapsed + 50.
    let mut g = Guide::new(GuideConfig::RECAP);
    let b = g.begin_move(&MoveContext::new(10_100.0, 100.0, 0));
    assert_eq!((b.soft_ms, b.hard_ms), (290.0, 1740.0));
    assert!(b.terms.iter().any(|t| t.name == "base" && t.value == 580.0));
    let its = [it(1, 1, 0)];
    let s = |e: f64| SearchStats { elapsed_ms: e, iterations: &its, ..Default::default() };
    assert!(!g.iteration_done(&s(239.0)).is_stop());
    assert!(g.iteration_done(&s(240.0)).is_stop());
    let mut h = Hints::reset(0);
    assert!(!g.poll(&s(1689.0), &mut h).is_stop());
    assert_eq!(g.poll(&s(1690.0), &mut h).stop, Some(StopReason::HardLimit));
    let none = SearchStats { elapsed_ms: 5000.0, ..Default::default() };
    assert!(!g.poll(&none, &mut h).is_stop(), "depth 1 always completes");
}

#[test]
fn chunks_keep_the_first_clock_and_fraction_follows_the_clock() {
    let mut g = Guide::new(GuideConfig::CHUNKS);
    assert_eq!(g.begin_move(&MoveContext::new(60_000.0, 0.0, 0)).hard_ms, 1200.0);
    let b = g.begin_move(&MoveContext::new(1000.0, 0.0, 2));
    assert_eq!(b.hard_ms, 1200.0);
    assert!(b.terms.iter().any(|t| t.warning.is_some()), "chunk beyond the clock warns");
    g.new_game();
    assert_eq!(g.begin_move(&MoveContext::new(10_000.0, 0.0, 0)).hard_ms, 200.0);
    let mut f = Guide::new(GuideConfig::FRACTION);
    assert_eq!(f.begin_move(&MoveContext::new(60_000.0, 0.0, 0)).soft_ms, 6000.0);
    assert_eq!(f.begin_move(&MoveContext::new(54_000.0, 0.0, 2)).soft_ms, 5400.0);
    let single = GuideConfig { soft_hard: false, ..GuideConfig::RECAP };
    let b = Guide::new(single).begin_move(&MoveContext::new(10_100.0, 100.0, 0));
    assert_eq!((b.soft_ms, b.hard_ms), (580.0, 580.0));
}

#[test]
fn tricks_scale_the_soft_limit() {
    let cfg = GuideConfig::TRICKS;
    // The best move changes at depth 4 and then stays (s = 4 at depth 8), the score dropped
    // 30 cp over 3 iterations, 60 % of the nodes are under the best move.
    let its: Vec<Iteration> = (1..=8)
        .map(|d| it(d, if d >= 4 { 7 } else { d }, if d >= 5 { 50 - 10 * (d as i32 - 5) } else { 50 }))
        .collect();
    let s = SearchStats { iterations: &its, best_move_nodes: 60, search_nodes: 100, ..Default::default() };
    let (pv, score, node) = factors(&cfg, &s);
    assert!((pv - (1.20 - 0.04 * 4.0)).abs() < 1e-12, "{pv}");
    assert_eq!(score, 1.25, "a 30 cp drop saturates");
    assert!((node - (2.0 * 0.4 + 0.4)).abs() < 1e-12, "{node}");
    // Below the minimum depths nothing applies.
    let short = &its[..3];
    let s = SearchStats { iterations: short, best_move_nodes: 60, search_nodes: 100, ..Default::default() };
    assert_eq!(factors(&cfg, &s), (1.0, 1.0, 1.0));
    // Disabled switches give 1.
    let its2: Vec<Iteration> = (1..=8).map(|d| it(d, d, 0)).collect();
    let s = SearchStats { iterations: &its2, best_move_nodes: 99, search_nodes: 100, ..Default::default() };
    assert_eq!(factors(&GuideConfig::RECAP, &s), (1.0, 1.0, 1.0));
    let (pv, score, node) = factors(&cfg, &s);
    assert_eq!(pv, 1.2, "the best move changed every iteration");
    assert_eq!(score, 0.75, "a stable score");
    assert_eq!(node, 0.5, "node floor");
}
