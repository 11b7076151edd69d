//! The library's errors are typed: no function of `crate/src` (the binary's `bin/` aside) or of
//! the search crate's `crate/search/src` returns
//! `Result<_, String>`, and no `FromStr` has `type Err = String`. An error is the crate's
//! `FieldError` `{path, message, allowed}` (or a module's typed error that converts into it), so
//! the CLI maps its path to a flag and the page reads its fields instead of splitting text.
#![cfg(not(target_arch = "wasm32"))]

use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, `bin/` left out.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("crate/src is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n != "bin") {
                sources(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The error types a text names as `Result<T, E>`'s second argument (generics and tuples in `T`
/// skipped), and `type Err = E;` lines, with their 1-based line numbers.
fn error_types(text: &str) -> Vec<(usize, String)> {
    let line_of = |at: usize| text[..at].matches('\n').count() + 1;
    let mut found = Vec::new();
    for (at, _) in text.match_indices("Result<") {
        // `io::Result<…>`/`fmt::Result` and `SomeResult<` are other types.
        if text[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        let (mut depth, mut comma, mut end) = (0i32, None, None);
        for (i, c) in text[at + "Result".len()..].char_indices() {
            let i = at + "Result".len() + i;
            match c {
                '<' | '(' | '[' => depth += 1,
                '>' | ')' | ']' => {
                    depth -= 1;
                    if depth == 0 {
                        end = Some(i);
                        break;
                    }
                }
                ',' if depth == 1 => comma = Some(i),
                ';' | '{' => break,
                _ => {}
            }
        }
        if let (Some(comma), Some(end)) = (comma, end) {
            found.push((line_of(at), text[comma + 1..end].trim().to_string()));
        }
    }
    for (at, _) in text.match_indices("type Err =") {
        let rest = &text[at + "type Err =".len()..];
        found.push((line_of(at), rest[..rest.find(';').unwrap_or(rest.len())].trim().to_string()));
    }
    found
}

#[test]
fn the_scanner_finds_string_errors_and_only_them() {
    let sample = "fn a() -> Result<(), String> {}\n\
                  fn b() -> Result<Vec<(u8, String)>, FieldError> {}\n\
                  fn c() -> std::io::Result<String> {}\n\
                  fn d(f: &mut dyn FnMut() -> Result<HashMap<String, u8>, std::string::String>) {}\n\
                  impl FromStr for X { type Err = String; }\n";
    let strings: Vec<usize> = error_types(sample)
        .into_iter()
        .filter(|(_, e)| e == "String" || e == "std::string::String")
        .map(|(line, _)| line)
        .collect();
    assert_eq!(strings, [1, 4, 5]);
}

#[test]
fn no_library_function_returns_a_string_error() {
    // tmlab's own sources and the search crate's (crate/search: search, stop, error, excerpt).
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let roots = [manifest.join("src"), manifest.join("search/src")];
    let mut files = Vec::new();
    for root in &roots {
        let before = files.len();
        sources(root, &mut files);
        assert!(files.len() - before > 20, "{} files under {}", files.len() - before, root.display());
    }
    assert!(files.len() > 100, "{} files under {roots:?}", files.len());
    let mut offenders = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("a source file");
        for (line, err) in error_types(&text) {
            if err == "String" || err == "std::string::String" {
                offenders
                    .push(format!("{}:{line}: {err}", file.strip_prefix(manifest).unwrap_or(file).display()));
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "{} library signatures return a string error; return tmlab::error::FieldError (path, message, \
         allowed) or a typed error that converts into it:\n{}",
        offenders.len(),
        offenders.join("\n")
    );
}
