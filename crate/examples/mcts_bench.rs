//! The MCTS bench: playouts per second and bytes per node.
//!
//! `cargo run --release --example mcts_bench [playouts-per-position] [key=value …] [--json]`
//!
//! `key=value` sets an MCTS parameter (e.g. `qsearch-nodes=8`), as in the parameter schema.

use tmlab::search::mcts::{MctsParams, bench};

fn main() {
    let mut playouts = 200_000u64;
    let mut json = false;
    let mut params = MctsParams::default();
    for arg in std::env::args().skip(1) {
        if arg == "--json" {
            json = true;
        } else if let Some((key, value)) = arg.split_once('=') {
            let set = value
                .parse::<f64>()
                .map_err(|_| format!("`{value}` is not a number"))
                .and_then(|v| params.set(key, v).map_err(|e| e.to_string()));
            if let Err(e) = set {
                eprintln!("mcts_bench: {e}");
                std::process::exit(2);
            }
        } else if let Ok(n) = arg.parse() {
            playouts = n;
        } else {
            eprintln!(
                "mcts_bench: unknown argument `{arg}`; usage: mcts_bench [playouts] [key=value …] [--json]"
            );
            std::process::exit(2);
        }
    }
    let report = match bench(playouts, &params) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("mcts_bench: {e}");
            std::process::exit(2);
        }
    };
    if json {
        println!("{}", serde_json::to_string_pretty(&report).expect("the report serializes"));
        return;
    }
    println!(
        "{:<12} {:>10} {:>10} {:>12} {:>10} {:>8} {:>8} {:>8}",
        "position", "playouts", "ms", "playouts/s", "nodes", "edges/n", "recs/n", "B/node"
    );
    for p in &report.positions {
        let per = |x: u32| x as f64 / p.tree_nodes.max(1) as f64;
        println!(
            "{:<12} {:>10} {:>10.0} {:>12.0} {:>10} {:>8.2} {:>8.2} {:>8.1}",
            p.name,
            p.playouts,
            p.ms,
            p.playouts_per_s,
            p.tree_nodes,
            per(p.tree_edges),
            per(p.tree_records),
            p.bytes_per_node
        );
    }
    println!(
        "total: {:.0} playouts/s (target {:.0}); {:.1} B/node measured, {} B/node worst case; \
         default node cap {} = {:.1} MB worst case ({}-bit build, same layout on wasm32)",
        report.playouts_per_s,
        report.target_playouts_per_s,
        report.bytes_per_node,
        report.max_bytes_per_node,
        report.default_node_cap,
        report.default_cap_max_mb,
        report.pointer_bits
    );
}
