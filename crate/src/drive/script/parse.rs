//! Reading a scripted search: one JSON object per line, every field checked, with errors that
//! name the line, the field and what is allowed (see the parent module for the format).

use crate::error::FieldError;
use std::io::Read;

use serde::Deserialize;

use crate::stop::Score;

/// The longest events line accepted, in bytes (a poll over 218 root moves takes about 2.5 kB).
pub const MAX_LINE_BYTES: usize = 64 * 1024;
/// The largest events file accepted, in bytes.
pub const MAX_FILE_BYTES: usize = 16 * 1024 * 1024;
/// The most root moves a chess position has.
pub const MAX_ROOT_MOVES: usize = 218;
/// `cp N` is accepted within ±this; larger scores are mates (`mate N`).
pub const MAX_CP: i32 = 30_000;
/// `mate N` is accepted for 1 ≤ |N| ≤ this.
pub const MAX_MATE_MOVES: i32 = 500;
/// The longest `pv_q` accepted (the searcher reports at most 64).
pub const MAX_PV_Q: usize = 64;
/// The largest `avg_depth` accepted, plies.
pub const MAX_AVG_DEPTH: u32 = 1000;
/// Characters of a JSON error message kept at most.
const MAX_MESSAGE_CHARS: usize = 300;

/// One scripted event.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum ScriptEvent {
    /// A completed alpha-beta iteration.
    Iteration {
        /// Elapsed ms when it completed.
        elapsed_ms: f64,
        /// Its depth.
        depth: u32,
        /// Root score, `cp N` or `mate N`.
        score: String,
        /// The best move (any string; equal strings are the same move).
        best: String,
        /// Best-move changes during the iteration.
        #[serde(default)]
        best_move_changes: u32,
        /// Share of the search's nodes spent under the best move, 0 … 1.
        node_share: f64,
        /// Search nodes so far.
        #[serde(default = "default_nodes")]
        nodes: u64,
        /// Legal root moves.
        #[serde(default = "default_root_moves")]
        root_moves: u32,
    },
    /// An MCTS batch.
    Poll(Batch),
    /// The end of a move, and the start of the next one if more events follow.
    MoveEnd {
        /// The move's length as the manager learns it (`end_move`'s elapsed), ms.
        elapsed_ms: f64,
        /// Visits in the final tree (MCTS) or nodes searched (alpha-beta).
        nodes: u64,
        /// Visits of the subtree kept for the next move (MCTS tree reuse).
        #[serde(default)]
        reused_nodes: u64,
        /// The final root score (default: the last iteration's, else `cp 0`).
        #[serde(default)]
        score: Option<String>,
        /// The best move's average score, Stockfish's `averageScore` (default: the final score).
        #[serde(default)]
        avg_score: Option<String>,
        /// The next move's clock (default: the clock less `elapsed_ms`, at least 0, plus the
        /// increment).
        #[serde(default)]
        clock_ms: Option<f64>,
        /// The next move's increment (default: this move's).
        #[serde(default)]
        inc_ms: Option<f64>,
        /// The next move's movestogo (default: this move's less 1; 0 means none).
        #[serde(default)]
        movestogo: Option<u32>,
        /// The next move's ply (default: this move's plus 2).
        #[serde(default)]
        ply: Option<u32>,
    },
}

/// What an MCTS batch reports (a `poll` event).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Batch {
    /// Elapsed ms.
    pub elapsed_ms: f64,
    /// Visits in the tree, the reused ones included.
    pub nodes: u64,
    /// Visits of every root move.
    pub root_visits: Vec<u64>,
    /// The most-visited root move is not the one with the best Q (smooth uses its bank).
    #[serde(default)]
    pub need_more_time: bool,
    /// Ms since the first batch with playouts (default: `elapsed_ms`).
    #[serde(default)]
    pub since_first_batch_ms: Option<f64>,
    /// Q of every root move, −1 … 1, side to move's view (default: all 0).
    #[serde(default)]
    pub root_q: Vec<f64>,
    /// The root's Q, −1 … 1, side to move's view (default 0).
    #[serde(default)]
    pub root_value: f64,
    /// Standard deviation of the values backed up through the root, 0 … 1 (default 0).
    #[serde(default)]
    pub root_value_sd: f64,
    /// Q along the PV, −1 … 1, root side's view (default: none).
    #[serde(default)]
    pub pv_q: Vec<f64>,
    /// Average playout depth (default 0).
    #[serde(default)]
    pub avg_depth: f64,
}

