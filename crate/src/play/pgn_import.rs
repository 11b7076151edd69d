//! Importing games with their clocks for a replay: every game of a PGN text, its players, its
//! time control tags and, per move, the clock readings its comment carries.
//!
//! Accepted comments (several may appear after one move; they are joined):
//! - `[%clk h:mm:ss(.f)]`: the mover's clock after the move, increment included (lichess,
//!   chess.com, tmlab);
//! - `[%emt h:mm:ss(.f)]`: the time the move took (tmlab, fastchess, ChessBase);
//! - cutechess's prefix `+0.31/14 1.21s` (or `1.21s` alone): the time the move took, when there
//!   is no `[%emt]`;
//! - `book` (cutechess, tmlab): a book move, played without a clock.
//!
//! Moves are checked against the rules from the `FEN` tag's position (or the standard one); a
//! malformed clock, an illegal move or a bad tag is an [`ImportError`] naming the game (its
//! number, White, Black and Event) and the move (`14... Nf6`).

use std::fmt;
use std::ops::ControlFlow;

use pgn_reader::{KnownOutcome, Outcome, RawComment, RawTag, Reader, SanPlus, Visitor};
use serde::Serialize;
use shakmaty::{Chess, Position};

use super::openings::parse_fen;
use super::pgn::parse_clock;
use crate::clock::Convention;

/// The longest PGN text accepted, bytes (about 20 000 games).
pub const MAX_PGN_BYTES: usize = 32 << 20;

/// Which game an error or a replay is about.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct GameId {
    /// 1-based position of the game in the text.
    pub number: usize,
    /// The `White` tag (`?` when absent).
    pub white: String,
    /// The `Black` tag.
    pub black: String,
    /// The `Event` tag.
    pub event: String,
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {} ({} vs {}, {})", self.number, self.white, self.black, self.event)
    }
}

/// Why a PGN could not be imported: the game, the move if there is one, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ImportError {
    /// The game (absent when the text as a whole is the problem).
    pub game: Option<Box<GameId>>,
    /// The move, as `14... Nf6`.
    #[serde(rename = "move")]
    pub mv: Option<String>,
    /// What is wrong and what is allowed.
    pub message: String,
}

impl ImportError {
    /// An error about the whole text.
    pub fn text(message: impl Into<String>) -> Self {
        ImportError { game: None, mv: None, message: message.into() }
    }
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.game, &self.mv) {
            (Some(g), Some(m)) => write!(f, "{g}, move {m}: {}", self.message),
            (Some(g), None) => write!(f, "{g}: {}", self.message),
            _ => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for ImportError {}

/// One move of an imported game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClockedMove {
    /// Half-moves played before it in the game (from the start position's move number).
    pub ply: u32,
    /// White moved.
    pub white: bool,
    /// SAN with `+`/`#`.
    pub san: String,
    /// A book move (comment `book`): no clock ran.
    pub book: bool,
    /// `[%clk]`: the mover's clock after the move, ms.
    pub clk_ms: Option<f64>,
    /// `[%emt]`, or the cutechess prefix's time: the time the move took, ms.
    pub emt_ms: Option<f64>,
}

impl ClockedMove {
    /// `14. Nf3` or `14... Nf6`.
    pub fn label(&self) -> String {
        move_label(self.ply, &self.san)
    }
}

/// `14. Nf3` for White's move at ply 26, `14... Nf6` for Black's at ply 27.
pub fn move_label(ply: u32, san: &str) -> String {
    let dots = if ply.is_multiple_of(2) { "." } else { "..." };
    format!("{}{dots} {san}", ply / 2 + 1)
}

/// An imported game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClockedGame {
    /// Number and players.
    pub id: GameId,
    /// Tags in order.
    pub tags: Vec<(String, String)>,
    /// Moves of the main line.
    pub moves: Vec<ClockedMove>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
}

