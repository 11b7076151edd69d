//! A coverage-free mutational fuzzer that runs on stable Rust (cargo-fuzz needs nightly), and
//! the replay of its committed corpus and crash regressions.
//!
//! Inputs live in `tests/fuzz/<target>/corpus/` (seeds) and `tests/fuzz/<target>/crashes/`
//! (every input that once crashed, hung or broke an invariant, kept after the fix). The fuzz
//! loop mutates them, runs each mutant under `catch_unwind` with a watchdog for hangs, and keeps
//! mutants whose outcome class (the target's signature) is new as further seeds: output-guided
//! instead of coverage-guided.

pub mod mutate;
pub mod saved;
pub mod targets;
pub mod uci;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

use mutate::{Rng, mutate};
use targets::Target;

/// `tests/fuzz/<target>` in the repository.
pub fn dir(t: &Target) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fuzz").join(t.name)
}

/// Every committed input of a target: `(file, bytes)`, corpus then crashes, sorted by name.
pub fn inputs(t: &Target) -> Vec<(PathBuf, Vec<u8>)> {
    let mut all = Vec::new();
    for sub in ["corpus", "crashes"] {
        let Ok(rd) = std::fs::read_dir(dir(t).join(sub)) else { continue };
        let mut files: Vec<PathBuf> =
            rd.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.is_file()).collect();
        files.sort();
        for f in files {
            let bytes = std::fs::read(&f).unwrap_or_else(|e| panic!("read {}: {e}", f.display()));
            all.push((f, bytes));
        }
    }
    all
}

/// Runs one input, a panic becoming `Err("panic: …")`.
pub fn run_caught(t: &Target, data: &[u8]) -> Result<String, String> {
    match catch_unwind(AssertUnwindSafe(|| (t.run)(data))) {
        Ok(r) => r,
        Err(p) => {
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "non-string panic".into());
            Err(format!("panic: {msg}"))
        }
    }
}

/// Runs one input on its own thread; a run past the target's deadline is a hang.
pub fn run_bounded(t: &'static Target, data: Vec<u8>) -> Result<String, String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(run_caught(t, &data));
    });
    match rx.recv_timeout(Duration::from_millis(t.deadline_ms)) {
        Ok(r) => r,
        Err(_) => Err(format!("hang: still running after {} ms", t.deadline_ms)),
    }
}

/// FNV-1a, for crash file names.
fn hash(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// Saves a failing input under `crashes/` and returns its path.
fn save_crash(t: &Target, kind: &str, data: &[u8]) -> PathBuf {
    let d = dir(t).join("crashes");
    let _ = std::fs::create_dir_all(&d);
    let p = d.join(format!("{kind}-{:016x}", hash(data)));
    let _ = std::fs::write(&p, data);
    p
}

/// Outcome classes remembered at most (as 8-byte hashes).
const MAX_CLASSES: usize = 1_000_000;
/// Seeds kept at most.
const MAX_POOL: usize = 20_000;

/// The input being run and since when, for the hang watchdog.
type Running = Arc<Mutex<Option<(Instant, Vec<u8>)>>>;

/// What a fuzz run did.
#[derive(Debug, Default)]
pub struct Stats {
    /// Inputs run.
    pub execs: u64,
    /// Distinct failures found (each saved once).
    pub crashes: u64,
    /// Outcome classes seen.
    pub signatures: usize,
    /// Seeds at the end (committed plus kept mutants).
    pub pool: usize,
}

/// Fuzzes `t` for `secs` seconds from `seed`. A hang saves its input and exits the process
/// (the stuck thread cannot be stopped).
pub fn fuzz(t: &'static Target, secs: f64, seed: u64) -> Stats {
    let mut pool: Vec<Vec<u8>> = inputs(t).into_iter().map(|(_, b)| b).collect();
    if pool.is_empty() {
        pool.push(Vec::new());
    }
    let current: Running = Arc::new(Mutex::new(None));
    {
        let current = current.clone();
        std::thread::spawn(move || {
            loop {
                std::thread::sleep(Duration::from_millis(200));
                let guard = current.lock().unwrap_or_else(|e| e.into_inner());
                if let Some((start, data)) = guard.as_ref()
                    && start.elapsed() > Duration::from_millis(t.deadline_ms)
                {
                    let p = save_crash(t, "hang", data);
                    eprintln!(
                        "fuzz {}: HANG (> {} ms), input saved to {}",
                        t.name,
                        t.deadline_ms,
                        p.display()
                    );
                    std::process::exit(2);
                }
            }
        });
    }
    let mut dict = t.dict.to_vec();
    if t.managers {
        dict.extend(
            tmlab::tm::registry::all()
                .iter()
                .flat_map(|m| std::iter::once(m.name).chain(m.aliases.iter().copied())),
        );
    }
    let mut rng = Rng::new(seed);
    let mut seen: std::collections::HashSet<u64> = std::collections::HashSet::new();
    let mut failures = std::collections::HashSet::new();
    let mut stats = Stats::default();
    let end = Instant::now() + Duration::from_secs_f64(secs);
    let mut last_report = Instant::now();
    while Instant::now() < end {
        let mut data = pool[rng.below(pool.len())].clone();
        mutate(&mut rng, &mut data, &pool, &dict);
        *current.lock().unwrap_or_else(|e| e.into_inner()) = Some((Instant::now(), data.clone()));
        let mut result = run_caught(t, &data);
        // One UCI input in 32 also goes through the real binary's pipes (concurrent path).
        if t.name == "uci" && result.is_ok() && rng.one_in(32) {
            result = uci::run_pipe(&data);
        }
        *current.lock().unwrap_or_else(|e| e.into_inner()) = None;
        stats.execs += 1;
        match result {
            Ok(sig) => {
                // Outcome classes are remembered as hashes, and only up to a cap: memory stays
                // bounded on long runs.
                if seen.len() < MAX_CLASSES && seen.insert(hash(sig.as_bytes())) && pool.len() < MAX_POOL {
                    pool.push(data);
                }
            }
            Err(why) => {
                // One saved input per kind of failure: the start of its first line, digits folded.
                let key: String =
                    targets::class("", why.lines().next().unwrap_or("")).chars().take(36).collect();
                if failures.insert(key) {
                    stats.crashes += 1;
                    let kind = if why.starts_with("panic") { "panic" } else { "invariant" };
                    let p = save_crash(t, kind, &data);
                    eprintln!("fuzz {}: {kind}: {why:.600}\n  input saved to {}", t.name, p.display());
                }
            }
        }
        if last_report.elapsed() > Duration::from_secs(60) {
            last_report = Instant::now();
            eprintln!(
                "fuzz {}: {} execs, {} classes, {} crashes",
                t.name,
                stats.execs,
                seen.len(),
                stats.crashes
            );
        }
    }
    stats.signatures = seen.len();
    stats.pool = pool.len();
    stats
}
