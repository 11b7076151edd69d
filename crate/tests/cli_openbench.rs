//! OpenBench and fastchess through the real binary: `tmlab bench` as OpenBench's client parses
//! it (its rule reimplemented below from AndyGrant/OpenBench `Client/bench.py`), `tmlab` with no
//! arguments as the UCI engine, `tmlab spsa-inputs` checked by OpenBench's own input rule
//! (`verify_spsa_inputs` in `OpenBench/workloads/verify_workload.py`) and against the options the
//! engine declares, and the makefile's `make EXE=…`.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::tmlab;

/// `re.sub(r'[^a-zA-Z0-9 ]+', ' ', line)`, lower-cased (the patterns are IGNORECASE).
fn normalise(line: &str) -> Vec<u8> {
    line.bytes()
        .map(|b| if b.is_ascii_alphanumeric() || b == b' ' { b.to_ascii_lowercase() } else { b' ' })
        .collect()
}

/// Length of a run of bytes matching `f` at `i`.
fn run_of(s: &[u8], i: usize, f: fn(&u8) -> bool) -> usize {
    s[i.min(s.len())..].iter().take_while(|b| f(b)).count()
}

/// One alternative: a sequence of `Lit`, `Digits` and `Spaces` (each `+`).
#[derive(Clone, Copy)]
enum Part {
    Lit(&'static str),
    Digits,
    Spaces,
}

fn match_at(s: &[u8], mut i: usize, parts: &[Part]) -> Option<usize> {
    for p in parts {
        match p {
            Part::Lit(l) => {
                if !s[i..].starts_with(l.as_bytes()) {
                    return None;
                }
                i += l.len();
            }
            Part::Digits | Part::Spaces => {
                let n =
                    run_of(s, i, if matches!(p, Part::Digits) { u8::is_ascii_digit } else { |b| *b == b' ' });
                if n == 0 {
                    return None;
                }
                i += n;
            }
        }
    }
    Some(i)
}

/// `re.search(a|b|c, line)`: the leftmost match, alternatives in order at each start; then the
/// first run of digits in it (`int(re.search(r'\d+', match))`).
fn search(s: &[u8], alternatives: &[&[Part]]) -> Option<u64> {
    for start in 0..s.len() {
        for alt in alternatives {
            if let Some(end) = match_at(s, start, alt) {
                let m = &s[start..end];
                let d0 = m.iter().position(u8::is_ascii_digit)?;
                let digits: String =
                    m[d0..].iter().take_while(|b| b.is_ascii_digit()).map(|&b| b as char).collect();
                return digits.parse().ok();
            }
        }
    }
    None
}

/// OpenBench's `parse_stream_output`: lines from the last up, the first NPS and bench found win.
fn openbench_parse(output: &str) -> (Option<u64>, Option<u64>) {
    use Part::*;
    let nps_alts: [&[Part]; 3] = [
        &[Digits, Spaces, Lit("nps")],
        &[Lit("nps"), Spaces, Digits],
        &[Lit("nodes second"), Spaces, Digits],
    ];
    let bench_alts: [&[Part]; 3] = [
        &[Digits, Spaces, Lit("nodes")],
        &[Lit("nodes"), Spaces, Digits],
        &[Lit("nodes searched"), Spaces, Digits],
    ];
    let (mut bench, mut nps) = (None, None);
    for line in output.trim().split('\n').rev() {
        let s = normalise(line);
        if nps.is_none() {
            nps = search(&s, &nps_alts);
        }
        if bench.is_none() {
            bench = search(&s, &bench_alts);
        }
    }
    (bench, nps)
}

#[test]
fn the_parser_reimplementation_reads_stockfish_and_ethereal_forms() {
    // Stockfish's bench ends `Nodes searched  : N` / `Nodes/second    : M`; Ethereal's `… N nodes M nps`.
    assert_eq!(
        openbench_parse("x\nTotal time (ms) : 5\nNodes searched  : 1234\nNodes/second    : 99\n"),
        (Some(1234), Some(99))
    );
    assert_eq!(openbench_parse("info 77 nodes\nBench: 42 nodes 1000 nps"), (Some(42), Some(1000)));
    assert_eq!(openbench_parse("nothing here"), (None, None));
}

#[test]
fn bench_without_arguments_is_what_openbench_reads_and_is_deterministic() {
    let (code, out, err) = tmlab(&["bench"]);
    assert_eq!(code, 0, "{err}");
    let last = out.trim_end().lines().last().unwrap();
    let (bench, nps) = openbench_parse(&out);
    let searched: u64 = out
        .lines()
        .find_map(|l| l.strip_prefix("Nodes searched  : "))
        .and_then(|n| n.trim().parse().ok())
        .expect("the signature line");
    assert_eq!(bench, Some(searched), "{out}");
    assert_eq!(last, format!("{searched} nodes {} nps", nps.unwrap()));
    assert!(nps.unwrap() > 10_000, "{last}");
    // No overshoot, perft or MCTS sections in OpenBench's form (they would add time and lines).
    assert!(!out.contains("Overshoot") && !out.contains("Perft") && !out.contains("MCTS"), "{out}");
    let (_, again, _) = tmlab(&["bench"]);
    assert_eq!(openbench_parse(&again).0, bench, "OpenBench rejects a bench that changes between runs");
    // Any argument keeps the full bench's options: a bad one is still refused.
    let (code, _, err) = tmlab(&["bench", "--depth", "0"]);
    assert_eq!(code, 2);
    assert!(err.contains("--depth must be 1"), "{err}");
}

#[test]
fn without_a_subcommand_tmlab_speaks_uci() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tmlab"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"uci\nisready\nquit\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(text.contains("\nuciok\n") && text.contains("readyok"), "{text}");
}

