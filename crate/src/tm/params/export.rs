//! The serialised schema: every manager, preset and parameter as data (JSON for the browser's
//! sliders; min/max for UCI options).

use std::collections::BTreeMap;

use serde::Serialize;

use super::super::SearchKind;
use super::{Access, Kind, ManagerConfig, Range, Slider, UciOption, Value, flags};

/// A parameter in the serialised schema.
#[derive(Clone, Debug, Serialize)]
pub struct ParamSchema {
    /// `group.key` or `key`: the name for [`TmSpec::set`](super::TmSpec::set) and UCI options.
    pub path: String,
    /// The key inside its dictionary.
    pub key: &'static str,
    /// The sub-dictionary, if any.
    pub group: Option<&'static str>,
    /// Short label.
    pub label: &'static str,
    /// Type.
    pub kind: Kind,
    /// Allowed names of an enum parameter.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values: Option<&'static [&'static str]>,
    /// The default preset's value.
    pub default: Value,
    /// Slider for numeric parameters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slider: Option<Slider>,
    /// Accepted values of numeric parameters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub valid: Option<Range>,
    /// Unit.
    pub unit: &'static str,
    /// One-line description.
    pub description: &'static str,
    /// Source.
    pub source: &'static str,
    /// The parameter acts only inside a search (its checks, the stopper chain, what a search
    /// measures): the allocation chart's usage model runs no search and does not move with it.
    pub in_search: bool,
    /// The only searcher the parameter acts with, if it does not act with both.
    pub searcher: Option<SearchKind>,
    /// Why it does nothing with the other searcher.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub searcher_note: Option<&'static str>,
    /// The file it comes from, in words (`lc0 @909a4082 src/…/legacy.cc`, `seed 001_….txt`).
    pub source_file: String,
    /// That file's permanent URL at the pinned commit (none for a seed).
    pub source_url: Option<String>,
    /// The UCI option that sets it (`TM_<manager>_<path>`) and, for a spin, its scale and
    /// bounds. `Move Overhead` sets `move-overhead` for every manager instead.
    pub uci: UciOption,
}

impl ParamSchema {
    /// Why the parameter does nothing with `searcher` (`None`: it applies).
    pub fn not_for(&self, searcher: SearchKind) -> Option<&'static str> {
        match self.searcher {
            Some(kind) if kind != searcher => {
                Some(self.searcher_note.unwrap_or("it does not apply to this searcher"))
            }
            _ => None,
        }
    }
}

/// A preset in the serialised schema: every parameter's value, by path.
#[derive(Clone, Debug, Serialize)]
pub struct PresetSchema {
    /// Name for `preset=`.
    pub name: &'static str,
    /// What it reproduces.
    pub description: &'static str,
    /// The spec string that selects it.
    pub spec: String,
    /// Every parameter's value under this preset.
    pub values: BTreeMap<String, Value>,
}

/// A manager in the serialised schema.
#[derive(Clone, Debug, Serialize)]
pub struct ManagerSchema {
    /// Canonical name.
    pub name: &'static str,
    /// Other accepted names.
    pub aliases: &'static [&'static str],
    /// Short human name.
    pub label: &'static str,
    /// The kind of search it was designed for.
    pub search: SearchKind,
    /// The reference it implements.
    pub reference: &'static str,
    /// How it allocates time.
    pub description: &'static str,
    /// Name of the default preset.
    pub default_preset: &'static str,
    /// The presets.
    pub presets: Vec<PresetSchema>,
    /// The parameters, in display order.
    pub params: Vec<ParamSchema>,
}

/// The schema of one manager.
pub fn manager_schema<C: ManagerConfig>() -> ManagerSchema {
    let params = C::params();
    let presets = C::presets();
    let default = &presets[0].config;
    let info = C::info();
    ManagerSchema {
        name: C::NAME,
        aliases: C::ALIASES,
        label: info.label,
        search: C::SEARCH,
        reference: info.reference,
        description: info.description,
        default_preset: presets[0].name,
        presets: presets
            .iter()
            .enumerate()
            .map(|(i, p)| PresetSchema {
                name: p.name,
                description: p.description,
                spec: if i == 0 { C::NAME.to_string() } else { format!("{}(preset={})", C::NAME, p.name) },
                values: params.iter().map(|q| (q.path(), q.get(&p.config))).collect(),
            })
            .collect(),
        params: params
            .iter()
            .map(|p| (p, flags::only_for::<C>(&p.path())))
            .map(|(p, only)| ParamSchema {
                path: p.path(),
                key: p.key,
                group: p.group,
                label: p.label,
                kind: p.kind(),
                values: match p.access {
                    Access::Enum(names, ..) => Some(names),
                    _ => None,
                },
                default: p.get(default),
                slider: p.slider,
                valid: p.range(),
                unit: p.unit,
                description: p.description,
                source: p.source,
                in_search: flags::in_search::<C>(&p.path()),
                searcher: only.map(|(kind, _)| kind),
                searcher_note: only.map(|(_, why)| why),
                source_file: flags::source::<C>(&p.path()).map(|s| s.text()).unwrap_or_default(),
                source_url: flags::source::<C>(&p.path()).and_then(|s| s.url()),
                uci: UciOption::new(
                    C::NAME,
                    &p.path(),
                    p.kind(),
                    p.range(),
                    &presets.iter().map(|q| p.get(&q.config)).collect::<Vec<_>>(),
                ),
            })
            .collect(),
    }
}

/// The schema of every registered manager, in the registry's order.
pub fn schema() -> Vec<ManagerSchema> {
    super::super::registry::all().iter().map(|m| (m.schema)()).collect()
}
