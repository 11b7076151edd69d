//! Where a search starts: parsing a FEN ([`parse_fen`]) and the root position with the keys of
//! the game's earlier positions ([`RootPosition`]).

use shakmaty::{CastlingMode, Chess, EnPassantMode, Move, Position, fen::Fen, uci::UciMove};

use super::zobrist_key;
use crate::error::FieldError;
pub(crate) use crate::excerpt::excerpt;

/// What a FEN must be, for errors.
pub const FEN_ALLOWED: &str = "a legal standard chess position in FEN: placement, side to move, castling, en passant, halfmove, fullmove";

/// Parses a FEN into a standard chess position; the typed error (path `fen`) says what was wrong.
pub fn parse_fen(fen: &str) -> Result<Chess, FieldError> {
    let parsed: Fen = fen
        .trim()
        .parse()
        .map_err(|e| FieldError::new("fen", format!("invalid FEN {:?}: {e}", excerpt(fen)), FEN_ALLOWED))?;
    parsed.into_position(CastlingMode::Standard).map_err(|e| {
        let message = format!("FEN {:?} is not a legal standard chess position: {e}", excerpt(fen));
        FieldError::new("fen", message, FEN_ALLOWED)
    })
}

/// The position to search together with the keys of the game's earlier positions.
///
/// The search scores a position that repeats one of these (or one on its own path) as a draw.
#[derive(Clone, Debug)]
pub struct RootPosition {
    pos: Chess,
    /// Keys of the positions before `pos` in the game, oldest first.
    history: Vec<u64>,
}

impl RootPosition {
    /// A root without history.
    pub fn new(pos: Chess) -> Self {
        RootPosition { pos, history: Vec::new() }
    }

    /// The standard starting position.
    pub fn startpos() -> Self {
        Self::new(Chess::default())
    }

    /// A root from a FEN, without history.
    pub fn from_fen(fen: &str) -> Result<Self, FieldError> {
        parse_fen(fen).map(Self::new)
    }

    /// Plays a legal move, remembering the position before it.
    pub fn play(&mut self, m: Move) -> Result<(), FieldError> {
        if !self.pos.is_legal(m) {
            return Err(FieldError::new(
                "moves",
                format!("illegal move {m} in {}", Fen::from_position(&self.pos, EnPassantMode::Legal)),
                "",
            ));
        }
        self.history.push(zobrist_key(&self.pos));
        self.pos.play_unchecked(m);
        Ok(())
    }

    /// Plays a move in UCI notation (`e2e4`, `e7e8q`, `e1g1`).
    pub fn play_uci(&mut self, uci: &str) -> Result<(), FieldError> {
        let parsed: UciMove = uci.parse().map_err(|_| {
            FieldError::new("moves", format!("invalid UCI move {:?}", excerpt(uci)), "e.g. e2e4 or e7e8q")
        })?;
        let m = parsed.to_move(&self.pos).map_err(|_| {
            let fen = Fen::from_position(&self.pos, EnPassantMode::Legal);
            FieldError::new("moves", format!("illegal move {} in {fen}", excerpt(uci)), "")
        })?;
        self.play(m)
    }

    /// The position to search.
    pub fn position(&self) -> &Chess {
        &self.pos
    }

    /// Keys of the earlier positions of the game, oldest first.
    pub fn history(&self) -> &[u64] {
        &self.history
    }
}