/// The `option name … type spin …` lines `tmlab uci` declares after `TimeManager`.
fn declared(tm: &str) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tmlab"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    write!(child.stdin.take().unwrap(), "setoption name TimeManager value {tm}\nuci\nquit\n").unwrap();
    let out = child.wait_with_output().unwrap();
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| l.contains(" type spin "))
        .map(str::to_string)
        .collect()
}

#[test]
fn spsa_inputs_pass_openbenchs_check_and_name_declared_options() {
    for tm in ["lc0-legacy", "stockfish", "guide", "lc0-smooth(preset=lc0)"] {
        let (code, out, err) = tmlab(&["spsa-inputs", "--tm", tm]);
        assert_eq!(code, 0, "{tm}: {err}");
        let options = declared(tm);
        let mut setoptions = String::from(&format!("setoption name TimeManager value {tm}\n"));
        for line in out.lines() {
            // verify_spsa_inputs: seven comma-separated fields, int|float, min ≤ value ≤ max,
            // C ≥ 0.5 for ints, R > 0.
            let f: Vec<&str> = line.split(',').collect();
            assert_eq!(f.len(), 7, "{line}");
            let n = |i: usize| f[i].trim().parse::<f64>().unwrap();
            assert_eq!(f[1].trim(), "int", "{line}");
            assert!(n(3) <= n(4) && n(3) <= n(2) && n(2) <= n(4), "{line}");
            assert!(n(5) >= 0.5 && n(6) > 0.0, "{line}");
            // The client passes `name=value` through a whitespace split: the name has no space.
            let name = f[0].trim();
            assert!(!name.contains(char::is_whitespace), "{line}");
            // The engine declares it with the same min and max (and, for a manager's default
            // preset, the same default).
            let (head, tail) = (
                format!("option name {name} type spin default "),
                format!(" min {} max {}", f[3].trim(), f[4].trim()),
            );
            let decl = options
                .iter()
                .find(|o| o.starts_with(&head))
                .unwrap_or_else(|| panic!("{tm}: {name} not declared"));
            assert!(decl.ends_with(&tail), "{tm}: {decl} vs {line}");
            if !tm.contains('(') {
                assert_eq!(decl, &format!("{head}{}{tail}", f[2].trim()), "{tm}");
            }
            setoptions += &format!("setoption name {name} value {}\n", f[4].trim());
        }
        // Every line's maximum is accepted by the engine (no `info string error`).
        let mut child = Command::new(env!("CARGO_BIN_EXE_tmlab"))
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        write!(child.stdin.take().unwrap(), "{setoptions}isready\nquit\n").unwrap();
        let text = String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap();
        assert!(text.contains("readyok") && !text.contains("error"), "{tm}: {text}");
    }
    // Hand-computed: slowmover 1.2 → 1200 (×1000), range 100 … 3000, C = min(2900/20, 1200/10) = 120.
    let (_, out, _) =
        tmlab(&["spsa-inputs", "--tm", "lc0-legacy(slowmover=1.2)", "--params", "slowmover,steepness"]);
    assert_eq!(
        out,
        "TM_lc0-legacy_slowmover, int, 1200, 100, 3000, 120, 0.002\nTM_lc0-legacy_steepness, int, 7000, 2000, 15000, 650, 0.002\n"
    );
}

#[test]
fn spsa_inputs_refuse_bad_values() {
    for (args, want) in [
        (vec!["--tm", "nosuch"], "--tm: unknown time manager `nosuch`"),
        (
            vec!["--tm", "lc0-legacy", "--params", "nosuch"],
            "--params: `nosuch` is not a parameter of this manager; allowed: slowmover,",
        ),
        (vec!["--tm", "stockfish", "--params", "move-overhead"], "is the GUI's `Move Overhead`"),
        (vec!["--tm", "lc0-legacy", "--params", "slowmover,slowmover"], "`slowmover` is given twice"),
        (vec!["--params", "slowmover"], "--tm <SPEC>"),
    ] {
        let mut all = vec!["spsa-inputs"];
        all.extend(args);
        let (code, out, err) = tmlab(&all);
        assert_eq!(code, 2, "{all:?}: {out}");
        assert!(err.contains(want), "{all:?}: {err}");
    }
}

#[test]
fn the_makefile_builds_the_release_binary_into_exe() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    // Under `cargo test` CARGO names cargo's path; OpenBench's client runs make without it.
    let out = Command::new("make")
        .args(["-n", "EXE=Engines/tmlab-dev"])
        .env_remove("CARGO")
        .current_dir(root)
        .output();
    let Ok(out) = out else { return eprintln!("make is not installed; skipped") };
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert_eq!(text, "cargo build --release --bin tmlab\ncp target/release/tmlab Engines/tmlab-dev\n");
}
