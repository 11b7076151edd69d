//! The game as the page draws it: clocks (with lichess's bar span and emergency threshold),
//! the move list with each move's position and the engine's numbers, the legal destinations.

use crate::tm::SearchKind;
use std::collections::BTreeMap;

use serde::Serialize;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Color, Position};

use super::{PersonGame, color_name, dests};
use crate::clock::{TimeControl, Timing};
use crate::drive::Level;
use crate::play::game::{GameOutcome, MoveRecord};
use crate::play::match_::emergency_threshold_ms;
use crate::play::openings::fen_of;
use crate::play::why::stop_sentence;

/// One side's clock as the page draws it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClockState {
    /// Time left after the last completed move, ms (`None`: no clock).
    pub remaining_ms: Option<f64>,
    /// What the draining bar spans, ms: max(initial, 2 s) + 5 × increment (lichess).
    pub bar_ms: Option<f64>,
    /// Below this the clock shows the emergency style (lichess's thresholds), ms.
    pub emergency_ms: Option<f64>,
    /// The control in fastchess style (`180+2`).
    pub control: String,
    /// The control in words ("3 min + 2 s per move").
    pub reading: String,
    /// Whether this clock runs while its side thinks: lichess starts a side's clock only after
    /// that side's first move, which is not timed (the page shows the clock standing).
    pub runs: bool,
}

/// One move for the move list, the chart and view-only replay.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveRow {
    /// Half-moves before this move.
    pub ply: u32,
    /// `white` or `black`.
    pub color: &'static str,
    /// SAN with `+`/`#`.
    pub san: String,
    /// UCI notation.
    pub uci: String,
    /// From and to squares as the board shows them (the king's squares for castling).
    pub squares: [String; 2],
    /// The position after the move.
    pub fen: String,
    /// The side to move after the move: `white` or `black`.
    pub turn: &'static str,
    /// The side to move after the move is in check.
    pub check: bool,
    /// Time used, ms.
    pub used_ms: f64,
    /// Clock after the move, ms (increment included).
    pub clock_after_ms: f64,
    /// The engine's numbers for its moves.
    pub engine: Option<EngineMove>,
}

/// The engine's numbers for one of its moves.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EngineMove {
    /// Soft budget, ms.
    pub soft_ms: Option<f64>,
    /// Hard budget, ms.
    pub hard_ms: Option<f64>,
    /// Depth.
    pub depth: u32,
    /// Nodes (visits for MCTS).
    pub nodes: u64,
    /// Score from the engine's view, UCI style (`cp 31`, `mate 2`).
    pub score: String,
    /// Why the search stopped (`soft limit`, …).
    pub stop: Option<String>,
    /// Engine-reported time, ms.
    pub engine_ms: f64,
    /// Why the search stopped then, in one sentence with its numbers ([`crate::play::why`]).
    pub why: String,
}

/// The whole game as the page draws it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayState {
    /// The current position.
    pub fen: String,
    /// The side to move: `white` or `black`.
    pub turn: &'static str,
    /// The side to move is in check.
    pub check: bool,
    /// The person's colour.
    pub person: &'static str,
    /// Whose move it is: `person`, `engine`, or `none` once the game is over.
    pub to_move: &'static str,
    /// The end of the game.
    pub outcome: Option<GameOutcome>,
    /// Legal destinations per square for the side to move (chessground's `movable.dests`).
    pub dests: BTreeMap<String, Vec<String>>,
    /// White's and Black's clocks.
    pub clocks: [ClockState; 2],
    /// The moves played.
    pub moves: Vec<MoveRow>,
    /// The start position.
    pub start_fen: String,
    /// The engine's label (`ab lc0-legacy`).
    pub engine: String,
    /// The engine's searcher (`ab` or `mcts`).
    pub searcher: &'static str,
    /// The manager's spec as sent to the engine (`TimeManager`), move overhead included.
    pub tm_spec: String,
    /// The manager's canonical name (`stockfish`).
    pub manager: &'static str,
    /// The engine's strength level.
    pub level: Level,
    /// The level in words for this searcher: `3 (club, at most 16000 nodes/s)`.
    pub level_text: String,
    /// The UCI options the engine plays this game with, name → value (`setoption` them).
    pub engine_options: BTreeMap<&'static str, String>,
    /// Whether the engine accepts a draw offer right now.
    pub draw_acceptable: bool,
}

