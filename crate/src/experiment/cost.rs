//! What an experiment costs before it starts: its duration on this device and the precision its
//! games buy. One rule for the CLI (`tmlab match|sweep|tune|leaderboard` print it before the
//! first game, `--dry-run` prints it and exits) and the browser's Match, Sweep, Tune and
//! Leaderboard views (through `wasm/experiments.rs`).
//!
//! - **Duration**: a short [`Calibration`] plays the experiment's first game at its own
//!   control, virtual speed and searcher until it ends or for [`CALIBRATION_MS`], whichever
//!   comes first, and counts the engine moves it made; a game costs that time per move times [`TYPICAL_PLIES`], and the
//!   experiment its games over the games played at once. While it runs, [`eta_seconds`] uses the
//!   measured rate once every game slot has finished a game.
//! - **Precision**: the half-width of the 95 % Elo interval that many games between
//!   near-equal players give ([`crate::play::stats::expected_elo_error`] at
//!   [`ASSUMED_DRAW_RATIO`]); a target half-width sets the games ([`games_for_precision`]).

use serde::Serialize;

use crate::play::match_spec::{FieldError, MAX_GAMES};
use crate::play::stats::expected_elo_error;

/// The project's one virtual node rate (nodes per second of the virtual clock: 1 ms = 1 000
/// nodes): the default of every match, sweep, tune and leaderboard, in the CLI and in every
/// view, and the rate the committed leaderboard data were played at. Results at different
/// rates are different experiments (a faster virtual machine searches deeper at the same
/// control), so every result names its rate.
pub const DEFAULT_NPS: f64 = 1_000_000.0;

/// Engine moves (plies after the book) of a typical game on the builtin openings, measured with
/// `tmlab match --a lc0-legacy --b stockfish --json`: 136 a game over 20 games at 1+0.01, 128
/// over 10 at 4+0.04; MCTS games run longer (168 over 6 games of lc0-smooth vs lc0-legacy at
/// 1+0.01), so an MCTS estimate is about a quarter short.
pub const TYPICAL_PLIES: f64 = 130.0;

/// The draw ratio assumed before any game is played (fewer draws, wider intervals: it errs on
/// the cautious side): the committed leaderboard runs drew 31 % of the games at 1+0.01 (300
/// games) and 37 % at 4+0.04 (100 games) between Stockfish's manager and the managers within
/// 200 Elo of it.
pub const ASSUMED_DRAW_RATIO: f64 = 0.3;

/// The calibration's wall-clock budget, in ms: its game stops when it is spent (after at least
/// one engine move).
pub const CALIBRATION_MS: f64 = 1500.0;

/// The share of its base time a side has used by the end of a typical game: the committed
/// leaderboard runs end with 20 % to 55 % of a 1 s base left at 1+0.01 (and more at 4+0.04).
pub const BASE_USED: f64 = 0.7;

/// What the calibration measured: `plies` engine moves in `ms` of wall clock on one thread,
/// which spent `virtual_ms` of the game's clocks (both sides).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, serde::Deserialize)]
pub struct Calibration {
    /// Engine moves played.
    pub plies: u32,
    /// Wall-clock time they took, in ms.
    pub ms: f64,
    /// Clock time the moves spent, both sides (virtual ms on the virtual clock).
    pub clock_ms: f64,
    /// Whether the game ended within the budget.
    pub finished: bool,
}

/// The clock time a typical game spends, both sides, in ms: each side its control's
/// [`BASE_USED`] share of the base plus its increment on each of its [`TYPICAL_PLIES`]/2 moves
/// (a fixed time per move: that time on each). None for other controls (x moves in y, delays,
/// byoyomi, hourglass, no clock), whose games are extrapolated by their moves.
pub fn typical_clock_ms(tcs: [&crate::clock::TimeControl; 2]) -> Option<f64> {
    use crate::clock::Timing;
    use crate::clock::tc::FinalStage;
    let moves = TYPICAL_PLIES / 2.0;
    let mut sum = 0.0;
    for tc in tcs {
        sum += match &tc.timing {
            Timing::MoveTime { ms } => *ms as f64 * moves,
            Timing::Classical(c) if c.leading.is_empty() => match c.last {
                FinalStage::SuddenDeath { time_ms, inc_ms } => {
                    BASE_USED * time_ms as f64 + inc_ms as f64 * moves
                }
                FinalStage::Repeating(_) => return None,
            },
            _ => return None,
        };
    }
    Some(sum)
}

