//! The text form of the adjudication rules (fastchess's fields in order, comma-separated):
//! [`FromStr`] reads and checks a [`ResignRule`] or [`DrawRule`], [`Display`] writes it back.
//!
//! [`Display`]: std::fmt::Display

use std::fmt;
use std::str::FromStr;

use super::{
    AdjudicationError, DRAW_SCORE_ALLOWED, DrawRule, RESIGN_SCORE_ALLOWED, ResignRule, moves_allowed,
    number_allowed,
};

/// The comma-separated fields of `text`, exactly `min..=max` of them, trimmed.
fn fields<'a>(
    text: &'a str,
    rule: &str,
    (min, max): (usize, usize),
    shape: &str,
    example: &str,
) -> Result<Vec<&'a str>, AdjudicationError> {
    let f: Vec<&str> = text.split(',').map(str::trim).collect();
    if !(min..=max).contains(&f.len()) {
        let msg = format!("expected {shape}, got {:?}", clip(text));
        return Err(AdjudicationError::new(rule, msg, example));
    }
    Ok(f)
}

/// What an error quotes of a value (the crate's one excerpt rule).
use crate::excerpt::excerpt as clip;

fn whole(path: &str, name: &str, s: &str, allowed: &str) -> Result<u32, AdjudicationError> {
    s.parse().map_err(|_| {
        AdjudicationError::new(path, format!("{name} {:?} is not a whole number", clip(s)), allowed)
    })
}

fn centipawns(path: &str, s: &str, allowed: &str) -> Result<i32, AdjudicationError> {
    s.parse().map_err(|_| {
        AdjudicationError::new(
            path,
            format!("score {:?} is not a whole number of centipawns", clip(s)),
            allowed,
        )
    })
}

impl FromStr for ResignRule {
    type Err = AdjudicationError;

    /// `movecount,score[,twosided]` (e.g. `3,600` or `3,600,true`), checked.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let f = fields(text, "resign", (2, 3), "movecount,score[,twosided]", "e.g. 3,600 or 3,600,true")?;
        let two_sided = match f.get(2) {
            None | Some(&"false") => false,
            Some(&"true") => true,
            Some(s) => {
                let msg = format!("twosided {:?} is neither true nor false", clip(s));
                return Err(AdjudicationError::new("resign.two_sided", msg, "true or false"));
            }
        };
        let rule = ResignRule {
            move_count: whole("resign.move_count", "movecount", f[0], &moves_allowed())?,
            score_cp: centipawns("resign.score_cp", f[1], RESIGN_SCORE_ALLOWED)?,
            two_sided,
        };
        rule.check()?;
        Ok(rule)
    }
}

impl fmt::Display for ResignRule {
    /// The text form: `movecount,score` with `,true` when two-sided.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}{}", self.move_count, self.score_cp, if self.two_sided { ",true" } else { "" })
    }
}

impl FromStr for DrawRule {
    type Err = AdjudicationError;

    /// `movenumber,movecount,score` (e.g. `40,8,10`), checked.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let f = fields(text, "draw", (3, 3), "movenumber,movecount,score", "e.g. 40,8,10")?;
        let rule = DrawRule {
            move_number: whole("draw.move_number", "movenumber", f[0], &number_allowed())?,
            move_count: whole("draw.move_count", "movecount", f[1], &moves_allowed())?,
            score_cp: centipawns("draw.score_cp", f[2], DRAW_SCORE_ALLOWED)?,
        };
        rule.check()?;
        Ok(rule)
    }
}

impl fmt::Display for DrawRule {
    /// The text form: `movenumber,movecount,score`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{},{}", self.move_number, self.move_count, self.score_cp)
    }
}
