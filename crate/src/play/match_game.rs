//! One game of a match, played one move per call: what a browser game worker runs, so it can
//! report progress between moves and be terminated at any of them.
//!
//! Game `index` is set up exactly as [`MatchConfig::play`] sets it up (same opening, colours,
//! controls and fresh players), so a game stepped here equals the game a native match plays
//! (move for move under the virtual clock).

use super::engine::EnginePlayer;
use super::game::{Game, MoveRecord, play_move};
use super::match_::{GameSummary, MatchConfig, opening_order};
use super::match_spec::MatchSpec;
use crate::error::FieldError;

/// A match game being played, with both players.
#[derive(Debug)]
pub struct MatchGame {
    index: u32,
    a_white: bool,
    game: Game,
    a: EnginePlayer,
    b: EnginePlayer,
}

impl MatchGame {
    /// Game `index` of the match `cfg`, before its first engine move (book moves played).
    ///
    /// # Errors
    /// `index` is not a game of the match, or the game cannot be set up.
    pub fn new(cfg: &MatchConfig, index: u32) -> Result<MatchGame, FieldError> {
        cfg.validate()?;
        if index >= cfg.games {
            return Err(FieldError::message(format!(
                "game index {index} is out of range: the match has games 0 to {}",
                cfg.games - 1
            )));
        }
        let order = opening_order(cfg.openings.len(), cfg.seed);
        let (setup, opening) = cfg.game(index, &order);
        let game = Game::new(setup, opening)?;
        Ok(MatchGame {
            index,
            a_white: MatchConfig::a_is_white(index),
            game,
            a: EnginePlayer::new(cfg.a.clone()),
            b: EnginePlayer::new(cfg.b.clone()),
        })
    }

    /// Game `index` of the match described by a JSON [`MatchSpec`].
    ///
    /// # Errors
    /// The spec's first bad field (named), or a bad index.
    pub fn from_spec_json(spec: &str, index: u32) -> Result<MatchGame, FieldError> {
        let cfg = MatchSpec::from_json(spec)?.to_config()?;
        Self::new(&cfg, index)
    }

    /// Plays the next move (the side to move's engine searches) and returns its record, or
    /// `None` once the game is over. A move that lost on time is recorded too.
    pub fn step(&mut self) -> Option<&MoveRecord> {
        let color = self.game.next_to_move()?;
        let player = if color.is_white() == self.a_white { &mut self.a } else { &mut self.b };
        let before = self.game.records().len();
        play_move(&mut self.game, player);
        // An engine failure ends the game without a record.
        self.game.records().get(before)
    }

    /// Whether the game is over.
    pub fn done(&self) -> bool {
        self.game.outcome().is_some()
    }

    /// The game's index in the match.
    pub fn index(&self) -> u32 {
        self.index
    }

    /// The game so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The summary the match counts (result, time usage, the full record with its PGN).
    pub fn summary(&self) -> GameSummary {
        GameSummary::new(self.index, self.game.record())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::match_::MatchState;

    const SPEC: &str = r#"{"a":"stockfish","b":"lc0-legacy","tc_a":"1+0.01","tc_b":"0.8+0.01","games":4,
        "clock":{"mode":"virtual","nps":200000},"seed":3,"adjudication":{"max_moves":40}}"#;

    #[test]
    fn stepping_a_game_plays_the_same_game_as_the_native_runner() {
        let cfg = MatchSpec::from_json(SPEC).unwrap().to_config().unwrap();
        let order = opening_order(cfg.openings.len(), cfg.seed);
        for index in [0, 1] {
            let mut g = MatchGame::new(&cfg, index).unwrap();
            let book = g.game().records().len();
            assert!(book > 0, "builtin openings bring book moves");
            assert!(!g.done());
            let mut plies = Vec::new();
            while let Some(r) = g.step() {
                assert!(!r.book);
                plies.push(r.ply);
            }
            assert!(g.done());
            assert!(g.step().is_none(), "a finished game makes no more moves");
            assert!(plies.windows(2).all(|w| w[1] == w[0] + 1), "one move per call: {plies:?}");
            assert_eq!(g.game().records().len(), book + plies.len());
            let summary = g.summary();
            assert_eq!(summary.score.index, index);
            assert_eq!(summary.score.a_white, index == 0);
            let mut a = EnginePlayer::new(cfg.a.clone());
            let mut b = EnginePlayer::new(cfg.b.clone());
            let native = cfg.play(index, &order, &mut a, &mut b).unwrap();
            assert_eq!(summary.record.pgn, native.pgn, "game {index} differs from the native match's");
            // A's time control follows A: in game 1 A plays black with 1+0.01.
            let a_tc =
                if index == 0 { &summary.record.setup.white.tc } else { &summary.record.setup.black.tc };
            assert_eq!(a_tc.to_string(), "1+0.01");
        }
    }

    #[test]
    fn summaries_feed_the_same_report_as_a_match_state() {
        let cfg = MatchSpec::from_json(SPEC).unwrap().to_config().unwrap();
        let mut state = MatchState::new(cfg.games);
        for i in 0..2 {
            let mut g = MatchGame::new(&cfg, i).unwrap();
            while g.step().is_some() {}
            state.add(g.summary());
        }
        let r = state.report(None);
        assert_eq!(r.finished, 2);
        assert_eq!(r.block.penta.pairs(), 1);
    }

    #[test]
    fn bad_indices_and_specs_are_refused_with_reasons() {
        let cfg = MatchSpec::from_json(SPEC).unwrap().to_config().unwrap();
        let e = MatchGame::new(&cfg, 4).unwrap_err();
        assert!(
            e.to_string().contains("game index 4 is out of range") && e.to_string().contains("0 to 3"),
            "{e}"
        );
        let e = MatchGame::from_spec_json(r#"{"a":"stockfish","b":"x"}"#, 0).unwrap_err();
        assert!(e.to_string().starts_with("b: "), "{e}");
        assert!(MatchGame::from_spec_json(SPEC, 3).is_ok());
    }
}
