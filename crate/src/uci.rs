//! The UCI protocol: one line in, zero or more lines out. The same [`UciSession`] serves native
//! stdin (`tmlab uci`) and the browser worker (lines over `postMessage`).
//!
//! # Driving a session
//! - [`UciSession::handle_line`] handles one command. `go` only *starts* a search (the manager's
//!   budget line is printed at once) and returns.
//! - [`UciSession::pump`] advances the running search by one slice and writes its `info` lines
//!   *as they happen* and, at the end, `bestmove`. It returns whether a search is still running.
//!   The move itself (begin the manager's move, search, `end_move` or restore) is the
//!   [`MoveDriver`]'s.
//!   - **MCTS** runs up to `max_batches` batches per slice and checks `stop` after every batch.
//!   - **Alpha-beta cannot pause inside an iteration**: one pump runs the whole search. Natively
//!     `stop`/`ponderhit`/`tmlab cancel` still work mid-search through [`UciSession::interrupt`],
//!     an atomic handle the stdin thread pokes before queueing the line. In the browser worker an
//!     alpha-beta search blocks the worker until it ends (the page ends one early by replacing
//!     the worker), so `go infinite` / `go ponder` with alpha-beta are only usable natively.
//! - Natively (`tmlab uci`): a reader thread forwards stdin lines over a channel and pokes the
//!   interrupt handle for `stop`, `ponderhit`, `tmlab cancel` and `quit`; the main thread handles
//!   lines and pumps while a search runs.
//!
//! # tmlab extensions
//! - `tmlab cancel`: the running search ends as *dropped*: `info string stop cancelled`, then its
//!   one `bestmove`; the manager is put back as it was before that `go` (nothing charged).
//! - Option `TmlabState` (check): when on, `info string tm-state <payload>` after `ucinewgame`,
//!   after a `setoption` that rebuilds the manager, and before a finished move's `bestmove`.
//! - `tmlab restore <payload>`: the manager's per-game state from a `tm-state` payload (then,
//!   with `TmlabState` on, `info string tm-state` of the state now in force).
//! - `info string tm-limit <json>` after every alpha-beta iteration (MCTS: after a batch, when it
//!   changed): the soft limit the manager is really using, [`crate::stop::EffectiveLimit`] as
//!   JSON (`soft_ms`, `base_ms`, `cap_ms`, `hard_ms`, `terms`, `text`; infinite times `null`).
//!   Stockfish: optimum × fallingEval × reduction × bestMoveInstability × nodes effort, capped
//!   by the maximum; guide: soft × PV × score × node scalings; Mediocre: budget ÷ next-depth
//!   factor; the others: the base soft limit.
//!
//! # Options
//! `Searcher` (ab|mcts), `TimeManager` (a spec string; lc0's names `legacy`, `smooth`,
//! `alphazero`, `simple` are aliases), `Move Overhead`, `Threads` (1: both searchers run one
//! thread; declared because OpenBench requires it), `Hash` (MB), `VirtualNps` (0 = wall clock;
//! otherwise a virtual clock at that many nodes per second, for reproducible games), `Level`
//! (1 … 5, the strength level: a cap on the node rate, [`crate::drive::strength`]; 5 = full
//! strength), and one
//! option per parameter of **every** manager, `TM_<manager>_<path>` (e.g.
//! `TM_lc0-legacy_slowmover`, `TM_lc0-smooth_smart-pruning.factor`), declared whatever manager
//! is selected, so that testers which check names against the `uci` list (fastchess,
//! cutechess-cli) accept them in any order. The schema (`uci` of each parameter) is the one
//! source of names, scales and bounds:
//! - integers: `spin` with the parameter's accepted range;
//! - floats: `spin` scaled by a power of ten, ×1000 unless a preset value needs more digits
//!   (`TM_stockfish_max-clock-frac` is ×10 000 so that 0.8097 is 8097); bounds are the range
//!   × scale rounded inwards, within ±(2³¹ − 1) (cutechess reads spins as 32-bit integers);
//! - booleans: `check`; enumerations: `combo`.
//!
//! **Order never matters.** The manager is the `TimeManager` spec with every `TM_<that
//! manager>_…` value set so far written over it (a value for another manager waits for it;
//! selecting a manager never discards one), then `Move Overhead` if set. `Move Overhead`
//! advertises −1, "each manager's own" (Stockfish 10 ms, the lc0 family 200 ms, Mediocre none);
//! any value 0 … 1000 applies to every manager, even one equal to a manager's own (python-chess
//! sends only values that differ from the advertised default).
//! Once per search the engine prints `info string tm soft <ms> hard <ms> <term>=<value> …`, and
//! before its `bestmove` an `info` line with the whole search's depth, score, nodes and time
//! (fastchess's `latency=` is its own measured time less this `time`), then the reason the
//! search ended: `info string stop <reason>` (the kebab-case key of
//! [`crate::stop::StopReason`], e.g. `soft-limit`).
//! Unknown commands are ignored; malformed ones get `info string error: …`.
//!
//! # `go`
//! Every `go` gets exactly one `bestmove` (`bestmove 0000` at once when no search can start),
//! and ends on its own unless it waits for `stop` (`infinite`, `ponder`). A malformed field is
//! reported and skipped, the others apply (see `go.rs`); a `go` with nothing to stop on (a bare
//! `go`, `mate N`, `searchmoves` alone, a clock for the other side only, nothing usable)
//! searches [`go::DEFAULT_MOVETIME_MS`] and says so; `mate N` is searched as depth 2N − 1
//! within it. `searchmoves` restricts both searchers; MCTS maps `depth N` to a playout budget
//! doubling per depth.
//!
//! # Overhead
//! The overhead (see Options) is written into the manager's `move-overhead`; `go movetime N`
//! stops at N − overhead (as lc0), for both searchers. `Hash` is allocated at
//! `setoption Hash`/`isready`.

