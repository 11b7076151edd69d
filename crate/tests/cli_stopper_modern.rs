//! Issue 28's modern alpha-beta managers through `tmlab stopper`: one scripted search per
//! in-search factor, with the decision and the effective limit computed by hand from the
//! formulas in docs/managers.md (the arithmetic is in each comment).
#![cfg(not(target_arch = "wasm32"))]

mod common;
use common::tmlab;

fn events(name: &str, text: &str) -> String {
    let path = std::env::temp_dir().join(format!("tmlab-stopper-modern-{}-{name}.jsonl", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

/// `tmlab stopper --json` on a script: the budget line, then one line per event.
fn run(tm: &str, clock: &str, name: &str, script: &str) -> Vec<serde_json::Value> {
    let file = events(name, script);
    let (code, out, err) = tmlab(&["stopper", "--tm", tm, "--clock", clock, "--events", &file, "--json"]);
    assert_eq!(code, 0, "{err}");
    out.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

fn iteration(ms: u32, depth: u32, cp: i32, best: &str, share: f64) -> String {
    format!(
        "{{\"type\":\"iteration\",\"elapsed_ms\":{ms},\"depth\":{depth},\"score\":\"cp {cp}\",\"best\":\"{best}\",\"node_share\":{share}}}\n"
    )
}

/// The decisions of the event lines, in order.
fn decisions(lines: &[serde_json::Value]) -> Vec<String> {
    lines[1..]
        .iter()
        .map(|l| l["reason"].as_str().unwrap_or(l["decision"].as_str().unwrap()).to_string())
        .collect()
}

#[test]
fn complexity_node_factor() {
    // 60 s: soft₀ = ⌊60000·50/1024⌋ = 2929, hard ⌊60000·286/1024⌋ − 50 = 16707. Depth 5 at
    // 2000 ms is not re-scaled (2000 < 2929: continue). Depth 6, share 0.9, score unchanged:
    // nf = 2380/1024 − 0.9·2197/1024 = 0.393262, cf = 1 → soft trunc(2929·0.393262) = 1151 ≤
    // 2000: stop.
    let script = [
        iteration(10, 1, 20, "e2e4", 0.9),
        iteration(2000, 5, 20, "e2e4", 0.9),
        iteration(2000, 6, 20, "e2e4", 0.9),
    ]
    .concat();
    let lines = run("complexity", "60000", "cw-nodes", &script);
    assert_eq!(
        (lines[0]["budget"]["soft_ms"].as_f64(), lines[0]["budget"]["hard_ms"].as_f64()),
        (Some(2929.0), Some(16_707.0))
    );
    assert_eq!(decisions(&lines), ["continue", "continue", "soft-limit"]);
    assert_eq!(lines[3]["limit"]["soft_ms"], 1151.0);
    assert!(
        lines[3]["limit"]["text"].as_str().unwrap().contains("× nodes 0.39 × complexity 1.00"),
        "{}",
        lines[3]
    );
}

#[test]
fn complexity_factor() {
    // Depth 6 at 1200 ms, share 0.9, the score 60 cp below depth 1's: C = 0.6·240·ln 6 =
    // 258.0 → 223; cf = 978/1024 + 223/410 = 1.498981 → soft trunc(2929·0.393262·1.498981) =
    // 1726 > 1200: continue (1151 and a stop without it, `preset=no-complexity`). Depth 7 at
    // 1800 ms: C = 0.6·240·ln 7 → 223 again, soft 1726 ≤ 1800: stop.
    let script = [
        iteration(10, 1, 20, "e2e4", 0.9),
        iteration(1200, 6, -40, "e2e4", 0.9),
        iteration(1800, 7, -40, "e2e4", 0.9),
    ]
    .concat();
    let lines = run("complexity", "60000", "cw-cplx", &script);
    assert_eq!(decisions(&lines), ["continue", "continue", "soft-limit"]);
    assert_eq!(lines[2]["limit"]["soft_ms"], 1726.0);
    assert!(lines[2]["limit"]["text"].as_str().unwrap().contains("× complexity 1.50"), "{}", lines[2]);
    let lines = run("complexity(preset=no-complexity)", "60000", "cw-none", &script);
    assert_eq!(decisions(&lines), ["continue", "soft-limit"]);
}

#[test]
fn koivisto_node_factor() {
    // 60000+0: time to use min(59950, ⌊120000/20⌋) = 6000, upper 30000. Depth 1, share 50 %:
    // node 110 − 50 = 60, eval 50 → ⌊⌊6000·60/100⌋·50/65⌋ = 2769 ≥ 10: continue. Depth 6 at
    // 1300 ms, share 95 % → 20, the score as at depth 1 → ⌊1200·50/65⌋ = 923 < 1300: stop.
    let script = [iteration(10, 1, 20, "e2e4", 0.5), iteration(1300, 6, 20, "e2e4", 0.95)].concat();
    let lines = run("koivisto", "60000", "kv-nodes", &script);
    assert_eq!(
        (lines[0]["budget"]["soft_ms"].as_f64(), lines[0]["budget"]["hard_ms"].as_f64()),
        (Some(6000.0), Some(30_000.0))
    );
    assert_eq!(decisions(&lines), ["continue", "soft-limit"]);
    assert_eq!(lines[1]["limit"]["soft_ms"], 2769.0);
    assert_eq!(lines[2]["limit"]["soft_ms"], 923.0);
    assert!(lines[2]["limit"]["text"].as_str().unwrap().contains("× nodes 0.20 × eval 0.77"), "{}", lines[2]);
}

#[test]
fn koivisto_eval_factor() {
    // Depth 5 at 30 cp (800 ms, share 95 %: 923 ≥ 800, continue); depth 6 at −10 cp: the fall
    // from depth 5 is 40 → eval min(90, 80) = 80 → ⌊1200·80/65⌋ = 1476 ≥ 1300: continue;
    // depth 7 at 1500 ms: 1476 < 1500: stop.
    let script = [
        iteration(10, 1, 20, "e2e4", 0.5),
        iteration(800, 5, 30, "e2e4", 0.95),
        iteration(1300, 6, -10, "e2e4", 0.95),
        iteration(1500, 7, -10, "e2e4", 0.95),
    ]
    .concat();
    let lines = run("koivisto", "60000", "kv-eval", &script);
    assert_eq!(decisions(&lines), ["continue", "continue", "continue", "soft-limit"]);
    assert_eq!(lines[3]["limit"]["soft_ms"], 1476.0);
    assert!(lines[3]["limit"]["text"].as_str().unwrap().contains("× eval 1.23"), "{}", lines[3]);
}

#[test]
fn koivisto_overhead_per_move_or_per_game() {
    // 100 ms per move: 5900 and 29900; per game: 6000 and 30000 (the room 59850 does not bind).
    let script = iteration(10, 1, 20, "e2e4", 0.5);
    let lines = run("koivisto(move-overhead=100)", "60000", "kv-pm", &script);
    assert_eq!(lines[0]["budget"]["hard_ms"], 29_900.0);
    let lines = run("koivisto(move-overhead=100,per-game=true)", "60000", "kv-pg", &script);
    assert_eq!(lines[0]["budget"]["hard_ms"], 30_000.0);
}

/// Six iterations at 10 … 50 ms and `last_ms`, with these best moves, scores, last-iteration
/// best-move changes and node share.
fn six(last_ms: u32, best: [&str; 6], cp: [i32; 6], changes: u32, share: f64) -> String {
    (0..6)
        .map(|i| {
            let ms = if i == 5 { last_ms } else { 10 * (i as u32 + 1) };
            let ch = if i == 5 { changes } else { 0 };
            format!(
                "{{\"type\":\"iteration\",\"elapsed_ms\":{ms},\"depth\":{},\"score\":\"cp {}\",\"best\":\"{}\",\"best_move_changes\":{ch},\"node_share\":{share}}}\n",
                i + 1,
                cp[i],
                best[i]
            )
        })
        .collect()
}

const SAME: [&str; 6] = ["e2e4"; 6];
const ZERO: [i32; 6] = [0; 6];

/// The last line's effective soft limit.
fn last_soft(lines: &[serde_json::Value]) -> f64 {
    lines.last().unwrap()["limit"]["soft_ms"].as_f64().unwrap()
}

#[test]
fn reckless_stable_baseline_and_node_factor() {
    // 60000+0, move 1: soft bound trunc(0.0120629·59900) − 15 = 707. Six stable iterations,
    // half the nodes: 1.8561 × pv 1.0681 × eval 1.0168 × trend 0.7426 × bms 1.15 = 1.7214783 →
    // 1217.085 ms: continue at 1200, stop at 1300. Share 0.95: nodes 0.66117 → 433.544 ms:
    // stop at 500.
    let lines = run("reckless", "60000", "rk-base", &six(1200, SAME, ZERO, 0, 0.5));
    assert_eq!(lines[0]["budget"]["soft_ms"], 707.0);
    assert_eq!(decisions(&lines).last().unwrap(), "continue");
    assert!((last_soft(&lines) - 1217.085).abs() < 0.01, "{}", last_soft(&lines));
    let lines = run("reckless", "60000", "rk-base2", &six(1300, SAME, ZERO, 0, 0.5));
    assert_eq!(decisions(&lines).last().unwrap(), "soft-limit");
    let lines = run("reckless", "60000", "rk-nodes", &six(500, SAME, ZERO, 0, 0.95));
    assert_eq!(decisions(&lines), ["continue", "continue", "continue", "continue", "continue", "soft-limit"]);
    assert!((last_soft(&lines) - 433.544).abs() < 0.01, "{}", last_soft(&lines));
}

#[test]
fn reckless_pv_eval_and_best_move_factors() {
    // Each at 1300 ms, where the stable baseline stops (1217 ms):
    // the best move alternates → pv 1.2881 → 1467.772 ms: continue;
    // 0, 30, −30, 30, −30, 0 cp → eval-stable count 0 → 1.2664 → 1515.851 ms: continue;
    // 3 best-move changes in the last iteration → 1.15 + ln(1 + 0.7578) = 1.714063 → 1814.053 ms.
    let alternate = ["e2e4", "d2d4", "e2e4", "d2d4", "e2e4", "d2d4"];
    for (name, script, soft) in [
        ("rk-pv", six(1300, alternate, ZERO, 0, 0.5), 1467.772),
        ("rk-eval", six(1300, SAME, [0, 30, -30, 30, -30, 0], 0, 0.5), 1515.851),
        ("rk-bms", six(1300, SAME, ZERO, 3, 0.5), 1814.053),
    ] {
        let lines = run("reckless", "60000", name, &script);
        assert_eq!(decisions(&lines).last().unwrap(), "continue", "{name}");
        assert!((last_soft(&lines) - soft).abs() < 0.01, "{name}: {}", last_soft(&lines));
    }
}

#[test]
fn reckless_score_trend_across_moves() {
    // Move 1 ends at 40 cp (128 internal at 3.21/cp) after 1300 ms: move 2 (ply 2, clock 58700,
    // move number 2) has soft bound trunc((0.0594 − 0.0492·e^(−0.0772))·58600) − 15 = 796.
    // Six stable iterations at 0 cp: trend 0.7426 + 0.048·128 → 1.4031, the average from 128
    // (64, 32, 16, 8, 4, 2) leaves an eval-stable count of 3 → 1.1416; product 3.6518567 →
    // 2906.878 ms: continue at 2800.
    let script = format!(
        "{}{{\"type\":\"move-end\",\"elapsed_ms\":1300,\"nodes\":1000000,\"score\":\"cp 40\"}}\n{}",
        iteration(1300, 1, 40, "e2e4", 0.5),
        six(2800, SAME, ZERO, 0, 0.5)
    );
    let lines = run("reckless", "60000", "rk-trend", &script);
    let budget2 = lines.iter().filter(|l| l.get("budget").is_some()).nth(1).unwrap();
    assert_eq!(budget2["budget"]["soft_ms"], 796.0);
    assert_eq!(lines.last().unwrap()["decision"], "continue");
    assert!((last_soft(&lines) - 2906.878).abs() < 0.01, "{}", last_soft(&lines));
    assert!(
        lines.last().unwrap()["limit"]["text"].as_str().unwrap().contains("× trend 1.40"),
        "{}",
        lines.last().unwrap()
    );
}
