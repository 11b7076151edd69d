//! The UCI protocol: one line in, zero or more lines out. The same [`UciSession`] serves native
//! stdin (`tmlab uci`) and the browser worker (lines over `postMessage`).
//!
//! # Driving a session
//! - [`UciSession::handle_line`] handles one command. `go` only *starts* a search and returns.
//! - [`UciSession::pump`] advances the running search by one slice and writes its `info` lines
//!   and, at the end, `bestmove`. It returns whether a search is still running.
//!   - **MCTS** runs `max_batches` batches per slice; `stop` and `ponderhit` handled between
//!     slices take effect at the next slice.
//!   - **Alpha-beta cannot pause inside an iteration**: one pump runs the whole search. Natively
//!     `stop`/`ponderhit` still work mid-search through [`UciSession::interrupt`], an atomic
//!     handle the stdin thread pokes before queueing the line. In the browser worker an
//!     alpha-beta search blocks the worker until it ends, so `go infinite` / `go ponder` with
//!     alpha-beta are only usable natively (with a manager, a ponder search is unlimited).
//! - Natively (`tmlab uci`): a reader thread forwards stdin lines over a channel and pokes the
//!   interrupt handle for `stop`, `ponderhit` and `quit`; the main thread handles lines and
//!   pumps while a search runs.
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
//! - booleans: `check`; enumerations: `combo`.
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
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move, Position};

use crate::clock::timer::Timer;
use crate::play::engine::{SearcherKind, game_ply};
use crate::search::mcts::{GoOptions, MctsParams, MctsSearch, MctsTree, Progress};
use crate::search::{Limits, RootPosition, SearchControl, SearchRequest, Searcher};
use crate::stop::{Budget, NeverStop, Stopper as _};
use crate::tm::params::{Kind, Value};
use crate::tm::stopper::{ManagedStopper, Suspended};
use crate::tm::{MoveContext, MoveEnd, TimeManager, TmSpec, schema};
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
}

/// A search started by `go`, advanced by [`UciSession::pump`].
enum Active {
    Ab { root: RootPosition, limits: Limits, ctx: Option<MoveContext>, hold: bool },
    Mcts { search: Box<MctsSearch>, stopper: Option<Suspended>, ctx: Option<MoveContext>, hold: bool },
}

/// A UCI session: parses command lines and writes responses through a callback.
pub struct UciSession {
    quit: bool,
    searcher: SearcherKind,
    spec: TmSpec,
    tm: Box<dyn TimeManager>,
    hash_mb: usize,
    virtual_nps: u64,
    /// `Move Overhead`, ms: it overrides the manager's own `move-overhead`.
    move_overhead: u32,
    /// The MCTS tree's root holds only a `searchmoves` subset: start the next search afresh.
    tree_restricted: bool,
    mcts: MctsParams,
    ab: Option<Searcher>,
    tree: Option<MctsTree>,
    start: Chess,
    moves: Vec<Move>,
    control: SearchControl,
    interrupt: Interrupt,
    active: Option<Active>,
    /// A finished search's `bestmove`, held until `stop`/`ponderhit` (`go infinite`/`ponder`).
    held: Option<String>,
    /// `ponderhit` seen for the current search.
    ponderhit_seen: bool,
    /// MCTS batches per pump slice.
    slice_batches: u32,
    /// `go movetime` for an MCTS search (it has no movetime limit of its own).
    mcts_movetime: Option<f64>,
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

fn is_ab(a: &Active) -> bool {
    matches!(a, Active::Ab { .. })
}

impl UciSession {
    /// A new session: alpha-beta, `lc0-legacy`, standard start position.
    pub fn new() -> Self {
        let mut spec: TmSpec = DEFAULT_TM.parse().expect("the default manager parses");
        with_overhead(&mut spec, DEFAULT_MOVE_OVERHEAD_MS);
        UciSession {
            quit: false,
            searcher: SearcherKind::Ab,
            tm: spec.build(),
            spec,
            hash_mb: DEFAULT_HASH_MB,
            virtual_nps: 0,
            move_overhead: DEFAULT_MOVE_OVERHEAD_MS,
            tree_restricted: false,
            mcts: MctsParams::default(),
            ab: None,
            tree: None,
            start: Chess::default(),
            moves: Vec::new(),
            control: SearchControl::new(),
            interrupt: Interrupt::default(),
            active: None,
            held: None,
            ponderhit_seen: false,
            slice_batches: 8,
            mcts_movetime: None,
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
        self.active.is_some() || self.held.is_some()
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
            _ if self.active.is_some() && !matches!(cmd, "debug" | "setoption" | "register") => {
                if matches!(cmd, "go" | "position" | "ucinewgame") {
                    Err(format!("{cmd} ignored: a search is running (send stop first)"))
                } else {
                    Ok(())
                }
            }
            "ucinewgame" => {
                self.new_game();
                Ok(())
            }
            "position" => self.position(rest),
            "go" => {
                self.go(rest, out);
                Ok(())
            }
            "setoption" => self.setoption(rest),
            _ => Ok(()),
        };
        if let Err(e) = result {
            out(&format!("info string error: {e}"));
        }
    }

