//! The game runner: a [`Game`] state machine (one move at a time, so a browser can drive it
//! between events) and [`play_game`], which plays two engine players to the end.
//!
//! Conventions (playground.md §3, §4, §7; time-managers.md §10):
//! - **One clock authority.** The runner charges every move to the [`GameClock`]. With
//!   [`ClockMode::Real`] the time charged is the wall time the runner measured around the
//!   engine's search; with [`ClockMode::Virtual`] it is the engine's virtual time (nodes ÷
//!   virtual nps) plus a fixed simulated latency. Latency = charged − engine-reported.
//! - **Flags** use the control's margin (0 by default): a move that overshoots loses, is logged
//!   with its overshoot, and is not played on the board (Termination `time forfeit`). As in the
//!   FIDE laws, a flag is a draw when the opponent cannot mate by any legal sequence.
//! - **Adjudication** by the rules: checkmate, stalemate, threefold repetition, the fifty-move
//!   rule, insufficient material; optionally by score as fastchess's `-resign`/`-draw` and
//!   `-maxmoves` do (Termination `adjudication`).

use crate::error::FieldError;
use shakmaty::san::SanPlus;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, Color, EnPassantMode, Move, Position};

pub use super::adjudication::{Adjudication, DrawRule, ResignRule};
use super::engine::{ThinkRequest, Thought};
use super::openings::{Opening, fen_of};
use crate::clock::timer::Timer;
use crate::clock::{Convention, GameClock};
use crate::stop::Score;

mod types;
pub use types::{ClockMode, GameOutcome, GameSetup, MoveRecord, MoveRequest, SideSetup, Termination};

/// A game in progress: apply moves one at a time, read the clock, export when it ends.
#[derive(Clone, Debug)]
pub struct Game {
    setup: GameSetup,
    opening_name: String,
    start: Chess,
    pos: Chess,
    moves: Vec<Move>,
    keys: Vec<u64>,
    clock: GameClock,
    records: Vec<MoveRecord>,
    outcome: Option<GameOutcome>,
    /// Consecutive own moves with score ≤ −S / ≥ S / |score| ≤ S, per colour (white first).
    losing: [u32; 2],
    winning: [u32; 2],
    drawish: [u32; 2],
}

