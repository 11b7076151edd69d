//! Tests for the Stockfish manager: reference vectors and behaviour.

use super::soft::{best_move_changes, last_change_depth, lerp};
use super::*;
use crate::stop::Iteration;

fn it(depth: u32, best_move: u32, cp: i32, changes: u32) -> Iteration {
    Iteration { depth, best_move, score: Score::Cp(cp), best_move_changes: changes }
}

#[test]
fn reference_vector_g() {
    // §11(g): move 1 of a new game, O = 10, Ponder off.
    let rows = [
        (10_100.0, 100.0, 14_480, 0.947303, 0.0169263, 245.0, 6.448427, 1579.0),
        (60_600.0, 600.0, 89_480, 1.206105, 0.0220958, 1977.0, 6.873, 13_587.0),
    ];
    for (clock, inc, time_left, adj, opt_scale, optimum, max_scale, maximum) in rows {
        let mut sf = Stockfish::new(StockfishConfig::SF);
        let a = sf.allocate(&MoveContext::new(clock, inc, 0));
        assert_eq!(a.time_left, time_left);
        assert!((a.adj.unwrap() - adj).abs() < 1e-6, "{:?}", a.adj);
        assert!((a.opt_scale - opt_scale).abs() < 1e-7, "{}", a.opt_scale);
        assert!((a.max_scale - max_scale).abs() < 1e-6, "{}", a.max_scale);
        assert_eq!((a.optimum, a.maximum), (optimum, maximum));
        let mut sf = Stockfish::new(StockfishConfig::SF);
        let b = sf.begin_move(&MoveContext::new(clock, inc, 0));
        assert_eq!((b.soft_ms, b.hard_ms), (optimum, maximum));
    }
}

#[test]
fn adj_is_computed_once_per_game_and_ponder_adds_a_quarter() {
    let mut sf = Stockfish::new(StockfishConfig::SF);
    let a1 = sf.allocate(&MoveContext::new(60_600.0, 600.0, 0));
    let a2 = sf.allocate(&MoveContext::new(5_000.0, 600.0, 40));
    assert_eq!(a1.adj, a2.adj);
    sf.new_game();
    assert_ne!(sf.allocate(&MoveContext::new(5_000.0, 600.0, 40)).adj, a1.adj);
    let mut p = Stockfish::new(StockfishConfig::PONDER);
    let b = p.begin_move(&MoveContext::new(60_600.0, 600.0, 0));
    assert_eq!(b.terms.iter().find(|t| t.name == "optimum").unwrap().value, 1977.0 + 494.0);
    assert_eq!(b.hard_ms, 13_587.0);
}

#[test]
fn movestogo_branch_and_tiny_clocks() {
    let mut sf = Stockfish::new(StockfishConfig::SF);
    let a = sf.allocate(&MoveContext::new(60_000.0, 0.0, 20).with_movestogo(Some(20)));
    // timeLeft = 60000 − 10·22 = 59780; optScale = min((0.88 + 20/116.4)/20, 0.88·60000/59780).
    assert_eq!(a.time_left, 59_780);
    let opt = (0.88 + 20.0 / 116.4) / 20.0;
    assert_eq!(a.optimum, (opt * 59_780.0f64).trunc());
    assert_eq!(a.maximum, (a.optimum * (1.3 + 0.11 * 20.0)).trunc());
    for clock in [0.0, 5.0, 19.0, 999.0] {
        let mut sf = Stockfish::new(StockfishConfig::SF);
        let b = sf.begin_move(&MoveContext::new(clock, 0.0, 0));
        assert!(b.soft_ms.is_finite() && b.hard_ms.is_finite() && b.soft_ms <= b.hard_ms, "{clock}: {b:?}");
        assert!(b.soft_ms >= 1.0);
    }
}

