//! What the page sends the engine in a person's game: the `position` line and the `go` fields
//! from the clocks, for the engine's own move and for pondering on the person's expected reply.

use crate::tm::SearchKind;
use serde::Serialize;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Position};

use super::{PersonGame, uci_of};
use crate::play::openings::fen_of;

/// What to send the engine for a search.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EngineRequest {
    /// `position startpos moves …`.
    pub position: String,
    /// `go wtime … btime … winc … binc … [movestogo …]` (or `go ponder …`, `go movetime …`).
    pub go: String,
    /// The search's budget for the page's watchdog, ms.
    pub budget_ms: f64,
    /// For a ponder search: the move pondered on (UCI).
    pub ponder_move: Option<String>,
}

impl PersonGame {
    /// `position startpos moves …` for the current position, plus `extra` moves.
    fn position_line(&self, extra: Option<&str>) -> String {
        let start = self.game.start();
        let mut s = if *start == Chess::default() {
            "position startpos".to_string()
        } else {
            format!("position fen {}", fen_of(start))
        };
        let mut moves: Vec<String> = self.game.moves().iter().map(uci_of).collect();
        if let Some(e) = extra {
            moves.push(e.to_string());
        }
        if !moves.is_empty() {
            s.push_str(" moves ");
            s.push_str(&moves.join(" "));
        }
        s
    }

    /// The `go` fields from the clocks: `wtime`/`btime`/`winc`/`binc` for every side with a
    /// clock (never negative), `movestogo` of the engine's side, `movetime`/`nodes`/`depth` of
    /// the engine's control.
    fn go_fields(&self) -> String {
        let clock = self.game.clock();
        let engine = !self.person;
        let w = clock.side(Color::White).uci_view();
        let b = clock.side(Color::Black).uci_view();
        let mut f = Vec::new();
        let etc = clock.side(engine).time_control();
        if let Some(ms) = clock.side(engine).move_time_ms() {
            f.push(format!("movetime {ms}"));
        } else {
            if let Some(v) = w {
                f.push(format!("wtime {}", v.time_ms));
            }
            if let Some(v) = b {
                f.push(format!("btime {}", v.time_ms));
            }
            if let Some(v) = w {
                f.push(format!("winc {}", v.inc_ms));
            }
            if let Some(v) = b {
                f.push(format!("binc {}", v.inc_ms));
            }
            if let Some(mtg) = clock.side(engine).uci_view().and_then(|v| v.movestogo) {
                f.push(format!("movestogo {mtg}"));
            }
        }
        if let Some(n) = etc.nodes {
            f.push(format!("nodes {n}"));
        }
        if let Some(d) = etc.depth {
            f.push(format!("depth {d}"));
        }
        f.join(" ")
    }

    fn engine_budget_ms(&self) -> f64 {
        let c = self.game.clock().side(!self.person);
        let r = c.remaining_ms();
        if r.is_finite() { r } else { 60_000.0 }
    }

    /// The engine's search for its move, or `None` when it is not the engine's move.
    pub fn engine_request(&self) -> Option<EngineRequest> {
        if !self.engine_to_move() {
            return None;
        }
        Some(EngineRequest {
            position: self.position_line(None),
            go: format!("go {}", self.go_fields()).trim_end().to_string(),
            budget_ms: self.engine_budget_ms(),
            ponder_move: None,
        })
    }

    /// A ponder search on the person's expected reply `ponder` (UCI), or `None` when it is not
    /// the person's move, the engine does not ponder (MCTS only), or the reply is illegal or
    /// ends the game.
    pub fn ponder_request(&self, ponder: &str) -> Option<EngineRequest> {
        if !self.person_to_move() || !self.setup.ponder || self.searcher != SearchKind::Mcts {
            return None;
        }
        let m = ponder.parse::<UciMove>().ok()?.to_move(self.game.position()).ok()?;
        let mut after = self.game.position().clone();
        after.play_unchecked(m);
        if after.legal_moves().is_empty() {
            return None;
        }
        let mine = self.game.clock().side(self.person).remaining_ms();
        Some(EngineRequest {
            position: self.position_line(Some(&uci_of(&m))),
            go: format!("go ponder {}", self.go_fields()).trim_end().to_string(),
            budget_ms: self.engine_budget_ms() + if mine.is_finite() { mine } else { 600_000.0 },
            ponder_move: Some(uci_of(&m)),
        })
    }
}
