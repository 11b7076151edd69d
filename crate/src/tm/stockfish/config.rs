//! Stockfish's parameters ([`StockfishConfig`]) and their defaults, Stockfish @762dd1da's values
//! (see the parent module for the files).

/// `Move Overhead` default, ms.
pub const MOVE_OVERHEAD_MS: u32 = 10;
/// Ponder bonus: optimum += optimum/4.
pub const PONDER_BONUS: f64 = 0.25;
/// Internal units per centipawn: `PawnValue` 208 / 100.
pub const SCORE_UNIT: f64 = 2.08;
/// Move horizon `mtg` without movestogo, and the cap on movestogo.
pub const HORIZON: u32 = 50;
/// maximum ≤ this·clock − O.
pub const MAX_CLOCK_FRAC: f64 = 0.8097;
/// Deepen only while elapsed ≤ this·totalTime.
pub const INCREASE_DEPTH_FRAC: f64 = 0.50;
/// Soft cap with a single legal move, ms.
pub const SINGLE_MOVE_CAP_MS: u32 = 500;
/// Hard check every this many `search()` calls.
pub const CHECK_CALLS: u32 = 512;
/// `previousTimeReduction` at a new game.
pub const TIME_REDUCTION_INIT: f64 = 0.85;
/// Stockfish #7117's fix of the 40/x bug is off: the pinned commit shrinks the horizon under 1 s
/// even with movestogo.
pub const CYCLIC_FIX: bool = false;

/// Stockfish's parameters (§9).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StockfishConfig {
    /// `Move Overhead`, ms.
    pub move_overhead: u32,
    /// `Ponder` option: optimum += optimum·ponder-bonus.
    pub ponder: bool,
    /// The ponder bonus share.
    pub ponder_bonus: f64,
    /// Internal units per centipawn fed by the searcher.
    pub score_unit: f64,
    /// Move horizon.
    pub horizon: u32,
    /// maximum ≤ this·clock − O.
    pub max_clock_frac: f64,
    /// Deepen only while elapsed ≤ this·totalTime.
    pub increase_depth_frac: f64,
    /// Soft cap with one legal move, ms.
    pub single_move_cap_ms: u32,
    /// Hard check cadence in `search()` calls.
    pub check_calls: u32,
    /// previousTimeReduction at a new game.
    pub time_reduction_init: f64,
    /// Shrink the horizon under 1 s only without movestogo (Stockfish #7117's fix of the 40/x
    /// bug, after the pinned commit); false is the pinned commit's rule.
    pub cyclic_fix: bool,
}

impl StockfishConfig {
    /// Stockfish @762dd1da with `Ponder` off.
    pub const SF: StockfishConfig = StockfishConfig {
        move_overhead: MOVE_OVERHEAD_MS,
        ponder: false,
        ponder_bonus: PONDER_BONUS,
        score_unit: SCORE_UNIT,
        horizon: HORIZON,
        max_clock_frac: MAX_CLOCK_FRAC,
        increase_depth_frac: INCREASE_DEPTH_FRAC,
        single_move_cap_ms: SINGLE_MOVE_CAP_MS,
        check_calls: CHECK_CALLS,
        time_reduction_init: TIME_REDUCTION_INIT,
        cyclic_fix: CYCLIC_FIX,
    };
    /// The same with `Ponder` on (a quarter more optimum).
    pub const PONDER: StockfishConfig = StockfishConfig { ponder: true, ..Self::SF };
}
