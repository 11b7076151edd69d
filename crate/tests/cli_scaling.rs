//! `tmlab scaling` and `tmlab overhead` through the real binary: bad values are refused with the
//! flag and what is allowed; a scaling stopped part-way and resumed gives exactly the results of
//! an uninterrupted one; `--dry-run` prints the estimate and plays nothing; the line fit of the
//! report is the weighted least-squares line of its own points (recomputed here by hand); a fixed
//! latency flags with probability exactly 1 or 0.

mod common;

use common::tmlab;
use serde_json::Value;

/// A small scaling (3 controls × 4 games, games capped at 30 moves); `extra` replaces a default
/// flag it repeats.
fn scaling(extra: &[&str]) -> (i32, String, String) {
    let mut args = vec!["scaling"];
    for (flag, value) in
        [("--a", "lc0-legacy"), ("--b", "stockfish"), ("--tcs", "1+0.01,2+0.02,4+0.04"), ("--maxmoves", "30")]
    {
        if !extra.contains(&flag) {
            args.extend_from_slice(&[flag, value]);
        }
    }
    if !extra.contains(&"--games") && !extra.contains(&"--precision") {
        args.extend_from_slice(&["--games", "4"]);
    }
    args.extend_from_slice(extra);
    tmlab(&args)
}

