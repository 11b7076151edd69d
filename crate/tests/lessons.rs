//! Every lesson of the Learn view (`www/lessons/*.md`) renders with the crate: each number
//! placeholder `{{= …}}` evaluates (the same [`tmlab::experiment::lesson_numbers::evaluate`] the page calls
//! through wasm), each quoted number `{{q v="…" src="https://…"}}` carries its source, and no
//! prose, question, answer or notice holds a number typed by hand. A number is a token that
//! starts with a digit; `lc0` or `v0.17` are names, and code spans (`60+0.6`, formulas), link
//! texts (`[PR 1195](…)`) and the settings a try applies are not prose.
//!
//! Each try is a question with 2–3 answers, exactly one marked right, and a notice that names
//! at least one computed number (the reader finds it on the chart). References are titled links,
//! never seed file names.

use std::path::PathBuf;

use tmlab::experiment::lesson_numbers::evaluate;

fn lessons() -> Vec<(String, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../www/lessons");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read_to_string(&p).unwrap())
        })
        .collect()
}

/// The end of the placeholder that opens at `start` (`{{`), braces nested.
fn closing(text: &str, start: usize) -> Option<usize> {
    let b = text.as_bytes();
    let mut depth = 0;
    let mut i = start;
    while i + 1 < b.len() {
        if &b[i..i + 2] == b"{{" {
            depth += 1;
            i += 2;
        } else if &b[i..i + 2] == b"}}" {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return Some(i);
            }
        } else {
            i += 1;
        }
    }
    None
}

/// Replace every inline placeholder by its rendered text (`{{= …}}` evaluated, `{{q …}}` its
/// value), or report what failed. Returns the text with placeholders replaced by `▯`, so that
/// the number check sees only hand-typed text, and how many computed numbers it held.
fn render(text: &str, where_: &str, errors: &mut Vec<String>) -> (String, usize) {
    let mut out = String::new();
    let mut rest = text;
    let mut computed = 0;
    while let Some(i) = rest.find("{{") {
        out.push_str(&rest[..i]);
        let Some(end) = closing(rest, i) else {
            errors.push(format!("{where_}: an unclosed placeholder: {}", &rest[i..]));
            return (out, computed);
        };
        let inner = rest[i + 2..end - 2].trim();
        if let Some(expr) = inner.strip_prefix('=') {
            match evaluate(expr) {
                Ok(v) => {
                    assert!(!v.is_empty());
                    computed += 1;
                }
                Err(e) => errors.push(format!("{where_}: `{{{{={expr}}}}}`: {e}")),
            }
        } else if let Some(q) = inner.strip_prefix("q ") {
            if !(q.contains("src=\"https://") || q.contains("src=\"?view=")) || !q.contains("v=\"") {
                errors.push(format!(
                    "{where_}: a quoted number needs v=\"…\" and src=\"https://…\" (or a view): {inner}"
                ));
            }
        } else {
            errors.push(format!("{where_}: an unknown inline placeholder {{{{{inner}}}}}"));
        }
        out.push('▯');
        rest = &rest[end..];
    }
    out.push_str(rest);
    (out, computed)
}

/// Every `[text](glossary:scope/key)` names an entry of the crate's glossary.
fn glossary_links(text: &str, where_: &str, errors: &mut Vec<String>) {
    for part in text.split("](glossary:").skip(1) {
        let target = part.split(')').next().unwrap_or("");
        let (scope, key) = target.split_once('/').unwrap_or(("", target));
        if tmlab::tm::glossary::lookup(scope, key).is_none() {
            errors.push(format!("{where_}: no glossary entry `{target}`"));
        }
    }
}

/// Hand-typed numbers: tokens that start with a digit, outside code spans and link texts.
fn typed_numbers(text: &str) -> Vec<String> {
    let mut plain = String::new();
    let mut in_code = false;
    for c in text.chars() {
        if c == '`' {
            in_code = !in_code;
            plain.push(' ');
        } else if !in_code {
            plain.push(c);
        }
    }
    // Links: [text](url) → nothing.
    let mut s = plain;
    while let Some(i) = s.find('[') {
        let Some(j) = s[i..].find("](").map(|j| i + j) else { break };
        let Some(k) = s[j..].find(')').map(|k| j + k) else { break };
        s.replace_range(i..=k, " ");
    }
    let chars: Vec<char> = s.chars().collect();
    let mut found = Vec::new();
    for (i, c) in chars.iter().enumerate() {
        let prev = if i == 0 { ' ' } else { chars[i - 1] };
        if c.is_ascii_digit()
            && !prev.is_alphanumeric()
            && prev != '.'
            && prev != '_'
            && !prev.is_ascii_digit()
        {
            let start = i.saturating_sub(20);
            let end = (i + 20).min(chars.len());
            found.push(chars[start..end].iter().collect::<String>());
        }
    }
    found
}

