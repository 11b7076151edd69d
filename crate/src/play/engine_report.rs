//! What a UCI engine said during one search, read from its output lines: the latest `info`
//! fields (depth, nodes, nps, score, PV), the manager's budget from `info string tm soft … hard …`
//! and the reason it stopped from `info string stop <reason>` (see [`crate::uci`]).
//!
//! The page feeds every line of the engine it plays against into an [`EngineReport`]; the report
//! drives the engine panel and becomes the engine's side of the move record ([`Thought`]).

use serde::{Deserialize, Serialize};

use super::engine::Thought;
use crate::stop::{Budget, EffectiveLimit, Score, StopReason};

/// The engine's output for one search so far.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct EngineReport {
    /// `info depth` (alpha-beta: completed depth; MCTS: average playout depth).
    pub depth: u32,
    /// `info seldepth`.
    pub seldepth: u32,
    /// `info nodes` (alpha-beta: nodes this move; MCTS: visits in the tree).
    pub nodes: u64,
    /// `info nps`.
    pub nps: u64,
    /// `info time`, ms as the engine measured it.
    pub time_ms: u64,
    /// `info score cp`.
    pub score_cp: Option<i32>,
    /// `info score mate` (moves; negative when the engine is mated).
    pub score_mate: Option<i32>,
    /// `info pv`, UCI notation.
    pub pv: Vec<String>,
    /// The manager's soft budget, ms (`None`: no manager, or unlimited).
    pub soft_ms: Option<f64>,
    /// The manager's hard budget, ms.
    pub hard_ms: Option<f64>,
    /// The `info string stop` key (`soft-limit`, …).
    pub stop: Option<String>,
    /// `info` lines read.
    pub lines: u32,
    /// The manager's effective soft limit from the latest `info string tm-limit {json}`.
    #[serde(default)]
    pub limit: Option<Box<EffectiveLimit>>,
}

/// A budget value of a `tm` line: milliseconds, or `inf`.
fn budget_ms(token: Option<&str>) -> Option<f64> {
    token.and_then(|t| t.parse::<f64>().ok()).filter(|v| v.is_finite() && *v >= 0.0)
}

impl EngineReport {
    /// Reads one line of engine output. Returns whether the report changed (an `info` line);
    /// other lines (`bestmove`, `readyok`, `info string` of another kind) are left alone.
    pub fn feed(&mut self, line: &str) -> bool {
        let mut it = line.split_whitespace();
        if it.next() != Some("info") {
            return false;
        }
        let rest: Vec<&str> = it.collect();
        if rest.first() == Some(&"string") {
            return match rest.get(1) {
                Some(&"tm") => {
                    let key =
                        |k: &str| rest.iter().position(|t| *t == k).and_then(|i| rest.get(i + 1).copied());
                    self.soft_ms = budget_ms(key("soft"));
                    self.hard_ms = budget_ms(key("hard"));
                    true
                }
                Some(&"tm-limit") => {
                    let json = line.split_once("tm-limit").map_or("", |(_, j)| j.trim());
                    match serde_json::from_str::<EffectiveLimit>(json) {
                        Ok(l) => {
                            self.limit = Some(Box::new(l));
                            true
                        }
                        Err(_) => false,
                    }
                }
                Some(&"stop") => {
                    self.stop = rest.get(2).map(|s| s.to_string());
                    true
                }
                _ => false,
            };
        }
        self.lines += 1;
        let mut i = 0;
        while i < rest.len() {
            let num = |j: usize| rest.get(j).and_then(|t| t.parse::<i64>().ok());
            match rest[i] {
                "depth" => self.depth = num(i + 1).unwrap_or(0).max(0) as u32,
                "seldepth" => self.seldepth = num(i + 1).unwrap_or(0).max(0) as u32,
                "nodes" => self.nodes = num(i + 1).unwrap_or(0).max(0) as u64,
                "nps" => self.nps = num(i + 1).unwrap_or(0).max(0) as u64,
                "time" => self.time_ms = num(i + 1).unwrap_or(0).max(0) as u64,
                "score" => {
                    match (rest.get(i + 1).copied(), num(i + 2)) {
                        (Some("cp"), Some(v)) => {
                            self.score_cp = Some(v as i32);
                            self.score_mate = None;
                        }
                        (Some("mate"), Some(v)) => {
                            self.score_mate = Some(v as i32);
                            self.score_cp = None;
                        }
                        _ => {}
                    }
                    i += 1;
                }
                "pv" => {
                    self.pv = rest[i + 1..].iter().map(|s| s.to_string()).collect();
                    break;
                }
                _ => {
                    i += 1;
                    continue;
                }
            }
            i += 2;
        }
        true
    }

