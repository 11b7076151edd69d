//! `position`: the start position and the moves played from it.

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position};

use super::UciSession;
use super::go;
use crate::drive::fen_of;

impl UciSession {
    pub(super) fn position(&mut self, rest: &str) -> Result<(), String> {
        let (head, moves) = match rest.find("moves") {
            Some(i) => (rest[..i].trim(), rest[i + 5..].trim()),
            None => (rest, ""),
        };
        let start = if head == "startpos" {
            Chess::default()
        } else if let Some(fen) = head.strip_prefix("fen") {
            let fen: Fen = fen
                .trim()
                .parse()
                .map_err(|e| format!("position: malformed FEN {:?}: {e}", go::excerpt(fen.trim())))?;
            fen.into_position(CastlingMode::Standard)
                .map_err(|e| format!("position: illegal FEN position: {e}"))?
        } else {
            return Err(format!("position: expected `startpos` or `fen <FEN>`, got {:?}", go::excerpt(head)));
        };
        let mut pos = start.clone();
        let mut list = Vec::new();
        for (i, u) in moves.split_whitespace().enumerate() {
            let m = u.parse::<UciMove>().ok().and_then(|um| um.to_move(&pos).ok()).ok_or_else(|| {
                format!("position: move {} ({}) is not legal in {}", i + 1, go::excerpt(u), fen_of(&pos))
            })?;
            pos.play_unchecked(m);
            list.push(m);
        }
        self.start = start;
        self.moves = list;
        Ok(())
    }

    pub(super) fn current(&self) -> Chess {
        let mut pos = self.start.clone();
        for &m in &self.moves {
            pos.play_unchecked(m);
        }
        pos
    }
}