#[test]
fn every_lesson_renders_with_computed_numbers_and_asks_before_it_reveals() {
    let all = lessons();
    assert_eq!(all.len(), 16, "the sixteen lessons of issue 23");
    let mut errors = Vec::new();
    let mut tries = 0;
    for (file, source) in &all {
        let (front, body) = source
            .strip_prefix("---\n")
            .and_then(|s| s.split_once("\n---\n"))
            .unwrap_or_else(|| panic!("{file}: no front matter"));
        for line in front.lines().filter(|l| l.starts_with("ref:")) {
            let target = line.split('|').nth(1).unwrap_or("").trim();
            if !(target.starts_with("https://") || target.starts_with('?')) {
                errors.push(format!(
                    "{file}: a reference must be a titled https link (or a view), not `{target}`"
                ));
            }
        }
        for para in body.split("\n\n").map(str::trim).filter(|p| !p.is_empty()) {
            if para.starts_with("{{chart:") {
                continue;
            }
            if let Some(t) = para.strip_prefix("{{try ") {
                tries += 1;
                let t =
                    t.strip_suffix("}}").unwrap_or_else(|| panic!("{file}: a try must end with }}: {para}"));
                let mut lines = t.lines();
                let head = lines.next().unwrap_or("");
                assert!(
                    head.contains("label=\""),
                    "{file}: a try's first line is its label and settings: {head}"
                );
                let (mut ask, mut answers, mut right, mut notice, mut mark) = (0, 0, 0, 0, 0);
                for line in lines.map(str::trim).filter(|l| !l.is_empty()) {
                    let where_ = format!("{file} try {head}");
                    let (kind, text) = line.split_at(1);
                    let (shown, computed) = render(text, &where_, &mut errors);
                    match kind {
                        "?" => ask += 1,
                        "-" => {
                            answers += 1;
                            if shown.trim_end().ends_with(" *") {
                                right += 1;
                            }
                        }
                        "!" => {
                            notice += 1;
                            if computed == 0 {
                                errors.push(format!("{where_}: the notice names no computed number"));
                            }
                        }
                        "@" => {
                            mark += 1;
                            continue;
                        }
                        _ => errors
                            .push(format!("{where_}: a try line starts with ?, -, ! or @, not `{line}`")),
                    }
                    for n in typed_numbers(&shown) {
                        errors.push(format!("{where_}: a number typed by hand: …{n}…"));
                    }
                }
                if ask != 1 || !(2..=3).contains(&answers) || right != 1 || notice != 1 || mark > 1 {
                    errors.push(format!(
                        "{file}: try {head}: {ask} questions, {answers} answers ({right} right), {notice} notices; \
                         allowed: 1 question, 2–3 answers with one marked ` *`, 1 notice"
                    ));
                }
                continue;
            }
            glossary_links(para, file, &mut errors);
            let (shown, _) = render(para, file, &mut errors);
            for n in typed_numbers(&shown) {
                errors.push(format!("{file}: a number typed by hand: …{n}…"));
            }
        }
    }
    assert!(errors.is_empty(), "{} problems:\n{}", errors.len(), errors.join("\n"));
    assert!(tries >= all.len(), "{tries} tries in {} lessons", all.len());
}

#[test]
fn the_check_finds_typed_numbers_and_spares_names_code_and_links() {
    assert_eq!(typed_numbers("lc0 and v0.17 at `60+0.6` ([PR 1195](https://x))"), Vec::<String>::new());
    assert_eq!(typed_numbers("about 20 increments").len(), 1);
    assert_eq!(typed_numbers("×2.38 on moves").len(), 1);
    let mut errors = Vec::new();
    let (shown, n) =
        render("budget {{= sim spec=stockfish tc=2+0.1 at=1 field=soft unit=ms}} here", "t", &mut errors);
    assert_eq!((shown.as_str(), n), ("budget ▯ here", 1));
    render("{{= sim spec=stockfish tc=2+0.1 at=1 field=bogus}}", "t", &mut errors);
    assert_eq!(errors.len(), 1, "{errors:?}");
}

/// A number a lesson quotes from the Leaderboard view (`src="?view=leaderboard"`, the control
/// named in its title: `the leaderboard, 4+0.04`) is an entry of the committed data as the view
/// shows it (`−17 ± 139`): regenerating the data without the lesson fails here.
#[test]
fn leaderboard_quotes_are_the_committed_data() {
    let data: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../www/public/leaderboard.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let shown = |e: &serde_json::Value| {
        let (elo, err) = (e["elo"].as_f64().unwrap_or(f64::NAN), e["elo_error"].as_f64().unwrap_or(f64::NAN));
        let sign = if elo.round() < 0.0 { "−" } else { "+" };
        format!("{sign}{:.0} ± {:.0}", elo.abs(), err)
    };
    let mut quotes = 0;
    for (name, text) in lessons() {
        for q in text.split("{{q ").skip(1) {
            let q = q.split("}}").next().unwrap();
            if !q.contains("src=\"?view=leaderboard\"") {
                continue;
            }
            let attr =
                |k: &str| q.split(&format!("{k}=\"")).nth(1).and_then(|r| r.split('"').next()).unwrap_or("");
            let tc = attr("title").rsplit(", ").next().unwrap();
            let values: Vec<String> = data["runs"]
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|r| r["results"].as_array().unwrap())
                .filter(|e| e["tc"] == tc && e["engine"] == "ab")
                .map(shown)
                .collect();
            assert!(
                !values.is_empty(),
                "{name}: no alpha-beta run at `{tc}` (the quote's title) in leaderboard.json"
            );
            assert!(
                values.contains(&attr("v").to_string()),
                "{name}: {} is not in the {tc} run: {values:?}",
                attr("v")
            );
            quotes += 1;
        }
    }
    assert!(quotes >= 2, "lesson 10 quotes the leaderboard");
}
