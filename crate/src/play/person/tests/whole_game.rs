//! Tests of `person` end to end: a whole game against the UCI engine, saved, restored and
//! exported.

use super::*;
use crate::play::game::Termination;
use crate::play::pgn::{comment_command, parse_clock, parse_pgn};
use crate::uci::UciSession;

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
    assert_eq!(p.tag("EngineLevel"), Some("5 (full strength, no cap)"));
    assert!(p.tag("WhiteEngine").is_some_and(|e| e.ends_with(" level 5")), "{:?}", p.tag("WhiteEngine"));
    assert_eq!(p.moves.len(), s.moves.len());
    for (i, m) in p.moves.iter().enumerate() {
        let c = m.comment.as_deref().unwrap();
        // Every field written is one the comment table explains (docs/play.md, the Play view).
        let known = |w: &str| {
            crate::play::pgn::COMMENT_FIELDS.iter().any(|f| match f.field {
                "[%clk]" => w.starts_with("[%clk"),
                "[%emt]" => w.starts_with("[%emt"),
                "eval/depth" => w.contains('/') && !w.contains('='),
                "time" => w.ends_with('s') && w[..w.len() - 1].parse::<f64>().is_ok(),
                k if k.ends_with('=') => w.starts_with(k),
                _ => false,
            })
        };
        let mut words = c.split_whitespace().peekable();
        while let Some(w) = words.next() {
            let w = if w.starts_with("[%") {
                format!("{w} {}", words.next().unwrap_or(""))
            } else {
                w.to_string()
            };
            assert!(known(&w), "{w:?} of {c:?} is not in COMMENT_FIELDS");
        }
        assert!(parse_clock(comment_command(c, "clk").unwrap()).is_some(), "{c}");
        assert!(parse_clock(comment_command(c, "emt").unwrap()).is_some(), "{c}");
        if i % 2 == 0 {
            assert!(c.contains('/') && c.contains("n="), "engine moves carry the cutechess prefix: {c}");
        }
    }
    let back = PersonGame::restore(&g.save()).unwrap();
    assert_eq!(back.state(), s);
}
