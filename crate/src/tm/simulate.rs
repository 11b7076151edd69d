//! One side's allocation over a simulated game: the CLI's `tmlab simulate` and the browser's
//! allocation chart call the same function.
//!
//! The model (issue 3):
//! - the clock starts at the base time, with the increment credited before move 1 as in §10
//!   (a 60+0.6 clock shows 60 600 ms at move 1);
//! - each move uses `use × soft`, capped at the hard limit;
//! - the clock loses the time used and gains the increment (or follows the rule of its control:
//!   periods, delays, byoyomi), and the ply advances by 2;
//! - managers that model an MCTS search get plausible statistics during the move: a constant
//!   `nps`, the first batch at once, and a root visit split that keeps the leader; the next move
//!   starts with `reuse ×` the previous move's final nodes as reused nodes.
//!
//! The simulation ignores stop decisions (the usage model decides how long a move lasts), and it
//! stops at the first flag. Hourglass is refused: one side's allocation depends on the
//! opponent's moves there.

use serde::Serialize;

use crate::clock::{Clock, TimeControl, Timing};
use crate::decimal::shortest;
use crate::stop::{Hints, SearchStats, Term};

use super::{MoveContext, MoveEnd, SearchKind, TimeManager};

/// Polls per simulated MCTS move (spread evenly before its end).
const POLLS_PER_MOVE: u32 = 8;
/// Root visit shares of the simulated MCTS tree: a clear leader that is never overtaken.
const ROOT_SHARES: [f64; 4] = [0.6, 0.25, 0.1, 0.05];
/// Playouts per simulated batch.
const BATCH: u64 = 256;
/// Legal moves in the simulated positions.
const LEGAL_MOVES: u32 = 30;

/// The usage model.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SimConfig {
    /// Moves of the side to simulate.
    pub moves: u32,
    /// Share of the soft limit each move uses (capped at the hard limit).
    pub use_frac: f64,
    /// Nodes per second of the simulated MCTS search.
    pub nps: f64,
    /// Share of the previous move's final tree reused at the next move.
    pub reuse: f64,
}

impl Default for SimConfig {
    fn default() -> Self {
        SimConfig { moves: 60, use_frac: 1.0, nps: 20_000.0, reuse: 0.0 }
    }
}

/// One simulated move.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SimRow {
    /// Move number of the side (1-based).
    #[serde(rename = "move")]
    pub move_no: u32,
    /// Half-moves played before it.
    pub ply: u32,
    /// The clock at the start of the move.
    pub clock_before_ms: f64,
    /// What the manager was told (`wtime`).
    pub told_ms: f64,
    /// `winc` told.
    pub inc_ms: f64,
    /// `movestogo` told.
    pub movestogo: Option<u32>,
    /// Reused nodes told (MCTS managers).
    pub reused_nodes: u64,
    /// Soft limit.
    pub soft_ms: f64,
    /// Hard limit.
    pub hard_ms: f64,
    /// Time the move used.
    pub used_ms: f64,
    /// The clock after the move (with any credit).
    pub clock_after_ms: f64,
    /// The move lost on time.
    pub flagged: bool,
    /// The budget's terms.
    pub terms: Vec<Term>,
}

/// A simulated game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Simulation {
    /// The manager's name.
    pub manager: &'static str,
    /// The control, fastchess style.
    pub tc: String,
    /// The usage model.
    pub config: SimConfig,
    /// One row per move, up to and including a flag.
    pub rows: Vec<SimRow>,
    /// Whether the side lost on time.
    pub flagged: bool,
}

/// Why a simulation could not run: the crate's typed error, its path `tc`, `moves`, `use`,
/// `nps` or `reuse`.
pub type SimError = crate::error::FieldError;

