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
    assert!(out.starts_with("stockfish: soft 1250 ms hard 8591 ms (mtg=50 timeLeft=59480"), "{out}");
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
        "{\"type\":\"poll\",\"elapsed_ms\":100,\"nodes\":100,\"root_visits\":[60,30,10]}\n{\"type\":\"poll\",\"elapsed_ms\":4898,\"nodes\":100,\"root_visits\":[70,69,10]}\n",
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

/// Issue 23: upstream's effective limit for a game's first move with a mate score (60 s, depth 2,
/// `mate 4`, 10 ms) is 1048.48 ms: falling eval runs with prevAvg = VALUE_INFINITE. tmlab
/// printed 3145.43 ms before.
#[test]
fn stopper_first_move_mate_matches_upstream() {
    let file = events(
        "mate4",
        r#"{"type":"iteration","elapsed_ms":10,"depth":2,"score":"mate 4","best":"e2e4","node_share":0.5}"#,
    );
    let (code, out, err) =
        tmlab(&["stopper", "--tm", "stockfish", "--clock", "60000", "--events", &file, "--json"]);
    assert_eq!(code, 0, "{err}");
    let step: serde_json::Value = serde_json::from_str(out.lines().nth(1).unwrap()).unwrap();
    let soft = step["limit"]["soft_ms"].as_f64().unwrap();
    assert!((soft - 1048.48).abs() < 0.005, "{soft}");
    assert!(step["limit"]["text"].as_str().unwrap().contains("falling 0.58"), "{step}");
}

const SF_GAME: &str = r#"# Stockfish, two moves at 60 s + 0: the state move 1 leaves is used by move 2
{"type":"iteration","elapsed_ms":10,"depth":1,"score":"cp 20","best":"e2e4","node_share":0.5}
{"type":"iteration","elapsed_ms":300,"depth":8,"score":"cp 25","best":"e2e4","node_share":0.95}
{"type":"iteration","elapsed_ms":2400,"depth":9,"score":"cp 25","best":"e2e4","node_share":0.95}
{"type":"move-end","elapsed_ms":2400,"nodes":1000000,"score":"cp 25"}
{"type":"iteration","elapsed_ms":10,"depth":1,"score":"cp 5","best":"d2d4","node_share":0.5}
"#;

#[test]
fn stopper_carries_stockfish_state_across_moves() {
    let file = events("sfgame", SF_GAME);
    let (code, out, err) = tmlab(&["stopper", "--tm", "stockfish", "--clock", "60000", "--events", &file]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("move 1: ply 0, clock 60000 ms, inc 0 ms\nstockfish: soft 1250 ms hard 8591 ms"),
        "{out}"
    );
    assert!(out.contains("line 5 move-end at 2400 ms: 1000000 nodes, 0 reused, score cp 25"), "{out}");
    assert!(out.contains("    state: prevTimeReduction=0.875 adj=1.148 prevScore=52 prevAvg=52"), "{out}");
    assert!(out.contains("move 2: ply 2, clock 57600 ms, inc 0 ms\n"), "{out}");
    // Move 2: a 20 cp fall on both terms → falling 1.53; reduction (1.468 + 0.875)/(2.284·0.629).
    assert!(out.contains("line 6 iteration at 10 ms: continue\n    soft"), "{out}");
    assert!(out.contains("× falling 1.53 × reduction 1.63 ×"), "{out}");
    let (code, out, err) =
        tmlab(&["stopper", "--tm", "stockfish", "--clock", "60000", "--events", &file, "--json"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let kinds: Vec<String> = lines
        .iter()
        .map(|l| match () {
            _ if l.get("budget").is_some() => format!("budget {}", l["move"]),
            _ if l.get("end").is_some() => format!("end {}", l["move"]),
            _ => format!("{} {}", l["kind"].as_str().unwrap(), l["move"]),
        })
        .collect();
    assert_eq!(
        kinds,
        ["budget 1", "iteration 1", "iteration 1", "iteration 1", "end 1", "budget 2", "iteration 2"]
    );
    assert_eq!(lines[5]["context"]["clock_ms"], 57_600.0);
    let state = lines[4]["end"]["state"].as_array().unwrap();
    assert!(state.iter().any(|t| t["name"] == "prevAvg" && t["value"] == 52.0), "{state:?}");
}

/// lc0-smooth across moves, the issue's overdrawn bank: move 2 at 2000 ms gets deadline 37 and
/// lc0's hard −24, and stops at its first poll (7 ms) as lc0 does.
#[test]
fn stopper_carries_smooth_state_across_moves() {
    let file = events(
        "smoothgame",
        r#"{"type":"poll","elapsed_ms":100,"nodes":2000,"root_visits":[1998,1,1]}
{"type":"poll","elapsed_ms":120,"nodes":2400,"root_visits":[2398,1,1]}
{"type":"move-end","elapsed_ms":407,"nodes":8140,"reused_nodes":475}
{"type":"poll","elapsed_ms":7,"nodes":525,"root_visits":[523,1,1]}
"#,
    );
    let args = ["stopper", "--tm", "lc0-smooth(preset=lc0)", "--clock", "2407", "--events", &file];
    let (code, out, err) = tmlab(&args);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("bank=-65 first=0 used_bank=1"), "{out}");
    assert!(out.contains("move 2: ply 2, clock 2000 ms, inc 0 ms, 475 reused nodes"), "{out}");
    assert!(out.contains("lc0-smooth(preset=lc0): soft 37 ms hard 37 ms (rm=44.2"), "{out}");
    assert!(out.contains("deadline=37 allowed_bank=0 bank=-60 overdraft=61)"), "{out}");
    assert!(out.contains("line 4 poll at 7 ms: stop: hard-limit"), "{out}");
    let (code, out, err) = tmlab(&[&args[..], &["--json"]].concat());
    assert_eq!(code, 0, "{err}");
    let lines: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines[4]["budget"]["hard_ms"], 37.0, "reported hard ≥ soft");
    assert_eq!(lines[5]["reason"], "hard-limit");
}

