//! `tmlab stopper`: feed a manager a scripted game for one side (JSON lines: iterations or polls,
//! and a `move-end` between moves) and print every move's budget, every decision with the
//! effective soft limit and its terms, and the state the manager carries to the next move (see
//! `tmlab::drive::script`).

use crate::move_args::MoveArgs;
use crate::output::print;
use tmlab::drive::script::{ScriptMove, ScriptSetup, parse_events, read_events, run_script};
use tmlab::stop::Term;

/// The format, printed by `tmlab stopper --help`.
const FORMAT: &str = "\
Events file: one JSON object per line; blank lines and lines starting with # are skipped.
  {\"type\":\"iteration\",\"elapsed_ms\":120,\"depth\":5,\"score\":\"cp 30\",\"best\":\"e2e4\",\"node_share\":0.62}
      a completed alpha-beta iteration; optional best_move_changes (0), nodes (1000000),
      root_moves (30). score: cp N (|N| <= 30000) or mate N (moves, 1 <= |N| <= 500, negative
      when mated). The hard check runs first, then the soft check.
  {\"type\":\"poll\",\"elapsed_ms\":50,\"nodes\":12000,\"root_visits\":[800,150,50]}
      an MCTS batch; nodes counts the whole tree (reused visits included); optional
      need_more_time (false), since_first_batch_ms (elapsed_ms).
  {\"type\":\"move-end\",\"elapsed_ms\":900,\"nodes\":50000,\"reused_nodes\":20000,\"score\":\"cp 25\"}
      the move ends (the manager's end_move) and the next one starts with reused_nodes kept.
      Optional: score (the last iteration's, else cp 0), avg_score (the score), and the next
      move's clock_ms (clock - elapsed_ms + inc), inc_ms, ply (+2), movestogo (-1; 0 = none).
One manager plays every move, so its state carries over (Stockfish's previous scores and time
reduction, smooth's nps, timeuse, tree reuse and bank, legacy's spared time). Within a move
times and root visits only grow. Lines hold at most 64 KiB, the file at most 16 MiB.";

#[derive(clap::Args)]
#[command(after_long_help = FORMAT)]
pub struct Args {
    #[command(flatten)]
    mv: MoveArgs,
    /// The events: one JSON object per line (`iteration`, `poll`, `move-end`; see --help).
    #[arg(long, value_name = "FILE")]
    events: std::path::PathBuf,
    /// Print JSON lines: per move its context and budget, one line per decision, and its end.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<(), String> {
    let spec = args.mv.spec()?;
    let name = tmlab::excerpt::excerpt(&args.events.display().to_string());
    let file = std::fs::File::open(&args.events).map_err(|e| format!("--events {name}: {e}"))?;
    let text = read_events(file).map_err(|e| format!("--events {name}: {e}"))?;
    let events = parse_events(&text)
        .map_err(|e| format!("--events {name}: {}", tmlab::excerpt::excerpt_line(&e.to_string())))?;
    let setup = ScriptSetup {
        spec,
        clock_ms: args.mv.clock,
        inc_ms: args.mv.inc,
        movestogo: args.mv.movestogo,
        ply: args.mv.ply,
    };
    let run = run_script(&setup, &events).map_err(|e| format!("--events {name}: {e}"))?;
    let mut out = String::new();
    if args.json {
        for m in &run.moves {
            let head = serde_json::json!({
                "move": m.move_no,
                "spec": spec.to_string(),
                "context": m.context,
                "budget": m.budget,
                "unfed": m.unfed,
            });
            out += &format!("{head}\n");
            for s in &m.steps {
                out += &serde_json::to_string(s).map_err(|e| e.to_string())?;
                out.push('\n');
            }
            if let Some(end) = &m.end {
                out += &format!("{}\n", serde_json::json!({ "move": m.move_no, "end": end }));
            }
        }
        return print(&out);
    }
    let several = run.moves.len() > 1 || run.moves.iter().any(|m| m.end.is_some());
    for m in &run.moves {
        out += &text_move(&spec.to_string(), m, several);
    }
    print(&out)
}

/// One move in words: its context (when the script has several moves or ends one), budget,
/// decisions and end.
fn text_move(spec: &str, m: &ScriptMove, several: bool) -> String {
    let mut out = String::new();
    if several {
        let c = &m.context;
        let mut head =
            format!("move {}: ply {}, clock {} ms, inc {} ms", m.move_no, c.ply, c.clock_ms, c.inc_ms);
        if let Some(mtg) = c.movestogo {
            head += &format!(", movestogo {mtg}");
        }
        if c.reused_nodes > 0 {
            head += &format!(", {} reused nodes", c.reused_nodes);
        }
        out += &format!("{head}\n");
    }
    let b = &m.budget;
    out += &format!("{spec}: soft {} hard {} ({})\n", ms(b.soft_ms), ms(b.hard_ms), terms(&b.terms));
    for s in &m.steps {
        let what = match s.reason {
            Some(key) => format!("stop: {key} ({})", s.label.unwrap_or(key)),
            None if !s.increase_depth => "continue (same depth next)".into(),
            None => "continue".into(),
        };
        out += &format!("line {} {} at {} ms: {what}\n", s.line, s.kind, s.elapsed_ms);
        out += &format!("    {}\n", s.limit.text);
    }
    if m.unfed > 0 {
        out += &format!("{} later event(s) not fed: the search had stopped\n", m.unfed);
    }
    if let Some(e) = &m.end {
        out += &format!(
            "line {} move-end at {} ms: {} nodes, {} reused, score {}\n",
            e.line, e.elapsed_ms, e.nodes, e.reused_nodes, e.score
        );
        out += &format!("    state: {}\n", terms(&e.state));
    }
    out
}

/// A limit in whole milliseconds as the managers compute them (a scripted move is about single
/// milliseconds), or ∞.
fn ms(x: f64) -> String {
    if x.is_finite() { format!("{} ms", (x * 1000.0).round() / 1000.0) } else { "∞".into() }
}

/// `name=value` pairs, values to three decimals.
fn terms(ts: &[Term]) -> String {
    let v: Vec<String> =
        ts.iter().map(|t| format!("{}={}", t.name, (t.value * 1000.0).round() / 1000.0)).collect();
    v.join(" ")
}
