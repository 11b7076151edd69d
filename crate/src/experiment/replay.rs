//! PGN clock replay: for each side of a game with clocks, the time the player actually used per
//! move against what each chosen manager would have budgeted (soft/hard) at that clock and ply.
//!
//! The model:
//! - Each side's clock runs the game's control (the `WhiteTimeControl`/`BlackTimeControl` tags,
//!   else `TimeControl`) under the clock rule the PGN follows ([`ClockedGame::convention`]):
//!   lichess's for `[%clk]` games from a server (180+2 starts at 3:00; a side's first move is
//!   not timed and credits no increment), cutechess's for engine matches (180+2 starts at 3:02).
//!   `x moves in y` periods add their time when they complete.
//! - A move's time is its `[%emt]` (or cutechess's `1.21s`), else the clock difference:
//!   `used = clock before + credit − [%clk]`, where the credit is what the control adds after the
//!   move (none after a lichess first move, so that move is charged `initial time − [%clk]`). A
//!   move with `[%clk]` sets its side's clock to that value, so later moves start from the
//!   recorded clock even when a server added time.
//! - Each manager starts a new game per side and hears about every move of that side in order:
//!   `begin_move` at the clock before the move (its budget, capped at the clock) and `end_move`
//!   with the time the player used (MCTS managers are told 1 M nodes/s and no tree reuse).
//! - A manager's own clock profile (share used by move 20/40) is that of `tmlab simulate`: the
//!   manager alone on the same control, spending its soft budget every move.
//!
//! - When the comments carry the engine's own account ([`crate::play::pgn_import::EngineTrace`]: eval, depth, nodes,
//!   latency, and tmlab's own `soft=`/`hard=`), each move keeps it, and a side whose moves
//!   carry limits gets a summary of them as if they were one more manager ([`OwnLimits`]).
//!
//! Book moves (`{book}`) run no clock and are left out.

use crate::clock::{Clock, TimeControl, Timing};
use crate::play::pgn_import::{ClockedGame, EngineTrace, ImportError, import_pgn};
use crate::tm::simulate::{SimConfig, simulate};
use crate::tm::{MoveContext, MoveEnd, TmSpec};

/// Nodes per millisecond a manager is told the player searched (1 M nodes/s).
const NODES_PER_MS: f64 = 1000.0;
/// The most managers one replay compares.
pub const MAX_MANAGERS: usize = 8;

mod report;
pub use report::{
    GameReplay, Limits, ManagerSummary, OWN_LIMITS_LABEL, OwnLimits, Replay, ReplayMove, SideReplay,
};

/// Replays every game of `pgn` against `specs`.
///
/// # Errors
/// No manager or too many, a PGN that does not import, a game without a usable control or with
/// a timed move without a clock (each naming the game and move).
pub fn replay_pgn(pgn: &str, specs: &[TmSpec]) -> Result<Replay, ImportError> {
    if specs.is_empty() || specs.len() > MAX_MANAGERS {
        return Err(ImportError::text(format!(
            "replay compares 1 … {MAX_MANAGERS} managers, got {}",
            specs.len()
        )));
    }
    let games = import_pgn(pgn)?;
    let games = games.iter().map(|g| replay_game(g, specs)).collect::<Result<Vec<_>, _>>()?;
    Ok(Replay {
        managers: specs.iter().map(ToString::to_string).collect(),
        own_limits_label: OWN_LIMITS_LABEL,
        games,
    })
}

/// The control of one side from the tags.
fn side_control(g: &ClockedGame, white: bool) -> Result<TimeControl, ImportError> {
    let err = |message: String| ImportError { game: Some(Box::new(g.id.clone())), mv: None, message };
    let own = if white { "WhiteTimeControl" } else { "BlackTimeControl" };
    let (name, tag) = match g.tag(own) {
        Some(t) => (own, t),
        None => ("TimeControl", g.tag("TimeControl").unwrap_or("?")),
    };
    let tc = TimeControl::from_pgn(tag).map_err(|e| err(format!("{name} tag: {e}")))?;
    let Some(tc) = tc else {
        return Err(err(format!(
            "the {name} tag is `{tag}` (unknown); replay needs the control for the increment, e.g. \
             [TimeControl \"180+2\"] or [TimeControl \"40/5400:1800+30\"]"
        )));
    };
    match tc.timing {
        Timing::Classical(_) => Ok(tc),
        Timing::Infinite => Err(err(format!(
            "the {name} tag is `-`: the game had no clock, so no manager had anything to budget"
        ))),
        _ => Err(err(format!(
            "the {name} tag `{tag}` is not supported; replay reads sudden death, increments and \
             `moves/seconds` periods"
        ))),
    }
}

