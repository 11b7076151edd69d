//! The manager leaderboard: a gauntlet of every manager's default settings against a fixed
//! reference, per searcher and time control, on the virtual clock (seeded, reproducible).
//!
//! - Alpha-beta: every manager against Stockfish's manager (`stockfish` itself included, as a
//!   self-play check that should read about 0 Elo).
//! - MCTS: the lc0 family against `lc0-legacy` (itself included).
//!
//! Each entry is one `tmlab match` (colour-reversed pairs from the builtin openings, the plan's
//! virtual clock, the seed's opening order and the plan's adjudication, none by default) and reports Elo ± its 95 % interval (pentanomial),
//! the manager's time usage (share of the clock used by its 20th and 40th moves, used ÷ base soft
//! budget, time left at the end, timeouts) and the mean curve of the clock share against the
//! move number.

use serde::{Deserialize, Serialize};
use shakmaty::Color;

use super::rank::{self, Standing};
use crate::play::game::{Adjudication, ClockMode, GameRecord};
use crate::play::match_::{MatchState, run_match};
use crate::play::match_spec::{FieldError, MatchSpec};
use crate::play::stats::Outcome;
use crate::tm::{SearchKind, registry};

/// The alpha-beta reference.
pub const AB_REFERENCE: &str = "stockfish";
/// The MCTS reference.
pub const MCTS_REFERENCE: &str = "lc0-legacy";
/// The curve stops at this move.
pub const CURVE_MOVES: usize = 80;

/// One point of the mean clock-share curve.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct CurvePoint {
    /// The manager's move number (1 = its first move after the book).
    #[serde(rename = "move")]
    pub move_no: u32,
    /// Mean share of the clock used by then: `used ÷ (used + clock after)`.
    pub share: f64,
    /// Games that reached this move.
    pub games: u32,
}

/// One manager at one time control.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// `ab` or `mcts`.
    pub engine: String,
    /// The time control.
    pub tc: String,
    /// The manager's spec.
    pub manager: String,
    /// The reference it played.
    pub reference: String,
    /// Games played.
    pub games: u32,
    /// Wins, losses, draws of the manager.
    pub wdl: [u32; 3],
    /// The manager's result in every game, in game order (`1` win, `=` draw, `0` loss), as
    /// fastchess and cutechess count them. Game *i* depends only on the seed and *i*, so a
    /// shorter run with the same seed plays a prefix of this string.
    #[serde(default)]
    pub scores: String,
    /// Elo of the manager against the reference (None before two pairs; ±inf as `null`).
    pub elo: Option<f64>,
    /// Half-width of the 95 % interval.
    pub elo_error: Option<f64>,
    /// Games the manager lost on time.
    pub timeouts: u32,
    /// Mean share of the clock used by the manager's 20th move.
    pub share_by_20: Option<f64>,
    /// The same by its 40th.
    pub share_by_40: Option<f64>,
    /// Mean used ÷ base soft budget.
    pub used_over_allocated: Option<f64>,
    /// Mean clock left at the end of a game, ms.
    pub time_left_ms: Option<f64>,
    /// The mean clock-share curve (moves reached by at least a quarter of the games).
    pub curve: Vec<CurvePoint>,
}

/// What to run.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// Time controls.
    pub tcs: Vec<String>,
    /// Games per manager and control.
    pub games: u32,
    /// Searchers.
    pub engines: Vec<SearchKind>,
    /// Opening-order seed.
    pub seed: u64,
    /// Only these managers (empty: all).
    pub only: Vec<String>,
    /// Match threads.
    pub concurrency: usize,
    /// Virtual nodes per second.
    pub nps: f64,
    /// Score and move-count adjudication of every game.
    pub adjudication: Adjudication,
}

