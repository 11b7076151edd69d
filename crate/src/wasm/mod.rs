//! The browser bindings: the only code that knows wasm-bindgen.
//!
//! Three modules are built from this code (docs/architecture.md). The *charts* module (feature
//! `draw` alone) holds what `<tm-curve>`, the Curves view's charts and the parameter sliders
//! ask: the canvases of [`charts`] and [`game_chart`], the spec checks of [`tm`] and the rules
//! ([`rules`]); the exports no chart asks (the glossary, the lessons' numbers, the schema as a
//! whole) are left out of it, to keep what a docs page downloads small (issue 24). The *engine*
//! module (feature `engine` alone) holds the rules, the glossary and the schema and what plays
//! chess: the engine worker ([`WorkerEngine`]), the Play board, matches, experiments, replays,
//! and the plain data of the engine's own charts; it draws nothing. The *engine charts* module
//! (feature `draw-engine` alone: no chess, no rules) draws that data: [`engine_charts`] and
//! [`usage`].

#[cfg(feature = "engine")]
pub mod bench;
#[cfg(feature = "engine")]
pub mod board;
#[cfg(any(feature = "draw", feature = "draw-engine"))]
mod canvas;
#[cfg(feature = "draw")]
pub mod charts;
#[cfg(feature = "draw-engine")]
pub mod engine_charts;
#[cfg(feature = "engine")]
pub mod experiments;
#[cfg(feature = "engine")]
pub mod flag_risk;
#[cfg(feature = "draw")]
pub mod game_chart;
#[cfg(any(feature = "engine", feature = "draw"))]
pub mod glossary;
#[cfg(feature = "engine")]
pub mod match_rules;
#[cfg(feature = "engine")]
pub mod matches;
#[cfg(feature = "engine")]
pub mod replay;
#[cfg(any(feature = "engine", feature = "draw"))]
pub mod rules;
#[cfg(feature = "engine")]
pub mod scaling;
#[cfg(feature = "engine")] // no chart or embed asks it
pub mod tc_check;
#[cfg(feature = "engine")]
pub mod timeline;
#[cfg(any(feature = "engine", feature = "draw"))]
pub mod tm;
#[cfg(feature = "engine")]
pub mod trace;
#[cfg(feature = "draw-engine")]
pub mod usage;

use wasm_bindgen::prelude::*;

#[cfg(feature = "engine")]
use crate::uci::UciSession;

/// Install the panic hook, once per instance: a panic goes to `console.error` with its message
/// and to `globalThis.__tmlabPanic(message)` if the host defined it (the worker does, and reports
/// the crash to the page before the trap unwinds).
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        let global = js_sys::global();
        if let Ok(report) = js_sys::Reflect::get(&global, &JsValue::from_str("__tmlabPanic"))
            && let Some(report) = report.dyn_ref::<js_sys::Function>()
        {
            let _ = report.call1(&JsValue::NULL, &JsValue::from_str(&info.to_string()));
        }
    }));
}

/// A typed error naming no one value (`FieldError::message`), for JavaScript: what the engine
/// and engine charts modules' bindings throw for a malformed input they read (chart data, a
/// form, a record). The one rule of both modules (the match bindings throw `JsError`s instead).
#[cfg(any(feature = "engine", feature = "draw-engine"))]
pub(crate) fn js_err(e: impl std::fmt::Display) -> JsValue {
    crate::error::FieldError::message(e.to_string()).js()
}

/// Serialise for JavaScript: plain objects for maps and structs, numbers for 64-bit integers.
pub(crate) fn to_js<T: serde::Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
}

/// A plain JS object from pairs of distinct keys, in the keys' sorted order (as a `BTreeMap`
/// serialises): sorted in place by an insertion sort, as these maps are a manager's parameters
/// (tens of keys), so the charts module links neither a B-tree nor a slice sort for them
/// (issue 24).
#[cfg(any(feature = "engine", feature = "draw"))]
pub(crate) struct SortedMap<V>(Vec<(String, V)>);

#[cfg(any(feature = "engine", feature = "draw"))]
impl<V> SortedMap<V> {
    /// Sort `pairs` by key.
    pub(crate) fn new(mut pairs: Vec<(String, V)>) -> Self {
        for i in 1..pairs.len() {
            let mut j = i;
            while j > 0 && pairs[j - 1].0 > pairs[j].0 {
                pairs.swap(j - 1, j);
                j -= 1;
            }
        }
        SortedMap(pairs)
    }
}

#[cfg(any(feature = "engine", feature = "draw"))]
impl<V: serde::Serialize> serde::Serialize for SortedMap<V> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

