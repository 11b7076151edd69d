//! The match spec: a match's settings as plain data (JSON in the browser, flags in the CLI),
//! turned into a [`MatchConfig`] by one piece of code, so the page, the game workers and
//! `tmlab match` agree on what a setting means and on how a bad one is reported.
//!
//! Every error starts with the field's name (`tc_a: …`, `sprt.elo1: …`, `clock.nps: …`) and
//! says what is allowed, so the page can put the message beside the field.
//!
//! JSON form (every field optional except `a` and `b`; defaults as in [`MatchSpec::default`]):
//! ```json
//! { "engine": "ab", "a": "stockfish", "b": "lc0-legacy(slowmover=1.2)",
//!   "tc_a": "10+0.1", "tc_b": "8+0.1", "games": 100,
//!   "clock": { "mode": "virtual", "nps": 1000000, "latency_ms": 0 },
//!   "openings": "builtin",
//!   "seed": 1, "sprt": { "elo0": 0, "elo1": 10, "alpha": 0.05, "beta": 0.05 },
//!   "adjudication": { "max_moves": 150, "resign": { "move_count": 3, "score_cp": 600,
//!                     "two_sided": false }, "draw": { "move_number": 40, "move_count": 8,
//!                     "score_cp": 10 } },
//!   "overhead_ms": 0, "hash_mb": 16, "event": "tmlab match", "date": "2025.01.31" }
//! ```
//! `openings` is `"builtin"` or `{ "epd": "<EPD text>" }`; `clock` may be `{ "mode": "real" }`.

use serde::Serialize;
use serde_json::{Map, Value};

use super::adjudication::{MAX_MAX_MOVES, MAX_RULE_MOVES};
use super::engine::EngineConfig;
use super::game::{Adjudication, ClockMode, DrawRule, ResignRule};
use super::match_::MatchConfig;
use super::openings::{self, Opening};
use super::stats::Sprt;
use crate::clock::{TimeControl, Timing};
use crate::drive::SearcherKind;
use crate::tm::TmSpec;

/// The most games one match may have.
pub const MAX_GAMES: u32 = 100_000;
/// The largest transposition table a match player may have, MB.
pub const MAX_HASH_MB: usize = 1024;
/// The fastest virtual clock accepted (nodes per second).
pub const MAX_VIRTUAL_NPS: f64 = 1e10;

/// Where the openings come from.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum OpeningsSpec {
    /// The shipped set (see `crate/data/openings.txt`).
    Builtin,
    /// EPD text: one position per line.
    Epd(String),
}

/// A match's settings as the user gave them (see the module documentation for the JSON).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatchSpec {
    /// The searcher both players use.
    pub engine: SearcherKind,
    /// Player A's manager, a spec string such as `lc0-legacy(slowmover=1.2)`.
    pub a: String,
    /// Player B's manager.
    pub b: String,
    /// A's name in the PGN (default `A <spec>`).
    pub name_a: Option<String>,
    /// B's name in the PGN (default `B <spec>`).
    pub name_b: Option<String>,
    /// A's time control, cutechess syntax.
    pub tc_a: String,
    /// B's time control; `None` (or empty) means the same as A's.
    pub tc_b: Option<String>,
    /// Number of games, played in colour-reversed pairs.
    pub games: u32,
    /// Virtual or real clock.
    pub clock: ClockMode,
    /// The opening set.
    pub openings: OpeningsSpec,
    /// Seed of the opening order.
    pub seed: u64,
    /// Optional SPRT; the match stops once it decides.
    pub sprt: Option<Sprt>,
    /// Score and move-count adjudication.
    pub adjudication: Adjudication,
    /// Move overhead of both managers, ms (`None`: each manager's own).
    pub overhead_ms: Option<f64>,
    /// Alpha-beta transposition table per player, MB.
    pub hash_mb: usize,
    /// PGN `Event`.
    pub event: String,
    /// PGN `Date` (`YYYY.MM.DD`, `????.??.??` when unknown).
    pub date: String,
}

