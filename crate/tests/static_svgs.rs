//! The static pictures the embeds fall back to without WebAssembly (`www/public/static/*.svg`)
//! are exactly what `tmlab curve … --svg` renders now from the Curves view's defaults.
#![cfg(not(target_arch = "wasm32"))]

use std::path::PathBuf;
use std::process::Command;

/// Each committed picture and the arguments that render it (as in `scripts/static-svgs.sh`).
const PICTURES: [(&str, &[&str]); 3] = [
    ("decay", &["curve", "decay"]),
    ("moves-left", &["curve", "moves-left"]),
    (
        "allocation",
        &[
            "curve",
            "allocation",
            "--tm",
            "lc0-legacy",
            "--tm",
            "stockfish",
            "--tc",
            "60+0.6",
            "--moves",
            "80",
            "--use",
            "1",
            "--nps",
            "20000",
            "--reuse",
            "0",
        ],
    ),
];

fn static_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../www/public/static")
}

#[test]
fn committed_static_svgs_equal_fresh_cli_output() {
    let tmp = std::env::temp_dir().join(format!("tmlab-static-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    for (name, args) in PICTURES {
        let fresh = tmp.join(format!("{name}.svg"));
        let out = Command::new(env!("CARGO_BIN_EXE_tmlab"))
            .args(args)
            .arg("--svg")
            .arg(&fresh)
            .output()
            .expect("run tmlab");
        assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
        let fresh = std::fs::read_to_string(&fresh).unwrap();
        let committed = std::fs::read_to_string(static_dir().join(format!("{name}.svg")))
            .unwrap_or_else(|e| panic!("www/public/static/{name}.svg: {e}; run scripts/static-svgs.sh"));
        assert!(fresh.starts_with("<svg") && fresh.contains("<polyline"), "{name}: not a chart");
        assert!(
            committed == fresh,
            "www/public/static/{name}.svg differs from `tmlab {}` output: run scripts/static-svgs.sh",
            args.join(" ")
        );
    }
    std::fs::remove_dir_all(&tmp).ok();
}

#[test]
fn curve_allocation_rejects_a_bad_usage_model_by_name() {
    let out = Command::new(env!("CARGO_BIN_EXE_tmlab"))
        .args(["curve", "allocation", "--tm", "stockfish", "--reuse", "1.5"])
        .output()
        .expect("run tmlab");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--reuse") && err.contains("allowed: a number in 0 … 0.95"), "{err}");
}
