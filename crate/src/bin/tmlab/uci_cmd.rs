//! `tmlab uci`: the UCI engine on stdin/stdout.
//!
//! A reader thread forwards stdin lines over a channel and pokes the session's interrupt handle
//! for `stop`, `ponderhit` and `quit`, so they take effect inside a running alpha-beta search;
//! the main thread handles lines and pumps the search in slices while one runs.

use std::io::{BufRead, Write};
use std::sync::mpsc::{self, TryRecvError};

use tmlab::uci::{NATIVE_SLICE_BATCHES, UciSession};

#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> Result<(), String> {
    let mut session = UciSession::new();
    let interrupt = session.interrupt();
    let (tx, rx) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            match line.split_whitespace().next() {
                Some("stop") | Some("quit") => interrupt.stop(),
                Some("ponderhit") => interrupt.ponderhit(),
                Some("tmlab") if line.split_whitespace().nth(1) == Some("cancel") => interrupt.cancel(),
                _ => {}
            }
            if tx.send(line).is_err() {
                return;
            }
        }
        interrupt.stop();
        let _ = tx.send("quit".into());
    });
    let stdout = std::io::stdout();
    let mut out = |l: &str| {
        let mut o = stdout.lock();
        let _ = writeln!(o, "{l}");
        let _ = o.flush();
    };
    loop {
        let line = if session.running() {
            match rx.try_recv() {
                Ok(l) => Some(l),
                Err(TryRecvError::Empty) => {
                    session.pump(NATIVE_SLICE_BATCHES, &mut out);
                    None
                }
                Err(TryRecvError::Disconnected) => break,
            }
        } else {
            match rx.recv() {
                Ok(l) => Some(l),
                Err(_) => break,
            }
        };
        if let Some(l) = line {
            session.handle_line(&l, &mut out);
            if session.quit_requested() {
                break;
            }
        }
    }
    Ok(())
}
