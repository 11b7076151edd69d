//! The `params`, `budget`, `simulate` and `bench` subcommands as a user runs them.
#![cfg(not(target_arch = "wasm32"))]

mod common;
use common::tmlab;

fn budget_json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["budget", "--json"];
    all.extend_from_slice(args);
    let (code, out, err) = tmlab(&all);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn budget_prints_the_reference_vectors() {
    let cases: [(&[&str], f64, f64); 7] = [
        (&["--tm", "lc0-legacy", "--clock", "60000", "--inc", "600"], 4898.0, 4898.0),
        (&["--tm", "lc0-smooth(preset=lc0)", "--clock", "60000", "--inc", "1000"], 5713.0, 10789.0),
        (&["--tm", "alphazero", "--clock", "60000", "--inc", "1000"], 7176.0, 7176.0),
        (&["--tm", "simple", "--clock", "60000", "--inc", "1000", "--ply", "40"], 3504.0, 3504.0),
        (&["--tm", "stockfish", "--clock", "60600", "--inc", "600"], 1977.0, 13587.0),
        (&["--tm", "guide", "--clock", "10100", "--inc", "100"], 290.0, 1740.0),
        (&["--tm", "mediocre", "--clock", "60000", "--inc", "600"], 900.0, 1800.0),
    ];
    for (args, soft, hard) in cases {
        let v = budget_json(args);
        assert_eq!((v["soft_ms"].as_f64(), v["hard_ms"].as_f64()), (Some(soft), Some(hard)), "{args:?}");
        assert!(v["terms"].as_array().unwrap().len() >= 3);
    }
    // A fresh manager gets lc0's first-move bonus; without it, this is §11(c) move 20.
    let (code, out, _) = tmlab(&[
        "budget",
        "--tm",
        "lc0-legacy(preset=no-bonus)",
        "--clock",
        "60000",
        "--inc",
        "600",
        "--ply",
        "38",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("soft_ms 2420") && out.contains("hard_ms 2420") && out.contains("mtg"), "{out}");
}

#[test]
fn bad_input_is_an_error_with_exit_code_2() {
    let (code, _, err) = tmlab(&["budget", "--tm", "lc0-smooth(init-tree-reuse=2)", "--clock", "1000"]);
    assert_eq!(code, 2);
    assert!(err.starts_with("tmlab: ") && err.contains("0 … 0.9"), "{err}");
    let (code, _, err) = tmlab(&["simulate", "--tm", "mediocre", "--tc", "10+x"]);
    assert_eq!(code, 2);
    assert!(err.contains("`10+x`"), "{err}");
}

#[test]
fn params_json_is_the_schema() {
    let (code, out, _) = tmlab(&["params", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let names: Vec<&str> = v.as_array().unwrap().iter().map(|m| m["name"].as_str().unwrap()).collect();
    assert_eq!(names, tmlab::tm::registry::names(), "one entry per registered manager, in order");
    let (code, out, _) = tmlab(&["params", "--tm", "smooth"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("init-tree-reuse")
            && out.contains("mle-legacy.midpoint")
            && out.contains("seed (default)"),
        "{out}"
    );
}

#[test]
fn simulate_rows_in_three_formats() {
    let (code, out, _) = tmlab(&["simulate", "--tm", "stockfish", "--tc", "60+0.6", "--moves", "5", "--csv"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "move,ply,clock_before_ms,soft_ms,hard_ms,used_ms,clock_after_ms");
    assert_eq!(lines[1], "1,0,60600,1977,13587,1977,59223");
    assert_eq!(lines.len(), 6);
    let (code, out, _) =
        tmlab(&["simulate", "--tm", "smooth", "--tc", "40/60", "--moves", "3", "--json", "--reuse", "0.4"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["rows"].as_array().unwrap().len(), 3);
    assert_eq!(v["rows"][0]["movestogo"], 40);
    assert!(v["rows"][1]["reused_nodes"].as_u64().unwrap() > 0);
    assert!(v["rows"][0]["terms"].as_array().unwrap().iter().any(|t| t["name"] == "rm"));
    let (code, out, err) = tmlab(&["simulate", "--tm", "guide(preset=chunks)", "--tc", "60+0"]);
    assert_eq!(code, 0);
    assert!(out.contains("FLAG") && err.contains("lost on time at move"), "{err}");
}

#[test]
fn bench_reports_the_signature_and_a_checked_perft_speed() {
    let (code, out, err) =
        tmlab(&["bench", "--depth", "2", "--no-overshoot", "--mcts-playouts", "0", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["positions"].as_array().unwrap().len(), 40);
    assert!(v["total_nodes"].as_u64().unwrap() > 0);
    // The six Chessprogramming Wiki counts: 4 865 609 + 4 085 603 + 11 030 083 + 15 833 292
    // + 2 103 487 + 3 894 594 leaves, each checked against the published count.
    assert_eq!(v["perft"]["leaves"].as_u64(), Some(41_812_668));
    assert!(v["perft"]["leaves_per_s"].as_f64().unwrap() > 0.0);
    let (code, out, _) =
        tmlab(&["bench", "--depth", "1", "--no-overshoot", "--no-perft", "--mcts-playouts", "0"]);
    assert_eq!(code, 0);
    assert!(out.contains("Nodes searched  : ") && !out.contains("Perft"));
    let (code, _, err) = tmlab(&["bench", "--depth", "0"]);
    assert_eq!(code, 2);
    assert!(err.contains("--depth must be 1 … 30, got 0"), "{err}");
}
