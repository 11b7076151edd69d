//! Reading PGN text through `pgn-reader`, checking every move: the one visitor behind both
//! [`parse_pgn`] (games with their raw comments) and `play::pgn_import` (games with their
//! clocks read from the comments).

use crate::error::FieldError;
use std::ops::ControlFlow;

use pgn_reader::{KnownOutcome, Outcome, RawComment, RawTag, Reader, SanPlus, Visitor};
use shakmaty::{Chess, Position};

use super::{PgnGame, PgnMove, PgnResult};
use crate::play::openings::parse_fen;

/// Read every game of a PGN text. Moves are checked against the rules (from the `FEN` tag's
/// position if there is one); an illegal or unparsable move is an error naming the game and ply.
pub fn parse_pgn(text: &str) -> Result<Vec<PgnGame>, FieldError> {
    read_games(text)
        .map(|game| {
            game.map(|g| PgnGame {
                tags: g.tags,
                moves: g.moves.into_iter().map(|m| PgnMove { san: m.san, comment: m.comment }).collect(),
                result: g.result,
            })
            .map_err(FieldError::from)
        })
        .collect()
}

/// A game as read: its tags, its moves (legal from its start position) with their comments,
/// and its result.
pub(crate) struct ReadGame {
    /// 1-based position of the game in the text.
    pub number: usize,
    /// Tags in order.
    pub tags: Vec<(String, String)>,
    /// Moves of the main line.
    pub moves: Vec<ReadMove>,
    /// The result.
    pub result: PgnResult,
}

/// One move as read.
pub(crate) struct ReadMove {
    /// Half-moves played before it in the game (from the start position's move number).
    pub ply: u32,
    /// White moved.
    pub white: bool,
    /// SAN with `+`/`#`.
    pub san: String,
    /// The comments after it, each trimmed, joined by a space; `None` when there is none.
    pub comment: Option<String>,
}

/// Why a game could not be read. The game's number and tags come with it so that each reader
/// can name the game its own way.
pub(crate) enum ReadError {
    /// `pgn-reader` could not read the text.
    Text(String),
    /// The `FEN` tag is not a position.
    Fen {
        /// 1-based position of the game in the text.
        number: usize,
        /// The game's tags.
        tags: Vec<(String, String)>,
        /// Why the FEN was refused.
        message: String,
    },
    /// A move is illegal or unparsable in its position (the first such move of the game).
    IllegalMove {
        /// 1-based position of the game in the text.
        number: usize,
        /// The game's tags.
        tags: Vec<(String, String)>,
        /// Its game ply (as [`ReadMove::ply`]).
        ply: u32,
        /// Moves read before it.
        played: usize,
        /// The move as written.
        san: String,
        /// Why it is refused.
        message: String,
    },
}

impl From<ReadError> for FieldError {
    /// The error naming the game and ply; a bad `FEN` tag's path is `FEN`.
    fn from(e: ReadError) -> Self {
        match e {
            ReadError::Text(e) => FieldError::message(format!("reading PGN: {e}")),
            ReadError::Fen { number, message, .. } => {
                FieldError::new("FEN", format!("game {number}: {message}"), "")
            }
            ReadError::IllegalMove { number, played, san, message, .. } => FieldError::message(format!(
                "game {number}: ply {}: illegal move '{san}': {message}",
                played + 1
            )),
        }
    }
}

/// The games of `text`, in order; iteration ends after the first error.
pub(crate) fn read_games(text: &str) -> impl Iterator<Item = Result<ReadGame, ReadError>> + '_ {
    let mut reader = Reader::new(text.as_bytes());
    let mut number = 0;
    let mut failed = false;
    std::iter::from_fn(move || {
        if failed {
            return None;
        }
        number += 1;
        let next = match reader.read_game(&mut Collect { number }) {
            Ok(game) => game?,
            Err(e) => Err(ReadError::Text(e.to_string())),
        };
        failed = next.is_err();
        Some(next)
    })
}

/// The `pgn-reader` visitor that collects a [`ReadGame`] and checks its moves.
struct Collect {
    number: usize,
}

struct Movetext {
    game: ReadGame,
    pos: Chess,
    first_ply: u32,
    error: Option<ReadError>,
}

impl Visitor for Collect {
    type Tags = Vec<(String, String)>;
    type Movetext = Movetext;
    type Output = Result<ReadGame, ReadError>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(Vec::new())
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<Self::Output> {
        tags.push((String::from_utf8_lossy(name).into_owned(), value.decode_utf8_lossy().into_owned()));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        let pos = match tags.iter().find(|(k, _)| k == "FEN") {
            Some((_, fen)) => match parse_fen(fen) {
                Ok(p) => p,
                Err(e) => {
                    let message = e.text();
                    return ControlFlow::Break(Err(ReadError::Fen { number: self.number, tags, message }));
                }
            },
            None => Chess::default(),
        };
        let first_ply = crate::drive::game_ply(&pos, 0);
        let game = ReadGame { number: self.number, tags, moves: Vec::new(), result: PgnResult::Unfinished };
        ControlFlow::Continue(Movetext { game, pos, first_ply, error: None })
    }

    fn san(&mut self, mt: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        if mt.error.is_some() {
            return ControlFlow::Continue(());
        }
        let played = mt.game.moves.len();
        let ply = mt.first_ply.saturating_add(u32::try_from(played).unwrap_or(u32::MAX));
        match san_plus.san.to_move(&mt.pos) {
            Ok(m) => {
                let white = mt.pos.turn().is_white();
                let san = SanPlus::from_move_and_play_unchecked(&mut mt.pos, m).to_string();
                mt.game.moves.push(ReadMove { ply, white, san, comment: None });
            }
            Err(e) => {
                mt.error = Some(ReadError::IllegalMove {
                    number: mt.game.number,
                    tags: mt.game.tags.clone(),
                    ply,
                    played,
                    san: san_plus.to_string(),
                    message: e.to_string(),
                });
            }
        }
        ControlFlow::Continue(())
    }

    fn comment(&mut self, mt: &mut Self::Movetext, comment: RawComment<'_>) -> ControlFlow<Self::Output> {
        if let Some(last) = mt.game.moves.last_mut() {
            let text = String::from_utf8_lossy(comment.as_bytes());
            let joined = last.comment.get_or_insert_with(String::new);
            if !joined.is_empty() {
                joined.push(' ');
            }
            joined.push_str(text.trim());
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
