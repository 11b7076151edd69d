//! Issue #17 item 10 in wasm: deep or huge spec strings are refused with a short error, and the
//! instance stays usable (before the bound, about 7 000 levels trapped and broke it).
//! Run with `cargo test --target wasm32-unknown-unknown --test wasm_harden` (headless Chromium).
#![cfg(target_arch = "wasm32")]

use tmlab::tm::TmSpec;
use tmlab::wasm::WorkerEngine;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_dedicated_worker);

fn deep(levels: usize) -> String {
    format!("lc0-legacy({}slowmover=1{}", "a(".repeat(levels), ")".repeat(levels + 1))
}

#[wasm_bindgen_test]
fn deep_and_long_specs_are_refused_and_the_instance_survives() {
    for spec in [deep(7_000), deep(50_000), deep(100), format!("lc0-legacy({})", "k=1,".repeat(150_000))] {
        let e = spec.parse::<TmSpec>().unwrap_err().to_string();
        assert!(e.len() < 300, "{} bytes", e.len());
        assert!(e.contains("nest") || e.contains("at most 8192"), "{e}");
    }
    assert_eq!("stockfish".parse::<TmSpec>().unwrap().manager(), "stockfish");
    // The worker's UCI session too.
    let mut engine = WorkerEngine::new();
    let out = engine.handle(&format!("setoption name TimeManager value {}", deep(7_000)));
    assert!(out.len() == 1 && out[0].starts_with("info string error") && out[0].len() < 300, "{out:?}");
    assert_eq!(engine.handle("isready"), vec!["readyok".to_string()]);
}
