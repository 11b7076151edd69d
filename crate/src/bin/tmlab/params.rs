//! `tmlab params`: the parameter schema of every time manager, as a table or JSON.

use crate::output::print;
use tmlab::excerpt::excerpt;
use tmlab::tm::SearchKind;
use tmlab::tm::glossary;
use tmlab::tm::params::{Kind, MIN_FLOAT_SCALE, ManagerSchema, ParamSchema, Scale, schema};

#[derive(clap::Args)]
pub struct Args {
    /// Print the whole schema as JSON (what the browser builds its sliders from).
    #[arg(long)]
    json: bool,
    /// Only this manager (a name or an alias).
    #[arg(long, value_name = "NAME")]
    tm: Option<String>,
    /// Print the glossary (every term the managers, the charts and the stop reasons use) instead;
    /// with --tm only that manager's terms; with --json as JSON.
    #[arg(long)]
    terms: bool,
}

pub fn run(args: Args) -> Result<(), String> {
    let mut all = schema();
    if let Some(name) = &args.tm {
        all.retain(|m| m.name == name || m.aliases.contains(&name.as_str()));
        if all.is_empty() {
            let names: Vec<&str> = schema().iter().map(|m| m.name).collect();
            return Err(format!("unknown time manager `{}`; allowed: {}", excerpt(name), names.join(", ")));
        }
    }
    if args.terms {
        let names: Vec<&str> = all.iter().map(|m| m.name).collect();
        let views: Vec<glossary::EntryView> = glossary::views()
            .into_iter()
            .filter(|e| args.tm.is_none() || names.contains(&e.scope) || e.scope == glossary::SCOPE_BUDGET)
            .collect();
        if args.json {
            let json = serde_json::to_string_pretty(&views).map_err(|e| e.to_string())?;
            return print(&(json + "\n"));
        }
        return print(&views.iter().map(term_text).collect::<String>());
    }
    if args.json {
        let json = serde_json::to_string_pretty(&all).map_err(|e| e.to_string())?;
        return print(&(json + "\n"));
    }
    let text: Vec<String> = all.iter().map(manager_text).collect();
    print(&text.join("\n"))
}

/// `scope  key  label [unit]`, then the meaning, formula and source.
fn term_text(e: &glossary::EntryView) -> String {
    let formula = if e.formula.is_empty() { String::new() } else { format!("\n      = {}", e.formula) };
    let link = e.url.as_deref().map(|u| format!("\n      {u}")).unwrap_or_default();
    format!(
        "{:<14} {:<20} {} [{}]\n      {}{formula}\n      source: {}{link}\n",
        e.scope, e.key, e.label, e.unit, e.meaning, e.source
    )
}

fn manager_text(m: &ManagerSchema) -> String {
    let mut s = String::new();
    let aliases =
        if m.aliases.is_empty() { String::new() } else { format!(" (alias {})", m.aliases.join(", ")) };
    s += &format!("{}{aliases}: {} [{:?} search]\n", m.name, m.label, m.search);
    s += &format!("  {}\n", m.description);
    s += &format!("  reference: {}\n", m.reference);
    let presets: Vec<String> = m
        .presets
        .iter()
        .map(
            |p| if p.name == m.default_preset { format!("{} (default)", p.name) } else { p.name.to_string() },
        )
        .collect();
    s += &format!("  presets: {}\n", presets.join(", "));
    for p in &m.params {
        s += &format!(
            "  {:<28} {:<6} {:>10}  {:<30} {:<10} {}{}\n",
            p.path,
            kind(p),
            p.default.to_string(),
            range(p),
            p.unit,
            p.description,
            marks(p)
        );
    }
    s += &uci_text(m);
    let terms: Vec<&str> = glossary::entries().filter(|e| e.scope == m.name).map(|e| e.key).collect();
    s += &format!("  terms: {} (tmlab params --terms --tm {} explains them)\n", terms.join(", "), m.name);
    s
}

/// The UCI options of a manager's parameters and the scale of its float spins.
fn uci_text(m: &ManagerSchema) -> String {
    let other: Vec<String> = m
        .params
        .iter()
        .filter(|p| p.kind == Kind::Float && p.uci.scale != Some(MIN_FLOAT_SCALE))
        .map(|p| format!("{} ×{}", p.path, p.uci.scale.unwrap_or(1)))
        .collect();
    let other = if other.is_empty() { String::new() } else { format!("; except {}", other.join(", ")) };
    format!(
        "  UCI options: TM_{}_<parameter> (Move Overhead for move-overhead); floats as spins ×{MIN_FLOAT_SCALE}{other}\n",
        m.name
    )
}

/// ` [in search; alpha-beta only]`: the schema's flags, for the table.
fn marks(p: &ParamSchema) -> String {
    let mut m = Vec::new();
    if p.in_search {
        m.push("in search".to_string());
    }
    match p.searcher {
        Some(SearchKind::AlphaBeta) => m.push("alpha-beta only".into()),
        Some(SearchKind::Mcts) => m.push("MCTS only".into()),
        None => {}
    }
    if m.is_empty() { String::new() } else { format!(" [{}]", m.join("; ")) }
}

fn kind(p: &ParamSchema) -> &'static str {
    match p.kind {
        Kind::Float => "float",
        Kind::Int => "int",
        Kind::Bool => "bool",
        Kind::Enum => "enum",
    }
}

fn range(p: &ParamSchema) -> String {
    if let Some(values) = p.values {
        return values.join(" | ");
    }
    let Some(s) = p.slider else { return String::new() };
    let step = match (s.step, s.factor) {
        (_, Some(f)) => format!("×{f}"),
        (Some(st), None) => format!("{st}"),
        (None, None) => "-".into(),
    };
    let scale = match s.scale {
        Scale::Lin => "lin",
        Scale::Log => "log",
    };
    let mut out = format!("{} … {}, {step}, {scale}", s.min, s.max);
    if let Some(v) = p.valid
        && (v.min != s.min || v.max != s.max)
    {
        out += &format!(" (valid {v})");
    }
    out
}
