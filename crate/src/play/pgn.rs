//! PGN: writing games with the clock comments engine testers and viewers read, and reading
//! them back (through niklasf's `pgn-reader`).
//!
//! Every move carries a comment: the cutechess-style prefix `eval/depth time` (score from the
//! mover's view in pawns, mates as `±M<n>`, time in seconds), then `[%clk h:mm:ss]` (clock after
//! the move, increment included) and `[%emt h:mm:ss]` (time spent), with up to three decimals.
//! Book moves get `{book}`. See `shared/spec/playground.md` §4.

use std::fmt::Write as _;
use std::ops::ControlFlow;

use pgn_reader::{KnownOutcome, Outcome, RawComment, RawTag, Reader, SanPlus, Visitor};
use shakmaty::Chess;

use crate::play::openings::parse_fen;
use crate::stop::Score;

/// PGN lines are wrapped before this many characters (the PGN standard's export format).
const LINE_WIDTH: usize = 80;

/// A game's result as PGN writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum PgnResult {
    /// White won.
    #[serde(rename = "1-0")]
    WhiteWins,
    /// Black won.
    #[serde(rename = "0-1")]
    BlackWins,
    /// Drawn.
    #[serde(rename = "1/2-1/2")]
    Draw,
    /// Unfinished.
    #[serde(rename = "*")]
    Unfinished,
}

impl PgnResult {
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub fn as_str(self) -> &'static str {
        match self {
            PgnResult::WhiteWins => "1-0",
            PgnResult::BlackWins => "0-1",
            PgnResult::Draw => "1/2-1/2",
            PgnResult::Unfinished => "*",
        }
    }
}

/// One move of a PGN game.
#[derive(Clone, Debug, PartialEq)]
pub struct PgnMove {
    /// The move in SAN, with `+`/`#`.
    pub san: String,
    /// The comment after it, without braces.
    pub comment: Option<String>,
}

/// A game to write or that was read.
#[derive(Clone, Debug, PartialEq)]
pub struct PgnGame {
    /// Tags in order (the seven-tag roster first when writing).
    pub tags: Vec<(String, String)>,
    /// The moves.
    pub moves: Vec<PgnMove>,
    /// The result.
    pub result: PgnResult,
}

impl PgnGame {
    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    /// The start position: the `FEN` tag, or the standard one.
    pub fn start_position(&self) -> Result<Chess, String> {
        match self.tag("FEN") {
            Some(fen) => parse_fen(fen),
            None => Ok(Chess::default()),
        }
    }

    /// The game in PGN export format, ending with a blank line.
    pub fn to_pgn(&self) -> String {
        let mut out = String::new();
        for (k, v) in &self.tags {
            // A tag is one line: a line break inside a value would end the tag section there.
            let v = v.replace('\\', "\\\\").replace('"', "\\\"").replace(['\n', '\r'], " ");
            let _ = writeln!(out, "[{k} \"{v}\"]");
        }
        out.push('\n');
        let start = self.start_position().unwrap_or_default();
        let first_ply = crate::drive::game_ply(&start, 0);
        let mut tokens = Vec::new();
        for (i, m) in self.moves.iter().enumerate() {
            let ply = first_ply.saturating_add(u32::try_from(i).unwrap_or(u32::MAX));
            if ply % 2 == 0 {
                tokens.push(format!("{}.", ply / 2 + 1));
            } else if i == 0 {
                tokens.push(format!("{}...", ply / 2 + 1));
            }
            tokens.push(m.san.clone());
            if let Some(c) = &m.comment {
                tokens.push(format!("{{{}}}", c.replace('}', ")")));
            }
        }
        tokens.push(self.result.as_str().to_string());
        let mut line = String::new();
        for t in tokens {
            if !line.is_empty() && line.len() + 1 + t.len() > LINE_WIDTH {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&t);
        }
        out.push_str(&line);
        out.push_str("\n\n");
        out
    }
}

/// Format milliseconds as `h:mm:ss` with up to three decimals (`0:02:55.3`).
pub fn format_clock(ms: f64) -> String {
    let ms = ms.max(0.0).round() as u64;
    let (h, rest) = (ms / 3_600_000, ms % 3_600_000);
    let (m, rest) = (rest / 60_000, rest % 60_000);
    let (s, frac) = (rest / 1000, rest % 1000);
    let mut out = format!("{h}:{m:02}:{s:02}");
    if frac > 0 {
        let f = format!("{frac:03}");
        out.push('.');
        out.push_str(f.trim_end_matches('0'));
    }
    out
}

/// Parse `h:mm:ss[.fff]` (or `mm:ss`) into milliseconds.
pub fn parse_clock(s: &str) -> Option<f64> {
    let parts: Vec<&str> = s.trim().split(':').collect();
    let (h, m, sec) = match parts[..] {
        [h, m, s] => (h.parse::<f64>().ok()?, m.parse::<f64>().ok()?, s.parse::<f64>().ok()?),
        [m, s] => (0.0, m.parse::<f64>().ok()?, s.parse::<f64>().ok()?),
        _ => return None,
    };
    (h >= 0.0 && m >= 0.0 && sec >= 0.0).then(|| ((h * 3600.0 + m * 60.0 + sec) * 1000.0).round())
}