/// The managers of a searcher's gauntlet, from the registry: the reference first, then every
/// other registered manager in the registry's order (alpha-beta: all of them; MCTS: those
/// designed for MCTS, the lc0 family).
pub fn managers(engine: SearchKind) -> Vec<&'static str> {
    let reference = gauntlet_reference(engine);
    let rest = registry::all().iter().filter(|m| m.name != reference).filter(|m| match engine {
        SearchKind::AlphaBeta => true,
        SearchKind::Mcts => m.search == SearchKind::Mcts,
    });
    std::iter::once(reference).chain(rest.map(|m| m.name)).collect()
}

/// The reference of a searcher's gauntlet.
fn gauntlet_reference(engine: SearchKind) -> &'static str {
    match engine {
        SearchKind::AlphaBeta => AB_REFERENCE,
        SearchKind::Mcts => MCTS_REFERENCE,
    }
}

/// The managers and reference of a searcher's gauntlet.
pub fn gauntlet(engine: SearchKind) -> (Vec<&'static str>, &'static str) {
    (managers(engine), gauntlet_reference(engine))
}

fn finite(x: f64) -> Option<f64> {
    x.is_finite().then_some(x)
}

/// The manager's clock share after each of its timed moves in one game.
fn shares(rec: &GameRecord, color: Color) -> Vec<f64> {
    let mut used = 0.0;
    rec.moves
        .iter()
        .filter(|r| r.color == color && !r.book && !r.flagged)
        .map(|r| {
            used += r.used_ms;
            let avail = used + r.clock_after_ms;
            if avail > 0.0 { used / avail } else { 0.0 }
        })
        .collect()
}

/// The mean curve over games; a move appears once a quarter of the games reached it.
fn mean_curve(per_game: &[Vec<f64>]) -> Vec<CurvePoint> {
    let min_games = per_game.len().div_ceil(4).max(1);
    (0..CURVE_MOVES)
        .map_while(|k| {
            let xs: Vec<f64> = per_game.iter().filter_map(|g| g.get(k).copied()).collect();
            (xs.len() >= min_games).then(|| CurvePoint {
                move_no: k as u32 + 1,
                // Rounded so that the committed JSON stays short and compares exactly.
                share: round6(xs.iter().sum::<f64>() / xs.len() as f64),
                games: xs.len() as u32,
            })
        })
        .collect()
}

