//! `tmlab sweep` and `tmlab tune` through the real binary: bad flags are refused with the flag
//! and what is allowed, and a run stopped part-way and resumed gives exactly the results of an
//! uninterrupted one.

mod common;

use common::tmlab;
use serde_json::Value;

/// `tmlab SUB` with `defaults` (flag, value) unless `extra` gives the same flag, then `extra`.
fn run_with(sub: &str, defaults: &[(&str, &str)], extra: &[&str]) -> (i32, String, String) {
    let mut args = vec![sub];
    for &(flag, value) in defaults {
        if !extra.contains(&flag) {
            args.extend_from_slice(&[flag, value]);
        }
    }
    args.extend_from_slice(extra);
    tmlab(&args)
}

const SWEEP: [(&str, &str); 7] = [
    ("--tm", "lc0-legacy"),
    ("--param", "slowmover"),
    ("--vs", "stockfish"),
    ("--tc", "1+0.01"),
    ("--games", "4"),
    ("--maxmoves", "30"),
    ("--concurrency", "1"),
];

/// A small sweep with JSON output (`--json` unless `--csv` is given).
fn sweep(extra: &[&str]) -> (i32, String, String) {
    let mut e = extra.to_vec();
    if !e.contains(&"--csv") {
        e.push("--json");
    }
    run_with("sweep", &SWEEP, &e)
}

