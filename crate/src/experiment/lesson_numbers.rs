//! The lesson numbers that need the engine build: match statistics (the SPRT's bounds, the Elo
//! of a score, as fastchess computes them) and a shipped PGN's replay against a manager. The
//! other kinds (simulations, budgets, moves left) are [`crate::plot::numbers`]'s; this module adds
//! its kinds through [`evaluate_with`].
//!
//! Kinds:
//! - `sprt`: `field=upper` or `lower`, the LLR bounds ln((1−β)/α) and ln(β/(1−α)) of a test
//!   with `alpha` and `beta` (default 0.05 each; `elo0`/`elo1` default 0/10, checked as the
//!   Match view checks them).
//! - `elo`: the Elo difference of a `score` (0 < score < 1, the logistic model).
//! - `replay`: the shipped sample `sample` (`lichess`: www/public/replay/lichess-style-3+2.pgn,
//!   the Replay view's default) replayed against `spec`; for a `side` (`white`/`black`),
//!   `field=over-hard` or `over-soft` (moves whose time exceeded the limit), or, `at` the side's
//!   move number, `used`, `soft`, `hard` or `clock` (before the move), in ms.
//! - `game`: the engine-mode allocation chart's self-play game ([`crate::play::trace`]): `spec`,
//!   `tc`, and as the chart names them `enps`, `emoves`, `elat`, `opening`, `eponder` (0/1: both
//!   sides ponder), with the chart's defaults; for a `side` (`white` by default): `field=hits`
//!   (ponder hits), `pondered` and `used` (ms: the side's total, or `at` its move number; pondered
//!   = searched on the opponent's time at a hit), `soft` (the base budget), `hard`, `clock`
//!   (before the move) `at` a move, `clock-end` (after the side's last move), `moves` (the side's
//!   engine moves), `flag-move` (the move that lost on time). Each game
//!   is played once per process (the page's chart plays the same game in its worker).

use crate::error::FieldError;
use crate::experiment::replay::replay_pgn;
use crate::play::stats::{Sprt, elo_from_score};
use crate::play::trace::{TRACE_DEFAULT_MOVES, TRACE_DEFAULT_NPS, TraceGame, TraceMove, TraceSpec};
use crate::plot::numbers::{Args, evaluate_with};
use crate::tm::TmSpec;

/// The kinds this module adds.
const KINDS: [&str; 4] = ["sprt", "elo", "replay", "game"];

/// The shipped replay samples a lesson may name (the Replay view's `SAMPLES`).
const SAMPLES: [(&str, &str); 1] =
    [("lichess", include_str!("../../../www/public/replay/lichess-style-3+2.pgn"))];

/// Evaluate a lesson's number placeholder (without its braces), with every kind.
pub fn evaluate(expr: &str) -> Result<String, FieldError> {
    evaluate_with(expr, &KINDS, &|a| match a.kind() {
        "sprt" => Some(sprt_value(a)),
        "elo" => Some(elo_value(a)),
        "replay" => Some(replay_value(a)),
        "game" => Some(game_value(a)),
        _ => None,
    })
}

fn sprt_value(a: &Args) -> Result<f64, FieldError> {
    a.check(&["elo0", "elo1", "alpha", "beta", "field"])?;
    let sprt = Sprt::with_errors(
        a.num("elo0")?.unwrap_or(0.0),
        a.num("elo1")?.unwrap_or(10.0),
        a.num("alpha")?.unwrap_or(0.05),
        a.num("beta")?.unwrap_or(0.05),
    )?;
    let (lower, upper) = sprt.bounds();
    match a.need("field")? {
        "upper" => Ok(upper),
        "lower" => Ok(lower),
        other => Err(FieldError::new("field", format!("unknown field `{other}`"), "upper, lower")),
    }
}

