//! The glossary: every term a manager, a stopper or a chart emits, with its label, unit,
//! one-line meaning, formula fragment and the upstream source it comes from.
//!
//! Each manager's terms live in its declaration (`TERMS` of its `ManagerConfig`, found through
//! the registry); `common` holds the terms any manager adds, the chart readouts and the stop
//! reasons; this file
//! holds the entry types, the lookup and the readouts every front end shares (`tmlab budget`,
//! `tmlab params`, the allocation readout, the engine panel, the match chart), and `unit.rs`
//! the [`Unit`]s values are formatted in.
//!
//! A term is looked up by *scope* and key: the scope is the manager's canonical name
//! (`lc0-legacy`), [`SCOPE_BUDGET`] for terms any manager adds, [`SCOPE_CHART`] for the
//! readouts of the charts, or [`SCOPE_STOP`] for stop reasons. The same key can mean different
//! things in two managers (`mtg` is Stockfish's horizon and lc0's moves-left estimate).
//!
//! ```
//! use tmlab::tm::glossary::{lookup, readout};
//! let e = lookup("stockfish", "optScale").unwrap();
//! assert_eq!(e.unit.symbol(), "%");
//! assert!(e.source.url().unwrap().contains("/blob/762dd1da/src/timeman.cpp"));
//! let r = readout("lc0-legacy", "mtg", 17.433);
//! assert_eq!(r.text, "17.43 moves");
//! ```

mod common;
mod source;
mod unit;

use serde::Serialize;

pub use source::{Repo, SEEDS, Source};
pub use unit::Unit;
use unit::short;

/// The scope of the terms any manager can add to a budget (`exceeds_clock`, `pondering`, …).
pub const SCOPE_BUDGET: &str = "budget";
/// The scope of the chart readouts (time used, soft, hard, effective soft, clock).
pub const SCOPE_CHART: &str = "chart";
/// The scope of the stop reasons (`soft-limit`, …, `cancelled`).
pub const SCOPE_STOP: &str = "stop";

/// One glossary entry.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entry {
    /// A manager's canonical name, or [`SCOPE_BUDGET`], [`SCOPE_CHART`], [`SCOPE_STOP`].
    pub scope: &'static str,
    /// The key as emitted (`mtg`, `optScale`, `falling_eval`, `soft-limit`).
    pub key: &'static str,
    /// A short human label.
    pub label: &'static str,
    /// The unit of its value.
    pub unit: Unit,
    /// One line on what it means.
    pub meaning: &'static str,
    /// The formula fragment that computes it (empty for inputs and reasons).
    pub formula: &'static str,
    /// Where it comes from.
    pub source: Source,
}

/// Shorthand for the data files.
pub(crate) const fn e(
    scope: &'static str,
    key: &'static str,
    label: &'static str,
    unit: Unit,
    meaning: &'static str,
    formula: &'static str,
    source: Source,
) -> Entry {
    Entry { scope, key, label, unit, meaning, formula, source }
}

/// Every entry: each registered manager's terms (its declaration's `TERMS`), in the
/// registry's order, then the common ones.
pub fn entries() -> impl Iterator<Item = &'static Entry> {
    super::registry::all().iter().flat_map(|m| m.terms).chain(common::ENTRIES)
}

/// The entry for `key` in `scope`, else in [`SCOPE_BUDGET`] (terms any manager adds). An empty
/// scope finds a key that only one entry has.
pub fn lookup(scope: &str, key: &str) -> Option<&'static Entry> {
    if scope.is_empty() {
        let mut found = entries().filter(|e| e.key == key);
        let first = found.next()?;
        return found.next().is_none().then_some(first);
    }
    entries()
        .find(|e| e.scope == scope && e.key == key)
        .or_else(|| entries().find(|e| e.scope == SCOPE_BUDGET && e.key == key))
}

/// A glossary entry as the page and the JSON outputs see it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EntryView {
    /// The scope (manager name, `budget`, `chart` or `stop`).
    pub scope: &'static str,
    /// The key.
    pub key: &'static str,
    /// The label.
    pub label: &'static str,
    /// The unit's symbol (`ms`, `×`, `%`, …).
    pub unit: &'static str,
    /// The unit in words.
    pub unit_name: &'static str,
    /// One line on what it means.
    pub meaning: &'static str,
    /// The formula fragment.
    pub formula: &'static str,
    /// The source in words.
    pub source: String,
    /// The permanent URL of the source, if upstream.
    pub url: Option<String>,
}

impl From<&Entry> for EntryView {
    fn from(e: &Entry) -> Self {
        EntryView {
            scope: e.scope,
            key: e.key,
            label: e.label,
            unit: e.unit.symbol(),
            unit_name: e.unit.name(),
            meaning: e.meaning,
            formula: e.formula,
            source: e.source.text(),
            url: e.source.url(),
        }
    }
}

/// The whole glossary, for the page and `tmlab params --json`.
pub fn views() -> Vec<EntryView> {
    entries().map(EntryView::from).collect()
}

/// One term's value as a readout shows it: label, value with its unit, and the help behind it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Readout {
    /// The key as emitted.
    pub key: String,
    /// The label (the key itself for a term without an entry).
    pub label: String,
    /// The raw value.
    pub value: f64,
    /// The value with its unit (`17.43 moves`).
    pub text: String,
    /// The unit's symbol.
    pub unit: String,
    /// One line on what it means.
    pub meaning: String,
    /// The formula fragment.
    pub formula: String,
    /// The source in words.
    pub source: String,
    /// The source's permanent URL, if upstream.
    pub url: Option<String>,
    /// Whether the glossary knows the term (the glossary test keeps every emitted term known).
    pub known: bool,
}

impl Readout {
    /// `label text`: `moves left (estimate) 17.43 moves`.
    pub fn line(&self) -> String {
        format!("{} {}", self.label, self.text)
    }

    /// The help sentence: `meaning; formula (source)`.
    pub fn help(&self) -> String {
        let formula = if self.formula.is_empty() { String::new() } else { format!(" = {}", self.formula) };
        format!("{}{formula} ({})", self.meaning, self.source)
    }
}

/// The readout of `key` = `value` in `scope`.
pub fn readout(scope: &str, key: &str, value: f64) -> Readout {
    match lookup(scope, key) {
        Some(e) => Readout {
            key: key.into(),
            label: e.label.into(),
            value,
            text: e.unit.format(value),
            unit: e.unit.symbol().into(),
            meaning: e.meaning.into(),
            formula: e.formula.into(),
            source: e.source.text(),
            url: e.source.url(),
            known: true,
        },
        None => Readout {
            key: key.into(),
            label: key.into(),
            value,
            text: short(value),
            unit: String::new(),
            meaning: String::new(),
            formula: String::new(),
            source: String::new(),
            url: None,
            known: false,
        },
    }
}

/// The readouts of a budget's terms in `scope`.
pub fn readouts(scope: &str, terms: &[crate::stop::Term]) -> Vec<Readout> {
    terms.iter().map(|t| readout(scope, t.name, t.value)).collect()
}

/// The label of `key` in `scope` (empty when the glossary does not know it).
pub fn label(scope: &str, key: &str) -> &'static str {
    lookup(scope, key).map_or("", |e| e.label)
}

#[cfg(test)]
mod tests;