    /// Whether a search is running (not counting a held `bestmove`).
    pub fn running(&self) -> bool {
        self.active.is_some()
    }

    fn emit_best(&mut self, line: String, hold: bool, out: &mut dyn FnMut(&str)) {
        if hold && !self.control.stop_requested() && !self.ponderhit_seen {
            self.held = Some(line);
        } else {
            out(&line);
        }
    }

    fn stop(&mut self, out: &mut dyn FnMut(&str)) {
        if let Some(line) = self.held.take() {
            out(&line);
            return;
        }
        self.control.stop();
        if let Some(Active::Mcts { search, .. }) = &mut self.active {
            search.request_stop();
        }
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
        let timer = self.timer();
        let UciSession { active, tm, .. } = self;
        if let Some(Active::Mcts { search, stopper, ctx, hold }) = active
            && search.is_pondering()
        {
            let head_n = search.ponderhit(timer);
            *hold = false;
            if let Some(c) = ctx {
                c.ponder = false;
                c.reused_nodes = head_n;
                let s = ManagedStopper::begin(tm.as_mut(), c);
                tm_line(s.budget(), out);
                *stopper = Some(s.suspend());
            }
        }
    }

    /// Advances the running search by one slice (MCTS: `max_batches` batches; alpha-beta: the
    /// whole search), writing `info` lines and, when it ends, `bestmove`. Returns whether a
    /// search is still running afterwards.
    pub fn pump(&mut self, max_batches: u32, out: &mut dyn FnMut(&str)) -> bool {
        match self.active.as_ref().map(is_ab) {
            None => false,
            Some(true) => {
                self.pump_ab(out);
                false
            }
            Some(false) => self.pump_mcts(max_batches, out),
        }
    }

    fn pump_ab(&mut self, out: &mut dyn FnMut(&str)) {
        let Some(Active::Ab { root, limits, ctx, hold }) = self.active.take() else { return };
        let timer = self.timer();
        let mb = self.hash_mb;
        let control = self.control.clone();
        let ab = self.ab.get_or_insert_with(|| Searcher::new(mb));
        let result = match ctx {
            Some(ctx) => {
                let mut s = ManagedStopper::begin(self.tm.as_mut(), &ctx);
                tm_line(s.budget(), out);
                let req = SearchRequest { stopper: &mut s, timer, limits, control };
                let r = ab.search(&root, req, &mut |it| out(&it.to_uci()));
                if let Ok(r) = &r {
                    let mut end = MoveEnd::new(r.elapsed_ms, r.nodes);
                    end.final_score = r.score;
                    end.final_avg_score = f64::from(r.score.as_cp());
                    s.finish(&end);
                }
                r
            }
            None => {
                let mut s = NeverStop::default();
                let req = SearchRequest { stopper: &mut s, timer, limits, control };
                ab.search(&root, req, &mut |it| out(&it.to_uci()))
            }
        };
        match result {
            Ok(r) => {
                out(&format!("info string stop {}", r.stop_reason.key()));
                self.emit_best(r.bestmove_line(), hold, out)
            }
            Err(e) => {
                out(&format!("info string error: {e}"));
                out("bestmove 0000");
            }
        }
    }