impl Default for MatchSpec {
    /// Stockfish's manager against lc0's legacy one at 10+0.1 on a 1 M nps virtual clock.
    fn default() -> Self {
        MatchSpec {
            engine: SearcherKind::Ab,
            a: "stockfish".into(),
            b: "lc0-legacy".into(),
            name_a: None,
            name_b: None,
            tc_a: "10+0.1".into(),
            tc_b: None,
            games: 2,
            clock: ClockMode::Virtual { nps: 1_000_000.0, latency_ms: 0.0 },
            openings: OpeningsSpec::Builtin,
            seed: 1,
            sprt: None,
            adjudication: Adjudication::default(),
            overhead_ms: None,
            hash_mb: super::engine::DEFAULT_HASH_MB,
            event: "tmlab match".into(),
            date: "????.??.??".into(),
        }
    }
}

/// The top-level JSON fields, in documentation order.
pub const FIELDS: [&str; 17] = [
    "engine",
    "a",
    "b",
    "name_a",
    "name_b",
    "tc_a",
    "tc_b",
    "games",
    "clock",
    "openings",
    "seed",
    "sprt",
    "adjudication",
    "overhead_ms",
    "hash_mb",
    "event",
    "date",
];

/// A JSON object being read, with the path of its fields for error messages.
struct Fields<'a> {
    obj: &'a Map<String, Value>,
    prefix: String,
}

fn describe(v: &Value) -> String {
    clip(&v.to_string())
}

/// At most 40 characters of a key, name or value an error quotes, with `…` when cut.
fn clip(s: &str) -> String {
    if s.chars().count() > 40 {
        format!("{}…", s.chars().take(40).collect::<String>())
    } else {
        s.to_string()
    }
}

