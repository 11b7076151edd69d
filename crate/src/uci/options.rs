//! The engine's options: the `option` lines printed at `uci` (the stable ones and one per
//! parameter of every manager) and `setoption`.
//!
//! The engine state that options set does not depend on their order: the manager is the
//! `TimeManager` spec with every `TM_<that manager>_<path>` value set so far written over it,
//! and `Move Overhead`, when set, over that (see [`UciSession::rebuild`]).

use super::{
    DEFAULT_HASH_MB, DEFAULT_TM, ENGINE_AUTHOR, ENGINE_NAME, MAX_HASH_MB, MAX_MOVE_OVERHEAD_MS,
    MAX_VIRTUAL_NPS, UciSession,
};
use crate::drive::strength::{FULL, Level};
use crate::error::FieldError;
use crate::excerpt::excerpt;
use crate::tm::SearchKind;
use crate::tm::SpecError;
use crate::tm::params::{Kind, ParamSchema, option_name};
use crate::tm::{TmSpec, schema};

/// The `Move Overhead` value that means "each manager's own" (its advertised default: a client
/// that sends only values differing from the default, as python-chess does, still sends any
/// explicit overhead).
pub const OWN_OVERHEAD: i64 = -1;

impl UciSession {
    pub(super) fn print_options(&self, out: &mut dyn FnMut(&str)) {
        out(&format!("id name {ENGINE_NAME}"));
        out(&format!("id author {ENGINE_AUTHOR}"));
        out("option name Searcher type combo default ab var ab var mcts");
        out(&format!("option name TimeManager type string default {DEFAULT_TM}"));
        out(&format!(
            "option name Move Overhead type spin default {OWN_OVERHEAD} min {OWN_OVERHEAD} max {MAX_MOVE_OVERHEAD_MS}"
        ));
        // Both searchers run one thread; OpenBench requires `Threads` in every test's options
        // and fastchess/cutechess drop (with a warning) an option the engine does not declare.
        out("option name Threads type spin default 1 min 1 max 1");
        out(&format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"));
        out(&format!("option name VirtualNps type spin default 0 min 0 max {MAX_VIRTUAL_NPS}"));
        out("option name TmlabState type check default false");
        out(&format!("option name Level type spin default {FULL} min 1 max {FULL}"));
        for line in tm_options() {
            out(&line);
        }
        out("uciok");
    }

    /// Sets one option; the typed error's path is the option's name (`Hash`, `TimeManager`,
    /// `TM_stockfish_base-pct`), or `setoption` when the line has no name.
    pub(super) fn setoption(&mut self, rest: &str) -> Result<(), FieldError> {
        let syntax = "setoption name <id> [value <x>]";
        let rest = rest
            .strip_prefix("name")
            .ok_or_else(|| FieldError::new("setoption", "expected a name", syntax))?;
        let (name, value) = match rest.find(" value") {
            Some(i) => (rest[..i].trim(), rest[i + 6..].trim()),
            None => (rest.trim(), ""),
        };
        if name.is_empty() {
            return Err(FieldError::new("setoption", "the option name is missing", syntax));
        }
        if self.driver.running() {
            return Err(FieldError::message(format!("setoption {name} ignored: a search is running")));
        }
        let lower = name.to_ascii_lowercase();
        match lower.as_str() {
            "searcher" => {
                self.searcher = value.parse().map_err(|_| {
                    FieldError::new("Searcher", format!("{:?} is not allowed", excerpt(value)), "ab, mcts")
                })?
            }
            "timemanager" => {
                self.base = value.parse().map_err(|e: SpecError| FieldError::said("TimeManager", e))?;
                self.rebuild();
            }
            "move overhead" => {
                let v = whole("Move Overhead", value, OWN_OVERHEAD, i64::from(MAX_MOVE_OVERHEAD_MS))?;
                self.move_overhead = u32::try_from(v).ok();
                self.rebuild();
            }
            "threads" => {
                whole("Threads", value, 1, 1)?;
            }
            "hash" => {
                let mb = whole("Hash", value, 1, MAX_HASH_MB as i64)? as usize;
                self.driver.set_hash_mb(mb);
                if self.searcher == SearchKind::AlphaBeta {
                    self.driver.allocate_hash();
                }
            }
            "tmlabstate" => {
                self.tm_state = match value.to_ascii_lowercase().as_str() {
                    "true" => true,
                    "false" => false,
                    _ => {
                        let message = format!("{:?} is not allowed", excerpt(value));
                        return Err(FieldError::new("TmlabState", message, "true, false"));
                    }
                }
            }
            "virtualnps" => self.virtual_nps = whole("VirtualNps", value, 0, MAX_VIRTUAL_NPS as i64)? as u64,
            // The strength level: a cap on the node rate; the manager is untouched.
            "level" => self.driver.set_level(
                Level::get(whole("Level", value, 1, i64::from(FULL))? as u64)
                    .map_err(|e| FieldError::said("Level", e))?,
            ),
            _ => match find_param(name) {
                Some((manager, p)) => {
                    let token = param_token(&p, value)?;
                    // Checked now against the manager's ranges (they do not depend on a preset).
                    let mut check = TmSpec::default_for(manager).expect("a schema manager parses");
                    check
                        .set(&p.path, &token)
                        .map_err(|e| FieldError::from(e).renamed(p.uci.name.as_str()))?;
                    self.tm_values.insert((manager, p.path), token);
                    self.rebuild();
                }
                None => return Err(FieldError::new("setoption", unknown_option(name), "")),
            },
        }
        Ok(())
    }

    /// The manager the options describe: the `TimeManager` spec, then every `TM_…` value set for
    /// its manager, then `Move Overhead` if set. It is rebuilt (fresh per-game state, and a
    /// `tm-state` line) only when that changes: the same options in any order give the same
    /// manager.
    fn rebuild(&mut self) {
        let mut spec = self.base;
        for ((manager, path), token) in &self.tm_values {
            if *manager == spec.manager() {
                // Checked at its setoption against the same ranges.
                let _ = spec.set(path, token);
            }
        }
        if let Some(ms) = self.move_overhead
            && has_param(&spec, "move-overhead")
        {
            // In range for every manager: MAX_MOVE_OVERHEAD_MS is the smallest maximum.
            let _ = spec.set("move-overhead", &ms.to_string());
        }
        if spec != self.spec {
            self.spec = spec;
            self.driver.set_spec(spec);
        }
    }

    /// The overhead the current manager plays with, ms: `Move Overhead` when set, else the
    /// manager's own `move-overhead` (0 for a manager without one).
    pub(super) fn overhead_ms(&self) -> u64 {
        match self.move_overhead {
            Some(ms) => u64::from(ms),
            None => match self.spec.get("move-overhead") {
                Some(crate::tm::params::Value::Int(ms)) => ms.max(0) as u64,
                _ => 0,
            },
        }
    }

    /// The alpha-beta table of `Hash` MB, allocated now (at `setoption Hash` and `isready`)
    /// rather than inside the first `go`, whose clock would pay for it.
    pub(super) fn allocate_hash(&mut self) {
        if self.searcher == SearchKind::AlphaBeta {
            self.driver.allocate_hash();
        }
    }
}

/// The manager and parameter a `TM_<manager>_<path>` option sets (names compare without case,
/// as UCI asks).
fn find_param(name: &str) -> Option<(&'static str, ParamSchema)> {
    schema().into_iter().find_map(|m| {
        let manager = m.name;
        m.params
            .into_iter()
            .find(|p| p.path != "move-overhead" && p.uci.name.eq_ignore_ascii_case(name))
            .map(|p| (manager, p))
    })
}

/// The parameter's value token (spec-string units) for an option value.
fn param_token(p: &ParamSchema, value: &str) -> Result<String, FieldError> {
    let name = p.uci.name.as_str();
    match p.kind {
        Kind::Int | Kind::Float => {
            let n: i64 = value.parse().map_err(|_| {
                let message = format!("{:?} is not a whole number", excerpt(value));
                match p.uci.scale {
                    Some(s) if s > 1 => {
                        FieldError::new(name, message, format!("a whole number: the value × {s}"))
                    }
                    _ => FieldError::new(name, message, "a whole number"),
                }
            })?;
            Ok(p.uci.token(n))
        }
        Kind::Bool => match value.to_ascii_lowercase().as_str() {
            v @ ("true" | "false") => Ok(v.to_string()),
            _ => Err(FieldError::new(name, format!("{:?} is not allowed", excerpt(value)), "true, false")),
        },
        Kind::Enum => Ok(value.to_string()),
    }
}

/// The error for an option the engine does not have, pointing old names at the new ones.
fn unknown_option(name: &str) -> String {
    let old =
        name.strip_prefix("TM ").or_else(|| name.strip_prefix("tm ")).or_else(|| name.strip_prefix("TM_"));
    let Some(path) = old.map(str::trim) else { return format!("no option named {:?}", excerpt(name)) };
    if path == "move-overhead" {
        return format!("no option named {:?}; the overhead is `Move Overhead`", excerpt(name));
    }
    let owners: Vec<String> = schema()
        .into_iter()
        .filter(|m| m.params.iter().any(|p| p.path == path))
        .map(|m| option_name(m.name, path))
        .collect();
    if owners.is_empty() {
        format!("no option named {:?}; manager parameters are TM_<manager>_<parameter>", excerpt(name))
    } else {
        format!(
            "no option named {:?}; manager parameters are TM_<manager>_<parameter>: {}",
            excerpt(name),
            owners.join(", ")
        )
    }
}

/// A whole number option value in `lo ..= hi`.
fn whole(name: &str, value: &str, lo: i64, hi: i64) -> Result<i64, FieldError> {
    match value.parse::<i64>() {
        Ok(v) if (lo..=hi).contains(&v) => Ok(v),
        _ => Err(FieldError::new(
            name,
            format!("{:?} is not allowed", excerpt(value)),
            format!("a whole number in {lo} … {hi}"),
        )),
    }
}

/// Whether `spec`'s manager has the parameter `path`.
pub(super) fn has_param(spec: &TmSpec, path: &str) -> bool {
    spec.get(path).is_some()
}

/// The `option` lines of every manager's parameters, in the schema's order: each
/// `TM_<manager>_<path>` (`move-overhead` excepted: `Move Overhead` is every manager's) with
/// the default preset's value, as a spin (floats scaled by the schema's `uci.scale`), a check or
/// a combo.
pub fn tm_options() -> Vec<String> {
    let mut lines = Vec::new();
    for m in schema() {
        for p in m.params.iter().filter(|p| p.path != "move-overhead") {
            let name = &p.uci.name;
            lines.push(match p.kind {
                Kind::Int | Kind::Float => format!(
                    "option name {name} type spin default {} min {} max {}",
                    p.uci.spin_value(p.default).unwrap_or(0),
                    p.uci.min.unwrap_or(0),
                    p.uci.max.unwrap_or(0)
                ),
                Kind::Bool => format!("option name {name} type check default {}", p.default),
                Kind::Enum => {
                    let vars: String = p.values.unwrap_or(&[]).iter().map(|v| format!(" var {v}")).collect();
                    format!("option name {name} type combo default {}{vars}", p.default)
                }
            });
        }
    }
    lines
}