impl ClockedGame {
    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    /// The clock rule the game's recorded times follow, given each side's first-period base time
    /// and increment, ms (`[white, black]`):
    /// - `[%clk]` alone (lichess, chess.com): [`Convention::Lichess`] (180+2 starts at 3:00);
    /// - `[%emt]` or cutechess's `1.21s` alone (cutechess, fastchess): [`Convention::Cutechess`]
    ///   (180+2 starts at 3:02);
    /// - both (tmlab): lichess when the first timed move left its clock at exactly the base time
    ///   though the move took other than the increment (a person's game: the first move is not
    ///   timed), else cutechess (an engine match: `[%clk]` = base + increment − `[%emt]`).
    pub fn convention(&self, start: [(f64, f64); 2]) -> Convention {
        let mut timed = self.moves.iter().filter(|m| !m.book);
        let any_clk = timed.clone().any(|m| m.clk_ms.is_some());
        let any_emt = timed.clone().any(|m| m.emt_ms.is_some());
        match (any_clk, any_emt) {
            (true, false) => Convention::Lichess,
            (true, true) => match timed.next() {
                Some(ClockedMove { clk_ms: Some(clk), emt_ms: Some(emt), white, .. }) => {
                    let (base, inc) = start[usize::from(!*white)];
                    if *clk == base && *emt != inc { Convention::Lichess } else { Convention::Cutechess }
                }
                _ => Convention::Cutechess,
            },
            _ => Convention::Cutechess,
        }
    }
}

/// Reads every game of `text`.
///
/// # Errors
/// An empty text or one without games, a bad `FEN` tag, an illegal move, or a malformed
/// `[%clk]`/`[%emt]`.
pub fn import_pgn(text: &str) -> Result<Vec<ClockedGame>, ImportError> {
    if text.len() > MAX_PGN_BYTES {
        return Err(ImportError::text(format!(
            "the PGN is {} bytes; at most {MAX_PGN_BYTES} bytes allowed",
            text.len()
        )));
    }
    let mut reader = Reader::new(text.as_bytes());
    let mut games = Vec::new();
    loop {
        let mut visitor = Collect { number: games.len() + 1 };
        match reader.read_game(&mut visitor) {
            Ok(Some(Ok(game))) => games.push(game),
            Ok(Some(Err(e))) => return Err(e),
            Ok(None) => break,
            Err(e) => return Err(ImportError::text(format!("reading the PGN: {e}"))),
        }
    }
    // A text of stray tokens gives games without tags or moves: not a PGN.
    games.retain(|g| !(g.tags.is_empty() && g.moves.is_empty()));
    if games.is_empty() {
        return Err(ImportError::text(
            "no game found; a PGN game is tag pairs like [White \"…\"] followed by moves like 1. e4 e5",
        ));
    }
    Ok(games)
}

/// Reads a clock command's value; `None` when absent.
fn command_ms(comment: &str, cmd: &str) -> Result<Option<f64>, String> {
    let key = format!("[%{cmd}");
    let Some(at) = comment.find(&key) else { return Ok(None) };
    let rest = &comment[at + key.len()..];
    let Some(end) = rest.find(']') else {
        return Err(format!("[%{cmd} …] is not closed with `]`"));
    };
    let value = rest[..end].trim();
    parse_clock(value).filter(|ms| ms.is_finite()).map(Some).ok_or_else(|| {
        format!("[%{cmd} {value}] is not a time; allowed: h:mm:ss or h:mm:ss.f (e.g. 0:02:55.3)")
    })
}

/// cutechess's `+0.31/14 1.21s` prefix (or `1.21s` alone): the seconds, in ms.
fn cutechess_seconds(comment: &str) -> Option<f64> {
    let mut words = comment.split_whitespace();
    let first = words.next()?;
    let token = if first.contains('/') { words.next()? } else { first };
    let secs: f64 = token.strip_suffix('s')?.parse().ok()?;
    (secs.is_finite() && secs >= 0.0).then(|| (secs * 1000.0).round())
}

struct Collect {
    number: usize,
}

struct Movetext {
    game: ClockedGame,
    pos: Chess,
    first_ply: u32,
    /// The full comment of each move, joined.
    comments: Vec<String>,
    error: Option<ImportError>,
}

fn game_id(number: usize, tags: &[(String, String)]) -> GameId {
    let get = |k: &str| {
        tags.iter()
            .find(|(n, _)| n == k)
            .map(|(_, v)| v.clone())
            .filter(|v| !v.is_empty())
            .unwrap_or("?".into())
    };
    GameId { number, white: get("White"), black: get("Black"), event: get("Event") }
}

