//! Time-control strings for the page: the URL reader checks a shared link's `al.tc` with the
//! same parser the clocks use.

use wasm_bindgen::prelude::*;

use super::Thrown;
use crate::clock::TimeControl;

/// Parse a time control in cutechess syntax (`60+0.6`, `40/60`, `st=1`, …) and print it back in
/// canonical form; throws the typed error `{path: "tc", message, allowed}` (the bad token, the
/// forms allowed).
#[wasm_bindgen]
pub fn normalize_time_control(tc: &str) -> Result<String, JsValue> {
    tc.parse::<TimeControl>().map(|t| t.to_string()).map_err(|e| e.at("tc").js())
}
