//! A match's statistics from its finished games: [`MatchState`] collects them in any order,
//! [`report_scores`] turns the scores into a [`MatchReport`] (the fastchess block and time usage).

use serde::Serialize;

use super::{GameScore, GameSummary, PlayerTimeStats, TimeUsage};
use crate::play::stats::{Outcome, Pentanomial, ResultBlock, Sprt, SprtVerdict, Wdl};

/// W/L/D, pentanomial, SPRT and time statistics of finished games, given by game index
/// (`slots[i]` is game `i`, `None` while unfinished; a pair counts once both games are in).
pub fn report_scores(slots: &[Option<GameScore>], sprt: Option<Sprt>) -> MatchReport {
    let mut wdl = Wdl::default();
    for g in slots.iter().flatten() {
        match g.outcome_a {
            Outcome::Win => wdl.wins += 1,
            Outcome::Loss => wdl.losses += 1,
            Outcome::Draw => wdl.draws += 1,
        }
    }
    let mut penta = Pentanomial::default();
    for pair in slots.chunks(2) {
        if let [Some(x), Some(y)] = pair {
            penta.add_pair(x.outcome_a, y.outcome_a);
        }
    }
    let done: Vec<&GameScore> = slots.iter().flatten().collect();
    let ua: Vec<TimeUsage> = done.iter().map(|g| g.usage_a).collect();
    let ub: Vec<TimeUsage> = done.iter().map(|g| g.usage_b).collect();
    let oa: Vec<f64> = done.iter().map(|g| g.overshoot[0]).collect();
    let ob: Vec<f64> = done.iter().map(|g| g.overshoot[1]).collect();
    MatchReport {
        finished: done.len() as u32,
        block: ResultBlock::new(wdl, penta, sprt),
        a: PlayerTimeStats::from_games(&ua, &oa),
        b: PlayerTimeStats::from_games(&ub, &ob),
    }
}

/// Games finished so far and everything computed from them.
#[derive(Clone, Debug, Default, Serialize)]
pub struct MatchState {
    /// Finished games by index (empty for a state made by [`MatchState::scores_only`]).
    pub games: Vec<Option<GameSummary>>,
    /// The scores of finished games by index: what the statistics need.
    #[serde(skip)]
    scores: Vec<Option<GameScore>>,
    #[serde(skip)]
    finished: u32,
    #[serde(skip)]
    keep_records: bool,
}

/// The statistics of a match so far.
#[derive(Clone, Debug, Serialize)]
pub struct MatchReport {
    /// Games finished.
    pub finished: u32,
    /// The fastchess result block (for A).
    pub block: ResultBlock,
    /// A's time statistics.
    pub a: PlayerTimeStats,
    /// B's time statistics.
    pub b: PlayerTimeStats,
}

impl MatchReport {
    /// The block as fastchess prints it, followed by the timeouts and time usage per player.
    pub fn to_text(&self, name_a: &str, name_b: &str) -> String {
        let mut s = format!("Results of {name_a} vs {name_b}:\n");
        s += &self.block.to_fastchess();
        s += &format!("{name_a}: {}\n", self.a.line());
        s += &format!("{name_b}: {}\n", self.b.line());
        s
    }
}

impl MatchState {
    /// Room for `games` games.
    pub fn new(games: u32) -> Self {
        MatchState { games: vec![None; games as usize], keep_records: true, ..Self::scores_only(games) }
    }

    /// Room for `games` games whose records are not kept, only their scores (a caller that
    /// streams each record out as it arrives): memory stays at about 100 bytes per game.
    pub fn scores_only(games: u32) -> Self {
        MatchState { games: Vec::new(), scores: vec![None; games as usize], finished: 0, keep_records: false }
    }

    /// Records a finished game.
    pub fn add(&mut self, summary: GameSummary) {
        let i = summary.score.index as usize;
        if i >= self.scores.len() {
            self.scores.resize(i + 1, None);
        }
        if self.scores[i].replace(summary.score).is_none() {
            self.finished += 1;
        }
        if self.keep_records {
            if i >= self.games.len() {
                self.games.resize(i + 1, None);
            }
            self.games[i] = Some(summary);
        }
    }

    /// Games finished.
    pub fn finished(&self) -> u32 {
        self.finished
    }

    /// W/L/D, pentanomial, SPRT and time statistics of the games finished so far.
    pub fn report(&self, sprt: Option<Sprt>) -> MatchReport {
        report_scores(&self.scores, sprt)
    }

    /// Whether the SPRT has decided.
    pub fn sprt_decided(&self, sprt: Option<Sprt>) -> bool {
        self.report(sprt).block.sprt.is_some_and(|(_, _, v)| v != SprtVerdict::Running)
    }
}