impl Visitor for Collect {
    type Tags = Vec<(String, String)>;
    type Movetext = Movetext;
    type Output = Result<ClockedGame, ImportError>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(Vec::new())
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<Self::Output> {
        tags.push((String::from_utf8_lossy(name).into_owned(), value.decode_utf8_lossy().into_owned()));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        let id = game_id(self.number, &tags);
        let pos = match tags.iter().find(|(k, _)| k == "FEN") {
            Some((_, fen)) => match parse_fen(fen) {
                Ok(p) => p,
                Err(e) => {
                    let e =
                        ImportError { game: Some(Box::new(id)), mv: None, message: format!("FEN tag: {e}") };
                    return ControlFlow::Break(Err(e));
                }
            },
            None => Chess::default(),
        };
        let first_ply = crate::drive::game_ply(&pos, 0);
        let game = ClockedGame { id, tags, moves: Vec::new(), result: "*".into() };
        ControlFlow::Continue(Movetext { game, pos, first_ply, comments: Vec::new(), error: None })
    }

    fn san(&mut self, mt: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        if mt.error.is_some() {
            return ControlFlow::Continue(());
        }
        let ply = mt.first_ply.saturating_add(mt.game.moves.len() as u32);
        match san_plus.san.to_move(&mt.pos) {
            Ok(m) => {
                let white = mt.pos.turn().is_white();
                let san = SanPlus::from_move_and_play_unchecked(&mut mt.pos, m).to_string();
                mt.game.moves.push(ClockedMove { ply, white, san, book: false, clk_ms: None, emt_ms: None });
                mt.comments.push(String::new());
            }
            Err(e) => {
                mt.error = Some(ImportError {
                    game: Some(Box::new(mt.game.id.clone())),
                    mv: Some(move_label(ply, &san_plus.to_string())),
                    message: format!("illegal move in this position: {e}"),
                });
            }
        }
        ControlFlow::Continue(())
    }

    fn comment(&mut self, mt: &mut Self::Movetext, comment: RawComment<'_>) -> ControlFlow<Self::Output> {
        if let Some(last) = mt.comments.last_mut() {
            let text = String::from_utf8_lossy(comment.as_bytes());
            if !last.is_empty() {
                last.push(' ');
            }
            last.push_str(text.trim());
        }
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, mt: &mut Self::Movetext, outcome: Outcome) -> ControlFlow<Self::Output> {
        mt.game.result = match outcome {
            Outcome::Known(KnownOutcome::Decisive { winner }) if winner.is_white() => "1-0",
            Outcome::Known(KnownOutcome::Decisive { .. }) => "0-1",
            Outcome::Known(KnownOutcome::Draw) => "1/2-1/2",
            Outcome::Unknown => "*",
        }
        .into();
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, mt: Self::Movetext) -> Self::Output {
        if let Some(e) = mt.error {
            return Err(e);
        }
        let mut game = mt.game;
        for (m, c) in game.moves.iter_mut().zip(&mt.comments) {
            let label = m.label();
            let at = |message: String| ImportError {
                game: Some(Box::new(game.id.clone())),
                mv: Some(label.clone()),
                message,
            };
            m.clk_ms = command_ms(c, "clk").map_err(at)?;
            m.emt_ms = command_ms(c, "emt").map_err(at)?.or_else(|| cutechess_seconds(c));
            m.book = c.split_whitespace().next() == Some("book") && m.clk_ms.is_none() && m.emt_ms.is_none();
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LICHESS: &str = r#"[Event "Rated Blitz game"]
[White "alice"]
[Black "bob"]
[Result "0-1"]
[TimeControl "180+2"]

1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:03:00] } 2. Nf3 { [%clk 0:02:58.5] } 2... Nc6 { [%eval 0.2] [%clk 0:02:55] } 0-1
"#;

    #[test]
    fn reads_lichess_clocks() {
        let g = &import_pgn(LICHESS).unwrap()[0];
        assert_eq!(g.id.to_string(), "game 1 (alice vs bob, Rated Blitz game)");
        let clk: Vec<_> = g.moves.iter().map(|m| m.clk_ms).collect();
        assert_eq!(clk, vec![Some(180_000.0), Some(180_000.0), Some(178_500.0), Some(175_000.0)]);
        assert!(g.moves.iter().all(|m| m.emt_ms.is_none() && !m.book));
        assert_eq!(g.moves[3].label(), "2... Nc6");
        assert_eq!(g.result, "0-1");
    }

