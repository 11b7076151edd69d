use super::*;
use crate::tm::params::Value;
use crate::tm::schema;

fn run(session: &mut UciSession, line: &str) -> Vec<String> {
    let mut lines = Vec::new();
    session.handle_line(line, &mut |l| lines.push(l.to_string()));
    while session.pump(16, &mut |l| lines.push(l.to_string())) {}
    lines
}

#[test]
fn handshake() {
    let mut s = UciSession::new();
    let out = run(&mut s, "uci");
    assert_eq!(out.last().map(String::as_str), Some("uciok"));
    assert!(out[0].starts_with("id name tmlab"));
    assert!(out.iter().any(|l| l.starts_with("option name TM slowmover type spin default 1000")), "{out:?}");
    assert_eq!(run(&mut s, "  isready  "), ["readyok"]);
    assert!(run(&mut s, "xyzzy 1 2").is_empty());
    assert!(!s.quit_requested());
    run(&mut s, "quit");
    assert!(s.quit_requested());
}

#[test]
fn malformed_lines_are_reported_not_fatal() {
    let mut s = UciSession::new();
    for bad in [
        "position fen not a fen",
        "position startpos moves e2e5",
        "position somewhere",
        "setoption name Hash value lots",
        "setoption name Hash value 0",
        "setoption name TimeManager value nosuch",
        "setoption name TM nosuch value 3",
        "setoption name TM slowmover value 1.5",
        "setoption name Searcher value minimax",
        "setoption",
        "setoption name Frobnicate value 1",
    ] {
        let out = run(&mut s, bad);
        assert_eq!(out.len(), 1, "{bad}: {out:?}");
        assert!(out[0].starts_with("info string error: "), "{bad}: {out:?}");
    }
    assert_eq!(run(&mut s, "isready"), ["readyok"]);
    // A malformed `go` is reported and still answered with exactly one `bestmove`.
    run(&mut s, "setoption name VirtualNps value 1000000");
    for bad in ["go wtime abc", "go wtime", "go sideways 3", "go depth 2 searchmoves"] {
        let out = run(&mut s, bad);
        assert!(out[0].starts_with("info string error: "), "{bad}: {out:?}");
        assert_eq!(out.iter().filter(|l| l.starts_with("bestmove")).count(), 1, "{bad}: {out:?}");
    }
}

#[test]
fn move_overhead_survives_manager_changes_and_works_under_mediocre() {
    let mut s = UciSession::new();
    assert_eq!(s.time_manager().get("move-overhead"), Some(Value::Int(200)));
    assert!(run(&mut s, "setoption name Move Overhead value 300").is_empty());
    for tm in ["stockfish", "lc0-smooth", "guide(move-overhead=5)"] {
        assert!(run(&mut s, &format!("setoption name TimeManager value {tm}")).is_empty());
        assert_eq!(s.time_manager().get("move-overhead"), Some(Value::Int(300)), "{tm}");
    }
    assert!(run(&mut s, "setoption name TM move-overhead value 1000").is_empty());
    assert_eq!(s.time_manager().get("move-overhead"), Some(Value::Int(1000)));
    // Under mediocre (no parameter of its own) the overhead comes off the clock: 1000 ms of
    // overhead on a 1100 ms clock leaves mediocre 100 ms, so its hard limit is at most that.
    run(&mut s, "setoption name TimeManager value mediocre");
    run(&mut s, "setoption name VirtualNps value 1000000");
    let tm = |out: &[String]| -> f64 {
        let l = out.iter().find(|l| l.starts_with("info string tm soft")).unwrap().clone();
        l.split_whitespace().nth(6).unwrap().parse().unwrap()
    };
    let hard_with = tm(&run(&mut s, "go wtime 1100 btime 1100"));
    run(&mut s, "setoption name Move Overhead value 0");
    let hard_without = tm(&run(&mut s, "go wtime 1100 btime 1100"));
    assert!(hard_with < hard_without, "{hard_with} vs {hard_without}");
}

