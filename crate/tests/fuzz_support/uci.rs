//! The UCI target: a [`UciSession`] driven as `tmlab uci` drives it, with the input's lines
//! handed over one by one and a GUI that sends `stop` a few ms into every search.
//!
//! Invariants: never a panic; exactly one `bestmove` per `go` that was not refused as "a search
//! is running"; one `readyok` per `isready` and one `uciok` per `uci`; a search ends within
//! [`STOP_GRACE`] of `stop`; every error line is bounded.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use tmlab::uci::{NATIVE_SLICE_BATCHES, UciSession};

/// Tokens the mutator inserts.
pub const DICT: &[&str] = &[
    "\n",
    "uci\n",
    "isready\n",
    "ucinewgame\n",
    "go ",
    "go\n",
    "stop\n",
    "ponderhit\n",
    "quit\n",
    "position startpos",
    "position fen ",
    " moves ",
    "e2e4 ",
    "e7e5 ",
    "g1f3 ",
    "a7a8q ",
    "0000 ",
    " wtime ",
    " btime ",
    " winc ",
    " binc ",
    " movestogo ",
    " movetime ",
    " nodes ",
    " depth ",
    " mate ",
    " infinite",
    " ponder",
    " searchmoves ",
    "setoption name ",
    " value ",
    "Searcher",
    "mcts",
    "ab",
    "TimeManager",
    "stockfish",
    "lc0-smooth(preset=lc0)",
    "Move Overhead",
    "Hash",
    "VirtualNps",
    "TmlabState",
    "true",
    "TM ",
    "move-overhead",
    "tmlab cancel\n",
    "tmlab restore ",
    "debug on\n",
    "\r\n",
    "\t",
    "8/8/8/8/8/8/8/K6k w - - 0 1",
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
];

/// Total search time one input may use before the GUI stops every search at once.
const THINK_BUDGET: Duration = Duration::from_millis(150);
/// The most one search runs before the GUI sends `stop`.
const THINK_MAX: Duration = Duration::from_millis(15);
/// After `stop` a search must end within this (generous: the machine is shared).
const STOP_GRACE: Duration = Duration::from_secs(5);
/// The longest line an error may write.
const MAX_LINE: usize = 1000;

/// The first word of a line, as the session splits it.
fn command(line: &str) -> &str {
    let line = line.trim();
    line.split_once(char::is_whitespace).map_or(line, |(c, _)| c)
}

/// Runs one input (bytes split at `\n`; lines that are not UTF-8 are skipped, as the reader
/// thread does after reporting them).
pub fn run(data: &[u8]) -> Result<String, String> {
    let mut session = UciSession::new();
    session.set_slice_batches(NATIVE_SLICE_BATCHES);
    let mut out: Vec<String> = Vec::new();
    let (mut gos, mut readys, mut ucis) = (0usize, 0usize, 0usize);
    let mut budget = THINK_BUDGET;
    for raw in data.split(|&b| b == b'\n') {
        let Ok(line) = std::str::from_utf8(raw) else { continue };
        let line = line.trim_end_matches('\r');
        let running = session.running();
        match command(line) {
            "go" if !running => gos += 1,
            "isready" => readys += 1,
            "uci" => ucis += 1,
            _ => {}
        }
        session.handle_line(line, &mut |l| out.push(l.to_string()));
        if session.quit_requested() {
            break;
        }
        if session.running() {
            let think = budget.min(THINK_MAX);
            let spent = search(&mut session, think, &mut out)?;
            budget = budget.saturating_sub(spent);
        }
    }
    // The GUI's last word: release a held `bestmove` and end whatever runs.
    if session.running() || session.searching() {
        session.handle_line("stop", &mut |l| out.push(l.to_string()));
        if session.running() {
            search(&mut session, Duration::ZERO, &mut out)?;
        }
        if session.searching() {
            return Err("a search is still running or held after the final stop".into());
        }
    }
    let count = |p: &str| out.iter().filter(|l| l.starts_with(p)).count();
    let bestmoves = count("bestmove");
    if bestmoves != gos {
        return Err(format!("{gos} go got {bestmoves} bestmove:\n{}", tail(&out)));
    }
    if count("readyok") != readys {
        return Err(format!("{readys} isready got {} readyok:\n{}", count("readyok"), tail(&out)));
    }
    if count("uciok") != ucis {
        return Err(format!("{ucis} uci got {} uciok", count("uciok")));
    }
    for l in &out {
        if l.len() > MAX_LINE {
            return Err(format!("a {}-byte output line: {:.200}…", l.len(), l));
        }
        if let Some(m) = l.strip_prefix("bestmove ") {
            let mv = m.split_whitespace().next().unwrap_or("");
            if !(4..=5).contains(&mv.len()) {
                return Err(format!("malformed bestmove line {l:?}"));
            }
        }
    }
    let errors: Vec<String> = out
        .iter()
        .filter_map(|l| l.strip_prefix("info string error: "))
        .map(|e| super::targets::class("", e))
        .collect();
    Ok(format!("uci:{}go:{}", errors.first().map_or("", |s| s.as_str()), gos.min(3)))
}

