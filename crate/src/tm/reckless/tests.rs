//! Reference vectors for `reckless`, computed by hand (python3, `f32` emulated with
//! struct.pack('f')) from the formulas in docs/managers.md (Reckless @789de891 time.rs,
//! search.rs).

use super::*;
use crate::tm::common::ab_stats as stats;

fn it(depth: u32, best_move: u32, cp: i32, changes: u32) -> Iteration {
    Iteration { depth, best_move, score: Score::Cp(cp), best_move_changes: changes }
}

fn bounds(t: f64, inc: f64, ply: u32, mtg: Option<u32>) -> (f64, f64, f64) {
    let mut r = Reckless::new(RecklessConfig::RECKLESS);
    let b = r.begin_move(&MoveContext::new(t, inc, ply).with_movestogo(mtg));
    assert_eq!((b.soft_ms, b.hard_ms), (r.soft_bound, r.hard_bound));
    (b.terms[0].value, b.soft_ms, b.hard_ms)
}

#[test]
fn bounds_at_several_clocks_and_moves() {
    // m = clock − 100. Move n = ⌊ply/2⌋ + 1; share = 0.0594 − 0.0492·e^(−0.0386·n):
    // 60000+0, ply 0: share 0.0120629, soft trunc(0.0120629·59900) = 722 − 15 = 707,
    //   hard trunc(0.7281·59900) = 43613 − 15 = 43598.
    // 60000+600, ply 60 (n 31): share 0.0445308, trunc(2667.39 + 450) − 15 = 3102, hard 44048.
    // 180000+2000, ply 200 (n 101): share 0.0584027, 11991; hard 132470.
    for (t, inc, ply, share, soft, hard) in [
        (60_000.0, 0.0, 0, 0.012_062_934, 707.0, 43_598.0),
        (60_000.0, 600.0, 60, 0.044_530_775, 3102.0, 44_048.0),
        (180_000.0, 2000.0, 200, 0.058_402_703, 11_991.0, 132_470.0),
    ] {
        let (s, so, h) = bounds(t, inc, ply, None);
        assert!((s - share).abs() < 1e-9, "{t}: {s}");
        assert_eq!((so, h), (soft, hard), "{t}+{inc} ply {ply}");
    }
    // 40/60: b = 59900/40 = 1497.5 → 1497 − 15 = 1482; hard trunc(5·1497.5) − 15 = 7472.
    assert_eq!(bounds(60_000.0, 0.0, 0, Some(40)), (1497.5, 1482.0, 7472.0));
    // A tiny clock: both bounds 0.
    assert_eq!(bounds(10.0, 0.0, 0, None).1, 0.0);
}

#[test]
fn cyclic_hard_bound_may_pass_the_clock_and_says_so() {
    // movestogo 1, 1000+500: m = 900, b = 900 + 375 = 1275; soft min(1275, 1400) − 15 = 1260;
    // hard min(6375, 1400) − 15 = 1385 > clock − O = 900: a warning term says by how much.
    let mut r = Reckless::new(RecklessConfig::RECKLESS);
    let b = r.begin_move(&MoveContext::new(1000.0, 500.0, 0).with_movestogo(Some(1)));
    assert_eq!((b.soft_ms, b.hard_ms), (1260.0, 1385.0));
    let w = b.terms.iter().find(|t| t.name == "exceeds_clock").unwrap();
    assert_eq!(w.value, 485.0);
}

/// Six iterations at 0 cp with one best move, half the nodes: nodes 3.1838 − 2.6554·0.5 =
/// 1.8561; pv 1.2881 − 0.044·5 = 1.0681; eval 1.2664 − 0.0416·6 = 1.0168 (|s − avg| = 0 < 12
/// six times); trend 0.7426 (prev 0); bms 1.15 → product 1.7214783 (f32); at 60000+0 move 1
/// threshold 0.707 s·1.7214783 = 1217.085 ms.
fn stable() -> Vec<Iteration> {
    (1..=6).map(|d| it(d, 1, 0, 0)).collect()
}

fn fresh() -> Reckless {
    let mut r = Reckless::new(RecklessConfig::RECKLESS);
    r.begin_move(&MoveContext::new(60_000.0, 0.0, 0));
    r
}

#[test]
fn the_stable_baseline() {
    let r = fresh();
    let f = r.factors(&stable(), 0.5);
    for (x, want) in [(f.nodes, 1.8561), (f.pv, 1.0681), (f.eval, 1.0168), (f.trend, 0.7426), (f.bms, 1.15)] {
        assert!((x - want).abs() < 1e-6, "{f:?}");
    }
    assert!((r.threshold(&f) - 1217.085).abs() < 0.01, "{}", r.threshold(&f));
    let mut r = fresh();
    assert!(!r.iteration_done(&stats(1200.0, &stable(), 0.5)).is_stop());
    assert_eq!(r.iteration_done(&stats(1300.0, &stable(), 0.5)).stop, Some(StopReason::SoftLimit));
}

#[test]
fn node_factor() {
    // Share 0.95: 3.1838 − 2.6554·0.95 = 0.66117 → threshold 433.54 ms: stop at 500 where the
    // baseline (1217 ms) continues; share ≥ 0.994 reaches the floor 0.546.
    let mut r = fresh();
    let f = r.factors(&stable(), 0.95);
    assert!((f.nodes - 0.661_17).abs() < 1e-6 && (r.threshold(&f) - 433.544).abs() < 0.01);
    assert!(r.iteration_done(&stats(500.0, &stable(), 0.95)).is_stop());
    assert!(!r.iteration_done(&stats(500.0, &stable(), 0.5)).is_stop());
    assert_eq!(r.factors(&stable(), 1.0).nodes, 0.546);
}

