//! Writing command output: one write of the whole text, and a closed pipe (`| head`) is not an
//! error; output files opened before a long command's first game and written after its results
//! are printed, so a bad path costs nothing and a failed write loses no result.

use std::fs::File;
use std::io::{ErrorKind, Seek, Write};

/// Prints `text` to stdout; a reader that went away early is fine.
pub fn print(text: &str) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != ErrorKind::BrokenPipe => Err(format!("cannot write output: {e}")),
        _ => Ok(()),
    }
}

/// An output file (`--svg FILE`, `--json FILE`) opened before the work starts: a path that
/// cannot be written is refused before any game is played. Its contents are written at the end.
pub struct OutFile {
    flag: &'static str,
    path: String,
    file: File,
}

impl OutFile {
    /// Opens `path` for writing (created if missing; an existing file is kept until
    /// [`OutFile::write`]).
    ///
    /// # Errors
    /// The path cannot be opened for writing: `{flag} {path}: {why}`.
    pub fn open(flag: &'static str, path: &str) -> Result<OutFile, String> {
        let file = std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(|e| format!("{flag} {path}: {e}"))?;
        Ok(OutFile { flag, path: path.to_string(), file })
    }

    /// `OutFile::open` for an optional flag.
    ///
    /// # Errors
    /// As [`OutFile::open`].
    pub fn maybe(flag: &'static str, path: &Option<String>) -> Result<Option<OutFile>, String> {
        path.as_deref().map(|p| OutFile::open(flag, p)).transpose()
    }

    /// Replaces the file's contents with `text`.
    ///
    /// # Errors
    /// The write failed: `{flag} {path}: {why}`.
    pub fn write(mut self, text: &[u8]) -> Result<(), String> {
        self.file
            .set_len(0)
            .and_then(|()| self.file.rewind())
            .and_then(|()| self.file.write_all(text))
            .and_then(|()| self.file.flush())
            .map_err(|e| format!("{} {}: {e}", self.flag, self.path))
    }
}

/// After the results are printed: the first of the output files' write errors, saying that the
/// results above are complete.
pub fn after_results(errors: Vec<String>) -> Result<(), String> {
    match errors.as_slice() {
        [] => Ok(()),
        [one] => Err(format!("{one} (the results above are complete; that file is not)")),
        [first, rest @ ..] => Err(format!(
            "{first} (and {} more output file(s); the results above are complete, the files are not)",
            rest.len()
        )),
    }
}

/// Prints the damaged records of a resume file (at most 20 lines, then a count).
#[cfg(not(target_arch = "wasm32"))]
pub fn report_damage(path: &str, damaged: &[tmlab::experiment::journal::Damage], then: &str) {
    let mut lines = damaged.to_vec();
    lines.sort_by_key(|d| d.line);
    for d in lines.iter().take(20) {
        eprintln!("--resume {path}: line {}: {}; skipped ({then})", d.line, d.why);
    }
    if lines.len() > 20 {
        eprintln!("--resume {path}: and {} more damaged lines, skipped", lines.len() - 20);
    }
}