    fn pump_mcts(&mut self, max_batches: u32, out: &mut dyn FnMut(&str)) -> bool {
        if self.control.ponderhit_requested() && !self.ponderhit_seen {
            self.ponderhit_seen = true;
            self.mcts_ponderhit(out);
        }
        let stop = self.control.stop_requested();
        let movetime = self.mcts_movetime;
        let UciSession { active, tm, .. } = self;
        let Some(Active::Mcts { search, stopper, .. }) = active else { return false };
        if stop {
            search.request_stop();
        }
        let mut on_info = |i: &crate::search::mcts::InfoLine| out(&i.to_uci());
        let progress = match stopper.take() {
            Some(parked) => {
                let mut s = ManagedStopper::resume(tm.as_mut(), parked);
                let p = search.step(&mut s, max_batches, &mut on_info);
                match &p {
                    Progress::Done(r) => {
                        let mut end = MoveEnd::new(r.elapsed_ms, r.total_nodes);
                        end.final_score = r.score;
                        end.final_avg_score = f64::from(r.score.as_cp());
                        s.finish(&end);
                    }
                    Progress::Running => *stopper = Some(s.suspend()),
                }
                p
            }
            None => match movetime {
                Some(ms) => {
                    let mut s = crate::play::engine::MoveTimeStopper::new(ms);
                    search.step(&mut s, max_batches, &mut on_info)
                }
                None => search.step(&mut NeverStop::default(), max_batches, &mut on_info),
            },
        };
        match progress {
            Progress::Running => true,
            Progress::Done(r) => {
                let Some(Active::Mcts { search, hold, .. }) = self.active.take() else { return false };
                self.tree = Some(search.into_tree());
                out(&format!("info string stop {}", r.reason.key()));
                let line = match &r.ponder_move {
                    Some(p) => format!("bestmove {} ponder {p}", r.best_move),
                    None => format!("bestmove {}", r.best_move),
                };
                self.emit_best(line, hold, out);
                false
            }
        }
    }

