//! Fuzzing on stable Rust: the replay of the committed corpus and crash regressions (a normal
//! test, seconds) and the fuzz loop itself (ignored; `npm run fuzz` / `scripts/fuzz.sh` runs it
//! with `FUZZ_TARGET`, `FUZZ_SECONDS` and `FUZZ_SEED`). See `fuzz_support` for the targets.

mod fuzz_support;

use fuzz_support::targets::ALL;
use fuzz_support::{fuzz, inputs, run_bounded, uci};

/// Every committed input of every target passes its target's invariants, and every UCI input
/// also passes through the real `tmlab uci` over pipes.
#[test]
fn replay_corpus_and_crashes() {
    let mut failures = Vec::new();
    for t in ALL {
        let all = inputs(t);
        assert!(
            all.iter().any(|(p, _)| p.parent().is_some_and(|d| d.ends_with("corpus"))),
            "{}: no corpus",
            t.name
        );
        for (path, data) in all {
            let name = path.display().to_string();
            if let Err(why) = run_bounded(t, data.clone()) {
                failures.push(format!("{name}: {why:.400}"));
            }
            if t.name == "uci"
                && let Err(why) = uci::run_pipe(&data)
            {
                failures.push(format!("{name} (pipe): {why:.400}"));
            }
        }
    }
    assert!(failures.is_empty(), "{} failing inputs:\n{}", failures.len(), failures.join("\n"));
}

/// The fuzz loop: `FUZZ_TARGET` (a target name, or `all`), `FUZZ_SECONDS` per target
/// (default 60), `FUZZ_SEED` (default: the clock). Fails if any target found a failure.
#[test]
#[ignore = "run by scripts/fuzz.sh"]
fn fuzz_loop() {
    let which = std::env::var("FUZZ_TARGET").unwrap_or_else(|_| "all".into());
    let secs: f64 = std::env::var("FUZZ_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(60.0);
    let seed = std::env::var("FUZZ_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64)
    });
    let targets: Vec<_> =
        ALL.iter().filter(|t| which == "all" || which.split(',').any(|w| w == t.name)).collect();
    assert!(!targets.is_empty(), "FUZZ_TARGET={which}: no such target (allowed: all, {})", names());
    std::panic::set_hook(Box::new(|_| {}));
    let mut crashed = 0;
    for t in targets {
        let t0 = std::time::Instant::now();
        let s = fuzz(t, secs, seed);
        let el = t0.elapsed().as_secs_f64();
        println!(
            "fuzz {:<10} seed {seed}: {} execs in {el:.0} s ({:.0}/s), {} outcome classes, {} seeds, {} failures",
            t.name,
            s.execs,
            s.execs as f64 / el,
            s.signatures,
            s.pool,
            s.crashes
        );
        crashed += s.crashes;
    }
    let _ = std::panic::take_hook();
    assert_eq!(crashed, 0, "the fuzzer found failures; their inputs are under tests/fuzz/<target>/crashes/");
}

fn names() -> String {
    ALL.iter().map(|t| t.name).collect::<Vec<_>>().join(", ")
}
