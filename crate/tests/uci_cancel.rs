//! `tmlab cancel` and `tmlab restore` over the real binary's pipes (issue #13, contract points
//! 2 and 3): a dropped search charges the manager nothing, so `go` + `tmlab cancel` + `go`
//! prints the same budget line as the undisturbed `go`.

mod common;

use std::time::Duration;

use common::Engine;

const GO: &str = "go wtime 60000 btime 60000 winc 500 binc 500";

#[test]
fn a_cancelled_go_leaves_the_budget_of_the_next_go_unchanged() {
    for searcher in ["ab", "mcts"] {
        for tm in ["lc0-legacy", "stockfish", "lc0-smooth"] {
            let what = format!("{searcher} {tm}");
            let mut e = Engine::start(&[
                &format!("setoption name Searcher value {searcher}"),
                &format!("setoption name TimeManager value {tm}"),
                "setoption name TmlabState value true",
            ]);
            // Move 1 runs to its end: the manager's state changes (first-move bonus, spared
            // time, estimates) and is printed just before bestmove.
            e.send("position startpos");
            // 15 s: a clock well above Stockfish's reserve of overhead · (2 + mtg), so that its
            // timeLeft is no floor of 1 ms whatever the overhead (timeLeft = time − that reserve).
            e.send("go wtime 15000 btime 15000");
            let (_, seen) = e.until("bestmove");
            let state1 = seen.last().unwrap().clone();
            assert!(state1.starts_with("info string tm-state {"), "{what}: {seen:?}");
            // Move 2 is dropped mid-search.
            e.send("position startpos moves e2e4 e7e5");
            e.send(GO);
            let (budget, _) = e.until("info string tm ");
            std::thread::sleep(Duration::from_millis(150));
            e.send("tmlab cancel");
            let (_, seen) = e.until("bestmove");
            assert_eq!(
                seen.last().map(String::as_str),
                Some("info string stop cancelled"),
                "{what}: {seen:?}"
            );
            assert!(!seen.iter().any(|l| l.contains("tm-state")), "{what}: no tm-state for a dropped move");
            e.send("isready");
            let (_, seen) = e.until("readyok");
            assert!(!seen.iter().any(|l| l.starts_with("bestmove")), "{what}: one bestmove per go: {seen:?}");
            // The restarted move gets the undisturbed budget.
            e.send(GO);
            let (again, _) = e.until("info string tm ");
            assert_eq!(again, budget, "{what}");
            std::thread::sleep(Duration::from_millis(100));
            e.send("stop");
            let (_, seen) = e.until("bestmove");
            let state2 = seen.last().unwrap().clone();
            assert_ne!(state2, state1, "{what}: a stopped move is charged");
            // Restoring the state after move 1 gives move 2's budget once more (alpha-beta: an MCTS
            // tree keeps the visits of the stopped move, so its reuse differs).
            if searcher == "mcts" {
                e.quit();
                continue;
            }
            let payload = state1.strip_prefix("info string tm-state ").unwrap();
            e.send(&format!("tmlab restore {payload}"));
            e.send(GO);
            let (restored, seen) = e.until("info string tm ");
            assert!(!seen.iter().any(|l| l.contains("error")), "{what}: {seen:?}");
            assert_eq!(restored, budget, "{what}: after tmlab restore");
            e.send("stop");
            e.until("bestmove");
            e.quit();
        }
    }
}

#[test]
fn restore_refuses_bad_payloads_with_an_error_line() {
    let mut e = Engine::start(&["setoption name TmlabState value true"]);
    let other = Engine::start(&["setoption name TimeManager value stockfish"]);
    drop(other);
    for (payload, want) in [
        ("{", "malformed"),
        (r#"{"tm":"stockfish","state":""}"#, "is for \"stockfish\""),
        (r#"{"tm":"lc0-legacy","state":"zz"}"#, "16 hex digits"),
    ] {
        e.send(&format!("tmlab restore {payload}"));
        e.send("isready");
        let (_, seen) = e.until("readyok");
        assert!(
            seen.iter().any(|l| l.starts_with("info string error: ") && l.contains(want)),
            "{payload}: {seen:?}"
        );
    }
    e.send("setoption name TimeManager value guide");
    e.send("isready");
    let (_, seen) = e.until("readyok");
    assert!(seen.iter().any(|l| l.starts_with("info string tm-state {\"tm\":\"guide")), "{seen:?}");
    e.quit();
}

/// The issue's case: a dropped first move must not use up lc0-legacy's first-move bonus (nor
/// the guide's starting clock, nor Stockfish's once-per-game adjustment).
#[test]
fn cancelling_the_first_move_keeps_the_first_move_state() {
    for tm in ["lc0-legacy", "guide(mode=chunks)", "stockfish"] {
        let mut e = Engine::start(&[&format!("setoption name TimeManager value {tm}")]);
        e.send("position startpos");
        e.send("go wtime 60000 btime 60000 winc 500 binc 500");
        let (first, _) = e.until("info string tm ");
        std::thread::sleep(Duration::from_millis(100));
        e.send("tmlab cancel");
        e.until("bestmove");
        // The clock the page sends after a drop is the same; with a different clock a manager
        // that fixed something at its first move would show it.
        e.send("go wtime 30000 btime 30000 winc 500 binc 500");
        let (again, _) = e.until("info string tm ");
        e.send("stop");
        e.until("bestmove");
        let mut fresh = Engine::start(&[&format!("setoption name TimeManager value {tm}")]);
        fresh.send("position startpos");
        fresh.send("go wtime 30000 btime 30000 winc 500 binc 500");
        let (undisturbed, _) = fresh.until("info string tm ");
        fresh.send("stop");
        fresh.until("bestmove");
        assert_eq!(again, undisturbed, "{tm}: the restarted first move (dropped one: {first})");
        e.quit();
        fresh.quit();
    }
}
