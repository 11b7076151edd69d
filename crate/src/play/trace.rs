//! A game trace: one manager plays itself on the virtual clock from a chosen opening, and every
//! engine move is recorded with the numbers an allocation chart needs (base soft budget, the
//! effective soft limit the manager really used, the hard limit, the time used, the clock).
//!
//! Everything is deterministic (virtual clock, fixed opening, fresh players), so a parameter
//! change replays the game and the difference is the parameter's effect alone. The game is
//! stepped one move per call, so a browser worker can post progress between moves.

use crate::error::FieldError;

use super::engine::{EngineConfig, EnginePlayer};
use super::game::{Adjudication, ClockMode, Game, GameSetup, SideSetup, play_move};
use super::openings;
use crate::clock::TimeControl;
use crate::tm::{SearchKind, TmSpec};

/// The most full moves a trace may play.
pub const MAX_TRACE_MOVES: u32 = 200;
/// The largest simulated latency per move, ms.
pub const MAX_TRACE_LATENCY_MS: f64 = 5000.0;
/// The virtual speeds a trace accepts, nodes per second.
pub const TRACE_NPS: (f64, f64) = (1e3, 1e8);
/// The speeds the page offers, nodes per second: 10 k (a 60-move game at 60+0.6 in seconds)
/// to 1 M (the match default; minutes per game in a browser).
pub const TRACE_SPEEDS: [f64; 5] = [1e4, 3e4, 1e5, 3e5, 1e6];
/// The page's default speed, nodes per second.
pub const TRACE_DEFAULT_NPS: f64 = 1e4;
/// The page's default length, full moves.
pub const TRACE_DEFAULT_MOVES: u32 = 60;

/// The searcher a manager was written for (the schema's `search`): lc0's managers steer MCTS,
/// the others alpha-beta.
pub fn native_searcher(tm: &TmSpec) -> SearchKind {
    let kind = crate::tm::params::schema().into_iter().find(|m| m.name == tm.manager()).map(|m| m.search);
    if kind == Some(SearchKind::Mcts) { SearchKind::Mcts } else { SearchKind::AlphaBeta }
}

/// What to play.
#[derive(Clone, Debug)]
pub struct TraceSpec {
    /// The manager (both sides), a spec string.
    pub tm: String,
    /// The time control (both sides), cutechess syntax.
    pub tc: String,
    /// Index into the builtin opening set.
    pub opening: usize,
    /// Virtual nodes per second.
    pub nps: f64,
    /// Full moves after which the game is adjudicated a draw.
    pub moves: u32,
    /// The searcher; `None`: the manager's own ([`native_searcher`]).
    pub searcher: Option<SearchKind>,
    /// Simulated latency charged per move on top of the search's time, ms.
    pub latency_ms: f64,
    /// Both sides ponder (UCI `Ponder` on: see [`EnginePlayer::think`]).
    pub ponder: bool,
}

/// One engine move of the trace (defined beside the managers: the engine charts module draws
/// it without the engine).
pub use crate::tm::trace_move::TraceMove;

/// A trace being played.
pub struct TraceGame {
    game: Game,
    white: EnginePlayer,
    black: EnginePlayer,
    moves: Vec<TraceMove>,
    searcher: SearchKind,
    opening: String,
}

impl std::fmt::Debug for TraceGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TraceGame").field("moves", &self.moves.len()).finish_non_exhaustive()
    }
}

