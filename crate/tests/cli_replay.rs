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
    // The comments carry each engine's own limits (soft=/hard=, ms); replaying a side with its
    // own manager gives those limits back, to the millisecond the PGN's clocks are rounded to.
    for (side, manager) in [(0, 0), (1, 1)] {
        let moves = g["sides"][side]["moves"].as_array().unwrap();
        assert!(moves.len() > 40);
        for m in moves {
            let own = &m["own"];
            let replayed = &m["budgets"][manager];
            for k in ["soft_ms", "hard_ms"] {
                let (a, b) = (own[k].as_f64().unwrap(), replayed[k].as_f64().unwrap());
                assert!((a - b).abs() <= 1.0, "{}: own {k} {a}, replayed {b}", m["label"]);
            }
            assert!(m["engine"]["depth"].as_u64().unwrap() > 0, "{}", m["label"]);
        }
        assert_eq!(g["sides"][side]["own"]["moves"].as_u64().unwrap() as usize, moves.len());
    }
    let (code, text, err) = tmlab(&["replay", "--pgn", TMLAB_GAME, "--tm", "lc0-legacy"]);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("own soft/hard eval/depth     nodes  latency"), "{text}");
    assert!(
        text.contains("own: the engine's own limits from its comments (48 moves): never over its hard limit"),
        "{text}"
    );
}

/// The samples fastchess and cutechess wrote: their eval/depth, nodes and latency reach the replay.
#[test]
fn tester_comments_reach_the_replay() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn/");
    let json = |file: &str| {
        let (code, out, err) =
            tmlab(&["replay", "--pgn", &format!("{dir}{file}"), "--tm", "stockfish", "--json"]);
        assert_eq!(code, 0, "{file}: {err}");
        serde_json::from_str::<serde_json::Value>(&out).unwrap()
    };
    // fastchess 40/10 with timeleft=true: 1. Nc3 {-0.26/9 0.190s, tl=9.810s, latency=0.001s}.
    let v = json("fastchess-1.8.2-40-10.pgn");
    let first = &v["games"][0]["sides"][0]["moves"][0];
    assert_eq!(first["engine"]["eval_pawns"], -0.26);
    assert_eq!(first["engine"]["depth"], 9);
    assert_eq!(first["engine"]["latency_ms"], 1.0);
    assert_eq!(first["own"], serde_json::Value::Null, "fastchess writes no limits");
    assert_eq!(v["games"][0]["sides"][0]["own"], serde_json::Value::Null);
    // OpenBench's pgnout flags: 1... Be7 {+0.26/8 0.078s, n=118066, sd=16}.
    let v = json("fastchess-openbench-pgnout-flags.pgn");
    let be7 = &v["games"][0]["sides"][1]["moves"][0];
    assert_eq!((be7["label"].as_str(), be7["engine"]["nodes"].as_u64()), (Some("1... Be7"), Some(118_066)));
    assert_eq!(be7["engine"]["seldepth"], 16);
    // cutechess: 13... Rab8 {+9.80/13 0.14s}.
    let v = json("cutechess-cli-1.4.0-5+0.05.pgn");
    let rab8 = v["games"][0]["sides"][1]["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["label"] == "13... Rab8")
        .unwrap();
    assert_eq!(
        (rab8["engine"]["eval_pawns"].as_f64(), rab8["engine"]["depth"].as_u64()),
        (Some(9.8), Some(13))
    );
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
