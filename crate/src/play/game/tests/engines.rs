//! Tests of `game` with engine players: every kind of control, determinism of virtual games,
//! simulated latency, the real clock and the PGN round trip.

use super::*;
use crate::play::engine::{EngineConfig, EnginePlayer};
use crate::play::pgn::{comment_command, parse_clock, parse_pgn};
use crate::tm::SearchKind;

fn engine(kind: SearchKind, spec: &str) -> EnginePlayer {
    EnginePlayer::new(EngineConfig::new(kind, spec.parse().unwrap()))
}

fn engine_game(tc_w: &str, tc_b: &str, max_moves: u32, clock: ClockMode) -> Game {
    let mut s = setup(tc_w, tc_b, clock);
    s.adjudication.max_moves = Some(max_moves);
    let mut g = Game::new(s, &crate::play::openings::builtin().remove(3)).unwrap();
    let (mut w, mut b) =
        (engine(SearchKind::AlphaBeta, "stockfish"), engine(SearchKind::AlphaBeta, "lc0-legacy"));
    play_game(&mut g, &mut w, &mut b);
    g
}

/// Replays the records on fresh clocks and checks every clock value against the model.
fn check_clocks(g: &Game) {
    let mut clock = GameClock::new(&g.setup().white.tc, &g.setup().black.tc);
    for r in g.records().iter().filter(|r| !r.book) {
        assert_eq!(r.clock_before_ms, clock.side(r.color).remaining_ms());
        let t = r.engine.as_ref().unwrap();
        assert_eq!(t.told, clock.side(r.color).uci_view());
        assert_eq!(r.used_ms, t.engine_ms, "virtual clock with 0 latency charges the engine's time");
        let ch = clock.play(r.color, r.used_ms);
        assert_eq!(ch.flagged, r.flagged);
        if !r.flagged {
            assert_eq!(r.clock_after_ms, clock.side(r.color).remaining_ms());
        }
    }
}

#[test]
fn games_under_every_kind_of_control() {
    for (tcw, tcb) in [
        ("2+0.05", "2+0.05"),
        ("4/1+0.01", "4/1+0.01"), // repeating periods: 4 moves in 1 s
        ("2+d0.05", "2+b0.05"),   // simple and Bronstein delay
        ("hg2", "hg2"),
        ("1byo3x0.1", "1byo5/0.5"), // Japanese and Canadian byoyomi
        ("2+0.05", "1+0.05"),       // time odds
        ("st=0.02", "nodes=2000"),
    ] {
        let g = engine_game(tcw, tcb, 20, VIRTUAL);
        let o = g.outcome().unwrap();
        assert_ne!(o.termination, Termination::RulesInfraction, "{tcw} vs {tcb}: {}", o.reason);
        assert!(g.records().iter().filter(|r| !r.book).count() >= 10, "{tcw} vs {tcb}: {}", o.reason);
        assert!(
            g.records().iter().all(|r| !r.flagged),
            "{tcw} vs {tcb}: a manager that spends ≤ wtime never flags (§10): {:?}",
            g.records().iter().find(|r| r.flagged)
        );
        check_clocks(&g);
        if tcw.starts_with("4/") {
            let views: Vec<_> = g.records().iter().filter_map(|r| r.engine.as_ref()?.told).collect();
            assert!(
                views.iter().any(|v| v.movestogo == Some(1)) && views.iter().any(|v| v.movestogo == Some(4))
            );
        }
    }
}

#[test]
fn virtual_games_are_deterministic() {
    let a = engine_game("2+0.02", "2+0.02", 25, VIRTUAL);
    let b = engine_game("2+0.02", "2+0.02", 25, VIRTUAL);
    let ja = serde_json::to_string(&a.record()).unwrap();
    assert_eq!(ja, serde_json::to_string(&b.record()).unwrap());
    assert!(ja.contains("\"soft_ms\"") && ja.contains("\"terms\""));
}

#[test]
fn simulated_latency_is_charged_and_recorded() {
    let g = engine_game("2+0.02", "2+0.02", 10, ClockMode::Virtual { nps: 1e6, latency_ms: 7.0 });
    for r in g.records().iter().filter(|r| !r.book) {
        assert_eq!(r.latency_ms, 7.0);
        assert_eq!(r.used_ms, r.engine.as_ref().unwrap().engine_ms + 7.0);
    }
}

