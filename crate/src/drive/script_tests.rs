//! `tmlab stopper`'s scripted search: every manager's in-search rule, with Stockfish's §9.2
//! factors checked against numbers computed by hand from the spec's formulas.

use super::script::{ScriptMove, ScriptRun, ScriptSetup, parse_events, run_script};
use crate::stop::Term;
use crate::tm::decay::exponential_decay;
use crate::tm::schema;

/// The first move of a script.
fn run(tm: &str, clock: f64, inc: f64, events: &str) -> ScriptMove {
    let setup =
        ScriptSetup { spec: tm.parse().unwrap(), clock_ms: clock, inc_ms: inc, movestogo: None, ply: 0 };
    run_script(&setup, &parse_events(events).unwrap()).unwrap().moves.remove(0)
}

/// Every move of a script.
fn game(tm: &str, clock: f64, inc: f64, events: &str) -> ScriptRun {
    let setup =
        ScriptSetup { spec: tm.parse().unwrap(), clock_ms: clock, inc_ms: inc, movestogo: None, ply: 0 };
    run_script(&setup, &parse_events(events).unwrap()).unwrap()
}

fn state(ts: &[Term], name: &str) -> f64 {
    ts.iter().find(|t| t.name == name).unwrap_or_else(|| panic!("no {name} in {ts:?}")).value
}

fn it(elapsed: f64, depth: u32, score: &str, best: &str, changes: u32, share: f64) -> String {
    format!(
        r#"{{"type":"iteration","elapsed_ms":{elapsed},"depth":{depth},"score":"{score}","best":"{best}","best_move_changes":{changes},"node_share":{share}}}"#
    )
}

fn term(r: &ScriptMove, step: usize, key: &str) -> f64 {
    r.steps[step].limit.terms.iter().find(|t| t.key == key).unwrap_or_else(|| panic!("no {key}")).value
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-4 * b.abs().max(1.0)
}

/// §9.2 at 60 s + 0, ply 0, new game: optimum 1250, maximum 8591 (§9.1 by hand: timeLeft 59480,
/// adj 1.14807, optScale 0.0210298). fallingEval is 1.728 (new game: prevAvg = VALUE_INFINITE, a
/// 20 cp score saturates it), prevTimeRed 0.85.
#[test]
fn stockfish_soft_stop_factors_match_the_spec_by_hand() {
    let events = [
        it(10.0, 1, "cp 20", "e2e4", 0, 0.5),
        it(300.0, 8, "cp 25", "e2e4", 0, 0.95),
        it(900.0, 10, "cp 25", "e2e4", 2, 0.95),
        it(9000.0, 11, "cp 25", "e2e4", 0, 0.95),
    ]
    .join("\n");
    let r = run("stockfish", 60_000.0, 0.0, &events);
    assert_eq!((r.budget.soft_ms, r.budget.hard_ms), (1250.0, 8591.0));
    // Depth 1: d − lastChangeDepth = 0 → timeRed = lerp(0) = 0.2542 → clamped 0.629;
    // reduction = 2.318 / (2.284 · 0.629) = 1.613492; effort 50000 → effortF 1.198 → 0.838.
    assert!(close(term(&r, 0, "falling_eval"), 1.728));
    assert!(close(term(&r, 0, "reduction"), 1.613_492));
    assert!(close(term(&r, 0, "instability"), 1.077));
    assert!(close(term(&r, 0, "nodes_effort"), 0.838));
    assert!(close(r.steps[0].limit.soft_ms, 3145.43), "{}", r.steps[0].limit.text);
    // Depth 8: 7 since the change → timeRed 0.797273, reduction 1.272946; effort 95000 →
    // effortF 0.969 − 0.255 · 19200/28710 = 0.798467; total 2364.48.
    assert!(close(term(&r, 1, "reduction"), 1.272_946));
    assert!(close(term(&r, 1, "nodes_effort"), 0.798_467));
    assert!(close(r.steps[1].limit.soft_ms, 2364.48), "{}", r.steps[1].limit.text);
    // Depth 10 with 2 changes: instability 1.077 + 2.229 · 2 = 5.535; timeRed 0.952443,
    // reduction 1.065561; total 10172.0, capped by the maximum 8591.
    assert!(close(term(&r, 2, "instability"), 5.535));
    assert!(close(term(&r, 2, "reduction"), 1.065_561));
    assert_eq!(r.steps[2].limit.soft_ms, 8591.0);
    assert!(r.steps[2].limit.text.contains("= 10.2 s, cap 8.6 s"), "{}", r.steps[2].limit.text);
    assert_eq!(r.steps[2].decision, "continue");
    assert!(r.steps[2].increase_depth, "900 ≤ 0.5 · 10172");
    // 9000 ms > maximum: the hard check stops first.
    assert_eq!(r.steps[3].reason, Some("hard-limit"));
}

