//! Monty's reference vectors, computed by hand (python3, f64) from the formulas in
//! docs/managers.md "monty", and its in-search factors through `tmlab stopper`'s scripted search.

use super::*;
use crate::drive::script::{ScriptMove, ScriptRun, ScriptSetup, parse_events, run_script};

fn ctx(clock: f64, inc: f64, ply: u32) -> MoveContext {
    MoveContext::new(clock, inc, ply)
}

fn term(b: &Budget, name: &str) -> f64 {
    b.terms.iter().find(|t| t.name == name).unwrap_or_else(|| panic!("no {name} in {b:?}")).value
}

/// Sudden death, O = 400. time = clock − 400; Monty's ply = 2·(⌊ply/2⌋ + 1);
/// timeLeft = time + 27·inc − 300; optConstant = min(0.00639 + 0.00043186·log10(timeLeft/1000),
/// 0.0066352); optScale = min(0.0164 + (ply + 2.4785)^0.4843·optConstant, 0.2602·time/timeLeft);
/// maxScale = min(max(2.8707 + 2.8376·log10(timeLeft/1000), 2.7119) + ply/13.282, 5.1389);
/// bonus = 1 + log10(11.453 − ply)·0.4536 below ply 11.453.
/// - 60 s + 0, ply 0: time 59600, ply 2, timeLeft 59300, optConstant capped 0.0066352,
///   optScale 0.0164 + 4.4785^0.4843·0.0066352 = 0.030115054, bonus 1 + log10(9.453)·0.4536 =
///   1.442518397, optimum trunc(0.030115054·1.442518397·59300) = 2576, maximum
///   trunc(min(5.1389·2576, 0.876·59600)) = 13237.
/// - 60 s + 1 s, ply 0: timeLeft 86300 → optimum 3749, maximum 19265.
/// - 60 s + 1 s, ply 40 (Monty ply 42, no bonus): optScale 0.058092038 → 5013, 25761.
/// - 10 s + 0.1 s, ply 10 (Monty ply 12 > 11.453: no bonus): timeLeft 12000 → 487, 2502.
/// - 1 s + 0.01 s, ply 60: time 600, timeLeft 570, optConstant 0.006284572, maxConstant floor
///   2.7119 → 36, 185.
/// - 0.5 s + 0, ply 80: time 100, 100 − 300 < 0 wraps to 2^64 − 200 ≈ 1.8447e19 (Monty's u64):
///   optScale = 0.2602·100/timeLeft, so optimum trunc(26.02) = 26, maximum min(5.1389·26,
///   87.6) → 87.
/// - 300 s + 3 s, ply 100: timeLeft 380300 → 30213, 155261.
#[test]
fn allocation_reference_vectors() {
    let rows = [
        (60_000.0, 0.0, 0, 2576.0, 13_237.0),
        (60_000.0, 1000.0, 0, 3749.0, 19_265.0),
        (60_000.0, 1000.0, 40, 5013.0, 25_761.0),
        (10_000.0, 100.0, 10, 487.0, 2502.0),
        (1000.0, 10.0, 60, 36.0, 185.0),
        (500.0, 0.0, 80, 26.0, 87.0),
        (300_000.0, 3000.0, 100, 30_213.0, 155_261.0),
    ];
    for (clock, inc, ply, opt, max) in rows {
        let mut m = Monty::new(MontyConfig::MONTY);
        let b = m.begin_move(&ctx(clock, inc, ply));
        assert_eq!((b.soft_ms, b.hard_ms), (opt, max), "{clock}+{inc} ply {ply}: {b:?}");
    }
    let b = Monty::new(MontyConfig::MONTY).begin_move(&ctx(60_000.0, 0.0, 0));
    assert_eq!(term(&b, "time"), 59_600.0);
    assert_eq!(term(&b, "ply"), 2.0);
    assert_eq!(term(&b, "timeLeft"), 59_300.0);
    assert!((term(&b, "optScale") - 0.030_115_054_124).abs() < 1e-11);
    assert!((term(&b, "bonus") - 1.442_518_396_821).abs() < 1e-11);
    assert_eq!(term(&b, "maxScale"), 5.1389);
    // Black's first move (ply 1) is Monty's ply 2 as well; ply 2 is Monty's 4.
    let black = Monty::new(MontyConfig::MONTY).begin_move(&ctx(60_000.0, 0.0, 1));
    assert_eq!(black.soft_ms, 2576.0);
    let b4 = Monty::new(MontyConfig::MONTY).begin_move(&ctx(60_000.0, 0.0, 2));
    assert_eq!((b4.soft_ms, b4.hard_ms), (2714.0, 13_946.0), "ply 4: bonus 1.395689");
}