#[test]
fn manager_parameters_are_options() {
    let mut s = UciSession::new();
    assert!(run(&mut s, "setoption name TimeManager value smooth").is_empty());
    assert_eq!(s.time_manager().manager(), "lc0-smooth");
    let opts = tm_options(s.time_manager());
    assert!(opts.len() > 5);
    assert!(run(&mut s, "setoption name TimeManager value lc0-legacy").is_empty());
    assert!(run(&mut s, "setoption name TM slowmover value 1500").is_empty());
    assert_eq!(s.time_manager().get("slowmover"), Some(Value::Float(1.5)));
    assert!(run(&mut s, "setoption name Move Overhead value 42").is_empty());
    assert_eq!(s.time_manager().get("move-overhead"), Some(Value::Int(42)));
    // Every manager's option list parses back through setoption at its defaults.
    for m in schema() {
        let spec: TmSpec = m.name.parse().unwrap();
        let mut s = UciSession::new();
        run(&mut s, &format!("setoption name TimeManager value {}", m.name));
        for line in tm_options(&spec) {
            let rest = line.strip_prefix("option name ").unwrap();
            let (name, tail) = rest.split_once(" type ").unwrap();
            let default = tail.split(" default ").nth(1).unwrap().split(' ').next().unwrap();
            let out = run(&mut s, &format!("setoption name {name} value {default}"));
            assert!(out.is_empty(), "{}: {line}: {out:?}", m.name);
        }
        // Floats travel at the ×1000 scale: defaults with more decimals round to 3.
        for p in m.params.iter().filter(|p| p.path != "move-overhead") {
            match (s.time_manager().get(&p.path).unwrap(), spec.get(&p.path).unwrap()) {
                (Value::Float(a), Value::Float(b)) => {
                    assert!((a - b).abs() <= 0.0005, "{}: {a} vs {b}", p.path)
                }
                (a, b) => assert_eq!(a, b, "{}", p.path),
            }
        }
    }
}

fn bestmove(out: &[String]) -> &str {
    out.last().unwrap().strip_prefix("bestmove ").unwrap().split(' ').next().unwrap()
}

#[test]
fn go_with_clock_prints_budget_and_bestmove_for_both_searchers() {
    for searcher in ["ab", "mcts"] {
        let mut s = UciSession::new();
        run(&mut s, &format!("setoption name Searcher value {searcher}"));
        run(&mut s, "setoption name VirtualNps value 1000000");
        run(&mut s, "position startpos moves e2e4");
        let out = run(&mut s, "go wtime 10000 btime 10000 winc 100 binc 100");
        let tm = out.iter().find(|l| l.starts_with("info string tm soft ")).expect("tm line");
        assert!(tm.contains(" hard "), "{tm}");
        assert!(out.iter().any(|l| l.starts_with("info depth")), "{searcher}: {out:?}");
        let m = bestmove(&out);
        assert!(m.len() >= 4, "{out:?}");
        // The move is legal for black.
        run(&mut s, &format!("position startpos moves e2e4 {m}"));
        let out = run(&mut s, "go movetime 30");
        assert!(out.last().unwrap().starts_with("bestmove"), "{out:?}");
        let out = run(&mut s, "go nodes 3000");
        assert!(out.last().unwrap().starts_with("bestmove"), "{out:?}");
    }
}

#[test]
fn infinite_and_ponder_hold_bestmove_until_stop_or_ponderhit() {
    let mut s = UciSession::new();
    run(&mut s, "setoption name Searcher value mcts");
    run(&mut s, "setoption name VirtualNps value 1000000");
    let mut lines = Vec::new();
    s.handle_line("go infinite", &mut |l| lines.push(l.to_string()));
    for _ in 0..5 {
        assert!(s.pump(4, &mut |l| lines.push(l.to_string())));
    }
    assert!(!lines.iter().any(|l| l.starts_with("bestmove")));
    let out = run(&mut s, "stop");
    assert!(out.last().unwrap().starts_with("bestmove"), "{out:?}");
    // go ponder: the manager's budget starts at ponderhit.
    s.handle_line("go ponder wtime 5000 btime 5000", &mut |_| {});
    assert!(s.pump(4, &mut |_| {}));
    let out = run(&mut s, "ponderhit");
    assert!(out.iter().any(|l| l.starts_with("info string tm soft")), "{out:?}");
    assert!(out.last().unwrap().starts_with("bestmove"), "{out:?}");
    assert!(!s.searching());
}

