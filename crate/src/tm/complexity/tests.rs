//! Reference vectors for `complexity`, computed by hand from the formulas in docs/managers.md
//! (Clockwork @10d79e61 tm.cpp, search.cpp, tuned.hpp).

use super::*;
use crate::stop::Iteration;
use crate::tm::common::ab_stats as stats;

fn it(depth: u32, best_move: u32, cp: i32) -> Iteration {
    Iteration { depth, best_move, score: Score::Cp(cp), best_move_changes: 0 }
}

#[test]
fn budgets_at_several_clocks() {
    // (t, inc) → (⌊t·50/1024⌋ + ⌊inc·566/1024⌋, ⌊t·286/1024⌋ − 50, budget soft = min(both)):
    //  60000 + 0    → 2929 + 0    = 2929,  16757 − 50 = 16707
    //  10000 + 100  → 488 + 55    = 543,   2792 − 50  = 2742
    // 180000 + 2000 → 8789 + 1105 = 9894,  50273 − 50 = 50223
    //   1000 + 1000 → 48 + 552    = 600,   279 − 50   = 229 (the soft limit passes the hard one)
    //    100 + 0    → 4,           27 − 50 = −23 → 0 (depth 1 still completes)
    // Clockwork ignores the ply and movestogo.
    for (t, inc, ply, soft0, hard, soft) in [
        (60_000.0, 0.0, 0, 2929.0, 16_707.0, 2929.0),
        (10_000.0, 100.0, 40, 543.0, 2742.0, 543.0),
        (180_000.0, 2000.0, 120, 9894.0, 50_223.0, 9894.0),
        (1000.0, 1000.0, 9, 600.0, 229.0, 229.0),
        (100.0, 0.0, 300, 4.0, 0.0, 0.0),
    ] {
        let mut tm = Complexity::new(ComplexityConfig::CLOCKWORK);
        let b = tm.begin_move(&MoveContext::new(t, inc, ply).with_movestogo(Some(10)));
        assert_eq!((b.soft_ms, b.hard_ms), (soft, hard), "{t}+{inc}");
        assert_eq!(b.terms.iter().find(|t| t.name == "soft_base").unwrap().value, soft0);
    }
}

#[test]
fn node_factor_rescales_from_depth_6() {
    // 60 s: base 2929. Depth 5 is not re-scaled (continue at 2000 ms < 2929). Depth 6 with
    // f = 0.9 and no score change: nf = max(400/1024, 2380/1024 − 0.9·2197/1024) = 0.393262,
    // cf = max(978/1024, 1) = 1 → soft = trunc(2929·0.393262) = 1151 ≤ 2000: stop.
    let mut tm = Complexity::new(ComplexityConfig::CLOCKWORK);
    tm.begin_move(&MoveContext::new(60_000.0, 0.0, 0));
    let its = [it(1, 1, 20), it(2, 1, 20), it(3, 1, 20), it(4, 1, 20), it(5, 1, 20)];
    assert!(!tm.iteration_done(&stats(2000.0, &its, 0.9)).is_stop());
    let its6 = [its.as_slice(), &[it(6, 1, 20)]].concat();
    let d = tm.iteration_done(&stats(2000.0, &its6, 0.9));
    assert_eq!(d.stop, Some(StopReason::SoftLimit));
    let r = tm.last.unwrap();
    assert!(
        (r.node_factor - 0.393_261_718_75).abs() < 1e-12 && r.complexity_factor == 1.0 && r.soft == 1151.0
    );
    // A share of 0 gives 2380/1024 = 2.324: soft = trunc(2929·2.32421875) = 6807.
    let r = tm.rescale(6, Score::Cp(20), Score::Cp(20), 0.0);
    assert_eq!(r.soft, 6807.0);
}

