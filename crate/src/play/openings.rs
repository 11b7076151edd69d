//! Opening sets: the one shipped with tmlab (`crate/data/openings.txt`, see its header for its
//! provenance) and user-supplied EPD files.
//!
//! An [`Opening`] is a start position plus book moves; games start after the book moves, which
//! the PGN records with `{book}` comments.

use crate::error::FieldError;
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, Position};

use crate::excerpt::excerpt as short;

/// The shipped opening lines, `ECO | name | SAN moves` per line.
const BUILTIN: &str = include_str!("../../data/openings.txt");

/// A start position for a game pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// A short name: `ECO name` for the builtin set, the EPD `id` (or line number) otherwise.
    pub name: String,
    /// The position the book moves start from (FEN).
    pub start_fen: String,
    /// The book moves, in UCI notation, played from `start_fen`.
    pub book_moves: Vec<String>,
    /// The position after the book moves, where the engines take over (FEN).
    pub fen: String,
}

impl Opening {
    /// The start position, parsed.
    pub fn start_position(&self) -> Chess {
        parse_fen(&self.start_fen).expect("validated when the opening was built")
    }

    /// The book moves as shakmaty moves, played from the start position.
    pub fn moves(&self) -> Vec<Move> {
        let mut pos = self.start_position();
        self.book_moves
            .iter()
            .map(|u| {
                let m = u.parse::<UciMove>().expect("validated").to_move(&pos).expect("validated");
                pos.play_unchecked(m);
                m
            })
            .collect()
    }
}

/// Parse a FEN (or the first four fields of an EPD line) into a legal position.
pub fn parse_fen(fen: &str) -> Result<Chess, FieldError> {
    // A FEN is one line. A PGN tag holding a line break is written back on one line, which can
    // read as another position or as none (found by the pgn fuzz target).
    if fen.trim().contains(['\n', '\r']) {
        return Err(FieldError::new(
            "fen",
            format!("malformed FEN '{}': a line break inside", short(fen.trim())),
            "one line",
        ));
    }
    let fen: Fen = fen
        .trim()
        .parse()
        .map_err(|e| FieldError::new("fen", format!("malformed FEN '{}': {e}", short(fen.trim())), ""))?;
    fen.into_position(CastlingMode::Standard)
        .map_err(|e| FieldError::new("fen", format!("illegal position: {e}"), ""))
}

pub use crate::drive::fen_of;

/// The builtin opening set (about 130 balanced main lines).
pub fn builtin() -> Vec<Opening> {
    parse_lines(BUILTIN).expect("the builtin opening set is checked by the tests")
}

/// Parse `ECO | name | SAN moves` lines (comments start with `#`).
pub fn parse_lines(text: &str) -> Result<Vec<Opening>, FieldError> {
    let start = Chess::default();
    let start_fen = fen_of(&start);
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let [eco, name, moves] = fields[..] else {
            return Err(FieldError::message(format!(
                "line {}: expected `ECO | name | moves`, got '{}'",
                n + 1,
                short(line)
            )));
        };
        let mut pos = start.clone();
        let mut book = Vec::new();
        for san in moves.split_whitespace() {
            let m = san
                .parse::<San>()
                .map_err(|e| {
                    FieldError::message(format!(
                        "line {} ({}): bad SAN '{}': {e}",
                        n + 1,
                        short(name),
                        short(san)
                    ))
                })?
                .to_move(&pos)
                .map_err(|e| {
                    FieldError::message(format!(
                        "line {} ({}): illegal move '{}': {e}",
                        n + 1,
                        short(name),
                        short(san)
                    ))
                })?;
            book.push(m.to_uci(CastlingMode::Standard).to_string());
            pos.play_unchecked(m);
        }
        out.push(Opening {
            name: format!("{eco} {name}"),
            start_fen: start_fen.clone(),
            book_moves: book,
            fen: fen_of(&pos),
        });
    }
    Ok(out)
}