#[test]
fn real_clock_measures_wall_time() {
    let g = engine_game("1+0.05", "1+0.05", 6, ClockMode::Real);
    for r in g.records().iter().filter(|r| !r.book) {
        let t = r.engine.as_ref().unwrap();
        assert!(r.used_ms >= t.engine_ms, "the runner's measure includes the search's");
        assert_eq!(r.latency_ms, r.used_ms - t.engine_ms);
    }
}

#[test]
fn pgn_round_trips_with_clocks() {
    let mut s = setup("3+0.03", "3+0.03", VIRTUAL);
    s.adjudication.max_moves = Some(25);
    let op = crate::play::openings::builtin().remove(7);
    let mut g = Game::new(s, &op).unwrap();
    let (mut w, mut b) = (engine(SearchKind::AlphaBeta, "guide"), engine(SearchKind::Mcts, "lc0-smooth"));
    play_game(&mut g, &mut w, &mut b);
    let text = g.to_pgn().to_pgn();
    let parsed = parse_pgn(&text).unwrap();
    assert_eq!(parsed.len(), 1);
    let p = &parsed[0];
    assert_eq!(p.tag("TimeControl"), Some("3+0.03"));
    assert_eq!(p.tag("Result"), Some(g.outcome().unwrap().result.as_str()));
    assert!(p.tag("ClockMode").unwrap().starts_with("virtual 1000 nodes/ms"));
    let played: Vec<_> = g.records().iter().filter(|r| !r.flagged).collect();
    assert_eq!(p.moves.len(), played.len());
    for (pm, r) in p.moves.iter().zip(&played) {
        assert_eq!(pm.san, r.san);
        let c = pm.comment.as_deref().unwrap();
        if r.book {
            assert_eq!(c, "book");
            continue;
        }
        let clk = parse_clock(comment_command(c, "clk").unwrap()).unwrap();
        assert_eq!(clk, r.clock_after_ms.round(), "{c}");
        let emt = parse_clock(comment_command(c, "emt").unwrap()).unwrap();
        assert_eq!(emt, r.used_ms.round(), "{c}");
        assert!(c.contains(&format!("/{} ", r.engine.as_ref().unwrap().depth)), "{c}");
    }
    // MCTS (black) reused its tree.
    assert!(g.records().iter().any(|r| r.engine.as_ref().is_some_and(|t| t.reused_nodes > 0)));
}

#[test]
fn a_pondering_game_shows_its_hits_in_the_pgn() {
    let mut s = setup("10+0.1", "10+0.1", ClockMode::Virtual { nps: 10_000.0, latency_ms: 0.0 });
    s.adjudication.max_moves = Some(14);
    let mut g = Game::new(s, &crate::play::openings::builtin().remove(0)).unwrap();
    let ponder = |spec: &str| {
        let mut c = EngineConfig::new(SearchKind::Mcts, spec.parse().unwrap());
        c.set_ponder(true);
        EnginePlayer::new(c)
    };
    let (mut w, mut b) = (ponder("lc0-smooth"), ponder("lc0-smooth"));
    play_game(&mut g, &mut w, &mut b);
    check_clocks(&g);
    let text = g.to_pgn().to_pgn();
    let p = &parse_pgn(&text).unwrap()[0];
    let played: Vec<_> = g.records().iter().filter(|r| !r.flagged).collect();
    let mut hits = 0;
    for (pm, r) in p.moves.iter().zip(&played) {
        let Some(t) = &r.engine else { continue };
        let c = pm.comment.as_deref().unwrap();
        let emt = parse_clock(comment_command(c, "emt").unwrap()).unwrap();
        assert_eq!(emt, r.used_ms.round(), "{c}: %emt is the time after the ponderhit only");
        match t.pondered_ms {
            Some(ms) => {
                hits += 1;
                assert!(c.contains(&format!("ponderhit={:.0}", ms.round())), "{c}");
                let before = played.iter().rev().find(|o| o.ply < r.ply && !o.book).unwrap();
                assert_eq!(ms, before.used_ms, "it pondered the opponent's whole think");
            }
            None => assert!(!c.contains("ponderhit"), "{c}"),
        }
    }
    assert!(hits >= 3, "{hits} ponder hits in\n{text}");
}
