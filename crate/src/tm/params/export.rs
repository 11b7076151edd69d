//! The serialised schema: every manager, preset and parameter as data (JSON for the browser's
//! sliders; min/max for UCI options).

use std::collections::BTreeMap;

use serde::Serialize;

use super::super::SearchKind;
use super::super::glossary::Source;
use super::resolve::{rows, values};
use super::{Kind, ManagerConfig, ManagerInfo, Range, Row, Slider, UciOption, Value, flags};

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
        let note = self.searcher_note.unwrap_or("it does not apply to this searcher");
        not_for(self.searcher.map(|kind| (kind, note)), searcher)
    }
}

/// Why a parameter that acts with `only`'s searcher alone (and why not with the other) does
/// nothing with `searcher`.
fn not_for(only: Option<(SearchKind, &'static str)>, searcher: SearchKind) -> Option<&'static str> {
    match only {
        Some((kind, why)) if kind != searcher => Some(why),
        _ => None,
    }
}

/// A parameter's path, slider and the searcher it acts with alone, if any (with why): the part
/// of its [`ParamSchema`] the charts module's rules ask per manager (`describe_spec`,
/// `params_not_for`, the moves-left chart's ranges), made without the rest of the schema
/// (presets, UCI options, sources), which the charts module then does not link (issue 24).
#[derive(Clone, Debug, PartialEq)]
pub struct ParamPath {
    /// As [`ParamSchema::path`].
    pub path: String,
    /// As [`ParamSchema::searcher`] with [`ParamSchema::searcher_note`].
    pub only: Option<(SearchKind, &'static str)>,
    /// As [`ParamSchema::slider`].
    pub slider: Option<Slider>,
}

impl ParamPath {
    /// As [`ParamSchema::not_for`].
    pub fn not_for(&self, searcher: SearchKind) -> Option<&'static str> {
        not_for(self.only, searcher)
    }
}

/// The [`ParamPath`]s of `C`, in display order (the schema's).
pub fn param_paths<C: ManagerConfig>() -> Vec<ParamPath> {
    C::PARAMS
        .iter()
        .map(|p| {
            let path = p.row.path();
            ParamPath { only: flags::only_for(C::ONLY_FOR, &path), slider: p.row.slider, path }
        })
        .collect()
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
    let params = C::PARAMS;
    let presets: Vec<(&'static str, &'static str, Vec<Value>)> =
        C::PRESETS.iter().map(|p| (p.name, p.description, values(params, &p.config))).collect();
    let decl = Decl {
        name: C::NAME,
        aliases: C::ALIASES,
        search: C::SEARCH,
        in_search: C::IN_SEARCH,
        only_for: C::ONLY_FOR,
        sources: C::SOURCES,
        info: C::INFO,
    };
    schema_of(&decl, &rows(params), &presets)
}

/// What a [`ManagerConfig`] declares besides its rows and presets, without its type.
struct Decl {
    name: &'static str,
    aliases: &'static [&'static str],
    search: SearchKind,
    in_search: &'static [&'static str],
    only_for: &'static [(&'static str, SearchKind, &'static str)],
    sources: &'static [(&'static str, Source)],
    info: ManagerInfo,
}

/// [`manager_schema`] on rows: `presets` are each preset's name, description and values (by
/// row), the default first.
fn schema_of(
    d: &Decl,
    params: &[Row],
    presets: &[(&'static str, &'static str, Vec<Value>)],
) -> ManagerSchema {
    let default = &presets[0].2;
    ManagerSchema {
        name: d.name,
        aliases: d.aliases,
        label: d.info.label,
        search: d.search,
        reference: d.info.reference,
        description: d.info.description,
        default_preset: presets[0].0,
        presets: presets
            .iter()
            .enumerate()
            .map(|(i, (name, description, values))| PresetSchema {
                name,
                description,
                spec: if i == 0 { d.name.to_string() } else { format!("{}(preset={name})", d.name) },
                values: params.iter().zip(values).map(|(q, &v)| (q.path(), v)).collect(),
            })
            .collect(),
        params: params
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let path = p.path();
                let only = flags::only_for(d.only_for, &path);
                let source = flags::source(d.sources, &path);
                ParamSchema {
                    key: p.key,
                    group: p.group,
                    label: p.label,
                    kind: p.kind,
                    values: (p.kind == Kind::Enum).then_some(p.names),
                    default: default[i],
                    slider: p.slider,
                    valid: p.range(),
                    unit: p.unit,
                    description: p.description,
                    source: p.source,
                    in_search: flags::in_search(d.in_search, &path),
                    searcher: only.map(|(kind, _)| kind),
                    searcher_note: only.map(|(_, why)| why),
                    source_file: source.map(|s| s.text()).unwrap_or_default(),
                    source_url: source.and_then(|s| s.url()),
                    uci: UciOption::new(
                        d.name,
                        &path,
                        p.kind,
                        p.range(),
                        &presets.iter().map(|q| q.2[i]).collect::<Vec<_>>(),
                    ),
                    path,
                }
            })
            .collect(),
    }
}

/// The schema of every registered manager, in the registry's order (not in the charts module:
/// no chart or embed asks it, issue 24).
#[cfg(feature = "engine")]
pub fn schema() -> Vec<ManagerSchema> {
    super::super::registry::all().iter().map(|m| (m.schema)()).collect()
}
