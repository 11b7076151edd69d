//! Matches between two engine players: colour-reversed pairs from an opening set in a seeded
//! order, the fastchess result block, timeouts and per-player time-usage statistics
//! (playground.md §7).
//!
//! - Game `i` belongs to pair `i / 2` and uses opening `order[pair % openings]`; player A has
//!   white in the even game of a pair and black in the odd one. The order is a seeded shuffle
//!   (SplitMix64 + Fisher–Yates), so a seed reproduces a match.
//! - Each player keeps its own time control (`tc_a`, `tc_b`): per-side controls are time odds.
//! - [`MatchState`] accumulates finished games in any order (pairs are counted once both games
//!   are in); it is what a browser keeps while one worker per game plays. [`run_match`] plays a
//!   whole match natively with `concurrency` threads pulling game indices.

use serde::{Deserialize, Serialize};
use shakmaty::Color;

use super::engine::{EngineConfig, EnginePlayer};
use super::game::{Adjudication, ClockMode, Game, GameRecord, GameSetup, SideSetup, Termination, play_game};
use super::openings::Opening;
use super::pgn::PgnResult;
use super::stats::{Outcome, Pentanomial, ResultBlock, Sprt, SprtVerdict, Wdl};
use crate::clock::TimeControl;

/// A match's configuration.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Player A (the one the result block scores).
    pub a: EngineConfig,
    /// Player B.
    pub b: EngineConfig,
    /// A's name in the PGN.
    pub name_a: String,
    /// B's name in the PGN.
    pub name_b: String,
    /// A's time control.
    pub tc_a: TimeControl,
    /// B's time control.
    pub tc_b: TimeControl,
    /// Number of games (an odd count leaves the last pair half played).
    pub games: u32,
    /// The opening set.
    pub openings: Vec<Opening>,
    /// Seed of the opening order.
    pub seed: u64,
    /// The clock mode.
    pub clock: ClockMode,
    /// Score adjudication.
    pub adjudication: Adjudication,
    /// Optional SPRT; the match stops once it decides.
    pub sprt: Option<Sprt>,
    /// PGN `Event`.
    pub event: String,
    /// PGN `Date`.
    pub date: String,
}

/// SplitMix64: a tiny seeded generator (no OS randomness, same in wasm).
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seeded order of `n` openings (a Fisher–Yates shuffle).
pub fn opening_order(n: usize, seed: u64) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    let mut s = seed;
    for i in (1..n).rev() {
        let j = (splitmix(&mut s) % (i as u64 + 1)) as usize;
        order.swap(i, j);
    }
    order
}

impl MatchConfig {
    /// Checks the configuration.
    ///
    /// # Errors
    /// No openings or no games.
    pub fn validate(&self) -> Result<(), String> {
        if self.openings.is_empty() {
            return Err("the opening set is empty".into());
        }
        if self.games == 0 {
            return Err("a match needs at least one game".into());
        }
        Ok(())
    }

    /// Whether A has white in game `i`.
    pub fn a_is_white(i: u32) -> bool {
        i.is_multiple_of(2)
    }

    /// The setup and opening of game `i`.
    pub fn game(&self, i: u32, order: &[usize]) -> (GameSetup, &Opening) {
        let pair = (i / 2) as usize;
        let opening = &self.openings[order[pair % order.len()]];
        let a = SideSetup { name: self.name_a.clone(), tc: self.tc_a.clone(), engine: self.a.label() };
        let b = SideSetup { name: self.name_b.clone(), tc: self.tc_b.clone(), engine: self.b.label() };
        let (white, black) = if Self::a_is_white(i) { (a, b) } else { (b, a) };
        let setup = GameSetup {
            white,
            black,
            clock: self.clock,
            adjudication: self.adjudication,
            event: self.event.clone(),
            date: self.date.clone(),
            round: format!("{}.{}", pair + 1, i % 2 + 1),
        };
        (setup, opening)
    }

    /// Plays game `i` with the two players (A's and B's), starting a new game for both.
    ///
    /// # Errors
    /// The game could not be set up (a control that bounds nothing).
    pub fn play(
        &self,
        i: u32,
        order: &[usize],
        a: &mut EnginePlayer,
        b: &mut EnginePlayer,
    ) -> Result<GameRecord, String> {
        let (setup, opening) = self.game(i, order);
        let mut game = Game::new(setup, opening)?;
        a.new_game();
        b.new_game();
        if Self::a_is_white(i) {
            play_game(&mut game, a, b);
        } else {
            play_game(&mut game, b, a);
        }
        Ok(game.record())
    }
}

