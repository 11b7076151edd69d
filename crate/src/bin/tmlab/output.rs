//! Writing command output: one write of the whole text, and a closed pipe (`| head`) is not an
//! error.

use std::io::{ErrorKind, Write};

/// Prints `text` to stdout; a reader that went away early is fine.
pub fn print(text: &str) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != ErrorKind::BrokenPipe => Err(format!("cannot write output: {e}")),
        _ => Ok(()),
    }
}
