//! The time-manager schema and spec strings, for the page's parameter panels.

use wasm_bindgen::prelude::*;

use super::Thrown;
use crate::error::FieldError;
use crate::tm::params::TmSpec;
#[cfg(feature = "engine")]
use crate::tm::params::schema;

/// Every manager's parameters (key, label, default, ranges, scale, unit, description, source)
/// and presets: the single source of truth the page builds its sliders from.
#[cfg(feature = "engine")] // not in the charts module: no chart or embed asks it (issue 24)
#[wasm_bindgen]
pub fn tm_schema() -> Result<JsValue, JsError> {
    super::to_js(&schema())
}

/// Parse a spec string and print it back in canonical form; the error names the parameter and
/// its allowed range.
#[cfg(feature = "engine")] // not in the charts module: no chart or embed asks it (issue 24)
#[wasm_bindgen]
pub fn normalize_spec(spec: &str) -> Result<String, JsValue> {
    spec.parse::<TmSpec>().map(|s| s.to_string()).map_err(|e| FieldError::from(&e).js())
}

/// A parsed spec string as the page needs it to fill a panel.
#[derive(serde::Serialize)]
struct SpecDescription {
    manager: &'static str,
    preset: &'static str,
    canonical: String,
    /// `path → value` for every parameter of the manager.
    values: super::SortedMap<crate::tm::params::Value>,
}

/// Parse a spec string into `{manager, preset, canonical, values}` (every parameter's value,
/// keyed by its schema path); the error names the parameter and its allowed range.
#[wasm_bindgen]
pub fn describe_spec(spec: &str) -> Result<JsValue, JsValue> {
    let parsed: TmSpec = spec.parse().map_err(|e: crate::tm::params::SpecError| FieldError::from(&e).js())?;
    let manager = parsed.manager();
    let paths = crate::tm::registry::find(manager).map(|m| (m.params)()).unwrap_or_default();
    let values = super::SortedMap::new(
        paths.into_iter().filter_map(|p| parsed.get(&p.path).map(|v| (p.path, v))).collect(),
    );
    let d = SpecDescription { manager, preset: parsed.preset(), canonical: parsed.to_string(), values };
    super::to_js(&d).map_err(JsValue::from)
}
