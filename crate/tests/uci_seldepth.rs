//! `info … seldepth` is the deepest ply a search reached and never below its depth (issue 26.5):
//! not when Stockfish's manager asks an iteration to search again at a reduced depth, nor when
//! every line ends early in a repetition or a transposition-table hit.

use tmlab::uci::UciSession;

fn run(s: &mut UciSession, line: &str) -> Vec<String> {
    let mut out = Vec::new();
    s.handle_line(line, &mut |l| out.push(l.to_string()));
    while s.pump(16, &mut |l| out.push(l.to_string())) {}
    out
}

/// `(depth, seldepth)` of every `info depth` line.
fn depths(lines: &[String]) -> Vec<(u32, u32)> {
    lines
        .iter()
        .filter(|l| l.starts_with("info depth "))
        .map(|l| {
            let t: Vec<&str> = l.split_whitespace().collect();
            let at = |k: &str| t[t.iter().position(|w| *w == k).unwrap() + 1].parse().unwrap();
            (at("depth"), at("seldepth"))
        })
        .collect()
}

#[test]
fn seldepth_is_never_below_depth() {
    let mut s = UciSession::new();
    for l in [
        "uci",
        "setoption name TimeManager value stockfish",
        "setoption name VirtualNps value 1000000",
        "isready",
    ] {
        run(&mut s, l);
    }
    let mut seen = Vec::new();
    // A position where the engine can repeat (every other line is then a transposition), and a
    // short self-play game under Stockfish's manager, whose soft stop re-searches iterations at
    // a reduced depth.
    let out = run(&mut s, "position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
    assert!(out.is_empty(), "{out:?}");
    seen.extend(depths(&run(&mut s, "go depth 12")));
    run(&mut s, "ucinewgame");
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..24 {
        let pos = if moves.is_empty() {
            "position startpos".into()
        } else {
            format!("position startpos moves {}", moves.join(" "))
        };
        run(&mut s, &pos);
        let out = run(&mut s, "go wtime 3000 btime 3000 winc 30 binc 30");
        seen.extend(depths(&out));
        let best = out.last().unwrap().split_whitespace().nth(1).unwrap().to_string();
        if best == "0000" {
            break;
        }
        moves.push(best);
    }
    assert!(seen.len() > 100, "{} info lines", seen.len());
    let bad: Vec<_> = seen.iter().filter(|(d, sd)| sd < d).collect();
    assert!(bad.is_empty(), "seldepth below depth in {} of {} lines: {bad:?}", bad.len(), seen.len());
}
