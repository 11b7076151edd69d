//! Playing a [`Game`] with engine players: each search runs under the clock mode's timer, the
//! runner measures its wall time, and the move is charged and applied.

use super::{Game, Termination};
use crate::clock::timer::now_ms;
use crate::play::engine::EnginePlayer;

/// Plays `game` to the end with two engine players (white first). Under a real clock the
/// runner measures each search's wall time itself.
pub fn play_game(game: &mut Game, white: &mut EnginePlayer, black: &mut EnginePlayer) {
    while let Some(c) = game.next_to_move() {
        play_move(game, if c.is_white() { &mut *white } else { &mut *black });
    }
}

/// Lets `player` (the side to move's) make one move: it searches under the clock mode's
/// timer, the runner measures the wall time around the search, and the move is charged and
/// applied; an engine error or an illegal move forfeits the game. Does nothing once the game
/// is over.
pub fn play_move(game: &mut Game, player: &mut EnginePlayer) {
    if game.next_to_move().is_none() {
        return;
    }
    let timer = game.setup.clock.timer();
    let t0 = now_ms();
    let res = player.think(&game.think_request(timer));
    let measured = now_ms() - t0;
    match res {
        Ok((m, thought)) => {
            let used = game.charge_for(thought.engine_ms, Some(measured));
            if let Err(e) = game.apply(m, used, Some(thought)) {
                game.forfeit(Termination::RulesInfraction, &e.to_string());
            }
        }
        Err(e) => game.forfeit(Termination::RulesInfraction, &e.to_string()),
    }
}