/// Parse an EPD file: one position per line (the four FEN fields, then optional opcodes such as
/// `id "name";`). Half-move and full-move counters may follow the four fields, as in a FEN.
pub fn parse_epd(text: &str) -> Result<Vec<Opening>, FieldError> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.len() < 4 {
            return Err(FieldError::message(format!(
                "EPD line {}: expected at least 4 FEN fields, got '{}'",
                n + 1,
                short(line)
            )));
        }
        let counters = fields.get(4..6).filter(|c| c.iter().all(|f| f.parse::<u32>().is_ok()));
        let fen = match counters {
            Some(c) => format!("{} {} {} {} {} {}", fields[0], fields[1], fields[2], fields[3], c[0], c[1]),
            None => format!("{} {} {} {} 0 1", fields[0], fields[1], fields[2], fields[3]),
        };
        let pos = parse_fen(&fen).map_err(|e| e.context(format!("EPD line {}", n + 1)))?;
        if pos.legal_moves().is_empty() {
            return Err(FieldError::message(format!(
                "EPD line {}: the game is already over in '{}'",
                n + 1,
                short(&fen)
            )));
        }
        let name = epd_id(line).unwrap_or_else(|| format!("EPD line {}", n + 1));
        let fen = fen_of(&pos);
        out.push(Opening { name, start_fen: fen.clone(), book_moves: Vec::new(), fen });
    }
    if out.is_empty() {
        return Err(FieldError::message("the EPD file has no positions"));
    }
    Ok(out)
}

/// The `id "…"` opcode of an EPD line.
fn epd_id(line: &str) -> Option<String> {
    let at = line.find("id \"")? + 4;
    let end = line[at..].find('"')?;
    Some(line[at..at + end].to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_counts_the_lines() {
        let n = builtin().len();
        assert!(
            super::BUILTIN.lines().next().unwrap().contains(&format!(": {n} standard opening")),
            "header vs {n}"
        );
        let docs = include_str!("../../../docs/experiments.md");
        assert!(docs.contains(&format!("{n} hand-written ECO main lines")), "docs/experiments.md vs {n}");
    }

    #[test]
    fn builtin_set_is_large_legal_and_distinct() {
        let set = builtin();
        assert!(set.len() >= 100, "only {} openings", set.len());
        let mut fens: Vec<&str> = set.iter().map(|o| o.fen.as_str()).collect();
        fens.sort();
        fens.dedup();
        assert_eq!(fens.len(), set.len(), "two openings reach the same position");
        for o in &set {
            assert!((8..=16).contains(&o.book_moves.len()), "{}: {} plies", o.name, o.book_moves.len());
            let mut pos = o.start_position();
            for m in o.moves() {
                pos.play_unchecked(m);
            }
            assert_eq!(fen_of(&pos), o.fen);
            assert!(!pos.legal_moves().is_empty() && !pos.is_check(), "{}", o.name);
        }
    }

    #[test]
    fn bad_lines_name_the_line_and_move() {
        let err = parse_lines("X00 | Broken | e4 e5 Ke3").unwrap_err();
        assert!(err.to_string().contains("line 1") && err.to_string().contains("'Ke3'"), "{err}");
        let err = parse_lines("just some text").unwrap_err();
        assert!(err.to_string().contains("expected `ECO | name | moves`"), "{err}");
    }

    #[test]
    fn epd_positions_with_ids() {
        let epd = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"e4\";\n\
                   # comment\n\
                   r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\n";
        let set = parse_epd(epd).unwrap();
        assert_eq!(set.len(), 2);
        assert_eq!(set[0].name, "e4");
        assert_eq!(set[1].name, "EPD line 3");
        assert!(set[1].fen.ends_with("2 3"));
        assert!(parse_epd("8/8/8/8 w").unwrap_err().to_string().contains("at least 4 FEN fields"));
        assert!(parse_epd("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq zz").is_err());
        assert!(parse_epd("").unwrap_err().to_string().contains("no positions"));
    }
}