#[test]
fn stopper_refuses_mate_0_long_lines_huge_files_and_binary() {
    let mate0 = events(
        "mate0",
        r#"{"type":"iteration","elapsed_ms":10,"depth":2,"score":"mate 0","best":"e2e4","node_share":0.5}"#,
    );
    let run = |f: &str| tmlab(&["stopper", "--tm", "stockfish", "--clock", "60000", "--events", f]);
    let (code, _, err) = run(&mate0);
    assert_eq!(code, 2);
    assert!(err.contains("line 1: score \"mate 0\" is not a score"), "{err}");
    let long = events("long", &format!("{{\"type\":\"poll\",\"pad\":\"{}\"}}\n", "x".repeat(100_000)));
    let (code, _, err) = run(&long);
    assert_eq!(code, 2);
    assert!(err.contains("line 1: 100024 bytes is longer than the 65536 bytes a line may hold"), "{err}");
    assert!(err.len() < 300, "{err}");
    let binary = events("binary", "{}\n\u{0}\n");
    let path = binary.clone();
    std::fs::write(&path, b"# ok\n\xff\xfe\n").unwrap();
    let (code, _, err) = run(&path);
    assert_eq!(code, 2);
    assert!(err.contains("line 2: not UTF-8 text"), "{err}");
    if std::path::Path::new("/dev/zero").exists() {
        let (code, _, err) = run("/dev/zero");
        assert_eq!(code, 2);
        assert!(err.contains("larger than the 16 MiB an events file may hold"), "{err}");
    }
}

#[test]
fn stopper_help_documents_the_format() {
    let (code, out, _) = tmlab(&["stopper", "--help"]);
    assert_eq!(code, 0);
    for word in
        ["\"type\":\"iteration\"", "\"type\":\"poll\"", "\"type\":\"move-end\"", "reused_nodes", "mate N"]
    {
        assert!(out.contains(word), "{word}: {out}");
    }
}

/// The examples of `docs/stopper.md` are what the binary prints: each `cat > FILE <<'JSON'` block
/// is written, the `tmlab stopper` line after it is run, and its output is the next `text` block.
#[test]
fn the_docs_examples_are_what_tmlab_prints() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/stopper.md")).unwrap();
    let mut checked = 0;
    for block in doc.split("cat > ").skip(1) {
        let (name, rest) = block.split_once(" <<'JSON'\n").expect("a heredoc");
        let (input, rest) = rest.split_once("JSON\n").expect("its end");
        let file = events(&format!("doc-{name}"), input);
        let command = rest.lines().next().unwrap();
        let args: Vec<String> = command
            .split_whitespace()
            .skip(1)
            .map(|a| if a == name { file.clone() } else { a.trim_matches('\'').to_string() })
            .collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, out, err) = tmlab(&args);
        assert_eq!(code, 0, "{command}: {err}");
        let want = rest.split_once("```text\n").unwrap().1.split_once("```").unwrap().0;
        assert_eq!(out, want, "{command}");
        checked += 1;
    }
    assert_eq!(checked, 2);
}
