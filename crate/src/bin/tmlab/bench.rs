//! `tmlab bench`: the search bench (fixed-depth node signature and nps), the hard-stop
//! overshoot measurement for movetime 10, 50 and 200 ms, perft speed, and the MCTS bench
//! (playouts per second and bytes per node), which `--json` reports as its `mcts` section.
//! With no arguments at all it runs the fixed-depth search alone and ends with OpenBench's line.

use crate::output::print;
use serde::Serialize;
use tmlab::search::bench::{self, BenchOptions, BenchReport};
use tmlab::search::mcts::{MctsBenchReport, MctsParams, bench as mcts_bench};
use tmlab::uci::MAX_HASH_MB;

/// Deepest accepted `--depth` (the bench grows about ×2–3 per ply).
const MAX_BENCH_DEPTH: u32 = 30;
/// Largest accepted `--repeats` (each repeat of the overshoot measurement takes about 10 s).
const MAX_REPEATS: usize = 100;

#[derive(clap::Args)]
pub struct Args {
    /// Fixed search depth for every position.
    #[arg(long, default_value_t = bench::DEFAULT_DEPTH)]
    depth: u32,
    /// Transposition table size in MiB (cleared before every position).
    #[arg(long, default_value_t = tmlab::search::tt::DEFAULT_MB)]
    hash: usize,
    /// Skip the movetime overshoot measurement (about 10 s).
    #[arg(long)]
    no_overshoot: bool,
    /// Searches per position and move time in the overshoot measurement.
    #[arg(long, default_value_t = 1)]
    repeats: usize,
    /// Skip the perft speed measurement (move generation and copy-make alone, about 0.3 s).
    #[arg(long)]
    no_perft: bool,
    /// Playouts per position in the MCTS bench (0 skips it).
    #[arg(long, default_value_t = DEFAULT_MCTS_PLAYOUTS)]
    mcts_playouts: u64,
    /// Print the report as JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// Playouts per position in the MCTS bench: a tree of this size is what a move at a few
/// seconds per move builds, so it measures the search as games use it.
const DEFAULT_MCTS_PLAYOUTS: u64 = 100_000;
/// Largest `--mcts-playouts`: 10⁷ playouts per position is about a minute each, and the tree
/// stays within the default node cap's memory.
const MAX_MCTS_PLAYOUTS: u64 = 10_000_000;

/// The JSON report: the alpha-beta bench with the MCTS bench as its `mcts` section.
#[derive(Serialize)]
struct Report<'a> {
    #[serde(flatten)]
    alphabeta: &'a BenchReport,
    mcts: Option<MctsBenchReport>,
}

/// `tmlab bench` with no arguments, as OpenBench's client runs it (`./engine bench`): the
/// fixed-depth search alone (deterministic node count, a few seconds), ending with the line its
/// parser reads from the bottom up, `<nodes> nodes <nps> nps`.
fn openbench() -> Result<(), String> {
    let options = BenchOptions {
        depth: bench::DEFAULT_DEPTH,
        hash_mb: tmlab::search::tt::DEFAULT_MB,
        overshoot_limits_ms: Vec::new(),
        overshoot_repeats: 1,
        perft: false,
    };
    let report = bench::run(&options, &mut |_| {})?;
    print(&format!("{}{} nodes {} nps\n", report.to_text(), report.total_nodes, report.nps))
}

pub fn run(args: Args) -> Result<(), String> {
    // Nothing after `bench` on the command line: OpenBench's form.
    if std::env::args_os().nth(2).is_none() {
        return openbench();
    }
    if args.depth == 0 || args.depth > MAX_BENCH_DEPTH {
        return Err(format!("--depth must be 1 … {MAX_BENCH_DEPTH}, got {}", args.depth));
    }
    if args.hash == 0 || args.hash > MAX_HASH_MB {
        return Err(format!(
            "--hash must be 1 … {MAX_HASH_MB} MiB (the UCI Hash maximum), got {}",
            args.hash
        ));
    }
    if args.mcts_playouts > MAX_MCTS_PLAYOUTS {
        return Err(format!(
            "--mcts-playouts must be 0 … {MAX_MCTS_PLAYOUTS} (per position), got {}",
            args.mcts_playouts
        ));
    }
    if args.repeats == 0 || args.repeats > MAX_REPEATS {
        return Err(format!("--repeats must be 1 … {MAX_REPEATS}, got {}", args.repeats));
    }
    let options = BenchOptions {
        depth: args.depth,
        hash_mb: args.hash,
        overshoot_limits_ms: if args.no_overshoot { Vec::new() } else { bench::OVERSHOOT_LIMITS_MS.to_vec() },
        overshoot_repeats: args.repeats,
        perft: !args.no_perft,
    };
    let report = bench::run(&options, &mut |line| {
        if !args.json {
            eprintln!("{line}");
        }
    })?;
    let mcts = match args.mcts_playouts {
        0 => None,
        n => Some(mcts_bench(n, &MctsParams::default())?),
    };
    if args.json {
        let full = Report { alphabeta: &report, mcts };
        let json = serde_json::to_string_pretty(&full).map_err(|e| format!("cannot serialise: {e}"))?;
        print(&format!("{json}\n"))?;
    } else {
        let mut text = report.to_text();
        if let Some(m) = &mcts {
            text += &format!("MCTS playouts   : {}\n", m.total_playouts);
            text += &format!("MCTS playouts/s : {:.0}\n", m.playouts_per_s);
            let per_node = m.positions.iter().map(|p| p.bytes_per_node).fold(0.0, f64::max);
            text +=
                &format!("MCTS bytes/node : {per_node:.1} (largest of {} positions)\n", m.positions.len());
        }
        print(&text)?;
    }
    Ok(())
}
