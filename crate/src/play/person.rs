//! A game between a person and the engine: the person is a player type of [`Game`].
//!
//! The page is the clock authority for both sides (playground.md §3): it measures think time with
//! `performance.now()` and hands it over with each move; the [`Game`]'s `GameClock` applies
//! increments, flags (margin 0 by default), adjudicates by the rules and writes the PGN with
//! `%clk`/`%emt` on every move and the cutechess `eval/depth time` prefix on engine moves.
//!
//! Everything chess is here (legal destinations, promotion, SAN, FEN, check, the end of the game)
//! and so are the engine's `position`/`go` lines; the page has no chess logic.
//!
//! A game is saved as its setup plus an event log ([`PlayEvent`]); replaying the log rebuilds
//! the same position, clocks and records ([`PersonGame::restore`]).
//!
//! **Clocks** follow lichess ([`Convention::Lichess`], playground.md §3): a clock shows its base
//! time (180+2 shows 3:00), each side's first move is not timed, and the increment is added after
//! each timed move. Time controls are the one cutechess/fastchess syntax in seconds (`180+2`);
//! minutes only with a unit (`3m+2`).
//!
//! **Draw offers.** The engine accepts a draw when, after move 30 (full move number above 30),
//! its last reported score is within ±25 centipawns ([`DRAW_OFFER_MIN_MOVE`],
//! [`DRAW_OFFER_MAX_CP`]); otherwise it declines and play goes on.

use crate::error::FieldError;
use crate::tm::SearchKind;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Color, Move, Position, Role, Square};

use super::engine_report::EngineReport;
use super::game::Game;
use super::openings::fen_of;
use crate::drive::{Level, TmSnapshot};
use crate::stop::Score;

/// A person against the engine.
#[derive(Clone, Debug)]
pub struct PersonGame {
    setup: PlaySetup,
    person: Color,
    searcher: SearchKind,
    engine_label: String,
    tm_spec: String,
    /// The manager's canonical name (the glossary's scope).
    manager: &'static str,
    level: Level,
    /// The engine manager's per-game state after its last move (a `tm-state` payload), saved
    /// with the game so a restored game's engine continues with it.
    manager_state: Option<String>,
    overhead_applies: bool,
    game: Game,
    events: Vec<PlayEvent>,
    /// FEN after each move, the start position first.
    fens: Vec<String>,
    report: EngineReport,
    last_engine_score: Option<Score>,
}

fn color_name(c: Color) -> &'static str {
    if c.is_white() { "white" } else { "black" }
}

fn uci_of(m: &Move) -> String {
    UciMove::from_move(*m, CastlingMode::Standard).to_string()
}

impl PersonGame {
    /// The setup.
    pub fn setup(&self) -> &PlaySetup {
        &self.setup
    }

    /// The underlying game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The person's colour.
    pub fn person(&self) -> Color {
        self.person
    }

    /// The engine's searcher.
    pub fn searcher(&self) -> SearchKind {
        self.searcher
    }

    /// Whether the move overhead applies (the manager has a `move-overhead` parameter).
    pub fn overhead_applies(&self) -> bool {
        self.overhead_applies
    }

    /// Whether it is the engine's move (and the game is running).
    pub fn engine_to_move(&self) -> bool {
        self.game.next_to_move().is_some_and(|c| c != self.person)
    }

    /// Whether it is the person's move (and the game is running).
    pub fn person_to_move(&self) -> bool {
        self.game.next_to_move() == Some(self.person)
    }