impl Calibration {
    /// Wall-clock seconds of a typical game on one thread (NaN before any move): a game that
    /// ended within the budget, or a control without a typical clock time (`typical_clock_ms`
    /// None), by its moves (time per move × [`TYPICAL_PLIES`]); a game cut short by the budget by
    /// its clock (wall per clock ms × the typical game's clock ms), since its first moves,
    /// which the calibration saw, spend more of the clock than its later ones.
    pub fn game_seconds(&self, typical_clock_ms: Option<f64>) -> f64 {
        if self.plies == 0 {
            return f64::NAN;
        }
        match typical_clock_ms {
            Some(clock) if !self.finished && self.clock_ms > 0.0 => self.ms / self.clock_ms * clock / 1000.0,
            _ => self.ms / f64::from(self.plies) * TYPICAL_PLIES / 1000.0,
        }
    }
}

/// Half-width of the 95 % Elo interval expected of `games` games between near-equal players.
pub fn expected_precision(games: u32) -> f64 {
    expected_elo_error(games, ASSUMED_DRAW_RATIO)
}

/// The games (an even number: colour-reversed pairs) whose expected 95 % interval is at most
/// ±`elo`; the error names the `precision` field.
///
/// # Errors
/// `elo` is not a positive number, or it needs more games than a match may have.
pub fn games_for_precision(elo: f64) -> Result<u32, FieldError> {
    let floor = expected_precision(MAX_GAMES);
    let allowed = format!("an Elo half-width from {:.0} ({MAX_GAMES} games) up", floor.ceil());
    if !(elo.is_finite() && elo > 0.0) {
        return Err(FieldError::new("precision", format!("{elo} is not allowed"), allowed));
    }
    if elo < floor {
        return Err(FieldError::new(
            "precision",
            format!("±{elo} Elo needs more than {MAX_GAMES} games"),
            allowed,
        ));
    }
    // The half-width falls as 1/√n: start from that guess and step to the exact even count.
    let mut n = ((expected_precision(100) / elo).powi(2) * 100.0).ceil().max(2.0) as u32;
    n += n % 2;
    while n > 2 && expected_precision(n - 2) <= elo {
        n -= 2;
    }
    while expected_precision(n) > elo {
        n += 2;
    }
    Ok(n.min(MAX_GAMES))
}

/// An experiment's plan: its games, how long they should take here, the precision they buy.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CostEstimate {
    /// Games in all.
    pub games: u32,
    /// Games per measured point (a sweep value, a leaderboard entry; the match itself).
    pub games_per_point: u32,
    /// Games played at once.
    pub workers: u32,
    /// Wall-clock seconds of one typical game on one thread (the calibration's).
    pub game_seconds: f64,
    /// Wall-clock seconds of the whole experiment.
    pub seconds: f64,
    /// Expected 95 % Elo half-width of each point (NaN when a point has no Elo: a tune).
    pub precision: f64,
    /// The virtual node rate the estimate was calibrated at (None: the wall clock).
    pub nps: Option<f64>,
}

impl CostEstimate {
    /// The plan of `games` games (`games_per_point` per measured point; 0: no Elo to expect)
    /// played `workers` at once, each costing what `cal` measured at virtual rate `nps` (a
    /// typical game spending `clock_ms` of the clocks, see [`typical_clock_ms`]).
    pub fn new(
        games: u32,
        games_per_point: u32,
        workers: u32,
        cal: &Calibration,
        clock_ms: Option<f64>,
        nps: Option<f64>,
    ) -> Self {
        let workers = workers.max(1);
        let game_seconds = cal.game_seconds(clock_ms);
        // Games go out `workers` at a time: the last round waits for its slowest slot.
        let rounds = f64::from(games.div_ceil(workers));
        let precision = if games_per_point == 0 { f64::NAN } else { expected_precision(games_per_point) };
        CostEstimate {
            games,
            games_per_point,
            workers,
            game_seconds,
            seconds: rounds * game_seconds,
            precision,
            nps,
        }
    }

    /// Several plans run one after another (a leaderboard's entries): their games and seconds
    /// add up; a game's seconds are their mean over the games. None for no plans.
    pub fn sequence(parts: &[CostEstimate]) -> Option<CostEstimate> {
        let first = parts.first()?;
        let games: u32 = parts.iter().map(|p| p.games).sum();
        let seconds: f64 = parts.iter().map(|p| p.seconds).sum();
        let game_seconds =
            parts.iter().map(|p| p.game_seconds * f64::from(p.games)).sum::<f64>() / f64::from(games.max(1));
        Some(CostEstimate { games, seconds, game_seconds, ..first.clone() })
    }

