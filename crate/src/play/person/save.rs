//! Saving a person's game: the setup plus the log of what happened ([`PlayEvent`]), written as
//! JSON ([`SavedGame`]) and rebuilt by replaying the log ([`PersonGame::restore`]).

use crate::error::FieldError;
use serde::{Deserialize, Serialize};
use shakmaty::uci::UciMove;

use super::{PersonGame, PlaySetup};
use crate::play::engine_report::EngineReport;

/// Version of the saved-game format ([`SavedGame`]).
pub const SAVE_VERSION: u32 = 2;

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
    /// The engine manager's state after its last move (a `tm-state` payload), absent in games
    /// saved before it was kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub manager_state: Option<String>,
}

impl PersonGame {
    /// Rebuild a saved game (JSON of [`SavedGame`]) by replaying its events.
    ///
    /// # Errors
    /// The text is not a saved game of this version, or an event does not replay.
    pub fn restore(json: &str) -> Result<PersonGame, FieldError> {
        let saved: SavedGame =
            serde_json::from_str(json).map_err(|e| FieldError::message(format!("saved game: {e}")))?;
        if saved.version != SAVE_VERSION {
            return Err(FieldError::message(format!(
                "saved game version {} (this build reads {SAVE_VERSION})",
                saved.version
            )));
        }
        let mut g =
            PersonGame::new(saved.setup).map_err(|e| FieldError::message(format!("saved game: {e}")))?;
        for (i, ev) in saved.events.into_iter().enumerate() {
            g.replay(ev).map_err(|e| FieldError::message(format!("saved game, event {}: {e}", i + 1)))?;
        }
        // A state that does not fit the game is left out: the game itself is still good, and
        // its engine then starts from a fresh manager.
        if let Some(p) = saved.manager_state {
            let _ = g.set_manager_state(&p);
        }
        Ok(g)
    }

    /// Applies one event of a saved game's log.
    fn replay(&mut self, ev: PlayEvent) -> Result<(), FieldError> {
        match ev {
            PlayEvent::Move { uci, used_ms, engine } => {
                let m = uci
                    .parse::<UciMove>()
                    .ok()
                    .and_then(|u| u.to_move(self.game.position()).ok())
                    .ok_or_else(|| FieldError::message(format!("{uci} is not legal")))?;
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
        let saved = SavedGame {
            version: SAVE_VERSION,
            setup: self.setup.clone(),
            events: self.events.clone(),
            manager_state: self.manager_state.clone(),
        };
        serde_json::to_string(&saved).expect("a saved game always serialises")
    }
}
