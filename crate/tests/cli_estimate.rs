//! The plan every game-playing subcommand prints before its first game, through the real binary:
//! `--dry-run` prints the estimated duration and precision and plays nothing; `--precision`
//! sets the games by the crate's rule; bad values are refused naming the flag.

mod common;

use common::tmlab;

/// The estimate line's numbers: (seconds in words, games, at once, precision or None).
fn parse(line: &str) -> (String, u32, u32, Option<u32>) {
    assert!(line.starts_with("estimate: about "), "{line}");
    let about = line["estimate: about ".len()..].split(" here (").next().unwrap().to_string();
    let inner = line.split(" here (").nth(1).unwrap();
    let games: u32 = inner.split(' ').next().unwrap().parse().unwrap();
    let at_once: u32 = inner.split(", ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
    let precision =
        line.split("expected precision ±").nth(1).map(|r| r.split(' ').next().unwrap().parse().unwrap());
    (about, games, at_once, precision)
}

#[test]
fn dry_runs_print_the_plan_and_play_nothing() {
    let dir = std::env::temp_dir().join(format!("tmlab-cli-estimate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("games.pgn");
    let (code, out, err) = tmlab(&[
        "match",
        "--a",
        "lc0-legacy",
        "--b",
        "stockfish",
        "--tc",
        "1+0.01",
        "--games",
        "100",
        "--concurrency",
        "2",
        "--pgn",
        pgn.to_str().unwrap(),
        "--dry-run",
    ]);
    assert_eq!(code, 0, "{err}");
    let (about, games, at_once, precision) = parse(out.trim());
    assert_eq!((games, at_once, precision), (100, 2, Some(57)), "{out}");
    assert!(about.ends_with(" s"), "{about}");
    assert!(out.contains("1 ms = 1000 nodes"), "the default virtual rate is named: {out}");
    assert_eq!(out.lines().count(), 1, "nothing but the plan: {out}");
    assert!(!pgn.exists(), "a dry run writes no PGN");
    let _ = std::fs::remove_dir_all(&dir);

    // Sweep: every value's games; the precision is per value.
    let (code, out, err) = tmlab(&[
        "sweep",
        "--tm",
        "lc0-legacy",
        "--param",
        "slowmover",
        "--values",
        "0.5,1,2",
        "--vs",
        "stockfish",
        "--tc",
        "1+0.01",
        "--games",
        "20",
        "--dry-run",
    ]);
    assert_eq!(code, 0, "{err}");
    let (_, games, at_once, precision) = parse(out.trim());
    assert_eq!((games, at_once, precision), (60, 1, Some(134)), "{out}");

    // Tune: iterations × pairs, at most a pair's games at once, no Elo to promise.
    let (code, out, err) = tmlab(&[
        "tune",
        "--tm",
        "lc0-legacy",
        "--params",
        "slowmover",
        "--tc",
        "1+0.01",
        "--games",
        "40",
        "--concurrency",
        "4",
        "--dry-run",
    ]);
    assert_eq!(code, 0, "{err}");
    let (_, games, at_once, precision) = parse(out.trim());
    assert_eq!((games, at_once, precision), (40, 2, None), "{out}");

    // Leaderboard: every manager of the gauntlet (every registered manager plays alpha-beta)
    // at every control.
    let managers = tmlab::tm::registry::names().len();
    let (code, out, err) =
        tmlab(&["leaderboard", "--tc", "1+0.01,2+0.02", "--games", "10", "--engine", "ab", "--dry-run"]);
    assert_eq!(code, 0, "{err}");
    let (_, games, at_once, precision) = parse(out.trim());
    assert_eq!((games, at_once, precision), (2 * managers as u32 * 10, 2, Some(200)), "{out}");
}

#[test]
fn a_target_precision_sets_the_games() {
    let (code, out, err) = tmlab(&[
        "match",
        "--a",
        "lc0-legacy",
        "--b",
        "stockfish",
        "--tc",
        "1+0.01",
        "--precision",
        "60",
        "--dry-run",
    ]);
    assert_eq!(code, 0, "{err}");
    let (_, games, _, precision) = parse(out.trim());
    assert_eq!((games, precision), (92, Some(60)), "{out}");
    let (code, out, err) = tmlab(&[
        "sweep",
        "--tm",
        "lc0-legacy",
        "--param",
        "slowmover",
        "--values",
        "0.5,1",
        "--vs",
        "stockfish",
        "--tc",
        "1+0.01",
        "--precision",
        "100",
        "--dry-run",
    ]);
    assert_eq!(code, 0, "{err}");
    let (_, games, _, precision) = parse(out.trim());
    assert_eq!((games, precision), (2 * 36, Some(97)), "{out}");
}

#[test]
fn the_plan_goes_to_stderr_before_the_first_game() {
    let (code, out, err) = tmlab(&[
        "match",
        "--a",
        "stockfish",
        "--b",
        "lc0-legacy",
        "--tc",
        "nodes=300",
        "--games",
        "2",
        "--ratinginterval",
        "0",
    ]);
    assert_eq!(code, 0, "{err}");
    let first = err.lines().next().unwrap_or("");
    assert!(first.starts_with("estimate: about "), "the plan comes first: {err}");
    assert!(!out.contains("estimate:"), "stdout keeps the results only: {out}");
}

#[test]
fn bad_precisions_and_conflicts_are_refused() {
    let base = ["match", "--a", "lc0-legacy", "--b", "stockfish", "--tc", "1+0.01", "--dry-run"];
    for (bad, says) in
        [("0", "0 is not allowed"), ("-3", "-3 is not allowed"), ("1", "needs more than 100000 games")]
    {
        let flag = format!("--precision={bad}");
        let mut args = base.to_vec();
        args.push(&flag);
        let (code, out, err) = tmlab(&args);
        assert_eq!(code, 2, "{bad}: {out}");
        assert!(err.contains("--precision: ") && err.contains(says), "{bad}: {err}");
        assert!(err.contains("allowed: an Elo half-width from 2 (100000 games) up"), "{err}");
        assert!(out.is_empty(), "nothing printed for a refused value: {out}");
    }
    let mut args = base.to_vec();
    args.extend_from_slice(&["--precision", "60", "--games", "10"]);
    let (code, _, err) = tmlab(&args);
    assert_eq!(code, 2);
    assert!(err.contains("--precision") && err.contains("--games"), "{err}");
    // A sweep needs one of them.
    let (code, _, err) = tmlab(&[
        "sweep",
        "--tm",
        "lc0-legacy",
        "--param",
        "slowmover",
        "--values",
        "1",
        "--vs",
        "stockfish",
        "--tc",
        "1+0.01",
        "--dry-run",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--games"), "{err}");
}

/// While games play, every progress line ends with the time left (the estimate's rate until
/// every slot finished a game, then the session's), down to 0 s at the last game.
#[test]
fn progress_lines_end_with_the_time_left() {
    let (code, _out, err) =
        tmlab(&["match", "--a", "stockfish", "--b", "lc0-legacy", "--tc", "1+0.01", "--games", "2"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = err.lines().filter(|l| l.starts_with('[')).collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(lines.iter().all(|l| l.contains(" s, about ") && l.ends_with(" left")), "{err}");
    assert!(lines[1].ends_with("about 0 s left"), "{err}");
    let (code, _out, err) = tmlab(&[
        "sweep",
        "--tm",
        "lc0-legacy",
        "--vs",
        "stockfish",
        "--param",
        "slowmover",
        "--values",
        "1,2",
        "--tc",
        "1+0.01",
        "--games",
        "2",
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = err.lines().filter(|l| l.starts_with('[')).collect();
    assert_eq!(lines.len(), 4, "two values, two games each: {err}");
    assert!(lines.iter().all(|l| l.ends_with(" left")), "{err}");
}
