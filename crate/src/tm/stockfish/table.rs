//! The declaration of `stockfish` (spec §9): its parameter rows (keys, labels, sliders,
//! ranges, units, descriptions, in-search and searcher flags, sources), its presets, its glossary
//! terms, and how it builds the manager. One line in the registry (`tm/mod.rs`) makes it known.

use crate::tm::glossary::{Entry, Repo, Source, Unit, e};
use crate::tm::params::flags::{CHECK_EVERY, searcher_only};
use crate::tm::params::tables::{bool_, concat, f64_, int_, move_overhead};
use crate::tm::params::{ManagerConfig, ManagerInfo, Param, Preset};
use crate::tm::stockfish::StockfishConfig;
use crate::tm::{SearchKind, stockfish};

const TIMEMAN: Source = Source::Upstream(Repo::Stockfish, "src/timeman.cpp");
const SEARCH: Source = Source::Upstream(Repo::Stockfish, "src/search.cpp");
const THREAD: Source = Source::Upstream(Repo::Stockfish, "src/thread.cpp");
const ENGINE: Source = Source::Upstream(Repo::Stockfish, "src/engine.cpp");
/// Why a parameter of Stockfish's soft check does nothing under MCTS.
const SF_SOFT_CHECK: &str = "it acts in Stockfish's soft check after each completed iteration; under MCTS the manager stops at min(optimum, maximum), so this does nothing there";

/// Where the rows come from.
const S: &str = "Stockfish @762dd1da";