/// Read `[%cmd value]` from a comment.
pub fn comment_command<'a>(comment: &'a str, cmd: &str) -> Option<&'a str> {
    let key = format!("[%{cmd} ");
    let at = comment.find(&key)? + key.len();
    let end = comment[at..].find(']')?;
    Some(comment[at..at + end].trim())
}

/// The pieces of an engine move's comment.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct MoveComment {
    /// Score from the mover's view and the depth reached (absent for a person's move).
    pub eval: Option<(Score, u32)>,
    /// Time spent on the move, ms.
    pub emt_ms: f64,
    /// Clock after the move (increment included), ms.
    pub clk_ms: f64,
    /// Extra `key=value` pairs, fastchess style (`n=`, `nps=`, `latency=`).
    pub extras: Vec<(String, String)>,
}

impl MoveComment {
    /// `+0.31/14 1.21s [%clk 0:02:55.3] [%emt 0:00:01.21] n=12345`
    pub fn render(&self) -> String {
        let mut s = String::new();
        if let Some((score, depth)) = self.eval {
            let _ = write!(s, "{}/{depth} ", format_eval(score));
        }
        let _ = write!(s, "{}s ", format_seconds(self.emt_ms));
        let _ = write!(s, "[%clk {}] [%emt {}]", format_clock(self.clk_ms), format_clock(self.emt_ms));
        for (k, v) in &self.extras {
            let _ = write!(s, " {k}={v}");
        }
        s
    }
}

/// A score in pawns from the mover's view (`+0.31`, `-1.20`), mates as `+M3`/`-M2` (moves).
pub fn format_eval(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
        Score::MateIn(plies) => format!("+M{}", plies.div_ceil(2)),
        Score::MatedIn(plies) => format!("-M{}", plies.div_ceil(2)),
    }
}

/// Milliseconds as seconds with up to three decimals, without trailing zeros (`1.21`), rounded
/// to the millisecond exactly as [`format_clock`] rounds.
fn format_seconds(ms: f64) -> String {
    let ms = ms.max(0.0).round() as u64;
    let frac = format!("{:03}", ms % 1000);
    let frac = frac.trim_end_matches('0');
    if frac.is_empty() { format!("{}", ms / 1000) } else { format!("{}.{frac}", ms / 1000) }
}

/// Read every game of a PGN text. Moves are checked against the rules (from the `FEN` tag's
/// position if there is one); an illegal or unparsable move is an error naming the game and ply.
pub fn parse_pgn(text: &str) -> Result<Vec<PgnGame>, String> {
    let mut reader = Reader::new(text.as_bytes());
    let mut visitor = Collect;
    let mut games = Vec::new();
    while let Some(game) = reader.read_game(&mut visitor).map_err(|e| format!("reading PGN: {e}"))? {
        let game = game.map_err(|e| format!("game {}: {e}", games.len() + 1))?;
        games.push(game);
    }
    Ok(games)
}

/// The `pgn-reader` visitor that collects a [`PgnGame`] and checks its moves.
struct Collect;

struct Movetext {
    game: PgnGame,
    pos: Chess,
    error: Option<String>,
}

impl Visitor for Collect {
    type Tags = Vec<(String, String)>;
    type Movetext = Movetext;
    type Output = Result<PgnGame, String>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(Vec::new())
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<Self::Output> {
        tags.push((String::from_utf8_lossy(name).into_owned(), value.decode_utf8_lossy().into_owned()));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        let game = PgnGame { tags, moves: Vec::new(), result: PgnResult::Unfinished };
        match game.start_position() {
            Ok(pos) => ControlFlow::Continue(Movetext { game, pos, error: None }),
            Err(e) => ControlFlow::Break(Err(e)),
        }
    }

    fn san(&mut self, mt: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        match san_plus.san.to_move(&mt.pos) {
            Ok(m) => {
                let san = SanPlus::from_move_and_play_unchecked(&mut mt.pos, m);
                mt.game.moves.push(PgnMove { san: san.to_string(), comment: None });
                ControlFlow::Continue(())
            }
            Err(e) => {
                mt.error = Some(format!("ply {}: illegal move '{san_plus}': {e}", mt.game.moves.len() + 1));
                ControlFlow::Continue(())
            }
        }
    }

