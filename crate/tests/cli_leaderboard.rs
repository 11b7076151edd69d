//! `tmlab leaderboard` through the real binary: a slice of the committed results
//! (www/public/leaderboard.json) is played again and must come out identical, a tiny run's
//! numbers are consistent, and bad values are refused with what was wrong.

mod common;

use common::tmlab;
use serde_json::Value;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../www/public/leaderboard.json");

/// Replays the first `prefix` games of `manager`'s match in committed run `index` (the run's own
/// command with `--games prefix --only manager`): game *i* depends only on the seed and *i*, so
/// the replay must play exactly the committed run's first results.
fn replay_prefix(index: usize, manager: &str, prefix: usize) {
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(DATA).unwrap()).unwrap();
    let run = &doc["runs"][index];
    let command = run["command"].as_str().unwrap();
    let mut args: Vec<String> = command.split_whitespace().skip(1).map(String::from).collect();
    assert_eq!(args[0], "leaderboard", "{command}");
    let at = args.iter().position(|a| a == "--games").expect("the run's command names its games");
    args[at + 1] = prefix.to_string();
    args.extend(["--only".into(), manager.into()]);
    let argv: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, out, err) = tmlab(&argv);
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
    let committed = entry(run);
    let scores = committed["scores"].as_str().expect("per-game scores in the committed data");
    // The committed entry is consistent with its own per-game scores.
    let count = |c: char| scores.chars().filter(|&s| s == c).count() as u64;
    assert_eq!(scores.len() as u64, committed["games"].as_u64().unwrap());
    assert_eq!(committed["wdl"], serde_json::json!([count('1'), count('0'), count('=')]));
    assert_eq!(
        entry(&again)["scores"].as_str().unwrap(),
        &scores[..prefix],
        "`{}` did not replay the committed run's first {prefix} games",
        args.join(" ")
    );
    assert_eq!(again["tmlab_version"], run["tmlab_version"]);
}

#[test]
fn the_committed_leaderboard_replays_game_for_game() {
    // A prefix of each alpha-beta run: the cheap control and the long one.
    replay_prefix(0, "lc0-legacy", 10);
    replay_prefix(1, "reckless", 2);
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
