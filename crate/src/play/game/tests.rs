use shakmaty::uci::UciMove;

use super::*;
use crate::drive::SearcherKind;
use crate::play::engine::EngineConfig;
use crate::play::openings::parse_epd;
use crate::play::pgn::{PgnResult, comment_command, parse_clock, parse_pgn};
use crate::stop::{Budget, StopReason};

fn opening(fen: &str) -> Opening {
    parse_epd(fen).unwrap().remove(0)
}

fn setup(tc_w: &str, tc_b: &str, clock: ClockMode) -> GameSetup {
    let side = |name: &str, tc: &str| SideSetup {
        name: name.into(),
        tc: tc.parse().unwrap(),
        engine: String::new(),
    };
    GameSetup {
        white: side("W", tc_w),
        black: side("B", tc_b),
        clock,
        adjudication: Adjudication::default(),
        event: "test".into(),
        date: "????.??.??".into(),
        round: "1".into(),
    }
}

const VIRTUAL: ClockMode = ClockMode::Virtual { nps: 1_000_000.0, latency_ms: 0.0 };

fn mv(g: &Game, uci: &str) -> Move {
    uci.parse::<UciMove>().unwrap().to_move(g.position()).unwrap()
}

fn thought(score: i32) -> Thought {
    Thought {
        uci: String::new(),
        told: None,
        budget: Budget::unlimited(),
        engine_ms: 10.0,
        nodes: 1000,
        depth: 5,
        visits: None,
        score: Score::Cp(score),
        reused_nodes: 0,
        stop_reason: StopReason::SoftLimit,
        effective: None,
    }
}

fn play(g: &mut Game, moves: &[&str]) {
    for u in moves {
        let m = mv(g, u);
        g.apply(m, 10.0, None).unwrap();
    }
}

#[test]
fn checkmate_ends_the_game() {
    let mut g = Game::new(setup("60", "60", VIRTUAL), &startpos_opening()).unwrap();
    play(&mut g, &["f2f3", "e7e5", "g2g4"]);
    assert_eq!(g.next_to_move(), Some(Color::Black));
    play(&mut g, &["d8h4"]);
    let o = g.outcome().unwrap();
    assert_eq!((o.result, o.termination), (PgnResult::BlackWins, Termination::Normal));
    assert_eq!(o.reason, "Black mates");
    assert_eq!(g.next_to_move(), None);
}

#[test]
fn stalemate_insufficient_material_and_fifty_moves() {
    // Qb6 stalemates the black king on a8.
    let mut g = Game::new(setup("60", "60", VIRTUAL), &opening("k7/8/2K5/8/8/8/8/1Q6 w - - 0 1")).unwrap();
    play(&mut g, &["b1b6"]);
    assert_eq!(g.outcome().unwrap().reason, "Draw by stalemate");
    // The king takes the last pawn: king and knight against king.
    let mut g = Game::new(setup("60", "60", VIRTUAL), &opening("8/8/8/8/8/8/1p6/KN5k w - - 0 1")).unwrap();
    play(&mut g, &["a1b2"]);
    assert_eq!(g.outcome().unwrap().reason, "Draw by insufficient mating material");
    // The hundredth half-move without capture or pawn move.
    let mut g = Game::new(setup("60", "60", VIRTUAL), &opening("k7/8/8/8/8/8/8/KR6 w - - 99 80")).unwrap();
    assert!(g.outcome().is_none());
    play(&mut g, &["b1b2"]);
    assert_eq!(g.outcome().unwrap().reason, "Draw by fifty moves rule");
    // A mate on that move wins instead.
    let mut g = Game::new(setup("60", "60", VIRTUAL), &opening("k7/8/1K6/8/8/8/8/7R w - - 99 80")).unwrap();
    play(&mut g, &["h1h8"]);
    assert_eq!(g.outcome().unwrap().result, PgnResult::WhiteWins);
}

#[test]
fn threefold_repetition_counts_positions_not_moves() {
    let mut g = Game::new(setup("60", "60", VIRTUAL), &startpos_opening()).unwrap();
    play(&mut g, &["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"]);
    assert!(g.outcome().is_none(), "the start position occurred twice so far");
    assert_eq!(g.repetitions(), 2);
    play(&mut g, &["f6g8"]);
    let o = g.outcome().unwrap();
    assert_eq!((o.result, o.reason.as_str()), (PgnResult::Draw, "Draw by 3-fold repetition"));
}

