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
//! - `tmlab restore <payload>`: the manager's per-game state from a `tm-state` payload.
//! - `info string tm-limit <json>` after every alpha-beta iteration (MCTS: after a batch, when it
//!   changed): the soft limit the manager is really using, [`crate::stop::EffectiveLimit`] as
//!   JSON (`soft_ms`, `base_ms`, `cap_ms`, `hard_ms`, `terms`, `text`; infinite times `null`).
//!   Stockfish: optimum × fallingEval × reduction × bestMoveInstability × nodes effort, capped
//!   by the maximum; guide: soft × PV × score × node scalings; Mediocre: budget ÷ next-depth
//!   factor; the others: the base soft limit.
//!
//! # Options
//! `Searcher` (ab|mcts), `TimeManager` (a spec string; lc0's names `legacy`, `smooth`,
//! `alphazero`, `simple` are aliases), `Move Overhead` (the manager's `move-overhead`, ms),
//! `Hash` (MB), `VirtualNps` (0 = wall clock; otherwise a virtual clock at that many nodes per
//! second, for reproducible games), and one option per parameter of the chosen manager, named
//! `TM <path>` (e.g. `TM slowmover`, `TM smart-pruning.factor`):
//! - integers: `spin` with the parameter's accepted range;
//! - **floats: `spin` scaled ×1000** (`TM slowmover` 1200 = 1.2), the integer form OpenBench and
//!   fastchess SPSA tune; the option's `min`/`max` are the range ×1000, rounded inwards;
//! - booleans: `check`; enumerations: `combo`;
//! - every spin also as `TM_<path>` (no space: OpenBench's SPSA splits options at whitespace).
//!
//! The list printed at `uci` is that of the manager selected at that moment; `setoption name TM
//! …` always applies to the current manager and names an error if it has no such parameter.
//! Once per search the engine prints `info string tm soft <ms> hard <ms> <term>=<value> …`, and
//! before its `bestmove` the reason the search ended: `info string stop <reason>` (the kebab-case
//! key of [`crate::stop::StopReason`], e.g. `soft-limit`).
//! Unknown commands are ignored; malformed ones get `info string error: …`.
//!
//! # `go`
//! Every `go` gets exactly one `bestmove` (`bestmove 0000` at once when no search can start).
//! A malformed field is reported and skipped, the others apply (see `go.rs`); a `go` whose
//! fields give no limit but a clock for the other side (or that parsed nothing usable) searches
//! [`go::DEFAULT_MOVETIME_MS`] and says so. `searchmoves` restricts both searchers; MCTS maps
//! `depth N` to a playout budget doubling per depth.
//!
//! # Stable options
//! `Move Overhead` is the session's: it is written into every manager with a `move-overhead`
//! parameter (also after a later `TimeManager`), taken off the clock under one without, and
//! `TM move-overhead` is the same option. `Hash` is allocated at `setoption Hash`/`isready`.

use std::sync::{Arc, Mutex};

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, Position};

use crate::clock::UciView;
use crate::clock::timer::Timer;
use crate::drive::{Event, MoveDriver, MoveOutcome, MoveRequest, SearcherKind, TmSnapshot, fen_of};
use crate::search::SearchControl;
use crate::search::mcts::MctsParams;
use crate::stop::Budget;
use crate::tm::params::{Kind, Value};
use crate::tm::{TmSpec, schema};
use go::{DEFAULT_MOVETIME_MS, GoArgs};

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
/// Default `Move Overhead`, ms (lc0's `MoveOverheadMs`, the default manager's own default).
pub const DEFAULT_MOVE_OVERHEAD_MS: u32 = 200;
/// Largest `Move Overhead`, ms: the smallest maximum any manager accepts for its
/// `move-overhead`, so every advertised value works under every manager.
pub const MAX_MOVE_OVERHEAD_MS: u32 = 1000;
/// Largest `VirtualNps`.
pub const MAX_VIRTUAL_NPS: u64 = 1_000_000_000;
/// Float parameters are exposed as integer spins scaled by this factor.
pub const FLOAT_SCALE: f64 = 1000.0;
/// MCTS batches per [`UciSession::pump`] slice natively (`tmlab uci`).
pub const NATIVE_SLICE_BATCHES: u32 = 64;

