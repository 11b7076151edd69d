//! The issue #17 real-client check: python-chess (`chess` 1.11.2 from PyPI, installed by
//! `scripts/setup.sh --test`) drives `tmlab uci` through `tests/python/uci_client.py` with
//! `go depth`, `searchmoves`, `isready` during a search and malformed `go` lines, for both
//! searchers, and must get exactly one `bestmove` per `go`.
#![cfg(not(target_arch = "wasm32"))]

use std::process::Command;

#[test]
fn python_chess_gets_one_bestmove_per_go() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/python/uci_client.py");
    let out = Command::new("python3")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_tmlab"))
        .output()
        .expect("python3 runs (scripts/setup.sh --test installs python-chess)");
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(
        out.status.success(),
        "{stdout}{stderr}\n(if `import chess` failed: run scripts/setup.sh --test for python-chess)"
    );
    assert!(stdout.contains("bestmoves, both searchers: ok"), "{stdout}");
}
