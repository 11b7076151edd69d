//! `tmlab params`: the parameter schema of every time manager, as a table or JSON.

use crate::output::print;
use tmlab::tm::params::{Kind, ManagerSchema, ParamSchema, Scale, schema};

#[derive(clap::Args)]
pub struct Args {
    /// Print the whole schema as JSON (what the browser builds its sliders from).
    #[arg(long)]
    json: bool,
    /// Only this manager (a name or an alias).
    #[arg(long, value_name = "NAME")]
    tm: Option<String>,
}

pub fn run(args: Args) -> Result<(), String> {
    let mut all = schema();
    if let Some(name) = &args.tm {
        all.retain(|m| m.name == name || m.aliases.contains(&name.as_str()));
        if all.is_empty() {
            let names: Vec<&str> = schema().iter().map(|m| m.name).collect();
            return Err(format!("unknown time manager `{name}`; allowed: {}", names.join(", ")));
        }
    }
    if args.json {
        let json = serde_json::to_string_pretty(&all).map_err(|e| e.to_string())?;
        return print(&(json + "\n"));
    }
    let text: Vec<String> = all.iter().map(manager_text).collect();
    print(&text.join("\n"))
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
            "  {:<28} {:<6} {:>10}  {:<30} {:<10} {}\n",
            p.path,
            kind(p),
            p.default.to_string(),
            range(p),
            p.unit,
            p.description
        );
    }
    s
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