/// The initial time and increment of a control, for the clock's bar and thresholds, ms.
fn initial_and_inc(tc: &TimeControl) -> Option<(f64, f64)> {
    match &tc.timing {
        Timing::Infinite => None,
        Timing::MoveTime { ms } => Some((*ms as f64, 0.0)),
        Timing::Classical(c) => {
            let (time, inc, _) = c.stage(0);
            Some((time as f64, inc as f64))
        }
        Timing::Delay { base_ms, delay_ms, .. } => Some((*base_ms as f64, *delay_ms as f64)),
        Timing::Hourglass { base_ms } => Some((*base_ms as f64, 0.0)),
        Timing::Byoyomi { main_ms, .. } => Some((*main_ms as f64, 0.0)),
    }
}

/// What lichess's draining bar spans: max(initial, 2 s) + 5 × increment.
pub fn bar_span_ms(initial_ms: f64, inc_ms: f64) -> f64 {
    initial_ms.max(2000.0) + 5.0 * inc_ms
}

impl PersonGame {
    fn clock_state(&self, c: Color) -> ClockState {
        let clock = self.game.clock().side(c);
        let tc = clock.time_control();
        let mut remaining = Some(clock.remaining_ms()).filter(|r| r.is_finite());
        if clock.is_flagged() {
            remaining = Some(0.0);
        }
        let ii = initial_and_inc(tc);
        ClockState {
            remaining_ms: remaining,
            bar_ms: ii.map(|(i, inc)| bar_span_ms(i, inc)),
            emergency_ms: ii.map(|(i, _)| emergency_threshold_ms(i)),
            control: tc.to_string(),
            reading: tc.reading(),
            runs: clock.runs(),
        }
    }

    fn move_rows(&self) -> Vec<MoveRow> {
        let mut pos = self.game.start().clone();
        let mut fens = self.fens.iter().skip(1);
        let mut moves = self.game.moves().iter();
        self.game
            .records()
            .iter()
            .filter(|r| !r.flagged)
            .map(|r: &MoveRecord| {
                let m = *moves.next().expect("a record per move");
                let u = UciMove::from_move(m, CastlingMode::Standard);
                let squares = match u {
                    UciMove::Normal { from, to, .. } => [from.to_string(), to.to_string()],
                    _ => [String::new(), String::new()],
                };
                pos.play_unchecked(m);
                let mcts = self.searcher == SearchKind::Mcts;
                MoveRow {
                    ply: r.ply,
                    color: color_name(r.color),
                    san: r.san.clone(),
                    uci: u.to_string(),
                    squares,
                    fen: fens.next().cloned().unwrap_or_else(|| fen_of(&pos)),
                    turn: color_name(pos.turn()),
                    check: pos.is_check(),
                    used_ms: r.used_ms,
                    clock_after_ms: r.clock_after_ms,
                    engine: r.engine.as_ref().map(|t| EngineMove {
                        soft_ms: Some(t.budget.soft_ms).filter(|x| x.is_finite()),
                        hard_ms: Some(t.budget.hard_ms).filter(|x| x.is_finite()),
                        depth: t.depth,
                        nodes: t.nodes,
                        score: t.score.to_uci(),
                        stop: Some(t.stop_reason.label().to_string()),
                        engine_ms: t.engine_ms,
                        why: stop_sentence(t, r.used_ms, mcts, self.manager),
                    }),
                }
            })
            .collect()
    }

    /// The whole game as the page draws it.
    pub fn state(&self) -> PlayState {
        let pos = self.game.position();
        let running = self.game.outcome().is_none();
        PlayState {
            fen: fen_of(pos),
            turn: color_name(pos.turn()),
            check: pos.is_check(),
            person: color_name(self.person),
            to_move: if !running {
                "none"
            } else if pos.turn() == self.person {
                "person"
            } else {
                "engine"
            },
            outcome: self.game.outcome().cloned(),
            dests: if running { dests(pos) } else { BTreeMap::new() },
            clocks: [self.clock_state(Color::White), self.clock_state(Color::Black)],
            moves: self.move_rows(),
            start_fen: fen_of(self.game.start()),
            engine: self.engine_label.clone(),
            searcher: self.searcher.as_str(),
            tm_spec: self.tm_spec.clone(),
            manager: self.manager,
            level: self.level,
            level_text: self.level.describe(self.searcher),
            engine_options: self.engine_options().into_iter().collect(),
            draw_acceptable: self.draw_acceptable(),
        }
    }
}