    /// The engine's strength level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// The pieces `orig`→`dest` may promote to (queen first), empty when it is no legal
    /// promotion for the side to move.
    pub fn promotions(&self, orig: &str, dest: &str) -> Vec<Role> {
        let (Ok(o), Ok(d)) = (orig.parse::<Square>(), dest.parse::<Square>()) else { return Vec::new() };
        let legal = self.game.position().legal_moves();
        [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
            .into_iter()
            .filter(|r| legal.iter().any(|m| m.from() == Some(o) && m.to() == d && m.promotion() == Some(*r)))
            .collect()
    }

    /// The engine manager's state after its last move (a `tm-state` payload), if known.
    pub fn manager_state(&self) -> Option<&str> {
        self.manager_state.as_deref()
    }

    /// Keeps the engine manager's state after its last move, saved with the game.
    ///
    /// # Errors
    /// The payload is malformed or belongs to another manager than this game's; nothing changes.
    pub fn set_manager_state(&mut self, payload: &str) -> Result<(), FieldError> {
        let snap = TmSnapshot::from_payload(payload).map_err(|e| FieldError::message(e.to_string()))?;
        if snap.spec() != self.tm_spec {
            return Err(FieldError::message(format!(
                "the manager state is for {:?}, but this game's manager is {:?}",
                snap.spec(),
                self.tm_spec
            )));
        }
        // The words must be this manager's state: read them into a fresh one.
        let spec: crate::tm::TmSpec =
            self.tm_spec.parse().map_err(|e| FieldError::message(format!("{e}")))?;
        snap.restore(&spec, spec.build().as_mut()).map_err(|e| FieldError::message(e.to_string()))?;
        self.manager_state = Some(payload.trim().to_string());
        Ok(())
    }

    /// The UCI options the engine plays this game with (name → value): searcher, manager, move
    /// overhead and strength level.
    pub fn engine_options(&self) -> Vec<(&'static str, String)> {
        let overhead = if self.overhead_applies { self.setup.move_overhead_ms.round() } else { 0.0 };
        vec![
            ("Searcher", self.searcher.as_str().to_string()),
            ("TimeManager", self.tm_spec.clone()),
            ("Move Overhead", format!("{overhead}")),
            ("Level", self.level.level.to_string()),
        ]
    }

    fn record_move(&mut self, m: Move, used_ms: f64, engine: Option<EngineReport>) -> Result<(), FieldError> {
        let uci = uci_of(&m);
        let thought = engine.as_ref().map(|r| {
            let told = self.game.clock().side(self.game.position().turn()).uci_view();
            r.thought(&uci, told, self.searcher == SearchKind::Mcts)
        });
        if let Some(t) = &thought {
            self.last_engine_score = Some(t.score);
        }
        self.game.apply(m, used_ms, thought)?;
        self.events.push(PlayEvent::Move { uci, used_ms, engine });
        if !self.game.records().last().is_some_and(|r| r.flagged) {
            self.fens.push(fen_of(self.game.position()));
        }
        Ok(())
    }

    fn apply_person(&mut self, m: Move, used_ms: f64) -> Result<(), FieldError> {
        if !self.person_to_move() {
            return Err(FieldError::message("it is not your move"));
        }
        self.record_move(m, used_ms, None)
    }

    fn apply_engine(&mut self, m: Move, used_ms: f64) -> Result<(), FieldError> {
        if !self.engine_to_move() {
            return Err(FieldError::message("it is not the engine's move"));
        }
        let report = std::mem::take(&mut self.report);
        self.record_move(m, used_ms, Some(report))
    }

    /// The person plays `orig`→`dest` (chessground squares) with an optional promotion piece,
    /// after thinking `used_ms`.
    ///
    /// # Errors
    /// It is not the person's move, or the move is not legal; nothing changes then.
    pub fn play_person(
        &mut self,
        orig: &str,
        dest: &str,
        promotion: Option<&str>,
        used_ms: f64,
    ) -> Result<(), FieldError> {
        if !self.person_to_move() {
            return Err(FieldError::message("it is not your move"));
        }
        let m = find_move(self.game.position(), orig, dest, promotion)?;
        self.apply_person(m, used_ms)
    }

    /// The person plays a move typed as SAN (`e4`, `Nf3`, `exd5`, `O-O`, `e8=Q`) or UCI
    /// (`e2e4`, `e7e8q`) after thinking `used_ms`; returns the move in UCI.
    ///
    /// # Errors
    /// It is not the person's move, or the text is not a legal move here; the message names the
    /// text and what was wrong (not a move, illegal, ambiguous, a promotion without a piece).
    pub fn play_text(&mut self, text: &str, used_ms: f64) -> Result<String, FieldError> {
        if !self.person_to_move() {
            return Err(FieldError::message("it is not your move"));
        }
        let m = read_move(self.game.position(), text)?;
        self.apply_person(m, used_ms)?;
        Ok(uci_of(&m))
    }

    /// Starts reading a new engine search's output.
    pub fn begin_search(&mut self) {
        self.report = EngineReport::default();
    }

    /// Reads one engine output line; returns whether the report changed.
    pub fn engine_line(&mut self, line: &str) -> bool {
        self.report.feed(line)
    }

    /// The current search's report.
    pub fn report(&self) -> &EngineReport {
        &self.report
    }

    /// The engine's `bestmove …` line arrived after `used_ms` (measured by the page): plays it
    /// and returns the move and the ponder move (UCI) the engine expects, if legal afterwards.
    /// An illegal or missing move loses the game (Termination `rules infraction`).
    ///
    /// # Errors
    /// It is not the engine's move, or the line is not a `bestmove` line.
    pub fn play_engine(
        &mut self,
        bestmove: &str,
        used_ms: f64,
    ) -> Result<(String, Option<String>), FieldError> {
        if !self.engine_to_move() {
            return Err(FieldError::message("it is not the engine's move"));
        }
        let mut it = bestmove.split_whitespace();
        if it.next() != Some("bestmove") {
            return Err(FieldError::message(format!("expected a bestmove line, got {bestmove:?}")));
        }
        let uci = it.next().unwrap_or("0000").to_string();
        let ponder = match (it.next(), it.next()) {
            (Some("ponder"), Some(p)) => Some(p.to_string()),
            _ => None,
        };
        let m = uci.parse::<UciMove>().ok().and_then(|u| u.to_move(self.game.position()).ok());
        let Some(m) = m else {
            self.forfeit(&format!(
                "the engine played {uci}, which is not legal in {}",
                fen_of(self.game.position())
            ));
            return Ok((uci, None));
        };
        self.apply_engine(m, used_ms)?;
        let ponder = ponder.filter(|p| {
            self.person_to_move()
                && p.parse::<UciMove>().ok().and_then(|u| u.to_move(self.game.position()).ok()).is_some()
        });
        Ok((uci, ponder))
    }

    /// The game as PGN: [`Game::to_pgn`] (whose `WhiteEngine`/`BlackEngine` tag names the
    /// searcher, the manager's spec and the level) plus `MoveOverhead`, `Ponder` and
    /// `EngineLevel` tags.
    pub fn pgn(&self) -> String {
        let mut pgn = self.game.to_pgn();
        let overhead = if self.overhead_applies {
            format!("{} ms", self.setup.move_overhead_ms)
        } else {
            "n/a (the manager has no move overhead)".into()
        };
        pgn.tags.push(("MoveOverhead".into(), overhead));
        pgn.tags.push(("Ponder".into(), if self.setup.ponder { "on" } else { "off" }.into()));
        pgn.tags.push(("EngineLevel".into(), self.level.describe(self.searcher)));
        pgn.to_pgn()
    }
}

mod ending;
mod input;
mod save;
mod setup;
#[cfg(test)]
mod tests;
mod uci;
mod view;

pub use ending::{DRAW_OFFER_MAX_CP, DRAW_OFFER_MIN_MOVE};
pub use input::{dests, find_move, parse_tc, read_move};
pub use save::{PlayEvent, SAVE_VERSION, SavedGame};
pub use setup::PlaySetup;
pub use uci::EngineRequest;
pub use view::{ClockState, EngineMove, MoveRow, PlayState, bar_span_ms};
