//! An engine's own account of a move, read from the move's comment: what cutechess, fastchess
//! (with OpenBench's pgnout flags) and tmlab write about the search that chose it.
//!
//! - the cutechess prefix `+0.68/12` (`-M3/20` for a mate): the score from the mover's view in
//!   pawns, then the depth; fastchess before 1.0 wrote a comma after it (`+0.68/12, 0.232s`);
//! - `n=8998` (nodes) and `sd=13` (selective depth): fastchess's `nodes=true`/`seldepth=true`,
//!   the flags OpenBench's workers pass;
//! - `latency=0.001s` (fastchess's `timeleft=true`; tmlab writes `latency=37`, ms): time charged
//!   beyond what the engine reported;
//! - `soft=232` and `hard=700` (tmlab, ms): the limits the engine's own manager set for the move;
//!   `ponderhit=384` (tmlab, ms): time searched on the opponent's clock before a ponder hit.
//!
//! A time written with `s` is in seconds, without it in milliseconds. Keys tmlab does not use
//! (`nps=`, `hashfull=`, `tb=`, `pv=`) are skipped.

use crate::error::FieldError;
use serde::Serialize;

use crate::play::pgn::format_eval;
use crate::stop::Score;

/// What the engine reported for one move. Every field is absent when the comment lacks it.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct EngineTrace {
    /// Score from the mover's view, pawns (`None` for a mate score).
    pub eval_pawns: Option<f64>,
    /// A mate score, in moves: `+M3` is 3, `-M2` is −2.
    pub mate: Option<i32>,
    /// Depth of the last completed iteration (MCTS: average playout depth).
    pub depth: Option<u32>,
    /// Selective depth (`sd=`).
    pub seldepth: Option<u32>,
    /// Nodes (`n=`).
    pub nodes: Option<u64>,
    /// Time charged beyond what the engine reported, ms (`latency=`; fastchess's can be
    /// slightly negative, a clock's rounding).
    pub latency_ms: Option<f64>,
    /// The engine's own soft limit for the move, ms (`soft=`).
    pub soft_ms: Option<f64>,
    /// The engine's own hard limit for the move, ms (`hard=`).
    pub hard_ms: Option<f64>,
    /// Time searched on the opponent's clock before a ponder hit, ms (`ponderhit=`).
    pub pondered_ms: Option<f64>,
}

impl EngineTrace {
    /// The score and depth as cutechess writes them (`+0.68/12`, `-M3/20`), through the one
    /// score format of the PGN writer ([`format_eval`]); `None` without a depth or a score. The
    /// CLI's `replay` table and the Replay view show this text.
    pub fn eval_text(&self) -> Option<String> {
        let depth = self.depth?;
        let score = match (self.mate, self.eval_pawns) {
            (Some(m), _) if m < 0 => Score::MatedIn(2 * m.unsigned_abs()),
            (Some(m), _) => Score::MateIn((2 * m.unsigned_abs()).saturating_sub(1)),
            (None, Some(p)) => Score::Cp((p * 100.0).round() as i32),
            (None, None) => return None,
        };
        Some(format!("{}/{depth}", format_eval(score)))
    }
}

/// The trace in `comment`, or `None` when it names nothing an engine reports.
///
/// # Errors
/// A known field whose value is malformed, naming it and what is allowed.
pub fn parse_trace(comment: &str) -> Result<Option<EngineTrace>, FieldError> {
    let mut t = EngineTrace::default();
    let first = comment.split_whitespace().next().unwrap_or("").trim_end_matches(',');
    if let Some((eval, depth)) = first.split_once('/') {
        read_eval(eval, depth, &mut t)?;
    }
    for word in comment.split([',', ' ', '\n', '\t']) {
        let Some((key, value)) = word.trim().split_once('=') else { continue };
        match key {
            "n" => t.nodes = Some(whole(key, value, "a node count like n=8998")?),
            "sd" => t.seldepth = Some(whole(key, value, "a depth like sd=13")?),
            "latency" => t.latency_ms = Some(time(key, value, true)?),
            "soft" => t.soft_ms = Some(time(key, value, false)?),
            "hard" => t.hard_ms = Some(time(key, value, false)?),
            "ponderhit" => t.pondered_ms = Some(time(key, value, false)?),
            _ => {}
        }
    }
    Ok((t != EngineTrace::default()).then_some(t))
}

