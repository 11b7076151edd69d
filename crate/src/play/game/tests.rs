//! Tests of `game` by the rules: mates, draws, repetition, score adjudication, flags and
//! illegal moves, played move by move; engine games are in `tests/engines.rs`.

use shakmaty::uci::UciMove;

use super::*;
use crate::play::openings::parse_epd;
use crate::play::pgn::PgnResult;
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
        pondered_ms: None,
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

mod engines;
