//! `tmlab stopper`: feed a manager a scripted search (one JSON event per line) and print every
//! decision with the effective soft limit and its terms (see `tmlab::drive::script`).

use crate::move_args::MoveArgs;
use crate::output::print;
use tmlab::drive::script::{ScriptSetup, parse_events, run_script};
use tmlab::stop::secs;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    mv: MoveArgs,
    /// The events: one JSON object per line, `{"type":"iteration",…}` or `{"type":"poll",…}`.
    #[arg(long, value_name = "FILE")]
    events: std::path::PathBuf,
    /// Print JSON lines: the budget first, then one line per decision.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<(), String> {
    let spec = args.mv.spec()?;
    let name = tmlab::excerpt::excerpt(&args.events.display().to_string());
    let text = std::fs::read_to_string(&args.events).map_err(|e| format!("--events {name}: {e}"))?;
    let events = parse_events(&text)
        .map_err(|e| format!("--events {name}: {}", tmlab::excerpt::excerpt_line(&e.to_string())))?;
    let setup = ScriptSetup {
        spec,
        clock_ms: args.mv.clock,
        inc_ms: args.mv.inc,
        movestogo: args.mv.movestogo,
        ply: args.mv.ply,
    };
    let run = run_script(&setup, &events);
    let mut out = String::new();
    if args.json {
        let budget =
            serde_json::json!({ "spec": spec.to_string(), "budget": run.budget, "unfed": run.unfed });
        out += &format!("{budget}\n");
        for s in &run.steps {
            out += &serde_json::to_string(s).map_err(|e| e.to_string())?;
            out.push('\n');
        }
        return print(&out);
    }
    let b = &run.budget;
    let terms: Vec<String> =
        b.terms.iter().map(|t| format!("{}={}", t.name, (t.value * 1000.0).round() / 1000.0)).collect();
    out += &format!("{spec}: soft {} hard {} ({})\n", secs(b.soft_ms), secs(b.hard_ms), terms.join(" "));
    for s in &run.steps {
        let what = match s.reason {
            Some(key) => format!("stop: {key} ({})", s.label.unwrap_or(key)),
            None if !s.increase_depth => "continue (same depth next)".into(),
            None => "continue".into(),
        };
        out += &format!("line {} {} at {} ms: {what}\n", s.line, s.kind, s.elapsed_ms);
        out += &format!("    {}\n", s.limit.text);
    }
    if run.unfed > 0 {
        out += &format!("{} later event(s) not fed: the search had stopped\n", run.unfed);
    }
    print(&out)
}