/// `used ÷ (used + clock after)` over the first `k` moves, as `tmlab match` reports it.
fn share_by(pairs: &[(f64, f64)], k: usize) -> Option<f64> {
    (pairs.len() >= k).then(|| {
        let used: f64 = pairs[..k].iter().map(|p| p.0).sum();
        let avail = used + pairs[k - 1].1;
        if avail > 0.0 { used / avail } else { 0.0 }
    })
}

/// The coarsest of 1 s, 0.1 s, 10 ms and 1 ms that every recorded time of the game is a
/// multiple of.
fn resolution(g: &ClockedGame) -> f64 {
    let times: Vec<f64> = g.moves.iter().flat_map(|m| [m.clk_ms, m.emt_ms]).flatten().collect();
    [1000.0, 100.0, 10.0].into_iter().find(|r| times.iter().all(|t| t % r == 0.0)).unwrap_or(1.0)
}

/// Replays one game against `specs` (the page replays game by game, to show progress).
///
/// # Errors
/// As [`replay_pgn`], for this game.
pub fn replay_game(g: &ClockedGame, specs: &[TmSpec]) -> Result<GameReplay, ImportError> {
    let tcs = [side_control(g, true)?, side_control(g, false)?];
    let start = |tc: &TimeControl| match &tc.timing {
        Timing::Classical(c) => {
            let (time, inc, _) = c.stage(0);
            (time as f64, inc as f64)
        }
        _ => (0.0, 0.0),
    };
    let convention = g.convention([start(&tcs[0]), start(&tcs[1])]);
    let mut clocks =
        [Clock::with_convention(&tcs[0], convention), Clock::with_convention(&tcs[1], convention)];
    let mut managers: Vec<Vec<_>> = (0..2)
        .map(|_| {
            specs
                .iter()
                .map(|s| {
                    let mut tm = s.build();
                    tm.new_game();
                    tm
                })
                .collect()
        })
        .collect();
    let mut moves: [Vec<ReplayMove>; 2] = [Vec::new(), Vec::new()];
    let (mut any_clk, mut any_emt) = (false, false);
    for m in g.moves.iter().filter(|m| !m.book) {
        let side = usize::from(!m.white);
        let clock = &mut clocks[side];
        let before = clock.remaining_ms();
        let view = clock.uci_view().expect("a classical clock has a view");
        // What the control adds after the move: a dry charge of nothing on a copy.
        let mut dry = clock.clone();
        dry.charge(0.0);
        let credit = dry.remaining_ms() - before;
        let used = match (m.emt_ms, m.clk_ms) {
            (Some(emt), _) => emt,
            (None, Some(clk)) => (before + credit - clk).max(0.0),
            (None, None) => {
                return Err(ImportError {
                    game: Some(Box::new(g.id.clone())),
                    mv: Some(m.label()),
                    message: "no clock: the move has neither [%clk] nor [%emt] (nor cutechess's `1.21s`); \
                              replay needs one of them on every move that is not {book}"
                        .into(),
                });
            }
        };
        any_clk |= m.clk_ms.is_some();
        any_emt |= m.emt_ms.is_some();
        match m.clk_ms {
            Some(clk) => {
                // Follow the recorded clock: charge what brings it there, credit any gain.
                let charge = before + credit - clk;
                clock.charge(charge.max(0.0));
                clock.credit(-charge);
            }
            None => {
                clock.charge(used);
            }
        }
        // The recorded clock stands, also where the model cannot reach it: a flag's 0 (fastchess
        // `tl=-0.006s`) after an increment the clock still credits.
        let after = m.clk_ms.unwrap_or_else(|| clock.remaining_ms());
        let ctx = MoveContext::new(before, view.inc_ms as f64, m.ply).with_movestogo(view.movestogo);
        let budgets = managers[side]
            .iter_mut()
            .map(|tm| {
                let b = tm.begin_move(&ctx);
                tm.end_move(&MoveEnd::new(used, (used * NODES_PER_MS).round() as u64));
                Limits { soft_ms: b.soft_ms.min(before), hard_ms: b.hard_ms.min(before) }
            })
            .collect();
        moves[side].push(ReplayMove {
            ply: m.ply,
            label: m.label(),
            san: m.san.clone(),
            used_ms: used,
            clock_before_ms: before,
            clock_after_ms: after,
            opponent_clock_ms: clocks[1 - side].remaining_ms(),
            budgets,
            engine: m.trace.clone(),
            eval_text: m.trace.as_ref().and_then(EngineTrace::eval_text),
            own: m.trace.as_ref().and_then(|t| {
                Some(Limits { soft_ms: t.soft_ms?.min(before), hard_ms: t.hard_ms?.min(before) })
            }),
        });
    }
    let source = match (any_clk, any_emt) {
        (true, true) => "clk+emt",
        (true, false) => "clk",
        _ => "emt",
    };
    let resolution_ms = resolution(g);
    let [white_moves, black_moves] = moves;
    let side = |color: &'static str, player: &str, tc: &TimeControl, moves: Vec<ReplayMove>| {
        let pairs: Vec<(f64, f64)> = moves.iter().map(|m| (m.used_ms, m.clock_after_ms)).collect();
        let summaries = specs
            .iter()
            .enumerate()
            .map(|(i, spec)| {
                let over_hard = moves
                    .iter()
                    .filter(|m| m.used_ms > m.budgets[i].hard_ms + resolution_ms)
                    .map(|m| m.label.clone());
                let over_soft =
                    moves.iter().filter(|m| m.used_ms > m.budgets[i].soft_ms + resolution_ms).count() as u32;
                let sim =
                    simulate(&mut *spec.build(), tc, &SimConfig { moves: 40, ..SimConfig::default() }).ok();
                let sim_pairs: Vec<(f64, f64)> = sim
                    .map(|s| s.rows.iter().map(|r| (r.used_ms, r.clock_after_ms)).collect())
                    .unwrap_or_default();
                ManagerSummary {
                    spec: spec.to_string(),
                    over_hard: over_hard.collect(),
                    over_soft,
                    share_by_20: share_by(&sim_pairs, 20),
                    share_by_40: share_by(&sim_pairs, 40),
                }
            })
            .collect();
        let own_moves: Vec<(&ReplayMove, Limits)> = moves.iter().filter_map(|m| Some((m, m.own?))).collect();
        let own = (!own_moves.is_empty()).then(|| OwnLimits {
            moves: own_moves.len() as u32,
            over_hard: own_moves
                .iter()
                .filter(|(m, l)| m.used_ms > l.hard_ms + resolution_ms)
                .map(|(m, _)| m.label.clone())
                .collect(),
            over_soft: own_moves.iter().filter(|(m, l)| m.used_ms > l.soft_ms + resolution_ms).count() as u32,
        });
        SideReplay {
            color,
            own,
            player: player.to_string(),
            time_control: tc.pgn_tag(),
            share_by_20: share_by(&pairs, 20),
            share_by_40: share_by(&pairs, 40),
            time_left_ms: moves.last().map(|m| m.clock_after_ms),
            moves,
            managers: summaries,
        }
    };
    Ok(GameReplay {
        game: g.id.clone(),
        result: g.result.clone(),
        source,
        convention,
        resolution_ms,
        sides: [
            side("white", &g.id.white, &tcs[0], white_moves),
            side("black", &g.id.black, &tcs[1], black_moves),
        ],
    })
}

#[cfg(test)]
#[path = "replay_tests.rs"]
mod tests;