    #[test]
    fn reads_cutechess_and_emt_comments() {
        let pgn = "[Event \"x\"]\n[TimeControl \"40/60\"]\n\n1. e4 {book} e5 {book} 2. Nf3 {+0.31/14 1.21s} \
                   Nc6 {-0.10/12 0.5s [%emt 0:00:00.75]} *\n";
        let g = &import_pgn(pgn).unwrap()[0];
        assert!(g.moves[0].book && g.moves[1].book);
        assert_eq!(g.moves[2].emt_ms, Some(1210.0));
        assert_eq!(g.moves[3].emt_ms, Some(750.0), "[%emt] wins over the prefix");
        assert_eq!(g.id.white, "?");
    }

    #[test]
    fn errors_name_the_game_and_the_move() {
        let bad_clock = LICHESS.replace("0:02:58.5", "0:xx:58");
        let e = import_pgn(&bad_clock).unwrap_err().to_string();
        assert_eq!(
            e,
            "game 1 (alice vs bob, Rated Blitz game), move 2. Nf3: [%clk 0:xx:58] is not a time; \
             allowed: h:mm:ss or h:mm:ss.f (e.g. 0:02:55.3)"
        );
        let two = format!("{LICHESS}\n[Event \"B\"]\n[White \"w\"]\n[Black \"b\"]\n\n1. e4 e5 2. Ke3 *\n");
        let e = import_pgn(&two).unwrap_err().to_string();
        assert!(e.starts_with("game 2 (w vs b, B), move 2. Ke3: illegal move"), "{e}");
        let e = import_pgn("hello").unwrap_err().to_string();
        assert!(e.starts_with("no game found"), "{e}");
        let e = import_pgn("").unwrap_err().to_string();
        assert!(e.starts_with("no game found"), "{e}");
        let e = import_pgn("[White \"a\"]\n[FEN \"nonsense\"]\n\n1. e4 *").unwrap_err().to_string();
        assert!(e.starts_with("game 1 (a vs ?, ?): FEN tag"), "{e}");
    }

    #[test]
    fn the_clock_rule_follows_the_pgn() {
        let start = [(180_000.0, 2000.0); 2];
        let convention = |pgn: &str| import_pgn(pgn).unwrap()[0].convention(start);
        // lichess/chess.com: [%clk] only.
        assert_eq!(convention(LICHESS), Convention::Lichess);
        // cutechess/fastchess: the prefix or [%emt] only.
        let cute = "[TimeControl \"180+2\"]\n\n1. e4 {book} e5 {+0.1/9 1.5s} 2. Nf3 {[%emt 0:00:02]} *\n";
        assert_eq!(convention(cute), Convention::Cutechess);
        // tmlab engine match: [%clk] = 180 + 2 − 1.5 on the first move.
        let engine = "[TimeControl \"180+2\"]\n\n1. e4 {1.5s [%clk 0:03:00.5] [%emt 0:00:01.5]} *\n";
        assert_eq!(convention(engine), Convention::Cutechess);
        // tmlab game with a person: the first move took 5 s and left the clock at 3:00.
        let person = "[TimeControl \"180+2\"]\n\n1. e4 {5s [%clk 0:03:00] [%emt 0:00:05]} *\n";
        assert_eq!(convention(person), Convention::Lichess);
        // Taking exactly the increment reads the same under both: the engines' rule.
        let tie = "[TimeControl \"180+2\"]\n\n1. e4 {2s [%clk 0:03:00] [%emt 0:00:02]} *\n";
        assert_eq!(convention(tie), Convention::Cutechess);
    }

    #[test]
    fn games_from_a_fen_count_plies_from_its_move_number() {
        let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
        let pgn = format!("[FEN \"{fen}\"]\n[SetUp \"1\"]\n\n3. Bb5 {{[%clk 0:01:00]}} a6 *\n");
        let g = &import_pgn(&pgn).unwrap()[0];
        assert_eq!((g.moves[0].ply, g.moves[1].ply), (4, 5));
        assert_eq!(g.moves[1].label(), "3... a6");
    }
}
