//! Resume journals and output files of `tmlab sweep` and `tmlab tune` through the real binary
//! (issue 30): a tune resumes from its own journal (floats round-trip exactly), CRLF and
//! trailing NULs are read, a damaged or blank line costs that line only (named, never a
//! truncation), a killed run resumes exactly, a bad output path is refused before the first
//! game, and results are printed before a failed write is reported.

mod common;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::tmlab;
use serde_json::Value;

fn temp(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("tmlab-cli-resume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name).to_str().unwrap().to_string();
    let _ = std::fs::remove_file(&p);
    p
}

/// The default two-parameter tune of the repro; 4 iterations of games up to move 40
/// unless `--games`/`--maxmoves` are given.
const TUNE: &[&str] = &[
    "tune",
    "--tm",
    "lc0-legacy(slowmover=0.5)",
    "--params",
    "slowmover,steepness",
    "--tc",
    "1+0.01",
    "--nps",
    "100000",
];

fn tune_args<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = TUNE.to_vec();
    for (flag, value) in [("--games", "8"), ("--maxmoves", "40")] {
        if !extra.contains(&flag) {
            args.extend([flag, value]);
        }
    }
    args.extend(extra);
    args
}

fn tune(extra: &[&str]) -> (i32, String, String) {
    tmlab(&tune_args(extra))
}

const SWEEP: &[&str] = &[
    "sweep",
    "--tm",
    "lc0-legacy",
    "--param",
    "slowmover",
    "--values",
    "0.5,1.5,2.5",
    "--vs",
    "stockfish",
    "--tc",
    "1+0.01",
    "--games",
    "4",
    "--maxmoves",
    "30",
    "--nps",
    "100000",
    "--json",
];

fn sweep(extra: &[&str]) -> (i32, String, String) {
    tmlab(&[SWEEP, extra].concat())
}

fn report(out: &str) -> Value {
    let v: Value = serde_json::from_str(out).unwrap_or_else(|e| panic!("{e}: {out}"));
    v["report"].clone()
}

fn lines(path: &str) -> Vec<String> {
    std::fs::read_to_string(path).unwrap().lines().map(String::from).collect()
}

/// A byte of `line` changed inside its record: the first digit after `"wins":` (tune) or the
/// outcome's first letter (sweep) — a flipped result.
fn flip_result(line: &str) -> String {
    if let Some(i) = line.find("\"wins\":") {
        let at = i + 7;
        let d = line.as_bytes()[at];
        let to = if d == b'0' { '1' } else { '0' };
        format!("{}{to}{}", &line[..at], &line[at + 1..])
    } else {
        for (from, to) in [("\"win\"", "\"loss\""), ("\"loss\"", "\"win\""), ("\"draw\"", "\"win\"")] {
            if line.contains(from) {
                return line.replacen(from, to, 1);
            }
        }
        panic!("no result in {line}")
    }
}

#[test]
fn a_tune_resumes_from_its_own_journal_with_crlf_and_trailing_nuls() {
    // The repro (200 games, 100 iterations), with games cut at move 4 to be quick: a
    // record of iteration 2 holds a float serde_json read 1 ulp off without float_roundtrip.
    let file = temp("tune-own.jsonl");
    let own = ["--games", "200", "--maxmoves", "4", "--resume", &file];
    let (code, full, err) = tune(&own);
    assert_eq!(code, 0, "{err}");
    assert_eq!(lines(&file).len(), 101, "header and 100 iterations");
    // The same command again: every iteration is read back, none is played.
    let (code, again, err) = tune(&own);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("resuming after iteration 100 of 100"), "{err}");
    assert_eq!(again, full);
    // CRLF line ends and NULs after the last line (what a crash can leave) are read too.
    let crlf = lines(&file).join("\r\n") + "\r\n\0\0\0\0";
    std::fs::write(&file, crlf).unwrap();
    let (code, again, err) = tune(&own);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("resuming after iteration 100 of 100"), "{err}");
    assert!(!err.contains("skipped"), "{err}");
    assert_eq!(again, full);
}

#[test]
fn a_damaged_line_in_a_tune_journal_costs_that_iteration_only() {
    let file = temp("tune-damaged.jsonl");
    let (code, full, err) = tune(&["--resume", &file]);
    assert_eq!(code, 0, "{err}");
    let mut l = lines(&file);
    // Iteration 2 (line 3) gets a flipped result; a blank line goes in after it.
    l[2] = flip_result(&l[2]);
    l.insert(3, String::new());
    std::fs::write(&file, l.join("\n") + "\n").unwrap();
    let before = std::fs::read(&file).unwrap();
    let (code, resumed, err) = tune(&["--resume", &file]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("line 3: checksum mismatch"), "the damaged line is named: {err}");
    assert!(err.contains("its iteration is played again"), "{err}");
    assert!(err.contains("resuming after iteration 1 of 4 (2 later iteration(s) kept"), "{err}");
    let played: Vec<&str> = err.lines().filter(|l| l.starts_with("[iteration ")).collect();
    assert_eq!(played.len(), 3, "{err}");
    assert!(played[0].starts_with("[iteration 2/4]") && !played[0].contains("from the resume file"), "{err}");
    assert!(
        played[1..].iter().all(|l| l.contains("(W-L-D) (from the resume file)")),
        "3 and 4 are read: {err}"
    );
    assert_eq!(resumed, full, "the tune is exactly the uninterrupted one");
    // Nothing was truncated or rewritten: the file only grew by iteration 2's new record.
    let after = std::fs::read(&file).unwrap();
    assert!(after.starts_with(&before), "the journal was rewritten");
    assert_eq!(lines(&file).len(), 7);
}

