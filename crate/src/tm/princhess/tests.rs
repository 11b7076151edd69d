//! princhess's reference vectors, computed by hand (python3, f64) from the formulas in
//! docs/managers.md "princhess", and its in-search factors through `tmlab stopper`'s scripted
//! search.

use super::*;
use crate::drive::script::{ScriptMove, ScriptSetup, parse_events, run_script};

fn budget(clock: f64, inc: f64, ply: u32, mtg: Option<u32>) -> Budget {
    Princhess::new(PrinchessConfig::PRINCHESS)
        .begin_move(&MoveContext::new(clock, inc, ply).with_movestogo(mtg))
}

fn term(b: &Budget, name: &str) -> f64 {
    b.terms.iter().find(|t| t.name == name).unwrap_or_else(|| panic!("no {name} in {b:?}")).value
}

/// remaining = clock − 50; mtf = ⌊moves_left·20/27⌋ (with movestogo min(movestogo + 2, mtf));
/// soft = min((remaining + mtf·inc)/mtf, remaining/3).
/// - 60 s + 0, ply 0: moves_left 43, mtf ⌊860/27⌋ = 31 (princhess's own test), soft
///   59950/31 = 1933.871, hard 19983.333.
/// - 60 s + 1 s, ply 0: (59950 + 31000)/31 = 2933.871.
/// - 60 s + 1 s, ply 80: moves_left 23, mtf 17: (59950 + 17000)/17 = 4526.471.
/// - 10 s + 0.1 s, ply 40: moves_left 27, mtf 20: (9950 + 2000)/20 = 597.5, hard 3316.667.
/// - 60 s, 10 to go: mtf min(12, 31) = 12: 4995.833; 40 to go: min(42, 31) = 31: 1933.871.
/// - 1 s + 0, ply 200: moves_left 25, mtf 18: 950/18 = 52.778, hard 316.667.
/// - 30 ms + 0.1 s: remaining 0, hard 0, so soft min(100, 0) = 0.
#[test]
fn allocation_reference_vectors() {
    let rows = [
        (60_000.0, 0.0, 0, None, 43.0, 31.0, 1933.871, 19_983.333),
        (60_000.0, 1000.0, 0, None, 43.0, 31.0, 2933.871, 19_983.333),
        (60_000.0, 1000.0, 80, None, 23.0, 17.0, 4526.471, 19_983.333),
        (10_000.0, 100.0, 40, None, 27.0, 20.0, 597.5, 3316.667),
        (60_000.0, 0.0, 0, Some(10), 43.0, 12.0, 4995.833, 19_983.333),
        (60_000.0, 0.0, 0, Some(40), 43.0, 31.0, 1933.871, 19_983.333),
        (1000.0, 0.0, 200, None, 25.0, 18.0, 52.778, 316.667),
        (30.0, 100.0, 0, None, 43.0, 31.0, 0.0, 0.0),
    ];
    for (clock, inc, ply, mtg, left, mtf, soft, hard) in rows {
        let b = budget(clock, inc, ply, mtg);
        assert_eq!((term(&b, "moves_left"), term(&b, "mtf")), (left, mtf), "{clock}+{inc} ply {ply}");
        assert!(
            (b.soft_ms - soft).abs() < 1e-3 && (b.hard_ms - hard).abs() < 1e-3,
            "{clock}+{inc} ply {ply}: {b:?}"
        );
    }
}

fn run(events: &str) -> ScriptMove {
    let setup = ScriptSetup {
        spec: "princhess".parse().unwrap(),
        clock_ms: 60_000.0,
        inc_ms: 0.0,
        movestogo: None,
        ply: 0,
    };
    run_script(&setup, &parse_events(events).unwrap()).unwrap().moves.remove(0)
}

fn poll(elapsed: f64, visits: &[u64], q: &[f64], pv: &[f64], depth: f64) -> String {
    let nodes = visits.iter().sum::<u64>() + 1;
    format!(
        r#"{{"type":"poll","elapsed_ms":{elapsed},"nodes":{nodes},"root_visits":{visits:?},"root_q":{q:?},"pv_q":{pv:?},"avg_depth":{depth}}}"#
    )
}

