//! What the page sends: squares (chessground's, castling as king-to-rook included), promotion
//! pieces, typed moves (SAN or UCI) and time controls (cutechess/fastchess syntax).

use crate::error::FieldError;
use std::collections::BTreeMap;

use shakmaty::san::{San, SanError, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, Position, Role, Square};

use crate::clock::TimeControl;
use crate::play::openings::fen_of;

/// Parse a control for one side (cutechess/fastchess syntax, seconds; `3m+2` for minutes, as
/// everywhere), with the side's name in the error.
pub fn parse_tc(side: &str, s: &str) -> Result<TimeControl, FieldError> {
    s.trim().parse::<TimeControl>().map_err(|e| e.at("tc").context(format!("{side}'s time control")))
}

/// A move typed by the person: SAN (`e4`, `Nf3`, `exd5`, `O-O`, `e8=Q`, with or without `+`/`#`,
/// `!`/`?`) or UCI (`e2e4`, `e7e8q`). The error names the text and what was wrong.
pub fn read_move(pos: &Chess, text: &str) -> Result<Move, FieldError> {
    let t = text.trim().trim_end_matches(['!', '?']);
    if t.is_empty() {
        return Err(FieldError::message("type a move, e.g. e4, Nf3, O-O or e2e4"));
    }
    let shown = crate::excerpt::excerpt(t);
    if let Ok(u) = t.parse::<UciMove>()
        && matches!(u, UciMove::Normal { .. })
    {
        return u.to_move(pos).map_err(|_| {
            let promo = pos.legal_moves().iter().any(|m| {
                m.is_promotion() && UciMove::from_move(*m, CastlingMode::Standard).to_string()[..4] == t[..4]
            });
            if promo && t.len() == 4 {
                FieldError::message(format!("`{shown}` is a promotion: add the piece, e.g. {t}q"))
            } else {
                FieldError::message(format!("`{shown}` is not a legal move here"))
            }
        });
    }
    let san: SanPlus = t.parse().map_err(|_| {
        FieldError::message(format!(
            "`{shown}` is not a move: type SAN (e4, Nf3, exd5, O-O, e8=Q) or UCI (e2e4, e7e8q)"
        ))
    })?;
    san.san.to_move(pos).map_err(|e| match e {
        SanError::AmbiguousSan => FieldError::message(format!(
            "`{shown}` is ambiguous here: add the file or rank it comes from (e.g. Nbd2)"
        )),
        SanError::IllegalSan => {
            if let San::Normal { promotion: None, to, .. } = san.san
                && pos.legal_moves().iter().any(|m| m.is_promotion() && m.to() == to)
            {
                FieldError::message(format!("`{shown}` is a promotion: add the piece, e.g. {}=Q", to))
            } else {
                FieldError::message(format!("`{shown}` is not a legal move here"))
            }
        }
    })
}

/// The legal move from `orig` to `dest` (chessground squares: castling may be given as the king
/// to its target square or onto its rook) with `promotion` (`q`, `r`, `b`, `n`).
pub fn find_move(pos: &Chess, orig: &str, dest: &str, promotion: Option<&str>) -> Result<Move, FieldError> {
    let o: Square =
        orig.parse().map_err(|_| FieldError::new("orig", format!("{orig:?} is not a square"), "a1 … h8"))?;
    let d: Square =
        dest.parse().map_err(|_| FieldError::new("dest", format!("{dest:?} is not a square"), "a1 … h8"))?;
    let promo = match promotion.map(|p| p.trim().to_ascii_lowercase()) {
        None => None,
        Some(p) if p.is_empty() => None,
        Some(p) => Some(match p.as_str() {
            "q" | "queen" => Role::Queen,
            "r" | "rook" => Role::Rook,
            "b" | "bishop" => Role::Bishop,
            "n" | "knight" => Role::Knight,
            other => {
                return Err(FieldError::new(
                    "promotion",
                    format!("promotion {other:?} is not a piece"),
                    "q, r, b, n",
                ));
            }
        }),
    };
    let candidates: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| {
            m.from() == Some(o)
                && (m.to() == d || UciMove::from_move(*m, CastlingMode::Standard).to() == Some(d))
        })
        .collect();
    if candidates.is_empty() {
        return Err(FieldError::message(format!("{orig}{dest} is not a legal move in {}", fen_of(pos))));
    }
    if candidates.iter().any(|m| m.is_promotion()) {
        let Some(role) = promo else {
            return Err(FieldError::new(
                "promotion",
                format!("{orig}{dest} is a promotion: choose the piece"),
                "q, r, b, n",
            ));
        };
        return candidates
            .into_iter()
            .find(|m| m.promotion() == Some(role))
            .ok_or_else(|| FieldError::message(format!("{orig}{dest}: no such promotion")));
    }
    Ok(candidates[0])
}

/// Legal destinations per square (chessground's `movable.dests`): castling appears both as the
/// king's target square and as the rook's square.
pub fn dests(pos: &Chess) -> BTreeMap<String, Vec<String>> {
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for m in pos.legal_moves() {
        let Some(from) = m.from() else { continue };
        let entry = out.entry(from.to_string()).or_default();
        let mut add = |sq: Square| {
            let s = sq.to_string();
            if !entry.contains(&s) {
                entry.push(s);
            }
        };
        if let Some(to) = UciMove::from_move(m, CastlingMode::Standard).to() {
            add(to);
        }
        add(m.to());
    }
    out
}
