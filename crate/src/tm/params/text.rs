//! The schema as text: what `tmlab params` prints for each manager.

use super::super::SearchKind;
use super::super::glossary;
#[cfg(feature = "engine")]
use super::schema;
use super::{Kind, MIN_FLOAT_SCALE, ManagerSchema, ParamSchema, Scale};

/// `managers`, one block each, as `tmlab params` prints them.
pub fn managers(managers: &[ManagerSchema]) -> String {
    managers.iter().map(manager).collect::<Vec<_>>().join("\n")
}

/// Every registered manager, as `tmlab params` prints them.
#[cfg(feature = "engine")]
pub fn all_managers() -> String {
    managers(&schema())
}

/// One manager as `tmlab params` prints it: name, label, search, description, reference,
/// presets, one row per parameter (path, kind, default, slider, unit, description, flags), its
/// UCI options and its glossary terms.
pub fn manager(m: &ManagerSchema) -> String {
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