fn elo_value(a: &Args) -> Result<f64, FieldError> {
    a.check(&["score"])?;
    let score = a.num("score")?.ok_or_else(|| FieldError::message("`elo` needs score=S"))?;
    if !(score > 0.0 && score < 1.0) {
        return Err(FieldError::new("score", format!("score={score}"), "0 < score < 1"));
    }
    Ok(elo_from_score(score))
}

fn replay_value(a: &Args) -> Result<f64, FieldError> {
    a.check(&["sample", "spec", "side", "field", "at"])?;
    let name = a.need("sample")?;
    let pgn = SAMPLES.iter().find(|(k, _)| *k == name).map(|(_, p)| *p).ok_or_else(|| {
        FieldError::new("sample", format!("no sample `{name}`"), SAMPLES.map(|(k, _)| k).join(", "))
    })?;
    let spec: TmSpec = a.need("spec")?.parse().map_err(|e| FieldError::message(format!("spec: {e}")))?;
    let replay = replay_pgn(pgn, &[spec]).map_err(|e| FieldError::message(e.to_string()))?;
    let game = replay.games.first().ok_or_else(|| FieldError::message("the sample has no game"))?;
    let side = match a.need("side")? {
        "white" => &game.sides[0],
        "black" => &game.sides[1],
        other => return Err(FieldError::new("side", format!("side={other}"), "white, black")),
    };
    let field = a.need("field")?;
    match field {
        "over-hard" => return Ok(side.managers[0].over_hard.len() as f64),
        "over-soft" => return Ok(f64::from(side.managers[0].over_soft)),
        _ => {}
    }
    let at = a
        .whole("at")?
        .ok_or_else(|| FieldError::message(format!("field={field} needs at=N (the side's move number)")))?;
    let mv = side
        .moves
        .iter()
        .find(|m| m.ply / 2 + 1 == at)
        .ok_or_else(|| FieldError::message(format!("{} made no timed move {at}", side.color)))?;
    match field {
        "used" => Ok(mv.used_ms),
        "soft" => Ok(mv.budgets[0].soft_ms),
        "hard" => Ok(mv.budgets[0].hard_ms),
        "clock" => Ok(mv.clock_before_ms),
        other => Err(FieldError::new(
            "field",
            format!("unknown field `{other}`"),
            "over-hard, over-soft, used, soft, hard, clock",
        )),
    }
}

type Played = std::rc::Rc<Vec<TraceMove>>;

thread_local! {
    /// The games played so far, by their spec (a lesson names the same game several times).
    static GAMES: std::cell::RefCell<Vec<(String, Played)>> = const { std::cell::RefCell::new(Vec::new()) };
}

fn played(spec: &TraceSpec) -> Result<Played, FieldError> {
    let key = format!("{spec:?}");
    if let Some(g) = GAMES.with(|g| g.borrow().iter().find(|(k, _)| *k == key).map(|(_, v)| v.clone())) {
        return Ok(g);
    }
    let game = std::rc::Rc::new(TraceGame::new(spec)?.run());
    GAMES.with(|g| {
        let mut g = g.borrow_mut();
        if g.len() >= 16 {
            g.remove(0);
        }
        g.push((key, game.clone()));
    });
    Ok(game)
}

