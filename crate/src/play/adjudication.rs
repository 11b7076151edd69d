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
//! [`Display`]: std::fmt::Display

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

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

/// At most 40 characters of a quoted value.
fn clip(s: &str) -> String {
    if s.chars().count() > 40 { format!("{}…", s.chars().take(40).collect::<String>()) } else { s.into() }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    fn resign_err(s: &str) -> AdjudicationError {
        s.parse::<ResignRule>().expect_err(s)
    }

    fn draw_err(s: &str) -> AdjudicationError {
        s.parse::<DrawRule>().expect_err(s)
    }

    #[test]
    fn the_text_forms_parse_and_print_back() {
        let r: ResignRule = "3,600".parse().unwrap();
        assert_eq!(r, ResignRule { move_count: 3, score_cp: 600, two_sided: false });
        assert_eq!(r.to_string(), "3,600");
        let r: ResignRule = " 5 , 400 , true ".parse().unwrap();
        assert_eq!(r, ResignRule { move_count: 5, score_cp: 400, two_sided: true });
        assert_eq!(r.to_string().parse::<ResignRule>().unwrap(), r);
        assert!(!"3,600,false".parse::<ResignRule>().unwrap().two_sided);
        let d: DrawRule = "40,8,10".parse().unwrap();
        assert_eq!(d, DrawRule { move_number: 40, move_count: 8, score_cp: 10 });
        assert_eq!(d.to_string(), "40,8,10");
        // A draw score of 0 and a move number of 0 are allowed; the edges of the ranges too.
        assert_eq!("0,1,0".parse::<DrawRule>().unwrap().score_cp, 0);
        assert_eq!("10000,10000,5".parse::<DrawRule>().unwrap().move_count, 10_000);
    }

    #[test]
    fn a_wrong_shape_names_the_rule_and_the_form() {
        let e = resign_err("3");
        assert_eq!((e.path.as_str(), e.rule()), ("resign", "resign"));
        assert_eq!(e.message, "expected movecount,score[,twosided], got \"3\"");
        assert_eq!(e.allowed, "e.g. 3,600 or 3,600,true");
        assert_eq!(resign_err("1,2,true,4").path, "resign");
        assert_eq!(resign_err("").path, "resign");
        let e = draw_err("40,8");
        assert_eq!(
            e.to_string(),
            "draw: expected movenumber,movecount,score, got \"40,8\"; allowed: e.g. 40,8,10"
        );
    }

    #[test]
    fn each_bad_field_is_named_with_what_it_allows() {
        for (e, path, msg, allowed) in [
            (resign_err("x,600"), "resign.move_count", "movecount \"x\" is not a whole number", "1 to 10000"),
            (resign_err("0,600"), "resign.move_count", "movecount 0 is out of range", "1 to 10000"),
            (resign_err("10001,600"), "resign.move_count", "movecount 10001", "1 to 10000"),
            (resign_err("-1,600"), "resign.move_count", "\"-1\" is not a whole number", "moves"),
            (
                resign_err("3,6.5"),
                "resign.score_cp",
                "score \"6.5\" is not a whole number of centipawns",
                "above 0",
            ),
            (resign_err("3,0"), "resign.score_cp", "score 0 cp is not above 0", "above 0"),
            (resign_err("3,-600"), "resign.score_cp", "score -600 cp", "above 0"),
            (resign_err("3,600,yes"), "resign.two_sided", "twosided \"yes\" is neither", "true or false"),
            (draw_err("a,8,10"), "draw.move_number", "movenumber \"a\"", "0 to 10000"),
            (draw_err("10001,8,10"), "draw.move_number", "movenumber 10001 is out of range", "0 to 10000"),
            (draw_err("40,0,10"), "draw.move_count", "movecount 0 is out of range", "1 to 10000"),
            (draw_err("40,8,-1"), "draw.score_cp", "score -1 cp is below 0", "0 or more"),
            (draw_err("40,8,ten"), "draw.score_cp", "score \"ten\"", "0 or more"),
        ] {
            assert_eq!(e.path, path, "{e}");
            assert!(e.message.contains(msg), "{e}");
            assert!(e.allowed.contains(allowed), "{e}");
        }
        // A huge value is quoted in part.
        let e = resign_err(&format!("{},600", "9".repeat(100)));
        assert!(e.message.len() < 100 && e.message.contains('…'), "{e}");
    }

    #[test]
    fn check_covers_every_rule() {
        assert_eq!(Adjudication::default().check(), Ok(()));
        let ok = Adjudication {
            resign: Some("3,600".parse().unwrap()),
            draw: Some("40,8,10".parse().unwrap()),
            max_moves: Some(150),
        };
        assert_eq!(ok.check(), Ok(()));
        let bad_resign = ResignRule { move_count: 3, score_cp: 0, two_sided: false };
        assert_eq!(
            Adjudication { resign: Some(bad_resign), ..ok }.check().unwrap_err().path,
            "resign.score_cp"
        );
        let bad_draw = DrawRule { move_number: 40, move_count: 0, score_cp: 10 };
        assert_eq!(Adjudication { draw: Some(bad_draw), ..ok }.check().unwrap_err().path, "draw.move_count");
        for n in [0, MAX_MAX_MOVES + 1] {
            let e = Adjudication { max_moves: Some(n), ..ok }.check().unwrap_err();
            assert_eq!((e.path.as_str(), e.rule()), ("max_moves", "max_moves"));
            assert!(e.allowed.contains("1 to 100000"), "{e}");
        }
        assert_eq!(Adjudication { max_moves: Some(MAX_MAX_MOVES), ..ok }.check(), Ok(()));
    }
}