/// The type of [`Thrown`]'s objects in the module's `.d.ts`, for the page's `// @ts-check`.
#[wasm_bindgen(typescript_custom_section)]
const RULE_ERROR_TS: &str = r#"
/** The crate's typed error (`tmlab::FieldError`): which value, what is wrong, what it allows. */
export interface RuleError {
  /** The value's path: a form field (`tc_a`, `games`), a parameter (`base-pct`), `tc`, `fen`, …; empty when no one value is at fault. */
  path: string;
  /** What is wrong, naming the value; never the allowed list. */
  message: string;
  /** What the value accepts (empty when the message says it). */
  allowed: string;
}
"#;

/// The crate's typed error as the page gets it: thrown (or returned) as the plain object
/// `{path, message, allowed}` (`RuleError` in the module's `.d.ts`), never a string to split.
pub(crate) trait Thrown {
    /// The plain JS object.
    fn js(&self) -> JsValue;
}

impl Thrown for crate::error::FieldError {
    fn js(&self) -> JsValue {
        to_js(self).unwrap_or_else(|_| JsValue::from_str(&self.message))
    }
}

/// The engine as the worker sees it: UCI lines in, UCI lines out.
#[cfg(feature = "engine")]
#[wasm_bindgen]
pub struct WorkerEngine {
    session: UciSession,
}

#[cfg(feature = "engine")]
#[wasm_bindgen]
impl WorkerEngine {
    /// A new engine.
    #[wasm_bindgen(constructor)]
    pub fn new() -> WorkerEngine {
        WorkerEngine { session: UciSession::new() }
    }

    /// Handle one UCI line and return the response lines.
    pub fn handle(&mut self, line: &str) -> Vec<String> {
        let mut lines = Vec::new();
        self.session.handle_line(line, &mut |l| lines.push(l.to_string()));
        lines
    }

    /// Advance a running search by one slice of `max_batches` MCTS batches (an alpha-beta
    /// search runs to its end in one call) and return the lines it printed. Call again after
    /// yielding to the event loop while [`WorkerEngine::searching`] is true.
    pub fn pump(&mut self, max_batches: u32) -> Vec<String> {
        let mut lines = Vec::new();
        self.session.pump(max_batches, &mut |l| lines.push(l.to_string()));
        lines
    }

    /// Handle one UCI line, calling `out(line)` for each response line as it is written.
    ///
    /// # Errors
    /// The first exception `out` threw (later lines are still handled, not delivered).
    pub fn handle_with(&mut self, line: &str, out: &js_sys::Function) -> Result<(), JsValue> {
        let mut err = None;
        self.session.handle_line(line, &mut |l| deliver(out, l, &mut err));
        err.map_or(Ok(()), Err)
    }

    /// Advance a running search by one slice, calling `out(line)` for each line *as it is
    /// written*: an alpha-beta search runs to its end in one call, and its `info depth …` line
    /// of every completed iteration reaches `out` while it still runs (the worker passes a
    /// function that `postMessage`s it, so the page sees iterations live).
    ///
    /// # Errors
    /// The first exception `out` threw.
    pub fn pump_with(&mut self, max_batches: u32, out: &js_sys::Function) -> Result<(), JsValue> {
        let mut err = None;
        self.session.pump(max_batches, &mut |l| deliver(out, l, &mut err));
        err.map_or(Ok(()), Err)
    }

    /// Whether a search is still running (call [`WorkerEngine::pump`] again).
    #[wasm_bindgen(getter)]
    pub fn searching(&self) -> bool {
        self.session.running()
    }

    /// Whether `quit` was received.
    #[wasm_bindgen(getter)]
    pub fn quit(&self) -> bool {
        self.session.quit_requested()
    }
}

/// Calls `out(line)`, keeping the first exception.
#[cfg(feature = "engine")]
fn deliver(out: &js_sys::Function, line: &str, err: &mut Option<JsValue>) {
    if let Err(e) = out.call1(&JsValue::NULL, &JsValue::from_str(line))
        && err.is_none()
    {
        *err = Some(e);
    }
}

#[cfg(feature = "engine")]
impl Default for WorkerEngine {
    fn default() -> Self {
        Self::new()
    }
}

/// The sentence for a stop reason key (`soft-limit`, …, or `cancelled`), worded for the
/// searcher (`ab` or `mcts`: MCTS has no iterations). Unknown keys come back as they are, so the
/// page never re-implements the wording.
#[cfg(feature = "engine")] // not in the charts module: no chart or embed asks it (issue 24)
#[wasm_bindgen]
pub fn stop_reason_label(key: &str, searcher: &str) -> String {
    let mcts = searcher.trim().eq_ignore_ascii_case("mcts");
    crate::stop::StopReason::describe_key(key, mcts).map_or_else(|| key.to_string(), str::to_string)
}

/// Deliberately panic, so the page's crash handling (report, respawn) can be tested for real.
#[cfg(feature = "engine")] // not in the charts module: no chart or embed asks it (issue 24)
#[wasm_bindgen]
pub fn debug_panic(message: &str) {
    panic!("debug_panic: {message}");
}