/// Lets the running search think for `think`, then stops it as a GUI would and pumps it to its
/// end (and sends `stop` for a held `bestmove`). Returns the time spent.
fn search(session: &mut UciSession, think: Duration, out: &mut Vec<String>) -> Result<Duration, String> {
    let t0 = Instant::now();
    let interrupt = session.interrupt();
    let (cancel, wait) = mpsc::channel::<()>();
    let gui = std::thread::spawn(move || {
        if wait.recv_timeout(think).is_err() {
            interrupt.stop();
        }
    });
    let mut stopped_at = None;
    while session.running() {
        session.pump(NATIVE_SLICE_BATCHES, &mut |l| out.push(l.to_string()));
        if t0.elapsed() >= think {
            let at = *stopped_at.get_or_insert(Instant::now());
            session.interrupt().stop();
            if at.elapsed() > STOP_GRACE {
                let _ = cancel.send(());
                return Err(format!("the search did not end {STOP_GRACE:?} after stop:\n{}", tail(out)));
            }
        }
    }
    let _ = cancel.send(());
    let _ = gui.join();
    if t0.elapsed() > think + STOP_GRACE {
        return Err(format!(
            "the search ended {:?} after stop (allowed {STOP_GRACE:?})",
            t0.elapsed() - think
        ));
    }
    if session.searching() {
        // `go infinite` / `go ponder`: the bestmove is held until the GUI's `stop`.
        session.handle_line("stop", &mut |l| out.push(l.to_string()));
    }
    Ok(t0.elapsed())
}

fn tail(out: &[String]) -> String {
    out.iter().rev().take(12).rev().map(|l| format!("{l:.160}")).collect::<Vec<_>>().join("\n")
}

/// The same input through the real `tmlab uci` over pipes, all lines at once (so `go` lines
/// may arrive while a search runs and be refused), up to the first `quit`, then `stop`.
/// Exactly one `bestmove` per accepted `go`, and the engine exits when stdin closes.
pub fn run_pipe(data: &[u8]) -> Result<String, String> {
    use std::io::{Read, Write};
    use std::process::{Command, Stdio};
    let mut input = Vec::new();
    let mut gos = 0usize;
    for raw in data.split(|&b| b == b'\n') {
        let cmd = std::str::from_utf8(raw).map(|l| command(l.trim_end_matches('\r')).to_string());
        match cmd.as_deref() {
            Ok("quit") => break,
            Ok("go") => gos += 1,
            _ => {}
        }
        input.extend_from_slice(raw);
        input.push(b'\n');
    }
    input.extend_from_slice(b"stop\n");
    let mut child = Command::new(env!("CARGO_BIN_EXE_tmlab"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("start tmlab uci: {e}"))?;
    let mut stdin = child.stdin.take().expect("piped stdin");
    let mut stdout = child.stdout.take().expect("piped stdout");
    let (tx, rx) = mpsc::channel::<Vec<u8>>();
    let reader = std::thread::spawn(move || {
        let mut buf = [0u8; 8192];
        while let Ok(n) = stdout.read(&mut buf) {
            if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let _ = stdin.write_all(&input);
    let _ = stdin.flush();
    let mut text = Vec::new();
    let t0 = Instant::now();
    let settled = |text: &[u8]| {
        let s = String::from_utf8_lossy(text);
        let n = |p: &str| s.lines().filter(|l| l.starts_with(p)).count();
        n("bestmove") + n("info string error: go ignored") >= gos
    };
    while !settled(&text) && t0.elapsed() < STOP_GRACE * 3 {
        if let Ok(chunk) = rx.recv_timeout(Duration::from_millis(50)) {
            text.extend_from_slice(&chunk);
        }
    }
    drop(stdin);
    let t1 = Instant::now();
    loop {
        match rx.recv_timeout(Duration::from_millis(50)) {
            Ok(chunk) => text.extend_from_slice(&chunk),
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
            Err(mpsc::RecvTimeoutError::Timeout) if t1.elapsed() > STOP_GRACE * 2 => {
                let _ = child.kill();
                let _ = child.wait();
                return Err("tmlab uci did not exit after stdin closed".into());
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
    }
    let _ = reader.join();
    let status = child.wait().map_err(|e| e.to_string())?;
    let s = String::from_utf8_lossy(&text);
    let out: Vec<String> = s.lines().map(str::to_string).collect();
    if !status.success() {
        return Err(format!("tmlab uci exited with {status}:\n{}", tail(&out)));
    }
    let n = |p: &str| out.iter().filter(|l| l.starts_with(p)).count();
    let accepted = gos - n("info string error: go ignored").min(gos);
    if n("bestmove") != accepted {
        return Err(format!("pipe: {accepted} accepted go got {} bestmove:\n{}", n("bestmove"), tail(&out)));
    }
    Ok(format!("pipe:{}", accepted.min(3)))
}