/// movestogo: optimum = maximum = trunc(time / clamp(movestogo, 1, 30)); 60 s, 20 to go:
/// 59600/20 = 2980; 40 to go is capped at 30: 1986; a clock under the overhead keeps 10 ms.
#[test]
fn movestogo_and_tiny_clocks() {
    let mut m = Monty::new(MontyConfig::MONTY);
    let b = m.begin_move(&ctx(60_000.0, 0.0, 20).with_movestogo(Some(20)));
    assert_eq!((b.soft_ms, b.hard_ms), (2980.0, 2980.0));
    let b = m.begin_move(&ctx(60_000.0, 0.0, 20).with_movestogo(Some(40)));
    assert_eq!((b.soft_ms, b.hard_ms), (1986.0, 1986.0));
    let b = m.begin_move(&ctx(300.0, 0.0, 20));
    assert_eq!(term(&b, "time"), 10.0);
    assert!(b.soft_ms <= b.hard_ms && b.hard_ms <= 10.0 * 0.876, "{b:?}");
}

/// Monty's display score: 200·Q up to |Q| = ½, then 25/(½ − |Q|/2), within ±5000.
#[test]
fn display_score_follows_monty() {
    assert!((display_score(0.2) - 40.0).abs() < 1e-9);
    assert!((display_score(-0.3) + 60.0).abs() < 1e-9);
    assert!((display_score(0.6) - 125.0).abs() < 1e-9);
    assert_eq!(display_score(1.0), 5000.0);
    assert_eq!(display_score(-1.0), -5000.0);
    assert_eq!(display_score(0.0), 0.0);
}

fn run(spec: &str, clock: f64, events: &str) -> ScriptRun {
    let setup =
        ScriptSetup { spec: spec.parse().unwrap(), clock_ms: clock, inc_ms: 0.0, movestogo: None, ply: 0 };
    run_script(&setup, &parse_events(events).unwrap()).unwrap()
}

fn factor(m: &ScriptMove, step: usize, key: &str) -> f64 {
    m.steps[step].limit.terms.iter().find(|t| t.key == key).unwrap_or_else(|| panic!("no {key}")).value
}

fn poll(elapsed: f64, nodes: u64, visits: [u64; 3], q: [f64; 3], value: f64, sd: f64) -> String {
    format!(
        r#"{{"type":"poll","elapsed_ms":{elapsed},"nodes":{nodes},"root_visits":{visits:?},"root_q":{q:?},"root_value":{value},"root_value_sd":{sd}}}"#
    )
}

/// 60 s + 0, ply 0: optimum 2576, maximum 13237.
/// - 128 playouts: the first best-move comparison counts a change (Monty starts from a null
///   move): changes 1; no soft check yet, the limit is the base.
/// - 4096: soft check. Display score 200·0.2 = 40, no previous → falling 1; instability
///   1 + ln(1 + 0.2567) = 1.228489; visits 3000/4096 = 0.732 → 3.6254 − ln(1 + 1.0937·0.4755)·2.5457
///   = 2.57 → cap 1.9047; total trunc(2576·1.228489·1.9047) = 6027 > 1000: continue; running
///   score 40.
/// - 8192: the best move by Q is now the second (Q 0.18): changes 2 → 1 + ln(1.5134) = 1.414359;
///   score 200·0.175 = 35, falling 1 + (40 − 35)·0.05428 = 1.2714; visits 2800/8192 → cap;
///   total trunc(2576·1.2714·1.414359·1.9047) = 8822; running score (35 + 80)/3 = 38.333.
/// - 12288: falling 1 + 3.333·0.05428 = 1.180933, total trunc(8195.16) = 8195: at 8194 ms the
///   search continues, at 8195 it stops (soft limit).
#[test]
fn scripted_falling_eval_and_instability() {
    let head = [
        poll(100.0, 128, [100, 20, 7], [0.2, 0.1, -0.1], 0.2, 0.3),
        poll(1000.0, 4096, [3000, 800, 295], [0.2, 0.1, -0.1], 0.2, 0.3),
        poll(2000.0, 8192, [5000, 2800, 391], [0.15, 0.18, -0.1], 0.175, 0.3),
    ]
    .join("\n");
    for (elapsed, stop) in [(8194.0, false), (8195.0, true)] {
        let events =
            format!("{head}\n{}", poll(elapsed, 12_288, [5000, 6000, 1287], [0.15, 0.18, -0.1], 0.175, 0.3));
        let r = run("monty", 60_000.0, &events);
        let m = &r.moves[0];
        assert_eq!((m.budget.soft_ms, m.budget.hard_ms), (2576.0, 13_237.0));
        assert!(m.steps[0].limit.terms.is_empty(), "no soft check before 4096 playouts");
        assert_eq!(factor(m, 1, "falling"), 1.0);
        assert!((factor(m, 1, "instability") - 1.228_489_237_639).abs() < 1e-9);
        assert_eq!(factor(m, 1, "best_move_visits"), 1.9047);
        assert_eq!(m.steps[1].decision, "continue");
        assert!((factor(m, 2, "falling") - 1.2714).abs() < 1e-9);
        assert!((factor(m, 2, "instability") - 1.414_358_775_278).abs() < 1e-9);
        assert!((m.steps[2].limit.soft_ms - 8_822.958_509).abs() < 1e-3, "{}", m.steps[2].limit.text);
        assert!((factor(m, 3, "falling") - 1.180_933_333).abs() < 1e-9);
        assert_eq!(m.steps[3].decision, if stop { "stop" } else { "continue" }, "{elapsed}");
        if stop {
            assert_eq!(m.steps[3].reason, Some("soft-limit"));
        }
    }
    // The hard limit comes first, at any poll.
    let r = run("monty", 60_000.0, &poll(13_237.0, 64, [40, 20, 3], [0.2, 0.1, 0.0], 0.2, 0.3));
    assert_eq!(r.moves[0].steps[0].reason, Some("hard-limit"));
}

