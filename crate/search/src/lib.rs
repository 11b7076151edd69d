//! The searchers and the bottom layer they stand on, a crate of their own so that a build can
//! optimise them for speed and the rest of `tmlab` for size (the engine wasm module:
//! docs/architecture.md, "Crates"). `tmlab` re-exports every module here at the same path, so
//! `tmlab::search`, `tmlab::stop`, `tmlab::error`, `tmlab::excerpt` and `tmlab::clock::timer`
//! are these.
//!
//! The layers are `tmlab`'s (docs/architecture.md, "Module dependencies"): `clock::timer`,
//! `stop`, `error` and `excerpt` at the bottom, `search` on them. Without the `search` feature
//! (the chart modules) the crate is only the bottom layer, and shakmaty is not compiled.

/// The part of `tmlab::clock` the searchers read: real and virtual time.
pub mod clock {
    pub mod timer;
}
pub mod decimal;
pub mod error;
pub mod excerpt;
#[cfg(feature = "search")]
pub mod search;
pub mod stop;

pub use error::FieldError;
