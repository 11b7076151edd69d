//! The `Level` option (strength levels, `drive::strength`) through the UCI session: declared at
//! `uci`, checked at `setoption`, and acting on the node rate only: the manager's budget line is
//! the same at every level, the search sees fewer nodes (virtual clock: exactly the capped rate;
//! wall clock: held to it by waiting), for both searchers.

use tmlab::uci::UciSession;

fn run(s: &mut UciSession, line: &str) -> Vec<String> {
    let mut out = Vec::new();
    s.handle_line(line, &mut |l| out.push(l.to_string()));
    while s.pump(16, &mut |l| out.push(l.to_string())) {}
    out
}

fn session(options: &[(&str, &str)]) -> UciSession {
    let mut s = UciSession::new();
    run(&mut s, "uci");
    for (name, value) in options {
        let out = run(&mut s, &format!("setoption name {name} value {value}"));
        assert!(out.iter().all(|l| !l.contains("error")), "{name}={value}: {out:?}");
    }
    run(&mut s, "isready");
    s
}

/// The number after `key` in the last line that has it.
fn last_num(lines: &[String], key: &str) -> Option<f64> {
    lines.iter().rev().find_map(|l| {
        let t: Vec<&str> = l.split_whitespace().collect();
        t.iter().position(|w| *w == key).and_then(|i| t.get(i + 1)).and_then(|v| v.parse().ok())
    })
}

#[test]
fn level_is_declared_and_checked() {
    let mut s = UciSession::new();
    let out = run(&mut s, "uci");
    assert!(out.iter().any(|l| l == "option name Level type spin default 5 min 1 max 5"), "{out:?}");
    for bad in ["0", "6", "club", ""] {
        let out = run(&mut s, &format!("setoption name Level value {bad}"));
        assert!(
            out.iter().any(|l| l.starts_with("info string error: Level:") && l.contains("1 … 5")),
            "{bad:?}: {out:?}"
        );
    }
    assert!(run(&mut s, "setoption name Level value 3").is_empty());
}

#[test]
fn on_a_virtual_clock_the_budget_is_the_same_and_the_search_runs_at_the_cap() {
    let go = ["position startpos moves e2e4 e7e5 g1f3", "go wtime 60000 btime 60000 winc 1000 binc 1000"];
    let mut lines = Vec::new();
    for level in ["5", "2"] {
        let mut s = session(&[("TimeManager", "stockfish"), ("VirtualNps", "1000000"), ("Level", level)]);
        let mut out = Vec::new();
        for l in go {
            out.extend(run(&mut s, l));
        }
        lines.push(out);
    }
    let tm = |out: &[String]| out.iter().find(|l| l.starts_with("info string tm ")).cloned().unwrap();
    assert_eq!(tm(&lines[0]), tm(&lines[1]), "the manager's budget does not depend on the level");
    let (full, capped) = (last_num(&lines[0], "nodes").unwrap(), last_num(&lines[1], "nodes").unwrap());
    assert!(capped * 50.0 < full, "level 2 searches far fewer nodes: {capped} vs {full}");
    let nps = last_num(&lines[1], "nps").unwrap();
    assert!((2400.0..=2525.0).contains(&nps), "virtual time runs at 2500 nodes/s: nps {nps}");
    assert!(lines[1].iter().any(|l| l.starts_with("info string stop ")), "{:?}", lines[1]);
}

#[test]
fn on_the_wall_clock_the_search_is_held_to_the_cap() {
    // Alpha-beta at level 2 (2500 nodes/s) for 600 ms: about 1500 nodes, not the hundreds of
    // thousands the machine could search. Depth 1 runs before the first check, so allow it.
    let mut s = session(&[("TimeManager", "stockfish"), ("Level", "2")]);
    run(&mut s, "position startpos");
    let t = std::time::Instant::now();
    let out = run(&mut s, "go movetime 600");
    let wall = t.elapsed().as_secs_f64();
    let nodes = last_num(&out, "nodes").unwrap();
    assert!(wall >= 0.5, "the search took its time: {wall} s");
    assert!(nodes <= 2500.0 * wall + 200.0, "at most the capped rate: {nodes} nodes in {wall} s");
    assert!(out.last().unwrap().starts_with("bestmove "), "{out:?}");

    // MCTS at level 1 (12 playouts/s) for 500 ms, which stops at 300 ms: movetime less
    // lc0-legacy's own 200 ms Move Overhead.
    let mut s = session(&[("Searcher", "mcts"), ("TimeManager", "lc0-legacy"), ("Level", "1")]);
    run(&mut s, "position startpos");
    let t = std::time::Instant::now();
    let out = run(&mut s, "go movetime 500");
    let wall = t.elapsed().as_secs_f64();
    assert!((0.28..1.5).contains(&wall), "stops at movetime less the overhead: {wall} s");
    assert!(out.last().unwrap().starts_with("bestmove "), "{out:?}");
    let stop = out.iter().find(|l| l.starts_with("info string stop ")).unwrap();
    assert_eq!(stop, "info string stop move-time", "{out:?}");
}

#[test]
fn restoring_a_manager_state_prints_it_back() {
    let mut s = session(&[("TimeManager", "stockfish"), ("VirtualNps", "1000000"), ("TmlabState", "true")]);
    run(&mut s, "position startpos");
    let out = run(&mut s, "go wtime 10000 btime 10000");
    let state = out.iter().find_map(|l| l.strip_prefix("info string tm-state ")).unwrap().to_string();
    let out = run(&mut s, "ucinewgame");
    let fresh = out.iter().find_map(|l| l.strip_prefix("info string tm-state ")).unwrap().to_string();
    assert_ne!(fresh, state, "a new game's manager differs from one that has moved");
    let out = run(&mut s, &format!("tmlab restore {state}"));
    assert_eq!(out, vec![format!("info string tm-state {state}")]);
}

#[test]
fn a_capped_level_keeps_within_its_hard_limit_on_a_virtual_clock() {
    // 250 nodes/s: the manager's checks still come every 10 ms of virtual time, not every
    // check-interval's worth of nodes (1024 nodes would be 4 s).
    for (searcher, tm) in [("ab", "stockfish"), ("mcts", "lc0-legacy")] {
        let mut s = session(&[
            ("Searcher", searcher),
            ("TimeManager", tm),
            ("VirtualNps", "1000000"),
            ("Level", "1"),
        ]);
        run(&mut s, "position startpos moves e2e4 e7e5 g1f3 b8c6");
        let out = run(&mut s, "go wtime 20000 btime 20000");
        let tm_line = out.iter().find(|l| l.starts_with("info string tm ")).unwrap();
        let hard: f64 = tm_line.split_whitespace().nth(6).unwrap().parse().unwrap();
        let time = last_num(&out, "time").unwrap();
        // At most one check's worth over: two nodes (8 ms) for alpha-beta, one playout (83 ms at
        // 12 playouts/s) for MCTS, which cannot stop inside a playout.
        let slack = if searcher == "ab" { 10.0 } else { 1000.0 / 12.0 };
        assert!(
            time <= hard + slack,
            "{searcher}: {time} ms used against a hard limit of {hard} ms: {out:?}"
        );
    }
}
