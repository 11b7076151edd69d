//! Tests of `person`: legal destinations, castling and promotion, typed moves, the time control
//! syntax and setup errors; clocks, endings and a whole game are in `tests/`.

use super::*;
use crate::clock::Convention;
use shakmaty::{Chess, Role};

fn setup(person: &str, w: &str, b: &str) -> PlaySetup {
    PlaySetup {
        person: person.into(),
        white_tc: w.into(),
        black_tc: b.into(),
        searcher: "ab".into(),
        tm: "lc0-legacy".into(),
        move_overhead_ms: 50.0,
        ponder: false,
        level: 5,
        date: "2025.01.02".into(),
    }
}

fn engine_plays(g: &mut PersonGame, uci: &str, used: f64) {
    g.begin_search();
    g.engine_line("info string tm soft 900 hard 2700");
    g.engine_line(
        "info depth 5 seldepth 9 multipv 1 score cp 12 nodes 4000 nps 200000 hashfull 1 time 20 pv e7e5",
    );
    g.engine_line("info string stop soft-limit");
    g.play_engine(&format!("bestmove {uci}"), used).unwrap();
}

#[test]
fn dests_come_from_shakmaty() {
    let g = PersonGame::new(setup("white", "60", "60")).unwrap();
    let s = g.state();
    assert_eq!(s.dests.len(), 10, "8 pawns and 2 knights can move");
    assert_eq!(s.dests["e2"], vec!["e3", "e4"]);
    assert_eq!(s.dests.values().map(Vec::len).sum::<usize>(), 20);
    assert_eq!(s.to_move, "person");
    assert_eq!(s.turn, "white");
    assert!(!s.check);
}

#[test]
fn castling_both_ways_and_promotion() {
    let mut g = PersonGame::new(setup("white", "60", "60")).unwrap();
    for (me, it) in [("e2e4", "e7e5"), ("g1f3", "b8c6"), ("f1c4", "f8c5")] {
        g.play_person(&me[..2], &me[2..], None, 100.0).unwrap();
        engine_plays(&mut g, it, 100.0);
    }
    let d = &g.state().dests["e1"];
    assert!(d.contains(&"g1".to_string()) && d.contains(&"h1".to_string()), "{d:?}");
    g.play_person("e1", "h1", None, 100.0).unwrap();
    assert_eq!(g.state().moves.last().unwrap().san, "O-O");
    assert_eq!(g.state().moves.last().unwrap().uci, "e1g1");
    assert_eq!(g.state().moves.last().unwrap().squares, ["e1".to_string(), "g1".to_string()]);

    let pos: Chess = crate::play::openings::parse_fen("8/P6k/8/8/8/8/8/K7 w - - 0 1").unwrap();
    assert!(find_move(&pos, "a7", "a8", None).unwrap_err().to_string().contains("promotion"));
    assert_eq!(find_move(&pos, "a7", "a8", Some("n")).unwrap().promotion(), Some(Role::Knight));
    assert_eq!(find_move(&pos, "a7", "a8", Some("k")).unwrap_err().allowed, "q, r, b, n");
    assert!(find_move(&pos, "a7", "b8", Some("q")).unwrap_err().to_string().contains("not a legal move"));
    assert!(find_move(&pos, "z9", "a8", None).unwrap_err().to_string().contains("not a square"));
}

