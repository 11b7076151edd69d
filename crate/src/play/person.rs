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

use serde::{Deserialize, Serialize};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Move, Position};

use super::engine_report::EngineReport;
use super::game::{
    Adjudication, ClockMode, Game, GameOutcome, GameSetup, SideSetup, Termination, startpos_opening,
};
use super::openings::fen_of;
use super::pgn::PgnResult;
use crate::clock::{Convention, TimeControl};
use crate::drive::SearcherKind;
use crate::stop::Score;
use crate::tm::TmSpec;

/// The engine accepts a draw offer only once the full-move number is above this.
pub const DRAW_OFFER_MIN_MOVE: u32 = 30;
/// … and only while its last score is within ± this many centipawns.
pub const DRAW_OFFER_MAX_CP: i32 = 25;
/// Version of the saved-game format ([`SavedGame`]).
pub const SAVE_VERSION: u32 = 2;

/// What the page sets up before a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlaySetup {
    /// The person's colour: `white` or `black`.
    pub person: String,
    /// White's time control (cutechess/fastchess syntax, seconds; `3m+2` for minutes).
    pub white_tc: String,
    /// Black's time control.
    pub black_tc: String,
    /// The engine's searcher: `ab` or `mcts`.
    pub searcher: String,
    /// The engine's time manager, a spec string.
    pub tm: String,
    /// The engine's move overhead, ms (set as the manager's `move-overhead`, where it has one).
    pub move_overhead_ms: f64,
    /// Whether the engine ponders (MCTS only).
    pub ponder: bool,
    /// PGN `Date` (`YYYY.MM.DD`).
    #[serde(default = "unknown_date")]
    pub date: String,
}

fn unknown_date() -> String {
    "????.??.??".into()
}

/// One thing that happened in a game, in order: replaying them rebuilds the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum PlayEvent {
    /// A move (UCI) that took `used_ms`; `engine` is the engine's report for its moves.
    Move {
        /// The move, UCI notation.
        uci: String,
        /// Time charged, ms.
        used_ms: f64,
        /// The engine's report (absent for the person's moves).
        engine: Option<EngineReport>,
    },
    /// The side to move ran out of time after `used_ms` without moving.
    TimeOut {
        /// Time charged, ms.
        used_ms: f64,
    },
    /// A side resigned.
    Resign {
        /// `white` or `black`.
        color: String,
    },
    /// The engine accepted the person's draw offer.
    DrawAgreed,
    /// The engine failed to produce a legal move.
    Forfeit {
        /// What went wrong.
        reason: String,
    },
}

/// A saved game: the setup and the event log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    /// [`SAVE_VERSION`].
    pub version: u32,
    /// The setup.
    pub setup: PlaySetup,
    /// Everything that happened.
    pub events: Vec<PlayEvent>,
}

/// What to send the engine for a search.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EngineRequest {
    /// `position startpos moves …`.
    pub position: String,
    /// `go wtime … btime … winc … binc … [movestogo …]` (or `go ponder …`, `go movetime …`).
    pub go: String,
    /// The search's budget for the page's watchdog, ms.
    pub budget_ms: f64,
    /// For a ponder search: the move pondered on (UCI).
    pub ponder_move: Option<String>,
}

/// A person against the engine.
#[derive(Clone, Debug)]
pub struct PersonGame {
    setup: PlaySetup,
    person: Color,
    searcher: SearcherKind,
    engine_label: String,
    tm_spec: String,
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

/// A setup value the game refuses: which field (`person`, `white_tc`, `black_tc`, `searcher`,
/// `tm`, `move_overhead_ms`) and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError {
    /// The [`PlaySetup`] field.
    pub field: &'static str,
    /// What is wrong, naming the value.
    pub message: String,
}