/// One player's time usage in one game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TimeUsage {
    /// Share of the time available through move 20 that was used (if the player made 20 moves).
    pub share_by_20: Option<f64>,
    /// The same through move 40.
    pub share_by_40: Option<f64>,
    /// Clock left after the player's last move, ms.
    pub time_left_ms: f64,
    /// The clock fell below the emergency threshold before a move.
    pub time_trouble: bool,
    /// Lost on time.
    pub timeout: bool,
    /// Mean used ÷ soft budget over the moves with a finite budget.
    pub used_over_allocated: Option<f64>,
    /// Mean used ÷ effective soft limit (the limit the manager was using when the search
    /// ended, see [`crate::stop::EffectiveLimit`]) over the moves that report one.
    #[serde(default)]
    pub used_over_effective: Option<f64>,
    /// Mean latency, ms.
    pub latency_ms: Option<f64>,
    /// Engine moves made.
    pub moves: u32,
}

/// lichess's emergency threshold (playground.md §3) for a clock that started at `initial_ms`:
/// under one minute 20 % of it but at least 2 s; otherwise 12.5 %, at least 10 s, at most 60 s.
pub fn emergency_threshold_ms(initial_ms: f64) -> f64 {
    if initial_ms < 60_000.0 {
        (0.2 * initial_ms).max(2_000.0)
    } else {
        (0.125 * initial_ms).clamp(10_000.0, 60_000.0)
    }
}

/// `color`'s time usage in a finished game.
pub fn time_usage(rec: &GameRecord, color: Color) -> TimeUsage {
    let own: Vec<_> = rec.moves.iter().filter(|r| r.color == color && !r.book).collect();
    let mut u = TimeUsage { moves: own.len() as u32, ..TimeUsage::default() };
    let Some(first) = own.first() else { return u };
    let share = |k: usize| {
        (own.len() >= k).then(|| {
            let used: f64 = own[..k].iter().map(|r| r.used_ms).sum();
            let avail = used + own[k - 1].clock_after_ms;
            if avail > 0.0 { used / avail } else { 0.0 }
        })
    };
    u.share_by_20 = share(20);
    u.share_by_40 = share(40);
    u.time_left_ms = own.last().map_or(0.0, |r| r.clock_after_ms);
    let threshold = emergency_threshold_ms(first.clock_before_ms);
    u.time_trouble = own.iter().any(|r| r.clock_before_ms < threshold);
    u.timeout = own.iter().any(|r| r.flagged);
    let ratios: Vec<f64> = own
        .iter()
        .filter_map(|r| {
            let soft = r.engine.as_ref()?.budget.soft_ms;
            (soft.is_finite() && soft > 0.0).then(|| r.used_ms / soft)
        })
        .collect();
    u.used_over_allocated = mean(&ratios);
    let effective: Vec<f64> = own
        .iter()
        .filter_map(|r| {
            let soft = r.engine.as_ref()?.effective.as_ref()?.soft_ms;
            (soft.is_finite() && soft > 0.0).then(|| r.used_ms / soft)
        })
        .collect();
    u.used_over_effective = mean(&effective);
    u.latency_ms = mean(&own.iter().map(|r| r.latency_ms).collect::<Vec<_>>());
    u
}

fn mean(xs: &[f64]) -> Option<f64> {
    (!xs.is_empty()).then(|| xs.iter().sum::<f64>() / xs.len() as f64)
}

/// One player's time statistics over a match.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct PlayerTimeStats {
    /// Games lost on time.
    pub timeouts: u32,
    /// Mean share of the clock used by move 20 (games that reached it).
    pub share_by_20: Option<f64>,
    /// Mean share used by move 40.
    pub share_by_40: Option<f64>,
    /// Mean clock left at the end of a game, ms.
    pub time_left_ms: Option<f64>,
    /// Share of games in time trouble.
    pub time_trouble: Option<f64>,
    /// Mean used ÷ soft budget (the base soft limit of the move's budget).
    pub used_over_allocated: Option<f64>,
    /// Mean used ÷ effective soft limit (the one the manager was using when the search ended).
    pub used_over_effective: Option<f64>,
    /// Mean latency, ms.
    pub latency_ms: Option<f64>,
    /// Largest overshoot of a flagged move, ms.
    pub max_overshoot_ms: f64,
}

