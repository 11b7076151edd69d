//! `tmlab simulate`: one side's allocation over a simulated game.

use crate::output::print;
use tmlab::tm::simulate::{SimConfig, simulate_spec};

#[derive(clap::Args)]
pub struct Args {
    /// The manager, as a spec string, e.g. `lc0-legacy(slowmover=1.2)`.
    #[arg(long, value_name = "SPEC")]
    tm: String,
    /// The time control, cutechess syntax, e.g. `60+0.6` or `40/60`.
    #[arg(long, value_name = "TC")]
    tc: String,
    /// Moves to simulate.
    #[arg(long, value_name = "N", default_value_t = SimConfig::default().moves)]
    moves: u32,
    /// Each move uses this share of the soft budget, capped at the hard budget.
    #[arg(long = "use", value_name = "F", default_value_t = SimConfig::default().use_frac)]
    use_frac: f64,
    /// Nodes per second fed to managers that model the search.
    #[arg(long, value_name = "N", default_value_t = SimConfig::default().nps)]
    nps: f64,
    /// Share of the previous move's tree reused at the next move (MCTS managers).
    #[arg(long, value_name = "F", default_value_t = SimConfig::default().reuse)]
    reuse: f64,
    /// Print JSON (rows with their terms).
    #[arg(long, conflicts_with = "csv")]
    json: bool,
    /// Print CSV.
    #[arg(long)]
    csv: bool,
}

const COLUMNS: [&str; 7] =
    ["move", "ply", "clock_before_ms", "soft_ms", "hard_ms", "used_ms", "clock_after_ms"];

pub fn run(args: Args) -> Result<(), String> {
    let cfg = SimConfig { moves: args.moves, use_frac: args.use_frac, nps: args.nps, reuse: args.reuse };
    let sim = simulate_spec(&args.tm, &args.tc, &cfg)
        .map_err(|e| crate::flags::flag_error(crate::flags::Cmd::Simulate, &e))?;
    if args.json {
        let json = serde_json::to_string_pretty(&sim).map_err(|e| e.to_string())?;
        return print(&(json + "\n"));
    }
    let rows = sim.rows.iter().map(|r| {
        [r.move_no as f64, r.ply as f64, r.clock_before_ms, r.soft_ms, r.hard_ms, r.used_ms, r.clock_after_ms]
    });
    let mut s = String::new();
    if args.csv {
        s += &format!("{}\n", COLUMNS.join(","));
        for row in rows {
            s += &format!("{}\n", row.map(|x| x.to_string()).join(","));
        }
    } else {
        s += &format!(
            "{} at {} (use {}, nps {}, reuse {})\n",
            sim.manager, sim.tc, cfg.use_frac, cfg.nps, cfg.reuse
        );
        s += &format!(
            "{:>5} {:>4} {:>15} {:>10} {:>10} {:>10} {:>15}\n",
            COLUMNS[0], COLUMNS[1], COLUMNS[2], COLUMNS[3], COLUMNS[4], COLUMNS[5], COLUMNS[6]
        );
        for (row, r) in rows.zip(&sim.rows) {
            let flag = if r.flagged { "  FLAG" } else { "" };
            s += &format!(
                "{:>5} {:>4} {:>15} {:>10} {:>10} {:>10} {:>15}{flag}\n",
                row[0],
                row[1],
                ms(row[2]),
                ms(row[3]),
                ms(row[4]),
                ms(row[5]),
                ms(row[6])
            );
        }
    }
    print(&s)?;
    if sim.flagged {
        eprintln!("{} lost on time at move {}", sim.manager, sim.rows.len());
    }
    Ok(())
}

/// Milliseconds: whole numbers as they are, fractions to one decimal.
fn ms(x: f64) -> String {
    if x.fract() == 0.0 { format!("{x}") } else { format!("{x:.1}") }
}
