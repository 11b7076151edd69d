//! `tmlab stopper` as a user runs it: a scripted search file in, decisions and effective
//! limits out (text and JSON lines), and clear errors for bad files.
#![cfg(not(target_arch = "wasm32"))]

mod common;
use common::tmlab;

fn events(name: &str, text: &str) -> String {
    let path = std::env::temp_dir().join(format!("tmlab-stopper-{}-{name}.jsonl", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

const SCRIPT: &str = r#"# a fresh Stockfish move at 60 s + 0
{"type":"iteration","elapsed_ms":10,"depth":1,"score":"cp 20","best":"e2e4","node_share":0.5}
{"type":"iteration","elapsed_ms":300,"depth":8,"score":"cp 25","best":"e2e4","node_share":0.95}
{"type":"iteration","elapsed_ms":2400,"depth":9,"score":"cp 25","best":"e2e4","node_share":0.95}
{"type":"iteration","elapsed_ms":2500,"depth":10,"score":"cp 25","best":"e2e4","node_share":0.95}
"#;

#[test]
fn stopper_prints_each_decision_and_the_effective_limit() {
    let file = events("text", SCRIPT);
    let (code, out, err) = tmlab(&["stopper", "--tm", "stockfish", "--clock", "60000", "--events", &file]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("stockfish: soft 1.2 s hard 8.6 s (mtg=50 timeLeft=59480"), "{out}");
    assert!(out.contains("line 2 iteration at 10 ms: continue"), "{out}");
    assert!(
        out.contains("soft 3.1 s = 1.2 s × falling 1.73 × reduction 1.61 × instability 1.08 × nodes effort 0.84 = 3.1 s, cap 8.6 s"),
        "{out}"
    );
    // Depth 9: 8 since the change → timeRed 0.874858, reduction 1.160057, total 2154.8 < 2400.
    assert!(
        out.contains(
            "line 4 iteration at 2400 ms: stop: soft-limit (soft limit reached at an iteration boundary)"
        ),
        "{out}"
    );
    assert!(out.contains("1 later event(s) not fed"), "{out}");
}

#[test]
fn stopper_json_lines_and_mcts_polls() {
    let file = events(
        "json",
        "{\"type\":\"poll\",\"elapsed_ms\":100,\"nodes\":100,\"root_visits\":[60,30,10]}\n{\"type\":\"poll\",\"elapsed_ms\":4898,\"nodes\":100,\"root_visits\":[50,49,1]}\n",
    );
    let (code, out, err) = tmlab(&[
        "stopper",
        "--tm",
        "lc0-legacy",
        "--clock",
        "60000",
        "--inc",
        "600",
        "--events",
        &file,
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["budget"]["hard_ms"], 4898.0);
    assert_eq!(lines[1]["decision"], "continue");
    assert_eq!(lines[1]["kind"], "poll");
    assert_eq!(lines[2]["reason"], "deadline");
    assert_eq!(lines[2]["limit"]["soft_ms"], 4898.0);
    assert!(lines[2]["limit"]["text"].as_str().unwrap().contains("base soft limit"));
}

#[test]
fn stopper_errors_name_the_line_and_the_field() {
    let file = events(
        "bad",
        "{\"type\":\"iteration\",\"elapsed_ms\":1,\"depth\":1,\"score\":\"cp 1\",\"best\":\"a\",\"node_share\":0.5}\n{\"type\":\"iteration\",\"elapsed_ms\":2,\"score\":\"cp 1\",\"best\":\"a\",\"node_share\":0.5}\n",
    );
    let (code, _, err) = tmlab(&["stopper", "--tm", "stockfish", "--clock", "60000", "--events", &file]);
    assert_eq!(code, 2);
    assert!(err.contains("line 2: missing field `depth`"), "{err}");
    let (code, _, err) =
        tmlab(&["stopper", "--tm", "stockfish", "--clock", "60000", "--events", "/nonexistent/x.jsonl"]);
    assert_eq!(code, 2);
    assert!(err.starts_with("tmlab: --events /nonexistent/x.jsonl:"), "{err}");
    let (code, _, err) = tmlab(&["stopper", "--tm", "nosuch", "--clock", "60000", "--events", &file]);
    assert_eq!(code, 2);
    assert!(err.contains("--tm"), "{err}");
    // The clock has `budget`'s cap (10 000 h), and a huge value is echoed short.
    let (code, _, err) = tmlab(&["stopper", "--tm", "stockfish", "--clock", "1e300", "--events", &file]);
    assert_eq!(code, 2);
    assert!(err.contains("--clock = 1e300 is out of range") && err.len() < 200, "{err}");
}
