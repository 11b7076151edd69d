//! The generic work behind [`TmSpec`](super::TmSpec) for one config type `C`: finding a
//! preset, resolving a parsed dictionary against `C`'s parameters, printing a config relative
//! to its preset, and reading or writing one parameter by path.

use super::syntax::{Dict, Node};
use super::{ManagerConfig, Param, Preset, SpecError, Value};

/// Finds the preset named `name` (`default` = the first).
pub(crate) fn find_preset<C: ManagerConfig>(name: &str) -> Result<Preset<C>, SpecError> {
    let presets = C::presets();
    let mut allowed: Vec<String> = presets.iter().map(|p| p.name.to_string()).collect();
    if !allowed.iter().any(|a| a == "default") {
        allowed.push("default".into());
    }
    let idx = if name == "default" { Some(0) } else { presets.iter().position(|p| p.name == name) };
    match idx {
        Some(i) => Ok(presets.into_iter().nth(i).expect("index from position")),
        None => Err(SpecError::UnknownPreset { manager: C::NAME.into(), preset: name.into(), allowed }),
    }
}

/// Resolves a parsed dictionary against `C`'s parameters (§0.5): preset first, then explicit
/// keys; a key missing from a sub-dictionary is looked up in the parent; anything left unread
/// is an unknown key.
pub(crate) fn resolve<C: ManagerConfig>(dict: &Dict) -> Result<(&'static str, C), SpecError> {
    let manager = C::NAME;
    dict.check_duplicates(manager)?;
    let params = C::params();
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
    let preset = find_preset::<C>(preset_name)?;
    let mut config = preset.config;
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
                    allowed: allowed_here(&params, None),
                });
            }
            top_used[i] = true;
            if let Some(inner) = sub.entries.iter().find(|x| matches!(x.value, Node::Sub(_))) {
                return Err(SpecError::UnknownKey {
                    manager: manager.into(),
                    key: format!("{}.{}(…)", e.key, inner.key),
                    allowed: allowed_here(&params, Some(&e.key)),
                });
            }
            sub_used.push((i, vec![false; sub.entries.len()]));
        }
    }
    for p in &params {
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
            let v = p.check(manager, token)?;
            p.set(&mut config, v);
        }
    }
    if let Some(i) = top_used.iter().position(|u| !u) {
        return Err(SpecError::UnknownKey {
            manager: manager.into(),
            key: dict.entries[i].key.clone(),
            allowed: allowed_here(&params, None),
        });
    }
    for (i, used) in &sub_used {
        if let Some(j) = used.iter().position(|u| !u) {
            let group = &dict.entries[*i].key;
            let Node::Sub(sub) = &dict.entries[*i].value else { continue };
            return Err(SpecError::UnknownKey {
                manager: manager.into(),
                key: format!("{group}.{}", sub.entries[j].key),
                allowed: allowed_here(&params, Some(group)),
            });
        }
    }
    Ok((preset.name, config))
}

/// The keys allowed at the top level (`group == None`) or inside a sub-dictionary.
pub(super) fn allowed_here<C>(params: &[Param<C>], group: Option<&str>) -> Vec<String> {
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
    let presets = C::presets();
    let base = presets.iter().find(|p| p.name == preset).unwrap_or(&presets[0]);
    let params = C::params();
    let mut items: Vec<String> = Vec::new();
    if base.name != presets[0].name {
        items.push(format!("preset={}", base.name));
    }
    let mut groups: Vec<(&'static str, Vec<String>)> = Vec::new();
    for p in &params {
        let v = p.get(config);
        if v == p.get(&base.config) {
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
    if items.is_empty() { C::NAME.to_string() } else { format!("{}({})", C::NAME, items.join(",")) }
}

/// Reads a parameter by path.
pub(crate) fn get_path<C: ManagerConfig>(config: &C, path: &str) -> Option<Value> {
    C::params().iter().find(|p| p.path() == path).map(|p| p.get(config))
}

/// Sets a parameter by path from a value token.
pub(crate) fn set_path<C: ManagerConfig>(config: &mut C, path: &str, token: &str) -> Result<(), SpecError> {
    let params = C::params();
    let p = params.iter().find(|p| p.path() == path).ok_or_else(|| SpecError::UnknownKey {
        manager: C::NAME.into(),
        key: path.into(),
        allowed: params.iter().map(|p| p.path()).collect(),
    })?;
    let v = p.check(C::NAME, token)?;
    p.set(config, v);
    Ok(())
}
