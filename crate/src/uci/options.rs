//! The engine's options: the `option` lines printed at `uci` (the stable ones and one per
//! parameter of the current manager) and `setoption`.

use super::go;
use super::{
    DEFAULT_HASH_MB, DEFAULT_MOVE_OVERHEAD_MS, DEFAULT_TM, ENGINE_AUTHOR, ENGINE_NAME, FLOAT_SCALE,
    MAX_HASH_MB, MAX_MOVE_OVERHEAD_MS, MAX_VIRTUAL_NPS, UciSession,
};
use crate::drive::SearcherKind;
use crate::drive::strength::{FULL, Level};
use crate::tm::params::{Kind, Value};
use crate::tm::{TmSpec, schema};

impl UciSession {
    pub(super) fn print_options(&self, out: &mut dyn FnMut(&str)) {
        out(&format!("id name {ENGINE_NAME}"));
        out(&format!("id author {ENGINE_AUTHOR}"));
        out("option name Searcher type combo default ab var ab var mcts");
        out(&format!("option name TimeManager type string default {DEFAULT_TM}"));
        out(&format!(
            "option name Move Overhead type spin default {DEFAULT_MOVE_OVERHEAD_MS} min 0 max {MAX_MOVE_OVERHEAD_MS}"
        ));
        out(&format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"));
        out(&format!("option name VirtualNps type spin default 0 min 0 max {MAX_VIRTUAL_NPS}"));
        out("option name TmlabState type check default false");
        out(&format!("option name Level type spin default {FULL} min 1 max {FULL}"));
        for line in tm_options(&self.spec) {
            out(&line);
        }
        out("uciok");
    }

    pub(super) fn setoption(&mut self, rest: &str) -> Result<(), String> {
        let rest =
            rest.strip_prefix("name").ok_or("setoption: expected `setoption name <id> [value <x>]`")?;
        let (name, value) = match rest.find(" value") {
            Some(i) => (rest[..i].trim(), rest[i + 6..].trim()),
            None => (rest.trim(), ""),
        };
        if name.is_empty() {
            return Err("setoption: the option name is missing".into());
        }
        if self.driver.running() {
            return Err(format!("setoption {name} ignored: a search is running"));
        }
        let lower = name.to_ascii_lowercase();
        match lower.as_str() {
            "searcher" => {
                self.searcher = value
                    .parse()
                    .map_err(|_| format!("Searcher: {:?} is not ab or mcts", go::excerpt(value)))?
            }
            "timemanager" => {
                let mut spec: TmSpec = value.parse().map_err(|e| format!("TimeManager: {e}"))?;
                with_overhead(&mut spec, self.move_overhead);
                self.spec = spec;
                self.driver.set_spec(spec);
            }
            "move overhead" => self.set_move_overhead(value)?,
            "hash" => {
                let mb = whole("Hash", value, 1, MAX_HASH_MB as u64)? as usize;
                self.driver.set_hash_mb(mb);
                if self.searcher == SearcherKind::Ab {
                    self.driver.allocate_hash();
                }
            }
            "tmlabstate" => {
                self.tm_state = match value.to_ascii_lowercase().as_str() {
                    "true" => true,
                    "false" => false,
                    _ => return Err(format!("TmlabState: {value:?} is not true or false")),
                }
            }
            "virtualnps" => self.virtual_nps = whole("VirtualNps", value, 0, MAX_VIRTUAL_NPS)?,
            // The strength level: a cap on the node rate; the manager is untouched.
            "level" => self.driver.set_level(Level::get(whole("Level", value, 1, u64::from(FULL))?)?),
            _ => match name
                .strip_prefix("TM ")
                .or_else(|| name.strip_prefix("tm "))
                .or_else(|| name.strip_prefix("TM_"))
            {
                Some("move-overhead") => self.set_move_overhead(value)?,
                Some(path) => self.set_tm_param(path.trim(), value, true)?,
                None => return Err(format!("no option named {:?}", go::excerpt(name))),
            },
        }
        Ok(())
    }

    /// The alpha-beta table of `Hash` MB, allocated now (at `setoption Hash` and `isready`)
    /// rather than inside the first `go`, whose clock would pay for it.
    pub(super) fn allocate_hash(&mut self) {
        if self.searcher == SearcherKind::Ab {
            self.driver.allocate_hash();
        }
    }

    /// `Move Overhead`: kept by the session and written into every manager that has a
    /// `move-overhead` parameter (a later `TimeManager` keeps it); under a manager without one
    /// (`mediocre`) it is taken off the clock before the manager sees it.
    fn set_move_overhead(&mut self, value: &str) -> Result<(), String> {
        self.move_overhead = whole("Move Overhead", value, 0, MAX_MOVE_OVERHEAD_MS as u64)? as u32;
        with_overhead(&mut self.spec, self.move_overhead);
        self.driver.set_spec(self.spec);
        Ok(())
    }

    /// Sets a manager parameter from an option value (floats scaled ×1000 when `scaled`).
    fn set_tm_param(&mut self, path: &str, value: &str, scaled: bool) -> Result<(), String> {
        let kind = schema()
            .into_iter()
            .find(|m| m.name == self.spec.manager())
            .and_then(|m| m.params.into_iter().find(|p| p.path == path))
            .map(|p| p.kind)
            .ok_or_else(|| {
                format!("manager {} has no parameter {:?}", self.spec.manager(), go::excerpt(path))
            })?;
        let token = match kind {
            Kind::Float if scaled => {
                let v: i64 = value.parse().map_err(|_| {
                    format!("TM {path}: {:?} is not an integer (floats are scaled ×1000)", go::excerpt(value))
                })?;
                format!("{:?}", v as f64 / FLOAT_SCALE)
            }
            _ => value.to_string(),
        };
        self.spec.set(path, &token).map_err(|e| e.to_string())?;
        self.driver.set_spec(self.spec);
        Ok(())
    }
}

/// A whole number option value in `lo ..= hi`.
fn whole(name: &str, value: &str, lo: u64, hi: u64) -> Result<u64, String> {
    match value.parse::<u64>() {
        Ok(v) if (lo..=hi).contains(&v) => Ok(v),
        _ => Err(format!("{name}: {:?} is not a whole number in {lo} … {hi}", go::excerpt(value))),
    }
}

/// Whether `spec`'s manager has the parameter `path`.
pub(super) fn has_param(spec: &TmSpec, path: &str) -> bool {
    schema().into_iter().any(|m| m.name == spec.manager() && m.params.iter().any(|p| p.path == path))
}

/// Writes `Move Overhead` into `spec` if its manager has a `move-overhead` parameter.
pub(super) fn with_overhead(spec: &mut TmSpec, ms: u32) {
    if has_param(spec, "move-overhead") {
        // In range for every manager: MAX_MOVE_OVERHEAD_MS is the smallest maximum.
        let _ = spec.set("move-overhead", &ms.to_string());
    }
}

fn value_f64(v: Value) -> f64 {
    match v {
        Value::Float(x) => x,
        Value::Int(x) => x as f64,
        Value::Bool(b) => f64::from(u8::from(b)),
        Value::Enum(_) => 0.0,
    }
}

/// The `option` lines of a manager's parameters (see the module documentation).
pub fn tm_options(spec: &TmSpec) -> Vec<String> {
    let Some(m) = schema().into_iter().find(|m| m.name == spec.manager()) else { return Vec::new() };
    let mut lines = Vec::new();
    // `move-overhead` is the `Move Overhead` option, the same for every manager.
    for p in m.params.into_iter().filter(|p| p.path != "move-overhead") {
        let cur = spec.get(&p.path).unwrap_or(p.default);
        let range = p.valid.map(|r| (r.min, r.max)).or(p.slider.map(|s| (s.min, s.max)));
        let line = match p.kind {
            Kind::Int => {
                let (lo, hi) = range.unwrap_or((0.0, 1e9));
                format!(
                    "option name TM {} type spin default {} min {} max {}",
                    p.path,
                    value_f64(cur) as i64,
                    lo.ceil().max(-2e9) as i64,
                    hi.floor().min(2e9) as i64
                )
            }
            Kind::Float => {
                let (lo, hi) = range.unwrap_or((0.0, 1e6));
                let excl = p.valid.is_some_and(|r| r.min_exclusive);
                let mut min = (lo * FLOAT_SCALE).ceil();
                if excl && min <= lo * FLOAT_SCALE {
                    min += 1.0;
                }
                format!(
                    "option name TM {} type spin default {} min {} max {}",
                    p.path,
                    (value_f64(cur) * FLOAT_SCALE).round() as i64,
                    min.max(-2e12) as i64,
                    (hi * FLOAT_SCALE).floor().min(2e12) as i64
                )
            }
            Kind::Bool => format!("option name TM {} type check default {}", p.path, cur),
            Kind::Enum => {
                let vars: String = p.values.unwrap_or(&[]).iter().map(|v| format!(" var {v}")).collect();
                format!("option name TM {} type combo default {}{vars}", p.path, cur)
            }
        };
        // Spins are declared a second time as `TM_<path>`: OpenBench's client splits options at
        // whitespace and cutechess forwards only declared options, so SPSA needs a name without
        // a space (`tmlab spsa-inputs` prints these).
        if let Some(rest) = line.strip_prefix("option name TM ").filter(|r| r.contains(" type spin ")) {
            let alias = format!("option name TM_{rest}");
            lines.push(line);
            lines.push(alias);
        } else {
            lines.push(line);
        }
    }
    lines
}
