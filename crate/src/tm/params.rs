//! The parameter schema: the single source of truth for every parameter of every manager and of
//! SmartPruning, and lc0-style spec strings (§0.5) that select and configure a manager.
//!
//! - Each manager has a typed config (`XConfig` in its module) whose presets are named constants
//!   there, with their sources.
//! - [`tables`] declares, for every parameter, its key, label, kind, slider and valid ranges,
//!   unit, description and source, and how it reads and writes the typed config. Defaults are
//!   the default preset's values, read through the same accessors.
//! - [`schema`] serialises all of it (JSON for the browser's sliders; min/max for UCI options).
//! - [`TmSpec`] is a parsed spec string: a preset and a typed config. It prints back in the same
//!   syntax (only values that differ from the preset), and that print re-parses to the same spec.
//!
//! ```
//! use tmlab::tm::TmSpec;
//! let spec: TmSpec = "lc0-smooth(preset=lc0,mle-legacy(midpoint=50))".parse().unwrap();
//! assert_eq!(spec.to_string(), "lc0-smooth(preset=lc0,mle-legacy(midpoint=50.0))");
//! assert!("lc0-smooth(init-tree-reuse=2)".parse::<TmSpec>().unwrap_err().to_string().contains("0 … 0.9"));
//! ```

pub mod tables;

mod error;
mod export;
pub(crate) mod flags;
mod param;
mod resolve;
mod spec;
mod spec_list;
mod syntax;
pub mod text;
mod uci_option;
mod value;

pub use super::TmConfig;
pub use error::SpecError;
#[cfg(feature = "engine")]
pub use export::schema;
pub use export::{ManagerSchema, ParamPath, ParamSchema, PresetSchema, manager_schema, param_paths};
pub use param::{Access, ManagerConfig, ManagerInfo, Param, Preset, Row};
pub(crate) use resolve::{get_path, preset_index, print, resolve_rows, rows, set_path};
pub use spec::{TmSpec, from_spec};
pub use spec_list::{SPEC_LIST_SEPARATOR, join_spec_list, spec_list, spec_manager};
pub(crate) use syntax::Dict;
pub use uci_option::{MIN_FLOAT_SCALE, UciOption, option_name};
pub use value::{Kind, Range, Scale, Slider, Value};

#[cfg(test)]
pub(crate) mod tests;