impl ManagerConfig for StockfishConfig {
    const NAME: &'static str = "stockfish";
    const SEARCH: SearchKind = SearchKind::AlphaBeta;
    const IN_SEARCH: &'static [&'static str] =
        &["score-unit", "increase-depth-frac", "single-move-cap-ms", "check-calls", "time-reduction-init"];
    const ONLY_FOR: &'static [(&'static str, SearchKind, &'static str)] = &concat::<_, 5>(
        &[("check-calls", SearchKind::AlphaBeta, CHECK_EVERY)],
        &searcher_only(
            ["score-unit", "increase-depth-frac", "single-move-cap-ms", "time-reduction-init"],
            SearchKind::AlphaBeta,
            SF_SOFT_CHECK,
        ),
    );
    const SOURCES: &'static [(&'static str, Source)] = &[
        ("move-overhead", ENGINE),
        ("ponder", ENGINE),
        ("score-unit", Source::Upstream(Repo::Stockfish, "src/types.h")),
        ("increase-depth-frac", SEARCH),
        ("single-move-cap-ms", SEARCH),
        ("check-calls", SEARCH),
        ("time-reduction-init", THREAD),
        ("*", TIMEMAN),
    ];
    #[rustfmt::skip]
    const TERMS: &'static [Entry] = &[
        // Stockfish (spec §9)
        e(Self::NAME, "mtg", "move horizon", Unit::Moves,
            "the moves the time is planned over",
            "movestogo ? min(movestogo, horizon) : horizon; below 1 s: trunc(0.05·clock)", TIMEMAN),
        e(Self::NAME, "timeLeft", "time left", Unit::Ms,
            "the clock plus the increments of the horizon, less overhead per move",
            "max(1, clock + inc·(mtg − 1) − O·(2 + mtg))", TIMEMAN),
        e(Self::NAME, "adj", "time adjust", Unit::Factor,
            "originalTimeAdjust: set from timeLeft at the first move and kept, but recomputed every move while negative (timeLeft ≤ 18 ms)",
            "adj < 0 (−1 at a new game) ? 0.3272·log10(timeLeft) − 0.4141 : adj", TIMEMAN),
        e(Self::NAME, "optScale", "optimum share", Unit::Share,
            "the share of timeLeft the optimum takes",
            "min(0.012112 + (ply + 3.22713)^0.46866·optC, 0.19404·clock/timeLeft)·adj", TIMEMAN),
        e(Self::NAME, "maxScale", "maximum multiple", Unit::Factor,
            "how many optimums the maximum may be",
            "min(6.873, maxC + ply/12.352)", TIMEMAN),
        e(Self::NAME, "optimum", "optimum", Unit::Ms,
            "the planned time: the soft stop before the in-search factors",
            "trunc(max(1, optScale·timeLeft)) (+ ponder bonus)", TIMEMAN),
        e(Self::NAME, "maximum", "maximum", Unit::Ms,
            "the hard stop, and the cap on the soft stop",
            "trunc(max(optimum, min(max-clock-frac·clock − O, maxScale·optimum)))", TIMEMAN),
        e(Self::NAME, "falling_eval", "falling eval", Unit::Factor,
            "more time when the score falls below the last move's average and 4 iterations ago (first move: prevAvg = VALUE_INFINITE)",
            "clamp((11.48 + 2.30·k·(prevAvg − best) + 1.10·k·(iterValue − best))/100, 0.576, 1.728)", SEARCH),
        e(Self::NAME, "reduction", "best-move stability", Unit::Factor,
            "less time while the best move has not changed for many depths",
            "(1.468 + prevTimeRed)/(2.284·timeRed)", SEARCH),
        e(Self::NAME, "instability", "best-move instability", Unit::Factor,
            "more time after recent best-move changes",
            "1.077 + 2.229·changes", SEARCH),
        e(Self::NAME, "nodes_effort", "node effort", Unit::Factor,
            "less time when the best move took most of the nodes",
            "clamp(lerp(effort; 75800→0.969, 104510→0.714), 0.693, 0.838)", SEARCH),
        e(Self::NAME, "prevTimeReduction", "previous time reduction", Unit::Factor,
            "the last search's timeRed, carried into the next move's reduction",
            "time-reduction-init at a new game", THREAD),
        e(Self::NAME, "prevScore", "previous score", Unit::Score,
            "the previous move's final score, filling the 4-iteration ring",
            "final score·score-unit", SEARCH),
        e(Self::NAME, "prevAvg", "previous average score", Unit::Score,
            "the previous move's average score, for falling eval",
            "average score·score-unit", SEARCH),
    ];

    const INFO: ManagerInfo = ManagerInfo {
        label: "Stockfish",
        reference: "Stockfish @762dd1da timeman.cpp, search.cpp, thread.cpp, engine.cpp, types.h",
        description: "optimum/maximum from clock and ply; soft stop scaled by falling eval, stability and node effort",
    };

    const PARAMS: &'static [Param<Self>] = &[
        move_overhead(int_!(Self, u32, move_overhead))
            .log(0.0, 5000.0, 1.0)
            .desc("Move Overhead (engine.cpp)")
            .src(S),
        Param::new("ponder", "Ponder", bool_!(Self, ponder))
            .desc("Ponder option: optimum += optimum·ponder-bonus")
            .src(S),
        Param::new("ponder-bonus", "Ponder bonus", f64_!(Self, ponder_bonus))
            .lin(0.0, 1.0, 0.05)
            .desc("Stockfish uses ⌊optimum/4⌋")
            .src(S),
        Param::new("score-unit", "Score unit", f64_!(Self, score_unit))
            .lin(0.5, 5.0, 0.01)
            .unit("internal/cp")
            .desc("internal units per centipawn fed by the searcher (PawnValue 208 / 100; the centipawns Stockfish prints are ≈ 3.85 units each)")
            .src("project (types.h PawnValue = 208)"),
        Param::new("horizon", "Move horizon", int_!(Self, u32, horizon))
            .lin(10.0, 100.0, 1.0)
            .unit("moves")
            .desc("move horizon mtg")
            .src(S),
        Param::new("max-clock-frac", "Max clock share", f64_!(Self, max_clock_frac))
            .lin(0.3, 0.95, 0.005)
            .desc("maximum ≤ this·clock − O")
            .src(S),
        Param::new("increase-depth-frac", "Increase-depth share", f64_!(Self, increase_depth_frac))
            .lin(0.0, 1.0, 0.05)
            .desc("deepen only while elapsed ≤ this·totalTime")
            .src(S),
        Param::new("single-move-cap-ms", "Single-move cap", int_!(Self, u32, single_move_cap_ms))
            .lin(0.0, 5000.0, 50.0)
            .unit("ms")
            .desc("soft cap with one legal move")
            .src(S),
        Param::new("check-calls", "Check calls", int_!(Self, u32, check_calls))
            .log_factor(1.0, 65536.0, 2.0)
            .unit("calls")
            .desc("hard check every this many search() calls on the main thread")
            .src(S),
        Param::new("time-reduction-init", "Initial time reduction", f64_!(Self, time_reduction_init))
            .lin(0.5, 1.6, 0.01)
            .desc("previousTimeReduction at a new game (thread.cpp)")
            .src(S),
        Param::new("cyclic-fix", "40/x fix", bool_!(Self, cyclic_fix))
            .desc("true: shrink the horizon under 1 s only without movestogo (Stockfish #7117, 2026-09, after the pinned commit: 557 timeouts against 0 in 1 984 games at 40/1 before it); false: the pinned commit, which shrinks it under repeating controls too")
            .src("Stockfish #7117 (fix of timeman.cpp @762dd1da)"),
    ];

    const PRESETS: &'static [Preset<Self>] = &[
        Preset { name: "sf", description: "Stockfish @762dd1da, Ponder off", config: StockfishConfig::SF },
        Preset {
            name: "ponder",
            description: "Ponder on: a quarter more optimum",
            config: StockfishConfig::PONDER,
        },
    ];

    type Manager = stockfish::Stockfish;
    const NEW: fn(Self) -> stockfish::Stockfish = stockfish::Stockfish::new;
}
