use super::*;
use crate::clock::Convention;
use crate::play::pgn::{comment_command, parse_clock, parse_pgn};
use crate::uci::UciSession;
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
    assert!(find_move(&pos, "a7", "a8", None).unwrap_err().contains("promotion"));
    assert_eq!(find_move(&pos, "a7", "a8", Some("n")).unwrap().promotion(), Some(Role::Knight));
    assert!(find_move(&pos, "a7", "a8", Some("k")).unwrap_err().contains("expected q, r, b or n"));
    assert!(find_move(&pos, "a7", "b8", Some("q")).unwrap_err().contains("not a legal move"));
    assert!(find_move(&pos, "z9", "a8", None).unwrap_err().contains("not a square"));
}

#[test]
fn go_line_from_the_clocks() {
    let mut g = PersonGame::new(setup("white", "5m", "4m+2")).unwrap();
    assert!(g.engine_request().is_none(), "the person moves first");
    g.play_person("e2", "e4", None, 1500.0).unwrap();
    let r = g.engine_request().unwrap();
    assert_eq!(r.position, "position startpos moves e2e4");
    // lichess: the first moves are not timed and no increment is credited before move 1.
    assert_eq!(r.go, "go wtime 300000 btime 240000 winc 0 binc 2000");
    assert_eq!(r.budget_ms, 240_000.0);
    engine_plays(&mut g, "c7c5", 3000.0);
    let s = g.state();
    assert_eq!(s.clocks[1].remaining_ms, Some(240_000.0));
    assert_eq!(s.clocks[0].reading, "5 min");
    assert_eq!(s.clocks[1].reading, "4 min + 2 s per move");
    assert_eq!(s.clocks[0].emergency_ms, Some(37_500.0));
    assert_eq!(s.clocks[1].bar_ms, Some(250_000.0));
    g.play_person("g1", "f3", None, 1500.0).unwrap();
    engine_plays(&mut g, "b8c6", 3000.0);
    let s = g.state();
    assert_eq!(s.clocks[0].remaining_ms, Some(298_500.0));
    assert_eq!(s.clocks[1].remaining_ms, Some(239_000.0), "c - u + inc from the second move");
    let e = s.moves[1].engine.as_ref().unwrap();
    assert_eq!(
        (e.soft_ms, e.hard_ms, e.depth, e.stop.as_deref()),
        (Some(900.0), Some(2700.0), 5, Some("soft limit"))
    );

    let mut g = PersonGame::new(setup("black", "40/1:00", "st=2")).unwrap();
    assert_eq!(g.engine_request().unwrap().go, "go wtime 60000 winc 0 movestogo 40");
    let mut g2 = PersonGame::new(setup("white", "60", "st=0.5 nodes=1000")).unwrap();
    g2.play_person("d2", "d4", None, 100.0).unwrap();
    assert_eq!(g2.engine_request().unwrap().go, "go movetime 500 nodes 1000");
    g.begin_search();
    assert!(g.play_engine("bestmove e2e4", 10.0).is_ok());
}

#[test]
fn the_clock_never_goes_negative_and_time_runs_out() {
    let mut g = PersonGame::new(setup("white", "3", "60")).unwrap();
    assert!(!g.state().clocks[0].runs, "the person's clock does not run before the first move");
    assert!(!g.time_out(10_000.0), "nor does it flag");
    g.play_person("e2", "e4", None, 10_000.0).unwrap();
    engine_plays(&mut g, "e7e5", 100.0);
    assert!(g.state().clocks[0].runs);
    assert_eq!(g.state().clocks[0].remaining_ms, Some(3000.0));
    assert!(!g.time_out(2999.0), "3 s on the clock");
    assert!(g.time_out(3000.5));
    let s = g.state();
    let o = s.outcome.unwrap();
    assert_eq!((o.result, o.termination), (PgnResult::BlackWins, Termination::TimeForfeit));
    assert_eq!(s.clocks[0].remaining_ms, Some(0.0));
    assert_eq!(s.to_move, "none");
    assert!(s.dests.is_empty());
    assert!(g.play_person("d2", "d4", None, 1.0).is_err());

    // An engine move that overshoots its clock flags it; go never sends a negative time.
    let mut g = PersonGame::new(setup("white", "60", "1.2")).unwrap();
    g.play_person("e2", "e4", None, 10.0).unwrap();
    g.begin_search();
    g.play_engine("bestmove e7e5", 1300.0).unwrap();
    assert!(g.state().outcome.is_none(), "the engine's first move is not timed either");
    g.play_person("g1", "f3", None, 10.0).unwrap();
    g.begin_search();
    g.play_engine("bestmove b8c6", 1300.0).unwrap();
    assert_eq!(g.state().outcome.unwrap().reason, "Black loses on time");
    assert!(g.pgn().contains("[Termination \"time forfeit\"]"));
}

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
    assert!(parse_tc("Black", "3+x").unwrap_err().starts_with("Black's time control"));
    let g = PersonGame::new(setup("white", "3m+2", "3m+2")).unwrap();
    let s = g.state();
    assert_eq!(s.clocks[0].remaining_ms, Some(180_000.0));
    assert_eq!((s.clocks[0].runs, s.clocks[1].runs), (false, false));
    assert!(g.pgn().contains("[TimeControl \"180+2\"]"));
}