impl TraceGame {
    /// Sets up the game (the opening's book moves played).
    ///
    /// # Errors
    /// A bad spec string, time control, opening index, speed or move count, named.
    pub fn new(spec: &TraceSpec) -> Result<TraceGame, FieldError> {
        let tm: TmSpec =
            spec.tm.parse().map_err(|e: crate::tm::SpecError| FieldError::from(e).renamed("tm"))?;
        let tc: TimeControl = spec.tc.parse().map_err(|e: crate::clock::TcError| e.at("tc"))?;
        if !tc.has_clock() {
            let message = format!("`{}` has no clock", crate::excerpt::excerpt(&spec.tc));
            return Err(FieldError::new("tc", message, "a control with a clock, e.g. 60+0.6"));
        }
        let book = openings::builtin();
        let opening = book.get(spec.opening).ok_or_else(|| {
            let message = format!("{} is out of range", spec.opening);
            FieldError::new("opening", message, format!("0 to {}", book.len() - 1))
        })?;
        if !(spec.nps >= TRACE_NPS.0 && spec.nps <= TRACE_NPS.1) {
            let message = format!("{} is out of range", spec.nps);
            return Err(FieldError::new("nps", message, format!("{} to {}", TRACE_NPS.0, TRACE_NPS.1)));
        }
        if !(0.0..=MAX_TRACE_LATENCY_MS).contains(&spec.latency_ms) {
            let message = format!("{} ms is out of range", spec.latency_ms);
            return Err(FieldError::new("latency", message, format!("0 to {MAX_TRACE_LATENCY_MS} ms")));
        }
        if spec.moves == 0 || spec.moves > MAX_TRACE_MOVES {
            let message = format!("{} is out of range", spec.moves);
            return Err(FieldError::new("moves", message, format!("1 to {MAX_TRACE_MOVES}")));
        }
        let searcher = spec.searcher.unwrap_or_else(|| native_searcher(&tm));
        let mut config = EngineConfig::new(searcher, tm);
        config.set_ponder(spec.ponder);
        let side = SideSetup { name: config.label(), tc, engine: config.label() };
        let setup = GameSetup {
            white: side.clone(),
            black: side,
            clock: ClockMode::Virtual { nps: spec.nps, latency_ms: spec.latency_ms },
            adjudication: Adjudication { max_moves: Some(spec.moves), ..Adjudication::default() },
            event: "tmlab trace".into(),
            date: "????.??.??".into(),
            round: "1".into(),
        };
        let game = Game::new(setup, opening).map_err(FieldError::message)?;
        Ok(TraceGame {
            game,
            white: EnginePlayer::new(config.clone()),
            black: EnginePlayer::new(config),
            moves: Vec::new(),
            searcher,
            opening: opening.name.clone(),
        })
    }

    /// Plays the next move and returns its record, or `None` once the game is over.
    pub fn step(&mut self) -> Option<&TraceMove> {
        let color = self.game.next_to_move()?;
        let player = if color.is_white() { &mut self.white } else { &mut self.black };
        let before = self.game.records().len();
        play_move(&mut self.game, player);
        let r = self.game.records().get(before)?;
        let t = r.engine.as_ref()?;
        let soft = t.effective.as_ref().map_or(t.budget.soft_ms, |e| e.soft_ms);
        self.moves.push(TraceMove {
            ply: r.ply,
            move_number: r.ply / 2 + 1,
            white: r.color.is_white(),
            san: r.san.clone(),
            base_soft_ms: t.budget.soft_ms,
            soft_ms: soft,
            hard_ms: t.budget.hard_ms,
            used_ms: r.used_ms,
            clock_before_ms: r.clock_before_ms,
            clock_after_ms: r.clock_after_ms,
            nodes: t.nodes,
            depth: t.depth,
            stop: serde_json::to_value(t.stop_reason)
                .ok()
                .and_then(|v| v.as_str().map(String::from))
                .unwrap_or_default(),
            limit_text: t.effective.as_ref().map(|e| e.text.clone()).unwrap_or_default(),
            flagged: r.flagged,
            pondered_ms: t.pondered_ms,
        });
        self.moves.last()
    }

    /// Plays to the end and returns every move.
    pub fn run(mut self) -> Vec<TraceMove> {
        while self.step().is_some() {}
        self.moves
    }

    /// Whether the game is over.
    pub fn done(&self) -> bool {
        self.game.outcome().is_some()
    }

    /// The moves so far.
    pub fn moves(&self) -> &[TraceMove] {
        &self.moves
    }

    /// The searcher both sides use.
    pub fn searcher(&self) -> SearchKind {
        self.searcher
    }

    /// The opening's name.
    pub fn opening(&self) -> &str {
        &self.opening
    }

    /// Why the game ended (`None` while it runs).
    pub fn result(&self) -> Option<String> {
        self.game.outcome().map(|o| format!("{} {}", o.result.as_str(), o.reason))
    }
}

#[cfg(test)]
mod tests;