#[test]
fn a_damaged_line_in_a_sweep_journal_costs_that_game_only() {
    let (code, full, err) = sweep(&[]);
    assert_eq!(code, 0, "{err}");
    let full = report(&full);
    let file = temp("sweep-damaged.jsonl");
    let (code, first, err) = sweep(&["--resume", &file]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(report(&first), full);
    let mut l = lines(&file);
    assert_eq!(l.len(), 13);
    // A flipped outcome in game line 5, a blank line, a line of junk, CRLF: the rest is kept.
    l[4] = flip_result(&l[4]);
    l.insert(7, String::new());
    l.insert(9, "\u{0}garbage{".into());
    std::fs::write(&file, l.join("\r\n") + "\r\n").unwrap();
    let (code, resumed, err) = sweep(&["--resume", &file]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("line 5: checksum mismatch"), "{err}");
    assert!(err.contains("line 10: not a sealed tmlab record"), "{err}");
    assert!(err.contains("resuming: 11 of 12 games already in the resume file"), "{err}");
    let v: Value = serde_json::from_str(&resumed).unwrap();
    assert_eq!(v["games_played_now"], 1);
    assert_eq!(report(&resumed), full, "the flipped game was played again, not believed");
}

/// Runs `args`, kills it once `file` holds `records` records after its header, and returns.
fn kill_after(args: &[&str], file: &str, records: usize) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tmlab"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let t0 = Instant::now();
    loop {
        let n = std::fs::read_to_string(file).map(|t| t.lines().count()).unwrap_or(0);
        if n > records {
            break;
        }
        assert!(t0.elapsed() < Duration::from_secs(300), "no progress in {file}");
        assert!(child.try_wait().unwrap().is_none(), "the run ended before it was killed");
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
}

#[test]
fn a_killed_tune_and_a_killed_sweep_resume_exactly() {
    let (code, full_tune, err) = tune(&[]);
    assert_eq!(code, 0, "{err}");
    let file = temp("tune-killed.jsonl");
    let args = tune_args(&["--resume", &file]);
    kill_after(&args, &file, 2);
    let (code, resumed, err) = tune(&["--resume", &file]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("resuming after iteration"), "{err}");
    assert_eq!(resumed, full_tune);

    let (code, full_sweep, err) = sweep(&[]);
    assert_eq!(code, 0, "{err}");
    let file = temp("sweep-killed.jsonl");
    let args = [SWEEP, &["--resume", &file]].concat();
    kill_after(&args, &file, 4);
    let (code, resumed, err) = sweep(&["--resume", &file]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("games already in the resume file"), "{err}");
    assert_eq!(report(&resumed), report(&full_sweep));
}

#[test]
fn a_bad_output_path_is_refused_before_the_first_game() {
    let missing = temp("no-such-dir/out.svg");
    for (args, flag) in [
        ([SWEEP, &["--svg", &missing]].concat(), "--svg"),
        (tune_args(&["--json", &missing]), "--json"),
        (tune_args(&["--svg", &missing]), "--svg"),
    ] {
        let (code, out, err) = tmlab(&args);
        assert_eq!(code, 2, "{err}");
        assert!(err.starts_with(&format!("tmlab: {flag} {missing}: ")), "{err}");
        assert!(!err.contains("[1/") && !err.contains("[iteration 1/"), "a game was played first: {err}");
        assert!(out.is_empty());
    }
}

#[test]
fn results_are_printed_before_a_failed_write_is_reported() {
    // /dev/full opens for writing, then cannot be written (truncating it fails, as would a
    // write: ENOSPC).
    let (code, out, err) = sweep(&["--svg", "/dev/full"]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(report(&out)["points"].as_array().unwrap().len(), 3, "the results are out: {out}");
    assert!(
        err.contains("tmlab: --svg /dev/full: ") && err.contains("the results above are complete"),
        "{err}"
    );
    let (code, out, err) = tune(&["--json", "/dev/full"]);
    assert_eq!(code, 2, "{err}");
    assert!(out.contains("tuned spec: lc0-legacy("), "{out}");
    assert!(
        err.contains("tmlab: --json /dev/full: ") && err.contains("the results above are complete"),
        "{err}"
    );
}

#[test]
fn a_tiny_c_end_is_refused_by_the_schema_range() {
    let (code, _, err) = tune(&["--c-end", "1e-200,0.5"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--c-end: 1e-200 for slowmover is not allowed; allowed: 2.9e-6 (a millionth of the range) to the range 2.9"),
        "{err}"
    );
}