fn temp(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("tmlab-cli-sweep-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name).to_str().unwrap().to_string()
}

#[test]
fn sweep_refuses_bad_values_ranges_and_parameters() {
    let cases: [(&[&str], &str); 13] = [
        (&["--values", "0.5,9"], "--values: 9 is out of range for slowmover; allowed: a float in 0.1 … 3"),
        (&["--values", "0.5,abc"], "--values: \"abc\" is not a number; allowed: a float in 0.1 … 3"),
        (&["--values", "0.5,0.5"], "--values: 0.5 appears twice"),
        (
            &["--range", "0.05:1:3"],
            "--range: 0.05 is out of range for slowmover; allowed: a float in 0.1 … 3",
        ),
        (&["--range", "1:0.5:3"], "--range: LO 1 is above HI 0.5; allowed: LO ≤ HI"),
        (
            &["--range", "0.5:1"],
            "--range: \"0.5:1\" is not LO:HI:N; allowed: LO:HI:N with numbers LO ≤ HI and N from 1 to 64, e.g. 0.5:1.5:5",
        ),
        (&["--range", "a:b:3"], "--range: \"a:b:3\" is not LO:HI:N; allowed: LO:HI:N"),
        (&["--range", "0.5:1:x"], "--range: \"0.5:1:x\" is not LO:HI:N"),
        (&["--range", "0.5:1:0"], "--range: N = 0 is not allowed; allowed: 1 to 64 values"),
        (&["--range", "0.5:1:65"], "--range: N = 65 is not allowed; allowed: 1 to 64 values"),
        (&["--range", "NaN:1:3"], "--range: LO is not a number; allowed: a float in 0.1 … 3"),
        (&[], "give the values with --values V1,V2,… or --range LO:HI:N"),
        (
            &["--values", "1", "--concurrency", "0"],
            "--concurrency: 0 is not allowed; allowed: 1 … 64 (games at once)",
        ),
    ];
    for (extra, want) in cases {
        let (code, out, err) = sweep(extra);
        assert_eq!(code, 2, "{extra:?}: {err}");
        assert!(out.is_empty());
        assert!(err.contains(want), "{extra:?}: {err}");
    }
    let (code, _, err) = sweep(&["--tm", "stockfish", "--values", "1"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--param: \"slowmover\" is not a parameter of stockfish; allowed: move-overhead"),
        "{err}"
    );
    let (code, _, err) = sweep(&["--tm", "stockfish", "--param", "horizon", "--values", "20.5"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--values: 20.5 is out of range for horizon; allowed: an integer in 10 … 100"),
        "{err}"
    );
    let (code, _, err) = sweep(&["--values", "1", "--games", "0"]);
    assert_eq!(code, 2);
    assert!(err.contains("--games: 0 is out of range"), "{err}");
    let (code, _, err) = sweep(&["--values", "1", "--tc", "fast"]);
    assert_eq!(code, 2);
    assert!(err.starts_with("tmlab: --tc: "), "{err}");
}

/// The per-value results of a `--json` sweep (without the timing).
fn points(out: &str) -> Value {
    let v: Value = serde_json::from_str(out).unwrap_or_else(|e| panic!("{e}: {out}"));
    v["report"].clone()
}

#[test]
fn a_resumed_sweep_equals_an_uninterrupted_one() {
    let (code, full, err) = sweep(&["--values", "0.5,1.5,2.5", "--concurrency", "2"]);
    assert_eq!(code, 0, "{err}");
    let full = points(&full);
    assert_eq!(full["points"].as_array().unwrap().len(), 3);
    assert_eq!(full["points"][2]["finished"], 4);
    assert!(full["points"][0]["estimate"]["elo"].is_number());
    assert!(full["verdict"].as_str().unwrap().len() > 10);

    let file = temp("sweep.jsonl");
    let _ = std::fs::remove_file(&file);
    let (code, first, err) = sweep(&["--values", "0.5,1.5,2.5", "--resume", &file]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(points(&first), full, "a journalled run plays the same games");
    // Keep the header and five games, and tear the sixth: as if killed part-way.
    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 13);
    let cut = format!("{}\n{}", lines[..6].join("\n"), &lines[6][..10]);
    std::fs::write(&file, cut).unwrap();
    let (code, resumed, err) = sweep(&["--values", "0.5,1.5,2.5", "--resume", &file, "--concurrency", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("resuming: 5 of 12 games already in the resume file"), "{err}");
    let v: Value = serde_json::from_str(&resumed).unwrap();
    assert_eq!(v["games_played_now"], 7);
    assert_eq!(points(&resumed), full, "resume continues exactly");
    // Other settings with the same file are refused.
    let (code, _, err) = sweep(&["--values", "0.5,1.5", "--resume", &file]);
    assert_eq!(code, 2);
    assert!(err.contains("written by a sweep with other settings"), "{err}");
}

#[test]
fn sweep_writes_csv_and_an_svg_chart() {
    let svg = temp("sweep.svg");
    let (code, out, err) = sweep(&["--games", "2", "--range", "1:2:3", "--csv", "--svg", &svg]);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<&str> = out.lines().collect();
    assert!(rows[0].starts_with("slowmover,games,wins,losses,draws,elo,elo_ci95"), "{out}");
    assert_eq!(rows.len(), 4);
    assert!(rows[2].starts_with("1.5,2,"), "{out}");
    let s = std::fs::read_to_string(&svg).unwrap();
    assert!(s.starts_with("<svg") && s.contains("Elo vs baseline (95 % CI)"), "{}", &s[..200.min(s.len())]);
}

const TUNE: [(&str, &str); 7] = [
    ("--tm", "lc0-legacy(slowmover=0.5)"),
    ("--params", "slowmover"),
    ("--tc", "1+0.01"),
    ("--maxmoves", "30"),
    ("--games", "6"),
    ("--c-end", "0.3"),
    ("--r-end", "0.2"),
];

/// A 3-iteration tune.
fn tune(extra: &[&str]) -> (i32, String, String) {
    run_with("tune", &TUNE, extra)
}

#[test]
fn tune_refuses_bad_settings() {
    let cases: [(&[&str], &str); 5] = [
        (&["--params", "slowmover,nope"], "--params: \"nope\" is not a parameter of lc0-legacy"),
        (&["--games", "5"], "--games: 5 is not a positive multiple of 2"),
        (
            &["--c-end", "9"],
            "--c-end: 9 for slowmover is not allowed; allowed: 2.9e-6 (a millionth of the range) to the range 2.9",
        ),
        (&["--r-end", "0.1,0.2"], "--r-end: 2 values for 1 parameters"),
        (&["--r-end", "x"], "--r-end: \"x\" is not a number"),
    ];
    for (extra, want) in cases {
        let (code, _, err) = tune(extra);
        assert_eq!(code, 2, "{extra:?}: {err}");
        assert!(err.contains(want), "{extra:?}: {err}");
    }
}

#[test]
fn a_resumed_tune_equals_an_uninterrupted_one() {
    let json = temp("tune.json");
    let (code, full, err) = tune(&["--concurrency", "2", "--json", &json]);
    assert_eq!(code, 0, "{err}");
    assert!(full.contains("trajectory") && full.contains("tuned spec: lc0-legacy(slowmover="), "{full}");
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(v["iterations"].as_array().unwrap().len(), 3);
    assert_eq!(v["spsa"]["alpha"], 0.602);
    // Iteration 1's update is r·c·(W − L)·flip from the start value.
    let it = &v["iterations"][0];
    let (r, c) = (it["step"]["r"][0].as_f64().unwrap(), it["step"]["c"][0].as_f64().unwrap());
    let wl = it["wins"].as_f64().unwrap() - it["losses"].as_f64().unwrap();
    let flip = it["step"]["flip"][0].as_f64().unwrap();
    assert!((it["theta"][0].as_f64().unwrap() - (0.5 + r * c * wl * flip)).abs() < 1e-12);

    let file = temp("tune.jsonl");
    let _ = std::fs::remove_file(&file);
    let (code, first, _) = tune(&["--resume", &file]);
    assert_eq!(code, 0);
    assert_eq!(first, full);
    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4);
    std::fs::write(&file, format!("{}\n", lines[..2].join("\n"))).unwrap();
    let (code, resumed, err) = tune(&["--resume", &file]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("resuming after iteration 1 of 3"), "{err}");
    assert_eq!(resumed, full, "resume continues exactly");
}