impl SetupError {
    fn new(field: &'static str, message: impl Into<String>) -> Self {
        SetupError { field, message: message.into() }
    }
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SetupError {}

fn parse_color(s: &str) -> Result<Color, String> {
    match s.trim().to_ascii_lowercase().as_str() {
        "white" | "w" => Ok(Color::White),
        "black" | "b" => Ok(Color::Black),
        other => Err(format!("colour {other:?}: expected white or black")),
    }
}

fn uci_of(m: &Move) -> String {
    UciMove::from_move(*m, CastlingMode::Standard).to_string()
}

impl PersonGame {
    /// A new game from the setup.
    ///
    /// # Errors
    /// A field is invalid; the message names it and what is allowed.
    pub fn new(setup: PlaySetup) -> Result<PersonGame, SetupError> {
        let person = parse_color(&setup.person).map_err(|e| SetupError::new("person", e))?;
        let white = parse_tc("White", &setup.white_tc).map_err(|e| SetupError::new("white_tc", e))?;
        let black = parse_tc("Black", &setup.black_tc).map_err(|e| SetupError::new("black_tc", e))?;
        let (mine, field) = if person.is_white() { (&white, "white_tc") } else { (&black, "black_tc") };
        if mine.nodes.is_some() || mine.depth.is_some() {
            return Err(SetupError::new(
                field,
                format!(
                    "your time control `{mine}` limits nodes or depth, which only engines have: use a clock such as 3m+2"
                ),
            ));
        }
        let searcher: SearcherKind = setup.searcher.parse().map_err(|e| SetupError::new("searcher", e))?;
        let mut tm: TmSpec =
            setup.tm.parse().map_err(|e| SetupError::new("tm", format!("time manager: {e}")))?;
        if !(setup.move_overhead_ms.is_finite() && (0.0..=10_000.0).contains(&setup.move_overhead_ms)) {
            return Err(SetupError::new(
                "move_overhead_ms",
                format!("move overhead {} ms: expected 0 … 10000 ms", setup.move_overhead_ms),
            ));
        }
        let overhead_applies = tm.get("move-overhead").is_some();
        if overhead_applies {
            tm.set("move-overhead", &format!("{}", setup.move_overhead_ms.round()))
                .map_err(|e| SetupError::new("tm", e.to_string()))?;
        }
        let engine_label = format!("{} {}", searcher.as_str(), tm);
        let side = |c: Color, tc: TimeControl| SideSetup {
            name: if c == person { "Person".into() } else { format!("tmlab {}", searcher.as_str()) },
            tc,
            engine: if c == person { String::new() } else { engine_label.clone() },
        };
        let gs = GameSetup {
            white: side(Color::White, white),
            black: side(Color::Black, black),
            clock: ClockMode::Real,
            adjudication: Adjudication::default(),
            event: "tmlab play".into(),
            date: setup.date.clone(),
            round: "1".into(),
        };
        let game = Game::new(gs, &startpos_opening())
            .map_err(|e| SetupError::new(if e.starts_with("black") { "black_tc" } else { "white_tc" }, e))?
            .with_convention(Convention::Lichess);
        let fens = vec![fen_of(game.position())];
        Ok(PersonGame {
            setup,
            person,
            searcher,
            engine_label,
            tm_spec: tm.to_string(),
            overhead_applies,
            game,
            events: Vec::new(),
            fens,
            report: EngineReport::default(),
            last_engine_score: None,
        })
    }

    /// Rebuild a saved game (JSON of [`SavedGame`]) by replaying its events.
    ///
    /// # Errors
    /// The text is not a saved game of this version, or an event does not replay.
    pub fn restore(json: &str) -> Result<PersonGame, String> {
        let saved: SavedGame = serde_json::from_str(json).map_err(|e| format!("saved game: {e}"))?;
        if saved.version != SAVE_VERSION {
            return Err(format!("saved game version {} (this build reads {SAVE_VERSION})", saved.version));
        }
        let mut g = PersonGame::new(saved.setup).map_err(|e| format!("saved game: {e}"))?;
        for (i, ev) in saved.events.into_iter().enumerate() {
            g.replay(ev).map_err(|e| format!("saved game, event {}: {e}", i + 1))?;
        }
        Ok(g)
    }

    fn replay(&mut self, ev: PlayEvent) -> Result<(), String> {
        match ev {
            PlayEvent::Move { uci, used_ms, engine } => {
                let m = uci
                    .parse::<UciMove>()
                    .ok()
                    .and_then(|u| u.to_move(self.game.position()).ok())
                    .ok_or_else(|| format!("{uci} is not legal"))?;
                match engine {
                    Some(r) => {
                        self.report = r;
                        self.apply_engine(m, used_ms)
                    }
                    None => self.apply_person(m, used_ms),
                }
            }
            PlayEvent::TimeOut { used_ms } => {
                self.time_out(used_ms);
                Ok(())
            }
            PlayEvent::Resign { color } => self.resign(&color),
            PlayEvent::DrawAgreed => {
                self.agree_draw();
                Ok(())
            }
            PlayEvent::Forfeit { reason } => {
                self.forfeit(&reason);
                Ok(())
            }
        }
    }

