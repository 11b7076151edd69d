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
fn adj_is_kept_once_positive_and_ponder_adds_a_quarter() {
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

/// Issue 23, spec §9.1: Stockfish starts a game with originalTimeAdjust = −1 and recomputes it
/// while it is negative. 2+0.1 with Move Overhead 150, each move using its optimum: timeLeft
/// clamps to 1 (adj −0.4141) until move 10, where timeLeft = 2991 + 49·100 − 52·150 = 91 gives
/// upstream's 0.2269, kept for the rest of the game; move 60 gets upstream's 40/274 ms. Before
/// (adj frozen at −0.4141): 1/6 ms; 48 of the 60 moves differ (55/60 at 5+0.2, overhead 300).
#[test]
fn adj_is_recomputed_while_negative() {
    use crate::tm::simulate::{SimConfig, simulate_spec};
    let cfg = SimConfig { moves: 60, ..SimConfig::default() };
    let sim = simulate_spec("stockfish(move-overhead=150)", "2+0.1", &cfg).unwrap();
    let adj = |m: usize| sim.rows[m - 1].terms.iter().find(|t| t.name == "adj").unwrap().value;
    for m in 1..=9 {
        assert!((adj(m) + 0.4141).abs() < 1e-12, "move {m}: {}", adj(m));
        assert_eq!(sim.rows[m - 1].soft_ms, 1.0);
    }
    assert_eq!(sim.rows[9].clock_before_ms, 2991.0);
    assert!((adj(10) - 0.2269).abs() < 5e-5, "{}", adj(10));
    assert_eq!(adj(60), adj(10), "kept once non-negative");
    assert_eq!((sim.rows[59].soft_ms, sim.rows[59].hard_ms), (40.0, 274.0));
    // The same through `allocate`: a later negative value is never stored over a positive one.
    let mut sf = Stockfish::new(StockfishConfig { move_overhead: 150, ..StockfishConfig::SF });
    assert!(sf.allocate(&MoveContext::new(2100.0, 100.0, 0)).adj.unwrap() < 0.0);
    let a = sf.allocate(&MoveContext::new(2991.0, 100.0, 18)).adj.unwrap();
    assert_eq!(sf.allocate(&MoveContext::new(2100.0, 100.0, 20)).adj.unwrap(), a);
}

/// Issue 23, spec §9.2: on a game's first move prevAvg is VALUE_INFINITE (32001) and the formula
/// runs with it. 60 s, depth 2, `mate 4` (VALUE_MATE − 7): fallingEval 0.576, so the effective
/// limit is 1250 × 0.576 × 1.613 × 1.077 × 0.838 = 1048.48 ms as upstream (before: 1.728,
/// 3145.43 ms). A plain score saturates below ≈ 10 384 cp and falls to the floor just above.
#[test]
fn falling_eval_on_the_first_move_runs_with_value_infinite() {
    let mut sf = Stockfish::new(StockfishConfig::SF);
    sf.begin_move(&MoveContext::new(60_000.0, 0.0, 0));
    let check = |score: Score| {
        let its = [Iteration { depth: 2, best_move: 1, score, best_move_changes: 0 }];
        let s = SearchStats { iterations: &its, best_move_nodes: 1, search_nodes: 2, ..Default::default() };
        sf.soft_check(&s, &its[0])
    };
    let mate = check(Score::MateIn(7));
    assert_eq!(mate.falling_eval, 0.576);
    assert!((mate.total_time - 1048.48).abs() < 0.005, "{}", mate.total_time);
    assert_eq!(check(Score::Cp(10_384)).falling_eval, 1.728);
    // 10 390 cp = 21 611.2 internal: (11.48 + 2.30·10 389.8 − 1.10·21 611.2)/100 = 1.3570.
    assert!((check(Score::Cp(10_390)).falling_eval - 1.3570).abs() < 1e-4);
    assert_eq!(check(Score::Cp(10_500)).falling_eval, 0.576);
    assert_eq!(check(Score::MatedIn(8)).falling_eval, 1.728, "being mated: panic time");
}

/// A mate score at the end of a move is carried as Stockfish keeps it (VALUE_MATE − plies), not
/// as centipawns × 2.08: the next move's falling eval with the same mate is the floor.
#[test]
fn a_mate_average_enters_in_internal_units() {
    let mut sf = Stockfish::new(StockfishConfig::SF);
    sf.begin_move(&MoveContext::new(60_000.0, 0.0, 0));
    let mate = Score::MateIn(5);
    sf.end_move(&MoveEnd {
        final_score: mate,
        final_avg_score: f64::from(mate.as_cp()),
        ..MoveEnd::new(500.0, 1)
    });
    assert_eq!(sf.prev_avg, Some(31_995.0));
    assert_eq!(sf.prev_score, Some(31_995.0));
    sf.begin_move(&MoveContext::new(59_500.0, 0.0, 2));
    let its = [Iteration { depth: 1, best_move: 1, score: mate, best_move_changes: 0 }];
    let s = SearchStats { iterations: &its, search_nodes: 1, ..Default::default() };
    assert_eq!(sf.soft_check(&s, &its[0]).falling_eval, 0.576, "(11.48 + 0 + 0)/100, clamped");
    sf.end_move(&MoveEnd { final_score: Score::Cp(30), final_avg_score: 30.0, ..MoveEnd::new(500.0, 1) });
    assert_eq!(sf.prev_avg, Some(30.0 * 2.08));
}

/// Issue 23, spec §9.1: `cyclic-fix` (Stockfish #7117) keeps movestogo as the horizon under 1 s;
/// the pinned commit shrinks it to 0.05·clock even then (500 ms, 30 moves to go: 25, so each
/// move plans for 25 moves where 30 remain). Sudden death shrinks either way.
#[test]
fn cyclic_fix_keeps_movestogo_under_one_second() {
    let ctx = MoveContext::new(500.0, 0.0, 60).with_movestogo(Some(30));
    let pinned = Stockfish::new(StockfishConfig::SF).allocate(&ctx);
    let fixed = Stockfish::new(StockfishConfig { cyclic_fix: true, ..StockfishConfig::SF }).allocate(&ctx);
    assert_eq!((pinned.mtg, fixed.mtg), (25.0, 30.0));
    assert_eq!((pinned.time_left, fixed.time_left), (500 - 10 * 27, 500 - 10 * 32));
    let opt = |mtg: f64, tl: f64| ((0.88 + 60.0 / 116.4) / mtg).min(0.88 * 500.0 / tl);
    assert_eq!(pinned.optimum, (opt(25.0, 230.0) * 230.0).trunc());
    assert_eq!(fixed.optimum, (opt(30.0, 180.0) * 180.0).trunc());
    let sd = MoveContext::new(500.0, 0.0, 60);
    for cfg in [StockfishConfig::SF, StockfishConfig { cyclic_fix: true, ..StockfishConfig::SF }] {
        assert_eq!(Stockfish::new(cfg).allocate(&sd).mtg, 25.0, "sudden death shrinks either way");
    }
    let over = Stockfish::new(StockfishConfig { cyclic_fix: true, ..StockfishConfig::SF })
        .allocate(&MoveContext::new(5000.0, 0.0, 60).with_movestogo(Some(30)));
    assert_eq!(over.mtg, 30.0, "above 1 s nothing changes");
    // Below 20 ms the pinned horizon is 0 and the optimum 0.88 × the clock (the compiled
    // timeman.cpp gives 13/13 ms at 15 ms with 5 to go); the fix plans over the 5 moves: 1 ms.
    let tiny = MoveContext::new(15.0, 0.0, 0).with_movestogo(Some(5));
    let a = Stockfish::new(StockfishConfig::SF).allocate(&tiny);
    assert_eq!((a.mtg, a.optimum, a.maximum), (0.0, 13.0, 13.0));
    let f = Stockfish::new(StockfishConfig { cyclic_fix: true, ..StockfishConfig::SF }).allocate(&tiny);
    assert_eq!((f.mtg, f.optimum, f.maximum), (5.0, 1.0, 1.0));
}