    fn comment(&mut self, mt: &mut Self::Movetext, comment: RawComment<'_>) -> ControlFlow<Self::Output> {
        if let Some(last) = mt.game.moves.last_mut() {
            let text = String::from_utf8_lossy(comment.as_bytes()).trim().to_string();
            last.comment = Some(match last.comment.take() {
                Some(prev) => format!("{prev} {text}"),
                None => text,
            });
        }
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, mt: &mut Self::Movetext, outcome: Outcome) -> ControlFlow<Self::Output> {
        mt.game.result = match outcome {
            Outcome::Known(KnownOutcome::Decisive { winner }) if winner.is_white() => PgnResult::WhiteWins,
            Outcome::Known(KnownOutcome::Decisive { .. }) => PgnResult::BlackWins,
            Outcome::Known(KnownOutcome::Draw) => PgnResult::Draw,
            Outcome::Unknown => PgnResult::Unfinished,
        };
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, mt: Self::Movetext) -> Self::Output {
        match mt.error {
            Some(e) => Err(e),
            None => Ok(mt.game),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_formats_round_trip() {
        assert_eq!(format_clock(175_300.0), "0:02:55.3");
        assert_eq!(format_clock(1_210.0), "0:00:01.21");
        assert_eq!(format_clock(3_723_004.0), "1:02:03.004");
        assert_eq!(format_clock(60_000.0), "0:01:00");
        assert_eq!(format_clock(-5.0), "0:00:00");
        for ms in [0.0, 1.0, 999.0, 59_999.0, 3_600_000.0, 36_000_123.0] {
            assert_eq!(parse_clock(&format_clock(ms)), Some(ms));
        }
        assert_eq!(parse_clock("2:30"), Some(150_000.0));
        assert_eq!(parse_clock("x:00:01"), None);
    }

    #[test]
    fn move_comment_matches_the_conventions() {
        let c = MoveComment {
            eval: Some((Score::Cp(31), 14)),
            emt_ms: 1210.0,
            clk_ms: 175_300.0,
            extras: vec![("n".into(), "12345".into())],
        };
        assert_eq!(c.render(), "+0.31/14 1.21s [%clk 0:02:55.3] [%emt 0:00:01.21] n=12345");
        assert_eq!(format_eval(Score::MateIn(5)), "+M3");
        assert_eq!(format_eval(Score::MatedIn(2)), "-M1");
        assert_eq!(format_eval(Score::Cp(-120)), "-1.20");
    }

    fn sample() -> PgnGame {
        let mut moves = Vec::new();
        for (i, san) in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7"].iter().enumerate()
        {
            let comment = if i < 2 {
                "book".to_string()
            } else {
                MoveComment {
                    eval: Some((Score::Cp(20 - i as i32 * 7), 10 + i as u32)),
                    emt_ms: 100.0 * i as f64 + 0.5,
                    clk_ms: 60_000.0 - 250.0 * i as f64,
                    extras: vec![],
                }
                .render()
            };
            moves.push(PgnMove { san: san.to_string(), comment: Some(comment) });
        }
        PgnGame {
            tags: vec![
                ("Event".into(), "tmlab match".into()),
                ("Site".into(), "tmlab".into()),
                ("Date".into(), "2026.11.22".into()),
                ("Round".into(), "1".into()),
                ("White".into(), "lc0-smooth(preset=lc0)".into()),
                ("Black".into(), "stockfish \"quoted\"".into()),
                ("Result".into(), "1/2-1/2".into()),
                ("TimeControl".into(), "60+0.6".into()),
                ("Termination".into(), "adjudication".into()),
            ],
            moves,
            result: PgnResult::Draw,
        }
    }

    #[test]
    fn round_trip_through_pgn_reader() {
        let game = sample();
        let text = game.to_pgn();
        assert!(text.lines().all(|l| l.len() < LINE_WIDTH), "{text}");
        assert!(text.contains("1. e4 {book} e5 {book} 2. Nf3"), "{text}");
        assert!(text.contains("{-0.01/13 0.301s [%clk 0:00:59.25] [%emt 0:00:00.301]}"), "{text}");
        let back = parse_pgn(&(text.clone() + &text)).unwrap();
        assert_eq!(back.len(), 2);
        assert_eq!(back[0], game);
        let c = back[0].moves[9].comment.as_deref().unwrap();
        assert_eq!(comment_command(c, "clk").and_then(parse_clock), Some(60_000.0 - 2250.0));
        assert_eq!(comment_command(c, "emt").and_then(parse_clock), Some(901.0));
    }

    #[test]
    fn games_from_a_fen_and_bad_moves() {
        let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
        let game = PgnGame {
            tags: vec![("SetUp".into(), "1".into()), ("FEN".into(), fen.into())],
            moves: vec![PgnMove { san: "Bb5".into(), comment: None }],
            result: PgnResult::Unfinished,
        };
        let text = game.to_pgn();
        assert!(text.contains("3. Bb5 *"), "{text}");
        assert_eq!(parse_pgn(&text).unwrap()[0], game);
        let err = parse_pgn("[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n").unwrap_err();
        assert!(err.contains("game 1") && err.contains("ply 3") && err.contains("Ke3"), "{err}");
    }
}