impl PlayerTimeStats {
    fn from_games(usages: &[TimeUsage], overshoots: &[f64]) -> Self {
        let pick =
            |f: &dyn Fn(&TimeUsage) -> Option<f64>| mean(&usages.iter().filter_map(f).collect::<Vec<_>>());
        PlayerTimeStats {
            timeouts: usages.iter().filter(|u| u.timeout).count() as u32,
            share_by_20: pick(&|u| u.share_by_20),
            share_by_40: pick(&|u| u.share_by_40),
            time_left_ms: pick(&|u| Some(u.time_left_ms)),
            time_trouble: pick(&|u| Some(if u.time_trouble { 1.0 } else { 0.0 })),
            used_over_allocated: pick(&|u| u.used_over_allocated),
            used_over_effective: pick(&|u| u.used_over_effective),
            latency_ms: pick(&|u| u.latency_ms),
            max_overshoot_ms: overshoots.iter().copied().fold(0.0, f64::max),
        }
    }

    /// One line: `timeouts 0, used by move 20 31.2 %, …, used/allocated (base soft) 1.42,
    /// used/effective soft 0.93, latency 0.0 ms`.
    pub fn line(&self) -> String {
        let pct = |x: Option<f64>| x.map_or("-".into(), |v| format!("{:.1} %", 100.0 * v));
        format!(
            "timeouts {}, used by move 20 {}, by move 40 {}, left at end {}, time trouble {}, used/allocated (base soft) {}, used/effective soft {}, latency {}",
            self.timeouts,
            pct(self.share_by_20),
            pct(self.share_by_40),
            self.time_left_ms.map_or("-".into(), |v| format!("{:.2} s", v / 1000.0)),
            pct(self.time_trouble),
            self.used_over_allocated.map_or("-".into(), |v| format!("{v:.2}")),
            self.used_over_effective.map_or("-".into(), |v| format!("{v:.2}")),
            self.latency_ms.map_or("-".into(), |v| format!("{v:.1} ms")),
        )
    }
}

/// A finished game as the match counts it: its [`GameScore`] (flattened into the same JSON
/// object) and the full record.
#[derive(Clone, Debug, Serialize)]
pub struct GameSummary {
    /// The result and both players' time usage.
    #[serde(flatten)]
    pub score: GameScore,
    /// The full record.
    pub record: GameRecord,
}

impl GameSummary {
    /// Summarises game `index`.
    pub fn new(index: u32, record: GameRecord) -> Self {
        let a_white = MatchConfig::a_is_white(index);
        let result = record.outcome.as_ref().map_or(PgnResult::Draw, |o| o.result);
        let outcome_a = match (result, a_white) {
            (PgnResult::WhiteWins, true) | (PgnResult::BlackWins, false) => Outcome::Win,
            (PgnResult::WhiteWins, false) | (PgnResult::BlackWins, true) => Outcome::Loss,
            _ => Outcome::Draw,
        };
        let (ca, cb) = if a_white { (Color::White, Color::Black) } else { (Color::Black, Color::White) };
        let over = |c: Color| {
            record
                .moves
                .iter()
                .filter(|r| r.color == c && r.flagged)
                .map(|r| r.overshoot_ms)
                .fold(0.0, f64::max)
        };
        let score = GameScore {
            index,
            outcome_a,
            a_white,
            termination: record.outcome.as_ref().map(|o| o.termination),
            usage_a: time_usage(&record, ca),
            usage_b: time_usage(&record, cb),
            overshoot: [over(ca), over(cb)],
        };
        GameSummary { score, record }
    }
}

/// What the statistics need of a finished game: its result and both players' time usage,
/// without the record. The browser's match book reads it back from a [`GameSummary`]'s JSON
/// (unknown fields such as `record` are ignored).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameScore {
    /// Game index.
    pub index: u32,
    /// A's result.
    pub outcome_a: Outcome,
    /// A had white.
    pub a_white: bool,
    /// How the game ended.
    pub termination: Option<Termination>,
    /// A's time usage.
    pub usage_a: TimeUsage,
    /// B's time usage.
    pub usage_b: TimeUsage,
    /// Largest overshoot of a flagged move by A / by B, ms.
    pub overshoot: [f64; 2],
}

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

/// Plays a match natively with `concurrency` threads (each with its own pair of players)
/// pulling game indices in order; `on_game` sees every finished game and the state after it.
/// Stops handing out games once an SPRT decides.
///
/// # Errors
/// An invalid configuration, or a game that could not be set up.
#[cfg(not(target_arch = "wasm32"))]
pub fn run_match(
    cfg: &MatchConfig,
    concurrency: usize,
    on_game: &mut dyn FnMut(&GameSummary, &MatchState),
) -> Result<MatchState, String> {
    run_match_into(cfg, concurrency, MatchState::new(cfg.games), on_game)
}

