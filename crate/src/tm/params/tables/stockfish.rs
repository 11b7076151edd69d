//! The parameter table of `stockfish` (spec §9): its keys, labels, sliders, ranges, units,
//! descriptions and sources, its presets, and how it builds the manager.

use crate::tm::params::{Access, ManagerConfig, ManagerInfo, Param, Preset};
use crate::tm::stockfish::StockfishConfig;
use crate::tm::{SearchKind, TimeManager, stockfish};

impl ManagerConfig for StockfishConfig {
    const NAME: &'static str = "stockfish";
    const ALIASES: &'static [&'static str] = &[];
    const SEARCH: SearchKind = SearchKind::AlphaBeta;

    fn info() -> ManagerInfo {
        ManagerInfo {
            label: "Stockfish",
            reference: "Stockfish @762dd1da timeman.cpp, search.cpp, thread.cpp, engine.cpp, types.h",
            description: "optimum/maximum from clock and ply; soft stop scaled by falling eval, stability and node effort",
        }
    }

    fn params() -> Vec<Param<Self>> {
        type C = StockfishConfig;
        let s = "Stockfish @762dd1da";
        vec![
            Param::new("move-overhead", "Move overhead", int_!(C, u32, move_overhead))
                .log(0.0, 5000.0, 1.0)
                .unit("ms")
                .desc("Move Overhead (engine.cpp)")
                .src(s),
            Param::new("ponder", "Ponder", bool_!(C, ponder))
                .desc("Ponder option: optimum += optimum·ponder-bonus")
                .src(s),
            Param::new("ponder-bonus", "Ponder bonus", f64_!(C, ponder_bonus))
                .lin(0.0, 1.0, 0.05)
                .desc("Stockfish uses ⌊optimum/4⌋")
                .src(s),
            Param::new("score-unit", "Score unit", f64_!(C, score_unit))
                .lin(0.5, 5.0, 0.01)
                .unit("internal/cp")
                .desc("internal units per centipawn fed by the searcher (PawnValue 208 / 100; the centipawns Stockfish prints are ≈ 3.85 units each)")
                .src("project (types.h PawnValue = 208)"),
            Param::new("horizon", "Move horizon", int_!(C, u32, horizon))
                .lin(10.0, 100.0, 1.0)
                .unit("moves")
                .desc("move horizon mtg")
                .src(s),
            Param::new("max-clock-frac", "Max clock share", f64_!(C, max_clock_frac))
                .lin(0.3, 0.95, 0.005)
                .desc("maximum ≤ this·clock − O")
                .src(s),
            Param::new("increase-depth-frac", "Increase-depth share", f64_!(C, increase_depth_frac))
                .lin(0.0, 1.0, 0.05)
                .desc("deepen only while elapsed ≤ this·totalTime")
                .src(s),
            Param::new("single-move-cap-ms", "Single-move cap", int_!(C, u32, single_move_cap_ms))
                .lin(0.0, 5000.0, 50.0)
                .unit("ms")
                .desc("soft cap with one legal move")
                .src(s),
            Param::new("check-calls", "Check calls", int_!(C, u32, check_calls))
                .log_factor(1.0, 65536.0, 2.0)
                .unit("calls")
                .desc("hard check every this many search() calls on the main thread")
                .src(s),
            Param::new("time-reduction-init", "Initial time reduction", f64_!(C, time_reduction_init))
                .lin(0.5, 1.6, 0.01)
                .desc("previousTimeReduction at a new game (thread.cpp)")
                .src(s),
            Param::new("cyclic-fix", "40/x fix", bool_!(C, cyclic_fix))
                .desc("true: shrink the horizon under 1 s only without movestogo (Stockfish #7117, 2026-09, after the pinned commit: 557 timeouts against 0 in 1 984 games at 40/1 before it); false: the pinned commit, which shrinks it under repeating controls too")
                .src("Stockfish #7117 (fix of timeman.cpp @762dd1da)"),
        ]
    }

    fn presets() -> Vec<Preset<Self>> {
        vec![
            Preset {
                name: "sf",
                description: "Stockfish @762dd1da, Ponder off",
                config: StockfishConfig::SF,
            },
            Preset {
                name: "ponder",
                description: "Ponder on: a quarter more optimum",
                config: StockfishConfig::PONDER,
            },
        ]
    }

    fn build(&self) -> Box<dyn TimeManager> {
        Box::new(stockfish::Stockfish::new(*self))
    }
}
