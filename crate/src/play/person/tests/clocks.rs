//! Tests of `person` clocks and engine requests: the `go` line, time running out, ponder.

use super::*;
use crate::play::game::Termination;
use crate::play::pgn::PgnResult;

#[test]
fn go_line_from_the_clocks() {
    let mut g = PersonGame::new(setup("white", "5m", "4m+2")).unwrap();
    assert!(g.engine_request().is_none(), "the person moves first");
    g.play_person("e2", "e4", None, 1500.0).unwrap();
    let r = g.engine_request().unwrap();
    assert_eq!(r.position, "position startpos moves e2e4");
    // lichess: the first moves are not timed and no increment is credited before move 1.
    assert_eq!(r.go, "go wtime 300000 btime 240000 winc 0 binc 2000");
    assert_eq!(r.budget_ms, 240_000.0);
    engine_plays(&mut g, "c7c5", 3000.0);
    let s = g.state();
    assert_eq!(s.clocks[1].remaining_ms, Some(240_000.0));
    assert_eq!(s.clocks[0].reading, "5 min");
    assert_eq!(s.clocks[1].reading, "4 min + 2 s per move");
    assert_eq!(s.clocks[0].emergency_ms, Some(37_500.0));
    assert_eq!(s.clocks[1].bar_ms, Some(250_000.0));
    g.play_person("g1", "f3", None, 1500.0).unwrap();
    engine_plays(&mut g, "b8c6", 3000.0);
    let s = g.state();
    assert_eq!(s.clocks[0].remaining_ms, Some(298_500.0));
    assert_eq!(s.clocks[1].remaining_ms, Some(239_000.0), "c - u + inc from the second move");
    let e = s.moves[1].engine.as_ref().unwrap();
    assert_eq!(
        (e.soft_ms, e.hard_ms, e.depth, e.stop.as_deref()),
        (Some(900.0), Some(2700.0), 5, Some("soft limit"))
    );

    let mut g = PersonGame::new(setup("black", "40/1:00", "st=2")).unwrap();
    assert_eq!(g.engine_request().unwrap().go, "go wtime 60000 winc 0 movestogo 40");
    let mut g2 = PersonGame::new(setup("white", "60", "st=0.5 nodes=1000")).unwrap();
    g2.play_person("d2", "d4", None, 100.0).unwrap();
    assert_eq!(g2.engine_request().unwrap().go, "go movetime 500 nodes 1000");
    g.begin_search();
    assert!(g.play_engine("bestmove e2e4", 10.0).is_ok());
}

#[test]
fn the_clock_never_goes_negative_and_time_runs_out() {
    let mut g = PersonGame::new(setup("white", "3", "60")).unwrap();
    assert!(!g.state().clocks[0].runs, "the person's clock does not run before the first move");
    assert!(!g.time_out(10_000.0), "nor does it flag");
    g.play_person("e2", "e4", None, 10_000.0).unwrap();
    engine_plays(&mut g, "e7e5", 100.0);
    assert!(g.state().clocks[0].runs);
    assert_eq!(g.state().clocks[0].remaining_ms, Some(3000.0));
    assert!(!g.time_out(2999.0), "3 s on the clock");
    assert!(g.time_out(3000.5));
    let s = g.state();
    let o = s.outcome.unwrap();
    assert_eq!((o.result, o.termination), (PgnResult::BlackWins, Termination::TimeForfeit));
    assert_eq!(s.clocks[0].remaining_ms, Some(0.0));
    assert_eq!(s.to_move, "none");
    assert!(s.dests.is_empty());
    assert!(g.play_person("d2", "d4", None, 1.0).is_err());

    // An engine move that overshoots its clock flags it; go never sends a negative time.
    let mut g = PersonGame::new(setup("white", "60", "1.2")).unwrap();
    g.play_person("e2", "e4", None, 10.0).unwrap();
    g.begin_search();
    g.play_engine("bestmove e7e5", 1300.0).unwrap();
    assert!(g.state().outcome.is_none(), "the engine's first move is not timed either");
    g.play_person("g1", "f3", None, 10.0).unwrap();
    g.begin_search();
    g.play_engine("bestmove b8c6", 1300.0).unwrap();
    assert_eq!(g.state().outcome.unwrap().reason, "Black loses on time");
    assert!(g.pgn().contains("[Termination \"time forfeit\"]"));
}

#[test]
fn ponder_requests_only_for_mcts_with_ponder_on() {
    let mut s = setup("white", "60", "60");
    s.searcher = "mcts".into();
    s.ponder = true;
    let mut g = PersonGame::new(s).unwrap();
    g.play_person("e2", "e4", None, 100.0).unwrap();
    assert!(g.ponder_request("d2d4").is_none(), "the engine's own move: no ponder");
    g.begin_search();
    g.play_engine("bestmove e7e5 ponder g1f3", 500.0)
        .map(|(_, p)| assert_eq!(p.as_deref(), Some("g1f3")))
        .unwrap();
    let r = g.ponder_request("g1f3").unwrap();
    assert_eq!(r.position, "position startpos moves e2e4 e7e5 g1f3");
    assert_eq!(r.go, "go ponder wtime 60000 btime 60000 winc 0 binc 0");
    assert!(g.ponder_request("e1e3").is_none(), "illegal reply");
    let ab = PersonGame::new(setup("white", "60", "60")).unwrap();
    assert!(ab.ponder_request("e2e4").is_none());
}
