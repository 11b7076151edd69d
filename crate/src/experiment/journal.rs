//! The resume journal of a sweep or a tune, and the saved records of the browser's views: one
//! format for every record that must survive a kill or a reload.
//!
//! A record is one line of JSON that carries the CRC-32 of its own payload:
//! ```text
//! {"sum":"1c291ca3","record":{"value":0,"game":{…}}}
//! ```
//! `sum` is the CRC-32 (IEEE) of the exact bytes between `"record":` and the line's last `}`,
//! in 8 lowercase hex digits, so a flipped byte anywhere in the payload (a result, a value) is
//! caught, and the line stays JSON that `jq` reads. A journal file is a header record (the
//! experiment's kind and full settings) followed by one record per finished unit of work (a
//! game, an iteration), each written and flushed whole.
//!
//! Reading is tolerant: CRLF line ends, blank lines and NUL bytes (what a crash can leave at a
//! file's end) are skipped; a line that is not a sealed record, or whose sum does not match, is
//! a [`Damage`] naming its line and why, and costs that line only: every other record is kept.
//! Numbers round-trip exactly (serde_json's `float_roundtrip`).

use crate::error::FieldError;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::excerpt::{excerpt, excerpt_quoted};

#[cfg(not(target_arch = "wasm32"))]
mod file;
#[cfg(not(target_arch = "wasm32"))]
pub use file::JournalFile;

/// The journal format's version (1 had no checksums).
pub const VERSION: u32 = 2;

const PREFIX: &str = "{\"sum\":\"";
const MIDDLE: &str = "\",\"record\":";

/// The CRC-32 table (IEEE polynomial, reflected).
const TABLE: [u32; 256] = {
    let mut t = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 == 1 { 0xEDB8_8320 ^ (c >> 1) } else { c >> 1 };
            k += 1;
        }
        t[i] = c;
        i += 1;
    }
    t
};

/// CRC-32 (IEEE 802.3, as zlib and PNG compute it) of `bytes`.
pub fn crc32(bytes: &[u8]) -> u32 {
    !bytes.iter().fold(!0u32, |c, &b| TABLE[((c ^ u32::from(b)) & 0xff) as usize] ^ (c >> 8))
}

/// The sealed line (without its newline) of a record given as JSON text. The text must be one
/// line of JSON (serde_json's compact output is).
pub fn seal_text(record_json: &str) -> String {
    format!("{PREFIX}{:08x}{MIDDLE}{record_json}}}", crc32(record_json.as_bytes()))
}

/// The sealed line (without its newline) of `record`.
///
/// # Errors
/// The record does not serialise (a map with non-string keys).
pub fn seal<T: Serialize>(record: &T) -> Result<String, FieldError> {
    serde_json::to_string(record).map(|s| seal_text(&s)).map_err(|e| FieldError::message(e.to_string()))
}

/// The record of a sealed line, checked against its sum.
///
/// # Errors
/// Why the line is not an intact record (in words a user can act on).
pub fn open(line: &str) -> Result<Value, FieldError> {
    let line = clean(line);
    let body = line
        .strip_prefix(PREFIX)
        .and_then(|rest| {
            let (sum, rest) = (rest.get(..8)?, rest.get(8..)?);
            let payload = rest.strip_prefix(MIDDLE)?.strip_suffix('}')?;
            Some((sum, payload))
        })
        .filter(|(sum, _)| sum.bytes().all(|b| b.is_ascii_hexdigit()));
    let Some((sum, payload)) = body else {
        return Err(FieldError::message(format!("not a sealed tmlab record: {:?}", excerpt(line))));
    };
    let want = u32::from_str_radix(sum, 16).map_err(|e| FieldError::message(e.to_string()))?;
    let got = crc32(payload.as_bytes());
    if got != want {
        return Err(FieldError::message(format!(
            "checksum mismatch (the record says {sum}, its contents give {got:08x}): it was changed or damaged"
        )));
    }
    serde_json::from_str(payload).map_err(|e| FieldError::message(format!("the record is not JSON: {e}")))
}

