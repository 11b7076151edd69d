//! Reading a match spec from JSON: a strict object reader ([`Fields`]: unknown keys, wrong
//! types and out-of-range numbers are errors naming the field's path) and
//! [`MatchSpec::from_json`] on top of it.

use serde_json::{Map, Value};

use super::{FIELDS, FieldError, MAX_GAMES, MAX_HASH_MB, MatchSpec, OpeningsSpec};
use crate::play::adjudication::{MAX_MAX_MOVES, MAX_RULE_MOVES};
use crate::play::game::{ClockMode, DrawRule, ResignRule};
use crate::play::stats::Sprt;

/// A JSON object being read, with the path of its fields for error messages.
struct Fields<'a> {
    obj: &'a Map<String, Value>,
    prefix: String,
}

fn describe(v: &Value) -> String {
    clip(&v.to_string())
}

/// What an error quotes of a key, name or value (the crate's one excerpt rule).
pub(super) use crate::excerpt::excerpt as clip;

impl<'a> Fields<'a> {
    /// `value` as an object whose keys are all in `allowed`.
    fn new(value: &'a Value, prefix: &str, allowed: &[&str]) -> Result<Self, FieldError> {
        let what = if prefix.is_empty() { "the match spec" } else { "it" };
        let obj = value.as_object().ok_or_else(|| {
            FieldError::new(prefix, format!("{what} is {}, not an object", describe(value)), "an object")
        })?;
        for k in obj.keys() {
            if !allowed.contains(&k.as_str()) {
                let path = if prefix.is_empty() { clip(k) } else { format!("{prefix}.{}", clip(k)) };
                return Err(FieldError::new(path, "unknown field", allowed.join(", ")));
            }
        }
        Ok(Fields { obj, prefix: prefix.to_string() })
    }

    fn path(&self, key: &str) -> String {
        if self.prefix.is_empty() { key.to_string() } else { format!("{}.{key}", self.prefix) }
    }

    /// The field, unless absent or `null`.
    fn get(&self, key: &str) -> Option<&'a Value> {
        self.obj.get(key).filter(|v| !v.is_null())
    }

    /// The field `key` as `T` (`read`), or an error: `got X`, allowed `what`.
    fn typed<T>(
        &self,
        key: &str,
        read: impl Fn(&Value) -> Option<T>,
        what: &str,
    ) -> Result<Option<T>, FieldError> {
        self.get(key)
            .map(|v| {
                read(v).ok_or_else(|| {
                    FieldError::new(self.path(key), format!("{} is not allowed", describe(v)), what)
                })
            })
            .transpose()
    }

    fn string(&self, key: &str) -> Result<Option<String>, FieldError> {
        self.typed(key, |v| v.as_str().map(str::to_string), "a string")
    }

    fn number(&self, key: &str) -> Result<Option<f64>, FieldError> {
        self.typed(key, Value::as_f64, "a number")
    }

    fn whole(&self, key: &str, max: u64) -> Result<Option<u64>, FieldError> {
        self.typed(key, |v| v.as_u64().filter(|&n| n <= max), &format!("a whole number from 0 to {max}"))
    }

    fn int(&self, key: &str) -> Result<Option<i32>, FieldError> {
        let read = |v: &Value| v.as_i64().and_then(|n| i32::try_from(n).ok());
        self.typed(key, read, "a whole number (centipawns)")
    }

    fn boolean(&self, key: &str) -> Result<Option<bool>, FieldError> {
        self.typed(key, Value::as_bool, "true or false")
    }

    fn object(&self, key: &str, allowed: &[&str]) -> Result<Option<Fields<'a>>, FieldError> {
        self.get(key).map(|v| Fields::new(v, &self.path(key), allowed)).transpose()
    }

    fn required<T>(&self, key: &str, v: Option<T>, what: &str) -> Result<T, FieldError> {
        v.ok_or_else(|| FieldError::new(self.path(key), "missing", what))
    }
}

impl MatchSpec {
    /// Read a spec from JSON. Errors name the field and what it accepts; the values themselves
    /// are checked by [`MatchSpec::to_config`].
    ///
    /// # Errors
    /// Invalid JSON, an unknown field, a field of the wrong type, or a missing `a`/`b`.
    pub fn from_json(text: &str) -> Result<MatchSpec, FieldError> {
        let v: Value = serde_json::from_str(text).map_err(|e| {
            FieldError::new("", format!("the match spec is not valid JSON: {e}"), "a JSON object")
        })?;
        Self::from_value(&v)
    }