/// `+0.68` / `12`, `-M3` / `20`. A first word with a `/` that is not an eval (`1/2-1/2`) is no
/// trace.
fn read_eval(eval: &str, depth: &str, t: &mut EngineTrace) -> Result<(), FieldError> {
    let Ok(depth) = depth.parse::<u32>() else { return Ok(()) };
    let unsigned = eval.trim_start_matches(['+', '-']);
    let negative = eval.starts_with('-');
    if let Some(moves) = unsigned.strip_prefix('M') {
        let m: i32 = moves.parse().map_err(|_| {
            FieldError::new(
                "eval",
                format!("`{}` is not a mate score", crate::excerpt::excerpt(eval)),
                "+M3 or -M2 (moves)",
            )
        })?;
        t.mate = Some(if negative { -m } else { m });
    } else if !unsigned.is_empty() && unsigned.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        let p: f64 = unsigned.parse().map_err(|_| {
            FieldError::new(
                "eval",
                format!("`{}` is not a score", crate::excerpt::excerpt(eval)),
                "pawns like +0.68",
            )
        })?;
        t.eval_pawns = Some(if negative { -p } else { p });
    } else {
        return Ok(());
    }
    t.depth = Some(depth);
    Ok(())
}

fn whole<T: std::str::FromStr>(key: &str, value: &str, allowed: &str) -> Result<T, FieldError> {
    value.parse().map_err(|_| {
        FieldError::new(key, format!("`{key}={}` is not allowed", crate::excerpt::excerpt(value)), allowed)
    })
}

/// `0.232s` (seconds) or `232` (ms), in ms; negative only where `signed`.
fn time(key: &str, value: &str, signed: bool) -> Result<f64, FieldError> {
    match super::time_ms(value, super::TimeWord { bare_ms: true, signed, round: false }) {
        Ok(Some(ms)) => Ok(ms),
        _ => Err(FieldError::new(
            key,
            format!("`{key}={}` is not a time", crate::excerpt::excerpt(value)),
            format!(
                "seconds like {key}=0.232s or milliseconds like {key}=232{}",
                if signed { " (a small negative value is a clock's rounding)" } else { "" }
            ),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_samples_comments_read() {
        let fc = parse_trace("-0.26/9 0.190s, tl=9.810s, latency=0.001s").unwrap().unwrap();
        assert_eq!((fc.eval_pawns, fc.depth, fc.latency_ms), (Some(-0.26), Some(9), Some(1.0)));
        let ob = parse_trace("+0.26/8 0.078s, n=118066, sd=16").unwrap().unwrap();
        assert_eq!((ob.nodes, ob.seldepth), (Some(118_066), Some(16)));
        let cc = parse_trace("+9.80/13 0.14s").unwrap().unwrap();
        assert_eq!((cc.eval_pawns, cc.depth, cc.nodes), (Some(9.8), Some(13), None));
        let old = parse_trace("+1.16/8, 0.004s").unwrap().unwrap();
        assert_eq!(old.depth, Some(8));
        let neg = parse_trace("+0.70/9 0.000s, tl=1.987s, latency=-0.001s").unwrap().unwrap();
        assert_eq!(neg.latency_ms, Some(-1.0));
    }

    #[test]
    fn tmlab_comments_carry_the_engines_own_limits() {
        let t = parse_trace(
            "-M2/5 0.21s [%clk 0:00:59.1] [%emt 0:00:00.21] n=4410 latency=3 soft=180 hard=640 ponderhit=90",
        )
        .unwrap()
        .unwrap();
        assert_eq!(t.mate, Some(-2));
        assert_eq!(t.eval_pawns, None);
        assert_eq!(
            (t.soft_ms, t.hard_ms, t.pondered_ms, t.latency_ms),
            (Some(180.0), Some(640.0), Some(90.0), Some(3.0))
        );
    }

    #[test]
    fn the_eval_text_is_cutechess_s_prefix() {
        let text = |c: &str| parse_trace(c).unwrap().unwrap().eval_text();
        assert_eq!(text("-0.26/9 0.190s").as_deref(), Some("-0.26/9"));
        assert_eq!(text("+9.80/13 0.14s").as_deref(), Some("+9.80/13"));
        assert_eq!(text("0.00/1 0.01s").as_deref(), Some("+0.00/1"));
        assert_eq!(text("-M2/5 0.21s").as_deref(), Some("-M2/5"));
        assert_eq!(text("+M3/20 0.5s").as_deref(), Some("+M3/20"));
        assert_eq!(text("+M1/1 0.5s").as_deref(), Some("+M1/1"));
        // A trace without a score (only nodes, or the engine's limits) has no eval text.
        assert_eq!(text("n=4410 soft=180 hard=640"), None);
    }

    #[test]
    fn comments_without_a_trace_and_bad_values() {
        for c in ["book", "[%clk 0:03:00]", "0.21s", "White wins on time", "1/2-1/2 agreed", ""] {
            assert_eq!(parse_trace(c).unwrap(), None, "{c}");
        }
        let e = parse_trace("+0.1/3 0.1s, n=lots").unwrap_err();
        assert!(e.to_string().contains("`n=lots`") && e.to_string().contains("allowed: a node count"), "{e}");
        let e = parse_trace("soft=-5").unwrap_err();
        assert!(e.to_string().contains("`soft=-5` is not a time"), "{e}");
        assert!(parse_trace("hard=1e308s").is_err());
        assert!(parse_trace("+Mx/3 0.1s").unwrap_err().to_string().contains("not a mate score"));
    }
}