    /// The game as JSON ([`SavedGame`]) for [`PersonGame::restore`].
    pub fn save(&self) -> String {
        let saved =
            SavedGame { version: SAVE_VERSION, setup: self.setup.clone(), events: self.events.clone() };
        serde_json::to_string(&saved).expect("a saved game always serialises")
    }

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
    pub fn searcher(&self) -> SearcherKind {
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

    /// Whether `orig`→`dest` is a legal promotion for the side to move.
    pub fn is_promotion(&self, orig: &str, dest: &str) -> bool {
        matches!(find_move(self.game.position(), orig, dest, None), Err(e) if e.contains("is a promotion"))
    }

    fn record_move(&mut self, m: Move, used_ms: f64, engine: Option<EngineReport>) -> Result<(), String> {
        let uci = uci_of(&m);
        let thought = engine.as_ref().map(|r| {
            let told = self.game.clock().side(self.game.position().turn()).uci_view();
            r.thought(&uci, told, self.searcher == SearcherKind::Mcts)
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

    fn apply_person(&mut self, m: Move, used_ms: f64) -> Result<(), String> {
        if !self.person_to_move() {
            return Err("it is not your move".into());
        }
        self.record_move(m, used_ms, None)
    }

    fn apply_engine(&mut self, m: Move, used_ms: f64) -> Result<(), String> {
        if !self.engine_to_move() {
            return Err("it is not the engine's move".into());
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
    ) -> Result<(), String> {
        if !self.person_to_move() {
            return Err("it is not your move".into());
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
    pub fn play_text(&mut self, text: &str, used_ms: f64) -> Result<String, String> {
        if !self.person_to_move() {
            return Err("it is not your move".into());
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
    pub fn play_engine(&mut self, bestmove: &str, used_ms: f64) -> Result<(String, Option<String>), String> {
        if !self.engine_to_move() {
            return Err("it is not the engine's move".into());
        }
        let mut it = bestmove.split_whitespace();
        if it.next() != Some("bestmove") {
            return Err(format!("expected a bestmove line, got {bestmove:?}"));
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

    fn forfeit(&mut self, reason: &str) {
        if self.game.outcome().is_none() {
            self.game.forfeit(Termination::RulesInfraction, reason);
            self.events.push(PlayEvent::Forfeit { reason: reason.into() });
        }
    }

    /// The side to move has thought `used_ms` without moving: if that exceeds its clock it
    /// loses on time (see [`Game::time_out`]). Returns whether it did.
    pub fn time_out(&mut self, used_ms: f64) -> bool {
        let flagged = self.game.time_out(used_ms);
        if flagged {
            self.events.push(PlayEvent::TimeOut { used_ms });
        }
        flagged
    }

    /// `color` (`white`/`black`) resigns.
    ///
    /// # Errors
    /// The colour is not white or black.
    pub fn resign(&mut self, color: &str) -> Result<(), String> {
        let c = parse_color(color)?;
        if self.game.outcome().is_some() {
            return Ok(());
        }
        let name = if c.is_white() { "White" } else { "Black" };
        self.game.conclude(GameOutcome {
            result: if c.is_white() { PgnResult::BlackWins } else { PgnResult::WhiteWins },
            termination: Termination::Normal,
            reason: format!("{name} resigns"),
        });
        self.events.push(PlayEvent::Resign { color: color_name(c).into() });
        Ok(())
    }

    /// Whether the engine would accept a draw now (see the module documentation).
    pub fn draw_acceptable(&self) -> bool {
        self.game.outcome().is_none()
            && self.game.position().fullmoves().get() > DRAW_OFFER_MIN_MOVE
            && self.last_engine_score.is_some_and(|s| s.as_cp().abs() <= DRAW_OFFER_MAX_CP)
    }

    /// The person offers a draw: returns whether the engine accepted (the game is then drawn).
    pub fn offer_draw(&mut self) -> bool {
        if !self.draw_acceptable() {
            return false;
        }
        self.agree_draw();
        true
    }

    fn agree_draw(&mut self) {
        if self.game.outcome().is_none() {
            self.game.conclude(GameOutcome {
                result: PgnResult::Draw,
                termination: Termination::Normal,
                reason: "Draw by agreement".into(),
            });
            self.events.push(PlayEvent::DrawAgreed);
        }
    }

    /// `position startpos moves …` for the current position, plus `extra` moves.
    fn position_line(&self, extra: Option<&str>) -> String {
        let start = self.game.start();
        let mut s = if *start == Chess::default() {
            "position startpos".to_string()
        } else {
            format!("position fen {}", fen_of(start))
        };
        let mut moves: Vec<String> = self.game.moves().iter().map(uci_of).collect();
        if let Some(e) = extra {
            moves.push(e.to_string());
        }
        if !moves.is_empty() {
            s.push_str(" moves ");
            s.push_str(&moves.join(" "));
        }
        s
    }

    /// The `go` fields from the clocks: `wtime`/`btime`/`winc`/`binc` for every side with a
    /// clock (never negative), `movestogo` of the engine's side, `movetime`/`nodes`/`depth` of
    /// the engine's control.
    fn go_fields(&self) -> String {
        let clock = self.game.clock();
        let engine = !self.person;
        let w = clock.side(Color::White).uci_view();
        let b = clock.side(Color::Black).uci_view();
        let mut f = Vec::new();
        let etc = clock.side(engine).time_control();
        if let Some(ms) = clock.side(engine).move_time_ms() {
            f.push(format!("movetime {ms}"));
        } else {
            if let Some(v) = w {
                f.push(format!("wtime {}", v.time_ms));
            }
            if let Some(v) = b {
                f.push(format!("btime {}", v.time_ms));
            }
            if let Some(v) = w {
                f.push(format!("winc {}", v.inc_ms));
            }
            if let Some(v) = b {
                f.push(format!("binc {}", v.inc_ms));
            }
            if let Some(mtg) = clock.side(engine).uci_view().and_then(|v| v.movestogo) {
                f.push(format!("movestogo {mtg}"));
            }
        }
        if let Some(n) = etc.nodes {
            f.push(format!("nodes {n}"));
        }
        if let Some(d) = etc.depth {
            f.push(format!("depth {d}"));
        }
        f.join(" ")
    }

    fn engine_budget_ms(&self) -> f64 {
        let c = self.game.clock().side(!self.person);
        let r = c.remaining_ms();
        if r.is_finite() { r } else { 60_000.0 }
    }

    /// The engine's search for its move, or `None` when it is not the engine's move.
    pub fn engine_request(&self) -> Option<EngineRequest> {
        if !self.engine_to_move() {
            return None;
        }
        Some(EngineRequest {
            position: self.position_line(None),
            go: format!("go {}", self.go_fields()).trim_end().to_string(),
            budget_ms: self.engine_budget_ms(),
            ponder_move: None,
        })
    }

    /// A ponder search on the person's expected reply `ponder` (UCI), or `None` when it is not
    /// the person's move, the engine does not ponder (MCTS only), or the reply is illegal or
    /// ends the game.
    pub fn ponder_request(&self, ponder: &str) -> Option<EngineRequest> {
        if !self.person_to_move() || !self.setup.ponder || self.searcher != SearcherKind::Mcts {
            return None;
        }
        let m = ponder.parse::<UciMove>().ok()?.to_move(self.game.position()).ok()?;
        let mut after = self.game.position().clone();
        after.play_unchecked(m);
        if after.legal_moves().is_empty() {
            return None;
        }
        let mine = self.game.clock().side(self.person).remaining_ms();
        Some(EngineRequest {
            position: self.position_line(Some(&uci_of(&m))),
            go: format!("go ponder {}", self.go_fields()).trim_end().to_string(),
            budget_ms: self.engine_budget_ms() + if mine.is_finite() { mine } else { 600_000.0 },
            ponder_move: Some(uci_of(&m)),
        })
    }

    /// The game as PGN: [`Game::to_pgn`] plus `MoveOverhead` and `Ponder` tags.
    pub fn pgn(&self) -> String {
        let mut pgn = self.game.to_pgn();
        let overhead = if self.overhead_applies {
            format!("{} ms", self.setup.move_overhead_ms)
        } else {
            "n/a (the manager has no move overhead)".into()
        };
        pgn.tags.push(("MoveOverhead".into(), overhead));
        pgn.tags.push(("Ponder".into(), if self.setup.ponder { "on" } else { "off" }.into()));
        pgn.to_pgn()
    }
}

mod input;
#[cfg(test)]
mod tests;
mod view;

pub use input::{dests, find_move, parse_tc, read_move};
pub use view::{ClockState, EngineMove, MoveRow, PlayState, bar_span_ms};
