//! The comment after every move of a written PGN, and reading its commands back.
//!
//! Every move carries a comment: the cutechess-style prefix `eval/depth time` (score from the
//! mover's view in pawns, mates as `±M<n>`, time in seconds), then `[%clk h:mm:ss]` (clock after
//! the move, increment included) and `[%emt h:mm:ss]` (time spent), with up to three decimals.
//! Book moves get `{book}`. See `shared/spec/playground.md` §4.

use std::fmt::Write as _;

use serde::Serialize;

use crate::stop::Score;

/// One field of the comments tmlab writes after PGN moves, explained (the Play view's "What the
/// comments mean", `docs/play.md#pgn-comments`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CommentField {
    /// The field as it appears (`[%clk …]`, `latency=`).
    pub field: &'static str,
    /// An example.
    pub example: &'static str,
    /// What it means, with its unit.
    pub meaning: &'static str,
}

/// Every field of a move comment, in the order they are written.
pub const COMMENT_FIELDS: [CommentField; 10] = [
    CommentField {
        field: "eval/depth",
        example: "+0.31/14",
        meaning: "engine moves only (cutechess's prefix): the engine's last score from its own side, in pawns \
                  (mates as +M3 / -M2, in moves), then the depth of its last completed iteration \
                  (MCTS: the average playout depth)",
    },
    CommentField {
        field: "time",
        example: "1.21s",
        meaning: "the time charged for the move, in seconds (cutechess's prefix; the same as %emt)",
    },
    CommentField {
        field: "[%clk]",
        example: "[%clk 0:02:55.3]",
        meaning: "the mover's clock after the move, increment included (h:mm:ss, up to three decimals)",
    },
    CommentField {
        field: "[%emt]",
        example: "[%emt 0:00:01.21]",
        meaning: "elapsed move time: the time charged for the move (h:mm:ss)",
    },
    CommentField {
        field: "n=",
        example: "n=152340",
        meaning: "engine moves only: the nodes the engine reported for the move (alpha-beta: nodes \
                  searched; MCTS: visits, as its last `info nodes` said)",
    },
    CommentField {
        field: "latency=",
        example: "latency=37",
        meaning: "engine moves only: milliseconds charged beyond the engine's own time for the move \
                  (its last `info … time`): in Play the page↔worker round trip and the tail of \
                  the search after its last info line; in matches on a virtual clock the \
                  simulated latency",
    },
    CommentField {
        field: "soft=",
        example: "soft=232",
        meaning: "engine moves only: the soft limit the engine's own manager set for the move at its start, in \
                  milliseconds (Replay overlays it on the time used)",
    },
    CommentField {
        field: "hard=",
        example: "hard=700",
        meaning: "engine moves only: the hard limit the engine's own manager set for the move, in milliseconds",
    },
    CommentField {
        field: "ponderhit=",
        example: "ponderhit=384",
        meaning: "engine moves after a ponder hit only: milliseconds the engine searched this move on the \
                  opponent's time before the opponent played the expected reply (not in %emt)",
    },
    CommentField {
        field: "book",
        example: "{book}",
        meaning: "matches only: the move came from the opening, not from the engine (no time charged)",
    },
];

/// Format milliseconds as `h:mm:ss` with up to three decimals (`0:02:55.3`).
pub fn format_clock(ms: f64) -> String {
    let ms = ms.max(0.0).round() as u64;
    let (h, rest) = (ms / 3_600_000, ms % 3_600_000);
    let (m, rest) = (rest / 60_000, rest % 60_000);
    let (s, frac) = (rest / 1000, rest % 1000);
    let mut out = format!("{h}:{m:02}:{s:02}");
    if frac > 0 {
        let f = format!("{frac:03}");
        out.push('.');
        out.push_str(f.trim_end_matches('0'));
    }
    out
}

/// Parse `h:mm:ss[.fff]` (or `mm:ss`) into milliseconds: digits only (a sign, an exponent,
/// `inf` or `nan` is not a clock: `[%clk -0:01:00]` is refused, not read as a minute), at most
/// [`MAX_CLOCK_MS`].
pub fn parse_clock(s: &str) -> Option<f64> {
    let digits = |t: &str, frac: bool| {
        let (int, dec) = match t.split_once('.') {
            Some((i, d)) if frac => (i, Some(d)),
            Some(_) => return None,
            None => (t, None),
        };
        let all = |x: &str| !x.is_empty() && x.bytes().all(|b| b.is_ascii_digit());
        (all(int) && dec.is_none_or(all)).then(|| t.parse::<f64>().ok()).flatten()
    };
    let parts: Vec<&str> = s.trim().split(':').collect();
    let (h, m, sec) = match parts[..] {
        [h, m, s] => (digits(h, false)?, digits(m, false)?, digits(s, true)?),
        [m, s] => (0.0, digits(m, false)?, digits(s, true)?),
        _ => return None,
    };
    let ms = ((h * 3600.0 + m * 60.0 + sec) * 1000.0).round();
    (ms <= MAX_CLOCK_MS).then_some(ms)
}

/// The largest clock reading accepted, ms: 10 000 h, the cap of time controls.
pub const MAX_CLOCK_MS: f64 = 10_000.0 * 3_600_000.0;

/// Read `[%cmd value]` from a comment.
pub fn comment_command<'a>(comment: &'a str, cmd: &str) -> Option<&'a str> {
    let key = format!("[%{cmd} ");
    let at = comment.find(&key)? + key.len();
    let end = comment[at..].find(']')?;
    Some(comment[at..at + end].trim())
}

/// The pieces of an engine move's comment.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct MoveComment {
    /// Score from the mover's view and the depth reached (absent for a person's move).
    pub eval: Option<(Score, u32)>,
    /// Time spent on the move, ms.
    pub emt_ms: f64,
    /// Clock after the move (increment included), ms.
    pub clk_ms: f64,
    /// Extra `key=value` pairs, fastchess style (`n=`, `nps=`, `latency=`).
    pub extras: Vec<(String, String)>,
}

impl MoveComment {
    /// `+0.31/14 1.21s [%clk 0:02:55.3] [%emt 0:00:01.21] n=12345`
    pub fn render(&self) -> String {
        let mut s = String::new();
        if let Some((score, depth)) = self.eval {
            let _ = write!(s, "{}/{depth} ", format_eval(score));
        }
        let _ = write!(s, "{}s ", format_seconds(self.emt_ms));
        let _ = write!(s, "[%clk {}] [%emt {}]", format_clock(self.clk_ms), format_clock(self.emt_ms));
        for (k, v) in &self.extras {
            let _ = write!(s, " {k}={v}");
        }
        s
    }
}

/// A score in pawns from the mover's view (`+0.31`, `-1.20`), mates as `+M3`/`-M2` (moves).
pub fn format_eval(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
        Score::MateIn(plies) => format!("+M{}", plies.div_ceil(2)),
        Score::MatedIn(plies) => format!("-M{}", plies.div_ceil(2)),
    }
}

/// Milliseconds as seconds with up to three decimals, without trailing zeros (`1.21`), rounded
/// to the millisecond exactly as [`format_clock`] rounds.
fn format_seconds(ms: f64) -> String {
    let ms = ms.max(0.0).round() as u64;
    let frac = format!("{:03}", ms % 1000);
    let frac = frac.trim_end_matches('0');
    if frac.is_empty() { format!("{}", ms / 1000) } else { format!("{}.{frac}", ms / 1000) }
}