/// A line with its line end, surrounding blanks and NUL bytes removed.
fn clean(line: &str) -> &str {
    line.trim_matches(|c: char| c == '\0' || c.is_whitespace())
}

/// A record that was refused, and why: it costs its own line only.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Damage {
    /// Its position: the line of a file (1-based), or the index of a browser record.
    pub line: usize,
    /// Why it was refused: at most [`MAX_WHY_CHARS`] characters, each quoted input an excerpt
    /// (the page and the CLI show it as it is).
    pub why: String,
}

/// The longest reason a [`Damage`] gives, characters.
pub const MAX_WHY_CHARS: usize = 200;

impl Damage {
    /// A damaged record at `line`.
    pub fn new(line: usize, why: impl Into<String>) -> Self {
        Damage { line, why: excerpt_quoted(&why.into(), &['`', '"'], MAX_WHY_CHARS) }
    }
}

/// The records of a journal's text, in order: `(line, record)`, and the damaged lines. Blank
/// lines (after removing `\r`, NULs and spaces) are skipped; a last line without its newline is
/// kept if it is intact (the newline is all a kill took), else named as cut short.
pub fn read(text: &str) -> (Vec<(usize, Value)>, Vec<Damage>) {
    let mut records = Vec::new();
    let mut damaged = Vec::new();
    let last = text.split('\n').count();
    for (i, raw) in text.split('\n').enumerate() {
        if clean(raw).is_empty() {
            continue;
        }
        match open(raw) {
            Ok(v) => records.push((i + 1, v)),
            Err(why) if i + 1 == last => damaged.push(Damage::new(
                i + 1,
                format!("cut short: the last line has no newline, so its write was interrupted ({why})"),
            )),
            Err(why) => damaged.push(Damage::new(i + 1, why)),
        }
    }
    (records, damaged)
}

/// The header record of a journal of `kind` (`sweep`, `tune`) with `settings`.
pub fn header(kind: &str, settings: &Value) -> Value {
    json!({ "journal": "tmlab", "version": VERSION, "kind": kind, "settings": settings })
}

/// Checks a journal's first record against the header this experiment would write.
///
/// # Errors
/// Not a tmlab journal, another version, another kind of experiment or other settings.
pub fn check_header(found: &Value, kind: &str, settings: &Value) -> Result<(), FieldError> {
    if found.get("journal").and_then(Value::as_str) != Some("tmlab") {
        return Err(FieldError::message("its first record is not a tmlab journal header"));
    }
    if found.get("version") != Some(&json!(VERSION)) {
        return Err(FieldError::message(format!(
            "it is journal version {}; this tmlab reads version {VERSION}: use a new file",
            found.get("version").map_or_else(|| "?".to_string(), Value::to_string)
        )));
    }
    if found.get("kind").and_then(Value::as_str) != Some(kind) {
        return Err(FieldError::message(format!(
            "written by `tmlab {}`, not `tmlab {kind}`",
            excerpt(found.get("kind").and_then(Value::as_str).unwrap_or("?"))
        )));
    }
    let file = found.get("settings").unwrap_or(&Value::Null);
    if file != settings {
        let mut diffs = Vec::new();
        differences("", file, settings, &mut diffs);
        let shown: Vec<&str> = diffs.iter().take(4).map(String::as_str).collect();
        let more = if diffs.len() > 4 { format!("; and {} more", diffs.len() - 4) } else { String::new() };
        return Err(FieldError::message(format!(
            "written by a {kind} with other settings ({}{more}); use a new file or the same flags",
            shown.join("; ")
        )));
    }
    Ok(())
}

