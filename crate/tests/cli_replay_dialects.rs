//! `tmlab replay` reads every PGN dialect it will be given (issue 29 #5, issue 30 #10), through
//! the real binary: the files fastchess 1.8.2 (plain, `timeleft=true latency=true`, OpenBench's
//! pgnout flags) and cutechess-cli 1.4.0 wrote (`tests/data/pgn/`, see its README), lichess's
//! export with clocks, evals, judgments and variations, chess.com's API and download formats,
//! and times that are no times.
//!
//! The lichess and chess.com files follow those sites' formats as published: lichess
//! `{ [%eval 0.17] [%clk 0:03:00] }` with `{ (0.35 → 1.20) Mistake. … was best. }` comments and
//! `( … )` variations, each side's first move at its base time (lichess starts a clock after
//! that move); chess.com `{[%clk 0:03:01.9]}` (api.chess.com monthly archives) and
//! `{[%clk 0:03:01][%timestamp 10]}` wrapped at 80 columns (the site's download), where the first
//! move is timed and credited: in a 180+2 game, a first move of 1.0 s leaves 3:01.

mod common;

use common::tmlab;
use serde_json::Value;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn/");

fn replay(file: &str) -> Value {
    let path = format!("{DATA}{file}");
    let (code, out, err) = tmlab(&["replay", "--pgn", &path, "--tm", "stockfish", "--json"]);
    assert_eq!(code, 0, "{file}: {err}");
    serde_json::from_str(&out).unwrap()
}

/// The move labelled `label` of `side` (0 white, 1 black) of game `g`.
fn mv<'a>(v: &'a Value, g: usize, side: usize, label: &str) -> &'a Value {
    v["games"][g]["sides"][side]["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["label"] == label)
        .unwrap_or_else(|| panic!("no move {label}"))
}

#[test]
fn every_real_tool_file_replays() {
    for (file, games) in [
        ("fastchess-1.8.2-default-pgnout.pgn", 2),
        ("fastchess-openbench-pgnout-flags.pgn", 2),
        ("fastchess-1.8.2-tc2+0.02.pgn", 0),
        ("fastchess-1.8.2-40-10.pgn", 0),
        ("cutechess-cli-1.4.0-5+0.05.pgn", 0),
        ("fastchess-1.8.2-flag-10+0.1.pgn", 1),
    ] {
        let text = std::fs::read_to_string(format!("{DATA}{file}")).unwrap();
        let v = replay(file);
        let n = v["games"].as_array().unwrap().len();
        assert_eq!(n, text.matches("[Event ").count(), "{file}");
        if games > 0 {
            assert_eq!(n, games, "{file}");
        }
        for g in v["games"].as_array().unwrap() {
            for side in g["sides"].as_array().unwrap() {
                for m in side["moves"].as_array().unwrap() {
                    let used = m["used_ms"].as_f64().unwrap();
                    assert!((0.0..=10_000.0).contains(&used), "{file}: {m}");
                }
            }
        }
    }
}

#[test]
fn the_times_are_the_comments_times() {
    // fastchess plain: `1. Nf3 {-0.48/4 0.006s}`.
    let v = replay("fastchess-1.8.2-default-pgnout.pgn");
    assert_eq!(mv(&v, 0, 0, "1. Nf3")["used_ms"], 6.0);
    assert_eq!(v["games"][0]["source"], "emt");
    // OpenBench's flags: `1. Nc3 {-0.46/5 0.003s, n=8998, sd=13}`, and the adjudicated last move
    // `15. gxf3 {-5.07/6 0.001s, n=4864, sd=14, Black wins by adjudication}`.
    let v = replay("fastchess-openbench-pgnout-flags.pgn");
    assert_eq!(mv(&v, 0, 0, "1. Nc3")["used_ms"], 3.0);
    assert_eq!(mv(&v, 0, 0, "15. gxf3")["used_ms"], 1.0);
    // cutechess: `16. Qd4 {-13.16/8 0.004s, Black wins by adjudication}`, 5+0.05 (cutechess's
    // rule: the increment before move 1 and after each move, so 5.05 s − 0.006 s + 0.05 s after
    // `1. Nc3 {-0.57/7 0.006s}`).
    let v = replay("cutechess-cli-1.4.0-5+0.05.pgn");
    assert_eq!(mv(&v, 0, 0, "16. Qd4")["used_ms"], 4.0);
    assert_eq!(mv(&v, 0, 0, "1. Nc3")["clock_after_ms"], 5094.0);
    assert_eq!(v["games"][0]["convention"], "cutechess");
    // fastchess `timeleft=true`: `1. Nc3 {-0.26/9 0.190s, tl=9.810s, latency=0.001s}` in 40/10:
    // the time left is the clock after the move.
    let v = replay("fastchess-1.8.2-40-10.pgn");
    let first = mv(&v, 0, 0, "1. Nc3");
    assert_eq!((first["used_ms"].as_f64(), first["clock_after_ms"].as_f64()), (Some(190.0), Some(9810.0)));
    assert_eq!(v["games"][0]["source"], "clk+emt");
    // A flag: `48... Na6 {0.00/7 0.143s, tl=-0.006s, latency=0.027s, Black loses on time (6ms
    // overrun)}`: 143 ms by the engine's count, the clock at 0.
    let v = replay("fastchess-1.8.2-flag-10+0.1.pgn");
    let flag = mv(&v, 0, 1, "48... Na6");
    assert_eq!((flag["used_ms"].as_f64(), flag["clock_after_ms"].as_f64()), (Some(143.0), Some(0.0)));
}

