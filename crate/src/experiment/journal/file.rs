//! A journal on disk: read whole when opened (damaged lines named and skipped, nothing
//! truncated or rewritten), then appended to one flushed line per record.

use crate::error::FieldError;
use std::fs::{File, OpenOptions};
use std::io::Write;

use serde::Serialize;
use serde_json::Value;

use super::{Damage, check_header, header, read, seal};

/// An open resume file.
pub struct JournalFile {
    path: String,
    file: File,
    /// The records already in the file when it was opened (after the header): `(line, record)`.
    pub records: Vec<(usize, Value)>,
    /// The lines that were refused (each costs its own record only).
    pub damaged: Vec<Damage>,
}

impl JournalFile {
    /// Opens (or creates) `path` for an experiment of `kind` with `settings`.
    ///
    /// # Errors
    /// The file cannot be read or written, its header is damaged or not a tmlab journal's, or
    /// it belongs to another experiment or other settings. A damaged record is not an error:
    /// it is listed in [`JournalFile::damaged`].
    pub fn open(path: &str, kind: &str, settings: &Value) -> Result<JournalFile, FieldError> {
        // The path is the flag's (`--resume FILE`); the message starts with the file.
        let err = |e: String| FieldError::new("resume", format!("{path}: {e}"), "");
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
            Err(e) => return Err(err(e.to_string())),
        };
        // Bytes that are not UTF-8 damage their own line only.
        let text = String::from_utf8_lossy(&bytes);
        let (mut records, mut damaged) = read(&text);
        let first_damaged = damaged.first().map(|d| d.line);
        let first_record = records.first().map(|r| r.0);
        let fresh = records.is_empty() && damaged.is_empty();
        if !fresh {
            // The header is the first non-blank line: it must be intact, or nothing can be
            // checked against this run's settings.
            if first_damaged.is_some_and(|d| first_record.is_none_or(|r| d < r)) {
                let d = &damaged[0];
                let old = text.lines().nth(d.line - 1).and_then(|l| serde_json::from_str::<Value>(l).ok());
                let why = if old.is_some_and(|v| v.get("kind").is_some() && v.get("settings").is_some()) {
                    "written by an older tmlab (journal version 1, without checksums); use a new file"
                        .to_string()
                } else {
                    format!(
                        "line {} (the header with the settings) is damaged ({}); nothing in the file can be checked against this run, so none of it is used: use a new file",
                        d.line, d.why
                    )
                };
                return Err(err(why));
            }
            let (_, h) = records.remove(0);
            check_header(&h, kind, settings).map_err(|e| err(e.text()))?;
        }
        let mut file =
            OpenOptions::new().create(true).append(true).open(path).map_err(|e| err(e.to_string()))?;
        let io = |e: std::io::Error| err(e.to_string());
        if fresh {
            // An empty file, or only blank lines: start it with the header.
            let sep = if bytes.is_empty() || bytes.ends_with(b"\n") { "" } else { "\n" };
            writeln!(file, "{sep}{}", seal(&header(kind, settings)).map_err(|e| err(e.text()))?)
                .map_err(io)?;
        } else if !bytes.ends_with(b"\n") {
            // A last line without its newline (kept if intact, else named): the next record
            // starts on a line of its own.
            writeln!(file).map_err(io)?;
        }
        file.flush().map_err(io)?;
        damaged.sort_by_key(|d| d.line);
        Ok(JournalFile { path: path.to_string(), file, records, damaged })
    }

    /// Appends one record and flushes it.
    ///
    /// # Errors
    /// The write failed.
    pub fn append<T: Serialize>(&mut self, record: &T) -> Result<(), FieldError> {
        let line = seal(record)?;
        writeln!(self.file, "{line}")
            .and_then(|()| self.file.flush())
            .map_err(|e| FieldError::new("resume", format!("{}: {e}", self.path), ""))
    }

    /// The file's path.
    pub fn path(&self) -> &str {
        &self.path
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn temp(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("tmlab-journal-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("j.jsonl")
    }

    #[test]
    fn records_survive_reopening_and_damage_costs_one_line() {
        let path = temp("reopen");
        let path = path.to_str().unwrap();
        let _ = std::fs::remove_file(path);
        let s = json!({"games": 4});
        let mut j = JournalFile::open(path, "sweep", &s).unwrap();
        assert!(j.records.is_empty() && j.damaged.is_empty());
        for g in 1..=4 {
            j.append(&json!({ "g": g })).unwrap();
        }
        drop(j);
        // Damage line 3 (g = 2), add a blank line, CRLF ends and a torn tail.
        let text = std::fs::read_to_string(path).unwrap();
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        lines[2] = lines[2].replace("\"g\":2", "\"g\":9");
        let mut text = lines.join("\r\n") + "\r\n\r\n";
        text += "{\"sum\":\"0000";
        std::fs::write(path, &text).unwrap();
        let mut j = JournalFile::open(path, "sweep", &s).unwrap();
        let gs: Vec<i64> = j.records.iter().map(|(_, v)| v["g"].as_i64().unwrap()).collect();
        assert_eq!(gs, [1, 3, 4]);
        let lines: Vec<usize> = j.damaged.iter().map(|d| d.line).collect();
        assert_eq!(lines, [3, 7], "{:?}", j.damaged);
        assert!(j.damaged[1].why.starts_with("cut short"));
        j.append(&json!({ "g": 2 })).unwrap();
        drop(j);
        // Nothing was truncated: the damaged lines are still there, and the new record too.
        let after = std::fs::read_to_string(path).unwrap();
        assert!(after.starts_with(&text), "the file was rewritten");
        let j = JournalFile::open(path, "sweep", &s).unwrap();
        assert_eq!(j.records.len(), 4);
        assert_eq!(j.damaged.len(), 2);
        let e = JournalFile::open(path, "sweep", &json!({"games": 6})).err().unwrap();
        assert!(e.to_string().contains("other settings"), "{e}");
        let e = JournalFile::open(path, "tune", &s).err().unwrap();
        assert!(e.to_string().contains("written by `tmlab sweep`"), "{e}");
        // A damaged header refuses the file (its settings cannot be checked) and keeps it.
        std::fs::write(path, text.replacen("sweep", "swept", 1)).unwrap();
        let e = JournalFile::open(path, "sweep", &s).err().unwrap();
        assert!(e.to_string().contains("line 1 (the header with the settings) is damaged"), "{e}");
        // A version-1 file is named as such.
        std::fs::write(path, "{\"kind\":\"sweep\",\"settings\":{\"games\":4}}\n{\"g\":1}\n").unwrap();
        let e = JournalFile::open(path, "sweep", &s).err().unwrap();
        assert!(e.to_string().contains("journal version 1"), "{e}");
        std::fs::remove_dir_all(std::path::Path::new(path).parent().unwrap()).unwrap();
    }
}
