//! `tmlab restore` validates its payload's values, not only its shape (issue 30): a Stockfish
//! state whose `adj` is infinite used to be accepted, after which `go wtime 1000` never ended.

mod common;

use std::time::{Duration, Instant};

use common::Engine;

#[test]
fn a_payload_with_an_infinite_value_is_refused_and_go_still_ends() {
    let mut e = Engine::start(&[
        "setoption name TimeManager value stockfish",
        "setoption name TmlabState value true",
    ]);
    e.send("position startpos");
    e.send("go wtime 1000 btime 1000");
    let (state, _) = e.until("info string tm-state ");
    e.until("bestmove");
    let payload = state.trim_start_matches("info string tm-state ");
    // Word 2 is `adj` (present since the first move): make it +infinity.
    let (head, words) = payload.split_once("\"state\":\"").unwrap();
    let mut w: Vec<String> = words.trim_end_matches("\"}").split('.').map(String::from).collect();
    assert_eq!(w[0], "0000000000000001", "adj is set after the first move: {payload}");
    w[1] = format!("{:016x}", f64::INFINITY.to_bits());
    let bad = format!("{head}\"state\":\"{}\"}}", w.join("."));
    e.send(&format!("tmlab restore {bad}"));
    e.send("isready");
    let (_, seen) = e.until("readyok");
    assert!(
        seen.iter().any(|l| l.starts_with("info string error: ") && l.contains("impossible state")),
        "{seen:?}"
    );
    let t0 = Instant::now();
    e.send("go wtime 1000 btime 1000");
    let (_, seen) = e.until("bestmove");
    assert!(t0.elapsed() < Duration::from_secs(5), "took {:?}", t0.elapsed());
    assert!(!seen.iter().any(|l| l.contains("soft inf")), "{seen:?}");
    e.quit();
}