    /// One line for people: `about 1 min 40 s here (100 games, 2 at once, 2.0 s a game at
    /// 1000 nodes/ms); expected precision ±57 Elo (95 %) per point`.
    pub fn to_text(&self) -> String {
        let precision = if self.precision.is_finite() {
            format!(
                "; expected precision ±{:.0} Elo (95 %) with {} games",
                self.precision, self.games_per_point
            )
        } else {
            String::new()
        };
        let clock = match self.nps {
            Some(nps) => format!("virtual clock 1 ms = {} nodes", nps / 1000.0),
            None => "wall clock".into(),
        };
        format!(
            "estimate: about {} here ({} games, {} at once, {:.1} s a game on the {clock}, calibrated on this machine){precision}",
            duration_text(self.seconds),
            self.games,
            self.workers,
            self.game_seconds,
        )
    }
}

impl CostEstimate {
    /// The time left once `done` of this plan's games finished in `elapsed_s` seconds of this
    /// session (games from a resume file do not count in `done`), in words for a progress
    /// line: `about 3 min 20 s left` ([`eta_seconds`]).
    pub fn left_text(&self, done: u32, elapsed_s: f64) -> String {
        let remaining = self.games.saturating_sub(done);
        let s = eta_seconds(remaining, done, elapsed_s * 1000.0, self.game_seconds, self.workers);
        format!("about {} left", duration_text(s))
    }
}

/// A duration in words, rounded for an estimate: `40 s`, `3 min 20 s`, `2 h 5 min`.
pub fn duration_text(seconds: f64) -> String {
    if !seconds.is_finite() {
        return "an unknown time".into();
    }
    let s = seconds.round().max(0.0) as u64;
    match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{} min {} s", s / 60, s % 60),
        _ => format!("{} h {} min", s / 3600, s / 60 % 60),
    }
}

/// Seconds left of a running experiment with `remaining` games: at the rate of this session
/// (`done` games in `elapsed_ms`) once every slot has finished a game, before that at the
/// estimate's (`workers` at once, `game_seconds` each).
pub fn eta_seconds(remaining: u32, done: u32, elapsed_ms: f64, est_game_seconds: f64, workers: u32) -> f64 {
    let workers = workers.max(1);
    if remaining == 0 {
        return 0.0;
    }
    if done >= workers && elapsed_ms > 0.0 {
        return f64::from(remaining) * elapsed_ms / 1000.0 / f64::from(done);
    }
    f64::from(remaining.div_ceil(workers)) * est_game_seconds
}

