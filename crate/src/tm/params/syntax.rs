//! The lc0-style spec-string grammar (§0.5):
//!
//! ```text
//! spec  := name [ "(" [ item ("," item)* ] ")" ]
//! item  := key "=" value  |  key "(" [ item ("," item)* ] ")"      # sub-dictionary
//! value := number | true | false | identifier
//! ```
//! Whitespace between tokens is ignored. Words are made of letters, digits and `_ - . +`.

use std::collections::HashSet;

use super::SpecError;

/// The longest spec string accepted, bytes (a spec setting every parameter of any manager is
/// under 2 kB).
pub const MAX_SPEC_LEN: usize = 8192;
/// The deepest nesting of parentheses accepted (managers use 2: `name(group(key=value))`).
pub const MAX_NESTING: usize = 8;

/// A dictionary: `key=value` items and sub-dictionaries, in input order.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Dict {
    pub(super) entries: Vec<Entry>,
}

/// One item of a dictionary.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Entry {
    pub(super) key: String,
    pub(super) value: Node,
}

/// A value or a sub-dictionary.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Node {
    Scalar(String),
    Sub(Dict),
}

impl Dict {
    /// The first entry with this key, and its index.
    pub(super) fn find(&self, key: &str) -> Option<(usize, &Node)> {
        self.entries.iter().enumerate().find(|(_, e)| e.key == key).map(|(i, e)| (i, &e.value))
    }

    /// Refuses a key given twice in one dictionary (at any depth), in linear time.
    pub(super) fn check_duplicates(&self, manager: &str) -> Result<(), SpecError> {
        let mut seen = HashSet::with_capacity(self.entries.len());
        for e in &self.entries {
            if !seen.insert(e.key.as_str()) {
                return Err(SpecError::Duplicate { manager: manager.into(), key: e.key.clone() });
            }
            if let Node::Sub(sub) = &e.value {
                sub.check_duplicates(manager)?;
            }
        }
        Ok(())
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Word(String),
    Open,
    Close,
    Comma,
    Eq,
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '+')
}

fn lex(input: &str) -> Result<Vec<(usize, Tok)>, SpecError> {
    let mut out = Vec::new();
    let mut chars = input.char_indices().peekable();
    while let Some(&(i, c)) = chars.peek() {
        match c {
            c if c.is_whitespace() => {
                chars.next();
            }
            '(' | ')' | ',' | '=' => {
                chars.next();
                out.push((
                    i,
                    match c {
                        '(' => Tok::Open,
                        ')' => Tok::Close,
                        ',' => Tok::Comma,
                        _ => Tok::Eq,
                    },
                ));
            }
            c if is_word_char(c) => {
                let mut w = String::new();
                while let Some(&(_, c)) = chars.peek() {
                    if !is_word_char(c) {
                        break;
                    }
                    w.push(c);
                    chars.next();
                }
                out.push((i, Tok::Word(w)));
            }
            other => {
                return Err(SpecError::Syntax {
                    input: crate::excerpt::excerpt_at(input, i),
                    at: i,
                    message: format!("unexpected character `{other}`"),
                });
            }
        }
    }
    Ok(out)
}

struct Parser<'a> {
    input: &'a str,
    toks: Vec<(usize, Tok)>,
    pos: usize,
}

impl Parser<'_> {
    fn err(&self, message: impl Into<String>) -> SpecError {
        let at = self.toks.get(self.pos).map_or(self.input.len(), |(i, _)| *i);
        SpecError::Syntax { input: crate::excerpt::excerpt_at(self.input, at), at, message: message.into() }
    }

    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos).map(|(_, t)| t)
    }

    fn word(&mut self, what: &str) -> Result<String, SpecError> {
        match self.peek() {
            Some(Tok::Word(w)) => {
                let w = w.clone();
                self.pos += 1;
                Ok(w)
            }
            _ => Err(self.err(format!("expected {what}"))),
        }
    }

    /// Items up to and including the closing parenthesis, `depth` parentheses deep.
    fn items(&mut self, depth: usize) -> Result<Dict, SpecError> {
        if depth > MAX_NESTING {
            return Err(self.err(format!("parentheses nest deeper than {MAX_NESTING} levels")));
        }
        let mut dict = Dict::default();
        if self.peek() == Some(&Tok::Close) {
            self.pos += 1;
            return Ok(dict);
        }
        loop {
            let key = self.word("a key")?;
            match self.peek() {
                Some(Tok::Eq) => {
                    self.pos += 1;
                    let value = self.word(&format!("a value after `{}=`", crate::excerpt::excerpt(&key)))?;
                    dict.entries.push(Entry { key, value: Node::Scalar(value) });
                }
                Some(Tok::Open) => {
                    self.pos += 1;
                    let sub = self.items(depth + 1)?;
                    dict.entries.push(Entry { key, value: Node::Sub(sub) });
                }
                _ => {
                    return Err(
                        self.err(format!("expected `=` or `(` after `{}`", crate::excerpt::excerpt(&key)))
                    );
                }
            }
            match self.peek() {
                Some(Tok::Comma) => self.pos += 1,
                Some(Tok::Close) => {
                    self.pos += 1;
                    return Ok(dict);
                }
                _ => return Err(self.err("expected `,` or `)`")),
            }
        }
    }
}