#[test]
fn alpha_beta_depth_and_checkmated_position() {
    let mut s = UciSession::new();
    let out = run(&mut s, "go depth 3");
    assert!(out.iter().any(|l| l.starts_with("info depth 3")), "{out:?}");
    run(&mut s, "position startpos moves f2f3 e7e5 g2g4 d8h4");
    let out = run(&mut s, "go wtime 1000 btime 1000");
    assert_eq!(out.last().unwrap(), "bestmove 0000");
}

#[test]
fn effective_limits_follow_every_iteration_with_their_factors() {
    use crate::stop::EffectiveLimit;
    for (tm, searcher, want) in [
        ("stockfish", "ab", vec!["optimum", "falling_eval", "reduction", "instability", "nodes_effort"]),
        ("guide(preset=tricks)", "ab", vec!["soft", "pv", "score", "node"]),
        ("mediocre", "ab", vec!["budget", "next_depth_factor"]),
        ("lc0-legacy", "ab", vec![]),
        ("stockfish", "mcts", vec![]),
    ] {
        let mut s = UciSession::new();
        run(&mut s, &format!("setoption name TimeManager value {tm}"));
        run(&mut s, &format!("setoption name Searcher value {searcher}"));
        run(&mut s, "setoption name VirtualNps value 500000");
        let out = run(&mut s, "go wtime 20000 btime 20000 winc 200 binc 200");
        let limits: Vec<EffectiveLimit> = out
            .iter()
            .filter_map(|l| l.strip_prefix("info string tm-limit "))
            .map(|j| serde_json::from_str(j).unwrap())
            .collect();
        assert!(!limits.is_empty(), "{tm} {searcher}: {out:?}");
        if searcher == "ab" {
            let depths = out.iter().filter(|l| l.starts_with("info depth")).count();
            assert_eq!(limits.len(), depths, "{tm}: one tm-limit per iteration");
            let i = out.iter().position(|l| l.starts_with("info depth")).unwrap();
            assert!(out[i + 1].starts_with("info string tm-limit "), "{tm}: right after the iteration");
        }
        let last = limits.last().unwrap();
        let keys: Vec<&str> = last.terms.iter().map(|t| t.key.as_str()).collect();
        assert_eq!(keys, want, "{tm} {searcher}");
        assert!(last.text.starts_with("soft "), "{}", last.text);
        assert!(last.soft_ms > 0.0 && last.hard_ms >= last.base_ms, "{tm}: {last:?}");
        if tm == "stockfish" && searcher == "ab" {
            let product: f64 = last.terms.iter().map(|t| t.value).product();
            // The same factors multiplied in another order: equal to the last bits only.
            let want = product.min(last.cap_ms.unwrap());
            assert!((last.soft_ms - want).abs() <= 1e-9 * want, "{} vs {want}: {}", last.soft_ms, last.text);
            assert!(last.text.contains(" × falling ") && last.text.contains(", cap "), "{}", last.text);
        }
        if tm == "lc0-legacy" {
            assert!(last.text.contains("base soft limit"), "{}", last.text);
            assert_eq!(last.soft_ms, last.base_ms);
        }
    }
}

#[test]
fn stop_reasons_are_worded_per_searcher() {
    use crate::stop::StopReason;
    assert!(StopReason::SoftLimit.describe(false).contains("iteration"));
    assert!(!StopReason::SoftLimit.describe(true).contains("iteration"));
    for r in StopReason::ALL {
        assert!(!r.describe(true).contains("iteration"), "{r:?}");
    }
    assert_eq!(StopReason::describe_key("cancelled", true), Some("dropped: nothing charged"));
    assert_eq!(StopReason::describe_key("nosuch", true), None);
}
