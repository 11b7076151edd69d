//! Parsing `go`: every field that parses is kept, every problem becomes one error message, and
//! a malformed field never swallows the fields after it.

use crate::error::FieldError;

/// The largest clock time a `go` may carry, ms: the 10 000 h cap of time controls.
pub const MAX_GO_TIME_MS: u64 = 10_000 * 3_600_000;
/// The largest `go depth`.
pub const MAX_GO_DEPTH: u32 = 100;
/// The move time, ms, of a `go` that names no limit the engine can use and does not wait for
/// `stop`: a bare `go`, `go mate N`, `go searchmoves …` alone, a clock for the other side only,
/// or only malformed fields.
pub const DEFAULT_MOVETIME_MS: u64 = 1000;
/// MCTS playouts for `go depth N`: `MCTS_DEPTH_PLAYOUTS · 2^(N-1)`, capped at
/// [`MCTS_DEPTH_MAX_PLAYOUTS`]. Doubling per depth mirrors an alpha-beta search's growth.
pub const MCTS_DEPTH_PLAYOUTS: u64 = 100;
/// The cap of the playouts `go depth N` maps to (reached at depth 18).
pub const MCTS_DEPTH_MAX_PLAYOUTS: u64 = 10_000_000;

const KEYS: [&str; 12] = [
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "movetime",
    "nodes",
    "depth",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
];

/// The UCI fields of `go`.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct GoArgs {
    pub wtime: Option<u64>,
    pub btime: Option<u64>,
    pub winc: Option<u64>,
    pub binc: Option<u64>,
    pub movestogo: Option<u32>,
    pub movetime: Option<u64>,
    pub nodes: Option<u64>,
    pub depth: Option<u32>,
    /// `mate N`: searched as depth 2N − 1 within the default move time when nothing else limits.
    pub mate: Option<u32>,
    pub infinite: bool,
    pub ponder: bool,
    /// The moves after `searchmoves`, as given (checked against the position later).
    pub searchmoves: Vec<String>,
}

/// The MCTS playout budget for `go depth depth`.
pub(super) fn mcts_depth_playouts(depth: u32) -> u64 {
    let shift = depth.clamp(1, 40) - 1;
    MCTS_DEPTH_PLAYOUTS.saturating_mul(1 << shift).min(MCTS_DEPTH_MAX_PLAYOUTS)
}

impl GoArgs {
    /// Whether any clock field (times, increments, moves to go) was given.
    pub fn has_clock(&self) -> bool {
        self.wtime.is_some()
            || self.btime.is_some()
            || self.winc.is_some()
            || self.binc.is_some()
            || self.movestogo.is_some()
    }

    /// Whether a limit other than a clock was given (or the search waits for `stop`).
    pub fn has_own_limit(&self) -> bool {
        self.movetime.is_some()
            || self.nodes.is_some()
            || self.depth.is_some()
            || self.infinite
            || self.ponder
    }

    /// Parses the text after `go`: the fields that parse, and one message per problem.
    pub fn parse(rest: &str) -> (GoArgs, Vec<String>) {
        let mut g = GoArgs::default();
        let mut errors = Vec::new();
        let toks: Vec<&str> = rest.split_whitespace().collect();
        let mut i = 0;
        while i < toks.len() {
            let k = toks[i];
            i += 1;
            match k {
                "infinite" => g.infinite = true,
                "ponder" => g.ponder = true,
                "searchmoves" => {
                    while i < toks.len() && !KEYS.contains(&toks[i]) {
                        g.searchmoves.push(toks[i].to_string());
                        i += 1;
                    }
                    if g.searchmoves.is_empty() {
                        errors.push("go: searchmoves needs at least one move".into());
                    }
                }
                _ if KEYS.contains(&k) => {
                    // A value is the next token unless that is a field name.
                    let v = match toks.get(i) {
                        Some(v) if !KEYS.contains(v) => {
                            i += 1;
                            *v
                        }
                        _ => {
                            errors.push(format!("go: {k} needs a value; ignored"));
                            continue;
                        }
                    };
                    if let Err(e) = g.set(k, v) {
                        // The message names the field (`go: wtime …`), as the other lines do.
                        errors.push(e.text());
                    }
                }
                other => errors.push(format!("go: unknown field {:?} ignored", excerpt(other))),
            }
        }
        (g, errors)
    }

    fn set(&mut self, k: &str, v: &str) -> Result<(), FieldError> {
        let n: i64 = v.parse().map_err(|_| {
            let shown = excerpt(v);
            FieldError::new(
                k,
                format!("go: {k} {shown:?} is not a whole number in -2^63 … 2^63-1; ignored"),
                "",
            )
        })?;
        // Negative clock times and increments count as 0 (cutechess #808).
        let time = |x: i64| (x.max(0) as u64).min(MAX_GO_TIME_MS);
        let positive = |x: i64| -> Result<u64, FieldError> {
            u64::try_from(x).map_err(|_| FieldError::new(k, format!("go: {k} {x} is negative; ignored"), ""))
        };
        match k {
            "wtime" => self.wtime = Some(time(n)),
            "btime" => self.btime = Some(time(n)),
            "winc" => self.winc = Some(time(n)),
            "binc" => self.binc = Some(time(n)),
            "movestogo" => self.movestogo = Some(positive(n)?.min(u32::MAX as u64) as u32),
            "movetime" => self.movetime = Some(positive(n)?.min(MAX_GO_TIME_MS)),
            "nodes" => self.nodes = Some(positive(n)?),
            "depth" => self.depth = Some(positive(n)?.clamp(1, MAX_GO_DEPTH as u64) as u32),
            "mate" => self.mate = Some(positive(n)?.clamp(1, MAX_GO_DEPTH as u64) as u32),
            _ => {}
        }
        Ok(())
    }
}

pub(super) use crate::excerpt::excerpt;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_after_a_bad_one_survive() {
        let (g, e) =
            GoArgs::parse("wtime 1e3 btime 2000 movetime winc 5 sideways searchmoves e2e4 d2d4 depth 4");
        assert_eq!(e.len(), 3, "{e:?}");
        assert_eq!((g.wtime, g.btime, g.winc, g.depth), (None, Some(2000), Some(5), Some(4)));
        assert_eq!(g.searchmoves, ["e2e4", "d2d4"]);
        let (g, e) = GoArgs::parse("wtime -5 nodes -1 depth 0 movetime 99999999999999");
        assert_eq!(e.len(), 1, "{e:?}");
        assert_eq!((g.wtime, g.nodes, g.depth, g.movetime), (Some(0), None, Some(1), Some(MAX_GO_TIME_MS)));
        assert!(GoArgs::parse("wtime 99999999999999999999").1[0].contains("whole number"));
    }

    #[test]
    fn mcts_depth_budget_grows_and_is_capped() {
        assert_eq!(mcts_depth_playouts(1), 100);
        assert_eq!(mcts_depth_playouts(3), 400);
        assert_eq!(mcts_depth_playouts(100), MCTS_DEPTH_MAX_PLAYOUTS);
    }
}
