//! A game written out: as PGN (playground.md §4; [`Game::to_pgn`], [`move_comment`]) and as the
//! JSON record of a finished game ([`GameRecord`]).

use serde::Serialize;
use shakmaty::{Chess, Color};

use super::{Game, GameOutcome, GameSetup, MoveRecord};
use crate::clock::GameClock;
use crate::play::openings::fen_of;
use crate::play::pgn::{MoveComment, PgnGame, PgnMove, PgnResult};

impl Game {
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
/// fastchess-style `n=`, `latency=`, `soft=`, `hard=` (and `ponderhit=`) keys.
pub fn move_comment(r: &MoveRecord) -> String {
    if r.book {
        return "book".into();
    }
    let mut c = MoveComment { eval: None, emt_ms: r.used_ms, clk_ms: r.clock_after_ms, extras: Vec::new() };
    if let Some(t) = &r.engine {
        c.eval = Some((t.score, t.depth));
        c.extras.push(("n".into(), t.nodes.to_string()));
        c.extras.push(("latency".into(), format!("{:.0}", r.latency_ms.round())));
        // The engine's own limits for the move (a replay overlays them); none without a clock.
        if t.budget.soft_ms.is_finite() && t.budget.hard_ms.is_finite() {
            c.extras.push(("soft".into(), format!("{:.0}", t.budget.soft_ms.round())));
            c.extras.push(("hard".into(), format!("{:.0}", t.budget.hard_ms.round())));
        }
        // A ponder hit: the ms searched on the opponent's time (not in `%emt`).
        if let Some(p) = t.pondered_ms {
            c.extras.push(("ponderhit".into(), format!("{:.0}", p.round())));
        }
    }
    c.render()
}

/// The result when `c` wins.
pub(super) fn win_for(c: Color) -> PgnResult {
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
