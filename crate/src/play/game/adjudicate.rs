//! How a game ends other than by a move's flag: by the rules of chess (mate, stalemate,
//! insufficient material, fifty moves, threefold repetition), by score as fastchess's
//! `-resign`/`-draw`/`-maxmoves` do, and on time (a draw when the opponent cannot mate).

use shakmaty::{Color, Position};

use super::{Game, GameOutcome, Termination, cp, idx, win_for};
use crate::play::pgn::PgnResult;
use crate::stop::Score;

impl Game {
    /// Ends the game by the rules of chess, if they end it.
    pub(super) fn adjudicate_rules(&mut self) {
        let pos = &self.pos;
        let turn = pos.turn();
        let end = |result, reason: &str| GameOutcome {
            result,
            termination: Termination::Normal,
            reason: reason.to_string(),
        };
        let outcome = if pos.legal_moves().is_empty() {
            if pos.is_check() {
                let r = win_for(!turn);
                Some(end(r, if turn.is_white() { "Black mates" } else { "White mates" }))
            } else {
                Some(end(PgnResult::Draw, "Draw by stalemate"))
            }
        } else if pos.is_insufficient_material() {
            Some(end(PgnResult::Draw, "Draw by insufficient mating material"))
        } else if pos.halfmoves() >= 100 {
            Some(end(PgnResult::Draw, "Draw by fifty moves rule"))
        } else if self.repetitions() >= 3 {
            Some(end(PgnResult::Draw, "Draw by 3-fold repetition"))
        } else {
            None
        };
        self.outcome = outcome;
    }

    /// How often the current position occurred (same side to move, castling and en passant
    /// rights), counting only since the last irreversible move.
    pub fn repetitions(&self) -> usize {
        let window = (self.pos.halfmoves() as usize + 1).min(self.keys.len());
        let cur = *self.keys.last().expect("the start position is always there");
        self.keys[self.keys.len() - window..].iter().filter(|&&k| k == cur).count()
    }

    pub(super) fn adjudicate_score(&mut self, c: Color, s: Score) {
        let adj = self.setup.adjudication;
        let i = idx(c);
        let v = cp(s);
        if let Some(r) = adj.resign {
            self.losing[i] = if v <= -r.score_cp { self.losing[i] + 1 } else { 0 };
            self.winning[i] = if v >= r.score_cp { self.winning[i] + 1 } else { 0 };
            let loser = [c, !c].into_iter().find(|&x| {
                self.losing[idx(x)] >= r.move_count && (!r.two_sided || self.winning[idx(!x)] >= r.move_count)
            });
            if let Some(l) = loser {
                let name = if l.is_white() { "White" } else { "Black" };
                self.outcome = Some(GameOutcome {
                    result: win_for(!l),
                    termination: Termination::Adjudication,
                    reason: format!("{name} resigns (score adjudication)"),
                });
                return;
            }
        }
        if let Some(d) = adj.draw {
            self.drawish[i] = if v.abs() <= d.score_cp { self.drawish[i] + 1 } else { 0 };
            if self.pos.fullmoves().get() > d.move_number && self.drawish.iter().all(|&n| n >= d.move_count) {
                self.outcome = Some(GameOutcome {
                    result: PgnResult::Draw,
                    termination: Termination::Adjudication,
                    reason: "Draw by score adjudication".into(),
                });
                return;
            }
        }
        if let Some(n) = adj.max_moves
            && self.ply() >= 2 * n
        {
            self.outcome = Some(GameOutcome {
                result: PgnResult::Draw,
                termination: Termination::Adjudication,
                reason: format!("Draw by move limit ({n} moves)"),
            });
        }
    }

    /// The outcome when `c`'s flag falls: a loss, or a draw when the opponent cannot mate
    /// (FIDE 6.9).
    pub(super) fn time_forfeit(&self, c: Color) -> GameOutcome {
        let name = if c.is_white() { "White" } else { "Black" };
        let draw = self.pos.has_insufficient_material(!c);
        GameOutcome {
            result: if draw { PgnResult::Draw } else { win_for(!c) },
            termination: Termination::TimeForfeit,
            reason: if draw {
                format!("{name} loses on time, but the opponent cannot mate: draw")
            } else {
                format!("{name} loses on time")
            },
        }
    }
}
