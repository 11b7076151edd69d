//! The UCI engine driven through pipes by a test client that plays complete games with clocks
//! (the library's `Game` is the clock authority and the arbiter).

mod common;

use common::Engine;
use shakmaty::uci::UciMove;
use tmlab::clock::timer::now_ms;
use tmlab::play::game::{Adjudication, ClockMode, Game, GameSetup, SideSetup, Termination, startpos_opening};

fn side(name: &str) -> SideSetup {
    SideSetup { name: name.into(), tc: "2+0.05".parse().unwrap(), engine: name.into() }
}

#[test]
fn engines_play_complete_games_over_pipes_with_clocks() {
    let setup = GameSetup {
        white: side("ab"),
        black: side("mcts"),
        clock: ClockMode::Real,
        adjudication: Adjudication { max_moves: Some(30), ..Adjudication::default() },
        event: "pipe".into(),
        date: "????.??.??".into(),
        round: "1".into(),
    };
    let mut game = Game::new(setup, &startpos_opening()).unwrap();
    let mut white =
        Engine::start(&["setoption name Searcher value ab", "setoption name TimeManager value stockfish"]);
    let mut black =
        Engine::start(&["setoption name Searcher value mcts", "setoption name TimeManager value smooth"]);
    let mut tm_lines = 0;
    while let Some(c) = game.next_to_move() {
        let moves: Vec<String> =
            game.moves().iter().map(|m| UciMove::from_standard(*m).to_string()).collect();
        let view = |col| game.clock().side(col).uci_view().unwrap();
        let (w, b) = (view(shakmaty::Color::White), view(shakmaty::Color::Black));
        let e = if c.is_white() { &mut white } else { &mut black };
        e.send(&format!("position startpos moves {}", moves.join(" ")));
        let t0 = now_ms();
        e.send(&format!("go wtime {} btime {} winc {} binc {}", w.time_ms, b.time_ms, w.inc_ms, b.inc_ms));
        let (best, info) = e.until("bestmove");
        let used = now_ms() - t0;
        tm_lines += info.iter().filter(|l| l.starts_with("info string tm soft")).count();
        assert!(!info.iter().any(|l| l.contains("error")), "{info:?}");
        let uci = best.split_whitespace().nth(1).unwrap();
        let m = uci.parse::<UciMove>().unwrap().to_move(game.position()).expect("legal bestmove");
        game.apply(m, used, None).unwrap();
    }
    let o = game.outcome().unwrap();
    assert_ne!(o.termination, Termination::RulesInfraction);
    assert!(game.records().len() >= 10, "{}", o.reason);
    assert_eq!(tm_lines, game.records().iter().filter(|r| r.flagged || !r.san.is_empty()).count());
    // Malformed lines are answered and the engine keeps working.
    white.send("go wtime banana");
    white.send("position fen garbage");
    white.send("isready");
    let (_, seen) = white.until("readyok");
    assert_eq!(seen.iter().filter(|l| l.starts_with("info string error:")).count(), 2, "{seen:?}");
    // The malformed `go` still searches (a default move time) and answers once: before the
    // `readyok` when the game's final position ends the search at once, else after it.
    match seen.iter().filter(|l| l.starts_with("bestmove")).count() {
        0 => drop(white.until("bestmove")),
        n => assert_eq!(n, 1, "{seen:?}"),
    }
    white.send("position startpos");
    white.send("go infinite");
    std::thread::sleep(std::time::Duration::from_millis(50));
    white.send("stop");
    white.until("bestmove");
    black.send("position startpos");
    black.send("go infinite");
    std::thread::sleep(std::time::Duration::from_millis(50));
    black.send("stop");
    black.until("bestmove");
    white.quit();
    black.quit();
}
