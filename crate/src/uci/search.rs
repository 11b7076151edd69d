//! Running a search: `go` (limits, `searchmoves`, the default movetime), `stop`, `ponderhit`,
//! pumping the running search slice by slice, and the `info`/`bestmove` lines it writes.

use crate::error::FieldError;
use crate::tm::SearchKind;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move, Position};

use super::UciSession;
use super::go::{self, DEFAULT_MOVETIME_MS, GoArgs};
use super::options::has_param;
use crate::clock::UciView;
use crate::clock::timer::Timer;
use crate::drive::{Event, MoveOutcome, MoveRequest};
use crate::search::SearchControl;
use crate::stop::Budget;

impl UciSession {
    pub(super) fn stop(&mut self, out: &mut dyn FnMut(&str)) {
        if let Some(line) = self.held.take() {
            out(&line);
            return;
        }
        self.control.stop();
    }

    pub(super) fn ponderhit(&mut self, out: &mut dyn FnMut(&str)) {
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
        out(&o.final_info_line());
        out(&format!("info string stop {}", o.reason.key()));
        self.print_state(out);
        if self.hold && !self.control.stop_requested() && !self.ponderhit_seen {
            self.held = Some(line);
        } else {
            out(&line);
        }
    }

    fn timer(&self) -> Timer {
        if self.virtual_nps > 0 { Timer::virtual_nps(self.virtual_nps as f64) } else { Timer::real() }
    }

    /// `go`: every problem is reported, and every `go` gets exactly one `bestmove` (at once
    /// when no search can start).
    pub(super) fn go(&mut self, rest: &str, out: &mut dyn FnMut(&str)) {
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
    ) -> Result<(), FieldError> {
        let pos = self.current();
        if pos.legal_moves().is_empty() {
            return Err(FieldError::message("go: the position has no legal move"));
        }
        let turn = pos.turn();
        let (time, inc) = if turn.is_white() { (g.wtime, g.winc) } else { (g.btime, g.binc) };
        let user_movetime = g.movetime.is_some();
        // Every `go` ends on its own unless it says it waits for `stop` (`infinite`, `ponder`):
        // with nothing to stop on, the search gets the default move time.
        if time.is_none() && !g.has_own_limit() {
            let why = if g.has_clock() {
                format!("no {} for {turn} to move", if turn.is_white() { "wtime" } else { "btime" })
            } else if let Some(n) = g.mate {
                // A mate in n is found by a full-width search of 2n − 1 plies.
                let depth = n.saturating_mul(2).saturating_sub(1).clamp(1, go::MAX_GO_DEPTH);
                g.depth = Some(depth);
                format!("mate {n} is searched as depth {depth}")
            } else if had_errors {
                "no usable limit".to_string()
            } else {
                "no limit (wtime/btime, movetime, nodes, depth, mate or infinite)".to_string()
            };
            out(&format!("info string go: {why}: searching the default movetime {DEFAULT_MOVETIME_MS} ms"));
            g.movetime = Some(DEFAULT_MOVETIME_MS);
        }
        let searchmoves = Self::searchmoves(&pos, &g.searchmoves, out);
        let overhead = self.overhead_ms();
        // A manager without `move-overhead` gets the clock less `Move Overhead`.
        let time = if has_param(&self.spec, "move-overhead") {
            time
        } else {
            time.map(|t| t.saturating_sub(overhead))
        };
        // `go movetime N` stops at N − overhead, as lc0 does: the GUI's clock also counts the
        // time the move takes to reach it (fastchess `st=` with its default `timemargin=0`).
        let movetime = g.movetime.map(|t| if user_movetime { t.saturating_sub(overhead) } else { t });
        let use_tm = time.is_some() && !g.infinite && g.movetime.is_none();
        self.control = SearchControl::new();
        if let Ok(mut c) = self.interrupt.0.lock() {
            *c = self.control.clone();
        }
        self.ponderhit_seen = false;
        self.held = None;
        self.hold = g.infinite || g.ponder;
        let mcts = self.searcher == SearchKind::Mcts;
        let req = MoveRequest {
            searcher: self.searcher,
            start: self.start.clone(),
            moves: self.moves.clone(),
            clock: use_tm.then(|| UciView {
                time_ms: time.unwrap_or(0),
                inc_ms: inc.unwrap_or(0),
                movestogo: g.movestogo,
            }),
            movetime_ms: movetime.map(|t| t as f64),
            depth: if mcts { None } else { g.depth },
            // MCTS: `go depth N` is a playout budget doubling per depth (see `go.rs`).
            nodes: if mcts { g.depth.map(go::mcts_depth_playouts) } else { g.nodes },
            max_visits: if mcts { g.nodes } else { None },
            searchmoves,
            ponder: g.ponder,
            open_ended: self.hold,
            timer: self.timer(),
            control: self.control.clone(),
            ponderhit_at_ms: None,
        };
        self.driver.start(req, &mut |e| event_line(&e, out))
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
