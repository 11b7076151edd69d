//! The work behind [`TmSpec`](super::TmSpec): finding a preset, resolving a parsed dictionary
//! against a manager's parameters, printing a config relative to its preset, and reading or
//! writing one parameter by path.
//!
//! Each operation is a thin generic shell for a config type `C` (its rows, the values it reads
//! and writes) around a core that knows only [`Row`]s and [`Value`]s: the core is compiled once,
//! not once per manager. Resolving and finding a preset have no generic shell here: the
//! registry's `Manager` does them through two plain functions per manager (its rows, its
//! `i`-th preset), so the code that depends on a config's size is those two alone.

use super::syntax::{Dict, Node};
use super::{ManagerConfig, Param, Row, SpecError, Value};

/// The rows of `params`.
pub(crate) fn rows<C>(params: &[Param<C>]) -> Vec<Row> {
    params.iter().map(|p| p.row).collect()
}

/// The value of every parameter in `c`, in row order.
pub(super) fn values<C>(params: &[Param<C>], c: &C) -> Vec<Value> {
    params.iter().map(|p| p.get(c)).collect()
}

/// The index of the preset named `name` among `presets` (`default` = the first).
pub(crate) fn preset_index(manager: &str, presets: &[&'static str], name: &str) -> Result<usize, SpecError> {
    let idx = if name == "default" { Some(0) } else { presets.iter().position(|&p| p == name) };
    idx.ok_or_else(|| {
        let mut allowed: Vec<String> = presets.iter().map(|p| p.to_string()).collect();
        if !presets.contains(&"default") {
            allowed.push("default".into());
        }
        SpecError::UnknownPreset { manager: manager.into(), preset: name.into(), allowed }
    })
}

/// Resolves a parsed dictionary against a manager's parameter rows and presets' names (§0.5):
/// preset first, then explicit keys; a key missing from a sub-dictionary is looked up in the
/// parent; anything left unread is an unknown key. Returns the preset's index and the checked
/// values to write over its config, by row index (the registry writes them: `Manager::resolve`).
pub(crate) fn resolve_rows(
    manager: &'static str,
    params: &[Row],
    presets: &[&'static str],
    dict: &Dict,
) -> Result<(usize, Vec<(usize, Value)>), SpecError> {
    dict.check_duplicates(manager)?;
    let mut top_used = vec![false; dict.entries.len()];
    let preset_name = match dict.find("preset") {
        Some((i, Node::Scalar(v))) => {
            top_used[i] = true;
            v.as_str()
        }
        Some((_, Node::Sub(_))) => {
            return Err(SpecError::UnknownKey {
                manager: manager.into(),
                key: "preset(…)".into(),
                allowed: vec!["preset=<name>".into()],
            });
        }
        None => "default",
    };
    let preset = preset_index(manager, presets, preset_name)?;
    let mut sets = Vec::new();
    let groups: Vec<&'static str> = {
        let mut g: Vec<&'static str> = params.iter().filter_map(|p| p.group).collect();
        g.dedup();
        g
    };
    // Sub-dictionaries must be known groups, and hold only scalars.
    let mut sub_used: Vec<(usize, Vec<bool>)> = Vec::new();
    for (i, e) in dict.entries.iter().enumerate() {
        if let Node::Sub(sub) = &e.value {
            if !groups.contains(&e.key.as_str()) {
                return Err(SpecError::UnknownKey {
                    manager: manager.into(),
                    key: format!("{}(…)", e.key),
                    allowed: allowed_here(params, None),
                });
            }
            top_used[i] = true;
            if let Some(inner) = sub.entries.iter().find(|x| matches!(x.value, Node::Sub(_))) {
                return Err(SpecError::UnknownKey {
                    manager: manager.into(),
                    key: format!("{}.{}(…)", e.key, inner.key),
                    allowed: allowed_here(params, Some(&e.key)),
                });
            }
            sub_used.push((i, vec![false; sub.entries.len()]));
        }
    }
    for (row, p) in params.iter().enumerate() {
        let mut found: Option<&str> = None;
        if let Some(g) = p.group
            && let Some((i, Node::Sub(sub))) = dict.find(g)
            && let Some((j, Node::Scalar(v))) = sub.find(p.key)
        {
            if let Some((_, used)) = sub_used.iter_mut().find(|(k, _)| *k == i) {
                used[j] = true;
            }
            found = Some(v);
        }
        if found.is_none()
            && let Some((i, Node::Scalar(v))) = dict.find(p.key)
        {
            // A top-level key, or the parent lookup of a key missing from a sub-dictionary.
            top_used[i] = true;
            found = Some(v);
        }
        if let Some(token) = found {
            sets.push((row, p.check(manager, token)?));
        }
    }
    if let Some(i) = top_used.iter().position(|u| !u) {
        return Err(SpecError::UnknownKey {
            manager: manager.into(),
            key: dict.entries[i].key.clone(),
            allowed: allowed_here(params, None),
        });
    }
    for (i, used) in &sub_used {
        if let Some(j) = used.iter().position(|u| !u) {
            let group = &dict.entries[*i].key;
            let Node::Sub(sub) = &dict.entries[*i].value else { continue };
            return Err(SpecError::UnknownKey {
                manager: manager.into(),
                key: format!("{group}.{}", sub.entries[j].key),
                allowed: allowed_here(params, Some(group)),
            });
        }
    }
    Ok((preset, sets))
}

/// The keys allowed at the top level (`group == None`) or inside a sub-dictionary.
pub(super) fn allowed_here(params: &[Row], group: Option<&str>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    if group.is_none() {
        out.push("preset".into());
    }
    for p in params {
        match (group, p.group) {
            (None, None) => out.push(p.key.into()),
            (None, Some(g)) => {
                let s = format!("{g}(…)");
                if !out.contains(&s) {
                    out.push(s);
                }
            }
            (Some(want), Some(g)) if want == g => out.push(p.key.into()),
            _ => {}
        }
    }
    out
}

/// Prints `config` as a spec string relative to the preset `preset`.
pub(crate) fn print<C: ManagerConfig>(preset: &'static str, config: &C) -> String {
    let (params, presets) = (C::PARAMS, C::PRESETS);
    let base = presets.iter().find(|p| p.name == preset).unwrap_or(&presets[0]);
    let base_name = if base.name != presets[0].name { Some(base.name) } else { None };
    print_values(C::NAME, &rows(params), base_name, &values(params, &base.config), &values(params, config))
}

/// [`print`] on rows: `base` names the preset when it is not the default one, `base_values`
/// are its values and `now` the config's.
fn print_values(
    manager: &'static str,
    params: &[Row],
    base: Option<&'static str>,
    base_values: &[Value],
    now: &[Value],
) -> String {
    let mut items: Vec<String> = Vec::new();
    if let Some(name) = base {
        items.push(format!("preset={name}"));
    }
    let mut groups: Vec<(&'static str, Vec<String>)> = Vec::new();
    for ((p, v), b) in params.iter().zip(now).zip(base_values) {
        if v == b {
            continue;
        }
        let item = format!("{}={v}", p.key);
        match p.group {
            None => items.push(item),
            Some(g) => match groups.iter_mut().find(|(name, _)| *name == g) {
                Some((_, list)) => list.push(item),
                None => groups.push((g, vec![item])),
            },
        }
    }
    for (g, list) in groups {
        items.push(format!("{g}({})", list.join(",")));
    }
    if items.is_empty() { manager.to_string() } else { format!("{manager}({})", items.join(",")) }
}

/// Reads a parameter by path.
pub(crate) fn get_path<C: ManagerConfig>(config: &C, path: &str) -> Option<Value> {
    C::PARAMS.iter().find(|p| p.row.is_at(path)).map(|p| p.get(config))
}

/// Sets a parameter by path from a value token.
pub(crate) fn set_path<C: ManagerConfig>(config: &mut C, path: &str, token: &str) -> Result<(), SpecError> {
    let params = C::PARAMS;
    let (i, v) = check_path(C::NAME, &rows(params), path, token)?;
    params[i].set(config, v);
    Ok(())
}

/// The row at `path` and the value `token` gives it.
fn check_path(manager: &str, params: &[Row], path: &str, token: &str) -> Result<(usize, Value), SpecError> {
    let i = params.iter().position(|p| p.is_at(path)).ok_or_else(|| SpecError::UnknownKey {
        manager: manager.into(),
        key: path.into(),
        allowed: params.iter().map(|p| p.path()).collect(),
    })?;
    Ok((i, params[i].check(manager, token)?))
}
