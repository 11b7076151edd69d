//! Setting up a person's game: what the page sends ([`PlaySetup`]), checked field by field
//! (a [`FieldError`](crate::error::FieldError) names the field), into a [`PersonGame`] on lichess's clock rule.

use crate::tm::SearchKind;
use serde::{Deserialize, Serialize};
use shakmaty::Color;

use super::{PersonGame, parse_tc};
use crate::clock::{Convention, TimeControl};
use crate::drive::Level;
use crate::error::FieldError;
use crate::play::engine_report::EngineReport;
use crate::play::game::{Adjudication, ClockMode, Game, GameSetup, SideSetup, startpos_opening};
use crate::play::openings::fen_of;
use crate::tm::TmSpec;

/// The levels a setup may name.
const LEVELS_ALLOWED: &str = "1 (beginner) … 5 (full strength)";

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
    /// The engine's strength level, 1 … 5 ([`crate::drive::strength`]); saved games from
    /// before levels read as full strength.
    #[serde(default = "full_strength")]
    pub level: u8,
    /// PGN `Date` (`YYYY.MM.DD`).
    #[serde(default = "unknown_date")]
    pub date: String,
}

fn full_strength() -> u8 {
    crate::drive::strength::FULL
}

fn unknown_date() -> String {
    "????.??.??".into()
}

/// `white`/`w` or `black`/`b`, any case.
pub(super) fn parse_color(s: &str) -> Result<Color, FieldError> {
    match s.trim().to_ascii_lowercase().as_str() {
        "white" | "w" => Ok(Color::White),
        "black" | "b" => Ok(Color::Black),
        other => Err(FieldError::new(
            "person",
            format!("colour {:?} does not exist", crate::excerpt::excerpt(other)),
            "white, black",
        )),
    }
}

impl PersonGame {
    /// A new game from the setup.
    ///
    /// # Errors
    /// A field is invalid: the error's path is the [`PlaySetup`] field (`person`, `white_tc`,
    /// `black_tc`, `searcher`, `tm`, `move_overhead_ms`, `level`), with what it allows.
    pub fn new(setup: PlaySetup) -> Result<PersonGame, FieldError> {
        let person = parse_color(&setup.person)?;
        let white = parse_tc("White", &setup.white_tc).map_err(|e| e.renamed("white_tc"))?;
        let black = parse_tc("Black", &setup.black_tc).map_err(|e| e.renamed("black_tc"))?;
        let (mine, field) = if person.is_white() { (&white, "white_tc") } else { (&black, "black_tc") };
        if mine.nodes.is_some() || mine.depth.is_some() {
            return Err(FieldError::new(
                field,
                format!("your time control `{mine}` limits nodes or depth, which only engines have"),
                "a clock such as 3m+2",
            ));
        }
        let searcher: SearchKind = setup.searcher.parse().map_err(|e: FieldError| e.renamed("searcher"))?;
        let mut tm: TmSpec =
            setup.tm.parse().map_err(|e| FieldError::from(e).renamed("tm").context("time manager"))?;
        if !(setup.move_overhead_ms.is_finite() && (0.0..=10_000.0).contains(&setup.move_overhead_ms)) {
            return Err(FieldError::new(
                "move_overhead_ms",
                format!("move overhead {} ms is out of range", setup.move_overhead_ms),
                "0 … 10000 ms",
            ));
        }
        let level = Level::get(u64::from(setup.level)).map_err(|_| {
            FieldError::new("level", format!("level {} does not exist", setup.level), LEVELS_ALLOWED)
        })?;
        let overhead_applies = tm.get("move-overhead").is_some();
        if overhead_applies {
            tm.set("move-overhead", &format!("{}", setup.move_overhead_ms.round()))
                .map_err(|e| FieldError::from(e).renamed("tm"))?;
        }
        let engine_label = format!("{} {} level {}", searcher.as_str(), tm, level.level);
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
        let game = Game::new(gs, &startpos_opening())?.with_convention(Convention::Lichess);
        let fens = vec![fen_of(game.position())];
        Ok(PersonGame {
            setup,
            person,
            searcher,
            engine_label,
            tm_spec: tm.to_string(),
            manager: tm.manager(),
            level,
            manager_state: None,
            overhead_applies,
            game,
            events: Vec::new(),
            fens,
            report: EngineReport::default(),
            last_engine_score: None,
        })
    }
}
