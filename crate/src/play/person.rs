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
//! **Draw offers.** The engine accepts a draw when, after move 30 (full move number above 30),
//! its last reported score is within ±25 centipawns ([`DRAW_OFFER_MIN_MOVE`],
//! [`DRAW_OFFER_MAX_CP`]); otherwise it declines and play goes on.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Move, Position, Role, Square};

use super::engine::SearcherKind;
use super::engine_report::EngineReport;
use super::game::{
    Adjudication, ClockMode, Game, GameOutcome, GameSetup, MoveRecord, SideSetup, Termination,
    startpos_opening,
};
use super::openings::fen_of;
use super::pgn::PgnResult;
use crate::clock::{TimeControl, Timing};
use crate::stop::Score;
use crate::tm::TmSpec;

/// The engine accepts a draw offer only once the full-move number is above this.
pub const DRAW_OFFER_MIN_MOVE: u32 = 30;
/// … and only while its last score is within ± this many centipawns.
pub const DRAW_OFFER_MAX_CP: i32 = 25;
/// Version of the saved-game format ([`SavedGame`]).
pub const SAVE_VERSION: u32 = 1;

/// What the page sets up before a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlaySetup {
    /// The person's colour: `white` or `black`.
    pub person: String,
    /// White's time control (cutechess syntax or `m+s`).
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

/// One side's clock as the page draws it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClockState {
    /// Time left after the last completed move, ms (`None`: no clock).
    pub remaining_ms: Option<f64>,
    /// What the draining bar spans, ms: max(initial, 2 s) + 5 × increment (lichess).
    pub bar_ms: Option<f64>,
    /// Below this the clock shows the emergency style (lichess's thresholds), ms.
    pub emergency_ms: Option<f64>,
    /// The control in fastchess style.
    pub control: String,
    /// The control as `m+s` where it is one (`1+0`, `3+2`), else the fastchess form.
    pub short: String,
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
    /// Whether the engine accepts a draw offer right now.
    pub draw_acceptable: bool,
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

fn parse_color(s: &str) -> Result<Color, String> {
    match s.trim().to_ascii_lowercase().as_str() {
        "white" | "w" => Ok(Color::White),
        "black" | "b" => Ok(Color::Black),
        other => Err(format!("colour {other:?}: expected white or black")),
    }
}

/// Minutes as the `m` of `m+s` writes them: a decimal number or `¼`, `½`, `¾`, `1½`.
fn lobby_minutes(m: &str) -> Option<f64> {
    let v = match m {
        "¼" => 0.25,
        "½" => 0.5,
        "¾" => 0.75,
        "1½" => 1.5,
        _ if !m.is_empty() && m.chars().all(|c| c.is_ascii_digit() || c == '.') => m.parse().ok()?,
        _ => return None,
    };
    (v >= 0.0).then_some(v)
}

/// Parse a control for one side, with the side's name in the error.
///
/// A single token `m+s` (`1+0`, `3+2`, `½+0`) is lichess's lobby notation: **minutes** plus an
/// increment in seconds. Anything else is cutechess/fastchess syntax ([`TimeControl`]), where
/// times are seconds: `tc=10+0.1`, `40/60`, `st=1`, `hg60`, `60+d2`, …
pub fn parse_tc(side: &str, s: &str) -> Result<TimeControl, String> {
    let t = s.trim();
    if let Some((m, inc)) = t.split_once('+')
        && !t.contains(char::is_whitespace)
        && let Some(min) = lobby_minutes(m)
        && !inc.is_empty()
        && inc.chars().all(|c| c.is_ascii_digit() || c == '.')
    {
        let secs = min * 60.0;
        return format!("{secs}+{inc}")
            .parse::<TimeControl>()
            .map_err(|e| format!("{side}'s time control: {e}"));
    }
    t.parse::<TimeControl>().map_err(|e| format!("{side}'s time control: {e}"))
}

