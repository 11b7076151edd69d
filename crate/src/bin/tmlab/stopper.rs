//! `tmlab stopper`: feed a manager a scripted search (one JSON event per line) and print every
//! decision with the effective soft limit and its terms (see `tmlab::drive::script`).

use tmlab::drive::script::{ScriptSetup, parse_events, run_script};
use tmlab::stop::secs;
use tmlab::tm::TmSpec;

#[derive(clap::Args)]
pub struct Args {
    /// The manager, as a spec string, e.g. `stockfish` or `guide(preset=tricks)`.
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
    /// The events: one JSON object per line, `{"type":"iteration",…}` or `{"type":"poll",…}`.
    #[arg(long, value_name = "FILE")]
    events: std::path::PathBuf,
    /// Print JSON lines: the budget first, then one line per decision.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<(), String> {
    let spec: TmSpec = args.tm.parse().map_err(|e| format!("--tm: {e}"))?;
    if !(args.clock.is_finite() && args.clock >= 0.0) {
        return Err(format!("--clock: {} is not a non-negative number of ms", args.clock));
    }
    if !(args.inc.is_finite() && args.inc >= 0.0) {
        return Err(format!("--inc: {} is not a non-negative number of ms", args.inc));
    }
    let name = args.events.display();
    let text = std::fs::read_to_string(&args.events).map_err(|e| format!("--events {name}: {e}"))?;
    let events = parse_events(&text).map_err(|e| format!("--events {name}: {e}"))?;
    let setup = ScriptSetup {
        spec,
        clock_ms: args.clock,
        inc_ms: args.inc,
        movestogo: args.movestogo,
        ply: args.ply,
    };
    let run = run_script(&setup, &events);
    if args.json {
        let budget =
            serde_json::json!({ "spec": spec.to_string(), "budget": run.budget, "unfed": run.unfed });
        println!("{budget}");
        for s in &run.steps {
            println!("{}", serde_json::to_string(s).map_err(|e| e.to_string())?);
        }
        return Ok(());
    }
    let b = &run.budget;
    let terms: Vec<String> =
        b.terms.iter().map(|t| format!("{}={}", t.name, (t.value * 1000.0).round() / 1000.0)).collect();
    println!("{spec}: soft {} hard {} ({})", secs(b.soft_ms), secs(b.hard_ms), terms.join(" "));
    for s in &run.steps {
        let what = match s.reason {
            Some(key) => format!("stop: {key} ({})", s.label.unwrap_or(key)),
            None if !s.increase_depth => "continue (same depth next)".into(),
            None => "continue".into(),
        };
        println!("line {} {} at {} ms: {what}", s.line, s.kind, s.elapsed_ms);
        println!("    {}", s.limit.text);
    }
    if run.unfed > 0 {
        println!("{} later event(s) not fed: the search had stopped", run.unfed);
    }
    Ok(())
}
