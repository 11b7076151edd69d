//! Tests of `person` endings: resignation, draw offers and illegal engine moves.

use super::*;
use crate::play::game::Termination;
use crate::play::pgn::PgnResult;

#[test]
fn resign_draw_offer_and_illegal_engine_moves() {
    let mut g = PersonGame::new(setup("black", "60", "60")).unwrap();
    g.begin_search();
    g.engine_line("info depth 3 score cp 0 nodes 10 time 1");
    g.play_engine("bestmove d2d4", 10.0).unwrap();
    assert!(!g.draw_acceptable(), "move 1: too early");
    assert!(!g.offer_draw());
    assert!(g.state().outcome.is_none());
    g.resign("black").unwrap();
    assert_eq!(g.state().outcome.unwrap().result, PgnResult::WhiteWins);
    assert!(g.resign("purple").is_err());

    let mut g = PersonGame::new(setup("black", "60", "60")).unwrap();
    g.begin_search();
    g.play_engine("bestmove e2e5", 10.0).unwrap();
    let o = g.state().outcome.unwrap();
    assert_eq!((o.result, o.termination), (PgnResult::BlackWins, Termination::RulesInfraction));
}

#[test]
fn draw_offers_after_move_30_with_a_level_score() {
    let mut g = PersonGame::new(setup("white", "10m", "600")).unwrap();
    // Rounds of a knight going out and back (each position occurs at most twice) and a pawn or
    // rook move per side: 11 rounds of 3 full moves each.
    let cycles = [["g1f3", "g8f6", "f3g1", "f6g8"], ["b1c3", "b8c6", "c3b1", "c6b8"]];
    let pairs = [
        ["e2e3", "e7e6"],
        ["d2d3", "d7d6"],
        ["a2a3", "a7a6"],
        ["b2b3", "b7b6"],
        ["g2g3", "g7g6"],
        ["h2h3", "h7h6"],
        ["a3a4", "a6a5"],
        ["b3b4", "b6b5"],
        ["g3g4", "g6g5"],
        ["h3h4", "h6h5"],
        ["a1a2", "a8a7"],
    ];
    let mut plies: Vec<&str> = Vec::new();
    for (i, pm) in pairs.iter().enumerate() {
        plies.extend_from_slice(&cycles[i % 2][..]);
        plies.extend_from_slice(&pm[..]);
    }
    let mut score_cp = 10;
    for (i, u) in plies.iter().enumerate() {
        if i % 2 == 0 {
            g.play_person(&u[..2], &u[2..], None, 50.0).unwrap();
        } else {
            g.begin_search();
            g.engine_line(&format!("info depth 4 score cp {score_cp} nodes 100 time 3"));
            g.play_engine(&format!("bestmove {u}"), 50.0).unwrap();
        }
        assert!(g.state().outcome.is_none(), "ply {i}: {:?}", g.state().outcome);
    }
    assert!(g.game().position().fullmoves().get() > DRAW_OFFER_MIN_MOVE);
    score_cp = 80;
    // One more pair with a clear engine edge: declined.
    g.play_person("e3", "e4", None, 50.0).unwrap();
    g.begin_search();
    g.engine_line(&format!("info depth 4 score cp {score_cp} nodes 100 time 3"));
    g.play_engine("bestmove e6e5", 50.0).unwrap();
    assert!(!g.offer_draw(), "the engine is 0.80 up: declined");
    g.play_person("d3", "d4", None, 50.0).unwrap();
    g.begin_search();
    g.engine_line("info depth 4 score cp -20 nodes 100 time 3");
    g.play_engine("bestmove d6d5", 50.0).unwrap();
    assert!(g.offer_draw(), "level after move 30: accepted");
    let o = g.state().outcome.unwrap();
    assert_eq!((o.result, o.reason.as_str()), (PgnResult::Draw, "Draw by agreement"));
}