/// Simulates one side's game with a fresh game state of `tm` (it calls `new_game`).
pub fn simulate(tm: &mut dyn TimeManager, tc: &TimeControl, cfg: &SimConfig) -> Result<Simulation, SimError> {
    match tc.timing {
        Timing::Infinite | Timing::MoveTime { .. } => {
            let message = format!("simulate needs a game clock, not `{tc}`");
            return Err(SimError::new("tc", message, "a game clock, e.g. 60+0.6, 40/60"));
        }
        Timing::Hourglass { .. } => {
            let message = "simulate models one side; under hourglass its clock depends on the opponent";
            return Err(SimError::new("tc", message, "a game clock, e.g. 60+0.6, 40/60"));
        }
        _ => {}
    }
    if cfg.moves == 0 || cfg.moves > 10_000 {
        return Err(SimError::new("moves", format!("{} is out of range", cfg.moves), "1 … 10000"));
    }
    if !(cfg.use_frac.is_finite() && cfg.use_frac >= 0.0) {
        return Err(SimError::new(
            "use",
            format!("{} is not allowed", shortest(cfg.use_frac)),
            "a number ≥ 0",
        ));
    }
    if !(cfg.nps.is_finite() && cfg.nps > 0.0) {
        return Err(SimError::new("nps", format!("{} is not allowed", shortest(cfg.nps)), "a number > 0"));
    }
    if !(0.0..=1.0).contains(&cfg.reuse) {
        return Err(SimError::new("reuse", format!("{} is not allowed", shortest(cfg.reuse)), "0 … 1"));
    }
    let mcts = tm.search_kind() == SearchKind::Mcts;
    tm.new_game();
    let mut clock = Clock::new(tc);
    let mut rows = Vec::with_capacity(cfg.moves as usize);
    let mut prev_final_nodes = 0u64;
    let mut flagged = false;
    let mut visits = vec![0u64; ROOT_SHARES.len()];
    for i in 0..cfg.moves {
        let view = clock
            .uci_view()
            .ok_or_else(|| SimError::new("tc", format!("`{tc}` has no clock to simulate"), "a game clock"))?;
        let ply = 2 * i;
        let reused = if mcts { (cfg.reuse * prev_final_nodes as f64).round() as u64 } else { 0 };
        let ctx = MoveContext {
            clock_ms: view.time_ms as f64,
            inc_ms: view.inc_ms as f64,
            movestogo: view.movestogo,
            ply,
            reused_nodes: reused,
            ponder: false,
            legal_moves: LEGAL_MOVES,
        };
        let budget = tm.begin_move(&ctx);
        let used = (cfg.use_frac * budget.soft_ms).min(budget.hard_ms).max(0.0);
        let nodes_at = |t: f64| (cfg.nps * t / 1000.0).round() as u64;
        if mcts && used > 0.0 {
            for k in 1..=POLLS_PER_MOVE {
                // Whole milliseconds, as lc0 measures them.
                let t = (used * k as f64 / (POLLS_PER_MOVE + 1) as f64).floor();
                if t <= 0.0 {
                    continue;
                }
                let nodes = nodes_at(t);
                let total = reused + nodes;
                for (v, share) in visits.iter_mut().zip(ROOT_SHARES) {
                    *v = (total as f64 * share).round() as u64;
                }
                let stats = SearchStats {
                    elapsed_ms: t,
                    since_first_batch_ms: t,
                    total_nodes: total,
                    nodes_this_move: nodes,
                    batches: nodes.div_ceil(BATCH),
                    root_visits: &visits,
                    root_moves: LEGAL_MOVES,
                    ..Default::default()
                };
                let mut hints = Hints::reset(total);
                tm.poll(&stats, &mut hints);
            }
        }
        let final_nodes = reused + nodes_at(used);
        tm.end_move(&MoveEnd::new(used, if mcts { final_nodes } else { nodes_at(used) }));
        prev_final_nodes = final_nodes;
        let before = clock.remaining_ms();
        let charge = clock.charge(used);
        rows.push(SimRow {
            move_no: i + 1,
            ply,
            clock_before_ms: before,
            told_ms: ctx.clock_ms,
            inc_ms: ctx.inc_ms,
            movestogo: ctx.movestogo,
            reused_nodes: reused,
            soft_ms: budget.soft_ms,
            hard_ms: budget.hard_ms,
            used_ms: used,
            clock_after_ms: clock.remaining_ms(),
            flagged: charge.flagged,
            terms: budget.terms,
        });
        if charge.flagged {
            flagged = true;
            break;
        }
    }
    Ok(Simulation { manager: tm.name(), tc: tc.to_string(), config: *cfg, rows, flagged })
}

