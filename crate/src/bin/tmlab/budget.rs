//! `tmlab budget`: the soft and hard limit a fresh manager gives one move, with its terms.

use serde::Serialize;

use crate::output::print;
use tmlab::clock::tc::MAX_TIME_MS;
use tmlab::stop::{Budget, Term};
use tmlab::tm::{MoveContext, TmSpec};

#[derive(clap::Args)]
pub struct Args {
    /// The manager, as a spec string, e.g. `lc0-smooth(preset=lc0)`.
    #[arg(long, value_name = "SPEC")]
    tm: String,
    /// The side to move's clock in ms (UCI wtime, increment already credited).
    #[arg(long, value_name = "MS")]
    clock: f64,
    /// The increment in ms (UCI winc).
    #[arg(long, value_name = "MS", default_value_t = 0.0)]
    inc: f64,
    /// Moves to the next time control (absent: sudden death).
    #[arg(long, value_name = "N")]
    movestogo: Option<u32>,
    /// Half-moves played (0 = white's first move).
    #[arg(long, value_name = "N", default_value_t = 0)]
    ply: u32,
    /// Nodes reused from the previous search (MCTS managers).
    #[arg(long, value_name = "N", default_value_t = 0)]
    reused: u64,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct Out<'a> {
    spec: String,
    context: MoveContext,
    #[serde(flatten)]
    budget: &'a Budget,
}

pub fn run(args: Args) -> Result<(), String> {
    let spec: TmSpec = args.tm.parse().map_err(|e: tmlab::tm::SpecError| e.to_string())?;
    // The same cap as time controls: 10 000 h.
    let max = MAX_TIME_MS as f64;
    for (name, v) in [("--clock", args.clock), ("--inc", args.inc)] {
        if !(v.is_finite() && (0.0..=max).contains(&v)) {
            return Err(format!("{name} = {v} is out of range; allowed: 0 … {max} ms (10 000 hours)"));
        }
    }
    let ctx = MoveContext::new(args.clock, args.inc, args.ply)
        .with_movestogo(args.movestogo)
        .with_reused_nodes(args.reused);
    let mut tm = spec.build();
    tm.new_game();
    let mut budget = tm.begin_move(&ctx);
    // A move can never use more than the clock: cap both limits there, and say so.
    if budget.hard_ms > args.clock || budget.soft_ms > args.clock {
        let mut t = Term::new("clock_cap", args.clock);
        t.warning = Some(format!(
            "the manager gave soft {} ms, hard {} ms: more than the clock; capped at it",
            budget.soft_ms, budget.hard_ms
        ));
        budget.soft_ms = budget.soft_ms.min(args.clock);
        budget.hard_ms = budget.hard_ms.min(args.clock);
        budget.terms.push(t);
    }
    if args.json {
        let out = Out { spec: spec.to_string(), context: ctx, budget: &budget };
        let json = serde_json::to_string_pretty(&out).map_err(|e| e.to_string())?;
        return print(&(json + "\n"));
    }
    let mtg = args.movestogo.map(|m| format!("  movestogo {m}")).unwrap_or_default();
    let mut s = format!("{}  clock {} ms  inc {} ms{mtg}  ply {}\n", spec, args.clock, args.inc, args.ply);
    s += &format!("soft_ms {}\nhard_ms {}\nterms:\n", budget.soft_ms, budget.hard_ms);
    for t in &budget.terms {
        let warn = t.warning.as_deref().map(|w| format!("  WARNING: {w}")).unwrap_or_default();
        s += &format!("  {:<18} {}{warn}\n", t.name, t.value);
    }
    print(&s)
}
