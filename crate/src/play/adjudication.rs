//! Score and move-count adjudication as fastchess and OpenBench run it (`-resign`, `-draw`,
//! `-maxmoves`): the rules as data, their text form and the one check of their values.
//!
//! Text form (fastchess's fields in order, comma-separated; [`FromStr`] reads it, [`Display`]
//! writes it back):
//! - [`ResignRule`]: `movecount,score[,twosided]`, e.g. `3,600` or `3,600,true`;
//! - [`DrawRule`]: `movenumber,movecount,score`, e.g. `40,8,10`.
//!
//! Errors are [`AdjudicationError`]s: the field's path under `adjudication` (`resign.score_cp`,
//! `draw`, `max_moves`), what was wrong and what is allowed.
//!
//! [`FromStr`]: std::str::FromStr
//! [`Display`]: std::fmt::Display

use std::fmt;

use serde::Serialize;

mod text;

/// The most moves a `movecount` or `movenumber` may name.
pub const MAX_RULE_MOVES: u32 = 10_000;
/// The largest `max_moves`.
pub const MAX_MAX_MOVES: u32 = 100_000;

/// Score-based adjudication, as fastchess's `-resign`, `-draw` and `-maxmoves`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Adjudication {
    /// `-resign movecount=N score=S twosided=B`: a side whose score is ≤ −S for N consecutive
    /// moves of its own loses (with `twosided`, the opponent must also have reported ≥ S for its
    /// last N moves).
    pub resign: Option<ResignRule>,
    /// `-draw movenumber=M movecount=N score=S`: from full move M on, a draw once both sides
    /// reported |score| ≤ S for N consecutive moves each.
    pub draw: Option<DrawRule>,
    /// `-maxmoves N`: a draw once N full moves were played.
    pub max_moves: Option<u32>,
}

/// Parameters of resign adjudication.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ResignRule {
    /// Consecutive moves.
    pub move_count: u32,
    /// Threshold, centipawns.
    pub score_cp: i32,
    /// Both sides must agree.
    pub two_sided: bool,
}

/// Parameters of draw adjudication.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct DrawRule {
    /// First full move at which the rule applies.
    pub move_number: u32,
    /// Consecutive moves of each side.
    pub move_count: u32,
    /// Threshold, centipawns.
    pub score_cp: i32,
}

/// A bad adjudication setting: which field, what was wrong, what is allowed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AdjudicationError {
    /// The field's path under `adjudication`: `resign`, `resign.move_count`, `draw.score_cp`,
    /// `max_moves`, … (the rule alone when the text form has the wrong shape).
    pub path: String,
    /// What was wrong, naming the value.
    pub message: String,
    /// What is allowed.
    pub allowed: String,
}

impl AdjudicationError {
    fn new(path: &str, message: String, allowed: &str) -> Self {
        AdjudicationError { path: path.into(), message, allowed: allowed.into() }
    }

    /// The rule the field belongs to: `resign`, `draw` or `max_moves`.
    pub fn rule(&self) -> &str {
        self.path.split('.').next().unwrap_or("")
    }
}

impl fmt::Display for AdjudicationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}; allowed: {}", self.path, self.message, self.allowed)
    }
}

impl std::error::Error for AdjudicationError {}

fn moves_allowed() -> String {
    format!("a whole number of moves from 1 to {MAX_RULE_MOVES}")
}

fn number_allowed() -> String {
    format!("a whole number of moves from 0 to {MAX_RULE_MOVES}")
}

const RESIGN_SCORE_ALLOWED: &str = "a score in centipawns above 0 (the loser's score is at most minus it)";
const DRAW_SCORE_ALLOWED: &str = "a score in centipawns of 0 or more (both sides within plus or minus it)";

/// `count` (a `movecount`) checked: 1 … [`MAX_RULE_MOVES`].
fn check_count(path: &str, count: u32) -> Result<(), AdjudicationError> {
    if !(1..=MAX_RULE_MOVES).contains(&count) {
        return Err(AdjudicationError::new(
            path,
            format!("movecount {count} is out of range"),
            &moves_allowed(),
        ));
    }
    Ok(())
}

impl ResignRule {
    /// Checks the values.
    ///
    /// # Errors
    /// `resign.move_count` outside 1 … [`MAX_RULE_MOVES`], or `resign.score_cp` ≤ 0.
    pub fn check(&self) -> Result<(), AdjudicationError> {
        check_count("resign.move_count", self.move_count)?;
        if self.score_cp <= 0 {
            let msg = format!("score {} cp is not above 0", self.score_cp);
            return Err(AdjudicationError::new("resign.score_cp", msg, RESIGN_SCORE_ALLOWED));
        }
        Ok(())
    }
}

impl DrawRule {
    /// Checks the values.
    ///
    /// # Errors
    /// `draw.move_number` above [`MAX_RULE_MOVES`], `draw.move_count` outside 1 …
    /// [`MAX_RULE_MOVES`], or `draw.score_cp` below 0.
    pub fn check(&self) -> Result<(), AdjudicationError> {
        if self.move_number > MAX_RULE_MOVES {
            let msg = format!("movenumber {} is out of range", self.move_number);
            return Err(AdjudicationError::new("draw.move_number", msg, &number_allowed()));
        }
        check_count("draw.move_count", self.move_count)?;
        if self.score_cp < 0 {
            let msg = format!("score {} cp is below 0", self.score_cp);
            return Err(AdjudicationError::new("draw.score_cp", msg, DRAW_SCORE_ALLOWED));
        }
        Ok(())
    }
}

impl Adjudication {
    /// Checks every rule that is set.
    ///
    /// # Errors
    /// The first bad field (see [`ResignRule::check`], [`DrawRule::check`]); `max_moves`
    /// outside 1 … [`MAX_MAX_MOVES`].
    pub fn check(&self) -> Result<(), AdjudicationError> {
        if let Some(r) = &self.resign {
            r.check()?;
        }
        if let Some(d) = &self.draw {
            d.check()?;
        }
        if let Some(n) = self.max_moves
            && !(1..=MAX_MAX_MOVES).contains(&n)
        {
            return Err(AdjudicationError::new(
                "max_moves",
                format!("{n} moves is out of range"),
                &format!(
                    "a whole number of full moves from 1 to {MAX_MAX_MOVES} (leave it out for no limit)"
                ),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