#[test]
fn typed_moves_san_or_uci() {
    let mut g = PersonGame::new(setup("white", "60", "60")).unwrap();
    assert_eq!(g.play_text("e4", 100.0).unwrap(), "e2e4");
    engine_plays(&mut g, "e7e5", 100.0);
    assert_eq!(g.play_text(" g1f3 ", 100.0).unwrap(), "g1f3");
    engine_plays(&mut g, "b8c6", 100.0);
    assert_eq!(g.play_text("Bc4!", 100.0).unwrap(), "f1c4");
    assert!(g.play_text("e5", 1.0).unwrap_err().contains("not your move"));
    engine_plays(&mut g, "g8f6", 100.0);
    let bad = |g: &mut PersonGame, t: &str| g.play_text(t, 1.0).unwrap_err();
    assert!(bad(&mut g, "Ke3").contains("`Ke3` is not a legal move here"));
    assert!(bad(&mut g, "hello").contains("`hello` is not a move: type SAN"));
    assert!(bad(&mut g, "e2e5").contains("not a legal move"));
    assert!(bad(&mut g, "").contains("type a move"));
    assert_eq!(g.play_text("O-O", 100.0).unwrap(), "e1g1");
    assert_eq!(g.state().moves.len(), 7);

    let pos: Chess = crate::play::openings::parse_fen("8/P6k/8/8/8/8/8/K7 w - - 0 1").unwrap();
    assert!(read_move(&pos, "a8").unwrap_err().contains("promotion"));
    assert!(read_move(&pos, "a7a8").unwrap_err().contains("a7a8q"));
    assert_eq!(read_move(&pos, "a8=N").unwrap().promotion(), Some(Role::Knight));
    assert_eq!(read_move(&pos, "a7a8r").unwrap().promotion(), Some(Role::Rook));
    let two: Chess = crate::play::openings::parse_fen("4k3/8/8/8/8/8/8/1N1K1N2 w - - 0 1").unwrap();
    assert!(read_move(&two, "Nd2").unwrap_err().contains("ambiguous"), "Nb1 and Nf1 both reach d2");
    assert_eq!(read_move(&two, "Nbd2").unwrap().from().map(|s| s.to_string()).as_deref(), Some("b1"));
}

#[test]
fn bad_setups_name_the_field() {
    let e = PersonGame::new(setup("white", "1+x", "60")).unwrap_err();
    assert!(e.field == "white_tc" && e.message.starts_with("White's time control"), "{e}");
    assert!(e.message.contains("1+x"), "{e}");
    let e = PersonGame::new(setup("green", "60", "60")).unwrap_err();
    assert!(e.field == "person" && e.message.contains("expected white or black"), "{e}");
    let e = PersonGame::new(setup("white", "nodes=100", "60")).unwrap_err();
    assert!(e.field == "white_tc" && e.message.contains("only engines"), "{e}");
    let e = PersonGame::new(setup("white", "60", "inf")).unwrap_err();
    assert_eq!(e.field, "black_tc", "{e}");
    let mut s = setup("white", "60", "60");
    s.tm = "lc0-legacy(slowmover=99)".into();
    assert!(PersonGame::new(s).unwrap_err().to_string().starts_with("time manager"));
    let mut s = setup("white", "60", "60");
    s.searcher = "minimax".into();
    assert!(PersonGame::new(s).unwrap_err().to_string().contains("expected ab or mcts"));
    let mut s = setup("white", "60", "60");
    s.move_overhead_ms = -1.0;
    assert_eq!(PersonGame::new(s).unwrap_err().field, "move_overhead_ms");
    assert!(PersonGame::restore("{}").unwrap_err().starts_with("saved game"));
    assert!(PersonGame::restore("not json").is_err());
}

