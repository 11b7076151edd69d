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

use serde::{Deserialize, Serialize};
use shakmaty::san::SanPlus;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, Color, EnPassantMode, Move, Position};

pub use super::adjudication::{Adjudication, DrawRule, ResignRule};
use super::engine::{EnginePlayer, ThinkRequest, Thought};
use super::openings::{Opening, fen_of};
use super::pgn::{MoveComment, PgnGame, PgnMove, PgnResult};
use crate::clock::timer::{Timer, now_ms};
use crate::clock::{Convention, GameClock, TimeControl};
use crate::stop::Score;

/// How the game's clock is driven.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "mode")]
pub enum ClockMode {
    /// Time = nodes ÷ `nps` (virtual nodes per second) + `latency_ms` per move: reproducible.
    Virtual {
        /// Virtual nodes per second.
        nps: f64,
        /// Simulated latency charged per move on top of the search's time, ms.
        latency_ms: f64,
    },
    /// Wall time measured by the runner around each search.
    Real,
}

impl ClockMode {
    /// The timer a search uses under this mode.
    pub fn timer(&self) -> Timer {
        match *self {
            ClockMode::Virtual { nps, .. } => Timer::virtual_nps(nps),
            ClockMode::Real => Timer::real(),
        }
    }

    /// The PGN `ClockMode` tag: `virtual 1000 nodes/ms latency 0 ms` or `wall`.
    pub fn tag(&self) -> String {
        match *self {
            ClockMode::Virtual { nps, latency_ms } => {
                format!("virtual {} nodes/ms latency {latency_ms} ms", nps / 1000.0)
            }
            ClockMode::Real => "wall".into(),
        }
    }
}

/// Why a game ended; [`Termination::pgn`] gives the PGN tag value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Termination {
    /// Checkmate, stalemate, repetition, fifty moves, insufficient material.
    Normal,
    /// A side exceeded its time.
    TimeForfeit,
    /// Score-based or move-count adjudication.
    Adjudication,
    /// An engine failed to produce a legal move.
    RulesInfraction,
}

impl Termination {
    /// The PGN `Termination` value.
    pub fn pgn(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::TimeForfeit => "time forfeit",
            Termination::Adjudication => "adjudication",
            Termination::RulesInfraction => "rules infraction",
        }
    }
}

/// The end of a game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameOutcome {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: PgnResult,
    /// The PGN termination.
    pub termination: Termination,
    /// Human-readable reason (`White mates`, `Draw by 3-fold repetition`, …).
    pub reason: String,
}

/// One side's setup.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SideSetup {
    /// Player name (PGN `White`/`Black`).
    pub name: String,
    /// The side's time control.
    pub tc: TimeControl,
    /// Searcher and manager spec, for the PGN's extra tags (empty for a person).
    pub engine: String,
}

/// Everything a game needs besides its players.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameSetup {
    /// White's setup.
    pub white: SideSetup,
    /// Black's setup.
    pub black: SideSetup,
    /// The clock mode.
    pub clock: ClockMode,
    /// Score adjudication.
    pub adjudication: Adjudication,
    /// PGN `Event`.
    pub event: String,
    /// PGN `Date` (`YYYY.MM.DD`; `????.??.??` if unknown).
    pub date: String,
    /// PGN `Round`.
    pub round: String,
}

/// One move of the game as recorded.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveRecord {
    /// Half-moves played before this one (§0.2).
    pub ply: u32,
    /// The mover.
    #[serde(serialize_with = "ser_color")]
    pub color: Color,
    /// The move, SAN (with `+`/`#`).
    pub san: String,
    /// A book move (no clock charged, no engine record).
    pub book: bool,
    /// The mover's model clock before the move, ms.
    pub clock_before_ms: f64,
    /// The mover's clock after the move, increment included, ms.
    pub clock_after_ms: f64,
    /// Time charged to the clock, ms (before any delay is deducted).
    pub used_ms: f64,
    /// Charged − engine-reported time, ms.
    pub latency_ms: f64,
    /// The move lost on time.
    pub flagged: bool,
    /// How far the move overshot the clock (+ margin), ms; 0 if it did not.
    pub overshoot_ms: f64,
    /// The engine's record (absent for book moves and a person's moves).
    pub engine: Option<Thought>,
}

fn ser_color<S: serde::Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(if c.is_white() { "white" } else { "black" })
}

