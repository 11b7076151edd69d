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
    assert!(
        out.iter().any(|l| l.starts_with("option name TM_lc0-legacy_slowmover type spin default 1000")),
        "{out:?}"
    );
    // Every manager's options, whatever manager is selected.
    assert!(out.iter().any(|l| l.starts_with("option name TM_stockfish_horizon type spin")), "{out:?}");
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
fn each_manager_keeps_its_own_overhead_until_move_overhead_is_set() {
    let mut s = UciSession::new();
    // Advertised −1: "the manager's own".
    assert!(
        run(&mut s, "uci")
            .iter()
            .any(|l| l == "option name Move Overhead type spin default -1 min -1 max 1000")
    );
    assert_eq!(s.time_manager().get("move-overhead"), Some(Value::Int(200)));
    run(&mut s, "setoption name TimeManager value stockfish");
    assert_eq!(s.time_manager().get("move-overhead"), Some(Value::Int(10)));
    assert_eq!(s.time_manager().to_string(), "stockfish");
    // A spec string's own value stands while Move Overhead is unset.
    run(&mut s, "setoption name TimeManager value stockfish(move-overhead=30)");
    assert_eq!(s.time_manager().get("move-overhead"), Some(Value::Int(30)));
    assert!(run(&mut s, "setoption name Move Overhead value 300").is_empty());
    for tm in ["stockfish", "lc0-smooth", "guide(move-overhead=5)", "lc0-legacy"] {
        assert!(run(&mut s, &format!("setoption name TimeManager value {tm}")).is_empty());
        assert_eq!(s.time_manager().get("move-overhead"), Some(Value::Int(300)), "{tm}");
    }
    // −1 gives each manager its own again; the old alias is gone, with a pointer.
    run(&mut s, "setoption name Move Overhead value -1");
    assert_eq!(s.time_manager().get("move-overhead"), Some(Value::Int(200)));
    let out = run(&mut s, "setoption name TM move-overhead value 1000");
    assert!(out[0].contains("Move Overhead"), "{out:?}");
    // Under mediocre (no parameter of its own) an explicit overhead comes off the clock: 1000 ms
    // of overhead on a 1100 ms clock leaves mediocre 100 ms, so its hard limit is at most that.
    run(&mut s, "setoption name TimeManager value mediocre");
    run(&mut s, "setoption name VirtualNps value 1000000");
    let tm = |out: &[String]| -> f64 {
        let l = out.iter().find(|l| l.starts_with("info string tm soft")).unwrap().clone();
        l.split_whitespace().nth(6).unwrap().parse().unwrap()
    };
    let hard_own = tm(&run(&mut s, "go wtime 1100 btime 1100"));
    run(&mut s, "setoption name Move Overhead value 1000");
    let hard_with = tm(&run(&mut s, "go wtime 1100 btime 1100"));
    run(&mut s, "setoption name Move Overhead value 0");
    let hard_without = tm(&run(&mut s, "go wtime 1100 btime 1100"));
    assert!(hard_with < hard_without, "{hard_with} vs {hard_without}");
    assert_eq!(hard_own, hard_without, "mediocre has no overhead of its own");
}