/// The paths where two settings differ: `match.games: the file has 20, this run 40`.
fn differences(path: &str, file: &Value, now: &Value, out: &mut Vec<String>) {
    let at = |k: &str| if path.is_empty() { k.to_string() } else { format!("{path}.{k}") };
    match (file, now) {
        (Value::Object(a), Value::Object(b)) => {
            let mut keys: Vec<&String> = a.keys().chain(b.keys()).collect();
            keys.sort();
            keys.dedup();
            for k in keys {
                differences(&at(k), a.get(k).unwrap_or(&Value::Null), b.get(k).unwrap_or(&Value::Null), out);
            }
        }
        _ if file != now => out.push(format!(
            "{}: the file has {}, this run {}",
            if path.is_empty() { "settings" } else { path },
            excerpt(&file.to_string()),
            excerpt(&now.to_string())
        )),
        _ => {}
    }
}

/// One line per damaged record, for a report: `line 7: checksum mismatch …; skipped`.
pub fn describe(damaged: &[Damage], what: &str) -> Vec<String> {
    damaged.iter().map(|d| format!("{what} {}: {}; skipped", d.line, d.why)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc32_matches_the_standard_check_value() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
    }

    #[test]
    fn a_sealed_record_opens_and_any_changed_byte_is_caught() {
        let rec = json!({"value": 1, "game": {"outcome_a": "win", "x": 0.049_999_999_999_999_996}});
        let line = seal(&rec).unwrap();
        assert_eq!(open(&line).unwrap(), rec, "floats round-trip exactly");
        assert_eq!(open(&format!("{line}\r")).unwrap(), rec, "CRLF");
        assert_eq!(open(&format!("\0\0{line}\0")).unwrap(), rec, "NULs");
        let flipped = line.replace("win", "wix");
        assert!(open(&flipped).unwrap_err().to_string().starts_with("checksum mismatch"), "{flipped}");
        for i in 0..line.len() {
            let mut b = line.clone().into_bytes();
            b[i] ^= 0x04;
            if let Ok(s) = String::from_utf8(b) {
                assert!(open(&s).is_err(), "byte {i} flipped: {s}");
            }
        }
        assert!(
            open("{\"kind\":\"sweep\"}").unwrap_err().to_string().starts_with("not a sealed tmlab record")
        );
    }

    #[test]
    fn reading_skips_blanks_names_damage_and_keeps_the_rest() {
        let lines: Vec<String> = (0..5).map(|i| seal(&json!({ "i": i })).unwrap()).collect();
        let mut text = format!("{}\r\n\n{}\n", lines[0], lines[1]);
        text += &lines[2].replace("\"i\":2", "\"i\":7");
        text += &format!("\n{}\n{}\n\0\0\0", lines[3], lines[4]);
        let (records, damaged) = read(&text);
        let kept: Vec<(usize, i64)> = records.iter().map(|(l, v)| (*l, v["i"].as_i64().unwrap())).collect();
        assert_eq!(kept, [(1, 0), (3, 1), (5, 3), (6, 4)]);
        assert_eq!(damaged.len(), 1);
        assert_eq!(damaged[0].line, 4);
        assert!(damaged[0].why.starts_with("checksum mismatch"), "{damaged:?}");
        // A torn last line is named as cut short; an intact one without its newline is kept.
        let (r, d) = read(&format!("{}\n{}", lines[0], &lines[1][..20]));
        assert_eq!((r.len(), d.len()), (1, 1));
        assert!(d[0].why.starts_with("cut short"), "{d:?}");
        let (r, d) = read(&format!("{}\n{}", lines[0], lines[1]));
        assert_eq!((r.len(), d.len()), (2, 0));
    }

    #[test]
    fn headers_name_what_differs() {
        let s = json!({"games": 4});
        let h = header("sweep", &s);
        assert!(check_header(&h, "sweep", &s).is_ok());
        assert!(check_header(&h, "tune", &s).unwrap_err().to_string().contains("written by `tmlab sweep`"));
        assert_eq!(
            check_header(&h, "sweep", &json!({"games": 6})).unwrap_err().to_string(),
            "written by a sweep with other settings (games: the file has 4, this run 6); use a new file or the same flags"
        );
        let old = json!({"kind": "sweep", "settings": s});
        assert!(
            check_header(&old, "sweep", &s).unwrap_err().to_string().contains("not a tmlab journal header")
        );
    }
}