#[test]
fn stockfish_soft_stop_same_depth_mate_and_single_move() {
    let soft = run(
        "stockfish",
        60_000.0,
        0.0,
        &[it(10.0, 1, "cp 20", "a", 0, 0.5), it(2400.0, 8, "cp 25", "a", 0, 0.95)].join("\n"),
    );
    assert_eq!(soft.steps[1].reason, Some("soft-limit"), "2400 > 2364.48");
    assert_eq!(soft.steps[1].label, Some("soft limit reached at an iteration boundary"));
    let same = run(
        "stockfish",
        60_000.0,
        0.0,
        &[it(10.0, 1, "cp 20", "a", 0, 0.5), it(1500.0, 8, "cp 25", "a", 0, 0.95)].join("\n"),
    );
    assert_eq!(same.steps[1].decision, "continue");
    assert!(!same.steps[1].increase_depth, "1500 > 0.5 · 2364.48: re-search at the same depth");
    let mate = run("stockfish", 60_000.0, 0.0, &it(10.0, 3, "mate 2", "a", 0, 0.5));
    assert_eq!(mate.steps[0].reason, Some("mate-found"), "mate in 3 plies");
    let single = r#"{"type":"iteration","elapsed_ms":501,"depth":5,"score":"cp 0","best":"a","node_share":0.5,"root_moves":1}"#;
    let one = run("stockfish", 60_000.0, 0.0, single);
    assert_eq!(one.steps[0].limit.cap_ms, Some(500.0), "single-move cap");
    assert_eq!(one.steps[0].reason, Some("soft-limit"));
}

/// §3.4 with every trick on, 60 s + 0: soft 1500 (recap base 3000 × 0.5).
#[test]
fn guide_scalings() {
    let evs: Vec<String> = (1..=6).map(|d| it(10.0 * f64::from(d), d, "cp 40", "a", 0, 0.8)).collect();
    let r = run("guide(preset=tricks)", 60_000.0, 0.0, &evs.join("\n"));
    let last = r.steps.len() - 1;
    // Depths 4, 5, 6 keep the move: s = 3 → PV 1.20 − 0.04 · 3 = 1.08; node 2 · (1 − 0.8) + 0.4
    // = 0.8; score needs depth 7 → 1.
    assert!(close(term(&r, last, "pv"), 1.08));
    assert!(close(term(&r, last, "node"), 0.8));
    assert!(close(term(&r, last, "score"), 1.0));
    let base = term(&r, last, "soft");
    assert!(close(r.steps[last].limit.soft_ms, base * 1.08 * 0.8));
    // At depth 7 the score 3 iterations back is compared: a 10 cp drop → 0.05 · 10 = 0.5 →
    // clamped to 0.75.
    let mut evs = evs;
    evs.push(it(70.0, 7, "cp 30", "a", 0, 0.8));
    let r = run("guide(preset=tricks)", 60_000.0, 0.0, &evs.join("\n"));
    assert!(close(term(&r, 6, "score"), 0.75));
}