#[test]
fn a_lichess_export_with_analysis_replays_under_lichess_rules() {
    let v = replay("lichess-export.pgn");
    let g = &v["games"][0];
    assert_eq!((g["convention"].as_str(), g["source"].as_str()), (Some("lichess"), Some("clk")));
    // 45 plies (to `23. Rxd6`), variations left out: 23 white moves, 22 black.
    assert_eq!(g["sides"][0]["moves"].as_array().unwrap().len(), 23);
    assert_eq!(g["sides"][1]["moves"].as_array().unwrap().len(), 22);
    // The first move is not timed (its clock stays at 3:00); `2. Nf3 { … [%clk 0:02:51] }`:
    // 3:00 + 2 s − 2:51 = 11 s.
    assert_eq!(mv(&v, 0, 0, "1. e4")["used_ms"], 0.0);
    assert_eq!(mv(&v, 0, 0, "2. Nf3")["used_ms"], 11_000.0);
    assert_eq!(mv(&v, 0, 1, "7... Nxe4")["used_ms"], 800.0);
}

#[test]
fn chess_com_exports_replay_with_the_first_move_timed() {
    // The API's `1. e4 {[%clk 0:02:55]}` in 180+2: 3:00 − 7.0 s + 2 s.
    let api = replay("chesscom-api.pgn");
    let g = &api["games"][0];
    assert_eq!((g["convention"].as_str(), g["source"].as_str()), (Some("chess.com"), Some("clk")));
    assert_eq!(mv(&api, 0, 0, "1. e4")["used_ms"], 7000.0);
    assert_eq!(mv(&api, 0, 1, "1... e5")["used_ms"], 2000.0);
    // The download carries the same clocks and `[%timestamp]` tenths, wrapped across lines
    // (`{[%clk\n0:02:59.2][%timestamp 12]}`, `[%timestamp\n12]`): the same times, now from
    // the timestamps.
    let dl = replay("chesscom-download.pgn");
    assert_eq!(dl["games"][0]["source"], "clk+emt");
    for side in 0..2 {
        let a = api["games"][0]["sides"][side]["moves"].as_array().unwrap();
        let d = dl["games"][0]["sides"][side]["moves"].as_array().unwrap();
        assert_eq!(a.len(), d.len());
        for (x, y) in a.iter().zip(d) {
            assert_eq!(x["used_ms"], y["used_ms"], "{}", x["label"]);
            assert_eq!(x["clock_after_ms"], y["clock_after_ms"], "{}", x["label"]);
        }
    }
}

#[test]
fn times_that_are_no_times_are_refused_by_move() {
    let dir = std::env::temp_dir().join(format!("tmlab-replay-dialects-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, movetext, want) in [
        // cutechess's `1e308s` was read as infinity (NaN in the report).
        (
            "huge",
            "1. e4 {+0.10/5 0.01s} e5 {-0.10/5 1e308s} *",
            "move 1... e5: the move time `1e308s` is not a time",
        ),
        // `[%clk -0:01:00]` was read as +60 s.
        (
            "negative",
            "1. e4 { [%clk 0:01:00] } e5 { [%clk -0:01:00] } *",
            "move 1... e5: [%clk -0:01:00] is not a time",
        ),
        ("exponent", "1. e4 { [%clk 0:00:1e3] } *", "move 1. e4: [%clk 0:00:1e3] is not a time"),
        ("stamp", "1. e4 {[%clk 0:01:00][%timestamp -5]} *", "move 1. e4: [%timestamp -5] is not a time"),
        ("tl", "1. e4 {+0.1/3 0.1s, tl=nans, latency=0.0s} *", "move 1. e4: `tl=nans` is not a time left"),
    ] {
        let path = dir.join(format!("{name}.pgn"));
        std::fs::write(
            &path,
            format!("[White \"w\"]\n[Black \"b\"]\n[Event \"e\"]\n[TimeControl \"60\"]\n\n{movetext}\n"),
        )
        .unwrap();
        let (code, out, err) = tmlab(&["replay", "--pgn", path.to_str().unwrap(), "--tm", "stockfish"]);
        assert_eq!(code, 2, "{name}: {out}{err}");
        assert!(err.contains(want), "{name}: {err}");
        assert!(!out.contains("NaN") && !err.contains("panicked"), "{name}: {out}{err}");
    }
}
