//! Playing a whole match natively: `concurrency` threads pull game indices, each with its own
//! pair of engine players; finished games are counted in order of arrival, a decided SPRT
//! stops the match, and a failed (or panicking) game either stops it or is reported and skipped.

use super::{GameFailure, GameSummary, MatchConfig, MatchState, opening_order};
use crate::error::FieldError;
use crate::play::engine::EnginePlayer;
use crate::play::game::Game;

/// Plays a match natively with `concurrency` threads (each with its own pair of players)
/// pulling game indices in order; `on_game` sees every finished game and the state after it.
/// Stops handing out games once an SPRT decides.
///
/// # Errors
/// An invalid configuration, or a game that could not be set up.
pub fn run_match(
    cfg: &MatchConfig,
    concurrency: usize,
    on_game: &mut dyn FnMut(&GameSummary, &MatchState),
) -> Result<MatchState, FieldError> {
    run_match_into(cfg, concurrency, MatchState::new(cfg.games), on_game)
}

/// [`run_match`] into a given state: [`MatchState::scores_only`] keeps no records, so a caller
/// that writes each game out in `on_game` plays any number of games in bounded memory.
///
/// # Errors
/// As [`run_match`]; a failed game is an error naming it (see [`run_match_keeping`] to play
/// on past failed games).
pub fn run_match_into(
    cfg: &MatchConfig,
    concurrency: usize,
    state: MatchState,
    on_game: &mut dyn FnMut(&GameSummary, &MatchState),
) -> Result<MatchState, FieldError> {
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
        Some(f) => Err(FieldError::message(f.to_string())),
        None => Ok(state),
    }
}

/// [`run_match_into`] that plays on past a failed game: `on_failure` sees each failure (with
/// the state of the games finished so far), and the other games are played and counted.
///
/// # Errors
/// An invalid configuration, or one that cannot set up the first game.
pub fn run_match_keeping(
    cfg: &MatchConfig,
    concurrency: usize,
    state: MatchState,
    on_game: &mut dyn FnMut(&GameSummary, &MatchState),
    on_failure: &mut dyn FnMut(&GameFailure, &MatchState),
) -> Result<MatchState, FieldError> {
    run_games(cfg, concurrency, state, on_game, on_failure, false)
}

fn run_games(
    cfg: &MatchConfig,
    concurrency: usize,
    state: MatchState,
    on_game: &mut dyn FnMut(&GameSummary, &MatchState),
    on_failure: &mut dyn FnMut(&GameFailure, &MatchState),
    halt_on_failure: bool,
) -> Result<MatchState, FieldError> {
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
                            Err(FieldError::message(format!("panicked: {why}")))
                        }
                    };
                    if tx.send(r.map_err(|e| GameFailure { index: i, message: e.to_string() })).is_err() {
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
mod tests;
