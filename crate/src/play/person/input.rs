//! What the page sends: squares (chessground's, castling as king-to-rook included), promotion
//! pieces and time controls (lichess's `m+s` or cutechess syntax).

use std::collections::BTreeMap;

use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, Position, Role, Square};

use crate::clock::TimeControl;
use crate::play::openings::fen_of;

/// Minutes as the `m` of `m+s` writes them: a decimal number or `¼`, `½`, `¾`, `1½`.
fn lobby_minutes(m: &str) -> Option<f64> {
    let v = match m {
        "¼" => 0.25,
        "½" => 0.5,
        "¾" => 0.75,
        "1½" => 1.5,
        _ if !m.is_empty() && m.chars().all(|c| c.is_ascii_digit() || c == '.') => m.parse().ok()?,
        _ => return None,
    };
    (v >= 0.0).then_some(v)
}

/// Parse a control for one side, with the side's name in the error.
///
/// A single token `m+s` (`1+0`, `3+2`, `½+0`) is lichess's lobby notation: **minutes** plus an
/// increment in seconds. Anything else is cutechess/fastchess syntax ([`TimeControl`]), where
/// times are seconds: `tc=10+0.1`, `40/60`, `st=1`, `hg60`, `60+d2`, …
pub fn parse_tc(side: &str, s: &str) -> Result<TimeControl, String> {
    let t = s.trim();
    if let Some((m, inc)) = t.split_once('+')
        && !t.contains(char::is_whitespace)
        && let Some(min) = lobby_minutes(m)
        && !inc.is_empty()
        && inc.chars().all(|c| c.is_ascii_digit() || c == '.')
    {
        let secs = min * 60.0;
        return format!("{secs}+{inc}")
            .parse::<TimeControl>()
            .map_err(|e| format!("{side}'s time control: {e}"));
    }
    t.parse::<TimeControl>().map_err(|e| format!("{side}'s time control: {e}"))
}

/// The legal move from `orig` to `dest` (chessground squares: castling may be given as the king
/// to its target square or onto its rook) with `promotion` (`q`, `r`, `b`, `n`).
pub fn find_move(pos: &Chess, orig: &str, dest: &str, promotion: Option<&str>) -> Result<Move, String> {
    let o: Square = orig.parse().map_err(|_| format!("{orig:?} is not a square (a1 … h8)"))?;
    let d: Square = dest.parse().map_err(|_| format!("{dest:?} is not a square (a1 … h8)"))?;
    let promo = match promotion.map(|p| p.trim().to_ascii_lowercase()) {
        None => None,
        Some(p) if p.is_empty() => None,
        Some(p) => Some(match p.as_str() {
            "q" | "queen" => Role::Queen,
            "r" | "rook" => Role::Rook,
            "b" | "bishop" => Role::Bishop,
            "n" | "knight" => Role::Knight,
            other => return Err(format!("promotion {other:?}: expected q, r, b or n")),
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
        return Err(format!("{orig}{dest} is not a legal move in {}", fen_of(pos)));
    }
    if candidates.iter().any(|m| m.is_promotion()) {
        let Some(role) = promo else {
            return Err(format!("{orig}{dest} is a promotion: choose q, r, b or n"));
        };
        return candidates
            .into_iter()
            .find(|m| m.promotion() == Some(role))
            .ok_or_else(|| format!("{orig}{dest}: no such promotion"));
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