/// `m+s` for a plain Fischer control (`1+0`, `½+0` as `0.5+0`, `3+2`); otherwise the fastchess form.
pub fn short_control(tc: &TimeControl) -> String {
    if let Timing::Classical(c) = &tc.timing
        && c.leading.is_empty()
        && let crate::clock::tc::FinalStage::SuddenDeath { time_ms, inc_ms } = c.last
        && tc.nodes.is_none()
        && tc.depth.is_none()
    {
        let fmt = |x: f64| {
            let s = format!("{x:.3}");
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        };
        return format!("{}+{}", fmt(time_ms as f64 / 60_000.0), fmt(inc_ms as f64 / 1000.0));
    }
    tc.to_string()
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

/// Lichess's emergency threshold for a clock starting at `initial_ms`: under one minute, 20 % of
/// it (at least 2 s); otherwise 12.5 % (at least 10 s), capped at 60 s.
pub fn emergency_threshold_ms(initial_ms: f64) -> f64 {
    if initial_ms < 60_000.0 {
        (initial_ms * 0.2).max(2000.0)
    } else {
        (initial_ms * 0.125).clamp(10_000.0, 60_000.0)
    }
}

/// What lichess's draining bar spans: max(initial, 2 s) + 5 × increment.
pub fn bar_span_ms(initial_ms: f64, inc_ms: f64) -> f64 {
    initial_ms.max(2000.0) + 5.0 * inc_ms
}

/// The legal move from `orig` to `dest` (chessground squares: castling may be given as the king
/// to its target square or onto its rook) with `promotion` (`q`, `r`, `b`, `n`).
pub fn find_move(pos: &Chess, orig: &str, dest: &str, promotion: Option<&str>) -> Result<Move, String> {
    let o: Square = orig.parse().map_err(|_| format!("{orig:?} is not a square (a1 … h8)"))?;
    let d: Square = dest.parse().map_err(|_| format!("{dest:?} is not a square (a1 … h8)"))?;
    let promo = match promotion.map(|p| p.trim().to_ascii_lowercase()) {
        None => None,
        Some(p) if p.is_empty() => None,
        Some(p) => Some(match p.as_str() {
            "q" | "queen" => Role::Queen,
            "r" | "rook" => Role::Rook,
            "b" | "bishop" => Role::Bishop,
            "n" | "knight" => Role::Knight,
            other => return Err(format!("promotion {other:?}: expected q, r, b or n")),
        }),
    };
    let candidates: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| {
            m.from() == Some(o)
                && (m.to() == d || UciMove::from_move(*m, CastlingMode::Standard).to() == Some(d))
        })
        .collect();
    if candidates.is_empty() {
        return Err(format!("{orig}{dest} is not a legal move in {}", fen_of(pos)));
    }
    if candidates.iter().any(|m| m.is_promotion()) {
        let Some(role) = promo else {
            return Err(format!("{orig}{dest} is a promotion: choose q, r, b or n"));
        };
        return candidates
            .into_iter()
            .find(|m| m.promotion() == Some(role))
            .ok_or_else(|| format!("{orig}{dest}: no such promotion"));
    }
    Ok(candidates[0])
}

/// Legal destinations per square (chessground's `movable.dests`): castling appears both as the
/// king's target square and as the rook's square.
pub fn dests(pos: &Chess) -> BTreeMap<String, Vec<String>> {
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for m in pos.legal_moves() {
        let Some(from) = m.from() else { continue };
        let entry = out.entry(from.to_string()).or_default();
        let mut add = |sq: Square| {
            let s = sq.to_string();
            if !entry.contains(&s) {
                entry.push(s);
            }
        };
        if let Some(to) = UciMove::from_move(m, CastlingMode::Standard).to() {
            add(to);
        }
        add(m.to());
    }
    out
}

fn uci_of(m: &Move) -> String {
    UciMove::from_move(*m, CastlingMode::Standard).to_string()
}

impl PersonGame {
    /// A new game from the setup.
    ///
    /// # Errors
    /// A field is invalid; the message names it and what is allowed.
    pub fn new(setup: PlaySetup) -> Result<PersonGame, String> {
        let person = parse_color(&setup.person)?;
        let white = parse_tc("White", &setup.white_tc)?;
        let black = parse_tc("Black", &setup.black_tc)?;
        let mine = if person.is_white() { &white } else { &black };
        if mine.nodes.is_some() || mine.depth.is_some() {
            return Err(format!(
                "your time control `{mine}` limits nodes or depth, which only engines have: use a clock such as 5+3"
            ));
        }
        let searcher: SearcherKind = setup.searcher.parse()?;
        let mut tm: TmSpec = setup.tm.parse().map_err(|e| format!("time manager: {e}"))?;
        if !(setup.move_overhead_ms.is_finite() && (0.0..=10_000.0).contains(&setup.move_overhead_ms)) {
            return Err(format!("move overhead {} ms: expected 0 … 10000 ms", setup.move_overhead_ms));
        }
        let overhead_applies = tm.get("move-overhead").is_some();
        if overhead_applies {
            tm.set("move-overhead", &format!("{}", setup.move_overhead_ms.round()))
                .map_err(|e| e.to_string())?;
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
        let game = Game::new(gs, &startpos_opening())?;
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
        let mut g = PersonGame::new(saved.setup)?;
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
            short: short_control(tc),
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
                MoveRow {
                    ply: r.ply,
                    color: color_name(r.color),
                    san: r.san.clone(),
                    uci: u.to_string(),
                    squares,
                    fen: fens.next().cloned().unwrap_or_else(|| fen_of(&pos)),
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
            draw_acceptable: self.draw_acceptable(),
        }
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

    /// Every move's time for the move-time chart: `(white, used_ms, soft_ms, hard_ms, engine)`.
    pub fn move_times(&self) -> Vec<crate::plot::movetime::MoveBar> {
        self.game
            .records()
            .iter()
            .filter(|r| !r.book)
            .map(|r| crate::plot::movetime::MoveBar {
                white: r.color.is_white(),
                used_ms: r.used_ms,
                soft_ms: r.engine.as_ref().map(|t| t.budget.soft_ms).filter(|x| x.is_finite()),
                hard_ms: r.engine.as_ref().map(|t| t.budget.hard_ms).filter(|x| x.is_finite()),
                engine: r.engine.is_some(),
                flagged: r.flagged,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests;
