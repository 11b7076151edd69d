//! The resume file of a sweep or a tune: JSON lines, the first a header naming the experiment
//! and its full settings, then one record per finished unit of work (a game, an iteration),
//! each flushed as it is written. Rerunning with the same file skips what is recorded; a file
//! written by different settings is refused, and a line torn by a kill is dropped.

use std::fs::{File, OpenOptions};
use std::io::{Seek, SeekFrom, Write};

use serde::Serialize;
use serde_json::{Value, json};

/// An open resume file.
pub struct Journal {
    path: String,
    file: File,
    /// The records already in the file when it was opened.
    pub records: Vec<Value>,
}

impl Journal {
    /// Opens (or creates) `path` for an experiment of `kind` with `settings`.
    ///
    /// # Errors
    /// The file cannot be read or written, is not a resume file, or belongs to another
    /// experiment or other settings.
    pub fn open(path: &str, kind: &str, settings: &Value) -> Result<Journal, String> {
        let header = json!({ "kind": kind, "settings": settings });
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(format!("--resume {path}: {e}")),
        };
        let mut records = Vec::new();
        let mut good_len = 0;
        if !text.is_empty() {
            let mut lines = text.split_inclusive('\n');
            let first = lines.next().unwrap_or("");
            let h: Value = serde_json::from_str(first.trim()).map_err(|_| {
                format!("--resume {path}: not a tmlab resume file (its first line is not JSON)")
            })?;
            if h.get("kind") != header.get("kind") {
                return Err(format!(
                    "--resume {path}: written by `tmlab {}`, not `tmlab {kind}`",
                    h.get("kind").and_then(Value::as_str).unwrap_or("?")
                ));
            }
            if h.get("settings") != header.get("settings") {
                return Err(format!(
                    "--resume {path}: written by a {kind} with other settings; use a new file or the same flags.\n  file: {}\n  now:  {}",
                    h["settings"], header["settings"]
                ));
            }
            good_len = first.len();
            for line in lines {
                // A torn last line (no newline, or not JSON) is dropped and overwritten.
                match serde_json::from_str::<Value>(line.trim()) {
                    Ok(v) if line.ends_with('\n') => {
                        records.push(v);
                        good_len += line.len();
                    }
                    _ => break,
                }
            }
        }
        let mut file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(path)
            .map_err(|e| format!("--resume {path}: {e}"))?;
        let io = |e: std::io::Error| format!("--resume {path}: {e}");
        if text.is_empty() {
            writeln!(file, "{header}").map_err(io)?;
        } else {
            file.set_len(good_len as u64).map_err(io)?;
            file.seek(SeekFrom::End(0)).map_err(io)?;
        }
        file.flush().map_err(io)?;
        Ok(Journal { path: path.to_string(), file, records })
    }

    /// Appends one record and flushes it.
    ///
    /// # Errors
    /// The write failed.
    pub fn append<T: Serialize>(&mut self, record: &T) -> Result<(), String> {
        let line = serde_json::to_string(record).map_err(|e| e.to_string())?;
        writeln!(self.file, "{line}")
            .and_then(|()| self.file.flush())
            .map_err(|e| format!("--resume {}: {e}", self.path))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_survive_reopening_a_torn_line_is_dropped_and_other_settings_refused() {
        let dir = std::env::temp_dir().join(format!("tmlab-journal-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("j.jsonl");
        let path = path.to_str().unwrap();
        let _ = std::fs::remove_file(path);
        let s = json!({"games": 4});
        let mut j = Journal::open(path, "sweep", &s).unwrap();
        assert!(j.records.is_empty());
        j.append(&json!({"g": 1})).unwrap();
        j.append(&json!({"g": 2})).unwrap();
        drop(j);
        // A kill in the middle of a write.
        let mut f = OpenOptions::new().append(true).open(path).unwrap();
        write!(f, "{{\"g\": 3").unwrap();
        drop(f);
        let mut j = Journal::open(path, "sweep", &s).unwrap();
        assert_eq!(j.records, [json!({"g": 1}), json!({"g": 2})]);
        j.append(&json!({"g": 3})).unwrap();
        drop(j);
        assert_eq!(Journal::open(path, "sweep", &s).unwrap().records.len(), 3);
        let e = Journal::open(path, "sweep", &json!({"games": 6})).err().unwrap();
        assert!(e.contains("other settings"), "{e}");
        let e = Journal::open(path, "tune", &s).err().unwrap();
        assert!(e.contains("written by `tmlab sweep`"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
