//! The engine wasm module (docs/architecture.md, "Crates"): `tmlab` with its `engine` feature,
//! linked here. Its `#[wasm_bindgen]` exports are the module's.
#[cfg(target_arch = "wasm32")]
pub use tmlab;
