//! The issue #17 real-client check: python-chess (Debian's `python3-chess`, installed by
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
        .expect("python3 runs (scripts/setup.sh --test installs python3-chess)");
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(
        out.status.success(),
        "{stdout}{stderr}\n(if `import chess` failed: run scripts/setup.sh --test for python3-chess)"
    );
    assert!(stdout.contains("bestmoves, both searchers: ok"), "{stdout}");
}