/// Calibrate on this thread: play game 0 of `cfg` on this thread until it ends or
/// [`CALIBRATION_MS`] of wall clock is spent (at least one engine move).
///
/// # Errors
/// The game cannot be set up.
pub fn calibrate(cfg: &crate::play::match_::MatchConfig) -> Result<Calibration, FieldError> {
    use crate::clock::timer::now_ms;
    use crate::play::match_game::MatchGame;
    let start = now_ms();
    let ms = || now_ms() - start;
    let (mut plies, mut clock_ms) = (0u32, 0.0);
    let mut game = MatchGame::new(cfg, 0)?;
    while let Some(r) = game.step() {
        plies += 1;
        clock_ms += r.used_ms;
        if ms() >= CALIBRATION_MS {
            break;
        }
    }
    Ok(Calibration { plies, ms: ms(), clock_ms, finished: game.done() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_games_for_a_precision_are_the_fewest_pairs_that_reach_it() {
        for elo in [200.0, 60.0, 45.0, 20.0, 10.0] {
            let n = games_for_precision(elo).unwrap();
            assert_eq!(n % 2, 0, "pairs");
            assert!(expected_precision(n) <= elo, "{n} games give ±{}", expected_precision(n));
            assert!(n == 2 || expected_precision(n - 2) > elo, "{} games would do for ±{elo}", n - 2);
        }
        // ±60 Elo at a draw ratio of 0.3: (1.96 · √(0.7/4) / 0.0854)² ≈ 92 games.
        assert_eq!(games_for_precision(60.0).unwrap(), 92);
        assert_eq!(games_for_precision(1e6).unwrap(), 2);
    }

    #[test]
    fn impossible_precisions_are_refused_naming_the_field() {
        for bad in [0.0, -5.0, f64::NAN, f64::INFINITY, 0.5] {
            let e = games_for_precision(bad).unwrap_err();
            assert_eq!(e.path, "precision");
            assert!(e.allowed.contains("100000 games"), "{e}");
        }
    }

    #[test]
    fn the_duration_counts_rounds_of_games_at_the_calibrated_rate() {
        // 65 moves in 1 s of a finished game: a typical game (130 moves) takes 2 s on one thread.
        let cal = Calibration { plies: 65, ms: 1000.0, clock_ms: 500.0, finished: true };
        assert!((cal.game_seconds(Some(4000.0)) - 2.0).abs() < 1e-12);
        // Cut short by the budget: by the clock, 1 s of wall per 500 ms of clock, 4 s of clock.
        let cut = Calibration { finished: false, ..cal };
        assert!((cut.game_seconds(Some(4000.0)) - 8.0).abs() < 1e-12);
        assert!((cut.game_seconds(None) - 2.0).abs() < 1e-12, "no typical clock: by the moves");
        let e = CostEstimate::new(100, 100, 2, &cal, None, Some(DEFAULT_NPS));
        assert!((e.seconds - 100.0).abs() < 1e-9, "50 rounds of 2 s: {}", e.seconds);
        // An odd game count leaves a last round with one game.
        assert!((CostEstimate::new(5, 5, 2, &cal, None, Some(DEFAULT_NPS)).seconds - 6.0).abs() < 1e-9);
        assert_eq!(e.precision, expected_precision(100));
        assert!(
            CostEstimate::new(10, 0, 1, &cal, None, Some(DEFAULT_NPS)).precision.is_nan(),
            "a tune has no Elo"
        );
        let t = e.to_text();
        assert!(
            t.contains("about 1 min 40 s") && t.contains("±57 Elo") && t.contains("1 ms = 1000 nodes"),
            "{t}"
        );
        assert!(
            Calibration { plies: 0, ms: 5.0, clock_ms: 0.0, finished: false }.game_seconds(None).is_nan()
        );
        let slow_cal = Calibration { plies: 65, ms: 3000.0, clock_ms: 1.0, finished: true };
        let slow = CostEstimate::new(10, 10, 2, &slow_cal, None, Some(DEFAULT_NPS));
        let both = CostEstimate::sequence(&[e.clone(), slow]).unwrap();
        assert_eq!((both.games, both.seconds), (110, 130.0));
        assert!((both.game_seconds - (100.0 * 2.0 + 10.0 * 6.0) / 110.0).abs() < 1e-12);
        assert!(CostEstimate::sequence(&[]).is_none());
    }

    #[test]
    fn the_eta_switches_to_the_measured_rate_once_every_slot_finished_a_game() {
        // Before: the estimate's rounds; after: the session's rate.
        let plan = CostEstimate {
            games: 12,
            games_per_point: 12,
            workers: 2,
            game_seconds: 2.0,
            seconds: 12.0,
            precision: f64::NAN,
            nps: None,
        };
        assert_eq!(plan.left_text(1, 3.0), "about 12 s left", "⌈11/2⌉ rounds of the estimate's 2 s");
        assert_eq!(plan.left_text(2, 3.0), "about 15 s left", "10 games at this session's 1.5 s");
        assert_eq!(plan.left_text(12, 9.0), "about 0 s left");
        assert_eq!(eta_seconds(10, 1, 3000.0, 2.0, 2), 10.0);
        assert_eq!(eta_seconds(10, 2, 3000.0, 2.0, 2), 15.0);
        assert_eq!(eta_seconds(0, 2, 3000.0, 2.0, 2), 0.0);
    }

    #[test]
    fn durations_read_as_people_say_them() {
        assert_eq!(duration_text(42.4), "42 s");
        assert_eq!(duration_text(200.0), "3 min 20 s");
        assert_eq!(duration_text(7500.0), "2 h 5 min");
        assert_eq!(duration_text(f64::NAN), "an unknown time");
    }

    #[test]
    fn a_native_calibration_plays_moves_for_its_budget() {
        use crate::play::match_spec::MatchSpec;
        let spec = r#"{"a":"stockfish","b":"stockfish","tc_a":"1+0.01","games":2,"clock":{"mode":"virtual","nps":1000000}}"#;
        let cfg = MatchSpec::from_json(spec).unwrap().to_config().unwrap();
        let cal = calibrate(&cfg).unwrap();
        assert!(cal.plies > 0 && cal.ms >= 1.0 && cal.clock_ms > 0.0, "{cal:?}");
        assert!(cal.game_seconds(typical_clock_ms([&cfg.tc_a, &cfg.tc_b])).is_finite());
    }

    #[test]
    fn a_typical_game_spends_most_of_the_base_and_every_increment() {
        let tc = |s: &str| s.parse::<crate::clock::TimeControl>().unwrap();
        // 1+0.01: 0.7 s of the base and 65 increments of 10 ms, each side.
        let ms = typical_clock_ms([&tc("1+0.01"), &tc("1+0.01")]).unwrap();
        assert!((ms - 2.0 * (700.0 + 650.0)).abs() < 1e-9, "{ms}");
        assert!((typical_clock_ms([&tc("st=0.1"), &tc("1")]).unwrap() - (6500.0 + 700.0)).abs() < 1e-9);
        assert_eq!(typical_clock_ms([&tc("40/60"), &tc("1+0.01")]), None);
    }
}
