//! Issue #17 items 1–9 through the real binary: `tmlab uci` over pipes, every answer awaited
//! with a deadline so a hang fails the test instead of stalling it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tmlab"))
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start tmlab uci");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for l in stdout.lines() {
                let Ok(l) = l else { break };
                if tx.send(l).is_err() {
                    break;
                }
            }
        });
        Engine { child, stdin, lines }
    }

    fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).unwrap();
        self.stdin.flush().unwrap();
    }

    /// Lines up to and including the first starting with `prefix`, within `secs` seconds.
    fn until(&mut self, prefix: &str, secs: f64) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs_f64(secs);
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(l) => {
                    let done = l.starts_with(prefix);
                    seen.push(l);
                    if done {
                        return seen;
                    }
                }
                Err(e) => panic!("no `{prefix}` within {secs} s ({e}); saw {seen:?}"),
            }
        }
    }

    /// Sends `go …`, waits for its `bestmove`, then checks with `isready` that no second
    /// `bestmove` follows. Returns every line the `go` produced.
    fn go_once(&mut self, go: &str, secs: f64) -> Vec<String> {
        self.send(go);
        let mut seen = self.until("bestmove", secs);
        self.send("isready");
        let after = self.until("readyok", 5.0);
        assert!(!after.iter().any(|l| l.starts_with("bestmove")), "{go}: two bestmoves: {after:?}");
        seen.extend(after);
        seen
    }

    fn quit(mut self) {
        self.send("quit");
        let status = self.child.wait().unwrap();
        assert!(status.success());
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn best(lines: &[String]) -> String {
    let l = lines.iter().find(|l| l.starts_with("bestmove")).expect("a bestmove");
    l.split_whitespace().nth(1).unwrap().to_string()
}

fn errors(lines: &[String]) -> usize {
    lines.iter().filter(|l| l.starts_with("info string error")).count()
}

/// Item 1: an invalid UTF-8 line is reported by number and the engine carries on.
#[test]
fn invalid_utf8_is_reported_and_the_engine_carries_on() {
    let mut e = Engine::start();
    e.send_bytes(b"setoption name TimeManager value st\xf6ckfish\nisready\n");
    let seen = e.until("readyok", 5.0);
    let err = seen.iter().find(|l| l.starts_with("info string error")).expect("an error line");
    assert!(err.contains("line 1") && err.contains("UTF-8"), "{err}");
    let out = e.go_once("go depth 2", 10.0);
    assert_eq!(best(&out).len(), 4);
    e.quit();
}

/// Item 2: `isready` is answered at once while an alpha-beta search runs, also under
/// `go infinite`.
#[test]
fn isready_is_answered_during_an_alpha_beta_search() {
    let mut e = Engine::start();
    e.send("go movetime 3000");
    std::thread::sleep(Duration::from_millis(300));
    let t0 = Instant::now();
    e.send("isready");
    let seen = e.until("readyok", 2.0);
    assert!(t0.elapsed() < Duration::from_millis(500), "readyok after {:?}", t0.elapsed());
    assert!(!seen.iter().any(|l| l.starts_with("bestmove")), "{seen:?}");
    e.until("bestmove", 10.0);
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    e.send("isready");
    let seen = e.until("readyok", 2.0);
    assert!(!seen.iter().any(|l| l.starts_with("bestmove")), "{seen:?}");
    e.send("stop");
    e.until("bestmove", 5.0);
    // A readyok never overtakes a line sent before it: here the line is answered after the
    // search (the main thread is inside it), and readyok after that.
    e.send("go movetime 1000");
    std::thread::sleep(Duration::from_millis(100));
    e.send("setoption name Frobnicate value 1");
    e.send("isready");
    let seen = e.until("readyok", 5.0);
    assert!(seen.iter().any(|l| l.starts_with("info string error")), "{seen:?}");
    if !seen.iter().any(|l| l.starts_with("bestmove")) {
        e.until("bestmove", 5.0);
    }
    e.quit();
}

/// Item 3: MCTS `go depth N` ends.
#[test]
fn mcts_depth_ends() {
    let mut e = Engine::start();
    e.send("setoption name Searcher value mcts");
    for d in [1, 3] {
        let out = e.go_once(&format!("go depth {d}"), 20.0);
        assert_eq!(errors(&out), 0, "{out:?}");
        assert!(out.iter().any(|l| l == "info string stop nodes"), "{out:?}");
    }
    e.quit();
}

/// Item 4: `searchmoves` restricts both searchers and keeps the fields after it.
#[test]
fn searchmoves_restricts_both_searchers() {
    for searcher in ["ab", "mcts"] {
        let mut e = Engine::start();
        e.send(&format!("setoption name Searcher value {searcher}"));
        let out = e.go_once("go searchmoves a2a3 movetime 200", 5.0);
        assert_eq!(best(&out), "a2a3", "{searcher}: {out:?}");
        let out = e.go_once("go movetime 200 searchmoves h2h3", 5.0);
        assert_eq!(best(&out), "h2h3", "{searcher}: {out:?}");
        let out = e.go_once("go searchmoves g1f3 b1c3 depth 3", 20.0);
        assert!(["g1f3", "b1c3"].contains(&best(&out).as_str()), "{searcher}: {out:?}");
        // An illegal move in the list is reported; the legal ones still restrict.
        let out = e.go_once("go searchmoves e2e5 b2b3 movetime 100", 5.0);
        assert_eq!(errors(&out), 1, "{out:?}");
        assert_eq!(best(&out), "b2b3", "{searcher}: {out:?}");
        // The next search is unrestricted again.
        let out = e.go_once("go depth 3", 20.0);
        assert_eq!(errors(&out), 0, "{out:?}");
        e.quit();
    }
}

/// Item 5: a `go` without the mover's own time gets a bounded default, announced.
#[test]
fn go_without_the_movers_time_uses_a_default() {
    let mut e = Engine::start();
    let out = e.go_once("go btime 1000", 5.0);
    assert!(out.iter().any(|l| l.starts_with("info string") && l.contains("default")), "{out:?}");
    e.send("position startpos moves e2e4");
    let out = e.go_once("go wtime 1000 winc 10", 5.0);
    assert!(out.iter().any(|l| l.starts_with("info string") && l.contains("default")), "{out:?}");
    e.quit();
}

/// Item 6: a malformed `go` gets an error line and exactly one `bestmove`.
#[test]
fn malformed_go_gets_one_bestmove() {
    for searcher in ["ab", "mcts"] {
        let mut e = Engine::start();
        e.send(&format!("setoption name Searcher value {searcher}"));
        for go in [
            "go wtime 1e3",
            "go wtime 1000.5 btime 1000",
            "go wtime 99999999999999999999999 btime 1000",
            "go wtime",
            "go movetime",
            "go sideways 3 movetime 100",
            "go wtime movetime 100",
            "go depth x",
            "go nodes -5 movetime 100",
        ] {
            let out = e.go_once(go, 10.0);
            assert!(errors(&out) >= 1, "{searcher}: {go}: {out:?}");
        }
        e.quit();
    }
}

/// Item 7: `Move Overhead` is one option, advertised the same under every manager, whose value
/// survives manager changes and is accepted over its whole advertised range.
#[test]
fn move_overhead_is_stable() {
    let mut e = Engine::start();
    let option = |lines: &[String]| {
        lines.iter().find(|l| l.starts_with("option name Move Overhead ")).cloned().expect("the option")
    };
    e.send("uci");
    let first = option(&e.until("uciok", 5.0));
    let max: u64 = first.rsplit(' ').next().unwrap().parse().unwrap();
    for tm in ["stockfish", "mediocre", "lc0-smooth", "guide", "lc0-legacy"] {
        e.send(&format!("setoption name TimeManager value {tm}"));
        e.send(&format!("setoption name Move Overhead value {max}"));
        e.send("setoption name Move Overhead value 0");
        e.send("uci");
        let seen = e.until("uciok", 5.0);
        assert_eq!(errors(&seen), 0, "{tm}: {seen:?}");
        assert_eq!(option(&seen), first, "{tm}");
    }
    e.send(&format!("setoption name Move Overhead value {}", max + 1));
    e.send("isready");
    assert_eq!(errors(&e.until("readyok", 5.0)), 1);
    e.quit();
}

/// Item 9: `VirtualNps` is range-checked.
#[test]
fn virtual_nps_is_range_checked() {
    let mut e = Engine::start();
    for v in ["18446744073709551615", "1000000001", "-1"] {
        e.send(&format!("setoption name VirtualNps value {v}"));
    }
    e.send("isready");
    assert_eq!(errors(&e.until("readyok", 5.0)), 3);
    e.send("setoption name VirtualNps value 1000000");
    let out = e.go_once("go wtime 1000 btime 1000", 10.0);
    assert_eq!(errors(&out), 0, "{out:?}");
    e.quit();
}

fn rss_mb(pid: u32) -> f64 {
    let s = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let l = s.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
    l.split_whitespace().nth(1).unwrap().parse::<f64>().unwrap() / 1024.0
}

/// Item 8: the hash table is allocated by `setoption Hash` / `isready`, not in the first `go`.
#[test]
fn hash_is_allocated_before_the_first_go() {
    let mut e = Engine::start();
    e.send("setoption name Hash value 256");
    e.send("isready");
    e.until("readyok", 30.0);
    let rss = rss_mb(e.child.id());
    assert!(rss > 200.0, "RSS {rss:.0} MB after isready with Hash 256");
    e.send("uci");
    let seen = e.until("uciok", 5.0);
    let hash = seen.iter().find(|l| l.starts_with("option name Hash ")).unwrap();
    let max: u64 = hash.rsplit(' ').next().unwrap().parse().unwrap();
    assert!(max <= 2048, "{hash}");
    e.send(&format!("setoption name Hash value {}", max + 1));
    e.send("isready");
    assert_eq!(errors(&e.until("readyok", 5.0)), 1);
    e.quit();
}
