//! `tmlab leaderboard` through the real binary: a slice of the committed results
//! (www/public/leaderboard.json) is played again and must come out identical, a tiny run's
//! numbers are consistent, and bad values are refused with what was wrong.

mod common;

use common::tmlab;
use serde_json::Value;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../www/public/leaderboard.json");

#[test]
fn a_slice_of_the_committed_leaderboard_reproduces_exactly() {
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(DATA).unwrap()).unwrap();
    let run = &doc["runs"][0];
    let command = run["command"].as_str().unwrap();
    // The run's own command, restricted to one manager (each manager's match is independent).
    let args: Vec<&str> = command.split_whitespace().skip(1).collect();
    assert_eq!(args[0], "leaderboard", "{command}");
    let manager = "lc0-legacy";
    let mut all = args.clone();
    all.extend(["--only", manager]);
    let (code, out, err) = tmlab(&all);
    assert_eq!(code, 0, "{err}");
    let again: Value = serde_json::from_str(&out).unwrap();
    let entry = |d: &Value| {
        d["results"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["manager"] == manager)
            .cloned()
            .expect("the manager's entry")
    };
    assert_eq!(entry(&again), entry(run), "rerunning `{command} --only {manager}` changed the numbers");
    assert_eq!(again["tmlab_version"], run["tmlab_version"]);
}

#[test]
fn a_tiny_run_reports_every_field() {
    let (code, out, err) = tmlab(&[
        "leaderboard",
        "--tc",
        "1+0.01",
        "--games",
        "4",
        "--engine",
        "ab",
        "--only",
        "lc0-simple,stockfish",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v["command"],
        "tmlab leaderboard --tc 1+0.01 --games 4 --engine ab --seed 1 --only lc0-simple,stockfish --json"
    );
    let r = v["results"].as_array().unwrap();
    assert_eq!(r.len(), 2);
    for e in r {
        assert_eq!(e["games"], 4);
        assert_eq!(e["reference"], "stockfish");
        let wdl: u64 = e["wdl"].as_array().unwrap().iter().map(|x| x.as_u64().unwrap()).sum();
        assert_eq!(wdl, 4);
        let by20 = e["share_by_20"].as_f64().unwrap();
        assert!(by20 > 0.0 && by20 < 1.0);
        assert_eq!(e["curve"][0]["move"], 1);
    }
    // Self-play on the virtual clock: both games of a pair mirror each other, so 0 ± 0.
    let sf = r.iter().find(|e| e["manager"] == "stockfish").unwrap();
    assert_eq!((sf["elo"].as_f64(), sf["elo_error"].as_f64()), (Some(0.0), Some(0.0)));
    let (code, text, _) =
        tmlab(&["leaderboard", "--tc", "1+0.01", "--games", "4", "--engine", "ab", "--only", "stockfish"]);
    assert_eq!(code, 0);
    assert!(text.contains("ab at 1+0.01 vs stockfish (4 games each)"), "{text}");
}

#[test]
fn bad_values_are_refused() {
    for (args, want) in [
        (vec!["--engine", "nn"], "--engine `nn` is not a gauntlet; allowed: ab, mcts, both"),
        (vec!["--tc", "1+0.01,inf"], "--tc `inf`: the leaderboard needs a game clock"),
        (vec!["--tc", "abc"], "--tc `abc`: bad time control token"),
        (vec!["--games", "3"], "--games 3 is not allowed; allowed: an even number from 2 to 100000"),
        (vec!["--games", "0"], "--games 0 is not allowed"),
        (vec!["--concurrency", "0"], "--concurrency: 0 is not allowed; allowed: 1 … 64 (games at once)"),
        (
            vec!["--engine", "mcts", "--only", "stockfish"],
            "--only: `stockfish` is in no gauntlet of this run; allowed: lc0-legacy",
        ),
        (vec!["--seed", "x"], "invalid value 'x' for '--seed <SEED>'"),
    ] {
        let mut all = vec!["leaderboard"];
        all.extend(args);
        let (code, out, err) = tmlab(&all);
        assert_eq!(code, 2, "{all:?}: {out}");
        assert!(err.contains(want), "{all:?}: {err}");
    }
}