fn temp(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("tmlab-cli-scaling-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name).to_str().unwrap().to_string()
}

#[test]
fn scaling_refuses_bad_values() {
    let cases: [(&[&str], &str); 7] = [
        (&["--tcs", "1+0.01"], "--tcs: 1 time controls is not allowed; allowed: 2 to 12 time controls"),
        (&["--tcs", "1+0.01,fast"], "--tcs: `fast`:"),
        (&["--tcs", "1+0.01,40/60"], "--tcs: `40/60` has no typical game time to put on the time axis"),
        (&["--tcs", "1+0.01,1+0.01"], "--tcs: `1+0.01` gives the same typical time as `1+0.01`"),
        (&["--a", "nope"], "--a: "),
        (&["--games", "0"], "--games: 0 is out of range"),
        (&["--concurrency", "0"], "--concurrency: 0 is not allowed; allowed: 1 … 64 (games at once)"),
    ];
    for (extra, want) in cases {
        let (code, out, err) = scaling(extra);
        assert_eq!(code, 2, "{extra:?}: {err}");
        assert!(out.is_empty());
        assert!(err.contains(want), "{extra:?}: {err}");
    }
}

#[test]
fn a_dry_run_prints_the_estimate_and_plays_nothing() {
    let (code, out, err) = scaling(&["--games", "10", "--dry-run"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("estimate: about "), "{out}");
    assert!(out.contains("(30 games, 1 at once,") && out.contains("with 10 games"), "{out}");
    assert!(!err.contains("games]"), "no game was played: {err}");
}

/// The report of a `--json` run.
fn report(out: &str) -> Value {
    let v: Value = serde_json::from_str(out).unwrap_or_else(|e| panic!("{e}: {out}"));
    v["report"].clone()
}

#[test]
fn a_resumed_scaling_equals_an_uninterrupted_one_and_its_fit_is_the_weighted_line() {
    let (code, full, err) = scaling(&["--concurrency", "2", "--json"]);
    assert_eq!(code, 0, "{err}");
    let full = report(&full);
    let points = full["points"].as_array().unwrap();
    assert_eq!(points.len(), 3);
    assert_eq!(points[2]["finished"], 4);
    // The fit, by hand from the points: weights w = (1.96/elo_error)², x = log2(s/side).
    let (mut s, mut sx, mut sy, mut sxx, mut sxy) = (0.0, 0.0, 0.0, 0.0, 0.0);
    let mut used = 0;
    for p in points {
        let (Some(elo), Some(e)) = (p["estimate"]["elo"].as_f64(), p["estimate"]["elo_error"].as_f64())
        else {
            continue;
        };
        let sigma = (e / 1.959_963_984_540_054).max(1.0);
        let x = p["seconds"].as_f64().unwrap().log2();
        let w = 1.0 / (sigma * sigma);
        s += w;
        sx += w * x;
        sy += w * elo;
        sxx += w * x * x;
        sxy += w * x * elo;
        used += 1;
    }
    if used >= 2 {
        let d = s * sxx - sx * sx;
        let slope = (s * sxy - sx * sy) / d;
        let fit = &full["fit"];
        assert!(
            (fit["slope"].as_f64().unwrap() - slope).abs() < 1e-6 * slope.abs().max(1.0),
            "{fit} vs {slope}"
        );
        assert!((fit["slope_se"].as_f64().unwrap() - (s / d).sqrt()).abs() < 1e-9 * (s / d).sqrt().max(1.0));
        let verdict = full["verdict"].as_str().unwrap();
        let (lo, hi) = (fit["slope_lo"].as_f64().unwrap(), fit["slope_hi"].as_f64().unwrap());
        let want = if lo > 0.0 {
            "scales"
        } else if hi < 0.0 {
            "anti-scales"
        } else {
            "flat"
        };
        assert_eq!(verdict, want);
    } else {
        assert_eq!(full["verdict"], "too-few");
    }
    assert!(full["sentence"].as_str().unwrap().len() > 20);

    let file = temp("scaling.jsonl");
    let _ = std::fs::remove_file(&file);
    let (code, first, err) = scaling(&["--resume", &file, "--json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(report(&first), full, "a journalled run plays the same games");
    // Keep the header and five games, and tear the sixth: as if killed part-way.
    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 13);
    std::fs::write(&file, format!("{}\n{}", lines[..6].join("\n"), &lines[6][..10])).unwrap();
    let (code, resumed, err) = scaling(&["--resume", &file, "--concurrency", "2", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("resuming: 5 of 12 games already in the resume file"), "{err}");
    let v: Value = serde_json::from_str(&resumed).unwrap();
    assert_eq!(v["games_played_now"], 7);
    assert_eq!(report(&resumed), full, "resume continues exactly");
    // Other settings with the same file are refused.
    let (code, _, err) = scaling(&["--tcs", "1+0.01,2+0.02", "--resume", &file]);
    assert_eq!(code, 2);
    assert!(err.contains("written by a scaling with other settings"), "{err}");
}

#[test]
fn scaling_writes_csv_and_an_svg_chart() {
    let svg = temp("scaling.svg");
    let (code, out, err) = scaling(&["--games", "2", "--csv", "--svg", &svg]);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<&str> = out.lines().collect();
    assert!(rows[0].starts_with("tc,seconds_per_side,log2_time,games"), "{out}");
    assert_eq!(rows.len(), 4);
    assert!(rows[2].starts_with("2+0.02,2.700,1.433,2,"), "{out}");
    let s = std::fs::read_to_string(&svg).unwrap();
    assert!(
        s.starts_with("<svg") && s.contains("Elo of A vs B (95 % CI)") && s.contains("4+0.04"),
        "{}",
        &s[..200.min(s.len())]
    );
}

fn overhead(extra: &[&str]) -> (i32, String, String) {
    let mut args = vec!["overhead", "--tm", "stockfish"];
    for (flag, value) in
        [("--tc", "1+0.01"), ("--latency", "fixed:10"), ("--games", "200"), ("--risk", "0.02")]
    {
        if !extra.contains(&flag) {
            args.extend_from_slice(&[flag, value]);
        }
    }
    args.extend_from_slice(extra);
    tmlab(&args)
}

#[test]
fn overhead_refuses_bad_models_and_values() {
    let pgn = temp("no-latency.pgn");
    std::fs::write(&pgn, "[Event \"x\"]\n\n1. e4 {[%emt 0:00:01]} e5 1-0\n").unwrap();
    let no_pgn = format!("pgn:{pgn}");
    let missing = temp("missing.pgn");
    let missing = format!("pgn:{missing}");
    let cases: [(&[&str], &str); 9] = [
        (&["--latency", "20"], "--latency: \"20\" is not a latency model; allowed: fixed:MS, normal:MEAN,SD"),
        (&["--latency", "gauss:1,2"], "--latency: \"gauss\" is not a latency model"),
        (&["--latency", "normal:20"], "--latency: normal: 1 values given, 2 expected"),
        (&["--latency", "fixed:-3"], "--latency: fixed: MS -3 is out of range"),
        (&["--latency", "pareto:0,1"], "--latency: pareto: MIN must be > 0"),
        (&["--latency", &no_pgn], "has no latency= values in its move comments"),
        (&["--latency", &missing], "No such file"),
        (&["--tc", "st=1"], "--tc: `1/move` has no clock to lose on"),
        (&["--risk", "0.001"], "--risk: 0.001 cannot be shown with 200 games"),
    ];
    for (extra, want) in cases {
        let (code, out, err) = overhead(extra);
        assert_eq!(code, 2, "{extra:?}: {err}");
        assert!(out.is_empty());
        assert!(err.contains(want), "{extra:?}: {err}");
    }
}

#[test]
fn a_fixed_latency_flags_with_probability_exactly_one_or_zero() {
    // 1+0.01 shows 1 010 ms before move 1; 2 000 ms of latency alone exceeds it: every game is
    // lost at move 1 at every overhead.
    let (code, out, err) = overhead(&["--latency", "fixed:2000", "--overheads", "0,100,900", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    for p in v["report"]["points"].as_array().unwrap() {
        assert_eq!(p["flags"], 200, "{p}");
        assert_eq!(p["p"], 1.0);
    }
    assert!(v["report"]["required"].is_null());
    // The hard limit stays at or below clock − overhead: a fixed latency the overhead covers never
    // flags, even with every move run to the hard limit. 10 ms at overhead 10 and 40: exactly 0.
    let (code, out, err) = overhead(&["--tc", "10+0.1", "--to-hard", "1", "--overheads", "10,40", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    for p in v["report"]["points"].as_array().unwrap() {
        assert_eq!(p["flags"], 0, "{p}");
    }
    assert_eq!(v["report"]["required"]["overhead_ms"], 10.0);
}

#[test]
fn overhead_reads_a_fastchess_pgn_and_answers_in_a_sentence() {
    let pgn = format!("pgn:{}/tests/data/pgn/fastchess-1.8.2-tc2+0.02.pgn", env!("CARGO_MANIFEST_DIR"));
    let svg = temp("overhead.svg");
    let (code, out, err) = overhead(&["--tc", "2+0.02", "--latency", &pgn, "--svg", &svg]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("latency 4149 PGN latencies"), "{out}");
    assert!(out.contains("answer: stockfish at 2+0.02"), "{out}");
    let s = std::fs::read_to_string(&svg).unwrap();
    assert!(s.starts_with("<svg") && s.contains("Move Overhead (ms)"), "{}", &s[..200.min(s.len())]);
}