fn key(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

fn idx(c: Color) -> usize {
    usize::from(c.is_black())
}

fn cp(s: Score) -> i32 {
    s.as_cp()
}

impl Game {
    /// A game from an opening: its book moves are played at once, without charging the clock.
    ///
    /// # Errors
    /// A side's control has no clock and no node or depth limit (a game could never end), or
    /// the opening is broken.
    pub fn new(setup: GameSetup, opening: &Opening) -> Result<Game, FieldError> {
        for (side, s) in [("white", &setup.white), ("black", &setup.black)] {
            if !s.tc.has_clock()
                && s.tc.nodes.is_none()
                && s.tc.depth.is_none()
                && !matches!(s.tc.timing, crate::clock::Timing::MoveTime { .. })
            {
                return Err(FieldError::new(
                    format!("{side}_tc"),
                    format!("{side}'s control `{}` bounds neither time, nodes nor depth", s.tc),
                    "",
                ));
            }
        }
        if let ClockMode::Virtual { nps, latency_ms } = setup.clock
            && !(nps.is_finite() && nps > 0.0 && latency_ms.is_finite() && latency_ms >= 0.0)
        {
            return Err(FieldError::new(
                "clock",
                format!("virtual clock needs nps > 0 and latency ≥ 0, got {nps} and {latency_ms}"),
                "",
            ));
        }
        let start = opening.start_position();
        let clock = GameClock::new(&setup.white.tc, &setup.black.tc);
        let mut g = Game {
            opening_name: opening.name.clone(),
            pos: start.clone(),
            keys: vec![key(&start)],
            start,
            setup,
            moves: Vec::new(),
            clock,
            records: Vec::new(),
            outcome: None,
            losing: [0; 2],
            winning: [0; 2],
            drawish: [0; 2],
        };
        for m in opening.moves() {
            let c = g.pos.turn();
            let before = g.clock.side(c).remaining_ms();
            let san = g.play_on_board(m);
            g.records.push(MoveRecord {
                ply: g.ply() - 1,
                color: c,
                san,
                book: true,
                clock_before_ms: before,
                clock_after_ms: before,
                used_ms: 0.0,
                latency_ms: 0.0,
                flagged: false,
                overshoot_ms: 0.0,
                engine: None,
            });
        }
        g.adjudicate_rules();
        Ok(g)
    }

    /// The same game under another clock rule (lichess for a game with a person), before any
    /// timed move: the clocks start afresh.
    pub fn with_convention(mut self, convention: Convention) -> Game {
        debug_assert!(self.records.iter().all(|r| r.book), "a clock rule is set before play");
        self.clock = GameClock::with_convention(&self.setup.white.tc, &self.setup.black.tc, convention);
        self
    }

    /// The setup.
    pub fn setup(&self) -> &GameSetup {
        &self.setup
    }

    /// The current position.
    pub fn position(&self) -> &Chess {
        &self.pos
    }

    /// The start position (before the book moves).
    pub fn start(&self) -> &Chess {
        &self.start
    }

    /// Every move played, book moves included.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The clocks.
    pub fn clock(&self) -> &GameClock {
        &self.clock
    }

    /// The move records, book moves included.
    pub fn records(&self) -> &[MoveRecord] {
        &self.records
    }

    /// The end of the game, once it ended.
    pub fn outcome(&self) -> Option<&GameOutcome> {
        self.outcome.as_ref()
    }

    /// Half-moves played since the standard start (§0.2).
    pub fn ply(&self) -> u32 {
        crate::drive::game_ply(&self.start, self.moves.len())
    }

    /// The side to move, or `None` once the game is over.
    pub fn next_to_move(&self) -> Option<Color> {
        self.outcome.is_none().then(|| self.pos.turn())
    }

    /// What the side to move thinks about.
    pub fn request(&self) -> MoveRequest<'_> {
        MoveRequest { start: &self.start, moves: &self.moves, color: self.pos.turn() }
    }

    /// The engine request for the side to move under `timer`.
    pub fn think_request(&self, timer: Timer) -> ThinkRequest<'_> {
        let c = self.clock.side(self.pos.turn());
        let tc = c.time_control();
        ThinkRequest {
            start: &self.start,
            moves: &self.moves,
            view: c.uci_view(),
            movetime_ms: c.move_time_ms(),
            nodes: tc.nodes.map(|n| n.get()),
            depth: tc.depth.map(|d| d.get()),
            timer,
            opponent_ms: self
                .records
                .last()
                .filter(|r| !r.book && r.color != self.pos.turn())
                .map(|r| r.used_ms),
        }
    }

    /// The time to charge for a move: the runner's wall measurement under a real clock, the
    /// engine's virtual time plus the simulated latency under a virtual one.
    pub fn charge_for(&self, engine_ms: f64, measured_ms: Option<f64>) -> f64 {
        match self.setup.clock {
            ClockMode::Virtual { latency_ms, .. } => engine_ms + latency_ms,
            ClockMode::Real => measured_ms.unwrap_or(engine_ms),
        }
    }

    fn play_on_board(&mut self, m: Move) -> String {
        let san = SanPlus::from_move_and_play_unchecked(&mut self.pos, m).to_string();
        self.moves.push(m);
        self.keys.push(key(&self.pos));
        san
    }

    /// Plays the side to move's move, charging `used_ms` to its clock, then adjudicates.
    ///
    /// # Errors
    /// The game is over or the move is illegal; the game is unchanged then.
    pub fn apply(&mut self, m: Move, used_ms: f64, engine: Option<Thought>) -> Result<(), FieldError> {
        if self.outcome.is_some() {
            return Err(FieldError::message("the game is over"));
        }
        if !self.pos.is_legal(m) {
            return Err(FieldError::message(format!("illegal move {m} in {}", fen_of(&self.pos))));
        }
        let c = self.pos.turn();
        let before = self.clock.side(c).remaining_ms();
        let margin = self.clock.side(c).time_control().margin_ms as f64;
        let charge = self.clock.play(c, used_ms);
        let after = self.clock.side(c).remaining_ms();
        let latency = engine.as_ref().map_or(0.0, |t| used_ms - t.engine_ms);
        let ply = self.ply();
        let score = engine.as_ref().map(|t| t.score);
        let mut rec = MoveRecord {
            ply,
            color: c,
            san: String::new(),
            book: false,
            clock_before_ms: before,
            clock_after_ms: after,
            used_ms,
            latency_ms: latency,
            flagged: charge.flagged,
            overshoot_ms: 0.0,
            engine,
        };
        if charge.flagged {
            rec.san = shakmaty::san::San::from_move(&self.pos, m).to_string();
            rec.overshoot_ms = (charge.charged_ms - before - margin).max(0.0);
            rec.clock_after_ms = 0.0;
            self.records.push(rec);
            self.outcome = Some(self.time_forfeit(c));
            return Ok(());
        }
        rec.san = self.play_on_board(m);
        self.records.push(rec);
        self.adjudicate_rules();
        if self.outcome.is_none()
            && let Some(s) = score
        {
            self.adjudicate_score(c, s);
        }
        Ok(())
    }

    /// Ends the game as a loss for the side to move (illegal move, crashed engine).
    pub fn forfeit(&mut self, termination: Termination, reason: &str) {
        if self.outcome.is_none() {
            self.outcome =
                Some(GameOutcome { result: win_for(!self.pos.turn()), termination, reason: reason.into() });
        }
    }

    /// The side to move's clock ran while it had no move yet (a person thinking): if `used_ms`
    /// exceeds its clock plus margin, the clock is charged and the game ends on time (a draw when
    /// the opponent cannot mate). Returns whether it did; otherwise nothing changes.
    pub fn time_out(&mut self, used_ms: f64) -> bool {
        if self.outcome.is_some() {
            return false;
        }
        let c = self.pos.turn();
        let mut clock = self.clock.clone();
        if !clock.play(c, used_ms).flagged {
            return false;
        }
        self.clock = clock;
        self.outcome = Some(self.time_forfeit(c));
        true
    }

    /// Ends the game with `outcome` (resignation, a draw by agreement), unless it already ended.
    pub fn conclude(&mut self, outcome: GameOutcome) {
        if self.outcome.is_none() {
            self.outcome = Some(outcome);
        }
    }
}

mod adjudicate;
mod export;
use export::win_for;
pub use export::{GameRecord, move_comment};
mod players;
pub use players::{play_game, play_move};

#[cfg(test)]
mod tests;

/// The standard start position without book moves.
pub fn startpos_opening() -> Opening {
    let fen = fen_of(&Chess::default());
    Opening { name: "startpos".into(), start_fen: fen.clone(), book_moves: Vec::new(), fen }
}
