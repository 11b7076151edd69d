//! Tests of `trace`: recording, determinism, the lc0 managers, spec errors and a timing probe.

use super::*;
use crate::tm::SearchKind;

fn spec(tm: &str) -> TraceSpec {
    TraceSpec {
        tm: tm.into(),
        tc: "10+0.1".into(),
        opening: 0,
        nps: 100_000.0,
        moves: 12,
        searcher: None,
        latency_ms: 0.0,
        ponder: false,
    }
}

#[test]
fn a_trace_records_every_engine_move_and_is_deterministic() {
    let a = TraceGame::new(&spec("stockfish")).unwrap();
    assert_eq!(a.searcher(), SearchKind::AlphaBeta);
    let a = a.run();
    assert!(!a.is_empty());
    assert!(a.len() <= 24);
    for m in &a {
        assert!(m.base_soft_ms > 0.0 && m.base_soft_ms <= m.hard_ms, "{m:?}");
        assert!(m.soft_ms <= m.hard_ms + 1e-9, "{m:?}");
        assert!(m.used_ms <= m.hard_ms + 1.0, "{m:?}");
        assert!(m.clock_before_ms >= m.used_ms);
        assert!(m.nodes > 0 && !m.stop.is_empty());
    }
    assert!(a.windows(2).all(|w| w[1].ply == w[0].ply + 1));
    let b = TraceGame::new(&spec("stockfish")).unwrap().run();
    assert_eq!(a, b, "the virtual clock makes a trace reproducible");
    // An in-search parameter changes the game.
    let c = TraceGame::new(&spec("stockfish(score-unit=0.5)"));
    assert!(c.is_ok());
}

#[test]
fn lc0_managers_play_mcts_and_smart_pruning_moves_the_trace() {
    let g = TraceGame::new(&spec("lc0-legacy")).unwrap();
    assert_eq!(g.searcher(), SearchKind::Mcts);
    let a = g.run();
    assert!(!a.is_empty());
    let b = TraceGame::new(&spec("lc0-legacy(smart-pruning(factor=0))")).unwrap().run();
    let used = |t: &[TraceMove]| t.iter().map(|m| m.used_ms).collect::<Vec<_>>();
    assert_ne!(used(&a), used(&b), "turning smart pruning off changes the time used");
}

#[test]
fn bad_specs_are_named() {
    let mut s = spec("nope");
    assert_eq!(TraceGame::new(&s).unwrap_err().path, "tm");
    s = spec("stockfish");
    s.tc = "depth=3".into();
    assert_eq!(TraceGame::new(&s).unwrap_err().path, "tc");
    s.tc = "10".into();
    s.opening = 100_000;
    assert_eq!(TraceGame::new(&s).unwrap_err().path, "opening");
    s.opening = 0;
    s.nps = 0.0;
    assert_eq!(TraceGame::new(&s).unwrap_err().path, "nps");
    s.nps = 1e5;
    s.moves = 0;
    assert_eq!(TraceGame::new(&s).unwrap_err().path, "moves");
    s.moves = 10;
    s.latency_ms = -1.0;
    assert_eq!(TraceGame::new(&s).unwrap_err().path, "latency");
}

/// The speed target, measured: a 60-move game at 60+0.6 at 1 M virtual nps.
/// `TRACE_NPS=1e6,1e5 TRACE_TM=stockfish,lc0-legacy cargo test --release --lib play::trace --
/// --ignored --nocapture` prints the times.
#[test]
#[ignore = "a measurement, run by hand"]
fn measure_a_60_move_game() {
    let env = |k: &str, d: &str| std::env::var(k).unwrap_or_else(|_| d.into());
    let (tms, speeds) = (env("TRACE_TM", "stockfish,lc0-legacy"), env("TRACE_NPS", "1e6"));
    for tm in tms.split(',') {
        for nps in speeds.split(',').map(|x| x.parse::<f64>().unwrap()) {
            let s = TraceSpec {
                tm: tm.into(),
                tc: "60+0.6".into(),
                opening: 0,
                nps,
                moves: 60,
                searcher: None,
                latency_ms: 0.0,
                ponder: false,
            };
            let t0 = std::time::Instant::now();
            let moves = TraceGame::new(&s).unwrap().run();
            let virt: f64 = moves.iter().map(|m| m.used_ms).sum();
            let nodes: u64 = moves.iter().map(|m| m.nodes).sum();
            println!(
                "trace {tm} 60+0.6 nps {nps}: {} engine moves, {:.1} s virtual, {nodes} nodes, {:.2} s wall",
                moves.len(),
                virt / 1000.0,
                t0.elapsed().as_secs_f64()
            );
        }
    }
}

#[test]
#[ignore = "a printout, run by hand: TC=5+0.05 MOVES=20 cargo test --lib print_ponder_games -- --ignored --nocapture"]
fn print_ponder_games() {
    for tm in ["lc0-smooth", "stockfish"] {
        for ponder in [false, true] {
            let mut s = spec(tm);
            s.tc = std::env::var("TC").unwrap_or("10+0.1".into());
            s.nps = 10_000.0;
            s.moves = std::env::var("MOVES").map_or(30, |m| m.parse().unwrap());
            s.ponder = ponder;
            let t0 = std::time::Instant::now();
            let m = TraceGame::new(&s).unwrap().run();
            println!("{:.2} s", t0.elapsed().as_secs_f64());
            let hits = m.iter().filter(|m| m.pondered_ms.is_some()).count();
            println!("{tm} ponder={ponder}: {} moves, {hits} hits", m.len());
            for x in m.iter().filter(|m| m.white) {
                println!(
                    "  {} used {:.1} base {:.1} soft {:.1} clock {:.0} nodes {} pondered {:?} stop {}",
                    x.move_number,
                    x.used_ms,
                    x.base_soft_ms,
                    x.soft_ms,
                    x.clock_after_ms,
                    x.nodes,
                    x.pondered_ms,
                    x.stop
                );
            }
        }
    }
}
