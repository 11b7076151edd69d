//! The UCI protocol: one line in, zero or more lines out. The same code serves native stdin
//! (`tmlab uci`) and the browser worker (lines over `postMessage`).

/// The engine's name in `id name`.
pub const ENGINE_NAME: &str = concat!("tmlab ", env!("CARGO_PKG_VERSION"));
/// The engine's author in `id author`.
pub const ENGINE_AUTHOR: &str = "the tmlab developers";

/// A UCI session: parses command lines and writes responses through a callback.
#[derive(Debug, Default)]
pub struct UciSession {
    quit: bool,
}

impl UciSession {
    /// A new session.
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether `quit` was received.
    pub fn quit_requested(&self) -> bool {
        self.quit
    }

    /// Handle one input line, writing each response line to `out`.
    ///
    /// Unknown commands are ignored, as the UCI specification says.
    pub fn handle_line(&mut self, line: &str, out: &mut dyn FnMut(&str)) {
        let mut words = line.split_whitespace();
        match words.next() {
            Some("uci") => {
                out(&format!("id name {ENGINE_NAME}"));
                out(&format!("id author {ENGINE_AUTHOR}"));
                out("uciok");
            }
            Some("isready") => out("readyok"),
            Some("quit") => self.quit = true,
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(session: &mut UciSession, line: &str) -> Vec<String> {
        let mut lines = Vec::new();
        session.handle_line(line, &mut |l| lines.push(l.to_string()));
        lines
    }

    #[test]
    fn handshake() {
        let mut s = UciSession::new();
        let out = run(&mut s, "uci");
        assert_eq!(out.last().map(String::as_str), Some("uciok"));
        assert!(out[0].starts_with("id name tmlab"));
        assert_eq!(run(&mut s, "  isready  "), ["readyok"]);
        assert!(run(&mut s, "xyzzy 1 2").is_empty());
        assert!(!s.quit_requested());
        run(&mut s, "quit");
        assert!(s.quit_requested());
    }
}