#[test]
fn typed_moves_san_or_uci() {
    let mut g = PersonGame::new(setup("white", "60", "60")).unwrap();
    assert_eq!(g.play_text("e4", 100.0).unwrap(), "e2e4");
    engine_plays(&mut g, "e7e5", 100.0);
    assert_eq!(g.play_text(" g1f3 ", 100.0).unwrap(), "g1f3");
    engine_plays(&mut g, "b8c6", 100.0);
    assert_eq!(g.play_text("Bc4!", 100.0).unwrap(), "f1c4");
    assert!(g.play_text("e5", 1.0).unwrap_err().to_string().contains("not your move"));
    engine_plays(&mut g, "g8f6", 100.0);
    let bad = |g: &mut PersonGame, t: &str| g.play_text(t, 1.0).unwrap_err();
    assert!(bad(&mut g, "Ke3").to_string().contains("`Ke3` is not a legal move here"));
    assert!(bad(&mut g, "hello").to_string().contains("`hello` is not a move: type SAN"));
    assert!(bad(&mut g, "e2e5").to_string().contains("not a legal move"));
    assert!(bad(&mut g, "").to_string().contains("type a move"));
    assert_eq!(g.play_text("O-O", 100.0).unwrap(), "e1g1");
    assert_eq!(g.state().moves.len(), 7);

    let pos: Chess = crate::play::openings::parse_fen("8/P6k/8/8/8/8/8/K7 w - - 0 1").unwrap();
    assert!(read_move(&pos, "a8").unwrap_err().to_string().contains("promotion"));
    assert!(read_move(&pos, "a7a8").unwrap_err().to_string().contains("a7a8q"));
    assert_eq!(read_move(&pos, "a8=N").unwrap().promotion(), Some(Role::Knight));
    assert_eq!(read_move(&pos, "a7a8r").unwrap().promotion(), Some(Role::Rook));
    let two: Chess = crate::play::openings::parse_fen("4k3/8/8/8/8/8/8/1N1K1N2 w - - 0 1").unwrap();
    assert!(
        read_move(&two, "Nd2").unwrap_err().to_string().contains("ambiguous"),
        "Nb1 and Nf1 both reach d2"
    );
    assert_eq!(read_move(&two, "Nbd2").unwrap().from().map(|s| s.to_string()).as_deref(), Some("b1"));
}

#[test]
fn one_syntax_in_seconds_minutes_only_with_a_unit() {
    let m = |s: &str| parse_tc("White", s).unwrap();
    let lichess = |s: &str| crate::clock::Clock::with_convention(&m(s), Convention::Lichess).remaining_ms();
    assert_eq!(lichess("3m+2"), 180_000.0, "3+2 blitz shows 3:00");
    assert_eq!(lichess("180+2"), 180_000.0);
    assert_eq!(lichess("3+2"), 3_000.0, "no guessing: 3+2 is three seconds");
    assert_eq!(lichess("tc=10+0.1"), 10_000.0);
    assert_eq!(lichess("40/60"), 60_000.0);
    assert_eq!(m("3m+2").reading(), "3 min + 2 s per move");
    assert!(parse_tc("Black", "3+x").unwrap_err().message.starts_with("Black's time control"));
    let g = PersonGame::new(setup("white", "3m+2", "3m+2")).unwrap();
    let s = g.state();
    assert_eq!(s.clocks[0].remaining_ms, Some(180_000.0));
    assert_eq!((s.clocks[0].runs, s.clocks[1].runs), (false, false));
    assert!(g.pgn().contains("[TimeControl \"180+2\"]"));
}

#[test]
fn bad_setups_name_the_field() {
    let e = PersonGame::new(setup("white", "1+x", "60")).unwrap_err();
    assert!(e.path == "white_tc" && e.message.starts_with("White's time control"), "{e}");
    assert!(e.message.contains("1+x"), "{e}");
    let e = PersonGame::new(setup("green", "60", "60")).unwrap_err();
    assert!(e.path == "person" && e.allowed == "white, black", "{e}");
    let e = PersonGame::new(setup("white", "nodes=100", "60")).unwrap_err();
    assert!(e.path == "white_tc" && e.message.contains("only engines"), "{e}");
    let e = PersonGame::new(setup("white", "60", "inf")).unwrap_err();
    assert_eq!(e.path, "black_tc", "{e}");
    let mut s = setup("white", "60", "60");
    s.tm = "lc0-legacy(slowmover=99)".into();
    let e = PersonGame::new(s).unwrap_err();
    assert!(e.path == "tm" && e.message.starts_with("time manager"), "{e}");
    let mut s = setup("white", "60", "60");
    s.searcher = "minimax".into();
    let e = PersonGame::new(s).unwrap_err();
    assert!(e.path == "searcher" && e.allowed == "ab, mcts", "{e}");
    let mut s = setup("white", "60", "60");
    s.move_overhead_ms = -1.0;
    assert_eq!(PersonGame::new(s).unwrap_err().path, "move_overhead_ms");
    assert!(PersonGame::restore("{}").unwrap_err().message.starts_with("saved game"));
    assert!(PersonGame::restore("not json").is_err());
}

mod clocks;
mod endings;
mod whole_game;