#[test]
fn complexity_factor_never_lowers_and_caps_at_223() {
    let tm = {
        let mut tm = Complexity::new(ComplexityConfig::CLOCKWORK);
        tm.begin_move(&MoveContext::new(60_000.0, 0.0, 0));
        tm
    };
    // 10 cp from depth 1 at depth 6: C = 0.6·40·ln 6 = 43.0022; cf = 978/1024 + 43.0022/410
    // = 1.059962 → soft = trunc(2929·0.393262·1.059962) = 1220.
    let r = tm.rescale(6, Score::Cp(10), Score::Cp(20), 0.9);
    assert!((r.complexity - 43.002_227).abs() < 1e-5 && (r.complexity_factor - 1.059_962).abs() < 1e-6);
    assert_eq!(r.soft, 1220.0);
    // 50 cp at depth 8: C = 0.6·200·ln 8 = 249.53 → 223; cf = 0.955078 + 223/410 = 1.498981;
    // nf(0.5) = 1.251465 → soft = trunc(2929·1.251465·1.498981) = 5494.
    let r = tm.rescale(8, Score::Cp(-30), Score::Cp(20), 0.5);
    assert!((r.complexity_factor - 1.498_980_564).abs() < 1e-8);
    assert_eq!(r.soft, 5494.0);
    // 4 cp: C = 0.6·16·ln 6 = 17.2 < (1 − 978/1024)·410 = 18.4: the factor stays 1.
    assert_eq!(tm.rescale(6, Score::Cp(16), Score::Cp(20), 0.9).complexity_factor, 1.0);
    // A mate score has no complexity.
    assert_eq!(tm.rescale(9, Score::MateIn(5), Score::Cp(20), 0.9).complexity, 0.0);
}

#[test]
fn complexity_keeps_searching_where_the_node_factor_alone_stops() {
    // Depth 6 at 1200 ms, f = 0.9: with the depth-1 score unchanged soft = 1151 → stop; with a
    // 60 cp fall C = 0.6·240·ln 6 = 258.0 → 223, cf 1.498981 → soft 1726 → continue, and depth 7
    // at 1800 ms (C capped again) stops.
    let its = [it(1, 1, 20), it(6, 1, 20)];
    for (cfg, stop) in [(ComplexityConfig::CLOCKWORK, true), (ComplexityConfig::NO_COMPLEXITY, true)] {
        let mut tm = Complexity::new(cfg);
        tm.begin_move(&MoveContext::new(60_000.0, 0.0, 0));
        assert_eq!(tm.iteration_done(&stats(1200.0, &its, 0.9)).is_stop(), stop);
    }
    let its = [it(1, 1, 20), it(6, 1, -40)];
    let mut tm = Complexity::new(ComplexityConfig::CLOCKWORK);
    let b = tm.begin_move(&MoveContext::new(60_000.0, 0.0, 0));
    assert!(!tm.iteration_done(&stats(1200.0, &its, 0.9)).is_stop());
    assert_eq!(tm.soft, 1726.0);
    let lim = tm.effective_limit(&b);
    assert_eq!(lim.soft_ms, 1726.0);
    assert!(lim.text.contains("× nodes 0.39 × complexity 1.50"), "{}", lim.text);
    let mut no = Complexity::new(ComplexityConfig::NO_COMPLEXITY);
    no.begin_move(&MoveContext::new(60_000.0, 0.0, 0));
    assert!(no.iteration_done(&stats(1200.0, &its, 0.9)).is_stop(), "without #269 it stops at 1151");
    let its7 = [it(1, 1, 20), it(6, 1, -40), it(7, 1, -40)];
    assert!(tm.iteration_done(&stats(1800.0, &its7, 0.9)).is_stop());
}

#[test]
fn hard_limit_is_polled() {
    let mut tm = Complexity::new(ComplexityConfig::CLOCKWORK);
    tm.begin_move(&MoveContext::new(60_000.0, 0.0, 0));
    let its = [it(1, 1, 20)];
    let mut h = Hints::reset(0);
    assert!(!tm.poll(&stats(16_706.0, &its, 0.5), &mut h).is_stop());
    assert_eq!(tm.poll(&stats(16_707.0, &its, 0.5), &mut h).stop, Some(StopReason::HardLimit));
    assert_eq!(tm.check_interval(), 2048);
}
