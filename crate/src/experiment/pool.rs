//! Playing a list of games from several matches natively on `concurrency` threads.
//!
//! A task is (match, game index). Each thread pulls the next task, keeps the two players of the
//! match it played last (a new pair only when the match changes), and sends the finished game
//! back; the caller sees games in the order they finish. Game `i` of a match is the same game
//! whichever thread plays it ([`MatchConfig::play`]), so results do not depend on `concurrency`.

use crate::error::FieldError;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use crate::play::engine::EnginePlayer;
use crate::play::match_::{GameSummary, MatchConfig, opening_order};

/// One game to play: `cfg` indexes the configs, `game` is the game index in that match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Task {
    /// Which match.
    pub cfg: usize,
    /// Which game of it.
    pub game: u32,
}

/// Plays `tasks` with `concurrency` threads; `on_game(task, summary)` sees each finished game
/// and returns `false` to stop handing out new ones (games already running still finish).
///
/// # Errors
/// A config that is invalid or a game that could not be set up.
pub fn play_tasks(
    cfgs: &[MatchConfig],
    tasks: &[Task],
    concurrency: usize,
    on_game: &mut dyn FnMut(Task, GameSummary) -> bool,
) -> Result<(), FieldError> {
    for c in cfgs {
        c.validate()?;
    }
    let orders: Vec<Vec<usize>> = cfgs.iter().map(|c| opening_order(c.openings.len(), c.seed)).collect();
    let next = AtomicUsize::new(0);
    let halt = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<(Task, Result<GameSummary, FieldError>)>();
    let mut error = None;
    std::thread::scope(|scope| {
        for _ in 0..concurrency.max(1) {
            let tx = tx.clone();
            let (next, halt, orders) = (&next, &halt, &orders);
            scope.spawn(move || {
                let mut players: Option<(usize, EnginePlayer, EnginePlayer)> = None;
                loop {
                    if halt.load(Ordering::Relaxed) {
                        break;
                    }
                    let Some(&task) = tasks.get(next.fetch_add(1, Ordering::Relaxed)) else { break };
                    let cfg = &cfgs[task.cfg];
                    if players.as_ref().is_none_or(|p| p.0 != task.cfg) {
                        players = Some((
                            task.cfg,
                            EnginePlayer::new(cfg.a.clone()),
                            EnginePlayer::new(cfg.b.clone()),
                        ));
                    }
                    let (_, a, b) = players.as_mut().expect("set above");
                    let r = cfg
                        .play(task.game, &orders[task.cfg], a, b)
                        .map(|rec| GameSummary::new(task.game, rec));
                    if tx.send((task, r)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for (task, r) in rx {
            match r {
                Ok(s) => {
                    if !on_game(task, s) {
                        halt.store(true, Ordering::Relaxed);
                    }
                }
                Err(e) => {
                    error.get_or_insert(e);
                    halt.store(true, Ordering::Relaxed);
                }
            }
        }
    });
    error.map_or(Ok(()), Err)
}
