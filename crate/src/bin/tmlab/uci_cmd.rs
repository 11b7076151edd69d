//! `tmlab uci`: the UCI engine on stdin/stdout.
//!
//! A reader thread reads stdin as bytes and forwards each line over a channel. It pokes the
//! session's interrupt handle for `stop`, `ponderhit` and `quit`, so they take effect inside a
//! running alpha-beta search, and while a search runs with no earlier line still queued it
//! answers `isready` itself (UCI wants `readyok` at once even then; a `readyok` never overtakes
//! a line sent before it). A line that is not valid UTF-8 is answered with
//! `info string error` naming it, and the engine carries on. The main thread handles lines and
//! pumps the search in slices while one runs. Both threads write whole lines through the locked
//! stdout; a closed stdout ends the engine quietly.

use std::io::{BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, TryRecvError};

use tmlab::uci::{NATIVE_SLICE_BATCHES, UciSession};

#[derive(clap::Args)]
pub struct Args {}

/// Writes one line to stdout and flushes; `false` once stdout is closed.
fn write_line(line: &str) -> bool {
    let mut o = std::io::stdout().lock();
    writeln!(o, "{line}").and_then(|()| o.flush()).is_ok()
}

use tmlab::excerpt::excerpt;

pub fn run(_args: Args) -> Result<(), String> {
    let mut session = UciSession::new();
    let interrupt = session.interrupt();
    let searching = Arc::new(AtomicBool::new(false));
    let closed = Arc::new(AtomicBool::new(false));
    // Lines the reader has queued and the main thread not yet taken: `isready` is answered by
    // the reader only when none are, so `readyok` never overtakes an earlier command.
    let queued = Arc::new(AtomicUsize::new(0));
    let (tx, rx) = mpsc::channel::<String>();
    {
        let (searching, closed, queued) = (searching.clone(), closed.clone(), queued.clone());
        std::thread::spawn(move || {
            let mut input = std::io::stdin().lock();
            let mut buf = Vec::new();
            let mut number = 0u64;
            loop {
                buf.clear();
                match input.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {}
                }
                number += 1;
                let line = match String::from_utf8(std::mem::take(&mut buf)) {
                    Ok(l) => l,
                    Err(e) => {
                        let shown = excerpt(String::from_utf8_lossy(e.as_bytes()).trim_end());
                        let msg = format!(
                            "info string error: input line {number} is not valid UTF-8 (byte {}): {shown:?}; ignored",
                            e.utf8_error().valid_up_to() + 1
                        );
                        if !write_line(&msg) {
                            closed.store(true, Ordering::Relaxed);
                        }
                        continue;
                    }
                };
                let line = line.trim_end_matches(['\n', '\r']).to_string();
                match line.split_whitespace().next() {
                    Some("stop") | Some("quit") => interrupt.stop(),
                    Some("ponderhit") => interrupt.ponderhit(),
                    Some("tmlab") if line.split_whitespace().nth(1) == Some("cancel") => interrupt.cancel(),
                    Some("isready")
                        if searching.load(Ordering::Acquire) && queued.load(Ordering::Acquire) == 0 =>
                    {
                        if !write_line("readyok") {
                            closed.store(true, Ordering::Relaxed);
                            interrupt.stop();
                        }
                        continue;
                    }
                    _ => {}
                }
                queued.fetch_add(1, Ordering::AcqRel);
                if tx.send(line).is_err() {
                    return;
                }
            }
            interrupt.stop();
            queued.fetch_add(1, Ordering::AcqRel);
            let _ = tx.send("quit".into());
        });
    }
    let mut out = |l: &str| {
        if !write_line(l) {
            closed.store(true, Ordering::Relaxed);
        }
    };
    loop {
        if closed.load(Ordering::Relaxed) {
            break;
        }
        let line = if session.running() {
            match rx.try_recv() {
                Ok(l) => Some(l),
                Err(TryRecvError::Empty) => {
                    searching.store(true, Ordering::Release);
                    session.pump(NATIVE_SLICE_BATCHES, &mut out);
                    searching.store(false, Ordering::Release);
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
            queued.fetch_sub(1, Ordering::AcqRel);
            session.handle_line(&l, &mut out);
            if session.quit_requested() {
                break;
            }
        }
    }
    Ok(())
}