#[test]
fn ponder_requests_only_for_mcts_with_ponder_on() {
    let mut s = setup("white", "60", "60");
    s.searcher = "mcts".into();
    s.ponder = true;
    let mut g = PersonGame::new(s).unwrap();
    g.play_person("e2", "e4", None, 100.0).unwrap();
    assert!(g.ponder_request("d2d4").is_none(), "the engine's own move: no ponder");
    g.begin_search();
    g.play_engine("bestmove e7e5 ponder g1f3", 500.0)
        .map(|(_, p)| assert_eq!(p.as_deref(), Some("g1f3")))
        .unwrap();
    let r = g.ponder_request("g1f3").unwrap();
    assert_eq!(r.position, "position startpos moves e2e4 e7e5 g1f3");
    assert_eq!(r.go, "go ponder wtime 60000 btime 60000 winc 0 binc 0");
    assert!(g.ponder_request("e1e3").is_none(), "illegal reply");
    let ab = PersonGame::new(setup("white", "60", "60")).unwrap();
    assert!(ab.ponder_request("e2e4").is_none());
}

/// Plays a whole game against the real UCI engine (virtual clock, so it is fast and
/// deterministic): the person always picks the first legal destination.
#[test]
fn a_whole_game_against_the_uci_engine_saves_restores_and_exports() {
    let mut g = PersonGame::new(setup("black", "30", "30")).unwrap();
    let mut uci = UciSession::new();
    let mut sink = |_: &str| {};
    uci.handle_line("setoption name VirtualNps value 20000", &mut sink);
    uci.handle_line("setoption name Move Overhead value 50", &mut sink);
    uci.handle_line("ucinewgame", &mut sink);
    let mut n = 0;
    while g.state().outcome.is_none() && n < 400 {
        n += 1;
        if let Some(req) = g.engine_request() {
            g.begin_search();
            let mut lines = Vec::new();
            uci.handle_line(&req.position, &mut |l| lines.push(l.to_string()));
            uci.handle_line(&req.go, &mut |l| lines.push(l.to_string()));
            while uci.pump(64, &mut |l| lines.push(l.to_string())) {}
            let best = lines.iter().find(|l| l.starts_with("bestmove")).unwrap().clone();
            for l in &lines {
                g.engine_line(l);
            }
            assert!(g.report().soft_ms.is_some(), "the engine printed its budget: {lines:?}");
            assert!(g.report().stop.is_some(), "the engine printed its stop reason: {lines:?}");
            let used = g.report().time_ms as f64 + 1.0;
            g.play_engine(&best, used).unwrap();
        } else {
            let s = g.state();
            let (from, tos) = s.dests.iter().next().unwrap();
            g.play_person(from, &tos[0], Some("q"), 50.0).unwrap();
        }
        if n == 20 {
            let back = PersonGame::restore(&g.save()).unwrap();
            assert_eq!(back.state(), g.state(), "a restored game is the same game");
            assert_eq!(back.pgn(), g.pgn());
        }
    }
    let s = g.state();
    let o = s.outcome.as_ref().expect("the game ended");
    assert_ne!(o.termination, Termination::TimeForfeit, "{o:?}");
    let text = g.pgn();
    let parsed = parse_pgn(&text).unwrap();
    assert_eq!(parsed.len(), 1);
    let p = &parsed[0];
    assert_eq!(p.tag("TimeControl"), Some("30"));
    assert_eq!(p.tag("MoveOverhead"), Some("50 ms"));
    assert_eq!(p.moves.len(), s.moves.len());
    for (i, m) in p.moves.iter().enumerate() {
        let c = m.comment.as_deref().unwrap();
        assert!(parse_clock(comment_command(c, "clk").unwrap()).is_some(), "{c}");
        assert!(parse_clock(comment_command(c, "emt").unwrap()).is_some(), "{c}");
        if i % 2 == 0 {
            assert!(c.contains('/') && c.contains("n="), "engine moves carry the cutechess prefix: {c}");
        }
    }
    let back = PersonGame::restore(&g.save()).unwrap();
    assert_eq!(back.state(), s);
}