fn default_nodes() -> u64 {
    1_000_000
}

fn default_root_moves() -> u32 {
    30
}

impl ScriptEvent {
    /// The event's elapsed time, ms.
    pub fn elapsed_ms(&self) -> f64 {
        match self {
            ScriptEvent::Iteration { elapsed_ms, .. } | ScriptEvent::MoveEnd { elapsed_ms, .. } => {
                *elapsed_ms
            }
            ScriptEvent::Poll(b) => b.elapsed_ms,
        }
    }
}

/// A bad events line: its number (1-based; 0 for the file as a whole) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptError {
    /// The line number.
    pub line: usize,
    /// What is wrong, naming the field and what is allowed.
    pub message: String,
}

impl std::fmt::Display for ScriptError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line == 0 {
            f.write_str(&self.message)
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}

impl std::error::Error for ScriptError {}

/// At most [`crate::excerpt::MAX_CHARS`] characters of a value, with `…` when cut.
fn quote(s: &str) -> String {
    let cut = crate::excerpt::excerpt(s);
    if cut == s { format!("{s:?}") } else { format!("{:?}…", cut.strip_suffix('…').unwrap_or(&cut)) }
}

/// Parses `cp N` / `mate N` (N in moves as UCI prints it, negative when mated).
pub fn parse_score(s: &str) -> Result<Score, FieldError> {
    let bad = || {
        FieldError::new(
            "score",
            format!(
                "score {} is not `cp N` (|N| ≤ {MAX_CP}) or `mate N` (1 ≤ |N| ≤ {MAX_MATE_MOVES}, negative when mated)",
                quote(s)
            ),
            "",
        )
    };
    let mut it = s.split_whitespace();
    let (kind, n) = (it.next().ok_or_else(bad)?, it.next().ok_or_else(bad)?);
    if it.next().is_some() {
        return Err(bad());
    }
    let n: i32 = n.parse().map_err(|_| bad())?;
    match kind {
        "cp" if n.abs() <= MAX_CP => Ok(Score::Cp(n)),
        "mate" if n == 0 => Err(FieldError::new(
            "score",
            format!(
                "score \"mate 0\" is not a score: mate N counts moves to mate (1 ≤ |N| ≤ {MAX_MATE_MOVES}, negative when mated); a finished game has no search"
            ),
            "",
        )),
        "mate" if n.abs() <= MAX_MATE_MOVES => {
            Ok(if n > 0 { Score::MateIn(n as u32 * 2 - 1) } else { Score::MatedIn(n.unsigned_abs() * 2) })
        }
        _ => Err(bad()),
    }
}

/// What the checks remember of the move being read.
#[derive(Default)]
struct MoveSoFar {
    /// Elapsed of its last event.
    elapsed: f64,
    /// Root visits of its last poll.
    visits: Option<Vec<u64>>,
    /// Visits reused from the previous move.
    reused: u64,
}