/// §2: the next depth is not started once elapsed × 2 > budget (60 s + 0.6 s: budget 1800).
#[test]
fn mediocre_next_depth_rule() {
    let r = run(
        "mediocre",
        60_000.0,
        600.0,
        &[it(899.0, 5, "cp 0", "a", 0, 0.5), it(901.0, 6, "cp 0", "a", 0, 0.5)].join("\n"),
    );
    assert_eq!(r.steps[0].decision, "continue");
    assert_eq!(r.steps[0].limit.soft_ms, 900.0);
    assert!(r.steps[0].limit.text.contains("÷ next-depth factor 2.00"), "{}", r.steps[0].limit.text);
    assert_eq!(r.steps[1].reason, Some("soft-limit"));
}

/// lc0-legacy under MCTS polls, 60 s + 0.6 s: deadline 4898; SmartPruning stops a hopeless race.
#[test]
fn lc0_polls_deadline_and_smart_pruning() {
    let poll = |e: f64, v: &[u64]| {
        format!(r#"{{"type":"poll","elapsed_ms":{e},"nodes":{},"root_visits":{v:?}}}"#, v.iter().sum::<u64>())
    };
    let r = run(
        "lc0-legacy",
        60_000.0,
        600.0,
        &[poll(100.0, &[60, 30, 10]), poll(4800.0, &[90_000, 100, 10])].join("\n"),
    );
    assert_eq!(r.steps[0].decision, "continue");
    assert_eq!(r.steps[1].reason, Some("smart-pruning"));
    assert!(r.steps[0].limit.text.contains("base soft limit"), "{}", r.steps[0].limit.text);
    let r = run(
        "lc0-legacy",
        60_000.0,
        600.0,
        &[poll(4897.0, &[50, 49, 1]), poll(4898.0, &[50, 49, 1])].join("\n"),
    );
    assert_eq!((r.steps[0].decision, r.steps[1].reason), ("continue", Some("deadline")));
    assert_eq!(r.steps[1].label, Some("the deadline passed"));
}

/// Every manager stops an iteration and a poll that come after its hard limit, and not a first
/// iteration at 1 ms; the events after a stop are not fed.
#[test]
fn every_manager_stops_past_its_hard_limit() {
    for m in schema() {
        let r = run(m.name, 60_000.0, 600.0, &it(1.0, 1, "cp 0", "a", 0, 0.5));
        assert_eq!(r.steps[0].decision, "continue", "{}", m.name);
        let past = r.budget.hard_ms + 1.0;
        let r = run(
            m.name,
            60_000.0,
            600.0,
            &[it(past, 2, "cp 0", "a", 0, 0.5), it(past + 1.0, 3, "cp 0", "a", 0, 0.5)].join("\n"),
        );
        assert_eq!(r.steps[0].decision, "stop", "{}: {:?}", m.name, r.steps[0]);
        assert_eq!(r.unfed, 1);
        let poll = format!(r#"{{"type":"poll","elapsed_ms":{past},"nodes":100,"root_visits":[50,50]}}"#);
        let r = run(m.name, 60_000.0, 600.0, &poll);
        assert_eq!(r.steps[0].decision, "stop", "{}", m.name);
        assert!(!r.steps[0].label.unwrap().contains("iteration"), "{}: MCTS wording", m.name);
    }
}

#[test]
fn bad_lines_name_the_line_and_the_field() {
    let cases = [
        (
            "{\"type\":\"iteration\",\"elapsed_ms\":1,\"score\":\"cp 1\",\"best\":\"a\",\"node_share\":0.5}",
            "line 1: missing field `depth`",
        ),
        ("\n{\"type\":\"jump\"}", "line 2: unknown variant `jump`"),
        (
            "{\"type\":\"poll\",\"elapsed_ms\":1,\"nodes\":1,\"root_visits\":[1],\"extra\":1}",
            "unknown field `extra`",
        ),
        (&it(1.0, 1, "cp x", "a", 0, 0.5), "score \"cp x\""),
        (&it(1.0, 1, "cp 1", "a", 0, 1.5), "node_share must be within 0 … 1"),
        (&it(-1.0, 1, "cp 1", "a", 0, 0.5), "elapsed_ms must be"),
        ("{\"type\":\"poll\",\"elapsed_ms\":1,\"nodes\":1,\"root_visits\":[]}", "root_visits"),
        ("# nothing\n", "no search events"),
        ("not json", "line 1: expected"),
    ];
    for (text, want) in cases {
        let err = parse_events(text).unwrap_err().to_string();
        assert!(err.contains(want), "{text}: {err}");
    }
}

/// Issue 23: the mate-4 example through the script: 60 s, one iteration at depth 2, 10 ms.
/// Upstream's effective limit is 1048.48 ms (fallingEval 0.576 with prevAvg = VALUE_INFINITE);
/// tmlab printed 3145.43 ms before (1.728).
#[test]
fn stockfish_first_move_mate_runs_falling_eval_with_value_infinite() {
    let r = run("stockfish", 60_000.0, 0.0, &it(10.0, 2, "mate 4", "a", 0, 0.5));
    assert!(close(term(&r, 0, "falling_eval"), 0.576));
    assert!((r.steps[0].limit.soft_ms - 1048.48).abs() < 0.005, "{}", r.steps[0].limit.soft_ms);
}

/// What Stockfish carries from move to move (§9.4): the last timeRed, the final score and the
/// average score. Move 1 stops at depth 9 (timeRed 0.874857, score 25 cp); move 2 starts at
/// 60000 − 2400 ms, ply 2, and a 5 cp first iteration falls 20 cp on both terms:
/// (11.48 + 3.40 · 41.6)/100 = 1.5292, reduction (1.468 + 0.874857)/(2.284 · 0.629).
#[test]
fn stockfish_state_carries_across_moves() {
    let events = [
        it(10.0, 1, "cp 20", "e2e4", 0, 0.5),
        it(300.0, 8, "cp 25", "e2e4", 0, 0.95),
        it(2400.0, 9, "cp 25", "e2e4", 0, 0.95),
        it(2500.0, 10, "cp 25", "e2e4", 0, 0.95),
        r#"{"type":"move-end","elapsed_ms":2400,"nodes":1000000}"#.into(),
        it(10.0, 1, "cp 5", "d2d4", 0, 0.5),
    ]
    .join("\n");
    let g = game("stockfish", 60_000.0, 0.0, &events);
    assert_eq!(g.moves.len(), 2);
    let (m1, m2) = (&g.moves[0], &g.moves[1]);
    assert_eq!((m1.steps[2].reason, m1.unfed), (Some("soft-limit"), 1));
    let end = m1.end.as_ref().unwrap();
    assert_eq!((end.line, end.score.as_str()), (5, "cp 25"), "the last iteration's score by default");
    let time_red = 0.639 + (1.712 - 0.639) * (8.0 - 4.96) / (18.79 - 4.96);
    assert!(close(state(&end.state, "prevTimeReduction"), time_red));
    assert!(close(state(&end.state, "prevScore"), 52.0) && close(state(&end.state, "prevAvg"), 52.0));
    assert_eq!((m2.context.clock_ms, m2.context.ply), (57_600.0, 2));
    assert!(close(term(m2, 0, "falling_eval"), 1.5292));
    assert!(close(term(m2, 0, "reduction"), (1.468 + time_red) / (2.284 * 0.629)));
    let optimum = state(&m2.budget.terms, "optimum");
    let product = optimum * 1.5292 * (1.468 + time_red) / (2.284 * 0.629) * 1.077 * 0.838;
    assert!(close(m2.steps[0].limit.soft_ms, product), "{}", m2.steps[0].limit.text);
    // A fresh manager at the same clock and ply would use 1.728 and prevTimeReduction 0.85.
    let fresh = ScriptSetup {
        spec: "stockfish".parse().unwrap(),
        clock_ms: 57_600.0,
        inc_ms: 0.0,
        movestogo: None,
        ply: 2,
    };
    let f = run_script(&fresh, &parse_events(&it(10.0, 1, "cp 5", "d2d4", 0, 0.5)).unwrap()).unwrap();
    assert!(close(term(&f.moves[0], 0, "falling_eval"), 1.728));
}

/// What lc0-smooth carries from move to move (§6.2): nps, timeuse, tree reuse and the bank. The
/// issue's example: move 1 at 2407 ms draws on the bank (forced window, 120 ms past its 115 ms
/// deadline) and ends at 407 ms, leaving the bank at −65; move 2 at 2000 ms with 475 of 8140
/// nodes reused gets deadline 37 and lc0's hard −24, so it stops at its first poll (7 ms).
#[test]
fn smooth_state_carries_across_moves_and_an_overdrawn_bank_stops_at_once() {
    let events = r#"
{"type":"poll","elapsed_ms":100,"nodes":2000,"root_visits":[1998,1,1]}
{"type":"poll","elapsed_ms":120,"nodes":2400,"root_visits":[2398,1,1]}
{"type":"move-end","elapsed_ms":407,"nodes":8140,"reused_nodes":475}
{"type":"poll","elapsed_ms":7,"nodes":525,"root_visits":[523,1,1]}
{"type":"poll","elapsed_ms":30,"nodes":1000,"root_visits":[998,1,1]}
"#;
    let g = game("lc0-smooth(preset=lc0)", 2407.0, 0.0, events);
    let (m1, m2) = (&g.moves[0], &g.moves[1]);
    assert_eq!(state(&m1.budget.terms, "deadline"), 115.0);
    let end = m1.end.as_ref().unwrap();
    assert_eq!(state(&end.state, "bank"), -65.0, "227 − (407 − 115)");
    assert_eq!(state(&end.state, "used_bank"), 1.0);
    assert_eq!(state(&end.state, "nps"), 20_000.0, "2400 nodes in 120 ms");
    assert_eq!(state(&end.state, "last_time"), 120.0);
    let avg = state(&end.state, "avg_ms") as f32;
    let u = exponential_decay(0.7, 1.0, 5.51, 407.0 / avg);
    assert!((state(&end.state, "u") - f64::from(u)).abs() < 1e-6, "a banked move counts as time use 1");
    assert_eq!((m2.context.clock_ms, m2.context.ply, m2.context.reused_nodes), (2000.0, 2, 475));
    let r = exponential_decay(0.52, 475.0 / 8140.0, 3.39, 120.0 / avg);
    assert!((state(&m2.budget.terms, "r") - f64::from(r)).abs() < 1e-6);
    assert_eq!(state(&m2.budget.terms, "deadline"), 37.0);
    assert_eq!(state(&m2.budget.terms, "overdraft"), 61.0);
    assert_eq!((m2.steps[0].elapsed_ms, m2.steps[0].reason), (7.0, Some("hard-limit")));
    assert_eq!(m2.unfed, 1);
}

/// lc0-legacy's spared time: a move that stops early leaves its unused deadline for the next.
#[test]
fn legacy_spared_time_carries_across_moves() {
    let poll = |e: f64| format!(r#"{{"type":"poll","elapsed_ms":{e},"nodes":100,"root_visits":[60,30,10]}}"#);
    let events =
        [poll(100.0), r#"{"type":"move-end","elapsed_ms":3898,"nodes":100}"#.into(), poll(100.0)].join("\n");
    let g = game("lc0-legacy", 60_000.0, 600.0, &events);
    assert_eq!(state(&g.moves[0].end.as_ref().unwrap().state, "spared"), 1000.0, "4898 − 3898");
    assert_eq!(g.moves[1].context.clock_ms, 60_000.0 - 3898.0 + 600.0);
    assert_eq!(state(&g.moves[1].budget.terms, "squander"), 1000.0, "immediate-use 1: all of it now");
}

#[test]
fn move_end_overrides_and_movestogo() {
    let one = it(10.0, 1, "cp 0", "a", 0, 0.5);
    let events = [
        one.clone(),
        r#"{"type":"move-end","elapsed_ms":500,"nodes":10,"clock_ms":9000,"inc_ms":50,"ply":31,"movestogo":2}"#.into(),
        one.clone(),
        r#"{"type":"move-end","elapsed_ms":500,"nodes":10}"#.into(),
        one.clone(),
    ]
    .join("\n");
    let g = game("stockfish", 60_000.0, 0.0, &events);
    let c = [g.moves[1].context, g.moves[2].context];
    assert_eq!((c[0].clock_ms, c[0].inc_ms, c[0].ply, c[0].movestogo), (9000.0, 50.0, 31, Some(2)));
    assert_eq!((c[1].clock_ms, c[1].ply, c[1].movestogo), (8550.0, 33, Some(1)));
    // The period ends after the next move: the script must say what comes next.
    let more = format!("{events}\n{{\"type\":\"move-end\",\"elapsed_ms\":50,\"nodes\":1}}\n{one}");
    let setup = ScriptSetup {
        spec: "stockfish".parse().unwrap(),
        clock_ms: 60_000.0,
        inc_ms: 0.0,
        movestogo: None,
        ply: 0,
    };
    let err = run_script(&setup, &parse_events(&more).unwrap()).unwrap_err();
    assert_eq!(err.line, 6);
    assert!(err.message.contains("movestogo reaches 0"), "{err}");
    // A move cannot end before a check the manager saw.
    let early = format!(
        "{}\n{{\"type\":\"move-end\",\"elapsed_ms\":4,\"nodes\":9}}",
        it(5.0, 1, "cp 0", "a", 0, 0.5)
    );
    let err = run_script(&setup, &parse_events(&early).unwrap()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 2: elapsed_ms 4 is before line 1's 5 ms, which the manager saw: a move ends after its last check"
    );
}

#[test]
fn bad_games_name_the_line_and_what_is_allowed() {
    let poll =
        |e: f64, v: &str| format!(r#"{{"type":"poll","elapsed_ms":{e},"nodes":100,"root_visits":{v}}}"#);
    let cases = [
        (it(1.0, 1, "mate 0", "a", 0, 0.5), "line 1: score \"mate 0\" is not a score"),
        (it(1.0, 1, "mate 600", "a", 0, 0.5), "1 ≤ |N| ≤ 500"),
        (it(1.0, 1, "cp 40000", "a", 0, 0.5), "|N| ≤ 30000"),
        (
            format!("{}\n{}", it(5.0, 1, "cp 0", "a", 0, 0.5), it(4.0, 2, "cp 0", "a", 0, 0.5)),
            "line 2: elapsed_ms 4 is before",
        ),
        (format!("{}\n{}", poll(5.0, "[5,5]"), poll(6.0, "[6,4]")), "line 2: root_visits[1] = 4 is below"),
        (format!("{}\n{}", poll(5.0, "[5,5]"), poll(6.0, "[6,5,1]")), "root moves do not change"),
        (poll(5.0, &format!("{:?}", vec![1; 219])), "1 … 218 root moves"),
        (
            format!(
                "{}\n{{\"type\":\"move-end\",\"elapsed_ms\":9,\"nodes\":9,\"reused_nodes\":10}}",
                poll(5.0, "[5,5]")
            ),
            "reused_nodes = 10 is more than",
        ),
        (
            format!(
                "{}\n{{\"type\":\"move-end\",\"elapsed_ms\":9,\"nodes\":200,\"reused_nodes\":150}}\n{}",
                poll(5.0, "[5,5]"),
                poll(1.0, "[5,5]")
            ),
            "line 3: nodes = 100 is below the 150 visits reused",
        ),
        (
            format!(
                "{}\n{{\"type\":\"move-end\",\"elapsed_ms\":9,\"nodes\":9,\"clock_ms\":-1}}",
                poll(5.0, "[5,5]")
            ),
            "clock_ms must be within 0 …",
        ),
        (r#"{"type":"move-end","elapsed_ms":9,"nodes":9}"#.into(), "no search events"),
        (
            format!("{}\n{}", "x".repeat(70_000), poll(1.0, "[1]")),
            "line 1: 70000 bytes is longer than the 65536 bytes",
        ),
        (r#"{"type":"jump"}"#.into(), "allowed types: `iteration`, `poll`, `move-end`"),
        (
            format!(r#"{{"type":"poll","{}":1}}"#, "k".repeat(60_000)),
            "unknown field `kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk…`",
        ),
    ];
    for (text, want) in cases {
        let err = parse_events(&text).unwrap_err().to_string();
        assert!(err.contains(want), "{}: {err}", &text[..text.len().min(80)]);
        assert!(err.len() < 300, "a short message: {err}");
    }
}
