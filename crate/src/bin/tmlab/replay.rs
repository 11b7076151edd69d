//! `tmlab replay`: a PGN's clocks against what each manager would have budgeted.

use crate::output::print;
use tmlab::experiment::replay::{GameReplay, Replay, ReplayMove, SideReplay, replay_pgn};
use tmlab::play::pgn_import::MAX_PGN_BYTES;
use tmlab::tm::TmSpec;

#[derive(clap::Args)]
pub struct Args {
    /// The PGN file (`-` reads stdin): `[%clk]` or `[%emt]` on every move, and a TimeControl tag.
    #[arg(long, value_name = "FILE")]
    pgn: String,
    /// A manager to compare, as a spec string; repeat for more (at most 8).
    #[arg(long = "tm", value_name = "SPEC", required = true)]
    tms: Vec<String>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<(), String> {
    let specs = args
        .tms
        .iter()
        .map(|s| s.parse::<TmSpec>().map_err(|e| format!("--tm: {e}")))
        .collect::<Result<Vec<_>, _>>()?;
    let text = read(&args.pgn)?;
    let replay = replay_pgn(&text, &specs).map_err(|e| format!("{}: {e}", args.pgn))?;
    if args.json {
        let json = serde_json::to_string_pretty(&replay).map_err(|e| e.to_string())?;
        return print(&(json + "\n"));
    }
    print(&to_text(&replay))
}

fn read(path: &str) -> Result<String, String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    let limit = MAX_PGN_BYTES as u64 + 1;
    let result = if path == "-" {
        std::io::stdin().lock().take(limit).read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|f| f.take(limit).read_to_end(&mut bytes))
    };
    result.map_err(|e| format!("--pgn {path}: {e}"))?;
    if bytes.len() > MAX_PGN_BYTES {
        return Err(format!("--pgn {path}: more than {MAX_PGN_BYTES} bytes; split the file"));
    }
    String::from_utf8(bytes).map_err(|e| format!("--pgn {path}: not UTF-8 text ({e})"))
}

fn secs(ms: f64) -> String {
    format!("{:.2}", ms / 1000.0)
}

fn pct(x: Option<f64>) -> String {
    x.map_or("-".into(), |v| format!("{:.1} %", 100.0 * v))
}

fn to_text(r: &Replay) -> String {
    let mut s = String::new();
    for g in &r.games {
        game_text(&mut s, g, &r.managers);
    }
    s
}

fn game_text(s: &mut String, g: &GameReplay, managers: &[String]) {
    s.push_str(&format!(
        "{}: result {}, times to {} ms from {}, {}'s clock rule\n",
        g.game,
        g.result,
        g.resolution_ms,
        match g.source {
            // What each comment form is read as (crate::play::pgn_import): a clock after the move
            // or the move's time.
            "clk" => "clocks ([%clk] or fastchess's tl=)",
            "emt" => "move times ([%emt], a tester's 1.21s or [%timestamp])",
            _ => "clocks and move times",
        },
        g.convention.as_str()
    ));
    for side in &g.sides {
        side_text(s, side, managers, g.resolution_ms);
    }
    s.push('\n');
}

fn side_text(s: &mut String, side: &SideReplay, managers: &[String], resolution: f64) {
    s.push_str(&format!(
        "  {} {} ({}), seconds; each manager's soft/hard:\n",
        side.color, side.player, side.time_control
    ));
    let mut head = format!("    {:<14} {:>8} {:>9} {:>9}", "move", "used", "clock", "opponent");
    for (i, _) in managers.iter().enumerate() {
        head += &format!(" {:>17}", format!("[{}] soft/hard", i + 1));
    }
    // The engine's own account, when its comments carry one.
    let traced = side.moves.iter().any(|m| m.engine.is_some());
    if side.own.is_some() {
        head += &format!(" {:>17}", "own soft/hard");
    }
    if traced {
        head += &format!(" {:>10} {:>9} {:>8}", "eval/depth", "nodes", "latency");
    }
    s.push_str(&head);
    s.push('\n');
    for m in &side.moves {
        let mut line = format!(
            "    {:<14} {:>8} {:>9} {:>9}",
            m.label,
            secs(m.used_ms),
            secs(m.clock_before_ms),
            secs(m.opponent_clock_ms)
        );
        for b in &m.budgets {
            let over = if m.used_ms > b.hard_ms + resolution { "!" } else { " " };
            line += &format!(" {:>8}/{:>7}{over}", secs(b.soft_ms), secs(b.hard_ms));
        }
        if side.own.is_some() {
            line += &match m.own {
                Some(b) => {
                    let over = if m.used_ms > b.hard_ms + resolution { "!" } else { " " };
                    format!(" {:>8}/{:>7}{over}", secs(b.soft_ms), secs(b.hard_ms))
                }
                None => format!(" {:>17}", "-"),
            };
        }
        if traced {
            line += &trace_text(m);
        }
        s.push_str(line.trim_end());
        s.push('\n');
    }
    s.push_str(&format!(
        "    used by move 20: {}, by move 40: {}, time left {} s\n",
        pct(side.share_by_20),
        pct(side.share_by_40),
        side.time_left_ms.map_or("-".into(), secs)
    ));
    if let Some(own) = &side.own {
        let over = over_hard_text(&own.over_hard);
        s.push_str(&format!(
            "    own: the engine's own limits from its comments ({} moves): {over}; over soft on {}\n",
            own.moves, own.over_soft
        ));
    }
    for (i, m) in side.managers.iter().enumerate() {
        let over = over_hard_text(&m.over_hard);
        s.push_str(&format!(
            "    [{}] {}: {over}; over soft on {}; it spends {} by move 20, {} by move 40 on this control\n",
            i + 1,
            m.spec,
            m.over_soft,
            pct(m.share_by_20),
            pct(m.share_by_40)
        ));
    }
}

/// `+0.68/12 118066 0.001` (eval/depth, nodes, latency in seconds), `-` where absent.
fn trace_text(m: &ReplayMove) -> String {
    let Some(t) = &m.engine else { return format!(" {:>10} {:>9} {:>8}", "-", "-", "-") };
    let eval = t.eval_text().unwrap_or_else(|| "-".into());
    let nodes = t.nodes.map_or("-".into(), |n| n.to_string());
    let latency = t.latency_ms.map_or("-".into(), |l| format!("{:.3}", l / 1000.0));
    format!(" {eval:>10} {nodes:>9} {latency:>8}")
}

/// `never over its hard limit` or `over its hard limit on 2 (9... b5, 10... cxb5)`.
fn over_hard_text(moves: &[String]) -> String {
    if moves.is_empty() {
        "never over its hard limit".to_string()
    } else {
        format!("over its hard limit on {} ({})", moves.len(), moves.join(", "))
    }
}