#[test]
fn manager_parameters_are_options_of_every_manager() {
    let mut s = UciSession::new();
    // A value for another manager waits for it; selecting it keeps the value.
    assert!(run(&mut s, "setoption name TM_lc0-legacy_slowmover value 1500").is_empty());
    assert!(run(&mut s, "setoption name TM_stockfish_horizon value 40").is_empty());
    assert_eq!(s.time_manager().get("slowmover"), Some(Value::Float(1.5)));
    run(&mut s, "setoption name TimeManager value stockfish");
    assert_eq!(s.time_manager().get("horizon"), Some(Value::Int(40)));
    run(&mut s, "setoption name TimeManager value legacy");
    assert_eq!(s.time_manager().get("slowmover"), Some(Value::Float(1.5)));
    // The option wins over the spec string's value, whatever came first.
    run(&mut s, "setoption name TimeManager value lc0-legacy(slowmover=2.0)");
    assert_eq!(s.time_manager().get("slowmover"), Some(Value::Float(1.5)));
    // Out of range (checked now, even for a manager not selected), not an integer, old names.
    for (bad, want) in [
        ("setoption name TM_stockfish_horizon value 0", "out of range"),
        ("setoption name TM_lc0-legacy_slowmover value 1.5", "not a whole number"),
        ("setoption name TM_slowmover value 1500", "TM_lc0-legacy_slowmover"),
        ("setoption name TM slowmover value 1500", "TM_lc0-legacy_slowmover"),
    ] {
        let out = run(&mut s, bad);
        assert!(out.len() == 1 && out[0].contains(want), "{bad}: {out:?}");
    }
    // Names compare without case, as UCI asks.
    assert!(run(&mut s, "setoption name tm_LC0-LEGACY_SLOWMOVER value 1200").is_empty());
    assert_eq!(s.time_manager().get("slowmover"), Some(Value::Float(1.2)));
}

