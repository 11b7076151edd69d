//! Shared by the integration tests: a UCI client over the real binary's pipes, and a one-shot
//! CLI run.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

/// How long [`Engine::until`] waits for a line: a hung engine fails the test instead of stalling
/// the run.
const LINE_TIMEOUT: Duration = Duration::from_secs(60);

/// `tmlab uci` as a child process.
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    /// Starts the engine, sends `uci`, the options, `ucinewgame` and waits for `readyok`.
    pub fn start(options: &[&str]) -> Engine {
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
        let mut e = Engine { child, stdin, lines };
        e.send("uci");
        e.until("uciok");
        for o in options {
            e.send(o);
        }
        e.send("ucinewgame");
        e.send("isready");
        e.until("readyok");
        e
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Reads until a line starting with `prefix`: that line and the lines before it. Panics
    /// when the engine closes its output or says nothing for a minute.
    pub fn until(&mut self, prefix: &str) -> (String, Vec<String>) {
        let mut seen = Vec::new();
        loop {
            let l = match self.lines.recv_timeout(LINE_TIMEOUT) {
                Ok(l) => l.trim().to_string(),
                Err(e) => panic!("no `{prefix}` from the engine ({e}); saw {seen:?}"),
            };
            if l.starts_with(prefix) {
                return (l, seen);
            }
            seen.push(l);
        }
    }

    /// Sends `quit` and checks the exit status.
    pub fn quit(mut self) {
        self.send("quit");
        let status = self.child.wait().unwrap();
        assert!(status.success());
    }
}

/// Runs `tmlab ARGS`: its exit code, stdout and stderr.
pub fn tmlab(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tmlab")).args(args).output().expect("run tmlab");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