/// The checks of one event's values; `m` is the move it belongs to.
fn check(ev: &ScriptEvent, m: &mut MoveSoFar) -> Result<(), FieldError> {
    let elapsed = ev.elapsed_ms();
    if !(elapsed.is_finite() && elapsed >= 0.0) {
        return Err(FieldError::new(
            "elapsed_ms",
            format!("elapsed_ms must be a non-negative number of ms, got {elapsed}"),
            "",
        ));
    }
    // A move may end before events the manager never gets (it stopped first): `run_script`
    // compares the end with the events it fed.
    if elapsed < m.elapsed && !matches!(ev, ScriptEvent::MoveEnd { .. }) {
        return Err(FieldError::new(
            "elapsed_ms",
            format!(
                "elapsed_ms {elapsed} is before the previous event's {}: times only grow within a move",
                m.elapsed
            ),
            "",
        ));
    }
    m.elapsed = elapsed;
    match ev {
        ScriptEvent::Iteration { depth, score, node_share, root_moves, .. } => {
            if *depth == 0 {
                return Err(FieldError::message("depth must be at least 1"));
            }
            parse_score(score)?;
            if !(0.0..=1.0).contains(node_share) {
                return Err(FieldError::new(
                    "node_share",
                    format!("node_share must be within 0 … 1, got {node_share}"),
                    "",
                ));
            }
            if *root_moves == 0 || *root_moves as usize > MAX_ROOT_MOVES {
                return Err(FieldError::new(
                    "root_moves",
                    format!("root_moves must be within 1 … {MAX_ROOT_MOVES}, got {root_moves}"),
                    "",
                ));
            }
        }
        ScriptEvent::Poll(b) => {
            let Batch {
                nodes,
                root_visits,
                since_first_batch_ms,
                root_q,
                root_value,
                root_value_sd,
                pv_q,
                avg_depth,
                ..
            } = b;
            if !root_q.is_empty() && root_q.len() != root_visits.len() {
                return Err(FieldError::new(
                    "root_q",
                    format!(
                        "root_q lists {} root moves, root_visits {}: one Q per root move",
                        root_q.len(),
                        root_visits.len()
                    ),
                    "",
                ));
            }
            if pv_q.len() > MAX_PV_Q {
                return Err(FieldError::new(
                    "pv_q",
                    format!("pv_q must list at most {MAX_PV_Q} values, got {}", pv_q.len()),
                    "",
                ));
            }
            for (name, q) in root_q.iter().map(|q| ("root_q", q)).chain(pv_q.iter().map(|q| ("pv_q", q))) {
                if !(-1.0..=1.0).contains(q) {
                    return Err(FieldError::message(format!("{name} values must be within −1 … 1, got {q}")));
                }
            }
            if !(-1.0..=1.0).contains(root_value) {
                return Err(FieldError::new(
                    "root_value",
                    format!("root_value must be within −1 … 1, got {root_value}"),
                    "",
                ));
            }
            if !(0.0..=1.0).contains(root_value_sd) {
                return Err(FieldError::new(
                    "root_value_sd",
                    format!("root_value_sd must be within 0 … 1, got {root_value_sd}"),
                    "",
                ));
            }
            if !(avg_depth.is_finite() && (0.0..=f64::from(MAX_AVG_DEPTH)).contains(avg_depth)) {
                return Err(FieldError::new(
                    "avg_depth",
                    format!("avg_depth must be within 0 … {MAX_AVG_DEPTH}, got {avg_depth}"),
                    "",
                ));
            }
            if root_visits.is_empty() || root_visits.len() > MAX_ROOT_MOVES {
                return Err(FieldError::new(
                    "root_visits",
                    format!(
                        "root_visits must list 1 … {MAX_ROOT_MOVES} root moves, got {}",
                        root_visits.len()
                    ),
                    "",
                ));
            }
            if let Some(prev) = &m.visits {
                if prev.len() != root_visits.len() {
                    return Err(FieldError::new(
                        "root_visits",
                        format!(
                            "root_visits lists {} root moves, the move's earlier polls {}: a position's root moves do not change",
                            root_visits.len(),
                            prev.len()
                        ),
                        "",
                    ));
                }
                if let Some(i) = (0..prev.len()).find(|&i| root_visits[i] < prev[i]) {
                    return Err(FieldError::message(format!(
                        "root_visits[{i}] = {} is below the previous poll's {}: visits only grow within a move",
                        root_visits[i], prev[i]
                    )));
                }
            }
            m.visits = Some(root_visits.clone());
            if *nodes < m.reused {
                return Err(FieldError::new(
                    "nodes",
                    format!(
                        "nodes = {nodes} is below the {} visits reused from the previous move: nodes counts the whole tree",
                        m.reused
                    ),
                    "",
                ));
            }
            if let Some(t) = since_first_batch_ms
                && !(t.is_finite() && (0.0..=elapsed).contains(t))
            {
                return Err(FieldError::new(
                    "since_first_batch_ms",
                    format!("since_first_batch_ms must be within 0 … elapsed_ms ({elapsed}), got {t}"),
                    "",
                ));
            }
        }
        ScriptEvent::MoveEnd { nodes, reused_nodes, score, avg_score, clock_ms, inc_ms, .. } => {
            if reused_nodes > nodes {
                return Err(FieldError::new(
                    "reused_nodes",
                    format!("reused_nodes = {reused_nodes} is more than the final tree's {nodes} nodes"),
                    "",
                ));
            }
            for s in [score, avg_score].into_iter().flatten() {
                parse_score(s)?;
            }
            let max = crate::clock::tc::MAX_TIME_MS as f64;
            for (name, v) in [("clock_ms", clock_ms), ("inc_ms", inc_ms)] {
                if let Some(v) = v
                    && !(v.is_finite() && (0.0..=max).contains(v))
                {
                    return Err(FieldError::message(format!(
                        "{name} must be within 0 … {max} ms (10 000 hours), got {v}"
                    )));
                }
            }
            *m = MoveSoFar { reused: *reused_nodes, ..MoveSoFar::default() };
        }
    }
    Ok(())
}

