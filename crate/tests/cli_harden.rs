//! Issue #17 items 10–17 through the real binary: hostile command lines get a short, clear
//! error (exit 2), never a crash, a spin or a panic.
#![cfg(not(target_arch = "wasm32"))]

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::tmlab;

/// Runs `tmlab args` with `stdin` written to it, killing it after `secs`; (code, stderr).
fn tmlab_with_stdin(args: &[&str], stdin: &[u8], secs: u64) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tmlab"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let bytes = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&bytes);
    });
    let deadline = Instant::now() + Duration::from_secs(secs);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("tmlab {args:?} still running after {secs} s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    writer.join().unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn deep_spec(levels: usize) -> String {
    format!("lc0-legacy({}slowmover=1{}", "a(".repeat(levels), ")".repeat(levels + 1))
}

/// Items 10 and 14: deep nesting and huge specs are refused with a short error, natively, in
/// every command and in `setoption TimeManager`.
#[test]
fn deep_and_long_specs_are_refused_briefly() {
    for spec in
        [deep_spec(30_000), deep_spec(2_000), format!("lc0-legacy(slowmover={})", "9".repeat(100_000))]
    {
        let (code, _, err) = tmlab(&["budget", "--tm", &spec, "--clock", "60000"]);
        assert_eq!(code, 2, "{}", &err[..err.len().min(300)]);
        assert!(err.len() < 400, "{} bytes of error: {}…", err.len(), &err[..300]);
        assert!(err.contains("position") || err.contains("allowed"), "{err}");
        let (code, _, err) = tmlab(&["simulate", "--tm", &spec, "--tc", "60+0.6"]);
        assert_eq!(code, 2);
        assert!(err.len() < 400, "{} bytes", err.len());
    }
    let line = format!("setoption name TimeManager value {}\nisready\nquit\n", deep_spec(2_000));
    let (code, out, _) = tmlab_with_stdin(&["uci"], line.as_bytes(), 20);
    assert_eq!(code, 0);
    let err = out.lines().find(|l| l.starts_with("info string error")).expect("an error line");
    assert!(err.len() < 400 && err.contains("nest"), "{err}");
    assert!(out.contains("readyok"));
}

/// Item 14: time controls and UCI lines quote a short excerpt of a long input.
#[test]
fn long_inputs_are_quoted_in_part() {
    let long = format!("{}x", "1".repeat(900));
    for tc in [long.clone(), format!("40/{long}"), "9".repeat(5000)] {
        let (code, _, err) = tmlab(&["simulate", "--tm", "stockfish", "--tc", &tc]);
        assert_eq!(code, 2);
        assert!(err.len() < 300, "{} bytes: {}", err.len(), &err[..300]);
    }
    // A value clap refuses is quoted in part too.
    let (code, _, err) =
        tmlab(&["budget", "--tm", "stockfish", "--clock", &format!("{}x", "9".repeat(50_000))]);
    assert_eq!(code, 2);
    assert!(err.contains("invalid value") && err.len() < 600, "{} bytes: {}", err.len(), &err[..300]);
    let lines = format!(
        "position fen {long}\nposition startpos moves {long}\nsetoption name {long} value 1\n\
         setoption name TM slowmover value {long}\nsetoption name Searcher value {long}\nisready\nquit\n"
    );
    let (code, out, _) = tmlab_with_stdin(&["uci"], lines.as_bytes(), 20);
    assert_eq!(code, 0);
    let errors: Vec<&str> = out.lines().filter(|l| l.starts_with("info string error")).collect();
    assert_eq!(errors.len(), 5, "{out}");
    assert!(errors.iter().all(|l| l.len() < 200), "{errors:?}");
}

/// Item 11: many keys cost linear time, and a spec too long is refused at once.
#[test]
fn many_keys_are_quick() {
    let keys: Vec<String> = (0..12_000).map(|i| format!("k{i}=1")).collect();
    let spec = format!("lc0-legacy({})", keys.join(","));
    let t0 = Instant::now();
    let (code, _, err) = tmlab(&["budget", "--tm", &spec, "--clock", "60000"]);
    assert_eq!(code, 2);
    assert!(err.contains("at most 8192"), "{}", &err[..err.len().min(300)]);
    assert!(t0.elapsed() < Duration::from_secs(5), "{:?}", t0.elapsed());
}