#[test]
fn score_adjudication_resign_draw_and_max_moves() {
    let mut s = setup("60", "60", VIRTUAL);
    s.adjudication.resign = Some(ResignRule { move_count: 2, score_cp: 500, two_sided: true });
    let mut g = Game::new(s.clone(), &startpos_opening()).unwrap();
    for (u, score) in [("g1f3", 600), ("g8f6", -600), ("f3g1", 600)] {
        let m = mv(&g, u);
        g.apply(m, 10.0, Some(thought(score))).unwrap();
    }
    assert!(g.outcome().is_none(), "black reported only one losing score");
    let m = mv(&g, "f6g8");
    g.apply(m, 10.0, Some(thought(-700))).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!((o.result, o.termination), (PgnResult::WhiteWins, Termination::Adjudication));

    // One-sided: white's optimism is not needed; a reset breaks the streak.
    s.adjudication.resign = Some(ResignRule { move_count: 2, score_cp: 500, two_sided: false });
    let mut g = Game::new(s.clone(), &startpos_opening()).unwrap();
    for (u, score) in [("g1f3", -600), ("g8f6", 0), ("f3g1", 0), ("f6g8", 0), ("g1f3", -600)] {
        let m = mv(&g, u);
        g.apply(m, 10.0, Some(thought(score))).unwrap();
        assert!(g.outcome().is_none());
    }
    let m = mv(&g, "g8f6");
    g.apply(m, 10.0, Some(thought(0))).unwrap();
    let m = mv(&g, "f3g1");
    g.apply(m, 10.0, Some(thought(-600))).unwrap();
    assert_eq!(g.outcome().unwrap().result, PgnResult::BlackWins);

    let mut s = setup("60", "60", VIRTUAL);
    s.adjudication.draw = Some(DrawRule { move_number: 1, move_count: 2, score_cp: 10 });
    let mut g = Game::new(s, &startpos_opening()).unwrap();
    for (i, u) in ["e2e4", "e7e5", "g1f3", "b8c6"].iter().enumerate() {
        assert!(g.outcome().is_none(), "draw after {i} plies is too early");
        let m = mv(&g, u);
        g.apply(m, 10.0, Some(thought(5))).unwrap();
    }
    let o = g.outcome().unwrap();
    assert_eq!((o.result, o.termination), (PgnResult::Draw, Termination::Adjudication));

    let mut s = setup("60", "60", VIRTUAL);
    s.adjudication.max_moves = Some(2);
    let mut g = Game::new(s, &startpos_opening()).unwrap();
    for u in ["e2e4", "e7e5", "g1f3"] {
        let m = mv(&g, u);
        g.apply(m, 10.0, Some(thought(50))).unwrap();
    }
    assert!(g.outcome().is_none());
    let m = mv(&g, "b8c6");
    g.apply(m, 10.0, Some(thought(50))).unwrap();
    assert_eq!(g.outcome().unwrap().reason, "Draw by move limit (2 moves)");
}

#[test]
fn flag_loses_with_overshoot_logged_unless_opponent_cannot_mate() {
    let mut g = Game::new(setup("1+0.5", "1", VIRTUAL), &startpos_opening()).unwrap();
    assert_eq!(g.clock().side(Color::White).remaining_ms(), 1500.0);
    let m = mv(&g, "e2e4");
    g.apply(m, 1500.0, Some(thought(0))).unwrap();
    assert!(g.outcome().is_none(), "using exactly the clock is not a flag (margin 0)");
    assert_eq!(g.clock().side(Color::White).remaining_ms(), 500.0);
    let m = mv(&g, "e7e5");
    g.apply(m, 1000.25, Some(thought(0))).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!((o.result, o.termination), (PgnResult::WhiteWins, Termination::TimeForfeit));
    let last = g.records().last().unwrap();
    assert!(last.flagged);
    assert_eq!(last.overshoot_ms, 0.25);
    let pgn = g.to_pgn();
    assert_eq!(pgn.moves.len(), 1, "the flagging move is not played");
    assert_eq!(pgn.tag("Termination"), Some("time forfeit"));
    assert_eq!(pgn.tag("TimeControl"), Some("?"));
    assert_eq!(pgn.tag("WhiteTimeControl"), Some("1+0.5"));
    assert_eq!(pgn.tag("BlackTimeControl"), Some("1"));

    // A margin absorbs the overshoot.
    let mut g = Game::new(setup("1 timemargin=5", "1", VIRTUAL), &startpos_opening()).unwrap();
    let m = mv(&g, "e2e4");
    g.apply(m, 1004.0, None).unwrap();
    assert!(g.outcome().is_none());

    // Lone king against a flag: draw.
    let mut g = Game::new(setup("1", "1", VIRTUAL), &opening("k7/8/8/8/8/8/8/KR6 b - - 0 1")).unwrap();
    let m = mv(&g, "a8a7");
    g.apply(m, 2000.0, None).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!((o.result, o.termination), (PgnResult::WhiteWins, Termination::TimeForfeit));
    let mut g = Game::new(setup("1", "1", VIRTUAL), &opening("k7/8/8/8/8/8/8/KR6 w - - 0 1")).unwrap();
    let m = mv(&g, "b1b2");
    g.apply(m, 2000.0, None).unwrap();
    assert_eq!(g.outcome().unwrap().result, PgnResult::Draw);
}

#[test]
fn illegal_moves_are_refused_and_book_moves_are_free() {
    let op = crate::play::openings::builtin().remove(0);
    let mut g = Game::new(setup("10", "10", VIRTUAL), &op).unwrap();
    assert_eq!(g.moves().len(), op.book_moves.len());
    assert!(g.records().iter().all(|r| r.book && r.used_ms == 0.0));
    assert_eq!(g.clock().side(Color::White).remaining_ms(), 10_000.0);
    let other = Chess::default().legal_moves()[0];
    if !g.position().is_legal(other) {
        assert!(g.apply(other, 1.0, None).is_err());
        assert_eq!(g.moves().len(), op.book_moves.len());
    }
    assert!(Game::new(setup("inf", "10", VIRTUAL), &op).is_err());
}

fn engine(kind: SearcherKind, spec: &str) -> EnginePlayer {
    EnginePlayer::new(EngineConfig::new(kind, spec.parse().unwrap()))
}

fn engine_game(tc_w: &str, tc_b: &str, max_moves: u32, clock: ClockMode) -> Game {
    let mut s = setup(tc_w, tc_b, clock);
    s.adjudication.max_moves = Some(max_moves);
    let mut g = Game::new(s, &crate::play::openings::builtin().remove(3)).unwrap();
    let (mut w, mut b) = (engine(SearcherKind::Ab, "stockfish"), engine(SearcherKind::Ab, "lc0-legacy"));
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
    let (mut w, mut b) = (engine(SearcherKind::Ab, "guide"), engine(SearcherKind::Mcts, "lc0-smooth"));
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
