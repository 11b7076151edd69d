//! The match book: what the page keeps while game workers play a match. It holds the spec, the
//! finished games' scores and PGN, and computes the report (fastchess block, pentanomial, SPRT,
//! time usage) with the same code as the native match ([`report_scores`]).
//!
//! Games arrive in any order, one [`GameScore`] and PGN each; the book says which games are
//! still to play ([`MatchBook::pending`]) and when the match is complete (every game played, or
//! the SPRT decided). Everything here is cheap: the page calls it after every game.

use super::match_::{GameScore, MatchConfig, MatchReport, report_scores};
use super::match_spec::MatchSpec;
use super::stats::{Sprt, SprtVerdict};
use crate::error::FieldError;

/// A match in progress, as the page keeps it.
#[derive(Clone, Debug)]
pub struct MatchBook {
    spec: MatchSpec,
    name_a: String,
    name_b: String,
    sprt: Option<Sprt>,
    scores: Vec<Option<GameScore>>,
    pgns: Vec<Option<String>>,
}

impl MatchBook {
    /// An empty book for `spec`.
    ///
    /// # Errors
    /// The spec's first bad field, named.
    pub fn new(spec: MatchSpec) -> Result<MatchBook, FieldError> {
        let cfg: MatchConfig = spec.to_config()?;
        Ok(MatchBook::from_config(spec, &cfg))
    }

    /// An empty book for `spec`, whose config the caller has already built from it (so a
    /// caller that also needs the config builds it once).
    pub fn from_config(spec: MatchSpec, cfg: &MatchConfig) -> MatchBook {
        let n = cfg.games as usize;
        MatchBook {
            name_a: cfg.name_a.clone(),
            name_b: cfg.name_b.clone(),
            sprt: cfg.sprt,
            spec,
            scores: vec![None; n],
            pgns: vec![None; n],
        }
    }

    /// The spec.
    pub fn spec(&self) -> &MatchSpec {
        &self.spec
    }

    /// A's and B's names.
    pub fn names(&self) -> (&str, &str) {
        (&self.name_a, &self.name_b)
    }

    /// Number of games in the match.
    pub fn games(&self) -> u32 {
        self.scores.len() as u32
    }

    /// Records a finished game (a game played again replaces the earlier copy).
    ///
    /// # Errors
    /// The index is not a game of this match.
    pub fn add(&mut self, score: GameScore, pgn: String) -> Result<(), FieldError> {
        let i = score.index as usize;
        if i >= self.scores.len() {
            return Err(FieldError::message(format!(
                "game index {} is out of range: the match has games 0 to {}",
                score.index,
                self.scores.len() - 1
            )));
        }
        self.scores[i] = Some(score);
        self.pgns[i] = Some(pgn);
        Ok(())
    }

    /// Games finished.
    pub fn finished(&self) -> u32 {
        self.scores.iter().flatten().count() as u32
    }

    /// The score of game `i`, if it finished.
    pub fn score(&self, i: u32) -> Option<&GameScore> {
        self.scores.get(i as usize)?.as_ref()
    }

    /// The report over the games finished so far.
    pub fn report(&self) -> MatchReport {
        report_scores(&self.scores, self.sprt)
    }

    /// The fastchess-style text block with each player's timeouts and time usage.
    pub fn text(&self) -> String {
        self.report().to_text(&self.name_a, &self.name_b)
    }

    /// The SPRT's verdict, if one runs.
    pub fn verdict(&self) -> Option<SprtVerdict> {
        self.report().block.sprt.map(|(_, _, v)| v)
    }

    /// Whether the match is over: every game played, or the SPRT decided.
    pub fn complete(&self) -> bool {
        self.finished() == self.games() || self.verdict().is_some_and(|v| v != SprtVerdict::Running)
    }

    /// The games still to play, in order (none once the match is complete).
    pub fn pending(&self) -> Vec<u32> {
        if self.complete() {
            return Vec::new();
        }
        (0..self.games()).filter(|&i| self.scores[i as usize].is_none()).collect()
    }

