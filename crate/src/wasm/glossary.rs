//! The glossary and the parameter rules for the page: labels, units and meanings come from
//! here, never from JavaScript.

use wasm_bindgen::prelude::*;

use crate::tm::SearchKind;
#[cfg(feature = "engine")]
use crate::tm::glossary::{self, EntryView};

/// Every glossary entry: `{scope, key, label, unit, unit_name, meaning, formula, source, url}`.
#[cfg(feature = "engine")] // not in the charts module: no chart or embed asks it (issue 24)
#[wasm_bindgen]
pub fn glossary() -> Result<JsValue, JsError> {
    super::to_js(&glossary::views())
}

/// The entry for `key` in `scope` (a manager's name, `budget`, `chart` or `stop`; empty: the
/// only entry with that key), or `null`.
#[cfg(feature = "engine")] // not in the charts module: no chart or embed asks it (issue 24)
#[wasm_bindgen]
pub fn term(scope: &str, key: &str) -> Result<JsValue, JsError> {
    super::to_js(&glossary::lookup(scope, key).map(EntryView::from))
}

/// `key` = `value` as a readout shows it: `{key, label, value, text, unit, meaning, formula,
/// source, url, known}` (`text` is the value with its unit).
#[cfg(feature = "engine")] // not in the charts module: no chart or embed asks it (issue 24)
#[wasm_bindgen]
pub fn term_readout(scope: &str, key: &str, value: f64) -> Result<JsValue, JsError> {
    super::to_js(&glossary::readout(scope, key, value))
}

/// The parameters of `manager` that do nothing with `searcher` (`ab`/`alpha-beta` or `mcts`):
/// `{path: reason}`. The error names an unknown manager or searcher.
#[wasm_bindgen]
pub fn params_not_for(manager: &str, searcher: &str) -> Result<JsValue, JsValue> {
    use super::Thrown;
    use crate::error::FieldError;
    use crate::excerpt::excerpt;
    let kind = match searcher.trim().to_ascii_lowercase().as_str() {
        "ab" | "alpha-beta" => SearchKind::AlphaBeta,
        "mcts" => SearchKind::Mcts,
        other => {
            return Err(FieldError::new(
                "searcher",
                format!("unknown searcher `{}`", excerpt(other)),
                "ab, mcts",
            )
            .js());
        }
    };
    let m = crate::tm::registry::find(manager).ok_or_else(|| {
        FieldError::new(
            "manager",
            format!("unknown time manager `{}`", excerpt(manager)),
            crate::tm::registry::names().join(", "),
        )
        .js()
    })?;
    let map = super::SortedMap::new(
        (m.params)().into_iter().filter_map(|p| p.not_for(kind).map(|why| (p.path, why))).collect(),
    );
    super::to_js(&map).map_err(JsValue::from)
}
