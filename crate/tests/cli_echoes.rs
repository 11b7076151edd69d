//! Every command quotes a short excerpt of a long input, never the whole of it (issue 30 item 9:
//! eight places added since the last round echoed 100 kB on one line).

mod common;

use common::tmlab;

/// The longest error a command may print for one bad input.
const MAX_ERROR: usize = 600;

#[test]
fn long_inputs_are_quoted_in_part_by_every_command() {
    let long = "x".repeat(100_000);
    let dir = std::env::temp_dir().join(format!("tmlab-cli-echoes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("long-clk.pgn");
    std::fs::write(&pgn, format!("[Event \"x\"]\n[TimeControl \"60+1\"]\n\n1. e4 {{ [%clk {long}] }} 1-0\n"))
        .unwrap();
    let events = dir.join("events.jsonl");
    // Within the 64 KiB a line may hold (a longer line is refused by its length alone).
    std::fs::write(&events, format!("{{\"type\":\"{}\"}}\n", &long[..60_000])).unwrap();
    let only_tc = format!("1+0.01,{long}");
    let params = format!("slowmover,{long}");
    let cases: Vec<(&str, Vec<&str>)> = vec![
        ("spsa-inputs --params", vec!["spsa-inputs", "--tm", "lc0-legacy", "--params", &long]),
        ("params --tm", vec!["params", "--tm", &long]),
        (
            "sweep --param",
            vec![
                "sweep",
                "--tm",
                "lc0-legacy",
                "--param",
                &long,
                "--values",
                "1",
                "--vs",
                "stockfish",
                "--tc",
                "1+0.01",
                "--games",
                "2",
            ],
        ),
        (
            "tune --params",
            vec!["tune", "--tm", "lc0-legacy", "--params", &params, "--tc", "1+0.01", "--games", "2"],
        ),
        ("leaderboard --tc", vec!["leaderboard", "--tc", &only_tc]),
        ("leaderboard --only", vec!["leaderboard", "--only", &long, "--games", "2", "--tc", "1+0.01"]),
        ("leaderboard --engine", vec!["leaderboard", "--engine", &long]),
        ("replay [%clk]", vec!["replay", "--pgn", pgn.to_str().unwrap(), "--tm", "stockfish"]),
        (
            "stopper --events",
            vec!["stopper", "--tm", "stockfish", "--clock", "1000", "--events", events.to_str().unwrap()],
        ),
        ("stopper --events path", vec!["stopper", "--tm", "stockfish", "--clock", "1000", "--events", &long]),
    ];
    let mut failures = Vec::new();
    for (what, args) in cases {
        let (code, _, err) = tmlab(&args);
        if code != 2 || err.len() > MAX_ERROR || !err.contains('…') {
            failures.push(format!("{what}: exit {code}, {} bytes: {:.300}", err.len(), err));
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
