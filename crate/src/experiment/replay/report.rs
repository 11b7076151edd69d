//! What a replay reports ([`super::replay_pgn`]): per game and side the timed moves with each
//! manager's limits, each manager's verdict, and the game as the per-game time chart reads it.

use serde::Serialize;
use serde_json::{Value, json};

use crate::clock::Convention;
use crate::play::pgn_import::{EngineTrace, GameId};

/// A manager's limits for one move.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Limits {
    /// Soft budget, ms (capped at the clock).
    pub soft_ms: f64,
    /// Hard limit, ms (capped at the clock).
    pub hard_ms: f64,
}

/// One timed move of a side.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ReplayMove {
    /// Half-moves before it.
    pub ply: u32,
    /// `14. Nf3` / `14... Nf6`.
    pub label: String,
    /// SAN.
    pub san: String,
    /// Time the player used, ms.
    pub used_ms: f64,
    /// The mover's clock before the move (increment credited), ms.
    pub clock_before_ms: f64,
    /// The mover's clock after the move, ms.
    pub clock_after_ms: f64,
    /// The opponent's clock after this move, ms.
    pub opponent_clock_ms: f64,
    /// Each manager's limits, in the order of [`Replay::managers`].
    pub budgets: Vec<Limits>,
    /// What the engine itself reported for the move (its comment), if anything.
    pub engine: Option<EngineTrace>,
    /// Its score and depth as one text ([`EngineTrace::eval_text`]: `+0.68/12`), if it has them.
    pub eval_text: Option<String>,
    /// The engine's own soft and hard limits, when its comment carried both (capped at the
    /// clock, as the managers' are).
    pub own: Option<Limits>,
}

/// The engine's own limits on one side, from its comments, judged as a manager's are.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OwnLimits {
    /// Moves whose comment carried both limits.
    pub moves: u32,
    /// Moves where the engine used more than its own hard limit (`14... Nf6`).
    pub over_hard: Vec<String>,
    /// Number of moves where it used more than its own soft limit.
    pub over_soft: u32,
}

/// One manager's verdict on one side.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ManagerSummary {
    /// The manager's spec.
    pub spec: String,
    /// Moves where the player used more than the manager's hard limit (`14... Nf6`).
    pub over_hard: Vec<String>,
    /// Number of moves where the player used more than the soft budget.
    pub over_soft: u32,
    /// Share of the clock the manager spends by its 20th move on this control (simulated).
    pub share_by_20: Option<f64>,
    /// The same by move 40.
    pub share_by_40: Option<f64>,
}

/// One side of a replayed game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SideReplay {
    /// `white` or `black`.
    pub color: &'static str,
    /// The player's name.
    pub player: String,
    /// The side's control as PGN writes it.
    pub time_control: String,
    /// The timed moves.
    pub moves: Vec<ReplayMove>,
    /// Share of the clock the player used by their 20th timed move (if they made 20).
    pub share_by_20: Option<f64>,
    /// The same by move 40.
    pub share_by_40: Option<f64>,
    /// Clock after the side's last move, ms.
    pub time_left_ms: Option<f64>,
    /// One summary per manager.
    pub managers: Vec<ManagerSummary>,
    /// The engine's own limits, when its comments carry them.
    pub own: Option<OwnLimits>,
}

/// A replayed game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameReplay {
    /// Number and players.
    pub game: GameId,
    /// The result tag.
    pub result: String,
    /// Where the times came from: `clk`, `emt` or `clk+emt`.
    pub source: &'static str,
    /// The clock rule the game's times follow: `lichess` or `cutechess`.
    pub convention: Convention,
    /// The resolution of the recorded times (1, 10, 100 or 1000 ms): a move counts as over a
    /// limit only when it used more than the limit plus this.
    pub resolution_ms: f64,
    /// White and Black.
    pub sides: [SideReplay; 2],
}

/// What the engines' own limits are called beside the managers' specs (the Replay view's chart
/// choice one past the managers, [`GameReplay::chart_record`]).
pub const OWN_LIMITS_LABEL: &str = "the engines\u{2019} own limits (from their comments)";

/// Every game of a PGN, replayed against the same managers.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Replay {
    /// The managers' canonical spec strings.
    pub managers: Vec<String>,
    /// [`OWN_LIMITS_LABEL`], for the page's list of what a game's chart is drawn against.
    pub own_limits_label: &'static str,
    /// The games.
    pub games: Vec<GameReplay>,
}

impl GameReplay {
    /// True when a side's comments carry the engine's own limits.
    pub fn has_own_limits(&self) -> bool {
        self.sides.iter().any(|s| s.own.is_some())
    }

    /// The game as a record the per-game time chart ([`crate::plot::game`]) reads, with manager
    /// `m`'s limits as the budgets, or with the engines' own limits from the comments when `m`
    /// is one past the last manager: `{setup: {white, black}, moves: [...]}`.
    pub fn chart_record(&self, m: usize) -> Value {
        let mut moves: Vec<(u32, Value)> = Vec::new();
        for side in &self.sides {
            for mv in &side.moves {
                let b = mv.budgets.get(m).copied().or(if m == mv.budgets.len() { mv.own } else { None });
                moves.push((
                    mv.ply,
                    json!({
                        "ply": mv.ply,
                        "color": side.color,
                        "san": mv.san,
                        "book": false,
                        "used_ms": mv.used_ms,
                        "clock_after_ms": mv.clock_after_ms,
                        "flagged": false,
                        "engine": b.map(|b| json!({"budget": {"soft_ms": b.soft_ms, "hard_ms": b.hard_ms}})),
                    }),
                ));
            }
        }
        moves.sort_by_key(|(ply, _)| *ply);
        json!({
            "setup": {"white": {"name": self.sides[0].player}, "black": {"name": self.sides[1].player}},
            "moves": moves.into_iter().map(|(_, v)| v).collect::<Vec<_>>(),
            "resolution_ms": self.resolution_ms,
        })
    }
}