    /// The score from the engine's point of view, if it reported one.
    pub fn score(&self) -> Option<Score> {
        match (self.score_cp, self.score_mate) {
            (_, Some(m)) if m > 0 => Some(Score::MateIn(m as u32 * 2 - 1)),
            (_, Some(m)) => Some(Score::MatedIn(m.unsigned_abs() * 2)),
            (Some(cp), None) => Some(Score::Cp(cp)),
            (None, None) => None,
        }
    }

    /// The manager's budget (unlimited where the engine printed none).
    pub fn budget(&self) -> Budget {
        Budget {
            soft_ms: self.soft_ms.unwrap_or(f64::INFINITY),
            hard_ms: self.hard_ms.unwrap_or(f64::INFINITY),
            terms: Vec::new(),
        }
    }

    /// The stop reason, if the engine printed a known one.
    pub fn stop_reason(&self) -> Option<StopReason> {
        self.stop.as_deref().and_then(StopReason::from_key)
    }

    /// The engine's side of a move record. `uci` is the move played; `told` what its clock said.
    pub fn thought(&self, uci: &str, told: Option<crate::clock::UciView>, searcher_is_mcts: bool) -> Thought {
        Thought {
            uci: uci.to_string(),
            told,
            budget: self.budget(),
            engine_ms: self.time_ms as f64,
            nodes: self.nodes,
            depth: self.depth,
            visits: searcher_is_mcts.then_some(self.nodes),
            score: self.score().unwrap_or(Score::Cp(0)),
            reused_nodes: 0,
            stop_reason: self.stop_reason().unwrap_or(StopReason::Command),
            effective: self.limit.as_deref().cloned(),
            pondered_ms: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_info_tm_and_stop_lines() {
        let mut r = EngineReport::default();
        let l = r#"info string tm-limit {"soft_ms":900.0,"base_ms":900.0,"cap_ms":null,"hard_ms":1800.0,"terms":[{"key":"budget","label":"budget","value":1800.0}],"text":"soft 0.9 s"}"#;
        assert!(r.feed(l));
        assert_eq!(r.limit.as_ref().map(|l| (l.soft_ms, l.terms.len())), Some((900.0, 1)));
        assert!(!r.feed("info string tm-limit {broken"), "a malformed limit is not read");
        assert!(r.feed("info string tm soft 1200 hard 3400 mtg=31.5"));
        assert!(r.feed("info depth 6 seldepth 11 multipv 1 score cp -31 nodes 5120 nps 250000 hashfull 3 time 20 pv e2e4 e7e5"));
        assert_eq!((r.depth, r.seldepth, r.nodes, r.nps, r.time_ms), (6, 11, 5120, 250_000, 20));
        assert_eq!(r.score(), Some(Score::Cp(-31)));
        assert_eq!(r.pv, vec!["e2e4", "e7e5"]);
        assert_eq!((r.soft_ms, r.hard_ms), (Some(1200.0), Some(3400.0)));
        assert!(r.feed("info string stop soft-limit"));
        assert_eq!(r.stop_reason(), Some(StopReason::SoftLimit));
        assert!(!r.feed("bestmove e2e4 ponder e7e5"));
        assert!(!r.feed("info string error: nope"));
        let t = r.thought("e2e4", None, false);
        assert_eq!((t.budget.soft_ms, t.budget.hard_ms, t.engine_ms, t.nodes), (1200.0, 3400.0, 20.0, 5120));
        assert_eq!(t.stop_reason, StopReason::SoftLimit);
    }

    #[test]
    fn mate_scores_and_infinite_budgets() {
        let mut r = EngineReport::default();
        r.feed("info string tm soft inf hard inf");
        assert_eq!((r.soft_ms, r.hard_ms), (None, None));
        assert!(r.budget().soft_ms.is_infinite());
        r.feed("info depth 3 score mate 2 nodes 10");
        assert_eq!(r.score(), Some(Score::MateIn(3)));
        assert_eq!(r.score().unwrap().to_uci(), "mate 2");
        r.feed("info depth 3 score mate -1 nodes 10");
        assert_eq!(r.score().unwrap().to_uci(), "mate -1");
        r.feed("info depth 3 score cp 12");
        assert_eq!(r.score(), Some(Score::Cp(12)));
    }

    #[test]
    fn stop_keys_round_trip() {
        for r in StopReason::ALL {
            assert_eq!(StopReason::from_key(r.key()), Some(r));
            assert_eq!(serde_json::to_value(r).unwrap(), r.key(), "the key is what serde writes");
        }
        assert_eq!(StopReason::from_key("bogus"), None);
    }

    #[test]
    fn malformed_lines_never_panic() {
        let mut r = EngineReport::default();
        for l in [
            "info",
            "info depth",
            "info score",
            "info score cp",
            "info score mate x",
            "info pv",
            "info string",
            "info string tm",
            "info string stop",
        ] {
            r.feed(l);
        }
        assert_eq!(r.depth, 0);
    }
}