#[test]
fn soft_stop_scales_with_stability_and_effort() {
    let mut sf = Stockfish::new(StockfishConfig::SF);
    let b = sf.begin_move(&MoveContext::new(60_600.0, 600.0, 0));
    assert_eq!(b.soft_ms, 1977.0);
    // New game: prevAvg unset → fallingEval 1.728; best move stable since depth 1 at depth 10
    // → timeRed = lerp(9) ; no changes; 95 % effort → effortF 0.838 … clamp.
    let its: Vec<Iteration> = (1..=10).map(|d| it(d, 5, 20, 0)).collect();
    let s = |e: f64| SearchStats {
        elapsed_ms: e,
        iterations: &its,
        best_move_nodes: 95,
        search_nodes: 100,
        root_moves: 20,
        ..Default::default()
    };
    let time_red: f64 = lerp(9.0, 4.96, 0.639, 18.79, 1.712).clamp(0.629, 1.544);
    let reduction = (1.468 + 0.85) / (2.284 * time_red);
    let effort_f = lerp(95_000.0, 75_800.0, 0.969, 104_510.0, 0.714).clamp(0.693, 0.838);
    let total = 1977.0 * 1.728 * reduction * 1.077 * effort_f;
    let d = sf.iteration_done(&s(total - 1.0));
    assert!(!d.is_stop());
    assert!(!d.increase_depth, "past half of totalTime: do not deepen");
    assert!(sf.iteration_done(&s(total + 1.0)).is_stop());
    assert_eq!(sf.last_time_red, Some(time_red));
    sf.end_move(&MoveEnd::new(total, 1000));
    assert_eq!(sf.prev_time_red, time_red);
    // A single legal move caps totalTime at 500 ms.
    sf.begin_move(&MoveContext::new(60_600.0, 600.0, 2));
    let single = SearchStats { root_moves: 1, ..s(501.0) };
    assert!(sf.iteration_done(&single).is_stop());
}

#[test]
fn falling_eval_and_instability() {
    let mut sf = Stockfish::new(StockfishConfig::SF);
    sf.begin_move(&MoveContext::new(60_600.0, 600.0, 0));
    sf.end_move(&MoveEnd { final_score: Score::Cp(30), final_avg_score: 30.0, ..MoveEnd::new(500.0, 1) });
    sf.begin_move(&MoveContext::new(60_600.0, 600.0, 2));
    // A 10 cp drop on both terms: (11.48 + 3.40·20.8)/100 = 0.822.
    let its = [it(1, 1, 20, 0)];
    let s = SearchStats { elapsed_ms: 0.0, iterations: &its, search_nodes: 1, ..Default::default() };
    let check = sf.soft_check(&s, &its[0]);
    assert!((check.falling_eval - 0.822).abs() < 1e-3, "{}", check.falling_eval);
    assert_eq!(check.instability, 1.077);
    let rising = [it(1, 1, 60, 0)];
    assert_eq!(sf.soft_check(&s, &rising[0]).falling_eval, 0.576, "a rising score gives the floor");
    sf.iteration_done(&s);
    assert_eq!(sf.iter_value[0], 20.0 * 2.08, "the ring takes the iteration's score");
    assert_eq!(sf.iter_value[1], 30.0 * 2.08, "and starts filled with the previous score");
    let its = [it(1, 1, 0, 3), it(2, 2, 0, 2), it(3, 3, 0, 1)];
    assert_eq!(best_move_changes(&its), ((3.0 / 2.0) + 2.0) / 2.0 + 1.0);
    assert_eq!(last_change_depth(&its), 3);
    assert_eq!(last_change_depth(&its[..1]), 1);
}

#[test]
fn ponder_defers_the_stop_to_ponderhit() {
    let mut sf = Stockfish::new(StockfishConfig::SF);
    sf.begin_move(&MoveContext { ponder: true, ..MoveContext::new(60_600.0, 600.0, 0) });
    let its = [it(1, 1, 0, 0)];
    let s = SearchStats { elapsed_ms: 20_000.0, iterations: &its, pondering: true, ..Default::default() };
    assert!(!sf.iteration_done(&s).is_stop());
    assert!(sf.stop_on_ponderhit);
    let mut h = Hints::reset(0);
    assert!(!sf.poll(&s, &mut h).is_stop(), "never stops while pondering");
    let hit = SearchStats { pondering: false, ..s };
    assert_eq!(sf.poll(&hit, &mut h).stop, Some(StopReason::SoftLimit));
    let mate =
        [it(1, 1, 0, 0), Iteration { depth: 2, best_move: 1, score: Score::MateIn(3), best_move_changes: 0 }];
    let mut sf = Stockfish::new(StockfishConfig::SF);
    sf.begin_move(&MoveContext::new(60_600.0, 600.0, 0));
    let s = SearchStats { iterations: &mate, ..Default::default() };
    assert_eq!(sf.iteration_done(&s).stop, Some(StopReason::MateFound));
}