    /// Every finished game's PGN, in game order.
    pub fn pgn(&self) -> String {
        let mut out = String::new();
        for p in self.pgns.iter().flatten() {
            out += p;
            if !p.ends_with("\n\n") {
                out += if p.ends_with('\n') { "\n" } else { "\n\n" };
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(not(target_arch = "wasm32"))]
    use crate::play::{
        match_::{MatchState, run_match},
        pgn::parse_pgn,
    };

    fn spec(extra: &str) -> MatchSpec {
        MatchSpec::from_json(&format!(
            r#"{{"a":"stockfish","b":"lc0-legacy","tc_a":"1+0.01","games":4,
                "clock":{{"mode":"virtual","nps":200000}},"adjudication":{{"max_moves":30}}{extra}}}"#
        ))
        .unwrap()
    }

    #[cfg(not(target_arch = "wasm32"))] // run_match plays on threads
    #[test]
    fn the_book_reports_what_the_native_match_reports_whatever_the_order() {
        let s = spec(r#","sprt":{"elo0":0,"elo1":10}"#);
        let cfg = s.to_config().unwrap();
        let state: MatchState = run_match(&cfg, 1, &mut |_, _| {}).unwrap();
        let mut book = MatchBook::new(s).unwrap();
        assert_eq!(book.pending(), [0, 1, 2, 3]);
        for i in [3, 0, 2] {
            let g = state.games[i].as_ref().unwrap();
            book.add(g.score, g.record.pgn.clone()).unwrap();
        }
        assert_eq!(book.pending(), [1]);
        assert!(!book.complete());
        assert_eq!(book.report().block.penta.pairs(), 1, "only the pair 2–3 is complete");
        let g = state.games[1].as_ref().unwrap();
        book.add(g.score, g.record.pgn.clone()).unwrap();
        assert!(book.complete());
        assert!(book.pending().is_empty());
        let (mine, native) = (book.report(), state.report(cfg.sprt));
        assert_eq!(mine.block, native.block);
        assert_eq!(mine.a, native.a);
        assert_eq!(book.text(), native.to_text(&cfg.name_a, &cfg.name_b));
        let games = parse_pgn(&book.pgn()).unwrap();
        assert_eq!(games.len(), 4);
        assert!(book.pgn().contains("[%clk "));
    }

    #[test]
    fn scores_read_back_from_a_summary_json() {
        let s = spec("");
        let cfg = s.to_config().unwrap();
        let mut g = crate::play::match_game::MatchGame::new(&cfg, 0).unwrap();
        while g.step().is_some() {}
        let summary = g.summary();
        let json = serde_json::to_value(&summary).unwrap();
        let score: GameScore = serde_json::from_value(json).unwrap();
        assert_eq!(score, summary.score);
    }

    #[test]
    fn a_decided_sprt_completes_the_match_and_bad_indices_are_refused() {
        use crate::play::match_::TimeUsage;
        use crate::play::stats::Outcome::{Draw, Loss, Win};
        let mut book = MatchBook::new(spec(r#","games":1000,"sprt":{"elo0":0,"elo1":10}"#)).unwrap();
        // A clearly stronger A: pairs WW, WD, WW, DD, WW, WL over and over.
        let pattern = [Win, Win, Win, Draw, Win, Win, Draw, Draw, Win, Win, Win, Loss];
        let mut i = 0;
        while !book.complete() {
            assert!(i < 1000, "the SPRT never decided");
            let score = GameScore {
                index: i,
                outcome_a: pattern[i as usize % pattern.len()],
                a_white: i % 2 == 0,
                termination: None,
                usage_a: TimeUsage::default(),
                usage_b: TimeUsage::default(),
                overshoot: [0.0, 0.0],
            };
            book.add(score, format!("[Round \"{i}\"]\n\n*\n")).unwrap();
            i += 1;
        }
        assert!(i < 1000, "decided after {i} games");
        assert_eq!(book.verdict(), Some(SprtVerdict::H1Accepted));
        assert!(book.pending().is_empty(), "nothing left to play once the SPRT decided");
        assert_eq!(book.finished(), i);
        let mut bad = *book.score(0).unwrap();
        bad.index = 1000;
        let e = book.add(bad, String::new()).unwrap_err();
        assert!(
            e.to_string().contains("game index 1000 is out of range") && e.to_string().contains("0 to 999"),
            "{e}"
        );
        assert!(MatchBook::new(spec(r#","games":0"#)).unwrap_err().to_string().starts_with("games:"));
    }
}