/// A handle another thread uses to stop a running search or deliver `ponderhit` at once.
#[derive(Clone, Debug, Default)]
pub struct Interrupt(Arc<Mutex<SearchControl>>);

impl Interrupt {
    /// UCI `stop` (and `quit`).
    pub fn stop(&self) {
        if let Ok(c) = self.0.lock() {
            c.stop();
        }
    }

    /// UCI `ponderhit`.
    pub fn ponderhit(&self) {
        if let Ok(c) = self.0.lock() {
            c.ponderhit();
        }
    }

    /// `tmlab cancel`: stops the search as dropped.
    pub fn cancel(&self) {
        if let Ok(c) = self.0.lock() {
            c.cancel();
        }
    }
}

/// A UCI session: parses command lines and writes responses through a callback.
pub struct UciSession {
    quit: bool,
    searcher: SearcherKind,
    spec: TmSpec,
    driver: MoveDriver,
    virtual_nps: u64,
    /// `Move Overhead`, ms: it overrides the manager's own `move-overhead`.
    move_overhead: u32,
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
        let mut spec: TmSpec = DEFAULT_TM.parse().expect("the default manager parses");
        with_overhead(&mut spec, DEFAULT_MOVE_OVERHEAD_MS);
        UciSession {
            quit: false,
            searcher: SearcherKind::Ab,
            driver: MoveDriver::new(spec, DEFAULT_HASH_MB, MctsParams::default()),
            spec,
            virtual_nps: 0,
            move_overhead: DEFAULT_MOVE_OVERHEAD_MS,
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
            "tmlab" => self.tmlab(rest, out),
            _ if self.driver.running() && !matches!(cmd, "debug" | "setoption" | "register") => {
                if matches!(cmd, "go" | "position" | "ucinewgame") {
                    Err(format!("{cmd} ignored: a search is running (send stop first)"))
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
        if let Err(e) = result {
            out(&format!("info string error: {e}"));
        }
    }

    /// Whether a search is running (not counting a held `bestmove`).
    pub fn running(&self) -> bool {
        self.driver.running()
    }

    fn stop(&mut self, out: &mut dyn FnMut(&str)) {
        if let Some(line) = self.held.take() {
            out(&line);
            return;
        }
        self.control.stop();
    }

    fn ponderhit(&mut self, out: &mut dyn FnMut(&str)) {
        self.ponderhit_seen = true;
        if let Some(line) = self.held.take() {
            out(&line);
            return;
        }
        self.control.ponderhit();
        self.mcts_ponderhit(out);
    }

    fn mcts_ponderhit(&mut self, out: &mut dyn FnMut(&str)) {
        if self.driver.mcts_pondering() {
            self.hold = false;
            let timer = self.timer();
            self.driver.mcts_ponderhit(timer, &mut |e| event_line(&e, out));
        }
    }

    /// `tmlab cancel` (drop the running search, contract point 3) and `tmlab restore <payload>`
    /// (put a `tm-state` payload back into the manager, contract point 2).
    fn tmlab(&mut self, rest: &str, out: &mut dyn FnMut(&str)) -> Result<(), String> {
        let (sub, arg) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        match sub {
            "cancel" => {
                if self.driver.running() {
                    self.control.cancel();
                    self.pump(1, out);
                } else if let Some(line) = self.held.take() {
                    out("info string stop cancelled");
                    out(&line);
                }
                Ok(())
            }
            "restore" => {
                if self.driver.running() {
                    return Err("tmlab restore ignored: a search is running (send stop first)".into());
                }
                let snap = TmSnapshot::from_payload(arg).map_err(|e| e.to_string())?;
                self.driver.restore(&snap).map_err(|e| e.to_string())
            }
            other => Err(format!("tmlab: unknown command {other:?} (expected cancel or restore <payload>)")),
        }
    }

    /// `info string tm-state <payload>` when `TmlabState` is on.
    fn print_state(&self, out: &mut dyn FnMut(&str)) {
        if self.tm_state {
            out(&format!("info string tm-state {}", self.driver.snapshot().to_payload()));
        }
    }

    /// Advances the running search by one slice (MCTS: `max_batches` batches; alpha-beta: the
    /// whole search), writing `info` lines and, when it ends, `bestmove`. Returns whether a
    /// search is still running afterwards.
    pub fn pump(&mut self, max_batches: u32, out: &mut dyn FnMut(&str)) -> bool {
        if !self.driver.running() {
            return false;
        }
        if self.control.ponderhit_requested() && !self.ponderhit_seen {
            self.ponderhit_seen = true;
            self.mcts_ponderhit(out);
        }
        let Some(done) = self.driver.step(max_batches, &mut |e| event_line(&e, out)) else { return true };
        match done {
            Ok(o) => self.finish(&o, out),
            Err(e) => {
                out(&format!("info string error: {e}"));
                out("bestmove 0000");
            }
        }
        false
    }

    fn finish(&mut self, o: &MoveOutcome, out: &mut dyn FnMut(&str)) {
        let line = o.bestmove_line();
        if o.dropped {
            out("info string stop cancelled");
            out(&line);
            return;
        }
        out(&format!("info string stop {}", o.reason.key()));
        self.print_state(out);
        if self.hold && !self.control.stop_requested() && !self.ponderhit_seen {
            self.held = Some(line);
        } else {
            out(&line);
        }
    }

    fn new_game(&mut self) {
        self.driver.new_game();
    }

    fn print_options(&self, out: &mut dyn FnMut(&str)) {
        out(&format!("id name {ENGINE_NAME}"));
        out(&format!("id author {ENGINE_AUTHOR}"));
        out("option name Searcher type combo default ab var ab var mcts");
        out(&format!("option name TimeManager type string default {DEFAULT_TM}"));
        out(&format!(
            "option name Move Overhead type spin default {DEFAULT_MOVE_OVERHEAD_MS} min 0 max {MAX_MOVE_OVERHEAD_MS}"
        ));
        out(&format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"));
        out(&format!("option name VirtualNps type spin default 0 min 0 max {MAX_VIRTUAL_NPS}"));
        out("option name TmlabState type check default false");
        for line in tm_options(&self.spec) {
            out(&line);
        }
        out("uciok");
    }

    fn setoption(&mut self, rest: &str) -> Result<(), String> {
        let rest =
            rest.strip_prefix("name").ok_or("setoption: expected `setoption name <id> [value <x>]`")?;
        let (name, value) = match rest.find(" value") {
            Some(i) => (rest[..i].trim(), rest[i + 6..].trim()),
            None => (rest.trim(), ""),
        };
        if name.is_empty() {
            return Err("setoption: the option name is missing".into());
        }
        if self.driver.running() {
            return Err(format!("setoption {name} ignored: a search is running"));
        }
        let lower = name.to_ascii_lowercase();
        match lower.as_str() {
            "searcher" => {
                self.searcher = value
                    .parse()
                    .map_err(|_| format!("Searcher: {:?} is not ab or mcts", go::excerpt(value)))?
            }
            "timemanager" => {
                let mut spec: TmSpec = value.parse().map_err(|e| format!("TimeManager: {e}"))?;
                with_overhead(&mut spec, self.move_overhead);
                self.spec = spec;
                self.driver.set_spec(spec);
            }
            "move overhead" => self.set_move_overhead(value)?,
            "hash" => {
                let mb = whole("Hash", value, 1, MAX_HASH_MB as u64)? as usize;
                self.driver.set_hash_mb(mb);
                if self.searcher == SearcherKind::Ab {
                    self.driver.allocate_hash();
                }
            }
            "tmlabstate" => {
                self.tm_state = match value.to_ascii_lowercase().as_str() {
                    "true" => true,
                    "false" => false,
                    _ => return Err(format!("TmlabState: {value:?} is not true or false")),
                }
            }
            "virtualnps" => self.virtual_nps = whole("VirtualNps", value, 0, MAX_VIRTUAL_NPS)?,
            _ => match name
                .strip_prefix("TM ")
                .or_else(|| name.strip_prefix("tm "))
                .or_else(|| name.strip_prefix("TM_"))
            {
                Some("move-overhead") => self.set_move_overhead(value)?,
                Some(path) => self.set_tm_param(path.trim(), value, true)?,
                None => return Err(format!("no option named {:?}", go::excerpt(name))),
            },
        }
        Ok(())
    }

    /// The alpha-beta table of `Hash` MB, allocated now (at `setoption Hash` and `isready`)
    /// rather than inside the first `go`, whose clock would pay for it.
    fn allocate_hash(&mut self) {
        if self.searcher == SearcherKind::Ab {
            self.driver.allocate_hash();
        }
    }

    /// `Move Overhead`: kept by the session and written into every manager that has a
    /// `move-overhead` parameter (a later `TimeManager` keeps it); under a manager without one
    /// (`mediocre`) it is taken off the clock before the manager sees it.
    fn set_move_overhead(&mut self, value: &str) -> Result<(), String> {
        self.move_overhead = whole("Move Overhead", value, 0, MAX_MOVE_OVERHEAD_MS as u64)? as u32;
        with_overhead(&mut self.spec, self.move_overhead);
        self.driver.set_spec(self.spec);
        Ok(())
    }

    /// Sets a manager parameter from an option value (floats scaled ×1000 when `scaled`).
    fn set_tm_param(&mut self, path: &str, value: &str, scaled: bool) -> Result<(), String> {
        let kind = schema()
            .into_iter()
            .find(|m| m.name == self.spec.manager())
            .and_then(|m| m.params.into_iter().find(|p| p.path == path))
            .map(|p| p.kind)
            .ok_or_else(|| {
                format!("manager {} has no parameter {:?}", self.spec.manager(), go::excerpt(path))
            })?;
        let token = match kind {
            Kind::Float if scaled => {
                let v: i64 = value.parse().map_err(|_| {
                    format!("TM {path}: {:?} is not an integer (floats are scaled ×1000)", go::excerpt(value))
                })?;
                format!("{:?}", v as f64 / FLOAT_SCALE)
            }
            _ => value.to_string(),
        };
        self.spec.set(path, &token).map_err(|e| e.to_string())?;
        self.driver.set_spec(self.spec);
        Ok(())
    }

    fn position(&mut self, rest: &str) -> Result<(), String> {
        let (head, moves) = match rest.find("moves") {
            Some(i) => (rest[..i].trim(), rest[i + 5..].trim()),
            None => (rest, ""),
        };
        let start = if head == "startpos" {
            Chess::default()
        } else if let Some(fen) = head.strip_prefix("fen") {
            let fen: Fen = fen
                .trim()
                .parse()
                .map_err(|e| format!("position: malformed FEN {:?}: {e}", go::excerpt(fen.trim())))?;
            fen.into_position(CastlingMode::Standard)
                .map_err(|e| format!("position: illegal FEN position: {e}"))?
        } else {
            return Err(format!("position: expected `startpos` or `fen <FEN>`, got {:?}", go::excerpt(head)));
        };
        let mut pos = start.clone();
        let mut list = Vec::new();
        for (i, u) in moves.split_whitespace().enumerate() {
            let m = u.parse::<UciMove>().ok().and_then(|um| um.to_move(&pos).ok()).ok_or_else(|| {
                format!("position: move {} ({}) is not legal in {}", i + 1, go::excerpt(u), fen_of(&pos))
            })?;
            pos.play_unchecked(m);
            list.push(m);
        }
        self.start = start;
        self.moves = list;
        Ok(())
    }

    fn current(&self) -> Chess {
        let mut pos = self.start.clone();
        for &m in &self.moves {
            pos.play_unchecked(m);
        }
        pos
    }

    fn timer(&self) -> Timer {
        if self.virtual_nps > 0 { Timer::virtual_nps(self.virtual_nps as f64) } else { Timer::real() }
    }

    /// `go`: every problem is reported, and every `go` gets exactly one `bestmove` (at once
    /// when no search can start).
    fn go(&mut self, rest: &str, out: &mut dyn FnMut(&str)) {
        let (mut g, errors) = GoArgs::parse(rest);
        for e in &errors {
            out(&format!("info string error: {e}"));
        }
        if let Err(e) = self.start_search(&mut g, !errors.is_empty(), out) {
            out(&format!("info string error: {e}"));
            out("bestmove 0000");
        }
    }

    /// The `searchmoves` that are legal in `pos`; the others are reported.
    fn searchmoves(pos: &Chess, given: &[String], out: &mut dyn FnMut(&str)) -> Vec<Move> {
        let mut moves = Vec::new();
        for u in given {
            match u.parse::<UciMove>().ok().and_then(|um| um.to_move(pos).ok()) {
                Some(m) => moves.push(m),
                None => out(&format!(
                    "info string error: go: searchmoves {:?} is not a legal move here; ignored",
                    go::excerpt(u)
                )),
            }
        }
        moves
    }

    fn start_search(
        &mut self,
        g: &mut GoArgs,
        had_errors: bool,
        out: &mut dyn FnMut(&str),
    ) -> Result<(), String> {
        let pos = self.current();
        if pos.legal_moves().is_empty() {
            return Err("go: the position has no legal move".into());
        }
        let turn = pos.turn();
        let (time, inc) = if turn.is_white() { (g.wtime, g.winc) } else { (g.btime, g.binc) };
        if time.is_none() && !g.has_own_limit() && (g.has_clock() || had_errors) {
            let why = if g.has_clock() {
                format!("no {} for {turn} to move", if turn.is_white() { "wtime" } else { "btime" })
            } else {
                "no usable limit".to_string()
            };
            out(&format!("info string go: {why}: searching the default movetime {DEFAULT_MOVETIME_MS} ms"));
            g.movetime = Some(DEFAULT_MOVETIME_MS);
        }
        let searchmoves = Self::searchmoves(&pos, &g.searchmoves, out);
        // A manager without `move-overhead` gets the clock less `Move Overhead`.
        let time = if has_param(&self.spec, "move-overhead") {
            time
        } else {
            time.map(|t| t.saturating_sub(u64::from(self.move_overhead)))
        };
        let use_tm = time.is_some() && !g.infinite && g.movetime.is_none();
        self.control = SearchControl::new();
        if let Ok(mut c) = self.interrupt.0.lock() {
            *c = self.control.clone();
        }
        self.ponderhit_seen = false;
        self.held = None;
        self.hold = g.infinite || g.ponder;
        let mcts = self.searcher == SearcherKind::Mcts;
        let req = MoveRequest {
            searcher: self.searcher,
            start: self.start.clone(),
            moves: self.moves.clone(),
            clock: use_tm.then(|| UciView {
                time_ms: time.unwrap_or(0),
                inc_ms: inc.unwrap_or(0),
                movestogo: g.movestogo,
            }),
            movetime_ms: g.movetime.map(|t| t as f64),
            depth: if mcts { None } else { g.depth },
            // MCTS: `go depth N` is a playout budget doubling per depth (see `go.rs`).
            nodes: if mcts { g.depth.map(go::mcts_depth_playouts) } else { g.nodes },
            max_visits: if mcts { g.nodes } else { None },
            searchmoves,
            ponder: g.ponder,
            open_ended: self.hold,
            timer: self.timer(),
            control: self.control.clone(),
        };
        self.driver.start(req, &mut |e| event_line(&e, out))
    }
}

/// A whole number option value in `lo ..= hi`.
fn whole(name: &str, value: &str, lo: u64, hi: u64) -> Result<u64, String> {
    match value.parse::<u64>() {
        Ok(v) if (lo..=hi).contains(&v) => Ok(v),
        _ => Err(format!("{name}: {:?} is not a whole number in {lo} … {hi}", go::excerpt(value))),
    }
}

/// Whether `spec`'s manager has the parameter `path`.
fn has_param(spec: &TmSpec, path: &str) -> bool {
    schema().into_iter().any(|m| m.name == spec.manager() && m.params.iter().any(|p| p.path == path))
}

/// Writes `Move Overhead` into `spec` if its manager has a `move-overhead` parameter.
fn with_overhead(spec: &mut TmSpec, ms: u32) {
    if has_param(spec, "move-overhead") {
        // In range for every manager: MAX_MOVE_OVERHEAD_MS is the smallest maximum.
        let _ = spec.set("move-overhead", &ms.to_string());
    }
}

fn value_f64(v: Value) -> f64 {
    match v {
        Value::Float(x) => x,
        Value::Int(x) => x as f64,
        Value::Bool(b) => f64::from(u8::from(b)),
        Value::Enum(_) => 0.0,
    }
}

/// The UCI line of a driver event.
fn event_line(e: &Event, out: &mut dyn FnMut(&str)) {
    match e {
        Event::Budget(b) => tm_line(b, out),
        Event::Iteration(it) => out(&it.to_uci()),
        Event::Mcts(i) => out(&i.to_uci()),
        Event::Limit(l) => out(&format!("info string tm-limit {}", limit_json(l))),
    }
}

/// The JSON of `info string tm-limit` (infinite times as `null`).
pub fn limit_json(l: &crate::stop::EffectiveLimit) -> String {
    serde_json::to_string(l).expect("an effective limit serialises")
}

/// `info string tm soft <ms> hard <ms> <term>=<value> …`.
fn tm_line(b: &Budget, out: &mut dyn FnMut(&str)) {
    let ms = |x: f64| if x.is_finite() { format!("{}", x.round() as i64) } else { "inf".into() };
    let mut s = format!("info string tm soft {} hard {}", ms(b.soft_ms), ms(b.hard_ms));
    for t in &b.terms {
        s.push_str(&format!(" {}={}", t.name, (t.value * 1000.0).round() / 1000.0));
    }
    out(&s);
}

/// The `option` lines of a manager's parameters (see the module documentation).
pub fn tm_options(spec: &TmSpec) -> Vec<String> {
    let Some(m) = schema().into_iter().find(|m| m.name == spec.manager()) else { return Vec::new() };
    let mut lines = Vec::new();
    // `move-overhead` is the `Move Overhead` option, the same for every manager.
    for p in m.params.into_iter().filter(|p| p.path != "move-overhead") {
        let cur = spec.get(&p.path).unwrap_or(p.default);
        let range = p.valid.map(|r| (r.min, r.max)).or(p.slider.map(|s| (s.min, s.max)));
        let line = match p.kind {
            Kind::Int => {
                let (lo, hi) = range.unwrap_or((0.0, 1e9));
                format!(
                    "option name TM {} type spin default {} min {} max {}",
                    p.path,
                    value_f64(cur) as i64,
                    lo.ceil().max(-2e9) as i64,
                    hi.floor().min(2e9) as i64
                )
            }
            Kind::Float => {
                let (lo, hi) = range.unwrap_or((0.0, 1e6));
                let excl = p.valid.is_some_and(|r| r.min_exclusive);
                let mut min = (lo * FLOAT_SCALE).ceil();
                if excl && min <= lo * FLOAT_SCALE {
                    min += 1.0;
                }
                format!(
                    "option name TM {} type spin default {} min {} max {}",
                    p.path,
                    (value_f64(cur) * FLOAT_SCALE).round() as i64,
                    min.max(-2e12) as i64,
                    (hi * FLOAT_SCALE).floor().min(2e12) as i64
                )
            }
            Kind::Bool => format!("option name TM {} type check default {}", p.path, cur),
            Kind::Enum => {
                let vars: String = p.values.unwrap_or(&[]).iter().map(|v| format!(" var {v}")).collect();
                format!("option name TM {} type combo default {}{vars}", p.path, cur)
            }
        };
        // Spins are declared a second time as `TM_<path>`: OpenBench's client splits options at
        // whitespace and cutechess forwards only declared options, so SPSA needs a name without
        // a space (`tmlab spsa-inputs` prints these).
        if let Some(rest) = line.strip_prefix("option name TM ").filter(|r| r.contains(" type spin ")) {
            let alias = format!("option name TM_{rest}");
            lines.push(line);
            lines.push(alias);
        } else {
            lines.push(line);
        }
    }
    lines
}

pub mod go;
#[cfg(test)]
mod tests;