fn factor(m: &ScriptMove, key: &str) -> Option<f64> {
    m.steps[0].limit.terms.iter().find(|t| t.key == key).map(|t| t.value)
}

/// 60 s + 0, ply 0: soft 1933.871 ms. The best move (by Q) holds 600 of 1000 root visits:
/// (1.40 − 0.6)·1.39 = 1.112, so the search stops at 1933.871·1.112 = 2150.465 ms: it continues
/// at 2150 and stops at 2151. Depth 5 → 5/2 = 2 < 4: no PV term.
#[test]
fn scripted_visit_share() {
    for (elapsed, stop) in [(2150.0, false), (2151.0, true)] {
        let m = run(&poll(elapsed, &[600, 300, 100], &[0.2, 0.1, 0.0], &[0.2, 0.1], 5.0));
        assert!((factor(&m, "visit_share").unwrap() - 1.112).abs() < 1e-12);
        assert_eq!(factor(&m, "pv_disagreement"), None);
        assert!((m.steps[0].limit.soft_ms - 2_150.464_516).abs() < 1e-5);
        assert_eq!(m.steps[0].decision, if stop { "stop" } else { "continue" });
    }
    // The best move holds 90 %: (1.40 − 0.9)·1.39 = 0.695 → 1344.040 ms.
    let m = run(&poll(1345.0, &[900, 60, 40], &[0.2, 0.1, 0.0], &[0.2], 5.0));
    assert!((m.steps[0].limit.soft_ms - 1_933.870_968 * 0.695).abs() < 1e-5);
    assert_eq!(m.steps[0].reason, Some("soft-limit"));
}

/// Depth 8.5 → ⌊8.5⌋/2 = 4 ≥ 4: the PV term compares the best move's Q 0.2 with the Q at PV
/// depth 4 (pv_q[4] = 0.1): 1 + 0.1·1.21 = 1.121; multiplier 1.112·1.121 = 1.246552 → limit
/// 2410.671 ms. A PV shorter than that uses its last entry (pv_q[1] = 0.1: the same).
/// Disagreement 1.98 (0.99 against −0.99) with share 0.3: 1.529·3.3958 = 5.192 → clamped to 5:
/// limit 9669.355 ms.
#[test]
fn scripted_pv_disagreement_and_clamp() {
    let m = run(&poll(100.0, &[600, 300, 100], &[0.2, 0.1, 0.0], &[0.2, 0.15, 0.12, 0.11, 0.1, 0.05], 8.5));
    assert!((factor(&m, "pv_disagreement").unwrap() - 1.121).abs() < 1e-12);
    assert!((m.steps[0].limit.soft_ms - 2_410.670_723).abs() < 1e-5);
    let short = run(&poll(100.0, &[600, 300, 100], &[0.2, 0.1, 0.0], &[0.2, 0.1], 8.5));
    assert_eq!(short.steps[0].limit.soft_ms, m.steps[0].limit.soft_ms);
    let c = run(&poll(9669.0, &[300, 700], &[0.99, 0.1], &[0.1, -0.2, 0.0, 0.5, -0.99], 9.0));
    assert!((factor(&c, "pv_disagreement").unwrap() - 3.3958).abs() < 1e-12);
    assert!((c.steps[0].limit.soft_ms - 1_933.870_968 * 5.0).abs() < 1e-5, "{}", c.steps[0].limit.text);
    assert!(factor(&c, "multiplier_clamp").unwrap() < 1.0);
    assert_eq!(c.steps[0].decision, "continue", "9669 < 9669.355");
    // The hard limit, a third of the clock, comes first.
    let h = run(&poll(19_984.0, &[600, 300, 100], &[0.2, 0.1, 0.0], &[0.2], 5.0));
    assert_eq!(h.steps[0].reason, Some("hard-limit"));
}