fn game_value(a: &Args) -> Result<f64, FieldError> {
    a.check(&["spec", "tc", "enps", "emoves", "elat", "opening", "eponder", "side", "field", "at"])?;
    let ponder = match a.whole("eponder")?.unwrap_or(0) {
        0 => false,
        1 => true,
        x => return Err(FieldError::new("eponder", format!("eponder={x}"), "0, 1")),
    };
    let spec = TraceSpec {
        tm: a.need("spec")?.to_string(),
        tc: a.need("tc")?.to_string(),
        opening: a.whole("opening")?.unwrap_or(0) as usize,
        nps: a.num("enps")?.unwrap_or(TRACE_DEFAULT_NPS),
        moves: a.whole("emoves")?.unwrap_or(TRACE_DEFAULT_MOVES),
        searcher: None,
        latency_ms: a.num("elat")?.unwrap_or(0.0),
        ponder,
    };
    let white = match a.get("side").unwrap_or("white") {
        "white" => true,
        "black" => false,
        other => return Err(FieldError::new("side", format!("side={other}"), "white, black")),
    };
    let game = played(&spec)?;
    let side: Vec<&TraceMove> = game.iter().filter(|m| m.white == white).collect();
    let field = a.need("field")?;
    let at = a.whole("at")?;
    let one = || -> Result<&TraceMove, FieldError> {
        let n = at.ok_or_else(|| {
            FieldError::message(format!("field={field} needs at=N (the side's move number)"))
        })?;
        side.iter()
            .find(|m| m.move_number == n)
            .copied()
            .ok_or_else(|| FieldError::message(format!("the side made no engine move {n}")))
    };
    match field {
        "hits" => Ok(side.iter().filter(|m| m.pondered_ms.is_some()).count() as f64),
        "pondered" if at.is_none() => Ok(side.iter().filter_map(|m| m.pondered_ms).sum()),
        "pondered" => Ok(one()?.pondered_ms.unwrap_or(0.0)),
        "flag-move" => side
            .iter()
            .find(|m| m.flagged)
            .map(|m| f64::from(m.move_number))
            .ok_or_else(|| FieldError::message("the side did not lose on time")),
        "moves" => Ok(side.len() as f64),
        "used" if at.is_none() => Ok(side.iter().map(|m| m.used_ms).sum()),
        "used" => Ok(one()?.used_ms),
        "soft" => Ok(one()?.base_soft_ms),
        "hard" => Ok(one()?.hard_ms),
        "clock" => Ok(one()?.clock_before_ms),
        "clock-end" => side
            .last()
            .map(|m| m.clock_after_ms)
            .ok_or_else(|| FieldError::message("the side made no engine move")),
        other => Err(FieldError::new(
            "field",
            format!("unknown field `{other}`"),
            "hits, pondered, moves, used, soft, hard, clock, clock-end, flag-move",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sprt_bounds_and_elo_are_fastchess_s() {
        // ln(0.95/0.05) = 2.944; ln(0.05/0.95) = −2.944.
        assert_eq!(evaluate("sprt field=upper dp=2").unwrap(), "2.94");
        assert_eq!(evaluate("sprt field=lower dp=2").unwrap(), "-2.94");
        assert_eq!(evaluate("sprt alpha=0.2 beta=0.2 field=upper dp=2").unwrap(), "1.39");
        assert_eq!(evaluate("elo score=0.75").unwrap(), "191");
        assert!(evaluate("elo score=1").unwrap_err().to_string().contains("0 < score < 1"));
        assert!(
            evaluate("sprt elo0=5 elo1=0 field=upper").unwrap_err().to_string().contains("elo0 must be less")
        );
    }

    #[test]
    fn a_sample_replay_counts_the_moves_past_the_hard_limit() {
        let pgn = SAMPLES[0].1;
        let spec: TmSpec = "stockfish".parse().unwrap();
        let r = replay_pgn(pgn, &[spec]).unwrap();
        let black = &r.games[0].sides[1];
        assert_eq!(
            evaluate("replay sample=lichess spec=stockfish side=black field=over-hard").unwrap(),
            black.managers[0].over_hard.len().to_string()
        );
        let nine = black.moves.iter().find(|m| m.label.starts_with("9...")).unwrap();
        assert_eq!(
            evaluate("replay sample=lichess spec=stockfish side=black at=9 field=used unit=ms").unwrap(),
            format!("{} ms", nine.used_ms)
        );
        assert!(
            evaluate("replay sample=nope spec=stockfish side=black field=over-hard")
                .unwrap_err()
                .to_string()
                .contains("allowed: lichess")
        );
        assert!(evaluate("bogus").unwrap_err().to_string().contains("replay"));
    }
}