    /// Read a spec from a parsed JSON value; see [`MatchSpec::from_json`].
    ///
    /// # Errors
    /// As [`MatchSpec::from_json`].
    pub fn from_value(v: &Value) -> Result<MatchSpec, FieldError> {
        let f = Fields::new(v, "", &FIELDS)?;
        let mut s = MatchSpec::default();
        if let Some(e) = f.string("engine")? {
            s.engine = e.parse().map_err(|e| FieldError::said("engine", e))?;
        }
        s.a = f.required("a", f.string("a")?, "player A's manager, e.g. \"stockfish\"")?;
        s.b = f.required("b", f.string("b")?, "player B's manager, e.g. \"lc0-legacy\"")?;
        s.name_a = f.string("name_a")?.filter(|n| !n.trim().is_empty());
        s.name_b = f.string("name_b")?.filter(|n| !n.trim().is_empty());
        if let Some(tc) = f.string("tc_a")? {
            s.tc_a = tc;
        }
        s.tc_b = f.string("tc_b")?.filter(|t| !t.trim().is_empty());
        if let Some(n) = f.whole("games", u64::from(MAX_GAMES))? {
            s.games = n as u32;
        }
        if let Some(c) = f.object("clock", &["mode", "nps", "latency_ms"])? {
            let mode = c.string("mode")?.unwrap_or_else(|| "virtual".into());
            s.clock = match mode.as_str() {
                "virtual" => ClockMode::Virtual {
                    nps: c.number("nps")?.unwrap_or(1_000_000.0),
                    latency_ms: c.number("latency_ms")?.unwrap_or(0.0),
                },
                "real" | "wall" => {
                    if let Some(k) = ["nps", "latency_ms"].into_iter().find(|k| c.get(k).is_some()) {
                        let message = "only a virtual clock has it; the real clock measures wall time";
                        return Err(FieldError::new(format!("clock.{k}"), message, ""));
                    }
                    ClockMode::Real
                }
                other => {
                    let message = format!("{:?} is not a clock mode", clip(other));
                    return Err(FieldError::new("clock.mode", message, "virtual, real"));
                }
            };
        }
        if let Some(o) = f.get("openings") {
            s.openings = match o {
                Value::String(k) if k == "builtin" => OpeningsSpec::Builtin,
                Value::Object(_) => {
                    let of = Fields::new(o, "openings", &["epd"])?;
                    OpeningsSpec::Epd(of.required(
                        "epd",
                        of.string("epd")?,
                        "EPD text, one position per line",
                    )?)
                }
                other => {
                    let message = format!("{} is not allowed", describe(other));
                    return Err(FieldError::new(
                        "openings",
                        message,
                        "\"builtin\" or {\"epd\": \"<EPD text>\"}",
                    ));
                }
            };
        }
        if let Some(seed) = f.whole("seed", u64::MAX)? {
            s.seed = seed;
        }
        if let Some(t) = f.object("sprt", &["elo0", "elo1", "alpha", "beta"])? {
            let elo0 = t.required("elo0", t.number("elo0")?, "a number (nElo)")?;
            let elo1 = t.required("elo1", t.number("elo1")?, "a number (nElo) above elo0")?;
            let alpha = t.number("alpha")?.unwrap_or(0.05);
            let beta = t.number("beta")?.unwrap_or(0.05);
            s.sprt = Some(Sprt { elo0, elo1, alpha, beta });
        }
        if let Some(a) = f.object("adjudication", &["resign", "draw", "max_moves"])? {
            if let Some(r) = a.object("resign", &["move_count", "score_cp", "two_sided"])? {
                s.adjudication.resign = Some(ResignRule {
                    move_count: r.required(
                        "move_count",
                        r.whole("move_count", MAX_RULE_MOVES.into())?,
                        "a move count ≥ 1",
                    )? as u32,
                    score_cp: r.required("score_cp", r.int("score_cp")?, "a score in centipawns > 0")?,
                    two_sided: r.boolean("two_sided")?.unwrap_or(false),
                });
            }
            if let Some(d) = a.object("draw", &["move_number", "move_count", "score_cp"])? {
                s.adjudication.draw = Some(DrawRule {
                    move_number: d.whole("move_number", MAX_RULE_MOVES.into())?.unwrap_or(0) as u32,
                    move_count: d.required(
                        "move_count",
                        d.whole("move_count", MAX_RULE_MOVES.into())?,
                        "a move count ≥ 1",
                    )? as u32,
                    score_cp: d.required("score_cp", d.int("score_cp")?, "a score in centipawns ≥ 0")?,
                });
            }
            s.adjudication.max_moves = a.whole("max_moves", MAX_MAX_MOVES.into())?.map(|n| n as u32);
        }
        s.overhead_ms = f.number("overhead_ms")?;
        if let Some(h) = f.whole("hash_mb", MAX_HASH_MB as u64)? {
            s.hash_mb = h as usize;
        }
        for (key, level) in [("level_a", &mut s.level_a), ("level_b", &mut s.level_b)] {
            if let Some(l) = f.whole(key, u64::from(u8::MAX))? {
                *level = l as u8;
            }
        }
        if let Some(e) = f.string("event")? {
            s.event = e;
        }
        if let Some(d) = f.string("date")? {
            s.date = d;
        }
        Ok(s)
    }
}