/// [`run_match`] into a given state: [`MatchState::scores_only`] keeps no records, so a caller
/// that writes each game out in `on_game` plays any number of games in bounded memory.
///
/// # Errors
/// As [`run_match`]; a failed game is an error naming it (see [`run_match_keeping`] to play
/// on past failed games).
#[cfg(not(target_arch = "wasm32"))]
pub fn run_match_into(
    cfg: &MatchConfig,
    concurrency: usize,
    state: MatchState,
    on_game: &mut dyn FnMut(&GameSummary, &MatchState),
) -> Result<MatchState, String> {
    let mut first: Option<GameFailure> = None;
    let state = run_games(
        cfg,
        concurrency,
        state,
        on_game,
        &mut |f, _| {
            first.get_or_insert_with(|| f.clone());
        },
        true,
    )?;
    match first {
        Some(f) => Err(f.to_string()),
        None => Ok(state),
    }
}

/// A game that failed: it could not be set up, or its thread panicked.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameFailure {
    /// The game's index (0-based; game `index + 1` in reports).
    pub index: u32,
    /// Why.
    pub message: String,
}

impl std::fmt::Display for GameFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "game {}: {}", self.index + 1, self.message)
    }
}

/// [`run_match_into`] that plays on past a failed game: `on_failure` sees each failure (with
/// the state of the games finished so far), and the other games are played and counted.
///
/// # Errors
/// An invalid configuration, or one that cannot set up the first game.
#[cfg(not(target_arch = "wasm32"))]
pub fn run_match_keeping(
    cfg: &MatchConfig,
    concurrency: usize,
    state: MatchState,
    on_game: &mut dyn FnMut(&GameSummary, &MatchState),
    on_failure: &mut dyn FnMut(&GameFailure, &MatchState),
) -> Result<MatchState, String> {
    run_games(cfg, concurrency, state, on_game, on_failure, false)
}