#[test]
fn pv_stability() {
    // The best move alternates: pv_stability 0 → 1.2881; threshold 1467.77 ms: continue at 1300.
    let its: Vec<Iteration> = (1..=6).map(|d| it(d, d % 2, 0, 0)).collect();
    let mut r = fresh();
    let f = r.factors(&its, 0.5);
    assert_eq!(f.pv, 1.2881);
    assert!((r.threshold(&f) - 1467.772).abs() < 0.01);
    assert!(!r.iteration_done(&stats(1300.0, &its, 0.5)).is_stop());
    // 14 iterations in a row (count 13): 1.2881 − 0.044·13 = 0.7161; 15 (count 14) → floor 0.716.
    let long: Vec<Iteration> = (1..=14).map(|d| it(d, 1, 0, 0)).collect();
    assert!((r.factors(&long, 0.5).pv - 0.7161).abs() < 1e-6);
    let long: Vec<Iteration> = (1..=15).map(|d| it(d, 1, 0, 0)).collect();
    assert_eq!(r.factors(&long, 0.5).pv, 0.716);
}

#[test]
fn eval_stability() {
    // 0, 30, −30, 30, −30, 0 cp (0, 96, −96, 96, −96, 0 internal): the running average
    // (avg + s)/2 is 0, 48, −24, 36, −30, −15; |s − avg| = 0, 48, 72, 60, 66, 15 → the count
    // ends at 0 → 1.2664; threshold 1515.85 ms: continue at 1300.
    let its: Vec<Iteration> =
        [0, 30, -30, 30, -30, 0].iter().enumerate().map(|(i, &cp)| it(i as u32 + 1, 1, cp, 0)).collect();
    let mut r = fresh();
    let f = r.factors(&its, 0.5);
    assert_eq!((f.eval, f.trend), (1.2664, 0.7426));
    assert!((r.threshold(&f) - 1515.851).abs() < 0.01);
    assert!(!r.iteration_done(&stats(1300.0, &its, 0.5)).is_stop());
}

#[test]
fn best_move_changes() {
    // Three changes in the last iteration: 1.15 + ln(1 + 0.2526·3) = 1.714063; threshold
    // 1814.05 ms: continue at 1300.
    let mut its = stable();
    its[5].best_move_changes = 3;
    let mut r = fresh();
    let f = r.factors(&its, 0.5);
    assert!((f.bms - 1.714_063).abs() < 1e-6);
    assert!((r.threshold(&f) - 1814.053).abs() < 0.01);
    assert!(!r.iteration_done(&stats(1300.0, &its, 0.5)).is_stop());
}

#[test]
fn score_trend_against_the_previous_move() {
    // The previous move ended at 40 cp = 128 internal (×3.21, rounded); now 0: 0.7426 +
    // 0.048·128 = 6.89 → 1.4031. The average starts at 128: 64, 32, 16, 8, 4, 2 → the count
    // is 3 (|0 − 8|, |0 − 4|, |0 − 2| < 12) → eval 1.1416; threshold 2581.86 ms.
    let mut r = Reckless::new(RecklessConfig::RECKLESS);
    r.end_move(&MoveEnd { final_score: Score::Cp(40), ..MoveEnd::new(1000.0, 1000) });
    assert_eq!(r.state()[0].value, 128.0);
    r.begin_move(&MoveContext::new(60_000.0, 0.0, 0));
    let f = r.factors(&stable(), 0.5);
    assert_eq!((f.trend, f.eval), (1.4031, 1.1416));
    assert!((r.threshold(&f) - 2581.863).abs() < 0.01);
    assert!(!r.iteration_done(&stats(1300.0, &stable(), 0.5)).is_stop());
    // A rise of 40 cp gives the floor 0.7214 (threshold 1327.46 ms); 2 cp (6 internal) gives
    // 0.7426 + 0.288 = 1.0306.
    r.end_move(&MoveEnd { final_score: Score::Cp(-40), ..MoveEnd::new(1000.0, 1000) });
    r.begin_move(&MoveContext::new(60_000.0, 0.0, 0));
    let f = r.factors(&stable(), 0.5);
    assert_eq!(f.trend, 0.7214);
    assert!((r.threshold(&f) - 1327.458).abs() < 0.01);
    r.end_move(&MoveEnd { final_score: Score::Cp(2), ..MoveEnd::new(1000.0, 1000) });
    assert!((r.factors(&stable(), 0.5).trend - 1.0306).abs() < 1e-6);
    r.new_game();
    assert_eq!(r.state()[0].value, 0.0);
}

#[test]
fn hard_bound_is_polled_and_state_round_trips() {
    let mut r = fresh();
    let its = stable();
    let mut h = Hints::reset(0);
    assert!(!r.poll(&stats(43_597.0, &its, 0.5), &mut h).is_stop());
    assert_eq!(r.poll(&stats(43_598.0, &its, 0.5), &mut h).stop, Some(StopReason::HardLimit));
    r.end_move(&MoveEnd { final_score: Score::Cp(-7), ..MoveEnd::new(1000.0, 1000) });
    let mut w = state::StateWriter::new();
    r.save_state(&mut w);
    let words = w.into_words();
    let mut back = Reckless::new(RecklessConfig::RECKLESS);
    back.load_state(&mut state::StateReader::new(&words)).unwrap();
    assert_eq!(back.prev_best, -22);
}
