//! `tmlab params`: the parameter schema of every time manager, as a table or JSON.

use crate::output::print;
use tmlab::excerpt::excerpt;
use tmlab::tm::glossary;
use tmlab::tm::params::{schema, text};

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
    print(&text::managers(&all))
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