/// Parses a spec string into the manager name and its dictionary.
pub(super) fn parse(input: &str) -> Result<(String, Dict), SpecError> {
    if input.len() > MAX_SPEC_LEN {
        return Err(SpecError::Syntax {
            input: crate::excerpt::excerpt_at(input, MAX_SPEC_LEN),
            at: MAX_SPEC_LEN,
            message: format!("the spec string is {} bytes long; at most {MAX_SPEC_LEN} allowed", input.len()),
        });
    }
    let toks = lex(input)?;
    let mut p = Parser { input, toks, pos: 0 };
    let name = p.word("a manager name")?;
    let dict = match p.peek() {
        None => Dict::default(),
        Some(Tok::Open) => {
            p.pos += 1;
            p.items(1)?
        }
        Some(_) => return Err(p.err("expected `(` after the manager name")),
    };
    if p.pos < p.toks.len() {
        return Err(p.err("unexpected text after the closing `)`"));
    }
    Ok((name, dict))
}

/// A decimal number token (`5`, `-0.98`, `1e6`, `2.5E-3`); words like `inf` or `nan` are not
/// numbers.
pub(super) fn number(token: &str) -> Option<f64> {
    let body = token.strip_prefix(['-', '+']).unwrap_or(token);
    let (mantissa, exponent) = match body.split_once(['e', 'E']) {
        Some((m, e)) => (m, Some(e)),
        None => (body, None),
    };
    let digits_ok = !mantissa.is_empty()
        && mantissa != "."
        && mantissa.chars().all(|c| c.is_ascii_digit() || c == '.')
        && mantissa.chars().filter(|&c| c == '.').count() <= 1;
    let exp_ok = exponent.is_none_or(|e| {
        let e = e.strip_prefix(['-', '+']).unwrap_or(e);
        !e.is_empty() && e.chars().all(|c| c.is_ascii_digit())
    });
    if !(digits_ok && exp_ok) {
        return None;
    }
    crate::decimal::parse_f64(token).filter(|x| x.is_finite())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_nested_dictionaries() {
        let (name, d) = parse("lc0-smooth( preset = lc0 , mle-legacy(midpoint=50.0, steepness=6))").unwrap();
        assert_eq!(name, "lc0-smooth");
        assert_eq!(d.entries.len(), 2);
        assert_eq!(d.find("preset").unwrap().1, &Node::Scalar("lc0".into()));
        let Node::Sub(sub) = d.find("mle-legacy").unwrap().1 else { panic!("sub expected") };
        assert_eq!(sub.find("steepness").unwrap().1, &Node::Scalar("6".into()));
        assert_eq!(parse("mediocre").unwrap().1, Dict::default());
        assert_eq!(parse("mediocre()").unwrap().1, Dict::default());
    }

    #[test]
    fn syntax_errors_point_at_the_problem() {
        for (bad, at) in
            [("x(a=1", 5), ("x(a)", 3), ("x(a=1,)", 6), ("x a", 2), ("x(a=1))", 6), ("x(a=;)", 4), ("", 0)]
        {
            match parse(bad) {
                Err(SpecError::Syntax { at: got, .. }) => assert_eq!(got, at, "{bad}"),
                other => panic!("{bad}: {other:?}"),
            }
        }
    }

    #[test]
    fn nesting_and_length_are_bounded_with_short_errors() {
        let deep = format!("x({}a=1{}", "g(".repeat(30_000), ")".repeat(30_001));
        let e = parse(&deep[..MAX_SPEC_LEN]).unwrap_err().to_string();
        assert!(e.contains("nest deeper than 8"), "{e}");
        assert!(e.len() < 300, "{} bytes: {e}", e.len());
        let e = parse(&deep).unwrap_err().to_string();
        assert!(e.contains("at most 8192"), "{e}");
        assert!(e.len() < 300, "{} bytes: {e}", e.len());
        assert!(parse(&format!("x({}a=1{}", "g(".repeat(7), ")".repeat(8))).is_ok());
        // A long bad token is quoted in part, with its position.
        let e = parse(&format!("x(a={}!)", "9".repeat(5000))).unwrap_err().to_string();
        assert!(e.contains("position 5005") && e.len() < 300, "{e}");
    }

    #[test]
    fn duplicate_check_is_linear() {
        let body: Vec<String> = (0..20_000).map(|i| format!("k{i}=1")).collect();
        let d = Dict {
            entries: body
                .iter()
                .map(|kv| Entry { key: kv.clone(), value: Node::Scalar("1".into()) })
                .collect(),
        };
        let t = std::time::Instant::now();
        assert!(d.check_duplicates("x").is_ok());
        // Quadratic took seconds here (2·10⁸ comparisons); linear takes about a millisecond.
        assert!(t.elapsed().as_millis() < 500, "{:?}", t.elapsed());
    }

    #[test]
    fn numbers_are_decimal_only() {
        assert_eq!(number("5"), Some(5.0));
        assert_eq!(number("-0.98"), Some(-0.98));
        assert_eq!(number("1e6"), Some(1e6));
        assert_eq!(number(".5"), Some(0.5));
        for bad in ["inf", "nan", "NaN", "1e", "-", ".", "1.2.3", "0x10", "1e400"] {
            assert_eq!(number(bad), None, "{bad}");
        }
    }
}