/// Reads the events, checking every field's value and the order of times and visits within
/// each move.
///
/// # Errors
/// The first bad line: too long, not JSON, an unknown `type` or field, a missing field, or a
/// value out of range (named, with what is allowed); or a file without events.
pub fn parse_events(text: &str) -> Result<Vec<(usize, ScriptEvent)>, ScriptError> {
    let mut out = Vec::new();
    let mut m = MoveSoFar::default();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let bad = |message: String| ScriptError { line, message };
        if raw.len() > MAX_LINE_BYTES {
            return Err(bad(format!(
                "{} bytes is longer than the {MAX_LINE_BYTES} bytes a line may hold (one JSON event per line)",
                raw.len()
            )));
        }
        let raw = raw.trim();
        if raw.is_empty() || raw.starts_with('#') {
            continue;
        }
        let ev: ScriptEvent = serde_json::from_str(raw).map_err(|e| {
            let m = e.to_string();
            let m = crate::excerpt::excerpt_quoted(
                m.split(" at line ").next().unwrap_or(&m),
                &['`', '"'],
                MAX_MESSAGE_CHARS,
            );
            bad(if m.starts_with("unknown variant") {
                m.replace("expected one of", "allowed types:")
            } else {
                m
            })
        })?;
        check(&ev, &mut m).map_err(|e| bad(e.text()))?;
        out.push((line, ev));
    }
    if out.iter().all(|(_, ev)| matches!(ev, ScriptEvent::MoveEnd { .. })) {
        return Err(ScriptError {
            line: 0,
            message: "no search events: the file has no iteration or poll line".into(),
        });
    }
    Ok(out)
}

/// Reads an events file of at most [`MAX_FILE_BYTES`], as UTF-8, without reading past the cap
/// (`/dev/zero` is refused after 16 MiB).
///
/// # Errors
/// The file cannot be read, is too large, or is not UTF-8 (the line is named).
pub fn read_events(mut reader: impl std::io::Read) -> Result<String, FieldError> {
    let mut bytes = Vec::new();
    let cap = MAX_FILE_BYTES as u64;
    (&mut reader).take(cap + 1).read_to_end(&mut bytes).map_err(|e| FieldError::message(e.to_string()))?;
    if bytes.len() > MAX_FILE_BYTES {
        return Err(FieldError::message(format!(
            "larger than the {} MiB an events file may hold",
            MAX_FILE_BYTES / (1024 * 1024)
        )));
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        FieldError::new("", format!("line {line}: not UTF-8 text (byte {at})"), "JSON lines (UTF-8)")
    })
}