/// Item 12: `curve` refuses degenerate finite values with the slider ranges, never printing
/// `null` or spinning.
#[test]
fn curve_refuses_values_outside_the_slider_ranges() {
    let dir = std::env::temp_dir().join(format!("tmlab-curve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("c.svg");
    let svg = svg.to_str().unwrap();
    for args in [
        vec!["curve", "decay", "--step", "1e308"],
        vec!["curve", "decay", "--step", "1e-320"],
        vec!["curve", "decay", "--from", "1e300", "--json"],
        vec!["curve", "decay", "--step", "1e308", "--svg", svg],
        vec!["curve", "moves-left", "--midpoint", "1e308"],
        vec!["curve", "moves-left", "--midpoint", "1e308", "--svg", svg],
        vec!["curve", "moves-left", "--steepness", "1e-300", "--json"],
    ] {
        let t0 = Instant::now();
        let (code, out, err) = tmlab(&args);
        assert_eq!(code, 2, "{args:?}: {out}");
        assert!(err.contains("out of range; allowed"), "{args:?}: {err}");
        assert!(!out.contains("null"));
        assert!(t0.elapsed() < Duration::from_secs(5), "{args:?}");
    }
    let (code, out, _) = tmlab(&["curve", "decay", "--step", "20", "--json"]);
    assert_eq!(code, 0);
    assert!(!out.contains("null"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Item 13: every printing command exits quietly when its reader went away (`| head`).
#[test]
fn printing_commands_exit_quietly_on_a_closed_stdout() {
    let commands: [(&[&str], &str); 10] = [
        (&["params"], ""),
        (&["params", "--json"], ""),
        (&["budget", "--tm", "stockfish", "--clock", "60000", "--json"], ""),
        (&["simulate", "--tm", "stockfish", "--tc", "60+0.6", "--moves", "200"], ""),
        (&["curve", "decay", "--json"], ""),
        (&["curve", "moves-left"], ""),
        (&["curve", "allocation", "--tm", "stockfish", "--moves", "200"], ""),
        (&["bench", "--depth", "2", "--no-overshoot", "--no-perft", "--mcts-playouts", "100"], ""),
        (&["match", "--a", "stockfish", "--b", "mediocre", "--tc", "1+0.1", "--games", "2"], ""),
        (&["uci"], "uci\nisready\ngo depth 3\n"),
    ];
    for (args, input) in commands {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tmlab"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take()); // the reader goes away before anything is printed
        let mut stdin = child.stdin.take().unwrap();
        let _ = stdin.write_all(input.as_bytes());
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
    }
}

/// Item 15: an unwritable `--pgn` is refused before the match; a PGN file that fails part-way
/// (`/dev/full`) still leaves the complete results on stdout, then exits 2 naming the file.
#[test]
fn match_pgn_errors_never_lose_results() {
    let t0 = Instant::now();
    let base = ["match", "--a", "stockfish", "--b", "mediocre", "--tc", "nodes=300", "--games", "200"];
    let mut args = base.to_vec();
    args.extend(["--pgn", "/nonexistent-dir/games.pgn"]);
    let (code, out, err) = tmlab(&args);
    assert_eq!(code, 2);
    assert!(err.contains("--pgn /nonexistent-dir/games.pgn"), "{err}");
    assert!(out.is_empty());
    assert!(t0.elapsed() < Duration::from_secs(1), "refused only after {:?}", t0.elapsed());
    if std::path::Path::new("/dev/full").exists() {
        let mut args = base.to_vec();
        args[8] = "6";
        args.extend(["--pgn", "/dev/full", "--json"]);
        let (code, out, err) = tmlab(&args);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains("--pgn /dev/full") && err.contains("results above are complete"), "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).expect("complete JSON");
        assert_eq!(v["games"].as_array().unwrap().len(), 6);
        assert_eq!(v["report"]["finished"], 6);
    }
}

/// Item 17: consistent caps.
#[test]
fn caps_are_consistent() {
    for clock in ["1e300", "36000000001"] {
        let (code, _, err) = tmlab(&["budget", "--tm", "stockfish", "--clock", clock]);
        assert_eq!(code, 2, "{clock}");
        assert!(err.contains("10 000 hours"), "{err}");
    }
    for tm in tmlab::tm::registry::names() {
        for (clock, inc) in [("36000000000", "36000000000"), ("1000", "0"), ("60000", "1000")] {
            let (code, out, err) = tmlab(&["budget", "--json", "--tm", tm, "--clock", clock, "--inc", inc]);
            assert_eq!(code, 0, "{err}");
            let v: serde_json::Value = serde_json::from_str(&out).unwrap();
            let c: f64 = clock.parse().unwrap();
            let (soft, hard) = (v["soft_ms"].as_f64().unwrap(), v["hard_ms"].as_f64().unwrap());
            assert!(soft <= c && hard <= c, "{tm} {clock}+{inc}: soft {soft} hard {hard}");
        }
    }
    let (code, _, err) = tmlab(&["bench", "--mcts-playouts", "18446744073709551615", "--no-overshoot"]);
    assert_eq!(code, 2);
    assert!(err.contains("--mcts-playouts must be"), "{err}");
    let (code, _, err) = tmlab(&["bench", "--hash", "4096", "--no-overshoot"]);
    assert_eq!(code, 2);
    assert!(err.contains("--hash must be"), "{err}");
    for c in ["0", "100000"] {
        let (code, _, err) =
            tmlab(&["match", "--a", "stockfish", "--b", "mediocre", "--tc", "nodes=300", "--concurrency", c]);
        assert_eq!(code, 2, "{c}");
        assert!(err.contains(&format!("--concurrency: {c} is not allowed; allowed: 1 … 64")), "{err}");
    }
}

/// `curve allocation` checks `--use`, `--nps` and `--reuse` against the allocation chart's
/// slider ranges from the schema, naming the flag and the range; values inside still work.
#[test]
fn curve_allocation_checks_usage_flags_against_the_schema() {
    for (flag, v, range) in [
        ("--use", "1e308", "0.05 … 3"),
        ("--use", "0", "0.05 … 3"),
        ("--use", "NaN", "0.05 … 3"),
        ("--nps", "1e-300", "1000 … 1000000"),
        ("--nps", "18446744073709551615", "1000 … 1000000"),
        ("--reuse", "0.99", "0 … 0.95"),
    ] {
        let t0 = Instant::now();
        let (code, out, err) = tmlab(&["curve", "allocation", "--tm", "lc0-legacy", flag, v]);
        assert_eq!(code, 2, "{flag} {v}: {out}");
        assert!(err.contains(&format!("{flag} = ")) && err.contains(range), "{flag} {v}: {err}");
        assert!(err.len() < 300, "{err}");
        assert!(t0.elapsed() < Duration::from_secs(10), "{flag} {v}");
    }
    let (code, out, err) = tmlab(&[
        "curve",
        "allocation",
        "--tm",
        "lc0-legacy",
        "--use",
        "3",
        "--nps",
        "1000",
        "--reuse",
        "0.95",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v[0]["rows"].as_array().is_some_and(|r| !r.is_empty()), "{out:.300}");
}

/// `match --json` lists failed games (none here) after the report, so a failed game is named
/// in the machine-readable output too (`tests/match_failures.rs` makes games fail).
#[test]
fn match_json_has_a_failed_list() {
    let (code, out, err) = tmlab(&[
        "match",
        "--a",
        "stockfish",
        "--b",
        "mediocre",
        "--tc",
        "nodes=200",
        "--games",
        "2",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["failed"], serde_json::json!([]));
    assert_eq!(v["games"].as_array().map(Vec::len), Some(2));
}

/// Typed errors reach the command line through one path → flag table: the flag the user typed,
/// what was wrong, and what is allowed (issue 27).
#[test]
fn a_library_error_names_the_flag_and_what_is_allowed() {
    let (code, _, err) =
        tmlab(&["match", "--a", "stockfish", "--b", "mediocre", "--tc", "3+x", "--games", "2"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--tc: bad time control token `3+x`"), "{err}");
    assert!(err.contains(&format!("; allowed: {}", tmlab::clock::TC_FORMS)), "{err}");
    let (code, _, err) = tmlab(&["simulate", "--tm", "stockfish", "--tc", "60", "--moves", "0"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--moves: 0 is out of range; allowed: 1 … 10000"), "{err}");
}
