//! `tmlab replay` through the real binary: the shipped samples, hand-computed times, and every
//! bad input refused with a message naming what was wrong.

mod common;

use common::tmlab;

const SAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../www/public/replay/lichess-style-3+2.pgn");
const TMLAB_GAME: &str =
    concat!(env!("CARGO_MANIFEST_DIR"), "/../www/public/replay/tmlab-lc0-legacy-vs-stockfish-60+0.6.pgn");

fn tmp(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("tmlab-cli-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_string_lossy().into_owned()
}

#[test]
fn the_lichess_sample_gives_the_hand_computed_times() {
    let (code, out, err) =
        tmlab(&["replay", "--pgn", SAMPLE, "--tm", "stockfish", "--tm", "lc0-legacy", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["managers"], serde_json::json!(["stockfish", "lc0-legacy"]));
    let g = &v["games"][0];
    assert_eq!(g["source"], "clk");
    assert_eq!(g["resolution_ms"], 100.0);
    let black = &g["sides"][1];
    // 9... b5: clock 2:36.3 before, 1:57.0 after, +2 s: 156.3 + 2 − 117.0 = 41.3 s.
    let b5 = &black["moves"][8];
    assert_eq!(b5["label"], "9... b5");
    assert_eq!(b5["used_ms"], 41_300.0);
    assert_eq!(b5["clock_before_ms"], 156_300.0);
    assert_eq!(b5["clock_after_ms"], 117_000.0);
    // lc0-legacy's hard limit is below 41.3 s there, Stockfish's far above.
    assert!(black["managers"][1]["over_hard"].as_array().unwrap().iter().any(|m| m == "9... b5"));
    assert_eq!(black["managers"][0]["over_hard"], serde_json::json!([]));
    assert_eq!(black["time_left_ms"], 82_900.0);
    // lichess's clock rule: Black's clock shows 3:00 (not 3:02) before its first move.
    assert_eq!(g["convention"], "lichess");
    assert_eq!(g["sides"][0]["moves"][0]["opponent_clock_ms"], 180_000.0);
    let (code, text, _) = tmlab(&["replay", "--pgn", SAMPLE, "--tm", "lc0-legacy"]);
    assert_eq!(code, 0);
    assert!(text.contains("9... b5           41.30    156.30    173.70    20.80/  20.80!"), "{text}");
    assert!(text.contains("[1] lc0-legacy: over its hard limit on 5 (9... b5,"), "{text}");
    assert!(
        text.contains("times to 100 ms from clocks ([%clk] or fastchess's tl=), lichess's clock rule\n"),
        "{text}"
    );
}

#[test]
fn a_game_tmlab_played_replays_within_its_own_limits() {
    let (code, out, err) =
        tmlab(&["replay", "--pgn", TMLAB_GAME, "--tm", "lc0-legacy", "--tm", "stockfish", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let g = &v["games"][0];
    assert_eq!(g["source"], "clk+emt");
    // White was lc0-legacy, Black Stockfish's manager: neither went over its own hard limit.
    assert_eq!(g["sides"][0]["managers"][0]["over_hard"], serde_json::json!([]));
    assert_eq!(g["sides"][1]["managers"][1]["over_hard"], serde_json::json!([]));
    assert!(g["sides"][0]["share_by_40"].as_f64().unwrap() > 0.5);
}

#[test]
fn bad_inputs_are_refused_with_what_was_wrong() {
    let cases: Vec<(Vec<String>, &str)> = vec![
        (vec!["--pgn".into(), SAMPLE.into()], "--tm <SPEC>"),
        (
            vec!["--pgn".into(), SAMPLE.into(), "--tm".into(), "nosuch".into()],
            "--tm: unknown time manager `nosuch`",
        ),
        (
            vec!["--pgn".into(), SAMPLE.into(), "--tm".into(), "lc0-legacy(slowmover=9)".into()],
            "allowed: a float in 0.1 … 3",
        ),
        (
            vec!["--pgn".into(), "/nonexistent/x.pgn".into(), "--tm".into(), "stockfish".into()],
            "--pgn /nonexistent/x.pgn:",
        ),
        (vec!["--pgn".into(), tmp("empty.pgn", "  \n"), "--tm".into(), "stockfish".into()], "no game found"),
        (
            vec![
                "--pgn".into(),
                tmp(
                    "noclk.pgn",
                    "[White \"w\"]\n[Black \"b\"]\n[Event \"e\"]\n[TimeControl \"60\"]\n\n1. e4 e5 *\n",
                ),
                "--tm".into(),
                "stockfish".into(),
            ],
            "game 1 (w vs b, e), move 1. e4: no clock",
        ),
        (
            vec![
                "--pgn".into(),
                tmp("dash.pgn", "[White \"w\"]\n[TimeControl \"-\"]\n\n1. e4 {1.0s} *\n"),
                "--tm".into(),
                "stockfish".into(),
            ],
            "game 1 (w vs ?, ?): the TimeControl tag is `-`",
        ),
        (vec!["--pgn".into(), tmp("bin.pgn", "[White \"\u{0}\"]\n"), "--tm".into(), "stockfish".into()], ""),
    ];
    for (args, want) in cases {
        let mut all = vec!["replay"];
        all.extend(args.iter().map(String::as_str));
        let (code, out, err) = tmlab(&all);
        assert_eq!(code, 2, "{all:?}: {out}{err}");
        assert!(err.contains(want), "{all:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    let nine: Vec<&str> = std::iter::repeat_n(["--tm", "stockfish"], 9).flatten().collect();
    let mut all = vec!["replay", "--pgn", SAMPLE];
    all.extend(nine);
    let (code, _, err) = tmlab(&all);
    assert_eq!(code, 2);
    assert!(err.contains("replay compares 1 … 8 managers, got 9"), "{err}");
}
