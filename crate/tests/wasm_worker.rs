//! wasm tests inside a dedicated Web Worker, the environment the engine runs in.
//! Run with `cargo test --target wasm32-unknown-unknown --test wasm_worker` (headless Chromium).
#![cfg(target_arch = "wasm32")]

use tmlab::clock::timer::{Timer, now_ms};
use tmlab::tm::decay::exponential_decay;
use tmlab::tm::moves_left::moves_left;
use tmlab::wasm::WorkerEngine;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_dedicated_worker);

#[wasm_bindgen_test]
fn runs_in_a_worker_not_a_window() {
    let global = js_sys::global();
    assert!(js_sys::Reflect::get(&global, &"window".into()).unwrap().is_undefined());
    assert!(!js_sys::Reflect::get(&global, &"postMessage".into()).unwrap().is_undefined());
}

#[wasm_bindgen_test]
fn uci_handshake_in_the_worker() {
    let mut engine = WorkerEngine::new();
    let lines = engine.handle("uci");
    assert_eq!(lines.last().map(String::as_str), Some("uciok"));
    assert_eq!(engine.handle("isready"), vec!["readyok".to_string()]);
    assert!(engine.handle("nonsense").is_empty());
    assert!(!engine.quit());
    engine.handle("quit");
    assert!(engine.quit());
}

#[wasm_bindgen_test]
fn wall_clock_works_without_window() {
    // std::time::Instant panics on wasm32-unknown-unknown; web-time reads performance.now().
    let a = now_ms();
    let t = Timer::real();
    let mut x = 0u64;
    for i in 0..200_000u64 {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(i);
    }
    assert!(x != 1);
    assert!(t.elapsed_ms(0) >= 0.0);
    assert!(now_ms() >= a);
}

#[wasm_bindgen_test]
fn f32_building_blocks_match_native_vectors() {
    assert!((exponential_decay(10.0, 20.0, 2.0, 3.0) - 16.464466).abs() < 1e-5);
    assert!((moves_left(40, 51.5, 7.0) - 31.5196).abs() < 6e-4);
    assert_eq!(Timer::virtual_nps(1e6).elapsed_ms(5000), 5.0);
}

#[wasm_bindgen_test]
fn perft_speed_counts_the_published_leaves_in_the_worker() {
    // The same cases `npm run bench` times: every count checked against the published one.
    let report = tmlab::wasm::bench::bench_perft().unwrap();
    let field = |name: &str| js_sys::Reflect::get(&report, &name.into()).unwrap().as_f64().unwrap();
    assert_eq!(field("leaves"), 41_812_668.0);
    assert!(field("ms") > 0.0 && field("leaves_per_s") > 0.0);
}

#[wasm_bindgen_test]
fn alpha_beta_iterations_stream_while_the_search_runs() {
    use std::cell::RefCell;
    use std::rc::Rc;
    // Every line with the time it reached the callback: a search of 400 ms (movetime 600 less
    // the default manager's own 200 ms Move Overhead) must deliver its first `info depth` long
    // before pump_with returns, not all lines at the end.
    let lines: Rc<RefCell<Vec<(f64, String)>>> = Rc::default();
    let sink = lines.clone();
    let cb = Closure::<dyn FnMut(String)>::new(move |l: String| sink.borrow_mut().push((now_ms(), l)));
    let out: &js_sys::Function = cb.as_ref().unchecked_ref();
    let mut engine = WorkerEngine::new();
    engine.handle_with("position startpos", out).unwrap();
    let t0 = now_ms();
    engine.handle_with("go movetime 600", out).unwrap();
    engine.pump_with(8, out).unwrap();
    let returned = now_ms();
    assert!(!engine.searching());
    let lines = lines.borrow();
    let (first_t, first) =
        lines.iter().find(|(_, l)| l.starts_with("info depth")).expect("an info depth line");
    for field in [" seldepth ", " score ", " nodes ", " nps ", " time ", " pv "] {
        assert!(first.contains(field), "{first:?} lacks{field}");
    }
    assert!(returned - t0 >= 350.0, "the search ran {} ms", returned - t0);
    assert!(
        returned - first_t >= 200.0,
        "first iteration at {} ms, return at {} ms",
        first_t - t0,
        returned - t0
    );
    assert!(lines.last().unwrap().1.starts_with("bestmove "), "{:?}", lines.last());
}

#[wasm_bindgen_test]
fn stop_reasons_are_labelled_per_searcher() {
    use tmlab::wasm::stop_reason_label;
    assert_eq!(stop_reason_label("soft-limit", "ab"), "soft limit reached at an iteration boundary");
    assert_eq!(stop_reason_label("soft-limit", "mcts"), "soft limit reached (checked after every batch)");
    assert_eq!(stop_reason_label("cancelled", "ab"), "dropped: nothing charged");
    assert_eq!(stop_reason_label("frob", "ab"), "frob");
}