    fn new_game(&mut self) {
        self.tm = self.spec.build();
        self.tm.new_game();
        if let Some(ab) = &mut self.ab {
            ab.clear();
        }
        if let Some(t) = &mut self.tree {
            t.clear();
        }
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
        if self.active.is_some() {
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
                self.tm = spec.build();
                self.tm.new_game();
            }
            "move overhead" => self.set_move_overhead(value)?,
            "hash" => {
                self.hash_mb = whole("Hash", value, 1, MAX_HASH_MB as u64)? as usize;
                if self.ab.is_some() || self.searcher == SearcherKind::Ab {
                    self.ab = None; // free the old table before allocating the new one
                    self.allocate_hash();
                }
            }
            "virtualnps" => self.virtual_nps = whole("VirtualNps", value, 0, MAX_VIRTUAL_NPS)?,
            _ => match name.strip_prefix("TM ").or_else(|| name.strip_prefix("tm ")) {
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
        if self.ab.is_none() && self.searcher == SearcherKind::Ab {
            self.ab = Some(Searcher::new(self.hash_mb));
        }
    }

    /// `Move Overhead`: kept by the session and written into every manager that has a
    /// `move-overhead` parameter (a later `TimeManager` keeps it); under a manager without one
    /// (`mediocre`) it is taken off the clock before the manager sees it.
    fn set_move_overhead(&mut self, value: &str) -> Result<(), String> {
        self.move_overhead = whole("Move Overhead", value, 0, MAX_MOVE_OVERHEAD_MS as u64)? as u32;
        with_overhead(&mut self.spec, self.move_overhead);
        self.tm = self.spec.build();
        self.tm.new_game();
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
        self.tm = self.spec.build();
        self.tm.new_game();
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
        let legal = pos.legal_moves().len() as u32;
        if legal == 0 {
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
        let inc = inc.unwrap_or(0);
        let searchmoves = Self::searchmoves(&pos, &g.searchmoves, out);
        // A manager without `move-overhead` gets the clock less `Move Overhead`.
        let time = if has_param(&self.spec, "move-overhead") {
            time
        } else {
            time.map(|t| t.saturating_sub(u64::from(self.move_overhead)))
        };
        let ply = game_ply(&self.start, self.moves.len());
        let use_tm = time.is_some() && !g.infinite && g.movetime.is_none();
        let hold = g.infinite || g.ponder;
        match self.searcher {
            SearcherKind::Ab => {
                let mut root = RootPosition::new(self.start.clone());
                for &m in &self.moves {
                    root.play(m)?;
                }
                let limits = Limits {
                    depth: g.depth,
                    nodes: g.nodes,
                    movetime_ms: g.movetime.map(|t| t as f64),
                    ponder: g.ponder,
                    check_interval: None,
                    searchmoves,
                };
                let ctx =
                    use_tm.then(|| context(time.unwrap_or(0), inc, g.movestogo, ply, 0, g.ponder, legal));
                self.begin();
                self.active = Some(Active::Ab { root, limits, ctx, hold });
            }
            SearcherKind::Mcts => {
                let mut tree = self.tree.take().unwrap_or_default();
                if self.tree_restricted || !searchmoves.is_empty() {
                    tree.clear();
                }
                self.tree_restricted = !searchmoves.is_empty();
                let reuse = match tree.set_position(self.start.clone(), &self.moves) {
                    Ok(r) => r,
                    Err(e) => {
                        self.tree = Some(tree);
                        return Err(e);
                    }
                };
                let mut go = GoOptions::new(self.timer());
                go.pondering = g.ponder;
                go.max_visits = g.nodes;
                // `go depth N` for MCTS: a playout budget doubling per depth (see `go.rs`).
                go.max_playouts = g.depth.map(go::mcts_depth_playouts);
                go.searchmoves = searchmoves;
                let ctx = use_tm.then(|| {
                    context(time.unwrap_or(0), inc, g.movestogo, ply, reuse.head_n, g.ponder, legal)
                });
                go.stop_when_decided = ctx.is_none() && !hold;
                let search = MctsSearch::new(tree, self.mcts.clone(), go)?;
                self.begin();
                let stopper = ctx.map(|c| {
                    let s = ManagedStopper::begin(self.tm.as_mut(), &c);
                    tm_line(s.budget(), out);
                    s.suspend()
                });
                self.active = Some(Active::Mcts { search: Box::new(search), stopper, ctx, hold });
                // MCTS has no movetime of its own: a manager-free deadline stopper.
                self.mcts_movetime = g.movetime.map(|ms| ms as f64);
            }
        }
        Ok(())
    }

    /// Fresh control flags for a search about to start.
    fn begin(&mut self) {
        self.control = SearchControl::new();
        if let Ok(mut c) = self.interrupt.0.lock() {
            *c = self.control.clone();
        }
        self.ponderhit_seen = false;
        self.held = None;
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

fn context(
    time: u64,
    inc: u64,
    mtg: Option<u32>,
    ply: u32,
    reused: u64,
    ponder: bool,
    legal: u32,
) -> MoveContext {
    let mut c = MoveContext::new(time as f64, inc as f64, ply).with_movestogo(mtg).with_reused_nodes(reused);
    c.ponder = ponder;
    c.legal_moves = legal;
    c
}

fn fen_of(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

fn value_f64(v: Value) -> f64 {
    match v {
        Value::Float(x) => x,
        Value::Int(x) => x as f64,
        Value::Bool(b) => f64::from(u8::from(b)),
        Value::Enum(_) => 0.0,
    }
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
        lines.push(line);
    }
    lines
}

pub mod go;
#[cfg(test)]
mod tests;
