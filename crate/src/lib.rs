//! tmlab: a laboratory for chess-engine time management.
//!
//! The crate holds every time manager of `docs/spec/time-managers.md` ([`tm`]), the clock model
//! ([`clock`]), small alpha-beta and MCTS searchers that obey them ([`search`]) through the
//! [`stop::Stopper`] interface, games and matches ([`play`]), the UCI protocol ([`uci`]) and the
//! charts ([`plot`]). The same code runs natively (the `tmlab` CLI and UCI engine) and in the
//! browser (the [`wasm`] module, compiled only for `wasm32`).
//!
//! Dependencies point one way: `stop` and `clock` know nothing else; `tm` and `search` know
//! `stop` and `clock` but not each other; [`drive`] runs a move (manager + searcher) and knows
//! only those; `play` and `uci` bring it to games and the protocol (neither imports the other);
//! `plot` draws `play`'s records (`play` does not import `plot`).
//!
//! Three wasm builds (docs/architecture.md): with the default feature `engine`, all of the above;
//! without it, the *charts* library the docs embeds load (`stop`, `clock`, `tm`, `plot` and the
//! chart half of `wasm`), which does not compile the chess rules at all. The modules that play
//! chess (`search`, `drive`, `play`, `uci`, `experiment`) and the charts of their records are
//! behind `#[cfg(feature = "engine")]`. The feature `draw` (default) adds the page canvases of
//! the charts module (`wasm::charts`, `wasm::game_chart`), `draw-engine` (default) those of the
//! *engine charts* module, which draws the engine's own charts from plain chart data the engine
//! computes (`plot::reports`, ...): the engine wasm module is built with neither.
//!
//! Citations: `§N.M` in a comment is a section of `docs/spec/time-managers.md`, and
//! `playground.md §N` one of `docs/spec/playground.md` (`shared/spec/` is their old path); see
//! `docs/spec/README.md`.

pub mod clock;
// `f64` ↔ decimal text (crate/search: the budgets' sentences print with it too).
pub use tmlab_search::decimal;
#[cfg(feature = "engine")]
pub mod drive;
#[cfg(feature = "engine")]
pub mod experiment;
#[cfg(feature = "engine")]
pub mod play;
pub mod plot;
pub mod tm;
#[cfg(feature = "engine")]
pub mod uci;

#[cfg(target_arch = "wasm32")]
pub mod wasm;

/// The chart modules' allocator (no `engine`: the charts and engine charts modules): talc,
/// whose code is smaller than std's dlmalloc; it frees, so a slider dragged for minutes reuses
/// the same memory. Realloc moves (no in-place growth): these modules draw a few charts a
/// second, and size is what a docs page pays for (issue 24, docs/fuzzing-and-benches.md).
#[cfg(all(target_arch = "wasm32", not(feature = "engine")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

// The searchers and the bottom layer, a crate of their own (crate/search): the same paths.
#[cfg(feature = "engine")]
pub use tmlab_search::search;
pub use tmlab_search::{FieldError, error, excerpt, stop};
