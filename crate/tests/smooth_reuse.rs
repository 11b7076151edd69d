//! lc0's smooth manager driving the MCTS searcher over a game: its tree-reuse estimate `r`
//! moves from its initial value toward the reuse the searcher actually measures (head_N over the
//! previous move's final tree), as spec §6.3 intends.
#![cfg(not(target_arch = "wasm32"))]

use tmlab::clock::timer::Timer;
use tmlab::search::mcts::{GoOptions, MctsParams, MctsSearch, MctsTree};
use tmlab::stop::NeverStop;
use tmlab::tm::decay::exponential_decay;
use tmlab::tm::params::{TmSpec, Value};
use tmlab::tm::stopper::ManagedStopper;
use tmlab::tm::{MoveContext, MoveEnd, TimeManager};

/// Virtual nodes per second: the clock below gives a few thousand playouts per move.
const VIRTUAL_NPS: f64 = 20_000.0;
/// Plies played (16 moves per side).
const PLIES: usize = 32;

/// A term of a budget by name.
fn term(budget: &tmlab::stop::Budget, name: &str) -> f64 {
    budget.terms.iter().find(|t| t.name == name).map(|t| t.value).unwrap_or_else(|| panic!("no term {name}"))
}

#[test]
fn smooth_tree_reuse_estimate_converges_toward_measured_reuse() {
    let spec: TmSpec = "lc0-smooth(preset=lc0)".parse().unwrap();
    let mut managers: Vec<Box<dyn TimeManager>> = vec![spec.build(), spec.build()];
    for m in &mut managers {
        m.new_game();
    }
    let Some(Value::Float(r0)) = spec.get("init-tree-reuse") else { panic!("init-tree-reuse is a float") };
    let mut trees = [MctsTree::new(), MctsTree::new()];
    // Each side's clock: 10 s + 0.1 s, increment credited before the first move.
    let mut clocks = [10_100.0f64; 2];
    let mut last_total = [0u64; 2];
    let mut moves: Vec<String> = Vec::new();
    let mut measured = Vec::new();
    let mut estimates = Vec::new();
    for ply in 0..PLIES {
        let side = ply % 2;
        let refs: Vec<&str> = moves.iter().map(String::as_str).collect();
        let reuse = trees[side].set_position_uci(None, &refs).unwrap();
        let ctx = MoveContext::new(clocks[side], 100.0, ply as u32).with_reused_nodes(reuse.head_n);
        let mut stopper = ManagedStopper::begin(managers[side].as_mut(), &ctx);
        // The estimate this move's budget used: updated from the previous move's reuse.
        let r = term(tmlab::stop::Stopper::budget(&stopper), "r");
        let tree = std::mem::take(&mut trees[side]);
        let mut search =
            MctsSearch::new(tree, MctsParams::default(), GoOptions::new(Timer::virtual_nps(VIRTUAL_NPS)))
                .unwrap();
        let result = search.run_to_end(&mut stopper, &mut |_| {});
        stopper.finish(&MoveEnd::new(result.elapsed_ms, result.total_nodes));
        if last_total[side] > 0 {
            measured.push(reuse.head_n as f64 / last_total[side] as f64);
            estimates.push(r);
        }
        clocks[side] = (clocks[side] - result.elapsed_ms).max(0.0) + 100.0;
        last_total[side] = result.total_nodes;
        moves.push(result.best_move.clone());
        trees[side] = search.into_tree();
    }
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let game = mean(&measured);
    let late = mean(&estimates[estimates.len() / 2..]);
    eprintln!("r0 {r0}, measured reuse mean {game:.3}, estimate r in the second half {late:.3}");
    assert!(measured.iter().any(|&m| m > 0.05), "subtrees were reused: {measured:?}");
    assert!(
        (late - game).abs() < 0.5 * (r0 - game).abs(),
        "smooth's r in the second half ({late:.3}) should be near the measured reuse ({game:.3}), \
         not its start {r0}; measured {measured:?}, estimates {estimates:?}"
    );
}

#[test]
fn a_smooth_style_reuse_estimate_converges_toward_the_measured_reuse() {
    // Two engines with their own trees play 16 moves each at 3000 playouts. Each search reuses
    // the subtree under its previous move and the opponent's reply; head_n / previous total is
    // the measured reuse that lc0's smooth manager tracks with ExponentialDecay (spec §6.3,
    // preset lc0: r₀ = 0.52, cap 0.73, step 3.39 average moves; equal moves, so frac = 1).
    // This uses the shared ED building block; the smooth manager itself lives in `tm` (the test
    // above drives it). Moved here from the searcher's tests: `search` does not import `tm`.
    const R0: f32 = 0.52;
    let mut trees = [MctsTree::new(), MctsTree::new()];
    let mut last_total = [0u64; 2];
    let mut r = [R0; 2]; // one manager per engine
    let mut moves: Vec<String> = Vec::new();
    let mut measured = Vec::new();
    let mut estimates = Vec::new();
    for ply in 0..32 {
        let side = ply % 2;
        let refs: Vec<&str> = moves.iter().map(String::as_str).collect();
        let reuse = trees[side].set_position_uci(None, &refs).unwrap();
        let tree = std::mem::take(&mut trees[side]);
        let mut go = GoOptions::new(Timer::virtual_nps(100_000.0));
        go.max_playouts = Some(3_000);
        let mut s =
            MctsSearch::new(tree, MctsParams { batch_size: 64, ..MctsParams::default() }, go).unwrap();
        let res = s.run_to_end(&mut NeverStop::default(), &mut |_| {});
        assert_eq!(res.head_n, reuse.head_n);
        if last_total[side] > 0 {
            let m = reuse.head_n as f32 / last_total[side] as f32;
            assert!((0.0..1.0).contains(&m));
            measured.push(m);
            r[side] = exponential_decay(r[side], m, 3.39, 1.0).min(0.73);
            estimates.push(r[side]);
        }
        last_total[side] = res.total_nodes;
        moves.push(res.best_move);
        trees[side] = s.into_tree();
    }
    let mean = |v: &[f32]| v.iter().sum::<f32>() / v.len() as f32;
    let game = mean(&measured);
    let late = mean(&estimates[estimates.len() / 2..]);
    assert!(measured.iter().any(|&m| m > 0.05), "subtrees were reused: {measured:?}");
    assert!(
        (late - game).abs() < 0.5 * (R0 - game).abs(),
        "estimates in the second half ({late}) should be near the measured reuse ({game}), not r0"
    );
}