fn round6(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

/// The match one manager plays against its gauntlet's reference at `tc`.
pub fn entry_spec(plan: &Plan, engine: SearchKind, manager: &str, tc: &str) -> MatchSpec {
    MatchSpec {
        engine,
        a: manager.into(),
        b: gauntlet(engine).1.into(),
        tc_a: tc.into(),
        games: plan.games,
        seed: plan.seed,
        clock: ClockMode::Virtual { nps: plan.nps, latency_ms: 0.0 },
        adjudication: plan.adjudication,
        event: "tmlab leaderboard".into(),
        ..MatchSpec::default()
    }
}

/// Checks every match of the plan before any is played.
///
/// # Errors
/// The first match-spec field a setting of the plan makes invalid (`tc_a` is a control of
/// `tcs`, `clock.nps` the speed).
pub fn check(plan: &Plan) -> Result<(), FieldError> {
    for &engine in &plan.engines {
        for tc in &plan.tcs {
            for m in gauntlet(engine).0 {
                entry_spec(plan, engine, m, tc).to_config()?;
            }
        }
    }
    Ok(())
}

/// Plays one manager's match against the reference at `tc`, with the plan's games, seed,
/// clock, adjudication and concurrency, and summarises it.
///
/// # Errors
/// A bad spec, control, clock or adjudication.
pub fn run_entry(plan: &Plan, engine: SearchKind, manager: &str, tc: &str) -> Result<Entry, FieldError> {
    let reference = gauntlet(engine).1;
    let cfg = entry_spec(plan, engine, manager, tc).to_config()?;
    let state: MatchState = run_match(&cfg, plan.concurrency, &mut |_, _| {})?;
    let report = state.report(None);
    let mut per_game = Vec::new();
    let mut scores = String::new();
    for g in state.games.iter().flatten() {
        let color = if g.score.a_white { Color::White } else { Color::Black };
        per_game.push(shares(&g.record, color));
        scores.push(match g.score.outcome_a {
            Outcome::Win => '1',
            Outcome::Draw => '=',
            Outcome::Loss => '0',
        });
    }
    let est = report.block.estimate;
    let w = report.block.wdl;
    let a = &report.a;
    Ok(Entry {
        engine: engine.as_str().into(),
        tc: tc.into(),
        manager: manager.into(),
        reference: reference.into(),
        games: w.games(),
        wdl: [w.wins, w.losses, w.draws],
        scores,
        elo: est.and_then(|e| finite(e.elo)).map(round6),
        elo_error: est.and_then(|e| finite(e.elo_error)).map(round6),
        timeouts: a.timeouts,
        share_by_20: a.share_by_20.map(round6),
        share_by_40: a.share_by_40.map(round6),
        used_over_allocated: a.used_over_allocated.map(round6),
        time_left_ms: a.time_left_ms.map(round6),
        curve: mean_curve(&per_game),
    })
}

/// Checks that every manager of `only` is in a gauntlet of the plan.
///
/// # Errors
/// The first that is not, naming the allowed ones.
pub fn check_only(plan: &Plan) -> Result<(), FieldError> {
    for m in &plan.only {
        if !plan.engines.iter().any(|&e| gauntlet(e).0.contains(&m.as_str())) {
            let all: Vec<&str> = plan.engines.iter().flat_map(|&e| gauntlet(e).0).collect();
            return Err(FieldError::message(format!(
                "--only: `{}` is in no gauntlet of this run; allowed: {}",
                crate::excerpt::excerpt(m),
                all.join(", ")
            )));
        }
    }
    Ok(())
}

/// Runs the whole plan, calling `progress` after each entry.
///
/// # Errors
/// A bad control, or a manager in `only` that is in no gauntlet of the plan.
pub fn run(plan: &Plan, progress: &mut dyn FnMut(&Entry)) -> Result<Vec<Entry>, FieldError> {
    check_only(plan)?;
    let mut out = Vec::new();
    for &engine in &plan.engines {
        let (managers, _) = gauntlet(engine);
        for tc in &plan.tcs {
            for m in managers.iter().filter(|m| plan.only.is_empty() || plan.only.iter().any(|o| o == *m)) {
                let e = run_entry(plan, engine, m, tc)?;
                progress(&e);
                out.push(e);
            }
        }
    }
    Ok(out)
}

/// The ranks each entry of one gauntlet can hold ([`rank::rank_ranges`]).
pub fn rank_ranges(entries: &[Entry]) -> Vec<(usize, usize)> {
    let standings: Vec<Standing> = entries
        .iter()
        .map(|e| Standing { games: e.games, wdl: e.wdl, elo: e.elo, elo_error: e.elo_error })
        .collect();
    rank::rank_ranges(&standings)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(elo: Option<f64>, err: Option<f64>, wdl: [u32; 3]) -> Entry {
        Entry {
            engine: "ab".into(),
            tc: "1+0.01".into(),
            manager: "m".into(),
            reference: "stockfish".into(),
            games: wdl.iter().sum(),
            wdl,
            scores: String::new(),
            elo,
            elo_error: err,
            timeouts: 0,
            share_by_20: None,
            share_by_40: None,
            used_over_allocated: None,
            time_left_ms: None,
            curve: Vec::new(),
        }
    }

    #[test]
    fn overlapping_intervals_share_their_ranks() {
        let e = [
            entry(Some(0.0), Some(0.0), [5, 5, 10]),      // [0, 0]
            entry(Some(-30.0), Some(40.0), [4, 6, 10]),   // [-70, 10]: overlaps the first
            entry(Some(-200.0), Some(50.0), [1, 15, 4]),  // [-250, -150]: below both
            entry(None, None, [0, 20, 0]),                // lost every game: −∞
            entry(Some(-180.0), Some(100.0), [2, 12, 6]), // [-280, -80]: overlaps the third
        ];
        assert_eq!(rank_ranges(&e), vec![(1, 2), (1, 2), (3, 4), (5, 5), (3, 4)]);
        // No estimate at all: anywhere.
        assert_eq!(
            rank_ranges(&[entry(Some(5.0), Some(1.0), [2, 0, 2]), entry(None, None, [0, 0, 0])]),
            vec![(1, 2), (1, 2)]
        );
        // Disjoint intervals: a strict order.
        let strict = [entry(Some(100.0), Some(10.0), [9, 1, 0]), entry(Some(-100.0), Some(10.0), [1, 9, 0])];
        assert_eq!(rank_ranges(&strict), vec![(1, 1), (2, 2)]);
    }

    #[test]
    fn curve_needs_a_quarter_of_the_games() {
        let games = vec![vec![0.1, 0.2, 0.3], vec![0.3], vec![0.2, 0.4], vec![0.0]];
        let c = mean_curve(&games);
        // Move 1: all four; move 2: two games; move 3: one game (a quarter of four).
        assert_eq!(c.len(), 3);
        assert_eq!((c[0].share, c[0].games), (0.15, 4));
        assert_eq!((c[1].share, c[1].games), (0.3, 2));
        assert_eq!((c[2].share, c[2].games), (0.3, 1));
        assert!(mean_curve(&[]).is_empty());
    }

    #[test]
    fn a_small_entry_is_reproducible_and_self_play_is_even() {
        let plan = |concurrency| Plan {
            tcs: vec!["1+0.01".into()],
            games: 4,
            engines: vec![SearchKind::AlphaBeta],
            seed: 3,
            only: vec![],
            concurrency,
            nps: 1e6,
            adjudication: Adjudication::default(),
        };
        // The plan's adjudication reaches the games: a 5-move limit draws all four.
        let short =
            Plan { adjudication: Adjudication { max_moves: Some(5), ..Adjudication::default() }, ..plan(2) };
        let s = run_entry(&short, SearchKind::AlphaBeta, "lc0-simple", "1+0.01").unwrap();
        assert_eq!(s.wdl, [0, 0, 4], "{s:?}");
        let a = run_entry(&plan(2), SearchKind::AlphaBeta, "lc0-simple", "1+0.01").unwrap();
        assert_ne!(a.wdl, [0, 0, 4], "without the limit the four games are not all drawn: {a:?}");
        let b = run_entry(&plan(1), SearchKind::AlphaBeta, "lc0-simple", "1+0.01").unwrap();
        assert_eq!(a, b, "the same seed gives the same entry at any concurrency");
        assert_eq!(a.games, 4);
        assert_eq!(a.wdl.iter().sum::<u32>(), 4);
        assert_eq!((a.curve[0].move_no, a.curve[0].games), (1, 4));
        assert!(a.curve.iter().all(|p| p.games >= 1 && p.share > 0.0 && p.share < 1.0), "{:?}", a.curve);
        // By move 20 the curve and the match statistics agree (all four games reached it).
        let p20 = a.curve[19];
        assert_eq!(p20.games, 4);
        assert!((p20.share - a.share_by_20.unwrap()).abs() < 1e-5, "{p20:?} {:?}", a.share_by_20);
        let e = run(
            &Plan {
                tcs: vec!["1+0.01".into()],
                games: 2,
                engines: vec![SearchKind::Mcts],
                seed: 1,
                only: vec!["stockfish".into()],
                concurrency: 1,
                nps: 1e6,
                adjudication: Adjudication::default(),
            },
            &mut |_| {},
        )
        .unwrap_err();
        assert!(
            e.to_string().contains("`stockfish` is in no gauntlet of this run; allowed: lc0-legacy"),
            "{e}"
        );
    }
}