#[test]
fn every_declared_default_round_trips_exactly() {
    // Setting every option to its advertised default leaves each manager at its default preset:
    // floats are scaled far enough for every preset value (0.8097 is 8097 at ×10 000).
    let lines = tm_options();
    for m in schema() {
        let mut s = UciSession::new();
        run(&mut s, &format!("setoption name TimeManager value {}", m.name));
        let prefix = format!("option name TM_{}_", m.name);
        let mine: Vec<&String> = lines.iter().filter(|l| l.starts_with(&prefix)).collect();
        assert_eq!(mine.len(), m.params.iter().filter(|p| p.path != "move-overhead").count(), "{}", m.name);
        for line in mine {
            let rest = line.strip_prefix("option name ").unwrap();
            let (name, tail) = rest.split_once(" type ").unwrap();
            let words: Vec<&str> = tail.split_whitespace().collect();
            let get = |k: &str| words.iter().position(|w| *w == k).map(|i| words[i + 1]);
            let default = get("default").unwrap();
            if let (Some(lo), Some(hi)) = (get("min"), get("max")) {
                let (lo, hi, d): (i64, i64, i64) =
                    (lo.parse().unwrap(), hi.parse().unwrap(), default.parse().unwrap());
                assert!(
                    lo <= d && d <= hi && hi.abs() <= i32::MAX as i64 && lo.abs() <= i32::MAX as i64,
                    "{line}"
                );
            }
            let out = run(&mut s, &format!("setoption name {name} value {default}"));
            assert!(out.is_empty(), "{}: {line}: {out:?}", m.name);
        }
        assert_eq!(s.time_manager().to_string(), m.name, "every default round-trips");
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
        let out = run(&mut s, "go movetime 230");
        assert!(out.last().unwrap().starts_with("bestmove"), "{out:?}");
        // The final info line carries the whole search's time: 230 ms less the 200 ms overhead.
        let fin = out.iter().rev().find(|l| l.starts_with("info depth")).unwrap();
        let time: u64 = fin.split(" time ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
        assert!((30..=35).contains(&time), "{searcher}: {fin}");
        // Stockfish's manager: its own 10 ms.
        run(&mut s, "setoption name TimeManager value stockfish");
        let out = run(&mut s, "go movetime 100");
        let fin = out.iter().rev().find(|l| l.starts_with("info depth")).unwrap();
        let time: u64 = fin.split(" time ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
        assert!((90..=95).contains(&time), "{searcher}: {fin}");
        run(&mut s, "setoption name TimeManager value lc0-legacy");
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
            // Every iteration's line, then the closing totals line just before the stop reason.
            let stop = out.iter().position(|l| l.starts_with("info string stop ")).unwrap();
            assert!(out[stop - 1].starts_with("info depth"), "{tm}: {out:?}");
            let depths = out.iter().filter(|l| l.starts_with("info depth")).count() - 1;
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

#[test]
fn every_go_ends_without_stop() {
    // `go mate N`, a bare `go` and `go searchmoves` name no limit: each gets the default move
    // time (on the virtual clock here) and one bestmove.
    for searcher in ["ab", "mcts"] {
        let mut s = UciSession::new();
        run(&mut s, &format!("setoption name Searcher value {searcher}"));
        run(&mut s, "setoption name VirtualNps value 200000");
        for go in ["go mate 3", "go", "go searchmoves e2e4 d2d4"] {
            let out = run(&mut s, go);
            assert!(out.iter().any(|l| l.contains("default movetime")), "{go}: {out:?}");
            assert_eq!(out.iter().filter(|l| l.starts_with("bestmove")).count(), 1, "{go}: {out:?}");
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod order {
    use proptest::prelude::*;

    use super::*;

    /// What the options leave: the manager, its overhead, and the other options.
    fn state(s: &UciSession) -> String {
        format!("{} {} {:?} {} {}", s.time_manager(), s.overhead_ms(), s.searcher, s.virtual_nps, s.tm_state)
    }

    const OPTIONS: [&str; 9] = [
        "setoption name TimeManager value stockfish",
        "setoption name TM_stockfish_horizon value 40",
        "setoption name TM_stockfish_max-clock-frac value 7500",
        "setoption name TM_lc0-legacy_slowmover value 1500",
        "setoption name TM_lc0-smooth_smart-pruning.factor value 1500",
        "setoption name Move Overhead value 30",
        "setoption name Searcher value mcts",
        "setoption name VirtualNps value 100000",
        "setoption name TmlabState value true",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// Any order of any subset of the options gives the state of the sorted order (the
        /// order cutechess-cli sends them in).
        #[test]
        fn any_order_gives_the_same_state(keep in proptest::collection::vec(any::<bool>(), 9), order in Just((0..9).collect::<Vec<usize>>()).prop_shuffle()) {
            let chosen: Vec<&str> = order.iter().filter(|&&i| keep[i]).map(|&i| OPTIONS[i]).collect();
            let mut sorted = chosen.clone();
            sorted.sort();
            let mut a = UciSession::new();
            let mut b = UciSession::new();
            for l in &chosen {
                prop_assert!(run(&mut a, l).iter().all(|o| !o.contains("error")), "{}", l);
            }
            for l in &sorted {
                run(&mut b, l);
            }
            prop_assert_eq!(state(&a), state(&b));
            // And the manager is the one the spec string names, with the options' values.
            if keep[0] {
                prop_assert_eq!(a.time_manager().manager(), "stockfish");
                prop_assert_eq!(a.time_manager().get("horizon").is_some_and(|v| v == Value::Int(40)), keep[1]);
            } else {
                prop_assert_eq!(a.time_manager().get("slowmover").is_some_and(|v| v == Value::Float(1.5)), keep[3]);
            }
        }
    }
}

/// A bad option value is a typed error (the option's name as its path, what it allows) before it
/// becomes one `info string error:` line.
#[test]
fn bad_option_values_are_typed_errors_then_one_line() {
    let mut s = UciSession::new();
    let e = s.setoption("name Hash value lots").unwrap_err();
    assert_eq!(
        (e.path.as_str(), e.allowed.as_str()),
        ("Hash", format!("a whole number in 1 … {MAX_HASH_MB}").as_str())
    );
    assert_eq!(e.message, "\"lots\" is not allowed");
    let e = s.setoption("name TmlabState value maybe").unwrap_err();
    assert_eq!((e.path.as_str(), e.allowed.as_str()), ("TmlabState", "true, false"));
    let e = s.setoption("name TM_stockfish_horizon value x").unwrap_err();
    assert_eq!((e.path.as_str(), e.allowed.as_str()), ("TM_stockfish_horizon", "a whole number"));
    let e = s.position("fen not-a-fen").unwrap_err();
    assert_eq!(e.path, "position.fen");
    let out = run(&mut s, "setoption name Hash value lots");
    assert_eq!(
        out,
        [format!(
            "info string error: Hash: \"lots\" is not allowed; allowed: a whole number in 1 … {MAX_HASH_MB}"
        )]
    );
}
