//! Reference vectors for `koivisto`, computed by hand from the formulas in docs/managers.md
//! (Koivisto @6de225ad timemanager.cpp, search.cpp, uci.cpp).

use super::*;
use crate::stop::{Iteration, Score};
use crate::tm::common::ab_stats as stats;

fn it(depth: u32, cp: i32) -> Iteration {
    Iteration { depth, best_move: 1, score: Score::Cp(cp), best_move_changes: 0 }
}

fn budget(cfg: KoivistoConfig, t: f64, inc: f64, mtg: Option<u32>) -> (f64, f64, f64) {
    let mut k = Koivisto::new(cfg);
    let b = k.begin_move(&MoveContext::new(t, inc, 30).with_movestogo(mtg));
    (b.terms[0].value, b.soft_ms, b.hard_ms)
}

#[test]
fn budgets_at_several_clocks() {
    let k = KoivistoConfig::KOIVISTO;
    // 60000+0: O₀ = 50; time to use = min(59950, 0 + ⌊120000/20⌋) = 6000; upper = 30000.
    assert_eq!(budget(k, 60_000.0, 0.0, None), (6000.0, 6000.0, 30_000.0));
    // 60000+600: O₀ = 0; 1200 + 6000 = 7200; upper 30000.
    assert_eq!(budget(k, 60_000.0, 600.0, None), (7200.0, 7200.0, 30_000.0));
    // 10000+0, movestogo 5: ⌊20000/5⌋ = 4000; upper 5000.
    assert_eq!(budget(k, 10_000.0, 0.0, Some(5)), (4000.0, 4000.0, 5000.0));
    // 800+0: t' = trunc(0.7·800) = 560; ⌊1120/20⌋ = 56; upper min(510, 280) = 280.
    assert_eq!(budget(k, 800.0, 0.0, None), (56.0, 56.0, 280.0));
    // 10000+3000: 6000 + 1000 = 7000 = room 7000; upper 5000: the soft limit shows min(7000, 5000).
    assert_eq!(budget(k, 10_000.0, 3000.0, None), (7000.0, 5000.0, 5000.0));
    // movestogo 0 counts as absent (20).
    assert_eq!(budget(k, 60_000.0, 0.0, Some(0)), (6000.0, 6000.0, 30_000.0));
}

#[test]
fn overhead_per_move_or_per_game() {
    // 100 ms at 60000+0: per move both limits lose it (5900, 29900); per game the room
    // 60000 − 50 − 100 = 59850 does not bind (6000, 30000).
    assert_eq!(budget(KoivistoConfig::PER_MOVE, 60_000.0, 0.0, None), (5900.0, 5900.0, 29_900.0));
    assert_eq!(budget(KoivistoConfig::PER_GAME, 60_000.0, 0.0, None), (6000.0, 6000.0, 30_000.0));
    // 120+0: t' = 84. Per move: room 34, ⌊168/20⌋ = 8 → max(10, 8 − 100) = 10, upper
    // max(10, 34 − 100) = 10. Per game: room 84 − 50 − 100 = −66 → both 0 (Koivisto's
    // unsigned field would wrap to no limit).
    assert_eq!(budget(KoivistoConfig::PER_MOVE, 120.0, 0.0, None), (10.0, 10.0, 10.0));
    assert_eq!(budget(KoivistoConfig::PER_GAME, 120.0, 0.0, None), (0.0, 0.0, 0.0));
}

#[test]
fn node_factor_of_the_root_rule() {
    // 60000+0: time to use 6000. Share 95 % → 110 − 90 = 20; stable score → 50:
    // ⌊⌊6000·20/100⌋·50/65⌋ = ⌊60000/65⌋ = 923 < 1300: stop. Share 30 % → 80:
    // ⌊4800·50/65⌋ = 3692: continue.
    let its = [it(1, 20), it(2, 20), it(3, 20), it(4, 20), it(5, 20), it(6, 20)];
    let mut k = Koivisto::new(KoivistoConfig::KOIVISTO);
    k.begin_move(&MoveContext::new(60_000.0, 0.0, 0));
    assert!(!k.iteration_done(&stats(1300.0, &its, 0.30)).is_stop());
    assert_eq!(k.last.unwrap(), RootCheck { node_score: 80, eval_score: 50, limit: 3692 });
    assert_eq!(k.iteration_done(&stats(1300.0, &its, 0.95)).stop, Some(StopReason::SoftLimit));
    assert_eq!(k.last.unwrap().limit, 923);
    // Elapsed is whole ms and the comparison strict: 923 < 923.9 is false.
    assert!(!k.iteration_done(&stats(923.9, &its, 0.95)).is_stop());
}

#[test]
fn eval_factor_of_the_root_rule() {
    // Depth 5 at 30 cp, depth 6 at −10 cp (a 40 cp fall): 50 + 40 = 90 → 80; share 95 %:
    // ⌊1200·80/65⌋ = 1476 ≥ 1300: continue (923 without the fall). Depth 7 at 1500: stop.
    let mut k = Koivisto::new(KoivistoConfig::KOIVISTO);
    k.begin_move(&MoveContext::new(60_000.0, 0.0, 0));
    let its = [it(1, 20), it(5, 30), it(6, -10)];
    assert!(!k.iteration_done(&stats(1300.0, &its, 0.95)).is_stop());
    assert_eq!(k.last.unwrap(), RootCheck { node_score: 20, eval_score: 80, limit: 1476 });
    let its = [it(1, 20), it(5, 30), it(6, -10), it(7, -10)];
    assert!(k.iteration_done(&stats(1500.0, &its, 0.95)).is_stop());
    // A rising score keeps the floor 50; before depth 6 the reference is the score itself.
    assert_eq!(k.root_check(95, -10, 30).eval_score, 50);
    let its = [it(1, 20), it(4, -100)];
    k.iteration_done(&stats(10.0, &its, 0.5));
    assert_eq!(k.last.unwrap().eval_score, 50);
}

#[test]
fn upper_bound_is_strict_and_polled() {
    let mut k = Koivisto::new(KoivistoConfig::KOIVISTO);
    k.begin_move(&MoveContext::new(60_000.0, 0.0, 0));
    let its = [it(1, 20)];
    let mut h = Hints::reset(0);
    assert!(!k.poll(&stats(30_000.9, &its, 0.5), &mut h).is_stop());
    assert_eq!(k.poll(&stats(30_001.0, &its, 0.5), &mut h).stop, Some(StopReason::HardLimit));
    assert_eq!(k.check_interval(), 1024);
}