impl<'a> Fields<'a> {
    /// `value` as an object whose keys are all in `allowed`.
    fn new(value: &'a Value, prefix: &str, allowed: &[&str]) -> Result<Self, String> {
        let what = if prefix.is_empty() { "match spec" } else { prefix };
        let obj = value
            .as_object()
            .ok_or_else(|| format!("{what}: expected an object, got {}", describe(value)))?;
        for k in obj.keys() {
            if !allowed.contains(&k.as_str()) {
                let path = if prefix.is_empty() { clip(k) } else { format!("{prefix}.{}", clip(k)) };
                return Err(format!("{path}: unknown field; allowed: {}", allowed.join(", ")));
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

    fn string(&self, key: &str) -> Result<Option<String>, String> {
        self.get(key)
            .map(|v| {
                v.as_str()
                    .map(str::to_string)
                    .ok_or_else(|| format!("{}: expected a string, got {}", self.path(key), describe(v)))
            })
            .transpose()
    }

    fn number(&self, key: &str) -> Result<Option<f64>, String> {
        self.get(key)
            .map(|v| {
                v.as_f64()
                    .ok_or_else(|| format!("{}: expected a number, got {}", self.path(key), describe(v)))
            })
            .transpose()
    }

    fn whole(&self, key: &str, max: u64) -> Result<Option<u64>, String> {
        self.get(key)
            .map(|v| {
                v.as_u64().filter(|&n| n <= max).ok_or_else(|| {
                    format!(
                        "{}: expected a whole number from 0 to {max}, got {}",
                        self.path(key),
                        describe(v)
                    )
                })
            })
            .transpose()
    }

    fn int(&self, key: &str) -> Result<Option<i32>, String> {
        self.get(key)
            .map(|v| {
                v.as_i64().and_then(|n| i32::try_from(n).ok()).ok_or_else(|| {
                    format!("{}: expected a whole number (centipawns), got {}", self.path(key), describe(v))
                })
            })
            .transpose()
    }

    fn boolean(&self, key: &str) -> Result<Option<bool>, String> {
        self.get(key)
            .map(|v| {
                v.as_bool()
                    .ok_or_else(|| format!("{}: expected true or false, got {}", self.path(key), describe(v)))
            })
            .transpose()
    }

    fn object(&self, key: &str, allowed: &[&str]) -> Result<Option<Fields<'a>>, String> {
        self.get(key).map(|v| Fields::new(v, &self.path(key), allowed)).transpose()
    }

    fn required<T>(&self, key: &str, v: Option<T>, what: &str) -> Result<T, String> {
        v.ok_or_else(|| format!("{}: missing; expected {what}", self.path(key)))
    }
}

impl MatchSpec {
    /// Read a spec from JSON. Errors name the field and what it accepts; the values themselves
    /// are checked by [`MatchSpec::to_config`].
    ///
    /// # Errors
    /// Invalid JSON, an unknown field, a field of the wrong type, or a missing `a`/`b`.
    pub fn from_json(text: &str) -> Result<MatchSpec, String> {
        let v: Value = serde_json::from_str(text).map_err(|e| format!("match spec: not valid JSON: {e}"))?;
        Self::from_value(&v)
    }

    /// Read a spec from a parsed JSON value; see [`MatchSpec::from_json`].
    ///
    /// # Errors
    /// As [`MatchSpec::from_json`].
    pub fn from_value(v: &Value) -> Result<MatchSpec, String> {
        let f = Fields::new(v, "", &FIELDS)?;
        let mut s = MatchSpec::default();
        if let Some(e) = f.string("engine")? {
            s.engine = e.parse().map_err(|e| format!("engine: {e}"))?;
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
                        return Err(format!(
                            "clock.{k}: only a virtual clock has it; the real clock measures wall time"
                        ));
                    }
                    ClockMode::Real
                }
                other => {
                    return Err(format!("clock.mode: {other:?} is not a clock mode; allowed: virtual, real"));
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
                    return Err(format!(
                        "openings: expected \"builtin\" or {{\"epd\": \"<EPD text>\"}}, got {}",
                        describe(other)
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
        if let Some(e) = f.string("event")? {
            s.event = e;
        }
        if let Some(d) = f.string("date")? {
            s.date = d;
        }
        Ok(s)
    }

    /// The spec as JSON (the same form [`MatchSpec::from_json`] reads).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a match spec always serialises")
    }

    /// A's and B's time controls, parsed and checked.
    ///
    /// # Errors
    /// `tc_a: …` or `tc_b: …` with the parser's message, or a control that bounds nothing.
    pub fn time_controls(&self) -> Result<(TimeControl, TimeControl), String> {
        let a = parse_tc("tc_a", &self.tc_a)?;
        let b = match &self.tc_b {
            Some(t) if !t.trim().is_empty() => parse_tc("tc_b", t)?,
            _ => a.clone(),
        };
        Ok((a, b))
    }

    /// The openings, parsed.
    ///
    /// # Errors
    /// `openings.epd: …` naming the bad EPD line.
    pub fn opening_set(&self) -> Result<Vec<Opening>, String> {
        match &self.openings {
            OpeningsSpec::Builtin => Ok(openings::builtin()),
            OpeningsSpec::Epd(text) => openings::parse_epd(text).map_err(|e| format!("openings.epd: {e}")),
        }
    }

    /// Check every value and build the match configuration.
    ///
    /// # Errors
    /// The first bad field, named, with what it allows.
    pub fn to_config(&self) -> Result<MatchConfig, String> {
        let tm_a: TmSpec = self.a.parse().map_err(|e: crate::tm::SpecError| format!("a: {e}"))?;
        let tm_b: TmSpec = self.b.parse().map_err(|e: crate::tm::SpecError| format!("b: {e}"))?;
        if !(1..=MAX_HASH_MB).contains(&self.hash_mb) {
            return Err(format!("hash_mb: {} MB is out of range; allowed: 1 to {MAX_HASH_MB}", self.hash_mb));
        }
        let mut a = EngineConfig::new(self.engine, tm_a);
        let mut b = EngineConfig::new(self.engine, tm_b);
        for (which, c) in [("a", &mut a), ("b", &mut b)] {
            c.hash_mb = self.hash_mb;
            if let Some(o) = self.overhead_ms {
                if !(o.is_finite() && o >= 0.0) {
                    return Err(format!("overhead_ms: expected ≥ 0 ms, got {o}"));
                }
                c.set_move_overhead(o).map_err(|e| format!("overhead_ms (player {which}): {e}"))?;
            }
        }
        let (tc_a, tc_b) = self.time_controls()?;
        if !(1..=MAX_GAMES).contains(&self.games) {
            return Err(format!("games: {} is out of range; allowed: 1 to {MAX_GAMES}", self.games));
        }
        if let ClockMode::Virtual { nps, latency_ms } = self.clock {
            if !(nps.is_finite() && nps > 0.0 && nps <= MAX_VIRTUAL_NPS) {
                return Err(format!(
                    "clock.nps: expected virtual nodes per second above 0 and at most {MAX_VIRTUAL_NPS:e}, got {nps}"
                ));
            }
            if !(latency_ms.is_finite() && (0.0..=60_000.0).contains(&latency_ms)) {
                return Err(format!("clock.latency_ms: expected 0 to 60000 ms, got {latency_ms}"));
            }
        }
        let sprt = self
            .sprt
            .map(|t| Sprt::with_errors(t.elo0, t.elo1, t.alpha, t.beta).map_err(|e| format!("sprt: {e}")))
            .transpose()?;
        check_adjudication(&self.adjudication)?;
        let openings = self.opening_set()?;
        let name = |n: &Option<String>, side: &str, spec: &TmSpec| {
            n.as_deref()
                .map(str::trim)
                .filter(|n| !n.is_empty())
                .map_or(format!("{side} {spec}"), str::to_string)
        };
        let (name_a, name_b) = (name(&self.name_a, "A", &a.tm), name(&self.name_b, "B", &b.tm));
        if name_a == name_b {
            return Err(format!(
                "name_b: both players are called {:?}; give them different names",
                clip(&name_a)
            ));
        }
        let cfg = MatchConfig {
            a,
            b,
            name_a,
            name_b,
            tc_a,
            tc_b,
            games: self.games,
            openings,
            seed: self.seed,
            clock: self.clock,
            adjudication: self.adjudication,
            sprt,
            event: self.event.clone(),
            date: self.date.clone(),
        };
        cfg.validate()?;
        Ok(cfg)
    }

    /// "virtual clock: 1 ms = 1000 nodes, latency 0 ms" or "real (wall) clock".
    pub fn clock_label(&self) -> String {
        match self.clock {
            ClockMode::Virtual { nps, latency_ms } => {
                let per_ms = nps / 1000.0;
                let n = if per_ms.fract() == 0.0 { format!("{per_ms:.0}") } else { format!("{per_ms}") };
                if latency_ms > 0.0 {
                    format!("virtual clock: 1 ms = {n} nodes, latency {latency_ms} ms")
                } else {
                    format!("virtual clock: 1 ms = {n} nodes")
                }
            }
            ClockMode::Real => "real (wall) clock".into(),
        }
    }
}

fn parse_tc(field: &str, text: &str) -> Result<TimeControl, String> {
    let tc: TimeControl = text.parse().map_err(|e: crate::clock::TcError| format!("{field}: {e}"))?;
    if !tc.has_clock()
        && tc.nodes.is_none()
        && tc.depth.is_none()
        && !matches!(tc.timing, Timing::MoveTime { .. })
    {
        return Err(format!(
            "{field}: `{tc}` bounds neither time, nodes nor depth, so a game could never end; \
             give a clock (10+0.1), a move time (st=0.1), nodes=N or depth=N"
        ));
    }
    Ok(tc)
}

fn check_adjudication(a: &Adjudication) -> Result<(), String> {
    a.check().map_err(|e| format!("adjudication.{e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(json: &str) -> String {
        match MatchSpec::from_json(json).and_then(|s| s.to_config()) {
            Ok(_) => panic!("accepted {json}"),
            Err(e) => e,
        }
    }

    #[test]
    fn a_full_spec_round_trips_and_builds_the_config() {
        let json = r#"{"engine":"mcts","a":"stockfish","b":"lc0-legacy(slowmover=1.2)","tc_a":"5+0.05",
            "tc_b":"4+0.05","games":10,"clock":{"mode":"virtual","nps":200000,"latency_ms":1},
            "openings":"builtin","seed":42,"sprt":{"elo0":0,"elo1":10},
            "adjudication":{"max_moves":120,"resign":{"move_count":3,"score_cp":600},
            "draw":{"move_number":40,"move_count":8,"score_cp":10}},"overhead_ms":2,"hash_mb":8}"#;
        let spec = MatchSpec::from_json(json).unwrap();
        assert_eq!(MatchSpec::from_json(&spec.to_json()).unwrap(), spec);
        let cfg = spec.to_config().unwrap();
        assert_eq!(cfg.a.searcher, SearcherKind::Mcts);
        assert_eq!((cfg.tc_a.to_string(), cfg.tc_b.to_string()), ("5+0.05".into(), "4+0.05".into()));
        assert_eq!(cfg.games, 10);
        assert_eq!(cfg.seed, 42);
        assert_eq!(cfg.clock, ClockMode::Virtual { nps: 200_000.0, latency_ms: 1.0 });
        assert_eq!(cfg.sprt.unwrap().alpha, 0.05);
        assert_eq!(cfg.adjudication.max_moves, Some(120));
        assert_eq!(cfg.adjudication.resign.unwrap().score_cp, 600);
        assert_eq!(cfg.a.tm.get("move-overhead").map(|v| v.to_string()), Some("2".into()));
        assert_eq!(cfg.a.hash_mb, 8);
        assert!(cfg.name_a.starts_with("A stockfish"), "{}", cfg.name_a);
        assert!(cfg.name_b.starts_with("B lc0-legacy"));
        assert_eq!(spec.clock_label(), "virtual clock: 1 ms = 200 nodes, latency 1 ms");
    }

    #[test]
    fn defaults_fill_what_is_left_out_and_tc_b_follows_tc_a() {
        let spec =
            MatchSpec::from_json(r#"{"a":"stockfish","b":"stockfish(preset=ponder)","tc_b":""}"#).unwrap();
        let cfg = spec.to_config().unwrap();
        assert_eq!(cfg.tc_a, cfg.tc_b);
        assert_eq!(cfg.openings.len(), openings::builtin().len());
        assert_eq!(cfg.clock, ClockMode::Virtual { nps: 1e6, latency_ms: 0.0 });
        let real =
            MatchSpec::from_json(r#"{"a":"stockfish","b":"mediocre","clock":{"mode":"real"}}"#).unwrap();
        assert_eq!(real.to_config().unwrap().clock, ClockMode::Real);
        assert_eq!(real.clock_label(), "real (wall) clock");
    }

    #[test]
    fn one_manager_with_different_parameters_needs_different_names_only_when_equal() {
        let same = MatchSpec::from_json(r#"{"a":"stockfish","b":"stockfish(slowmover=1.5)"}"#);
        let cfg = same.and_then(|s| s.to_config());
        assert!(cfg.is_err_and(|e| e.starts_with("b: ")), "stockfish has no slowmover");
        let cfg = MatchSpec::from_json(r#"{"a":"lc0-legacy","b":"lc0-legacy(slowmover=1.5)"}"#)
            .and_then(|s| s.to_config())
            .unwrap();
        assert_eq!(cfg.a.tm.manager(), cfg.b.tm.manager());
        assert_ne!(cfg.name_a, cfg.name_b);
        let e = err(r#"{"a":"stockfish","b":"stockfish","name_a":"x","name_b":" x "}"#);
        assert!(e.starts_with("name_b:") && e.contains("different names"), "{e}");
    }

    #[test]
    fn errors_name_the_field_and_what_is_allowed() {
        let cases: &[(&str, &str, &str)] = &[
            ("not json", "match spec: not valid JSON", ""),
            ("[1]", "match spec: expected an object", ""),
            (r#"{"a":"stockfish","b":"mediocre","gmaes":3}"#, "gmaes: unknown field", "allowed: engine"),
            (r#"{"b":"mediocre"}"#, "a: missing", "stockfish"),
            (r#"{"a":"stockfish","b":"mediocre","engine":"nn"}"#, "engine: ", "ab or mcts"),
            (r#"{"a":"stokfish","b":"mediocre"}"#, "a: ", "stokfish"),
            (r#"{"a":"stockfish","b":"lc0-legacy(slowmover=99)"}"#, "b: ", "slowmover"),
            (r#"{"a":"stockfish","b":"mediocre","tc_a":"10+x"}"#, "tc_a: bad time control token", "x"),
            (r#"{"a":"stockfish","b":"mediocre","tc_b":"inf"}"#, "tc_b: `inf` bounds neither", "st=0.1"),
            (r#"{"a":"stockfish","b":"mediocre","games":0}"#, "games: 0 is out of range", "1 to 100000"),
            (
                r#"{"a":"stockfish","b":"mediocre","games":"ten"}"#,
                "games: expected a whole number",
                "\"ten\"",
            ),
            (r#"{"a":"stockfish","b":"mediocre","games":2.5}"#, "games: expected a whole number", "2.5"),
            (
                r#"{"a":"stockfish","b":"mediocre","clock":{"mode":"sundial"}}"#,
                "clock.mode: ",
                "virtual, real",
            ),
            (r#"{"a":"stockfish","b":"mediocre","clock":{"nps":0}}"#, "clock.nps: ", "above 0"),
            (
                r#"{"a":"stockfish","b":"mediocre","clock":{"nps":1e6,"latency_ms":-1}}"#,
                "clock.latency_ms: ",
                "0 to",
            ),
            (
                r#"{"a":"stockfish","b":"mediocre","clock":{"mode":"real","nps":5}}"#,
                "clock.nps: only a virtual",
                "",
            ),
            (
                r#"{"a":"stockfish","b":"mediocre","clock":{"speed":1}}"#,
                "clock.speed: unknown field",
                "mode, nps",
            ),
            (
                r#"{"a":"stockfish","b":"mediocre","openings":"mine"}"#,
                "openings: expected \"builtin\"",
                "epd",
            ),
            (
                r#"{"a":"stockfish","b":"mediocre","openings":{"epd":"8/8 w"}}"#,
                "openings.epd: EPD line 1",
                "4 FEN",
            ),
            (r#"{"a":"stockfish","b":"mediocre","sprt":{"elo0":5,"elo1":0}}"#, "sprt: ", "elo0 must be less"),
            (r#"{"a":"stockfish","b":"mediocre","sprt":{"elo1":5}}"#, "sprt.elo0: missing", ""),
            (r#"{"a":"stockfish","b":"mediocre","sprt":{"elo0":0,"elo1":5,"alpha":1.5}}"#, "sprt: ", "alpha"),
            (
                r#"{"a":"stockfish","b":"mediocre","adjudication":{"resign":{"move_count":3,"score_cp":-5}}}"#,
                "adjudication.resign.score_cp: ",
                "above 0",
            ),
            (
                r#"{"a":"stockfish","b":"mediocre","adjudication":{"draw":{"move_count":2}}}"#,
                "adjudication.draw.score_cp: missing",
                "",
            ),
            (
                r#"{"a":"stockfish","b":"mediocre","adjudication":{"max_moves":0}}"#,
                "adjudication.max_moves:",
                "",
            ),
            (r#"{"a":"stockfish","b":"mediocre","hash_mb":0}"#, "hash_mb: 0 MB is out of range", "1 to 1024"),
            (r#"{"a":"stockfish","b":"mediocre","overhead_ms":-3}"#, "overhead_ms: expected ≥ 0", ""),
            (r#"{"a":"lc0-legacy","b":"mediocre","overhead_ms":3}"#, "overhead_ms (player b): ", "mediocre"),
        ];
        for (json, start, contains) in cases {
            let e = err(json);
            assert!(e.starts_with(start), "{json}: {e}");
            assert!(e.contains(contains), "{json}: {e} lacks {contains:?}");
        }
    }
}
