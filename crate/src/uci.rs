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

/// The engine's name in `id name`.
pub const ENGINE_NAME: &str = concat!("tmlab ", env!("CARGO_PKG_VERSION"));
/// The engine's author in `id author`.
pub const ENGINE_AUTHOR: &str = "the tmlab developers";
/// The default `TimeManager` option.
pub const DEFAULT_TM: &str = "lc0-legacy";
/// Default `Hash`, MB.
pub const DEFAULT_HASH_MB: usize = 16;
/// Largest `Hash`, MB.
pub const MAX_HASH_MB: usize = 4096;
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
        let spec: TmSpec = DEFAULT_TM.parse().expect("the default manager parses");
        UciSession {
            quit: false,
            searcher: SearcherKind::Ab,
            tm: spec.build(),
            spec,
            hash_mb: DEFAULT_HASH_MB,
            virtual_nps: 0,
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
            "go" => self.go(rest, out),
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
        let mo = self.spec.get("move-overhead").map_or(0, |v| value_f64(v) as i64);
        out(&format!("option name Move Overhead type spin default {mo} min 0 max 10000"));
        out(&format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"));
        out("option name VirtualNps type spin default 0 min 0 max 1000000000");
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
            "searcher" => self.searcher = value.parse().map_err(|e| format!("Searcher: {e}"))?,
            "timemanager" => {
                let spec: TmSpec = value.parse().map_err(|e| format!("TimeManager: {e}"))?;
                self.spec = spec;
                self.tm = spec.build();
                self.tm.new_game();
            }
            "move overhead" => self.set_tm_param("move-overhead", value, false)?,
            "hash" => {
                let mb: usize =
                    value.parse().map_err(|_| format!("Hash: {value:?} is not a whole number of MB"))?;
                if !(1..=MAX_HASH_MB).contains(&mb) {
                    return Err(format!("Hash: {mb} MB is outside 1 … {MAX_HASH_MB}"));
                }
                self.hash_mb = mb;
                if let Some(ab) = &mut self.ab {
                    ab.resize(mb);
                }
            }
            "virtualnps" => {
                self.virtual_nps =
                    value.parse().map_err(|_| format!("VirtualNps: {value:?} is not a whole number"))?
            }
            _ => match name.strip_prefix("TM ").or_else(|| name.strip_prefix("tm ")) {
                Some(path) => self.set_tm_param(path.trim(), value, true)?,
                None => return Err(format!("no option named {name:?}")),
            },
        }
        Ok(())
    }

    /// Sets a manager parameter from an option value (floats scaled ×1000 when `scaled`).
    fn set_tm_param(&mut self, path: &str, value: &str, scaled: bool) -> Result<(), String> {
        let kind = schema()
            .into_iter()
            .find(|m| m.name == self.spec.manager())
            .and_then(|m| m.params.into_iter().find(|p| p.path == path))
            .map(|p| p.kind)
            .ok_or_else(|| format!("manager {} has no parameter {path:?}", self.spec.manager()))?;
        let token = match kind {
            Kind::Float if scaled => {
                let v: i64 = value.parse().map_err(|_| {
                    format!("TM {path}: {value:?} is not an integer (floats are scaled ×1000)")
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
            let fen: Fen =
                fen.trim().parse().map_err(|e| format!("position: malformed FEN {:?}: {e}", fen.trim()))?;
            fen.into_position(CastlingMode::Standard)
                .map_err(|e| format!("position: illegal FEN position: {e}"))?
        } else {
            return Err(format!("position: expected `startpos` or `fen <FEN>`, got {head:?}"));
        };
        let mut pos = start.clone();
        let mut list = Vec::new();
        for (i, u) in moves.split_whitespace().enumerate() {
            let m =
                u.parse::<UciMove>().ok().and_then(|um| um.to_move(&pos).ok()).ok_or_else(|| {
                    format!("position: move {} ({u}) is not legal in {}", i + 1, fen_of(&pos))
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

    fn go(&mut self, rest: &str, out: &mut dyn FnMut(&str)) -> Result<(), String> {
        let g = GoArgs::parse(rest)?;
        let pos = self.current();
        let legal = pos.legal_moves().len() as u32;
        if legal == 0 {
            out("info string error: go: the position has no legal move");
            out("bestmove 0000");
            return Ok(());
        }
        let turn = pos.turn();
        let (time, inc) = if turn.is_white() { (g.wtime, g.winc) } else { (g.btime, g.binc) };
        let ply = game_ply(&self.start, self.moves.len());
        let use_tm = time.is_some() && !g.infinite && g.movetime.is_none();
        self.control = SearchControl::new();
        if let Ok(mut c) = self.interrupt.0.lock() {
            *c = self.control.clone();
        }
        self.ponderhit_seen = false;
        self.held = None;
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
                };
                let ctx =
                    use_tm.then(|| context(time.unwrap_or(0), inc, g.movestogo, ply, 0, g.ponder, legal));
                self.active = Some(Active::Ab { root, limits, ctx, hold });
            }
            SearcherKind::Mcts => {
                let mut tree = self.tree.take().unwrap_or_default();
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
                let ctx = use_tm.then(|| {
                    context(time.unwrap_or(0), inc, g.movestogo, ply, reuse.head_n, g.ponder, legal)
                });
                go.stop_when_decided = ctx.is_none() && !hold;
                let search = MctsSearch::new(tree, self.mcts.clone(), go)?;
                let stopper = ctx.map(|c| {
                    let s = ManagedStopper::begin(self.tm.as_mut(), &c);
                    tm_line(s.budget(), out);
                    s.suspend()
                });
                self.active = Some(Active::Mcts { search: Box::new(search), stopper, ctx, hold });
                if let Some(ms) = g.movetime {
                    // MCTS has no movetime of its own: a manager-free deadline stopper.
                    self.mcts_movetime = Some(ms as f64);
                } else {
                    self.mcts_movetime = None;
                }
            }
        }
        Ok(())
    }
}

/// The UCI fields of `go`.
#[derive(Clone, Debug, Default, PartialEq)]
struct GoArgs {
    wtime: Option<u64>,
    btime: Option<u64>,
    winc: u64,
    binc: u64,
    movestogo: Option<u32>,
    movetime: Option<u64>,
    nodes: Option<u64>,
    depth: Option<u32>,
    infinite: bool,
    ponder: bool,
}

impl GoArgs {
    fn parse(rest: &str) -> Result<GoArgs, String> {
        let mut g = GoArgs::default();
        let mut it = rest.split_whitespace();
        while let Some(k) = it.next() {
            let mut val = |k: &str| -> Result<i64, String> {
                let v = it.next().ok_or_else(|| format!("go: {k} needs a value"))?;
                v.parse::<i64>().map_err(|_| format!("go: {k} {v:?} is not an integer"))
            };
            // Negative times are clamped at 0 (cutechess #808).
            let nonneg = |x: i64| x.max(0) as u64;
            match k {
                "wtime" => g.wtime = Some(nonneg(val(k)?)),
                "btime" => g.btime = Some(nonneg(val(k)?)),
                "winc" => g.winc = nonneg(val(k)?),
                "binc" => g.binc = nonneg(val(k)?),
                "movestogo" => g.movestogo = Some(nonneg(val(k)?) as u32),
                "movetime" => g.movetime = Some(nonneg(val(k)?)),
                "nodes" => g.nodes = Some(nonneg(val(k)?)),
                "depth" => g.depth = Some(nonneg(val(k)?).clamp(1, 100) as u32),
                "mate" => {
                    val(k)?;
                }
                "infinite" => g.infinite = true,
                "ponder" => g.ponder = true,
                "searchmoves" => break,
                other => return Err(format!("go: unknown field {other:?}")),
            }
        }
        Ok(g)
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
    for p in m.params {
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

#[cfg(test)]
mod tests;
