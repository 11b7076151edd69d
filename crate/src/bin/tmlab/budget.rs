//! `tmlab budget`: the soft and hard limit a fresh manager gives one move, with its terms.

use serde::Serialize;

use crate::move_args::MoveArgs;
use crate::output::print;
use tmlab::stop::{Budget, Term};
use tmlab::tm::{MoveContext, glossary};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    mv: MoveArgs,
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
    let spec = args.mv.spec()?;
    let ctx = args.mv.context().with_reused_nodes(args.reused);
    let clock = args.mv.clock;
    let mut tm = spec.build();
    tm.new_game();
    let mut budget = tm.begin_move(&ctx);
    // A move can never use more than the clock: cap both limits there, and say so.
    if budget.hard_ms > clock || budget.soft_ms > clock {
        let mut t = Term::new("clock_cap", clock);
        t.warning = Some(format!(
            "the manager gave soft {} ms, hard {} ms: more than the clock; capped at it",
            budget.soft_ms, budget.hard_ms
        ));
        budget.soft_ms = budget.soft_ms.min(clock);
        budget.hard_ms = budget.hard_ms.min(clock);
        budget.terms.push(t);
    }
    if args.json {
        let out = Out { spec: spec.to_string(), context: ctx, budget: &budget };
        let json = serde_json::to_string_pretty(&out).map_err(|e| e.to_string())?;
        return print(&(json + "\n"));
    }
    let mtg = args.mv.movestogo.map(|m| format!("  movestogo {m}")).unwrap_or_default();
    let mut s = format!("{}  clock {} ms  inc {} ms{mtg}  ply {}\n", spec, clock, args.mv.inc, args.mv.ply);
    s += &format!("soft_ms {}\nhard_ms {}\nterms:\n", budget.soft_ms, budget.hard_ms);
    // Each term as the glossary explains it: key, label, value with its unit, then its meaning,
    // formula and source on the next line.
    for t in &budget.terms {
        let r = glossary::readout(spec.manager(), t.name, t.value);
        let warn = t.warning.as_deref().map(|w| format!("  WARNING: {w}")).unwrap_or_default();
        s += &format!("  {:<18} {:<26} {:>16}  (= {}){warn}\n", t.name, r.label, r.text, t.value);
        if r.known {
            s += &format!("  {:<18} {}\n", "", r.help());
        }
    }
    print(&s)
}