use crate::error::FieldError;
use crate::tm::SearchKind;
use std::collections::BTreeMap;

use shakmaty::{Chess, Move};

use crate::drive::MoveDriver;
use crate::search::SearchControl;
use crate::search::mcts::MctsParams;
use crate::tm::TmSpec;

/// The engine's name in `id name`.
pub const ENGINE_NAME: &str = concat!("tmlab ", env!("CARGO_PKG_VERSION"));
/// The engine's author in `id author`.
pub const ENGINE_AUTHOR: &str = "the tmlab developers";
/// The default `TimeManager` option.
pub const DEFAULT_TM: &str = "lc0-legacy";
/// Default `Hash`, MB.
pub const DEFAULT_HASH_MB: usize = 16;
/// Largest `Hash`, MB: a 2-core / 24 GiB machine runs two engines of a match beside a browser
/// well within it, and a browser's wasm32 worker (4 GiB address space, about 1 GiB usable in
/// practice) holds 256 MB beside an MCTS tree.
pub const MAX_HASH_MB: usize = if cfg!(target_arch = "wasm32") { 256 } else { 1024 };
/// Largest `Move Overhead`, ms: the smallest maximum any manager accepts for its
/// `move-overhead`, so every advertised value works under every manager.
pub const MAX_MOVE_OVERHEAD_MS: u32 = 1000;
/// Largest `VirtualNps`.
pub const MAX_VIRTUAL_NPS: u64 = 1_000_000_000;
/// MCTS batches per [`UciSession::pump`] slice natively (`tmlab uci`).
pub const NATIVE_SLICE_BATCHES: u32 = 64;

/// A UCI session: parses command lines and writes responses through a callback.
pub struct UciSession {
    quit: bool,
    searcher: SearchKind,
    /// The manager in force: `base`, then `tm_values` for its manager, then `move_overhead`.
    spec: TmSpec,
    /// The `TimeManager` option.
    base: TmSpec,
    /// `TM_<manager>_<path>` values (spec-string tokens) by manager and path.
    tm_values: BTreeMap<(&'static str, String), String>,
    driver: MoveDriver,
    virtual_nps: u64,
    /// `Move Overhead`, ms, when set: every manager's; `None`: each manager's own.
    move_overhead: Option<u32>,
    start: Chess,
    moves: Vec<Move>,
    control: SearchControl,
    interrupt: Interrupt,
    /// The running search holds its `bestmove` (`go infinite` / `go ponder`).
    hold: bool,
    /// `TmlabState`: print `info string tm-state` (contract point 2).
    tm_state: bool,
    /// A finished search's `bestmove`, held until `stop`/`ponderhit` (`go infinite`/`ponder`).
    held: Option<String>,
    /// `ponderhit` seen for the current search.
    ponderhit_seen: bool,
    /// MCTS batches per pump slice.
    slice_batches: u32,
}

impl std::fmt::Debug for UciSession {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UciSession").field("searcher", &self.searcher).field("tm", &self.spec).finish()
    }
}