/// What the side to move must be given to think (see [`Game::request`]).
#[derive(Clone, Debug)]
pub struct MoveRequest<'a> {
    /// The game's start position.
    pub start: &'a Chess,
    /// Every move played so far, book moves included.
    pub moves: &'a [Move],
    /// The side to move.
    pub color: Color,
}

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
    pub fn new(setup: GameSetup, opening: &Opening) -> Result<Game, String> {
        for (side, s) in [("white", &setup.white), ("black", &setup.black)] {
            if !s.tc.has_clock()
                && s.tc.nodes.is_none()
                && s.tc.depth.is_none()
                && !matches!(s.tc.timing, crate::clock::Timing::MoveTime { .. })
            {
                return Err(format!("{side}'s control `{}` bounds neither time, nodes nor depth", s.tc));
            }
        }
        if let ClockMode::Virtual { nps, latency_ms } = setup.clock
            && !(nps.is_finite() && nps > 0.0 && latency_ms.is_finite() && latency_ms >= 0.0)
        {
            return Err(format!("virtual clock needs nps > 0 and latency ≥ 0, got {nps} and {latency_ms}"));
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
    pub fn apply(&mut self, m: Move, used_ms: f64, engine: Option<Thought>) -> Result<(), String> {
        if self.outcome.is_some() {
            return Err("the game is over".into());
        }
        if !self.pos.is_legal(m) {
            return Err(format!("illegal move {m} in {}", fen_of(&self.pos)));
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

    /// Ends the game by the rules of chess, if they end it.
    fn adjudicate_rules(&mut self) {
        let pos = &self.pos;
        let turn = pos.turn();
        let end = |result, reason: &str| GameOutcome {
            result,
            termination: Termination::Normal,
            reason: reason.to_string(),
        };
        let outcome = if pos.legal_moves().is_empty() {
            if pos.is_check() {
                let r = win_for(!turn);
                Some(end(r, if turn.is_white() { "Black mates" } else { "White mates" }))
            } else {
                Some(end(PgnResult::Draw, "Draw by stalemate"))
            }
        } else if pos.is_insufficient_material() {
            Some(end(PgnResult::Draw, "Draw by insufficient mating material"))
        } else if pos.halfmoves() >= 100 {
            Some(end(PgnResult::Draw, "Draw by fifty moves rule"))
        } else if self.repetitions() >= 3 {
            Some(end(PgnResult::Draw, "Draw by 3-fold repetition"))
        } else {
            None
        };
        self.outcome = outcome;
    }

    /// How often the current position occurred (same side to move, castling and en passant
    /// rights), counting only since the last irreversible move.
    pub fn repetitions(&self) -> usize {
        let window = (self.pos.halfmoves() as usize + 1).min(self.keys.len());
        let cur = *self.keys.last().expect("the start position is always there");
        self.keys[self.keys.len() - window..].iter().filter(|&&k| k == cur).count()
    }

    fn adjudicate_score(&mut self, c: Color, s: Score) {
        let adj = self.setup.adjudication;
        let i = idx(c);
        let v = cp(s);
        if let Some(r) = adj.resign {
            self.losing[i] = if v <= -r.score_cp { self.losing[i] + 1 } else { 0 };
            self.winning[i] = if v >= r.score_cp { self.winning[i] + 1 } else { 0 };
            let loser = [c, !c].into_iter().find(|&x| {
                self.losing[idx(x)] >= r.move_count && (!r.two_sided || self.winning[idx(!x)] >= r.move_count)
            });
            if let Some(l) = loser {
                let name = if l.is_white() { "White" } else { "Black" };
                self.outcome = Some(GameOutcome {
                    result: win_for(!l),
                    termination: Termination::Adjudication,
                    reason: format!("{name} resigns (score adjudication)"),
                });
                return;
            }
        }
        if let Some(d) = adj.draw {
            self.drawish[i] = if v.abs() <= d.score_cp { self.drawish[i] + 1 } else { 0 };
            if self.pos.fullmoves().get() > d.move_number && self.drawish.iter().all(|&n| n >= d.move_count) {
                self.outcome = Some(GameOutcome {
                    result: PgnResult::Draw,
                    termination: Termination::Adjudication,
                    reason: "Draw by score adjudication".into(),
                });
                return;
            }
        }
        if let Some(n) = adj.max_moves
            && self.ply() >= 2 * n
        {
            self.outcome = Some(GameOutcome {
                result: PgnResult::Draw,
                termination: Termination::Adjudication,
                reason: format!("Draw by move limit ({n} moves)"),
            });
        }
    }

    /// The outcome when `c`'s flag falls: a loss, or a draw when the opponent cannot mate
    /// (FIDE 6.9).
    fn time_forfeit(&self, c: Color) -> GameOutcome {
        let name = if c.is_white() { "White" } else { "Black" };
        let draw = self.pos.has_insufficient_material(!c);
        GameOutcome {
            result: if draw { PgnResult::Draw } else { win_for(!c) },
            termination: Termination::TimeForfeit,
            reason: if draw {
                format!("{name} loses on time, but the opponent cannot mate: draw")
            } else {
                format!("{name} loses on time")
            },
        }
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

    /// The game as PGN (playground.md §4): the seven-tag roster, `FEN`/`SetUp` for a
    /// non-standard start, the time-control tags, `Termination`, and extra tags with each
    /// side's engine and the clock mode; `{book}` on book moves and a [`MoveComment`] on every
    /// other move. A move that lost on time is not in the movetext.
    pub fn to_pgn(&self) -> PgnGame {
        let s = &self.setup;
        let result = self.outcome.as_ref().map_or(PgnResult::Unfinished, |o| o.result);
        let mut tags: Vec<(String, String)> = vec![
            ("Event".into(), s.event.clone()),
            ("Site".into(), "tmlab".into()),
            ("Date".into(), s.date.clone()),
            ("Round".into(), s.round.clone()),
            ("White".into(), s.white.name.clone()),
            ("Black".into(), s.black.name.clone()),
            ("Result".into(), result.as_str().into()),
        ];
        if self.start != Chess::default() {
            tags.push(("FEN".into(), fen_of(&self.start)));
            tags.push(("SetUp".into(), "1".into()));
        }
        let tc_clock = GameClock::new(&s.white.tc, &s.black.tc);
        for (k, v) in tc_clock.pgn_tags() {
            tags.push((k.into(), v));
        }
        let played: Vec<&MoveRecord> = self.records.iter().filter(|r| !r.flagged).collect();
        tags.push(("PlyCount".into(), played.len().to_string()));
        tags.push((
            "Termination".into(),
            self.outcome.as_ref().map_or("unterminated", |o| o.termination.pgn()).into(),
        ));
        if let Some(o) = &self.outcome {
            tags.push(("TerminationDetails".into(), o.reason.clone()));
        }
        tags.push(("Opening".into(), self.opening_name.clone()));
        tags.push(("WhiteEngine".into(), s.white.engine.clone()));
        tags.push(("BlackEngine".into(), s.black.engine.clone()));
        tags.push(("ClockMode".into(), s.clock.tag()));
        let moves =
            played.iter().map(|r| PgnMove { san: r.san.clone(), comment: Some(move_comment(r)) }).collect();
        PgnGame { tags, moves, result }
    }
}

/// The comment of a recorded move: `book`, or the cutechess prefix with `[%clk]`/`[%emt]` and
/// fastchess-style `n=`, `latency=` keys.
pub fn move_comment(r: &MoveRecord) -> String {
    if r.book {
        return "book".into();
    }
    let mut c = MoveComment { eval: None, emt_ms: r.used_ms, clk_ms: r.clock_after_ms, extras: Vec::new() };
    if let Some(t) = &r.engine {
        c.eval = Some((t.score, t.depth));
        c.extras.push(("n".into(), t.nodes.to_string()));
        c.extras.push(("latency".into(), format!("{:.0}", r.latency_ms.round())));
    }
    c.render()
}

fn win_for(c: Color) -> PgnResult {
    if c.is_white() { PgnResult::WhiteWins } else { PgnResult::BlackWins }
}

/// A finished game: its setup, records and outcome, ready for JSON.
#[derive(Clone, Debug, Serialize)]
pub struct GameRecord {
    /// The setup.
    pub setup: GameSetup,
    /// The opening's name.
    pub opening: String,
    /// The start position (FEN).
    pub start_fen: String,
    /// Every move, book moves included.
    pub moves: Vec<MoveRecord>,
    /// The outcome.
    pub outcome: Option<GameOutcome>,
    /// The PGN text.
    pub pgn: String,
}

impl Game {
    /// The game's record for JSON export.
    pub fn record(&self) -> GameRecord {
        GameRecord {
            setup: self.setup.clone(),
            opening: self.opening_name.clone(),
            start_fen: fen_of(&self.start),
            moves: self.records.clone(),
            outcome: self.outcome.clone(),
            pgn: self.to_pgn().to_pgn(),
        }
    }
}

/// Plays `game` to the end with two engine players (white first). Under a real clock the
/// runner measures each search's wall time itself.
pub fn play_game(game: &mut Game, white: &mut EnginePlayer, black: &mut EnginePlayer) {
    while let Some(c) = game.next_to_move() {
        play_move(game, if c.is_white() { &mut *white } else { &mut *black });
    }
}

/// Lets `player` (the side to move's) make one move: it searches under the clock mode's
/// timer, the runner measures the wall time around the search, and the move is charged and
/// applied; an engine error or an illegal move forfeits the game. Does nothing once the game
/// is over.
pub fn play_move(game: &mut Game, player: &mut EnginePlayer) {
    if game.next_to_move().is_none() {
        return;
    }
    let timer = game.setup.clock.timer();
    let t0 = now_ms();
    let res = player.think(&game.think_request(timer));
    let measured = now_ms() - t0;
    match res {
        Ok((m, thought)) => {
            let used = game.charge_for(thought.engine_ms, Some(measured));
            if let Err(e) = game.apply(m, used, Some(thought)) {
                game.forfeit(Termination::RulesInfraction, &e);
            }
        }
        Err(e) => game.forfeit(Termination::RulesInfraction, &e),
    }
}

#[cfg(test)]
mod tests;

/// The standard start position without book moves.
pub fn startpos_opening() -> Opening {
    let fen = fen_of(&Chess::default());
    Opening { name: "startpos".into(), start_fen: fen.clone(), book_moves: Vec::new(), fen }
}
