//! Engine-mode allocation in the browser: [`TraceRunner`] plays a self-play game on the virtual
//! clock one move per call (in a worker, which posts progress between moves); the engine charts
//! module's `EngineAllocationCanvas` draws the moves it produced (their JSON as they are), over
//! the default's game as a ghost.

use crate::tm::SearchKind;
use serde::Deserialize;
use wasm_bindgen::prelude::*;

use super::{Thrown, to_js};
use crate::error::FieldError;
use crate::play::trace::{TraceGame, TraceSpec};

/// The page's request: `{tm, tc, opening, nps, moves, searcher?}`.
#[derive(Deserialize)]
struct SpecJs {
    tm: String,
    tc: String,
    #[serde(default)]
    opening: usize,
    nps: f64,
    moves: u32,
    #[serde(default)]
    searcher: Option<String>,
    #[serde(default)]
    latency: f64,
    #[serde(default)]
    ponder: bool,
}

fn thrown(e: &FieldError) -> JsValue {
    e.js()
}

/// A self-play game being played for the engine-mode chart.
#[wasm_bindgen]
pub struct TraceRunner {
    inner: TraceGame,
}

#[wasm_bindgen]
impl TraceRunner {
    /// Sets up the game from `{tm, tc, opening, nps, moves, searcher?, latency?}` (latency: ms per move) (`searcher`: `ab` or
    /// `mcts`; default the manager's own). Throws `{path, message, allowed}`.
    #[wasm_bindgen(constructor)]
    pub fn new(spec: JsValue) -> Result<TraceRunner, JsValue> {
        let s: SpecJs = serde_wasm_bindgen::from_value(spec).map_err(|e| {
            thrown(&FieldError::new(
                "spec",
                format!("spec: {e}"),
                "{tm, tc, opening, nps, moves, searcher, latency, ponder}",
            ))
        })?;
        let searcher = match s.searcher.as_deref() {
            None | Some("") => None,
            Some(k) => Some(k.parse::<SearchKind>().map_err(|e| thrown(&FieldError::said("searcher", e)))?),
        };
        let spec = TraceSpec {
            tm: s.tm,
            tc: s.tc,
            opening: s.opening,
            nps: s.nps,
            moves: s.moves,
            searcher,
            latency_ms: s.latency,
            ponder: s.ponder,
        };
        Ok(TraceRunner { inner: TraceGame::new(&spec).map_err(|e| thrown(&e))? })
    }

    /// Plays the next move; returns its record, or `null` once the game is over.
    pub fn step(&mut self) -> Result<JsValue, JsError> {
        match self.inner.step() {
            Some(m) => to_js(m),
            None => Ok(JsValue::NULL),
        }
    }

    /// Whether the game is over.
    #[wasm_bindgen(getter)]
    pub fn done(&self) -> bool {
        self.inner.done()
    }

    /// `ab` or `mcts`.
    #[wasm_bindgen(getter)]
    pub fn searcher(&self) -> String {
        self.inner.searcher().as_str().to_string()
    }

    /// The opening's name.
    #[wasm_bindgen(getter)]
    pub fn opening(&self) -> String {
        self.inner.opening().to_string()
    }

    /// The result and reason once over (`1/2-1/2 …`), else `null`.
    #[wasm_bindgen(getter)]
    pub fn result(&self) -> Option<String> {
        self.inner.result()
    }
}

/// The builtin openings' names, in index order (the `opening` a trace takes).
#[wasm_bindgen]
pub fn trace_openings() -> Vec<String> {
    crate::play::openings::builtin().into_iter().map(|o| o.name).collect()
}
