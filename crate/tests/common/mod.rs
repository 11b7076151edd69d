//! A UCI client over the real binary's pipes, shared by the pipe tests.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// `tmlab uci` as a child process.
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
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
        let mut e = Engine { child, stdin, stdout };
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

    /// Reads until a line starting with `prefix`: that line and the lines before it.
    pub fn until(&mut self, prefix: &str) -> (String, Vec<String>) {
        let mut seen = Vec::new();
        loop {
            let mut l = String::new();
            assert!(self.stdout.read_line(&mut l).unwrap() > 0, "engine closed its output; saw {seen:?}");
            let l = l.trim().to_string();
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