/// The default simulation of a spec string and a time control (the CLI's defaults).
pub fn simulate_spec(spec: &str, tc: &str, cfg: &SimConfig) -> Result<Simulation, SimError> {
    let spec: super::TmSpec = spec.parse().map_err(|e: super::SpecError| SimError::from(e).renamed("tm"))?;
    let mut tm = spec.build();
    let tc: TimeControl = tc.parse().map_err(|e: crate::clock::TcError| e.at("tc"))?;
    simulate(tm.as_mut(), &tc, cfg)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fischer_rows_follow_the_clock_model() {
        let sim = simulate_spec("lc0-legacy", "60+0.6", &SimConfig::default()).unwrap();
        assert_eq!(sim.rows.len(), 60);
        let r0 = &sim.rows[0];
        assert_eq!((r0.move_no, r0.ply, r0.clock_before_ms), (1, 0, 60_600.0));
        let want =
            crate::tm::from_spec("lc0-legacy").unwrap().begin_move(&MoveContext::new(60_600.0, 600.0, 0));
        assert_eq!((r0.soft_ms, r0.hard_ms, r0.used_ms), (want.soft_ms, want.hard_ms, want.hard_ms));
        assert_eq!(r0.used_ms, 4931.0, "(60600 + 600·50.5 − 200)/51.5 × 2.8");
        assert_eq!(r0.clock_after_ms, 60_600.0 - 4931.0 + 600.0);
        for w in sim.rows.windows(2) {
            assert_eq!(w[1].clock_before_ms, w[0].clock_after_ms);
            assert_eq!(w[1].ply, w[0].ply + 2);
        }
        assert!(!sim.flagged);
    }

    #[test]
    fn use_fraction_and_hard_cap() {
        let cfg = SimConfig { use_frac: 0.5, ..SimConfig::default() };
        let sim = simulate_spec("guide", "10+0.1", &cfg).unwrap();
        assert_eq!(sim.rows[0].used_ms, 145.0, "half of soft 290");
        let cfg = SimConfig { use_frac: 100.0, moves: 3, ..SimConfig::default() };
        let sim = simulate_spec("guide", "10+0.1", &cfg).unwrap();
        assert_eq!(sim.rows[0].used_ms, 1740.0, "capped at hard");
    }

    #[test]
    fn periods_reset_movestogo() {
        let sim =
            simulate_spec("stockfish", "40/60", &SimConfig { moves: 45, ..SimConfig::default() }).unwrap();
        assert_eq!(sim.rows[0].movestogo, Some(40));
        assert_eq!(sim.rows[39].movestogo, Some(1));
        assert_eq!(sim.rows[40].movestogo, Some(40));
        assert!(sim.rows[40].clock_before_ms > 60_000.0);
    }

    #[test]
    fn smooth_state_evolves_with_reuse() {
        let cfg = SimConfig { reuse: 0.5, nps: 50_000.0, ..SimConfig::default() };
        let sim = simulate_spec("lc0-smooth(preset=lc0)", "60+0.6", &cfg).unwrap();
        assert_eq!(sim.rows[0].reused_nodes, 0);
        assert!(sim.rows[1].reused_nodes > 0);
        let nps = |r: &SimRow| r.terms.iter().find(|t| t.name == "nps").unwrap().value;
        assert_eq!(nps(&sim.rows[0]), 20_000.0);
        let found: Vec<f64> = sim.rows.iter().take(8).map(nps).collect();
        assert!(
            (nps(&sim.rows[5]) - 50_000.0).abs() < 1.0,
            "the estimate found the simulated nps: {found:?}"
        );
        let r = |row: &SimRow| row.terms.iter().find(|t| t.name == "r").unwrap().value;
        assert!(r(&sim.rows[10]) < 0.52, "reuse 0.5 < initial 0.52 pulls r down");
    }

    #[test]
    fn refuses_what_it_cannot_model() {
        assert!(
            simulate_spec("mediocre", "st=1", &SimConfig::default())
                .unwrap_err()
                .to_string()
                .contains("game clock")
        );
        assert!(
            simulate_spec("mediocre", "hg60", &SimConfig::default())
                .unwrap_err()
                .to_string()
                .contains("hourglass")
        );
        let bad = SimConfig { reuse: 2.0, ..SimConfig::default() };
        assert!(simulate_spec("mediocre", "60", &bad).unwrap_err().to_string().contains("reuse"));
        assert!(
            simulate_spec("nope", "60", &SimConfig::default())
                .unwrap_err()
                .to_string()
                .contains("unknown time manager")
        );
    }
}
