//! What an error message quotes of a long input: an excerpt, never the whole text. The one
//! rule for every echo of user input (CLI flags, UCI lines, spec strings, PGN comments, URL
//! values, saved records), so that a 1 MB argument gives a one-line error.

/// Characters of an input an error quotes at most.
pub const MAX_CHARS: usize = 40;

/// At most [`MAX_CHARS`] characters of `s`, with `…` when cut.
pub fn excerpt(s: &str) -> String {
    excerpt_n(s, MAX_CHARS)
}

/// At most `n` characters of `s`, with `…` when cut.
pub fn excerpt_n(s: &str, n: usize) -> String {
    match s.char_indices().nth(n) {
        // (`get`, not `&s[..i]`, here and below: `i` is a character boundary, and no slicing
        // panic, whose message links `char`'s `Debug`, is linked into the charts module.)
        Some((i, _)) => format!("{}…", s.get(..i).unwrap_or(s)),
        None => s.to_string(),
    }
}

/// Up to 24 characters either side of byte `at` of `input`, with `…` where cut: where in a long
/// input an error is.
pub fn excerpt_at(input: &str, at: usize) -> String {
    const SIDE: usize = 24;
    let floor = |mut i: usize| {
        i = i.min(input.len());
        while !input.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let (lo, hi) = (floor(at.saturating_sub(SIDE)), floor(at.saturating_add(SIDE)));
    let pre = if lo > 0 { "…" } else { "" };
    let post = if hi < input.len() { "…" } else { "" };
    format!("{pre}{}{post}", input.get(lo..hi).unwrap_or_default())
}

/// A line of at most about 160 characters: its first 100 and last 50 around a `…` (a whole
/// message line that quotes an input, such as clap's).
pub fn excerpt_line(line: &str) -> String {
    let chars: Vec<char> = line.chars().collect();
    if chars.len() <= 160 {
        return line.to_string();
    }
    let head: String = chars[..100].iter().collect();
    let tail: String = chars[chars.len() - 50..].iter().collect();
    format!("{head}…{tail}")
}

/// `message` with every quoted part (between two of the `quotes`; inside `"…"`, JSON text, `\"`
/// does not close it) cut to [`MAX_CHARS`] characters with `…`, and the whole to `max_chars`: an
/// error that echoes inputs in quotes (serde's, a time control's) stays short however long they
/// are.
pub fn excerpt_quoted(message: &str, quotes: &[char], max_chars: usize) -> String {
    let mut out = String::new();
    // The open quote, the characters inside so far, and whether the last one escapes the next.
    let mut inside: Option<(char, usize, bool)> = None;
    for c in message.chars() {
        match inside {
            Some((q, _, false)) if c == q => {
                inside = None;
                out.push(c);
            }
            Some((q, n, escaped)) => {
                if n < MAX_CHARS {
                    out.push(c);
                } else if n == MAX_CHARS {
                    out.push('…');
                }
                inside = Some((q, n + 1, q == '"' && !escaped && c == '\\'));
            }
            None => {
                if quotes.contains(&c) {
                    inside = Some((c, 0, false));
                }
                out.push(c);
            }
        }
    }
    excerpt_n(&out, max_chars)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpts_are_short_and_cut_on_character_boundaries() {
        assert_eq!(excerpt("short"), "short");
        let long = "é".repeat(100);
        assert_eq!(excerpt(&long).chars().count(), MAX_CHARS + 1);
        assert!(excerpt(&long).ends_with('…'));
        assert_eq!(excerpt_n("abcdef", 3), "abc…");
        assert_eq!(excerpt_at("0123456789", 5), "0123456789");
        let at = excerpt_at(&"x".repeat(1000), 500);
        assert_eq!(at.chars().count(), 48 + 2);
        assert_eq!(excerpt_line(&"y".repeat(10_000)).chars().count(), 151);
    }

    #[test]
    fn quoted_parts_are_cut_and_the_whole_is_capped() {
        let long = "z".repeat(100);
        let cut = format!("{}…", "z".repeat(MAX_CHARS));
        let m = format!("bad `{long}` and \"{long}\" kept");
        assert_eq!(excerpt_quoted(&m, &['`', '"'], 500), format!("bad `{cut}` and \"{cut}\" kept"));
        // Only the given quotes count; in JSON text an escaped quote does not close the part.
        assert_eq!(excerpt_quoted(&m, &['`'], 500), format!("bad `{cut}` and \"{long}\" kept"));
        let escaped = format!("\"a\\\"{long}\" after");
        assert_eq!(
            excerpt_quoted(&escaped, &['"'], 500),
            format!("\"a\\\"{}…\" after", "z".repeat(MAX_CHARS - 3))
        );
        // An unclosed quote is cut at its excerpt; the whole message at `max_chars`.
        assert_eq!(excerpt_quoted(&format!("`{long}"), &['`'], 500), format!("`{cut}"));
        assert_eq!(excerpt_quoted(&"w".repeat(300), &['`'], 200).chars().count(), 201);
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod props {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The promise, in characters (not bytes), for any text, multi-byte ones included: at
        /// most `MAX_CHARS` of the input plus one `…`, a prefix of the input, whole when short.
        #[test]
        fn an_excerpt_is_at_most_max_chars_of_the_input(s in "\\PC{0,120}", n in 0usize..80) {
            let e = excerpt(&s);
            let cut = s.chars().count() > MAX_CHARS;
            prop_assert_eq!(e.chars().count(), if cut { MAX_CHARS + 1 } else { s.chars().count() });
            let prefix_kept = if cut { e.ends_with('…') && s.starts_with(&e[..e.len() - '…'.len_utf8()]) } else { e == s };
            prop_assert!(prefix_kept, "{:?} → {:?}", s, e);
            let e = excerpt_n(&s, n);
            prop_assert!(e.chars().count() <= n + 1);
            if s.chars().count() <= n {
                prop_assert_eq!(e, s);
            }
        }

        /// Around a byte offset: at most 24 characters either side plus the two marks, never a
        /// panic on a byte inside a character.
        #[test]
        fn an_excerpt_at_an_offset_is_bounded(s in "\\PC{0,200}", at in 0usize..1000) {
            prop_assert!(excerpt_at(&s, at).chars().count() <= 2 * 24 + 2);
        }

        /// A message line: whole up to 160 characters, else its first 100 and last 50 around `…`.
        #[test]
        fn an_excerpt_line_is_bounded(s in "\\PC{0,400}") {
            let n = s.chars().count();
            prop_assert_eq!(excerpt_line(&s).chars().count(), if n <= 160 { n } else { 151 });
        }
    }
}