impl Default for UciSession {
    fn default() -> Self {
        Self::new()
    }
}

impl UciSession {
    /// A new session: alpha-beta, `lc0-legacy`, standard start position.
    pub fn new() -> Self {
        let spec: TmSpec = DEFAULT_TM.parse().expect("the default manager parses");
        UciSession {
            quit: false,
            searcher: SearchKind::AlphaBeta,
            driver: MoveDriver::new(spec, DEFAULT_HASH_MB, MctsParams::default()),
            spec,
            base: spec,
            tm_values: BTreeMap::new(),
            virtual_nps: 0,
            move_overhead: None,
            start: Chess::default(),
            moves: Vec::new(),
            control: SearchControl::new(),
            interrupt: Interrupt::default(),
            hold: false,
            tm_state: false,
            held: None,
            ponderhit_seen: false,
            slice_batches: 8,
        }
    }

    /// Sets how many MCTS batches one [`UciSession::pump`] runs (at least 1).
    pub fn set_slice_batches(&mut self, n: u32) {
        self.slice_batches = n.max(1);
    }

    /// Whether `quit` was received.
    pub fn quit_requested(&self) -> bool {
        self.quit
    }

    /// Whether a search is running (or its `bestmove` is held for `stop`/`ponderhit`).
    pub fn searching(&self) -> bool {
        self.driver.running() || self.held.is_some()
    }

    /// The handle another thread uses to stop a search mid-slice.
    pub fn interrupt(&self) -> Interrupt {
        self.interrupt.clone()
    }

    /// The current manager spec.
    pub fn time_manager(&self) -> &TmSpec {
        &self.spec
    }

    /// Handle one input line, writing each response line to `out`.
    ///
    /// Unknown commands are ignored, as the UCI specification says; malformed ones are
    /// answered with `info string error: …`.
    pub fn handle_line(&mut self, line: &str, out: &mut dyn FnMut(&str)) {
        let line = line.trim();
        let (cmd, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let result = match cmd {
            "uci" => {
                self.print_options(out);
                Ok(())
            }
            "isready" => {
                self.allocate_hash();
                out("readyok");
                Ok(())
            }
            "quit" => {
                self.quit = true;
                self.control.stop();
                Ok(())
            }
            "stop" => {
                self.stop(out);
                Ok(())
            }
            "ponderhit" => {
                self.ponderhit(out);
                Ok(())
            }
            "tmlab" => self.tmlab(rest, out).map_err(FieldError::message),
            _ if self.driver.running() && !matches!(cmd, "debug" | "setoption" | "register") => {
                if matches!(cmd, "go" | "position" | "ucinewgame") {
                    Err(FieldError::message(format!("{cmd} ignored: a search is running (send stop first)")))
                } else {
                    Ok(())
                }
            }
            "ucinewgame" => {
                self.new_game();
                self.print_state(out);
                Ok(())
            }
            "position" => self.position(rest),
            "go" => {
                self.go(rest, out);
                Ok(())
            }
            "setoption" => {
                let before = (self.spec.to_string(), self.driver.generation());
                let r = self.setoption(rest);
                if before != (self.spec.to_string(), self.driver.generation()) {
                    self.print_state(out);
                }
                r
            }
            _ => Ok(()),
        };
        // The typed error as one line: `path: message; allowed: …`.
        if let Err(e) = result {
            out(&format!("info string error: {e}"));
        }
    }

    /// Whether a search is running (not counting a held `bestmove`).
    pub fn running(&self) -> bool {
        self.driver.running()
    }

    fn new_game(&mut self) {
        self.driver.new_game();
    }
}

mod ext;
pub mod go;
mod interrupt;
mod options;
mod position;
mod search;
#[cfg(test)]
mod tests;

pub use interrupt::Interrupt;
pub use options::{OWN_OVERHEAD, tm_options};
pub use search::limit_json;