/// The visits factor moves off its cap only when the best move holds more visits than this
/// move's playouts (tree reuse): move 2 (60 s, ply 2 → Monty ply 4: optimum 2714) starts with
/// 20000 reused visits; at 4096 playouts the best move has 10000 → share 2.4414 →
/// 3.6254 − ln(1 + 2.8027·0.4755)·2.5457 = 1.469139; total trunc(2714·1.228489·1.469139) = 4898.
#[test]
fn scripted_best_move_visits() {
    for (elapsed, stop) in [(4897.0, false), (4898.0, true)] {
        let events = [
            poll(100.0, 4096, [3000, 800, 295], [0.2, 0.1, -0.1], 0.2, 0.3),
            r#"{"type":"move-end","elapsed_ms":200,"nodes":30000,"reused_nodes":20000,"clock_ms":60000}"#
                .to_string(),
            poll(elapsed, 24_096, [10_000, 8000, 6095], [0.2, 0.1, -0.1], 0.2, 0.3),
        ]
        .join("\n");
        let r = run("monty", 60_000.0, &events);
        let m = &r.moves[1];
        assert_eq!(m.budget.soft_ms, 2714.0);
        assert!((factor(m, 0, "best_move_visits") - 1.469_139_287_786).abs() < 1e-9);
        assert!((m.steps[0].limit.soft_ms - 4_898.286_375).abs() < 1e-3);
        assert_eq!(m.steps[0].decision, if stop { "stop" } else { "continue" }, "{elapsed}");
    }
}

/// Monty #136's variance factor (preset `variance`): sd in Monty's 0 … 1 Q scale is half the
/// reported one. sd 0.8 → 0.4 → 1 + (0.4 − 0.25)·1 = 1.15: total trunc(2576·1.228489·1.9047·1.15)
/// = 6931; at 8192 sd 0.2 → 0.1 → 0.85 (same score: falling 1): 5123. Off by default: 6027.
#[test]
fn scripted_variance_factor() {
    let events = [
        poll(100.0, 4096, [3000, 800, 295], [0.2, 0.1, -0.1], 0.2, 0.8),
        poll(200.0, 8192, [6000, 1800, 391], [0.2, 0.1, -0.1], 0.2, 0.2),
    ]
    .join("\n");
    let m = &run("monty(preset=variance)", 60_000.0, &events).moves[0];
    assert_eq!(factor(m, 0, "variance"), 1.15);
    assert_eq!(m.steps[0].limit.soft_ms.trunc(), 6931.0);
    assert!((factor(m, 1, "variance") - 0.85).abs() < 1e-12);
    assert_eq!(m.steps[1].limit.soft_ms.trunc(), 5123.0);
    let off = &run("monty", 60_000.0, &events).moves[0];
    assert!(off.steps[0].limit.terms.iter().all(|t| t.key != "variance"));
    assert_eq!(off.steps[0].limit.soft_ms.trunc(), 6027.0);
}

/// The change count restarts after the soft check at 16384 playouts.
#[test]
fn change_count_resets_every_16384_playouts() {
    let mut m = Monty::new(MontyConfig::MONTY);
    m.begin_move(&ctx(600_000.0, 0.0, 0));
    let q1 = [0.3, 0.1];
    let q2 = [0.1, 0.3];
    let mut n = 0;
    for step in 1..=128u64 {
        let visits = [step * 64, step * 64];
        let root_q = if step % 2 == 0 { &q1 } else { &q2 };
        let s = SearchStats {
            elapsed_ms: 1.0,
            nodes_this_move: step * 128,
            total_nodes: step * 128,
            root_visits: &visits,
            root_q,
            ..Default::default()
        };
        m.poll(&s, &mut Hints::reset(0));
        n = step * 128;
        if n == 16_384 {
            assert_eq!(m.changes, 0, "reset after the check at 16384");
        }
        if n == 16_384 - 128 {
            assert_eq!(m.changes, 127, "one change per 128 playouts");
        }
    }
    assert_eq!(n, 16_384);
}