#[cfg(not(target_arch = "wasm32"))]
fn run_games(
    cfg: &MatchConfig,
    concurrency: usize,
    state: MatchState,
    on_game: &mut dyn FnMut(&GameSummary, &MatchState),
    on_failure: &mut dyn FnMut(&GameFailure, &MatchState),
    halt_on_failure: bool,
) -> Result<MatchState, String> {
    use std::panic::{AssertUnwindSafe, catch_unwind};
    use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
    use std::sync::mpsc;

    let mut state = state;
    cfg.validate()?;
    // Check the controls once before starting threads.
    Game::new(cfg.game(0, &[0]).0, &cfg.openings[0])?;
    let order = opening_order(cfg.openings.len(), cfg.seed);
    let next = AtomicU32::new(0);
    let halt = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<Result<GameSummary, GameFailure>>();
    std::thread::scope(|scope| {
        for _ in 0..concurrency.max(1) {
            let tx = tx.clone();
            let (next, halt, order) = (&next, &halt, &order);
            scope.spawn(move || {
                let mut a = EnginePlayer::new(cfg.a.clone());
                let mut b = EnginePlayer::new(cfg.b.clone());
                loop {
                    if halt.load(Ordering::Relaxed) {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= cfg.games {
                        break;
                    }
                    // A panicking game is that game's failure; the players start afresh.
                    let played = catch_unwind(AssertUnwindSafe(|| cfg.play(i, order, &mut a, &mut b)));
                    let r = match played {
                        Ok(r) => r.map(|rec| GameSummary::new(i, rec)),
                        Err(p) => {
                            a = EnginePlayer::new(cfg.a.clone());
                            b = EnginePlayer::new(cfg.b.clone());
                            let why = p
                                .downcast_ref::<String>()
                                .cloned()
                                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                                .unwrap_or_default();
                            Err(format!("panicked: {why}"))
                        }
                    };
                    if tx.send(r.map_err(|message| GameFailure { index: i, message })).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for r in rx {
            match r {
                Ok(s) => {
                    let summary = s.clone();
                    state.add(s);
                    on_game(&summary, &state);
                    if cfg.sprt.is_some() && state.sprt_decided(cfg.sprt) {
                        halt.store(true, Ordering::Relaxed);
                    }
                }
                Err(f) => {
                    on_failure(&f, &state);
                    if halt_on_failure {
                        halt.store(true, Ordering::Relaxed);
                    }
                }
            }
        }
    });
    Ok(state)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::drive::SearcherKind;
    use crate::play::openings::builtin;

    fn config(games: u32) -> MatchConfig {
        let adjudication = Adjudication { max_moves: Some(30), ..Adjudication::default() };
        MatchConfig {
            a: EngineConfig::new(SearcherKind::Ab, "stockfish".parse().unwrap()),
            b: EngineConfig::new(SearcherKind::Ab, "lc0-legacy".parse().unwrap()),
            name_a: "A".into(),
            name_b: "B".into(),
            tc_a: "2+0.02".parse().unwrap(),
            tc_b: "1+0.02".parse().unwrap(),
            games,
            openings: builtin(),
            seed: 7,
            clock: ClockMode::Virtual { nps: 1e6, latency_ms: 0.0 },
            adjudication,
            sprt: Some(Sprt::new(0.0, 10.0).unwrap()),
            event: "t".into(),
            date: "????.??.??".into(),
        }
    }

    #[test]
    fn opening_order_is_a_seeded_permutation() {
        let a = opening_order(131, 1);
        let mut s = a.clone();
        s.sort();
        assert_eq!(s, (0..131).collect::<Vec<_>>());
        assert_eq!(a, opening_order(131, 1));
        assert_ne!(a, opening_order(131, 2));
    }

    #[test]
    fn pairs_swap_colours_on_the_same_opening_and_controls_follow_players() {
        let cfg = config(4);
        let order = opening_order(cfg.openings.len(), cfg.seed);
        let (g0, o0) = cfg.game(0, &order);
        let (g1, o1) = cfg.game(1, &order);
        let (_, o2) = cfg.game(2, &order);
        assert_eq!(o0, o1);
        assert_ne!(o0, o2);
        assert_eq!((g0.white.name.as_str(), g1.white.name.as_str()), ("A", "B"));
        assert_eq!(g0.white.tc.to_string(), g1.black.tc.to_string());
    }

    #[test]
    fn a_scores_only_state_keeps_no_records_and_the_same_statistics() {
        let cfg = config(4);
        let full = run_match(&cfg, 1, &mut |_, _| {}).unwrap();
        let lean = run_match_into(&cfg, 1, MatchState::scores_only(4), &mut |g, _| {
            assert!(!g.record.pgn.is_empty())
        })
        .unwrap();
        assert!(lean.games.is_empty());
        assert_eq!(lean.finished(), 4);
        let (a, b) = (full.report(cfg.sprt), lean.report(cfg.sprt));
        assert_eq!(serde_json::to_string(&a).unwrap(), serde_json::to_string(&b).unwrap());
    }

    #[test]
    fn emergency_thresholds_follow_lichess() {
        assert_eq!(emergency_threshold_ms(1_000.0), 2_000.0);
        assert_eq!(emergency_threshold_ms(30_000.0), 6_000.0);
        assert_eq!(emergency_threshold_ms(180_000.0), 22_500.0);
        assert_eq!(emergency_threshold_ms(60_000.0), 10_000.0);
        assert_eq!(emergency_threshold_ms(3_600_000.0), 60_000.0);
    }

    #[test]
    fn a_threaded_match_counts_pairs_and_time_usage_deterministically() {
        let cfg = config(4);
        let mut seen = Vec::new();
        let st = run_match(&cfg, 2, &mut |g, s| seen.push((g.score.index, s.finished()))).unwrap();
        assert_eq!(st.finished(), 4);
        let mut idx: Vec<u32> = seen.iter().map(|x| x.0).collect();
        idx.sort();
        assert_eq!(idx, [0, 1, 2, 3]);
        let r = st.report(cfg.sprt);
        assert_eq!(r.block.wdl.games(), 4);
        assert_eq!(r.block.penta.pairs(), 2);
        assert!(r.block.sprt.is_some());
        assert_eq!(r.a.timeouts + r.b.timeouts, 0);
        assert!(r.a.share_by_20.is_some_and(|x| x > 0.0 && x < 1.0), "{:?}", r.a);
        assert!(r.a.used_over_allocated.is_some());
        assert!(r.a.used_over_effective.is_some(), "stockfish reports its effective limit");
        let line = r.a.line();
        assert!(
            line.contains("used/allocated (base soft) ") && line.contains("used/effective soft "),
            "{line}"
        );
        let text = r.to_text("A", "B");
        assert!(text.contains("Ptnml(0-2)") && text.contains("LLR") && text.contains("timeouts 0"), "{text}");
        // Virtual clock: the same match again gives the same games, whatever the thread order.
        let st2 = run_match(&cfg, 1, &mut |_, _| {}).unwrap();
        for (x, y) in st.games.iter().zip(&st2.games) {
            assert_eq!(x.as_ref().unwrap().record.pgn, y.as_ref().unwrap().record.pgn);
        }
    }
}
