//! How a game with a person ends other than on the board: forfeits, time-outs, resignation and
//! draw offers (the engine's acceptance rule is in the parent module's documentation).

use crate::error::FieldError;
use shakmaty::Position;

use super::setup::parse_color;
use super::{PersonGame, PlayEvent, color_name};
use crate::play::game::{GameOutcome, Termination};
use crate::play::pgn::PgnResult;

/// The engine accepts a draw offer only once the full-move number is above this.
pub const DRAW_OFFER_MIN_MOVE: u32 = 30;
/// … and only while its last score is within ± this many centipawns.
pub const DRAW_OFFER_MAX_CP: i32 = 25;

impl PersonGame {
    pub(super) fn forfeit(&mut self, reason: &str) {
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
    pub fn resign(&mut self, color: &str) -> Result<(), FieldError> {
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

    pub(super) fn agree_draw(&mut self) {
        if self.game.outcome().is_none() {
            self.game.conclude(GameOutcome {
                result: PgnResult::Draw,
                termination: Termination::Normal,
                reason: "Draw by agreement".into(),
            });
            self.events.push(PlayEvent::DrawAgreed);
        }
    }
}
